"""Scenario tests: one per rule of the Waybound 0.36 rulebook, each citing the passage it checks.

Positions are built with the scenario API (sim/games/waybound/scenario.py) on the real kernels.
Unit 0 of each seat is its Companion; Routes: 0 Windbridge, 1 Lantern Crossing, 2 Glass Orchard,
3 Netherway.
"""

from __future__ import annotations

import pytest

from sim.games.waybound import engine as E
from sim.games.waybound.scenario import IllegalAction, Scenario

WB, LC, GO, NW = 0, 1, 2, 3


def fresh(
    side0="hearthbound/brindle", side1="ironmaw/skara", edition="0.36", charge=(6, 6), **kw
) -> Scenario:
    sc = Scenario(side0, side1, edition=edition, **kw)
    sc.clear()
    sc.set(charge=charge, capacity=(6, 6))
    sc.s[sc.pb(0) + E.P_TURNS] = 3  # a later turn: the first-turn opening rules are tested separately
    return sc


def pass_turn_pair(sc: Scenario) -> None:
    """End the active turn and the opponent's next one."""
    sc.apply(sc.end_turn())
    sc.apply(sc.end_turn())


# ------------------------------------------------------------------------------------- setup
def test_setup_companions_ready_at_lantern_crossing_and_five_cards():
    """Rulebook, SETUP: 'Each Companion starts ready at Lantern Crossing. Shuffle each deck and draw five.'"""
    sc = Scenario()
    for p in range(2):
        companion = sc.unit(p, 0)
        assert companion["route"] == LC and companion["ready"]
        assert sc.player(p)["renown"] == 0 and sc.player(p)["marks"] == 0
    assert sc.player(0)["hand_size"] == 5 and sc.player(1)["hand_size"] == 5
    assert sc.player(0)["deck"] == 25


def test_mulligan_replaces_whole_hand_once():
    """Rulebook, SETUP: 'Once per player, you may replace the whole opening hand by shuffling it into
    your deck and drawing five again.'"""
    sc = Scenario(mulligans=(1, 1))
    for p in range(2):
        assert sc.player(p)["hand_size"] == 5 and sc.player(p)["deck"] == 25
        assert sc.s[sc.pb(p) + E.P_MULLIGANS] == 1
    assert sc.phase == E.PH_MAIN  # no second replacement is offered


@pytest.mark.parametrize("mulligan", [0, 1])
def test_featured_opening_guarantees_the_ally(mulligan):
    """Rulebook, OPTIONAL FEATURED OPENING: 'guarantee it within the normal five-card opening hand,
    also after a replacement hand. No extra card or copy is created.'"""
    for seed in range(12):
        sc = Scenario(
            "hearthbound/brindle@orchard_tender", "ironmaw/skara", seed=seed, mulligans=(mulligan, 0)
        )
        hand = sc.hand(0)
        assert "orchard_tender" in hand and len(hand) == 5
        assert hand.count("orchard_tender") + sc.deck(0).count("orchard_tender") == 2


# ------------------------------------------------------------------------------ start of turn
def test_capacity_grows_to_six_and_refills_without_carry_over():
    """Rulebook, START OF TURN: 'On your first turn, capacity is one; each later turn increases capacity
    by one, up to six. Refill available Charge to capacity. Unspent Charge never carries forward.'"""
    sc = Scenario("hearthbound/brindle", "ironmaw/skara", edition="0.36-no-opening")
    seen = []
    for _ in range(8):
        seen.append((sc.player(0)["capacity"], sc.player(0)["charge"]))
        pass_turn_pair(sc)
    assert seen == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (6, 6), (6, 6)]


def test_second_player_extra_charge_on_first_turn_only():
    """Rulebook, Opening: 'The second player gets 1 extra available Charge on their first turn only
    (2 available at capacity 1).'"""
    sc = Scenario()
    sc.apply(sc.end_turn())
    assert sc.player(1)["capacity"] == 1 and sc.player(1)["charge"] == 2
    pass_turn_pair(sc)
    assert sc.player(1)["capacity"] == 2 and sc.player(1)["charge"] == 2
    plain = Scenario(edition="0.36-no-opening")
    plain.apply(plain.end_turn())
    assert plain.player(1)["charge"] == 1


def test_starting_player_skips_only_first_draw():
    """Rulebook, START OF TURN: 'Normally draw one card; the starting player skips only their first
    normal draw.'"""
    sc = Scenario()
    assert sc.player(0)["hand_size"] == 5
    sc.apply(sc.end_turn())
    assert sc.player(1)["hand_size"] == 6
    sc.apply(sc.end_turn())
    assert sc.player(0)["hand_size"] == 6


def test_empty_hand_draws_five():
    """Rulebook, START OF TURN: 'If your hand is empty at the beginning of your turn, draw five instead
    of one, as many as possible.'"""
    sc = fresh()
    sc.set_cards(1, hand=[], deck=["bonegnaw"] * 3 + ["feast"] * 4)
    sc.apply(sc.end_turn())
    assert sc.player(1)["hand_size"] == 5 and sc.player(1)["deck"] == 2
    sc2 = fresh()
    sc2.set_cards(1, hand=[], deck=["bonegnaw"] * 3)
    sc2.apply(sc2.end_turn())
    assert sc2.player(1)["hand_size"] == 3  # as many as possible


def test_draw_reshuffles_discard_and_skips_when_both_empty():
    """Rulebook, START OF TURN: 'Ordinary drawing reshuffles the discard if the deck is empty; if both
    are empty, skip the draw.'"""
    sc = fresh()
    sc.set_cards(1, hand=["feast"], deck=[], discard=["bonegnaw", "tusk_scout"])
    sc.apply(sc.end_turn())
    assert sc.player(1)["hand_size"] == 2 and sc.player(1)["deck"] == 1 and sc.player(1)["discard"] == 0
    sc2 = fresh()
    sc2.set_cards(1, hand=["feast"], deck=[], discard=[])
    sc2.apply(sc2.end_turn())
    assert sc2.player(1)["hand_size"] == 1


# ------------------------------------------------------------------------------ playing cards
@pytest.mark.parametrize("route", [WB, LC, GO])
def test_ally_enters_ready_at_any_route(route):
    """Rulebook, PLAYING CARDS: 'Allies enter READY at any Route, may act immediately'."""
    sc = fresh()
    sc.set_cards(0, hand=["lamplighter"])
    sc.apply(sc.play("lamplighter", route))
    i = sc.find(0, "lamplighter")
    assert sc.unit(0, i)["ready"] and sc.unit(0, i)["route"] == route
    assert sc.player(0)["charge"] == 5
    assert any(a >> 16 in (E.A_MOVE, E.A_CHALLENGE, E.A_EXPLORE) and (a >> 8) & 255 == i for a in sc.legal())


