"""PLAYING CARDS (rulebook), and STAR CHART: an Ally enters ready at a Route of its owner's choice, with
its entry abilities (the Netherway, Hex, Lantern Care, Star Chart's private choice of the top cards)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.waybound.layout import (
    DECK_OFF,
    G_DECIDER,
    G_PEND_A,
    G_PHASE,
    P_DECK_N,
    P_UNITS_N,
    PH_ENTRY_HEAL,
    PH_STAR_CHART,
    U_HEX,
    U_ROUTE,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.cards import add_to_hand
from sim.games.waybound.rules.netherway import open_netherway
from sim.games.waybound.rules.units import add_unit, keyword, units_at
from sim.games.waybound.tables import card_field
from sim.games.waybound.vocab import C_PROFILE, KW_HEX_ENTRY, KW_LANTERN_CARE, KW_OPENS_NETHER, KW_STAR_CHART


@njit(cache=True, _nrt=False)
def play_ally(s, rules, cards, profiles, p, card, route, events):
    i = add_unit(s, p, card_field(cards, card, C_PROFILE), card, route)
    q = 1 - p
    if keyword(s, profiles, p, i, KW_OPENS_NETHER) > 0:
        open_netherway(s, p, events)
    hex_value = keyword(s, profiles, p, i, KW_HEX_ENTRY)
    if hex_value > 0:
        for j in range(s[player_base(q) + P_UNITS_N]):
            v = unit_base(q, j)
            if s[v + U_ROUTE] == route and s[v + U_HEX] < hex_value:
                s[v + U_HEX] = hex_value  # strongest reduction only
    if keyword(s, profiles, p, i, KW_LANTERN_CARE) > 0 and units_at(s, p, route) > 1:
        s[G_PHASE] = PH_ENTRY_HEAL
        s[G_DECIDER] = p
        s[G_PEND_A] = i
        return
    chart = keyword(s, profiles, p, i, KW_STAR_CHART)
    if chart > 0 and s[player_base(p) + P_DECK_N] > 0:
        s[G_PHASE] = PH_STAR_CHART
        s[G_DECIDER] = p
        s[G_PEND_A] = chart


@njit(cache=True, _nrt=True)
def star_chart_choice(s, p, choice):
    """Keep the (choice // 2)-th card from the top; the others go to the bottom, the first listed
    (top order, or reversed when choice is odd) drawn before the second."""
    pb = player_base(p)
    n = s[pb + P_DECK_N]
    m = min(s[G_PEND_A], n)
    keep = choice // 2
    top = np.empty(3, dtype=np.int32)
    for t in range(m):
        top[t] = s[pb + DECK_OFF + n - 1 - t]
    rest = np.empty(2, dtype=np.int32)
    r = 0
    for t in range(m):
        if t != keep:
            rest[r] = top[t]
            r += 1
    if choice % 2 == 1 and r == 2:
        tmp = rest[0]
        rest[0] = rest[1]
        rest[1] = tmp
    body = n - m
    for k in range(body - 1, -1, -1):
        s[pb + DECK_OFF + k + r] = s[pb + DECK_OFF + k]
    # bottom = index 0; the first listed sits above the second, so it is drawn first
    for t in range(r):
        s[pb + DECK_OFF + r - 1 - t] = rest[t]
    s[pb + P_DECK_N] = body + r
    add_to_hand(s, p, top[keep])
