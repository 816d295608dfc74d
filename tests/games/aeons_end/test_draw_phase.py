"""Player turn, draw phase: played cards, drawing up to five, the discard pile flipped. Each test cites the
rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY


def test_draw_phase_flips_discard_without_shuffling():
    """Rulebook, Draw Phase: 'draw/reveal as many as you can then flip over your discard pile to form a new
    deck' and 'At no point in the game do you shuffle your deck.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, [])
    sc.set_deck(0, ["crystal", "crystal"])
    sc.set_discard(0, ["jade", "spark", "ignite", "crystal", "crystal", "crystal", "crystal", "crystal"])
    sc.apply(sc.action("end"))
    me = sc.player(0)
    # two from the deck, then the discard pile turned over: its bottom card (jade) is drawn first
    assert me["hand"] == ["crystal", "crystal", "jade", "spark", "ignite"]
    assert me["deck_top_first"] == ["crystal"] * 5
