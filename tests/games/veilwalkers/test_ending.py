"""Thread and the end of a match (sections 1 and 12): Unraveling, draws, the Round cap."""

from sim.games.veilwalkers.scenario import VeilwalkersScenario
from tests.games.veilwalkers.helpers import end_turn, shape


def test_a_company_at_zero_thread_loses_immediately():
    """"Unraveling: reduce the opposing Company to zero Thread. This wins immediately, regardless of
    network progress." "A Company at zero loses immediately.\""""
    sc = shape()
    sc.set(1, "P_THREAD", 3)
    sc.place(1, "veilwalker", (2, 1))
    slot = sc.put_figure(0, "thorn_sentinel", (2, 1))
    sc.apply(sc.action("strike", attacker=slot))
    state = sc.state()
    assert state["done"] and state["winner"] == 0 and state["end_reason"] == "unraveling"
    assert sc.player(1)["thread"] == 0 and sc.legal() == []


def test_the_round_cap_ends_the_match_as_a_draw_of_its_own_reason():
    """Not in the rulebook: a match still going after round_cap Rounds (40) ends as a draw recorded as
    end reason round_cap, since a match can stall once Bloom is out of reach."""
    sc = shape()
    while not sc.state()["done"]:
        end_turn(sc)
    state = sc.state()
    assert state["winner"] == -1 and state["end_reason"] == "round_cap" and state["round"] == 40
    assert state["turns"] == 80


def test_the_result_row_carries_thread_and_network_progress():
    """Recorded per seat: Thread left (the score), Remembrances carried, network credits."""
    sc = VeilwalkersScenario.new("lamplight vs roadfolk", seed=9)
    sc.skip_setup()
    sc.carry(1, 2)
    result = sc.result()
    assert result.score[0].tolist() == [20, 20] and result.extra["remembrances"][0].tolist() == [0, 1]
