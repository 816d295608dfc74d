"""Character abilities: Ironmaw's (Claim the Way, Relentless, Fang Sovereign, Siege Rhythm, Pack
Momentum, the auras), Hex, HEALING AND FORCE's Kindled Fury and Lantern Care, STAR CHART and Prismarten's
Shift: scenario tests, each quoting the passage it checks."""

from __future__ import annotations

import pytest

from sim.games.waybound import layout as L
from tests.games.waybound.helpers import (
    LC,
    WB,
    fresh,
    pass_turn_pair,
)


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


def test_relentless_paid_ready_once_and_no_explore():
    """Rulebook: 'Skara's Relentless offers a paid 1-Charge ready after its own Challenge defeats an Ally,
    once per turn; Eightfold Ravager allows twice. It cannot Explore that turn.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    sc.set_unit(1, 0, route=WB)
    sc.add_ally(1, "lamplighter", LC)
    sc.add_ally(1, "lamplighter", LC, ready=False)
    sc.apply(sc.challenge(0, 1))
    assert sc.phase == L.PH_RELENTLESS
    sc.apply(sc.choose(1))
    assert sc.unit(0, 0)["ready"] and sc.player(0)["charge"] == 5
    assert not sc.is_legal(sc.explore(0))
    sc.apply(sc.challenge(0, 1))
    assert sc.phase == L.PH_MAIN  # once per turn
    sc2 = fresh("ironmaw/skara", "hearthbound/brindle")
    sc2.set_companion(0, path=0, ascended=True)  # Eightfold Ravager
    sc2.set_unit(1, 0, route=WB)
    for _ in range(3):
        sc2.add_ally(1, "lamplighter", LC, ready=False)
    for _ in range(2):
        sc2.apply(sc2.challenge(0, 1))
        sc2.apply(sc2.choose(1))
    sc2.apply(sc2.challenge(0, 1))
    assert sc2.phase == L.PH_MAIN


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
    assert sc.phase == L.PH_ENTRY_HEAL
    assert sc.legal() == [sc.choose(0)]
    sc.apply(sc.choose(0))
    assert sc.unit(0, 0)["damage"] == 1
    sc.apply(sc.play("wickmender", WB))
    assert sc.phase == L.PH_MAIN


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
    assert sc.phase == L.PH_STAR_CHART and sc.decider == 0
    sc.apply(sc.choose(1 * 2 + 0))  # keep 'tailwind'; bottom: starfall then guststep
    assert "tailwind" in sc.hand(0)
    assert sc.deck(0) == ["cloudherd", "starfall", "guststep"]
    sc.set_cards(0, deck=[])
    sc.apply(sc.play("duskquill", WB))
    assert sc.phase == L.PH_MAIN and sc.discard(0) == ["clear_skies"]


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


def test_claim_the_way_not_for_companion_defeats():
    """Rulebook, BALANCE UPDATE 0.36: 'Claim the Way awards 1 Renown for the first own-turn Challenge that
    defeats an opposing Ally ... Defeating Companions, direct Tactics and Cleave spillover do not trigger it.'"""
    sc = fresh("ironmaw/rauk", "hearthbound/brindle")
    sc.set_unit(1, 0, damage=2)
    sc.apply(sc.challenge(0, 0))  # Rauk's 3 on Guard 5 with 2 damage
    assert sc.player(1)["companion_defeats"] == 1 and sc.renown(0) == 0


def test_printed_guard_is_not_reduced_by_damage():
    """Rulebook, HEALING AND FORCE: 'Printed Guard is not reduced by damage.' A character is defeated when
    its damage reaches its printed Guard, which damage leaves as it is."""
    sc = fresh()
    warden = sc.add_ally(0, "hearth_warden", WB, damage=3)
    assert sc.unit(0, warden)["guard"] == 4 and sc.unit(0, warden)["damage"] == 3
    sc.set_unit(0, 0, damage=4)
    assert sc.unit(0, 0)["guard"] == 5
    sc.set_unit(1, 0, ready=0)
    scout = sc.add_ally(0, "lamplighter", LC)
    sc.apply(sc.challenge(scout, 0))  # 1 damage on Skara: 1 of its printed 5
    assert sc.unit(1, 0)["guard"] == 5 and sc.unit(1, 0)["damage"] == 1


def test_shift_does_not_ready_and_resets_on_the_next_owner_turn():
    """Rulebook, SHIFT: 'Keep damage, readiness, location and other restrictions; Shift does not heal, move
    or ready it. Reset usage on the next owner turn.'"""
    sc = fresh()
    prism = sc.add_ally(0, "prismarten", WB, damage=1, ready=False)
    sc.apply(sc.shift(prism))
    unit = sc.unit(0, prism)
    assert not unit["ready"] and unit["damage"] == 1 and unit["route"] == WB and unit["force"] == 4
    assert not sc.is_legal(sc.shift(prism))
    pass_turn_pair(sc)
    assert sc.is_legal(sc.shift(prism)) and sc.unit(0, prism)["force"] == 4  # the mode stays Striker


def test_star_chart_choice_blocks_other_actions():
    """Rulebook, STAR CHART: 'Do not end the turn or take another action while this choice is unresolved.'"""
    sc = fresh("skyrunners/vey")
    sc.set_cards(0, hand=["duskquill", "clear_skies"], deck=["starfall", "tailwind", "guststep"])
    sc.apply(sc.play("duskquill", WB))
    legal = sc.legal()
    assert legal and all(a >> 16 == L.A_CHOICE for a in legal) and sc.end_turn() not in legal
