"""Damage and exhaustion. Each test cites the rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import choices, damage_exhaustion, nemesis_turn
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY


def test_exhausted_player():
    """Rulebook, Exhausted: 'Resolve the nemesis's Unleash effect twice', 'destroys one of their breaches',
    'discards all of their charge tokens', and 'deal twice that amount of damage to Gravehold. This includes
    excess damage when a player initially becomes exhausted.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_player(0, "P_LIFE", 2)
    sc.set_player(0, "P_CHARGES", 3)
    fury = sc.get("G_FURY")
    damage_exhaustion.player_suffers(sc.s, 0, 5)
    nemesis_turn.flush_pending(sc.s, sc.T, sc.keys, sc.counters)
    me = sc.player(0)
    assert me["exhausted"] and me["life"] == 0 and me["charges"] == 0
    assert sum(1 for b in me["breaches"] if b == -1) == 1
    assert sc.get("G_GRAVEHOLD") == 30 - 2 * 3
    assert sc.get("G_FURY") == fury + 2        # Rageborne's Unleash: gains 1 Fury, twice
    damage_exhaustion.player_suffers(sc.s, 0, 2)
    assert sc.get("G_GRAVEHOLD") == 30 - 6 - 4
    damage_exhaustion.gain_life(sc.s, 0, 3)
    assert sc.player(0)["life"] == 0           # 'Exhausted players cannot gain life.'


def test_lowest_life_skips_exhausted():
    """Rulebook: 'it always deals that damage to the non-exhausted player with the lowest current life.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_player(0, "P_LIFE", 0)
    sc.set_player(0, "P_EXHAUSTED", 1)
    sc.set_player(1, "P_LIFE", 7)
    assert choices.pick_lowest(sc.s) == 1


def test_exhaustion_destroys_a_breach_and_discards_its_spell():
    """Rulebook, Exhausted: 'The exhausted player destroys one of their breaches, discarding any spell prepped in
    that breach'; 'there is no way to regain a destroyed breach. The remaining breaches stay in their current
    positions.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    for k, spell in enumerate(["spark", "ignite", "spark", "lava_tendril"]):
        sc.set_breach(0, k, 4)
        sc.prep(0, k, spell)
    damage_exhaustion.player_suffers(sc.s, 0, 10)
    nemesis_turn.flush_pending(sc.s, sc.T, sc.keys, sc.counters)
    me = sc.player(0)
    assert me["breaches"] == [-1, 4, 4, 4]
    assert me["prepped"] == [("ignite", 1), ("spark", 2), ("lava_tendril", 3)]
    assert me["discard_bottom_first"][-1] == "spark"
    sc.set_active(0)
    sc.set_hand(0, ["spark"])
    assert all(a % 4 != 0 for a in sc.legal() if a // 256 == L.A_PREP)   # nothing preps to breach I again
    assert sc.action("prep", hand=0, breach=0) not in sc.legal()


def test_exhausted_player_keeps_taking_turns():
    """Rulebook, Exhausted: 'The exhausted player continues to participate in the game as usual with the
    following exceptions'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    damage_exhaustion.player_suffers(sc.s, 0, 10)
    nemesis_turn.flush_pending(sc.s, sc.T, sc.keys, sc.counters)
    sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = [0, 1, 0, 1, L.TO_NEMESIS, L.TO_NEMESIS]
    sc.set("G_TURN_ORDER_POS", 0)
    sc.set("G_ROUNDS", 1)
    sc.advance()
    assert sc.get("G_ACTIVE") == 0 and sc.player(0)["exhausted"]
    sc.apply(sc.action("play_gems"))
    assert sc.get("G_AETHER") > 0
