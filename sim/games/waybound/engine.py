"""Waybound rules engine, the spine: reset, legal actions, step and check_invariants, as numba kernels
over a flat int32 state vector (the match's status: rules/turn.finish).

Rules summary (rulebook waybound-0.36). Two players, Routes Windbridge - Lantern Crossing - Glass
Orchard (plus the temporary Netherway, joined only to Lantern Crossing). Each side has a Companion
(starts ready at Lantern Crossing) and a 30-card deck; draw five, one whole-hand mulligan each.
A turn: close the Netherway if this player opened it, ready, Charge capacity 1 -> +1 per turn up to 6
(refill, never carry over), draw one (starting player skips the first draw; empty hand draws five).
Main phase, any order: play cards (Allies enter ready at any Route; Tactics resolve fully), one
normal move per character (1 Charge, exhausts; into Windbridge free), Explore (exhaust, gain
Insight as Renown; any ready opposing character at the Route blocks; Companion earns a journey
mark once per turn), Challenge (exhaust, deal Force to a defender chosen by the rules), choose a
path at 3 marks (2 Charge), ascend after 3 more (3 Charge). End of turn: 20 Renown wins, else
the player discards to seven, a card at a time; after round 12 higher Renown, then journey marks, else
a draw.

State encoding (OpenSpiel style): one int32 vector per match (constants in layout.py):
  globals [0, GLOBALS): round, turns, active seat, phase (main or a pending decision), decider,
    done/winner/end reason/error, Netherway open + creator, pending decision arguments, event count.
  per seat p at player_base(p): scalars (Renown, marks, capacity, Charge, counters), then deck
    (card ids, top = last), discard, hand (card ids, kept sorted), then MAX_UNITS unit records
    (unit 0 = the Companion; Allies packed after it): profile, card, Route, damage, ready, ...
Action encoding: action = kind << 16 | x << 8 | y (layout.A_*); `legal_actions` writes the legal
ones for the current decider into a buffer. Pending decisions (defender choice, Grinshade roll,
Cleave spillover, Relentless, Star Chart, Netherway exit, Riftfire Ambush, Lantern Care target,
Stormdancer move, mulligans) are phases with A_CHOICE actions taken by the deciding seat; the hand
limit (PH_HAND_LIMIT) offers an A_DISCARD of each card in the hand, one card per decision.
Status: `finish` sets G_DONE, G_WINNER (-1 a draw) and G_END_REASON (layout.END_*).

The rules are in rules/, one module per rule area matching RULES.md's chapters and the test files
(rules/__init__.py lists them); this file keeps the spine: reset, the legal actions (generate_actions,
with the pending decisions' choices and the greedy values), step, check_invariants.
The rest of the package: layout.py (state layout, action and event codes), tables.py (the card and
profile tables as the kernels take them), policy.py (the bots: action values, greedy choice, the search
bot, policy_act), batch.py (play_match, seat keys, work arrays, play_batch_kernel), render.py (action
and event text, the replay log, the playthrough), scenario.py (explicit positions for tests), RULES.md
(the rulebook clause by clause), PERF.md (dated speed and compile measurements).

Speed (PERF.md): kernels are compiled with `_nrt=False`, because numba's reference counting made an
atomic update for every array handed to a function (~44% of kernel time); only search_choice
(policy.py) and star_chart_choice allocate and say `_nrt=True` explicitly (numba would otherwise
inherit the caller's setting). Every array argument of a numba call is passed as an exploded struct
of 7-11 machine words, so the per-action functions (legal_actions, step, greedy_choice) and small
helpers are `forceinline=True` (LLVM inlining; cheap to compile), and play_match/policy_act are
inlined into play_batch_kernel at the numba level (one library less whose whole call tree LLVM
optimizes again). Greedy and search bots score main-phase actions while generate_actions lists them
(one value function per action kind, no per-action dispatch). After an Explore outside the Netherway
(nearly half of a greedy match's main-phase decisions follow one) the next list is derived from the
one before (relist_after_explore); debug mode checks it against a fresh one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import next_below, shuffle
from sim.games.waybound.layout import (
    A_ASCEND,
    A_CHALLENGE,
    A_CHOICE,
    A_DISCARD,
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
    EV_ACTION,
    EV_DIE,
    EV_MULLIGAN,
    G_ACTIONS,
    G_ACTIVE,
    G_COUNT,
    G_DECIDER,
    G_DONE,
    G_LOG,
    G_NETHER_CREATOR,
    G_NETHER_OPEN,
    G_PEND_A,
    G_PEND_B,
    G_PEND_C,
    G_PHASE,
    G_ROUND,
    G_WINNER,
    HAND_OFF,
    LAYOUT_END,
    LAYOUT_HAND_READINESS,
    MAX_UNITS,
    MOVE_NONE,
    NO_TARGET,
    P_ALLIES_DEFEATED,
    P_ASCEND_ROUND,
    P_ASCENDED,
    P_CAPACITY,
    P_CHARGE,
    P_COMPANION_PROFILE,
    P_DECK_N,
    P_DECK_TOTAL,
    P_DEFEATS_TURN,
    P_DISCARD_N,
    P_FACTION_ABILITY,
    P_FEATURED,
    P_HAND_N,
    P_MARKED_THIS_TURN,
    P_MARKS,
    P_MARKS_SINCE_PATH,
    P_NYX_OPENED,
    P_PATH,
    P_PATH_ROUND,
    P_RELENTLESS_USED,
    P_RENOWN,
    P_TURNS,
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
    READS_READY_TARGETS,
    READS_READY_VALUES,
    S_CHANCE,
    S_DEAL0,
    STATE_SIZE,
    U_CARD,
    U_DAMAGE,
    U_GRINSHADE_ROUND,
    U_MOVED,
    U_NETHER_EXPLORED,
    U_NO_EXPLORE,
    U_PROFILE,
    U_READY,
    U_RECOVERY,
    U_ROUTE,
    U_SHIFT_USED,
    encode,
    log_event,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.cards import count_card, draw_cards, remove_from_hand
from sim.games.waybound.rules.challenge import after_challenge, declare_defender, resolve_challenge_damage
from sim.games.waybound.rules.defeats import check_defeat, deal_direct_damage
from sim.games.waybound.rules.explore import add_renown
from sim.games.waybound.rules.movement import (
    adjacent,
    move_cost,
    move_cost_of,
    moves_free,
    neighbour,
    neighbour_count,
)
from sim.games.waybound.rules.netherway import nyxara_cost, open_netherway
from sim.games.waybound.rules.playing import play_ally, star_chart_choice
from sim.games.waybound.rules.setup import begin_play, guarantee_featured, mulligan
from sim.games.waybound.rules.tactics import play_tactic, tactic_readiness
from sim.games.waybound.rules.turn import discard_to_hand_limit, end_turn
from sim.games.waybound.rules.units import (
    add_unit,
    at_route,
    aura_sources_by_route,
    characters_by_route,
    heal,
    keyword,
    ready_opposing_at,
    unit_force_with,
    unit_guard,
    unit_insight,
)
from sim.games.waybound.tables import (
    M_ABILITY,
    M_COMPANION_PROFILE,
    M_DECK,
    M_DECK_LEN,
    M_FEATURED,
    card_field,
)
from sim.games.waybound.vocab import (
    C_ALT_PROFILE,
    C_AMOUNT,
    C_COST,
    C_EFFECT,
    C_KIND,
    C_PROFILE,
    CARD_WIDTH,
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
    KIND_ALLY,
    KW_BETWEEN_WORLDS,
    KW_LANTERN_CARE,
    KW_LIGHTFOOT,
    KW_NYX_OPEN,
    KW_PRECISION,
    KW_RIFTFIRE,
    KW_ROOTED,
    KW_SLIPSTREAM,
    LANTERN_CROSSING,
    NETHERWAY,
    PF_KW,
    PROFILE_WIDTH,
    R_ASCEND_COST,
    R_ASCEND_MARKS,
    R_GRINSHADE_COST,
    R_GRINSHADE_MIN_ROLL,
    R_LIGHTFOOT_COST,
    R_MAX_CAPACITY,
    R_MULLIGANS,
    R_OPENING_HAND,
    R_OPENING_NO_FIRST_EXPLORE,
    R_OPENING_SECOND_EXTRA_CHARGE,
    R_PATH_COST,
    R_PATH_MARKS,
    R_RELENTLESS_COST,
    R_SHIFT_COST,
    W_END,
)


@njit(cache=True, _nrt=False)
def reset(s, rules, matchup, order, keys, counters, events, counts, log, count):
    """Set up a match: seat p plays the deck slot p ^ order of the matchup table (tables.pack_matchup;
    its deck already in canonical order)."""
    for k in range(STATE_SIZE):
        s[k] = 0
    s[G_LOG] = log
    s[G_COUNT] = count
    s[G_ROUND] = 1
    s[G_WINNER] = -1
    s[G_NETHER_CREATOR] = -1
    for p in range(2):
        pb = player_base(p)
        slot = p ^ order
        n = matchup[slot, M_DECK_LEN]
        for k in range(n):
            s[pb + DECK_OFF + k] = matchup[slot, M_DECK + k]
        s[pb + P_DECK_N] = n
        s[pb + P_DECK_TOTAL] = n
        s[pb + P_COMPANION_PROFILE] = matchup[slot, M_COMPANION_PROFILE]
        s[pb + P_FACTION_ABILITY] = matchup[slot, M_ABILITY]
        s[pb + P_FEATURED] = matchup[slot, M_FEATURED]
        s[pb + P_PATH] = -1
        s[pb + P_PATH_ROUND] = -1
        s[pb + P_ASCEND_ROUND] = -1
        add_unit(s, p, s[pb + P_COMPANION_PROFILE], -1, LANTERN_CROSSING)
        shuffle(s, pb + DECK_OFF, pb + DECK_OFF + n, keys, counters, S_DEAL0 + p)
        guarantee_featured(s, p, rules[R_OPENING_HAND], events)
        saved_log = s[G_COUNT]
        s[G_COUNT] = 0  # opening draws are counted once the hand is kept
        draw_cards(s, p, rules[R_OPENING_HAND], keys, counters, events, counts)
        s[G_COUNT] = saved_log
    if rules[R_MULLIGANS] > 0:
        s[G_PHASE] = PH_MULLIGAN
        s[G_DECIDER] = 0
    else:
        begin_play(s, rules, keys, counters, events, counts)


@njit(cache=True, inline="always")
def push(out, n, action):
    if n < out.shape[0]:
        out[n] = action
        return n + 1
    return n


@njit(cache=True, inline="always")
def push_if(out, values, n, action, value, listed):
    """push `action` (and its value, with `values`) when `listed`, without a branch on it: the slot
    after the list is written either way and counted only when `listed`."""
    if n < out.shape[0]:
        out[n] = action
        if values is not None:
            values[n] = value
        return n + np.int64(listed)
    return n


@njit(cache=True, _nrt=False, forceinline=True)
def push_tactic(out, values, n, s, rules, cards, profiles, tactic, target, decision):
    """push the action playing `tactic` (card, effect, amount) on `target`; with `values`, write its
    tactic_value too. Each effect's branch calls it with the effect known there, so the compiler drops
    the value function's tests of the other effects."""
    n = push(out, n, encode(A_PLAY_TACTIC, tactic[0], target))
    if values is not None:
        values[n - 1] = tactic_value(s, rules, cards, profiles, tactic, target, decision)
    return n


