"""The Patrol (section 9): each Company's one Power-2 board unit, deployed from its Stronghold, moved,
Recalled, Routed home, Stranded while the Stronghold is gone, and its first-arrival halt.

"With an active Stronghold, deploy your one Power-2 Patrol for one Action to a previously visited
physical Site reachable from it through legal ordinary roads/Gates. Distance zero or one arrives
Ready; two or more Exhausted. Replacements after removal additionally cost one Resonance. Patrols
cannot use special network links. A Ready Patrol moves up to two legal Sites for one Action, Exhausting
if it takes two; an Exhausted Patrol cannot move."

On the board the Patrol is a Figure slot of its Company (F_UNIT UNIT_PATROL, F_CARD its unit row), so it
counts its Power as Presence, defends Challenges and its Stronghold; P_PATROL names the slot (-1:
off-board). What it may not do is checked where each action is listed, through units.may_attack,
units.may_intercept and units.performs_rites. Reachability is a breadth-first search over bit masks of
Ring Sites (no allocation): lateral roads (all open in this stage) and Gates the Company may Traverse
now (aligned, its Rite completed and Waymark bound, the far Ring not closed); never First Bloom, never a
Waystation link."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules.board import (
    can_step,
    figure,
    free_figure_slot,
    gate_misalignment,
    gate_site,
    neighbor,
    on_ring,
    place_figure,
    port_site,
    ring_closed,
    seat_base,
    set_piece_site,
)
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.units import unit_gone

ALL_SITES = (1 << L.BLOOM) - 1


@njit(cache=True, inline="always")
def patrol_slot(state, seat):
    return state[seat_base(seat) + L.P_PATROL]


@njit(cache=True, inline="always")
def stranded(state, seat):
    """"A Patrol whose Stronghold vanishes becomes Stranded, retains Presence but cannot move or be
    replaced until the Stronghold is restored" (a Foundation is no Stronghold: "It gives no benefits
    until finished")."""
    return patrol_slot(state, seat) >= 0 and state[seat_base(seat) + L.P_STRONGHOLD] == L.NOWHERE


@njit(cache=True, _nrt=False)
def gate_open(state, ruleset, seat, b):
    """Can the Company cross boundary ``b`` by an ordinary Traverse now: "Matching ports must align, the
    Company must have completed the assigned Rite and bound its Waymark" (either direction), and "No
    card ... enters a closed Ring" (the outer Ring of a boundary closes first)."""
    base = seat_base(seat)
    return (gate_misalignment(state, ruleset, b) == 0 and state[base + L.P_RITE_DONE + b] == 1
            and state[base + L.P_WAYMARK + b] == 1 and not ring_closed(state, b))


@njit(cache=True, _nrt=False)
def steps_from(state, ruleset, seat, site):
    """The Ring Sites one legal ordinary step from ``site``: its lateral neighbours over open roads and
    the far end of a Gate it holds, when the Company may Traverse it."""
    mask = 0
    for direction in range(2):
        if can_step(state, site, direction):  # "through legal ordinary roads": open lateral roads
            mask |= 1 << neighbor(site, direction)
    ring = site // L.SITES
    if ring < L.RINGS - 1 and site == gate_site(ruleset, ring) and gate_open(state, ruleset, seat, ring):
        mask |= 1 << port_site(ruleset, ring)
    if ring > 0 and site == port_site(ruleset, ring - 1) and gate_open(state, ruleset, seat, ring - 1):
        mask |= 1 << gate_site(ruleset, ring - 1)
    return mask


