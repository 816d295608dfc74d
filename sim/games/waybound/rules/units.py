"""Characters (rulebook HEALING AND FORCE, CHALLENGE AND DEFENSE, the abilities' chapters): a unit's
keywords, Guard, Insight and Force with every modifier (Glass Orchard, Kindled, Siege, Pack Momentum,
auras, hexes), who stands where, Allies entering and leaving, healing."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.waybound.layout import (
    G_ACTIVE,
    P_CHALLENGES_TURN,
    P_DEFEATS_TURN,
    P_UNITS_N,
    U_CARD,
    U_DAMAGE,
    U_FORCE_BONUS,
    U_GRINSHADE_ROUND,
    U_HEX,
    U_INSIGHT_BONUS,
    U_PROFILE,
    U_READY,
    U_ROUTE,
    UNIT_SIZE,
    player_base,
    unit_base,
)
from sim.games.waybound.tables import profile_field
from sim.games.waybound.vocab import (
    GLASS_ORCHARD,
    KW_AURA,
    KW_KINDLED,
    KW_PACK_MOMENTUM,
    KW_SIEGE,
    PF_FORCE,
    PF_GUARD,
    PF_INSIGHT,
    PF_KW,
    R_ORCHARD_FORCE,
)


@njit(cache=True, inline="always")
def keyword(s, profiles, p, i, k):
    return profile_field(profiles, s[unit_base(p, i) + U_PROFILE], PF_KW + k)


@njit(cache=True, inline="always")
def unit_guard(s, profiles, p, i):
    return profile_field(profiles, s[unit_base(p, i) + U_PROFILE], PF_GUARD)


@njit(cache=True, inline="always")
def unit_insight(s, profiles, p, i):
    u = unit_base(p, i)
    return profile_field(profiles, s[u + U_PROFILE], PF_INSIGHT) + s[u + U_INSIGHT_BONUS]


@njit(cache=True, _nrt=False, forceinline=True)
def unit_force(s, rules, profiles, p, i):
    return unit_force_with(s, rules, profiles, p, i, aura_sources_by_route(s, profiles, p))


@njit(cache=True, _nrt=False, forceinline=True)
def aura_sources_by_route(s, profiles, p):
    """Seat p's aura sources (Bloodhowl, Pack Bastion) per Route, packed like characters_by_route."""
    packed = np.int64(0)
    for j in range(s[player_base(p) + P_UNITS_N]):
        v = unit_base(p, j)
        source = np.int64(profile_field(profiles, s[v + U_PROFILE], PF_KW + KW_AURA) > 0)
        packed += source << np.int64(8 * s[v + U_ROUTE])
    return packed


@njit(cache=True, _nrt=False, forceinline=True)
def unit_force_with(s, rules, profiles, p, i, auras):
    """unit_force given seat p's aura_sources_by_route (one count a decision serves every unit)."""
    u = unit_base(p, i)
    prof = s[u + U_PROFILE]
    route = s[u + U_ROUTE]
    force = profile_field(profiles, prof, PF_FORCE) + s[u + U_FORCE_BONUS]
    if route == GLASS_ORCHARD:
        force += rules[R_ORCHARD_FORCE]
    kindled = profile_field(profiles, prof, PF_KW + KW_KINDLED)
    if (kindled > 0) & (s[u + U_DAMAGE] > 0):
        force += kindled
    pb = player_base(p)
    siege = profile_field(profiles, prof, PF_KW + KW_SIEGE)
    if siege > 0:
        force += min(siege, s[pb + P_CHALLENGES_TURN])
    momentum = profile_field(profiles, prof, PF_KW + KW_PACK_MOMENTUM)
    if momentum > 0:
        force += min(momentum, s[pb + P_DEFEATS_TURN])
    if s[G_ACTIVE] == p:
        # auras do not stack: one +1 if any other friendly aura source shares the Route
        own = 1 if profile_field(profiles, prof, PF_KW + KW_AURA) > 0 else 0
        if at_route(auras, route) - own > 0:
            force += 1
    force -= s[u + U_HEX]
    if force < 0:
        force = 0
    return force


@njit(cache=True, _nrt=False, forceinline=True)
def ready_opposing_at(s, q, route):
    """Number of ready characters of seat q at the Route."""
    count = 0
    for j in range(s[player_base(q) + P_UNITS_N]):
        v = unit_base(q, j)
        if s[v + U_ROUTE] == route and s[v + U_READY] == 1:
            count += 1
    return count


@njit(cache=True, _nrt=False, forceinline=True)
def characters_by_route(s, q):
    """Seat q's characters per Route, (all, ready), each packed 8 bits per Route (at most 31 each):
    one pass a decision instead of a scan of the opposing units for every action that asks."""
    everyone = np.int64(0)
    ready = np.int64(0)
    for j in range(s[player_base(q) + P_UNITS_N]):
        v = unit_base(q, j)
        one = np.int64(1) << np.int64(8 * s[v + U_ROUTE])
        everyone += one
        if s[v + U_READY] == 1:
            ready += one
    return everyone, ready


@njit(cache=True, inline="always")
def at_route(packed, route):
    """How many characters `characters_by_route` counted at the Route."""
    return (packed >> np.int64(8 * route)) & 255


@njit(cache=True, _nrt=False, forceinline=True)
def units_at(s, q, route):
    count = 0
    for j in range(s[player_base(q) + P_UNITS_N]):
        if s[unit_base(q, j) + U_ROUTE] == route:
            count += 1
    return count


@njit(cache=True, _nrt=False, forceinline=True)
def remove_unit(s, p, i):
    """Remove Ally unit i (never the Companion): the last unit takes its record."""
    pb = player_base(p)
    last = s[pb + P_UNITS_N] - 1
    u = unit_base(p, i)
    if i != last:
        v = unit_base(p, last)
        for f in range(UNIT_SIZE):
            s[u + f] = s[v + f]
    s[pb + P_UNITS_N] = last


@njit(cache=True, _nrt=False, forceinline=True)
def add_unit(s, p, profile, card, route):
    pb = player_base(p)
    i = s[pb + P_UNITS_N]
    u = unit_base(p, i)
    for f in range(UNIT_SIZE):
        s[u + f] = 0
    s[u + U_PROFILE] = profile
    s[u + U_CARD] = card
    s[u + U_ROUTE] = route
    s[u + U_READY] = 1
    s[u + U_GRINSHADE_ROUND] = -1
    s[pb + P_UNITS_N] = i + 1
    return i


@njit(cache=True, _nrt=False, forceinline=True)
def heal(s, p, i, amount):
    u = unit_base(p, i)
    s[u + U_DAMAGE] = max(0, s[u + U_DAMAGE] - amount)
