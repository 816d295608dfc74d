"""Breaches: focus, open, prep. Each test cites the rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY


def test_prep_to_closed_breach_only_when_focused_this_turn():
    """Rulebook, Breaches: 'The only time that spells can be prepped to a closed breach is during the
    player's turn in which that breach was focused.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["spark", "crystal", "crystal"])
    prep_iii = sc.action("prep", hand=0, breach=2)
    assert prep_iii not in sc.legal()
    sc.apply(sc.action("play", hand=1))
    sc.apply(sc.action("play", hand=1))
    sc.s[L.G_AETHER] = 3
    sc.apply(sc.action("focus", breach=2))   # breach III focus cost 3
    assert prep_iii in sc.legal()
    assert sc.player(0)["breaches"][2] == 1


def test_open_cost_falls_with_focus():
    """Rulebook, Open a breach: 'The open cost decreases each time you focus the breach.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 4
    assert sc.action("open", breach=1) in sc.legal()   # Adelheim's II is at stage 2: cost 3
    sc.s[L.G_AETHER] = 2
    assert sc.action("open", breach=1) not in sc.legal()
    sc.apply(sc.action("focus", breach=1))             # costs 2, stage 3
    sc.s[L.G_AETHER] = 2
    sc.apply(sc.action("open", breach=1))
    assert sc.player(0)["breaches"][1] == 4 and sc.get("G_AETHER") == 0
