"""Breaches (rulebook "Breaches", "Player Turn: 2 – Main Phase"): focusing and opening (costs by breach
and stage, discounts) and where a spell may be prepped."""

from __future__ import annotations

from numba import njit

from sim.games.aeons_end.layout import (
    G_BREACH_DISCOUNT,
    G_DOUBLE_PREP,
    P_BREACH,
    P_FOCUSED,
    P_PREP,
    PC_PREP_TO_CLOSED,
    R_FOCUS_COST,
    R_OPEN_COST,
)
from sim.games.aeons_end.rules.piles import pbase
from sim.games.aeons_end.tables import player_card, rule


@njit(cache=True, _nrt=False)
def focus_breach(s, p, k):
    b = pbase(p)
    st = s[b + P_BREACH + k]
    if st < 0 or st >= 4:
        return
    s[b + P_BREACH + k] = st + 1
    s[b + P_FOCUSED + k] = 1


@njit(cache=True, _nrt=False)
def focus_cheapest(s, T, p):
    b = pbase(p)
    best = -1
    best_cost = 1 << 20
    for k in range(4):
        st = s[b + P_BREACH + k]
        if 0 <= st < 4 and rule(T, R_FOCUS_COST + k) < best_cost:
            best = k
            best_cost = rule(T, R_FOCUS_COST + k)
    if best >= 0:
        focus_breach(s, p, best)


@njit(cache=True, _nrt=False, forceinline=True)
def breach_cost(s, T, p, k, opening):
    st = s[pbase(p) + P_BREACH + k]
    if opening:
        c = rule(T, R_OPEN_COST + 4 * k + st)
    else:
        c = rule(T, R_FOCUS_COST + k)
    return max(0, c - s[G_BREACH_DISCOUNT])


@njit(cache=True, _nrt=False, forceinline=True)
def can_prep(s, T, p, card, k):
    b = pbase(p)
    st = s[b + P_BREACH + k]
    if st < 0:
        return -1
    if not (st == 4 or s[b + P_FOCUSED + k] != 0 or player_card(T, card, PC_PREP_TO_CLOSED) != 0):
        return -1
    if s[b + P_PREP + 2 * k] < 0:
        return 0
    if s[G_DOUBLE_PREP] != 0 and st == 4 and s[b + P_PREP + 2 * k + 1] < 0:
        return 1
    return -1
