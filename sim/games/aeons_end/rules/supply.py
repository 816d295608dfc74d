"""The supply (rulebook "Supply Setup", "Player Turn: 2 – Main Phase"): gaining a card (paying aether,
restricted aether first), gaining for free, and Prince of Gluttons' devouring (the devoured pile, an empty
pile costing Gravehold 2, every pile empty losing the game)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    DEVOURED_BASE,
    DEVOURED_CAPACITY,
    G_AETHER,
    G_AETHER_GEM,
    G_AETHER_SPELL,
    G_CARDS_GAINED,
    G_DEVOURED,
    P_DECK,
    P_DECK_N,
    P_HAND,
    P_HAND_N,
    P_OWNED,
    PC_COST,
    PC_TOP_ON_GAIN,
    PC_TYPE,
    SUPPLY_CARD_BASE,
    SUPPLY_COUNT_BASE,
    SUPPLY_PILES,
    TYPE_GEM,
    TYPE_SPELL,
)
from sim.games.aeons_end.rules.damage_exhaustion import gravehold_suffers
from sim.games.aeons_end.rules.game_end import end_game, fail
from sim.games.aeons_end.rules.piles import count_card, pbase, push, to_discard_pile
from sim.games.aeons_end.tables import player_card
from sim.games.aeons_end.vocab import END_NEMESIS_CONDITION, ERR_CAPACITY


@njit(cache=True, _nrt=False)
def empty_piles(s):
    n = 0
    for k in range(SUPPLY_PILES):
        if s[SUPPLY_COUNT_BASE + k] == 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def devour_from(s, pile, n):
    """Prince of Gluttons: move n cards to the devoured pile; from an empty pile Gravehold suffers 2 each."""
    for _ in range(n):
        if pile < 0 or s[SUPPLY_COUNT_BASE + pile] == 0:
            gravehold_suffers(s, np.int64(2))
            continue
        s[SUPPLY_COUNT_BASE + pile] -= 1
        if s[G_DEVOURED] < DEVOURED_CAPACITY:
            s[DEVOURED_BASE + s[G_DEVOURED]] = s[SUPPLY_CARD_BASE + pile]
            s[G_DEVOURED] += 1
        else:
            fail(s, ERR_CAPACITY)
    if empty_piles(s) == SUPPLY_PILES:
        end_game(s, False, END_NEMESIS_CONDITION)


@njit(cache=True, _nrt=False)
def least_expensive_pile(s, T):
    """The literal reading of Prince of Gluttons' Unleash, "from the least expensive supply pile": the pile
    with the lowest cost even when it is empty (devour_from then makes Gravehold suffer 2 per card). Between
    piles of that cost the players choose (rulebook, Ambiguity): a non-empty one, the lowest numbered."""
    low = 1 << 20
    for k in range(SUPPLY_PILES):
        low = min(low, player_card(T, s[SUPPLY_CARD_BASE + k], PC_COST))
    best = -1
    for k in range(SUPPLY_PILES):
        if player_card(T, s[SUPPLY_CARD_BASE + k], PC_COST) == low:
            if s[SUPPLY_COUNT_BASE + k] > 0:
                return k
            if best < 0:
                best = k
    return best


@njit(cache=True, _nrt=True)
def pile_by_cost(s, T, card_type, rank, cheapest, nonempty):
    """Index of the rank-th cheapest (or costliest) pile of a type (-1 = any type)."""
    order = np.empty(SUPPLY_PILES, np.int64)
    m = 0
    for k in range(SUPPLY_PILES):
        c = s[SUPPLY_CARD_BASE + k]
        if card_type >= 0 and player_card(T, c, PC_TYPE) != card_type:
            continue
        if nonempty and s[SUPPLY_COUNT_BASE + k] == 0:
            continue
        order[m] = k
        m += 1
    # insertion sort by cost
    for i in range(1, m):
        j = i
        while j > 0:
            a = player_card(T, s[SUPPLY_CARD_BASE + order[j - 1]], PC_COST)
            bcost = player_card(T, s[SUPPLY_CARD_BASE + order[j]], PC_COST)
            swap = (a > bcost) if cheapest else (a < bcost)
            if not swap:
                break
            t = order[j]
            order[j] = order[j - 1]
            order[j - 1] = t
            j -= 1
    if rank < m:
        return order[rank]
    return -1


@njit(cache=True, _nrt=False)
def gain_from_pile(s, T, p, pile, where):
    """Gain the top card of a supply pile for free: 0 discard pile, 1 top of deck, 2 hand."""
    if pile < 0 or s[SUPPLY_COUNT_BASE + pile] == 0:
        return -1
    c = s[SUPPLY_CARD_BASE + pile]
    s[SUPPLY_COUNT_BASE + pile] -= 1
    b = pbase(p)
    if where == 0:
        to_discard_pile(s, p, c)
    elif where == 1:
        push(s, b + P_DECK, b + P_DECK_N, c)
    else:
        push(s, b + P_HAND, b + P_HAND_N, c)
    s[b + P_OWNED] += 1
    s[G_CARDS_GAINED] += 1
    count_card(s, p, c, 3)
    return c


@njit(cache=True, _nrt=False)
def spend(s, T, amount, card_type):
    """Pay aether; restricted aether first when gaining a card of its type."""
    if card_type == TYPE_GEM:
        use = min(amount, s[G_AETHER_GEM])
        s[G_AETHER_GEM] -= use
        amount -= use
    elif card_type == TYPE_SPELL:
        use = min(amount, s[G_AETHER_SPELL])
        s[G_AETHER_SPELL] -= use
        amount -= use
    s[G_AETHER] -= amount


@njit(cache=True, _nrt=False, forceinline=True)
def available_aether(s, card_type):
    a = s[G_AETHER]
    if card_type == TYPE_GEM:
        a += s[G_AETHER_GEM]
    elif card_type == TYPE_SPELL:
        a += s[G_AETHER_SPELL]
    return a


@njit(cache=True, _nrt=False)
def gain_card(s, T, p, pile):
    b = pbase(p)
    if pile == 9:
        c = s[DEVOURED_BASE + s[G_DEVOURED] - 1]
        s[G_DEVOURED] -= 1
    else:
        c = s[SUPPLY_CARD_BASE + pile]
        s[SUPPLY_COUNT_BASE + pile] -= 1
    spend(s, T, player_card(T, c, PC_COST), player_card(T, c, PC_TYPE))
    if player_card(T, c, PC_TOP_ON_GAIN) != 0:
        push(s, b + P_DECK, b + P_DECK_N, c)
    else:
        to_discard_pile(s, p, c)
    s[b + P_OWNED] += 1
    s[G_CARDS_GAINED] += 1
    count_card(s, p, c, 3)
    return c