@njit(cache=True, _nrt=False)
def reach(state, ruleset, seat, origin, depth):
    """The mask of Ring Sites at most ``depth`` legal ordinary steps from ``origin`` (itself included)."""
    if not on_ring(origin) or ring_closed(state, origin // L.SITES):
        return 0
    seen = 1 << origin
    frontier = seen
    for _ in range(depth):
        grown = 0
        for site in range(L.BLOOM):
            if frontier >> site & 1:
                grown |= steps_from(state, ruleset, seat, site)
        frontier = grown & ~seen
        if frontier == 0:
            break
        seen |= frontier
    return seen


@njit(cache=True, inline="always")
def replacement_cost(state, ruleset, seat):
    """"Replacements after removal additionally cost one Resonance": every deployment after the first
    (the Patrol left the board in between: it is the Company's one Patrol)."""
    return ruleset[T.RULE_PATROL_REPLACEMENT] if state[seat_base(seat) + L.P_PATROL_DEPLOYS] > 0 else 0


@njit(cache=True, _nrt=False)
def can_deploy(state, ruleset, seat):
    """The deployment's own conditions, the destination apart: an active Stronghold, the Patrol
    off-board, one Action (and the replacement's Resonance)."""
    base = seat_base(seat)
    return (state[L.G_ACTIONS] >= 1 and state[base + L.P_STRONGHOLD] != L.NOWHERE and patrol_slot(state, seat) < 0
            and free_figure_slot(state, seat) >= 0
            and state[base + L.P_RESONANCE] >= replacement_cost(state, ruleset, seat))


@njit(cache=True, _nrt=False)
def deploy_sites(state, ruleset, seat):
    """The mask of legal destinations: "a previously visited physical Site reachable from it through legal
    ordinary roads/Gates"."""
    base = seat_base(seat)
    return reach(state, ruleset, seat, state[base + L.P_STRONGHOLD], L.BLOOM) & state[base + L.P_VISITED] & ALL_SITES


@njit(cache=True, _nrt=False)
def deploy(state, ruleset, seat, site, events):
    """"Distance zero or one arrives Ready; two or more Exhausted." A deployment is no arrival ("Deployment
    is separate"): it never triggers the opposing Patrol."""
    base = seat_base(seat)
    state[L.G_ACTIONS] -= 1
    state[base + L.P_RESONANCE] -= replacement_cost(state, ruleset, seat)
    near = reach(state, ruleset, seat, state[base + L.P_STRONGHOLD], ruleset[T.RULE_PATROL_READY_DISTANCE])
    slot = place_figure(state, seat, T.unit_card(ruleset, L.UNIT_PATROL), site, L.UNIT_PATROL, L.NOWHERE)
    state[figure(seat, slot) + L.F_READY] = near >> site & 1
    state[base + L.P_PATROL] = slot
    state[base + L.P_PATROL_DEPLOYS] += 1
    log_event(state, events, L.EV_UNIT, seat, L.UNIT_PATROL, site, L.UNIT_JOINED)


@njit(cache=True, _nrt=False)
def can_move(state, seat):
    """"A Ready Patrol moves ... for one Action ... an Exhausted Patrol cannot move"; a Stranded one
    "cannot move"."""
    slot = patrol_slot(state, seat)
    return (slot >= 0 and state[L.G_ACTIONS] >= 1 and state[figure(seat, slot) + L.F_READY] == 1
            and not stranded(state, seat))


@njit(cache=True, _nrt=False)
def move_sites(state, ruleset, seat):
    """The mask of Sites "up to two legal Sites" away (not its own)."""
    site = state[figure(seat, patrol_slot(state, seat)) + L.F_SITE]
    return reach(state, ruleset, seat, site, ruleset[T.RULE_PATROL_STEPS]) & ~(1 << site)


@njit(cache=True, _nrt=False)
def halt_arrival(state, seat, slot, site, events):
    """"While Ready, its first opposing Figure arrival each Round becomes Exhausted": Figure ``slot`` of
    ``seat`` arrives at ``site``; the opposing Patrol there, Ready and not yet used this Round, Exhausts it
    (RULES.md, Ambiguities: an arrival while the Patrol is Exhausted does not use it)."""
    other = seat_base(1 - seat)
    patrol = state[other + L.P_PATROL]
    if patrol < 0 or state[other + L.P_PATROL_ROUND] == state[L.G_ROUND]:
        return
    p = figure(1 - seat, patrol)
    if state[p + L.F_SITE] != site or state[p + L.F_READY] == 0:
        return
    state[other + L.P_PATROL_ROUND] = state[L.G_ROUND]
    state[figure(seat, slot) + L.F_READY] = 0
    log_event(state, events, L.EV_PATROL_HALT, 1 - seat, state[figure(seat, slot) + L.F_CARD], site, 0)


@njit(cache=True, _nrt=False)
def move(state, ruleset, seat, destination, events):
    """"Exhausting if it takes two": a destination beyond one step takes two. A two-Site move arrives only
    at its end (the Site passed is no arrival)."""
    slot = patrol_slot(state, seat)
    f = figure(seat, slot)
    origin = state[f + L.F_SITE]
    state[L.G_ACTIONS] -= 1
    if not steps_from(state, ruleset, seat, origin) >> destination & 1:
        state[f + L.F_READY] = 0
    set_piece_site(state, seat, L.PIECE_FIGURE + slot, destination)
    log_event(state, events, L.EV_MOVE, seat, L.PIECE_FIGURE + slot, origin, destination)
    halt_arrival(state, seat, slot, destination, events)


@njit(cache=True, _nrt=False)
def can_recall(state, seat):
    """"Recall it for one Action to remove it for later redeployment" (Stranded too: removal is no move)."""
    return patrol_slot(state, seat) >= 0 and state[L.G_ACTIONS] >= 1


@njit(cache=True, _nrt=False)
def recall(state, ruleset, seat, events):
    state[L.G_ACTIONS] -= 1
    unit_gone(state, ruleset, seat, patrol_slot(state, seat), L.UNIT_RECALLED, events)


@njit(cache=True, _nrt=False)
def route(state, ruleset, seat, events):
    """"Attacking an Exhausted Patrol spends the attack Action and Exhausts the attacker, but Routes the
    Patrol home Exhausted instead of fighting. With no Stronghold it is removed." (``seat``: the
    Patrol's; the attacker has paid.) Being Routed is no arrival."""
    slot = patrol_slot(state, seat)
    f = figure(seat, slot)
    home = state[seat_base(seat) + L.P_STRONGHOLD]
    if home == L.NOWHERE:
        unit_gone(state, ruleset, seat, slot, L.UNIT_ROUTED, events)
        return
    log_event(state, events, L.EV_ROUTE, seat, state[f + L.F_SITE], home, 0)
    set_piece_site(state, seat, L.PIECE_FIGURE + slot, home)
    state[f + L.F_READY] = 0
