"""Veilforge's batch kernel: B matches from their seed keys, in the game kit's calling convention
(sim/core/kernel.py): packed ruleset and matchup tables, bots as ids + a weights matrix, seeds,
output matrices, work arrays grouped by dtype."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import kernel as K
from sim.core.seating import slot_of_seat
from sim.games.veilforge import engine, policy
from sim.games.veilforge import layout as L
from sim.games.veilforge import vocab as V

# per match: chains formed, the longest chain, responses added, decisions taken
MATCH_EXTRAS = ("chains", "longest_chain", "responses", "decisions")
# per seat (score = life left): direct damage dealt, cards played, attacks, evolutions, and how the
# player lost (an END_* reason; -1 still standing)
SEAT_EXTRAS = ("direct_damage", "cards_played", "attacks", "evolutions", "lost_by")


def scratch(n_events: int = 0, searching: bool = False):
    """Work arrays, one set per batch: (state, legal actions, work list) int64, (stream keys,
    counters) uint64, the event log int64 (no rows in sweeps: nothing is logged), the greedy values
    of the listed actions float64, and the search bots' (policy.search_arrays) when `searching`, else
    None: a batch without a search bot is then played by a kernel compiled without the search."""
    return (
        np.zeros(L.STATE_SIZE, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros((n_events, L.EVENT_WIDTH), np.int64),
        np.zeros(L.MAX_LEGAL, np.float64),
        policy.search_arrays() if searching else None,
    )


def searching(policy_ids) -> bool:
    """Whether a batch with these policy ids has a search bot, flat or ISMCTS (it is then played by the search
    kernel set)."""
    return bool(np.isin(np.asarray(policy_ids), V.SEARCH_POLICIES).any())


@njit(cache=True, _nrt=False, inline="always")
def play_match(ruleset, matchup, policy_ids, weights, seeds, pair, order, debug, state, legal, work, keys, counters,
               events, values, search, counts, count_cards):
    """One match to its end. Debug mode checks, after every action, that the action was legal and
    that the invariants hold; a failure ends the match with its error code. The spine (reset,
    advance, legal_actions, choose, step) is inlined here at the numba level, each at its one call
    site, so the kernel is the only library that links the whole engine (engine.py, compile time)."""
    engine.reset(state, ruleset, matchup, seeds, pair, order, keys, counters, events, counts, count_cards)
    sides = state[L.G_SIDES]
    per_side = state[L.G_PER_SIDE]
    while True:
        engine.advance(state, ruleset, work, keys, counters, events, counts, count_cards)
        if debug and engine.check_invariants(state, ruleset, matchup, work) != 0:
            state[L.G_ERROR] = L.ERROR_INVARIANT
        if state[L.G_DONE] or state[L.G_ERROR]:
            break
        slot = slot_of_seat(order, state[L.G_DECIDER], sides, per_side)
        score = policy_ids[slot] != V.POLICY_RANDOM  # the greedy bot's values, written as its actions are listed
        n = engine.legal_actions(state, ruleset, legal, values, weights[slot], score)
        if n == 0:
            state[L.G_ERROR] = L.ERROR_ILLEGAL_ACTION
            break
        action = policy.choose(state, ruleset, legal, values, n, policy_ids[slot], weights[slot], keys, counters,
                               engine.scored(state, score), search, counts)
        if debug and not K.is_listed(action, legal, n):
            state[L.G_ERROR] = L.ERROR_ILLEGAL_ACTION
            break
        engine.step(state, ruleset, action, events, counts, count_cards)


@njit(cache=True, _nrt=False, nogil=True)
def play_batch_kernel(ruleset, matchup, policy_ids, weights, seeds, deals, debug, match_out, seat_out, card_counts,
                      count_cards, state, legal, work, keys, counters, events, values, search):
    for m in range(deals.shape[0]):
        counts = card_counts[m if count_cards else 0]
        play_match(ruleset, matchup, policy_ids, weights, seeds, deals[m, 0], deals[m, 1], debug, state, legal, work,
                   keys, counters, events, values, search, counts, count_cards)
        write_row(state, match_out, seat_out, m)


@njit(cache=True, _nrt=False)
def write_row(state, match_out, seat_out, m):
    match_out[m, K.WINNER] = state[L.G_WINNER]
    match_out[m, K.END_REASON] = state[L.G_END_REASON]
    match_out[m, K.TURNS] = state[L.G_TURNS]
    match_out[m, K.ROUNDS] = state[L.G_ROUND]
    match_out[m, K.ERROR] = state[L.G_ERROR]
    extra = len(K.MATCH_COLUMNS)
    match_out[m, extra] = state[L.G_CHAINS]
    match_out[m, extra + 1] = state[L.G_LONGEST]
    match_out[m, extra + 2] = state[L.G_RESPONSES]
    match_out[m, extra + 3] = state[L.G_DECISIONS]
    for seat in range(state[L.G_SEATS]):
        b = L.SEATS_BASE + seat * L.SEAT_SIZE
        seat_out[m, seat, K.SCORE] = max(state[b + L.P_LIFE], 0)
        seat_out[m, seat, 1] = state[b + L.P_DIRECT]
        seat_out[m, seat, 2] = state[b + L.P_PLAYS]
        seat_out[m, seat, 3] = state[b + L.P_ATTACKS]
        seat_out[m, seat, 4] = state[b + L.P_EVOLVES]
        seat_out[m, seat, 5] = state[b + L.P_LOST_REASON] if state[b + L.P_LOST] else -1


def play_batch(ruleset_table, matchup_table, seats, policy_ids, weights, seeds, *, debug=False, card_counts=False,
               n_cards=0):
    """The public wrapper: prepares the arrays, runs the kernel, returns a BatchResult."""
    n = len(seeds)
    match_out, seat_out = K.result_buffers(n, seats, len(MATCH_EXTRAS), len(SEAT_EXTRAS))
    counts = np.zeros((n if card_counts else 1, seats, max(n_cards, 1), L.CARD_COUNT_COLUMNS), np.int16)
    play_batch_kernel(ruleset_table, matchup_table, policy_ids, weights, K.seed_pair(seeds), K.deals(seeds),
                      np.bool_(debug), match_out, seat_out, counts, np.bool_(card_counts),
                      *scratch(searching=searching(policy_ids)))
    return K.to_result(match_out, seat_out, MATCH_EXTRAS, SEAT_EXTRAS, counts if card_counts else None)
