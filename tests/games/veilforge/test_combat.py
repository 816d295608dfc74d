"""Veilforge combat (rulebook §7 Combat; §5 Battle Zone; §14 Direct attack, Non-direct attack)."""

import shutil

import yaml

from sim.games.veilforge import data
from sim.games.veilforge.game import Veilforge
from sim.games.veilforge.scenario import VeilforgeScenario
from tests.games.veilforge.helpers import CHROME, answer_all, battle, field, fresh, give_mana, support


def attacks(sc) -> list[str]:
    return [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("attack")]


def test_a_direct_attack_loses_one_damage_per_card_in_the_defenders_battle_zone():
    """§7: "Direct attack: attack the opponent directly. It deals damage equal to the attacker's
    damage, reduced by 1 for each card in the defender's battle zone, to a minimum of 0." §5: "Each
    card in your battle zone, enabled or disabled, reduces the damage of a direct attack on you by 1." """
    for defenders, hit in ((0, 3), (1, 2), (2, 1), (4, 0)):
        sc = fresh()
        sc.put(0, "night_stalker", "field", slot=battle(0), card_state="enabled")
        for i, card in enumerate(["squire_of_dawn", "squire_of_dawn", "iron_sentinel", "iron_sentinel"][:defenders]):
            sc.put(1, card, "field", slot=battle(i), card_state="disabled" if i % 2 else "enabled")
        sc.set_life(0, 25)  # the stalker's attack heals its player 1; keep it below the cap
        life = sc.player(1)["life"]
        sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
        assert sc.player(1)["life"] == life - hit, defenders


def test_an_attack_on_a_card_deals_its_damage_and_only_counterattack_answers():
    """§7: "Attacking the battle zone: attack a card in the opponent's battle zone. The attacker deals
    its damage to that card. The defender only deals damage back if it has the Counterattack passive,
    in which case it deals its damage to the attacker after taking the hit. Any card whose health is
    reduced to 0 is destroyed." """
    sc = fresh(order=1)  # ashen_control in seat 0: its squires and knights have no Oath
    sc.put(0, "ember_knight", "field", slot=battle(0), card_state="enabled")
    sc.put(0, "squire_of_dawn", "field", slot=battle(1), card_state="enabled")
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    sc.put(1, "ember_knight", "field", slot=battle(1))
    sc.apply(sc.action("attack", slot=battle(1), target=(1, battle(0))))  # squire 1 vs hound 2/2: no answer
    assert field(sc, 1, battle(0))["damage_taken"] == 1 and field(sc, 0, battle(1))["damage_taken"] == 0
    sc.apply(sc.action("attack", slot=battle(0), target=(1, battle(1))))  # knight 3 vs knight 4/3 (Oath)
    assert field(sc, 1, battle(1)) is None and "ember_knight" in sc.player(1)["grave"]
    assert field(sc, 0, battle(0))["damage_taken"] == 0  # destroyed by the hit: no counterattack (reading)


def test_a_surviving_counterattacker_hits_back_after_the_hit():
    """§7 Counterattack, with a defender that survives the hit: the attacker takes its damage."""
    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "iron_sentinel", "field", slot=battle(0))
    sc.apply(sc.action("attack", slot=battle(0), target=(1, battle(0))))
    assert field(sc, 1, battle(0))["damage_taken"] == 2
    assert field(sc, 0, battle(0)) is None and sc.player(0)["grave"] == ["cinder_hound"]


def test_a_defender_destroyed_by_the_hit_counterattacks_under_the_other_reading():
    """Gap: a defender destroyed by the hit it answers. Rule counter_when_destroyed = 1: it still
    deals its damage back (it "deals its damage to the attacker after taking the hit")."""
    sc = fresh(order=1, rules={"counter_when_destroyed": 1})
    sc.put(0, "ember_knight", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "ember_knight", "field", slot=battle(0))
    sc.apply(sc.action("attack", slot=battle(0), target=(1, battle(0))))
    assert field(sc, 1, battle(0)) is None
    assert field(sc, 0, battle(0)) is None  # 4 damage back (3 + the Oath) destroys the attacker too


def test_a_card_attacks_once_per_turn_and_attacking_disables_it():
    """§7: "an enabled hero or creature in your battle zone may attack once per turn"; §8 Enabled:
    "After it attacks or activates an ability, it is disabled"."""
    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
    assert field(sc, 0, battle(0))["state"] == "disabled" and attacks(sc) == []


def test_attacking_or_activating_disables_so_a_card_does_one_or_the_other():
    """§8: "After it attacks or activates an ability, it is disabled": Seraphine in the battle zone
    activates her ping, then cannot attack this turn."""
    sc = fresh(order=1)  # ashen_control: seraphine_flamecaller in hero slot 0
    sc.move(0, 0, battle(0), card_state="enabled")
    sc.put(1, "squire_of_dawn", "field", slot=battle(0))
    sc.put(0, sc.player(0)["deck"][-1], "mana")
    assert attacks(sc)
    sc.apply(sc.action("activate", slot=battle(0), ability=0, target=(1, battle(0))))
    answer_all(sc)
    assert field(sc, 0, battle(0))["state"] == "disabled" and attacks(sc) == []


