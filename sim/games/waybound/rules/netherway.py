"""The Netherway (rulebook): opened by cards and Nyxara (never extended), closed at the start of its
creator's next turn (characters there return to Lantern Crossing)."""

from __future__ import annotations

from numba import njit

from sim.games.waybound.layout import (
    EV_NETHER_CLOSE,
    EV_NETHER_OPEN,
    G_NETHER_CREATOR,
    G_NETHER_OPEN,
    P_NETHER_OPENINGS,
    P_UNITS_N,
    U_ROUTE,
    log_event,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.units import keyword
from sim.games.waybound.vocab import (
    KW_GATE_SOVEREIGN,
    KW_NYX_OPEN_ASCENDED,
    LANTERN_CROSSING,
    NETHERWAY,
    R_NYX_COST,
    R_NYX_COST_ASCENDED,
    R_NYX_COST_GATE_SOVEREIGN,
)


@njit(cache=True, _nrt=False)
def open_netherway(s, p, events):
    if s[G_NETHER_OPEN] != 0:
        return  # opening never extends an existing realm
    s[G_NETHER_OPEN] = 1
    s[G_NETHER_CREATOR] = p
    s[player_base(p) + P_NETHER_OPENINGS] += 1
    log_event(s, events, EV_NETHER_OPEN, p, 0, 0, 0, 0)


@njit(cache=True, _nrt=False)
def close_netherway(s, events):
    for q in range(2):
        for j in range(s[player_base(q) + P_UNITS_N]):
            u = unit_base(q, j)
            if s[u + U_ROUTE] == NETHERWAY:
                s[u + U_ROUTE] = LANTERN_CROSSING  # without readying; overrides Rooted
    s[G_NETHER_OPEN] = 0
    log_event(s, events, EV_NETHER_CLOSE, s[G_NETHER_CREATOR], 0, 0, 0, 0)


@njit(cache=True, _nrt=False, forceinline=True)
def nyxara_cost(s, rules, profiles, p):
    if keyword(s, profiles, p, 0, KW_NYX_OPEN_ASCENDED) > 0:
        return rules[R_NYX_COST_ASCENDED]
    if keyword(s, profiles, p, 0, KW_GATE_SOVEREIGN) > 0:
        return rules[R_NYX_COST_GATE_SOVEREIGN]
    return rules[R_NYX_COST]