def test_tactic_without_target_spends_charge():
    """Rulebook, PLAYING CARDS: 'If an effect has no legal target, that part does nothing but its Charge
    is still spent.'"""
    sc = fresh()
    sc.set_cards(0, hand=["stand_together"])
    sc.apply(sc.play("stand_together", E.NO_TARGET))  # nothing exhausted to ready
    assert sc.player(0)["charge"] == 5 and sc.discard(0) == ["stand_together"]


def test_offensive_tactic_needs_a_legal_target():
    """Rulebook, TACTICS DRAFT 1: 'New offensive Tactics cannot be played with no legal target.'"""
    sc = fresh()
    sc.set_cards(0, hand=["briar_verdict", "turn_back", "wildfire_passage"])
    assert not any(a >> 16 == E.A_PLAY_TACTIC for a in sc.legal())


# ------------------------------------------------------------------------------- movement
def test_normal_move_costs_one_and_exhausts_once_per_turn():
    """Rulebook, NORMAL MOVEMENT: 'one normal move per turn to an adjacent Route, paying one Charge and
    EXHAUSTING.'"""
    sc = fresh()
    assert not sc.is_legal(sc.move(0, NW))  # no Netherway without an opening
    sc.apply(sc.move(0, GO))
    assert sc.unit(0, 0)["route"] == GO and not sc.unit(0, 0)["ready"] and sc.player(0)["charge"] == 5
    sc.set_unit(0, 0, ready=1)
    assert not sc.is_legal(sc.move(0, LC))


def test_normal_moves_reach_exactly_the_adjacent_routes():
    """Rulebook, SETUP: 'Place Routes left to right: Windbridge, Lantern Crossing, Glass Orchard.'; NORMAL
    MOVEMENT: 'one normal move per turn to an adjacent Route'; THE NETHERWAY: 'connected only to Lantern
    Crossing'. Every Route's normal moves, listed in Route order, with the Netherway closed and open."""
    neighbours = {WB: [LC], LC: [WB, GO], GO: [LC], NW: [LC]}
    for opened in (False, True):
        sc = fresh("veilborn/nyxara", edition="0.36-no-opening")
        if opened:
            sc.apply(sc.nyxara_open())
        for route in (WB, LC, GO, NW) if opened else (WB, LC, GO):
            sc.set_unit(0, 0, route=route, ready=1)
            listed = [(a & 255) >> 1 for a in sc.legal() if a >> 16 == E.A_MOVE and (a >> 8) & 255 == 0]
            wanted = neighbours[route] + ([NW] if opened and route == LC else [])
            assert listed == wanted, (opened, route)


def test_move_into_windbridge_is_free_but_exhausts():
    """Rulebook, NORMAL MOVEMENT: 'Moving into Windbridge costs zero but still exhausts.'"""
    sc = fresh(charge=(0, 0))
    sc.apply(sc.move(0, WB))
    assert sc.unit(0, 0)["route"] == WB and not sc.unit(0, 0)["ready"]


def test_swift_and_trailblazer_free_moves_still_exhaust():
    """Rulebook, NORMAL MOVEMENT: 'Swift and Trailblazer/Windguide free normal movement also still exhaust.'"""
    sc = fresh("skyrunners/vey", "ironmaw/skara", charge=(0, 0))
    scout = sc.add_ally(0, "ribbon_scout", LC)
    sc.apply(sc.move(scout, GO))
    assert sc.unit(0, scout)["route"] == GO and not sc.unit(0, scout)["ready"]
    sc.set_companion(0, path=0)  # Windguide
    sc.apply(sc.move(0, GO))
    assert not sc.unit(0, 0)["ready"] and sc.player(0)["charge"] == 0


def test_lightfoot_pays_to_stay_ready_but_moves_once():
    """Rulebook, NORMAL MOVEMENT: 'Reedrunner can pay one additional Charge on its normal move to stay
    ready. This does not allow a second normal move.'"""
    sc = fresh("skyrunners/vey", charge=(2, 0))
    reed = sc.add_ally(0, "reedrunner", LC)
    sc.apply(sc.move(reed, GO, lightfoot=True))
    assert sc.unit(0, reed)["ready"] and sc.player(0)["charge"] == 0
    assert not any(a >> 16 == E.A_MOVE and (a >> 8) & 255 == reed for a in sc.legal())


def test_explicit_card_movement_does_not_exhaust_or_use_the_move():
    """Rulebook, NORMAL MOVEMENT: 'Explicit movement from a card or ability does not exhaust or ready
    the character and does not consume its normal movement limit'."""
    sc = fresh("skyrunners/vey")
    sc.set_cards(0, hand=["guststep"])
    sc.apply(sc.play("guststep", Scenario.unit_move_target(0, GO)))
    assert sc.unit(0, 0)["route"] == GO and sc.unit(0, 0)["ready"]
    assert sc.is_legal(sc.move(0, LC))


def test_rooted_prevents_all_movement():
    """Rulebook, PLAYING CARDS: 'Rooted prevents movement, including card-effect movement; healing
    remains legal.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    brute = sc.add_ally(0, "rampart_brute", LC, damage=1)
    sc.set_cards(0, hand=["forced_march", "iron_hide"])
    legal = sc.legal()
    assert not any(a >> 16 == E.A_MOVE and (a >> 8) & 255 == brute for a in legal)
    assert sc.play("forced_march", Scenario.unit_move_target(brute, GO)) not in legal
    sc.apply(sc.play("iron_hide", brute))
    assert sc.unit(0, brute)["damage"] == 0


# ------------------------------------------------------------------------------- explore
def test_explore_gains_insight_and_exhausts():
    """Rulebook, EXPLORE: 'Exhaust a ready character with positive Insight to gain that much Renown.'"""
    sc = fresh()
    sc.set_unit(1, 0, route=GO)
    tender = sc.add_ally(0, "orchard_tender", WB)
    zero = sc.add_ally(0, "thornrush", WB)
    sc.apply(sc.explore(tender))
    assert sc.renown(0) == 2 and not sc.unit(0, tender)["ready"]
    assert not sc.is_legal(sc.explore(zero))  # Insight 0


def test_any_ready_opposing_character_blocks_explore():
    """Rulebook, EXPLORE: 'ANY ready opposing character at the same Route blocks Explore, regardless of
    Force, Guard, damage or Insight. Exhausted enemies do not block.'"""
    sc = fresh()
    sc.set_unit(1, 0, route=GO)
    scout = sc.add_ally(1, "tusk_scout", WB)
    tender = sc.add_ally(0, "orchard_tender", WB)
    assert not sc.is_legal(sc.explore(tender))
    sc.set_unit(1, scout, ready=0)
    assert sc.is_legal(sc.explore(tender))