@njit(cache=True, _nrt=False, forceinline=True)
def legal_actions(s, rules, cards, profiles, out):
    """Write the legal actions of the current decider into `out`; return how many."""
    return generate_actions(s, rules, cards, profiles, out, None, None, None, -1)


@njit(cache=True, inline="always")
def list_pending_choices(s, out, phase, p, q, pb):
    """The choices of a pending decision (mulligan, defender, Grinshade, Cleave, Relentless, Star Chart,
    Netherway exit, Riftfire, Lantern Care, Stormdancer, the hand limit's discards): their count, or -1 in
    the main phase."""
    n = 0
    if phase == PH_MULLIGAN:
        n = push(out, n, encode(A_CHOICE, 0, 0))
        n = push(out, n, encode(A_CHOICE, 1, 0))
        return n
    if phase == PH_DEFEND:
        route = s[unit_base(p, s[G_PEND_A]) + U_ROUTE]
        for j in range(s[player_base(q) + P_UNITS_N]):
            v = unit_base(q, j)
            if s[v + U_ROUTE] == route and s[v + U_READY] == 1:
                n = push(out, n, encode(A_CHOICE, j, 0))
        return n
    if phase == PH_GRINSHADE or phase == PH_RELENTLESS:
        n = push(out, n, encode(A_CHOICE, 0, 0))
        n = push(out, n, encode(A_CHOICE, 1, 0))
        return n
    if phase == PH_CLEAVE:
        route = s[G_PEND_C]
        for j in range(1, s[player_base(q) + P_UNITS_N]):
            if s[unit_base(q, j) + U_ROUTE] == route:
                n = push(out, n, encode(A_CHOICE, j, 0))
        return n
    if phase == PH_STAR_CHART:
        m = min(s[G_PEND_A], s[pb + P_DECK_N])
        for k in range(m):
            n = push(out, n, encode(A_CHOICE, k * 2, 0))
            if m == 3:
                n = push(out, n, encode(A_CHOICE, k * 2 + 1, 0))
        return n
    if phase == PH_NETHER_EXIT:
        for r in range(3):
            n = push(out, n, encode(A_CHOICE, r, 0))
        return n
    if phase == PH_RIFTFIRE:
        n = push(out, n, encode(A_CHOICE, 0, 0))
        route = s[unit_base(p, s[G_PEND_A]) + U_ROUTE]
        any_ready = ready_opposing_at(s, q, route) > 0
        ready_allies = 0
        for j in range(1, s[player_base(q) + P_UNITS_N]):
            v = unit_base(q, j)
            if s[v + U_ROUTE] == route and s[v + U_READY] == 1:
                ready_allies += 1
        for j in range(1, s[player_base(q) + P_UNITS_N]):
            v = unit_base(q, j)
            if s[v + U_ROUTE] != route:
                continue
            # the normal ready-defender restriction: ready Allies shield exhausted ones
            if any_ready and s[v + U_READY] == 0:
                continue
            if any_ready and ready_allies == 0:
                continue
            n = push(out, n, encode(A_CHOICE, j + 1, 0))
        return n
    if phase == PH_ENTRY_HEAL:
        i = s[G_PEND_A]
        route = s[unit_base(p, i) + U_ROUTE]
        for j in range(s[pb + P_UNITS_N]):
            if j != i and s[unit_base(p, j) + U_ROUTE] == route:
                n = push(out, n, encode(A_CHOICE, j, 0))
        return n
    if phase == PH_STORMDANCER:
        n = push(out, n, encode(A_CHOICE, 0, 0))
        route = s[unit_base(p, s[G_PEND_A]) + U_ROUTE]
        for d in range(4):
            if d != route and adjacent(route, d, s[G_NETHER_OPEN]):
                n = push(out, n, encode(A_CHOICE, d + 1, 0))
        return n
    if phase == PH_HAND_LIMIT:
        previous = -1
        for h in range(s[pb + P_HAND_N]):
            card = s[pb + HAND_OFF + h]
            if card != previous:  # the hand is sorted: a card's copies are one choice
                n = push(out, n, encode(A_DISCARD, card, 0))
            previous = card
        return n
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def generate_actions(s, rules, cards, profiles, out, values, w, layout, explored):
    """legal_actions; with greedy weights `w` and a `values` buffer (main phase only), also write
    values[k] = score_action(out[k]) while generating: each group of actions is scored by its own
    kind's value function, so the greedy bot skips a second pass that branches on every action's
    kind. `values is None` is resolved when numba compiles, so legal_actions carries no scoring.

    With a `layout` buffer (and `values`), a main-phase list also records where each unit's actions
    start (see LAYOUT_*). `explored` >= 0 says that `out`, `values` and `layout` hold the list of the
    decision just before, whose chosen action was that unit's Explore: the list is then derived from
    it (relist_after_explore) instead of generated again."""
    n = 0
    if s[G_DONE] != 0:
        return 0
    phase = s[G_PHASE]
    p = s[G_ACTIVE]
    q = 1 - p
    pb = player_base(p)
    pending = list_pending_choices(s, out, phase, p, q, pb)
    if pending >= 0:
        return pending
    # ---- main phase
    if layout is not None:
        if (explored >= 0) & ((layout[LAYOUT_HAND_READINESS] & READS_READY_TARGETS) == 0):
            return relist_after_explore(s, rules, cards, profiles, out, values, w, layout, explored)
        layout[LAYOUT_HAND_READINESS] = 0
    opp_packed, opp_ready_packed = characters_by_route(s, q)
    open_mask = open_routes(opp_ready_packed)
    decision = (p, w, open_mask, opp_packed, opp_ready_packed)
    n = push(out, n, encode(A_END, 0, 0))
    if values is not None:
        values[0] = w[W_END]
    charge = s[pb + P_CHARGE]
    nether = s[G_NETHER_OPEN]
    n_routes = 4 if nether != 0 else 3
    hand_n = s[pb + P_HAND_N]
    units_n = s[pb + P_UNITS_N]
    qb = player_base(q)
    opp_n = s[qb + P_UNITS_N]
    previous = -1
    for h in range(hand_n):
        card = s[pb + HAND_OFF + h]
        copy = card == previous  # the hand is sorted: a card's copies are offered once
        previous = card
        if copy | (card_field(cards, card, C_COST) > charge):
            continue
        start = n
        if card_field(cards, card, C_KIND) == KIND_ALLY:
            if values is not None:
                base, insight, opens = ally_card_value(s, cards, profiles, card, w)
            for r in range(n_routes):
                n = push(out, n, encode(A_PLAY_ALLY, card, r))
                if values is not None:
                    values[n - 1] = ally_route_value(base, insight, opens, r, w, open_mask)
            continue
        effect = card_field(cards, card, C_EFFECT)
        tactic = (card, effect, card_field(cards, card, C_AMOUNT))
        if layout is not None:
            layout[LAYOUT_HAND_READINESS] |= np.int32(tactic_readiness(effect))
        if effect == EF_DAMAGE_ANY:
            for j in range(opp_n):
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, j, decision)
        elif effect == EF_DEFEAT_ALLY or effect == EF_BOUNCE_ALLY or effect == EF_DAMAGE_OPP_ALLY:
            for j in range(1, opp_n):
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, j, decision)
        elif effect == EF_SWEEP_ROUTE:
            for r in range(n_routes):
                for j in range(1, opp_n):
                    if s[unit_base(q, j) + U_ROUTE] == r:
                        n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, r, decision)
                        break
        elif effect == EF_DAMAGE_AT_COMPANION:
            route = s[unit_base(p, 0) + U_ROUTE]
            for j in range(1, opp_n):
                if s[unit_base(q, j) + U_ROUTE] == route:
                    n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, j, decision)
        elif effect == EF_BUFF_FORCE or effect == EF_BUFF_INSIGHT or effect == EF_HEAL:
            for i in range(units_n):
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, i, decision)
        elif effect == EF_READY_NO_EXPLORE:
            for i in range(units_n):
                u = unit_base(p, i)
                if s[u + U_READY] == 0 and s[u + U_RECOVERY] == 0:
                    n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, i, decision)
            if n == start:
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, NO_TARGET, decision)
        elif effect == EF_COMPANION_MOVE_HEAL:
            here = s[unit_base(p, 0) + U_ROUTE]
            if keyword(s, profiles, p, 0, KW_ROOTED) == 0:
                for r in range(n_routes):
                    if r != here:
                        n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, r, decision)
            if n == start:
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, NO_TARGET, decision)
        elif effect == EF_DRAW or effect == EF_OPEN_NETHER or effect == EF_OPEN_NETHER_DRAW:
            n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, 0, decision)
        elif effect == EF_DRAW_MOVE or effect == EF_MOVE_ADJACENT or effect == EF_HEAL_MOVE:
            if effect == EF_DRAW_MOVE:
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, NO_TARGET, decision)
            for i in range(units_n):
                if effect == EF_HEAL_MOVE:
                    target = i * 5 + MOVE_NONE
                    n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, target, decision)
                if keyword(s, profiles, p, i, KW_ROOTED) > 0:
                    continue
                here = s[unit_base(p, i) + U_ROUTE]
                for k in range(neighbour_count(here, n_routes)):
                    target = i * 5 + neighbour(here, k)
                    n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, target, decision)
            if n == start:
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, NO_TARGET, decision)
        elif effect == EF_HEAL_ROUTE:
            for r in range(n_routes):
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, r, decision)
        elif effect == EF_PASSAGE:
            if nether != 0:
                for i in range(units_n):
                    u = unit_base(p, i)
                    if s[u + U_ROUTE] != NETHERWAY and keyword(s, profiles, p, i, KW_ROOTED) == 0:
                        n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, i, decision)
            if n == start:
                n = push_tactic(out, values, n, s, rules, cards, profiles, tactic, NO_TARGET, decision)
    explore_allowed = (p != 0) | (rules[R_OPENING_NO_FIRST_EXPLORE] == 0) | (s[player_base(0) + P_TURNS] != 1)
    auras = np.int64(-1)  # aura_sources_by_route of seat p, counted at the first unit that can challenge
    for i in range(units_n):
        if layout is not None:
            layout[i] = n
        u = unit_base(p, i)
        if s[u + U_RECOVERY] > 0:
            continue
        # the unit's fields and profile row read once: every push stores to `out`, which numba
        # cannot tell apart from `s`, so a later read of `s` would be a load again
        route = s[u + U_ROUTE]
        card = s[u + U_CARD]
        ready = s[u + U_READY]
        unit_keywords = s[u + U_PROFILE] * PROFILE_WIDTH + PF_KW
        ready_here = at_route(opp_ready_packed, route)
        opp_here = at_route(opp_packed, route)
        shifts = (card >= 0) & (card_field(cards, max(card, 0), C_ALT_PROFILE) >= 0)
        if shifts & (s[u + U_SHIFT_USED] == 0) & (charge >= rules[R_SHIFT_COST]):
            n = push(out, n, encode(A_SHIFT, i, 0))
            if values is not None:
                values[n - 1] = shift_value()
        if ready == 0:
            continue
        insight = unit_insight(s, profiles, p, i)
        no_explore = s[u + U_NO_EXPLORE]
        if (s[u + U_MOVED] == 0) & (profiles[unit_keywords + KW_ROOTED] == 0):
            lightfoot = profiles[unit_keywords + KW_LIGHTFOOT] > 0
            free_move = moves_free(profiles, unit_keywords)
            for k in range(neighbour_count(route, n_routes)):
                d = neighbour(route, k)
                cost = move_cost_of(d, free_move)
                if cost <= charge:
                    n = push(out, n, encode(A_MOVE, i, d * 2))
                    if values is not None:
                        values[n - 1] = move_value_of(cost, insight, route, d, False, no_explore, w, open_mask)
                if lightfoot & (cost + rules[R_LIGHTFOOT_COST] <= charge):
                    n = push(out, n, encode(A_MOVE, i, d * 2 + 1))
                    if values is not None:
                        paid = cost + rules[R_LIGHTFOOT_COST]
                        values[n - 1] = move_value_of(paid, insight, route, d, True, no_explore, w, open_mask)
        # whether a unit may Explore changes from decision to decision (blocked, exhausted, first
        # turn): listed without a branch on it
        explores = (
            (ready_here == 0)
            & explore_allowed
            & (no_explore == 0)
            & (insight > 0)
            & ((route != NETHERWAY) | (s[u + U_NETHER_EXPLORED] == 0))
        )
        value = 0.0
        if values is not None:
            value = explore_value_of(insight, (i == 0) & (s[pb + P_MARKED_THIS_TURN] == 0), w)
        n = push_if(out, values, n, encode(A_EXPLORE, i, 0), value, explores)
        if opp_here > 0:
            slipstream = profiles[unit_keywords + KW_SLIPSTREAM] > 0
            free_choice = (ready_here == 0) | slipstream
            if values is not None:
                if auras < 0:
                    auras = aura_sources_by_route(s, profiles, p)
                damage = unit_force_with(s, rules, profiles, p, i, auras)
            if (ready_here > 1) & (not slipstream) & (profiles[unit_keywords + KW_PRECISION] == 0):
                n = push(out, n, encode(A_CHALLENGE, i, DEFENDER_CHOOSES))
                if values is not None:
                    values[n - 1] = challenge_value(s, cards, profiles, p, i, DEFENDER_CHOOSES, damage, w)
            else:
                for j in range(opp_n):
                    v = unit_base(q, j)
                    if (s[v + U_ROUTE] == route) & (free_choice | (s[v + U_READY] == 1)):
                        n = push(out, n, encode(A_CHALLENGE, i, j))
                        if values is not None:
                            values[n - 1] = challenge_value(s, cards, profiles, p, i, j, damage, w)
    if layout is None:
        return list_companion_actions(s, rules, profiles, p, charge, out, values, w, n)
    layout[units_n] = n
    n = list_companion_actions(s, rules, profiles, p, charge, out, values, w, n)
    layout[LAYOUT_END] = n
    return n


