"""EXPLORE (rulebook): who may Explore (ready, Insight, not blocked by a ready opposing character, once
per Netherway visit, the 0.36 opening rule) and Renown gained."""

from __future__ import annotations

from numba import njit

from sim.games.waybound.layout import (
    EV_RENOWN,
    P_RENOWN,
    P_TURNS,
    U_NETHER_EXPLORED,
    U_NO_EXPLORE,
    U_READY,
    U_RECOVERY,
    U_ROUTE,
    log_event,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.units import ready_opposing_at, unit_insight
from sim.games.waybound.vocab import NETHERWAY, R_OPENING_NO_FIRST_EXPLORE


@njit(cache=True, _nrt=False, forceinline=True)
def can_explore(s, rules, profiles, p, i):
    if not may_explore_unblocked(s, rules, profiles, p, i):
        return False
    return ready_opposing_at(s, 1 - p, s[unit_base(p, i) + U_ROUTE]) == 0


@njit(cache=True, _nrt=False, forceinline=True)
def may_explore_unblocked(s, rules, profiles, p, i):
    """can_explore without the blocking test (no ready opposing character at the Route)."""
    u = unit_base(p, i)
    if s[u + U_READY] == 0 or s[u + U_RECOVERY] > 0 or s[u + U_NO_EXPLORE] != 0:
        return False
    if unit_insight(s, profiles, p, i) <= 0:
        return False
    if s[u + U_ROUTE] == NETHERWAY and s[u + U_NETHER_EXPLORED] != 0:
        return False
    if p == 0 and rules[R_OPENING_NO_FIRST_EXPLORE] != 0 and s[player_base(0) + P_TURNS] == 1:
        return False
    return True


@njit(cache=True, _nrt=False, forceinline=True)
def add_renown(s, p, amount, reason, events):
    s[player_base(p) + P_RENOWN] += amount
    log_event(s, events, EV_RENOWN, p, amount, reason, 0, 0)
