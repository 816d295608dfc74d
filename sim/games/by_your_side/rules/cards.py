"""Card flow in the Player Areas: hands, draw decks, discard piles, the played and converted piles,
drawing up to the hand limit, shuffling, Exhaustion from the Archive, Retrieving, the Archive itself."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.queue import fail


@njit(cache=True, forceinline=True)
def seat_base(seat):
    return L.PLAYERS + seat * L.SEAT_SIZE


@njit(cache=True, forceinline=True)
def first_copy(state, start, i):
    """Is the i-th card of the pile at ``start`` the first of its kind there? (Legal lists hold one action
    per kind of card.)"""
    for j in range(i):
        if state[start + j] == state[start + i]:
            return False
    return True


@njit(cache=True, forceinline=True)
def encode_action(kind, a, b):
    return (kind << 16) | (a << 8) | b


@njit(cache=True, forceinline=True)
def push_action(legal, n, action):
    """Append an action to a legal list (a full list keeps its first MAX_LEGAL actions)."""
    if n < legal.shape[0]:
        legal[n] = action
        return n + 1
    return n


@njit(cache=True, _nrt=False)
def pile_push(state, base, count_field, cap, card):
    """Put ``card`` on top of a pile (hand, deck, discard, played, converted) of one seat's block."""
    n = state[base + count_field]
    if n >= cap:
        fail(state, np.int64(L.ERROR_CAPACITY))
        return
    state[base + _pile_start(count_field) + n] = card
    state[base + count_field] = n + 1


@njit(cache=True, forceinline=True)
def _pile_start(count_field):
    if count_field == L.P_HAND_N:
        return L.P_HAND
    if count_field == L.P_DECK_N:
        return L.P_DECK
    if count_field == L.P_DISCARD_N:
        return L.P_DISCARD
    if count_field == L.P_PLAYED_N:
        return L.P_PLAYED
    return L.P_CONVERTED


@njit(cache=True, _nrt=False)
def pile_remove(state, base, count_field, card):
    """Take one copy of ``card`` out of a pile (the others keep their order); False if it has none."""
    start = base + _pile_start(count_field)
    n = state[base + count_field]
    for i in range(n):
        if state[start + i] == card:
            for j in range(i, n - 1):
                state[start + j] = state[start + j + 1]
            state[base + count_field] = n - 1
            return True
    return False


@njit(cache=True, _nrt=False)
def pile_has(state, base, count_field, card):
    start = base + _pile_start(count_field)
    for i in range(state[base + count_field]):
        if state[start + i] == card:
            return True
    return False


@njit(cache=True, _nrt=False)
def to_hand(state, seat, card):
    pile_push(state, seat_base(seat), np.int64(L.P_HAND_N), np.int64(L.HAND_CAP), card)


@njit(cache=True, _nrt=False)
def to_discard(state, seat, card):
    pile_push(state, seat_base(seat), np.int64(L.P_DISCARD_N), np.int64(L.DECK_CAP), card)


@njit(cache=True, forceinline=True)
def to_archive(state, card):
    """Banished cards return to the Archive (the box)."""
    state[L.ARCHIVE + card] += 1


@njit(cache=True, _nrt=False)
def take_from_archive(state, card):
    """A specific card from the Archive: True if a copy was there (then it is taken), False if not
    ("you do not get that card and nothing takes its place")."""
    if card < 0 or state[L.ARCHIVE + card] <= 0:
        return False
    state[L.ARCHIVE + card] -= 1
    return True


@njit(cache=True, _nrt=False)
def discard_from_hand(state, seat, card, events):
    """Discard one of your own cards from your hand onto your discard pile (a cost or penalty discard:
    it triggers nothing else)."""
    if pile_remove(state, seat_base(seat), np.int64(L.P_HAND_N), card):
        to_discard(state, seat, card)
        log_event(state, events, L.EV_DISCARD, seat, card, 0, 0)
        return True
    return False


@njit(cache=True, _nrt=False)
def discard_hand(state, seat, events):
    base = seat_base(seat)
    while state[base + L.P_HAND_N] > 0:
        discard_from_hand(state, seat, state[base + L.P_HAND + state[base + L.P_HAND_N] - 1], events)


