"""Coin Race's batch kernel: B matches from their seed keys, in the game kit's calling convention
(sim/core/kernel.py): packed ruleset and matchup tables, bots as ids + a weights matrix, seeds,
output matrices, work arrays grouped by dtype."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import kernel as K
from sim.core.seating import slot_of_seat
from sim.games.coin_race import engine, policy
from sim.games.coin_race import layout as L
from sim.games.coin_race import tables as T

SEAT_EXTRAS = ("gambles",)
MATCH_EXTRAS: tuple[str, ...] = ()


def scratch(n_events: int = 0) -> tuple:
    """Work arrays, one set per batch: (state, legal actions) int64, (stream keys, counters) uint64,
    the event log int64 (no rows in sweeps: nothing is logged), the search bot's (policy.work_arrays)."""
    return (
        np.zeros(L.STATE_SIZE, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros((n_events, L.EVENT_WIDTH), np.int64),
        policy.work_arrays(),
    )


@njit(cache=True, _nrt=False)
def play_match(ruleset, matchup, policy_ids, weights, seeds, pair, order, debug, state, legal, keys, counters,
               events, counts, count_cards, work):
    """One match to its end. Debug mode checks, after every action, that the action was legal and
    that the invariants hold; a failure ends the match with its error code."""
    engine.reset(state, matchup, seeds, pair, order, keys, counters, events, counts, count_cards)
    sides = matchup[T.MATCHUP_SIDES]
    per_side = matchup[T.MATCHUP_SEATS_PER_SIDE]
    while not state[L.G_DONE]:
        slot = slot_of_seat(order, state[L.G_SEAT], sides, per_side)
        action = policy.choose(state, ruleset, matchup, policy_ids[slot], weights[slot], keys, counters, work)
        if debug:
            n = engine.legal_actions(state, legal)
            if not K.is_listed(action, legal, n):
                state[L.G_ERROR] = L.ERROR_ILLEGAL_ACTION
                break
        engine.step(state, ruleset, matchup, action, keys, counters, events, counts, count_cards)
        if debug and engine.check_invariants(state, ruleset, matchup) != 0:
            state[L.G_ERROR] = L.ERROR_INVARIANT
            break


@njit(cache=True, _nrt=False, nogil=True)
def play_batch_kernel(ruleset, matchup, policy_ids, weights, seeds, deals, debug, match_out, seat_out, card_counts,
                      count_cards, state, legal, keys, counters, events, work):
    for m in range(deals.shape[0]):
        counts = card_counts[m if count_cards else 0]
        play_match(ruleset, matchup, policy_ids, weights, seeds, deals[m, 0], deals[m, 1], debug, state, legal, keys,
                   counters, events, counts, count_cards, work)
        match_out[m, K.WINNER] = state[L.G_WINNER]
        match_out[m, K.END_REASON] = state[L.G_END_REASON]
        match_out[m, K.TURNS] = state[L.G_TURNS]
        match_out[m, K.ROUNDS] = state[L.G_ROUND]
        match_out[m, K.ERROR] = state[L.G_ERROR]
        for seat in range(state[L.G_SEATS]):
            base = L.GLOBALS + seat * L.SEAT_SIZE
            seat_out[m, seat, K.SCORE] = state[base + L.P_SCORE]
            seat_out[m, seat, 1] = state[base + L.P_GAMBLES]


def play_batch(ruleset_table, matchup_table, seats, policy_ids, weights, seeds, *, debug=False, card_counts=False,
               n_cards=0):
    """The public wrapper: prepares the arrays, runs the kernel, returns a BatchResult."""
    n = len(seeds)
    match_out, seat_out = K.result_buffers(n, seats, len(MATCH_EXTRAS), len(SEAT_EXTRAS))
    counts = np.zeros((n if card_counts else 1, seats, max(n_cards, 1), L.CARD_COUNT_COLUMNS), np.int16)
    play_batch_kernel(ruleset_table, matchup_table, policy_ids, weights, K.seed_pair(seeds), K.deals(seeds), debug,
                      match_out, seat_out, counts, card_counts, *scratch())
    return K.to_result(match_out, seat_out, MATCH_EXTRAS, SEAT_EXTRAS, counts if card_counts else None)
