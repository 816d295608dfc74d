"""The Watcher's Attention (section 10): "Attention ranges 0-3. At three, your next major-objective
declaration costs one extra Resonance and consumes all Attention when paid. Major objectives are
claiming a Remembrance, binding a Waymark, first opening Bloom, activating/reactivating a node and
Close the Eye. Charge once per declaration." Lay Low: "one Action removes one Attention, once per
Company turn.\""""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.rules.board import seat_base
from sim.games.veilwalkers.rules.events import log_event

ATTENTION_MAX = 3


@njit(cache=True, inline="always")
def surcharge(state, seat):
    """The extra Resonance a major-objective declaration costs now."""
    return 1 if state[seat_base(seat) + L.P_ATTENTION] >= ATTENTION_MAX else 0


@njit(cache=True, _nrt=False)
def pay_surcharge(state, seat, events):
    base = seat_base(seat)
    if state[base + L.P_ATTENTION] >= ATTENTION_MAX:
        state[base + L.P_RESONANCE] -= 1
        state[base + L.P_ATTENTION] = 0
        log_event(state, events, L.EV_ATTENTION, seat, 0, 0, 0)


@njit(cache=True, _nrt=False)
def gain_attention(state, seat, amount, events):
    base = seat_base(seat)
    state[base + L.P_ATTENTION] = min(ATTENTION_MAX, state[base + L.P_ATTENTION] + amount)
    log_event(state, events, L.EV_ATTENTION, seat, state[base + L.P_ATTENTION], 0, 0)


@njit(cache=True, inline="always")
def can_lay_low(state, seat):
    base = seat_base(seat)
    return state[L.G_ACTIONS] >= 1 and state[base + L.P_ATTENTION] >= 1 and state[base + L.P_LAID_LOW] == 0


@njit(cache=True, _nrt=False)
def lay_low(state, seat, events):
    base = seat_base(seat)
    state[L.G_ACTIONS] -= 1
    state[base + L.P_LAID_LOW] = 1
    state[base + L.P_ATTENTION] -= 1
    log_event(state, events, L.EV_ATTENTION, seat, state[base + L.P_ATTENTION], 0, 0)
