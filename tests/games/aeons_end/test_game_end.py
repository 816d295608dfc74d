"""Game end: victory and defeat; solo play's exhaustion. Each test cites the rulebook passage (or the public
data line) it checks."""

from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY


def test_nemesis_zero_life_wins():
    """Rulebook: 'If the nemesis has 0 life remaining, the players immediately win.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set("G_NEMESIS_LIFE", 1)
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=0))
    assert sc.status() == ("won", "nemesis_defeated")


def test_gravehold_zero_loses():
    """Rulebook, Game End: 'Gravehold has 0 life.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    E.gravehold_suffers(sc.s, 30)
    assert sc.status() == ("lost", "gravehold_destroyed")


def test_all_exhausted_loses():
    """Rulebook, Game End: 'All the players are exhausted (have 0 life).'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    E.player_suffers(sc.s, 0, 10)
    assert sc.status()[0] == "running"
    E.player_suffers(sc.s, 1, 10)
    assert sc.status() == ("lost", "all_exhausted")


def test_solo_exhaustion_does_not_lose():
    """Rulebook, Solo Play: 'You don't lose the game when you are exhausted. Instead, you lose the game when
    Gravehold has 0 life.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new("brama vs rageborne", advance=False)
    E.player_suffers(sc.s, 0, 10)
    assert sc.status()[0] == "running" and sc.player(0)["exhausted"]
