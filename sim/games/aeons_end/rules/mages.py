"""Mage abilities (rulebook "Player Mats", mage mats data): a full charge track activates the ability;
Adelheim's and Mist's fire on the nemesis side, the others in the main phase."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    G_ABILITY_USES,
    G_ACTIVE,
    G_DOUBLE_PREP,
    G_PLAYERS,
    G_TURN_ORDER_POS,
    MG_ABILITY,
    P_CHARGE_MAX,
    P_CHARGES,
    P_DISCARD,
    P_DISCARD_N,
    P_HAND,
    P_HAND_N,
    P_MAGE,
    P_PREP,
    PC_COST,
    PC_DAMAGE_VALUE,
    PC_TYPE,
    TO_12,
    TO_34,
    TO_NEMESIS,
    TURN_ORDER_BASE,
    TURN_ORDER_SIZE,
    TYPE_SPELL,
)
from sim.games.aeons_end.rules.casting import cast_spell
from sim.games.aeons_end.rules.choices import best_prepped_anywhere, give_ally_charge
from sim.games.aeons_end.rules.damage_exhaustion import gain_life, player_suffers
from sim.games.aeons_end.rules.game_end import over
from sim.games.aeons_end.rules.minions_powers import best_target
from sim.games.aeons_end.rules.piles import draw_cards, pbase, push, remove_at
from sim.games.aeons_end.rules.turn_order import ensure_turn_order, return_turn_order_card
from sim.games.aeons_end.tables import mage, player_card
from sim.games.aeons_end.vocab import (
    AB_ALLY_DRAWS_4,
    AB_ANY_PLAYER_LIFE_4,
    AB_BLACK_MIRROR,
    AB_METAPHYSICAL_LINK,
    AB_OTHERWORLDLY_GATE,
    AB_QUICKEN_THOUGHT,
)


@njit(cache=True, _nrt=False)
def charged_mage_with(s, T, ability):
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        m = s[b + P_MAGE]
        if mage(T, m, MG_ABILITY) == ability and s[b + P_CHARGES] >= s[b + P_CHARGE_MAX]:
            return p
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def ability_feasible(s, T, p):
    b = pbase(p)
    if s[b + P_CHARGES] < s[b + P_CHARGE_MAX]:
        return False
    ab = mage(T, s[b + P_MAGE], MG_ABILITY)
    if ab == AB_ANY_PLAYER_LIFE_4 or ab == AB_ALLY_DRAWS_4 or ab == AB_METAPHYSICAL_LINK \
            or ab == AB_OTHERWORLDLY_GATE:
        return True
    if ab == AB_BLACK_MIRROR:
        q, k = best_prepped_anywhere(s, T)
        return q >= 0
    if ab == AB_QUICKEN_THOUGHT:
        for k in range(s[G_TURN_ORDER_POS]):
            if s[TURN_ORDER_BASE + k] != TO_NEMESIS:
                return True
        return False
    return False  # Aethereal Ward and Auspex Rune fire on the nemesis side


@njit(cache=True, _nrt=False)
def use_ability(s, T, keys, counters, p, arg):
    b = pbase(p)
    ab = mage(T, s[b + P_MAGE], MG_ABILITY)
    s[b + P_CHARGES] = 0
    s[G_ABILITY_USES] += 1
    if ab == AB_ANY_PLAYER_LIFE_4:
        gain_life(s, arg, np.int64(4))
    elif ab == AB_ALLY_DRAWS_4:
        draw_cards(s, arg if s[G_PLAYERS] > 1 else p, np.int64(4))
    elif ab == AB_BLACK_MIRROR:
        q, k = best_prepped_anywhere(s, T)
        c = s[pbase(q) + P_PREP + k]
        t = best_target(s, T, player_card(T, c, PC_DAMAGE_VALUE))
        cast_spell(s, T, keys, counters, p, q, k, t, np.int64(0), np.bool_(False))
        if not over(s):
            t = best_target(s, T, player_card(T, c, PC_DAMAGE_VALUE))
            cast_spell(s, T, keys, counters, p, q, k, t, np.int64(0), np.bool_(True))
    elif ab == AB_OTHERWORLDLY_GATE:
        # data: "that player" (whose main phase it is) returns up to 3 spells and preps two per opened breach
        b = pbase(s[G_ACTIVE])
        for _ in range(3):
            best = -1
            best_cost = -1
            for i in range(s[b + P_DISCARD_N]):
                c = s[b + P_DISCARD + i]
                if player_card(T, c, PC_TYPE) == TYPE_SPELL and player_card(T, c, PC_COST) > best_cost:
                    best = i
                    best_cost = player_card(T, c, PC_COST)
            if best < 0:
                break
            c = remove_at(s, b + P_DISCARD, b + P_DISCARD_N, best)
            push(s, b + P_HAND, b + P_HAND_N, c)
        s[G_DOUBLE_PREP] = 1
    elif ab == AB_QUICKEN_THOUGHT:
        code = arg
        if s[G_PLAYERS] == 4:
            code = TO_12 if arg < 2 else TO_34
        elif s[G_PLAYERS] == 1:
            code = 0
        if not return_turn_order_card(s, keys, counters, code):
            for k in range(s[G_TURN_ORDER_POS]):
                c = s[TURN_ORDER_BASE + k]
                if c != TO_NEMESIS:
                    return_turn_order_card(s, keys, counters, c)
                    break
        player_suffers(s, arg, np.int64(1))
    elif ab == AB_METAPHYSICAL_LINK:
        for _ in range(4):
            give_ally_charge(s, p, np.int64(1))
        # reorder the turn-order deck: player cards first
        pos = s[G_TURN_ORDER_POS]
        if pos >= TURN_ORDER_SIZE:
            ensure_turn_order(s, keys, counters)
            pos = s[G_TURN_ORDER_POS]
        w = pos
        for j in range(pos, TURN_ORDER_SIZE):
            if s[TURN_ORDER_BASE + j] != TO_NEMESIS:
                t = s[TURN_ORDER_BASE + w]
                s[TURN_ORDER_BASE + w] = s[TURN_ORDER_BASE + j]
                s[TURN_ORDER_BASE + j] = t
                w += 1
