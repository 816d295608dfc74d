"""Board units (section 9, "People and strongholds"): the settlements' neutral Locals and the Recruits
they become, and the two board Sentinels.

A recruited Local or an awakened Sentinel is a Figure of the Company that gained it: one of its Figure
slots, with F_UNIT naming the kind, F_HOME its home Site and F_CARD its unit row (tables.unit_card),
never a deck card ("A neutral Local is not a deck card for costs, deck limits or retrieval"). Before
that, a Local or a Dormant Sentinel is only a state in G_LOCAL / G_SENTINEL: "initially no Presence and
untargetable", "Its dormant form has no Presence and is untargetable". What a unit may not do is
checked where each action is listed (movement.py, combat.py, rites.py) through the helpers below."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules.board import (
    clear_figure,
    controls,
    figure,
    free_figure_slot,
    lateral_distance,
    place_figure,
    ring_closed,
    seat_base,
)
from sim.games.veilwalkers.rules.events import log_event


@njit(cache=True, forceinline=True)
def may_attack(state, seat, slot):
    """A Patrol "cannot initiate combat, Drive Off, Thread Strike": no Challenge, Thread Strike, Drive
    Off, Raze, Stronghold destruction or Challenge of the Watcher (a Recruit: see can_strike)."""
    return state[figure(seat, slot) + L.F_UNIT] != L.UNIT_PATROL


@njit(cache=True, forceinline=True)
def may_intercept(state, seat, slot):
    """"A Local Recruit or Patrol cannot Intercept.\""""
    unit = state[figure(seat, slot) + L.F_UNIT]
    return unit != L.UNIT_RECRUIT and unit != L.UNIT_PATROL


@njit(cache=True, forceinline=True)
def performs_rites(state, seat, slot):
    """A Recruit "cannot ... perform Rites"; Patrols cannot "do Rites" (a Trial, a Rite of Challenge won)."""
    unit = state[figure(seat, slot) + L.F_UNIT]
    return unit != L.UNIT_RECRUIT and unit != L.UNIT_PATROL


@njit(cache=True, inline="always")
def site_open_to_units(state, site):
    """A Ring not closed and not Fraying: "Do not build/relocate Strongholds, recruit, awaken board
    Sentinels or activate/reactivate nodes there.\""""
    ring = site // L.SITES
    return ring != state[L.G_FRAYING] and not ring_closed(state, ring)


@njit(cache=True, _nrt=False, forceinline=True)
def can_recruit(state, ruleset, seat, piece, settlement):
    """"Each settlement has one neutral Local ... A Ready Veilbound occupying the controlled Site may
    recruit it for one Action." ("There is no replacement Recruit": a settlement recruits once.)"""
    base = seat_base(seat)
    site = T.board(ruleset, T.B_SETTLEMENT + settlement)
    return (state[L.G_LOCAL + settlement] == L.LOCAL_WAITING and state[L.G_ACTIONS] >= 1
            and state[base + L.P_VB_SITE + piece] == site and state[base + L.P_VB_READY + piece] == 1
            and site_open_to_units(state, site) and free_figure_slot(state, seat) >= 0
            and controls(state, ruleset, seat, site))


@njit(cache=True, _nrt=False)
def can_awaken(state, ruleset, seat, sentinel):
    """"A Ready Veilwalker at a controlled, non-Fraying Sentinel Site may spend one Action to awaken its
    Dormant board Sentinel.\""""
    base = seat_base(seat)
    site = T.board(ruleset, T.B_SENTINEL + sentinel)
    return (state[L.G_SENTINEL + sentinel] == L.SENTINEL_DORMANT and state[L.G_ACTIONS] >= 1
            and state[base + L.P_VB_SITE + L.VEILWALKER] == site and state[base + L.P_VB_READY + L.VEILWALKER] == 1
            and site_open_to_units(state, site) and free_figure_slot(state, seat) >= 0
            and controls(state, ruleset, seat, site))


@njit(cache=True, _nrt=False)
def join(state, ruleset, seat, unit, site, events):
    """The unit enters play as a Figure of the Company, Ready (the rulebook gives no other readiness:
    RULES.md, Ambiguities), at its home Site, for one Action."""
    state[L.G_ACTIONS] -= 1
    place_figure(state, seat, T.unit_card(ruleset, unit), site, unit, site)
    log_event(state, events, L.EV_UNIT, seat, unit, site, L.UNIT_JOINED)


@njit(cache=True, _nrt=False)
def recruit(state, ruleset, seat, settlement, events):
    """"It becomes a loyal Power-2 Figure." Recruitment is not a major objective (no Attention surcharge)."""
    state[L.G_LOCAL + settlement] = L.LOCAL_RECRUITED
    join(state, ruleset, seat, L.UNIT_RECRUIT, T.board(ruleset, T.B_SETTLEMENT + settlement), events)


@njit(cache=True, _nrt=False)
def awaken_sentinel(state, ruleset, seat, sentinel, events):
    """"It becomes a loyal Power-5 Figure.\""""
    state[L.G_SENTINEL + sentinel] = L.SENTINEL_AWAKENED
    join(state, ruleset, seat, L.UNIT_SENTINEL, T.board(ruleset, T.B_SENTINEL + sentinel), events)


@njit(cache=True, _nrt=False)
def unit_gone(state, ruleset, seat, slot, reason, events):
    """A board unit leaves play for good: a Recruit defeated "destroys that settlement and its Homeground
    bonus permanently ... There is no replacement Recruit or allegiance change"; a Sentinel "Broken means
    permanently removed"; closure removes "local board units" (``reason`` UNIT_DEFEATED or UNIT_REMOVED).
    The Patrol goes off-board instead, for a later replacement (Broken, removed with its Ring, Recalled,
    Routed with no Stronghold: UNIT_RECALLED, UNIT_ROUTED). Frees the slot; the unit's row goes to no zone."""
    f = figure(seat, slot)
    home = state[f + L.F_HOME]
    unit = state[f + L.F_UNIT]
    if unit == L.UNIT_PATROL:
        state[seat_base(seat) + L.P_PATROL] = -1
    elif unit == L.UNIT_RECRUIT:
        for k in range(L.SETTLEMENTS):
            if T.board(ruleset, T.B_SETTLEMENT + k) == home:
                state[L.G_LOCAL + k] = L.LOCAL_GONE
    else:
        for k in range(L.SENTINELS):
            if T.board(ruleset, T.B_SENTINEL + k) == home:
                state[L.G_SENTINEL + k] = L.SENTINEL_GONE
    log_event(state, events, L.EV_UNIT, seat, unit, state[f + L.F_SITE], reason)
    clear_figure(state, seat, slot)


@njit(cache=True, inline="always")
def lateral_allowed(state, seat, slot, destination):
    """A board Sentinel "may move only among its home Site and its two same-Ring neighbors"; a Recruit
    "cannot Move" (movement.can_relocate refuses it)."""
    f = figure(seat, slot)
    if state[f + L.F_UNIT] != L.UNIT_SENTINEL:
        return True
    home = state[f + L.F_HOME]
    return destination // L.SITES == home // L.SITES and lateral_distance(destination, home) <= 1
