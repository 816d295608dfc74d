"""Nemesis turn: main phase order, draw phase, OR effects, the empty nemesis deck. Each test cites the
rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY


def test_minion_persistent_and_new_minion_waits():
    """Rulebook: 'Persistent and power effects only occur during the nemesis's main phase. These effects are
    ignored for newly placed minion and power cards until the nemesis's next turn.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_nemesis_deck(["needlemaw", "slaughter"])
    sc.nemesis_turn()                          # Needlemaw enters play; its PERSISTENT waits
    assert sc.get("G_GRAVEHOLD") == 30
    sc.nemesis_turn()                          # PERSISTENT: Gravehold suffers 2; Slaughter: Unleash, Gravehold 3
    assert sc.get("G_GRAVEHOLD") == 30 - 2 - 3


def test_or_effect_must_be_resolvable():
    """Rulebook, 'OR' effects: 'you may choose either option, unless you cannot fully resolve one of them.'
    Venomite: lowest-life player suffers 2 OR discard a prepped spell costing 3 or more."""
    sc = Scenario.new(ENTRY, advance=False)
    sc.put_in_play("venomite")
    sc.set_nemesis_deck(["needlemaw"])
    sc.nemesis_turn()                          # nobody has a prepped spell costing >= 3: suffer 2
    assert sorted(sc.player(p)["life"] for p in range(2)) == [8, 10]


def test_empty_nemesis_deck_unleashes_three_times_then_players_win_when_nothing_in_play():
    """Rulebook: 'If the nemesis deck is empty and the nemesis would draw a card, instead Unleash three times.'
    and 'The nemesis has no cards in its deck and no minions or powers in play at the end of any turn.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_nemesis_deck([])
    sc.set("G_FURY", 0)
    sc.nemesis_turn()
    assert sc.get("G_UNLEASHES") == 3 and sc.get("G_FURY") == 3
    assert sc.status() == ("won", "nemesis_deck_exhausted")