@njit(cache=True, _nrt=False, forceinline=True)
def list_companion_actions(s, rules, profiles, p, charge, out, values, w, n):
    """The main phase's last group: path, ascension, Nyxara's opening (after out[:n])."""
    pb = player_base(p)
    nether = s[G_NETHER_OPEN]
    if s[unit_base(p, 0) + U_RECOVERY] == 0:
        if (s[pb + P_PATH] < 0) & (s[pb + P_MARKS] >= rules[R_PATH_MARKS]) & (charge >= rules[R_PATH_COST]):
            for path in range(2):
                n = push(out, n, encode(A_PATH, path, 0))
                if values is not None:
                    values[n - 1] = companion_value(A_PATH, w)
        if (
            (s[pb + P_PATH] >= 0)
            & (s[pb + P_ASCENDED] == 0)
            & (s[pb + P_MARKS_SINCE_PATH] >= rules[R_ASCEND_MARKS])
            & (charge >= rules[R_ASCEND_COST])
        ):
            n = push(out, n, encode(A_ASCEND, 0, 0))
            if values is not None:
                values[n - 1] = companion_value(A_ASCEND, w)
        if (keyword(s, profiles, p, 0, KW_NYX_OPEN) > 0) & (nether == 0) & (s[pb + P_NYX_OPENED] == 0):
            if charge >= nyxara_cost(s, rules, profiles, p):
                n = push(out, n, encode(A_NYX_OPEN, 0, 0))
                if values is not None:
                    values[n - 1] = companion_value(A_NYX_OPEN, w)
    return n


