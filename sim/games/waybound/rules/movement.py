"""NORMAL MOVEMENT (rulebook): the Routes and which are adjacent (the Netherway joins Lantern Crossing
only while open), the Charge a move costs (nothing into Windbridge, Swift and the free movers), and card
movement (no exhausting; Rooted prevents it)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.waybound.layout import U_PROFILE, U_ROUTE, unit_base
from sim.games.waybound.rules.units import keyword
from sim.games.waybound.vocab import (
    KW_FREE_MOVE,
    KW_ROOTED,
    KW_SWIFT,
    LANTERN_CROSSING,
    NETHERWAY,
    PF_KW,
    PROFILE_WIDTH,
    WINDBRIDGE,
)


@njit(cache=True, inline="always")
def adjacent(a, b, nether_open):
    normal = (a < 3) & (b < 3) & ((a - b == 1) | (b - a == 1))
    netherway = ((a == LANTERN_CROSSING) & (b == NETHERWAY)) | ((a == NETHERWAY) & (b == LANTERN_CROSSING))
    return normal | ((nether_open != 0) & netherway)


# A Route's neighbours (`adjacent`) in order, without testing every Route (which of them is the unit's
# own changes from unit to unit, and a branch on it is mispredicted): Lantern Crossing's are Windbridge,
# Glass Orchard and, with `n_routes` 4 (the Netherway open), the Netherway; every other Route's is
# Lantern Crossing (nobody stands in a closed Netherway: check_invariants).
@njit(cache=True, inline="always")
def neighbour_count(route, n_routes):
    return n_routes - 1 if route == LANTERN_CROSSING else 1


@njit(cache=True, inline="always")
def neighbour(route, k):
    return k * 2 - (k >> 1) if route == LANTERN_CROSSING else LANTERN_CROSSING


@njit(cache=True, _nrt=False, forceinline=True)
def move_cost(s, rules, profiles, p, i, dest):
    return move_cost_of(dest, moves_free(profiles, s[unit_base(p, i) + U_PROFILE] * PROFILE_WIDTH + PF_KW))


@njit(cache=True, inline="always")
def moves_free(profiles, unit_keywords):
    """Swift, Trailblazer/Windguide: normal movement costs nothing. `unit_keywords`: the keywords'
    offset in the flat profile table."""
    return (profiles[unit_keywords + KW_SWIFT] > 0) | (profiles[unit_keywords + KW_FREE_MOVE] > 0)


@njit(cache=True, inline="always")
def move_cost_of(dest, free):
    """Normal movement: 1 Charge, nothing into Windbridge or for a character that moves free."""
    return np.int64((dest != WINDBRIDGE) & (not free))


@njit(cache=True, _nrt=False, forceinline=True)
def explicit_move(s, profiles, p, i, dest):
    """Card movement: no exhausting, no readying, no normal-move use; Rooted prevents it."""
    if keyword(s, profiles, p, i, KW_ROOTED) > 0:
        return
    s[unit_base(p, i) + U_ROUTE] = dest
