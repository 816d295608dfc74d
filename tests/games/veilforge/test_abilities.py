"""Veilforge card abilities (rulebook §11 Card Abilities, §9 Card Anatomy, §14 Class, Resolve), the
effect vocabulary and static modifiers (ideals: §5 Ideal Zone)."""

from tests.games.veilforge.helpers import (
    CHROME,
    answer_all,
    battle,
    field,
    fresh,
    give_mana,
    pass_turn,
    pay,
    support,
)


def test_passive_abilities_work_while_the_card_is_disabled():
    """§11: "Passive abilities are always active, even while the card is disabled." A disabled War
    Banner still gives your creatures +1 damage."""
    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0))
    assert field(sc, 0, battle(0))["damage"] == 2
    sc.put(0, "war_banner", "field", slot=support(0), card_state="disabled")
    assert field(sc, 0, battle(0))["damage"] == 3


def test_activate_needs_the_card_enabled_and_heroes_activate_from_the_hero_zone():
    """§11 Activate: "usable only while the card is enabled in your hero, battle, or support zone";
    §5: "Heroes can activate their abilities from here". Seraphine pings from the hero zone; once
    disabled (by activating) she cannot again."""
    sc = fresh(order=1)
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    give_mana(sc, 0, 2)
    activations = [a for a in sc.legal() if sc.describe(a).startswith("activate")]
    assert [sc.describe(a) for a in activations] == ["activate seraphine_flamecaller (hero 0) ability 0 -> seat 1 battle 3"]
    sc.apply(activations[0])
    answer_all(sc)
    assert field(sc, 1, battle(0))["damage_taken"] == 1 and field(sc, 0, 0)["state"] == "disabled"
    assert not [a for a in sc.legal() if sc.describe(a).startswith("activate")]


def test_a_hand_spell_resolves_in_the_support_zone_then_goes_to_the_graveyard():
    """§11 Hand: "used while the card is in your hand; it's played from your hand and resolves in your
    support zone"; §5 Graveyard: "When a card's effect resolves ... it is sent here." """
    sc = fresh()
    sc.put(0, "firebolt", "hand")
    give_mana(sc, 0, 2)
    sc.put(1, "iron_sentinel", "field", slot=battle(0))
    sc.apply(sc.action("play", card="firebolt", target=(1, battle(0))))
    answer_all(sc)
    assert field(sc, 1, battle(0))["damage_taken"] == 3 and sc.player(0)["grave"] == ["firebolt"]


def test_a_graveyard_ability_is_used_from_the_graveyard():
    """§11 Graveyard: "used while the card is in your graveyard, and resolves there." The Grave Ghoul
    (2 mana) summons itself back, disabled."""
    sc = fresh()
    sc.put(0, "grave_ghoul", "grave")
    give_mana(sc, 0, 2)
    sc.apply(sc.action("graveyard", card="grave_ghoul", ability=0))
    answer_all(sc)
    assert field(sc, 0, battle(0))["card"] == "grave_ghoul" and sc.player(0)["grave"] == []


def test_a_summon_ability_takes_the_target_chosen_with_the_play():
    """Summon abilities (vocabulary `summon`): the Flame Drake deals 2 to the card chosen when it is
    played; with no card to choose it is played all the same and its ability fails."""
    sc = fresh()
    sc.put(0, "flame_drake", "hand")
    give_mana(sc, 0, 5)
    assert [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("play")] == ["play flame_drake"]
    sc.put(1, "iron_sentinel", "field", slot=battle(0))
    sc.apply(sc.action("play", card="flame_drake", target=(1, battle(0))))
    answer_all(sc)
    assert field(sc, 1, battle(0))["damage_taken"] == 2 and field(sc, 0, battle(0))["card"] == "flame_drake"


def test_a_destroy_ability_resolves_from_the_graveyard():
    """Destroy abilities (vocabulary `destroy`): the Recycler Unit draws its player a card when it is
    destroyed."""
    sc = fresh(CHROME, order=1)
    sc.put(0, "recycler_unit", "field", slot=battle(0))
    sc.put(1, "assault_mech", "field", slot=battle(0), card_state="enabled")
    pass_turn(sc)
    hand = len(sc.player(0)["hand"])
    sc.apply(sc.action("attack", slot=battle(0), target=(0, battle(0))))
    answer_all(sc)
    assert "recycler_unit" in sc.player(0)["grave"] and len(sc.player(0)["hand"]) == hand + 1


