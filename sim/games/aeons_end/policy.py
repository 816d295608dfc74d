"""Bots in numba: each mage acts with its own bot (policy id and weights per deck slot, batch.policy_arrays).

`random` is uniform over legal actions (END weighted by a parameter); `greedy` plays every gem and
relic, casts every prepped spell at the team's best target, preps the strongest spells into the best
breaches, then spends aether on the best-scoring purchase (weights are data, decks/aeons_end/policies).
`search` is determinized flat Monte Carlo over a few candidate actions, with greedy playouts (the searching
mage plays its teammates' turns with its own base plan inside a playout: assumed, PERF.md). `ismcts_*` is
information-set MCTS on sim/core/ismcts.py (ismcts_act): each iteration re-deals what the deciding mage cannot
see (determinize_information_set), descends a tree of the team's decisions with the greedy plan as prior
(action_prior), and plays greedy to a cut-off scored by the fitted evaluation (evaluation.win_chance) or, for a
bot without one, by playout_value; it leaves the plan only with `confidence` standard errors (ismcts.beats).
A greedy plan's weights may be fitted by CMA-ES (fit_policy.py), the evaluation by logistic regression
(fit_evaluation.py): both are data files the bots name.

A bot's random draws come from its stream (the keys / counters index `stream`): mages with the same bot share
one stream, the one of the first such mage, so a team with one bot draws as it always did (batch.policy_arrays).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import ismcts
from sim.core.rng import next_below, next_u64, shuffle, splitmix64
from sim.games.aeons_end import evaluation
from sim.games.aeons_end.engine import legal_actions, step_call
from sim.games.aeons_end.layout import (
    A_ABILITY,
    A_ALLY_ABILITY,
    A_CAST,
    A_CHARGE,
    A_END,
    A_FOCUS,
    A_GAIN,
    A_OPEN,
    A_PLAY,
    A_PLAY_GEMS,
    A_PREP,
    A_TO_DISCARD,
    A_WHILE_PREPPED,
    CORRUPTION_BASE,
    DEVOURED_BASE,
    G_ACTIVE,
    G_AETHER,
    G_CORRUPTIONS,
    G_COUNT_CARDS,
    G_DEVOURED,
    G_GRAVEHOLD,
    G_GRAVEHOLD_MAX,
    G_IN_PLAY,
    G_NEMESIS_DECK_LEN,
    G_NEMESIS_DECK_POS,
    G_NEMESIS_LIFE,
    G_NEMESIS_MAX_LIFE,
    G_NEMESIS_TIER,
    G_PHASE,
    G_PLAYER_MAX,
    G_PLAYERS,
    G_ROUNDS,
    G_STATUS,
    G_TURN_ORDER_POS,
    IP_CARD,
    IP_POWER,
    MG_ABILITY,
    MG_ANY_MAIN,
    NC_TD_CODE,
    NC_TIER,
    NC_TYPE,
    NEMESIS_DECK_BASE,
    NTYPE_POWER,
    P_BREACH,
    P_CHARGE_MAX,
    P_CHARGES,
    P_DECK,
    P_DECK_N,
    P_DISCARD,
    P_DISCARD_N,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_MAGE,
    P_PREP,
    PC_AETHER_VALUE,
    PC_COST,
    PC_DAMAGE_VALUE,
    PC_HAS_OR,
    PC_TYPE,
    PHASE_CASTING,
    R_BONUS_DAMAGE,
    R_CHARGE_COST,
    ROUND_RECORD,
    SU_BASIC,
    SU_BASIC_CAP,
    SU_BASIC_N,
    SU_OWN,
    SUPPLY_CARD_BASE,
    SUPPLY_COUNT_BASE,
    SUPPLY_PILES,
    TARGETS,
    TURN_ORDER_BASE,
    TURN_ORDER_SIZE,
    TYPE_CORRUPTION,
    TYPE_GEM,
    TYPE_SPELL,
)
from sim.games.aeons_end.rules.breaches import breach_cost, can_prep
from sim.games.aeons_end.rules.choices import pick_ally, pick_healthiest, pick_lowest
from sim.games.aeons_end.rules.mages import ability_feasible
from sim.games.aeons_end.rules.main_phase import plain_gem_index, play_option_feasible, while_prepped_feasible
from sim.games.aeons_end.rules.minions_powers import best_target_h, slot_base, to_discard_feasible
from sim.games.aeons_end.rules.piles import pbase
from sim.games.aeons_end.rules.supply import available_aether
from sim.games.aeons_end.tables import mage, matchup_setup, nemesis_card, player_card, rule
from sim.games.aeons_end.vocab import (
    AB_ALLY_DRAWS_4,
    AB_ANY_PLAYER_LIFE_4,
    AB_OTHERWORLDLY_GATE,
    AB_QUICKEN_THOUGHT,
    TD_DESTROY_OPENED_BREACHES,
)

POLICY_RANDOM = 0
POLICY_GREEDY = 1
POLICY_SEARCH = 2
POLICY_ISMCTS = 3

GREEDY_WEIGHTS = (
    "gain_gem_per_aether", "gain_spell_per_damage", "gain_relic", "open_breach", "focus_breach",
    "charge", "cost_bonus", "late_spell_bonus", "hold_spell_when_no_minion", "husk_threshold",
)
RANDOM_WEIGHTS = ("end_phase_weight",)
# search parameters follow the base plan's greedy weights in the params vector
SEARCH_PARAMS = ("candidates", "rollouts", "horizon_rounds", "damage_weight", "life_weight", "margin")
SEARCH_INT_LIMITS = {"candidates": (1, 16), "rollouts": (1, 64), "horizon_rounds": (1, 60)}
# ISMCTS parameters, laid out like the search bot's so that playout_value reads the same two weights (13, 14)
ISMCTS_PARAMS = ("candidates", "iterations", "horizon_rounds", "damage_weight", "life_weight", "margin",
                 "exploration", "worlds", "widening")
# then the optional ones (absent from a bot file: the values that play as before they existed): CONFIDENCE, the
# standard errors by which a searched action's mean must beat the plan's besides `margin` (ismcts.beats; 0), the
# cut-off evaluation's EVALUATION_FLAG (1: a cut-off is scored by evaluation.win_chance with the weights that
# follow, 0: by playout_value) and its evaluation.WEIGHT_COUNT weights (the file's `evaluation:`)
ISMCTS_OPTIONAL = ("confidence", "evaluation")
CONFIDENCE = 10 + len(ISMCTS_PARAMS)
EVALUATION_FLAG = CONFIDENCE + 1
EVALUATION_WEIGHTS = EVALUATION_FLAG + 1
ISMCTS_MAX_ITERATIONS = 256
ISMCTS_MAX_WORLDS = 64
ISMCTS_MAX_CANDIDATES = 16
ISMCTS_INT_LIMITS = {"candidates": (1, ISMCTS_MAX_CANDIDATES), "iterations": (1, ISMCTS_MAX_ITERATIONS),
                     "horizon_rounds": (1, 60), "worlds": (1, ISMCTS_MAX_WORLDS)}
ROLLOUT_DECISION_CAP = 20000  # a playout that needs more decisions is scored where it stands


@njit(cache=True, _nrt=False, forceinline=True)
def random_act(legal, n, params, keys, counters, stream):
    w_end = params[0]
    # END is always the last legal action in the main phase and may be absent in casting
    if legal[n - 1] // 256 == A_END and n > 1:
        u = (next_u64(keys, counters, stream) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
        if u * (n - 1 + w_end) >= n - 1:
            return legal[n - 1]
        return legal[next_below(keys, counters, stream, n - 1)]
    return legal[next_below(keys, counters, stream, n)]


@njit(cache=True, _nrt=False, forceinline=True)
def greedy_act(s, T, params):
    """Decide straight from the state (no action enumeration); debug mode checks the result is legal."""
    p = s[G_ACTIVE]
    b = pbase(p)
    if s[G_PHASE] == PHASE_CASTING:
        # cast prepped spells one by one at the team's best target, closed breaches first
        best = -1
        best_closed = -1
        for k in range(8):
            card = s[b + P_PREP + k]
            if card < 0:
                continue
            closed = 1 if s[b + P_BREACH + k // 2] < 4 else 0
            t = best_target_h(s, T, player_card(T, card, PC_DAMAGE_VALUE), np.int64(params[9]))
            if params[8] > 0.5 and closed == 0 and t == 0:
                continue  # hold spells in opened breaches while only the nemesis is a target
            if closed > best_closed:
                best = A_CAST * 256 + k * TARGETS + t
                best_closed = closed
        if best >= 0:
            return best
        return A_END * 256
    # main phase, in priority order
    # 1. pay a TO DISCARD cost when the power resolves at the next nemesis turn; never by destroying opened
    #    breaches (Crushing Storm): a permanent loss the team does not trade for one power (assumed plan)
    for k in range(s[G_IN_PLAY]):
        card = s[slot_base(k) + IP_CARD]
        if nemesis_card(T, card, NC_TYPE) == NTYPE_POWER and nemesis_card(T, card, NC_TD_CODE) != 0 \
                and nemesis_card(T, card, NC_TD_CODE) != TD_DESTROY_OPENED_BREACHES \
                and s[slot_base(k) + IP_POWER] <= 1 and to_discard_feasible(s, T, p, card):
            return A_TO_DISCARD * 256 + k
    # 2. the mage ability, when it helps
    if ability_feasible(s, T, p):
        ab = mage(T, s[b + P_MAGE], MG_ABILITY)
        if ab == AB_ANY_PLAYER_LIFE_4:
            q = pick_lowest(s)
            if s[pbase(q) + P_LIFE] <= s[G_PLAYER_MAX] - 4:
                return A_ABILITY * 256 + q
        elif ab == AB_ALLY_DRAWS_4:
            return A_ABILITY * 256 + pick_ally(s, p)
        elif ab == AB_QUICKEN_THOUGHT:
            return A_ABILITY * 256 + pick_healthiest(s)
        else:
            return A_ABILITY * 256 + p
    # 2b. an ally's "any player's main phase" ability: Kadir's gate when the active player has 2+ spells
    # to take back, Lash's Quicken Thought and Xaxos's link as soon as they are charged
    for a in range(s[G_PLAYERS]):
        if a == p or mage(T, s[pbase(a) + P_MAGE], MG_ANY_MAIN) == 0 or not ability_feasible(s, T, a):
            continue
        ab = mage(T, s[pbase(a) + P_MAGE], MG_ABILITY)
        if ab == AB_OTHERWORLDLY_GATE:
            spells = 0
            for i in range(s[b + P_DISCARD_N]):
                if player_card(T, s[b + P_DISCARD + i], PC_TYPE) == TYPE_SPELL:
                    spells += 1
            if spells >= 2:
                return A_ALLY_ABILITY * 256 + a * 4 + p
        elif ab == AB_QUICKEN_THOUGHT:
            return A_ALLY_ABILITY * 256 + a * 4 + pick_healthiest(s)
        else:
            return A_ALLY_ABILITY * 256 + a * 4 + p
    # 3. play gems and relics
    if plain_gem_index(s, T, p) >= 0:
        return A_PLAY_GEMS * 256
    for i in range(s[b + P_HAND_N]):
        card = s[b + P_HAND + i]
        if player_card(T, card, PC_TYPE) != TYPE_SPELL and player_card(T, card, PC_TYPE) != TYPE_CORRUPTION:
            if play_option_feasible(s, T, p, card, 0):
                return A_PLAY * 256 + i * 2
            if player_card(T, card, PC_HAS_OR) != 0 and play_option_feasible(s, T, p, card, 1):
                return A_PLAY * 256 + i * 2 + 1
    # 4. while-prepped effects
    for k in range(8):
        if while_prepped_feasible(s, T, p, k):
            return A_WHILE_PREPPED * 256 + k
    # 5. prep the most damaging spell into the breach with the highest bonus
    best = -1
    best_score = -1.0
    for i in range(s[b + P_HAND_N]):
        card = s[b + P_HAND + i]
        if player_card(T, card, PC_TYPE) != TYPE_SPELL:
            continue
        for k in range(4):
            if can_prep(s, T, p, card, k) < 0:
                continue
            score = player_card(T, card, PC_DAMAGE_VALUE) * 10.0 + rule(T, R_BONUS_DAMAGE + k) * 5.0 \
                + (1.0 if s[b + P_BREACH + k] == 4 else 0.0)
            if score > best_score:
                best = A_PREP * 256 + i * 4 + k
                best_score = score
    if best >= 0:
        return best
    # 6. spend aether on the best-scoring purchase
    late = 1.0 if s[G_NEMESIS_TIER] >= 2 else 0.0
    best = -1
    best_score = 0.0
    for pile in range(SUPPLY_PILES + 1):
        if pile == SUPPLY_PILES:
            if s[G_DEVOURED] == 0:
                continue
            card = s[DEVOURED_BASE + s[G_DEVOURED] - 1]
        else:
            if s[SUPPLY_COUNT_BASE + pile] == 0:
                continue
            card = s[SUPPLY_CARD_BASE + pile]
        typ = player_card(T, card, PC_TYPE)
        if available_aether(s, typ) < player_card(T, card, PC_COST):
            continue
        if typ == TYPE_GEM:
            score = params[0] * player_card(T, card, PC_AETHER_VALUE)
        elif typ == TYPE_SPELL:
            score = (params[1] + params[7] * late) * player_card(T, card, PC_DAMAGE_VALUE)
        else:
            score = params[2]
        score += params[6] * player_card(T, card, PC_COST)
        if score > best_score:
            best = A_GAIN * 256 + (9 if pile == SUPPLY_PILES else pile)
            best_score = score
    for k in range(4):
        st = s[b + P_BREACH + k]
        if st < 0 or st >= 4:
            continue
        if s[G_AETHER] >= breach_cost(s, T, p, k, True):
            score = params[3] * (1.0 + rule(T, R_BONUS_DAMAGE + k))
            if score > best_score:
                best = A_OPEN * 256 + k
                best_score = score
        if s[G_AETHER] >= breach_cost(s, T, p, k, False):
            score = params[4] * (1.0 + rule(T, R_BONUS_DAMAGE + k))
            if score > best_score:
                best = A_FOCUS * 256 + k
                best_score = score
    if s[G_AETHER] >= rule(T, R_CHARGE_COST) and s[b + P_CHARGES] < s[b + P_CHARGE_MAX]:
        if params[5] > best_score:
            best = A_CHARGE * 256
            best_score = params[5]
    if best >= 0:
        return best
    return A_END * 256


# greedy_act is inlined (forceinline) into the batch kernel; the search bot calls this out-of-line copy.
@njit(cache=True, _nrt=False)
def greedy_act_call(s, T, params):
    return greedy_act(s, T, params)


@njit(cache=True, _nrt=True)
def redeal(s, lo, hi, keys, counters, stream):
    """Sort, then shuffle: the result depends only on which cards the segment holds, never on their order."""
    if hi - lo > 1:
        s[lo:hi] = np.sort(s[lo:hi])
        shuffle(s, lo, hi, keys, counters, stream)


@njit(cache=True, _nrt=False)
def tier_end(s, T, lo, end):
    """The end of the run of undrawn nemesis cards of one tier that starts at deck position `lo`."""
    hi = lo + 1
    tier = nemesis_card(T, s[NEMESIS_DECK_BASE + lo], NC_TIER)
    while hi < end and nemesis_card(T, s[NEMESIS_DECK_BASE + hi], NC_TIER) == tier:
        hi += 1
    return hi


@njit(cache=True, _nrt=False)
def determinize(s, T, keys, counters):
    """Re-deal what the players cannot see: the turn-order deck, the undrawn nemesis cards (within their
    tier, the tiers stay stacked), each player's deck and the corruption deck."""
    redeal(s, TURN_ORDER_BASE + s[G_TURN_ORDER_POS], np.int64(TURN_ORDER_BASE + TURN_ORDER_SIZE), keys, counters, np.int64(0))
    lo = s[G_NEMESIS_DECK_POS]
    end = s[G_NEMESIS_DECK_LEN]
    while lo < end:
        hi = tier_end(s, T, lo, end)
        redeal(s, NEMESIS_DECK_BASE + lo, NEMESIS_DECK_BASE + hi, keys, counters, np.int64(1))
        lo = hi
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        redeal(s, b + P_DECK, b + P_DECK + s[b + P_DECK_N], keys, counters, np.int64(2))
    redeal(s, np.int64(CORRUPTION_BASE), CORRUPTION_BASE + s[G_CORRUPTIONS], keys, counters, np.int64(2))


