"""Winning and ending: Unraveling (a Company at zero Thread loses at once; both at zero together
draw), Convergence (remembrance.py), and the Round cap (an end reason of its own)."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.board import seat_base
from sim.games.veilwalkers.rules.events import log_event


@njit(cache=True, _nrt=False)
def finish(state, winner, reason, events):
    state[L.G_DONE] = 1
    state[L.G_WINNER] = winner
    state[L.G_END_REASON] = reason
    state[L.G_PHASE] = L.PH_OVER
    state[L.G_PENDING] = L.DEC_NONE
    log_event(state, events, L.EV_END, winner, reason, 0, 0)


@njit(cache=True, _nrt=False)
def check_thread(state, events):
    """"A Company at zero loses immediately ... If both reach zero in the same simultaneous
    resolution, the match is a draw." Called after every resolution that costs Thread."""
    if state[L.G_DONE]:
        return
    zero_0 = state[seat_base(0) + L.P_THREAD] <= 0
    zero_1 = state[seat_base(1) + L.P_THREAD] <= 0
    if zero_0 and zero_1:
        finish(state, -1, V.END_THREAD_DRAW, events)
    elif zero_0:
        finish(state, 1, V.END_UNRAVELING, events)
    elif zero_1:
        finish(state, 0, V.END_UNRAVELING, events)


@njit(cache=True, _nrt=False)
def lose_thread(state, seat, amount):
    base = seat_base(seat)
    state[base + L.P_THREAD] = max(0, state[base + L.P_THREAD] - amount)


@njit(cache=True, _nrt=False)
def restore_thread(state, ruleset, seat, amount):
    """"restoration caps at 20"; returns the Thread actually restored (none while Sever the Story's
    "cannot restore Thread until the end of the current turn" holds)."""
    base = seat_base(seat)
    if state[base + L.P_NO_RESTORE] == state[L.G_TURNS]:
        return 0
    before = state[base + L.P_THREAD]
    state[base + L.P_THREAD] = min(ruleset[T.RULE_THREAD_START], before + amount)
    return state[base + L.P_THREAD] - before


@njit(cache=True, _nrt=False)
def check_round_cap(state, ruleset, events):
    """Not a rule of the rulebook: after ``round_cap`` Rounds the match ends as a draw, recorded
    as its own end reason (a match can stall once First Bloom is out of reach)."""
    if state[L.G_ROUND] > ruleset[T.RULE_ROUND_CAP]:
        state[L.G_ROUND] = ruleset[T.RULE_ROUND_CAP]
        finish(state, -1, V.END_ROUND_CAP, events)
