"""The turn order deck (rulebook "Turn Order Deck", "Turn Order"): shuffled when it runs out, cards
returned to it and shuffled back in, and the looks at its top that player cards make."""

from __future__ import annotations

from numba import njit

from sim.core.rng import shuffle
from sim.games.aeons_end.layout import G_TURN_ORDER_POS, TO_NEMESIS, TURN_ORDER_BASE, TURN_ORDER_SIZE


@njit(cache=True, _nrt=False)
def nemesis_cards_discarded(s):
    n = 0
    for k in range(s[G_TURN_ORDER_POS]):
        if s[TURN_ORDER_BASE + k] == TO_NEMESIS:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def return_turn_order_card(s, keys, counters, code):
    """Shuffle one discarded turn-order card with this code back into the turn-order deck."""
    pos = s[G_TURN_ORDER_POS]
    for k in range(pos):
        if s[TURN_ORDER_BASE + k] == code:
            t = s[TURN_ORDER_BASE + k]
            s[TURN_ORDER_BASE + k] = s[TURN_ORDER_BASE + pos - 1]
            s[TURN_ORDER_BASE + pos - 1] = t
            s[G_TURN_ORDER_POS] = pos - 1
            shuffle(s, TURN_ORDER_BASE + pos - 1, TURN_ORDER_BASE + TURN_ORDER_SIZE, keys, counters, 0)
            return True
    return False


@njit(cache=True, _nrt=False)
def ensure_turn_order(s, keys, counters):
    if s[G_TURN_ORDER_POS] >= TURN_ORDER_SIZE:
        shuffle(s, TURN_ORDER_BASE, TURN_ORDER_BASE + TURN_ORDER_SIZE, keys, counters, 0)
        s[G_TURN_ORDER_POS] = 0


@njit(cache=True, _nrt=False)
def peek_turn_order_is_player(s, keys, counters):
    ensure_turn_order(s, keys, counters)
    return s[TURN_ORDER_BASE + s[G_TURN_ORDER_POS]] != TO_NEMESIS
