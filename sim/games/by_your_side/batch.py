"""By Your Side's batch kernel: B matches (or B campaigns, campaign.py) from their seed keys, in the game
kit's calling convention (sim/core/kernel.py): packed ruleset and matchup tables, one bot per deck slot
(ids + a weights matrix), seeds, output matrices, work arrays grouped by dtype."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import kernel as K
from sim.core.seating import slot_of_seat
from sim.games.by_your_side import campaign, engine, policy, vocab
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T

# Per-seat and per-match columns read from the state at the end of a match (of a campaign: of its last
# attempt), then the campaign's own columns (a match played alone: one attempt at one scenario).
SEAT_EXTRAS = ("stability", "retrieved", "supports", "faints", "negated", "plays", "deck_size")
SEAT_FIELDS = (L.P_STABILITY, L.P_RETRIEVED, L.P_SUPPORTS, L.P_FAINTS, L.P_NEGATED, L.P_PLAYS)
MATCH_EXTRAS = ("threshold", "max_threshold", "crossed", "surges", "longest_surge", "events_read", "angels", "track",
                "scenarios_won") + tuple(f"attempts_{k + 1}" for k in range(vocab.CAMPAIGN_SCENARIOS))
MATCH_FIELDS = (L.G_THRESHOLD, L.G_MAX_THRESHOLD, L.G_CROSSED, L.G_SURGES, L.G_LONGEST_SURGE, L.G_EVENTS_READ,
                L.G_ANGELS, L.G_TRACK)
SEATS = 2


def scratch(n_events: int = 0) -> tuple[np.ndarray, ...]:
    """Work arrays, one set per batch: (state, legal actions) int64, (stream keys, counters) uint64, the
    event log int64 (no rows in sweeps: nothing is logged), the bots' scores and caches float64 (NaN: empty),
    and a campaign's: an attempt's matchup table and the Journal int64, the attempt's seed pair uint64."""
    return (
        np.zeros(L.STATE_SIZE, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros((n_events, L.EVENT_WIDTH), np.int64),
        np.full(policy.SCORES_SIZE, np.nan),
        np.zeros(campaign.MATCHUP_SIZE, np.int64),
        np.zeros(campaign.JOURNAL_SIZE, np.int64),
        np.zeros(2, np.uint64),
    )


def searching(policy_ids) -> bool:
    """Whether a batch with these policy ids has an ISMCTS bot in it: it is then played by the kernel compiled
    with the search (the "search" kernel set, Game.kernel_set)."""
    return bool(np.isin(np.asarray(policy_ids), (vocab.POLICY_ISMCTS,)).any())


def search_work(searching: bool):
    """The ISMCTS bot's work arrays (policy.search_arrays) when ``searching``, else None (the kernel without
    the search)."""
    return policy.search_arrays() if searching else None


@njit(cache=True, _nrt=False, inline="always")
def play_match(ruleset, matchup, policy_ids, weights, seeds, pair, order, debug, state, legal, keys, counters, events,
               counts, count_cards, scores, search):
    """One match to its end; each decision is the deciding seat's own bot's. Debug mode checks, after every
    action, that it was legal and that the invariants hold; a failure ends the match with its error code.
    Inlined into the batch kernel with the spine's step (compile time: each @njit function is a library
    that optimizes its whole call tree again, so the tree is kept shallow; the Veilforge finding)."""
    engine.reset(state, ruleset, matchup, seeds, pair, order, keys, counters, events, counts, count_cards)
    engine.advance(state, ruleset, keys, counters, events, counts, count_cards)
    n = engine.legal_actions(state, ruleset, legal)
    while True:
        if debug and engine.check_invariants(state, ruleset, matchup) != 0:
            state[L.G_ERROR] = L.ERROR_INVARIANT
            state[L.G_DONE] = 1
        if state[L.G_DONE]:
            break
        if n == 0:
            state[L.G_ERROR] = L.ERROR_ILLEGAL_ACTION
            break
        if n == 1:
            action = legal[0]  # a forced decision is taken without asking the bot, as engine.step does
        else:
            slot = slot_of_seat(order, state[L.G_DECIDER], 1, SEATS)
            action = policy.act(state, ruleset, matchup, policy_ids[slot], weights[slot], keys, counters, legal, n,
                                scores, search)
            if debug and not K.is_listed(action, legal, n):
                state[L.G_ERROR] = L.ERROR_ILLEGAL_ACTION
                break
        engine.apply(state, ruleset, action, keys, counters, events, counts, count_cards)
        engine.advance(state, ruleset, keys, counters, events, counts, count_cards)
        n = engine.legal_actions(state, ruleset, legal)


@njit(cache=True, _nrt=False, nogil=True)
def play_batch_kernel(ruleset, matchup, policy_ids, weights, seeds, deals, debug, match_out, seat_out, card_counts,
                      count_cards, state, legal, keys, counters, events, scores, attempt_matchup, journal, attempt_seeds,
                      search):
    """B matches, or B whole campaigns when ``matchup`` is a campaign's table: then each attempt's matchup
    table and seed pair are packed into the work arrays and played by the same (one inlined) play_match.
    ``search``: the ISMCTS bot's work arrays (search_work), None in a batch without one."""
    on_campaign = campaign.is_campaign(matchup)
    table = attempt_matchup if on_campaign else matchup
    match_seeds = attempt_seeds if on_campaign else seeds
    for m in range(deals.shape[0]):
        counts = card_counts[m if count_cards else 0]
        pair, order = deals[m, 0], deals[m, 1]
        if on_campaign:
            campaign.begin(matchup, journal)
        while True:
            if on_campaign:
                campaign.attempt_seeds(seeds, pair, journal[campaign.J_SCENARIO], journal[campaign.J_ATTEMPT],
                                       attempt_seeds)
                if not campaign.pack_attempt(matchup, journal, policy_ids, attempt_seeds, pair, attempt_matchup):
                    state[L.G_ERROR] = L.ERROR_CAPACITY
                    break
            play_match(ruleset, table, policy_ids, weights, match_seeds, pair, order, debug, state, legal, keys,
                       counters, events, counts, count_cards, scores, search)
            if not on_campaign or not campaign.after_attempt(state, ruleset, matchup, journal):
                break
        fill_row(state, m, match_out, seat_out)
        if on_campaign:
            fill_campaign(matchup, state, journal, m, match_out, seat_out)
        else:
            fill_single(state, ruleset, journal, m, match_out, seat_out)


@njit(cache=True, _nrt=False)
def fill_single(state, ruleset, journal, m, match_out, seat_out):
    """A match played alone: one attempt at one scenario; each seat's deck as the Journal would save it."""
    first = len(K.MATCH_COLUMNS) + len(MATCH_FIELDS)
    match_out[m, first] = state[L.G_WINNER] == 0
    match_out[m, first + 1] = 1
    for i in range(2 * L.MAX_CARDS):
        journal[campaign.J_DECKS + i] = 0
    for slot in range(SEATS):
        campaign.owned_cards(state, ruleset, slot, journal, campaign.J_DECKS + slot * L.MAX_CARDS)
        seat_out[m, slot, 1 + len(SEAT_FIELDS)] = campaign.deck_size(journal, slot)


@njit(cache=True, _nrt=False)
def fill_campaign(C, state, journal, m, match_out, seat_out):
    """A campaign's row: the team wins when every scenario is won; decisions and rounds over every attempt;
    scenarios won, attempts at each, and the decks the Journal holds at the end."""
    if journal[campaign.J_WON] < C[T.CA_N_SCENARIOS] or state[L.G_ERROR] != 0:
        match_out[m, K.WINNER] = 1
    match_out[m, K.TURNS] = journal[campaign.J_TURNS]
    match_out[m, K.ROUNDS] = journal[campaign.J_ROUNDS]
    first = len(K.MATCH_COLUMNS) + len(MATCH_FIELDS)
    match_out[m, first] = journal[campaign.J_WON]
    for k in range(vocab.CAMPAIGN_SCENARIOS):
        match_out[m, first + 1 + k] = journal[campaign.J_ATTEMPTS + k]
    for slot in range(SEATS):
        seat_out[m, slot, 1 + len(SEAT_FIELDS)] = campaign.deck_size(journal, slot)


@njit(cache=True, _nrt=False)
def fill_row(state, m, match_out, seat_out):
    winner = state[L.G_WINNER]
    if winner < 0:  # a match stopped by an error counts as lost
        winner = 1
    match_out[m, K.WINNER] = winner
    match_out[m, K.END_REASON] = state[L.G_END_REASON]
    match_out[m, K.TURNS] = state[L.G_TURNS]
    match_out[m, K.ROUNDS] = state[L.G_ROUND]
    match_out[m, K.ERROR] = state[L.G_ERROR]
    for i in range(len(MATCH_FIELDS)):
        match_out[m, len(K.MATCH_COLUMNS) + i] = state[MATCH_FIELDS[i]]
    for seat in range(SEATS):
        base = L.PLAYERS + seat * L.SEAT_SIZE
        seat_out[m, seat, K.SCORE] = state[base + L.P_BANISHED]
        for i in range(len(SEAT_FIELDS)):
            seat_out[m, seat, 1 + i] = state[base + SEAT_FIELDS[i]]


def play_batch(ruleset_table, matchup_table, policy_ids, weights, seeds, *, debug=False, card_counts=False, n_cards=0):
    """The public wrapper: prepares the arrays, runs the kernel, returns a BatchResult."""
    n = len(seeds)
    match_out, seat_out = K.result_buffers(n, SEATS, len(MATCH_EXTRAS), len(SEAT_EXTRAS))
    counts = np.zeros((n if card_counts else 1, SEATS, max(n_cards, 1), L.CARD_COUNT_COLUMNS), np.int16)
    play_batch_kernel(ruleset_table, matchup_table, policy_ids, weights, K.seed_pair(seeds), K.deals(seeds), debug,
                      match_out, seat_out, counts, card_counts, *scratch(), search_work(searching(policy_ids)))
    return K.to_result(match_out, seat_out, MATCH_EXTRAS, SEAT_EXTRAS, counts if card_counts else None)
