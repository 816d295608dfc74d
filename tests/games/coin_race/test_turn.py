"""Coin Race, the deal and the turn (engine.py's rules 1 and 2)."""

from collections import Counter

from sim.games.coin_race import GAME
from sim.games.coin_race.scenario import CoinRaceScenario


def test_every_player_gets_its_own_deck_shuffled():
    """Rule 1: "Each player has a deck of `deck_size` cards (values from cards.yaml), shuffled at
    the start." The deck holds the deck file's cards; a different seed shuffles it differently."""
    decks = [CoinRaceScenario.new("high vs low", seed=s).player(0)["deck"] for s in range(1, 6)]
    assert all(Counter(d) == Counter(one=2, two=4, three=6) for d in decks)
    assert len({tuple(d) for d in decks}) > 1


def test_a_deck_keeps_its_shuffle_in_both_seat_orders():
    """Rule 1 with the seating contract: a deal is played in both seat orders and each deck slot keeps
    its shuffle, so the two matches of a pair differ only in who moves first."""
    first = CoinRaceScenario.new("high vs low", seed=4, order=0)
    second = CoinRaceScenario.new("high vs low", seed=4, order=1)
    assert first.player(0)["deck"] == second.player(1)["deck"]  # side A's deck (high)
    assert first.player(1)["deck"] == second.player(0)["deck"]


def test_a_turn_draws_the_next_card_and_seats_take_turns():
    """Rule 2: "On a turn the player draws the next card of its deck"; rule 1: seats of a team
    "alternate with the other team's (A1 B1 A2 B2)"."""
    sc = CoinRaceScenario.new("low+high vs even+even", seed=2)
    for expected_seat in [0, 1, 2, 3, 0]:
        state = sc.state()
        assert state["seat"] == expected_seat
        player = sc.player(expected_seat)
        assert state["card"] == player["deck"][player["drawn"] - 1]
        sc.apply(sc.action("bank"))
    assert sc.state()["round"] == 2
    labels = [m.slot_label(s) for m in GAME.load_matchups(sc.ruleset, ["low+high vs even+even"]) for s in range(4)]
    assert labels == ["low", "high", "even", "even"]