@njit(cache=True, _nrt=False)
def playout_value(s, params, start_round):
    """Win = 1; plus scaled nemesis damage and (when not lost) Gravehold life; an engine error scores -1."""
    st = s[G_STATUS]
    if st >= 3:
        return -1.0
    value = 1.0 if st == 1 else 0.0
    value += params[13] * (1.0 - s[G_NEMESIS_LIFE] / max(1, s[G_NEMESIS_MAX_LIFE]))
    if st != 2:
        life = 0.0
        for p in range(s[G_PLAYERS]):
            life += s[pbase(p) + P_LIFE]
        life /= max(1, s[G_PLAYERS] * s[G_PLAYER_MAX])
        value += params[14] * 0.5 * (s[G_GRAVEHOLD] / max(1, s[G_GRAVEHOLD_MAX]) + life)
    return value


def search_arrays(state_size, max_actions):
    """Work arrays of search_act, allocated by the caller (batch.scratch): a copy of the state, the
    playout's stream keys and counters, its two round records, the candidates and the pool they are
    drawn from."""
    return (np.zeros(state_size, np.int64), np.zeros(4, np.uint64), np.zeros(4, np.uint64),
            np.zeros(ROUND_RECORD, np.int16), np.zeros(ROUND_RECORD, np.int16), np.zeros(max_actions, np.int64),
            np.zeros(max_actions, np.int64))


