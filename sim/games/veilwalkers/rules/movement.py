"""Ordinary travel: Move (one lateral step), Traverse (a Gate between adjacent Rings, or Ring VI's
First Bloom entrance), the Veilwalker's Ally escort, the trio crossing, Turnpoints (rotation) and
Wayfarer's Connected Waystations."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.attention import pay_surcharge, surcharge
from sim.games.veilwalkers.rules.board import (
    bloom_misalignment,
    bloom_port_site,
    controls,
    figure,
    gate_misalignment,
    gate_site,
    has_piece,
    is_lost,
    neighbor,
    network_active,
    on_ring,
    piece_site,
    port_site,
    ring_closed,
    seat_base,
    set_piece_site,
)
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.network import (
    gain_growth_or_disruption,
    history_credits,
    node_site,
)
from sim.games.veilwalkers.rules.patrol import halt_arrival
from sim.games.veilwalkers.rules.remembrance import carried
from sim.games.veilwalkers.rules.rites import mark_thread, rotated, veilwalker_moved
from sim.games.veilwalkers.rules.temporary import gate_held, gate_traversed, passage_used

NO_ROUTE = -2


@njit(cache=True, _nrt=False, forceinline=True)
def can_relocate(state, seat, piece):
    """Veilbound: "Exhausted Veilbound cannot act or voluntarily move"; Figures: "Ordinary Exhausted
    Figures may Move and Traverse", but a Figure held after a Thread Strike "cannot relocate", a
    Recruit "cannot Move, Traverse", and a Patrol moves only by its own movement (patrol.move: "Patrols
    cannot use special network links")."""
    base = seat_base(seat)
    if piece < L.PIECE_FIGURE:
        return state[base + L.P_VB_READY + piece] == 1 and state[base + L.P_VB_SITE + piece] != L.NOWHERE
    f = figure(seat, piece - L.PIECE_FIGURE)
    return (state[f + L.F_CARD] >= 0 and state[f + L.F_HELD] == 0 and state[f + L.F_UNIT] != L.UNIT_RECRUIT
            and state[f + L.F_UNIT] != L.UNIT_PATROL)


@njit(cache=True, _nrt=False, forceinline=True)
def is_ally(state, ruleset, seat, piece):
    if piece < L.PIECE_FIGURE:
        return False
    f = figure(seat, piece - L.PIECE_FIGURE)
    return state[f + L.F_CARD] >= 0 and T.card(ruleset, state[f + L.F_CARD], T.C_TYPE) == V.TYPE_ALLY


@njit(cache=True, _nrt=False)
def traverse_destination(state, ruleset, seat, piece, direction, escorted):
    """Where a Traverse of ``piece`` in ``direction`` (0 inward, 1 outward) leads, or NO_ROUTE.
    "Matching ports must align, the Company must have completed the assigned Rite and bound its
    Waymark ... Use the inward Gate's Rite and Waymark for travel in either direction." Bloom: "The
    first entrant to Bloom must carry three Remembrances and use an aligned Ring VI entrance. After
    Bloom is opened, your Veilwalker may contest it with fewer than three, but your own network
    history must still be complete ... Ordinary deck Figures use a legal Bloom entrance only after
    their Company's milestone is complete and Bloom is open. One eligible Ally may accompany its
    Veilwalker. Wayfinders, Rememberers, Recruits, board Sentinels ... never enter Bloom." A board
    Sentinel "cannot Traverse" (nor can a Recruit)."""
    base = seat_base(seat)
    site = piece_site(state, seat, piece)
    if site == L.NOWHERE or is_lost(site):
        return NO_ROUTE
    if piece >= L.PIECE_FIGURE and state[figure(seat, piece - L.PIECE_FIGURE) + L.F_UNIT] != L.UNIT_NONE:
        return NO_ROUTE
    if site == L.BLOOM:
        if direction == 1 and bloom_misalignment(state, ruleset) == 0:
            return bloom_port_site(ruleset)
        return NO_ROUTE
    ring = site // L.SITES
    if direction == 0:
        if ring == L.RINGS - 1:
            if site != bloom_port_site(ruleset) or bloom_misalignment(state, ruleset) != 0:
                return NO_ROUTE
            if piece == L.WAYFINDER or piece == L.REMEMBERER or history_credits(state, seat) < L.NODES:
                return NO_ROUTE
            if piece == L.VEILWALKER:
                if state[L.G_BLOOM_OPEN] == 0 and carried(state, seat) < ruleset[T.RULE_TO_WIN]:
                    return NO_ROUTE
            elif not escorted and state[L.G_BLOOM_OPEN] == 0:
                return NO_ROUTE
            return L.BLOOM
        b = ring
        if site != gate_site(ruleset, b):
            return NO_ROUTE
        destination = port_site(ruleset, b)
    else:
        if ring == 0 or ring_closed(state, ring - 1):  # "No card ... enters a closed Ring"
            return NO_ROUTE
        b = ring - 1
        if site != port_site(ruleset, b):
            return NO_ROUTE
        destination = gate_site(ruleset, b)
    if gate_misalignment(state, ruleset, b) != 0 and not gate_held(state, seat, b):  # AV-04
        return NO_ROUTE
    if state[base + L.P_RITE_DONE + b] == 0 or state[base + L.P_WAYMARK + b] == 0:
        return NO_ROUTE
    return destination


@njit(cache=True, _nrt=False)
def traverse_boundary(state, seat, piece, direction):
    """The boundary whose Gate a legal Traverse of ``piece`` crosses, or -1 (First Bloom's entrance)."""
    site = piece_site(state, seat, piece)
    if site == L.BLOOM:
        return -1
    ring = site // L.SITES
    if direction == 0:
        return ring if ring < L.RINGS - 1 else -1
    return ring - 1


@njit(cache=True, _nrt=False)
def relocate(state, ruleset, seat, piece, destination, events):
    origin = piece_site(state, seat, piece)
    set_piece_site(state, seat, piece, destination)
    log_event(state, events, L.EV_MOVE, seat, piece, origin, destination)
    if piece >= L.PIECE_FIGURE:
        halt_arrival(state, seat, piece - L.PIECE_FIGURE, destination, events)
    if piece == L.VEILWALKER:
        veilwalker_moved(state, ruleset, seat, origin, destination, events)
    if destination == L.BLOOM:
        if piece == L.VEILWALKER:
            state[L.G_BLOOM_OPEN] = 1
        log_event(state, events, L.EV_BLOOM, seat, piece, 0, 0)


@njit(cache=True, _nrt=False)
def move(state, ruleset, seat, piece, direction, events):
    """"Move: one Action, one legal lateral connection on the same Ring": an open road (actions.list_shape
    offers a Move only over one, board.can_step)."""
    state[L.G_ACTIONS] -= 1
    relocate(state, ruleset, seat, piece, neighbor(piece_site(state, seat, piece), direction), events)


@njit(cache=True, _nrt=False)
def pay_traverse(state, ruleset, seat, piece, events):
    """A Traverse's base Action, unless Break Through waits ("the next otherwise legal Traverse that turn
    costs no base Action"); Wayfarer gains Disruption "Traversing an enemy-controlled Gate"."""
    base = seat_base(seat)
    if state[base + L.P_BREAK_THROUGH]:
        state[base + L.P_BREAK_THROUGH] = 0
    else:
        state[L.G_ACTIONS] -= 1
    if controls(state, ruleset, 1 - seat, piece_site(state, seat, piece)):
        gain_growth_or_disruption(state, seat, V.WAYFARER, events)


@njit(cache=True, _nrt=False)
def can_pay_traverse(state, seat):
    return state[L.G_ACTIONS] >= 1 or state[seat_base(seat) + L.P_BREAK_THROUGH] == 1


@njit(cache=True, inline="always")
def opening_bloom(state, destination):
    """"first opening Bloom" is a major objective (the Attention surcharge)."""
    return destination == L.BLOOM and state[L.G_BLOOM_OPEN] == 0


@njit(cache=True, inline="always")
def can_afford(state, seat, destination):
    return not opening_bloom(state, destination) or state[seat_base(seat) + L.P_RESONANCE] >= surcharge(state, seat)


@njit(cache=True, _nrt=False)
def traverse(state, ruleset, seat, piece, direction, events):
    destination = traverse_destination(state, ruleset, seat, piece, direction, False)
    gate_traversed(state, seat, traverse_boundary(state, seat, piece, direction))
    passage_used(state, seat, piece_site(state, seat, piece))  # AV-12's "next ... Traverse" at that Site
    pay_traverse(state, ruleset, seat, piece, events)
    if opening_bloom(state, destination):
        pay_surcharge(state, seat, events)
    relocate(state, ruleset, seat, piece, destination, events)


@njit(cache=True, _nrt=False)
def escort(state, ruleset, seat, slot, direction, events):
    """"A Veilwalker may take one allied Ally from the origin through an ordinary Traverse without
    another Action. The Ally arrives Exhausted\""""
    destination = traverse_destination(state, ruleset, seat, L.VEILWALKER, direction, False)
    gate_traversed(state, seat, traverse_boundary(state, seat, L.VEILWALKER, direction))
    passage_used(state, seat, piece_site(state, seat, L.VEILWALKER))
    pay_traverse(state, ruleset, seat, L.VEILWALKER, events)
    if opening_bloom(state, destination):
        pay_surcharge(state, seat, events)
    relocate(state, ruleset, seat, L.VEILWALKER, destination, events)
    relocate(state, ruleset, seat, L.PIECE_FIGURE + slot, destination, events)
    state[figure(seat, slot) + L.F_READY] = 0


@njit(cache=True, _nrt=False, forceinline=True)
def can_escort(state, ruleset, seat, slot, direction):
    piece = L.PIECE_FIGURE + slot
    if not is_ally(state, ruleset, seat, piece) or not can_relocate(state, seat, piece):
        return False
    if piece_site(state, seat, piece) != piece_site(state, seat, L.VEILWALKER):
        return False
    destination = traverse_destination(state, ruleset, seat, L.VEILWALKER, direction, False)
    return (destination != NO_ROUTE and can_afford(state, seat, destination)
            and traverse_destination(state, ruleset, seat, piece, direction, True) == destination)


@njit(cache=True, _nrt=False)
def can_trio(state, ruleset, seat, direction):
    """"Optional trio crossing costs three Actions: all three Ready Veilbound together take one legal
    ordinary Gate, all arrive Exhausted, no escort and no Bloom entry.\""""
    base = seat_base(seat)
    if state[L.G_ACTIONS] < 3:
        return False
    site = state[base + L.P_VB_SITE]
    for i in range(3):
        if state[base + L.P_VB_READY + i] == 0 or state[base + L.P_VB_SITE + i] != site:
            return False
    if not on_ring(site):
        return False
    destination = traverse_destination(state, ruleset, seat, L.VEILWALKER, direction, False)
    return destination != NO_ROUTE and destination != L.BLOOM


@njit(cache=True, _nrt=False)
def trio(state, ruleset, seat, direction, events):
    base = seat_base(seat)
    state[L.G_ACTIONS] -= 3
    destination = traverse_destination(state, ruleset, seat, L.VEILWALKER, direction, False)
    gate_traversed(state, seat, traverse_boundary(state, seat, L.VEILWALKER, direction))
    passage_used(state, seat, piece_site(state, seat, L.VEILWALKER))
    for i in range(3):
        relocate(state, ruleset, seat, i, destination, events)
        state[base + L.P_VB_READY + i] = 0


@njit(cache=True, _nrt=False, forceinline=True)
def turnpoint_ring(state, ruleset, seat):
    """The Ring of the Turnpoint the Company's Wayfinder can operate now, or -1: "A Ready Wayfinder at
    a controlled, uncontested Turnpoint ... Any active enemy Figure or Veilbound there contests it.\""""
    base = seat_base(seat)
    site = state[base + L.P_VB_SITE + L.WAYFINDER]
    if state[base + L.P_VB_READY + L.WAYFINDER] == 0 or not on_ring(site):
        return -1
    ring = site // L.SITES
    if site % L.SITES != T.board(ruleset, T.B_TURNPOINT + ring):
        return -1
    if has_piece(state, 1 - seat, site) or not controls(state, ruleset, seat, site):
        return -1
    return ring


@njit(cache=True, _nrt=False)
def turnpoint_free(state, ruleset, seat):
    """Garden's reward: "Garden may use one Turnpoint per Company turn without its base Action or
    Resonance cost." (rule garden_free_turnpoint: 0 takes this reward away, a variant)"""
    base = seat_base(seat)
    return (ruleset[T.RULE_FREE_TURNPOINT] == 1 and state[base + L.P_COMPANY] == V.GARDEN
            and state[base + L.P_FREE_TURNPOINT] == 0 and network_active(state, seat))


@njit(cache=True, _nrt=False, forceinline=True)
def can_rotate(state, ruleset, seat, ring):
    """"to turn its own or an immediately adjacent Ring one clockwise or counterclockwise step";
    "one Action and two Resonance"."""
    own = turnpoint_ring(state, ruleset, seat)
    if own < 0 or ring < 0 or ring >= L.RINGS or abs(ring - own) > 1 or ring_closed(state, ring):
        return False
    if turnpoint_free(state, ruleset, seat):
        return True
    return state[L.G_ACTIONS] >= 1 and state[seat_base(seat) + L.P_RESONANCE] >= ruleset[T.RULE_TURNPOINT_RESONANCE]


@njit(cache=True, _nrt=False)
def rotate(state, ruleset, seat, ring, direction, events):
    """Rotation changes the Ring's offset only: "it is not arrival, departure, a Move or a Traverse"."""
    base = seat_base(seat)
    if turnpoint_free(state, ruleset, seat):
        state[base + L.P_FREE_TURNPOINT] = 1
    else:
        state[L.G_ACTIONS] -= 1
        state[base + L.P_RESONANCE] -= ruleset[T.RULE_TURNPOINT_RESONANCE]
    step = 1 if direction == 0 else L.SITES - 1
    state[L.G_OFFSET + ring] = (state[L.G_OFFSET + ring] + step) % L.SITES
    state[base + L.P_ROTATIONS] += 1
    log_event(state, events, L.EV_ROTATE, seat, ring, direction, state[L.G_OFFSET + ring])
    mark_thread(state, ruleset, seat, L.THREAD_STORY, events)
    rotated(state, ruleset, seat, events)


@njit(cache=True, _nrt=False)
def station_link(state, ruleset, seat, node):
    """Is Waystation ``node`` a usable endpoint: "each pair of its active, physical, Wayfarer-controlled
    station Sites is linked", while all three are active (the reward). A light beyond the Fray "supplies
    no ... movement endpoint"."""
    base = seat_base(seat)
    site = node_site(state, ruleset, seat, node)
    return (ruleset[T.RULE_STATION_LINKS] == 1 and state[base + L.P_COMPANY] == V.WAYFARER and state[base + L.P_NODE_ACTIVE + node] == 1
            and not ring_closed(state, site // L.SITES) and controls(state, ruleset, seat, site))


@njit(cache=True, _nrt=False, forceinline=True)
def can_link(state, ruleset, seat, piece, node):
    """"Spend one Action and zero base Resonance to move one eligible unit between them. All three
    Ready Veilbound roles and ordinary deck Figures may use the link ... preserves readiness ... Recruits,
    board Sentinels, Patrols and the Watcher cannot use it.\""""
    if state[L.G_ACTIONS] < 1 or not network_active(state, seat) or not can_relocate(state, seat, piece):
        return False
    if piece >= L.PIECE_FIGURE and state[figure(seat, piece - L.PIECE_FIGURE) + L.F_UNIT] != L.UNIT_NONE:
        return False
    site = piece_site(state, seat, piece)
    if site == node_site(state, ruleset, seat, node) or not station_link(state, ruleset, seat, node):
        return False
    for other in range(L.NODES):
        if other != node and node_site(state, ruleset, seat, other) == site and station_link(state, ruleset, seat, other):
            return True
    return False


@njit(cache=True, _nrt=False)
def link(state, ruleset, seat, piece, node, events):
    state[L.G_ACTIONS] -= 1
    relocate(state, ruleset, seat, piece, node_site(state, ruleset, seat, node), events)
