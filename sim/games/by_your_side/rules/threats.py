"""Threats: the Threshold (arrival order, the 7), Weakening and Banishing, Rewards, Apex Manifestations
(defeated, not Banished), Environment cards ("When weakened"), Intrusive thoughts (into a discard pile)
and Threats moved to the Threshold by effects."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.cards import seat_base, to_archive, to_discard
from sim.games.by_your_side.rules.ending import END_THRESHOLD, GAME_WON, finish
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.planes import close_gaps, find_uid, position, record_of, take_out, threshold
from sim.games.by_your_side.rules.queue import fail, push_frame, push_trigger


@njit(cache=True, _nrt=False)
def enter_threshold(state, ruleset, card, strength, uid, events):
    """A Threat enters the Threshold to the right of those already there (the leftmost is the oldest).
    One that enters while Threats resolve waits for the next Astral Phase. With overflow_at_once an 8th
    Threat loses at once; otherwise only the check at the start of the Astral Phase counts."""
    n = state[L.G_THRESHOLD]
    if n >= L.THRESHOLD_CAP:
        fail(state, np.int64(L.ERROR_CAPACITY))
        return
    r = threshold(n)
    state[r + L.R_CARD] = card
    state[r + L.R_STRENGTH] = strength
    state[r + L.R_REVEALED] = 1
    state[r + L.R_PEEKED] = 0
    state[r + L.R_MARK] = 0
    state[r + L.R_MARK_CARD] = 0
    state[r + L.R_UID] = uid
    state[r + L.R_FLAGS] = L.FLAG_RESOLVED if (state[L.G_PHASE] == L.PHASE_ASTRAL and state[L.G_STEP] == L.STEP_RESOLVE) else 0
    state[L.G_THRESHOLD] = n + 1
    state[L.G_PLANES_VERSION] += 1
    state[L.G_MAX_THRESHOLD] = max(state[L.G_MAX_THRESHOLD], n + 1)
    if ruleset[T.RULE_OVERFLOW_AT_ONCE] and n + 1 > ruleset[T.RULE_THRESHOLD_LIMIT]:
        finish(state, np.int64(GAME_WON), np.int64(END_THRESHOLD), events)


@njit(cache=True, _nrt=False)
def new_uid(state):
    state[L.G_UID] += 1
    return state[L.G_UID]


@njit(cache=True, _nrt=False)
def remove_from_threshold(state, i, events):
    """Take the i-th card off the Threshold; the others keep their order. Returns the card."""
    card = take_out(state, threshold(i), events)
    n = state[L.G_THRESHOLD]
    for j in range(i, n - 1):
        for k in range(L.RECORD):
            state[threshold(j) + k] = state[threshold(j + 1) + k]
    for k in range(L.RECORD):
        state[threshold(n - 1) + k] = 0
    state[threshold(n - 1) + L.R_CARD] = -1
    state[L.G_THRESHOLD] = n - 1
    state[L.G_PLANES_VERSION] += 1
    return card


@njit(cache=True, _nrt=False)
def remove_at(state, ruleset, loc, events):
    """Take the card at ``loc`` out of the Planes (a position's gap closes at once). Returns the card."""
    if loc >= L.LOC_POSITION:
        card = take_out(state, position(loc - L.LOC_POSITION), events)
        close_gaps(state, ruleset, events)
        return card
    return remove_from_threshold(state, loc, events)


@njit(cache=True, _nrt=False)
def banish(state, ruleset, loc, seat, events):
    """Banish the card at ``loc``: it returns to the Archive and its Reward triggers, whatever caused it
    (``seat`` Banished it; -1: the game). Returns the card."""
    card = remove_at(state, ruleset, loc, events)
    if card < 0:
        return card
    to_archive(state, card)
    log_event(state, events, L.EV_BANISH, seat, card, 0, 0)
    if seat >= 0 and T.card(ruleset, card, T.C_TYPE) == vocab.TYPE_MANIFESTATION:
        state[seat_base(seat) + L.P_BANISHED] += 1
    if T.effect_end(ruleset, card, vocab.SLOT_REWARD) > T.effect_start(ruleset, card, vocab.SLOT_REWARD):
        push_trigger(state, np.int64(L.T_REWARD), card, seat, np.int64(0))
    return card


@njit(cache=True, _nrt=False)
def weaken(state, ruleset, loc, amount, seat, events):
    """Weaken the card at ``loc``. An Environment card's "When weakened" triggers whatever the amount; a
    Threat loses that much Strength (plus the bonus of a Sigil on it), the excess ignored; at 0 it is
    Banished at once, or defeated if it is Apex. Each card is Weakened once per chain of effects."""
    r = record_of(loc)
    card = state[r + L.R_CARD]
    if card < 0:
        return
    state[r + L.R_FLAGS] |= L.FLAG_WEAKENED
    if T.card(ruleset, card, T.C_TYPE) == vocab.TYPE_ENVIRONMENT:
        log_event(state, events, L.EV_WEAKEN, seat, card, amount, 0)
        push_trigger(state, np.int64(L.T_WEAKENED), card, seat, state[r + L.R_UID])
        return
    if state[r + L.R_MARK] > 0:
        amount += T.card(ruleset, state[r + L.R_MARK_CARD], T.C_WEAKEN_BONUS)
    strength = state[r + L.R_STRENGTH]
    lost = min(amount, strength)
    state[r + L.R_STRENGTH] = strength - lost
    state[L.G_PLANES_VERSION] += 1
    log_event(state, events, L.EV_WEAKEN, seat, card, lost, strength - lost)
    if strength - lost > 0 or lost == 0:
        return
    if T.card(ruleset, card, T.C_APEX):
        push_trigger(state, np.int64(L.T_DEFEATED), card, seat, state[r + L.R_UID])
    else:
        banish(state, ruleset, loc, seat, events)


@njit(cache=True, _nrt=False)
def defeat(state, ruleset, card, uid):
    """An Apex Manifestation at 0 Strength is defeated instead of Banished: it stays, and its card says
    what happens next (its "defeated" effect)."""
    push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_DEFEATED), T.effect_end(ruleset, card, vocab.SLOT_DEFEATED),
               np.int64(-1), card, uid, np.int64(0), np.int64(0))


@njit(cache=True, _nrt=False)
def move_to_threshold(state, ruleset, loc, events):
    """An effect moves a Threat Beyond the Veil to the Threshold (Anger): it keeps its Strength, its
    attached Sigil is discarded, the gap closes; it is not part of a Veil Surge."""
    if loc < L.LOC_POSITION:
        return
    r = record_of(loc)
    card, strength, uid = state[r + L.R_CARD], state[r + L.R_STRENGTH], state[r + L.R_UID]
    take_out(state, r, events)
    log_event(state, events, L.EV_ENTER, -1, card, 0, 0)
    enter_threshold(state, ruleset, card, strength, uid, events)
    close_gaps(state, ruleset, events)


@njit(cache=True, _nrt=False)
def take_intrusive(state, ruleset, uid, seat, events):
    """A revealed Intrusive thought goes into a player's discard pile (the players decide whose); the gap
    closes."""
    loc = find_uid(state, uid)
    if loc < L.LOC_POSITION:
        return
    card = remove_at(state, ruleset, loc, events)
    to_discard(state, seat, card)
    log_event(state, events, L.EV_DISCARD, seat, card, 1, 0)
