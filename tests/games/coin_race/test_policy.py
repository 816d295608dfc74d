"""Coin Race's bots: each seat plays its own deck slot's bot."""

import numpy as np

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.coin_race import GAME
from sim.games.coin_race import layout as L
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


def test_the_search_bot_banks_the_card_that_wins_now():
    """engine.py rule 3: "A side whose points ... reach `target` at the end of one of its turns wins at
    once": banking the card wins, a gamble wins only half of the time (rule 2, a d6 at 4+)."""
    for seed in range(5):
        sc = CoinRaceScenario.new("high vs low", seed=seed)
        sc.set_score(0, 13)
        sc.set_card("two")
        assert sc.describe(sc.bot_action((GAME.load_policy("ismcts_32"),) * 2)) == "bank"


def shuffle_undrawn(sc: CoinRaceScenario, rng: np.random.Generator) -> None:
    """Reorder every deck's undrawn cards: what no seat has seen (drawn cards are face up)."""
    size = int(sc.matchup.payload[2])
    for seat in range(sc.matchup.players):
        base = L.GLOBALS + seat * L.SEAT_SIZE
        cursor = int(sc.state_vector[base + L.P_CURSOR])
        rest = sc.state_vector[base + L.P_DECK + cursor : base + L.P_DECK + size]
        rest[:] = rng.permutation(rest)


def test_the_search_bot_decides_on_its_information_set_only():
    """DESIGN.md §5: "A search bot determinizes only what its seat cannot see: its decision is a function of
    its information set and its own stream." Two positions that differ only in the order of the undrawn
    cards give the same decision from the same stream; the decisions do depend on the stream."""
    rng = np.random.default_rng(4)
    bots = (GAME.load_policy("ismcts_8"),) * 2
    decisions, differing = set(), 0
    for seed in range(12):
        sc = CoinRaceScenario.new("even vs high", seed=seed)
        for _ in range(3 + seed % 4):
            sc.apply(sc.action("bank"))
        other = CoinRaceScenario.new("even vs high", seed=seed)
        other.state_vector[:] = sc.state_vector
        shuffle_undrawn(other, rng)
        differing += not np.array_equal(other.state_vector, sc.state_vector)
        first = sc.bot_action(bots)
        assert other.bot_action(bots) == first  # the same keys and counters: the same stream
        decisions.add(first)
    assert differing >= 10 and decisions == {0, 1}
