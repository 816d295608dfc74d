"""Veilforge zones (rulebook §5 The Battlefield; §14 Attachment, Banish, Destroy, Move, Return,
Removed from the game)."""

from tests.games.veilforge.helpers import (
    CHROME,
    DUEL,
    answer_all,
    battle,
    field,
    fresh,
    give_mana,
    pass_turn,
    support,
)


def test_the_battle_zone_has_five_slots():
    """§5: "Battle Zone (5 slots)". With five cards there, no creature can be played; a spell can."""
    sc = fresh()
    for i, card in enumerate(["squire_of_dawn"] * 4 + ["cinder_hound"]):
        sc.put(0, card, "field", slot=battle(i))
    give_mana(sc, 0, 3)
    sc.put(0, "cinder_hound", "hand")
    sc.put(0, "call_to_arms", "hand")
    plays = [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("play")]
    assert plays == ["play call_to_arms"]


def test_the_number_of_slots_is_rule_data():
    """The rulebook's 5 slots are rule data (battle_slots, support_slots): with 3 battle slots the
    fourth creature has nowhere to go."""
    sc = fresh(rules={"battle_slots": 3})
    for i in range(3):
        sc.put(0, "squire_of_dawn", "field", slot=battle(i))
    give_mana(sc, 0, 3)
    sc.put(0, "cinder_hound", "hand")
    assert not [a for a in sc.legal() if sc.describe(a).startswith("play")]


def test_the_support_zone_has_five_slots():
    """§5: "Support Zone (5 slots)": spells resolve there, so a full support zone plays none."""
    sc = fresh(order=1)  # ashen_control (watchtowers, shrines) in seat 0
    for i, card in enumerate(["watchtower"] * 3 + ["ember_shrine"]):
        sc.put(0, card, "field", slot=support(i))
    sc.put(0, "firebolt", "hand")
    sc.put(0, "squire_of_dawn", "hand")
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    give_mana(sc, 0, 3)
    assert [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("play")] == [
        "play firebolt -> seat 1 battle 3", "play squire_of_dawn"]
    sc.put(0, "ember_shrine", "field", slot=support(4))
    assert [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("play")] == ["play squire_of_dawn"]


def test_a_hero_is_summoned_from_the_hero_zone_to_the_battle_zone():
    """§5 Hero Zone: heroes "can normally be summoned to the battle zone"; reading: for the hero's cost,
    and they enter disabled like any summoned card (§5 Battle Zone)."""
    sc = fresh()
    give_mana(sc, 0, 3)
    sc.apply(sc.action("hero", slot=0))
    answer_all(sc)
    assert field(sc, 0, 0) is None
    assert field(sc, 0, battle(0))["card"] == "aldric_the_vanguard" and field(sc, 0, battle(0))["state"] == "disabled"
    assert sc.player(0)["mana"] == []


def test_a_destroyed_hero_returns_to_the_hero_zone_disabled_and_its_attachments_go_to_the_graveyard():
    """§5 Hero Zone: "if a hero in the battle or support zone would be destroyed it returns here
    disabled instead. Whenever a hero returns to the hero zone, every card attached to it is sent to
    the graveyard"."""
    sc = fresh()
    sc.move(0, 0, battle(0))
    sc.put(0, "tempered_blade", "hand")
    give_mana(sc, 0, 2)
    sc.apply(sc.action("play", card="tempered_blade", target=(0, battle(0))))
    answer_all(sc)
    assert sc.player(0)["attachments"][0][0] == "tempered_blade"
    assert field(sc, 0, battle(0))["damage"] == 3 + 1 + 2  # printed, the Oath (a Knight), the blade
    pass_turn(sc)
    sc.put(1, "firebolt", "hand")
    give_mana(sc, 1, 1)  # 3 + 1 after the Covenant of Ash: firebolt costs 1
    sc.set_damage(0, battle(0), 8)
    sc.apply(sc.action("play", card="firebolt", target=(0, battle(0))))
    answer_all(sc)
    hero = field(sc, 0, 0)
    assert hero["card"] == "aldric_the_vanguard" and hero["state"] == "disabled"
    assert field(sc, 0, battle(0)) is None
    assert sc.player(0)["attachments"] == [] and sc.player(0)["grave"] == ["tempered_blade"]
    assert "firebolt" in sc.player(1)["grave"]  # "When a card's effect resolves ... it is sent here"


def test_heroes_in_the_hero_zone_can_never_be_attacked():
    """§5 Hero Zone: "Heroes in the hero zone can never be attacked." """
    sc = fresh()
    sc.put(0, "night_stalker", "field", slot=battle(0), card_state="enabled")  # flanking too
    targets = [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("attack")]
    assert targets == ["attack night_stalker (battle 3) -> player 1"]


def test_return_sends_a_card_to_its_owners_hand_and_a_hero_to_the_hero_zone():
    """§14 Return: "Move a card from the field back to its owner's hand." §5: "When a hero is removed
    from the battle or support zone in any way it returns here disabled" (reading for a hero hit by
    Return)."""
    for target, card in ((battle(0), "cinder_hound"), (battle(1), "aldric_the_vanguard")):
        sc = fresh(order=1)  # ashen_control (recall) in seat 0
        if card == "cinder_hound":
            sc.put(1, card, "field", slot=target)
        else:
            sc.move(1, 0, target)
        sc.put(0, "recall", "hand")
        give_mana(sc, 0, 2)
        sc.apply(sc.action("play", card="recall", target=(1, target)))
        answer_all(sc)
        assert field(sc, 1, target) is None
        if card == "cinder_hound":
            assert sc.player(1)["hand"] == ["cinder_hound"]
        else:
            assert field(sc, 1, 0)["card"] == "aldric_the_vanguard" and field(sc, 1, 0)["state"] == "disabled"