@njit(cache=True, _nrt=False)
def search_act(s, T, legal, n, params, keys, counters, stream, search):
    """Flat Monte Carlo: the greedy choice and up to k-1 other legal actions (drawn from the policy
    stream) are each played out `rollouts` times with the greedy plan on a re-dealt copy of the state;
    every candidate sees the same re-deals (common random numbers). Another candidate replaces the
    greedy choice only when its mean beats it by `margin`: with few playouts, noise alone would otherwise
    pull many decisions away from the plan. The real streams are never used inside a playout, so the
    search cannot see the hidden order. `search`: the work arrays of search_arrays."""
    s2, rkeys, rcounters, scratch_g, scratch_l, cand, pool = search
    g = greedy_act_call(s, T, params)
    if n <= 1:
        return g
    k = min(np.int64(params[10]), n)
    cand[0] = g
    m = 1
    pn = 0
    for i in range(n):
        if legal[i] != g:
            pool[pn] = legal[i]
            pn += 1
    while m < k and pn > 0:
        j = next_below(keys, counters, stream, pn)
        cand[m] = pool[j]
        m += 1
        pool[j] = pool[pn - 1]
        pn -= 1
    if m == 1:
        return g
    rollouts = np.int64(params[11])
    horizon = np.int64(params[12])
    base = next_u64(keys, counters, stream)
    start_round = s[G_ROUNDS]
    best = g
    best_value = -1e300
    greedy_value = 0.0
    for c in range(m):
        total = 0.0
        for r in range(rollouts):
            for j in range(4):
                rkeys[j] = splitmix64(base ^ np.uint64(r * 4 + j + 1))
                rcounters[j] = 0
            for i in range(s.shape[0]):  # (element by element: a slice copy needs numba's reference counting)
                s2[i] = s[i]
            s2[G_COUNT_CARDS] = 0
            determinize(s2, T, rkeys, rcounters)
            step_call(s2, T, rkeys, rcounters, cand[c], scratch_g, scratch_l)
            decisions = 0
            while s2[G_STATUS] == 0 and s2[G_ROUNDS] < start_round + horizon and decisions < ROLLOUT_DECISION_CAP:
                step_call(s2, T, rkeys, rcounters, greedy_act_call(s2, T, params), scratch_g, scratch_l)
                decisions += 1
            total += playout_value(s2, params, start_round)
        mean = total / rollouts
        if c == 0:
            greedy_value = mean
            best_value = mean
        elif mean > best_value + 1e-12 and mean >= greedy_value + params[15]:
            best_value = mean
            best = cand[c]
    return best


