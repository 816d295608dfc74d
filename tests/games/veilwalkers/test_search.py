"""The search rungs of Veilwalkers' skill ladder (issue 18): the flat search bot and ISMCTS over the seat's
information set. What a seat cannot see: the opponent's hand and its facedown Loom (Weave: "optionally put
one card from hand facedown into your Loom"), and both deck orders."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import policy as P
from sim.games.veilwalkers.rules.board import seat_base
from sim.games.veilwalkers.scenario import VeilwalkersScenario
from tests.games.veilwalkers.helpers import DUEL

PRESSURE = GAME.load_policy("pressure")
SEARCH_BOTS = ("search", "ismcts_16")


def hidden_zones(seat: int) -> list[tuple[int, int]]:
    """(offset, count field) of the zones the opponent of ``seat`` cannot see (its deck order aside)."""
    base = seat_base(seat)
    return [(base + L.P_DECK, base + L.P_DECK_N), (base + L.P_HAND, base + L.P_HAND_N),
            (base + L.P_LOOM, base + L.P_LOOM_N)]


def cards_of(state: np.ndarray, seat: int) -> list[int]:
    """The seat's deck, hand and Loom together, sorted."""
    return sorted(int(c) for start, count in hidden_zones(seat) for c in state[start:start + state[count]])


def mid_match(seed: int = 3) -> VeilwalkersScenario:
    """A match played by pressure on both sides until a decision of seat 0 with several actions, a Loom and
    a hand on the opposing side."""
    sc = VeilwalkersScenario.new(DUEL, seed=seed)
    while True:
        assert not sc.state_vector[L.G_DONE]
        s = sc.state_vector
        opposing = seat_base(1)
        if (s[L.G_DECIDER] == 0 and len(sc.legal()) > 3 and s[L.G_TURNS] > 6 and s[opposing + L.P_LOOM_N] > 0
                and s[opposing + L.P_HAND_N] > 1):
            return sc
        sc.apply(sc.bot_action((PRESSURE, PRESSURE)))


def test_the_determinization_redeals_only_what_the_seat_cannot_see():
    sc = mid_match()
    s = sc.state_vector
    world = s.copy()
    pool = np.zeros(L.DECK_CAP + L.HAND_CAP + L.LOOM_CAP, np.int64)
    keys = np.arange(1, L.N_STREAMS + 1, dtype=np.uint64)
    changed = 0
    for attempt in range(5):
        world[:] = s
        counters = np.full(L.N_STREAMS, attempt, np.uint64)
        P.determinize_information_set(world, 0, pool, keys, counters, L.STREAM_CHANCE)
        own, opposing = seat_base(0), seat_base(1)
        hidden = np.zeros(L.STATE_SIZE, bool)
        for start, count in hidden_zones(1):
            hidden[start:start + s[count]] = True
        hidden[own + L.P_DECK:own + L.P_DECK + s[own + L.P_DECK_N]] = True
        assert (world[~hidden] == s[~hidden]).all(), "only the hidden zones change (sizes, hand, board alike)"
        assert cards_of(world, 1) == cards_of(s, 1), "the opponent's cards are dealt again, not changed"
        own_deck = slice(own + L.P_DECK, own + L.P_DECK + s[own + L.P_DECK_N])
        assert sorted(world[own_deck]) == sorted(s[own_deck]), "the own deck is reordered only"
        changed += not (world[opposing:opposing + L.SEAT_SIZE] == s[opposing:opposing + L.SEAT_SIZE]).all()
    assert changed == 5


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_the_search_decision_is_a_function_of_the_information_set(bot):
    """Two states that differ only in what the deciding seat cannot see (the opponent's hand, Loom and deck
    order, its own deck order) give the same decision from the same bot stream (issue 18's property)."""
    policy = GAME.load_policy(bot)
    ids, weights = np.array([policy.policy_id]), np.array([policy.params])
    for seed in (3, 5):
        sc = mid_match(seed)
        s = sc.state_vector
        other = s.copy()
        opposing, own = seat_base(1), seat_base(0)
        # another arrangement of the opponent's hidden cards: its hand and Loom rotated through its deck
        pool = [int(c) for start, count in hidden_zones(1) for c in s[start:start + s[count]]]
        pool = pool[3:] + pool[:3]
        k = 0
        for start, count in hidden_zones(1):
            for i in range(s[count]):
                other[start + i] = pool[k]
                k += 1
        deck = slice(own + L.P_DECK, own + L.P_DECK + s[own + L.P_DECK_N])
        other[deck] = s[deck][::-1]
        assert not (other[opposing + L.P_HAND:opposing + L.P_HAND + s[opposing + L.P_HAND_N]]
                    == s[opposing + L.P_HAND:opposing + L.P_HAND + s[opposing + L.P_HAND_N]]).all()
        decisions = []
        for state in (s, other):
            legal = np.zeros(L.MAX_LEGAL, np.int64)
            n = P.engine.legal_actions(state, sc.ruleset.tables, legal)
            keys = np.arange(1, L.N_STREAMS + 1, dtype=np.uint64)
            counters = np.zeros(L.N_STREAMS, np.uint64)
            decisions.append(P.choose(state.copy(), sc.ruleset.tables, sc.matchup.payload, legal, n, ids[0],
                                      weights[0], keys, counters, np.zeros(L.MAX_LEGAL), P.search_arrays()))
        assert decisions[0] == decisions[1]


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_the_search_bots_play_legal_deterministic_matches(bot):
    """Debug mode checks every action's legality and the invariants; the same seeds give the same matches."""
    ruleset = GAME.load_ruleset(GAME.default_edition())
    matchup = GAME.load_matchups(ruleset, [DUEL])[0]
    policies = seats_for((GAME.load_policy(bot), PRESSURE), matchup)
    seeds = seed_block(17, matchup, 0, 1)
    first = GAME.play_batch(ruleset, matchup, policies, seeds, debug=True)
    again = GAME.play_batch(ruleset, matchup, policies, seeds, debug=True)
    assert (first.error == 0).all()
    for column in ("winner", "turns", "score"):
        assert np.array_equal(getattr(first, column), getattr(again, column))


def test_the_search_bots_are_compiled_apart():
    """Greedy and random batches are the default kernel set; a batch with a search bot is the search set."""
    assert GAME.kernel_set((PRESSURE, PRESSURE)) == ""
    assert GAME.kernel_set((PRESSURE, GAME.load_policy("random"))) == ""
    for bot in SEARCH_BOTS:
        assert GAME.kernel_set((GAME.load_policy(bot), PRESSURE)) == "search"


@pytest.mark.heavy
def test_the_flat_search_beats_the_greedy_bot_it_searches_with():
    """The search rung stands above pressure, the stronger greedy style: over the three starter pairings
    (20 seat-swapped pairs each) it wins more than half, draws counted as halves."""
    ruleset = GAME.load_ruleset(GAME.default_edition())
    search = GAME.load_policy("search")
    points = games = 0.0
    for matchup in GAME.load_matchups(ruleset, ["starters"]):
        seeds = seed_block(23, matchup, 0, 20)
        result = GAME.play_batch(ruleset, matchup, seats_for((search, PRESSURE), matchup), seeds)
        search_seat = np.asarray(seeds.swap, dtype=np.int64)
        points += (result.winner == search_seat).sum() + 0.5 * (result.winner < 0).sum()
        games += len(seeds)
    assert points / games > 0.55
