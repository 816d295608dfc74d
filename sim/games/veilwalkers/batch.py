"""Veilwalkers' batch kernel: B matches from their seed keys, in the game kit's calling convention
(sim/core/kernel.py): packed ruleset and matchup tables, bots as ids + a weights matrix, seeds,
output matrices, work arrays grouped by dtype."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import kernel as K
from sim.core import policies as policy_files
from sim.core.seating import slot_of_seat
from sim.games.veilwalkers import engine, policy
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.board import seat_base
from sim.games.veilwalkers.rules.network import history_credits
from sim.games.veilwalkers.rules.remembrance import carried
from sim.games.veilwalkers.rules.setup import start_site

# per seat: the final score is the Thread left; then Remembrances carried, network credits, Thread
# taken by Thread Strikes, Ring rotations, enemy Figures Broken, Lost units brought back, the Ring I
# Site it started on (the coin flip's winner chose it), Alignments invoked, Quick Events played as responses; per match the decisions, the Rings the Closing
# Spiral had closed, the Round the Watcher awoke and the Round at whose end Closing began (0: never)
SEAT_EXTRAS = ("remembrances", "network_credits", "strike_thread", "rotations", "figures_broken", "escapes",
               "start_site", "invocations", "responses")
MATCH_EXTRAS = ("decisions", "closed_rings", "watcher_round", "closing_round")


def scratch(n_events: int = 0, searching: bool = False):
    """Work arrays, one set per batch: (state, legal actions) int64, (stream keys, counters) uint64,
    the bot's action values float64, the event log int64 (no rows in sweeps: nothing is logged), and the
    search bots' (policy.search_arrays) when `searching`, else None: a batch without a search bot is then
    played by a kernel compiled without the search."""
    return (
        np.zeros(L.STATE_SIZE, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.MAX_LEGAL, np.float64),
        np.zeros((n_events, L.EVENT_WIDTH), np.int64),
        policy.search_arrays() if searching else None,
    )


def searching(policy_ids) -> bool:
    """Whether a batch with these policy ids has a search bot, flat or ISMCTS (it is then played by the
    search kernel set)."""
    return bool(np.isin(np.asarray(policy_ids), V.SEARCH_POLICIES).any())


@njit(cache=True, _nrt=False, inline="always")
def play_match(ruleset, matchup, policy_ids, weights, seeds, pair, order, debug, state, legal, keys, counters, values,
               events, search, counts, count_cards):
    """One match to its end. Debug mode checks, after every action, that the action was legal and
    that the invariants hold; a failure ends the match with its error code."""
    engine.reset(state, ruleset, matchup, seeds, pair, order, keys, counters, events, counts, count_cards)
    while not state[L.G_DONE]:
        n = engine.legal_actions(state, ruleset, legal)
        if n == 0 or n > L.MAX_LEGAL:
            state[L.G_ERROR] = L.ERROR_OVERFLOW
            break
        slot = slot_of_seat(order, state[L.G_DECIDER], 2, 1)
        action = policy.choose(state, ruleset, matchup, legal, n, policy_ids[slot], weights[slot], keys, counters, values,
                               search)
        if debug and not K.is_listed(action, legal, n):
            state[L.G_ERROR] = L.ERROR_ILLEGAL_ACTION
            break
        engine.step(state, ruleset, matchup, action, keys, counters, events, counts, count_cards)
        if state[L.G_ERROR] != 0:
            break
        if debug and engine.check_invariants(state, ruleset, matchup) != 0:
            state[L.G_ERROR] = L.ERROR_INVARIANT
            break


@njit(cache=True, _nrt=False)
def record(state, match_out, seat_out, m):
    """Row ``m`` of the result matrices from a finished match's state (MATCH_EXTRAS, SEAT_EXTRAS order)."""
    match_out[m, K.WINNER] = state[L.G_WINNER]
    match_out[m, K.END_REASON] = state[L.G_END_REASON]
    match_out[m, K.TURNS] = state[L.G_TURNS]
    match_out[m, K.ROUNDS] = state[L.G_ROUND]
    match_out[m, K.ERROR] = state[L.G_ERROR]
    match_out[m, len(K.MATCH_COLUMNS)] = state[L.G_DECISIONS]
    match_out[m, len(K.MATCH_COLUMNS) + 1] = state[L.G_CLOSED]
    match_out[m, len(K.MATCH_COLUMNS) + 2] = state[L.G_WATCHER_ROUND]
    match_out[m, len(K.MATCH_COLUMNS) + 3] = state[L.G_CLOSING_ROUND]
    for seat in range(L.SEATS):
        base = seat_base(seat)
        seat_out[m, seat, K.SCORE] = state[base + L.P_THREAD]
        seat_out[m, seat, 1] = carried(state, seat)
        seat_out[m, seat, 2] = history_credits(state, seat)
        seat_out[m, seat, 3] = state[base + L.P_STRIKES]
        seat_out[m, seat, 4] = state[base + L.P_ROTATIONS]
        seat_out[m, seat, 5] = state[base + L.P_BROKEN]
        seat_out[m, seat, 6] = state[base + L.P_ESCAPES]
        seat_out[m, seat, 7] = start_site(state, seat)
        seat_out[m, seat, 8] = state[base + L.P_INVOCATIONS]
        seat_out[m, seat, 9] = state[base + L.P_RESPONSES]


