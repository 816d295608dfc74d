"""Passive abilities: "always active, even while the card is disabled". Static effects (modify,
grant, cost, pierce) of the cards on the field (hero zone included), of attachments (on their main
card) and of ideals are folded into cached values: each field card's effective damage, health and
keywords, each player's cost modifiers and direct-attack pierce. `refresh` recomputes them all
whenever something that could change them happened (G_STATIC_DIRTY); readers call `ensure` first.
Filters (`matches`) are relative to the controller of the ability: you, friendly (you and your
teammate), opponent, any."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules.zones import (
    alive,
    find_serial,
    lowest_slot,
    occupied,
    rec,
    same_side,
    seat_base,
    span_bits,
    zone_bit,
    zone_span,
)


@njit(cache=True, forceinline=True)
def owner_ok(state, controller, seat, owner):
    if owner == V.OWNER_ANY:
        return True
    if owner == V.OWNER_YOU:
        return seat == controller
    friendly = same_side(state, controller, seat)
    return friendly if owner == V.OWNER_FRIENDLY else not friendly


@njit(cache=True, forceinline=True)
def card_passes(state, ruleset, zones, types, classes, seat, slot):
    """The filter's zone, type and class tests on the card in (seat, slot) (its owner test apart)."""
    r = rec(seat, slot)
    card_id = state[r + L.F_CARD]
    if card_id < 0 or state[r + L.F_STATE] == L.ST_RESOLVING or not zone_bit(slot) & zones:
        return False
    if not (types >> T.card(ruleset, card_id, T.C_TYPE)) & 1:
        return False
    return classes == 0 or (T.card(ruleset, card_id, T.C_CLASSES) & classes) != 0


@njit(cache=True, _nrt=False)
def matches(state, ruleset, controller, zones, owner, types, classes, seat, slot):
    """Does the card in (seat, slot) pass the filter of an ability controlled by ``controller``?"""
    return owner_ok(state, controller, seat, owner) and card_passes(state, ruleset, zones, types, classes, seat, slot)


@njit(cache=True, _nrt=False)
def _apply_static(state, ruleset, seat, source_slot, host_seat, host_serial, effect):
    """One static effect of a source controlled by ``seat``: on itself (source_slot >= 0), its host
    (host_serial > 0), every matching card, or its controller (cost, pierce)."""
    op = T.effect(ruleset, effect, T.E_OP)
    selector = T.effect(ruleset, effect, T.E_SELECTOR)
    amount = T.effect(ruleset, effect, T.E_AMOUNT)
    b = seat_base(seat)
    if op == V.OP_COST:
        n = state[b + L.P_COST_MODS_N]
        if n >= L.COST_MODS_CAP:
            state[L.G_ERROR] = L.ERROR_OVERFLOW
            return
        state[b + L.P_COST_MODS + n] = effect
        state[b + L.P_COST_MODS_N] = n + 1
        return
    if op == V.OP_PIERCE:
        state[b + L.P_PIERCE] += amount
        return
    if selector == V.S_SELF:
        if source_slot >= 0:
            _modify(state, ruleset, effect, op, amount, seat, source_slot)
        return
    if selector == V.S_HOST:
        slot = find_serial(state, host_seat, host_serial)
        if slot >= 0:
            _modify(state, ruleset, effect, op, amount, host_seat, slot)
        return
    zones = T.effect(ruleset, effect, T.E_ZONES)
    owner = T.effect(ruleset, effect, T.E_OWNER)
    types = T.effect(ruleset, effect, T.E_TYPES)
    classes = T.effect(ruleset, effect, T.E_CLASSES)
    first, stop = zone_span(zones)
    span = span_bits(first, stop)
    for target_seat in range(state[L.G_SEATS]):
        if not alive(state, target_seat) or not owner_ok(state, seat, target_seat, owner):
            continue
        mask = occupied(state, target_seat) & span
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            if card_passes(state, ruleset, zones, types, classes, target_seat, slot):
                _modify(state, ruleset, effect, op, amount, target_seat, slot)


@njit(cache=True, forceinline=True)
def _modify(state, ruleset, effect, op, amount, seat, slot):
    r = rec(seat, slot)
    if state[r + L.F_CARD] < 0 or state[r + L.F_STATE] == L.ST_RESOLVING:
        return
    if op == V.OP_GRANT:
        state[r + L.F_EFF_KEYWORDS] |= T.effect(ruleset, effect, T.E_KEYWORD)
    elif T.effect(ruleset, effect, T.E_STAT) == V.STAT_DAMAGE:
        state[r + L.F_EFF_DAMAGE] += amount
    else:
        state[r + L.F_EFF_HEALTH] += amount


