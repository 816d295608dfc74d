"""Waybound batch kernel: plays B matches from seed keys and fills the result columns.

play_match (one match to the end, inlined into the kernel), seat_keys (each seat's streams, keyed by
deck slot), scratch (the kernel's work arrays, allocated by the caller so the kernel runs without
numba's reference counting) and play_batch_kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import ismcts, rng
from sim.core.rng import stream_key
from sim.games.waybound.engine import check_invariants, finish, generate_actions, reset, step
from sim.games.waybound.layout import (
    A_EXPLORE,
    END_CAP,
    ERR_ACTION_CAP,
    ERR_ILLEGAL,
    ERR_INVARIANT,
    ERR_OK,
    EV_ILLEGAL,
    EV_INVARIANT,
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
)
from sim.games.waybound.vocab import CARD_WIDTH, POLICY_ISMCTS, POLICY_RANDOM, POLICY_SEARCH


# inlined into play_batch_kernel: numba re-optimizes every callee's code again in each calling
# function's library, so one level less is ~1 min less compile time
@njit(cache=True, inline="always")
def play_match(
    s,
    rules,
    cards,
    profiles,
    decks,
    deck_len,
    companion_profile,
    faction_ability,
    featured,
    policy_ids,
    policy_params,
    keys,
    counters,
    debug,
    legal,
    values,
    work_state,
    work_legal,
    work_keys,
    work_counters,
    layout,
    events,
    counts,
    log,
    count,
    tree,
):
    """Play one match to the end (seats already resolved). Returns the error code."""
    reset(
        s,
        rules,
        decks,
        deck_len,
        companion_profile,
        faction_ability,
        featured,
        keys,
        counters,
        events,
        counts,
        log,
        count,
    )
    explored = -1  # the unit whose Explore was the last action, when the list can be derived (see below)
    while s[G_DONE] == 0:
        if s[G_ACTIONS] >= MAX_ACTIONS:
            finish(s, -1, END_CAP, events)
            return ERR_ACTION_CAP
        d = s[G_DECIDER]
        if policy_ids[d] == POLICY_RANDOM:
            n = legal_actions_call(s, rules, cards, profiles, legal)
        else:
            n = generate_actions(s, rules, cards, profiles, legal, values[0], policy_params[d], layout[0], explored)
            if debug and explored >= 0:
                # the derived list must be the one generated afresh, action for action, value for value (its
                # layout goes to a row of its own: the same kind of call as above, so no other copy compiles)
                n_fresh = generate_actions_call(
                    s, rules, cards, profiles, work_legal, values[1], policy_params[d], layout[1], -1
                )
                same = n_fresh == n
                for k in range(min(n, n_fresh)):
                    same = same and work_legal[k] == legal[k] and values[1, k] == values[0, k]
                if not same:
                    log_event(s, events, EV_INVARIANT, d, 101, 0, 0, 0)
                    return ERR_INVARIANT
        if n == 0:
            log_event(s, events, EV_INVARIANT, d, 100, 0, 0, 0)
            return ERR_INVARIANT
        pick = policy_act(
            s,
            rules,
            cards,
            profiles,
            legal,
            n,
            values,
            policy_ids[d],
            policy_params[d],
            keys,
            counters,
            work_state,
            work_legal,
            work_keys,
            work_counters,
            events,
            counts,
            tree,
        )
        action = legal[pick]
        if debug:
            # regenerate the legal set independently of the buffer the policy read
            found = False
            if 0 <= pick < n:
                n_check = legal_actions_call(s, rules, cards, profiles, work_legal)
                for k in range(n_check):
                    if work_legal[k] == action:
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


@njit(cache=True, _nrt=False)
def seat_keys(root_seed, matchup_key, pair, swap, purpose_deal, purpose_chance, purpose_policy, keys):
    """Streams by deck slot: seat p plays slot p ^ swap."""
    for p in range(2):
        slot = p ^ swap
        keys[S_DEAL0 + p] = stream_key(root_seed, matchup_key, pair, purpose_deal, slot)
        keys[S_POLICY0 + p] = stream_key(root_seed, matchup_key, pair, purpose_policy, slot)
    keys[S_CHANCE] = stream_key(root_seed, matchup_key, pair, purpose_chance, 0)


def searching(policy_ids) -> bool:
    """Whether a batch with these policy ids (one per seat or slot) has a search bot in it: it is
    then played by the kernel compiled with the search bots (scratch)."""
    return bool(np.isin(np.asarray(policy_ids), (POLICY_SEARCH, POLICY_ISMCTS)).any())


def scratch(n_cards, deck_width, n_params, want_counts, searching):
    """Work arrays of play_batch_kernel, allocated by the caller: the kernel then runs without
    numba's reference counting (atomic updates on every array handed to a function). Without a
    search bot in the batch (`searching` false) the search tree is None, and the kernel is the one
    compiled without the search bots (policy.policy_act)."""
    return (
        np.zeros(STATE_SIZE, dtype=np.int32),  # s
        np.zeros(STATE_SIZE, dtype=np.int32),  # work_state
        np.zeros(MAX_LEGAL, dtype=np.int32),  # legal
        np.zeros((2, MAX_LEGAL), dtype=np.float64),  # values of legal (row 0) and of a rollout's actions (row 1)
        np.zeros(MAX_LEGAL, dtype=np.int32),  # work_legal
        np.zeros(N_STREAMS, dtype=np.uint64),  # keys
        np.zeros(N_STREAMS, dtype=np.uint64),  # counters
        np.zeros(N_STREAMS, dtype=np.uint64),  # work_keys
        np.zeros(N_STREAMS, dtype=np.uint64),  # work_counters
        np.zeros((2, deck_width), dtype=np.int32),  # decks
        np.zeros(2, dtype=np.int32),  # deck_len
        np.zeros(2, dtype=np.int32),  # companion_profile
        np.zeros(2, dtype=np.int32),  # faction_ability
        np.zeros(2, dtype=np.int32),  # featured
        np.zeros(2, dtype=np.int64),  # policy_ids
        np.zeros((2, n_params), dtype=np.float64),  # policy_params
        np.zeros((2, n_cards, 3) if want_counts else (0, 0, 0), dtype=np.int16),  # counts
        np.zeros((2, LAYOUT_SIZE), dtype=np.int32),  # layouts of the main-phase list and of a fresh one (generate_actions)
        # the ISMCTS bot's tree and world keys (policy.ismcts_choice)
        (*ismcts.tree_arrays(TREE_CAPACITY, MAX_CANDIDATES), np.zeros(MAX_WORLDS, dtype=np.uint64))
        if searching
        else None,
    )


@njit(cache=True, _nrt=False)
def play_batch_kernel(
    rules,
    cards,
    profiles,
    slot_decks,
    slot_deck_len,
    slot_companion_profile,
    slot_faction_ability,
    slot_featured,
    slot_policy_ids,
    slot_policy_params,
    root_seed,
    matchup_key,
    pair_index,
    swap,
    purpose_deal,
    purpose_chance,
    purpose_policy,
    debug,
    want_counts,
    out_winner,
    out_end,
    out_turns,
    out_rounds,
    out_score,
    out_error,
    out_extra,
    out_counts,
    events,
    log,
    s,
    work_state,
    legal,
    values,
    work_legal,
    keys,
    counters,
    work_keys,
    work_counters,
    decks,
    deck_len,
    companion_profile,
    faction_ability,
    featured,
    policy_ids,
    policy_params,
    counts,
    layout,
    tree,
):
    """Play the batch; the work arrays after `log` come from `scratch`."""
    batch = pair_index.shape[0]
    n_cards = cards.shape[0] // CARD_WIDTH
    for b in range(batch):
        sw = np.int64(swap[b])
        for p in range(2):
            slot = p ^ sw
            for k in range(slot_decks.shape[1]):
                decks[p, k] = slot_decks[slot, k]
            deck_len[p] = slot_deck_len[slot]
            companion_profile[p] = slot_companion_profile[slot]
            faction_ability[p] = slot_faction_ability[slot]
            featured[p] = slot_featured[slot]
            policy_ids[p] = slot_policy_ids[slot]
            for k in range(slot_policy_params.shape[1]):
                policy_params[p, k] = slot_policy_params[slot, k]
        seat_keys(
            root_seed, matchup_key, pair_index[b], sw, purpose_deal, purpose_chance, purpose_policy, keys
        )
        for t in range(N_STREAMS):
            counters[t] = 0
        if want_counts:
            counts[:] = 0
        error = play_match(
            s,
            rules,
            cards,
            profiles,
            decks,
            deck_len,
            companion_profile,
            faction_ability,
            featured,
            policy_ids,
            policy_params,
            keys,
            counters,
            debug,
            legal,
            values,
            work_state,
            work_legal,
            work_keys,
            work_counters,
            layout,
            events,
            counts,
            log,
            1 if want_counts else 0,
            tree,
        )
        out_error[b] = error
        out_winner[b] = s[G_WINNER]
        out_end[b] = s[G_END_REASON]
        out_turns[b] = s[G_TURNS]
        out_rounds[b] = s[G_ROUND]
        for p in range(2):
            pb = player_base(p)
            out_score[b, p] = s[pb + P_RENOWN]
            out_extra[b, X_MARKS, p] = s[pb + P_MARKS]
            out_extra[b, X_PATH, p] = s[pb + P_PATH] + 1
            out_extra[b, X_PATH_ROUND, p] = s[pb + P_PATH_ROUND]
            out_extra[b, X_ASCENDED, p] = s[pb + P_ASCENDED]
            out_extra[b, X_ASCEND_ROUND, p] = s[pb + P_ASCEND_ROUND]
            out_extra[b, X_COMPANION_DEFEATS, p] = s[pb + P_COMPANION_DEFEATS]
            out_extra[b, X_ALLIES_DEFEATED, p] = s[pb + P_ALLIES_DEFEATED]
            out_extra[b, X_TACTICS, p] = s[pb + P_TACTICS]
            out_extra[b, X_NETHER_OPENINGS, p] = s[pb + P_NETHER_OPENINGS]
            if want_counts:
                for c in range(n_cards):
                    for col in range(3):
                        out_counts[b, p, c, col] = counts[p, c, col]


def play_stepwise(rules, cards, profiles, payload, policy_ids, policy_params, seed, events):
    """play_match taken from Python one decision at a time, for the playthrough (render.playthrough).

    `payload` is a matchup's payload, `policy_ids`/`policy_params` are per deck slot, `seed` is
    (root seed, matchup key, pair index, swap). Yields (s, legal, pick) before each step: `s` is the
    live state and `legal` the list the decider chose from (read them before resuming). The match is
    the batch kernel's in debug mode: the same reset, lists (derived after an Explore, as play_match
    derives them, and checked against a fresh list), choices from the same streams, steps, and
    check_invariants after every step. Returns the error code (layout.ERR_*)."""
    root_seed, matchup_key, pair, swap = seed
    (s, work_state, legal, values, work_legal, keys, counters, work_keys, work_counters, decks, deck_len,
     companion_profile, faction_ability, featured, seat_policy_ids, seat_params, counts, layout, tree) = scratch(
        cards.shape[0] // CARD_WIDTH, payload["decks"].shape[1], policy_params.shape[1], False, searching(policy_ids)
    )
    order = [p ^ swap for p in range(2)]
    decks[:] = payload["decks"][order]
    deck_len[:] = payload["deck_len"][order]
    companion_profile[:] = payload["companion_profile"][order]
    faction_ability[:] = payload["ability"][order]
    featured[:] = payload["featured"][order]
    seat_policy_ids[:] = policy_ids[order]
    seat_params[:] = policy_params[order]
    seat_keys(
        np.uint64(root_seed), np.uint64(matchup_key), pair, swap,
        rng.PURPOSE_DEAL, rng.PURPOSE_CHANCE, rng.PURPOSE_POLICY, keys,
    )
    reset(s, rules, decks, deck_len, companion_profile, faction_ability, featured, keys, counters, events,
          counts, 1, 0)
    explored = -1
    while s[G_DONE] == 0:
        if s[G_ACTIONS] >= MAX_ACTIONS:
            finish(s, -1, END_CAP, events)
            return ERR_ACTION_CAP
        d = int(s[G_DECIDER])
        if seat_policy_ids[d] == POLICY_RANDOM:
            n = legal_actions_call(s, rules, cards, profiles, legal)
        else:
            n = generate_actions_call(s, rules, cards, profiles, legal, values[0], seat_params[d], layout[0], explored)
            if explored >= 0:
                n_fresh = generate_actions_call(s, rules, cards, profiles, work_legal, values[1], seat_params[d], layout[1], -1)
                if n_fresh != n or (work_legal[:n] != legal[:n]).any() or (values[1, :n] != values[0, :n]).any():
                    return ERR_INVARIANT
        if n == 0:
            return ERR_INVARIANT
        pick = policy_act_call(
            s, rules, cards, profiles, legal, n, values, seat_policy_ids[d], seat_params[d], keys, counters,
            work_state, work_legal, work_keys, work_counters, events, counts, tree,
        )
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
