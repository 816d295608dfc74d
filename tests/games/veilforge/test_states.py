"""Veilforge card states (rulebook §8 Card States)."""

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


def test_summoned_cards_enter_disabled_unless_stated_otherwise():
    """§8 Disabled: "Heroes, creatures, and structures enter the battle or support zone disabled and
    can't act until your next turn unless stated otherwise." The Cinder Hound is swift (stated
    otherwise): it enters enabled and may attack at once."""
    sc = fresh()
    give_mana(sc, 0, 3)
    sc.put(0, "squire_of_dawn", "hand")
    sc.put(0, "cinder_hound", "hand")
    sc.apply(sc.action("play", card="squire_of_dawn"))
    answer_all(sc)
    sc.apply(sc.action("play", card="cinder_hound"))
    answer_all(sc)
    assert field(sc, 0, battle(0))["state"] == "disabled" and field(sc, 0, battle(1))["state"] == "enabled"
    assert [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("attack")] == [
        "attack cinder_hound (battle 4) -> player 1"]


def test_spells_in_the_support_zone_count_as_enabled_while_they_resolve():
    """§8: "Events, spells, equipment, and technology are played to the support zone and count as
    enabled for the purpose of resolving their text" (state `resolving`, outside the enabled /
    disabled states; §5: "not subject to the enabled or disabled states")."""
    sc = fresh(order=1)  # ashen_control
    sc.put(0, "counterspell_ward", "hand")
    sc.put(0, "call_to_arms", "hand")
    give_mana(sc, 0, 4)
    sc.apply(sc.action("play", card="call_to_arms"))
    pay(sc)
    assert sc.state()["pending"] == "respond"
    assert field(sc, 0, support(0)) == {**field(sc, 0, support(0)), "card": "call_to_arms", "state": "resolving"}
    sc.apply(sc.action("pass"))
    assert field(sc, 0, support(0)) is None and "call_to_arms" in sc.player(0)["grave"]


def test_an_exhausted_card_cannot_attack_and_misses_a_turn():
    """§8 Exhausted: "a heavier version of disabled ... It cannot attack or activate abilities. At the
    start of its controller's next turn it becomes disabled rather than enabled". EMP Blast exhausts
    an opposing card."""
    sc = fresh(CHROME)
    sc.put(0, "emp_blast", "hand")
    give_mana(sc, 0, 3)
    sc.put(1, "shield_bot", "field", slot=battle(0), card_state="enabled")
    sc.apply(sc.action("play", card="emp_blast", target=(1, battle(0))))
    answer_all(sc)
    assert field(sc, 1, battle(0))["state"] == "exhausted"
    pass_turn(sc)
    assert field(sc, 1, battle(0))["state"] == "disabled"
    pass_turn(sc)
    pass_turn(sc)
    assert field(sc, 1, battle(0))["state"] == "enabled"