@njit(cache=True, _nrt=False)
def _source(state, ruleset, seat, card_id, source_slot, host_seat, host_serial):
    """Every static effect of one card's passive abilities."""
    first = T.card(ruleset, card_id, T.C_ABILITY_FIRST)
    for a in range(first, first + T.card(ruleset, card_id, T.C_ABILITY_N)):
        if T.ability(ruleset, a, T.AB_WHEN) != V.W_PASSIVE:
            continue
        e0 = T.ability(ruleset, a, T.AB_EFFECT_FIRST)
        for e in range(e0, e0 + T.ability(ruleset, a, T.AB_EFFECT_N)):
            _apply_static(state, ruleset, seat, source_slot, host_seat, host_serial, e)


@njit(cache=True, forceinline=True)
def _own_values(state, ruleset, r):
    """The effective values of the field record at ``r`` before any static effect: printed plus buffs."""
    card_id = state[r + L.F_CARD]
    state[r + L.F_EFF_DAMAGE] = T.card(ruleset, card_id, T.C_DAMAGE) + state[r + L.F_PERM_DAMAGE] + state[r + L.F_TEMP_DAMAGE]
    state[r + L.F_EFF_HEALTH] = T.card(ruleset, card_id, T.C_HEALTH) + state[r + L.F_PERM_HEALTH] + state[r + L.F_TEMP_HEALTH]
    state[r + L.F_EFF_KEYWORDS] = T.card(ruleset, card_id, T.C_KEYWORDS)


@njit(cache=True, _nrt=False)
def refresh(state, ruleset):
    """Recompute every cached effective value from the printed values, buffs and static effects."""
    state[L.G_STATIC_DIRTY] = 0
    seats = state[L.G_SEATS]
    for seat in range(seats):
        b = seat_base(seat)
        state[b + L.P_PIERCE] = 0
        state[b + L.P_COST_MODS_N] = 0
        mask = occupied(state, seat)
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            _own_values(state, ruleset, rec(seat, slot))
    for seat in range(seats):
        if not alive(state, seat):
            continue
        b = seat_base(seat)
        ideal = state[b + L.P_IDEAL]
        if T.card(ruleset, ideal, T.C_FLAGS) & T.FLAG_STATIC:
            _source(state, ruleset, seat, ideal, np.int64(-1), np.int64(-1), np.int64(0))
        mask = occupied(state, seat)
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            r = rec(seat, slot)
            card_id = state[r + L.F_CARD]
            if state[r + L.F_STATE] != L.ST_RESOLVING and T.card(ruleset, card_id, T.C_FLAGS) & T.FLAG_STATIC:
                _source(state, ruleset, seat, card_id, slot, np.int64(-1), np.int64(0))
        for i in range(state[b + L.P_ATTACH_N]):
            a = b + L.P_ATTACH + i * L.ATTACH_WIDTH
            card_id = state[a + L.A_CARD]
            if T.card(ruleset, card_id, T.C_FLAGS) & T.FLAG_STATIC:
                _source(state, ruleset, seat, card_id, np.int64(-1), state[a + L.A_HOST_SEAT], state[a + L.A_HOST_SERIAL])
    for seat in range(seats):
        mask = occupied(state, seat)
        while mask:
            r = rec(seat, lowest_slot(mask))
            mask &= mask - 1
            if state[r + L.F_EFF_DAMAGE] < 0:
                state[r + L.F_EFF_DAMAGE] = 0


