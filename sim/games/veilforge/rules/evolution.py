"""Evolution: an evolution card (from the evolution deck) transforms a card in play once its
requirement (`from: {card}` or `from: {class}`, a base of the same type) is met. An evolved hero
takes the base hero's place and card state, with its attachments; the base hero is removed from
the game (not the banish zone). An evolved creature or structure is summoned into the base's slot,
disabled unless stated otherwise, with the base's attachments; the base goes to the graveyard
(rule evolved_base_removed: removed from the game instead). In 2v2 a player may evolve onto a base in
the teammate's zones: the evolved card is the player's (its owner), controlled by the zone's player, and
the base goes to its own owner's pile."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules.effects import entry_state, resolve_ability, summoned
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.zones import clear, find_serial, pile_push, place, rec, repoint_attachments


@njit(cache=True, _nrt=False)
def evolution_ability(ruleset, card_id):
    """The card's evolution (or quick evolution) ability, -1 if it has none."""
    first = T.card(ruleset, card_id, T.C_ABILITY_FIRST)
    for a in range(first, first + T.card(ruleset, card_id, T.C_ABILITY_N)):
        when = T.ability(ruleset, a, T.AB_WHEN)
        if when == V.W_EVOLUTION or when == V.W_QUICK_EVOLUTION:
            return a
    return -1


@njit(cache=True, _nrt=False)
def base_ok(state, ruleset, seat, evolved, ability, slot):
    """Is the card in the seat's ``slot`` a base the evolution card may evolve from?"""
    r = rec(seat, slot)
    base = state[r + L.F_CARD]
    if base < 0 or state[r + L.F_STATE] == L.ST_RESOLVING:
        return False
    if T.card(ruleset, base, T.C_TYPE) != T.card(ruleset, evolved, T.C_TYPE):
        return False
    from_card = T.ability(ruleset, ability, T.AB_FROM_CARD)
    if from_card >= 0:
        return base == from_card
    return (T.card(ruleset, base, T.C_CLASSES) & T.ability(ruleset, ability, T.AB_FROM_CLASSES)) != 0


@njit(cache=True, _nrt=False, inline="always")
def resolve_evolve(state, ruleset, link, keys, counters, events, counts, count_cards):
    """Resolve an evolve link. Fails (the evolution card to the graveyard) when negated or when the
    base has left play."""
    seat = state[link + L.K_SEAT]  # the evolution card's player (its owner)
    field = state[link + L.K_SOURCE] >> 4  # the base's: the seat's, or its teammate's (2v2)
    evolved = state[link + L.K_CARD]
    slot = find_serial(state, field, state[link + L.K_SOURCE_SERIAL])
    if state[link + L.K_NEGATED] or slot < 0:
        pile_push(state, seat, L.P_GRAVE_N, L.P_GRAVE, evolved)
        return False
    r = rec(field, slot)
    base = state[r + L.F_CARD]
    base_owner = state[r + L.F_OWNER]
    old_serial = state[r + L.F_SERIAL]
    kind = T.card(ruleset, base, T.C_TYPE)
    if kind == V.TYPE_HERO:
        card_state = state[r + L.F_STATE]
        attacked = state[r + L.F_ATTACKED]
        clear(state, field, slot)
        new_serial = place(state, field, slot, evolved, card_state, seat)
        state[r + L.F_ATTACKED] = attacked  # the same hero, evolved: its attack this turn is spent
        repoint_attachments(state, field, old_serial, new_serial)
        pile_push(state, base_owner, L.P_REMOVED_N, L.P_REMOVED, base)
    else:
        clear(state, field, slot)
        if ruleset[T.R_EVOLVED_BASE_REMOVED]:
            pile_push(state, base_owner, L.P_REMOVED_N, L.P_REMOVED, base)
        else:
            pile_push(state, base_owner, L.P_GRAVE_N, L.P_GRAVE, base)
        new_serial = place(state, field, slot, evolved, entry_state(ruleset, evolved), seat)
        repoint_attachments(state, field, old_serial, new_serial)
        summoned(state, ruleset, field, slot, np.int64(L.REF_NONE), np.int64(0))
    state[L.SEATS_BASE + seat * L.SEAT_SIZE + L.P_EVOLVES] += 1
    log_event(state, events, L.EV_EVOLVE, field, evolved, base, slot, 0)
    ability = state[link + L.K_ABILITY]
    if T.ability(ruleset, ability, T.AB_EFFECT_N) > 0:
        resolve_ability(state, ruleset, field, ability, np.int64(L.LOC_FIELD), field * 16 + slot, new_serial, evolved,
                        state[link + L.K_TARGET], state[link + L.K_TARGET_SERIAL], state[link + L.K_ANSWERS], keys,
                        counters, events, counts, count_cards)
    return True
