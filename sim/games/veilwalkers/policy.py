"""Veilwalkers' bots. Weights are data: decks/veilwalkers/policies/*.yaml.

- random: a uniformly random legal action (one draw from the seat's bot stream per decision).
- greedy: the legal action of highest weighted value (vocab.GREEDY_WEIGHTS); ties are broken by one
  draw from the bot stream. Each piece has a goal: the Veilwalker the nearest unclaimed Remembrance
  until it carries enough, then First Bloom; the Rememberer its first inactive node; the Wayfinder
  the Turnpoint of the Veilwalker's Ring; Figures the Veilwalker. Movement is valued by the
  distance it gains towards the goal (Sites along Rings, one per Gate crossed), rotation by how much
  it aligns the Gate the Veilwalker (or the Rememberer) needs next. Two styles ship as data:
  network racing and Thread pressure.
"""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.actions import field_a, field_b, kind_of
from sim.games.veilwalkers.rules.board import (
    bloom_misalignment,
    bloom_port_site,
    figure,
    gate_misalignment,
    gate_site,
    lateral_distance,
    neighbor,
    piece_site,
    port_site,
    seat_base,
)
from sim.games.veilwalkers.rules.combat import interceptors, power
from sim.games.veilwalkers.rules.movement import traverse_destination
from sim.games.veilwalkers.rules.network import history_credits, node_site
from sim.games.veilwalkers.rules.remembrance import carried


@njit(cache=True, _nrt=False)
def travel_distance(ruleset, origin, goal):
    """Sites along Rings plus one per Gate crossed from ``origin`` to ``goal`` (alignment ignored)."""
    d = 0
    here = origin
    for _ in range(16):
        if here == goal or here < 0 or goal < 0:
            return d
        if here == L.BLOOM:
            d += 1
            here = bloom_port_site(ruleset)
            continue
        ring = here // L.SITES
        target_ring = L.RINGS if goal == L.BLOOM else goal // L.SITES
        if ring == target_ring:
            return d + lateral_distance(here % L.SITES, goal % L.SITES)
        if target_ring > ring:
            if ring == L.RINGS - 1:
                d += lateral_distance(here % L.SITES, bloom_port_site(ruleset) % L.SITES) + 1
                here = L.BLOOM
            else:
                d += lateral_distance(here % L.SITES, gate_site(ruleset, ring) % L.SITES) + 1
                here = port_site(ruleset, ring)
        else:
            d += lateral_distance(here % L.SITES, port_site(ruleset, ring - 1) % L.SITES) + 1
            here = gate_site(ruleset, ring - 1)
    return d


@njit(cache=True, _nrt=False)
def walker_goal(state, ruleset, seat):
    """The Veilwalker's goal: the nearest Remembrance on the board until it carries enough, then First
    Bloom (or Ring VI's entrance while the network history is incomplete)."""
    base = seat_base(seat)
    walker = state[base + L.P_VB_SITE + L.VEILWALKER]
    if carried(state, seat) < ruleset[T.RULE_TO_WIN]:
        best, best_d = -1, 1000
        for t in range(L.TOKENS):
            site = state[L.G_TOKEN + t * L.TOKEN_W + L.TK_SITE]
            if site >= 0:
                d = travel_distance(ruleset, walker, site)
                if d < best_d:
                    best, best_d = site, d
        if best >= 0:
            return best
    if history_credits(state, seat) == L.NODES:
        return L.BLOOM
    return bloom_port_site(ruleset)


@njit(cache=True, _nrt=False)
def goal_of(state, ruleset, weights, seat, piece, walker_target):
    """A piece's goal (``walker_target``: the Veilwalker's, computed once per decision)."""
    base = seat_base(seat)
    walker = state[base + L.P_VB_SITE + L.VEILWALKER]
    if piece == L.VEILWALKER:
        return walker_target
    if piece == L.REMEMBERER:
        for node in range(L.NODES):
            if state[base + L.P_NODE_ACTIVE + node] == 0:
                return node_site(state, ruleset, seat, node)
        return walker
    if piece == L.WAYFINDER:
        ring = (walker if walker >= 0 and walker != L.BLOOM else bloom_port_site(ruleset)) // L.SITES
        return ring * L.SITES + T.board(ruleset, T.B_TURNPOINT + ring)
    if weights.shape[0] > V.W_HUNT and weights[V.W_HUNT] > 0.5:
        return state[seat_base(1 - seat) + L.P_VB_SITE + L.VEILWALKER]
    return walker


