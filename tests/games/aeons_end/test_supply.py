"""Supply: gaining cards, empty piles, Prince of Gluttons' devouring. Each test cites the rulebook passage (or
the public data line) it checks."""

from sim.games.aeons_end import engine as E
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY


def test_gain_top_of_pile_to_discard():
    """Rulebook, Gain a card: 'When you gain a card, it is immediately placed on top of your discard pile.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 2
    sc.apply(sc.action("gain", pile=0))   # jade
    assert sc.player(0)["discard_bottom_first"][-1] == "jade"
    assert sc.s[L.SUPPLY_COUNT_BASE] == 6


def test_prince_devours_from_cheapest_pile():
    """Rulebook, Supply: 'If a supply pile runs out, it is empty. Do not replace it.' Prince of Gluttons (data
    S4): setup devours a gem from each gem pile; Unleash devours 3 (1-2 players) from the cheapest pile."""
    sc = Scenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    assert sc.get("G_DEVOURED") == 3
    jade_before = int(sc.s[L.SUPPLY_COUNT_BASE])
    sc.set_nemesis_deck(["slaughter"])
    sc.nemesis_turn()
    assert sc.get("G_DEVOURED") == 6 and int(sc.s[L.SUPPLY_COUNT_BASE]) == jade_before - 3
    assert sc.invariants() == 0


def test_prince_expert_setup_devours_nine_more_one_at_a_time():
    """Data S4 prince_of_gluttons.cljc setup (expert/extinction): nine prompts 'Place an additional nine ...
    one cards from any of the supply piles on top of the devoured pile', each resolving ::devour with its
    default number-of-cards 1, i.e. 9 more cards. Team rule (assumed): from the fullest pile, ties cheapest."""
    normal = Scenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    sc = Scenario.new("adelheim+brama vs prince_of_gluttons", edition="expert", advance=False)
    assert normal.get("G_DEVOURED") == 3
    assert sc.get("G_DEVOURED") == 3 + 9
    piles = [int(x) for x in sc.s[L.SUPPLY_COUNT_BASE:L.SUPPLY_COUNT_BASE + L.SUPPLY_PILES]]
    assert sum(piles) == sc.get("G_INITIAL_SUPPLY") - 12
    assert min(piles) > 0 and max(piles) - min(piles) <= 1   # spread: no pile emptied
    sc.set_nemesis_deck(["slaughter", "needlemaw"])          # the first Unleash no longer empties the supply
    sc.nemesis_turn()
    assert sc.status() == ("running", "") and sc.invariants() == 0
    assert sum(int(x) for x in sc.s[L.SUPPLY_COUNT_BASE:L.SUPPLY_COUNT_BASE + L.SUPPLY_PILES]) == sum(piles) - 3


def test_empty_pile_stays_empty_and_cannot_be_gained():
    """Rulebook, Supply Setup: 'Empty Supply Piles: If a supply pile runs out, it is empty. Do not replace it.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 2
    sc.s[L.SUPPLY_COUNT_BASE] = 1                      # one Jade left
    sc.apply(sc.action("gain", pile=0))
    assert int(sc.s[L.SUPPLY_COUNT_BASE]) == 0
    sc.s[L.G_AETHER] = 10
    assert sc.action("gain", pile=0) not in sc.legal() and sc.action("gain", pile=1) in sc.legal()
    E.start_player_turn(sc.s, 1)
    assert int(sc.s[L.SUPPLY_COUNT_BASE]) == 0


def test_devoured_pile_is_bought_from_its_top():
    """Data §7a, Prince of Gluttons: 'devoured cards go on top of the devoured pile, which can be bought from like
    a supply pile'; setup 'devour ... one gem from each gem pile, most expensive first' (Jade ends on top)."""
    sc = Scenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    names = sc.lib.player_ids
    assert [names[c] for c in sc.s[L.DEVOURED_BASE:L.DEVOURED_BASE + 3]] == ["clouded_sapphire", "sifters_pearl",
                                                                              "jade"]
    sc.set_active(0)
    sc.s[L.G_AETHER] = 2
    assert sc.action("gain", pile=9) in sc.legal()
    sc.apply(sc.action("gain", pile=9))
    assert sc.player(0)["discard_bottom_first"][-1] == "jade" and sc.get("G_DEVOURED") == 2
    assert sc.invariants() == 0
