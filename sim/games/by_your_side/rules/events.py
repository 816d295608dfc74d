"""Scenario Events: an Event card reads the next unread Event of the scenario (skipping those tied to an
Apex Manifestation, read only when its card says so); the Event says where its card goes; prologues and
the features they unlock (chakras, Support, the Offering, dice)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.cards import take_from_archive, to_archive
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.planes import deck_bottom, deck_shuffle_in, find_uid
from sim.games.by_your_side.rules.queue import push_frame
from sim.games.by_your_side.rules.threats import remove_at

FATE_BANISH, FATE_SHUFFLE, FATE_BOTTOM = range(3)


@njit(cache=True, _nrt=False)
def available_features(ruleset):
    """The features a scenario may unlock under this ruleset (a bit per vocab.FEATURES): an edition can withhold
    chakras or Support to measure what they are worth."""
    withheld = (1 - ruleset[T.RULE_CHAKRAS_AVAILABLE]) << vocab.FEATURE_CHAKRAS
    withheld |= (1 - ruleset[T.RULE_SUPPORT_AVAILABLE]) << vocab.FEATURE_SUPPORT
    return ~withheld


@njit(cache=True, _nrt=False)
def unlock(state, ruleset, feature):
    state[L.G_UNLOCKED] |= (1 << feature) & available_features(ruleset)


@njit(cache=True, _nrt=False)
def run_prologue(state, ruleset):
    s = state[L.G_SCENARIO]
    push_frame(state, T.scenario(ruleset, s, T.SC_PROLOGUE_START), T.scenario(ruleset, s, T.SC_PROLOGUE_END), np.int64(-1), np.int64(-1), np.int64(0),
               np.int64(0), np.int64(0))


@njit(cache=True, _nrt=False)
def settle_event_card(state, card, fate, keys, counters):
    """Banished, shuffled into the Exploration Deck, or put at its bottom, as the Event says."""
    if fate == FATE_SHUFFLE:
        deck_shuffle_in(state, card, keys, counters)
    elif fate == FATE_BOTTOM:
        deck_bottom(state, card)
    else:
        to_archive(state, card)


@njit(cache=True, _nrt=False)
def _mark_read(state, ruleset, e, events):
    state[L.READ + e] = 1
    state[L.G_EVENTS_READ] += 1
    log_event(state, events, L.EV_EVENT, -1, e, T.event(ruleset, state[L.G_SCENARIO], e, T.E_FATE), 0)


@njit(cache=True, _nrt=False)
def _push_event(state, ruleset, e, uid):
    s = state[L.G_SCENARIO]
    push_frame(state, T.event(ruleset, s, e, T.E_START), T.event(ruleset, s, e, T.E_END), np.int64(-1), np.int64(-1), uid, np.int64(0), np.int64(0))


@njit(cache=True, _nrt=False)
def read_next_event(state, ruleset, uid, keys, counters, events):
    """An Event card was revealed: it leaves the Planes at once (read, the gap closing behind it) and goes
    where the next unread Event says; that Event then resolves. With no unread Event left, the card is
    Banished."""
    loc = find_uid(state, uid)
    if loc < L.LOC_POSITION:
        return
    s = state[L.G_SCENARIO]
    chosen = -1
    for e in range(T.scenario(ruleset, s, T.SC_N_EVENTS)):
        if not state[L.READ + e] and not T.event(ruleset, s, e, T.E_APEX):
            chosen = e
            break
    if chosen < 0:
        log_event(state, events, L.EV_EVENT, -1, -1, FATE_BANISH, 0)
    else:
        _mark_read(state, ruleset, chosen, events)  # read as it leaves: what its leaving reveals comes after
    card = remove_at(state, ruleset, loc, events)
    if state[L.G_SHIFTING] and loc == L.LOC_POSITION + 1:
        state[L.G_SURGE_BROKEN] = 1
    if chosen < 0:
        to_archive(state, card)
        return
    settle_event_card(state, card, T.event(ruleset, s, chosen, T.E_FATE), keys, counters)
    _push_event(state, ruleset, chosen, np.int64(0))


@njit(cache=True, _nrt=False)
def read_event(state, ruleset, event_id, uid, events):
    """A card tells the players to read one of the scenario's Events (an Apex's, e.g. when the Watcher is
    defeated): it resolves with that card as "this card"."""
    s = state[L.G_SCENARIO]
    for e in range(T.scenario(ruleset, s, T.SC_N_EVENTS)):
        if T.event(ruleset, s, e, T.E_ID) == event_id and not state[L.READ + e]:
            _mark_read(state, ruleset, e, events)
            _push_event(state, ruleset, e, uid)
            return


@njit(cache=True, _nrt=False)
def explore_card(state, card, copies, keys, counters):
    """An Event shuffles cards from the Archive into the Exploration Deck (no Focus needed: the deck is a
    board mechanic for scenarios and Events); a missing copy is simply not added."""
    for _ in range(copies):
        if take_from_archive(state, card):
            deck_shuffle_in(state, card, keys, counters)


@njit(cache=True, forceinline=True)
def feature_unlocked(state, feature):
    return (state[L.G_UNLOCKED] >> feature) & 1 == 1


FEATURE_DICE = vocab.FEATURE_DICE
