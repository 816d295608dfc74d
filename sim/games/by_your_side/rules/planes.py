"""The Astral Planes: positions 1-5 Beyond the Veil and their Focus boxes, the Exploration Deck, closing
gaps, refilling, moving cards, revealing, range, adjacency and valid targets. The Threshold's own rules
(arrival order, Threats resolving) are in threats.py and astral.py."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.cards import to_discard
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.queue import fail, push_trigger

OP_WEAKEN = vocab.OP["weaken"]
OP_STUN = vocab.OP["stun"]
OP_TO_BOTTOM = vocab.OP["to_bottom"]
OP_MOVE_BACK = vocab.OP["move_back"]
OP_ATTACH = vocab.OP["attach"]
OP_RETRIEVE = 0  # not a step: Retrieving a card from a position


@njit(cache=True, forceinline=True)
def position(p):
    """The record of position p (1..5)."""
    return L.POSITIONS + p * L.RECORD


@njit(cache=True, forceinline=True)
def threshold(i):
    """The record of the i-th card on the Threshold (0: the oldest)."""
    return L.THRESHOLD + i * L.RECORD


@njit(cache=True, forceinline=True)
def record_of(loc):
    if loc >= L.LOC_POSITION:
        return position(loc - L.LOC_POSITION)
    return threshold(loc)


@njit(cache=True, forceinline=True)
def focused(state, box):
    return state[L.FOCUS + box] == 1


@njit(cache=True, _nrt=False)
def clear_record(state, r):
    state[L.G_PLANES_VERSION] += 1
    state[r + L.R_CARD] = -1
    for k in range(1, L.RECORD):
        state[r + k] = 0


@njit(cache=True, _nrt=False)
def copy_record(state, source, target):
    state[L.G_PLANES_VERSION] += 1
    for k in range(L.RECORD):
        state[target + k] = state[source + k]


@njit(cache=True, _nrt=False)
def new_record(state, ruleset, r, card):
    """A card entering the Planes: face-down, full Strength, a fresh instance number."""
    clear_record(state, r)
    state[r + L.R_CARD] = card
    state[r + L.R_STRENGTH] = T.card(ruleset, card, T.C_STRENGTH)
    state[L.G_UID] += 1
    state[r + L.R_UID] = state[L.G_UID]


@njit(cache=True, _nrt=False)
def reveal(state, ruleset, r, events):
    """Turn a card face-up; what revealing it does (an Event read, an Intrusive thought taken, an Angel's
    Offering, When revealed effects) is a trigger, resolved at once by the effect interpreter. A card
    revealed outside the shift does not cross the Veil."""
    if state[r + L.R_CARD] < 0 or state[r + L.R_REVEALED]:
        return
    state[r + L.R_REVEALED] = 1
    state[L.G_PLANES_VERSION] += 1
    log_event(state, events, L.EV_REVEAL, -1, state[r + L.R_CARD], (r - L.POSITIONS) // L.RECORD, 0)
    push_trigger(state, np.int64(L.T_REVEALED), state[r + L.R_CARD], np.int64(-1), state[r + L.R_UID])


@njit(cache=True, _nrt=False)
def drop_attached(state, r, events):
    """A Sigil on a Threat (Marked, Mental Chains) is discarded when the Threat leaves Beyond the Veil
    (crosses, is Banished, or is moved out by an effect)."""
    if state[r + L.R_MARK] > 0:
        owner = state[r + L.R_MARK] - 1
        to_discard(state, owner, state[r + L.R_MARK_CARD])
        log_event(state, events, L.EV_DISCARD, owner, state[r + L.R_MARK_CARD], 0, 0)
        state[r + L.R_MARK] = 0
        state[r + L.R_MARK_CARD] = 0
        state[L.G_PLANES_VERSION] += 1


@njit(cache=True, _nrt=False)
def take_out(state, r, events):
    """Take the card out of record r (its attached Sigil goes to its owner's discard pile); the record
    is left empty. Returns the card."""
    drop_attached(state, r, events)
    card = state[r + L.R_CARD]
    clear_record(state, r)
    return card


# ---- the Exploration Deck (bottom first: the top card is the last) ---------------------------------
@njit(cache=True, _nrt=False)
def deck_draw(state):
    n = state[L.G_EXPLORATION]
    if n == 0:
        return -1
    state[L.G_EXPLORATION] = n - 1
    return state[L.EXPLORATION + n - 1]


@njit(cache=True, forceinline=True)
def deck_top(state):
    n = state[L.G_EXPLORATION]
    return state[L.EXPLORATION + n - 1] if n > 0 else -1


@njit(cache=True, _nrt=False)
def deck_bottom(state, card):
    n = state[L.G_EXPLORATION]
    if n >= L.EXPLORATION_CAP:
        fail(state, np.int64(L.ERROR_CAPACITY))
        return
    for i in range(n, 0, -1):
        state[L.EXPLORATION + i] = state[L.EXPLORATION + i - 1]
    state[L.EXPLORATION] = card
    state[L.G_EXPLORATION] = n + 1


@njit(cache=True, _nrt=False)
def deck_shuffle_in(state, card, keys, counters):
    """Shuffle a card into the Exploration Deck: it goes to a uniformly random place."""
    n = state[L.G_EXPLORATION]
    if n >= L.EXPLORATION_CAP:
        fail(state, np.int64(L.ERROR_CAPACITY))
        return
    at = rng.next_below(keys, counters, L.STREAM_EXPLORATION, n + 1)
    for i in range(n, at, -1):
        state[L.EXPLORATION + i] = state[L.EXPLORATION + i - 1]
    state[L.EXPLORATION + at] = card
    state[L.G_EXPLORATION] = n + 1


# ---- refilling, closing gaps, moving --------------------------------------------------------------
@njit(cache=True, _nrt=False)
def refill(state, ruleset, events):
    """Draw from the Exploration Deck into each empty focused position, from position 1 outward; a card
    placed in position 1 is revealed; an empty Exploration Deck leaves the position empty. A box focused
    this phase waits for the Astral Phase refill (new_focus_waits_for_astral)."""
    for p in range(1, L.N_POSITIONS + 1):
        r = position(p)
        if state[r + L.R_CARD] >= 0 or not focused(state, p) or state[L.FRESH + p]:
            continue
        card = deck_draw(state)
        if card < 0:
            return
        new_record(state, ruleset, r, card)
        if p == 1:
            reveal(state, ruleset, r, events)


@njit(cache=True, _nrt=False)
def close_gaps(state, ruleset, events):
    """Cards move toward the Veil into empty focused positions, keeping their order and never into an
    unfocused position (a card there stays until something moves it on); the card that moves into
    position 1 is revealed. Then the Planes are refilled, except while they shift (the refill waits
    for all movement)."""
    previous = 0  # the position of the last card placed (cards keep their order)
    for p in range(1, L.N_POSITIONS + 1):
        r = position(p)
        if state[r + L.R_CARD] < 0:
            continue
        target = -1
        for q in range(previous + 1, p):
            if focused(state, q) and state[position(q) + L.R_CARD] < 0:
                target = q
                break
        if target > 0:
            copy_record(state, r, position(target))
            clear_record(state, r)
            previous = target
        else:
            previous = p
    first = position(1)
    if state[first + L.R_CARD] >= 0:
        reveal(state, ruleset, first, events)
    if not state[L.G_SHIFTING]:
        refill(state, ruleset, events)


@njit(cache=True, _nrt=False)
def remove_at(state, ruleset, p, events):
    """Take the card out of position p and close the gap. Returns the card."""
    card = take_out(state, position(p), events)
    close_gaps(state, ruleset, events)
    return card


@njit(cache=True, _nrt=False)
def move_card(state, ruleset, source, target, events):
    """Move the card in position ``source`` to focused position ``target``: the cards in between (in
    focused positions) shift one step to close the gap and make room. Nothing is swapped."""
    if source == target:
        return
    low, high = min(source, target), max(source, target)
    # the positions that take part: the source, and the focused ones between source and target
    places = 0
    order = 0  # positions packed 3 bits each, in order
    for p in range(low, high + 1):
        if p == source or focused(state, p):
            order |= p << (3 * places)
            places += 1
    copy_record(state, position(source), position(0))  # position 0's record (unused) holds the moving card
    if source < target:  # back: the cards after the source step toward the Veil
        for i in range(places - 1):
            here = (order >> (3 * i)) & 7
            nxt = (order >> (3 * (i + 1))) & 7
            copy_record(state, position(nxt), position(here))
    else:  # forward: the cards before the source step back
        for i in range(places - 1, 0, -1):
            here = (order >> (3 * i)) & 7
            prev = (order >> (3 * (i - 1))) & 7
            copy_record(state, position(prev), position(here))
    copy_record(state, position(0), position(target))
    clear_record(state, position(0))
    reveal(state, ruleset, position(1), events)  # a card that moves into position 1 is revealed


@njit(cache=True, _nrt=False)
def set_up_planes(state, ruleset, events):
    """Setup: one card face-down in each focused position, from position 1 out to position 5; the card in
    position 1 is revealed (setup_reveals_position_one)."""
    for p in range(1, L.N_POSITIONS + 1):
        if focused(state, p):
            card = deck_draw(state)
            if card < 0:
                break
            new_record(state, ruleset, position(p), card)
    if ruleset[T.RULE_SETUP_REVEALS] and state[position(1) + L.R_CARD] >= 0:
        reveal(state, ruleset, position(1), events)


# ---- where things are and what they may target ---------------------------------------------------
@njit(cache=True, _nrt=False)
def find_uid(state, uid):
    """The location of the card instance ``uid`` in the Planes, or -1 if it has left them."""
    if uid <= 0:
        return -1
    for p in range(1, L.N_POSITIONS + 1):
        if state[position(p) + L.R_UID] == uid and state[position(p) + L.R_CARD] >= 0:
            return L.LOC_POSITION + p
    for i in range(state[L.G_THRESHOLD]):
        if state[threshold(i) + L.R_UID] == uid:
            return i
    return -1


@njit(cache=True, forceinline=True)
def in_reach(loc, reach):
    """Range counts from the Threshold: the Threshold is at distance 0 (adjacent to the players, whose
    Player Areas are adjacent to it only), position p at distance p."""
    if loc < L.LOC_POSITION:
        return True
    return loc - L.LOC_POSITION <= reach


@njit(cache=True, _nrt=False)
def adjacent_to(a, b):
    """Neighbouring positions; Threshold cards are adjacent to each other and to position 1."""
    if a == b:
        return False
    a_on_threshold = a < L.LOC_POSITION
    b_on_threshold = b < L.LOC_POSITION
    if a_on_threshold and b_on_threshold:
        return True
    if a_on_threshold:
        return b == L.LOC_POSITION + 1
    if b_on_threshold:
        return a == L.LOC_POSITION + 1
    return abs(a - b) == 1


@njit(cache=True, forceinline=True)
def valid_target(state, ruleset, loc, op, non_apex):
    """Can an effect of this op target the card at ``loc``? Only revealed cards, except that moves can
    target face-down cards Beyond the Veil; the card must be one the effect can affect (a Weaken needs a
    Threat with Strength left or an Environment card); "non-Apex" effects do not work on Apex cards."""
    r = record_of(loc)
    card = state[r + L.R_CARD]
    if card < 0:
        return False
    beyond = loc >= L.LOC_POSITION
    revealed = state[r + L.R_REVEALED] == 1 or not beyond
    kind = T.card(ruleset, card, T.C_TYPE)
    threat = kind == vocab.TYPE_MANIFESTATION
    if non_apex and threat and T.card(ruleset, card, T.C_APEX):
        return False
    if op == OP_WEAKEN:
        if not revealed:
            return False
        if kind == vocab.TYPE_ENVIRONMENT:
            return True
        return threat and state[r + L.R_STRENGTH] > 0
    if op == OP_STUN:
        return threat and not beyond
    if op == OP_TO_BOTTOM or op == OP_ATTACH:
        return threat and beyond and revealed and (op != OP_ATTACH or state[r + L.R_MARK] == 0)
    if op == OP_MOVE_BACK:
        return beyond and (not revealed or threat)
    if op == OP_RETRIEVE:
        return beyond and revealed and T.card(ruleset, card, T.C_RETRIEVE) >= 0 and kind != vocab.TYPE_ENVIRONMENT
    return False


@njit(cache=True, _nrt=False)
def planes_empty(state):
    """Nothing is left to face: no card Beyond the Veil, none in the Exploration Deck, no Threat on the
    Threshold (a scenario with lose_when_planes_empty is then lost: its goal can't be reached any more)."""
    for p in range(1, L.N_POSITIONS + 1):
        if state[position(p) + L.R_CARD] >= 0:
            return False
    return state[L.G_EXPLORATION] == 0 and state[L.G_THRESHOLD] == 0