@njit(cache=True, _nrt=False)
def hand_limit(state, ruleset, seat):
    """The rule's hand limit, changed by equipped Talismans, focused chakras and cards in hand
    (Exhaustion lowers it); never below 0."""
    base = seat_base(seat)
    limit = ruleset[T.RULE_HAND_LIMIT]
    for s in range(2):
        c = state[base + L.P_TALISMAN + s]
        if c >= 0:
            limit += T.card(ruleset, c, T.C_HAND_LIMIT)
    who = state[base + L.P_CHARACTER]
    for k in range(5):
        if state[base + L.P_CHAKRA + k]:
            limit += T.card(ruleset, T.character(ruleset, who, T.CH_CHAKRAS + k), T.C_HAND_LIMIT)
    for i in range(state[base + L.P_HAND_N]):
        c = state[base + L.P_HAND + i]
        if T.card(ruleset, c, T.C_TYPE) == vocab.TYPE_INTRUSIVE:
            limit += T.card(ruleset, c, T.C_HAND_LIMIT)
    return max(limit, 0)


@njit(cache=True, _nrt=False)
def shuffle_discard_into_deck(state, seat, keys, counters, events):
    base = seat_base(seat)
    n = state[base + L.P_DISCARD_N]
    start = state[base + L.P_DECK_N]
    for i in range(n):
        state[base + L.P_DECK + start + i] = state[base + L.P_DISCARD + i]
    state[base + L.P_DECK_N] = start + n
    state[base + L.P_DISCARD_N] = 0
    rng.shuffle(state, base + L.P_DECK, base + L.P_DECK + start + n, keys, counters, L.STREAM_DEAL + seat)
    state[base + L.P_SHUFFLES] += 1
    log_event(state, events, L.EV_SHUFFLE, seat, n, 0, 0)


@njit(cache=True, _nrt=False)
def draw_one(state, ruleset, seat, keys, counters, events, counts, count_cards):
    """Draw the top card of your deck. An empty deck shuffles the discard pile first; with both empty
    an Exhaustion comes from the Archive instead (none if the Archive has none). Drawing is not
    revealing: nothing triggers. Returns the card, or -1 if nothing could be drawn."""
    base = seat_base(seat)
    if state[base + L.P_DECK_N] == 0:
        if state[base + L.P_DISCARD_N] > 0:
            shuffle_discard_into_deck(state, seat, keys, counters, events)
        else:
            exhaustion = ruleset[T.N_RULES + T.H_EXHAUSTION]
            if take_from_archive(state, exhaustion):
                to_hand(state, seat, exhaustion)
                log_event(state, events, L.EV_EXHAUSTION, seat, exhaustion, 0, 0)
                return exhaustion
            log_event(state, events, L.EV_EXHAUSTION, seat, -1, 0, 0)
            return -1
    n = state[base + L.P_DECK_N] - 1
    card = state[base + L.P_DECK + n]
    state[base + L.P_DECK_N] = n
    to_hand(state, seat, card)
    if count_cards:
        counts[seat, card, L.COUNT_DRAWN] += 1
        if state[L.G_ROUND] == 0:
            counts[seat, card, L.COUNT_OPENING] += 1
    log_event(state, events, L.EV_DRAW, seat, card, 0, 0)
    return card


@njit(cache=True, _nrt=False)
def draw_cards(state, ruleset, seat, n, keys, counters, events, counts, count_cards):
    """Draw n cards, or as many as the hand limit has room for."""
    base = seat_base(seat)
    for _ in range(n):
        if state[base + L.P_HAND_N] >= hand_limit(state, ruleset, seat) or state[L.G_DONE]:
            return
        if draw_one(state, ruleset, seat, keys, counters, events, counts, count_cards) < 0:
            return


@njit(cache=True, _nrt=False)
def draw_up_to_limit(state, ruleset, seat, keys, counters, events, counts, count_cards):
    """Draw up to the hand limit; a hand already at or over the limit draws nothing (and discards nothing)."""
    draw_cards(state, ruleset, seat, np.int64(L.HAND_CAP), keys, counters, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def retrieve_card(state, seat, card, events, counts, count_cards):
    """A Retrieved card goes to the retriever's own discard pile."""
    to_discard(state, seat, card)
    state[seat_base(seat) + L.P_RETRIEVED] += 1
    if count_cards:
        counts[seat, card, L.COUNT_GAINED] += 1
    log_event(state, events, L.EV_RETRIEVE, seat, card, 0, 0)


@njit(cache=True, _nrt=False)
def empty_pile_to_discard(state, seat, count_field):
    """End of the Player Phase: the played and converted cards go to their owner's discard pile."""
    base = seat_base(seat)
    start = base + _pile_start(count_field)
    for i in range(state[base + count_field]):
        to_discard(state, seat, state[start + i])
    state[base + count_field] = 0


@njit(cache=True, _nrt=False)
def gain_energy(state, seat, amount, events):
    if amount <= 0:
        return
    base = seat_base(seat)
    state[base + L.P_ENERGY] += amount
    log_event(state, events, L.EV_ENERGY, seat, amount, state[base + L.P_ENERGY], 0)
