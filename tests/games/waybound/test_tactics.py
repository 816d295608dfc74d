"""TACTICS DRAFT 1, the healing Tactics and the Veilborn Tactics' 0.36 changes: scenario tests, each
quoting the passage it checks."""

from __future__ import annotations

import pytest

from sim.games.waybound import layout as L
from sim.games.waybound.scenario import WayboundScenario
from tests.games.waybound.helpers import (
    GO,
    LC,
    WB,
    fresh,
)

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
    sc = WayboundScenario()
    assert int(sc.tables.cards[sc.card(card), 1]) == cost


def test_offensive_tactic_needs_a_legal_target():
    """Rulebook, TACTICS DRAFT 1: 'New offensive Tactics cannot be played with no legal target.'"""
    sc = fresh()
    sc.set_cards(0, hand=["briar_verdict", "turn_back", "wildfire_passage"])
    assert not any(a >> 16 == L.A_PLAY_TACTIC for a in sc.legal())


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
    sc.apply(sc.play("lantern_signals", WayboundScenario.unit_move_target(0, WB)))
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
    sc.apply(sc.play("span_repair", WayboundScenario.unit_move_target(shell, GO)))
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


def test_no_tactic_reaction_during_an_opponents_challenge():
    """Rulebook, TACTICS DRAFT 1: 'Tactics are played during your own main phase; there is no reaction window
    during an opponent's Challenge or defender choice.' ... 'These are preparation plays, not reactions.'"""
    sc = fresh()
    sc.add_ally(1, "bonegnaw", LC)
    sc.set_cards(1, hand=["rending_strike", "iron_hide", "war_drums"])
    sc.apply(sc.challenge(0))
    assert sc.phase == L.PH_DEFEND and sc.decider == 1
    assert all(a >> 16 == L.A_CHOICE for a in sc.legal())


def test_returned_ally_replays_as_a_fresh_unit():
    """Rulebook, TACTICS DRAFT 1: 'Replaying costs its normal Charge and creates a fresh ready unit, including
    normal entry abilities.'"""
    sc = fresh("hearthbound/brindle", "veilborn/nyxara")
    weaver = sc.add_ally(1, "wispweaver", WB, damage=1, ready=False)
    sc.set_cards(0, hand=["turn_back"])
    sc.apply(sc.play("turn_back", weaver))
    sc.apply(sc.end_turn())
    charge = sc.player(1)["charge"]
    sc.apply(sc.play("wispweaver", GO))
    unit = sc.unit(1, sc.find(1, "wispweaver"))
    assert unit["ready"] and unit["damage"] == 0 and unit["route"] == GO
    assert sc.player(1)["charge"] == charge - 1 and sc.netherway_open  # Wispweaver's entry opening again


def test_returned_ally_counts_toward_the_owners_hand_limit():
    """Rulebook, TACTICS DRAFT 1: 'Companions cannot be returned to hand. The normal end-of-owner-turn hand
    limit still applies.'"""
    sc = fresh("hearthbound/brindle", "veilborn/nyxara")
    weaver = sc.add_ally(1, "wispweaver", WB)
    sc.set_cards(1, hand=["veil_whisper"] * 7)
    sc.set_cards(0, hand=["turn_back"])
    sc.apply(sc.play("turn_back", weaver))
    assert sc.player(1)["hand_size"] == 8
    sc.apply(sc.end_turn())
    sc.apply(sc.end_turn())  # the owner's turn ends: down to seven
    assert sc.phase == L.PH_HAND_LIMIT and sc.decider == 1
    sc.apply(sc.hand_limit_discard("wispweaver"))
    assert sc.player(1)["hand_size"] == 7 and sc.player(1)["discard"] == 1


def test_direct_removal_and_sweep_award_no_breach_or_stormwing_renown():
    """Rulebook, TACTICS DRAFT 1: 'Direct removal and sweep award no Breach or Stormwing Renown, because those
    bonuses require the character's own Challenge.'"""
    storm = fresh("skyrunners/vey")
    storm.set_companion(0, path=1)  # Stormwing
    storm.add_ally(1, "bonegnaw", GO)
    storm.set_cards(0, hand=["sever_the_thread"])
    storm.apply(storm.play("sever_the_thread", 1))
    assert storm.player(1)["units"] == 1 and storm.renown(0) == 0
    sweep = fresh("skyrunners/vey")
    sweep.set_companion(0, path=1)
    sweep.add_ally(1, "bonegnaw", GO)
    sweep.set_cards(0, hand=["empty_the_horizon"])
    sweep.apply(sweep.play("empty_the_horizon", GO))
    assert sweep.player(1)["units"] == 1 and sweep.renown(0) == 0
    breach = fresh("hearthbound/brindle")
    breach.add_ally(0, "thornrush", GO)
    breach.add_ally(1, "bonegnaw", GO)  # ready: a Breach target in a Challenge
    breach.set_cards(0, hand=["briar_verdict"])
    breach.apply(breach.play("briar_verdict", 1))
    assert breach.player(1)["units"] == 1 and breach.renown(0) == 0


def test_force_bonus_challenge_keeps_the_normal_defender_choice():
    """Rulebook, TACTICS DRAFT 1: 'A subsequent Challenge uses the bonus with normal defender choice.'"""
    sc = fresh()
    bone = sc.add_ally(1, "bonegnaw", LC)
    sc.set_cards(0, hand=["briar_surge"])
    sc.apply(sc.play("briar_surge", 0))
    assert not sc.is_legal(sc.challenge(0, bone))  # two ready defenders: the defending player chooses
    sc.apply(sc.challenge(0))
    assert sc.phase == L.PH_DEFEND and sc.decider == 1
    sc.apply(sc.choose(0))
    assert sc.player(1)["companion_defeats"] == 1  # Brindle's 2 + 3 on Guard 5 (2 alone would not defeat)


def test_guiding_glow_does_not_bypass_blocking():
    """Rulebook, TACTICS DRAFT 1: 'Guiding Glow / Tailwind: now 1 Charge for +2 Insight until end of your
    turn. Existing Explore blocking still applies.'"""
    sc = fresh(edition="0.36-no-opening")
    sc.set_cards(0, hand=["guiding_glow"])
    sc.apply(sc.play("guiding_glow", 0))
    assert sc.unit(0, 0)["insight"] == 4 and not sc.is_legal(sc.explore(0))  # Skara, ready, stands there