@njit(cache=True, _nrt=False)
def gain(state, ruleset, weights, seat, piece, destination, walker_target):
    """Distance a relocation of ``piece`` to ``destination`` gains towards its goal."""
    goal = goal_of(state, ruleset, weights, seat, piece, walker_target)
    return travel_distance(ruleset, piece_site(state, seat, piece), goal) - travel_distance(ruleset, destination, goal)


@njit(cache=True, _nrt=False)
def needed_misalignment(state, ruleset, weights, seat, walker_target):
    """How far from aligned the Gates the Veilwalker and the Rememberer need next are (rotation steps)."""
    total = 0
    for piece in (L.VEILWALKER, L.REMEMBERER):
        here = piece_site(state, seat, piece)
        goal = goal_of(state, ruleset, weights, seat, piece, walker_target)
        if here < 0 or here == L.BLOOM or goal < 0 or here == goal:
            continue
        ring = here // L.SITES
        target_ring = L.RINGS if goal == L.BLOOM else goal // L.SITES
        if target_ring > ring:
            total += bloom_misalignment(state, ruleset) if ring == L.RINGS - 1 else gate_misalignment(state, ruleset, ring)
        elif target_ring < ring:
            total += gate_misalignment(state, ruleset, ring - 1)
    return total


@njit(cache=True, _nrt=False)
def fight_value(state, ruleset, weights, seat, mine, theirs):
    """Expected value of a fight between own Figure ``mine`` and enemy Figure ``theirs``."""
    pa, pd = power(state, ruleset, seat, mine), power(state, ruleset, 1 - seat, theirs)
    value = 0.0
    if pa >= pd:
        value += weights[V.W_CHALLENGE] * pd
    if pd >= pa:
        value -= weights[V.W_LOSS] * pa
    return value


