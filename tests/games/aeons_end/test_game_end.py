"""Game end: victory and defeat; solo play's exhaustion. Each test cites the rulebook passage (or the public
data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import damage_exhaustion
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY, own_ten


def test_nemesis_zero_life_wins():
    """Rulebook: 'If the nemesis has 0 life remaining, the players immediately win.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set("G_NEMESIS_LIFE", 1)
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=0))
    assert sc.status() == ("won", "nemesis_defeated")


def test_gravehold_zero_loses():
    """Rulebook, Game End: 'Gravehold has 0 life.'"""

    sc = AeonsEndScenario.new(ENTRY, advance=False)
    damage_exhaustion.gravehold_suffers(sc.s, 30)
    assert sc.status() == ("lost", "gravehold_destroyed")


def test_all_exhausted_loses():
    """Rulebook, Game End: 'All the players are exhausted (have 0 life).'"""

    sc = AeonsEndScenario.new(ENTRY, advance=False)
    damage_exhaustion.player_suffers(sc.s, 0, 10)
    assert sc.status()[0] == "running"
    damage_exhaustion.player_suffers(sc.s, 1, 10)
    assert sc.status() == ("lost", "all_exhausted")


def test_solo_exhaustion_does_not_lose():
    """Rulebook, Solo Play: 'You don't lose the game when you are exhausted. Instead, you lose the game when
    Gravehold has 0 life.'"""

    sc = AeonsEndScenario.new("brama vs rageborne", advance=False)
    damage_exhaustion.player_suffers(sc.s, 0, 10)
    assert sc.status()[0] == "running" and sc.player(0)["exhausted"]


def test_nemesis_conditions_lose_immediately():
    """Rulebook, Game End: 'a nemesis may have a specific victory condition listed on the nemesis mat that
    causes the players to lose immediately.' Data §7a: Carapace Queen's Swarm at '13+: players lose'; Prince of
    Gluttons 'all supply piles empty = players lose'."""
    sc = AeonsEndScenario.new("adelheim+brama vs carapace_queen", advance=False)
    sc.set("G_HUSKS", 13)
    sc.set_nemesis_deck(["endless_throng"])            # Swarm
    sc.nemesis_turn()
    assert sc.status() == ("lost", "nemesis_condition")
    sc = AeonsEndScenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    for k in range(L.SUPPLY_PILES):
        sc.s[L.SUPPLY_COUNT_BASE + k] = 1 if k == 0 else 0
    sc.set_nemesis_deck(["rend"])                      # Unleash: devour 3 from the cheapest pile
    sc.nemesis_turn()
    assert sc.status() == ("lost", "nemesis_condition")


def test_solo_you_are_your_own_ally():
    """Rulebook, Solo Play: 'When playing true solo, you are your own ally. For example, if a card gives a charge
    to an ally, you instead gain that charge yourself. If an effect affects you and another player, you resolve
    that effect twice.' Ignite (data S1): 'any ally +1 charge'; Mage's Talisman: 'you +1 charge and any ally +1
    charge'."""
    sc = AeonsEndScenario.new("brama vs rageborne", advance=False)
    sc.prep(0, 0, "ignite")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0))
    assert sc.player(0)["charges"] == 1
    sc.set_hand(0, ["mages_talisman"])
    own_ten(sc, 0)
    sc.apply(sc.action("play", hand=0))
    assert sc.player(0)["charges"] == 3
