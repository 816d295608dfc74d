"""Batch kernel: plays B cooperative games from seed keys and fills the result columns.

Each mage acts with its own bot: `policy_arrays` turns one Policy per deck slot (slot i = mage i of the
matchup) into a policy id and a weights row per mage and the index of the random stream that mage's bot draws
from. Mages playing the same bot (same policy id and weights) share one stream, keyed by the first of them, so
a team with one bot plays bit for bit as when the whole team had a single policy.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.policies import weight_matrix
from sim.core.rng import PURPOSE_CHANCE, PURPOSE_POLICY, PURPOSE_SETUP, stream_key
from sim.core.seating import seats_for
from sim.games.aeons_end.engine import check_invariants, legal_actions, reset, step
from sim.games.aeons_end.layout import (
    CARD_COUNT_BASE,
    CARD_COUNTS,
    G_ACTIVE,
    G_CARDS_GAINED,
    G_COUNT_CARDS,
    G_DAMAGE_DEALT,
    G_DECISIONS,
    G_END_REASON,
    G_FIRE,
    G_GRAVEHOLD,
    G_NEMESIS_LIFE,
    G_PLAYERS,
    G_ROUNDS,
    G_STATUS,
    G_TURNS,
    G_UNLEASHES,
    MAX_ACTIONS,
    MAX_CARD_IDS,
    P_EXHAUSTED,
    P_LIFE,
    ROUND_RECORD,
    STATE_SIZE,
    STREAM_COUNT,
    STREAM_POLICY,
)
from sim.games.aeons_end.policy import (
    POLICY_ISMCTS,
    POLICY_SEARCH,
    ismcts_arrays,
    needs_legal_actions,
    policy_act,
    search_arrays,
)
from sim.games.aeons_end.rules.piles import pbase
from sim.games.aeons_end.rules.turn import advance
from sim.games.aeons_end.vocab import (
    END_TURN_CAP,
    ERR_ILLEGAL_ACTION,
    ERR_INVARIANT_VIOLATION,
    ERR_NO_LEGAL_ACTION,
)

DECISION_CAP = 50000  # a safety net: a game that needs more decisions ends as turn_cap


@njit(cache=True, _nrt=False, forceinline=True)
def fill_keys(keys, root_seed, matchup_key, turn_order_index, deal_index):
    """The game's streams (layout.STREAM_*). The turn-order deck has its own index so that a study can hold
    the rest of the deal fixed while the turn order varies (or the reverse); see ``stream_indices``."""
    keys[0] = stream_key(root_seed, matchup_key, turn_order_index, PURPOSE_CHANCE, 0)   # turn-order deck
    keys[1] = stream_key(root_seed, matchup_key, deal_index, PURPOSE_SETUP, 0)    # nemesis deck
    keys[2] = stream_key(root_seed, matchup_key, deal_index, PURPOSE_CHANCE, 1)   # other chance
    for slot in range(keys.shape[0] - STREAM_POLICY):                              # the bots, by deck slot
        keys[STREAM_POLICY + slot] = stream_key(root_seed, matchup_key, deal_index, PURPOSE_POLICY, slot)


@njit(cache=True, _nrt=True)
def make_keys(root_seed, matchup_key, turn_order_index, deal_index):
    keys = np.empty(STREAM_COUNT, np.uint64)
    fill_keys(keys, root_seed, matchup_key, turn_order_index, deal_index)
    return keys


def policy_arrays(policies, matchup) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(policy ids int64[P], weights float64[P, n_params], stream index int64[P]) of the mages' bots, from one
    Policy per deck slot or one for the whole team (`seating.seats_for`). A bot's stream is that of the first
    mage with the same bot (policy id and weights), so equal bots share one."""
    policies = seats_for(tuple(policies), matchup)
    ids, params = weight_matrix(policies)
    streams = np.zeros(len(policies), np.int64)
    for i, policy in enumerate(policies):
        streams[i] = STREAM_POLICY + next(j for j, other in enumerate(policies) if other.policy_id == policy.policy_id
                                          and np.array_equal(other.params, policy.params))
    return ids, params, streams


