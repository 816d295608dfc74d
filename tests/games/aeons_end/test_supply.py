"""Supply: gaining cards, empty piles, Prince of Gluttons' devouring. Each test cites the rulebook passage (or
the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import turn
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY


def test_gain_top_of_pile_to_discard():
    """Rulebook, Gain a card: 'When you gain a card, it is immediately placed on top of your discard pile.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 2
    sc.apply(sc.action("gain", pile=0))   # jade
    assert sc.player(0)["discard_bottom_first"][-1] == "jade"
    assert sc.s[L.SUPPLY_COUNT_BASE] == 6


def test_prince_devours_from_cheapest_pile():
    """Rulebook, Supply: 'If a supply pile runs out, it is empty. Do not replace it.' Prince of Gluttons (data
    S4): setup devours a gem from each gem pile; Unleash devours 3 (1-2 players) from the cheapest pile."""
    sc = AeonsEndScenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    assert sc.get("G_DEVOURED") == 3
    jade_before = int(sc.s[L.SUPPLY_COUNT_BASE])
    sc.set_nemesis_deck(["slaughter"])
    sc.nemesis_turn()
    assert sc.get("G_DEVOURED") == 6 and int(sc.s[L.SUPPLY_COUNT_BASE]) == jade_before - 3
    assert sc.invariant_error() == 0


def test_prince_expert_setup_devours_nine_more_one_at_a_time():
    """Data S4 prince_of_gluttons.cljc setup (expert/extinction): nine prompts 'Place an additional nine ...
    one cards from any of the supply piles on top of the devoured pile', each resolving ::devour with its
    default number-of-cards 1, i.e. 9 more cards. Team rule (assumed): from the fullest pile, ties cheapest."""
    normal = AeonsEndScenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    sc = AeonsEndScenario.new("adelheim+brama vs prince_of_gluttons", edition="expert", advance=False)
    assert normal.get("G_DEVOURED") == 3
    assert sc.get("G_DEVOURED") == 3 + 9
    piles = [int(x) for x in sc.s[L.SUPPLY_COUNT_BASE:L.SUPPLY_COUNT_BASE + L.SUPPLY_PILES]]
    assert sum(piles) == sc.get("G_INITIAL_SUPPLY") - 12
    assert min(piles) > 0 and max(piles) - min(piles) <= 1   # spread: no pile emptied
    sc.set_nemesis_deck(["slaughter", "needlemaw"])          # the first Unleash no longer empties the supply
    sc.nemesis_turn()
    assert sc.status() == ("running", "") and sc.invariant_error() == 0
    assert sum(int(x) for x in sc.s[L.SUPPLY_COUNT_BASE:L.SUPPLY_COUNT_BASE + L.SUPPLY_PILES]) == sum(piles) - 3


def test_empty_pile_stays_empty_and_cannot_be_gained():
    """Rulebook, Supply Setup: 'Empty Supply Piles: If a supply pile runs out, it is empty. Do not replace it.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 2
    sc.set("G_CARDS_GAINED", sc.get("G_CARDS_GAINED") + int(sc.s[L.SUPPLY_COUNT_BASE]) - 1)
    sc.s[L.SUPPLY_COUNT_BASE] = 1                      # one Jade left: the others were bought
    sc.apply(sc.action("gain", pile=0))
    assert int(sc.s[L.SUPPLY_COUNT_BASE]) == 0
    sc.s[L.G_AETHER] = 10
    assert sc.action("gain", pile=0) not in sc.legal() and sc.action("gain", pile=1) in sc.legal()
    turn.start_player_turn(sc.s, 1)
    assert int(sc.s[L.SUPPLY_COUNT_BASE]) == 0


def test_devoured_pile_is_bought_from_its_top():
    """Data §7a, Prince of Gluttons: 'devoured cards go on top of the devoured pile, which can be bought from like
    a supply pile'; setup 'devour ... one gem from each gem pile, most expensive first' (Jade ends on top)."""
    sc = AeonsEndScenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    names = sc.lib.player_ids
    assert [names[c] for c in sc.s[L.DEVOURED_BASE:L.DEVOURED_BASE + 3]] == ["clouded_sapphire", "sifters_pearl",
                                                                              "jade"]
    sc.set_active(0)
    sc.s[L.G_AETHER] = 2
    assert sc.action("gain", pile=9) in sc.legal()
    sc.apply(sc.action("gain", pile=9))
    assert sc.player(0)["discard_bottom_first"][-1] == "jade" and sc.get("G_DEVOURED") == 2
    assert sc.invariant_error() == 0