def test_companion_journey_mark_once_per_turn():
    """Rulebook, EXPLORE: 'A successful Companion Explore earns one journey mark, at most once per turn.'"""
    sc = fresh()
    sc.set_unit(1, 0, route=GO)
    sc.apply(sc.explore(0))
    assert sc.player(0)["marks"] == 1
    sc.set_unit(0, 0, ready=1)
    sc.apply(sc.explore(0))
    assert sc.player(0)["marks"] == 1 and sc.renown(0) == 4


@pytest.mark.parametrize(
    "edition,banned",
    [
        ("0.36", True),
        ("0.36-comparison", True),
        ("0.36-no-opening", False),
        ("0.36-extra-charge-only", False),
        ("pre-0.36", False),
    ],
)
def test_starting_player_first_turn_explore_ban(edition, banned):
    """Rulebook, Opening: 'the starting player cannot Explore on their first turn.' END OF TURN: 'The
    optional comparison setting prevents only the starting player's first-turn Explore.'"""
    sc = Scenario(edition=edition)
    sc.set_unit(1, 0, route=GO)
    assert sc.is_legal(sc.explore(0)) is (not banned)
    sc.apply(sc.end_turn())
    extra = {
        "0.36": 1,
        "0.36-comparison": 0,
        "0.36-no-opening": 0,
        "0.36-extra-charge-only": 1,
        "pre-0.36": 0,
    }
    assert sc.player(1)["charge"] == 1 + extra[edition]


# ------------------------------------------------------------------------------- challenges
def test_glass_orchard_gives_plus_one_force_to_both_sides():
    """Rulebook, EXPLORE: 'Glass Orchard grants +1 Force to every character there, on either side; it
    no longer heals.'"""
    sc = fresh()
    sc.set_unit(0, 0, route=GO, damage=1)
    sc.set_unit(1, 0, route=GO)
    assert sc.unit(0, 0)["force"] == 3 and sc.unit(1, 0)["force"] == 4
    sc.apply(sc.end_turn())
    assert sc.unit(0, 0)["damage"] == 1


def test_single_ready_defender_defends_automatically():
    """Rulebook, CHALLENGE AND DEFENSE: 'If exactly one opposing character there is ready, it defends
    automatically.'"""
    sc = fresh()
    bone = sc.add_ally(1, "bonegnaw", LC, ready=False)
    legal_challenges = [a for a in sc.legal() if a >> 16 == E.A_CHALLENGE and (a >> 8) & 255 == 0]
    assert legal_challenges == [sc.challenge(0, 0)]
    sc.apply(sc.challenge(0, 0))
    assert sc.unit(1, 0)["damage"] == 2 and sc.unit(1, bone)["damage"] == 0
    assert not sc.unit(0, 0)["ready"] and sc.unit(1, 0)["ready"]  # defender neither exhausts nor retaliates
    assert sc.unit(0, 0)["damage"] == 0


def test_defender_chooses_among_several_ready():
    """Rulebook, CHALLENGE AND DEFENSE: 'If several are ready, the defending player chooses one.'"""
    sc = fresh()
    bone = sc.add_ally(1, "bonegnaw", LC)
    sc.apply(sc.challenge(0))
    assert sc.phase == E.PH_DEFEND and sc.decider == 1
    sc.apply(sc.choose(bone))
    assert sc.unit(1, bone)["damage"] == 2 and sc.phase == E.PH_MAIN


def test_attacker_chooses_when_none_ready():
    """Rulebook, CHALLENGE AND DEFENSE: 'If none are ready, the attacker chooses any opposing character there.'"""
    sc = fresh()
    bone = sc.add_ally(1, "bonegnaw", LC, ready=False)
    sc.set_unit(1, 0, ready=0)
    assert sc.is_legal(sc.challenge(0, 0)) and sc.is_legal(sc.challenge(0, bone))


def test_precision_chooses_which_ready_defender():
    """Rulebook, CHALLENGE AND DEFENSE: 'Precision lets Glass Lynx choose WHICH READY defender intercepts.'"""
    sc = fresh("skyrunners/vey")
    lynx = sc.add_ally(0, "glass_lynx", LC)
    bone = sc.add_ally(1, "bonegnaw", LC)
    tired = sc.add_ally(1, "tusk_scout", LC, ready=False)
    assert sc.is_legal(sc.challenge(lynx, bone)) and sc.is_legal(sc.challenge(lynx, 0))
    assert not sc.is_legal(sc.challenge(lynx, tired))


def test_slipstream_chooses_any_including_exhausted():
    """Rulebook, CHALLENGE AND DEFENSE: 'Slipstream lets Veilwing choose ANY opposing character there,
    including an exhausted one protected by ready defenders.'"""
    sc = fresh("skyrunners/vey")
    wing = sc.add_ally(0, "veilwing", LC)
    sc.add_ally(1, "bonegnaw", LC)
    tired = sc.add_ally(1, "tusk_scout", LC, ready=False)
    sc.apply(sc.challenge(wing, tired))
    assert sc.find(1, "tusk_scout") == -1  # Force 2 vs Guard 1