# ---------------------------------------------------------------------------- information-set MCTS
def ismcts_arrays(max_actions):
    """Work arrays of ismcts_act besides search_arrays', allocated by the caller (batch.scratch): the tree
    (ismcts.tree_arrays, room for the largest budget), the world keys, the prior values and legal actions
    of a node, and the basic nemesis cards a re-deal draws from."""
    nodes, stats, path, candidates = ismcts.tree_arrays(ISMCTS_MAX_ITERATIONS + 1, ISMCTS_MAX_CANDIDATES)
    return (nodes, stats, path, candidates, np.zeros(ISMCTS_MAX_WORLDS, np.uint64), np.zeros(max_actions, np.float64),
            np.zeros(max_actions, np.int64), np.zeros(SU_BASIC_CAP, np.int64), np.zeros(evaluation.WORK_SIZE))


@njit(cache=True, _nrt=False)
def legal_actions_call(s, T, out):
    return legal_actions(s, T, out)


@njit(cache=True, _nrt=False)
def redeal_range(s, lo, hi, keys, counters, stream):
    """redeal without numba's reference counting: the cards put in a fixed order (by id), then shuffled."""
    ismcts.sort_range(s, lo, hi)
    shuffle(s, lo, hi, keys, counters, stream)


@njit(cache=True, _nrt=False)
def seen_nemesis_card(s, card):
    """Whether `card` has been drawn from the nemesis deck (it lies above the deck's position)."""
    for k in range(s[G_NEMESIS_DECK_POS]):
        if s[NEMESIS_DECK_BASE + k] == card:
            return True
    return False


