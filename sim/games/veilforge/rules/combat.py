"""Combat: an enabled hero or creature in the battle zone attacks once per turn (attacking disables
it). A direct attack deals its damage to the defender's life, reduced by 1 (rule direct_reduction)
for each card in the defender's battle zone, enabled or disabled, to a minimum of 0. An attack on a
battle-zone card deals its damage to that card; the defender deals damage back only with
Counterattack, after taking the hit. Support-zone cards can be attacked only by Flanking or Sniping
attackers; heroes in the hero zone never. Readings (RULES.md): Sniping attacks are never
counterattacked; no_direct cards make only non-direct attacks; a defender destroyed by the hit does
not counterattack (rule counter_when_destroyed: it does)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules import statics
from sim.games.veilforge.rules.effects import queue_card_triggers, settle
from sim.games.veilforge.rules.ending import check_end, lose
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.zones import (
    alive,
    battle_count,
    find_serial,
    lowest_slot,
    occupied,
    rec,
    same_side,
    seat_base,
)


@njit(cache=True, _nrt=False)
def can_attack(state, ruleset, seat, slot):
    """An enabled hero or creature in the battle zone that has not attacked this turn (an effect that enables
    it again lets it activate, not attack twice)."""
    r = rec(seat, slot)
    card_id = state[r + L.F_CARD]
    if (card_id < 0 or slot < L.BATTLE_FIRST or slot >= L.SUPPORT_FIRST or state[r + L.F_STATE] != L.ST_ENABLED
            or state[r + L.F_ATTACKED]):
        return False
    kind = T.card(ruleset, card_id, T.C_TYPE)
    return kind == V.TYPE_HERO or kind == V.TYPE_CREATURE


@njit(cache=True, forceinline=True)
def attackable(state, ruleset, seat, slot, keywords):
    """May an attacker with these keywords attack the card in (seat, slot)?"""
    r = rec(seat, slot)
    card_id = state[r + L.F_CARD]
    if card_id < 0 or state[r + L.F_STATE] == L.ST_RESOLVING or slot < L.BATTLE_FIRST:
        return False
    if slot < L.SUPPORT_FIRST:
        return True
    kind = T.card(ruleset, card_id, T.C_TYPE)
    stats = kind == V.TYPE_HERO or kind == V.TYPE_CREATURE or kind == V.TYPE_STRUCTURE
    return stats and (keywords & (V.KW_FLANKING | V.KW_SNIPING)) != 0


@njit(cache=True, _nrt=False)
def attack_targets(state, ruleset, seat, slot, out, start):
    """The targets of an attack by the card in (seat, slot): each opposing player (unless it makes
    only non-direct attacks) and each opposing card it may attack."""
    keywords = statics.keywords(state, seat, slot)
    n = 0
    for other in range(state[L.G_SEATS]):
        if same_side(state, seat, other) or not alive(state, other):
            continue
        if not keywords & V.KW_NO_DIRECT:
            out[start + n] = L.REF_PLAYER + other
            n += 1
        mask = occupied(state, other) & L.IN_PLAY_BITS
        while mask:
            target = lowest_slot(mask)
            mask &= mask - 1
            if attackable(state, ruleset, other, target, keywords):
                out[start + n] = other * 16 + target
                n += 1
    return n


@njit(cache=True, forceinline=True)
def direct_damage(state, ruleset, seat, slot, defender):
    """What a direct attack by (seat, slot) would deal to ``defender`` now."""
    reduction = ruleset[T.R_DIRECT_REDUCTION] * battle_count(state, defender) - state[seat_base(seat) + L.P_PIERCE]
    hit = statics.damage_of(state, seat, slot) - max(reduction, 0)
    return max(hit, 0)


@njit(cache=True, _nrt=False, inline="always")
def resolve_attack(state, ruleset, link, keys, counters, events, counts, count_cards):
    """Resolve an attack link: the attacker's attack abilities, then the hit (and a counterattack).
    Fails when the attacker is no longer in the battle zone or the target is gone."""
    seat = state[link + L.K_SEAT]
    slot = find_serial(state, seat, state[link + L.K_SOURCE_SERIAL])
    if slot < L.BATTLE_FIRST or slot >= L.SUPPORT_FIRST:
        return False
    target = state[link + L.K_TARGET]
    queue_card_triggers(state, ruleset, seat, state[rec(seat, slot) + L.F_CARD], np.int64(V.W_ATTACK), np.int64(L.LOC_FIELD),
                        seat * 16 + slot, state[link + L.K_SOURCE_SERIAL], np.int64(L.REF_NONE), np.int64(0))
    settle(state, ruleset, keys, counters, events, counts, count_cards)
    if state[L.G_DONE]:
        return True
    slot = find_serial(state, seat, state[link + L.K_SOURCE_SERIAL])
    if slot < L.BATTLE_FIRST or slot >= L.SUPPORT_FIRST:
        return False
    statics.ensure(state, ruleset)
    attacker = rec(seat, slot)
    keywords = state[attacker + L.F_EFF_KEYWORDS]
    if target >= L.REF_PLAYER:
        defender = target - L.REF_PLAYER
        if not alive(state, defender):
            return False
        hit = direct_damage(state, ruleset, seat, slot, defender)
        b = seat_base(defender)
        state[b + L.P_LIFE] -= hit
        state[seat_base(seat) + L.P_DIRECT] += hit
        log_event(state, events, L.EV_DIRECT, seat, state[attacker + L.F_CARD], defender, hit, state[b + L.P_LIFE])
        if state[b + L.P_LIFE] <= 0:
            lose(state, defender, np.int64(V.END_LIFE), events)
        check_end(state, events)
        return True
    defender = target >> 4
    target_slot = find_serial(state, defender, state[link + L.K_TARGET_SERIAL])
    if target_slot < 0 or not attackable(state, ruleset, defender, target_slot, keywords):
        return False
    d = rec(defender, target_slot)
    hit = state[attacker + L.F_EFF_DAMAGE]
    state[d + L.F_DAMAGE] += hit
    log_event(state, events, L.EV_HIT, defender, state[d + L.F_CARD], hit, target_slot, 1)
    destroyed = state[d + L.F_DAMAGE] >= state[d + L.F_EFF_HEALTH]
    if (state[d + L.F_EFF_KEYWORDS] & V.KW_COUNTERATTACK and not keywords & V.KW_SNIPING
            and (not destroyed or ruleset[T.R_COUNTER_WHEN_DESTROYED])):
        back = state[d + L.F_EFF_DAMAGE]
        state[attacker + L.F_DAMAGE] += back
        log_event(state, events, L.EV_COUNTER, defender, state[d + L.F_CARD], back, slot, seat)
    state[L.G_DEATH_DIRTY] = 1
    settle(state, ruleset, keys, counters, events, counts, count_cards)
    return True