# ---------------------------------------------------------------------------------------- the Unleash's two readings
PRINCE = "adelheim+brama vs prince_of_gluttons"


def _unleash_with_jade_gone(edition, entry=PRINCE):
    """A Rend (Unleash; Gravehold suffers 1; any player suffers 2) drawn when the cheapest pile (Jade) is empty."""
    sc = AeonsEndScenario.new(entry, edition=edition, advance=False)
    jade = sc.card("jade")
    pile = [int(sc.s[L.SUPPLY_CARD_BASE + k]) for k in range(L.SUPPLY_PILES)].index(jade)
    sc.set("G_CARDS_GAINED", sc.get("G_CARDS_GAINED") + int(sc.s[L.SUPPLY_COUNT_BASE + pile]))
    sc.s[L.SUPPLY_COUNT_BASE + pile] = 0                 # the six Jades left after setup were bought
    counts = [int(x) for x in sc.s[L.SUPPLY_COUNT_BASE:L.SUPPLY_COUNT_BASE + L.SUPPLY_PILES]]
    sc.set_nemesis_deck(["rend"])
    sc.nemesis_turn()
    after = [int(x) for x in sc.s[L.SUPPLY_COUNT_BASE:L.SUPPLY_COUNT_BASE + L.SUPPLY_PILES]]
    return sc, counts, after


def test_the_nonempty_reading_devours_from_the_least_expensive_nonempty_pile():
    """Data §7a, Prince of Gluttons: unleash_mat_text 'Devour three cards from the least expensive supply pile'
    (S4 mat text; S4's code skips empty piles). S4's reading (edition normal-nonempty-unleash, rules
    unleash_devours_from: least_expensive_nonempty_pile): with Jade (2) gone, the three cards come from a 3-cost pile (Sifter's Pearl,
    the lower numbered of the two), and Gravehold suffers only Rend's 1."""
    sc, counts, after = _unleash_with_jade_gone("normal-nonempty-unleash")
    pearl = [int(sc.s[L.SUPPLY_CARD_BASE + k]) for k in range(L.SUPPLY_PILES)].index(sc.card("sifters_pearl"))
    assert after[pearl] == counts[pearl] - 3 and sum(after) == sum(counts) - 3
    assert sc.get("G_GRAVEHOLD") == 29 and sc.get("G_DEVOURED") == 3 + 3 and sc.invariant_error() == 0


def test_literal_unleash_keeps_the_empty_least_expensive_pile():
    """The literal reading of 'Devour three cards from the least expensive supply pile', the default (edition
    normal, rules unleash_devours_from: least_expensive_pile; issue 45: as printed): the empty Jade pile is still the
    least expensive, and data §7a says 'devouring from an empty pile = Gravehold suffers 2 per card instead':
    three cards, 6 damage, plus Rend's 1; nothing is devoured."""
    sc, counts, after = _unleash_with_jade_gone("normal")
    assert after == counts and sc.get("G_DEVOURED") == 3
    assert sc.get("G_GRAVEHOLD") == 30 - 2 * 3 - 1 and sc.invariant_error() == 0


def test_literal_unleash_takes_a_nonempty_pile_of_the_least_cost():
    """Rulebook, When resolving card effects: 'Ambiguity: ... In these cases the players make that
    determination.' Under the literal reading, when two piles share the least cost (deck_destruction: Jade and
    Flexing Dagger cost 2) and one is empty, the players devour from the other."""
    sc, counts, after = _unleash_with_jade_gone("normal", PRINCE + " @deck_destruction")
    dagger = [int(sc.s[L.SUPPLY_CARD_BASE + k]) for k in range(L.SUPPLY_PILES)].index(sc.card("flexing_dagger"))
    assert after[dagger] == counts[dagger] - 3 and sc.get("G_GRAVEHOLD") == 29


def test_the_two_readings_agree_while_the_cheapest_pile_has_cards():
    """Both readings devour from Jade while it has cards: the editions differ only once it is empty."""
    for edition in ("normal", "normal-nonempty-unleash"):
        sc = AeonsEndScenario.new(PRINCE, edition=edition, advance=False)
        sc.set_nemesis_deck(["rend"])
        sc.nemesis_turn()
        assert int(sc.s[L.SUPPLY_COUNT_BASE]) == 7 - 1 - 3 and sc.get("G_GRAVEHOLD") == 29, edition
