"""Coin Race's bots: each seat plays its own deck slot's bot."""

import numpy as np

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.coin_race import GAME
from sim.games.coin_race.scenario import CoinRaceScenario


def test_banker_never_gambles_and_gambler_always_does():
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["high vs low"])[0]
    seeds = seed_block(3, matchup, 0, 50)
    result = GAME.play_batch(ruleset, matchup, (GAME.load_policy("banker"), GAME.load_policy("gambler")), seeds)
    gambles_a = np.where(seeds.swap == 0, result.extra["gambles"][:, 0], result.extra["gambles"][:, 1])
    gambles_b = np.where(seeds.swap == 0, result.extra["gambles"][:, 1], result.extra["gambles"][:, 0])
    turns = result.turns.astype(np.int64)
    turns_b = np.where(seeds.swap == 1, (turns + 1) // 2, turns // 2)  # side B moves first in order 1
    assert (gambles_a == 0).all() and (gambles_b == turns_b).all()


def test_every_seat_of_a_team_plays_its_own_bot():
    """2 x 2: slot order is side A's seats, then side B's; seat k holds slot_table[order][k]."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["low+high vs even+even"])[0]
    bots = tuple(GAME.load_policy(n) for n in ("banker", "gambler", "banker", "gambler"))
    seeds = seed_block(5, matchup, 0, 40)
    result = GAME.play_batch(ruleset, matchup, bots, seeds, debug=True)
    assert (result.error == 0).all()
    by_slot = matchup.seating.by_slot(seeds.swap, result.extra["gambles"])
    assert (by_slot[:, 0] == 0).all() and (by_slot[:, 2] == 0).all()
    assert (by_slot[:, 1] > 0).any() and (by_slot[:, 3] > 0).any()
    uniform = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy("banker"),), matchup), seeds)
    assert not np.array_equal(uniform.score, result.score)


def test_the_closer_banks_a_card_that_reaches_the_target():
    sc = CoinRaceScenario.new("high vs low", seed=2)
    sc.set_score(0, 13)
    sc.set_card("two")
    assert sc.describe(sc.bot_action((GAME.load_policy("closer"),) * 2)) == "bank"