def test_an_ideal_changes_how_an_archetype_plays_and_a_class_a_b_counts_as_each():
    """§5 Ideal Zone: the ideal "can completely change how an archetype is normally played"; §14
    Class: "A card may have several classes split by " / ", and counts as each of them for all
    purposes." The Oath of the Vanguard gives your battle-zone Knights +1: the Human / Knight Ember
    Knight gets it, the Beast Cinder Hound does not; the opponent's knights do not."""
    sc = fresh()
    sc.put(0, "ember_knight", "field", slot=battle(0))
    sc.put(0, "cinder_hound", "field", slot=battle(1))
    sc.put(1, "ember_knight", "field", slot=battle(0))
    assert field(sc, 0, battle(0))["damage"] == 4 and field(sc, 0, battle(1))["damage"] == 2
    assert field(sc, 1, battle(0))["damage"] == 3
    assert field(sc, 0, 0)["damage"] == 3  # Aldric (a Knight) in the hero zone, not the battle zone


def test_a_static_cost_modifier_makes_spells_cheaper():
    """Static cost modifiers (vocabulary `cost`): under the Covenant of Ash spells and events cost 1
    less, never below 0 (§9 Cost: "The mana you pay to play the card")."""
    sc = fresh(order=1)
    sc.put(0, "firebolt", "hand")
    sc.put(0, "mending_light", "hand")
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    give_mana(sc, 0, 1)
    plays = [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("play")]
    assert plays == ["play firebolt -> seat 1 battle 3", "play mending_light"]
    sc.apply(sc.action("play", card="mending_light"))
    assert len(sc.player(0)["mana"]) == 1  # it cost 0


def test_an_effect_with_no_valid_target_left_fails_to_resolve():
    """§14 Resolve: "It "fails to resolve" if it is negated or no longer has valid targets." A firebolt
    whose target is destroyed by a response (its own caster's Sudden Flames) fails, and still goes to
    the graveyard."""
    sc = fresh(order=1)
    sc.put(0, "firebolt", "hand")
    sc.put(0, "sudden_flames", "hand")
    give_mana(sc, 0, 2)
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    sc.apply(sc.action("play", card="firebolt", target=(1, battle(0))))
    pay(sc)
    sc.apply(sc.action("quick", card="sudden_flames", target=(1, battle(0))))
    answer_all(sc)
    assert field(sc, 1, battle(0)) is None
    text = sc.events_text()
    assert any("spell firebolt of seat 0) fails to resolve" in line for line in text)
    assert sorted(sc.player(0)["grave"]) == ["firebolt", "sudden_flames"]


def test_all_and_random_selectors():
    """Effects on every matching card (Blood Moon: 1 to each opposing battle-zone card) and on a random
    one (the Assault Mech's attack: 1 to a random opposing battle-zone card, from the chance stream)."""
    sc = fresh(order=1)
    sc.put(0, "blood_moon", "hand")
    give_mana(sc, 0, 3)
    for i, card in enumerate(["ashen_archer", "ashen_archer", "ember_knight"]):
        sc.put(1, card, "field", slot=battle(i))
    sc.put(0, "squire_of_dawn", "field", slot=battle(0))
    sc.apply(sc.action("play", card="blood_moon"))
    answer_all(sc)
    assert [field(sc, 1, battle(i)) for i in range(2)] == [None, None]
    assert field(sc, 1, battle(2))["damage_taken"] == 1 and field(sc, 0, battle(0))["damage_taken"] == 0

    sc = fresh(CHROME)
    sc.put(0, "assault_mech", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "shield_bot", "field", slot=battle(0))
    sc.put(1, "shield_bot", "field", slot=battle(1))
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
    answer_all(sc)
    assert sorted(field(sc, 1, battle(i))["damage_taken"] for i in range(2)) == [0, 1]


def test_an_attaching_spell_weakens_an_opposing_card():
    """§14 Attachment: "attaching spells" (the Neural Jammer: -2 damage to the opposing card it
    attaches to)."""
    sc = fresh(CHROME, order=1)
    sc.put(0, "neural_jammer", "hand")
    give_mana(sc, 0, 2)
    sc.put(1, "assault_mech", "field", slot=battle(0))
    sc.apply(sc.action("play", card="neural_jammer", target=(1, battle(0))))
    answer_all(sc)
    assert field(sc, 1, battle(0))["damage"] == 2 and sc.player(0)["attachments"][0][0] == "neural_jammer"
