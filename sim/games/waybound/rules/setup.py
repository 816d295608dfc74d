"""SETUP and OPTIONAL FEATURED OPENING (rulebook): the opening hand (the featured Ally among the top cards),
one whole-hand mulligan each, then the first turn."""

from __future__ import annotations

from numba import njit

from sim.core.rng import shuffle
from sim.games.waybound.layout import (
    DECK_OFF,
    EV_FEATURED,
    EV_OPENING_CARD,
    G_COUNT,
    HAND_OFF,
    P_DECK_N,
    P_FEATURED,
    P_HAND_N,
    P_MULLIGANS,
    S_DEAL0,
    log_event,
    player_base,
)
from sim.games.waybound.rules.cards import count_card, draw_cards
from sim.games.waybound.rules.turn import start_turn
from sim.games.waybound.vocab import R_OPENING_HAND


@njit(cache=True, _nrt=False)
def guarantee_featured(s, p, hand_size, events):
    """Featured opening: put one copy of the featured Ally among the top `hand_size` deck cards
    (no copy is created: it swaps places with a card that would have been drawn)."""
    pb = player_base(p)
    card = s[pb + P_FEATURED]
    if card < 0:
        return
    n = s[pb + P_DECK_N]
    low = max(0, n - hand_size)
    for k in range(low, n):
        if s[pb + DECK_OFF + k] == card:
            return
    for k in range(low - 1, -1, -1):
        if s[pb + DECK_OFF + k] == card:
            s[pb + DECK_OFF + k] = s[pb + DECK_OFF + low]
            s[pb + DECK_OFF + low] = card
            log_event(s, events, EV_FEATURED, p, card, 0, 0, 0)
            return


@njit(cache=True, _nrt=False)
def begin_play(s, rules, keys, counters, events, counts):
    for p in range(2):
        pb = player_base(p)
        for k in range(s[pb + P_HAND_N]):
            card = s[pb + HAND_OFF + k]
            log_event(s, events, EV_OPENING_CARD, p, card, 0, 0, 0)
            if s[G_COUNT] != 0:
                count_card(counts, p, card, 0)
                count_card(counts, p, card, 2)
    start_turn(s, rules, 0, keys, counters, events, counts)


@njit(cache=True, _nrt=False)
def mulligan(s, rules, p, keys, counters, events, counts):
    pb = player_base(p)
    n = s[pb + P_DECK_N]
    for k in range(s[pb + P_HAND_N]):
        s[pb + DECK_OFF + n + k] = s[pb + HAND_OFF + k]
    n += s[pb + P_HAND_N]
    s[pb + P_HAND_N] = 0
    s[pb + P_DECK_N] = n
    shuffle(s, pb + DECK_OFF, pb + DECK_OFF + n, keys, counters, S_DEAL0 + p)
    guarantee_featured(s, p, rules[R_OPENING_HAND], events)
    saved = s[G_COUNT]
    s[G_COUNT] = 0
    draw_cards(s, p, rules[R_OPENING_HAND], keys, counters, events, counts)
    s[G_COUNT] = saved
    s[pb + P_MULLIGANS] += 1
