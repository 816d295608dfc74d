"""Coin Race, banking and gambling (engine.py's rule 2)."""

import pytest

from sim.core.scenario import IllegalAction
from sim.games.coin_race.scenario import CoinRaceScenario


def test_banking_scores_the_cards_value():
    """Rule 2: the player "BANKS it (scores its value)"."""
    sc = CoinRaceScenario.new("high vs low", seed=1)
    sc.set_card("three")
    sc.apply(sc.action("bank"))
    assert sc.player(0)["score"] == 3 and sc.player(0)["gambles"] == 0


def test_gambling_scores_twice_on_four_or_more_and_nothing_below():
    """Rule 2: "GAMBLES: rolls a die of `die_sides` sides; a roll of `gamble_success_at` or more
    scores `gamble_multiplier` times the value, a lower roll scores nothing" (a d6, 4+ doubles)."""
    seen = set()
    for seed in range(1, 40):
        sc = CoinRaceScenario.new("high vs low", seed=seed)
        sc.set_card("two")
        sc.apply(sc.action("gamble"))
        gamble = [line for line in sc.events_text() if "gambles" in line][-1]
        roll = int(gamble.split("rolls ")[1].split(",")[0])
        assert 1 <= roll <= 6
        assert sc.player(0)["score"] == (4 if roll >= 4 else 0)
        assert sc.player(0)["gambles"] == 1
        seen.add(roll >= 4)
    assert seen == {True, False}


def test_only_bank_and_gamble_are_actions():
    """Rule 2: the player "either BANKS it ... or GAMBLES"; nothing else is an action."""
    sc = CoinRaceScenario.new("high vs low", seed=1)
    assert [sc.describe(a) for a in sc.legal()] == ["bank", "gamble"]
    with pytest.raises(IllegalAction):
        sc.action("pass")
    with pytest.raises(IllegalAction):
        sc.apply(7)
