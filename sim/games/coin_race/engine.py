"""Coin Race: the smallest complete game of the game kit, and its template.

Rules (Coin Race has no rulebook; this summary is its rulebook, and RULES.md cites it):
  1. Two sides race; a side is one player, or a team of two whose seats alternate with the other
     team's (A1 B1 A2 B2). Each player has a deck of `deck_size` cards (values from cards.yaml),
     shuffled at the start.
  2. On a turn the player draws the next card of its deck and either BANKS it (scores its value) or
     GAMBLES: rolls a die of `die_sides` sides; a roll of `gamble_success_at` or more scores
     `gamble_multiplier` times the value, a lower roll scores nothing.
  3. A side whose points (a team: both players' together) reach `target` (a team: `team_target`)
     at the end of one of its turns wins at once.
  4. After `rounds` rounds (every seat has had a turn each round) the side with more points wins;
     equal points draw.
  The numbers are the edition's (decks/coin_race/editions/standard.yaml: 12 cards, target 15, team
  target 25, 10 rounds, a d6, 4+ doubles).

Encoding (layout.py): the state is one int64 vector (global fields, then one block per seat:
score, gambles, draw cursor, the shuffled deck as card ids). An action is ACTION_BANK (0) or
ACTION_GAMBLE (1); both are legal at every decision. Events are rows (kind, seat, a, b, c).
Random streams (sim/core/rng.py, keyed by deck slot so that a deck keeps its shuffle and a bot its
choices in both seat orders): per seat a deal stream and a bot stream, and one chance stream.

The spine: `reset` deals and starts the first turn, `legal_actions`, `step` applies one action
(score, win check, next turn), `status`, `check_invariants` (debug mode, after every action).
The rules themselves are in rules/ (turn.py, scoring.py, ending.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.core.kernel import seat_streams
from sim.core.seating import slot_of_seat
from sim.games.coin_race import layout as L
from sim.games.coin_race import tables as T
from sim.games.coin_race.rules import ending, scoring, turn


@njit(cache=True, _nrt=False)
def reset(state, matchup, seeds, pair, order, keys, counters, events, counts, count_cards):
    """A new match of deal ``pair`` in seat order ``order``: streams keyed, decks dealt, the first
    card drawn."""
    for i in range(state.shape[0]):
        state[i] = 0
    sides = matchup[T.MATCHUP_SIDES]
    per_side = matchup[T.MATCHUP_SEATS_PER_SIDE]
    seats = sides * per_side
    state[L.G_SEATS] = seats
    state[L.G_SIDES] = sides
    state[L.G_ROUND] = 1
    state[L.G_WINNER] = -1
    state[L.G_ORDER] = order
    for i in range(keys.shape[0]):
        keys[i] = 0
        counters[i] = 0
    seat_streams(seeds, pair, order, sides, per_side, rng.PURPOSE_DEAL, keys, 0)
    seat_streams(seeds, pair, order, sides, per_side, rng.PURPOSE_POLICY, keys, seats)
    keys[2 * seats] = rng.stream_key(seeds[0], seeds[1], pair, rng.PURPOSE_CHANCE, 0)
    turn.deal(state, matchup, order, keys, counters)
    turn.begin_turn(state, matchup, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def legal_actions(state, legal):
    """Bank or gamble the card drawn; nothing once the match is over."""
    if state[L.G_DONE]:
        return 0
    legal[0] = L.ACTION_BANK
    legal[1] = L.ACTION_GAMBLE
    return 2


@njit(cache=True, _nrt=False)
def step(state, ruleset, matchup, action, keys, counters, events, counts, count_cards):
    seat = state[L.G_SEAT]
    card = state[L.G_CARD]
    if action == L.ACTION_GAMBLE:
        scoring.gamble(state, ruleset, seat, card, keys, counters, events)
    else:
        scoring.bank(state, ruleset, seat, card, events)
    if count_cards:
        counts[seat, card, L.COUNT_PLAYED] += 1
        if state[L.G_ROUND] == 1:
            counts[seat, card, L.COUNT_OPENING] += 1
    ending.check_target(state, ruleset, matchup, seat, events)
    if state[L.G_DONE]:
        return
    turn.next_seat(state)
    ending.check_round_limit(state, ruleset, events)
    if not state[L.G_DONE]:
        turn.begin_turn(state, matchup, events, counts, count_cards)


@njit(cache=True, inline="always")
def status(state):
    """(done, winner position or -1, end reason)."""
    return state[L.G_DONE], state[L.G_WINNER], state[L.G_END_REASON]


@njit(cache=True, _nrt=False)
def check_invariants(state, ruleset, matchup):
    """0, or the code of the first broken invariant: no negative score and no more gambles than
    cards drawn, cursors within the rounds played, every deck a reordering of its slot's deck."""
    seats = state[L.G_SEATS]
    deck_size = matchup[T.MATCHUP_DECK_SIZE]
    for seat in range(seats):
        base = L.GLOBALS + seat * L.SEAT_SIZE
        drawn = state[base + L.P_CURSOR]
        if state[base + L.P_SCORE] < 0 or state[base + L.P_GAMBLES] > drawn:
            return L.INVARIANT_SCORE
        if drawn > state[L.G_ROUND] or drawn < state[L.G_ROUND] - 1:
            return L.INVARIANT_CURSOR
        slot = slot_of_seat(state[L.G_ORDER], seat, state[L.G_SIDES], matchup[T.MATCHUP_SEATS_PER_SIDE])
        for card in range(ruleset.shape[0] - T.N_RULES):
            difference = 0
            for i in range(deck_size):
                difference += np.int64(state[base + L.P_DECK + i] == card) - np.int64(T.deck_card(matchup, slot, i) == card)
            if difference != 0:
                return L.INVARIANT_DECK
    return 0
