"""Damage and exhaustion. Each test cites the rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY


def test_exhausted_player():
    """Rulebook, Exhausted: 'Resolve the nemesis's Unleash effect twice', 'destroys one of their breaches',
    'discards all of their charge tokens', and 'deal twice that amount of damage to Gravehold. This includes
    excess damage when a player initially becomes exhausted.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    sc.set_player(0, "P_LIFE", 2)
    sc.set_player(0, "P_CHARGES", 3)
    fury = sc.get("G_FURY")
    E.player_suffers(sc.s, 0, 5)
    E.flush_pending(sc.s, sc.T, sc.keys, sc.counters)
    me = sc.player(0)
    assert me["exhausted"] and me["life"] == 0 and me["charges"] == 0
    assert sum(1 for b in me["breaches"] if b == -1) == 1
    assert sc.get("G_GRAVEHOLD") == 30 - 2 * 3
    assert sc.get("G_FURY") == fury + 2        # Rageborne's Unleash: gains 1 Fury, twice
    E.player_suffers(sc.s, 0, 2)
    assert sc.get("G_GRAVEHOLD") == 30 - 6 - 4
    E.gain_life(sc.s, 0, 3)
    assert sc.player(0)["life"] == 0           # 'Exhausted players cannot gain life.'


def test_lowest_life_skips_exhausted():
    """Rulebook: 'it always deals that damage to the non-exhausted player with the lowest current life.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    sc.set_player(0, "P_LIFE", 0)
    sc.set_player(0, "P_EXHAUSTED", 1)
    sc.set_player(1, "P_LIFE", 7)
    assert E.pick_lowest(sc.s) == 1