def test_sheltering_glow_reduces_challenge_damage_only():
    """Rulebook, CHALLENGE AND DEFENSE: 'Sheltering Glow: other friendly characters at Hearthshell's Route
    take one less Challenge damage. It works even if Hearthshell is exhausted. Multiple sources do not
    stack. Positive damage cannot be reduced below one ... It does not reduce Tactic damage. Hearthshell
    does not protect itself, but another Hearthshell may protect it.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    shell = sc.add_ally(1, "hearthshell", LC, ready=False)
    sc.add_ally(1, "hearthshell", LC, ready=False)
    sc.set_unit(1, 0, ready=0)
    sc.apply(sc.challenge(0, 0))  # Skara Force 3 on Brindle: 3 - 1 (not 3 - 2)
    assert sc.unit(1, 0)["damage"] == 2
    scout = sc.add_ally(0, "tusk_scout", LC)
    sc.apply(sc.challenge(scout, shell))  # Force 1: cannot go below one; the other shell protects it
    assert sc.unit(1, shell)["damage"] == 1
    sc.set_cards(0, hand=["rending_strike"])
    sc.apply(sc.play("rending_strike", 0))  # Tactic damage is not reduced
    assert sc.player(1)["companion_defeats"] == 1  # 2 + 3 = Guard 5; a reduced 2 would have left it standing


def test_ally_defeat_goes_to_discard():
    """Rulebook, DEFEATS: 'An Ally with damage at least its Guard is immediately discarded.'"""
    sc = fresh()
    sc.add_ally(1, "tusk_scout", LC)
    sc.set_unit(1, 0, ready=0)
    sc.apply(sc.challenge(0, 1))
    assert sc.find(1, "tusk_scout") == -1 and sc.discard(1) == ["tusk_scout"]
    assert sc.renown(0) == 0  # 'Ordinary defeats award no Renown.'


def test_companion_defeat_recovery():
    """Rulebook, DEFEATS: 'return it exhausted to Lantern Crossing, clear its damage, lose all journey
    marks and retain its chosen path. It remains exhausted through its next two owner turns and readies
    on the third.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    sc.set_companion(1, path=1, route=GO, damage=3)
    sc.set(marks=(0, 4))
    sc.set_unit(0, 0, route=GO)
    sc.apply(sc.challenge(0, 0))  # Skara 3 + Orchard 1 = 4 >= 5 - 3... 3 + 4 = 7 >= 5
    companion = sc.unit(1, 0)
    assert companion["route"] == LC and companion["damage"] == 0 and not companion["ready"]
    assert sc.player(1)["marks"] == 0 and sc.player(1)["path"] == 1 and sc.player(1)["companion_defeats"] == 1
    readiness = []
    for _ in range(3):
        sc.apply(sc.end_turn())  # the owner's turn starts
        readiness.append(sc.unit(1, 0)["ready"])
        if not sc.unit(1, 0)["ready"]:
            assert not any(
                (a >> 16) in (E.A_EXPLORE, E.A_CHALLENGE, E.A_MOVE, E.A_PATH) and (a >> 8) & 255 == 0
                for a in sc.legal()
            )
        sc.apply(sc.end_turn())
    assert readiness == [False, False, True]


def test_breach_only_for_ready_targets():
    """Rulebook, DEFEATS: 'Breach: Thornrush earns one Renown when its own Challenge defeats a READY
    opposing character, including a Companion. No bonus for an exhausted target.'"""
    sc = fresh()
    thorn = sc.add_ally(0, "thornrush", LC)
    sc.set_unit(1, 0, damage=2)
    sc.apply(sc.challenge(thorn, 0))
    assert sc.renown(0) == 1 and sc.player(1)["companion_defeats"] == 1
    thorn2 = sc.add_ally(0, "thornrush", GO)
    sc.add_ally(1, "tusk_scout", GO, ready=False)
    sc.apply(sc.challenge(thorn2, sc.find(1, "tusk_scout")))
    assert sc.renown(0) == 1


def test_stormwing_renown_for_ally_defeats():
    """Rulebook, DEFEATS: 'Stormwing's own Challenge defeats of Allies still award its printed one Renown.'"""
    sc = fresh("skyrunners/vey")
    sc.set_companion(0, path=1)
    sc.add_ally(1, "bonegnaw", LC)
    sc.set_unit(1, 0, ready=0)
    sc.apply(sc.challenge(0, 1))
    assert sc.renown(0) == 1


@pytest.mark.parametrize("edition,cap", [("0.36", 1), ("pre-0.36", 2)])
def test_claim_the_way(edition, cap):
    """Rulebook, BALANCE UPDATE 0.36: 'Claim the Way awards 1 Renown for the first own-turn Challenge that
    defeats an opposing Ally, maximum 1 per turn ... Defeating Companions, direct Tactics and Cleave
    spillover do not trigger it.' Older saves: 'pre-0.36 saves retain Claim max 2'."""
    sc = fresh("ironmaw/rauk", "hearthbound/brindle", edition=edition)
    sc.set_unit(1, 0, route=WB)
    for _ in range(3):
        sc.add_ally(1, "lamplighter", LC, ready=False)
    for _ in range(3):
        sc.add_ally(0, "bonegnaw", LC)
    sc.set_cards(0, hand=["rending_strike"])
    sc.apply(sc.play("rending_strike", 1))  # Tactic defeat: no Claim
    assert sc.renown(0) == 0
    for k in range(2):
        sc.apply(sc.challenge(1 + k, 1))
    assert sc.renown(0) == cap


def test_cleave_snapshot_and_defender_chosen_spillover():
    """Rulebook: 'Cleave snapshots the first Ally's remaining Guard before Challenge damage. Excess actual
    damage hits one other opposing Ally at that Route, chosen by its defender. No further spillover'."""
    sc = fresh("ironmaw/skara", "skyrunners/vey")
    sc.set_unit(1, 0, route=WB)
    cleaver = sc.add_ally(0, "maw_cleaver", GO)  # Force 4 + Orchard 1 = 5
    sc.add_ally(1, "ribbon_scout", GO, damage=1, ready=False)  # remaining 1 -> excess 4
    sc.add_ally(1, "veilwing", GO, ready=False)
    sc.add_ally(1, "cloudherd", GO, ready=False)
    sc.apply(sc.challenge(cleaver, 1))
    assert sc.phase == E.PH_CLEAVE and sc.decider == 1
    sc.apply(sc.choose(sc.find(1, "cloudherd")))
    assert sc.find(1, "cloudherd") == -1 and sc.find(1, "veilwing") > 0  # 4 >= Guard 4; veilwing untouched
    assert sc.renown(0) == 1  # Claim the Way for the Challenge's own defeat only, not for the spillover