@njit(cache=True, _nrt=False)
def own_nemesis_card(T, card):
    for i in range(9):
        if matchup_setup(T, SU_OWN + i) == card:
            return True
    return False


@njit(cache=True, _nrt=False)
def redeal_nemesis_tier(s, T, lo, hi, keys, counters, pool):
    """Re-deal the undrawn nemesis cards s[NEMESIS_DECK_BASE + lo : + hi], all of one tier: the nemesis's
    own cards of the tier stay (the nine are known), the basic cards are drawn again from the tier's basics
    not drawn yet (which random basics were added is hidden), then the tier is shuffled. (Should the tier
    hold more basics than remain unseen, a deck no setup builds, only its order is dealt again.)"""
    tier = nemesis_card(T, s[NEMESIS_DECK_BASE + lo], NC_TIER) - 1
    m = 0
    for i in range(matchup_setup(T, SU_BASIC_N + tier)):
        card = matchup_setup(T, SU_BASIC + tier * SU_BASIC_CAP + i)
        if not seen_nemesis_card(s, card):
            pool[m] = card
            m += 1
    basics = 0
    for k in range(lo, hi):
        if not own_nemesis_card(T, s[NEMESIS_DECK_BASE + k]):
            basics += 1
    if basics <= m:
        shuffle(pool, 0, m, keys, counters, np.int64(1))
        dealt = 0
        for k in range(lo, hi):
            if not own_nemesis_card(T, s[NEMESIS_DECK_BASE + k]):
                s[NEMESIS_DECK_BASE + k] = pool[dealt]
                dealt += 1
    redeal_range(s, NEMESIS_DECK_BASE + lo, NEMESIS_DECK_BASE + hi, keys, counters, np.int64(1))


