"""A seat's cards (rulebook GOAL AND DECKS, START OF TURN): the deck (reshuffled from the discard pile
when empty), the hand kept sorted by card id, the discard pile, and the per-card counts of the lake."""

from __future__ import annotations

from numba import njit

from sim.core.rng import shuffle
from sim.games.waybound.layout import (
    DECK_OFF,
    DISCARD_OFF,
    EV_DRAW,
    EV_RESHUFFLE,
    G_COUNT,
    HAND_OFF,
    P_DECK_N,
    P_DISCARD_N,
    P_HAND_N,
    S_DEAL0,
    log_event,
    player_base,
)


@njit(cache=True, _nrt=False, forceinline=True)
def count_card(counts, p, card, column):
    if counts.shape[0] > 0:
        counts[p, card, column] += 1


@njit(cache=True, _nrt=False)
def draw_cards(s, p, n, keys, counters, events, counts):
    pb = player_base(p)
    for _ in range(n):
        if s[pb + P_DECK_N] == 0:
            nd = s[pb + P_DISCARD_N]
            if nd == 0:
                return
            for k in range(nd):
                s[pb + DECK_OFF + k] = s[pb + DISCARD_OFF + k]
            s[pb + P_DECK_N] = nd
            s[pb + P_DISCARD_N] = 0
            shuffle(s, pb + DECK_OFF, pb + DECK_OFF + nd, keys, counters, S_DEAL0 + p)
            log_event(s, events, EV_RESHUFFLE, p, nd, 0, 0, 0)
        top = s[pb + P_DECK_N] - 1
        card = s[pb + DECK_OFF + top]
        s[pb + P_DECK_N] = top
        add_to_hand(s, p, card)
        if s[G_COUNT] != 0:
            count_card(counts, p, card, 0)
        log_event(s, events, EV_DRAW, p, card, 0, 0, 0)


@njit(cache=True, _nrt=False, forceinline=True)
def add_to_hand(s, p, card):
    """The hand is kept sorted by card id: copies sit together and the cards of one kind mostly do
    too (ids are grouped by faction, Allies before Tactics), which makes the scans of the hand
    that every decision does predictable for the CPU."""
    pb = player_base(p)
    k = s[pb + P_HAND_N]
    while k > 0 and s[pb + HAND_OFF + k - 1] > card:
        s[pb + HAND_OFF + k] = s[pb + HAND_OFF + k - 1]
        k -= 1
    s[pb + HAND_OFF + k] = card
    s[pb + P_HAND_N] += 1


@njit(cache=True, _nrt=False, forceinline=True)
def remove_hand_at(s, p, k):
    pb = player_base(p)
    n = s[pb + P_HAND_N] - 1
    for h in range(k, n):
        s[pb + HAND_OFF + h] = s[pb + HAND_OFF + h + 1]
    s[pb + P_HAND_N] = n


@njit(cache=True, _nrt=False, forceinline=True)
def remove_from_hand(s, p, card):
    pb = player_base(p)
    for k in range(s[pb + P_HAND_N]):
        if s[pb + HAND_OFF + k] == card:
            remove_hand_at(s, p, k)
            return True
    return False


@njit(cache=True, _nrt=False, forceinline=True)
def to_discard(s, p, card):
    pb = player_base(p)
    n = s[pb + P_DISCARD_N]
    s[pb + DISCARD_OFF + n] = card
    s[pb + P_DISCARD_N] = n + 1