@njit(cache=True, _nrt=False, forceinline=True)
def relist_after_explore(s, rules, cards, profiles, out, values, w, layout, explored):
    """The main-phase list after unit `explored` of the active seat Explored (outside the Netherway),
    from the list before it. The Explore only exhausted that unit (and gave Renown, maybe a journey
    mark), so:
      - the hand's actions are the same (the caller regenerates the list when Stand Together is
        listed: its targets are the exhausted characters), and so are their values but for a Buff
        on the explored unit (valued again here);
      - every other unit's actions are the same: each reads its own record, the Charge, the
        opposing characters, the aura sources' Routes, the Challenge counts and, for the Companion,
        the journey mark of the turn (which changes only when the Companion itself Explores);
      - the unit itself, now exhausted, keeps only its Prismarten Shift (listed first, and ready or
        not);
      - the Companion's path, ascension and opening are the same, unless the Companion Explored
        (its journey mark may have reached them): then they are listed again.
    Debug mode compares the result with a list generated afresh at every such decision."""
    p = s[G_ACTIVE]
    units_n = s[player_base(p) + P_UNITS_N]
    start = layout[explored]
    stop = layout[explored + 1]
    keep = np.int64((stop > start) & ((out[start] >> 16) == A_SHIFT))
    removed = stop - start - keep
    end = layout[units_n] if explored == 0 else layout[LAYOUT_END]
    for k in range(stop, end):
        out[k - removed] = out[k]
        values[k - removed] = values[k]
    for j in range(explored + 1, units_n + 1):
        layout[j] -= removed
    n = end - removed
    if (layout[LAYOUT_HAND_READINESS] & READS_READY_VALUES) != 0:
        opp_packed, opp_ready_packed = characters_by_route(s, 1 - p)
        decision = (p, w, open_routes(opp_ready_packed), opp_packed, opp_ready_packed)
        for k in range(1, layout[0]):
            card = (out[k] >> 8) & 255
            if ((out[k] >> 16) == A_PLAY_TACTIC) & ((out[k] & 255) == explored):
                effect = card_field(cards, card, C_EFFECT)
                if tactic_readiness(effect) == READS_READY_VALUES:
                    tactic = (card, effect, card_field(cards, card, C_AMOUNT))
                    values[k] = tactic_value(s, rules, cards, profiles, tactic, explored, decision)
    if explored == 0:
        n = list_companion_actions(s, rules, profiles, p, s[player_base(p) + P_CHARGE], out, values, w, n)
    layout[LAYOUT_END] = n
    return n


