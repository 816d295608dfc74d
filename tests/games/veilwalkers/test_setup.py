"""Preparing the table (section 2)."""

from sim.games.veilwalkers.scenario import VeilwalkersScenario
from tests.games.veilwalkers.helpers import DUEL, at


def test_each_player_shuffles_and_draws_five_and_remembrances_are_placed():
    """"Each player registers a legal deck, shuffles and draws five." "Place five Remembrances ...
    as listed": four in opposite pairs on Rings II and III, the fifth at Ring IV S2."""
    sc = VeilwalkersScenario.new(DUEL, seed=4)
    for seat in range(2):
        assert len(sc.player(seat)["hand"]) == 5 and sc.player(seat)["deck"] == 25
        assert sc.player(seat)["thread"] == 20
    sites = sorted(site for site, carrier in sc.state()["tokens"])
    assert sites == sorted([at((2, 2)), at((2, 5)), at((3, 1)), at((3, 4)), at((4, 2))])
    assert sc.state()["pending"] == "mulligan" and sc.state()["decider"] == 0


def test_the_bottom_and_redraw_happens_once_and_keeps_the_hand_size():
    """"Once, place any number of these cards on the bottom, draw the same number, then shuffle. No
    Thread penalty.\""""
    sc = VeilwalkersScenario.new(DUEL, seed=4)
    kept = sc.player(0)["hand"][2:]
    sc.apply(sc.action("mulligan", mask=0b00011))
    hand = sc.player(0)["hand"]
    assert len(hand) == 5 and hand[:3] == kept and sc.player(0)["deck"] == 25
    assert sc.player(0)["thread"] == 20
    assert sc.state()["decider"] == 1 and sc.state()["pending"] == "mulligan"
    sc.apply(sc.action("mulligan", mask=0))
    assert sc.state()["pending"] == "start"


def test_the_coin_flips_winner_picks_a_ring_i_start_and_the_opponent_starts_three_away_and_moves_first():
    """"Flip a coin. The winner chooses any Ring I starting Site. The opponent starts exactly three
    Sites away and takes the first turn. Each Company places all three Veilbound together at its
    Entry Site." The seat order is the flip: seat 1 won it."""
    sc = VeilwalkersScenario.new(DUEL, seed=4)
    sc.apply(sc.action("mulligan", mask=0))
    sc.apply(sc.action("mulligan", mask=0))
    assert sc.state()["decider"] == 1 and len(sc.legal()) == 6
    sc.apply(sc.action("start", site=4))
    assert sc.player(1)["veilbound"] == [at((1, 4))] * 3
    assert sc.player(0)["veilbound"] == [at((1, 1))] * 3
    assert sc.state()["active"] == 0 and sc.state()["decider"] == 0


def test_one_company_is_garden_the_other_wayfarer():
    """"One Company is Garden, the other Wayfarer." The matchup's first deck leads Garden in both
    seat orders."""
    first = VeilwalkersScenario.new(DUEL, seed=4, order=0)
    second = VeilwalkersScenario.new(DUEL, seed=4, order=1)
    assert [first.player(k)["company"] for k in range(2)] == ["garden", "wayfarer"]
    assert [second.player(k)["company"] for k in range(2)] == ["wayfarer", "garden"]


def test_each_companys_start_site_is_recorded():
    """"The winner chooses any Ring I starting Site. The opponent starts exactly three Sites away": the
    lake's start_site (per seat) is the Ring I local Site each Company started on."""
    sc = VeilwalkersScenario.new(DUEL, seed=4)
    sc.apply(sc.action("mulligan", mask=0))
    sc.apply(sc.action("mulligan", mask=0))
    sc.apply(sc.action("start", site=4))
    assert sc.result().extra["start_site"][0].tolist() == [1, 4]
