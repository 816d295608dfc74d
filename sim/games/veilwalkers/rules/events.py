"""The event log a replay reads: rows (kind, seat, a, b, c) written only when the log has room (the
batch kernel passes a log with no rows, so sweeps write nothing)."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers.layout import G_EVENTS


@njit(cache=True, inline="always")
def log_event(state, events, kind, seat, a, b, c):
    n = state[G_EVENTS]
    if n < events.shape[0]:
        events[n, 0] = kind
        events[n, 1] = seat
        events[n, 2] = a
        events[n, 3] = b
        events[n, 4] = c
        state[G_EVENTS] = n + 1
