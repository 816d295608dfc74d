"""Lateral roads: open, closed or Broken (section 2, "All lateral roads start open, including roads
beside a Site named Broken Bridge"; section 7, "Closed is temporarily unavailable; Broken requires
repair"), the card effects that close, break and repair one, Garden's Growth from "actually repairing a
Broken lateral road" and the Rite of the Broken Path.

Road ``ring * 6 + k`` joins local Sites k and k + 1 of its Ring (board.road_of): it is attached to the
Ring's Sites and turns with them. A road is closed by a Company's effect "until: the start of your next
team turn" (AP-05 Broken River's wording, the only closing text of the rulebook): one mask per Company
(G_ROADS_CLOSED + seat), cleared at that Company's Remember. Broken lasts until repaired. Targets: "one
... lateral connection touching a Site occupied by one of your Veilwalkers" (AP-05), "repair one Broken
lateral Path touching that Site" (AP-04, AV-02): one of the two roads of the Veilwalker's Site."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.board import (
    neighbor,
    on_ring,
    road_broken,
    road_closed,
    road_of,
    road_open,
    seat_base,
)
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.network import gain_growth_or_disruption
from sim.games.veilwalkers.rules.rites import complete_at, mark_thread


@njit(cache=True, _nrt=False)
def road_target_legal(state, seat, op, direction):
    """Is the road ``direction`` of the Company's Veilwalker's Site a legal target of road effect ``op``:
    close "one open lateral connection"; break one not Broken; repair "one Broken lateral Path". The
    Veilwalker must stand on a Ring Site (a Lost or Bloom Veilwalker touches no road)."""
    site = state[seat_base(seat) + L.P_VB_SITE + L.VEILWALKER]
    if not on_ring(site) or site // L.SITES < state[L.G_CLOSED]:
        return False
    road = road_of(site, direction)
    if op == V.OP_CLOSE_ROAD:
        return road_open(state, road)
    if op == V.OP_BREAK_ROAD:
        return not road_broken(state, road)
    return road_broken(state, road)


@njit(cache=True, _nrt=False)
def road_effect(state, ruleset, seat, op, direction, events):
    """Resolve road effect ``op`` on the road ``direction`` of the Veilwalker's Site (its target,
    declared with the play). Returns 1 if it did something. A repair of a Broken road is Garden's Growth
    deed ("actually repairing a Broken lateral road"; "No-op repairs ... do not qualify"), the Creation
    Thread of the Three Threads ("repair a Path") and the Rite of the Broken Path's restoration."""
    if direction < 0 or not road_target_legal(state, seat, op, direction):
        return 0  # "If all targets are illegal, it fails": the road part does nothing
    site = state[seat_base(seat) + L.P_VB_SITE + L.VEILWALKER]
    road = road_of(site, direction)
    if op == V.OP_CLOSE_ROAD:
        state[L.G_ROADS_CLOSED + seat] |= 1 << road
        log_event(state, events, L.EV_ROAD, seat, road, L.ROAD_CLOSED, 0)
        return 1
    if op == V.OP_BREAK_ROAD:
        state[L.G_ROADS_BROKEN] |= 1 << road
        log_event(state, events, L.EV_ROAD, seat, road, L.ROAD_BROKEN, 0)
        return 1
    state[L.G_ROADS_BROKEN] &= ~(1 << road)
    log_event(state, events, L.EV_ROAD, seat, road, L.ROAD_REPAIRED, 0)
    gain_growth_or_disruption(state, seat, V.GARDEN, events)
    mark_thread(state, ruleset, seat, L.THREAD_CREATION, events)  # "Creation Heal damage, repair a Path"
    if not road_closed(state, road):
        # Rite of the Broken Path: "A Path touching this Gate Site must: become Broken or closed, and
        # later become open again through your team's action or effect ... Completion: When your team
        # restores access." Both ends of the road touch it; a road still closed is not open again.
        complete_at(state, ruleset, seat, V.RITE_BROKEN_PATH, road, events)
        complete_at(state, ruleset, seat, V.RITE_BROKEN_PATH, neighbor(road, 0), events)
    return 1


@njit(cache=True, _nrt=False)
def expire_closures(state, seat, events):
    """At the Company's Remember: the roads its effects closed open again ("Close it until: the start of
    your next team turn"; "Refresh expiring until-Remember effects"). Their expiry is no action of
    either team (the Rite of the Broken Path does not count it: RULES.md, Ambiguities)."""
    closed = state[L.G_ROADS_CLOSED + seat]
    if closed == 0:
        return
    state[L.G_ROADS_CLOSED + seat] = 0
    for road in range(L.BLOOM):
        if closed >> road & 1:
            log_event(state, events, L.EV_ROAD, seat, road, L.ROAD_REOPENED, 0)


@njit(cache=True, _nrt=False, forceinline=True)
def ring_steps(state, a, b):
    """Lateral steps from Ring Site ``a`` to Site ``b`` of the same Ring over open roads only (the shorter
    open way round), or 1000 when both ways are cut. Bit arithmetic on the Ring's six road bits: the
    clockwise way uses roads a .. b - 1, the counterclockwise way roads b .. a - 1."""
    if a == b:
        return 0
    ring = a // L.SITES
    shut = state[L.G_ROADS_BROKEN] | state[L.G_ROADS_CLOSED] | state[L.G_ROADS_CLOSED + 1]
    open_roads = ~(shut >> (ring * L.SITES)) & 63
    la, lb = a % L.SITES, b % L.SITES
    d = (lb - la) % L.SITES
    best = 1000
    need = (1 << d) - 1  # roads la .. la + d - 1 (mod 6), rotated to the low bits
    if ((open_roads >> la | open_roads << (L.SITES - la)) & need) == need:
        best = d
    back = L.SITES - d
    need = (1 << back) - 1  # roads lb .. lb + back - 1 (mod 6)
    if back < best and ((open_roads >> lb | open_roads << (L.SITES - lb)) & need) == need:
        best = back
    return best
