"""The corruption deck (Crooked Mask, nemesis mat data): gaining a corruption, returning a destroyed one
(to the bottom of the corruption deck; Expert: into a discard pile or for a charge), and the discards that
spare corruptions. Resolving the corruptions in hand is corruptions.py."""

from __future__ import annotations

from numba import njit

from sim.games.aeons_end.layout import (
    CORRUPTION_BASE,
    CORRUPTION_CAPACITY,
    G_CORRUPTIONS,
    P_CHARGES,
    P_DECK,
    P_DECK_N,
    P_HAND,
    P_HAND_N,
    P_OWNED,
    PC_COST,
    PC_TYPE,
    R_CORRUPTION_DESTROYED_EXPERT,
    R_CORRUPTION_EMPTY_DAMAGE,
    TYPE_CORRUPTION,
)
from sim.games.aeons_end.rules.choices import pick_healthiest
from sim.games.aeons_end.rules.damage_exhaustion import gravehold_suffers
from sim.games.aeons_end.rules.game_end import fail
from sim.games.aeons_end.rules.piles import destroy_card, discard_from_hand, pbase, push, to_discard_pile
from sim.games.aeons_end.tables import player_card, rule
from sim.games.aeons_end.vocab import ERR_CAPACITY


@njit(cache=True, _nrt=False)
def destroy_owned(s, T, p, card):
    """Destroy one of p's cards (already taken out of its pile); a corruption returns to its deck instead."""
    if player_card(T, card, PC_TYPE) == TYPE_CORRUPTION:
        return_corruption(s, T, p, card)
    else:
        destroy_card(s, p)


@njit(cache=True, _nrt=False)
def gain_corruption(s, T, p, to_hand):
    """Take the top corruption onto p's deck (or into hand); an empty corruption deck hurts Gravehold."""
    n = s[G_CORRUPTIONS]
    if n == 0:
        gravehold_suffers(s, rule(T, R_CORRUPTION_EMPTY_DAMAGE))
        return
    card = s[CORRUPTION_BASE + n - 1]
    s[G_CORRUPTIONS] = n - 1
    b = pbase(p)
    if to_hand:
        push(s, b + P_HAND, b + P_HAND_N, card)
    else:
        push(s, b + P_DECK, b + P_DECK_N, card)
    s[b + P_OWNED] += 1


@njit(cache=True, _nrt=False)
def return_corruption(s, T, p, card):
    """A destroyed corruption goes to the bottom of the corruption deck. Expert (data S4/S1): it goes into
    any player's discard pile, or p loses 1 charge to put it on the bottom; team rule: pay the charge when
    p has one, else the healthiest player takes it into their discard pile."""
    if rule(T, R_CORRUPTION_DESTROYED_EXPERT) != 0:
        b = pbase(p)
        if s[b + P_CHARGES] > 0:
            s[b + P_CHARGES] -= 1
        else:
            q = pick_healthiest(s)
            if q < 0:
                q = p
            to_discard_pile(s, q, card)
            s[b + P_OWNED] -= 1
            s[pbase(q) + P_OWNED] += 1
            return
    n = s[G_CORRUPTIONS]
    if n >= CORRUPTION_CAPACITY:
        fail(s, ERR_CAPACITY)
        return
    for k in range(n, 0, -1):
        s[CORRUPTION_BASE + k] = s[CORRUPTION_BASE + k - 1]
    s[CORRUPTION_BASE] = card
    s[G_CORRUPTIONS] = n + 1
    s[pbase(p) + P_OWNED] -= 1


@njit(cache=True, _nrt=False)
def discard_non_corruption(s, T, p, n):
    b = pbase(p)
    done = 0
    for _ in range(n):
        best = -1
        best_cost = 1 << 20
        for i in range(s[b + P_HAND_N]):
            c = s[b + P_HAND + i]
            if player_card(T, c, PC_TYPE) != TYPE_CORRUPTION and player_card(T, c, PC_COST) < best_cost:
                best = i
                best_cost = player_card(T, c, PC_COST)
        if best < 0:
            break
        discard_from_hand(s, p, best)
        done += 1
    return done == n
