"""By Your Side, card flow: setup, drawing, the hand limit, shuffling, Exhaustion, the Archive, Retrieving
(rulebook: Setup, Drawing cards and hand limit, Shuffling the discard pile, The Archive, Retrieving cards)."""

from sim.games.by_your_side.scenario import ByYourSideScenario
from tests.games.by_your_side.conftest import blank, mark_read


def test_setup_deals_five_cards_zero_energy_and_full_stability():
    """"Each player draws cards from their deck up to the hand limit (5). You start with 0 Energy and your
    Stability token on the maximum.\""""
    sc = ByYourSideScenario.new("scenario_1", seed=4)
    for seat, top in ((0, 8), (1, 9)):
        p = sc.player(seat)
        assert len(p["hand"]) == 5 and p["energy"] == 0 and p["stability"] == top == p["max_stability"]
        assert len(p["deck"]) == 5


def test_hand_limit_changes_by_effects_and_over_draws_are_cut():
    """"A character's hand limit is 5 cards. Effects can raise or lower that number. If your hand limit is
    reduced below the number of cards in your hand, you don't discard cards, but you can't draw cards if doing
    so would put you over the limit." / "If an effect tells you to draw more cards than you have room for, you
    draw only as many as you can." (Exhaustion in hand: hand limit 1 lower; hand-4 edition: 4.)"""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_pile(0, "deck", ["glimpse"] * 10)
    sc.set_hand(0, ["exhaustion", "stun", "stun", "stun", "stun"])
    sc.pass_phase()
    assert len(sc.player(0)["hand"]) == 5  # limit 4 with Exhaustion: over it, nothing discarded, nothing drawn
    sc = blank()
    sc.set_pile(0, "deck", ["glimpse"] * 10)
    sc.set_hand(0, ["shared_burden", "stun", "stun", "stun"])
    sc.set_energy(0, 1)
    sc.apply(sc.action("play", card="shared_burden"))
    assert len(sc.player(0)["hand"]) == 4  # drew 1 (room for 2)
    four = blank(edition="hand-4")
    four.set_exploration(["glimpse"] * 10)
    four.set_pile(0, "deck", ["glimpse"] * 10)
    four.pass_phase()
    assert len(four.player(0)["hand"]) == 4


def test_an_empty_deck_shuffles_the_discard_pile():
    """"When you are about to draw a card and your draw deck is empty, immediately shuffle your discard pile to
    form a new draw deck.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_pile(0, "deck", ["stun"])
    sc.set_pile(0, "discard", ["glimpse"] * 6)
    sc.pass_phase()
    me = sc.player(0)
    assert sorted(me["hand"]) == ["glimpse"] * 4 + ["stun"] and len(me["deck"]) == 2 and me["discard"] == []
    assert "Jolene shuffles 6 discarded cards into a new deck" in sc.events_text()


def test_both_piles_empty_bring_exhaustion_from_the_archive():
    """"If your discard pile is empty as well, add Exhaustion cards from the Archive instead, until you reach
    your hand limit." / "if the Archive holds no Exhaustion cards, none are added.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_pile(0, "deck", [])
    sc.set_pile(0, "discard", [])
    sc.set_archive("exhaustion", 2)
    sc.pass_phase()
    assert sc.player(0)["hand"] == ["exhaustion", "exhaustion"] and sc.archive("exhaustion") == 0


def test_the_archive_running_out_gives_nothing_and_the_rest_resolves():
    """"If a rule or card effect tells you to take a card from the Archive and no copy of that card is left
    there, you do not get that card and nothing takes its place. The rest of the effect still resolves." (Event
    2 of Scenario 1: a Doubt from the Archive into the Exploration Deck, then a Fear onto the Threshold.)"""

    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    mark_read(sc, 1)
    sc.set_archive("doubt", 0)
    sc.set_planes(["stun", "event"])
    sc.set_hand(0, ["glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))
    state = sc.state()
    assert "doubt" not in state["exploration"] and state["threshold"] == [("fear", 3)]


def test_retrieving_puts_the_card_in_your_own_discard_pile():
    """"To Retrieve a card, pay its retrieve cost in Energy and place the card in your discard pile, unless stated
    otherwise." (Cards with a retrieve cost "may be Retrieved while they are revealed in the Astral Planes".)"""
    sc = blank()
    sc.set_planes(["foresight", "stun"])
    sc.set_energy(1, 3)
    sc.apply(sc.action("pass"))
    assert {sc.describe(a) for a in sc.legal()} >= {"retrieve foresight in position 1"}
    assert "retrieve a face-down card in position 2" not in {sc.describe(a) for a in sc.legal()}
    sc.apply(sc.action("retrieve", position=1))
    assert sc.player(1)["discard"] == ["foresight"] and sc.player(1)["energy"] == 1 and sc.player(0)["discard"] == []
