"""Banking or gambling the card drawn."""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.games.coin_race import layout as L
from sim.games.coin_race import tables as T
from sim.games.coin_race.rules.events import log_event


@njit(cache=True, _nrt=False)
def bank(state, ruleset, seat, card, events):
    """Banking scores the card's value."""
    points = T.card_value(ruleset, card)
    state[L.GLOBALS + seat * L.SEAT_SIZE + L.P_SCORE] += points
    log_event(state, events, L.EV_BANK, seat, card, points, 0)


@njit(cache=True, _nrt=False)
def gamble(state, ruleset, seat, card, keys, counters, events):
    """Gambling rolls the chance stream's die: at least gamble_success_at scores the card
    gamble_multiplier times; lower scores nothing."""
    die = rng.next_below(keys, counters, 2 * state[L.G_SEATS], ruleset[T.RULE_DIE_SIDES]) + 1
    points = 0
    if die >= ruleset[T.RULE_GAMBLE_SUCCESS_AT]:
        points = ruleset[T.RULE_GAMBLE_MULTIPLIER] * T.card_value(ruleset, card)
    base = L.GLOBALS + seat * L.SEAT_SIZE
    state[base + L.P_SCORE] += points
    state[base + L.P_GAMBLES] += 1
    log_event(state, events, L.EV_GAMBLE, seat, card, die, points)
