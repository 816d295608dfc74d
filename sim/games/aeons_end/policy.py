"""Bots in numba: each mage acts with its own bot (policy id and weights per deck slot, batch.policy_arrays).

`random` is uniform over legal actions (END weighted by a parameter); `greedy` plays every gem and
relic, casts every prepped spell at the team's best target, preps the strongest spells into the best
breaches, then spends aether on the best-scoring purchase (weights are data, decks/aeons_end/policies).
`search` is determinized flat Monte Carlo over a few candidate actions, with greedy playouts (the searching
mage plays its teammates' turns with its own base plan inside a playout: assumed, PERF.md).

A bot's random draws come from its stream (the keys / counters index `stream`): mages with the same bot share
one stream, the one of the first such mage, so a team with one bot draws as it always did (batch.policy_arrays).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import next_below, next_u64, shuffle, splitmix64
from sim.games.aeons_end.engine import (
    ability_feasible,
    available_aether,
    best_target_h,
    breach_cost,
    can_prep,
    pbase,
    pick_ally,
    pick_healthiest,
    pick_lowest,
    plain_gem_index,
    play_option_feasible,
    slot_base,
    step_call,
    to_discard_feasible,
    while_prepped_feasible,
)
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
from sim.games.aeons_end.tables import mg, nc, pc, rl
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

GREEDY_WEIGHTS = (
    "gain_gem_per_aether", "gain_spell_per_damage", "gain_relic", "open_breach", "focus_breach",
    "charge", "cost_bonus", "late_spell_bonus", "hold_spell_when_no_minion", "husk_threshold",
)
RANDOM_WEIGHTS = ("end_phase_weight",)
# search parameters follow the base plan's greedy weights in the params vector
SEARCH_PARAMS = ("candidates", "rollouts", "horizon_rounds", "damage_weight", "life_weight", "margin")
SEARCH_INT_LIMITS = {"candidates": (1, 16), "rollouts": (1, 64), "horizon_rounds": (1, 60)}
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
            t = best_target_h(s, T, pc(T, card, PC_DAMAGE_VALUE), np.int64(params[9]))
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
        if nc(T, card, NC_TYPE) == NTYPE_POWER and nc(T, card, NC_TD_CODE) != 0 \
                and nc(T, card, NC_TD_CODE) != TD_DESTROY_OPENED_BREACHES \
                and s[slot_base(k) + IP_POWER] <= 1 and to_discard_feasible(s, T, p, card):
            return A_TO_DISCARD * 256 + k
    # 2. the mage ability, when it helps
    if ability_feasible(s, T, p):
        ab = mg(T, s[b + P_MAGE], MG_ABILITY)
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
        if a == p or mg(T, s[pbase(a) + P_MAGE], MG_ANY_MAIN) == 0 or not ability_feasible(s, T, a):
            continue
        ab = mg(T, s[pbase(a) + P_MAGE], MG_ABILITY)
        if ab == AB_OTHERWORLDLY_GATE:
            spells = 0
            for i in range(s[b + P_DISCARD_N]):
                if pc(T, s[b + P_DISCARD + i], PC_TYPE) == TYPE_SPELL:
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
        if pc(T, card, PC_TYPE) != TYPE_SPELL and pc(T, card, PC_TYPE) != TYPE_CORRUPTION:
            if play_option_feasible(s, T, p, card, 0):
                return A_PLAY * 256 + i * 2
            if pc(T, card, PC_HAS_OR) != 0 and play_option_feasible(s, T, p, card, 1):
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
        if pc(T, card, PC_TYPE) != TYPE_SPELL:
            continue
        for k in range(4):
            if can_prep(s, T, p, card, k) < 0:
                continue
            score = pc(T, card, PC_DAMAGE_VALUE) * 10.0 + rl(T, R_BONUS_DAMAGE + k) * 5.0 \
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
        typ = pc(T, card, PC_TYPE)
        if available_aether(s, typ) < pc(T, card, PC_COST):
            continue
        if typ == TYPE_GEM:
            score = params[0] * pc(T, card, PC_AETHER_VALUE)
        elif typ == TYPE_SPELL:
            score = (params[1] + params[7] * late) * pc(T, card, PC_DAMAGE_VALUE)
        else:
            score = params[2]
        score += params[6] * pc(T, card, PC_COST)
        if score > best_score:
            best = A_GAIN * 256 + (9 if pile == SUPPLY_PILES else pile)
            best_score = score
    for k in range(4):
        st = s[b + P_BREACH + k]
        if st < 0 or st >= 4:
            continue
        if s[G_AETHER] >= breach_cost(s, T, p, k, True):
            score = params[3] * (1.0 + rl(T, R_BONUS_DAMAGE + k))
            if score > best_score:
                best = A_OPEN * 256 + k
                best_score = score
        if s[G_AETHER] >= breach_cost(s, T, p, k, False):
            score = params[4] * (1.0 + rl(T, R_BONUS_DAMAGE + k))
            if score > best_score:
                best = A_FOCUS * 256 + k
                best_score = score
    if s[G_AETHER] >= rl(T, R_CHARGE_COST) and s[b + P_CHARGES] < s[b + P_CHARGE_MAX]:
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
def determinize(s, T, keys, counters):
    """Re-deal what the players cannot see: the turn-order deck, the undrawn nemesis cards (within their
    tier, the tiers stay stacked), each player's deck and the corruption deck."""
    redeal(s, TURN_ORDER_BASE + s[G_TURN_ORDER_POS], np.int64(TURN_ORDER_BASE + TURN_ORDER_SIZE), keys, counters, np.int64(0))
    lo = s[G_NEMESIS_DECK_POS]
    end = s[G_NEMESIS_DECK_LEN]
    while lo < end:
        hi = lo + 1
        tier = nc(T, s[NEMESIS_DECK_BASE + lo], NC_TIER)
        while hi < end and nc(T, s[NEMESIS_DECK_BASE + hi], NC_TIER) == tier:
            hi += 1
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


@njit(cache=True, _nrt=False, inline="always")
def policy_act(policy_id, s, T, legal, n, params, keys, counters, stream, search):
    """The decision of the active mage's bot: `policy_id` and `params` are that mage's, `stream` its bot's
    random stream. `search` (the search bot's work arrays) is None in a batch without search bots: the
    kernel is then compiled without search_act, most of the game's compile time (inlined here, `search
    is None` is resolved from the type of the kernel's own argument, and the branch it rules out is
    dropped before typing)."""
    if policy_id == POLICY_GREEDY:
        return greedy_act(s, T, params)
    if policy_id == POLICY_SEARCH:
        if search is None:  # not reached: batch.scratch gives the search arrays to a batch with a search bot
            return greedy_act(s, T, params)
        return search_act(s, T, legal, n, params, keys, counters, stream, search)
    return random_act(legal, n, params, keys, counters, stream)


@njit(cache=True, _nrt=False, forceinline=True)
def needs_legal_actions(policy_id):
    return policy_id != POLICY_GREEDY
