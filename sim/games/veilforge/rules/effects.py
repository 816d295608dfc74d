"""The effect vocabulary (vocab.OPS) at work: resolving an ability's effects on its selectors,
triggered abilities (summon, destroy, start, end, attack) queued first in, first out and resolved
when their event is over, and destruction: a card whose health is reduced to 0 is destroyed (a
hero returns to the hero zone disabled instead). No function here calls itself through another:
an effect that destroys a card queues the card's destroy abilities, which `settle` resolves."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules import mana, statics, targets
from sim.games.veilforge.rules.ending import check_end, lose
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.zones import (
    DEST_BANISH,
    DEST_GRAVE,
    DEST_HAND,
    above,
    alive,
    battle_count,
    free_slot,
    hand_add,
    hand_take,
    leave_field,
    lowest_slot,
    move_record,
    occupied,
    pile_push,
    pile_take,
    place,
    rec,
    same_side,
    seat_base,
    zone_span,
)


@njit(cache=True, _nrt=False)
def draw_cards(state, ruleset, seat, n, events, counts, count_cards):
    """Draw ``n`` cards; drawing from an empty main deck loses the game."""
    b = seat_base(seat)
    for _ in range(n):
        if state[b + L.P_DECK_N] == 0:
            lose(state, seat, np.int64(V.END_DECK_DRAW), events)
            return
        state[b + L.P_DECK_N] -= 1
        card_id = state[b + L.P_DECK + state[b + L.P_DECK_N]]
        hand_add(state, ruleset, seat, card_id)
        state[b + L.P_DRAWS] += 1
        if count_cards:
            counts[seat, card_id, L.COUNT_DRAWN] += 1
        log_event(state, events, L.EV_DRAW, seat, card_id, state[b + L.P_DECK_N], 0, 0)


@njit(cache=True, forceinline=True)
def entry_state(ruleset, card_id):
    """Cards enter disabled "unless stated otherwise" (the swift keyword)."""
    if T.card(ruleset, card_id, T.C_KEYWORDS) & V.KW_SWIFT:
        return L.ST_ENABLED
    return L.ST_DISABLED


@njit(cache=True, _nrt=False)
def queue_trigger(state, seat, card_id, ability, loc, source, serial, target, target_serial):
    tail = state[L.G_TRIG_TAIL]
    if tail >= L.MAX_TRIGGERS:
        state[L.G_ERROR] = L.ERROR_OVERFLOW
        return
    t = L.TRIG_BASE + tail * L.TRIG_WIDTH
    state[t + L.T_SEAT] = seat
    state[t + L.T_CARD] = card_id
    state[t + L.T_ABILITY] = ability
    state[t + L.T_LOC] = loc
    state[t + L.T_SOURCE] = source
    state[t + L.T_SOURCE_SERIAL] = serial
    state[t + L.T_TARGET] = target
    state[t + L.T_TARGET_SERIAL] = target_serial
    state[L.G_TRIG_TAIL] = tail + 1


@njit(cache=True, _nrt=False)
def queue_card_triggers(state, ruleset, seat, card_id, when, loc, source, serial, target, target_serial):
    """Queue every ability of kind ``when`` of a card."""
    if not T.has(ruleset, card_id, when):
        return
    first = T.card(ruleset, card_id, T.C_ABILITY_FIRST)
    for a in range(first, first + T.card(ruleset, card_id, T.C_ABILITY_N)):
        if T.ability(ruleset, a, T.AB_WHEN) == when:
            queue_trigger(state, seat, card_id, a, loc, source, serial, target, target_serial)


@njit(cache=True, _nrt=False)
def summoned(state, ruleset, seat, slot, target, target_serial):
    """A card has been summoned into (seat, slot): its summon abilities fire."""
    r = rec(seat, slot)
    queue_card_triggers(state, ruleset, seat, state[r + L.F_CARD], np.int64(V.W_SUMMON), np.int64(L.LOC_FIELD), seat * 16 + slot,
                        state[r + L.F_SERIAL], target, target_serial)


@njit(cache=True, _nrt=False)
def destroy(state, ruleset, seat, slot, events):
    """Destroy the card in (seat, slot): to the graveyard (a hero: back to the hero zone, disabled),
    its attachments with it; its destroy abilities fire from the graveyard."""
    card_id = state[rec(seat, slot) + L.F_CARD]
    log_event(state, events, L.EV_DESTROY, seat, card_id, slot, 0, 0)
    if T.card(ruleset, card_id, T.C_TYPE) != V.TYPE_HERO:
        queue_card_triggers(state, ruleset, state[rec(seat, slot) + L.F_OWNER], card_id, np.int64(V.W_DESTROY), np.int64(L.LOC_GRAVE),
                            np.int64(L.REF_NONE), np.int64(0), np.int64(L.REF_NONE), np.int64(0))
    leave_field(state, ruleset, seat, slot, np.int64(DEST_GRAVE), events)


@njit(cache=True, _nrt=False)
def sweep_deaths(state, ruleset, events):
    """Destroy every card on the field whose health is 0 or less, until none is left."""
    while state[L.G_DEATH_DIRTY] and not state[L.G_DONE]:
        state[L.G_DEATH_DIRTY] = 0
        for seat in range(state[L.G_SEATS]):
            if not alive(state, seat):
                continue
            statics.ensure(state, ruleset)
            mask = occupied(state, seat) & L.IN_PLAY_BITS
            while mask:
                slot = lowest_slot(mask)
                mask &= mask - 1
                r = rec(seat, slot)
                if state[r + L.F_STATE] != L.ST_RESOLVING and state[r + L.F_DAMAGE] >= state[r + L.F_EFF_HEALTH]:
                    destroy(state, ruleset, seat, slot, events)
                    statics.ensure(state, ruleset)
                    mask = above(occupied(state, seat) & L.IN_PLAY_BITS, slot)  # the field as the destruction left it


@njit(cache=True, _nrt=False)
def scaled(state, controller, effect_amount, scale):
    if scale == V.SCALE_NONE:
        return effect_amount
    if scale == V.SCALE_FACE_UP_MANA:
        return effect_amount * mana.face_up_count(state, controller)
    if scale == V.SCALE_BATTLE_CARDS:
        return effect_amount * battle_count(state, controller)
    return effect_amount * state[seat_base(controller) + L.P_HAND_N]


@njit(cache=True, _nrt=False)
def card_op(state, ruleset, effect, amount, seat, slot, events):
    """One effect on the card in (seat, slot). Heroes in the hero zone take no damage and are not
    destroyed, returned or banished (they are there already)."""
    op = T.effect(ruleset, effect, T.E_OP)
    r = rec(seat, slot)
    card_id = state[r + L.F_CARD]
    in_play = slot >= L.BATTLE_FIRST
    if op == V.OP_DAMAGE:
        if in_play:
            state[r + L.F_DAMAGE] += amount
            state[L.G_DEATH_DIRTY] = 1
            log_event(state, events, L.EV_HIT, seat, card_id, amount, slot, 0)
    elif op == V.OP_HEAL:
        state[r + L.F_DAMAGE] = max(0, state[r + L.F_DAMAGE] - amount)
    elif op == V.OP_DESTROY:
        if in_play:
            destroy(state, ruleset, seat, slot, events)
    elif op == V.OP_RETURN:
        if in_play:
            leave_field(state, ruleset, seat, slot, np.int64(DEST_HAND), events)
    elif op == V.OP_BANISH:
        if in_play:
            leave_field(state, ruleset, seat, slot, np.int64(DEST_BANISH), events)
    elif op == V.OP_DISABLE:
        if state[r + L.F_STATE] == L.ST_ENABLED:
            state[r + L.F_STATE] = L.ST_DISABLED
    elif op == V.OP_EXHAUST:
        state[r + L.F_STATE] = L.ST_EXHAUSTED
    elif op == V.OP_ENABLE:
        state[r + L.F_STATE] = L.ST_ENABLED
    elif op == V.OP_BUFF:
        permanent = T.effect(ruleset, effect, T.E_DURATION) == V.DURATION_PERMANENT
        if T.effect(ruleset, effect, T.E_STAT) == V.STAT_DAMAGE:
            state[r + (L.F_PERM_DAMAGE if permanent else L.F_TEMP_DAMAGE)] += amount
        else:
            state[r + (L.F_PERM_HEALTH if permanent else L.F_TEMP_HEALTH)] += amount
        state[L.G_STATIC_DIRTY] = 1
        state[L.G_DEATH_DIRTY] = 1
    elif op == V.OP_MOVE:
        # "The destination needs an open slot or the move fails, and the card keeps its current state
        # and attachments" (and its serial: it is the same card)
        dest = T.effect(ruleset, effect, T.E_DEST)
        if in_play and ((dest == 0) != (slot < L.SUPPORT_FIRST)):
            to = free_slot(state, ruleset, seat, dest)
            if to >= 0:
                move_record(state, seat, slot, to)
    log_event(state, events, L.EV_EFFECT, seat, op, card_id, amount, slot)


@njit(cache=True, _nrt=False)
def player_op(state, ruleset, effect, amount, seat, keys, counters, events, counts, count_cards):
    op = T.effect(ruleset, effect, T.E_OP)
    b = seat_base(seat)
    log_event(state, events, L.EV_EFFECT, seat, op, -1, amount, -1)
    if op == V.OP_DAMAGE:
        state[b + L.P_LIFE] -= amount
        if state[b + L.P_LIFE] <= 0:
            lose(state, seat, np.int64(V.END_LIFE), events)
    elif op == V.OP_HEAL:
        life = state[b + L.P_LIFE] + amount
        if not ruleset[T.R_HEAL_ABOVE_START] and life > state[b + L.P_START_LIFE]:
            life = max(state[b + L.P_START_LIFE], state[b + L.P_LIFE])
        state[b + L.P_LIFE] = life
    elif op == V.OP_DRAW:
        draw_cards(state, ruleset, seat, amount, events, counts, count_cards)
    elif op == V.OP_DISCARD:
        for _ in range(amount):
            n = state[b + L.P_HAND_N]
            if n == 0:
                break
            card_id = hand_take(state, ruleset, seat, rng.next_below(keys, counters, L.CHANCE, n))
            pile_push(state, seat, L.P_GRAVE_N, L.P_GRAVE, card_id)
    elif op == V.OP_MANA_ADD:
        mana.add_from_deck(state, ruleset, seat, amount, events)
    elif op == V.OP_MANA_FLIP:
        mana.flip_up(state, seat, amount)
    elif op == V.OP_MANA_FLIP_DOWN:
        mana.flip_down(state, seat, amount)
    elif op == V.OP_MANA_BURN:
        mana.burn(state, seat, amount, events)


@njit(cache=True, _nrt=False)
def summon_self(state, ruleset, seat, card_id, dest, events):
    """A card summons itself from its owner's graveyard into the zone ``dest`` (0 battle, 1
    support): it needs an open slot; it enters disabled unless swift; its summon abilities fire."""
    b = seat_base(seat)
    index = -1
    for i in range(state[b + L.P_GRAVE_N] - 1, -1, -1):
        if state[b + L.P_GRAVE + i] == card_id:
            index = i
            break
    if index < 0:
        return
    slot = free_slot(state, ruleset, seat, dest)
    if slot < 0:
        return
    pile_take(state, seat, np.int64(L.P_GRAVE_N), np.int64(L.P_GRAVE), index)
    place(state, seat, slot, card_id, entry_state(ruleset, card_id), seat)
    log_event(state, events, L.EV_PLAY, seat, card_id, slot, 1, 0)
    summoned(state, ruleset, seat, slot, np.int64(L.REF_NONE), np.int64(0))


@njit(cache=True, _nrt=False)
def resolve_ability(state, ruleset, controller, ability, loc, source, source_serial, source_card, target,
                    target_serial, answers, keys, counters, events, counts, count_cards):
    """Resolve an ability's effects in order. It fails to resolve (returns False, nothing happens)
    when its chosen target is no longer valid. `answers` is the chain link it responds to."""
    if not targets.ability_target_valid(state, ruleset, controller, ability, target, target_serial):
        return False
    first = T.ability(ruleset, ability, T.AB_EFFECT_FIRST)
    for e in range(first, first + T.ability(ruleset, ability, T.AB_EFFECT_N)):
        if state[L.G_DONE]:
            break
        selector = T.effect(ruleset, e, T.E_SELECTOR)
        amount = scaled(state, controller, T.effect(ruleset, e, T.E_AMOUNT), T.effect(ruleset, e, T.E_SCALE))
        op = T.effect(ruleset, e, T.E_OP)
        if selector == V.S_TARGET or selector == V.S_HOST:
            seat, slot = targets.locate(state, target, target_serial)
            if slot >= 0:
                card_op(state, ruleset, e, amount, seat, slot, events)
            elif seat >= 0:
                player_op(state, ruleset, e, amount, seat, keys, counters, events, counts, count_cards)
        elif selector == V.S_SELF:
            if op == V.OP_SUMMON:
                summon_self(state, ruleset, controller, source_card, T.effect(ruleset, e, T.E_DEST), events)
            elif loc == L.LOC_FIELD:
                seat, slot = targets.locate(state, source, source_serial)
                if slot >= 0:
                    card_op(state, ruleset, e, amount, seat, slot, events)
        elif selector == V.S_YOU:
            player_op(state, ruleset, e, amount, controller, keys, counters, events, counts, count_cards)
        elif selector == V.S_OPPONENTS or selector == V.S_EACH_PLAYER:
            for seat in range(state[L.G_SEATS]):
                if alive(state, seat) and (selector == V.S_EACH_PLAYER or not same_side(state, seat, controller)):
                    player_op(state, ruleset, e, amount, seat, keys, counters, events, counts, count_cards)
        elif selector == V.S_ALL:
            zones = T.effect(ruleset, e, T.E_ZONES)
            owner = T.effect(ruleset, e, T.E_OWNER)
            types = T.effect(ruleset, e, T.E_TYPES)
            classes = T.effect(ruleset, e, T.E_CLASSES)
            first, stop = zone_span(zones)
            for seat in range(state[L.G_SEATS]):
                if not statics.owner_ok(state, controller, seat, owner):
                    continue
                for slot in range(first, stop):
                    if alive(state, seat) and statics.card_passes(state, ruleset, zones, types, classes, seat, slot):
                        card_op(state, ruleset, e, amount, seat, slot, events)
        elif selector == V.S_RANDOM:
            seat, slot = targets.random_card(state, ruleset, controller, T.effect(ruleset, e, T.E_ZONES),
                                             T.effect(ruleset, e, T.E_OWNER), T.effect(ruleset, e, T.E_TYPES),
                                             T.effect(ruleset, e, T.E_CLASSES), keys, counters)
            if slot >= 0:
                card_op(state, ruleset, e, amount, seat, slot, events)
        elif selector == V.S_LINK:
            if 0 <= answers < state[L.G_CHAIN_N]:
                state[L.CHAIN_BASE + answers * L.LINK_WIDTH + L.K_NEGATED] = 1
                log_event(state, events, L.EV_EFFECT, controller, op, answers, 0, -1)
        sweep_deaths(state, ruleset, events)
        check_end(state, events)
    return True


@njit(cache=True, _nrt=False)
def settle(state, ruleset, keys, counters, events, counts, count_cards):
    """After an event: destroy what has 0 health, resolve the queued triggered abilities in order
    (a summon ability whose target was not chosen with the play picks a random valid one), and
    check whether the match is over."""
    sweep_deaths(state, ruleset, events)
    head = state[L.G_TRIG_HEAD]
    while head < state[L.G_TRIG_TAIL] and not state[L.G_DONE] and not state[L.G_ERROR]:
        t = L.TRIG_BASE + head * L.TRIG_WIDTH
        head += 1
        state[L.G_TRIG_HEAD] = head
        seat = state[t + L.T_SEAT]
        if not alive(state, seat):
            continue
        ability = state[t + L.T_ABILITY]
        target = state[t + L.T_TARGET]
        target_serial = state[t + L.T_TARGET_SERIAL]
        if target == L.REF_NONE and T.ability(ruleset, ability, T.AB_TARGET_KIND) != V.TARGET_NONE:
            target, target_serial = targets.random_target(state, ruleset, seat, ability, keys, counters)
            if target == L.REF_NONE:
                log_event(state, events, L.EV_FAIL, seat, state[t + L.T_CARD], 0, 0, 0)
                continue
        log_event(state, events, L.EV_TRIGGER, seat, state[t + L.T_CARD], T.ability(ruleset, ability, T.AB_WHEN), target, 0)
        resolve_ability(state, ruleset, seat, ability, state[t + L.T_LOC], state[t + L.T_SOURCE],
                        state[t + L.T_SOURCE_SERIAL], state[t + L.T_CARD], target, target_serial, np.int64(-1), keys, counters,
                        events, counts, count_cards)
        sweep_deaths(state, ruleset, events)
        check_end(state, events)
    state[L.G_TRIG_HEAD] = 0
    state[L.G_TRIG_TAIL] = 0
    check_end(state, events)
