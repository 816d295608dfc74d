"""Remembrances (section 1: claiming, dislodging) and the Convergence victory."""

from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape

RING_II_S2 = (2, 2)  # a Remembrance (assumed Site of one of Ring II's opposite pair)
STRUCK = (2, 1)  # no Remembrance lies here


def test_a_ready_veilwalker_claims_one_unclaimed_remembrance_at_a_controlled_site_for_an_action():
    """"Your Ready Veilwalker must occupy a physical Site your Company controls. Spend one Action to
    take one unclaimed Remembrance there ... Other roles and Figures cannot carry them.\""""
    sc = shape()
    sc.place(0, "wayfinder", RING_II_S2)
    assert "claim" not in kinds(sc), "only the Veilwalker claims"
    sc.place(0, "veilwalker", RING_II_S2)
    sc.set(0, "P_VB_READY", 0)
    assert "claim" not in kinds(sc), "it must be Ready"
    sc.set(0, "P_VB_READY", 1)
    sc.place(1, "veilwalker", RING_II_S2)
    sc.place(1, "wayfinder", RING_II_S2)
    assert "claim" not in kinds(sc), "a tie gives no control"
    sc.place(1, "wayfinder", (1, 0))
    sc.apply(sc.action("claim", token=0))
    assert sc.player(0)["remembrances"] == 1 and sc.state()["tokens"][0] == (-1, 0)
    assert sc.state()["actions"] == 2


def _strike(sc, power_card: str) -> None:
    """Seat 0's Figure strikes seat 1's Veilwalker, which carries Remembrance 4, at Ring II S1."""
    sc.place(1, "veilwalker", STRUCK)
    sc.carry(1, 4)
    slot = sc.put_figure(0, power_card, STRUCK)
    sc.apply(sc.action("strike", attacker=slot))


def test_a_single_strike_of_five_dislodges_a_remembrance_and_the_striker_may_take_it_without_control():
    """"A single unintercepted Thread Strike causing at least five actual Thread loss dislodges one
    carried Remembrance at the struck Site ... An opposing Veilwalker there may claim this Dislodged
    token for one Action without Site control. Its former Company cannot reclaim it during its next
    turn; afterward normal claiming resumes.\""""
    sc = shape()
    sc.place(0, "veilwalker", STRUCK)
    _strike(sc, "seether")  # Power 4: not enough
    assert sc.player(1)["remembrances"] == 1 and sc.player(1)["thread"] == 16
    # a Power-5 striker: Root Leviathan is in seat 1's deck only, so seat 1 strikes seat 0 instead
    s2 = shape()
    end_turn(s2)  # seat 1's turn
    s2.place(0, "veilwalker", STRUCK)
    s2.carry(0, 4)
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        s2.place(1, piece, STRUCK)
    slot = s2.put_figure(1, "root_leviathan", STRUCK)
    s2.put_figure(0, "thorn_sentinel", STRUCK)  # seat 0 controls nothing here ... and may intercept
    s2.apply(s2.action("strike", attacker=slot))
    assert s2.state()["pending"] == "intercept" and s2.state()["decider"] == 0
    s2.apply(s2.action("no_intercept"))
    assert s2.player(0)["thread"] == 15 and s2.player(0)["remembrances"] == 0
    assert s2.state()["tokens"][4] == (at(STRUCK), -1)
    s2.apply(s2.action("claim", token=4))  # seat 1 (Presence 3 + 5 vs 1 + 3: it also controls)
    assert s2.player(1)["remembrances"] == 1


def test_the_dislodged_companys_next_turn_is_closed_to_reclaiming_and_the_opponent_needs_no_control():
    """"An opposing Veilwalker there may claim this Dislodged token for one Action without Site control.
    Its former Company cannot reclaim it during its next turn.\""""
    sc = shape()
    end_turn(sc)
    sc.place(0, "veilwalker", STRUCK)
    sc.carry(0, 4)
    sc.place(1, "veilwalker", STRUCK)
    slot = sc.put_figure(1, "root_leviathan", STRUCK)
    sc.apply(sc.action("strike", attacker=slot))
    sc.put_figure(0, "nessa", STRUCK)  # seat 0 now out-presences seat 1 ... 
    sc.put_figure(0, "maereth", STRUCK)
    assert "claim" in kinds(sc), "seat 1 may claim without control"
    end_turn(sc)
    assert "claim" not in kinds(sc), "seat 0 controls the Site but may not reclaim during its next turn"
    end_turn(sc)
    end_turn(sc)
    assert "claim" in kinds(sc), "afterward normal claiming resumes"


def test_several_smaller_hits_do_not_combine():
    """"Several smaller hits do not combine.\""""
    sc = shape()
    end_turn(sc)
    sc.place(0, "veilwalker", STRUCK)
    sc.carry(0, 4)
    for card in ("crowned_tempest", "erethia"):
        slot = sc.put_figure(1, card, STRUCK)
        sc.apply(sc.action("strike", attacker=slot))
    assert sc.player(0)["thread"] == 12 and sc.player(0)["remembrances"] == 1


def test_convergence_wins_at_remember_in_bloom_with_three_and_complete_history():
    """Convergence: "activate each of your three network Sites at least once, enter First Bloom with
    your Veilwalker, and begin your next Remember controlling Bloom with at least three carried
    Remembrances." "check Convergence first.\""""
    sc = shape()
    sc.credit_nodes(0, active=False)
    for t in range(3):
        sc.carry(0, t)
    sc.place(0, "veilwalker", "bloom")
    end_turn(sc)
    sc.place(1, "veilwalker", "bloom")  # a tie in Bloom at seat 0's Remember: no control, no win
    end_turn(sc)
    assert not sc.state()["done"]
    sc.place(1, "veilwalker", (6, 4))
    end_turn(sc)
    end_turn(sc)
    assert sc.state()["done"] and sc.state()["winner"] == 0 and sc.state()["end_reason"] == "convergence"


def test_a_strike_of_five_in_first_bloom_dislodges_a_remembrance_there():
    """"A single unintercepted Thread Strike causing at least five actual Thread loss dislodges one
    carried Remembrance at the struck Site": no exception for First Bloom, which is a Site ("the fixed
    First Bloom is a separate 37th space"), so the token lies in Bloom and the striker's Veilwalker there
    may claim it without control."""
    sc = shape()
    end_turn(sc)  # seat 1's turn: Root Leviathan (Power 5) is in seat 1's deck
    sc.place(0, "veilwalker", "bloom")
    sc.carry(0, 4)
    sc.place(1, "veilwalker", "bloom")
    slot = sc.put_figure(1, "root_leviathan", "bloom")
    sc.apply(sc.action("strike", attacker=slot))
    if sc.state()["pending"] == "intercept":
        sc.apply(sc.action("no_intercept"))
    assert sc.player(0)["remembrances"] == 0 and sc.state()["tokens"][4] == (at("bloom"), -1)
    sc.apply(sc.action("claim", token=4))
    assert sc.player(1)["remembrances"] == 1