@njit(cache=True, _nrt=False)
def _effects_on(state, ruleset, controller, card_id, seat, slot):
    """The static effects of one source's passive abilities that modify matching cards, on the card in
    (seat, slot) alone (what `_apply_static` does to that card)."""
    first = T.card(ruleset, card_id, T.C_ABILITY_FIRST)
    for a in range(first, first + T.card(ruleset, card_id, T.C_ABILITY_N)):
        if T.ability(ruleset, a, T.AB_WHEN) != V.W_PASSIVE:
            continue
        e0 = T.ability(ruleset, a, T.AB_EFFECT_FIRST)
        for e in range(e0, e0 + T.ability(ruleset, a, T.AB_EFFECT_N)):
            op = T.effect(ruleset, e, T.E_OP)
            selector = T.effect(ruleset, e, T.E_SELECTOR)
            if op == V.OP_COST or op == V.OP_PIERCE or selector == V.S_SELF or selector == V.S_HOST:
                continue
            if (owner_ok(state, controller, seat, T.effect(ruleset, e, T.E_OWNER))
                    and card_passes(state, ruleset, T.effect(ruleset, e, T.E_ZONES), T.effect(ruleset, e, T.E_TYPES),
                                    T.effect(ruleset, e, T.E_CLASSES), seat, slot)):
                _modify(state, ruleset, e, op, T.effect(ruleset, e, T.E_AMOUNT), seat, slot)


@njit(cache=True, _nrt=False)
def entered(state, ruleset, seat, slot):
    """A card has just been placed in (seat, slot), the cached values clean before. If it gives no static
    effect, the others' values stay as they are (a static effect's filter tests only the card it
    modifies, and a new card hosts no attachment): its own values are all `refresh` would change, and
    they are written here, leaving the cache clean. A static source leaves it to `refresh`."""
    r = rec(seat, slot)
    card_id = state[r + L.F_CARD]
    resolving = state[r + L.F_STATE] == L.ST_RESOLVING
    if T.card(ruleset, card_id, T.C_FLAGS) & T.FLAG_STATIC and not resolving:
        return
    _own_values(state, ruleset, r)
    if not resolving and alive(state, seat):  # no static effect modifies a resolving card
        for source_seat in range(state[L.G_SEATS]):
            if not alive(state, source_seat):
                continue
            b = seat_base(source_seat)
            ideal = state[b + L.P_IDEAL]
            if T.card(ruleset, ideal, T.C_FLAGS) & T.FLAG_STATIC:
                _effects_on(state, ruleset, source_seat, ideal, seat, slot)
            mask = occupied(state, source_seat)
            while mask:
                source_slot = lowest_slot(mask)
                mask &= mask - 1
                s = rec(source_seat, source_slot)
                source = state[s + L.F_CARD]
                if state[s + L.F_STATE] != L.ST_RESOLVING and T.card(ruleset, source, T.C_FLAGS) & T.FLAG_STATIC:
                    _effects_on(state, ruleset, source_seat, source, seat, slot)
            for i in range(state[b + L.P_ATTACH_N]):
                source = state[b + L.P_ATTACH + i * L.ATTACH_WIDTH + L.A_CARD]
                if T.card(ruleset, source, T.C_FLAGS) & T.FLAG_STATIC:
                    _effects_on(state, ruleset, source_seat, source, seat, slot)
    if state[r + L.F_EFF_DAMAGE] < 0:
        state[r + L.F_EFF_DAMAGE] = 0
    state[L.G_STATIC_DIRTY] = 0


@njit(cache=True, inline="always")
def ensure(state, ruleset):
    if state[L.G_STATIC_DIRTY]:
        refresh(state, ruleset)


@njit(cache=True, _nrt=False)
def play_cost(state, ruleset, seat, card_id):
    """A card's cost for this player: printed cost plus the player's static cost modifiers that
    name its type (and class), never below 0. Call `ensure` first."""
    cost = T.card(ruleset, card_id, T.C_COST)
    b = seat_base(seat)
    kind = T.card(ruleset, card_id, T.C_TYPE)
    classes = T.card(ruleset, card_id, T.C_CLASSES)
    for i in range(state[b + L.P_COST_MODS_N]):
        e = state[b + L.P_COST_MODS + i]
        wanted = T.effect(ruleset, e, T.E_CLASSES)
        if (T.effect(ruleset, e, T.E_TYPES) >> kind) & 1 and (wanted == 0 or classes & wanted):
            cost += T.effect(ruleset, e, T.E_AMOUNT)
    return cost if cost > 0 else 0


@njit(cache=True, forceinline=True)
def keywords(state, seat, slot):
    return state[rec(seat, slot) + L.F_EFF_KEYWORDS]


@njit(cache=True, forceinline=True)
def damage_of(state, seat, slot):
    return state[rec(seat, slot) + L.F_EFF_DAMAGE]


@njit(cache=True, forceinline=True)
def health_left(state, seat, slot):
    r = rec(seat, slot)
    return state[r + L.F_EFF_HEALTH] - state[r + L.F_DAMAGE]