def test_relentless_paid_ready_once_and_no_explore():
    """Rulebook: 'Skara's Relentless offers a paid 1-Charge ready after its own Challenge defeats an Ally,
    once per turn; Eightfold Ravager allows twice. It cannot Explore that turn.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    sc.set_unit(1, 0, route=WB)
    sc.add_ally(1, "lamplighter", LC)
    sc.add_ally(1, "lamplighter", LC, ready=False)
    sc.apply(sc.challenge(0, 1))
    assert sc.phase == E.PH_RELENTLESS
    sc.apply(sc.choose(1))
    assert sc.unit(0, 0)["ready"] and sc.player(0)["charge"] == 5
    assert not sc.is_legal(sc.explore(0))
    sc.apply(sc.challenge(0, 1))
    assert sc.phase == E.PH_MAIN  # once per turn
    sc2 = fresh("ironmaw/skara", "hearthbound/brindle")
    sc2.set_companion(0, path=0, ascended=True)  # Eightfold Ravager
    sc2.set_unit(1, 0, route=WB)
    for _ in range(3):
        sc2.add_ally(1, "lamplighter", LC, ready=False)
    for _ in range(2):
        sc2.apply(sc2.challenge(0, 1))
        sc2.apply(sc2.choose(1))
    sc2.apply(sc2.challenge(0, 1))
    assert sc2.phase == E.PH_MAIN


def test_fang_sovereign_once_per_turn():
    """Rulebook: 'Fang Sovereign earns 1 Renown for its own Challenge defeat of an Ally once per turn.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    sc.set_companion(0, path=0)
    sc.set_unit(1, 0, route=WB)
    sc.add_ally(1, "lamplighter", LC, ready=False)
    sc.add_ally(1, "lamplighter", LC, ready=False)
    sc.apply(sc.challenge(0, 1))
    sc.apply(sc.choose(1))  # Relentless ready
    sc.apply(sc.challenge(0, 1))
    # Fang 1 (once) + Claim the Way 1 (max 1)
    assert sc.renown(0) == 2


def test_siege_rhythm_and_pack_momentum_caps_expire():
    """Rulebook: 'Rauk's Siege Rhythm and Gorequill's Pack Momentum stack only to their printed caps and
    expire at turn end.'"""
    sc = fresh("ironmaw/rauk", "hearthbound/brindle")
    sc.set_unit(1, 0, route=WB)
    quill = sc.add_ally(0, "gorequill", WB)
    for _ in range(3):
        sc.add_ally(1, "lamplighter", LC, ready=False)
    for _ in range(3):
        sc.add_ally(0, "bonegnaw", LC)
    for k in range(3):
        sc.apply(sc.challenge(2 + k, 1))
    assert sc.unit(0, 0)["force"] == 3 + 2  # Siege Rhythm cap 2
    assert sc.unit(0, quill)["force"] == 2 + 2  # Pack Momentum cap 2
    sc.apply(sc.end_turn())
    assert sc.unit(0, 0)["force"] == 3 and sc.unit(0, quill)["force"] == 2


def test_auras_do_not_stack_and_only_on_own_turn():
    """Rulebook: 'Bloodhowl and Pack Bastion supply one nonstacking +1 Force aura to other friendly
    characters at their Route during your turn.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    howl = sc.add_ally(0, "bloodhowl", WB)
    sc.add_ally(0, "bloodhowl", WB)
    scout = sc.add_ally(0, "tusk_scout", WB)
    assert sc.unit(0, scout)["force"] == 2
    assert sc.unit(0, howl)["force"] == 3  # the other Bloodhowl's aura
    sc.apply(sc.end_turn())
    assert sc.unit(0, scout)["force"] == 1


def test_hex_strongest_only_and_expires_at_casters_turn():
    """Rulebook: 'Hex effects use the strongest reduction only, minimum total Force 0, and expire at the
    caster's next turn start.' Veilborn: 'Hexmantle retains its -1 Force curse.'"""
    sc = fresh("veilborn/nyxara", "ironmaw/skara")
    scout = sc.add_ally(1, "tusk_scout", WB)
    sc.set_cards(0, hand=["hexmantle", "hexmantle"])
    sc.apply(sc.play("hexmantle", WB))
    sc.apply(sc.play("hexmantle", WB))
    sc.apply(sc.end_turn())
    assert sc.unit(1, scout)["force"] == 0  # 1 - 1 (not -2), floor 0
    sc.apply(sc.end_turn())
    assert sc.unit(1, scout)["force"] == 1


def test_kindled_fury_while_damaged():
    """Rulebook, HEALING AND FORCE: 'Cindertusk's Kindled Fury: +2 Force while it has any damage. This
    bonus ends immediately if fully healed.'"""
    sc = fresh("ironmaw/skara")
    tusk = sc.add_ally(0, "cindertusk", WB)
    assert sc.unit(0, tusk)["force"] == 2
    sc.set_unit(0, tusk, damage=1)
    assert sc.unit(0, tusk)["force"] == 4
    sc.set_cards(0, hand=["iron_hide"])
    sc.apply(sc.play("iron_hide", tusk))
    assert sc.unit(0, tusk)["force"] == 2 and sc.unit(0, tusk)["guard"] == 4


def test_lantern_care_heals_another_friendly_at_its_route():
    """Rulebook, HEALING AND FORCE: 'Wickmender's Lantern Care: on entry, heal ANOTHER friendly character
    at its Route by 2. If none is there, it enters without healing.'"""
    sc = fresh()
    sc.set_unit(0, 0, damage=3)
    sc.set_cards(0, hand=["wickmender", "wickmender"])
    sc.apply(sc.play("wickmender", LC))
    assert sc.phase == E.PH_ENTRY_HEAL
    assert sc.legal() == [sc.choose(0)]
    sc.apply(sc.choose(0))
    assert sc.unit(0, 0)["damage"] == 1
    sc.apply(sc.play("wickmender", WB))
    assert sc.phase == E.PH_MAIN


def test_star_chart_keep_one_rest_to_bottom_in_order():
    """Rulebook, STAR CHART: 'look at up to the top three cards of your current deck. Keep one in hand, put
    the others on the bottom in your chosen order ... The first bottom card listed is drawn before the
    second ... This effect does not reshuffle discard. With no cards in deck there is no selection.'"""
    sc = fresh("skyrunners/vey")
    sc.set_cards(
        0,
        hand=["duskquill", "duskquill"],
        deck=["starfall", "tailwind", "guststep", "cloudherd"],
        discard=["clear_skies"],
    )
    sc.apply(sc.play("duskquill", WB))
    assert sc.phase == E.PH_STAR_CHART and sc.decider == 0
    sc.apply(sc.choose(1 * 2 + 0))  # keep 'tailwind'; bottom: starfall then guststep
    assert "tailwind" in sc.hand(0)
    assert sc.deck(0) == ["cloudherd", "starfall", "guststep"]
    sc.set_cards(0, deck=[])
    sc.apply(sc.play("duskquill", WB))
    assert sc.phase == E.PH_MAIN and sc.discard(0) == ["clear_skies"]


