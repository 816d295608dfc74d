"""EXPLORE (and Glass Orchard): scenario tests, each quoting the passage it checks."""

from __future__ import annotations

from sim.games.waybound import vocab as V
from tests.games.waybound.helpers import (
    GO,
    WB,
    fresh,
)


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


def test_glass_orchard_gives_plus_one_force_to_both_sides():
    """Rulebook, EXPLORE: 'Glass Orchard grants +1 Force to every character there, on either side; it
    no longer heals.'"""
    sc = fresh()
    sc.set_unit(0, 0, route=GO, damage=1)
    sc.set_unit(1, 0, route=GO)
    assert sc.unit(0, 0)["force"] == 3 and sc.unit(1, 0)["force"] == 4
    sc.apply(sc.end_turn())
    assert sc.unit(0, 0)["damage"] == 1


def test_blocking_ignores_force_guard_damage_and_insight():
    """Rulebook, EXPLORE: 'ANY ready opposing character at the same Route blocks Explore, regardless of
    Force, Guard, damage or Insight.'"""
    for blocker, damage in (("bonegnaw", 2), ("wispweaver", 0)):  # Insight 0 and damaged; Force 0
        sc = fresh()
        sc.set_unit(1, 0, route=GO)
        sc.add_ally(1, blocker, WB, damage=damage)
        tender = sc.add_ally(0, "orchard_tender", WB)
        assert not sc.is_legal(sc.explore(tender)), blocker


def test_slipstream_does_not_bypass_explore_blocking():
    """Rulebook, EXPLORE: 'No current character has Elusive or another ability to bypass this restriction.
    Slipstream does not bypass it.'"""
    sc = fresh("skyrunners/vey")
    sc.set_unit(1, 0, route=GO)
    wing = sc.add_ally(0, "veilwing", WB)
    scout = sc.add_ally(1, "tusk_scout", WB)
    assert not sc.is_legal(sc.explore(wing)) and sc.is_legal(sc.challenge(wing, scout))
    assert "elusive" not in V.KEYWORDS
