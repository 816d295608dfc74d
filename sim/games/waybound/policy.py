"""Waybound bots: the greedy value of every action, the greedy choice, the flat Monte Carlo search bot,
the information-set MCTS bot (ismcts_choice, on sim/core/ismcts.py) and policy_act (the decider's
choice from its own stream).

The main-phase values are written by engine.generate_actions as it lists the actions, one value
function per action kind (ally_card_value ... companion_value); score_action works the same value out
from the action code alone (the plain reference, and the scorer of the pending decisions). A bot reads
only what its seat can see: the search bots re-deal the rest (determinize, determinize_information_set)
before each rollout.
Weights and search budgets are data (decks/waybound/policies/*.yaml, vocab.W_* / PARAM_*).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import ismcts
from sim.core.rng import next_below, next_u64, shuffle
from sim.games.waybound.engine import generate_actions, legal_actions, step
from sim.games.waybound.layout import (
    A_ASCEND,
    A_CHALLENGE,
    A_END,
    A_EXPLORE,
    A_MOVE,
    A_NYX_OPEN,
    A_PATH,
    A_PLAY_ALLY,
    A_PLAY_TACTIC,
    A_SHIFT,
    DECK_OFF,
    DEFENDER_CHOOSES,
    G_ACTIVE,
    G_COUNT,
    G_DECIDER,
    G_DONE,
    G_LOG,
    G_NETHER_OPEN,
    G_PEND_A,
    G_PEND_B,
    G_PHASE,
    G_TURNS,
    G_WINNER,
    HAND_OFF,
    MOVE_NONE,
    NO_TARGET,
    P_CAPACITY,
    P_DECK_N,
    P_HAND_N,
    P_MARKED_THIS_TURN,
    P_MARKS,
    P_RENOWN,
    P_UNITS_N,
    PH_CLEAVE,
    PH_DEFEND,
    PH_ENTRY_HEAL,
    PH_GRINSHADE,
    PH_HAND_LIMIT,
    PH_MAIN,
    PH_MULLIGAN,
    PH_NETHER_EXIT,
    PH_RELENTLESS,
    PH_RIFTFIRE,
    PH_STAR_CHART,
    PH_STORMDANCER,
    ROLLOUT_STEPS,
    S_CHANCE,
    S_POLICY0,
    STATE_SIZE,
    U_CARD,
    U_DAMAGE,
    U_NO_EXPLORE,
    U_READY,
    U_ROUTE,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.cards import add_to_hand
from sim.games.waybound.rules.explore import may_explore_unblocked
from sim.games.waybound.rules.movement import move_cost
from sim.games.waybound.rules.units import (
    at_route,
    characters_by_route,
    keyword,
    ready_opposing_at,
    unit_force,
    unit_guard,
    unit_insight,
)
from sim.games.waybound.tables import card_field, profile_field
from sim.games.waybound.vocab import (
    C_AMOUNT,
    C_COST,
    C_EFFECT,
    C_PROFILE,
    EF_BOUNCE_ALLY,
    EF_BUFF_FORCE,
    EF_BUFF_INSIGHT,
    EF_COMPANION_MOVE_HEAL,
    EF_DAMAGE_ANY,
    EF_DAMAGE_AT_COMPANION,
    EF_DAMAGE_OPP_ALLY,
    EF_DEFEAT_ALLY,
    EF_DRAW,
    EF_DRAW_MOVE,
    EF_HEAL,
    EF_HEAL_MOVE,
    EF_HEAL_ROUTE,
    EF_MOVE_ADJACENT,
    EF_OPEN_NETHER,
    EF_OPEN_NETHER_DRAW,
    EF_PASSAGE,
    EF_READY_NO_EXPLORE,
    EF_SWEEP_ROUTE,
    KW_OPENS_NETHER,
    KW_RIFTFIRE,
    NETHERWAY,
    PARAM_CANDIDATES,
    PARAM_EVALUATION_SCALE,
    PARAM_EXPLORATION,
    PARAM_HORIZON,
    PARAM_ITERATIONS,
    PARAM_ROLLOUTS,
    PARAM_WORLDS,
    PF_FORCE,
    PF_GUARD,
    PF_INSIGHT,
    PF_KW,
    POLICY_GREEDY,
    POLICY_ISMCTS,
    POLICY_RANDOM,
    R_LIGHTFOOT_COST,
    R_MAX_CAPACITY,
    W_ALLY_VALUE,
    W_ASCEND,
    W_BUFF,
    W_CHARGE,
    W_DAMAGE,
    W_DEFEAT_ALLY,
    W_DEFEAT_COMPANION,
    W_DRAW,
    W_END,
    W_HEAL,
    W_KEEP_PER_COST,
    W_KEEP_UNAFFORDABLE,
    W_MARK,
    W_MOVE_OPEN,
    W_MULLIGAN,
    W_NETHER,
    W_PATH,
    W_RENOWN,
)


# ---------------------------------------------------------------------------- action values
@njit(cache=True, _nrt=False, forceinline=True)
def keep_value(cards, card, next_capacity, w):
    """What keeping `card` through the hand limit is worth: per Charge of its cost, less per Charge it
    costs beyond next turn's capacity (a card that cannot be played soon holds a hand slot)."""
    cost = card_field(cards, card, C_COST)
    return w[W_KEEP_PER_COST] * cost - w[W_KEEP_UNAFFORDABLE] * max(0, cost - next_capacity)