def test_prismarten_shift():
    """Rulebook, SHIFT: 'Prismarten may pay one Charge once during its controller's turn to switch Guide
    (0/2/2) and Striker (4/2/0). Keep damage, readiness, location'."""
    sc = fresh()
    prism = sc.add_ally(0, "prismarten", WB, damage=1)
    assert (sc.unit(0, prism)["force"], sc.unit(0, prism)["guard"], sc.unit(0, prism)["insight"]) == (0, 2, 2)
    sc.apply(sc.shift(prism))
    unit = sc.unit(0, prism)
    assert (
        (unit["force"], unit["guard"], unit["insight"]) == (4, 2, 0) and unit["damage"] == 1 and unit["ready"]
    )
    assert sc.player(0)["charge"] == 5 and not sc.is_legal(sc.shift(prism))


def test_grinshade_roll_prevents_damage_once_per_round():
    """Rulebook: 'Grinshade's defender may pay 1 unspent Charge after it is selected to defend. A seeded
    six-sided roll of 5-6 prevents Challenge damage; the attacker still exhausts. Once per Grinshade per
    numbered round. ... The roll and result appear publicly in the log.'"""
    outcomes = set()
    for seed in range(12):
        sc = fresh("ironmaw/skara", "veilborn/nyxara", charge=(6, 2), seed=seed)
        sc.set_unit(1, 0, route=WB)
        grin = sc.add_ally(1, "grinshade", LC)
        sc.apply(sc.challenge(0, grin))
        assert sc.phase == E.PH_GRINSHADE and sc.decider == 1
        sc.apply(sc.choose(1))
        roll_lines = [line for line in sc.log() if "Grinshade roll" in line]
        assert len(roll_lines) == 1
        prevented = "prevented" in roll_lines[0]
        outcomes.add(prevented)
        assert not sc.unit(0, 0)["ready"] and sc.player(1)["charge"] == 1
        if prevented:
            assert sc.unit(1, grin)["damage"] == 0
            sc.add_ally(0, "tusk_scout", LC)
            sc.apply(sc.challenge(sc.find(0, "tusk_scout"), grin))
            assert sc.phase != E.PH_GRINSHADE and sc.unit(1, grin)["damage"] == 1  # once per round
        else:
            assert sc.find(1, "grinshade") == -1
    assert outcomes == {True, False}


# ------------------------------------------------------------------------------- Tactics
COSTS = {
    "cinderbolt": 2,
    "starfall": 2,
    "briar_verdict": 5,
    "sever_the_thread": 5,
    "turn_back": 2,
    "back_to_the_clouds": 2,
    "wildfire_passage": 6,
    "empty_the_horizon": 6,
    "briar_surge": 1,
    "measured_gust": 1,
    "stand_together": 1,
    "guiding_glow": 1,
    "tailwind": 1,
    "sudden_squall": 1,
    "long_way_home": 1,
    "open_horizon": 1,
    "lantern_signals": 1,
    "trail_snack": 1,
    "clear_skies": 1,
    "guststep": 1,
    "mend": 0,
    "shared_shelter": 1,
    "span_repair": 1,
    "passage_unseen": 0,
    "unravel": 1,
    "unseal_the_netherway": 1,
}


@pytest.mark.parametrize("card,cost", sorted(COSTS.items()))
def test_tactic_costs_match_rulebook(card, cost):
    """Rulebook, TACTICS DRAFT 1 and HEALING AND FORCE: e.g. 'Cinderbolt / Starfall: 2 Charge', 'Mend: 0
    Charge', 'Passage Unseen costs 0; Unravel costs 1'."""
    sc = Scenario()
    assert int(sc.tables.cards[sc.card(card), 1]) == cost


def test_cinderbolt_hits_companion_ignores_glow_and_defeats():
    """Rulebook: 'Cinderbolt / Starfall: 2 Charge, deal 3 damage to any opposing character at any Route,
    including a Companion. Damage persists, ignores Hearthshell's Challenge-only protection, and resolves
    defeats immediately.'"""
    sc = fresh("skyrunners/vey", "hearthbound/brindle")
    sc.add_ally(1, "hearthshell", LC)
    sc.set_cards(0, hand=["starfall", "starfall"])
    sc.apply(sc.play("starfall", 0))
    assert sc.unit(1, 0)["damage"] == 3
    sc.apply(sc.play("starfall", 0))
    assert sc.player(1)["companion_defeats"] == 1 and sc.renown(0) == 0


def test_briar_verdict_defeats_any_ally_never_companion():
    """Rulebook: 'Briar Verdict / Sever the Thread: 5 Charge, defeat any opposing Ally, regardless of Guard.
    Companions are not legal targets.'"""
    sc = fresh()
    sc.add_ally(1, "maw_cleaver", GO)
    sc.set_cards(0, hand=["briar_verdict"])
    assert not sc.is_legal(sc.play("briar_verdict", 0))
    sc.apply(sc.play("briar_verdict", 1))
    assert sc.discard(1) == ["maw_cleaver"]


def test_turn_back_returns_ally_to_hand():
    """Rulebook: 'Turn Back / Back to the Clouds: 2 Charge, return an opposing Ally to its owner's hand.
    Clear damage ... It is not defeated or discarded. ... Companions cannot be returned to hand.'"""
    sc = fresh()
    sc.add_ally(1, "bonegnaw", GO, damage=2)
    sc.set_cards(0, hand=["turn_back"])
    assert not sc.is_legal(sc.play("turn_back", 0))
    sc.apply(sc.play("turn_back", 1))
    assert sc.hand(1) == ["bonegnaw"] and sc.discard(1) == [] and sc.player(1)["units"] == 1


def test_wildfire_passage_sweeps_opposing_allies_only():
    """Rulebook: 'Wildfire Passage / Empty the Horizon: 6 Charge, defeat all opposing Allies at one chosen
    Route. Your own characters and all Companions remain. A surviving ready Companion still prevents Explore'."""
    sc = fresh()
    sc.set_unit(1, 0, route=GO)
    for card in ("bonegnaw", "tusk_scout"):
        sc.add_ally(1, card, GO)
    sc.add_ally(1, "bonegnaw", WB)
    mine = sc.add_ally(0, "orchard_tender", GO)
    sc.set_cards(0, hand=["wildfire_passage"])
    sc.apply(sc.play("wildfire_passage", GO))
    assert sc.player(1)["units"] == 2 and sc.unit(1, 0)["route"] == GO
    assert sc.unit(0, mine)["route"] == GO and not sc.is_legal(sc.explore(mine))