@njit(cache=True, _nrt=False)
def determinize_information_set(s, T, keys, counters, pool):
    """Re-deal what the deciding mage cannot see, from what it can: the rest of the turn-order deck (its
    discards lie face up), the undrawn nemesis cards within their tier (own cards kept, basics drawn again
    from the tier's unseen basics: redeal_nemesis_tier), every player's deck order (decks lie face down and
    may not be looked through; their contents are known) and the corruption deck. Each segment is sorted
    first, so the world depends only on what the mage sees and on the streams, never on the hidden order.
    Hands, discard piles, breaches, the supply and the nemesis's cards in play are face up (kept)."""
    redeal_range(s, TURN_ORDER_BASE + s[G_TURN_ORDER_POS], np.int64(TURN_ORDER_BASE + TURN_ORDER_SIZE), keys,
                 counters, np.int64(0))
    lo = s[G_NEMESIS_DECK_POS]
    end = s[G_NEMESIS_DECK_LEN]
    while lo < end:
        hi = tier_end(s, T, lo, end)
        redeal_nemesis_tier(s, T, lo, hi, keys, counters, pool)
        lo = hi
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        redeal_range(s, b + P_DECK, b + P_DECK + s[b + P_DECK_N], keys, counters, np.int64(2))
    redeal_range(s, np.int64(CORRUPTION_BASE), CORRUPTION_BASE + s[G_CORRUPTIONS], keys, counters, np.int64(2))


