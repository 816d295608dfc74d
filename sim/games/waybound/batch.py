"""Waybound's batch kernel: B matches from their seed keys, in the game kit's calling convention
(sim/core/kernel.py): the ruleset's flat tables (tables.flat_tables), the matchup table packed once
per matchup (tables.pack_matchup), bots as ids + a weights matrix per deck slot, seeds, output
matrices, work arrays grouped by dtype (scratch).

play_match (one match to the end, inlined into the kernel), seat_keys (each seat's streams, keyed by
deck slot), scratch and play_batch_kernel; play_stepwise is play_match taken from Python one decision
at a time (the playthrough).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import ismcts, rng
from sim.core import kernel as K
from sim.games.waybound.engine import check_invariants, generate_actions, reset, step
from sim.games.waybound.layout import (
    A_EXPLORE,
    END_CAP,
    ERR_ACTION_CAP,
    ERR_ILLEGAL,
    ERR_INVARIANT,
    ERR_OK,
    EV_ILLEGAL,
    EV_INVARIANT,
    EVENT_CAPACITY,
    EVENT_WIDTH,
    G_ACTIONS,
    G_DECIDER,
    G_DONE,
    G_END_REASON,
    G_PHASE,
    G_ROUND,
    G_TURNS,
    G_WINNER,
    LAYOUT_SIZE,
    MAX_ACTIONS,
    MAX_CANDIDATES,
    MAX_LEGAL,
    MAX_WORLDS,
    N_EXTRA,
    N_STREAMS,
    P_ALLIES_DEFEATED,
    P_ASCEND_ROUND,
    P_ASCENDED,
    P_COMPANION_DEFEATS,
    P_MARKS,
    P_NETHER_OPENINGS,
    P_PATH,
    P_PATH_ROUND,
    P_RENOWN,
    P_TACTICS,
    PH_MAIN,
    S_CHANCE,
    S_DEAL0,
    S_POLICY0,
    STATE_SIZE,
    TREE_CAPACITY,
    X_ALLIES_DEFEATED,
    X_ASCEND_ROUND,
    X_ASCENDED,
    X_COMPANION_DEFEATS,
    X_MARKS,
    X_NETHER_OPENINGS,
    X_PATH,
    X_PATH_ROUND,
    X_TACTICS,
    log_event,
    player_base,
)
from sim.games.waybound.policy import (
    generate_actions_call,
    legal_actions_call,
    policy_act,
    policy_act_call,
    step_call,
    work_world,
)
from sim.games.waybound.rules.turn import finish
from sim.games.waybound.vocab import POLICY_ISMCTS, POLICY_RANDOM, POLICY_SEARCH

# seat_out's columns after the score (Renown), in layout.X_* order
SEAT_EXTRAS = (
    "journey_marks",
    "path",
    "path_round",
    "ascended",
    "ascension_round",
    "companion_defeats",
    "allies_defeated",
    "tactics_played",
    "netherway_openings",
)
assert len(SEAT_EXTRAS) == N_EXTRA
MATCH_EXTRAS: tuple[str, ...] = ()


# inlined into play_batch_kernel: numba re-optimizes every callee's code again in each calling
# function's library, so one level less is ~1 min less compile time
@njit(cache=True, inline="always")
def play_match(ruleset, matchup, policy_ids, weights, seeds, pair, order, debug, work, events, counts, log, count,
               tree):
    """Play one match to the end (deal `pair` in seat order `order`; the state is work's states[0]).
    Returns the error code."""
    rules, cards, profiles = ruleset
    states, lists, layouts, values, streams = work
    s, legal, keys, counters = states[0], lists[0], streams[0], streams[1]
    world = work_world(states, lists, values, streams, events, counts)
    seat_keys(seeds, pair, order, keys)
    for t in range(N_STREAMS):
        counters[t] = 0
    reset(s, rules, matchup, order, keys, counters, events, counts, log, count)
    explored = -1  # the unit whose Explore was the last action, when the list can be derived (see below)
    while s[G_DONE] == 0:
        if s[G_ACTIONS] >= MAX_ACTIONS:
            finish(s, -1, END_CAP, events)
            return ERR_ACTION_CAP
        d = s[G_DECIDER]
        slot = d ^ order
        if policy_ids[slot] == POLICY_RANDOM:
            n = legal_actions_call(s, rules, cards, profiles, legal)
        else:
            n = generate_actions(s, rules, cards, profiles, legal, values[0], weights[slot], layouts[0], explored)
            if debug and explored >= 0:
                # the derived list must be the one generated afresh, action for action, value for value (its
                # layout goes to a row of its own: the same kind of call as above, so no other copy compiles)
                n_fresh = generate_actions_call(
                    s, rules, cards, profiles, lists[1], values[1], weights[slot], layouts[1], -1
                )
                same = n_fresh == n
                for k in range(min(n, n_fresh)):
                    same = same and lists[1, k] == legal[k] and values[1, k] == values[0, k]
                if not same:
                    log_event(s, events, EV_INVARIANT, d, 101, 0, 0, 0)
                    return ERR_INVARIANT
        if n == 0:
            log_event(s, events, EV_INVARIANT, d, 100, 0, 0, 0)
            return ERR_INVARIANT
        pick = policy_act(s, rules, cards, profiles, legal, n, values[0], policy_ids[slot], weights[slot], keys,
                          counters, world, tree)
        action = legal[pick]
        if debug:
            # regenerate the legal set independently of the buffer the policy read
            found = False
            if 0 <= pick < n:
                n_check = legal_actions_call(s, rules, cards, profiles, lists[1])
                for k in range(n_check):
                    if lists[1, k] == action:
                        found = True
                        break
            if not found:
                log_event(s, events, EV_ILLEGAL, d, action, 0, 0, 0)
                return ERR_ILLEGAL
        phase = s[G_PHASE]
        step(s, rules, cards, profiles, action, keys, counters, events, counts)
        # An Explore outside the Netherway leaves the same seat in the main phase with one unit
        # exhausted: its next list is derived from this one (relist_after_explore).
        explored = -1
        if (phase == PH_MAIN) & ((action >> 16) == A_EXPLORE) & (s[G_PHASE] == PH_MAIN):
            explored = (action >> 8) & 255
        if debug:
            code = check_invariants(s, rules, cards, profiles)
            if code != 0:
                log_event(s, events, EV_INVARIANT, d, code, 0, 0, 0)
                return ERR_INVARIANT
    return ERR_OK


# inlined into play_match: kernel.seat_streams is the out-of-line call (one library fewer to compile)
@njit(cache=True, inline="always")
def seat_keys(seeds, pair, order, keys):
    """Streams by deck slot (kernel.seat_streams): each seat's deal and bot streams are its slot's; the
    game's chance stream is the pair's."""
    K.seat_streams(seeds, pair, order, 2, 1, rng.PURPOSE_DEAL, keys, S_DEAL0)
    K.seat_streams(seeds, pair, order, 2, 1, rng.PURPOSE_POLICY, keys, S_POLICY0)
    keys[S_CHANCE] = rng.stream_key(seeds[0], seeds[1], pair, rng.PURPOSE_CHANCE, 0)


def searching(policy_ids) -> bool:
    """Whether a batch with these policy ids (one per seat or slot) has a search bot in it: it is
    then played by the kernel compiled with the search bots (scratch)."""
    return bool(np.isin(np.asarray(policy_ids), (POLICY_SEARCH, POLICY_ISMCTS)).any())


def scratch(log: bool, searching: bool) -> tuple:
    """Work arrays of play_batch_kernel, one set per batch (the kernel then runs without numba's
    reference counting): the event log (EVENT_CAPACITY rows for a replay, else one: nothing is
    logged); the work arrays, grouped by dtype: int32 states (the match, a search world), lists
    (the decider's list, a fresh or a search world's list) and layouts (of the main-phase list and of a
    fresh one: generate_actions), float64 values (of the two lists), uint64 streams (keys and counters
    of the match, then of a search world: policy.work_world); and the ISMCTS bot's tree and world keys
    (policy.ismcts_choice). Without a search bot in the batch (`searching` false) the tree is None,
    and the kernel is the one compiled without the search bots (policy.policy_act)."""
    work = (
        np.zeros((2, STATE_SIZE), np.int32),
        np.zeros((2, MAX_LEGAL), np.int32),
        np.zeros((2, LAYOUT_SIZE), np.int32),
        np.zeros((2, MAX_LEGAL), np.float64),
        np.zeros((4, N_STREAMS), np.uint64),
    )
    tree = (*ismcts.tree_arrays(TREE_CAPACITY, MAX_CANDIDATES), np.zeros(MAX_WORLDS, np.uint64)) if searching else None
    return np.zeros((EVENT_CAPACITY if log else 1, EVENT_WIDTH), np.int32), work, tree


@njit(cache=True, _nrt=False, nogil=True)
def play_batch_kernel(ruleset, matchup, policy_ids, weights, seeds, deals, debug, log, match_out, seat_out,
                      card_counts, count_cards, events, work, tree):
    """Play the batch; `events`, `work` and `tree` come from `scratch`."""
    s = work[0][0]
    for m in range(deals.shape[0]):
        counts = card_counts[m if count_cards else 0]
        error = play_match(ruleset, matchup, policy_ids, weights, seeds, deals[m, 0], deals[m, 1], debug, work,
                           events, counts, log, 1 if count_cards else 0, tree)
        match_out[m, K.WINNER] = s[G_WINNER]
        match_out[m, K.END_REASON] = s[G_END_REASON]
        match_out[m, K.TURNS] = s[G_TURNS]
        match_out[m, K.ROUNDS] = s[G_ROUND]
        match_out[m, K.ERROR] = error
        for p in range(2):
            pb = player_base(p)
            seat_out[m, p, K.SCORE] = s[pb + P_RENOWN]
            seat_out[m, p, 1 + X_MARKS] = s[pb + P_MARKS]
            seat_out[m, p, 1 + X_PATH] = s[pb + P_PATH] + 1
            seat_out[m, p, 1 + X_PATH_ROUND] = s[pb + P_PATH_ROUND]
            seat_out[m, p, 1 + X_ASCENDED] = s[pb + P_ASCENDED]
            seat_out[m, p, 1 + X_ASCEND_ROUND] = s[pb + P_ASCEND_ROUND]
            seat_out[m, p, 1 + X_COMPANION_DEFEATS] = s[pb + P_COMPANION_DEFEATS]
            seat_out[m, p, 1 + X_ALLIES_DEFEATED] = s[pb + P_ALLIES_DEFEATED]
            seat_out[m, p, 1 + X_TACTICS] = s[pb + P_TACTICS]
            seat_out[m, p, 1 + X_NETHER_OPENINGS] = s[pb + P_NETHER_OPENINGS]


def play_batch(ruleset_tables, matchup_table, policy_ids, weights, seeds, *, debug=False, card_counts=False,
               n_cards=0, log=False):
    """The public wrapper: prepares the arrays, runs the kernel; returns (match_out, seat_out, the card
    counts or None, the event log)."""
    n = len(seeds)
    match_out, seat_out = K.result_buffers(n, 2, len(MATCH_EXTRAS), len(SEAT_EXTRAS))
    counts = np.zeros((n if card_counts else 1, 2, n_cards, 3), np.int16)
    events, work, tree = scratch(log, searching(policy_ids))
    play_batch_kernel(ruleset_tables, matchup_table, policy_ids, weights, K.seed_pair(seeds), K.deals(seeds),
                      bool(debug), 1 if log else 0, match_out, seat_out, counts, bool(card_counts), events, work, tree)
    return match_out, seat_out, counts if card_counts else None, events


def play_stepwise(ruleset_tables, matchup_table, policy_ids, weights, seeds, events):
    """play_match taken from Python one decision at a time, for the playthrough (render.playthrough).

    `policy_ids`/`weights` are per deck slot, `seeds` a one-match SeedBlock. Yields (s, legal, pick)
    before each step: `s` is the live state and `legal` the list the decider chose from (read them
    before resuming). The match is the batch kernel's in debug mode: the same reset, lists (derived
    after an Explore, as play_match derives them, and checked against a fresh list), choices from the
    same streams, steps, and check_invariants after every step. Returns the error code (layout.ERR_*)."""
    rules, cards, profiles = ruleset_tables
    pair, order = (int(v) for v in K.deals(seeds)[0])
    _, work, tree = scratch(False, searching(policy_ids))
    states, lists, layouts, values, streams = work
    s, legal, keys, counters = states[0], lists[0], streams[0], streams[1]
    counts = np.zeros((0, 0, 0), np.int16)  # nothing is counted (reset's count 0)
    world = work_world(states, lists, values, streams, events, counts)
    seat_keys(K.seed_pair(seeds), pair, order, keys)
    reset(s, rules, matchup_table, order, keys, counters, events, counts, 1, 0)
    explored = -1
    while s[G_DONE] == 0:
        if s[G_ACTIONS] >= MAX_ACTIONS:
            finish(s, -1, END_CAP, events)
            return ERR_ACTION_CAP
        slot = int(s[G_DECIDER]) ^ order
        if policy_ids[slot] == POLICY_RANDOM:
            n = legal_actions_call(s, rules, cards, profiles, legal)
        else:
            n = generate_actions_call(s, rules, cards, profiles, legal, values[0], weights[slot], layouts[0], explored)
            if explored >= 0:
                n_fresh = generate_actions_call(s, rules, cards, profiles, lists[1], values[1], weights[slot],
                                                layouts[1], -1)
                if n_fresh != n or (lists[1, :n] != legal[:n]).any() or (values[1, :n] != values[0, :n]).any():
                    return ERR_INVARIANT
        if n == 0:
            return ERR_INVARIANT
        pick = policy_act_call(s, rules, cards, profiles, legal, n, values[0], policy_ids[slot], weights[slot], keys,
                               counters, world, tree)
        yield s, [int(a) for a in legal[:n]], int(pick)
        action = int(legal[pick])
        phase = s[G_PHASE]
        step_call(s, rules, cards, profiles, action, keys, counters, events, counts)
        explored = -1
        if phase == PH_MAIN and action >> 16 == A_EXPLORE and s[G_PHASE] == PH_MAIN:
            explored = (action >> 8) & 255
        if check_invariants(s, rules, cards, profiles) != 0:
            return ERR_INVARIANT
    return ERR_OK
