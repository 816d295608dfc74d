"""The Netherway, its openers (Nyxara, Wispweaver, Unseal, Stolen Horizon), Passage Unseen and Vanta's
Riftfire Ambush: scenario tests, each quoting the passage it checks."""

from __future__ import annotations

from sim.games.waybound import layout as L
from sim.games.waybound import vocab as V
from sim.games.waybound.scenario import WayboundScenario
from tests.games.waybound.helpers import (
    GO,
    LC,
    NW,
    WB,
    fresh,
    pass_turn_pair,
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


def test_riftfire_ambush_never_targets_companions():
    """Rulebook, VANTA: 'optionally deal 2 direct damage to one opposing Ally at the exit Route. Companions
    cannot be targeted.'"""
    sc = fresh("veilborn/nyxara", edition="0.36-no-opening")
    sc.apply(sc.nyxara_open())
    vanta = sc.add_ally(0, "vanta", NW)
    sc.set_unit(1, 0, route=GO, ready=0)
    target = sc.add_ally(1, "bonegnaw", GO, ready=False)
    sc.apply(sc.explore(vanta))
    sc.apply(sc.choose(GO))
    assert sc.legal() == [sc.choose(0), sc.choose(target + 1)]  # the Companion (choice 1) is not offered


def test_riftfire_ambush_keeps_the_ready_defender_restriction():
    """Rulebook, VANTA: 'Normal ready-defender and once-per-turn exploration restrictions still apply.' A
    ready opposing Ally at the exit Route shields the exhausted ones; a lone ready Companion shields them
    too and cannot itself be targeted, so nothing is (RULES.md, Ambiguities)."""
    sc = fresh("veilborn/nyxara", edition="0.36-no-opening")
    sc.apply(sc.nyxara_open())
    vanta = sc.add_ally(0, "vanta", NW)
    sc.set_unit(1, 0, route=WB)
    ready = sc.add_ally(1, "bonegnaw", GO)
    sc.add_ally(1, "tusk_scout", GO, ready=False)
    sc.apply(sc.explore(vanta))
    sc.apply(sc.choose(GO))
    assert sc.legal() == [sc.choose(0), sc.choose(ready + 1)]
    sc.apply(sc.choose(0))
    sc.set_unit(0, vanta, route=NW, ready=1)
    assert not sc.is_legal(sc.explore(vanta))  # once per turn in the realm
    lone = fresh("veilborn/nyxara", edition="0.36-no-opening")
    lone.apply(lone.nyxara_open())
    vanta = lone.add_ally(0, "vanta", NW)
    lone.set_unit(1, 0, route=GO)
    lone.add_ally(1, "tusk_scout", GO, ready=False)
    lone.apply(lone.explore(vanta))
    lone.apply(lone.choose(GO))
    assert lone.legal() == [lone.choose(0)]


def test_opening_never_extends_an_existing_realm():
    """Rulebook, the Netherway: 'Opening never extends an existing realm. It closes before the creator's
    next ready step'. A second opening by the other player leaves the realm its creator's."""
    sc = fresh("veilborn/nyxara", "veilborn/morrow")
    sc.apply(sc.nyxara_open())
    sc.set_cards(1, hand=["wispweaver"])
    sc.apply(sc.end_turn())
    sc.apply(sc.play("wispweaver", LC))
    assert sc.netherway_open and sc.s[L.G_NETHER_CREATOR] == 0
    assert sc.s[sc.pb(1) + L.P_NETHER_OPENINGS] == 0
    sc.apply(sc.end_turn())
    assert not sc.netherway_open  # closed at seat 0's turn start, not kept for seat 1


def test_defeat_returns_override_rooted():
    """Rulebook, the Netherway: 'Mandatory closure and defeat returns override Rooted.' No Companion in the
    data is Rooted: this one is given Rampart Brute's Rooted profile, and its defeat still returns it."""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    brute = sc.tables.cards[sc.card("rampart_brute"), V.C_PROFILE]
    sc.s[sc.ub(1, 0) + L.U_PROFILE] = brute
    sc.set_unit(1, 0, route=GO, damage=3, ready=0)
    sc.set_unit(0, 0, route=GO)
    sc.apply(sc.challenge(0, 0))
    assert sc.player(1)["companion_defeats"] == 1 and sc.unit(1, 0)["route"] == LC


def test_either_player_deploys_and_uses_card_effects_in_the_open_realm():
    """Rulebook, the Netherway: 'Either player can deploy or use legal card effects in the open realm.'"""
    sc = fresh("veilborn/nyxara", "ironmaw/skara")
    sc.apply(sc.nyxara_open())
    seer = sc.add_ally(0, "gloam_seer", NW)
    sc.set_cards(1, hand=["tusk_scout", "rending_strike", "forced_march"])
    sc.apply(sc.end_turn())
    sc.set(charge=(0, 4))
    sc.apply(sc.play("tusk_scout", NW))  # the other player deploys into the realm
    assert sc.unit(1, sc.find(1, "tusk_scout"))["route"] == NW
    sc.apply(sc.play("rending_strike", seer))
    assert sc.find(0, "gloam_seer") == -1
    sc.apply(sc.play("forced_march", WayboundScenario.unit_move_target(0, NW)))
    assert sc.unit(1, 0)["route"] == NW


def test_between_worlds_uses_the_normal_move_and_riftcrown_entry_stays_ready():
    """Rulebook, the Netherway: 'Morrow's paid Between Worlds uses its normal move and stays ready;
    Riftcrown's normal entry stays ready.'"""
    for path in (None, 0):  # Morrow, then Riftcrown
        sc = fresh("veilborn/morrow", edition="0.36-no-opening")
        if path is not None:
            sc.set_companion(0, path=path)
        sc.set_cards(0, hand=["unseal_the_netherway"])
        sc.apply(sc.play("unseal_the_netherway", 0))
        sc.apply(sc.move(0, NW))
        assert sc.unit(0, 0)["ready"] and sc.player(0)["charge"] == 4
        assert not any(a >> 16 == L.A_MOVE and (a >> 8) & 255 == 0 for a in sc.legal())  # the move is used


def test_netherway_damage_and_other_state_persist():
    """Rulebook, the Netherway: 'Damage and other state persist.' Through the exit after an Explore and
    through the closure."""
    sc = fresh("veilborn/nyxara", "ironmaw/skara", edition="0.36-no-opening")
    sc.apply(sc.nyxara_open())
    seer = sc.add_ally(0, "gloam_seer", NW, damage=1)
    stayer = sc.add_ally(0, "umbral_stalker", NW, damage=2)
    sc.apply(sc.explore(seer))
    sc.apply(sc.choose(WB))
    assert sc.unit(0, seer)["damage"] == 1 and sc.unit(0, seer)["route"] == WB
    pass_turn_pair(sc)
    assert sc.unit(0, stayer)["route"] == LC and sc.unit(0, stayer)["damage"] == 2


def test_passage_unseen_cannot_move_rooted():
    """Rulebook, Veilborn: 'Passage requires an open realm, does not ready exhausted characters and cannot
    move Rooted characters.'"""
    sc = fresh("veilborn/nyxara")
    sc.apply(sc.nyxara_open())
    brute = sc.add_ally(0, "rampart_brute", LC)
    sc.set_cards(0, hand=["passage_unseen"])
    assert sc.is_legal(sc.play("passage_unseen", 0)) and not sc.is_legal(sc.play("passage_unseen", brute))
