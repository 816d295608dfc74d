"""The Astral Phase, in the rulebook's order: the Threshold check (more than `threshold_limit` Threats
lose), the Planes shift (position 1 crosses the Veil; a following Threat crosses too, up to
`surge_limit` counting the first: the Veil Surge), the refill after all movement, then Threats resolve
(the Threshold from oldest to newest, then revealed cards Beyond the Veil from the Veil outward)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules import offering, planes, threats
from sim.games.by_your_side.rules.cards import seat_base, to_archive
from sim.games.by_your_side.rules.ending import (
    END_PLANES_EMPTY,
    END_ROUND_LIMIT,
    END_THRESHOLD,
    GAME_WON,
    finish,
)
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.queue import push_frame, top_frame


@njit(cache=True, _nrt=False)
def _clear_flags(state, mask):
    for p in range(1, L.N_POSITIONS + 1):
        state[planes.position(p) + L.R_FLAGS] &= ~mask
    for i in range(state[L.G_THRESHOLD]):
        state[planes.threshold(i) + L.R_FLAGS] &= ~mask


@njit(cache=True, _nrt=False)
def threshold_check(state, ruleset, events):
    """More than `threshold_limit` Threats on the Threshold at the start of the Astral Phase: lost.
    A scenario whose Planes have run out (no card Beyond the Veil, an empty Exploration Deck) is lost too."""
    n = state[L.G_THRESHOLD]
    state[L.G_LAST_THRESHOLD] = n
    log_event(state, events, L.EV_CHECK, -1, n, 0, 0)
    if n > ruleset[T.RULE_THRESHOLD_LIMIT]:
        finish(state, np.int64(GAME_WON), np.int64(END_THRESHOLD), events)
        return
    if T.scenario(ruleset, state[L.G_SCENARIO], T.SC_PLANES_EMPTY_LOSES) and planes.planes_empty(state):
        finish(state, np.int64(GAME_WON), np.int64(END_PLANES_EMPTY), events)
        return
    _clear_flags(state, L.FLAG_RESOLVED | L.FLAG_RAN | L.FLAG_WEAKENED)
    state[L.G_ECHOES_RESOLVED] = 0
    state[L.G_STEP] = L.STEP_SHIFT


@njit(cache=True, _nrt=False)
def cross(state, ruleset, keys, counters, events):
    """The card in position 1 crosses the Veil: a Threat enters the Threshold (its attached Sigil is
    discarded), an Angel is Banished, any other card is Banished (crossed_card_banished) or goes to the
    bottom of the Exploration Deck. The cards behind move up; the refill waits."""
    r = planes.position(1)
    card = state[r + L.R_CARD]
    kind = T.card(ruleset, card, T.C_TYPE)
    strength, uid = state[r + L.R_STRENGTH], state[r + L.R_UID]
    planes.take_out(state, r, events)
    if kind == vocab.TYPE_MANIFESTATION:
        threats.enter_threshold(state, ruleset, card, strength, uid, events)
        state[L.G_CHAIN] += 1
        state[L.G_CROSSED] += 1
        log_event(state, events, L.EV_CROSS, -1, card, state[L.G_THRESHOLD], state[L.G_CHAIN])
    elif kind == vocab.TYPE_ANGEL or ruleset[T.RULE_CROSSED_BANISHED]:
        to_archive(state, card)
        log_event(state, events, L.EV_CROSS, -1, card, -1, 0)
    else:
        planes.deck_bottom(state, card)
        log_event(state, events, L.EV_CROSS, -1, card, -2, 0)
    planes.close_gaps(state, ruleset, events)
    if kind == vocab.TYPE_ANGEL:
        offering.close_offering(state, ruleset, events)
    state[L.G_SURGE_UID] = state[r + L.R_UID] if state[r + L.R_CARD] >= 0 else 0
    state[L.G_SURGE_BROKEN] = 0


@njit(cache=True, _nrt=False)
def shift(state, ruleset, keys, counters, events):
    """The Planes shift. An empty position 1 crosses nothing (the cards behind still move up). A face-down
    card in position 1 (only with setup_reveals_position_one off) is revealed first."""
    r = planes.position(1)
    if state[r + L.R_CARD] >= 0 and not state[r + L.R_REVEALED]:
        planes.reveal(state, ruleset, r, events)
        return
    state[L.G_SHIFTING] = 1
    state[L.G_CHAIN] = 0
    state[L.G_STEP] = L.STEP_SURGE
    if state[r + L.R_CARD] < 0:
        planes.close_gaps(state, ruleset, events)
        state[L.G_SURGE_UID] = 0
        return
    cross(state, ruleset, keys, counters, events)


@njit(cache=True, _nrt=False)
def surge_continues(state, ruleset):
    """Does the card that moved into position 1 follow across? Only after a Threat crossed, while fewer
    than `surge_limit` have, if it is a Threat still there (a card revealed then read or Banished, like an
    Event, breaks the chain, and so does an Intrusive thought taken into a discard pile unless
    intrusive_breaks_surge is off), and no Mental Chains holds it."""
    chain = state[L.G_CHAIN]
    if chain == 0 or chain >= ruleset[T.RULE_SURGE_LIMIT]:
        return False
    r = planes.position(1)
    card = state[r + L.R_CARD]
    if card < 0:
        return False
    if state[r + L.R_UID] != state[L.G_SURGE_UID]:
        if state[L.G_SURGE_BROKEN] == 2 and not ruleset[T.RULE_INTRUSIVE_BREAKS]:
            state[L.G_SURGE_UID] = state[r + L.R_UID]
            state[L.G_SURGE_BROKEN] = 0
        else:
            return False
    if state[L.G_SURGE_BROKEN] == 1 or not T.is_threat(ruleset, card):
        return False
    if state[r + L.R_MARK] > 0 and T.card(ruleset, state[r + L.R_MARK_CARD], T.C_NO_SURGE):
        return False
    return True


@njit(cache=True, _nrt=False)
def surge(state, ruleset, keys, counters, events):
    if surge_continues(state, ruleset):
        cross(state, ruleset, keys, counters, events)
        return
    chain = state[L.G_CHAIN]
    if chain >= 2:
        state[L.G_SURGES] += 1
        state[L.G_LONGEST_SURGE] = max(state[L.G_LONGEST_SURGE], chain)
        log_event(state, events, L.EV_SURGE, -1, chain, 0, 0)
    state[L.G_STEP] = L.STEP_REFILL


@njit(cache=True, _nrt=False)
def refill_after_shift(state, ruleset, events):
    """All movement is done: empty focused positions are refilled, boxes focused since the last Astral
    Phase included."""
    state[L.G_SHIFTING] = 0
    for box in range(L.N_BOXES):
        state[L.FRESH + box] = 0
    planes.refill(state, ruleset, events)
    state[L.G_STEP] = L.STEP_RESOLVE


@njit(cache=True, _nrt=False)
def resolve_next(state, ruleset, events):
    """Start the next Threat's resolution: the Threshold from oldest to newest (a Stunned one is skipped
    once), then revealed cards Beyond the Veil from the Veil outward. False when all have resolved."""
    for i in range(state[L.G_THRESHOLD]):
        r = planes.threshold(i)
        flags = state[r + L.R_FLAGS]
        if flags & L.FLAG_RESOLVED:
            continue
        state[r + L.R_FLAGS] = flags | L.FLAG_RESOLVED
        if flags & L.FLAG_STUNNED:
            state[r + L.R_FLAGS] &= ~L.FLAG_STUNNED
            continue
        card = state[r + L.R_CARD]
        before = 0  # cards of this kind that resolved earlier this phase (an Echo costs more for each)
        for j in range(i):
            rj = planes.threshold(j)
            if state[rj + L.R_CARD] == card and state[rj + L.R_FLAGS] & L.FLAG_RAN:
                before += 1
        state[r + L.R_FLAGS] |= L.FLAG_RAN
        depth = state[L.G_FRAMES]
        push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_RESOLVE), T.effect_end(ruleset, card, vocab.SLOT_RESOLVE),
                   np.int64(-1), card, state[r + L.R_UID], np.int64(0), np.int64(0))
        if state[L.G_FRAMES] > depth:
            state[top_frame(state) + L.F_X] = before
        return True
    for p in range(1, L.N_POSITIONS + 1):
        r = planes.position(p)
        card = state[r + L.R_CARD]
        if card < 0 or not state[r + L.R_REVEALED] or state[r + L.R_FLAGS] & L.FLAG_RESOLVED:
            continue
        state[r + L.R_FLAGS] |= L.FLAG_RESOLVED
        push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_RESOLVE_BEYOND),
                   T.effect_end(ruleset, card, vocab.SLOT_RESOLVE_BEYOND), np.int64(-1), card, state[r + L.R_UID], np.int64(0), np.int64(0))
        return True
    return False


@njit(cache=True, _nrt=False)
def end_round(state, ruleset, events):
    """The round ends; past the scenario's round limit the scenario is lost."""
    if state[L.G_ROUND] >= T.scenario(ruleset, state[L.G_SCENARIO], T.SC_ROUND_LIMIT):
        finish(state, np.int64(GAME_WON), np.int64(END_ROUND_LIMIT), events)
        return
    state[L.G_ROUND] += 1
    for seat in range(2):
        state[seat_base(seat) + L.P_SHIELD_USED] = 0
    state[L.G_PHASE] = L.PHASE_PLAYER
    state[L.G_STEP] = L.STEP_START
    log_event(state, events, L.EV_ROUND, -1, state[L.G_ROUND], 1, 0)