@njit(cache=True, inline="always")
def remaining_guard(s, profiles, q, j):
    return unit_guard(s, profiles, q, j) - s[unit_base(q, j) + U_DAMAGE]


@njit(cache=True, _nrt=False, forceinline=True)
def defeat_value(s, cards, q, j, w):
    if j == 0:
        return w[W_DEFEAT_COMPANION]
    return w[W_DEFEAT_ALLY] * (1.0 + card_field(cards, s[unit_base(q, j) + U_CARD], C_COST) * 0.5)


@njit(cache=True, _nrt=False, forceinline=True)
def hit_value(s, cards, profiles, q, j, damage, w):
    left = remaining_guard(s, profiles, q, j)
    value = w[W_DAMAGE] * min(damage, left)
    if damage >= left:
        value += defeat_value(s, cards, q, j, w)
    return value


@njit(cache=True, inline="always")
def score_action(s, rules, cards, profiles, action, w):
    """Greedy value of an action from its immediate effects (no look-ahead, no hidden cards)."""
    kind = action >> 16
    x = (action >> 8) & 255
    y = action & 255
    p = s[G_ACTIVE]
    q = 1 - p
    pb = player_base(p)
    phase = s[G_PHASE]
    d = s[G_DECIDER]
    if phase == PH_MULLIGAN:
        db = player_base(d)
        cheap = 0
        for k in range(s[db + P_HAND_N]):
            if card_field(cards, s[db + HAND_OFF + k], C_COST) <= 2:
                cheap += 1
        if x == 1:
            return w[W_MULLIGAN] if cheap == 0 else -1.0
        return 0.0
    if phase == PH_DEFEND or phase == PH_CLEAVE:
        return float(remaining_guard(s, profiles, d, x)) - (100.0 if x == 0 else 0.0)
    if phase == PH_GRINSHADE:
        if x == 0:
            return 0.0
        damage = unit_force(s, rules, profiles, p, s[G_PEND_A])
        return 1.0 if damage >= remaining_guard(s, profiles, q, s[G_PEND_B]) else -1.0
    if phase == PH_RELENTLESS:
        return 1.0 if x == 1 else 0.0
    if phase == PH_STAR_CHART:
        n = s[pb + P_DECK_N]
        card = s[pb + DECK_OFF + n - 1 - x // 2]
        cost = card_field(cards, card, C_COST)
        return (10.0 if cost <= s[pb + P_CAPACITY] + 1 else 0.0) - abs(cost - 3)
    if phase == PH_NETHER_EXIT or phase == PH_STORMDANCER:
        if phase == PH_STORMDANCER and x == 0:
            return 0.0
        route = x if phase == PH_NETHER_EXIT else x - 1
        return -float(ready_opposing_at(s, q, route)) + (0.5 if route != NETHERWAY else 0.0)
    if phase == PH_RIFTFIRE:
        if x == 0:
            return 0.0
        return 1.0 + hit_value(
            s, cards, profiles, q, x - 1, keyword(s, profiles, p, s[G_PEND_A], KW_RIFTFIRE), w
        )
    if phase == PH_ENTRY_HEAL:
        return float(s[unit_base(p, x) + U_DAMAGE])
    if phase == PH_HAND_LIMIT:
        return -keep_value(cards, x, min(s[pb + P_CAPACITY] + 1, rules[R_MAX_CAPACITY]), w)
    return score_main(s, rules, cards, profiles, kind, x, y, p, w, open_routes_mask(s))


@njit(cache=True, inline="always")
def score_main(s, rules, cards, profiles, kind, x, y, p, w, open_mask):
    """score_action of a main-phase action (kind, x, y) of the active seat p. `open_mask` bit r: no ready
    character of the non-active seat at Route r. generate_actions writes the same values, bit for bit, as it
    lists the actions (tests/games/waybound/test_waybound_values.py); this is the plain reference."""
    if kind == A_END:
        return w[W_END]
    if kind == A_PLAY_ALLY:
        base, insight, opens = ally_card_value(s, cards, profiles, x, w)
        return ally_route_value(base, insight, opens, y, w, open_mask)
    if kind == A_PLAY_TACTIC:
        opp_packed, opp_ready_packed = characters_by_route(s, 1 - p)
        tactic = (x, card_field(cards, x, C_EFFECT), card_field(cards, x, C_AMOUNT))
        decision = (p, w, open_mask, opp_packed, opp_ready_packed)
        return tactic_value(s, rules, cards, profiles, tactic, y, decision)
    if kind == A_MOVE:
        return move_value(s, rules, profiles, p, x, y, w, open_mask)
    if kind == A_EXPLORE:
        return explore_value(s, profiles, p, x, w)
    if kind == A_CHALLENGE:
        return challenge_value(s, cards, profiles, p, x, y, unit_force(s, rules, profiles, p, x), w)
    if kind == A_SHIFT:
        return shift_value()
    return companion_value(kind, w)


# Value of each kind of main-phase action. generate_actions calls them group by group while it
# lists the actions; score_main dispatches to them one action at a time (same values, bit for bit).
@njit(cache=True, _nrt=False, forceinline=True)
def ally_card_value(s, cards, profiles, card, w):
    """The Route-independent part of playing an Ally card: (base value, Insight, opens the Netherway)."""
    prof = card_field(cards, card, C_PROFILE)
    insight = profile_field(profiles, prof, PF_INSIGHT)
    force = profile_field(profiles, prof, PF_FORCE)
    base = w[W_ALLY_VALUE] * (force + profile_field(profiles, prof, PF_GUARD) + insight)
    base += w[W_CHARGE] * card_field(cards, card, C_COST)
    opens = (profile_field(profiles, prof, PF_KW + KW_OPENS_NETHER) > 0) & (s[G_NETHER_OPEN] == 0)
    return base, insight, opens


@njit(cache=True, inline="always")
def ally_route_value(base, insight, opens, route, w, open_mask):
    value = base
    if (insight > 0) & (((open_mask >> route) & 1) == 1):
        value += w[W_MOVE_OPEN] * insight
    if route == NETHERWAY:
        value += w[W_NETHER]
    if opens:
        value += w[W_NETHER]
    return value


@njit(cache=True, _nrt=False, forceinline=True)
def tactic_value(s, rules, cards, profiles, tactic, y, decision):
    """Tactic (card x, its effect and amount) on target y. `decision`: the active seat p, its weights and,
    computed once per decision, open_mask and the opposing seat's characters_by_route (all, ready)."""
    x, effect, amount = tactic
    p, w, open_mask, opp_packed, opp_ready_packed = decision
    q = 1 - p
    pb = player_base(p)
    value = w[W_CHARGE] * card_field(cards, x, C_COST)
    if effect == EF_DAMAGE_ANY or effect == EF_DAMAGE_AT_COMPANION or effect == EF_DAMAGE_OPP_ALLY:
        value += hit_value(s, cards, profiles, q, y, amount, w)
    elif effect == EF_DEFEAT_ALLY:
        value += defeat_value(s, cards, q, y, w) - w[W_DEFEAT_ALLY]
    elif effect == EF_BOUNCE_ALLY:
        value += 0.6 * defeat_value(s, cards, q, y, w)
    elif effect == EF_SWEEP_ROUTE:
        for j in range(1, s[player_base(q) + P_UNITS_N]):
            if s[unit_base(q, j) + U_ROUTE] == y:
                value += defeat_value(s, cards, q, j, w) * 0.8
    elif effect == EF_BUFF_FORCE:
        u = unit_base(p, y)
        if s[u + U_READY] == 1 and at_route(opp_packed, s[u + U_ROUTE]) > 0:
            value += w[W_BUFF] * amount
    elif effect == EF_BUFF_INSIGHT:
        route = s[unit_base(p, y) + U_ROUTE]
        if may_explore_unblocked(s, rules, profiles, p, y) and at_route(opp_ready_packed, route) == 0:
            value += w[W_RENOWN] * amount * 0.8
    elif effect == EF_READY_NO_EXPLORE:
        if y != NO_TARGET:
            u = unit_base(p, y)
            if at_route(opp_packed, s[u + U_ROUTE]) > 0:
                value += w[W_BUFF] * 2.0
    elif effect == EF_COMPANION_MOVE_HEAL:
        value += w[W_HEAL] * min(amount, s[unit_base(p, 0) + U_DAMAGE])
        if y != NO_TARGET and ((open_mask >> y) & 1) == 1:
            value += w[W_MOVE_OPEN]
    elif effect == EF_HEAL:
        value += w[W_HEAL] * min(amount, s[unit_base(p, y) + U_DAMAGE])
    elif effect == EF_HEAL_ROUTE:
        for i in range(s[pb + P_UNITS_N]):
            u = unit_base(p, i)
            if s[u + U_ROUTE] == y:
                value += w[W_HEAL] * min(amount, s[u + U_DAMAGE])
    elif effect == EF_DRAW or effect == EF_DRAW_MOVE or effect == EF_OPEN_NETHER_DRAW:
        value += w[W_DRAW] * amount
    if effect == EF_HEAL_MOVE and y != NO_TARGET:
        value += w[W_HEAL] * min(amount, s[unit_base(p, y // 5) + U_DAMAGE])
    if effect == EF_OPEN_NETHER or effect == EF_OPEN_NETHER_DRAW:
        if s[G_NETHER_OPEN] == 0:
            value += w[W_NETHER]
        else:
            value -= 1.0
    if effect == EF_PASSAGE and y != NO_TARGET:
        value += w[W_NETHER]
    if (effect == EF_DRAW_MOVE or effect == EF_MOVE_ADJACENT or effect == EF_HEAL_MOVE) and y != NO_TARGET:
        dest = y % 5
        if dest != MOVE_NONE and ((open_mask >> dest) & 1) == 1 and unit_insight(s, profiles, p, y // 5) > 0:
            value += w[W_MOVE_OPEN] * unit_insight(s, profiles, p, y // 5)
    if y == NO_TARGET and effect != EF_DRAW_MOVE:
        value -= 2.0
    return value


@njit(cache=True, _nrt=False, forceinline=True)
def move_value(s, rules, profiles, p, x, y, w, open_mask):
    dest = y >> 1
    stays_ready = (y & 1) == 1
    paid = move_cost(s, rules, profiles, p, x, dest) + (rules[R_LIGHTFOOT_COST] if stays_ready else 0)
    u = unit_base(p, x)
    insight = unit_insight(s, profiles, p, x)
    return move_value_of(paid, insight, s[u + U_ROUTE], dest, stays_ready, s[u + U_NO_EXPLORE], w, open_mask)


@njit(cache=True, inline="always")
def move_value_of(paid, insight, here, dest, stays_ready, no_explore, w, open_mask):
    """move_value from the unit's Insight and Route, the Charge paid and whether Lightfoot keeps it ready."""
    value = w[W_CHARGE] * paid
    opens_up = (insight > 0) & (((open_mask >> dest) & 1) == 1)
    if opens_up & (((open_mask >> here) & 1) == 0):
        value += w[W_MOVE_OPEN] * insight
    if stays_ready & opens_up & (no_explore == 0):
        value += w[W_RENOWN] * insight * 0.9
    if dest == NETHERWAY:
        value += w[W_NETHER]
    return value - 0.5


@njit(cache=True, inline="always")
def explore_value(s, profiles, p, x, w):
    earns_mark = x == 0 and s[player_base(p) + P_MARKED_THIS_TURN] == 0
    return explore_value_of(unit_insight(s, profiles, p, x), earns_mark, w)


@njit(cache=True, inline="always")
def explore_value_of(insight, earns_mark, w):
    """explore_value from the unit's Insight and whether the Explore earns the Companion's journey mark."""
    value = w[W_RENOWN] * insight
    if earns_mark:
        value += w[W_MARK]
    return value


@njit(cache=True, _nrt=False, forceinline=True)
def challenge_value(s, cards, profiles, p, x, y, damage, w):
    """Challenge by unit x (Force `damage`) of defender y; the defending seat's best defence when it chooses."""
    q = 1 - p
    if y != DEFENDER_CHOOSES:
        return hit_value(s, cards, profiles, q, y, damage, w) - 0.5
    route = s[unit_base(p, x) + U_ROUTE]
    worst = 1e9
    for j in range(s[player_base(q) + P_UNITS_N]):
        v = unit_base(q, j)
        if s[v + U_ROUTE] == route and s[v + U_READY] == 1:
            worst = min(worst, hit_value(s, cards, profiles, q, j, damage, w))
    return worst - 0.5


@njit(cache=True, inline="always")
def shift_value():
    return -0.5


@njit(cache=True, inline="always")
def companion_value(kind, w):
    """Path, ascension and Nyxara's opening (both paths tie: the bot picks one from its stream)."""
    if kind == A_PATH:
        return w[W_PATH]
    if kind == A_ASCEND:
        return w[W_ASCEND]
    if kind == A_NYX_OPEN:
        return w[W_NETHER] - 0.5
    return 0.0


@njit(cache=True, _nrt=False, forceinline=True)
def open_routes_mask(s):
    """Bit r set when no ready character of the non-active seat stands at Route r."""
    return open_routes(characters_by_route(s, 1 - s[G_ACTIVE])[1])


@njit(cache=True, inline="always")
def open_routes(ready_packed):
    """open_routes_mask from the non-active seat's ready characters_by_route."""
    mask = np.int64(0)
    for r in range(4):
        mask |= np.int64(at_route(ready_packed, r) == 0) << np.int64(r)
    return mask


# ---------------------------------------------------------------------------- choices
@njit(cache=True, _nrt=False, forceinline=True)
def greedy_choice(s, rules, cards, profiles, legal, n, values, w, keys, counters, stream):
    """Index of the best-valued action; when several are within 1e-9 of the best, one draw from the
    decider's stream picks among them uniformly. In the main phase `values` must already hold the
    values (generate_actions with `w`); other phases are scored here."""
    if s[G_PHASE] != PH_MAIN:
        for k in range(n):
            values[k] = score_action(s, rules, cards, profiles, legal[k], w)
    # Written without data-dependent branches (max, count, select): which action is best changes
    # from decision to decision, and a branch on it is mispredicted about as often as not. The
    # first best action is kept along the way: it is the choice when nothing ties with it (7 in 10
    # greedy decisions), which saves the pass that finds the drawn one among the ties.
    best_value = -1e18
    first_best = 0
    for k in range(n):
        value = values[k]
        first_best = k if value > best_value else first_best
        best_value = max(best_value, value)
    threshold = best_value - 1e-9
    ties = 0
    for k in range(n):
        ties += np.int64(values[k] > threshold)
    if ties == 1:
        return first_best
    pick = next_below(keys, counters, stream, ties)
    best = 0
    seen = 0
    for k in range(n):
        tie = values[k] > threshold
        best = k if tie and seen == pick else best
        seen += np.int64(tie)
    return best


# Out-of-line entries for the search bot's rollouts and the debug check: the per-action functions
# are inlined (forceinline) into the batch kernel's loop; inlining them at every other call site as
# well only grows the compile time.
@njit(cache=True, _nrt=False)
def legal_actions_call(s, rules, cards, profiles, out):
    return legal_actions(s, rules, cards, profiles, out)


@njit(cache=True, _nrt=False)
def step_call(s, rules, cards, profiles, action, keys, counters, events, counts):
    step(s, rules, cards, profiles, action, keys, counters, events, counts)


@njit(cache=True, _nrt=False)
def generate_actions_call(s, rules, cards, profiles, out, values, w, layout, explored):
    return generate_actions(s, rules, cards, profiles, out, values, w, layout, explored)


@njit(cache=True, _nrt=False)
def score_actions_call(s, rules, cards, profiles, legal, n, w, values):
    """score_action of each listed action, one at a time: the reference for generate_actions' values."""
    for k in range(n):
        values[k] = score_action(s, rules, cards, profiles, legal[k], w)


@njit(cache=True, _nrt=False)
def greedy_choice_call(s, rules, cards, profiles, legal, n, values, w, keys, counters, stream):
    return greedy_choice(s, rules, cards, profiles, legal, n, values, w, keys, counters, stream)


@njit(cache=True, _nrt=False)
def determinize_information_set(s, p, keys, counters, stream):
    """Re-deal what seat p cannot see: the opponent's hand and deck (together) and p's deck order, from
    the cards put in a fixed order first (by card id), so that the world drawn depends only on what seat
    p can see (which cards the opponent holds in hand and deck together, how many it holds in hand, p's
    own deck as a set) and the stream, not on the hidden order (issue 18)."""
    q = 1 - p
    qb = player_base(q)
    nd = s[qb + P_DECK_N]
    nh = s[qb + P_HAND_N]
    for k in range(nh):
        s[qb + DECK_OFF + nd + k] = s[qb + HAND_OFF + k]
    ismcts.sort_range(s, qb + DECK_OFF, qb + DECK_OFF + nd + nh)
    shuffle(s, qb + DECK_OFF, qb + DECK_OFF + nd + nh, keys, counters, stream)
    s[qb + P_HAND_N] = 0
    for k in range(nh):
        add_to_hand(s, q, s[qb + DECK_OFF + nd + k])
    pb = player_base(p)
    ismcts.sort_range(s, pb + DECK_OFF, pb + DECK_OFF + s[pb + P_DECK_N])
    shuffle(s, pb + DECK_OFF, pb + DECK_OFF + s[pb + P_DECK_N], keys, counters, stream)


@njit(cache=True, _nrt=False)
def search_world(s, p, keys, counters, stream, world_key, world):
    """The world's state = a copy of `s` re-dealt for seat p by determinize_information_set from the
    stream `world_key`, its streams drawn from the bot's stream (S_CHANCE then keeps the key it was
    drawn). `world`: a search bot's own copy of the match (work_world)."""
    work_state, _, _, work_keys, work_counters, _, _ = world
    for f in range(STATE_SIZE):
        work_state[f] = s[f]
    work_state[G_LOG] = 0
    work_state[G_COUNT] = 0
    for t in range(work_keys.shape[0]):
        work_keys[t] = next_u64(keys, counters, stream)
        work_counters[t] = 0
    chance = work_keys[S_CHANCE]
    work_keys[S_CHANCE] = world_key
    determinize_information_set(work_state, p, work_keys, work_counters, S_CHANCE)
    work_keys[S_CHANCE] = chance
    work_counters[S_CHANCE] = 0


@njit(cache=True, _nrt=False)
def greedy_playout(world, rules, cards, profiles, w, boundary, steps):
    """Both seats play the world greedy (weights `w`, each from its stream) until the match ends, the
    turn count reaches `boundary`, or `steps` reaches ROLLOUT_STEPS."""
    work_state, work_legal, work_values, work_keys, work_counters, events, counts = world
    while work_state[G_DONE] == 0 and work_state[G_TURNS] < boundary and steps < ROLLOUT_STEPS:
        nl = generate_actions_call(work_state, rules, cards, profiles, work_legal, work_values, w, None, -1)
        d = work_state[G_DECIDER]
        pick = greedy_choice_call(
            work_state, rules, cards, profiles, work_legal, nl, work_values, w, work_keys, work_counters, S_POLICY0 + d
        )
        step_call(work_state, rules, cards, profiles, work_legal[pick], work_keys, work_counters, events, counts)
        steps += 1


@njit(cache=True, _nrt=False)
def rollout_score(work_state, p):
    """Seat p's score of a rollout's last position: +-100 for a finished match (0 a draw), else the
    Renown difference plus half the journey-mark difference."""
    if work_state[G_DONE] != 0:
        if work_state[G_WINNER] == p:
            return 100.0
        if work_state[G_WINNER] == 1 - p:
            return -100.0
        return 0.0
    return (
        work_state[player_base(p) + P_RENOWN]
        - work_state[player_base(1 - p) + P_RENOWN]
        + 0.5 * (work_state[player_base(p) + P_MARKS] - work_state[player_base(1 - p) + P_MARKS])
    )


@njit(cache=True, _nrt=False)
def search_rollout(s, rules, cards, profiles, action, w, horizon, keys, counters, stream, world):
    """One rollout of the decider's `action`: on a copy of `s` re-dealt as the decider's information
    set allows (the world's state; the world and the rollout's streams drawn from the bot's own stream),
    the action, then greedy play by both seats to the same turn boundary whatever the action: the end of
    the `horizon`-th turn counted from the decision's own turn (an End-turn candidate ends the first of
    them at once). Returns the decider's score: +-100 for a finished match, else the Renown difference
    plus half the journey-mark difference. The world is left at the rollout's last position."""
    work_state, _, _, work_keys, work_counters, events, counts = world
    p = s[G_DECIDER]
    # the world is re-dealt from the cards in a fixed order (determinize_information_set), so that it
    # depends on what the decider sees and on its stream only, never on the hidden order (issue 18)
    world_key = next_u64(keys, counters, stream)
    search_world(s, p, keys, counters, stream, world_key, world)
    # the turn count is taken before the action: counted after it, an End-turn candidate's rollout ran a
    # turn longer than the others' (it played the bot's whole next turn as well)
    boundary = s[G_TURNS] + horizon
    step_call(work_state, rules, cards, profiles, action, work_keys, work_counters, events, counts)
    greedy_playout(world, rules, cards, profiles, w, boundary, 0)
    return rollout_score(work_state, p)


@njit(cache=True, _nrt=True)
def search_choice(s, rules, cards, profiles, legal, n, values, params, keys, counters, stream, world):
    """Flat Monte Carlo: the `candidates` best main-phase actions by the greedy values (`values`, of
    `legal`) are each scored by the mean of `rollouts` search_rollout scores, every candidate over the
    same horizon; returns the index in `legal` of the best mean (the first candidate on ties)."""
    w = params  # the weights lead the row (vocab PARAM_WEIGHTS)
    candidates = int(params[PARAM_CANDIDATES])
    rollouts = int(params[PARAM_ROLLOUTS])
    horizon = int(params[PARAM_HORIZON])
    # the top candidates by the rollout weights
    chosen = np.full(16, -1, dtype=np.int64)
    chosen_value = np.full(16, -1e18)
    m = min(candidates, n)
    for k in range(n):
        value = values[k]  # the main phase's values, from generate_actions
        slot = -1
        for c in range(m):
            if chosen[c] < 0 or value > chosen_value[c]:
                slot = c
                break
        if slot >= 0:
            for c in range(m - 1, slot, -1):
                chosen[c] = chosen[c - 1]
                chosen_value[c] = chosen_value[c - 1]
            chosen[slot] = k
            chosen_value[slot] = value
    best = chosen[0]
    best_mean = -1e18
    for c in range(m):
        k = chosen[c]
        if k < 0:
            continue
        total = 0.0
        for _ in range(rollouts):
            total += search_rollout(s, rules, cards, profiles, legal[k], w, horizon, keys, counters, stream, world)
        mean = total / rollouts
        if mean > best_mean:
            best_mean = mean
            best = k
    return best


@njit(cache=True, _nrt=False)
def ismcts_choice(s, rules, cards, profiles, legal, n, values, params, keys, counters, stream, world, tree):
    """Information-set MCTS (sim/core/ismcts.py) over the decider's information set: `iterations`
    descents, each in a world re-dealt by determinize_information_set (the `worlds` worlds in turn,
    common to every action: common random numbers), choosing among the `candidates` best actions by the
    greedy values at each node (`values` at the root, of `legal`), expanding one node, then greedy play to
    the same turn boundary as the flat search (the end of the `horizon`-th turn counted from the
    decision's own turn) and rollout_score squashed into a reward by `evaluation_scale`. Returns the index
    in `legal` of the root's most visited action. `tree`: the work arrays (ismcts.tree_arrays and the
    world keys)."""
    nodes, stats, path, candidates, world_keys = tree
    work_state, work_legal, work_values, work_keys, work_counters, events, counts = world
    w = params  # the weights lead the row (vocab PARAM_WEIGHTS)
    p = s[G_DECIDER]
    iterations = int(params[PARAM_ITERATIONS])
    width = int(params[PARAM_CANDIDATES])
    exploration = params[PARAM_EXPLORATION]
    worlds = int(params[PARAM_WORLDS])
    scale = params[PARAM_EVALUATION_SCALE]
    boundary = s[G_TURNS] + int(params[PARAM_HORIZON])
    for world_index in range(worlds):
        world_keys[world_index] = next_u64(keys, counters, stream)
    used = ismcts.clear_tree(nodes, stats)
    for iteration in range(iterations):
        search_world(s, p, keys, counters, stream, world_keys[iteration % worlds], world)
        node = ismcts.ROOT
        path[0] = node
        length = 1
        steps = 0
        while work_state[G_DONE] == 0 and work_state[G_TURNS] < boundary and steps < ROLLOUT_STEPS:
            if length == 1 and steps == 0:
                # the root: its list is the decision's own (what the decider sees is the same in every world)
                m = ismcts.top_candidates(values, n, width, candidates)
                c, child, used, expanded = ismcts.select(nodes, stats, node, legal, candidates, m, exploration, used, 1)
                action = legal[candidates[0, c]]
            else:
                nl = generate_actions_call(work_state, rules, cards, profiles, work_legal, work_values, w, None, -1)
                if nl == 1:  # a forced action is no decision: it has no node
                    step_call(work_state, rules, cards, profiles, work_legal[0], work_keys, work_counters, events,
                              counts)
                    steps += 1
                    continue
                if work_state[G_PHASE] != PH_MAIN:
                    score_actions_call(work_state, rules, cards, profiles, work_legal, nl, w, work_values)
                ally = 1 if work_state[G_DECIDER] == p else 0
                m = ismcts.top_candidates(work_values, nl, width, candidates)
                c, child, used, expanded = ismcts.select(nodes, stats, node, work_legal, candidates, m, exploration,
                                                         used, ally)
                action = work_legal[candidates[0, c]]
            if child == ismcts.NONE:  # the tree is full: play on from here
                break
            step_call(work_state, rules, cards, profiles, action, work_keys, work_counters, events, counts)
            steps += 1
            path[length] = child
            length += 1
            node = child
            if expanded:
                break
        greedy_playout(world, rules, cards, profiles, w, boundary, steps)
        ismcts.backpropagate(nodes, stats, path, length, ismcts.squash(rollout_score(work_state, p), scale))
    return ismcts.most_visited(nodes, stats, legal, n)


@njit(cache=True, inline="always")
def policy_act(s, rules, cards, profiles, legal, n, values, policy_id, w, keys, counters, world, tree):
    """Index into `legal` (its greedy `values`) of the decider's chosen action (the decider's own
    stream only); `w` the decider's row of weights, `world` the search bots' copy of the match
    (work_world).

    `tree` is None in a batch without search bots (batch.scratch): the kernel is then compiled
    without the two search bots, which were a fifth of the game's compile time (inlined here, `tree
    is None` is resolved from the type of the kernel's own argument, and the branches it rules out are
    dropped before typing)."""
    stream = S_POLICY0 + s[G_DECIDER]
    if n == 1:
        return 0
    if policy_id == POLICY_RANDOM:
        return next_below(keys, counters, stream, n)
    # (tree is None only where no search bot plays: batch.scratch gives the tree to a batch with one)
    if policy_id == POLICY_GREEDY or s[G_PHASE] != PH_MAIN or tree is None:
        return greedy_choice(s, rules, cards, profiles, legal, n, values, w, keys, counters, stream)
    if policy_id == POLICY_ISMCTS:
        return ismcts_choice(s, rules, cards, profiles, legal, n, values, w, keys, counters, stream, world, tree)
    return search_choice(s, rules, cards, profiles, legal, n, values, w, keys, counters, stream, world)


@njit(cache=True, _nrt=False)
def policy_act_call(s, rules, cards, profiles, legal, n, values, policy_id, w, keys, counters, world, tree):
    """policy_act out of line, for a match played from Python one decision at a time (the playthrough)."""
    return policy_act(s, rules, cards, profiles, legal, n, values, policy_id, w, keys, counters, world, tree)


@njit(cache=True, inline="always")
def work_world(states, lists, values, streams, events, counts):
    """A search bot's own copy of the match, from the batch's work arrays (batch.scratch): the state
    (states[1]), its list of actions and their values (lists[1], values[1]), its stream keys and
    counters (streams[2], streams[3]), and the match's event log and card counts, which its steps are
    given but never write (a world's state neither logs nor counts: search_world). The debug check of a
    derived list uses the same list and values."""
    return states[1], lists[1], values[1], streams[2], streams[3], events, counts