@njit(cache=True, inline="always")
def resolve_pending_choice(s, rules, profiles, x, keys, counters, events, counts, phase, p, q, pb):
    """Apply choice x of a pending decision; False in the main phase (nothing done)."""
    if phase == PH_MULLIGAN:
        d = s[G_DECIDER]
        log_event(s, events, EV_MULLIGAN, d, x, 0, 0, 0)
        if x == 1:
            mulligan(s, rules, d, keys, counters, events, counts)
        if d == 0:
            s[G_DECIDER] = 1
        else:
            begin_play(s, rules, keys, counters, events, counts)
        return True
    if phase == PH_DEFEND:
        declare_defender(s, rules, profiles, x, events)
        return True
    if phase == PH_GRINSHADE:
        prevented = False
        if x == 1:
            qb = player_base(q)
            s[qb + P_CHARGE] -= rules[R_GRINSHADE_COST]
            s[unit_base(q, s[G_PEND_B]) + U_GRINSHADE_ROUND] = s[G_ROUND]
            roll = next_below(keys, counters, S_CHANCE, 6) + 1
            prevented = roll >= rules[R_GRINSHADE_MIN_ROLL]
            log_event(s, events, EV_DIE, q, roll, 1 if prevented else 0, 0, 0)
        resolve_challenge_damage(s, rules, profiles, prevented, events)
        return True
    if phase == PH_CLEAVE:
        outcome = deal_direct_damage(s, rules, profiles, q, x, s[G_PEND_B], events)
        if outcome > 0:
            s[pb + P_DEFEATS_TURN] += 1
            s[pb + P_ALLIES_DEFEATED] += 1
        after_challenge(s, rules, profiles, events)
        return True
    if phase == PH_RELENTLESS:
        if x == 1:
            s[pb + P_CHARGE] -= rules[R_RELENTLESS_COST]
            s[pb + P_RELENTLESS_USED] += 1
            u = unit_base(p, s[G_PEND_A])
            s[u + U_READY] = 1
            s[u + U_NO_EXPLORE] = 1
        after_challenge(s, rules, profiles, events)
        return True
    if phase == PH_STORMDANCER:
        if x > 0:
            s[unit_base(p, s[G_PEND_A]) + U_ROUTE] = x - 1
        after_challenge(s, rules, profiles, events)
        return True
    if phase == PH_STAR_CHART:
        star_chart_choice(s, p, x)
        s[G_PHASE] = PH_MAIN
        return True
    if phase == PH_ENTRY_HEAL:
        heal(s, p, x, keyword(s, profiles, p, s[G_PEND_A], KW_LANTERN_CARE))
        s[G_PHASE] = PH_MAIN
        return True
    if phase == PH_NETHER_EXIT:
        i = s[G_PEND_A]
        s[unit_base(p, i) + U_ROUTE] = x
        s[G_PHASE] = PH_MAIN
        if keyword(s, profiles, p, i, KW_RIFTFIRE) > 0:
            for j in range(1, s[player_base(q) + P_UNITS_N]):
                if s[unit_base(q, j) + U_ROUTE] == x:
                    s[G_PHASE] = PH_RIFTFIRE
                    break
        return True
    if phase == PH_RIFTFIRE:
        if x > 0:
            outcome = deal_direct_damage(
                s, rules, profiles, q, x - 1, keyword(s, profiles, p, s[G_PEND_A], KW_RIFTFIRE), events
            )
            if outcome > 0:
                s[pb + P_DEFEATS_TURN] += 1
                s[pb + P_ALLIES_DEFEATED] += 1
        s[G_PHASE] = PH_MAIN
        return True
    if phase == PH_HAND_LIMIT:
        discard_to_hand_limit(s, rules, x, keys, counters, events, counts)
        return True
    return False


