"""Player turn, casting phase: which spells must or may be cast, damage, cast effects. Each test cites the
rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY, kinds


def test_must_cast_from_closed_breach():
    """Rulebook, Casting Phase: 'Every spell prepped in a closed breach ... must be Cast now.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.prep(0, 2, "spark")          # breach III is closed
    sc.set_active(0, phase="casting")
    assert "end" not in kinds(sc)
    sc.apply(sc.action("cast", breach=2, target=0))
    assert sc.get("G_NEMESIS_LIFE") == 69


def test_may_hold_spell_in_opened_breach():
    """Rulebook, Casting Phase: 'Any spells that are prepped in an opened breach may be Cast during this phase.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    assert "end" in kinds(sc)


def test_open_breach_bonus_damage():
    """Rulebook: 'Any spell Cast from an open breach with this effect deals 1 additional damage'."""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_breach(0, 2, 4)          # breach III opened (+1 damage)
    sc.prep(0, 2, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=2, target=0))
    assert sc.get("G_NEMESIS_LIFE") == 68


def test_oblivion_swell_discards_a_costly_gem_for_damage():
    """Data S1: 'Oblivion Swell ... on cast may discard a gem for +dmg equal to its cost'. Team rule (assumed):
    the caster discards the costliest gem in hand costing 4 or more; a cheaper gem is kept."""
    for gem, dealt in (("burning_opal", 2 + 5), ("jade", 2)):
        sc = Scenario.new(ENTRY, advance=False)
        sc.prep(0, 0, "oblivion_swell")
        sc.set_hand(0, [gem, "crystal"])
        sc.set_deck(0, ["crystal"] * 8)                          # keep the mage's ten cards (conservation check)
        sc.set_active(0, phase="casting")
        before = sc.get("G_NEMESIS_LIFE")
        sc.apply(sc.action("cast", breach=0, target=0))
        assert before - sc.get("G_NEMESIS_LIFE") == dealt, gem
        assert (gem in sc.player(0)["hand"]) == (dealt == 2)
        assert sc.invariants() == 0