@njit(cache=True, _nrt=False)
def ismcts_world(s, T, world_key, s2, rkeys, rcounters, pool):
    """s2 = s re-dealt by determinize_information_set, with streams (re-deal and the rest of the playout)
    derived from `world_key` alone: every iteration in the same world sees the same chance."""
    for j in range(rkeys.shape[0]):
        rkeys[j] = splitmix64(world_key ^ np.uint64(j + 1))
        rcounters[j] = 0
    for i in range(s.shape[0]):  # (element by element: a slice copy needs numba's reference counting)
        s2[i] = s[i]
    s2[G_COUNT_CARDS] = 0
    determinize_information_set(s2, T, rkeys, rcounters, pool)


@njit(cache=True, _nrt=False)
def action_prior(s, T, legal, n, greedy, values):
    """values[:n]: the prior of each legal action, which orders a node's expansion and keeps its
    `candidates` best. The greedy plan's choice first, then by kind: casting, prepping, gaining (the dearer
    card first), opening and focusing breaches, playing cards, charges, abilities; ending the phase last.
    Read from the action codes and the supply only (what the mage sees)."""
    for k in range(n):
        action = legal[k]
        kind = action // 256
        arg = action % 256
        if action == greedy:
            value = 10.0
        elif kind == A_CAST:
            value = 9.0
        elif kind == A_PREP:
            value = 8.0
        elif kind == A_GAIN:
            card = s[DEVOURED_BASE + s[G_DEVOURED] - 1] if arg == SUPPLY_PILES else s[SUPPLY_CARD_BASE + arg]
            value = 7.0 + 0.1 * player_card(T, card, PC_COST)
        elif kind == A_OPEN:
            value = 6.5
        elif kind == A_FOCUS:
            value = 6.0
        elif kind == A_PLAY_GEMS or kind == A_PLAY or kind == A_WHILE_PREPPED:
            value = 5.0
        elif kind == A_CHARGE:
            value = 4.0
        elif kind == A_ABILITY or kind == A_ALLY_ABILITY or kind == A_TO_DISCARD:
            value = 3.0
        else:
            value = 1.0
        values[k] = value


@njit(cache=True, _nrt=False)
def greedy_rollout(s2, T, params, end_round, decisions, rkeys, rcounters, scratch_g, scratch_l):
    """The team's base plan plays on until the game ends, round `end_round` begins or the decision cap."""
    while s2[G_STATUS] == 0 and s2[G_ROUNDS] < end_round and decisions < ROLLOUT_DECISION_CAP:
        step_call(s2, T, rkeys, rcounters, greedy_act_call(s2, T, params), scratch_g, scratch_l)
        decisions += 1


