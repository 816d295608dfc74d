"""Corruptions in hand (Crooked Mask, nemesis mat data): at the start and the end of the main phase each
corruption in hand resolves, then returns to the corruption deck (corruption_deck.py)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    G_TURN_ORDER_POS,
    MAX_STEPS,
    P_CHARGE_MAX,
    P_CHARGES,
    P_DECK,
    P_DECK_N,
    P_DISCARD,
    P_DISCARD_N,
    P_HAND,
    P_HAND_N,
    PC_COST,
    PC_IS_CRYSTAL,
    PC_TYPE,
    SEC_MAIN,
    TO_NEMESIS,
    TURN_ORDER_BASE,
    TYPE_CORRUPTION,
    TYPE_GEM,
    TYPE_RELIC,
    TYPE_SPELL,
)
from sim.games.aeons_end.rules.breaches import focus_cheapest
from sim.games.aeons_end.rules.choices import starter_gem_index
from sim.games.aeons_end.rules.corruption_deck import (
    discard_non_corruption,
    gain_corruption,
    return_corruption,
)
from sim.games.aeons_end.rules.damage_exhaustion import gain_life, gravehold_suffers, player_suffers
from sim.games.aeons_end.rules.game_end import over
from sim.games.aeons_end.rules.minions_powers import best_target, damage_target
from sim.games.aeons_end.rules.nemesis_turn import flush_pending
from sim.games.aeons_end.rules.piles import destroy_card, flip_discard, pbase, push, remove_at
from sim.games.aeons_end.rules.supply import gain_from_pile, pile_by_cost
from sim.games.aeons_end.rules.turn_order import return_turn_order_card
from sim.games.aeons_end.tables import player_card, player_card_step
from sim.games.aeons_end.vocab import (
    PS_CHARGE,
    PS_DAMAGE,
    PS_DESTROY_HAND_OPTIONAL,
    PS_DISCARD_NON_CORRUPTION,
    PS_FOCUS_CHEAPEST_CLOSED,
    PS_GAIN_CHEAPEST_GEM_TO_HAND,
    PS_GAIN_CORRUPTIONS_ON_DECK,
    PS_GAIN_RELIC_ON_DECK_SUFFER_HALF,
    PS_GAIN_SPELL_TO_DISCARD,
    PS_GRAVEHOLD_DAMAGE,
    PS_LOOK_TOP_DESTROY,
    PS_RETURN_ANY_TURN_ORDER_CARD,
    PS_RETURN_COST0_FROM_DISCARD,
    PS_SELF_LIFE,
    PS_SELF_SUFFER,
)


@njit(cache=True, _nrt=False)
def run_corruption(s, T, keys, counters, p, card):
    b = pbase(p)
    for i in range(MAX_STEPS):
        code = player_card_step(T, card, SEC_MAIN, i, 0)
        n = player_card_step(T, card, SEC_MAIN, i, 1)
        if code == 0 or over(s):
            break
        if code == PS_SELF_SUFFER:
            player_suffers(s, p, n)
        elif code == PS_DESTROY_HAND_OPTIONAL:
            i2 = starter_gem_index(s, p, T)
            if i2 >= 0:
                remove_at(s, b + P_HAND, b + P_HAND_N, i2)
                destroy_card(s, p)
        elif code == PS_RETURN_COST0_FROM_DISCARD:
            for _ in range(n):
                for j in range(s[b + P_DISCARD_N] - 1, -1, -1):
                    c = s[b + P_DISCARD + j]
                    if player_card(T, c, PC_COST) == 0 and player_card(T, c, PC_TYPE) != TYPE_CORRUPTION:
                        remove_at(s, b + P_DISCARD, b + P_DISCARD_N, j)
                        push(s, b + P_HAND, b + P_HAND_N, c)
                        break
        elif code == PS_GRAVEHOLD_DAMAGE:
            gravehold_suffers(s, n)
        elif code == PS_FOCUS_CHEAPEST_CLOSED:
            focus_cheapest(s, T, p)
        elif code == PS_GAIN_SPELL_TO_DISCARD:
            gain_from_pile(s, T, p, pile_by_cost(s, T, np.int64(TYPE_SPELL), np.int64(0), np.bool_(False), np.bool_(True)), np.int64(0))
        elif code == PS_GAIN_CORRUPTIONS_ON_DECK:
            for _ in range(n):
                gain_corruption(s, T, p, np.bool_(False))
        elif code == PS_SELF_LIFE:
            gain_life(s, p, n)
        elif code == PS_DAMAGE:
            damage_target(s, T, best_target(s, T, n), n, p)
        elif code == PS_LOOK_TOP_DESTROY:
            if s[b + P_DECK_N] == 0:
                flip_discard(s, p)
            if s[b + P_DECK_N] > 0:
                top = s[b + P_DECK + s[b + P_DECK_N] - 1]
                if player_card(T, top, PC_TYPE) == TYPE_CORRUPTION:
                    s[b + P_DECK_N] -= 1
                    return_corruption(s, T, p, top)
                elif player_card(T, top, PC_IS_CRYSTAL) != 0:
                    s[b + P_DECK_N] -= 1
                    destroy_card(s, p)
        elif code == PS_GAIN_CHEAPEST_GEM_TO_HAND:
            gain_from_pile(s, T, p, pile_by_cost(s, T, np.int64(TYPE_GEM), np.int64(0), np.bool_(True), np.bool_(True)), np.int64(2))
        elif code == PS_CHARGE:
            s[b + P_CHARGES] = min(s[b + P_CHARGE_MAX], s[b + P_CHARGES] + n)
        elif code == PS_DISCARD_NON_CORRUPTION:
            discard_non_corruption(s, T, p, n)
        elif code == PS_RETURN_ANY_TURN_ORDER_CARD:
            for k in range(s[G_TURN_ORDER_POS]):
                c = s[TURN_ORDER_BASE + k]
                if c != TO_NEMESIS:
                    return_turn_order_card(s, keys, counters, c)
                    break
        elif code == PS_GAIN_RELIC_ON_DECK_SUFFER_HALF:
            c = gain_from_pile(s, T, p, pile_by_cost(s, T, np.int64(TYPE_RELIC), np.int64(0), np.bool_(True), np.bool_(True)), np.int64(1))
            if c >= 0:
                player_suffers(s, p, (player_card(T, c, PC_COST) + 1) // 2)


@njit(cache=True, _nrt=False)
def resolve_corruptions(s, T, keys, counters, p):
    """Corruptions in hand resolve one by one; each then goes to the bottom of the corruption deck."""
    b = pbase(p)
    for _ in range(64):
        if over(s):
            return
        found = -1
        for i in range(s[b + P_HAND_N]):
            if player_card(T, s[b + P_HAND + i], PC_TYPE) == TYPE_CORRUPTION:
                found = i
                break
        if found < 0:
            return
        card = remove_at(s, b + P_HAND, b + P_HAND_N, found)
        run_corruption(s, T, keys, counters, p, card)
        return_corruption(s, T, p, card)
        flush_pending(s, T, keys, counters)
