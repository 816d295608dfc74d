"""Items and Sigils in the Player Area: Talismans (equipped, at most `talisman_limit`; unequipped by
discarding; cooldown), Charms (Banished to activate; a forced Banish skips the activation but pays the
Reward), Sigils (at most `sigil_limit` in the Player Area; Marked and Mental Chains on a Threat instead,
discarded when it leaves Beyond the Veil)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.cards import seat_base, to_archive, to_discard
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.planes import drop_attached  # noqa: F401 - the attached Sigils' rule lives with the Planes
from sim.games.by_your_side.rules.queue import fail, push_frame, push_trigger


@njit(cache=True, _nrt=False)
def talismans_equipped(state, seat):
    """Talismans in the Player Area (a count: summed onto an integer, since two comparisons added to each
    other are a logical or in plain Python, where numpy adds its booleans as "or")."""
    base = seat_base(seat)
    n = 0
    for s in range(2):
        n += state[base + L.P_TALISMAN + s] >= 0
    return n


@njit(cache=True, _nrt=False)
def sigils_in_play(state, seat):
    """Sigils in the Player Area (those on Threats do not count toward the limit)."""
    base = seat_base(seat)
    n = 0
    for s in range(3):
        n += state[base + L.P_SIGIL + s] >= 0
    return n


@njit(cache=True, _nrt=False)
def put_in_slot(state, start, slots, card):
    """Put a card in the first free slot of a Player Area row (Talismans, Sigils); the slot, or -1 (a
    capacity error: the engine checked the limit before)."""
    for s in range(slots):
        if state[start + s] < 0:
            state[start + s] = card
            return s
    fail(state, np.int64(L.ERROR_CAPACITY))
    return -1


@njit(cache=True, _nrt=False)
def equip(state, seat, card):
    base = seat_base(seat)
    slot = put_in_slot(state, base + L.P_TALISMAN, np.int64(2), card)
    if slot >= 0:
        state[base + L.P_COOLDOWN + slot] = 0


@njit(cache=True, _nrt=False)
def unequip(state, seat, slot, events):
    """Unequip a Talisman by discarding it (a discard that triggers nothing else)."""
    base = seat_base(seat)
    card = state[base + L.P_TALISMAN + slot]
    state[base + L.P_TALISMAN + slot] = -1
    state[base + L.P_COOLDOWN + slot] = 0
    to_discard(state, seat, card)
    log_event(state, events, L.EV_DISCARD, seat, card, 0, 0)


@njit(cache=True, _nrt=False)
def use_talisman(state, ruleset, seat, slot):
    """A Talisman's ability; one with cooldown turns 90 degrees (it can't be used while turned)."""
    base = seat_base(seat)
    card = state[base + L.P_TALISMAN + slot]
    if T.card(ruleset, card, T.C_COOLDOWN):
        state[base + L.P_COOLDOWN + slot] = 1
    push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_USE), T.effect_end(ruleset, card, vocab.SLOT_USE), seat,
               card, np.int64(0), np.int64(0), np.int64(0))


@njit(cache=True, _nrt=False)
def rotate_cooldowns(state, ruleset, seat):
    """At the start of each Player Phase a turned Talisman turns another 90 degrees; at the start of the
    third Player Phase after its use it is upright and ready (`cooldown_phases`)."""
    base = seat_base(seat)
    for s in range(2):
        if state[base + L.P_COOLDOWN + s] > 0:
            state[base + L.P_COOLDOWN + s] += 1
            if state[base + L.P_COOLDOWN + s] > ruleset[T.RULE_COOLDOWN_PHASES]:
                state[base + L.P_COOLDOWN + s] = 0


@njit(cache=True, _nrt=False)
def put_charm(state, seat, card):
    base = seat_base(seat)
    n = state[base + L.P_CHARMS_N]
    if n >= L.CHARM_CAP:
        fail(state, np.int64(L.ERROR_CAPACITY))
        return
    state[base + L.P_CHARM + n] = card
    state[base + L.P_CHARMS_N] = n + 1


@njit(cache=True, _nrt=False)
def take_charm(state, seat, slot):
    base = seat_base(seat)
    n = state[base + L.P_CHARMS_N]
    card = state[base + L.P_CHARM + slot]
    for i in range(slot, n - 1):
        state[base + L.P_CHARM + i] = state[base + L.P_CHARM + i + 1]
    state[base + L.P_CHARM + n - 1] = -1
    state[base + L.P_CHARMS_N] = n - 1
    return card


@njit(cache=True, _nrt=False)
def activate_charm(state, ruleset, seat, slot, events):
    """"You may Banish this card to ...": the Charm returns to the Archive and its effect resolves; as a
    Banished card, its Reward (if any) follows."""
    card = take_charm(state, seat, slot)
    to_archive(state, card)
    log_event(state, events, L.EV_BANISH, seat, card, 1, 0)
    if T.effect_end(ruleset, card, vocab.SLOT_REWARD) > T.effect_start(ruleset, card, vocab.SLOT_REWARD):
        push_trigger(state, np.int64(L.T_REWARD), card, seat, np.int64(0))
    push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_ACTIVATE), T.effect_end(ruleset, card, vocab.SLOT_ACTIVATE),
               seat, card, np.int64(0), np.int64(0), np.int64(0))
    return card


@njit(cache=True, _nrt=False)
def force_banish_charm(state, ruleset, seat, events):
    """A Charm forced to be Banished: its activation doesn't trigger, its Reward still resolves."""
    if state[seat_base(seat) + L.P_CHARMS_N] == 0:
        return
    card = take_charm(state, seat, np.int64(0))
    to_archive(state, card)
    log_event(state, events, L.EV_BANISH, -1, card, 0, 0)
    if T.effect_end(ruleset, card, vocab.SLOT_REWARD) > T.effect_start(ruleset, card, vocab.SLOT_REWARD):
        push_trigger(state, np.int64(L.T_REWARD), card, seat, np.int64(0))


@njit(cache=True, _nrt=False)
def place_sigil(state, seat, card):
    put_in_slot(state, seat_base(seat) + L.P_SIGIL, np.int64(3), card)


@njit(cache=True, _nrt=False)
def discard_sigil(state, seat, slot, events):
    """Discard one of your own Sigils (any time in the Player Phase): e.g. to play one above the limit."""
    base = seat_base(seat)
    card = state[base + L.P_SIGIL + slot]
    state[base + L.P_SIGIL + slot] = -1
    to_discard(state, seat, card)
    log_event(state, events, L.EV_DISCARD, seat, card, 0, 0)