@njit(cache=True, _nrt=False)
def ismcts_act(s, T, legal, n, params, keys, counters, stream, search, tree):
    """Information-set MCTS (sim/core/ismcts.py) for the deciding mage: `iterations` descents, each in a
    world re-dealt by determinize_information_set (the `worlds` worlds in turn; the first visits of the
    root's candidates share a world: common random numbers), choosing at each team decision among the
    `candidates` best actions by action_prior (UCB1 with availability counts, `exploration`), expanding one
    node, then the base plan to the end of `horizon_rounds` rounds; the reward is playout_value over its
    largest value (a win with full damage and life: 1), or with the fitted evaluation the team's chance to win
    there. Every mage is on the deciding mage's side (a cooperative game: ally = 1 at every node); the
    nemesis's turns are chance inside the step. Returns the root's most visited action if its mean beats the
    base plan's by more than `margin` + `confidence` standard errors (ismcts.beats), else the plan's choice:
    with few iterations noise alone would pull decisions off the plan (as in search_act), and each decision
    taken off the plan on noise costs the team (PERF.md, "Search that keeps climbing").
    `search`: search_arrays' work arrays; `tree`: ismcts_arrays'."""
    s2, rkeys, rcounters, scratch_g, scratch_l, _, _ = search
    nodes, stats, path, candidates, world_keys, values, work_legal, pool, work_features = tree
    g = greedy_act_call(s, T, params)
    if n <= 1:
        return g
    width = np.int64(params[10])
    iterations = np.int64(params[11])
    end_round = s[G_ROUNDS] + np.int64(params[12])
    scale = 1.0 + params[13] + params[14]
    exploration = params[16]
    worlds = np.int64(params[17])
    widening = params[18]
    for world in range(worlds):
        world_keys[world] = next_u64(keys, counters, stream)
    used = ismcts.clear_tree(nodes, stats)
    root_width = min(width, n)
    for iteration in range(iterations):
        ismcts_world(s, T, world_keys[(iteration // root_width) % worlds], s2, rkeys, rcounters, pool)
        node = ismcts.ROOT
        path[0] = node
        length = 1
        decisions = 0
        at_root = True
        while s2[G_STATUS] == 0 and s2[G_ROUNDS] < end_round and decisions < ROLLOUT_DECISION_CAP:
            if at_root:
                # the root's list is the decision's own (what the mage sees is the same in every world)
                action_prior(s, T, legal, n, g, values)
                m = ismcts.top_candidates(values, n, width, candidates)
                c, child, used, expanded = ismcts.select(nodes, stats, node, legal, candidates, m, exploration, used,
                                                         np.int64(1))
                action = legal[candidates[0, c]]
                at_root = False
            else:
                nl = legal_actions_call(s2, T, work_legal)
                if nl == 0:
                    break
                if nl == 1:  # a forced action is no decision: it has no node
                    step_call(s2, T, rkeys, rcounters, work_legal[0], scratch_g, scratch_l)
                    decisions += 1
                    continue
                action_prior(s2, T, work_legal, nl, greedy_act_call(s2, T, params), values)
                m = ismcts.widened(stats, node, ismcts.top_candidates(values, nl, width, candidates), widening)
                c, child, used, expanded = ismcts.select(nodes, stats, node, work_legal, candidates, m, exploration,
                                                         used, np.int64(1))
                action = work_legal[candidates[0, c]]
            if child == ismcts.NONE:  # the tree is full: play on from here
                break
            step_call(s2, T, rkeys, rcounters, action, scratch_g, scratch_l)
            decisions += 1
            path[length] = child
            length += 1
            node = child
            if expanded:
                break
        greedy_rollout(s2, T, params, end_round, decisions, rkeys, rcounters, scratch_g, scratch_l)
        if params[EVALUATION_FLAG] > 0.5:
            reward = evaluation.win_chance(s2, T, params, EVALUATION_WEIGHTS, work_features)
        else:
            reward = min(1.0, max(0.0, playout_value(s2, params, end_round) / scale))
        ismcts.backpropagate(nodes, stats, path, length, reward)
    best = legal[ismcts.most_visited(nodes, stats, legal, n)]
    if best == g:
        return g
    chosen = ismcts.child_with_action(nodes, ismcts.ROOT, best)
    planned = ismcts.child_with_action(nodes, ismcts.ROOT, g)
    if planned == ismcts.NONE:
        return best
    # (rewards are playout_value / scale: the margin is in playout_value's units, as search_act's; with the
    # fitted evaluation, rewards and margin are win chances)
    unit = 1.0 if params[EVALUATION_FLAG] > 0.5 else scale
    return best if ismcts.beats(stats, chosen, planned, params[15] / unit, params[CONFIDENCE]) else g


@njit(cache=True, _nrt=False, inline="always")
def policy_act(policy_id, s, T, legal, n, params, keys, counters, stream, search):
    """The decision of the active mage's bot: `policy_id` and `params` are that mage's, `stream` its bot's
    random stream. `search` (the search bots' work arrays: search_arrays' and ismcts_arrays') is None in a
    batch without search bots: the kernel is then compiled without search_act and ismcts_act, most of the
    game's compile time (inlined here, `search is None` is resolved from the type of the kernel's own
    argument, and the branches it rules out are dropped before typing)."""
    if policy_id == POLICY_GREEDY:
        return greedy_act(s, T, params)
    if policy_id == POLICY_SEARCH or policy_id == POLICY_ISMCTS:
        if search is None:  # not reached: batch.scratch gives the search arrays to a batch with a search bot
            return greedy_act(s, T, params)
        if policy_id == POLICY_ISMCTS:
            return ismcts_act(s, T, legal, n, params, keys, counters, stream, search[0], search[1])
        return search_act(s, T, legal, n, params, keys, counters, stream, search[0])
    return random_act(legal, n, params, keys, counters, stream)


@njit(cache=True, _nrt=False, forceinline=True)
def needs_legal_actions(policy_id):
    return policy_id != POLICY_GREEDY
