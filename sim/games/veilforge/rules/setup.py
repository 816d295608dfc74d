"""Setup: "Place your 3 hero cards in your hero zone and your ideal card in your ideal zone.
Shuffle your main deck thoroughly. Draw 5 cards to form your starting hand." Starting life is the
combined health of the 3 heroes. Who goes first is the seat order (every deal is played in both
orders). "The player who goes second starts the game with 1 mana": reading, the top card of the
deck goes face-down into the mana zone (rule second_player_mana; in 2v2 both players of the second
team)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.core.seating import slot_of_seat
from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules.effects import draw_cards
from sim.games.veilforge.rules.mana import add_from_deck
from sim.games.veilforge.rules.zones import count_responders, place, rec, seat_base


@njit(cache=True, _nrt=False)
def _has_vigilant(ruleset, matchup, slot):
    """Has any card of a deck slot (heroes, main deck, evolution deck) a Vigilant ability? A seat's field
    only ever holds its own cards, so a seat without one never needs its field scanned for a response."""
    for h in range(3):
        if T.has(ruleset, T.slot_value(matchup, slot, T.S_HEROES + h), V.W_VIGILANT):
            return 1
    for i in range(T.slot_value(matchup, slot, T.S_MAIN_N)):
        if T.has(ruleset, T.slot_value(matchup, slot, T.S_MAIN + i), V.W_VIGILANT):
            return 1
    for i in range(T.slot_value(matchup, slot, T.S_EVO_N)):
        if T.has(ruleset, T.slot_value(matchup, slot, T.S_EVO + i), V.W_VIGILANT):
            return 1
    return 0


@njit(cache=True, _nrt=False)
def deal(state, ruleset, matchup, order, keys, counters, events, counts, count_cards):
    sides = matchup[T.MATCHUP_SIDES]
    per_side = matchup[T.MATCHUP_SEATS_PER_SIDE]
    seats = sides * per_side
    for seat in range(seats):
        b = seat_base(seat)
        slot = slot_of_seat(order, seat, sides, per_side)
        state[b + L.P_SLOT] = slot
        for s in range(L.FIELD_SLOTS):
            state[rec(seat, s) + L.F_CARD] = -1
        life = 0
        for h in range(3):
            hero = T.slot_value(matchup, slot, T.S_HEROES + h)
            place(state, seat, h, hero, np.int64(L.ST_ENABLED), seat)
            life += T.card(ruleset, hero, T.C_HEALTH)
        state[b + L.P_LIFE] = life
        state[b + L.P_START_LIFE] = life
        state[b + L.P_IDEAL] = T.slot_value(matchup, slot, T.S_IDEAL)
        n = T.slot_value(matchup, slot, T.S_MAIN_N)
        for i in range(n):
            state[b + L.P_DECK + i] = T.slot_value(matchup, slot, T.S_MAIN + i)
        state[b + L.P_DECK_N] = n
        rng.shuffle(state, b + L.P_DECK, b + L.P_DECK + n, keys, counters, seat)
        e = T.slot_value(matchup, slot, T.S_EVO_N)
        for i in range(e):
            state[b + L.P_EVO + i] = T.slot_value(matchup, slot, T.S_EVO + i)
        state[b + L.P_EVO_N] = e
        state[b + L.P_QUICK_EVO] = count_responders(state, ruleset, seat)[1]
        state[b + L.P_VIGILANT_CARDS] = _has_vigilant(ruleset, matchup, slot)
    for seat in range(seats):
        draw_cards(state, ruleset, seat, ruleset[T.R_OPENING_HAND], events, counts, count_cards)
        if count_cards:
            b = seat_base(seat)
            for i in range(state[b + L.P_HAND_N]):
                counts[seat, state[b + L.P_HAND + i], L.COUNT_OPENING] += 1
    for seat in range(1, seats, sides):
        add_from_deck(state, ruleset, seat, ruleset[T.R_SECOND_PLAYER_MANA], events)
