"""The Threadline (section 8): "A legal declaration opens a Threadline, the sequence of pending effects
and responses. The opposing Company gets first priority, then alternate. A Company may play a legal
Quick Event ... or pass. Each player may contribute at most one Quick Event to that Threadline. Quick
Events pay Resonance but no normal Shape Action." "After both pass consecutively, resolve the newest
effect first. Reopen priority between unresolved effects so players can react to new triggers, without
resetting the one-Quick-Event limit."

A card play in the Shape is the declaration: it is paid (cards.play) and becomes the Threadline's first
pending effect. The seat holding priority decides (DEC_RESPOND: a Quick Event from hand, or pass) only
when it has a legal Quick Event to play; otherwise its pass is forced and takes no decision, so a
Threadline where neither Company can respond resolves at once, as a plain play did. After a resolution
priority reopens to the opponent of the newest remaining effect's Company. A Glyph added by a resolution
may open the invocation decision (rules/glyphs.py); a declared invocation is a pending effect of the same
Threadline ("Within an existing Threadline, this window preserves that Threadline's Glyph chains and
one-Quick-Event-per-Company limit, then resumes the parent Threadline afterward"). When nothing is pending
the Threadline ends: both Threadline Chains clear and the active Company's Shape goes on.
"""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules.board import seat_base
from sim.games.veilwalkers.rules.cards import cancels, play, resolve_play, to_discard
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.glyphs import clear_chain, declare_invocation, resolve_invocation


@njit(cache=True, forceinline=True)
def entry(i):
    return L.G_TL_STACK + i * L.TL_W


@njit(cache=True, _nrt=False)
def push(state, kind, seat, ident, arg):
    """A new pending effect; the declaring Company's opponent gets priority."""
    n = state[L.G_TL_N]
    if n == L.TL_CAP:
        state[L.G_ERROR] = L.ERROR_OVERFLOW
        state[L.G_DONE] = 1
        return
    e = entry(n)
    state[e + L.TL_KIND] = kind
    state[e + L.TL_SEAT] = seat
    state[e + L.TL_ID] = ident
    state[e + L.TL_ARG] = arg
    state[e + L.TL_CANCELLED] = 0
    state[L.G_TL_N] = n + 1
    state[L.G_TL_OPEN] = 1
    state[L.G_TL_PRIORITY] = 1 - seat
    state[L.G_TL_PASSES] = 0


@njit(cache=True, _nrt=False)
def cancel_target(state, seat):
    """The entry a cancel of ``seat`` would cancel: the newest pending effect of the opposing Company not
    already cancelled, or -1 ("An already-resolved effect cannot be retroactively cancelled": only pending
    effects are on the Threadline)."""
    for i in range(state[L.G_TL_N] - 1, -1, -1):
        e = entry(i)
        if state[e + L.TL_SEAT] != seat and state[e + L.TL_CANCELLED] == 0:
            return i
    return -1


@njit(cache=True, _nrt=False)
def can_respond_with(state, ruleset, seat, index):
    """A legal Quick Event response from hand: a Quick Event the Company can pay ("Quick Events pay
    Resonance but no normal Shape Action") and whose Disaster allowance is unspent, a cancel only with an
    opposing effect to cancel."""
    base = seat_base(seat)
    card_id = state[base + L.P_HAND + index]
    if T.card(ruleset, card_id, T.C_QUICK) == 0 or state[base + L.P_RESONANCE] < T.card(ruleset, card_id, T.C_COST):
        return False
    if T.card(ruleset, card_id, T.C_DISASTER) and state[base + L.P_DISASTER]:
        return False
    return not cancels(ruleset, card_id) or cancel_target(state, seat) >= 0


@njit(cache=True, _nrt=False)
def may_respond(state, ruleset, seat):
    """"Each player may contribute at most one Quick Event to that Threadline": the Company has not, and
    holds a legal one."""
    if state[L.G_TL_QUICK] >> seat & 1:
        return False
    for i in range(state[seat_base(seat) + L.P_HAND_N]):
        if can_respond_with(state, ruleset, seat, i):
            return True
    return False


@njit(cache=True, _nrt=False)
def list_responses(state, ruleset, seat, legal):
    """DEC_RESPOND: pass, or a legal Quick Event from hand."""
    legal[0] = L.A_PASS << 16
    n = 1
    for i in range(state[seat_base(seat) + L.P_HAND_N]):
        if can_respond_with(state, ruleset, seat, i):
            legal[n] = L.A_RESPOND << 16 | i << 8
            n += 1
    return n


