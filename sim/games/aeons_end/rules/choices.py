"""The choices the card text leaves to "the players" (rulebook "When resolving card effects", "Game Terms":
"any player", "an ally", which card to discard or destroy): fixed team rules, each documented in RULES.md
(Ambiguities). A bot chooses the actions; these rules choose inside an effect."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    G_PLAYERS,
    P_CHARGE_MAX,
    P_CHARGES,
    P_DECK_N,
    P_DISCARD_N,
    P_EXHAUSTED,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_PREP,
    PC_COST,
    PC_TYPE,
    TYPE_GEM,
)
from sim.games.aeons_end.rules.piles import opened_count, pbase, prepped_count
from sim.games.aeons_end.tables import player_card


@njit(cache=True, _nrt=False)
def cheapest_hand_index(s, p, T, min_cost):
    """Team rule for discards and destroys: the cheapest card, a gem before a relic before a spell."""
    b = pbase(p)
    best = -1
    best_key = 1 << 20
    for i in range(s[b + P_HAND_N]):
        card = s[b + P_HAND + i]
        c = player_card(T, card, PC_COST)
        key = c * 4 + player_card(T, card, PC_TYPE)
        if c >= min_cost and key < best_key:
            best = i
            best_key = key
    return best


@njit(cache=True, _nrt=False)
def costliest_hand_index(s, p, T):
    b = pbase(p)
    best = -1
    best_cost = -1
    for i in range(s[b + P_HAND_N]):
        c = player_card(T, s[b + P_HAND + i], PC_COST)
        if c > best_cost:
            best = i
            best_cost = c
    return best


@njit(cache=True, _nrt=False)
def most_expensive_prepped(s, p, T, min_cost):
    b = pbase(p)
    best = -1
    best_cost = -1
    for k in range(8):
        c = s[b + P_PREP + k]
        if c >= 0 and player_card(T, c, PC_COST) >= min_cost and player_card(T, c, PC_COST) > best_cost:
            best = k
            best_cost = player_card(T, c, PC_COST)
    return best


@njit(cache=True, _nrt=False)
def cheapest_prepped(s, p, T, min_cost):
    b = pbase(p)
    best = -1
    best_cost = 1 << 20
    for k in range(8):
        c = s[b + P_PREP + k]
        if c >= 0 and player_card(T, c, PC_COST) >= min_cost and player_card(T, c, PC_COST) < best_cost:
            best = k
            best_cost = player_card(T, c, PC_COST)
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def pick_healthiest(s):
    best = 0
    best_life = -1
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        if s[b + P_EXHAUSTED] == 0 and s[b + P_LIFE] > best_life:
            best = p
            best_life = s[b + P_LIFE]
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def pick_lowest(s):
    """Rulebook: 'always deals that damage to the non-exhausted player with the lowest current life'."""
    best = -1
    best_life = 1 << 20
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        if s[b + P_EXHAUSTED] == 0 and s[b + P_LIFE] < best_life:
            best = p
            best_life = s[b + P_LIFE]
    if best < 0:
        best = 0
    return best


@njit(cache=True, _nrt=False)
def pick_most(s, kind, T, amount):
    """Player with the most of something; ties go to the healthiest (players decide)."""
    best = 0
    best_value = -1
    best_life = -1
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        if kind == 0:
            v = prepped_count(s, p)
        elif kind == 1:
            v = s[b + P_CHARGES]
        elif kind == 2:
            v = opened_count(s, p)
        elif kind == 3:
            v = s[b + P_HAND_N]
        elif kind == 4:
            v = s[b + P_DECK_N] + s[b + P_DISCARD_N]
        elif kind == 5:
            v = 1 if cheapest_prepped(s, p, T, amount) >= 0 else 0
        elif kind == 7:
            v = s[b + P_LIFE] - 100 * s[b + P_EXHAUSTED]
        elif kind == 8:
            v = -1
            for i in range(s[b + P_HAND_N]):
                v = max(v, player_card(T, s[b + P_HAND + i], PC_COST))
        else:
            v = 1 if prepped_count(s, p) > 0 else 0
        life = s[b + P_LIFE] - 100 * s[b + P_EXHAUSTED]
        if v > best_value or (v == best_value and life > best_life):
            best = p
            best_value = v
            best_life = life
    return best


@njit(cache=True, _nrt=False)
def starter_gem_index(s, p, T):
    """Team rule for optional destroys: a cost-0 gem (a Crystal) in hand, if any."""
    b = pbase(p)
    for i in range(s[b + P_HAND_N]):
        c = s[b + P_HAND + i]
        if player_card(T, c, PC_COST) == 0 and player_card(T, c, PC_TYPE) == TYPE_GEM:
            return i
    return -1


@njit(cache=True, _nrt=False)
def give_ally_charge(s, p, n):
    """Any ally gains n charges (solo: yourself): the ally furthest from a full ability."""
    best = -1
    best_missing = 0
    for q in range(s[G_PLAYERS]):
        if q == p and s[G_PLAYERS] > 1:
            continue
        b = pbase(q)
        missing = s[b + P_CHARGE_MAX] - s[b + P_CHARGES]
        if missing > best_missing:
            best = q
            best_missing = missing
    if best >= 0:
        b = pbase(best)
        s[b + P_CHARGES] = min(s[b + P_CHARGE_MAX], s[b + P_CHARGES] + n)


@njit(cache=True, _nrt=False, forceinline=True)
def pick_ally(s, p):
    if s[G_PLAYERS] == 1:
        return p
    best = (p + 1) % s[G_PLAYERS]
    for q in range(s[G_PLAYERS]):
        if q != p and s[pbase(q) + P_HAND_N] < s[pbase(best) + P_HAND_N]:
            best = q
    return best


@njit(cache=True, _nrt=False)
def best_prepped_anywhere(s, T):
    """(player, slot) of the costliest prepped spell of any player, or (-1, -1)."""
    bp = -1
    bk = -1
    bc = -1
    for q in range(s[G_PLAYERS]):
        k = most_expensive_prepped(s, q, T, np.int64(0))
        if k >= 0:
            c = player_card(T, s[pbase(q) + P_PREP + k], PC_COST)
            if c > bc:
                bc = c
                bp = q
                bk = k
    return bp, bk
