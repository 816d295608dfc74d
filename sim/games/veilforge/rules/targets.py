"""What an ability may choose: cards on the field by zone, owner, type and class, or players; and
whether a chosen target is still valid when the ability resolves ("an effect with no valid target
left fails to resolve"). A target is a ref: seat * 16 + slot for a card, REF_PLAYER + seat for a
player; a card is followed by its serial, so a card that left play (or left and came back) is no
longer the same target, while a card that moved stays one."""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules.statics import card_passes, matches, owner_ok
from sim.games.veilforge.rules.zones import (
    alive,
    find_serial,
    lowest_slot,
    occupied,
    rec,
    span_bits,
    zone_span,
)


@njit(cache=True, _nrt=False)
def card_targets(state, ruleset, controller, zones, owner, types, classes, out, start):
    """Every matching card as a ref, written from out[start]; returns how many."""
    n = 0
    first, stop = zone_span(zones)
    span = span_bits(first, stop)
    for seat in range(state[L.G_SEATS]):
        if not alive(state, seat) or not owner_ok(state, controller, seat, owner):
            continue
        mask = occupied(state, seat) & span
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            if card_passes(state, ruleset, zones, types, classes, seat, slot):
                out[start + n] = seat * 16 + slot
                n += 1
    return n


@njit(cache=True, _nrt=False)
def player_targets(state, controller, owner, out, start):
    n = 0
    for seat in range(state[L.G_SEATS]):
        if alive(state, seat) and owner_ok(state, controller, seat, owner):
            out[start + n] = L.REF_PLAYER + seat
            n += 1
    return n


@njit(cache=True, _nrt=False)
def ability_targets(state, ruleset, controller, ability, out, start):
    """The targets an ability may choose (REF_NONE alone when it chooses none); 0 when it needs one
    and none exists."""
    kind = T.ability(ruleset, ability, T.AB_TARGET_KIND)
    if kind == V.TARGET_CARD:
        return card_targets(state, ruleset, controller, T.ability(ruleset, ability, T.AB_TARGET_ZONES),
                            T.ability(ruleset, ability, T.AB_TARGET_OWNER), T.ability(ruleset, ability, T.AB_TARGET_TYPES),
                            T.ability(ruleset, ability, T.AB_TARGET_CLASSES), out, start)
    if kind == V.TARGET_PLAYER:
        return player_targets(state, controller, T.ability(ruleset, ability, T.AB_TARGET_OWNER), out, start)
    out[start] = L.REF_NONE
    return 1


@njit(cache=True, _nrt=False)
def attach_targets(state, ruleset, controller, card_id, out, start):
    """The main cards an attaching card may attach to."""
    return card_targets(state, ruleset, controller, T.card(ruleset, card_id, T.C_ATTACH_ZONES),
                        T.card(ruleset, card_id, T.C_ATTACH_OWNER), T.card(ruleset, card_id, T.C_ATTACH_TYPES),
                        T.card(ruleset, card_id, T.C_ATTACH_CLASSES), out, start)


@njit(cache=True, forceinline=True)
def serial_of(state, ref):
    """The serial to follow a target by (0 for a player or none)."""
    if ref < L.REF_PLAYER:
        return state[rec(ref >> 4, ref & 15) + L.F_SERIAL]
    return 0


@njit(cache=True, _nrt=False)
def locate(state, ref, serial):
    """(seat, slot) of a card target still on the field, else (-1, -1); players: (seat, -1)."""
    if ref == L.REF_NONE:
        return -1, -1
    if ref >= L.REF_PLAYER:
        seat = ref - L.REF_PLAYER
        return (seat, -1) if alive(state, seat) else (-1, -1)
    seat = ref >> 4
    if not alive(state, seat):
        return -1, -1
    slot = find_serial(state, seat, serial)
    return (seat, slot) if slot >= 0 else (-1, -1)


