"""DEFEATS (rulebook): damage reaching Guard defeats; a defeated Ally goes to the discard pile, a defeated
Companion returns to Lantern Crossing to recover, losing its journey marks."""

from __future__ import annotations

from numba import njit

from sim.games.waybound.layout import (
    EV_DEFEAT,
    P_COMPANION_DEFEATS,
    P_MARKS,
    P_MARKS_SINCE_PATH,
    U_CARD,
    U_DAMAGE,
    U_FORCE_BONUS,
    U_INSIGHT_BONUS,
    U_READY,
    U_RECOVERY,
    U_ROUTE,
    log_event,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.cards import to_discard
from sim.games.waybound.rules.units import remove_unit, unit_guard
from sim.games.waybound.vocab import LANTERN_CROSSING, R_RECOVERY_TURNS


@njit(cache=True, _nrt=False)
def defeat_unit(s, rules, p, i, by_tactic, events):
    """Resolve a defeat of seat p's unit i. Returns 1 if an Ally was defeated, 2 for the Companion."""
    u = unit_base(p, i)
    pb = player_base(p)
    log_event(s, events, EV_DEFEAT, p, s[u + U_CARD], s[u + U_ROUTE], by_tactic, 0)
    if i == 0:
        s[u + U_ROUTE] = LANTERN_CROSSING
        s[u + U_DAMAGE] = 0
        s[u + U_READY] = 0
        s[u + U_RECOVERY] = rules[R_RECOVERY_TURNS] + 1
        s[u + U_FORCE_BONUS] = 0
        s[u + U_INSIGHT_BONUS] = 0
        s[pb + P_MARKS] = 0
        s[pb + P_MARKS_SINCE_PATH] = 0
        s[pb + P_COMPANION_DEFEATS] += 1
        return 2
    to_discard(s, p, s[u + U_CARD])
    remove_unit(s, p, i)
    return 1


@njit(cache=True, _nrt=False)
def deal_direct_damage(s, rules, profiles, q, j, amount, events):
    """Tactic or ability damage (no Sheltering Glow, no Challenge rewards). Returns defeat code."""
    u = unit_base(q, j)
    s[u + U_DAMAGE] += amount
    if s[u + U_DAMAGE] >= unit_guard(s, profiles, q, j):
        return defeat_unit(s, rules, q, j, 1, events)
    return 0


@njit(cache=True, _nrt=False, forceinline=True)
def check_defeat(s, rules, profiles, p, i, events):
    if s[unit_base(p, i) + U_DAMAGE] >= unit_guard(s, profiles, p, i):
        return defeat_unit(s, rules, p, i, 0, events)
    return 0