def test_briar_surge_stacks_and_expires():
    """Rulebook: 'Briar Surge / Measured Gust: 1 Charge, give a friendly character +3 Force until end of
    your turn. Bonuses stack, expire on passing, do not ready or exhaust the character, and do not prevent
    Explore.'"""
    sc = fresh()
    sc.set_unit(1, 0, route=GO)
    sc.set_cards(0, hand=["briar_surge", "briar_surge"])
    sc.apply(sc.play("briar_surge", 0))
    sc.apply(sc.play("briar_surge", 0))
    assert sc.unit(0, 0)["force"] == 8 and sc.unit(0, 0)["ready"] and sc.is_legal(sc.explore(0))
    sc.apply(sc.end_turn())
    assert sc.unit(0, 0)["force"] == 2


def test_stand_together_readies_without_explore():
    """Rulebook: 'Stand Together: now 1 Charge; its ready effect still prevents Explore for the rest of that turn.'"""
    sc = fresh(edition="0.36-no-opening")
    sc.set_unit(1, 0, route=GO)
    sc.set_unit(0, 0, ready=0)
    sc.set_cards(0, hand=["stand_together"])
    sc.apply(sc.play("stand_together", 0))
    assert sc.unit(0, 0)["ready"] and not sc.is_legal(sc.explore(0)) and sc.is_legal(sc.move(0, GO))


def test_guiding_glow_adds_insight_but_not_past_blockers():
    """Rulebook: 'Guiding Glow / Tailwind: now 1 Charge for +2 Insight until end of your turn. Existing
    Explore blocking still applies.'"""
    sc = fresh(edition="0.36-no-opening")
    sc.set_unit(1, 0, route=GO)
    sc.set_cards(0, hand=["guiding_glow"])
    sc.apply(sc.play("guiding_glow", 0))
    sc.apply(sc.explore(0))
    assert sc.renown(0) == 4


def test_sudden_squall_only_at_companion_route():
    """Rulebook: 'Sudden Squall: now 1 Charge for 3 damage, still restricted to an opposing Ally at your
    Companion's Route.'"""
    sc = fresh("skyrunners/vey")
    far = sc.add_ally(1, "bonegnaw", GO)
    near = sc.add_ally(1, "bonegnaw", LC)
    sc.set_cards(0, hand=["sudden_squall"])
    assert not sc.is_legal(sc.play("sudden_squall", far)) and not sc.is_legal(sc.play("sudden_squall", 0))
    sc.apply(sc.play("sudden_squall", near))
    assert sc.player(1)["units"] == 2


def test_long_way_home_moves_companion_and_heals():
    """Rulebook: 'Long Way Home / Open Horizon: now 1 Charge, move your Companion to any Route and heal 3;
    do not exhaust or ready it.'"""
    sc = fresh()
    sc.set_unit(0, 0, damage=4, ready=0)
    sc.set_cards(0, hand=["long_way_home"])
    sc.apply(sc.play("long_way_home", WB))
    unit = sc.unit(0, 0)
    assert unit["route"] == WB and unit["damage"] == 1 and not unit["ready"]


def test_lantern_signals_draws_two_and_optionally_moves():
    """Rulebook: 'Lantern Signals: now 1 Charge, draw 2 and optionally move a friendly character one
    adjacent Route without exhausting or readying it. Rooted cannot move.'"""
    sc = fresh()
    sc.set_cards(0, hand=["lantern_signals"], deck=["mend", "mend", "lamplighter"])
    sc.apply(sc.play("lantern_signals", Scenario.unit_move_target(0, WB)))
    assert sorted(sc.hand(0)) == ["mend", "mend"] and sc.unit(0, 0)["route"] == WB and sc.unit(0, 0)["ready"]


def test_trail_snack_draws_two():
    """Rulebook: 'Trail Snack / Clear Skies remain 1 Charge to draw 2.'"""
    sc = fresh()
    sc.set_cards(0, hand=["trail_snack"], deck=["mend", "mend", "lamplighter"])
    sc.apply(sc.play("trail_snack", 0))
    assert sc.player(0)["hand_size"] == 2 and sc.player(0)["charge"] == 5


def test_healing_tactics():
    """Rulebook, HEALING AND FORCE: 'Mend: 0 Charge, heal a friendly character by 3. Shared Shelter: 1
    Charge, heal each friendly character at a chosen Route by 2. Span Repair: 1 Charge, heal a friendly
    character by 3 and optionally move it to an adjacent Route without exhausting.'"""
    sc = fresh()
    shell = sc.add_ally(0, "hearth_warden", LC, damage=3)
    sc.set_unit(0, 0, damage=4)
    sc.set_cards(0, hand=["mend", "shared_shelter", "span_repair"])
    sc.apply(sc.play("mend", 0))
    assert sc.unit(0, 0)["damage"] == 1 and sc.player(0)["charge"] == 6
    sc.apply(sc.play("shared_shelter", LC))
    assert sc.unit(0, 0)["damage"] == 0 and sc.unit(0, shell)["damage"] == 1
    sc.apply(sc.play("span_repair", Scenario.unit_move_target(shell, GO)))
    assert (
        sc.unit(0, shell)["damage"] == 0 and sc.unit(0, shell)["route"] == GO and sc.unit(0, shell)["ready"]
    )


def test_unravel_targets_opposing_allies_only():
    """Rulebook, Veilborn: 'Unravel targets opposing Allies only, never Companions.'"""
    sc = fresh("veilborn/nyxara")
    sc.add_ally(1, "bonegnaw", WB)
    sc.set_cards(0, hand=["unravel"])
    assert not sc.is_legal(sc.play("unravel", 0))
    sc.apply(sc.play("unravel", 1))
    assert sc.unit(1, 1)["damage"] == 2


