"""Dice (from Scenario 3): one six-sided die from the game's own die stream, so that a die roll never
shifts the Exploration Deck's shuffles or a bot's choices. A re-roll replaces the result once; raising
or lowering by 1 happens before the card reads the result (both are choices, in effects.py)."""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.games.by_your_side import layout as L
from sim.games.by_your_side.rules.log import log_event


@njit(cache=True, _nrt=False)
def roll(state, keys, counters, events):
    result = rng.next_below(keys, counters, L.STREAM_DIE, 6) + 1
    state[L.G_DIE] = result
    state[L.G_DIE_REROLLED] = 0
    log_event(state, events, L.EV_DIE, -1, result, 0, 0)
    return result


@njit(cache=True, _nrt=False)
def reroll(state, keys, counters, events):
    """The new result replaces the old one and can't be re-rolled again."""
    result = roll(state, keys, counters, events)
    state[L.G_DIE_REROLLED] = 1
    return result


@njit(cache=True, _nrt=False)
def adjust(state, delta, events):
    state[L.G_DIE] = min(6, max(1, state[L.G_DIE] + delta))
    log_event(state, events, L.EV_DIE, -1, state[L.G_DIE], delta, 0)
    return state[L.G_DIE]
