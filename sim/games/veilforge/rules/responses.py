"""What may answer an action: "Only Quick and Vigilant abilities can be added to a chain". Quick
cards come from the hand (the mana and an empty support slot needed), Vigilant abilities from an
enabled card on the field (the hero zone included), Quick Evolution cards from the evolution deck
(no support slot needed). A chain of MAX_LINKS links takes no more."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules import statics
from sim.games.veilforge.rules.evolution import base_ok, evolution_ability
from sim.games.veilforge.rules.targets import ability_targets
from sim.games.veilforge.rules.zones import (
    first_copy,
    free_slot,
    lowest_slot,
    occupied,
    rec,
    seat_base,
    seen_bit,
)

ROOM = L.MAX_LEGAL - 2 * L.FIELD_SLOTS * L.MAX_SEATS  # stop listing before a card's targets could overflow


@njit(cache=True, forceinline=True)
def first_ability(ruleset, card_id, when):
    first = T.card(ruleset, card_id, T.C_ABILITY_FIRST)
    for a in range(first, first + T.card(ruleset, card_id, T.C_ABILITY_N)):
        if T.ability(ruleset, a, T.AB_WHEN) == when:
            return a
    return -1


@njit(cache=True, _nrt=False)
def with_targets(state, ruleset, seat, ability, kind, a, b, legal, start):
    """One action (kind, a, b) per target the ability may choose; returns how many."""
    n = ability_targets(state, ruleset, seat, ability, legal, start)
    for i in range(start, start + n):
        legal[i] = (kind << 24) | (a << 16) | (b << 8) | legal[i]
    return n


@njit(cache=True, _nrt=False)
def list_responses(state, ruleset, seat, legal, start, limit):
    """The responses the seat may add now, written from legal[start] (pass not included); listing
    stops once ``limit`` are found (1: is there any?)."""
    b = seat_base(seat)
    quick = state[b + L.P_QUICK_HAND]
    evolving = state[b + L.P_QUICK_EVO]
    vigilant = state[b + L.P_VIGILANT_CARDS]
    if state[L.G_CHAIN_N] >= L.MAX_LINKS or not (quick or evolving or vigilant):
        return 0  # the cached statics are not needed then (the next reader refreshes them)
    statics.ensure(state, ruleset)
    mana = state[b + L.P_MANA_N]
    n = 0
    seen = 0
    if quick and free_slot(state, ruleset, seat, np.int64(1)) >= 0:
        for i in range(state[b + L.P_HAND_N]):
            card_id = state[b + L.P_HAND + i]
            if not T.has(ruleset, card_id, V.W_QUICK) or statics.play_cost(state, ruleset, seat, card_id) > mana:
                continue
            if not first_copy(state, b + L.P_HAND, i, seen):
                continue
            seen |= seen_bit(card_id)
            if start + n >= ROOM:
                continue
            n += with_targets(state, ruleset, seat, first_ability(ruleset, card_id, np.int64(V.W_QUICK)), np.int64(L.A_QUICK), i, np.int64(0),
                              legal, start + n)
            if n >= limit:
                return n
    filled = occupied(state, seat)
    mask = filled if vigilant else 0
    while mask:
        slot = lowest_slot(mask)
        mask &= mask - 1
        r = rec(seat, slot)
        card_id = state[r + L.F_CARD]
        if state[r + L.F_STATE] != L.ST_ENABLED or not T.has(ruleset, card_id, V.W_VIGILANT):
            continue
        first = T.card(ruleset, card_id, T.C_ABILITY_FIRST)
        for k in range(T.card(ruleset, card_id, T.C_ABILITY_N)):
            a = first + k
            if (T.ability(ruleset, a, T.AB_WHEN) == V.W_VIGILANT and T.ability(ruleset, a, T.AB_COST) <= mana
                    and start + n < ROOM):
                n += with_targets(state, ruleset, seat, a, np.int64(L.A_VIGILANT), slot, k, legal, start + n)
                if n >= limit:
                    return n
    seen = 0
    for i in range(state[b + L.P_EVO_N] if evolving else 0):
        card_id = state[b + L.P_EVO + i]
        if not T.has(ruleset, card_id, V.W_QUICK_EVOLUTION) or statics.play_cost(state, ruleset, seat, card_id) > mana:
            continue
        if not first_copy(state, b + L.P_EVO, i, seen):
            continue
        seen |= seen_bit(card_id)
        a = evolution_ability(ruleset, card_id)
        mask = filled
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            if base_ok(state, ruleset, seat, card_id, a, slot) and start + n < ROOM:
                n += with_targets(state, ruleset, seat, a, np.int64(L.A_QUICK_EVOLVE), i, slot, legal, start + n)
                if n >= limit:
                    return n
    return n
