"""The Netherway, its openers (Nyxara, Wispweaver, Unseal, Stolen Horizon), Passage Unseen and Vanta's
Riftfire Ambush: scenario tests, each quoting the passage it checks."""

from __future__ import annotations

from sim.games.waybound import layout as L
from tests.games.waybound.helpers import (
    GO,
    LC,
    NW,
    WB,
    fresh,
)


def test_nyxara_opens_netherway_once_per_turn():
    """Rulebook: 'Nyxara can open it once per turn for 1 Charge (Gate Sovereign: 1; Ascended: 0) ...
    Opening never extends an existing realm.'"""
    sc = fresh("veilborn/nyxara", charge=(1, 0))
    sc.apply(sc.nyxara_open())
    assert sc.netherway_open and sc.player(0)["charge"] == 0
    assert not sc.is_legal(sc.nyxara_open())
    sc2 = fresh("veilborn/nyxara", charge=(0, 0))
    sc2.set_companion(0, path=0, ascended=True)
    sc2.apply(sc2.nyxara_open())  # Threshold Empress: 0
    pre = fresh("veilborn/nyxara", edition="pre-0.36", charge=(1, 0))
    assert not pre.is_legal(pre.nyxara_open())  # base Unseal 2 before 0.36
    pre.set_companion(0, path=0)  # 'Gate Sovereign remains 1'
    pre.apply(pre.nyxara_open())


def test_wispweaver_unseal_and_stolen_horizon_open_netherway():
    """Rulebook: 'Wispweaver opens it on entry; Unseal the Netherway and Stolen Horizon can also open it.'"""
    for card in ("wispweaver", "unseal_the_netherway", "stolen_horizon"):
        sc = fresh("veilborn/morrow")
        sc.set_cards(0, hand=[card], deck=["vesperant"])
        sc.apply(sc.play(card, WB if card == "wispweaver" else 0))
        assert sc.netherway_open, card


def test_netherway_single_connection_move_explore_and_exit():
    """Rulebook: 'connected only to Lantern Crossing ... Normal movement uses its single connection, costs 1
    and exhausts ... Exploring scores normal Renown and Companion journey, then requires an immediate
    chosen exit to a NORMAL lane, exhausted. ... Each character can Explore the realm only once during its
    owner's turn, even if later readied.'"""
    sc = fresh("veilborn/nyxara", edition="0.36-no-opening")
    sc.apply(sc.nyxara_open())
    wb_unit = sc.add_ally(0, "gloam_seer", WB)
    assert not sc.is_legal(sc.move(wb_unit, NW))
    seer = sc.add_ally(0, "gloam_seer", LC)
    sc.apply(sc.move(seer, NW))
    assert sc.unit(0, seer)["route"] == NW and not sc.unit(0, seer)["ready"]
    sc.set_unit(0, seer, ready=1)
    sc.apply(sc.explore(seer))
    assert sc.phase == L.PH_NETHER_EXIT and sc.renown(0) == 1
    sc.apply(sc.choose(GO))
    assert sc.unit(0, seer)["route"] == GO and not sc.unit(0, seer)["ready"]
    sc.set_unit(0, seer, route=NW, ready=1)
    assert not sc.is_legal(sc.explore(seer))


def test_netherway_between_worlds_stays_ready_and_blocking():
    """Rulebook: 'Morrow's paid Between Worlds uses its normal move and stays ready ... Ready opposing
    characters in the realm block Explore.'"""
    sc = fresh("veilborn/morrow", edition="0.36-no-opening")
    sc.set_cards(0, hand=["unseal_the_netherway"])
    sc.apply(sc.play("unseal_the_netherway", 0))
    sc.apply(sc.move(0, NW))
    assert sc.unit(0, 0)["ready"] and sc.player(0)["charge"] == 4
    blocker = sc.add_ally(1, "tusk_scout", NW)
    assert not sc.is_legal(sc.explore(0))
    sc.set_unit(1, blocker, ready=0)
    sc.apply(sc.explore(0))
    assert sc.player(0)["marks"] == 1


def test_netherway_closes_before_creators_ready_step():
    """Rulebook: 'It closes before the creator's next ready step: all occupants return to Lantern Crossing
    without readying; then the active player's normal ready step occurs. Mandatory closure ... override
    Rooted.'"""
    sc = fresh("veilborn/nyxara", "ironmaw/skara")
    sc.apply(sc.nyxara_open())
    mine = sc.add_ally(0, "gloam_seer", NW, ready=False)
    sc.apply(sc.end_turn())
    theirs = sc.add_ally(1, "rampart_brute", NW)
    sc.set_unit(1, theirs, ready=0)
    assert sc.netherway_open
    sc.apply(sc.end_turn())
    assert not sc.netherway_open
    assert sc.unit(0, mine)["route"] == LC and sc.unit(0, mine)["ready"]  # then the creator's ready step
    assert sc.unit(1, theirs)["route"] == LC and not sc.unit(1, theirs)["ready"]


def test_passage_unseen_requires_open_realm_no_ready_no_rooted():
    """Rulebook, Veilborn: 'Passage requires an open realm, does not ready exhausted characters and cannot
    move Rooted characters.'"""
    sc = fresh("veilborn/nyxara")
    sc.set_cards(0, hand=["passage_unseen"])
    assert sc.legal().count(sc.play("passage_unseen", L.NO_TARGET)) == 1  # nothing to do while closed
    sc.apply(sc.nyxara_open())
    sc.set_unit(0, 0, ready=0, route=WB)
    sc.apply(sc.play("passage_unseen", 0))
    assert sc.unit(0, 0)["route"] == NW and not sc.unit(0, 0)["ready"]


def test_vanta_riftfire_ambush_after_netherway_exit():
    """Rulebook, VANTA: 'after exploring the Netherway and emerging exhausted, optionally deal 2 direct
    damage to one opposing Ally at the exit Route. Companions cannot be targeted.'"""
    sc = fresh("veilborn/nyxara", edition="0.36-no-opening")
    sc.apply(sc.nyxara_open())
    vanta = sc.add_ally(0, "vanta", NW)
    sc.set_unit(1, 0, route=WB)
    target = sc.add_ally(1, "bonegnaw", GO, ready=False)
    sc.apply(sc.explore(vanta))
    sc.apply(sc.choose(GO))
    assert sc.phase == L.PH_RIFTFIRE
    assert sc.legal() == [sc.choose(0), sc.choose(target + 1)]
    sc.apply(sc.choose(target + 1))
    assert sc.unit(1, target)["damage"] == 2