def test_banished_cards_go_to_the_banish_zone_and_a_banished_hero_to_the_hero_zone():
    """§5 Banish Zone: "where cards go when removed from the game entirely by an effect"; a hero
    returns to the hero zone instead ("removed from the battle or support zone in any way")."""
    for target, card in ((battle(0), "rifle_trooper"), (battle(1), "nyx_infiltrator")):
        sc = fresh(CHROME, order=1)  # chrome_control (phase_out) in seat 0
        if card == "rifle_trooper":
            sc.put(1, card, "field", slot=target)
        else:
            sc.move(1, 1, target)
        sc.put(0, "phase_out", "hand")
        give_mana(sc, 0, 3)
        sc.apply(sc.action("play", card="phase_out", target=(1, target)))
        answer_all(sc)
        if card == "rifle_trooper":
            assert sc.player(1)["banish"] == ["rifle_trooper"] and sc.player(1)["grave"] == []
        else:
            assert field(sc, 1, 1)["card"] == "nyx_infiltrator" and sc.player(1)["banish"] == []


def test_a_move_keeps_state_and_attachments_and_needs_an_open_slot():
    """§14 Move: "Change a card's zone without removing it from play. The destination needs an open
    slot or the move fails, and the card keeps its current state and attachments. Moving is not
    summoning, so on-summon abilities don't trigger." The hover scout (summoned to the support zone)
    moves itself into battle, keeping its technology."""
    sc = fresh(CHROME)
    sc.put(0, "hover_scout", "field", slot=support(0), card_state="enabled")
    sc.put(0, "targeting_chip", "hand")
    give_mana(sc, 0, 1)
    serial = field(sc, 0, support(0))["serial"]
    sc.apply(sc.action("activate", slot=support(0), ability=0))
    moved = field(sc, 0, battle(0))
    assert moved["card"] == "hover_scout" and moved["state"] == "disabled" and field(sc, 0, support(0)) is None
    assert moved["serial"] == serial  # the same card, not a new one
    sc.apply(sc.action("play", card="targeting_chip", target=(0, battle(0))))
    assert field(sc, 0, battle(0))["damage"] == 3 and sc.player(0)["attachments"][0][0] == "targeting_chip"


def test_a_move_to_a_full_zone_fails():
    """§14 Move: "The destination needs an open slot or the move fails"."""
    sc = fresh(CHROME)
    for i, card in enumerate(["rifle_trooper"] * 4 + ["scout_drone"]):
        sc.put(0, card, "field", slot=battle(i))
    sc.put(0, "hover_scout", "field", slot=support(0), card_state="enabled")
    sc.apply(sc.action("activate", slot=support(0), ability=0))
    assert field(sc, 0, support(0))["card"] == "hover_scout"


def test_attachments_are_played_to_a_support_slot_then_attach_and_follow_their_main_card():
    """§14 Attachment: "Equipment, technology, and attaching spells are first played to an empty
    support slot to resolve their text, then leave that slot and attach. Attached cards don't occupy a
    slot, and are sent to the graveyard when the main card leaves play"."""
    sc = fresh(order=1)  # ashen_control (aegis_shield) in seat 0
    sc.put(0, "ember_knight", "field", slot=battle(0))
    sc.put(0, "aegis_shield", "hand")
    give_mana(sc, 0, 2)
    sc.apply(sc.action("play", card="aegis_shield", target=(0, battle(0))))
    assert field(sc, 0, support(0))["card"] == "aegis_shield" and field(sc, 0, support(0))["state"] == "resolving"
    answer_all(sc)
    assert all(slot < support(0) for slot in sc.player(0)["field"])
    assert field(sc, 0, battle(0))["health"] == 5
    pass_turn(sc)
    sc.put(1, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.apply(sc.action("attack", slot=battle(0), target=(0, battle(0))))  # hound 2 damage: the knight lives
    answer_all(sc)  # seat 1 may answer its own attack (an elder drake quick evolution): it passes
    sc.put(0, "recall", "hand")
    pass_turn(sc)
    give_mana(sc, 0, 1)
    sc.apply(sc.action("play", card="recall", target=(0, battle(0))))
    answer_all(sc)
    assert sc.player(0)["hand"][-1] == "ember_knight" and sc.player(0)["grave"][-2:] == ["aegis_shield", "recall"]


def test_support_zone_cards_enter_disabled_and_cannot_be_attacked():
    """§5 Support Zone: "Cards here are disabled when summoned and can't attack or be attacked unless
    stated otherwise." """
    sc = fresh()
    sc.put(0, "war_banner", "hand")
    give_mana(sc, 0, 3)
    sc.apply(sc.action("play", card="war_banner"))
    answer_all(sc)
    assert field(sc, 0, support(0))["state"] == "disabled"
    sc.put(1, "watchtower", "field", slot=support(0))
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    attacks = [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("attack")]
    assert attacks == ["attack cinder_hound (battle 3) -> player 1"]


def test_there_is_no_maximum_hand_size():
    """§5 Hand: "There is no maximum hand size." """
    sc = fresh()
    for card in sc.player(0)["deck"][:15]:
        sc.put(0, card, "hand")
    pass_turn(sc)
    assert len(sc.player(0)["hand"]) == 15


def test_every_card_is_in_exactly_one_place():
    """§5's zones hold every card of a player: the debug invariant (cards conserved) holds over a
    whole match in both seat orders."""
    from sim.games.veilforge.scenario import VeilforgeScenario

    for order in (0, 1):
        sc = VeilforgeScenario.new(DUEL, seed=9, order=order)
        while not sc.state()["done"]:
            sc.apply(sc.legal()[-1])
        assert sc.invariant_error() == 0
