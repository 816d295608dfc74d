"""Stability: between 0 and the board's maximum; losses negated by discarding (the negation window
itself is a choice, in effects.py); unconsciousness at 0 and revival by any gain; both unconscious
lose the scenario."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side.rules.cards import discard_from_hand, discard_hand, seat_base
from sim.games.by_your_side.rules.ending import END_UNCONSCIOUS, GAME_WON, finish
from sim.games.by_your_side.rules.log import log_event


@njit(cache=True, _nrt=False)
def gain(state, seat, amount, events):
    """Gain Stability up to the track's top; an unconscious character who gains any regains
    consciousness (and draws at the next end of a Player Phase)."""
    if amount <= 0:
        return
    base = seat_base(seat)
    if state[base + L.P_UNCONSCIOUS]:
        state[base + L.P_UNCONSCIOUS] = 0
        log_event(state, events, L.EV_REVIVED, seat, 0, 0, 0)
    before = state[base + L.P_STABILITY]
    state[base + L.P_STABILITY] = min(state[base + L.P_MAX_STABILITY], before + amount)
    log_event(state, events, L.EV_STABILITY, seat, state[base + L.P_STABILITY] - before, state[base + L.P_STABILITY], 0)


@njit(cache=True, _nrt=False)
def shielded(state, ruleset, seat, amount):
    """Root (while focused): the first Stability loss each round is smaller by its shield."""
    base = seat_base(seat)
    if amount <= 0 or state[base + L.P_SHIELD_USED]:
        return amount
    who = state[base + L.P_CHARACTER]
    shield = 0
    for k in range(5):
        if state[base + L.P_CHAKRA + k]:
            shield += T.card(ruleset, T.character(ruleset, who, T.CH_CHAKRAS + k), T.C_LOSS_SHIELD)
    if shield > 0:
        state[base + L.P_SHIELD_USED] = 1
    return max(0, amount - shield)


@njit(cache=True, _nrt=False)
def negate(state, seat, card, events):
    """The losing player discards a card from hand to negate 1 point of the loss."""
    if discard_from_hand(state, seat, card, events):
        state[seat_base(seat) + L.P_NEGATED] += 1
        return True
    return False


@njit(cache=True, _nrt=False)
def lose(state, ruleset, seat, amount, events):
    """Lose Stability (what negation left of it); never below 0. An unconscious character loses nothing."""
    base = seat_base(seat)
    if amount <= 0 or state[base + L.P_UNCONSCIOUS]:
        return
    before = state[base + L.P_STABILITY]
    state[base + L.P_STABILITY] = max(0, before - amount)
    log_event(state, events, L.EV_STABILITY, seat, state[base + L.P_STABILITY] - before, state[base + L.P_STABILITY], 0)
    if state[base + L.P_STABILITY] == 0:
        fall_unconscious(state, ruleset, seat, events)


@njit(cache=True, _nrt=False)
def fall_unconscious(state, ruleset, seat, events):
    """At 0 Stability the character falls unconscious: its hand is discarded (unconscious_discards_hand)
    and its Energy lost; it takes no Player Phase actions and draws nothing until it is brought back.
    Both unconscious: the scenario is lost."""
    base = seat_base(seat)
    state[base + L.P_UNCONSCIOUS] = 1
    state[base + L.P_FAINTS] += 1
    state[base + L.P_ENERGY] = 0
    log_event(state, events, L.EV_UNCONSCIOUS, seat, 0, 0, 0)
    if ruleset[T.RULE_UNCONSCIOUS_DISCARDS]:
        discard_hand(state, seat, events)
    if state[seat_base(0) + L.P_UNCONSCIOUS] and state[seat_base(1) + L.P_UNCONSCIOUS]:
        finish(state, np.int64(GAME_WON), np.int64(END_UNCONSCIOUS), events)
