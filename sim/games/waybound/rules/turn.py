"""START OF TURN and END OF TURN AND ROUND LIMIT (rulebook): the Netherway closing, readying and recovery,
Charge capacity and refill, the draw; at the end 20 Renown wins, the hand limit (the active seat's
decision), and after the last round Renown, then journey marks, else a draw (`finish`)."""

from __future__ import annotations

from numba import njit

from sim.games.waybound.layout import (
    END_DRAW,
    END_RENOWN,
    END_ROUND_MARKS,
    END_ROUND_RENOWN,
    EV_END,
    EV_TURN,
    G_ACTIVE,
    G_DECIDER,
    G_DONE,
    G_END_REASON,
    G_NETHER_CREATOR,
    G_NETHER_OPEN,
    G_PHASE,
    G_ROUND,
    G_TURNS,
    G_WINNER,
    HAND_OFF,
    P_CAPACITY,
    P_CHALLENGES_TURN,
    P_CHARGE,
    P_CLAIMS,
    P_DEFEATS_TURN,
    P_FANG_USED,
    P_HAND_N,
    P_MARKED_THIS_TURN,
    P_MARKS,
    P_NYX_OPENED,
    P_RELENTLESS_USED,
    P_RENOWN,
    P_TURNS,
    P_UNITS_N,
    PH_HAND_LIMIT,
    PH_MAIN,
    U_FORCE_BONUS,
    U_HEX,
    U_INSIGHT_BONUS,
    U_MOVED,
    U_NETHER_EXPLORED,
    U_NO_EXPLORE,
    U_READY,
    U_RECOVERY,
    U_SHIFT_USED,
    log_event,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.cards import draw_cards, remove_hand_at, to_discard
from sim.games.waybound.rules.netherway import close_netherway
from sim.games.waybound.vocab import (
    R_EMPTY_HAND_DRAW,
    R_HAND_LIMIT,
    R_MAX_CAPACITY,
    R_OPENING_SECOND_EXTRA_CHARGE,
    R_ROUND_LIMIT,
    R_WIN_RENOWN,
)


@njit(cache=True, _nrt=False)
def start_turn(s, rules, p, keys, counters, events, counts):
    q = 1 - p
    if s[G_NETHER_OPEN] != 0 and s[G_NETHER_CREATOR] == p:
        close_netherway(s, events)
    for j in range(s[player_base(q) + P_UNITS_N]):
        s[unit_base(q, j) + U_HEX] = 0  # hexes cast by p expire at p's turn start
    pb = player_base(p)
    for i in range(s[pb + P_UNITS_N]):
        u = unit_base(p, i)
        if s[u + U_RECOVERY] > 0:
            s[u + U_RECOVERY] -= 1
            s[u + U_READY] = 1 if s[u + U_RECOVERY] == 0 else 0
        else:
            s[u + U_READY] = 1
        s[u + U_MOVED] = 0
        s[u + U_NETHER_EXPLORED] = 0
        s[u + U_FORCE_BONUS] = 0
        s[u + U_INSIGHT_BONUS] = 0
        s[u + U_NO_EXPLORE] = 0
        s[u + U_SHIFT_USED] = 0
    s[pb + P_CLAIMS] = 0
    s[pb + P_RELENTLESS_USED] = 0
    s[pb + P_FANG_USED] = 0
    s[pb + P_MARKED_THIS_TURN] = 0
    s[pb + P_NYX_OPENED] = 0
    s[pb + P_CHALLENGES_TURN] = 0
    s[pb + P_DEFEATS_TURN] = 0
    first_turn = s[pb + P_TURNS] == 0
    s[pb + P_TURNS] += 1
    if first_turn:
        s[pb + P_CAPACITY] = 1
    else:
        s[pb + P_CAPACITY] = min(rules[R_MAX_CAPACITY], s[pb + P_CAPACITY] + 1)
    s[pb + P_CHARGE] = s[pb + P_CAPACITY]
    if first_turn and p == 1:
        s[pb + P_CHARGE] += rules[R_OPENING_SECOND_EXTRA_CHARGE]
    s[G_ACTIVE] = p
    s[G_PHASE] = PH_MAIN
    s[G_DECIDER] = p
    log_event(s, events, EV_TURN, p, s[G_ROUND], s[pb + P_CAPACITY], s[pb + P_CHARGE], 0)
    if s[pb + P_HAND_N] == 0:
        draw_cards(s, p, rules[R_EMPTY_HAND_DRAW], keys, counters, events, counts)
    elif not (first_turn and p == 0):
        draw_cards(s, p, 1, keys, counters, events, counts)


@njit(cache=True, _nrt=False)
def finish(s, winner, reason, events):
    s[G_DONE] = 1
    s[G_WINNER] = winner
    s[G_END_REASON] = reason
    log_event(
        s, events, EV_END, winner, reason, s[player_base(0) + P_RENOWN], s[player_base(1) + P_RENOWN], 0
    )


@njit(cache=True, _nrt=False)
def end_turn(s, rules, keys, counters, events, counts):
    """END OF TURN: 20 Renown wins before discarding; a hand over the limit is discarded down to it by
    its owner, a card per PH_HAND_LIMIT decision (discard_to_hand_limit); then pass_turn."""
    p = s[G_ACTIVE]
    pb = player_base(p)
    if s[pb + P_RENOWN] >= rules[R_WIN_RENOWN]:
        s[G_TURNS] += 1
        finish(s, p, END_RENOWN, events)
        return
    if s[pb + P_HAND_N] > rules[R_HAND_LIMIT]:
        s[G_PHASE] = PH_HAND_LIMIT
        s[G_DECIDER] = p
        return
    pass_turn(s, rules, keys, counters, events, counts)


@njit(cache=True, _nrt=False)
def discard_to_hand_limit(s, rules, card, keys, counters, events, counts):
    """The active seat's hand-limit choice: `card` (in its hand) goes to the discard; the turn passes
    once the hand is down to the limit."""
    p = s[G_ACTIVE]
    pb = player_base(p)
    for k in range(s[pb + P_HAND_N]):
        if s[pb + HAND_OFF + k] == card:
            remove_hand_at(s, p, k)
            break
    to_discard(s, p, card)
    if s[pb + P_HAND_N] <= rules[R_HAND_LIMIT]:
        pass_turn(s, rules, keys, counters, events, counts)


@njit(cache=True, _nrt=False)
def pass_turn(s, rules, keys, counters, events, counts):
    """The rest of END OF TURN: clear the turn's temporary effects, then the round limit or pass."""
    p = s[G_ACTIVE]
    pb = player_base(p)
    for i in range(s[pb + P_UNITS_N]):
        u = unit_base(p, i)
        s[u + U_FORCE_BONUS] = 0
        s[u + U_INSIGHT_BONUS] = 0
        s[u + U_NO_EXPLORE] = 0
    s[pb + P_CHALLENGES_TURN] = 0
    s[pb + P_DEFEATS_TURN] = 0
    s[G_TURNS] += 1
    if p == 1 and s[G_ROUND] >= rules[R_ROUND_LIMIT]:
        r0 = s[player_base(0) + P_RENOWN]
        r1 = s[player_base(1) + P_RENOWN]
        if r0 != r1:
            finish(s, 0 if r0 > r1 else 1, END_ROUND_RENOWN, events)
            return
        m0 = s[player_base(0) + P_MARKS]
        m1 = s[player_base(1) + P_MARKS]
        if m0 != m1:
            finish(s, 0 if m0 > m1 else 1, END_ROUND_MARKS, events)
            return
        finish(s, -1, END_DRAW, events)
        return
    nxt = 1 - p
    if nxt == 0:
        s[G_ROUND] += 1
    start_turn(s, rules, nxt, keys, counters, events, counts)
