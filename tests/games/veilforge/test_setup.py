"""Veilforge setup (rulebook §3 Setup, §2 What You Need)."""

from collections import Counter

from sim.games.veilforge import GAME
from sim.games.veilforge.scenario import VeilforgeScenario
from tests.games.veilforge.helpers import DUEL, TEAMS


def test_heroes_start_in_the_hero_zone_and_the_ideal_in_the_ideal_zone():
    """§3: "Place your 3 hero cards in your hero zone and your ideal card in your ideal zone." """
    sc = VeilforgeScenario.new(DUEL, seed=2)
    aggro = sc.player(0)
    assert [aggro["field"][s]["card"] for s in range(3)] == ["aldric_the_vanguard", "mordrath_bloodlord",
                                                             "elowen_thornwarden"]
    assert all(aggro["field"][s]["state"] == "enabled" for s in range(3))
    assert aggro["ideal"] == "oath_of_the_vanguard"
    assert sc.player(1)["ideal"] == "covenant_of_ash"


def test_the_main_deck_is_shuffled_and_keeps_its_shuffle_in_both_seat_orders():
    """§3: "Shuffle your main deck thoroughly." Each deal is played in both seat orders (who goes
    first is the rulebook's coin flip): a deck keeps its shuffle in both."""
    decks = [tuple(VeilforgeScenario.new(DUEL, seed=s).player(0)["deck"]) for s in range(1, 5)]
    assert len(set(decks)) == 4
    first = VeilforgeScenario.new(DUEL, seed=4, order=0)
    second = VeilforgeScenario.new(DUEL, seed=4, order=1)
    assert first.player(0)["slot"] == 0 and second.player(1)["slot"] == 0
    assert first.player(0)["hand"] == second.player(1)["hand"]  # the same five top cards
    assert first.player(0)["deck"][:30] == second.player(1)["deck"][:30]  # and the same order below them


def test_five_cards_are_drawn_and_the_deck_holds_the_rest():
    """§3: "Draw 5 cards to form your starting hand." """
    sc = VeilforgeScenario.new(DUEL, seed=3)
    ruleset = GAME.load_ruleset("standard")
    library = GAME.library
    for seat, deck in ((0, "ashen_aggro"), (1, "ashen_control")):
        player = sc.player(seat)
        assert len(player["hand"]) == 5
        cards = player["hand"] + player["deck"] + [m for m, _ in player["mana"]]
        assert Counter(cards) == Counter({c: n for c, n in library.decks[deck]["main"].items()})
    assert ruleset.tables is not None


def test_the_second_player_starts_with_one_mana_the_first_with_none():
    """§3: "The player who goes second starts the game with 1 mana." Reading: the top card of its deck,
    face-down in its mana zone. The first player's first mana phase has added 3."""
    sc = VeilforgeScenario.new(DUEL, seed=5)
    assert sc.state()["decider"] == 0 and sc.state()["phase"] == "action"
    assert len(sc.player(0)["mana"]) == 3
    assert len(sc.player(1)["mana"]) == 1 and sc.player(1)["mana"][0][1] is False
    assert len(VeilforgeScenario.new(DUEL, seed=5, edition="second-mana-0").player(1)["mana"]) == 0
    assert len(VeilforgeScenario.new(DUEL, seed=5, edition="second-mana-2").player(1)["mana"]) == 2


def test_starting_life_is_the_combined_health_of_the_three_heroes():
    """§3: "Your starting life equals the combined health of your 3 heroes." """
    sc = VeilforgeScenario.new(DUEL, seed=1)
    assert sc.player(0)["life"] == sc.player(0)["start_life"] == 10 + 10 + 11
    assert sc.player(1)["life"] == 9 + 12 + 10


def test_both_players_of_the_second_team_start_with_one_mana():
    """§3 4-player games: "Both players on the team that goes second start with 1 mana." Seats
    alternate A1 B1 A2 B2: seats 1 and 3 are the second team."""
    sc = VeilforgeScenario.new(TEAMS, seed=1)
    assert [len(sc.player(s)["mana"]) for s in (1, 3)] == [1, 1]
    assert len(sc.player(2)["mana"]) == 3  # the first team's second player has had its mana phase too