# ------------------------------------------------------------------------------- paths
def test_path_at_three_marks_for_two_charge():
    """Rulebook, SHIFT AND COMPANION PATHS: 'At three journey marks, an untransformed Companion can pay two
    Charge in its main phase and permanently choose one of its two paths. Keep damage, readiness, Route
    and journey marks. Use the chosen path's stats and ability and check defeat.'"""
    sc = fresh("skyrunners/vey")
    sc.set(marks=(2, 0))
    assert not sc.is_legal(sc.path(1))
    sc.set(marks=(3, 0))
    sc.set_unit(0, 0, damage=2, route=WB)
    sc.apply(sc.path(1))  # Stormwing 4/3
    unit = sc.unit(0, 0)
    assert sc.player(0)["charge"] == 4 and sc.player(0)["marks"] == 3
    assert (
        unit["force"] == 4
        and unit["guard"] == 3
        and unit["damage"] == 2
        and unit["ready"]
        and unit["route"] == WB
    )
    assert not sc.is_legal(sc.path(0))
    sc2 = fresh("skyrunners/vey")
    sc2.set(marks=(3, 0))
    sc2.set_unit(0, 0, damage=3)
    sc2.apply(sc2.path(1))  # Guard 3 with 3 damage: defeated
    assert sc2.player(0)["companion_defeats"] == 1 and sc2.player(0)["path"] == 1


def test_ascension_after_three_more_marks():
    """Rulebook, STARTING GUARD 5: 'After choosing a first path, earn three additional Journey marks and pay
    3 Charge to ascend once. Keep the path and its ability ...; gain +2 Force and +2 Guard, with unchanged
    Insight ... No fourth stage exists.'"""
    sc = fresh("hearthbound/brindle")
    sc.set_companion(0, path=1)
    sc.set(marks=(5, 0), marks_since_path=(2, 0))
    assert not sc.is_legal(sc.ascend())
    sc.set(marks_since_path=(3, 0))
    before = sc.unit(0, 0)
    sc.apply(sc.ascend())
    after = sc.unit(0, 0)
    assert (after["force"], after["guard"], after["insight"]) == (
        before["force"] + 2,
        before["guard"] + 2,
        before["insight"],
    )
    assert sc.player(0)["charge"] == 3 and not sc.is_legal(sc.ascend())
    assert E.keyword(sc.s, sc.profiles, 0, 0, 18) > 0  # Trailblazer free_move kept


def test_defeat_before_ascending_needs_fresh_marks_and_ascended_keeps_stages():
    """Rulebook: 'If defeated before ascending, the retained path needs three fresh marks after recovery.
    An ascended Companion retains both stages after defeat.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    sc.set_companion(1, path=0)
    sc.set(marks=(0, 5), marks_since_path=(0, 2))
    sc.set_unit(1, 0, damage=4)
    sc.apply(sc.challenge(0, 0))
    assert sc.player(1)["marks_since_path"] == 0 and sc.player(1)["path"] == 0
    sc3 = fresh("ironmaw/skara", "hearthbound/brindle")
    sc3.set_companion(1, path=0, ascended=True)
    sc3.set_unit(1, 0, damage=6)
    guard = sc3.unit(1, 0)["guard"]
    sc3.apply(sc3.challenge(0, 0))
    assert sc3.player(1)["companion_defeats"] == 1 and sc3.unit(1, 0)["guard"] == guard
    assert sc3.player(1)["ascended"] == 1


# ------------------------------------------------------------------------------- Netherway
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
    assert sc.phase == E.PH_NETHER_EXIT and sc.renown(0) == 1
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
    assert sc.legal().count(sc.play("passage_unseen", E.NO_TARGET)) == 1  # nothing to do while closed
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
    assert sc.phase == E.PH_RIFTFIRE
    assert sc.legal() == [sc.choose(0), sc.choose(target + 1)]
    sc.apply(sc.choose(target + 1))
    assert sc.unit(1, target)["damage"] == 2


# ------------------------------------------------------------------------------- end of turn
def test_win_at_twenty_before_discarding():
    """Rulebook, END OF TURN: 'At end of your turn, if you have at least 20 Renown, win before discarding.'
    DEFEATS: 'Reaching 20 during an action does not win until the end-turn check.'"""
    sc = fresh()
    sc.set(renown=(19, 0))
    sc.set_unit(1, 0, route=GO)
    sc.set_cards(0, hand=["mend"] * 9)
    sc.set(charge=(0, 0))
    sc.set_unit(0, 0, route=WB)
    sc.apply(sc.explore(0))
    assert not sc.done
    sc.apply(sc.end_turn())
    assert sc.done and sc.winner == 0 and sc.end_reason == "renown" and sc.player(0)["hand_size"] == 9


def test_discard_down_to_seven():
    """Rulebook, END OF TURN: 'Otherwise discard down to seven'."""
    sc = fresh()
    sc.set_cards(0, hand=["mend"] * 9)
    sc.apply(sc.end_turn())
    assert sc.player(0)["hand_size"] == 7 and sc.player(0)["discard"] == 2


@pytest.mark.parametrize(
    "renown,marks,winner,reason",
    [
        ((5, 3), (0, 0), 0, "round_limit_renown"),
        ((4, 4), (1, 2), 1, "round_limit_marks"),
        ((4, 4), (2, 2), -1, "draw"),
    ],
)
def test_round_twelve_limit(renown, marks, winner, reason):
    """Rulebook, END OF TURN: 'After both players' turns in round 12, higher Renown wins; a tie uses
    Companion journey marks; a further tie is a draw.'"""
    sc = fresh()
    sc.set_round(12)
    sc.set(renown=renown, marks=marks)
    sc.apply(sc.end_turn())
    assert not sc.done
    sc.apply(sc.end_turn())
    assert sc.done and sc.winner == winner and sc.end_reason == reason


def test_illegal_action_is_refused():
    """Rulebook, EXPLORE: 'Exhausted enemies do not block' (and exhausted characters cannot act): the
    scenario API refuses an action the rules do not allow."""
    sc = fresh()
    sc.set_unit(0, 0, ready=0)
    with pytest.raises(IllegalAction):
        sc.apply(sc.explore(0))


def test_stormdancer_optional_move_after_defeat():
    """Rulebook, SHIFT AND COMPANION PATHS: 'Optional post-defeat Stormdancer movement must resolve before
    another action.'"""
    sc = fresh("skyrunners/nima", "ironmaw/skara")
    sc.set_companion(0, path=1)
    sc.set_unit(1, 0, route=WB)
    sc.add_ally(1, "tusk_scout", LC, ready=False)
    sc.apply(sc.challenge(0, 1))
    assert sc.phase == E.PH_STORMDANCER and sc.legal() == [sc.choose(0), sc.choose(WB + 1), sc.choose(GO + 1)]
    sc.apply(sc.choose(GO + 1))
    assert sc.unit(0, 0)["route"] == GO and sc.phase == E.PH_MAIN
