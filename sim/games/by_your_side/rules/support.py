"""Support actions (from Scenario 2's prologue): once per player and Player Phase, discard one of your
cards to give the other player 1 Energy, or the "If supported" bonus of a card they are playing."""

from __future__ import annotations

from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.cards import discard_from_hand, gain_energy, seat_base
from sim.games.by_your_side.rules.planes import focused


@njit(cache=True, _nrt=False)
def can_support(state, seat):
    """Unlocked, its Focus box focused, not used yet this Player Phase, a card in hand, conscious."""
    base = seat_base(seat)
    return ((state[L.G_UNLOCKED] >> vocab.FEATURE_SUPPORT) & 1 == 1 and focused(state, L.BOX_SUPPORT)
            and not state[base + L.P_SUPPORT_USED] and state[base + L.P_HAND_N] > 0 and not state[base + L.P_UNCONSCIOUS])


@njit(cache=True, _nrt=False)
def support_energy(state, ruleset, seat, card, events):
    """Discard a card: the other player gains `support_energy` Energy."""
    discard_from_hand(state, seat, card, events)
    base = seat_base(seat)
    state[base + L.P_SUPPORT_USED] = 1
    state[base + L.P_SUPPORTS] += 1
    gain_energy(state, 1 - seat, ruleset[T.RULE_SUPPORT_ENERGY], events)


@njit(cache=True, _nrt=False)
def support_card(state, seat, card, events):
    """Discard a card while the other player is playing one, before it resolves: it is supported."""
    discard_from_hand(state, seat, card, events)
    base = seat_base(seat)
    state[base + L.P_SUPPORT_USED] = 1
    state[base + L.P_SUPPORTS] += 1
