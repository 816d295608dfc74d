"""What may answer an action: "Only Quick and Vigilant abilities can be added to a chain". Quick
cards come from the hand (the mana and an empty support slot needed), Vigilant abilities from an
enabled card on the field (the hero zone included), Quick Evolution cards from the evolution deck
(no support slot needed). A chain of MAX_LINKS links takes no more. In 2v2 the teammate's zones are
the responder's as well (rule team_shares_zones)."""

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
    team_mana,
    teammate,
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
def _field_responses(state, ruleset, seat, field, code, vigilant, mana, legal, start, n, limit):
    """The responses on ``field``'s zones (the seat's own, code 0, or its teammate's, code ON_TEAMMATE): the
    Vigilant abilities of its enabled cards (looked for when ``vigilant``: a deck of the team holds one) and the
    seat's Quick Evolutions onto its bases, from legal[start + n]; returns the new n (listing stops at ``limit``)."""
    filled = occupied(state, field)
    mask = filled if vigilant else 0
    while mask:
        slot = lowest_slot(mask)
        mask &= mask - 1
        r = rec(field, slot)
        card_id = state[r + L.F_CARD]
        if state[r + L.F_STATE] != L.ST_ENABLED or not T.has(ruleset, card_id, V.W_VIGILANT):
            continue
        first = T.card(ruleset, card_id, T.C_ABILITY_FIRST)
        for k in range(T.card(ruleset, card_id, T.C_ABILITY_N)):
            a = first + k
            if (T.ability(ruleset, a, T.AB_WHEN) == V.W_VIGILANT and T.ability(ruleset, a, T.AB_COST) <= mana
                    and start + n < ROOM):
                n += with_targets(state, ruleset, field, a, np.int64(L.A_VIGILANT), slot | code, k, legal, start + n)
                if n >= limit:
                    return n
    b = seat_base(seat)
    seen = 0
    for i in range(state[b + L.P_EVO_N] if state[b + L.P_QUICK_EVO] else 0):
        card_id = state[b + L.P_EVO + i]
        if not T.has(ruleset, card_id, V.W_QUICK_EVOLUTION) or statics.play_cost(state, ruleset, seat, card_id) > mana:
            continue
        if not first_copy(state, b + L.P_EVO, i, seen):
            continue
        seen |= seen_bit(card_id)
        if code and T.card(ruleset, card_id, T.C_TYPE) == V.TYPE_HERO:
            continue  # as in the action phase (actions._field_actions)
        a = evolution_ability(ruleset, card_id)
        mask = filled
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            if base_ok(state, ruleset, field, card_id, a, slot) and start + n < ROOM:
                n += with_targets(state, ruleset, field, a, np.int64(L.A_QUICK_EVOLVE), i, slot | code, legal, start + n)
                if n >= limit:
                    return n
    return n


@njit(cache=True, _nrt=False)
def list_responses(state, ruleset, seat, legal, start, limit):
    """The responses the seat may add now, written from legal[start] (pass not included); listing
    stops once ``limit`` are found (1: is there any?). In 2v2 (rule team_shares_zones) the teammate's
    zones are the seat's as well: its mana pays, its support slot takes a Quick card when the seat's is
    full, its Vigilant cards answer, its bases take the seat's Quick Evolutions."""
    b = seat_base(seat)
    mate = teammate(state, ruleset, seat)
    quick = state[b + L.P_QUICK_HAND]
    evolving = state[b + L.P_QUICK_EVO]
    vigilant = state[b + L.P_VIGILANT_CARDS] + (state[seat_base(mate) + L.P_VIGILANT_CARDS] if mate >= 0 else 0)
    if state[L.G_CHAIN_N] >= L.MAX_LINKS or not (quick or evolving or vigilant):
        return 0  # the cached statics are not needed then (the next reader refreshes them)
    statics.ensure(state, ruleset)
    mana = team_mana(state, ruleset, seat)
    n = 0
    seen = 0
    code = 0 if free_slot(state, ruleset, seat, np.int64(1)) >= 0 else L.ON_TEAMMATE
    if quick and (code == 0 or (mate >= 0 and free_slot(state, ruleset, mate, np.int64(1)) >= 0)):
        for i in range(state[b + L.P_HAND_N]):
            card_id = state[b + L.P_HAND + i]
            if not T.has(ruleset, card_id, V.W_QUICK) or statics.play_cost(state, ruleset, seat, card_id) > mana:
                continue
            if not first_copy(state, b + L.P_HAND, i, seen):
                continue
            seen |= seen_bit(card_id)
            if start + n >= ROOM:
                continue
            n += with_targets(state, ruleset, seat, first_ability(ruleset, card_id, np.int64(V.W_QUICK)), np.int64(L.A_QUICK), i,
                              np.int64(code), legal, start + n)
            if n >= limit:
                return n
    if vigilant or evolving:
        n = _field_responses(state, ruleset, seat, seat, np.int64(0), vigilant, mana, legal, start, n, limit)
        if mate >= 0 and n < limit:
            n = _field_responses(state, ruleset, seat, mate, np.int64(L.ON_TEAMMATE), vigilant, mana, legal, start, n,
                                 limit)
    return n
