"""The main phase's card plays (rulebook "Player Turn: 2 – Main Phase", player cards data): playing gems
and relics and resolving their effects (including OR options), and the while-prepped effects of spells."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    G_AETHER,
    G_AETHER_GEM,
    G_AETHER_SPELL,
    G_BREACH_DISCOUNT,
    G_COPIES_PLAYED,
    G_GRAVEHOLD,
    G_GRAVEHOLD_MAX,
    G_PLAYERS,
    G_TURN_ORDER_POS,
    G_WHILE_PREPPED_USED,
    MAX_STEPS,
    P_CHARGE_MAX,
    P_CHARGES,
    P_DECK,
    P_DECK_N,
    P_EXHAUSTED,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_PLAYED,
    P_PLAYED_N,
    P_PREP,
    P_PREPPED_NOW,
    PC_AETHER_VALUE,
    PC_COST,
    PC_DAMAGE_VALUE,
    PC_HAS_OR,
    PC_HAS_WHILE_PREPPED,
    PC_TYPE,
    SEC_MAIN,
    SEC_OR,
    SEC_WHILE_PREPPED,
    TO_NEMESIS,
    TURN_ORDER_BASE,
    TURN_ORDER_SIZE,
    TYPE_GEM,
)
from sim.games.aeons_end.rules.breaches import focus_cheapest
from sim.games.aeons_end.rules.casting import cast_spell
from sim.games.aeons_end.rules.choices import (
    best_prepped_anywhere,
    cheapest_hand_index,
    give_ally_charge,
    pick_ally,
    pick_lowest,
    starter_gem_index,
)
from sim.games.aeons_end.rules.damage_exhaustion import gain_life, player_suffers
from sim.games.aeons_end.rules.game_end import over
from sim.games.aeons_end.rules.minions_powers import best_target, damage_target
from sim.games.aeons_end.rules.piles import (
    count_card,
    destroy_card,
    discard_from_hand,
    draw_cards,
    flip_discard,
    pbase,
    push,
    remove_at,
    to_discard_pile,
)
from sim.games.aeons_end.rules.turn_order import ensure_turn_order
from sim.games.aeons_end.tables import player_card, player_card_step
from sim.games.aeons_end.vocab import (
    PS_AETHER,
    PS_AETHER_GEM_ONLY,
    PS_AETHER_IF_SECOND_COPY,
    PS_AETHER_SPELL_ONLY,
    PS_ALLY_CHARGE,
    PS_ALLY_CHARGE_IF_FIRST_COPY,
    PS_ALLY_DRAW_THEN_DISCARD,
    PS_ALLY_SUFFER_TO_DESTROY,
    PS_ANY_LIFE,
    PS_BREACH_DISCOUNT,
    PS_CAST_ANY_PREPPED,
    PS_CAST_PREPPED_THIS_TURN,
    PS_CHARGE,
    PS_DAMAGE,
    PS_DESTROY_HAND_OR_DISCARD,
    PS_DESTROY_SELF,
    PS_DISCARD_FOR_ALLY_DRAW,
    PS_DRAW,
    PS_EVERY_PLAYER_SIFT,
    PS_FOCUS_ANY_BREACH,
    PS_GRAVEHOLD_LIFE,
    PS_PAY_TO_CAST_ANY_PREPPED,
    PS_PLAY_GEM_TWICE_DESTROY,
    PS_RETURN_PLAYED_GEM,
    PS_REVEAL_TURN_ORDER_AETHER,
)


@njit(cache=True, _nrt=False)
def play_card(s, T, keys, counters, p, hand_index, option):
    b = pbase(p)
    card = remove_at(s, b + P_HAND, b + P_HAND_N, hand_index)
    push(s, b + P_PLAYED, b + P_PLAYED_N, card)
    count_card(s, p, card, 1)
    sec = SEC_OR if option == 1 else SEC_MAIN
    copy_bit = 1 << min(card, 30)
    seen_before = (s[G_COPIES_PLAYED] & copy_bit) != 0
    s[G_COPIES_PLAYED] |= copy_bit
    for i in range(MAX_STEPS):
        code = player_card_step(T, card, sec, i, 0)
        n = player_card_step(T, card, sec, i, 1)
        if code == 0 or over(s):
            break
        if code == PS_AETHER:
            s[G_AETHER] += n
        elif code == PS_AETHER_GEM_ONLY:
            s[G_AETHER_GEM] += n
        elif code == PS_AETHER_SPELL_ONLY:
            s[G_AETHER_SPELL] += n
        elif code == PS_DAMAGE:
            damage_target(s, T, best_target(s, T, n), n, p)
        elif code == PS_CHARGE:
            s[b + P_CHARGES] = min(s[b + P_CHARGE_MAX], s[b + P_CHARGES] + n)
        elif code == PS_ALLY_CHARGE:
            give_ally_charge(s, p, n)
        elif code == PS_ANY_LIFE:
            gain_life(s, pick_lowest(s), n)
        elif code == PS_ALLY_DRAW_THEN_DISCARD:
            q = pick_ally(s, p)
            draw_cards(s, q, n)
            for _ in range(n):
                if s[pbase(q) + P_HAND_N] > 0:
                    discard_from_hand(s, q, cheapest_hand_index(s, q, T, np.int64(0)))
        elif code == PS_REVEAL_TURN_ORDER_AETHER:
            ensure_turn_order(s, keys, counters)
            pos = s[G_TURN_ORDER_POS]
            top = s[TURN_ORDER_BASE + pos]
            if top != TO_NEMESIS:
                s[G_AETHER] += n
            elif pos < TURN_ORDER_SIZE - 1:
                # a nemesis card goes to the bottom of the turn-order deck
                for j in range(pos, TURN_ORDER_SIZE - 1):
                    s[TURN_ORDER_BASE + j] = s[TURN_ORDER_BASE + j + 1]
                s[TURN_ORDER_BASE + TURN_ORDER_SIZE - 1] = top
        elif code == PS_CAST_ANY_PREPPED:
            q, k = best_prepped_anywhere(s, T)
            if q >= 0:
                c = s[pbase(q) + P_PREP + k]
                cast_spell(s, T, keys, counters, p, q, k,
                           best_target(s, T, player_card(T, c, PC_DAMAGE_VALUE)), np.int64(0), np.bool_(True))
        elif code == PS_ALLY_SUFFER_TO_DESTROY:
            if s[G_PLAYERS] > 1:
                for q in range(s[G_PLAYERS]):
                    qb = pbase(q)
                    if q != p and s[qb + P_EXHAUSTED] == 0 and s[qb + P_LIFE] >= 6:
                        i2 = starter_gem_index(s, q, T)
                        if i2 >= 0:
                            player_suffers(s, q, n)
                            remove_at(s, qb + P_HAND, qb + P_HAND_N, i2)
                            destroy_card(s, q)
                            break
        elif code == PS_EVERY_PLAYER_SIFT:
            for q in range(s[G_PLAYERS]):
                qb = pbase(q)
                if s[qb + P_DECK_N] == 0:
                    flip_discard(s, q)
                if s[qb + P_DECK_N] > 0:
                    top = s[qb + P_DECK + s[qb + P_DECK_N] - 1]
                    if player_card(T, top, PC_COST) == 0:
                        s[qb + P_DECK_N] -= 1
                        to_discard_pile(s, q, top)
        elif code == PS_AETHER_IF_SECOND_COPY:
            if seen_before:
                s[G_AETHER] += n
        elif code == PS_ALLY_CHARGE_IF_FIRST_COPY:
            if not seen_before:
                give_ally_charge(s, p, n)
        elif code == PS_DISCARD_FOR_ALLY_DRAW:
            if s[G_PLAYERS] > 1:
                i2 = starter_gem_index(s, p, T)
                if i2 >= 0:
                    discard_from_hand(s, p, i2)
                    draw_cards(s, pick_ally(s, p), n)
        elif code == PS_BREACH_DISCOUNT:
            s[G_BREACH_DISCOUNT] += n
        elif code == PS_DESTROY_SELF:
            s[b + P_PLAYED_N] -= 1
            destroy_card(s, p)
        elif code == PS_DESTROY_HAND_OR_DISCARD:
            for _ in range(n):
                i2 = starter_gem_index(s, p, T)
                if i2 >= 0:
                    remove_at(s, b + P_HAND, b + P_HAND_N, i2)
                    destroy_card(s, p)
        elif code == PS_DRAW:
            draw_cards(s, p, n)
        elif code == PS_PLAY_GEM_TWICE_DESTROY:
            # the team picks the gem giving the most aether
            best = -1
            best_v = -1
            for i2 in range(s[b + P_HAND_N]):
                c = s[b + P_HAND + i2]
                if player_card(T, c, PC_TYPE) == TYPE_GEM and player_card(T, c, PC_AETHER_VALUE) > best_v:
                    best = i2
                    best_v = player_card(T, c, PC_AETHER_VALUE)
            if best >= 0:
                remove_at(s, b + P_HAND, b + P_HAND_N, best)
                s[G_AETHER] += 2 * best_v
                destroy_card(s, p)
        elif code == PS_CAST_PREPPED_THIS_TURN:
            best = np.int64(-1)
            best_v = -1
            for k in range(8):
                c = s[b + P_PREP + k]
                if c >= 0 and s[b + P_PREPPED_NOW + k] != 0 and player_card(T, c, PC_DAMAGE_VALUE) > best_v:
                    best = k
                    best_v = player_card(T, c, PC_DAMAGE_VALUE)
            if best >= 0:
                cast_spell(s, T, keys, counters, p, p, best,
                           best_target(s, T, best_v + n), n, np.bool_(True))
        elif code == PS_FOCUS_ANY_BREACH:
            focus_cheapest(s, T, p)
        elif code == PS_GRAVEHOLD_LIFE:
            s[G_GRAVEHOLD] = min(s[G_GRAVEHOLD_MAX], s[G_GRAVEHOLD] + n)
    return card


@njit(cache=True, _nrt=False, forceinline=True)
def play_option_feasible(s, T, p, card, option):
    """An 'OR' option is available unless it cannot be resolved at all."""
    sec = SEC_OR if option == 1 else SEC_MAIN
    b = pbase(p)
    for i in range(MAX_STEPS):
        code = player_card_step(T, card, sec, i, 0)
        if code == 0:
            break
        if code == PS_PLAY_GEM_TWICE_DESTROY:
            ok = False
            for i2 in range(s[b + P_HAND_N]):
                if player_card(T, s[b + P_HAND + i2], PC_TYPE) == TYPE_GEM:
                    ok = True
            if not ok:
                return False
        elif code == PS_CAST_ANY_PREPPED:
            q, k = best_prepped_anywhere(s, T)
            if q < 0:
                return False
    return True


@njit(cache=True, _nrt=False, forceinline=True)
def plain_gem_index(s, T, p):
    """Last hand index of a gem without an OR choice, or -1."""
    b = pbase(p)
    for i in range(s[b + P_HAND_N] - 1, -1, -1):
        c = s[b + P_HAND + i]
        if player_card(T, c, PC_TYPE) == TYPE_GEM and player_card(T, c, PC_HAS_OR) == 0:
            return i
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def while_prepped_feasible(s, T, p, k):
    b = pbase(p)
    card = s[b + P_PREP + k]
    if card < 0 or player_card(T, card, PC_HAS_WHILE_PREPPED) == 0:
        return False
    if (s[G_WHILE_PREPPED_USED] >> k) & 1:
        return False
    code = player_card_step(T, card, SEC_WHILE_PREPPED, 0, 0)
    n = player_card_step(T, card, SEC_WHILE_PREPPED, 0, 1)
    if code == PS_PAY_TO_CAST_ANY_PREPPED:
        if s[G_AETHER] < n:
            return False
        for q in range(s[G_PLAYERS]):
            for j in range(8):
                if (q != p or j != k) and s[pbase(q) + P_PREP + j] >= 0:
                    return True
        return False
    if code == PS_RETURN_PLAYED_GEM:
        for i in range(s[b + P_PLAYED_N]):
            if player_card(T, s[b + P_PLAYED + i], PC_TYPE) == TYPE_GEM:
                return True
        return False
    return True
