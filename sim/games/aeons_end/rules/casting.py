"""Casting (rulebook "Player Turn: 1 – Casting Phase"): a prepped spell is discarded, then resolved; its
damage is one source (card steps plus the opened breach's bonus); end-of-casting effects of prepped spells."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    G_AETHER,
    G_PHASE,
    MAX_STEPS,
    P_BREACH,
    P_CHARGE_MAX,
    P_CHARGES,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_PREP,
    P_PREPPED_NOW,
    PC_COST,
    PC_HAS_END_OF_CASTING,
    PC_TYPE,
    PHASE_MAIN,
    R_BONUS_DAMAGE,
    SEC_END_OF_CASTING,
    SEC_MAIN,
    TYPE_GEM,
)
from sim.games.aeons_end.rules.breaches import focus_cheapest
from sim.games.aeons_end.rules.choices import (
    cheapest_hand_index,
    give_ally_charge,
    pick_lowest,
    starter_gem_index,
)
from sim.games.aeons_end.rules.corruption_deck import destroy_owned
from sim.games.aeons_end.rules.damage_exhaustion import gain_life
from sim.games.aeons_end.rules.minions_powers import best_target, damage_target, target_valid
from sim.games.aeons_end.rules.piles import (
    count_card,
    destroy_card,
    discard_from_hand,
    opened_count,
    pbase,
    remove_at,
    to_discard_pile,
)
from sim.games.aeons_end.rules.turn_order import peek_turn_order_is_player
from sim.games.aeons_end.tables import player_card, player_card_step, rule
from sim.games.aeons_end.vocab import (
    PS_AETHER,
    PS_ALLY_CHARGE,
    PS_CHARGE,
    PS_DAMAGE,
    PS_DAMAGE_IF_ALL_OPEN,
    PS_DAMAGE_PER_ADJACENT_PREPPED,
    PS_DAMAGE_PER_OPEN_BREACH,
    PS_DESTROY_HAND_FOR_DAMAGE,
    PS_DESTROY_HAND_OPTIONAL,
    PS_DISCARD_FOR_ANY_LIFE,
    PS_DISCARD_GEM_FOR_DAMAGE,
    PS_DISCARD_HAND_FOR_DAMAGE,
    PS_FLARE_DAMAGE,
    PS_FOCUS_CHEAPEST_CLOSED,
    PS_LOSE_CHARGE_FOR_DAMAGE,
)


@njit(cache=True, _nrt=False)
def spell_damage(s, T, owner, b_index, card, extra):
    """Damage of a Cast effect: its damage steps plus breach and card bonuses (one source)."""
    total = extra
    ob = pbase(owner)
    for i in range(MAX_STEPS):
        code = player_card_step(T, card, SEC_MAIN, i, 0)
        n = player_card_step(T, card, SEC_MAIN, i, 1)
        if code == 0:
            break
        if code == PS_DAMAGE:
            total += n
        elif code == PS_DAMAGE_PER_OPEN_BREACH:
            total += n * opened_count(s, owner)
        elif code == PS_DAMAGE_PER_ADJACENT_PREPPED:
            for adj in (b_index - 1, b_index + 1):
                if 0 <= adj < 4:
                    for slot in range(2):
                        if s[ob + P_PREP + 2 * adj + slot] >= 0:
                            total += n
        elif code == PS_DAMAGE_IF_ALL_OPEN:
            ok = True
            for k in range(4):
                if s[ob + P_BREACH + k] >= 0 and s[ob + P_BREACH + k] < 4:
                    ok = False
            if ok:
                total += n
    if b_index >= 0 and s[ob + P_BREACH + b_index] == 4:
        total += rule(T, R_BONUS_DAMAGE + b_index)
    return total


@njit(cache=True, _nrt=False)
def cast_spell(s, T, keys, counters, caster, owner, k, target, extra, discard):
    """Rulebook, casting: 'Discard it to the top of your discard pile immediately, then resolve'."""
    ob = pbase(owner)
    cb = pbase(caster)
    card = s[ob + P_PREP + k]
    b_index = k // 2
    count_card(s, caster, card, 1)
    if discard:
        s[ob + P_PREP + k] = -1
        s[ob + P_PREPPED_NOW + k] = 0
        to_discard_pile(s, owner, card)
    dmg = extra
    for i in range(MAX_STEPS):
        code = player_card_step(T, card, SEC_MAIN, i, 0)
        n = player_card_step(T, card, SEC_MAIN, i, 1)
        if code == 0:
            break
        if code == PS_AETHER:
            s[G_AETHER] += n
        elif code == PS_CHARGE:
            s[cb + P_CHARGES] = min(s[cb + P_CHARGE_MAX], s[cb + P_CHARGES] + n)
        elif code == PS_ALLY_CHARGE:
            give_ally_charge(s, caster, n)
        elif code == PS_FOCUS_CHEAPEST_CLOSED:
            focus_cheapest(s, T, caster)
        elif code == PS_FLARE_DAMAGE:
            dmg += n if peek_turn_order_is_player(s, keys, counters) else 1
        elif code == PS_LOSE_CHARGE_FOR_DAMAGE:
            if s[cb + P_CHARGES] > 0 and s[cb + P_CHARGES] < s[cb + P_CHARGE_MAX]:
                s[cb + P_CHARGES] -= 1
                dmg += n
        elif code == PS_DESTROY_HAND_OPTIONAL:
            for _ in range(n):
                i2 = starter_gem_index(s, caster, T)
                if i2 >= 0:
                    remove_at(s, cb + P_HAND, cb + P_HAND_N, i2)
                    destroy_card(s, caster)
        elif code == PS_DISCARD_HAND_FOR_DAMAGE:
            for _ in range(2):
                if s[cb + P_HAND_N] == 0:
                    break
                discard_from_hand(s, caster, cheapest_hand_index(s, caster, T, np.int64(0)))
                dmg += n
        elif code == PS_DESTROY_HAND_FOR_DAMAGE:
            for _ in range(2):
                i2 = cheapest_hand_index(s, caster, T, np.int64(0))
                if i2 < 0 or player_card(T, s[cb + P_HAND + i2], PC_COST) > 0:
                    break
                c2 = remove_at(s, cb + P_HAND, cb + P_HAND_N, i2)
                destroy_owned(s, T, caster, c2)
                dmg += n
        elif code == PS_DISCARD_GEM_FOR_DAMAGE:
            # team rule: discard the costliest gem in hand when it costs at least n
            best_i = -1
            for i2 in range(s[cb + P_HAND_N]):
                c2 = s[cb + P_HAND + i2]
                if player_card(T, c2, PC_TYPE) == TYPE_GEM and player_card(T, c2, PC_COST) >= n and \
                        (best_i < 0 or player_card(T, c2, PC_COST) > player_card(T, s[cb + P_HAND + best_i], PC_COST)):
                    best_i = i2
            if best_i >= 0:
                dmg += player_card(T, s[cb + P_HAND + best_i], PC_COST)
                discard_from_hand(s, caster, best_i)
        elif code == PS_DISCARD_FOR_ANY_LIFE:
            q = pick_lowest(s)
            if s[pbase(q) + P_LIFE] <= 5 and s[cb + P_HAND_N] > 0:
                discard_from_hand(s, caster, cheapest_hand_index(s, caster, T, np.int64(0)))
                gain_life(s, q, n)
    dmg += spell_damage(s, T, owner, b_index, card, np.int64(0))
    if not target_valid(s, T, target):
        target = 0
    damage_target(s, T, target, dmg, caster)


@njit(cache=True, _nrt=False)
def end_casting(s, T, keys, counters, p):
    b = pbase(p)
    for k in range(8):
        c = s[b + P_PREP + k]
        if c >= 0 and player_card(T, c, PC_HAS_END_OF_CASTING) != 0:
            n = player_card_step(T, c, SEC_END_OF_CASTING, 0, 1)
            damage_target(s, T, best_target(s, T, n), n, p)
    s[G_PHASE] = PHASE_MAIN
