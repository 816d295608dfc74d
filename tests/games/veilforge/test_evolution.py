"""Veilforge evolution (rulebook §13 Evolution; §11 Evolution, Quick Evolution; §14 Evolve)."""

from tests.games.veilforge.helpers import (
    CHROME,
    DUEL,
    answer_all,
    battle,
    field,
    fresh,
    give_mana,
    pay,
    support,
)

MIRROR = "ashen_control vs ashen_aggro"


def evolutions(sc) -> list[str]:
    return [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("evolve")]


def test_an_evolved_hero_takes_the_base_heros_place_state_and_attachments():
    """§13: "Evolved heroes: move all attachments from the base hero onto the evolved hero, remove the
    base hero from the game (not the banish zone), then the evolved hero takes its place and adopts
    its card state." """
    sc = fresh(DUEL)
    sc.move(0, 0, battle(0), card_state="enabled")
    sc.put(0, "tempered_blade", "hand")
    give_mana(sc, 0, 6)
    sc.apply(sc.action("play", card="tempered_blade", target=(0, battle(0))))
    answer_all(sc)
    assert "evolve aldric_ascendant from aldric_the_vanguard (battle 3)" in evolutions(sc)
    sc.apply(sc.action("evolve", card="aldric_ascendant", base=battle(0)))
    answer_all(sc)
    evolved = field(sc, 0, battle(0))
    assert evolved["card"] == "aldric_ascendant" and evolved["state"] == "enabled"
    assert evolved["damage"] == 5 + 1 + 2  # printed, the Oath (a Knight), the blade moved onto it
    attachment = sc.player(0)["attachments"][0]
    assert attachment[0] == "tempered_blade" and attachment[2] == evolved["serial"]
    assert sc.player(0)["removed"] == ["aldric_the_vanguard"] and sc.player(0)["banish"] == []
    assert sc.player(0)["evolution"].count("aldric_ascendant") == 0


def test_a_hero_evolves_in_the_hero_zone_too():
    """§13: "you can evolve a card in play into it"; the hero zone is part of the field (heroes act
    from it). The evolved hero stays in the hero zone with the base's state."""
    sc = fresh(DUEL)
    give_mana(sc, 0, 4)
    sc.apply(sc.action("evolve", card="aldric_ascendant", base=0))
    answer_all(sc)
    assert field(sc, 0, 0)["card"] == "aldric_ascendant" and field(sc, 0, 0)["state"] == "enabled"


def test_an_evolved_creature_is_summoned_disabled_into_the_bases_place():
    """§13: "Evolved creatures: summoned to your battle zone (or support, if the ability allows)
    following the Evolution text, in the disabled state unless stated otherwise." Gap (what happens to
    the base): reading, it goes to the graveyard and its slot is the evolved card's."""
    sc = fresh(DUEL)
    sc.put(0, "ember_knight", "field", slot=battle(0), card_state="enabled")
    give_mana(sc, 0, 2)
    assert evolutions(sc) == ["evolve ember_paladin from ember_knight (battle 3)"]
    sc.apply(sc.action("evolve", card="ember_paladin", base=battle(0)))
    answer_all(sc)
    assert field(sc, 0, battle(0))["card"] == "ember_paladin" and field(sc, 0, battle(0))["state"] == "disabled"
    assert sc.player(0)["grave"] == ["ember_knight"]


def test_the_base_creature_is_removed_from_the_game_under_the_other_reading():
    """Rule evolved_base_removed = 1: the base creature is removed from the game, like a base hero."""
    sc = fresh(DUEL, rules={"evolved_base_removed": 1})
    sc.put(0, "ember_knight", "field", slot=battle(0), card_state="enabled")
    give_mana(sc, 0, 2)
    sc.apply(sc.action("evolve", card="ember_paladin", base=battle(0)))
    answer_all(sc)
    assert sc.player(0)["removed"] == ["ember_knight"] and sc.player(0)["grave"] == []


def test_an_evolution_needs_its_requirement_met():
    """§13: "When a card's Evolution requirements are met, you can evolve a card in play into it": the
    Ember Paladin evolves from the Ember Knight only; the Elder Drake from any Beast creature (a class
    requirement), not from a Beast hero (another card type)."""
    sc = fresh(DUEL)
    sc.put(0, "squire_of_dawn", "field", slot=battle(0))
    sc.put(0, "cinder_hound", "field", slot=battle(1))
    give_mana(sc, 0, 3)
    listed = evolutions(sc)
    assert "evolve ember_paladin from squire_of_dawn (battle 3)" not in listed
    assert listed == []  # the Elder Drake is a Quick Evolution (a reaction); Aldric Ascendant costs 4


def test_an_evolved_structure_is_summoned_to_the_support_zone():
    """§13: "Evolved structures: summoned to your support zone following the Evolution text, disabled
    unless stated otherwise." """
    sc = fresh(CHROME, order=1)  # chrome_control
    sc.put(0, "relay_tower", "field", slot=support(0), card_state="enabled")
    give_mana(sc, 0, 2)
    sc.apply(sc.action("evolve", card="relay_array", base=support(0)))
    answer_all(sc)
    assert field(sc, 0, support(0))["card"] == "relay_array" and field(sc, 0, support(0))["state"] == "disabled"


def test_the_evolution_text_resolves_when_the_card_evolves():
    """§13 "following the Evolution text": the Assault Mech v2 deals 2 to a chosen card as it evolves."""
    sc = fresh(CHROME)
    sc.put(0, "assault_mech", "field", slot=battle(0))
    sc.put(1, "shield_bot", "field", slot=battle(0))
    give_mana(sc, 0, 2)
    sc.apply(sc.action("evolve", card="assault_mech_v2", base=battle(0), target=(1, battle(0))))
    answer_all(sc)
    assert field(sc, 1, battle(0))["damage_taken"] == 2 and field(sc, 0, battle(0))["card"] == "assault_mech_v2"


def test_an_evolution_can_be_negated():
    """An evolution is an action: it can be answered, and a negated evolution card goes to the
    graveyard while the base stays."""
    sc = fresh(MIRROR, order=1)  # ashen_aggro in seat 0, ashen_control (a ward) in seat 1
    sc.put(0, "ember_knight", "field", slot=battle(0))
    give_mana(sc, 0, 2)
    sc.put(1, "counterspell_ward", "hand")
    give_mana(sc, 1, 1)
    sc.apply(sc.action("evolve", card="ember_paladin", base=battle(0)))
    pay(sc)
    while sc.state()["decider"] != 1:
        sc.apply(sc.action("pass"))
    sc.apply(sc.action("quick", card="counterspell_ward"))
    answer_all(sc)
    assert field(sc, 0, battle(0))["card"] == "ember_knight" and sc.player(0)["grave"] == ["ember_paladin"]