@njit(cache=True, _nrt=False)
def action_value(state, ruleset, weights, seat, action, walker_target):
    base = seat_base(seat)
    kind, a, b = kind_of(action), field_a(action), field_b(action)
    if kind == L.A_END_SHAPE:
        return weights[V.W_PASS]
    if kind == L.A_MULLIGAN:
        target = 0
        for i in range(min(state[base + L.P_HAND_N], 6)):
            if T.card(ruleset, state[base + L.P_HAND + i], T.C_COST) >= weights[V.W_MULLIGAN_COST]:
                target |= 1 << i
        return 1.0 if a == target else 0.0
    if kind == L.A_START:
        return -float(lateral_distance(a, gate_site(ruleset, 0) % L.SITES))
    if kind == L.A_NO_WEAVE or kind == L.A_NO_INTERCEPT:
        return 0.0
    if kind == L.A_WEAVE:
        if state[base + L.P_LOOM_N] >= weights[V.W_LOOM_TARGET]:
            return -1.0
        return weights[V.W_WEAVE] + 0.01 * T.card(ruleset, state[base + L.P_HAND + a], T.C_COST)
    if kind == L.A_DISCARD:
        return float(T.card(ruleset, state[base + L.P_HAND + a], T.C_COST))
    if kind == L.A_INTERCEPT:
        attacker = state[L.G_STRIKER]
        return weights[V.W_INTERCEPT] * power(state, ruleset, 1 - seat, attacker) + fight_value(
            state, ruleset, weights, seat, a, attacker)
    if kind == L.A_PLAY:
        card_id = state[base + L.P_HAND + a]
        value = 0.0
        if T.card(ruleset, card_id, T.C_TYPE) <= V.TYPE_RELIC:
            value += weights[V.W_DEPLOY] * T.card(ruleset, card_id, T.C_POWER)
        for e in range(T.card(ruleset, card_id, T.C_N_EFFECTS)):
            amount = T.card(ruleset, card_id, T.C_AMOUNT + e)
            if T.card(ruleset, card_id, T.C_OP + e) == V.OP_THREAD_LOSS:
                value += weights[V.W_STRIKE] * amount
            else:
                value += weights[V.W_EFFECT] * amount
        return value
    if kind == L.A_MOVE:
        return weights[V.W_APPROACH] * gain(state, ruleset, weights, seat, a, neighbor(piece_site(state, seat, a), b), walker_target)
    if kind == L.A_TRAVERSE or kind == L.A_ESCORT or kind == L.A_TRIO:
        piece = L.VEILWALKER if kind != L.A_TRAVERSE else a
        destination = traverse_destination(state, ruleset, seat, piece, b, False)
        ahead = gain(state, ruleset, weights, seat, piece, destination, walker_target)
        value = weights[V.W_APPROACH] * ahead + (weights[V.W_TRAVERSE] if ahead > 0 else 0.0)
        if kind == L.A_ESCORT:
            value += weights[V.W_APPROACH] * gain(state, ruleset, weights, seat, L.PIECE_FIGURE + a, destination, walker_target)
        elif kind == L.A_TRIO:
            value += weights[V.W_APPROACH] * (gain(state, ruleset, weights, seat, L.WAYFINDER, destination, walker_target)
                                              + gain(state, ruleset, weights, seat, L.REMEMBERER, destination, walker_target))
        if destination == L.BLOOM:
            value += weights[V.W_BLOOM]
        return value
    if kind == L.A_LINK:
        return weights[V.W_APPROACH] * gain(state, ruleset, weights, seat, a, node_site(state, ruleset, seat, b), walker_target)
    if kind == L.A_ROTATE:
        before = needed_misalignment(state, ruleset, weights, seat, walker_target)
        old = state[L.G_OFFSET + a]
        state[L.G_OFFSET + a] = (old + (1 if b == 0 else L.SITES - 1)) % L.SITES
        after = needed_misalignment(state, ruleset, weights, seat, walker_target)
        state[L.G_OFFSET + a] = old
        return weights[V.W_ROTATE] * (before - after)
    if kind == L.A_WAYMARK:
        return weights[V.W_WAYMARK]
    if kind == L.A_ACTIVATE:
        return weights[V.W_ACTIVATE]
    if kind == L.A_CLAIM:
        return weights[V.W_CLAIM]
    if kind == L.A_PRESENT or kind == L.A_OFFER or kind == L.A_FALLBACK:
        return weights[V.W_RITE]
    if kind == L.A_CHALLENGE:
        return fight_value(state, ruleset, weights, seat, a, b)
    if kind == L.A_BREAK_THROUGH:
        return 0.5 * weights[V.W_TRAVERSE]
    if kind == L.A_MUTE or kind == L.A_REACTIVATE:
        owner = 1 - seat if kind == L.A_MUTE else seat
        return weights[V.W_DEPLOY] * T.card(ruleset, state[seat_base(owner) + L.P_REL + a * L.REL_W + L.R_CARD], T.C_POWER)
    if kind == L.A_RAZE:
        relic_power = T.card(ruleset, state[seat_base(1 - seat) + L.P_REL + b * L.REL_W + L.R_CARD], T.C_POWER)
        if power(state, ruleset, seat, a) < relic_power:
            return -1.0
        value = weights[V.W_CHALLENGE] * relic_power
        if interceptors(state, 1 - seat, state[figure(seat, a) + L.F_SITE]) > 0:
            value *= 0.5
        return value
    if kind == L.A_DRIVE_OFF:
        value = weights[V.W_DRIVE_OFF] * (2.0 + carried(state, 1 - seat) if b == L.VEILWALKER else 1.0)
        if interceptors(state, 1 - seat, state[figure(seat, a) + L.F_SITE]) > 0:
            value *= 0.5
        return value
    if kind == L.A_STRIKE:
        value = weights[V.W_STRIKE] * power(state, ruleset, seat, a)
        if interceptors(state, 1 - seat, state[figure(seat, a) + L.F_SITE]) > 0:
            value *= 0.5
        return value
    return 0.0


@njit(cache=True, _nrt=False)
def choose(state, ruleset, legal, n, policy_id, weights, keys, counters, values):
    """The deciding seat's action under its bot (policy id and weights row of its deck slot)."""
    seat = state[L.G_DECIDER]
    stream = L.STREAM_BOT + seat
    if policy_id == V.POLICY_RANDOM or n == 1:
        return legal[rng.next_below(keys, counters, stream, n)] if n > 1 else legal[0]
    target = walker_goal(state, ruleset, seat)
    best = -1e300
    ties = 0
    for i in range(n):
        value = action_value(state, ruleset, weights, seat, legal[i], target)
        values[i] = value
        if value > best + 1e-9:
            best = value
            ties = 1
        elif value > best - 1e-9:
            ties += 1
    pick = rng.next_below(keys, counters, stream, ties) if ties > 1 else 0
    for i in range(n):
        if values[i] > best - 1e-9:
            if pick == 0:
                return legal[i]
            pick -= 1
    return legal[0]
