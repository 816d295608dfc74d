"""The deal, drawing a card at the start of each turn, and the seat order."""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.core.seating import slot_of_seat
from sim.games.coin_race import layout as L
from sim.games.coin_race import tables as T
from sim.games.coin_race.rules.events import log_event


@njit(cache=True, _nrt=False)
def deal(state, matchup, order, keys, counters):
    """Every seat gets its deck slot's deck, shuffled from that slot's deal stream."""
    sides = matchup[T.MATCHUP_SIDES]
    per_side = matchup[T.MATCHUP_SEATS_PER_SIDE]
    deck_size = matchup[T.MATCHUP_DECK_SIZE]
    for seat in range(sides * per_side):
        base = L.GLOBALS + seat * L.SEAT_SIZE
        slot = slot_of_seat(order, seat, sides, per_side)
        for i in range(deck_size):
            state[base + L.P_DECK + i] = T.deck_card(matchup, slot, i)
        rng.shuffle(state, base + L.P_DECK, base + L.P_DECK + deck_size, keys, counters, seat)


@njit(cache=True, _nrt=False)
def begin_turn(state, matchup, events, counts, count_cards):
    """The acting seat draws the next card of its deck (a deck runs out only past its size rounds,
    and then starts over from its top: rounds > deck_size replay the same order)."""
    seat = state[L.G_SEAT]
    base = L.GLOBALS + seat * L.SEAT_SIZE
    deck_size = matchup[T.MATCHUP_DECK_SIZE]
    card = state[base + L.P_DECK + state[base + L.P_CURSOR] % deck_size]
    state[base + L.P_CURSOR] += 1
    state[L.G_CARD] = card
    state[L.G_TURNS] += 1
    if count_cards:
        counts[seat, card, L.COUNT_DRAWN] += 1
    log_event(state, events, L.EV_DRAW, seat, card, 0, 0)


@njit(cache=True, inline="always")
def next_seat(state):
    """Seats act in order 0, 1, ...; after the last seat a new round begins."""
    seat = state[L.G_SEAT] + 1
    if seat == state[L.G_SEATS]:
        seat = 0
        state[L.G_ROUND] += 1
    state[L.G_SEAT] = seat
