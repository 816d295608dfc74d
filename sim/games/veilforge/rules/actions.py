"""The action phase: "In any order, play cards, activate abilities, and attack". Every action is
announced here (its card placed, its cost paid, its link pushed) and then opens a response window
(chain.py). The legal actions of a player in their action phase:
- pass: end their action phase;
- play a card from the hand: a creature (battle zone, or the support zone when its `zone` says so)
  or a structure (support zone) into an open slot, disabled; a spell, event, equipment or
  technology into an open support slot, where it resolves (an attaching card then attaches to its
  chosen main card and leaves the slot); its cost in mana;
- summon an enabled hero from the hero zone to an open battle slot (its cost: the reading of the
  hero's printed cost);
- activate an `activate` ability of an enabled card in the hero, battle or support zone (it
  disables the card: a card attacks or activates once per turn);
- attack with an enabled hero or creature in the battle zone (it disables the card);
- evolve: an evolution card onto a base that meets its requirement;
- use a `graveyard` ability of a card in the graveyard (it resolves there).
Identical cards in a zone are listed once (the first copy), so the choice is between kinds of card.
An announced ability with a chosen target needs a valid one; a creature's summon ability that
finds none lets the creature be played and then fails."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import policy
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules import chain, statics
from sim.games.veilforge.rules.combat import attack_targets, can_attack
from sim.games.veilforge.rules.effects import entry_state
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.evolution import base_ok, evolution_ability
from sim.games.veilforge.rules.responses import ROOM, first_ability, with_targets
from sim.games.veilforge.rules.targets import attach_targets, serial_of
from sim.games.veilforge.rules.zones import (
    clear,
    evo_take,
    field_of,
    first_copy,
    free_slot,
    hand_take,
    lowest_slot,
    occupied,
    place,
    rec,
    seat_base,
    seen_bit,
    team_mana,
    teammate,
)


@njit(cache=True, _nrt=False)
def _summon_choices(state, ruleset, seat, card_id, kind, a, code, legal, start, values, weights, score, base):
    """A card that is summoned: one action (kind, a, ``code``) per target of its summon ability, else one
    without (each valued ``base`` plus its summon ability's effects when ``score``)."""
    ability = first_ability(ruleset, card_id, np.int64(V.W_SUMMON))
    n = 0
    if ability >= 0 and T.ability(ruleset, ability, T.AB_TARGET_KIND) != V.TARGET_NONE:
        n = with_targets(state, ruleset, seat, ability, kind, a, code, legal, start)
    if n == 0:
        legal[start] = (kind << 24) | (a << 16) | (code << 8) | L.REF_NONE
        n = 1
    if score:
        policy.score_span(state, ruleset, seat, legal, values, start, start + n, base, ability, weights)
    return n


@njit(cache=True, _nrt=False)
def _ability_actions(state, ruleset, seat, card_id, when, kind, a, code, mana_n, legal, n, values, weights, score):
    """The actions (kind, a, ability number | ``code``) of the card's ``when`` abilities (activate, graveyard)
    that can be paid for, one per target, listed from legal[n] (and valued when ``score``); ``seat`` is the
    abilities' controller. Returns the new n."""
    first = T.card(ruleset, card_id, T.C_ABILITY_FIRST)
    for k in range(T.card(ruleset, card_id, T.C_ABILITY_N)):
        ability = first + k
        cost = T.ability(ruleset, ability, T.AB_COST)
        if T.ability(ruleset, ability, T.AB_WHEN) == when and cost <= mana_n and n < ROOM:
            listed = with_targets(state, ruleset, seat, ability, kind, a, k | code, legal, n)
            if score:
                policy.score_span(state, ruleset, seat, legal, values, n, n + listed, weights[policy.W_SPEND] * cost,
                                  ability, weights)
                if (kind == L.A_GRAVEYARD
                        and T.effect(ruleset, T.ability(ruleset, ability, T.AB_EFFECT_FIRST), T.E_OP) == V.OP_SUMMON):
                    for j in range(n, n + listed):
                        values[j] += weights[policy.W_BOARD] * policy.stats_of(ruleset, card_id)
            n += listed
    return n


@njit(cache=True, _nrt=False)
def _field_actions(state, ruleset, seat, field, code, mana_n, legal, n, values, weights, score):
    """The actions on ``field``'s zones (the seat's own, code 0, or its teammate's, code ON_TEAMMATE): summon
    an enabled hero, activate, attack, evolve the seat's evolution cards onto a base there, use a graveyard
    ability. Their controller is ``field``, the player whose zones hold the card. Returns the new n."""
    filled = occupied(state, field)
    if free_slot(state, ruleset, field, np.int64(0)) >= 0:
        mask = filled & L.HERO_BITS
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            r = rec(field, slot)
            card_id = state[r + L.F_CARD]
            if state[r + L.F_STATE] != L.ST_ENABLED or n >= ROOM:
                continue
            cost = statics.play_cost(state, ruleset, field, card_id)
            if cost <= mana_n:
                base = (weights[policy.W_HERO] + weights[policy.W_BOARD] * policy.stats_of(ruleset, card_id)
                        + weights[policy.W_SPEND] * cost) if score else 0.0
                n += _summon_choices(state, ruleset, field, card_id, np.int64(L.A_HERO), slot | code, np.int64(0), legal,
                                     n, values, weights, score, base)
    mask = filled
    while mask:
        slot = lowest_slot(mask)
        mask &= mask - 1
        r = rec(field, slot)
        card_id = state[r + L.F_CARD]
        if state[r + L.F_STATE] != L.ST_ENABLED:
            continue
        if T.has(ruleset, card_id, V.W_ACTIVATE):
            n = _ability_actions(state, ruleset, field, card_id, np.int64(V.W_ACTIVATE), np.int64(L.A_ACTIVATE),
                                 slot | code, np.int64(0), mana_n, legal, n, values, weights, score)
        if can_attack(state, ruleset, field, slot) and n < ROOM:
            k = attack_targets(state, ruleset, field, slot, legal, n)
            for j in range(n, n + k):
                legal[j] = (L.A_ATTACK << 24) | ((slot | code) << 16) | legal[j]
            if score:
                policy.score_attacks(state, ruleset, field, slot, legal, values, n, n + k, weights)
            n += k
    b = seat_base(seat)
    seen = 0
    for i in range(state[b + L.P_EVO_N]):
        card_id = state[b + L.P_EVO + i]
        if not T.has(ruleset, card_id, V.W_EVOLUTION) or not first_copy(state, b + L.P_EVO, i, seen):
            continue
        seen |= seen_bit(card_id)
        if code and T.card(ruleset, card_id, T.C_TYPE) == V.TYPE_HERO:
            continue  # an evolved hero takes its base's place in the base owner's hero zone: never another's card
        cost = statics.play_cost(state, ruleset, seat, card_id)
        if cost > mana_n:
            continue
        a = evolution_ability(ruleset, card_id)
        mask = filled
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            if base_ok(state, ruleset, field, card_id, a, slot) and n < ROOM:
                k = with_targets(state, ruleset, field, a, np.int64(L.A_EVOLVE), i, slot | code, legal, n)
                if score:
                    base = state[rec(field, slot) + L.F_CARD]
                    worth = (weights[policy.W_EVOLVE] + weights[policy.W_BOARD]
                             * (policy.stats_of(ruleset, card_id) - policy.stats_of(ruleset, base))
                             + weights[policy.W_SPEND] * cost)
                    policy.score_span(state, ruleset, field, legal, values, n, n + k, worth, a, weights)
                n += k
    g = seat_base(field)
    seen = 0
    for i in range(state[g + L.P_GRAVE_N]):
        card_id = state[g + L.P_GRAVE + i]
        if T.has(ruleset, card_id, V.W_GRAVEYARD) and first_copy(state, g + L.P_GRAVE, i, seen):
            seen |= seen_bit(card_id)
            n = _ability_actions(state, ruleset, field, card_id, np.int64(V.W_GRAVEYARD), np.int64(L.A_GRAVEYARD), i,
                                 code, mana_n, legal, n, values, weights, score)
    return n


@njit(cache=True, _nrt=False)
def action_phase_actions(state, ruleset, seat, legal, values, weights, score):
    """Every legal action of ``seat`` in its action phase; legal[0] is pass. With ``score``, the
    greedy bot's value of each action (its ``weights``) is written to ``values`` as it is listed,
    from what the listing already knows (card, cost, ability): the values `policy.action_value`
    gives, summed in the same order. In 2v2 (rule team_shares_zones) the teammate's zones are the
    seat's as well: its mana pays, its open slots take the seat's creatures and structures (and a
    spell when the seat's own support zone is full), its cards are used as the seat's own."""
    statics.ensure(state, ruleset)
    b = seat_base(seat)
    mate = teammate(state, ruleset, seat)
    mana_n = team_mana(state, ruleset, seat)
    legal[0] = L.A_PASS << 24 | L.REF_NONE
    if score:
        values[0] = weights[policy.W_PASS]
    n = 1
    support_open = free_slot(state, ruleset, seat, np.int64(1)) >= 0
    battle_open = free_slot(state, ruleset, seat, np.int64(0)) >= 0
    mate_support_open = mate >= 0 and free_slot(state, ruleset, mate, np.int64(1)) >= 0
    mate_battle_open = mate >= 0 and free_slot(state, ruleset, mate, np.int64(0)) >= 0
    seen = 0
    for i in range(state[b + L.P_HAND_N]):
        card_id = state[b + L.P_HAND + i]
        if n >= ROOM or not first_copy(state, b + L.P_HAND, i, seen):
            continue
        seen |= seen_bit(card_id)
        cost = statics.play_cost(state, ruleset, seat, card_id)
        if cost > mana_n:
            continue
        # weights are read only when scoring: an unscored bot's weights row is empty (random)
        spend = weights[policy.W_SPEND] * cost if score else 0.0
        kind = T.card(ruleset, card_id, T.C_TYPE)
        if kind == V.TYPE_CREATURE or kind == V.TYPE_STRUCTURE:
            to_support = T.card(ruleset, card_id, T.C_ZONE)
            worth = spend + weights[policy.W_BOARD] * policy.stats_of(ruleset, card_id) if score else 0.0
            if support_open if to_support else battle_open:
                n += _summon_choices(state, ruleset, seat, card_id, np.int64(L.A_PLAY), i, np.int64(0), legal, n,
                                     values, weights, score, worth)
            if (mate_support_open if to_support else mate_battle_open) and n < ROOM:
                n += _summon_choices(state, ruleset, mate, card_id, np.int64(L.A_PLAY), i, np.int64(L.ON_TEAMMATE),
                                     legal, n, values, weights, score, worth)
        elif support_open or mate_support_open:
            code = 0 if support_open else L.ON_TEAMMATE  # where it resolves changes nothing but the slot
            ability = first_ability(ruleset, card_id, np.int64(V.W_HAND))
            if T.card(ruleset, card_id, T.C_ATTACH):
                k = attach_targets(state, ruleset, seat, card_id, legal, n)
                for j in range(n, n + k):
                    legal[j] = (L.A_PLAY << 24) | (i << 16) | (code << 8) | legal[j]
                if score:
                    policy.score_attach_span(state, ruleset, seat, legal, values, n, n + k, spend, ability,
                                             first_ability(ruleset, card_id, np.int64(V.W_PASSIVE)), weights)
                n += k
            elif ability >= 0:
                k = with_targets(state, ruleset, seat, ability, np.int64(L.A_PLAY), i, np.int64(code), legal, n)
                if score:
                    policy.score_span(state, ruleset, seat, legal, values, n, n + k, spend, ability, weights)
                n += k
    n = _field_actions(state, ruleset, seat, seat, np.int64(0), mana_n, legal, n, values, weights, score)
    if mate >= 0:
        n = _field_actions(state, ruleset, seat, mate, np.int64(L.ON_TEAMMATE), mana_n, legal, n, values, weights,
                           score)
    return n


@njit(cache=True, _nrt=False)
def announce(state, ruleset, seat, action, events, counts, count_cards):
    """Put an action (or a response) on the chain: its card placed, its state changed; returns the
    mana it costs (paid next)."""
    kind = action >> 24
    a = (action >> 16) & 255
    bb = (action >> 8) & 255
    target = action & 255
    target_serial = serial_of(state, target) if target < L.REF_PLAYER else 0
    answers = state[L.G_CHAIN_N] - 1
    b = seat_base(seat)
    statics.ensure(state, ruleset)
    cost = 0
    if kind == L.A_PLAY or kind == L.A_QUICK:
        # the card goes into the zone the action names (the seat's or its teammate's), the seat's own card
        field, _ = field_of(state, seat, bb)
        card_id = state[b + L.P_HAND + a]
        cost = statics.play_cost(state, ruleset, seat, card_id)
        hand_take(state, ruleset, seat, a)
        state[b + L.P_PLAYS] += 1
        if count_cards:
            counts[seat, card_id, L.COUNT_PLAYED] += 1
        card_kind = T.card(ruleset, card_id, T.C_TYPE)
        if card_kind == V.TYPE_CREATURE or card_kind == V.TYPE_STRUCTURE:
            slot = free_slot(state, ruleset, field, T.card(ruleset, card_id, T.C_ZONE))
            serial = place(state, field, slot, card_id, entry_state(ruleset, card_id), seat)
            statics.entered(state, ruleset, field, slot)  # clean before: `ensure` above
            chain.push_link(state, np.int64(L.LINK_SUMMON), field, card_id, first_ability(ruleset, card_id, np.int64(V.W_SUMMON)),
                            field * 16 + slot, serial, target, target_serial, np.int64(-1))
        else:
            # a spell is its player's, wherever it resolves: the link is the seat's, its slot the field's
            slot = free_slot(state, ruleset, field, np.int64(1))
            serial = place(state, field, slot, card_id, np.int64(L.ST_RESOLVING), seat)
            statics.entered(state, ruleset, field, slot)  # clean before: `ensure` above
            link = L.LINK_QUICK if kind == L.A_QUICK else L.LINK_SPELL
            ability = first_ability(ruleset, card_id, V.W_QUICK if kind == L.A_QUICK else V.W_HAND)
            chain.push_link(state, link, seat, card_id, ability, field * 16 + slot, serial, target, target_serial,
                            answers if kind == L.A_QUICK else -1)
        log_event(state, events, L.EV_PLAY, seat, card_id, slot | (bb & L.ON_TEAMMATE), 0, target)
    elif kind == L.A_HERO:
        field, hero_slot = field_of(state, seat, a)
        card_id = state[rec(field, hero_slot) + L.F_CARD]
        cost = statics.play_cost(state, ruleset, field, card_id)
        clear(state, field, hero_slot)
        slot = free_slot(state, ruleset, field, np.int64(0))
        serial = place(state, field, slot, card_id, entry_state(ruleset, card_id), field)
        chain.push_link(state, np.int64(L.LINK_SUMMON), field, card_id, first_ability(ruleset, card_id, np.int64(V.W_SUMMON)),
                        field * 16 + slot, serial, target, target_serial, np.int64(-1))
        log_event(state, events, L.EV_HERO, seat, card_id, slot | (a & L.ON_TEAMMATE), 0, target)
    elif kind == L.A_ACTIVATE or kind == L.A_VIGILANT:
        field, slot = field_of(state, seat, a)
        r = rec(field, slot)
        card_id = state[r + L.F_CARD]
        ability = T.card(ruleset, card_id, T.C_ABILITY_FIRST) + bb
        cost = T.ability(ruleset, ability, T.AB_COST)
        state[r + L.F_STATE] = L.ST_DISABLED
        link = L.LINK_VIGILANT if kind == L.A_VIGILANT else L.LINK_ACTIVATE
        chain.push_link(state, link, field, card_id, ability, field * 16 + slot, state[r + L.F_SERIAL], target,
                        target_serial, answers if kind == L.A_VIGILANT else -1)
        log_event(state, events, L.EV_ACTIVATE, seat, card_id, a, bb, target)
    elif kind == L.A_ATTACK:
        field, slot = field_of(state, seat, a)
        r = rec(field, slot)
        card_id = state[r + L.F_CARD]
        state[r + L.F_STATE] = L.ST_DISABLED
        state[r + L.F_ATTACKED] = 1
        state[b + L.P_ATTACKS] += 1
        chain.push_link(state, np.int64(L.LINK_ATTACK), field, card_id, np.int64(-1), field * 16 + slot,
                        state[r + L.F_SERIAL], target, target_serial, np.int64(-1))
        log_event(state, events, L.EV_ATTACK, seat, card_id, a, target, 0)
    elif kind == L.A_EVOLVE or kind == L.A_QUICK_EVOLVE:
        # the evolution card is the seat's (the link), its base the field's (the link's source)
        field, base_slot = field_of(state, seat, bb)
        card_id = evo_take(state, ruleset, seat, a)
        cost = statics.play_cost(state, ruleset, seat, card_id)
        chain.push_link(state, np.int64(L.LINK_EVOLVE), seat, card_id, evolution_ability(ruleset, card_id),
                        field * 16 + base_slot, state[rec(field, base_slot) + L.F_SERIAL], target, target_serial,
                        answers if kind == L.A_QUICK_EVOLVE else -1)
        log_event(state, events, L.EV_LINK, seat, card_id, L.LINK_EVOLVE, bb, target)
    elif kind == L.A_GRAVEYARD:
        field, number = field_of(state, seat, bb)
        card_id = state[seat_base(field) + L.P_GRAVE + a]
        ability = T.card(ruleset, card_id, T.C_ABILITY_FIRST) + number
        cost = T.ability(ruleset, ability, T.AB_COST)
        chain.push_link(state, np.int64(L.LINK_GRAVEYARD), field, card_id, ability, np.int64(L.REF_NONE), np.int64(0), target,
                        target_serial, np.int64(-1))
        log_event(state, events, L.EV_GRAVE_ACTIVATE, seat, card_id, number, target, 0)
    return cost


@njit(cache=True, _nrt=False)
def take(state, ruleset, seat, action, after, events, counts, count_cards):
    """Announce an action or a response of ``seat``; its payment is finished by turn.advance."""
    cost = announce(state, ruleset, seat, action, events, counts, count_cards)
    state[L.G_PAY_SEAT] = seat
    state[L.G_PAY_LEFT] = cost
    state[L.G_AFTER_PAY] = after
    state[L.G_TODO] = L.TODO_PAY
