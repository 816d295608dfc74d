"""Veilwalkers' bots. Weights are data: decks/veilwalkers/policies/*.yaml.

- random: a uniformly random legal action (one draw from the seat's bot stream per decision).
- greedy: the legal action of highest weighted value (vocab.GREEDY_WEIGHTS); ties are broken by one
  draw from the bot stream. Each piece has a goal: the Veilwalker the nearest unclaimed Remembrance
  until it carries enough, then First Bloom; the Rememberer its first inactive node it can still
  activate (not on a closed or Fraying Ring); the Wayfinder the Turnpoint of the Veilwalker's Ring;
  Figures the Veilwalker, or the opposing Veilwalker when the style hunts or the Company's own Bloom is
  out of reach (a node without credit lost with its Ring). Movement is valued by the distance it gains
  towards the goal (Sites along Rings, one per Gate crossed; a Lost piece counts from its Exit),
  rotation by how much it aligns the Gate the Veilwalker (or the Rememberer) needs next. Lost units
  escape once their Exit's Ring no longer Frays. A Veilbound at a controlled settlement recruits its
  Local and the Veilwalker at a Sentinel Site awakens it (valued per Power of the unit gained); the
  arrival reaction's -1 Power is taken where it Breaks the arriving Figure; Behind the Lines is a
  deploy, worth more at an active enemy Lamp. The Patrol deploys (weight `patrol` per Power, less 0.1
  per Site between its Site and the opposing Veilwalker) and moves towards the opposing Veilwalker
  (its approach gain); it is never Recalled. A Challenge on an Exhausted Patrol (which Routes it
  instead of fighting) is worth half its Power. A Quick Event response is worth `respond` plus its effects
(a cancel: its target's worth), passing 0. Two styles ship as data: network racing and Thread
  pressure.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.core import ismcts, rng
from sim.games.veilwalkers import engine
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.actions import field_a, field_b, kind_of
from sim.games.veilwalkers.rules.board import (
    bloom_misalignment,
    bloom_port_site,
    exit_site,
    figure,
    gate_misalignment,
    gate_site,
    is_lost,
    lateral_distance,
    neighbor,
    neutral_presence,
    piece_site,
    port_site,
    power,
    road_closed,
    road_of,
    seat_base,
)
from sim.games.veilwalkers.rules.cards import cancels
from sim.games.veilwalkers.rules.combat import interceptors
from sim.games.veilwalkers.rules.glyphs import (
    CHOICE_FIGURE,
    CHOICE_OPTION,
    CHOICE_SITE,
    CHOICE_TOKEN,
    card_road_op,
    chain_field,
    damaged_figure_at,
    is_figure_op,
    is_road_op,
    walker_site,
)
from sim.games.veilwalkers.rules.movement import traverse_destination
from sim.games.veilwalkers.rules.network import history_credits, node_site
from sim.games.veilwalkers.rules.remembrance import carried
from sim.games.veilwalkers.rules.rites import rite_of, veilwalker_gate
from sim.games.veilwalkers.rules.roads import ring_steps
from sim.games.veilwalkers.rules.threadline import cancel_target

ROAD_CUT = 12  # the travel a Ring cut both ways counts (a detour through other Rings, roughly)


@njit(cache=True, inline="always")
def lateral_steps(state, ring, a, b):
    """Steps along Ring ``ring`` from local Site ``a`` to ``b``: over open roads only once any road is
    closed or Broken (roads.ring_steps; both ways cut counts ROAD_CUT), else the plain distance."""
    if state[L.G_ROADS_BROKEN] | state[L.G_ROADS_CLOSED] | state[L.G_ROADS_CLOSED + 1] == 0:
        return lateral_distance(a, b)
    return min(ring_steps(state, ring * L.SITES + a, ring * L.SITES + b), ROAD_CUT)


@njit(cache=True, _nrt=False, forceinline=True)
def travel_distance(state, ruleset, origin, goal):
    """Sites along Rings (over open roads) plus one per Gate crossed from ``origin`` to ``goal``
    (alignment ignored)."""
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
            return d + lateral_steps(state, ring, here % L.SITES, goal % L.SITES)
        if target_ring > ring:
            if ring == L.RINGS - 1:
                d += lateral_steps(state, ring, here % L.SITES, bloom_port_site(ruleset) % L.SITES) + 1
                here = L.BLOOM
            else:
                d += lateral_steps(state, ring, here % L.SITES, gate_site(ruleset, ring) % L.SITES) + 1
                here = port_site(ruleset, ring)
        else:
            d += lateral_steps(state, ring, here % L.SITES, port_site(ruleset, ring - 1) % L.SITES) + 1
            here = gate_site(ruleset, ring - 1)
    return d


@njit(cache=True, inline="always")
def where(state, site):
    """A Site for distances: a Lost position counts as its Exit."""
    return exit_site(state, site) if is_lost(site) else site


@njit(cache=True, _nrt=False)
def bloom_reachable(state, ruleset, seat):
    """Can the Company still complete its network history? "Missing a network node before closure
    prevents its remaining first activation forever, so Bloom victory becomes unavailable." A node
    without credit on a closed or Fraying Ring is out of reach."""
    base = seat_base(seat)
    for node in range(L.NODES):
        ring = node_site(state, ruleset, seat, node) // L.SITES
        if state[base + L.P_NODE_CREDIT + node] == 0 and (ring < state[L.G_CLOSED] or ring == state[L.G_FRAYING]):
            return False
    return True


@njit(cache=True, _nrt=False)
def walker_goal(state, ruleset, seat):
    """The Veilwalker's goal: the nearest Remembrance on the board until it carries enough, then First
    Bloom (or Ring VI's entrance while the network history is incomplete)."""
    base = seat_base(seat)
    walker = where(state, state[base + L.P_VB_SITE + L.VEILWALKER])
    if carried(state, seat) < ruleset[T.RULE_TO_WIN]:
        best, best_d = -1, 1000
        for t in range(L.TOKENS):
            site = state[L.G_TOKEN + t * L.TOKEN_W + L.TK_SITE]
            if site >= 0:
                d = travel_distance(state, ruleset, walker, site)
                if d < best_d:
                    best, best_d = site, d
        if best >= 0:
            return best
    if history_credits(state, seat) == L.NODES:
        return L.BLOOM
    return bloom_port_site(ruleset)


@njit(cache=True, _nrt=False, forceinline=True)
def goal_of(state, ruleset, weights, seat, piece, walker_target):
    """A piece's goal (``walker_target``: the Veilwalker's, computed once per decision)."""
    base = seat_base(seat)
    walker = where(state, state[base + L.P_VB_SITE + L.VEILWALKER])
    if piece == L.VEILWALKER:
        return walker_target
    if piece == L.REMEMBERER:
        for node in range(L.NODES):
            site = node_site(state, ruleset, seat, node)
            ring = site // L.SITES
            if state[base + L.P_NODE_ACTIVE + node] == 0 and ring >= state[L.G_CLOSED] and ring != state[L.G_FRAYING]:
                return site
        return walker
    if piece == L.WAYFINDER:
        ring = (walker if walker >= 0 and walker != L.BLOOM else bloom_port_site(ruleset)) // L.SITES
        return ring * L.SITES + T.board(ruleset, T.B_TURNPOINT + ring)
    if weights[V.W_HUNT] > 0.5 or not bloom_reachable(state, ruleset, seat):
        return where(state, state[seat_base(1 - seat) + L.P_VB_SITE + L.VEILWALKER])
    return walker


@njit(cache=True, _nrt=False, forceinline=True)
def gain(state, ruleset, weights, seat, piece, destination, walker_target):
    """Distance a relocation of ``piece`` to ``destination`` gains towards its goal."""
    goal = goal_of(state, ruleset, weights, seat, piece, walker_target)
    return travel_distance(state, ruleset, piece_site(state, seat, piece), goal) - travel_distance(state, ruleset, destination, goal)


@njit(cache=True, _nrt=False)
def needed_misalignment(state, ruleset, weights, seat, walker_target):
    """How far from aligned the Gates the Veilwalker and the Rememberer need next are (rotation steps)."""
    total = 0
    for piece in (L.VEILWALKER, L.REMEMBERER):
        here = piece_site(state, seat, piece)
        goal = goal_of(state, ruleset, weights, seat, piece, walker_target)
        if here < 0 or here == L.BLOOM or is_lost(here) or goal < 0 or here == goal:
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
def broken_path_gate(state, ruleset, seat, road):
    """Does ``road`` touch a Gate whose Rite of the Broken Path the Company has still to complete?"""
    base = seat_base(seat)
    for b in range(L.BOUNDARIES):
        g = gate_site(ruleset, b)
        if (rite_of(ruleset, b) == V.RITE_BROKEN_PATH and state[base + L.P_RITE_DONE + b] == 0
                and (g == road or g == neighbor(road, 0))):
            return True
    return False


@njit(cache=True, _nrt=False)
def road_value(state, ruleset, weights, seat, op, direction, walker_target):
    """A road effect on the road ``direction`` of the Veilwalker's Site: weight ``road`` per Site it adds
    to the opposing Veilwalker's way to its goal, less per Site it adds to the own Veilwalker's (a repair:
    the other way round), plus one ``road`` for a repair that gains Growth, and the Rite of the Broken
    Path (``rite`` for the repair that completes it, half for a Break that prepares it while a repair card
    is in hand)."""
    base = seat_base(seat)
    road = road_of(state[base + L.P_VB_SITE + L.VEILWALKER], direction)
    own_site = where(state, state[base + L.P_VB_SITE + L.VEILWALKER])
    enemy_site = where(state, state[seat_base(1 - seat) + L.P_VB_SITE + L.VEILWALKER])
    enemy_goal = walker_goal(state, ruleset, 1 - seat)
    own_before = travel_distance(state, ruleset, own_site, walker_target)
    enemy_before = travel_distance(state, ruleset, enemy_site, enemy_goal)
    field = L.G_ROADS_CLOSED + seat if op == V.OP_CLOSE_ROAD else L.G_ROADS_BROKEN
    old = state[field]
    if op == V.OP_REPAIR_ROAD:
        state[field] = old & ~(1 << road)
    else:
        state[field] = old | 1 << road
    own_after = travel_distance(state, ruleset, own_site, walker_target)
    enemy_after = travel_distance(state, ruleset, enemy_site, enemy_goal)
    still_closed = road_closed(state, road)
    state[field] = old
    value = weights[V.W_ROAD] * ((enemy_after - enemy_before) - (own_after - own_before))
    if op == V.OP_REPAIR_ROAD:
        if (state[base + L.P_COMPANY] == V.GARDEN and state[base + L.P_GROWTH] < 3
                and state[base + L.P_GAINED_ROUND] != state[L.G_ROUND]):
            value += weights[V.W_ROAD]
        if not still_closed and broken_path_gate(state, ruleset, seat, road):
            value += weights[V.W_RITE]
    elif op == V.OP_BREAK_ROAD and broken_path_gate(state, ruleset, seat, road):
        for i in range(state[base + L.P_HAND_N]):
            if T.card(ruleset, state[base + L.P_HAND + i], T.C_ROAD_OP) == V.OP_REPAIR_ROAD:
                value += 0.5 * weights[V.W_RITE]
                break
    return value


@njit(cache=True, _nrt=False)
def invoke_value(state, ruleset, weights, seat, k, choice, walker_target):
    """Weight `align` for an invocation, plus `rite` when it completes the Living Story Rite, its road
    effect's value as a road card's, `effect` per damage a chosen heal removes, its Figure, hold and
    Remembrance effects by `effect` (figure_effect_value), and AV-08's move by `approach` as a Move's."""
    value = weights[V.W_ALIGN]
    if veilwalker_gate(state, ruleset, seat, V.RITE_LIVING_STORY) >= 0:
        value += weights[V.W_RITE]
    for e in range(T.alignment(ruleset, k, T.AL_N_EFFECTS)):
        op = T.alignment(ruleset, k, T.AL_OP + e)
        if is_road_op(op) and L.ROAD_TARGET <= choice < CHOICE_OPTION:
            value += road_value(state, ruleset, weights, seat, card_road_op(op), choice - L.ROAD_TARGET, walker_target)
        elif op == V.AOP_HEAL_ONE and choice == CHOICE_OPTION + e:
            slot = damaged_figure_at(state, seat, walker_site(state, seat))
            value += weights[V.W_EFFECT] * min(T.alignment(ruleset, k, T.AL_AMOUNT + e),
                                               state[figure(seat, slot) + L.F_DAMAGE])
        elif CHOICE_FIGURE <= choice < CHOICE_TOKEN and is_figure_op(op):
            value += figure_effect_value(state, ruleset, weights, seat, op, choice - CHOICE_FIGURE,
                                         T.alignment(ruleset, k, T.AL_AMOUNT + e))
        elif op == V.AOP_HOLD_CONVERGENCE:
            value += weights[V.W_EFFECT] * T.alignment(ruleset, k, T.AL_AMOUNT + e)
        elif op == V.AOP_ALIGN_GATE:
            value += weights[V.W_EFFECT]
        elif op == V.AOP_KEEP_REMEMBRANCE and CHOICE_TOKEN <= choice < CHOICE_SITE:
            value += weights[V.W_EFFECT]
        elif op == V.AOP_UNSEEN_PASSAGE and neutral_presence(state, ruleset, walker_site(state, seat)) > 0:
            value += weights[V.W_EFFECT]  # the Revealed Watcher stands at the Veilwalker's Site
        elif op == V.AOP_ROAD_HOME and choice >= CHOICE_SITE:  # as a Move there would be (it costs no Action)
            site = walker_site(state, seat)
            value += weights[V.W_APPROACH] * gain(state, ruleset, weights, seat, L.VEILWALKER,
                                                  site // L.SITES * L.SITES + choice - CHOICE_SITE, walker_target)
    return value


@njit(cache=True, _nrt=False)
def figure_effect_value(state, ruleset, weights, seat, op, slot, amount):
    """A Figure effect's `effect` value: per Power gained or taken, more where the two Companies' Figures
    meet (a Power change there can decide a Challenge); a protection is worth one point. Ties go to the
    stronger Figure."""
    if op == V.AOP_WEAKEN_OPPOSING:
        current = power(state, ruleset, 1 - seat, slot)
        return weights[V.W_EFFECT] * min(amount, max(current - 1, 0)) + 0.01 * current
    f = figure(seat, slot)
    contested = 1.0 if figures_meet(state, seat, state[f + L.F_SITE]) else 0.5
    if op == V.AOP_EMPOWER_DAMAGED or op == V.AOP_EMPOWER_ROUND:
        return weights[V.W_EFFECT] * amount * contested + 0.01 * power(state, ruleset, seat, slot)
    return weights[V.W_EFFECT] * contested + 0.01 * power(state, ruleset, seat, slot)


@njit(cache=True, _nrt=False)
def figures_meet(state, seat, site):
    other = seat_base(1 - seat)
    for k in range(L.FIG_CAP):
        if state[other + L.P_FIG + k * L.FIG_W + L.F_CARD] >= 0 and state[other + L.P_FIG + k * L.FIG_W + L.F_SITE] == site:
            return True
    return False


@njit(cache=True, _nrt=False)
def sequence_value(state, ruleset, seat, glyph):
    """The look-ahead of the weight `verse`: 1 if adding ``glyph`` to the Turn Chain completes the sequence
    of a modeled Alignment the Company has not invoked this Round, 0.5 if it extends one (its first two
    Glyphs of a Verse), else 0. Targets are not looked at (the invocation decision checks them)."""
    f = chain_field(seat, L.CHAIN_TURN)
    n = state[f + L.CHAIN_CAP]
    best = 0.0
    for k in range(T.N_ALIGNMENTS):
        if T.alignment(ruleset, k, T.AL_MODELED) == 0 or state[seat_base(seat) + L.P_ALIGNED] >> k & 1 == 1:
            continue
        length = T.alignment(ruleset, k, T.AL_LENGTH)
        for j in range(length, 1, -1):  # the new Glyph as the sequence's j-th, after the chain's last j - 1
            if T.alignment(ruleset, k, T.AL_GLYPH + j - 1) != glyph or j - 1 > n:
                continue
            matched = True
            for i in range(j - 1):
                if state[f + n - (j - 1) + i] != T.alignment(ruleset, k, T.AL_GLYPH + i):
                    matched = False
            if matched:
                best = max(best, 1.0 if j == length else 0.5)
                break
    return best


@njit(cache=True, _nrt=False)
def relic_value(ruleset, weights, card_id):
    """A Portable Relic's printed Presence and a Dormant Relic's Awakened text (half: it may never wake),
    per point, by the `relic` weight."""
    awakened = 0
    for e in range(T.card(ruleset, card_id, T.C_AWAKENED_N)):
        awakened += T.card(ruleset, card_id, T.C_AWAKENED_AMOUNT + e)
    return weights[V.W_RELIC] * (T.card(ruleset, card_id, T.C_PRESENCE) + 0.5 * awakened)


@njit(cache=True, _nrt=False)
def effects_value(ruleset, weights, card_id):
    """A played card's effects: `strike` per Thread the opponent loses, `effect` per other point (road
    effects are valued with their road, a cancel with its target)."""
    value = 0.0
    for e in range(T.card(ruleset, card_id, T.C_N_EFFECTS)):
        amount = T.card(ruleset, card_id, T.C_AMOUNT + e)
        op = T.card(ruleset, card_id, T.C_OP + e)
        if op == V.OP_THREAD_LOSS:
            value += weights[V.W_STRIKE] * amount
        elif op != V.OP_CLOSE_ROAD and op != V.OP_BREAK_ROAD and op != V.OP_REPAIR_ROAD and op != V.OP_CANCEL:
            value += weights[V.W_EFFECT] * amount
    return value


@njit(cache=True, _nrt=False)
def response_value(state, ruleset, weights, seat, index):
    """Weight `respond` plus the Quick Event's effects; a cancel adds what its target is worth to the
    opponent (an invocation `align`, a card its effects and `deploy` per Power)."""
    card_id = state[seat_base(seat) + L.P_HAND + index]
    value = weights[V.W_RESPOND] + effects_value(ruleset, weights, card_id)
    if cancels(ruleset, card_id):
        target = cancel_target(state, seat)
        e = L.G_TL_STACK + target * L.TL_W
        if state[e + L.TL_KIND] == L.TL_ALIGNMENT:
            value += weights[V.W_ALIGN]
        else:
            cancelled = state[e + L.TL_ID]
            value += effects_value(ruleset, weights, cancelled) + weights[V.W_DEPLOY] * T.card(ruleset, cancelled, T.C_POWER)
    return value


@njit(cache=True, _nrt=False)
def action_value(state, ruleset, weights, seat, action, walker_target):
    base = seat_base(seat)
    kind, a, b = kind_of(action), field_a(action), field_b(action)
    if kind == L.A_END_SHAPE:
        return weights[V.W_PASS]
    if kind == L.A_INVOKE:
        return invoke_value(state, ruleset, weights, seat, a, b, walker_target)
    if kind == L.A_NO_INVOKE:
        return 0.0
    if kind == L.A_RESPOND:
        return response_value(state, ruleset, weights, seat, a)
    if kind == L.A_PASS:
        return 0.0
    if kind == L.A_MULLIGAN:
        target = 0
        for i in range(min(state[base + L.P_HAND_N], 6)):
            if T.card(ruleset, state[base + L.P_HAND + i], T.C_COST) >= weights[V.W_MULLIGAN_COST]:
                target |= 1 << i
        return 1.0 if a == target else 0.0
    if kind == L.A_START:
        return -float(lateral_distance(a, gate_site(ruleset, 0) % L.SITES))
    if kind == L.A_NO_WEAVE or kind == L.A_NO_INTERCEPT or kind == L.A_NO_REACT:
        return 0.0
    if kind == L.A_REACT:
        if state[L.G_REACTION_DIE] >= 5:
            return fight_value(state, ruleset, weights, seat, a, state[L.G_REACTION])
        # -1 Power: worth a whole Figure when it Breaks it, else a point of Power for a turn
        weakened = power(state, ruleset, 1 - seat, state[L.G_REACTION])
        return weights[V.W_CHALLENGE] * (weakened if weakened <= 1 else 0.5)
    if kind == L.A_ESCAPE or kind == L.A_BREACH:
        # a Lost unit rides inward for free as Rings close: it comes back once its Exit's Ring no
        # longer Frays (it would only be Lost again at this Round's end)
        if state[L.G_CLOSED] == state[L.G_FRAYING]:
            return -1.0
        if kind == L.A_ESCAPE:
            return weights[V.W_ESCAPE] * (1.0 if b == 0 else 2.0)
        if state[base + L.P_THREAD] <= ruleset[T.RULE_BREACH_THREAD]:
            return -1.0  # "Spending your last Thread loses before escape"
        return weights[V.W_ESCAPE] - weights[V.W_STRIKE] * ruleset[T.RULE_BREACH_THREAD]
    if kind == L.A_ESTABLISH or kind == L.A_FINISH:
        # a Stronghold further in shortens the way back from a Drive Off (the Entry is on Ring I)
        here = state[base + L.P_VB_SITE + L.VEILWALKER] // L.SITES
        held = state[base + L.P_STRONGHOLD]
        gained = here - (0 if held == L.NOWHERE else held // L.SITES)
        if kind == L.A_FINISH:
            gained = here + 1
        return weights[V.W_STRONGHOLD] * gained if gained > 0 else -1.0
    if kind == L.A_DESTROY:
        return weights[V.W_STRONGHOLD] * (1 + state[seat_base(1 - seat) + L.P_STRONGHOLD] // L.SITES)
    if kind == L.A_RECRUIT:
        return weights[V.W_RECRUIT] * ruleset[T.RULE_RECRUIT_POWER]
    if kind == L.A_AWAKEN:
        return weights[V.W_RECRUIT] * ruleset[T.RULE_SENTINEL_POWER]
    if kind == L.A_PATROL or kind == L.A_PATROL_MOVE:
        enemy = where(state, state[seat_base(1 - seat) + L.P_VB_SITE + L.VEILWALKER])
        if kind == L.A_PATROL:
            return weights[V.W_PATROL] * ruleset[T.RULE_PATROL_POWER] - 0.1 * travel_distance(state, ruleset, a, enemy)
        here = state[figure(seat, state[base + L.P_PATROL]) + L.F_SITE]
        return weights[V.W_APPROACH] * (travel_distance(state, ruleset, here, enemy) - travel_distance(state, ruleset, a, enemy))
    if kind == L.A_RECALL:
        return -1.0
    if kind == L.A_CLAIM_RELIC:
        p = seat_base(b // L.PORT_CAP) + L.P_PORTABLE + (b % L.PORT_CAP) * L.PORT_W
        return relic_value(ruleset, weights, state[p + L.PT_CARD]) + 0.01 * power(state, ruleset, seat, a)
    if kind == L.A_LAY_LOW:
        return weights[V.W_WATCHER] * 0.5 if state[base + L.P_ATTENTION] >= 3 else -1.0
    if kind == L.A_CLOSE_EYE:
        value = weights[V.W_WATCHER]  # succeeds on 3-6
        if b > 0:
            value += weights[V.W_CHALLENGE] * power(state, ruleset, 1 - seat, b - 1) * 0.5
        return value
    if kind == L.A_CHALLENGE_WATCHER:
        pa, pd = power(state, ruleset, seat, a), ruleset[T.RULE_WATCHER_POWER]
        return (weights[V.W_CHALLENGE] * pd if pa >= pd else 0.0) - (weights[V.W_LOSS] * pa if pd >= pa else 0.0)
    if kind == L.A_REMNANT:
        return weights[V.W_EFFECT] + weights[V.W_APPROACH] * gain(
            state, ruleset, weights, seat, a, neighbor(piece_site(state, seat, a), b), walker_target)
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
        if T.card(ruleset, card_id, T.C_TYPE) == V.TYPE_RELIC:
            value += relic_value(ruleset, weights, card_id)
        if T.card(ruleset, card_id, T.C_PORTABLE) == 1:
            value += 0.01 * power(state, ruleset, seat, b)  # the strongest bearer keeps it longest
        elif T.card(ruleset, card_id, T.C_TYPE) <= V.TYPE_RELIC:
            value += weights[V.W_DEPLOY] * T.card(ruleset, card_id, T.C_POWER)
            if b == L.PLAY_AT_STRONGHOLD:
                value -= 0.01  # the same Ally, at the Veilwalker's side by preference
            elif b >= L.PLAY_BEHIND_LINES:
                # Behind the Lines: worth it where it contests an active Lamp (control at turn end puts it out)
                value -= 0.02
                for node in range(L.NODES):
                    if (node_site(state, ruleset, 1 - seat, node) == b - L.PLAY_BEHIND_LINES
                            and state[seat_base(1 - seat) + L.P_NODE_ACTIVE + node] == 1):
                        value += 0.5 * weights[V.W_ACTIVATE]
        value += effects_value(ruleset, weights, card_id)
        if T.card(ruleset, card_id, T.C_TYPE) >= V.TYPE_EVENT and b >= L.ROAD_TARGET:
            value += road_value(state, ruleset, weights, seat, T.card(ruleset, card_id, T.C_ROAD_OP),
                                b - L.ROAD_TARGET, walker_target)
        if T.card(ruleset, card_id, T.C_TYPE) != V.TYPE_EVENT:  # Events feed the Threadline Chain only
            value += weights[V.W_VERSE] * sequence_value(state, ruleset, seat, T.card(ruleset, card_id, T.C_GLYPH))
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
    if kind == L.A_PRESENT or kind == L.A_OFFER or kind == L.A_FALLBACK or kind == L.A_TRIAL or kind == L.A_SEARCH:
        return weights[V.W_RITE]
    if kind == L.A_SACRIFICE:
        return weights[V.W_RITE] - weights[V.W_LOSS] * power(state, ruleset, seat, a)
    if kind == L.A_CHALLENGE:
        d = figure(1 - seat, b)
        if state[d + L.F_UNIT] == L.UNIT_PATROL and state[d + L.F_READY] == 0:
            return 0.5 * weights[V.W_CHALLENGE] * power(state, ruleset, 1 - seat, b)  # Routed, not fought
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
        if not bloom_reachable(state, ruleset, 1 - seat):
            value *= 0.1  # nothing left to delay: the opponent can only win by Thread
        if interceptors(state, 1 - seat, state[figure(seat, a) + L.F_SITE]) > 0:
            value *= 0.5
        return value
    if kind == L.A_STRIKE:
        value = weights[V.W_STRIKE] * power(state, ruleset, seat, a)
        if not bloom_reachable(state, ruleset, seat):
            value *= 3.0  # "Defend, disrupt and seek Thread victory"
        if interceptors(state, 1 - seat, state[figure(seat, a) + L.F_SITE]) > 0:
            value *= 0.5
        return value
    return 0.0


@njit(cache=True, _nrt=False)
def choose(state, ruleset, matchup, legal, n, policy_id, weights, keys, counters, values, search):
    """The deciding seat's action under its bot (policy id and weights row of its deck slot). ``search``:
    the search bots' work arrays (search_arrays), or None in a batch without a search bot, whose kernel
    is then compiled without the search (`search is None` is resolved when numba compiles)."""
    seat = state[L.G_DECIDER]
    stream = L.STREAM_BOT + seat
    if policy_id == V.POLICY_RANDOM or n == 1:
        return legal[rng.next_below(keys, counters, stream, n)] if n > 1 else legal[0]
    best, ties = greedy_values(state, ruleset, legal, n, weights, values)
    if search is not None:
        if policy_id == V.POLICY_SEARCH:
            return legal[search_choice(state, ruleset, matchup, legal, values, n, weights, keys, counters, search)]
        if policy_id == V.POLICY_ISMCTS:
            return legal[ismcts_choice(state, ruleset, matchup, legal, values, n, weights, keys, counters, search)]
    return legal[greedy_pick(values, n, best, ties, keys, counters, stream)]


@njit(cache=True, _nrt=False, forceinline=True)
def greedy_values(state, ruleset, legal, n, weights, values):
    """values[:n]: the greedy value of each listed action; returns (the best value, how many are within
    1e-9 of it)."""
    seat = state[L.G_DECIDER]
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
    return best, ties


@njit(cache=True, _nrt=False)
def greedy_pick(values, n, best, ties, keys, counters, stream):
    """The index of the best-valued action; ties are broken by one draw from the bot's stream."""
    pick = rng.next_below(keys, counters, stream, ties) if ties > 1 else 0
    for i in range(n):
        if values[i] > best - 1e-9:
            if pick == 0:
                return i
            pick -= 1
    return 0


# ---- the flat search bot (issue 18's search rung for Veilwalkers) ---------------------------------------
# The searching seat's choice at every decision with more than one legal action: the `candidates` best
# actions by the greedy values are each played out `rollouts` times in worlds re-dealt from what the seat
# can see, every candidate in the same worlds (common random numbers), with greedy play by both seats (the
# searcher's own weights) until `horizon_turns` more Company turns have started; the best mean score wins.
(SEARCH_CANDIDATES, SEARCH_ROLLOUTS, SEARCH_HORIZON) = range(len(V.GREEDY_WEIGHTS), len(V.GREEDY_WEIGHTS) + len(V.SEARCH_PARAMS))
ROLLOUT_DECISIONS = 3000  # a playout stops after this many decisions whatever the boundary (bounded work)
# world_score's weights of a position not yet decided (assumed: Thread wins an Unraveling; Remembrances
# carried and network credits are what Convergence needs)
SCORE_THREAD = 1.0  # per Thread of difference, over the starting Thread
SCORE_REMEMBRANCE = 0.5  # per Remembrance carried of difference, over the five
SCORE_CREDIT = 0.5  # per network credit of difference, over the three nodes


def search_arrays():
    """The search bots' work arrays: the world (state, legal actions, values, stream keys and counters, an
    event log of no rows, card counts of no cards), the candidates (ismcts.top_candidates' shape), the
    worlds' keys of one decision, the pool a determinization re-deals; then the ISMCTS tree (ismcts.tree_arrays'
    nodes, stats and path) and its node keys at the root and at a node in the world (node_keys_of)."""
    nodes, stats, path, _ = ismcts.tree_arrays(V.ISMCTS_MAX_ITERATIONS + 1, V.SEARCH_MAX_CANDIDATES)
    return (
        np.zeros(L.STATE_SIZE, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.MAX_LEGAL, np.float64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros((0, L.EVENT_WIDTH), np.int64),
        np.zeros((L.SEATS, 1, L.CARD_COUNT_COLUMNS), np.int16),
        np.zeros((2, V.SEARCH_MAX_CANDIDATES), np.int64),
        np.zeros(V.SEARCH_MAX_ROLLOUTS, np.uint64),
        np.zeros(L.DECK_CAP + L.HAND_CAP + L.LOOM_CAP, np.int64),
        nodes,
        stats,
        path,
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
    )


@njit(cache=True, _nrt=False)
def determinize_information_set(state, seat, pool, keys, counters, stream):
    """Re-deal what ``seat`` cannot see (RULES.md, Bots): the opponent's hand, its facedown Loom ("put one
    card from hand facedown into your Loom") and its deck order, shuffled together and dealt back into the
    same places (the sizes stay as seen), and the seat's own deck order. The cards are sorted by id before
    the shuffle, so the world depends only on what the seat sees and the stream, never on the hidden order.
    The deck lists are open (each Company's 30 cards are known), as in the other games' search bots."""
    own = seat_base(seat)
    deck_n = state[own + L.P_DECK_N]
    ismcts.sort_range(state, own + L.P_DECK, own + L.P_DECK + deck_n)
    rng.shuffle(state, own + L.P_DECK, own + L.P_DECK + deck_n, keys, counters, stream)
    other = seat_base(1 - seat)
    deck_n = state[other + L.P_DECK_N]
    hand_n = state[other + L.P_HAND_N]
    loom_n = state[other + L.P_LOOM_N]
    used = ismcts.gather(state, other + L.P_DECK, other + L.P_DECK + deck_n, pool, 0)
    used = ismcts.gather(state, other + L.P_HAND, other + L.P_HAND + hand_n, pool, used)
    used = ismcts.gather(state, other + L.P_LOOM, other + L.P_LOOM + loom_n, pool, used)
    ismcts.sort_range(pool, 0, used)
    rng.shuffle(pool, 0, used, keys, counters, stream)
    used = ismcts.deal_back(state, other + L.P_DECK, other + L.P_DECK + deck_n, pool, 0)
    used = ismcts.deal_back(state, other + L.P_HAND, other + L.P_HAND + hand_n, pool, used)
    ismcts.deal_back(state, other + L.P_LOOM, other + L.P_LOOM + loom_n, pool, used)


@njit(cache=True, _nrt=False)
def search_world(state, seat, world_key, search):
    """The world: a copy of ``state`` with streams of its own drawn from ``world_key`` (one key per world
    of a decision, so every candidate is played in the same worlds), re-dealt for ``seat``."""
    world, _, _, world_keys, world_counters, _, _, _, _, pool, _, _, _, _, _ = search
    for i in range(L.STATE_SIZE):
        world[i] = state[i]
    for stream in range(L.N_STREAMS):
        world_keys[stream] = rng.random_at(world_key, np.uint64(stream))
        world_counters[stream] = 0
    determinize_information_set(world, seat, pool, world_keys, world_counters, L.STREAM_CHANCE)


@njit(cache=True, _nrt=False)
def world_score(world, ruleset, seat):
    """The searcher's score of a playout's last position: 1 won, 0 lost, 0.5 a draw; otherwise 0.5 plus half
    the tanh of the sides' difference in Thread, Remembrances carried and network credits (SCORE_*)."""
    if world[L.G_DONE]:
        if world[L.G_WINNER] < 0:
            return 0.5
        return 1.0 if world[L.G_WINNER] == seat else 0.0
    own, opposing = seat_base(seat), seat_base(1 - seat)
    difference = (SCORE_THREAD * (world[own + L.P_THREAD] - world[opposing + L.P_THREAD])
                  / max(ruleset[T.RULE_THREAD_START], 1)
                  + SCORE_REMEMBRANCE * (carried(world, seat) - carried(world, 1 - seat)) / L.TOKENS
                  + SCORE_CREDIT * (history_credits(world, seat) - history_credits(world, 1 - seat)) / L.NODES)
    return 0.5 + 0.5 * math.tanh(difference)


@njit(cache=True, _nrt=False)
def greedy_playout(ruleset, matchup, weights, boundary, decisions, search):
    """Play the search world on (both seats greedy with ``weights``) until the match ends, ``boundary``
    Company turns have started or ROLLOUT_DECISIONS decisions were taken in all (``decisions`` so far)."""
    world, world_legal, world_values, world_keys, world_counters, events, counts, _, _, _, _, _, _, _, _ = search
    while decisions < ROLLOUT_DECISIONS and not world[L.G_DONE] and world[L.G_TURNS] < boundary:
        k = engine.legal_actions(world, ruleset, world_legal)
        if k == 0:
            break
        action = world_legal[0]
        if k > 1:
            best, ties = greedy_values(world, ruleset, world_legal, k, weights, world_values)
            action = world_legal[greedy_pick(world_values, k, best, ties, world_keys, world_counters,
                                             L.STREAM_BOT + world[L.G_DECIDER])]
        engine.step(world, ruleset, matchup, action, world_keys, world_counters, events, counts, False)
        decisions += 1
    return decisions


@njit(cache=True, _nrt=False)
def search_choice(state, ruleset, matchup, legal, values, n, weights, keys, counters, search):
    """Flat Monte Carlo over the seat's information set (see the block comment above); returns the index
    in ``legal`` of the chosen action. ``values``: the greedy values of the listed actions."""
    world, _, _, world_keys, world_counters, events, counts, candidates, world_seeds, _, _, _, _, _, _ = search
    seat = state[L.G_DECIDER]
    m = ismcts.top_candidates(values, n, int(weights[SEARCH_CANDIDATES]), candidates)
    rollouts = min(int(weights[SEARCH_ROLLOUTS]), world_seeds.shape[0])
    for r in range(rollouts):  # the worlds of this decision, from the bot's own stream
        world_seeds[r] = rng.next_u64(keys, counters, L.STREAM_BOT + seat)
    if m <= 1:
        return candidates[0, 0]
    # the boundary is counted before the action, so that every candidate is scored over the same turns
    boundary = state[L.G_TURNS] + int(weights[SEARCH_HORIZON])
    best, best_total = candidates[0, 0], -1.0
    for c in range(m):
        total = 0.0
        for r in range(rollouts):
            search_world(state, seat, world_seeds[r], search)
            engine.step(world, ruleset, matchup, legal[candidates[0, c]], world_keys, world_counters, events, counts,
                        False)
            greedy_playout(ruleset, matchup, weights, boundary, 1, search)
            total += world_score(world, ruleset, seat)
        if total > best_total:
            best, best_total = candidates[0, c], total
    return best


# ---- information-set MCTS (issue 18's top rungs; the tree machinery is sim/core/ismcts.py) ----------------
# The searching seat's choice: `iterations` descents of one tree over the seat's information set, each in a
# world re-dealt as the flat search's (search_world; the `worlds` worlds in turn, the first visits of the
# root's candidates in the same world: common random numbers). The tree holds both seats' decisions with more
# than one legal action (a node considers the `candidates` best actions by the greedy values, UCB1 with
# availability counts and `exploration`). After one expansion the world is played greedy (greedy_playout) to
# the same turn boundary as the flat search's and scored by world_score, a reward in [0, 1] for the seat.
(ISMCTS_CANDIDATES, ISMCTS_ITERATIONS, ISMCTS_HORIZON, ISMCTS_EXPLORATION, ISMCTS_WORLDS) = range(
    len(V.GREEDY_WEIGHTS), len(V.GREEDY_WEIGHTS) + len(V.ISMCTS_PARAMS))
HAND_CARD_KEY = 1 << 32  # a hand action's node key holds its card id from this bit up, its hand index cleared


@njit(cache=True, _nrt=False)
def node_keys_of(state, legal, n, keys):
    """keys[:n]: the tree's names of the decider's listed actions. An action on a hand card (play, weave,
    discard) is named by its card, not its hand index: below the root a hand differs between worlds (the
    opponent's re-dealt hand, the seat's own draws), and the same card is the same action in each (a
    Quick Event response too). Two copies of a card in one hand share a name (and so a node)."""
    hand = seat_base(state[L.G_DECIDER]) + L.P_HAND
    for i in range(n):
        action = legal[i]
        kind = kind_of(action)
        if kind == L.A_PLAY or kind == L.A_WEAVE or kind == L.A_DISCARD or kind == L.A_RESPOND:
            keys[i] = (action & ~(255 << 8)) | state[hand + field_a(action)] * HAND_CARD_KEY
        else:
            keys[i] = action
    return n


@njit(cache=True, _nrt=False)
def ismcts_choice(state, ruleset, matchup, legal, values, n, weights, keys, counters, search):
    """Information-set MCTS over the seat's information set (see the block comment above); returns the index
    in ``legal`` of the root's most visited action (ties to the higher mean, then the higher prior).
    ``values``: the greedy values of the listed actions."""
    (world, world_legal, world_values, world_keys, world_counters, events, counts, candidates, world_seeds, _,
     nodes, stats, path, root_keys, node_keys) = search
    seat = state[L.G_DECIDER]
    width = int(weights[ISMCTS_CANDIDATES])
    iterations = min(int(weights[ISMCTS_ITERATIONS]), nodes.shape[0] - 1)
    exploration = weights[ISMCTS_EXPLORATION]
    worlds = min(int(weights[ISMCTS_WORLDS]), world_seeds.shape[0])
    for r in range(worlds):  # the worlds of this decision, from the bot's own stream
        world_seeds[r] = rng.next_u64(keys, counters, L.STREAM_BOT + seat)
    node_keys_of(state, legal, n, root_keys)
    root_width = ismcts.top_candidates(values, n, width, candidates)
    if root_width <= 1:
        return candidates[0, 0]
    boundary = state[L.G_TURNS] + int(weights[ISMCTS_HORIZON])
    used = ismcts.clear_tree(nodes, stats)
    for iteration in range(iterations):
        search_world(state, seat, world_seeds[(iteration // root_width) % worlds], search)
        # the root: the decision's own list (what the seat sees is the same in every world)
        m = ismcts.top_candidates(values, n, width, candidates)
        c, child, used, expanded = ismcts.select(nodes, stats, ismcts.ROOT, root_keys, candidates, m, exploration,
                                                 used, 1)
        engine.step(world, ruleset, matchup, legal[candidates[0, c]], world_keys, world_counters, events, counts,
                    False)
        path[0] = ismcts.ROOT
        path[1] = child
        length = 2
        decisions = 1
        while not expanded and decisions < ROLLOUT_DECISIONS and not world[L.G_DONE] and world[L.G_TURNS] < boundary:
            k = engine.legal_actions(world, ruleset, world_legal)
            if k == 0:
                break
            if k == 1:  # a forced action is no decision: it has no node
                engine.step(world, ruleset, matchup, world_legal[0], world_keys, world_counters, events, counts,
                            False)
                decisions += 1
                continue
            greedy_values(world, ruleset, world_legal, k, weights, world_values)
            node_keys_of(world, world_legal, k, node_keys)
            m = ismcts.top_candidates(world_values, k, width, candidates)
            ally = 1 if world[L.G_DECIDER] == seat else 0
            c, child, used, expanded = ismcts.select(nodes, stats, path[length - 1], node_keys, candidates, m,
                                                     exploration, used, ally)
            if child == ismcts.NONE:  # the tree is full: play on from here
                break
            engine.step(world, ruleset, matchup, world_legal[candidates[0, c]], world_keys, world_counters, events,
                        counts, False)
            decisions += 1
            path[length] = child
            length += 1
        greedy_playout(ruleset, matchup, weights, boundary, decisions, search)
        ismcts.backpropagate(nodes, stats, path, length, world_score(world, ruleset, seat))
    # the root's candidates in prior order, so that most_visited's last tie-break is the higher prior
    m = ismcts.top_candidates(values, n, width, candidates)
    for c in range(m):
        node_keys[c] = root_keys[candidates[0, c]]
    return candidates[0, ismcts.most_visited(nodes, stats, node_keys, m)]
