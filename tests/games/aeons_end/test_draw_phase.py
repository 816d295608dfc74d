"""Player turn, draw phase: played cards, drawing up to five, the discard pile flipped. Each test cites the
rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import turn
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY


def test_draw_phase_flips_discard_without_shuffling():
    """Rulebook, Draw Phase: 'draw/reveal as many as you can then flip over your discard pile to form a new
    deck' and 'At no point in the game do you shuffle your deck.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, [])
    sc.set_deck(0, ["crystal", "crystal"])
    sc.set_discard(0, ["jade", "spark", "ignite", "crystal", "crystal", "crystal", "crystal", "crystal"])
    sc.apply(sc.action("end"))
    me = sc.player(0)
    # two from the deck, then the discard pile turned over: its bottom card (jade) is drawn first
    assert me["hand"] == ["crystal", "crystal", "jade", "spark", "ignite"]
    assert me["deck_top_first"] == ["crystal"] * 5


def test_played_cards_go_to_the_discard_pile_at_the_end_of_the_turn():
    """Rulebook, Draw Phase: 'Any gem or relic cards that you play are placed in your play area. At the end of
    your turn, during the draw phase, played gem and relic cards will be placed in your discard pile in any
    order you choose' (the engine: in the order played)."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["crystal", "jade", "focusing_orb", "spark", "spark"])
    sc.set_discard(0, [])
    sc.apply(sc.action("play", hand=1))               # jade
    sc.apply(sc.action("play", hand=0))               # crystal
    assert sc.player(0)["played"] == ["jade", "crystal"] and sc.player(0)["discard_bottom_first"] == []
    turn.draw_phase(sc.s, sc.T, 0)                       # what ending the main phase runs first
    me = sc.player(0)
    assert me["played"] == [] and me["discard_bottom_first"] == ["jade", "crystal"]


def test_unplayed_cards_stay_in_hand_and_there_is_no_hand_limit():
    """Rulebook, Draw Phase: 'keeping all unplayed cards in hand, draw cards from the top of your deck until you
    have five cards in hand'; 'You may not choose to discard cards during your turn'; 'There is no maximum hand
    size.' Mist's Divine Augury (data §3): 'any ally draws 4 cards'."""
    sc = AeonsEndScenario.new("mist+brama vs rageborne", advance=False)
    sc.set_active(0)
    sc.set_player(0, "P_CHARGES", 5)
    sc.apply(sc.action("ability", player=1))
    assert len(sc.player(1)["hand"]) == 9
    assert "discard" not in L.ACTION_KINDS
    sc.set_hand(0, ["spark", "jade"])
    sc.set_deck(0, ["crystal", "ignite", "crystal", "crystal", "crystal", "crystal", "crystal", "crystal"])
    turn.draw_phase(sc.s, sc.T, 0)
    assert sc.player(0)["hand"] == ["spark", "jade", "crystal", "ignite", "crystal"]
