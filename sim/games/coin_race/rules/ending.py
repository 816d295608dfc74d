"""Winning: a side's target at the end of its turn, else the round limit (higher total; equal draws)."""

from __future__ import annotations

from numba import njit

from sim.games.coin_race import layout as L
from sim.games.coin_race import tables as T
from sim.games.coin_race.rules.events import log_event


@njit(cache=True, inline="always")
def side_total(state, position):
    """Points of the side at seat-order ``position``: its seats are position, position + sides, ..."""
    total = 0
    for seat in range(position, state[L.G_SEATS], state[L.G_SIDES]):
        total += state[L.GLOBALS + seat * L.SEAT_SIZE + L.P_SCORE]
    return total


@njit(cache=True, _nrt=False)
def finish(state, winner, reason, events):
    state[L.G_DONE] = 1
    state[L.G_WINNER] = winner
    state[L.G_END_REASON] = reason
    log_event(state, events, L.EV_END, winner, reason, 0, 0)


@njit(cache=True, _nrt=False)
def check_target(state, ruleset, matchup, seat, events):
    """The acting seat's side wins if its points reach the target at the end of the turn."""
    position = seat % state[L.G_SIDES]
    if side_total(state, position) >= T.side_target(ruleset, matchup):
        finish(state, position, 0, events)


@njit(cache=True, _nrt=False)
def check_round_limit(state, ruleset, events):
    """After the last round the higher total wins; equal totals draw (Coin Race has two sides)."""
    if state[L.G_ROUND] <= ruleset[T.RULE_ROUNDS]:
        return
    state[L.G_ROUND] = ruleset[T.RULE_ROUNDS]
    first, second = side_total(state, 0), side_total(state, 1)
    if first == second:
        finish(state, -1, 2, events)
    elif first > second:
        finish(state, 0, 1, events)
    else:
        finish(state, 1, 1, events)
