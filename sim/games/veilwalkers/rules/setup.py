"""Preparing the table: the decks shuffled and five drawn, the one bottom-and-redraw, the coin flip
(the seat order: its loser moves first), the winner's Ring I start Site, the opponent three Sites
away, all three Veilbound at each Company's Entry Site, the Remembrances and Ring offsets placed."""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.core.seating import slot_of_seat
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules.board import figure, seat_base, visit
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.relics import clear_portable
from sim.games.veilwalkers.rules.turn import draw_cards


@njit(cache=True, _nrt=False)
def prepare(state, ruleset, matchup, order, keys, counters, events, counts, count_cards):
    for ring in range(L.RINGS):
        state[L.G_OFFSET + ring] = ruleset[T.RULE_OFFSET_1 + ring]
    for t in range(L.TOKENS):
        tk = L.G_TOKEN + t * L.TOKEN_W
        state[tk + L.TK_SITE] = T.board(ruleset, T.B_TOKEN + t)
        state[tk + L.TK_CARRIER] = -1
        state[tk + L.TK_DISLODGED_FROM] = -1
    state[L.G_STRIKER] = -1
    state[L.G_TARGET] = -1
    state[L.G_FRAYING] = -1
    state[L.G_REACTION] = -1
    state[L.G_WATCHER_SITE] = L.NOWHERE  # placed Dormant after the start Sites
    deck_size = matchup[T.MATCHUP_DECK_SIZE]
    for seat in range(L.SEATS):
        base = seat_base(seat)
        slot = slot_of_seat(order, seat, 2, 1)
        state[base + L.P_COMPANY] = matchup[T.MATCHUP_COMPANY + slot]
        state[base + L.P_THREAD] = ruleset[T.RULE_THREAD_START]
        for i in range(3):
            state[base + L.P_VB_SITE + i] = L.NOWHERE
        state[base + L.P_STRONGHOLD] = L.NOWHERE  # "Strongholds start unbuilt"
        state[base + L.P_FOUNDATION] = L.NOWHERE
        state[base + L.P_PATROL] = -1  # "Patrols off-board"
        for k in range(L.FIG_CAP):
            state[figure(seat, k) + L.F_CARD] = -1
            state[figure(seat, k) + L.F_SITE] = L.NOWHERE
            state[figure(seat, k) + L.F_HOME] = L.NOWHERE
        for k in range(L.REL_CAP):
            state[base + L.P_REL + k * L.REL_W + L.R_CARD] = -1
            state[base + L.P_REL + k * L.REL_W + L.R_SITE] = L.NOWHERE
        for k in range(L.PORT_CAP):
            clear_portable(state, seat, k)
        for i in range(deck_size):
            state[base + L.P_DECK + i] = T.deck_card(matchup, slot, i)
        state[base + L.P_DECK_N] = deck_size
        rng.shuffle(state, base + L.P_DECK, base + L.P_DECK + deck_size, keys, counters, seat)
        draw_cards(state, seat, ruleset[T.RULE_OPENING_HAND], events, counts, count_cards)
        if count_cards:
            for i in range(state[base + L.P_HAND_N]):
                counts[seat, state[base + L.P_HAND + i], L.COUNT_OPENING] += 1
    state[L.G_PHASE] = L.PH_SETUP
    state[L.G_PENDING] = L.DEC_MULLIGAN
    state[L.G_DECIDER] = 0


@njit(cache=True, _nrt=False)
def mulligan(state, seat, mask, keys, counters, events, counts, count_cards):
    """"Once, place any number of these cards on the bottom, draw the same number, then shuffle. No
    Thread penalty." ``mask`` has a bit per opening-hand position."""
    base = seat_base(seat)
    n = state[base + L.P_HAND_N]
    chosen = 0
    for i in range(n):
        if mask >> i & 1:
            chosen += 1
    if chosen > 0:
        deck_n = state[base + L.P_DECK_N]
        for i in range(deck_n - 1, -1, -1):  # make room at the bottom (index 0)
            state[base + L.P_DECK + i + chosen] = state[base + L.P_DECK + i]
        kept, bottom = 0, 0
        for i in range(n):
            card_id = state[base + L.P_HAND + i]
            if mask >> i & 1:
                state[base + L.P_DECK + bottom] = card_id
                bottom += 1
            else:
                state[base + L.P_HAND + kept] = card_id
                kept += 1
        state[base + L.P_HAND_N] = kept
        state[base + L.P_DECK_N] = deck_n + chosen
        draw_cards(state, seat, chosen, events, counts, count_cards)
        rng.shuffle(state, base + L.P_DECK, base + L.P_DECK + state[base + L.P_DECK_N], keys, counters, seat)
    log_event(state, events, L.EV_MULLIGAN, seat, chosen, 0, 0)
    if seat == 0:
        state[L.G_DECIDER] = 1
    else:
        state[L.G_PENDING] = L.DEC_START
        state[L.G_DECIDER] = 1  # the coin flip's winner: the Company moving second


@njit(cache=True, inline="always")
def start_site(state, seat):
    """The Ring I local Site ``seat``'s Company started on: the coin flip's winner (seat 1) chose
    G_START, "The opponent starts exactly three Sites away"."""
    return state[L.G_START] if seat == 1 else (state[L.G_START] + 3) % L.SITES


@njit(cache=True, _nrt=False)
def place_start(state, local, events):
    """"The winner chooses any Ring I starting Site. The opponent starts exactly three Sites away and
    takes the first turn. Each Company places all three Veilbound together at its Entry Site.\""""
    state[L.G_START] = local
    for seat in range(L.SEATS):
        site = start_site(state, seat)
        for i in range(3):
            state[seat_base(seat) + L.P_VB_SITE + i] = site
        visit(state, seat, L.VEILWALKER, site)
    log_event(state, events, L.EV_START, 1, local, (local + 3) % L.SITES, 0)
