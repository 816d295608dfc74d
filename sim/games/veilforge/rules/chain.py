"""Chains: "every action can be answered". An action (a card played, an ability activated, an
attack declared, the draw phase's draw) is the chain's first link; a response window opens and
players take turns in seat order, each adding one Quick or Vigilant response at a time (or
passing); "you may even respond to your own action". When every player still in the game has
passed in a row, the chain resolves in reverse order, last in first out. Readings (RULES.md): the
actor may respond first (rule chain_opponent_first: the next seat first); in 2v2 every seat takes
its own turn to respond, so either teammate may add a card when the team may respond. A player
with no legal response passes without a decision. After the chain, the action phase continues
with the next teammate to act (rule team_actions_alternate) or the same player. The window is run
by turn.advance (state G_TODO = TODO_SEEK): `seek_responder` finds who decides, `resolve_chain`
resolves it once all have passed."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.seating import next_teammate
from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge.rules import combat, effects, evolution, responses
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.targets import attach_target_valid
from sim.games.veilforge.rules.zones import (
    DEST_GRAVE,
    alive,
    attach,
    clear,
    find_serial,
    leave_field,
    lowest_slot,
    occupied,
    rec,
    seat_base,
)


@njit(cache=True, _nrt=False)
def push_link(state, kind, seat, card_id, ability, source, source_serial, target, target_serial, answers):
    n = state[L.G_CHAIN_N]
    if n >= L.MAX_LINKS:
        state[L.G_ERROR] = L.ERROR_OVERFLOW
        return
    k = L.CHAIN_BASE + n * L.LINK_WIDTH
    state[k + L.K_KIND] = kind
    state[k + L.K_SEAT] = seat
    state[k + L.K_CARD] = card_id
    state[k + L.K_ABILITY] = ability
    state[k + L.K_SOURCE] = source
    state[k + L.K_SOURCE_SERIAL] = source_serial
    state[k + L.K_TARGET] = target
    state[k + L.K_TARGET_SERIAL] = target_serial
    state[k + L.K_NEGATED] = 0
    state[k + L.K_ANSWERS] = answers
    state[L.G_CHAIN_N] = n + 1


@njit(cache=True, forceinline=True)
def next_seat(state, seat):
    seat += 1
    return 0 if seat == state[L.G_SEATS] else seat


@njit(cache=True, _nrt=False)
def next_action_decider(state, ruleset, actor):
    """Who acts next in the action phase after ``actor`` acted (or passed): under the alternate
    reading the teammate first, then the actor; under the sequential one the actor until it
    passes, then the teammate. Nobody left: the action phase is over."""
    mate = next_teammate(actor, state[L.G_SIDES], state[L.G_SEATS])  # the actor itself in 2 players
    done = state[L.G_ACTION_DONE]
    first, second = actor, mate
    if state[L.G_PER_SIDE] > 1 and ruleset[T.R_TEAM_ACTIONS_ALTERNATE]:
        first, second = mate, actor
    for seat in (first, second):
        if alive(state, seat) and not (done >> seat) & 1:
            state[L.G_PENDING] = L.DEC_ACTION
            state[L.G_DECIDER] = seat
            return
    state[L.G_PENDING] = L.DEC_NONE
    state[L.G_PHASE] = L.PH_END


@njit(cache=True, _nrt=False, inline="always")
def resolve_link(state, ruleset, index, keys, counters, events, counts, count_cards):
    """Resolve one link; returns whether it resolved (False: negated or failed)."""
    k = L.CHAIN_BASE + index * L.LINK_WIDTH
    kind = state[k + L.K_KIND]
    seat = state[k + L.K_SEAT]
    card_id = state[k + L.K_CARD]
    ability = state[k + L.K_ABILITY]
    negated = state[k + L.K_NEGATED] != 0 or not alive(state, seat)
    target = state[k + L.K_TARGET]
    target_serial = state[k + L.K_TARGET_SERIAL]
    if kind == L.LINK_EVOLVE:
        return evolution.resolve_evolve(state, ruleset, k, keys, counters, events, counts, count_cards)
    if kind == L.LINK_DRAW:
        if negated:
            return False
        effects.draw_cards(state, ruleset, seat, ability, events, counts, count_cards)
        return True
    if kind == L.LINK_ATTACK:
        if negated:
            return False
        return combat.resolve_attack(state, ruleset, k, keys, counters, events, counts, count_cards)
    if kind == L.LINK_GRAVEYARD:
        if negated:
            return False
        b = seat_base(seat)
        for i in range(state[b + L.P_GRAVE_N]):
            if state[b + L.P_GRAVE + i] == card_id:
                return effects.resolve_ability(state, ruleset, seat, ability, np.int64(L.LOC_GRAVE), np.int64(L.REF_NONE), np.int64(0), card_id,
                                               target, target_serial, state[k + L.K_ANSWERS], keys, counters, events,
                                               counts, count_cards)
        return False
    if kind == L.LINK_ACTIVATE or kind == L.LINK_VIGILANT:
        if negated:
            return False
        return effects.resolve_ability(state, ruleset, seat, ability, np.int64(L.LOC_FIELD), state[k + L.K_SOURCE],
                                       state[k + L.K_SOURCE_SERIAL], card_id, target, target_serial,
                                       state[k + L.K_ANSWERS], keys, counters, events, counts, count_cards)
    # the slot the link's card is in: the link's seat's (a summon), or a teammate's (a spell played into it)
    field = state[k + L.K_SOURCE] >> 4
    slot = find_serial(state, field, state[k + L.K_SOURCE_SERIAL]) if alive(state, seat) else -1
    if slot < 0:
        return False
    if kind == L.LINK_SUMMON:
        if negated:
            leave_field(state, ruleset, field, slot, np.int64(DEST_GRAVE), events)  # a hero goes back to the hero zone
            return False
        effects.summoned(state, ruleset, field, slot, target, target_serial)
        return True
    # a spell, event, equipment or technology resolving from its support slot (LINK_SPELL, LINK_QUICK)
    resolved = not negated
    if resolved and ability >= 0:
        resolved = effects.resolve_ability(state, ruleset, seat, ability, np.int64(L.LOC_LIMBO), np.int64(L.REF_NONE), np.int64(0), card_id, target,
                                           target_serial, state[k + L.K_ANSWERS], keys, counters, events, counts,
                                           count_cards)
    slot = find_serial(state, field, state[k + L.K_SOURCE_SERIAL])
    if slot < 0:
        return resolved
    if T.card(ruleset, card_id, T.C_ATTACH):
        if resolved and attach_target_valid(state, ruleset, seat, card_id, target, target_serial):
            clear(state, field, slot)
            attach(state, seat, card_id, target >> 4, target_serial)
            log_event(state, events, L.EV_ATTACH, seat, card_id, target, 0, 0)
            return True
        resolved = False
    if kind == L.LINK_QUICK:
        return resolved  # "the card stays in support until the chain resolves": `resolve_chain` clears it then
    leave_field(state, ruleset, field, slot, np.int64(DEST_GRAVE), events)  # resolved or failed, to its owner's graveyard
    return resolved


@njit(cache=True, _nrt=False)
def clear_resolved_quick_cards(state, ruleset, events):
    """Once the whole chain has resolved, the Quick cards still in support leave it for their owners'
    graveyards (resolved or failed: "if it fails to resolve, it's destroyed")."""
    for seat in range(state[L.G_SEATS]):
        mask = occupied(state, seat) & L.SUPPORT_BITS
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            if state[rec(seat, slot) + L.F_STATE] == L.ST_RESOLVING:
                leave_field(state, ruleset, seat, slot, np.int64(DEST_GRAVE), events)


@njit(cache=True, _nrt=False, inline="always")
def resolve_chain(state, ruleset, keys, counters, events, counts, count_cards):
    """Last in, first out; each link settles (destruction, triggers, the end check) before the next."""
    n = state[L.G_CHAIN_N]
    if n > 1:
        state[L.G_CHAINS] += 1
    if n > state[L.G_LONGEST]:
        state[L.G_LONGEST] = n
    while state[L.G_CHAIN_N] > 0 and not state[L.G_DONE] and not state[L.G_ERROR]:
        index = state[L.G_CHAIN_N] - 1
        k = L.CHAIN_BASE + index * L.LINK_WIDTH
        resolved = resolve_link(state, ruleset, index, keys, counters, events, counts, count_cards)
        log_event(state, events, L.EV_RESOLVE if resolved else L.EV_FAIL, state[k + L.K_SEAT], state[k + L.K_CARD],
                  state[k + L.K_KIND], index, 0)
        state[L.G_CHAIN_N] = index
        effects.settle(state, ruleset, keys, counters, events, counts, count_cards)
    if n > 1 and state[L.G_CHAIN_N] == 0:
        clear_resolved_quick_cards(state, ruleset, events)
    # a match that ended mid-chain keeps the links below (their cards are still in support or limbo)


@njit(cache=True, _nrt=False, inline="always")
def seek_responder(state, ruleset, work):
    """The next seat, from the one with priority on, that has a legal response, or -1 when every
    player still in the game has passed in a row (a seat with nothing to add passes by itself)."""
    while True:
        living = 0
        for seat in range(state[L.G_SEATS]):
            if alive(state, seat):
                living += 1
        if state[L.G_PASSES] >= living:
            return -1
        seat = state[L.G_PRIORITY]
        if alive(state, seat):
            if responses.list_responses(state, ruleset, seat, work, np.int64(0), np.int64(1)) > 0:
                return seat
            state[L.G_PASSES] += 1
        state[L.G_PRIORITY] = next_seat(state, seat)


@njit(cache=True, inline="always")
def open_window(state, ruleset, actor):
    """The action just announced by ``actor`` may be answered: its actor first (rule
    chain_opponent_first: the next seat first)."""
    state[L.G_CHAIN_ACTOR] = actor
    state[L.G_PASSES] = 0
    state[L.G_PRIORITY] = next_seat(state, actor) if ruleset[T.R_CHAIN_OPPONENT_FIRST] else actor
    state[L.G_TODO] = L.TODO_SEEK


@njit(cache=True, inline="always")
def responded(state, seat):
    """A response was added: the next seat may answer it."""
    state[L.G_PASSES] = 0
    state[L.G_RESPONSES] += 1
    state[seat_base(seat) + L.P_RESPONSES] += 1
    state[L.G_PRIORITY] = next_seat(state, seat)
    state[L.G_TODO] = L.TODO_SEEK


@njit(cache=True, inline="always")
def passed(state, seat, events):
    state[L.G_PASSES] += 1
    state[L.G_PRIORITY] = next_seat(state, seat)
    state[L.G_TODO] = L.TODO_SEEK
    log_event(state, events, L.EV_RESPOND_PASS, seat, 0, 0, 0, 0)