@njit(cache=True, _nrt=False, nogil=True)
def play_batch_kernel(ruleset, matchup, policy_ids, weights, seeds, deals, debug, match_out, seat_out, card_counts,
                      count_cards, state, legal, keys, counters, values, events, search):
    for m in range(deals.shape[0]):
        counts = card_counts[m if count_cards else 0]
        play_match(ruleset, matchup, policy_ids, weights, seeds, deals[m, 0], deals[m, 1], debug, state, legal, keys,
                   counters, values, events, search, counts, count_cards)
        record(state, match_out, seat_out, m)


def debug_matches(ruleset, matchup, policies, seeds, n_events: int = 200_000):
    """Each match of ``seeds`` played in debug mode (every action checked against the legal list, the
    invariants after it), one at a time from Python: yields (state, its event log's rows) after each.
    For censuses that read what happened in play (relic_census, alignment_census); the state and the
    rows are overwritten by the next match."""
    ids, weights = policy_files.weight_matrix(tuple(policies))
    state, legal, keys, counters, values, events, search = scratch(n_events=n_events, searching=searching(ids))
    counts = np.zeros((2, 1, L.CARD_COUNT_COLUMNS), np.int16)
    seed_pair, deals = K.seed_pair(seeds), K.deals(seeds)
    for m in range(deals.shape[0]):
        play_match(ruleset.tables, matchup.payload, ids, weights, seed_pair, deals[m, 0], deals[m, 1], True, state,
                   legal, keys, counters, values, events, search, counts, False)
        yield state, events[: state[L.G_EVENTS]]


def play_batch(ruleset_table, matchup_table, policy_ids, weights, seeds, *, debug=False, card_counts=False, n_cards=0):
    """The public wrapper: prepares the arrays, runs the kernel, returns a BatchResult."""
    n = len(seeds)
    match_out, seat_out = K.result_buffers(n, L.SEATS, len(MATCH_EXTRAS), len(SEAT_EXTRAS))
    counts = np.zeros((n if card_counts else 1, L.SEATS, max(n_cards, 1), L.CARD_COUNT_COLUMNS), np.int16)
    play_batch_kernel(ruleset_table, matchup_table, policy_ids, weights, K.seed_pair(seeds), K.deals(seeds), debug,
                      match_out, seat_out, counts, card_counts, *scratch(searching=searching(policy_ids)))
    return K.to_result(match_out, seat_out, MATCH_EXTRAS, SEAT_EXTRAS, counts if card_counts else None)