@njit(cache=True, _nrt=False, forceinline=True)
def step(s, rules, cards, profiles, action, keys, counters, events, counts):
    """Apply one action of the current decider (assumed legal; debug mode checks it first)."""
    kind = action >> 16
    x = (action >> 8) & 255
    y = action & 255
    p = s[G_ACTIVE]
    q = 1 - p
    pb = player_base(p)
    s[G_ACTIONS] += 1
    phase = s[G_PHASE]
    if phase != PH_MULLIGAN and s[G_LOG] != 0:
        # name the acting and the targeted character for the replay (-1 Companion, -2 none)
        actor = -2
        target = -2
        if phase == PH_MAIN and (
            kind == A_MOVE or kind == A_EXPLORE or kind == A_CHALLENGE or kind == A_SHIFT
        ):
            actor = s[unit_base(p, x) + U_CARD]
            if kind == A_CHALLENGE and y != DEFENDER_CHOOSES:
                target = s[unit_base(q, y) + U_CARD]
        elif phase == PH_DEFEND or phase == PH_CLEAVE:
            target = s[unit_base(q, x) + U_CARD]
        log_event(s, events, EV_ACTION, s[G_DECIDER], action, actor, target, 0)
    if resolve_pending_choice(s, rules, profiles, x, keys, counters, events, counts, phase, p, q, pb):
        return
    # ---- main phase
    if kind == A_END:
        end_turn(s, rules, keys, counters, events, counts)
        return
    if kind == A_PLAY_ALLY or kind == A_PLAY_TACTIC:
        s[pb + P_CHARGE] -= card_field(cards, x, C_COST)
        remove_from_hand(s, p, x)
        if s[G_COUNT] != 0:
            count_card(counts, p, x, 1)
        if kind == A_PLAY_ALLY:
            play_ally(s, rules, cards, profiles, p, x, y, events)
        else:
            play_tactic(s, rules, cards, profiles, p, x, y, keys, counters, events, counts)
        return
    if kind == A_MOVE:
        dest = y >> 1
        u = unit_base(p, x)
        cost = move_cost(s, rules, profiles, p, x, dest)
        stay_ready = (y & 1) == 1
        if stay_ready:
            cost += rules[R_LIGHTFOOT_COST]
        if dest == NETHERWAY and keyword(s, profiles, p, x, KW_BETWEEN_WORLDS) > 0:
            stay_ready = True
        s[pb + P_CHARGE] -= cost
        s[u + U_ROUTE] = dest
        s[u + U_MOVED] = 1
        if not stay_ready:
            s[u + U_READY] = 0
        return
    if kind == A_EXPLORE:
        u = unit_base(p, x)
        add_renown(s, p, unit_insight(s, profiles, p, x), 0, events)
        s[u + U_READY] = 0
        if x == 0 and s[pb + P_MARKED_THIS_TURN] == 0:
            s[pb + P_MARKED_THIS_TURN] = 1
            s[pb + P_MARKS] += 1
            if s[pb + P_PATH] >= 0:
                s[pb + P_MARKS_SINCE_PATH] += 1
        if s[u + U_ROUTE] == NETHERWAY:
            s[u + U_NETHER_EXPLORED] = 1
            s[G_PHASE] = PH_NETHER_EXIT
            s[G_DECIDER] = p
            s[G_PEND_A] = x
        return
    if kind == A_CHALLENGE:
        s[unit_base(p, x) + U_READY] = 0
        s[G_PEND_A] = x
        if y == DEFENDER_CHOOSES:
            s[G_PHASE] = PH_DEFEND
            s[G_DECIDER] = q
            return
        declare_defender(s, rules, profiles, y, events)
        return
    if kind == A_PATH:
        s[pb + P_CHARGE] -= rules[R_PATH_COST]
        s[pb + P_PATH] = x
        s[pb + P_PATH_ROUND] = s[G_ROUND]
        s[pb + P_MARKS_SINCE_PATH] = 0
        s[unit_base(p, 0) + U_PROFILE] = s[pb + P_COMPANION_PROFILE] + 1 + x
        check_defeat(s, rules, profiles, p, 0, events)
        return
    if kind == A_ASCEND:
        s[pb + P_CHARGE] -= rules[R_ASCEND_COST]
        s[pb + P_ASCENDED] = 1
        s[pb + P_ASCEND_ROUND] = s[G_ROUND]
        s[unit_base(p, 0) + U_PROFILE] = s[pb + P_COMPANION_PROFILE] + 3 + s[pb + P_PATH]
        return
    if kind == A_SHIFT:
        u = unit_base(p, x)
        card = s[u + U_CARD]
        s[pb + P_CHARGE] -= rules[R_SHIFT_COST]
        s[u + U_SHIFT_USED] = 1
        if s[u + U_PROFILE] == card_field(cards, card, C_PROFILE):
            s[u + U_PROFILE] = card_field(cards, card, C_ALT_PROFILE)
        else:
            s[u + U_PROFILE] = card_field(cards, card, C_PROFILE)
        check_defeat(s, rules, profiles, p, x, events)
        return
    if kind == A_NYX_OPEN:
        s[pb + P_CHARGE] -= nyxara_cost(s, rules, profiles, p)
        s[pb + P_NYX_OPENED] = 1
        open_netherway(s, p, events)
        return