def test_a_disabled_card_in_the_battle_zone_can_be_attacked():
    """§8 Disabled: "A disabled card in the battle zone can still be attacked." """
    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "squire_of_dawn", "field", slot=battle(0), card_state="disabled")
    assert "attack cinder_hound (battle 3) -> seat 1 battle 3" in attacks(sc)


def test_support_zone_cards_are_attacked_only_with_flanking_or_sniping():
    """§7: "Cards in the support zone can only be attacked if a passive or active ability explicitly
    allows it". Readings: Flanking and Sniping attacks may target support-zone cards (with damage and
    health); a Sniping attack is never counterattacked."""
    sc = fresh()
    sc.put(1, "watchtower", "field", slot=support(0))
    sc.put(1, "iron_sentinel", "field", slot=battle(0))
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.put(0, "night_stalker", "field", slot=battle(1), card_state="enabled")
    sc.put(0, "ashen_archer", "field", slot=battle(2), card_state="enabled")
    listed = attacks(sc)
    assert "attack cinder_hound (battle 3) -> seat 1 support 8" not in listed
    assert "attack night_stalker (battle 4) -> seat 1 support 8" in listed  # Flanking
    assert "attack ashen_archer (battle 5) -> seat 1 support 8" in listed  # Sniping
    sc.apply(sc.action("attack", slot=battle(2), target=(1, battle(0))))  # the archer shoots the sentinel
    assert field(sc, 0, battle(2))["damage_taken"] == 0  # no counterattack on a Sniping attack
    assert field(sc, 1, battle(0))["damage_taken"] == 2


def test_some_cards_make_only_non_direct_attacks():
    """§14 Non-direct attack: "Some cards can only make non-direct attacks." (keyword no_direct)."""
    sc = fresh(order=1)
    sc.put(0, "iron_sentinel", "field", slot=battle(0), card_state="enabled")
    assert attacks(sc) == []
    sc.put(1, "squire_of_dawn", "field", slot=battle(0))
    assert attacks(sc) == ["attack iron_sentinel (battle 3) -> seat 1 battle 3"]


def test_only_heroes_and_creatures_in_the_battle_zone_attack():
    """§7: "an enabled hero or creature in your battle zone may attack": not from the hero or support
    zone."""
    sc = fresh(CHROME)
    sc.put(0, "hover_scout", "field", slot=support(0), card_state="enabled")
    assert attacks(sc) == []  # heroes enabled in the hero zone and a creature in support: no attack


def test_attack_abilities_resolve_when_the_attack_does():
    """§11 with a trigger on attack (vocabulary `attack`): Mordrath heals his player 2 as he attacks;
    life never exceeds its starting value (reading)."""
    sc = fresh()
    sc.move(0, 1, battle(0), card_state="enabled")
    sc.set_life(0, 20)
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
    assert sc.player(0)["life"] == 22


def test_healing_stops_at_the_starting_life_unless_the_edition_lifts_the_cap():
    """"Your life total, equal to the combined health of your 3 heroes at the start of the game" — read, as an
    assumption, as a maximum that healing never passes (`heal_above_start: 0`); the edition heal-above-start is
    the other reading (RULES.md, Ambiguities; issue 46). Mordrath heals his player 2 as he attacks, at full life."""
    for edition, gained in (("standard", 0), ("heal-above-start", 2)):
        sc = fresh(edition=edition)
        start = sc.player(0)["life"]
        sc.move(0, 1, battle(0), card_state="enabled")
        sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
        assert sc.player(0)["life"] == start + gained, edition


def test_a_pierce_ideal_ignores_part_of_the_reduction():
    """The rule number "reduced by 1 for each card" is modified by data: Protocol Overclock's direct
    attacks ignore 1 of the reduction."""
    sc = fresh(CHROME)
    sc.put(0, "rifle_trooper", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "shield_bot", "field", slot=battle(0))
    life = sc.player(1)["life"]
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
    answer_all(sc)
    assert sc.player(1)["life"] == life - 2


def test_a_re_enabled_attacker_does_not_attack_again_this_turn(tmp_path):
    """§4: "An enabled hero or creature may attack once per turn unless stated otherwise" (issue 46: the
    vocabulary's `enable` made an attacker enabled again, and it could attack twice). Reboot Protocol (an
    assumed card in no deck; here in chrome_aggro for a Supply Drop, a deck variant) enables the Rifle Trooper
    after its attack: it is enabled, yet offers no attack until its next turn."""
    folder = tmp_path / "veilforge"
    shutil.copytree(data.DATA_DIR, folder)
    (folder / "editions" / "reboot.yaml").write_text(yaml.safe_dump(
        {"base": "standard", "deck_errata": {"chrome_aggro": {"main": {"reboot_protocol": 1, "supply_drop": 2}}}}))
    sc = VeilforgeScenario.new(CHROME, edition="reboot", game=Veilforge(folder))
    for seat in range(2):
        sc.clear_hand(seat)
        sc.clear_mana(seat)
    sc.put(0, "rifle_trooper", "field", slot=battle(0), card_state="enabled")
    sc.put(0, "reboot_protocol", "hand")
    give_mana(sc, 0, 1)
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
    answer_all(sc)
    assert attacks(sc) == []
    sc.apply(sc.action("play", card="reboot_protocol", target=(0, battle(0))))
    answer_all(sc)
    assert field(sc, 0, battle(0))["state"] == "enabled" and attacks(sc) == []
