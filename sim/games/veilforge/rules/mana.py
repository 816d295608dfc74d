"""Mana from the deck: the mana phase adds the top cards of the deck face-down to the mana zone
(up to its cap); paying consumes mana cards, which return to the top of the deck in the order the
player chooses (each consumed card goes on top of the ones before it: the last is drawn next);
face-up mana is flipped face-down as it returns. In 2v2 a player pays from its own mana zone and its
teammate's (rule team_shares_zones); a card consumed from the teammate's zone returns to the teammate's deck. Entries of the mana zone are card * 2 + face_up."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules.ending import lose
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.zones import deck_pop, deck_push, seat_base, teammate


@njit(cache=True, _nrt=False)
def add_from_deck(state, ruleset, seat, n, events):
    """Add the top ``n`` cards of the deck face-down, one by one. A full zone takes no more (the
    rest stay in the deck); a card that must be added from an empty deck loses the game (rule
    mana_short_deck_loses = 0: only a deck that is empty when the adding begins loses; a deck with
    fewer cards gives what it has)."""
    b = seat_base(seat)
    if not ruleset[T.R_MANA_SHORT_DECK_LOSES] and state[b + L.P_DECK_N] > 0:
        n = min(n, state[b + L.P_DECK_N])
    added = 0
    for _ in range(n):
        if state[b + L.P_MANA_N] >= ruleset[T.R_MANA_ZONE_MAX]:
            break
        card_id = deck_pop(state, seat)
        if card_id < 0:
            lose(state, seat, np.int64(V.END_DECK_MANA), events)
            break
        state[b + L.P_MANA + state[b + L.P_MANA_N]] = card_id * 2
        state[b + L.P_MANA_N] += 1
        added += 1
    log_event(state, events, L.EV_MANA, seat, added, state[b + L.P_MANA_N], 0, 0)


@njit(cache=True, _nrt=False)
def consume(state, seat, index, events):
    """Consume mana entry ``index``: flipped face-down, it goes on top of the deck."""
    b = seat_base(seat)
    entry = state[b + L.P_MANA + index]
    n = state[b + L.P_MANA_N]
    for i in range(index, n - 1):
        state[b + L.P_MANA + i] = state[b + L.P_MANA + i + 1]
    state[b + L.P_MANA_N] = n - 1
    deck_push(state, seat, entry >> 1)
    log_event(state, events, L.EV_PAY, seat, entry >> 1, entry & 1, 0, 0)


@njit(cache=True, _nrt=False)
def _distinct_entries(state, zone_seat, code, legal, start):
    """One A_MANA action per distinct (card, face) of ``zone_seat``'s mana zone, from legal[start] (b = ``code``:
    0 for the payer's own zone, layout.ON_TEAMMATE for the teammate's); returns how many."""
    b = seat_base(zone_seat)
    n = 0
    for i in range(state[b + L.P_MANA_N]):
        entry = state[b + L.P_MANA + i]
        seen = False
        for j in range(i):
            if state[b + L.P_MANA + j] == entry:
                seen = True
                break
        if not seen:
            legal[start + n] = (L.A_MANA << 24) | (i << 16) | (code << 8) | L.REF_NONE
            n += 1
    return n


@njit(cache=True, _nrt=False)
def distinct_choices(state, ruleset, seat, legal, start):
    """The mana entries worth choosing between: one per distinct (card, face) of each mana zone the seat
    pays from (its own, then its teammate's: a card consumed from a zone returns to that zone's deck), as
    A_MANA actions written from legal[start]; returns how many."""
    n = _distinct_entries(state, seat, np.int64(0), legal, start)
    mate = teammate(state, ruleset, seat)
    if mate >= 0:
        n += _distinct_entries(state, mate, np.int64(L.ON_TEAMMATE), legal, start + n)
    return n


@njit(cache=True, _nrt=False)
def auto_pay(state, ruleset, events):
    """Consume without asking while the choice is forced: one zone holds mana and its cards are all alike."""
    seat = state[L.G_PAY_SEAT]
    mate = teammate(state, ruleset, seat)
    while state[L.G_PAY_LEFT] > 0:
        zone_seat = seat
        if mate >= 0 and state[seat_base(mate) + L.P_MANA_N] > 0:
            if state[seat_base(seat) + L.P_MANA_N] > 0:
                return
            zone_seat = mate
        b = seat_base(zone_seat)
        n = state[b + L.P_MANA_N]
        first = state[b + L.P_MANA]
        uniform = True
        for i in range(1, n):
            if state[b + L.P_MANA + i] != first:
                uniform = False
                break
        if not uniform:
            return
        consume(state, zone_seat, n - 1, events)
        state[L.G_PAY_LEFT] -= 1


@njit(cache=True, _nrt=False)
def face_up_count(state, seat):
    b = seat_base(seat)
    n = 0
    for i in range(state[b + L.P_MANA_N]):
        n += state[b + L.P_MANA + i] & 1
    return n


@njit(cache=True, _nrt=False)
def flip_up(state, seat, n):
    """Flip up to ``n`` face-down mana face-up, newest first."""
    b = seat_base(seat)
    i = state[b + L.P_MANA_N] - 1
    while n > 0 and i >= 0:
        if state[b + L.P_MANA + i] & 1 == 0:
            state[b + L.P_MANA + i] |= 1
            n -= 1
        i -= 1


@njit(cache=True, _nrt=False)
def flip_down(state, seat, n):
    """Flip up to ``n`` face-up mana back face-down, newest first ("Turn a face-down card face-up, or vice
    versa, without changing zones")."""
    b = seat_base(seat)
    i = state[b + L.P_MANA_N] - 1
    while n > 0 and i >= 0:
        if state[b + L.P_MANA + i] & 1 == 1:
            state[b + L.P_MANA + i] &= ~1
            n -= 1
        i -= 1


@njit(cache=True, _nrt=False)
def burn(state, seat, n, events):
    """The player consumes ``n`` mana (an opposing effect): newest first, each onto the deck's top."""
    b = seat_base(seat)
    while n > 0 and state[b + L.P_MANA_N] > 0:
        consume(state, seat, state[b + L.P_MANA_N] - 1, events)
        n -= 1
