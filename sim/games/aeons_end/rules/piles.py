"""Player Cards (rulebook "Player Cards", "Player Turn: 3 – Draw Phase"): a player's hand, deck, discard
pile, played cards and prepped spells. The deck is never shuffled: an empty deck is the discard pile turned
over. Destroyed cards leave the game; the per-card counts (drawn, played, opening hand, gained) of the lake."""

from __future__ import annotations

from numba import njit

from sim.games.aeons_end.layout import (
    CARD_COUNT_BASE,
    CARD_COUNTS,
    G_COUNT_CARDS,
    MAX_CARD_IDS,
    P_BREACH,
    P_DECK,
    P_DECK_N,
    P_DESTROYED_N,
    P_DISCARD,
    P_DISCARD_N,
    P_HAND,
    P_HAND_N,
    P_OWNED,
    P_PREP,
    P_PREPPED_NOW,
    PC_IS_CRYSTAL,
    PILE_CAPACITY,
    PLAYER_BASE,
    PLAYER_STRIDE,
)
from sim.games.aeons_end.rules.game_end import fail
from sim.games.aeons_end.tables import player_card
from sim.games.aeons_end.vocab import ERR_CAPACITY


@njit(cache=True, _nrt=False, forceinline=True)
def pbase(p):
    return PLAYER_BASE + p * PLAYER_STRIDE


@njit(cache=True, _nrt=False, forceinline=True)
def count_card(s, p, card, kind):
    """Per-card statistics (kind 0 drawn, 1 played or cast, 2 in the opening hand, 3 gained), when switched on."""
    if s[G_COUNT_CARDS] != 0 and card < MAX_CARD_IDS:
        s[CARD_COUNT_BASE + (p * MAX_CARD_IDS + card) * CARD_COUNTS + kind] += 1


@njit(cache=True, _nrt=False, forceinline=True)
def push(s, base, count_index, card):
    n = s[count_index]
    if n >= PILE_CAPACITY:
        fail(s, ERR_CAPACITY)
        return
    s[base + n] = card
    s[count_index] = n + 1


@njit(cache=True, _nrt=False)
def remove_at(s, base, count_index, i):
    n = s[count_index]
    card = s[base + i]
    for k in range(i, n - 1):
        s[base + k] = s[base + k + 1]
    s[count_index] = n - 1
    return card


@njit(cache=True, _nrt=False, forceinline=True)
def to_discard_pile(s, p, card):
    b = pbase(p)
    push(s, b + P_DISCARD, b + P_DISCARD_N, card)


@njit(cache=True, _nrt=False)
def flip_discard(s, p):
    """Deck empty: the discard pile turned over becomes the deck (its bottom card on top)."""
    b = pbase(p)
    m = s[b + P_DISCARD_N]
    for k in range(m):
        s[b + P_DECK + k] = s[b + P_DISCARD + m - 1 - k]
    s[b + P_DECK_N] = m
    s[b + P_DISCARD_N] = 0


@njit(cache=True, _nrt=False)
def draw_cards(s, p, n):
    b = pbase(p)
    drawn = 0
    for _ in range(n):
        if s[b + P_DECK_N] == 0:
            flip_discard(s, p)
            if s[b + P_DECK_N] == 0:
                break
        d = s[b + P_DECK_N] - 1
        push(s, b + P_HAND, b + P_HAND_N, s[b + P_DECK + d])
        count_card(s, p, s[b + P_DECK + d], 0)
        s[b + P_DECK_N] = d
        drawn += 1
    return drawn


@njit(cache=True, _nrt=False, forceinline=True)
def destroy_card(s, p):
    b = pbase(p)
    s[b + P_DESTROYED_N] += 1
    s[b + P_OWNED] -= 1


@njit(cache=True, _nrt=False)
def discard_from_hand(s, p, i):
    b = pbase(p)
    card = remove_at(s, b + P_HAND, b + P_HAND_N, i)
    to_discard_pile(s, p, card)


@njit(cache=True, _nrt=False)
def prepped_count(s, p):
    b = pbase(p)
    n = 0
    for k in range(8):
        if s[b + P_PREP + k] >= 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def opened_count(s, p):
    b = pbase(p)
    n = 0
    for k in range(4):
        if s[b + P_BREACH + k] == 4:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def discard_prepped(s, p, k):
    b = pbase(p)
    card = s[b + P_PREP + k]
    s[b + P_PREP + k] = -1
    s[b + P_PREPPED_NOW + k] = 0
    to_discard_pile(s, p, card)


@njit(cache=True, _nrt=False)
def crystals_in_hand(s, T, p):
    b = pbase(p)
    n = 0
    for i in range(s[b + P_HAND_N]):
        if player_card(T, s[b + P_HAND + i], PC_IS_CRYSTAL) != 0:
            n += 1
    return n