@njit(cache=True, _nrt=False)
def end_threadline(state):
    """"Clear ... the Threadline Chain when its Threadline ends"; back to the active Company's Shape."""
    for seat in range(L.SEATS):
        clear_chain(state, seat, L.CHAIN_THREADLINE)
    state[L.G_TL_OPEN] = 0
    state[L.G_TL_QUICK] = 0
    state[L.G_TL_PASSES] = 0
    state[L.G_TL_PRIORITY] = 0
    state[L.G_PENDING] = L.DEC_SHAPE
    state[L.G_DECIDER] = state[L.G_SIDE]


@njit(cache=True, _nrt=False)
def resolve_newest(state, ruleset, events, counts, count_cards):
    """"resolve the newest effect first": a cancelled effect does nothing ("Cancelled or wholly failed
    cards add none"; a cancelled card goes to its owner's discard), a cancel cancels its target, a card
    resolves its play, an invocation its Alignment."""
    n = state[L.G_TL_N] - 1
    e = entry(n)
    kind, seat, ident, arg = state[e + L.TL_KIND], state[e + L.TL_SEAT], state[e + L.TL_ID], state[e + L.TL_ARG]
    cancelled = state[e + L.TL_CANCELLED]
    for f in range(L.TL_W):
        state[e + f] = 0
    state[L.G_TL_N] = n
    if cancelled:
        if kind != L.TL_ALIGNMENT:
            to_discard(state, seat, ident)
        log_event(state, events, L.EV_CANCEL, seat, ident, kind, 0)
        return
    if kind == L.TL_ALIGNMENT:
        state[L.G_ALIGN_LOSS] = arg >> 8  # what the completing card took, for AP-11
        resolve_invocation(state, ruleset, seat, ident, arg & 255, events)
        state[L.G_ALIGN_LOSS] = 0
        return
    if kind == L.TL_QUICK and arg > 0:
        state[entry(arg - 1) + L.TL_CANCELLED] = 1
    resolve_play(state, ruleset, seat, ident, arg if kind == L.TL_PLAY else L.ROAD_NONE, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def advance(state, ruleset, events, counts, count_cards):
    """Run the Threadline to its next decision: a seat without a legal Quick Event passes (no decision);
    two passes in a row resolve the newest effect, then priority reopens; a resolution's Glyph may open
    the invocation decision; with nothing pending the Threadline ends."""
    for _ in range(4 * L.TL_CAP * (L.SEATS + 1) + 8):
        if state[L.G_DONE] or state[L.G_PENDING] == L.DEC_INVOKE:
            return
        n = state[L.G_TL_N]
        if n == 0:
            end_threadline(state)
            return
        if state[L.G_TL_PASSES] >= 2:
            state[L.G_TL_PASSES] = 0
            resolve_newest(state, ruleset, events, counts, count_cards)
            if state[L.G_TL_N] > 0:  # "Reopen priority between unresolved effects"
                state[L.G_TL_PRIORITY] = 1 - state[entry(state[L.G_TL_N] - 1) + L.TL_SEAT]
            continue
        seat = state[L.G_TL_PRIORITY]
        if may_respond(state, ruleset, seat):
            state[L.G_PENDING] = L.DEC_RESPOND
            state[L.G_DECIDER] = seat
            return
        state[L.G_TL_PASSES] += 1
        state[L.G_TL_PRIORITY] = 1 - seat
    state[L.G_ERROR] = L.ERROR_OVERFLOW  # unreachable: every turn of the loop passes or resolves
    state[L.G_DONE] = 1


@njit(cache=True, _nrt=False)
def declare_play(state, ruleset, seat, index, placement, events, counts, count_cards):
    """A card play in the Shape: "A legal declaration opens a Threadline"."""
    card_id = play(state, ruleset, seat, index, placement, False, events, counts, count_cards)
    push(state, L.TL_PLAY, seat, card_id, placement)
    advance(state, ruleset, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def respond(state, ruleset, seat, index, events, counts, count_cards):
    """The seat holding priority plays a Quick Event (its one for this Threadline); a cancel names its
    target now (the newest opposing pending effect)."""
    target = cancel_target(state, seat) + 1 if cancels(ruleset, state[seat_base(seat) + L.P_HAND + index]) else 0
    card_id = play(state, ruleset, seat, index, L.ROAD_NONE, True, events, counts, count_cards)
    state[L.G_TL_QUICK] |= 1 << seat
    state[seat_base(seat) + L.P_RESPONSES] += 1
    log_event(state, events, L.EV_RESPOND, seat, card_id, target, 0)
    push(state, L.TL_QUICK, seat, card_id, target)
    state[L.G_PENDING] = L.DEC_SHAPE
    advance(state, ruleset, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def pass_priority(state, ruleset, seat, events, counts, count_cards):
    state[L.G_TL_PASSES] += 1
    state[L.G_TL_PRIORITY] = 1 - seat
    state[L.G_PENDING] = L.DEC_SHAPE
    advance(state, ruleset, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def invoke(state, ruleset, seat, k, choice, events, counts, count_cards):
    """Declaring an invocation "opens an Alignment response window": the invocation is the newest pending
    effect of the Threadline its Glyph was added in, the opposing Company first to respond."""
    loss = state[L.G_ALIGN_LOSS]
    declare_invocation(state, ruleset, seat, k, choice, events)
    push(state, L.TL_ALIGNMENT, seat, k, choice | loss << 8)
    advance(state, ruleset, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def resume(state, ruleset, events, counts, count_cards):
    """After a declined (or no longer legal) invocation: the Threadline goes on."""
    if state[L.G_TL_OPEN] and state[L.G_PENDING] == L.DEC_SHAPE:
        advance(state, ruleset, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def threadline_invariant(state, ruleset):
    """0 or INVARIANT_THREADLINE: the pending effects in range and well formed (a cancel's target below
    it and opposing), priority with a seat, no Threadline state while none is open, DEC_RESPOND only for
    the seat holding priority."""
    n = state[L.G_TL_N]
    if not 0 <= n <= L.TL_CAP or not 0 <= state[L.G_TL_PRIORITY] < L.SEATS or not 0 <= state[L.G_TL_QUICK] < 4:
        return L.INVARIANT_THREADLINE
    if state[L.G_TL_OPEN] == 0 and (n != 0 or state[L.G_TL_QUICK] != 0 or state[L.G_TL_PASSES] != 0):
        return L.INVARIANT_THREADLINE
    if state[L.G_PENDING] == L.DEC_RESPOND and (n == 0 or state[L.G_DECIDER] != state[L.G_TL_PRIORITY]):
        return L.INVARIANT_THREADLINE
    for i in range(L.TL_CAP):
        e = entry(i)
        kind, seat, ident, arg = state[e + L.TL_KIND], state[e + L.TL_SEAT], state[e + L.TL_ID], state[e + L.TL_ARG]
        if i >= n:
            for f in range(L.TL_W):
                if state[e + f] != 0:
                    return L.INVARIANT_THREADLINE
            continue
        if not (L.TL_PLAY <= kind <= L.TL_ALIGNMENT and 0 <= seat < L.SEATS and 0 <= state[e + L.TL_CANCELLED] <= 1):
            return L.INVARIANT_THREADLINE
        if kind == L.TL_ALIGNMENT:
            if not 0 <= ident < T.N_ALIGNMENTS:
                return L.INVARIANT_THREADLINE
            continue
        if not 0 <= ident < T.board(ruleset, T.B_UNIT_CARD):
            return L.INVARIANT_THREADLINE
        if kind == L.TL_QUICK:
            if T.card(ruleset, ident, T.C_QUICK) == 0 or state[L.G_TL_QUICK] >> seat & 1 == 0:
                return L.INVARIANT_THREADLINE
            if arg > 0 and (arg > i or state[entry(arg - 1) + L.TL_SEAT] == seat):
                return L.INVARIANT_THREADLINE
    return 0


@njit(cache=True, _nrt=False)
def pending_cards(state, seat, card_id):
    """Copies of ``card_id`` of ``seat`` declared and pending on the Threadline (in no zone until they
    resolve), or every such card of ``seat`` when ``card_id`` is -1."""
    count = 0
    for i in range(state[L.G_TL_N]):
        e = entry(i)
        if (state[e + L.TL_KIND] != L.TL_ALIGNMENT and state[e + L.TL_SEAT] == seat
                and (card_id < 0 or state[e + L.TL_ID] == card_id)):
            count += 1
    return count