@njit(cache=True, _nrt=False)
def check_invariants(s, rules, cards, profiles):
    """0 when the state is consistent, else a positive code naming the broken invariant."""
    for p in range(2):
        pb = player_base(p)
        allies = 0
        units_n = s[pb + P_UNITS_N]
        if units_n < 1 or units_n > MAX_UNITS:
            return 1
        if s[unit_base(p, 0) + U_CARD] != -1:
            return 2
        for i in range(units_n):
            u = unit_base(p, i)
            if i > 0:
                allies += 1
                if s[u + U_CARD] < 0 or card_field(cards, s[u + U_CARD], C_KIND) != KIND_ALLY:
                    return 3
            route = s[u + U_ROUTE]
            if route < 0 or route > 3 or (route == NETHERWAY and s[G_NETHER_OPEN] == 0):
                return 4
            if s[u + U_DAMAGE] < 0 or s[u + U_DAMAGE] >= unit_guard(s, profiles, p, i):
                return 5
            if s[u + U_READY] != 0 and s[u + U_READY] != 1:
                return 6
            if s[u + U_RECOVERY] < 0 or (s[u + U_RECOVERY] > 0 and s[u + U_READY] == 1):
                return 7
        total = s[pb + P_DECK_N] + s[pb + P_DISCARD_N] + s[pb + P_HAND_N] + allies
        if total != s[pb + P_DECK_TOTAL]:
            return 8
        charge = s[pb + P_CHARGE]
        if charge < 0 or charge > rules[R_MAX_CAPACITY] + rules[R_OPENING_SECOND_EXTRA_CHARGE]:
            return 9
        if s[pb + P_RENOWN] < 0 or s[pb + P_MARKS] < 0 or s[pb + P_CAPACITY] > rules[R_MAX_CAPACITY]:
            return 10
        for k in range(s[pb + P_HAND_N]):
            card = s[pb + HAND_OFF + k]
            if card < 0 or card >= cards.shape[0] // CARD_WIDTH:
                return 11
            if k > 0 and card < s[pb + HAND_OFF + k - 1]:
                return 12  # add_to_hand keeps the hand sorted
    return 0


# generate_actions writes each main-phase action's greedy value as it lists it, with the value
# functions of policy.py, whose bots in turn call step and generate_actions: the two modules need each
# other. numba looks a kernel's globals up when it first compiles the kernel, so these names need only
# exist by then; they are imported after every definition above, and the package's __init__ imports
# this module before policy.py, which therefore always finds it complete.
from sim.games.waybound.policy import (  # noqa: E402
    ally_card_value,
    ally_route_value,
    challenge_value,
    companion_value,
    explore_value_of,
    move_value_of,
    open_routes,
    shift_value,
    tactic_value,
)