@njit(cache=True, _nrt=False)
def ability_target_valid(state, ruleset, controller, ability, ref, serial):
    """Is the chosen target of an ability still a target it may choose?"""
    kind = T.ability(ruleset, ability, T.AB_TARGET_KIND)
    if kind == V.TARGET_CARD:
        seat, slot = locate(state, ref, serial)
        return slot >= 0 and matches(state, ruleset, controller, T.ability(ruleset, ability, T.AB_TARGET_ZONES),
                                     T.ability(ruleset, ability, T.AB_TARGET_OWNER),
                                     T.ability(ruleset, ability, T.AB_TARGET_TYPES),
                                     T.ability(ruleset, ability, T.AB_TARGET_CLASSES), seat, slot)
    if kind == V.TARGET_PLAYER:
        seat, _ = locate(state, ref, serial)
        return seat >= 0 and owner_ok(state, controller, seat, T.ability(ruleset, ability, T.AB_TARGET_OWNER))
    return True


@njit(cache=True, _nrt=False)
def attach_target_valid(state, ruleset, controller, card_id, ref, serial):
    seat, slot = locate(state, ref, serial)
    return slot >= 0 and matches(state, ruleset, controller, T.card(ruleset, card_id, T.C_ATTACH_ZONES),
                                 T.card(ruleset, card_id, T.C_ATTACH_OWNER), T.card(ruleset, card_id, T.C_ATTACH_TYPES),
                                 T.card(ruleset, card_id, T.C_ATTACH_CLASSES), seat, slot)


@njit(cache=True, _nrt=False)
def random_card(state, ruleset, controller, zones, owner, types, classes, keys, counters):
    """A uniformly random matching card from the game's chance stream: (seat, slot) or (-1, -1)."""
    n = 0
    first, stop = zone_span(zones)
    for seat in range(state[L.G_SEATS]):
        if alive(state, seat) and owner_ok(state, controller, seat, owner):
            for slot in range(first, stop):
                if card_passes(state, ruleset, zones, types, classes, seat, slot):
                    n += 1
    if n == 0:
        return -1, -1
    k = rng.next_below(keys, counters, L.CHANCE, n)
    for seat in range(state[L.G_SEATS]):
        if alive(state, seat) and owner_ok(state, controller, seat, owner):
            for slot in range(first, stop):
                if card_passes(state, ruleset, zones, types, classes, seat, slot):
                    if k == 0:
                        return seat, slot
                    k -= 1
    return -1, -1


@njit(cache=True, _nrt=False)
def random_target(state, ruleset, controller, ability, keys, counters):
    """A random valid target of an ability that fires without an action to choose it: (ref, serial),
    REF_NONE when none is valid."""
    kind = T.ability(ruleset, ability, T.AB_TARGET_KIND)
    if kind == V.TARGET_CARD:
        seat, slot = random_card(state, ruleset, controller, T.ability(ruleset, ability, T.AB_TARGET_ZONES),
                                 T.ability(ruleset, ability, T.AB_TARGET_OWNER),
                                 T.ability(ruleset, ability, T.AB_TARGET_TYPES),
                                 T.ability(ruleset, ability, T.AB_TARGET_CLASSES), keys, counters)
        if slot < 0:
            return L.REF_NONE, 0
        return seat * 16 + slot, state[rec(seat, slot) + L.F_SERIAL]
    if kind == V.TARGET_PLAYER:
        owner = T.ability(ruleset, ability, T.AB_TARGET_OWNER)
        n = 0
        for seat in range(state[L.G_SEATS]):
            if alive(state, seat) and owner_ok(state, controller, seat, owner):
                n += 1
        if n == 0:
            return L.REF_NONE, 0
        k = rng.next_below(keys, counters, L.CHANCE, n)
        for seat in range(state[L.G_SEATS]):
            if alive(state, seat) and owner_ok(state, controller, seat, owner):
                if k == 0:
                    return L.REF_PLAYER + seat, 0
                k -= 1
    return L.REF_NONE, 0
