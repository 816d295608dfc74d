"""Effect frames (a stack: each runs one list of steps) and the trigger queue.

A trigger records the frame depth when it happened; it is drained only when that depth is the top of
the stack again. So a card finishes resolving before an older trigger begins ("A card must finish
resolving before another triggered effect begins"), while what the card itself triggers (a Reward,
"When weakened") resolves before the card continues ("complete any Reward effects before you continue").
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L


@njit(cache=True, forceinline=True)
def frame_base(state, depth):
    return L.FRAMES + depth * L.FRAME


@njit(cache=True, forceinline=True)
def top_frame(state):
    return L.FRAMES + (state[L.G_FRAMES] - 1) * L.FRAME


@njit(cache=True, _nrt=False)
def push_frame(state, start, end, owner, source, uid, supported, param):
    """Run steps [start, end) next (on top of the stack). Empty lists push nothing."""
    if end <= start:
        return
    depth = state[L.G_FRAMES]
    if depth >= L.FRAME_CAP:
        fail(state, np.int64(L.ERROR_CAPACITY))
        return
    fb = L.FRAMES + depth * L.FRAME
    state[fb + L.F_START] = start
    state[fb + L.F_END] = end
    state[fb + L.F_PC] = start
    state[fb + L.F_OWNER] = owner
    state[fb + L.F_SOURCE] = source
    state[fb + L.F_UID] = uid
    state[fb + L.F_SUPPORTED] = supported
    state[fb + L.F_SUB] = 0
    state[fb + L.F_LEFT] = 0
    state[fb + L.F_DIE] = 0
    state[fb + L.F_AUX] = 0
    state[fb + L.F_TARGET] = -1
    state[fb + L.F_X] = 0
    state[fb + L.F_PARAM] = param
    state[L.G_FRAMES] = depth + 1


@njit(cache=True, _nrt=False)
def push_trigger(state, kind, card, owner, uid):
    n = state[L.G_QUEUE]
    if n >= L.QUEUE_CAP:
        fail(state, np.int64(L.ERROR_CAPACITY))
        return
    q = L.QUEUE + n * L.QUEUE_ROW
    state[q + L.Q_KIND] = kind
    state[q + L.Q_CARD] = card
    state[q + L.Q_OWNER] = owner
    state[q + L.Q_UID] = uid
    state[q + L.Q_DEPTH] = state[L.G_FRAMES]
    state[L.G_QUEUE] = n + 1


@njit(cache=True, _nrt=False)
def ready_trigger(state):
    """Index of the oldest trigger whose depth is the top of the stack now, or -1."""
    depth = state[L.G_FRAMES]
    for i in range(state[L.G_QUEUE]):
        if state[L.QUEUE + i * L.QUEUE_ROW + L.Q_DEPTH] == depth:
            return i
    return -1


@njit(cache=True, _nrt=False)
def take_trigger(state, i):
    """Remove trigger i from the queue; return its (kind, card, owner, uid)."""
    q = L.QUEUE + i * L.QUEUE_ROW
    kind, card, owner, uid = state[q + L.Q_KIND], state[q + L.Q_CARD], state[q + L.Q_OWNER], state[q + L.Q_UID]
    n = state[L.G_QUEUE]
    for j in range(q, L.QUEUE + (n - 1) * L.QUEUE_ROW):
        state[j] = state[j + L.QUEUE_ROW]
    state[L.G_QUEUE] = n - 1
    return kind, card, owner, uid


@njit(cache=True, _nrt=False)
def fail(state, code):
    """Stop the match with an error code (a capacity overflow: the match is not played on)."""
    state[L.G_ERROR] = code
    state[L.G_DONE] = 1
    state[L.G_MODE] = L.MODE_DONE