def stream_indices(rules: dict, pair_index: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(turn-order index, deal index, deal group) per game under the edition's sampling design.

    ``deal_group_pairs: k`` groups k consecutive pairs; ``deal_group_varies`` says which streams
    differ inside a group: ``turn_order`` (nemesis deck, other chance and the bot's stream are those of
    the group, the turn-order deck is the game's own) or ``deal`` (the reverse). k = 1 is the plain
    design: every game has its own streams.
    """
    pair_index = np.asarray(pair_index, np.int64)
    group = pair_index // int(rules.get("deal_group_pairs", 1))
    if rules.get("deal_group_varies", "turn_order") == "turn_order":
        return pair_index, group, group
    return group, pair_index, group


@njit(cache=True, _nrt=False, inline="always")
def play_game(s, T, keys, counters, policy_ids, params, policy_streams, debug, legal, round_gravehold,
              round_life, search):
    reset(s, T, keys, counters)
    advance(s, T, keys, counters, round_gravehold, round_life)
    while s[G_STATUS] == 0:
        p = s[G_ACTIVE]
        policy_id = policy_ids[p]
        n = 0
        if debug or needs_legal_actions(policy_id):
            n = legal_actions(s, T, legal)
            if n == 0:
                return ERR_NO_LEGAL_ACTION
        a = policy_act(policy_id, s, T, legal, n, params[p], keys, counters, policy_streams[p], search)
        if debug:
            found = False
            for i in range(n):
                if legal[i] == a:
                    found = True
            if not found:
                return ERR_ILLEGAL_ACTION
        step(s, T, keys, counters, a, round_gravehold, round_life)
        if s[G_STATUS] >= 3:
            return -s[G_END_REASON]
        if debug and check_invariants(s, T) != 0:
            return ERR_INVARIANT_VIOLATION
        if s[G_DECISIONS] > DECISION_CAP:
            s[G_STATUS] = 2
            s[G_END_REASON] = END_TURN_CAP
    return 0


def scratch(searching):
    """Work arrays of play_batch_kernel (state, legal actions, stream keys and counters, and the search
    bots' when `searching`, else None), allocated by the caller: the kernel then runs without numba's
    reference counting (an atomic update for every array handed to a function)."""
    return (np.zeros(STATE_SIZE, np.int64), np.zeros(MAX_ACTIONS, np.int64), np.zeros(STREAM_COUNT, np.uint64),
            np.zeros(STREAM_COUNT, np.uint64), search_work(searching))


def search_work(searching):
    """The search bots' work arrays (policy.search_arrays' and policy.ismcts_arrays') when `searching`, else None."""
    return (search_arrays(STATE_SIZE, MAX_ACTIONS), ismcts_arrays(MAX_ACTIONS)) if searching else None


def searching(policy_ids) -> bool:
    """Whether a batch with these policy ids has a search bot (flat or ISMCTS) in it: it is then played by
    the kernel compiled with the search bots (policy.policy_act)."""
    ids = np.asarray(policy_ids)
    return bool(((ids == POLICY_SEARCH) | (ids == POLICY_ISMCTS)).any())


@njit(cache=True, _nrt=False, nogil=True)
def play_batch_kernel(T, root_seed, matchup_key, turn_order_index, deal_index, policy_ids, params, policy_streams,
                      debug, count_cards, card_counts,
                      winner, end_reason, turns, rounds, score, error, gravehold, player_life,
                      exhausted, fire, nemesis_life, cards_gained, unleashes, round_gravehold,
                      round_life, s, legal, keys, counters, search):
    """Play the batch; the last five arguments come from `scratch`; the mages' bots from `policy_arrays`."""
    n_cards = card_counts.shape[2]
    for g in range(deal_index.shape[0]):
        s[G_COUNT_CARDS] = 1 if count_cards else 0
        fill_keys(keys, root_seed, matchup_key, turn_order_index[g], deal_index[g])
        counters[:] = 0
        gravehold_by_round = round_gravehold[g]
        life_by_round = round_life[g]
        err = play_game(s, T, keys, counters, policy_ids, params, policy_streams, debug, legal, gravehold_by_round,
                        life_by_round, search)
        error[g] = err
        st = s[G_STATUS]
        winner[g] = 0 if st == 1 else 1
        end_reason[g] = s[G_END_REASON] if st <= 2 else END_TURN_CAP
        turns[g] = s[G_TURNS]
        rounds[g] = s[G_ROUNDS]
        score[g, 0] = s[G_DAMAGE_DEALT]
        score[g, 1] = s[G_GRAVEHOLD]
        gravehold[g] = s[G_GRAVEHOLD]
        tl = 0
        ex = 0
        for p in range(s[G_PLAYERS]):
            tl += s[pbase(p) + P_LIFE]
            ex += s[pbase(p) + P_EXHAUSTED]
        player_life[g] = tl
        exhausted[g] = ex
        fire[g] = s[G_FIRE]
        nemesis_life[g] = s[G_NEMESIS_LIFE]
        cards_gained[g] = s[G_CARDS_GAINED]
        unleashes[g] = s[G_UNLEASHES]
        if count_cards:
            for p in range(s[G_PLAYERS]):
                for c in range(min(n_cards, MAX_CARD_IDS)):
                    for k in range(CARD_COUNTS):
                        card_counts[g, p, c, k] = s[CARD_COUNT_BASE + (p * MAX_CARD_IDS + c) * CARD_COUNTS + k]
        # survival curves: rounds not reached repeat the final value
        last = min(s[G_ROUNDS], ROUND_RECORD)
        start = max(0, last - 1)
        for r in range(start, ROUND_RECORD):
            gravehold_by_round[r] = s[G_GRAVEHOLD]
            life_by_round[r] = tl
