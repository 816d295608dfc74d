"""Losing and winning: a player loses when their life is 0 or less, or they must draw or add mana
from an empty main deck. A player who has lost leaves the game with their cards on the field; a
team loses only when both its players have lost; the last player or team standing wins. Losses
are checked at checkpoints (after each effect, attack, phase step), so two losses in one effect
are simultaneous: a draw."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.zones import alive, clear, detach_from, pile_push, rec, seat_base


@njit(cache=True, _nrt=False)
def lose(state, seat, reason, events):
    """Mark a player as lost (once); the cards in their zones (a teammate's among them, 2v2) and their
    attachments leave the game; the cards they own in a teammate's zones stay there, the teammate's to use."""
    b = seat_base(seat)
    if state[b + L.P_LOST]:
        return
    state[b + L.P_LOST] = 1
    state[L.G_LOSS_PENDING] = 1
    state[b + L.P_LOST_REASON] = reason
    state[L.G_LAST_LOSS] = reason
    log_event(state, events, L.EV_LOSE, seat, reason, state[b + L.P_LIFE], 0, 0)
    for slot in range(L.FIELD_SLOTS):
        r = rec(seat, slot)
        if state[r + L.F_CARD] >= 0:
            detach_from(state, seat, state[r + L.F_SERIAL], events)
            pile_push(state, state[r + L.F_OWNER], L.P_REMOVED_N, L.P_REMOVED, state[r + L.F_CARD])  # its owner's (2v2)
            clear(state, seat, slot)
    for i in range(state[b + L.P_ATTACH_N]):
        pile_push(state, seat, L.P_REMOVED_N, L.P_REMOVED, state[b + L.P_ATTACH + i * L.ATTACH_WIDTH + L.A_CARD])
    state[b + L.P_ATTACH_N] = 0
    state[L.G_STATIC_DIRTY] = 1


@njit(cache=True, _nrt=False)
def finish(state, winner, reason, events):
    state[L.G_DONE] = 1
    state[L.G_WINNER] = winner
    state[L.G_END_REASON] = reason
    state[L.G_PENDING] = L.DEC_NONE
    log_event(state, events, L.EV_END, winner, reason, 0, 0, 0)


@njit(cache=True, _nrt=False)
def check_end(state, events):
    """At a checkpoint: end the match when at most one side has a player left. Returns done."""
    if state[L.G_DONE]:
        return True
    if not state[L.G_LOSS_PENDING]:  # nobody has lost since the last check
        return False
    state[L.G_LOSS_PENDING] = 0
    sides = state[L.G_SIDES]
    standing = 0
    last = -1
    for position in range(sides):
        for seat in range(position, state[L.G_SEATS], sides):
            if alive(state, seat):
                standing += 1
                last = position
                break
    if standing == sides:
        return False
    if standing == 0:
        finish(state, np.int64(-1), np.int64(V.END_SIMULTANEOUS), events)
    else:
        finish(state, last, state[L.G_LAST_LOSS], events)
    return True
