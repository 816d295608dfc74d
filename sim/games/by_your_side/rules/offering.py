"""Angels and the Angel's Offering: opened by a revealed Angel (2 Charms and 1 Talisman), one Offering
action per player and Player Phase, refilled from the matching deck, replaced by a further Angel, closed
(cards to the bottom of their decks) when no revealed Angel remains."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.cards import pile_remove, retrieve_card, seat_base, to_archive
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.planes import focused, position
from sim.games.by_your_side.rules.queue import fail, push_frame


@njit(cache=True, forceinline=True)
def slot_is_charm(ruleset, slot):
    return slot < ruleset[T.RULE_OFFERING_CHARMS]


@njit(cache=True, forceinline=True)
def n_slots(ruleset):
    return ruleset[T.RULE_OFFERING_CHARMS] + ruleset[T.RULE_OFFERING_TALISMANS]


@njit(cache=True, _nrt=False)
def _deck(ruleset, slot):
    """(deck start, count field) of the slot's deck."""
    if slot_is_charm(ruleset, slot):
        return L.CHARM_DECK, L.G_CHARM_DECK
    return L.TALISMAN_DECK, L.G_TALISMAN_DECK


@njit(cache=True, _nrt=False)
def refill_slot(state, ruleset, slot):
    """Fill an empty Offering slot with the top card of the matching deck (empty if the deck is)."""
    start, count = _deck(ruleset, slot)
    n = state[count]
    if n == 0:
        state[L.OFFER + slot] = -1
        return
    state[L.OFFER + slot] = state[start + n - 1]
    state[count] = n - 1


@njit(cache=True, _nrt=False)
def to_deck_bottom(state, ruleset, slot):
    """The slot's card goes to the bottom of its deck, without shuffling; the slot is empty."""
    card = state[L.OFFER + slot]
    if card < 0:
        return
    start, count = _deck(ruleset, slot)
    n = state[count]
    if n >= L.OFFER_DECK_CAP:
        fail(state, np.int64(L.ERROR_CAPACITY))
        return
    for i in range(n, 0, -1):
        state[start + i] = state[start + i - 1]
    state[start] = card
    state[count] = n + 1
    state[L.OFFER + slot] = -1


@njit(cache=True, _nrt=False)
def open_offering(state, ruleset, events):
    """A revealed Angel opens the Offering (once unlocked): 2 Charms and 1 Talisman face-up. An Angel
    revealed while it is open lets the players replace any Offering cards (a choice per slot)."""
    if not state[L.G_UNLOCKED] & (1 << vocab.FEATURE_OFFERING):
        return
    state[L.G_ANGELS] += 1
    if state[L.G_OFFERING_OPEN]:
        start = T.system_steps(ruleset, T.H_SYS_REPLACE)
        push_frame(state, start, start + n_slots(ruleset), np.int64(-1), np.int64(-1), np.int64(0), np.int64(0), np.int64(0))
        return
    for slot in range(n_slots(ruleset)):
        refill_slot(state, ruleset, slot)
    state[L.G_OFFERING_OPEN] = 1
    log_event(state, events, L.EV_OFFERING, -1, 1, 0, 0)


@njit(cache=True, _nrt=False)
def replace_slot(state, ruleset, slot):
    """A further Angel: the slot's card goes to the bottom of its deck and the top card replaces it."""
    to_deck_bottom(state, ruleset, slot)
    refill_slot(state, ruleset, slot)


@njit(cache=True, _nrt=False)
def angels_revealed(state, ruleset):
    n = 0
    for p in range(1, L.N_POSITIONS + 1):
        c = state[position(p) + L.R_CARD]
        if c >= 0 and state[position(p) + L.R_REVEALED] and T.card(ruleset, c, T.C_TYPE) == vocab.TYPE_ANGEL:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def close_offering(state, ruleset, events):
    """No revealed Angel remains: unretrieved Offering cards go to the bottom of their decks."""
    if not state[L.G_OFFERING_OPEN] or angels_revealed(state, ruleset) > 0:
        return
    for slot in range(n_slots(ruleset)):
        to_deck_bottom(state, ruleset, slot)
    state[L.G_OFFERING_OPEN] = 0
    log_event(state, events, L.EV_OFFERING, -1, 0, 0, 0)


@njit(cache=True, _nrt=False)
def offering_usable(state, seat):
    """The Offering's actions: open, its Focus box focused, once per player and Player Phase."""
    base = seat_base(seat)
    return (state[L.G_OFFERING_OPEN] == 1 and focused(state, L.BOX_OFFERING) and not state[base + L.P_OFFERING_USED]
            and not state[base + L.P_UNCONSCIOUS])


@njit(cache=True, _nrt=False)
def retrieve_offered(state, ruleset, seat, slot, events, counts, count_cards):
    """Retrieve an Offering card for its retrieve cost: it goes to your discard pile; the slot refills."""
    state[seat_base(seat) + L.P_ENERGY] -= T.card(ruleset, state[L.OFFER + slot], T.C_RETRIEVE)
    _take_offered(state, ruleset, seat, slot, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def _take_offered(state, ruleset, seat, slot, events, counts, count_cards):
    """The slot's card goes to the player's discard pile (the player's Offering action for this phase);
    the slot refills at once."""
    card = state[L.OFFER + slot]
    state[seat_base(seat) + L.P_OFFERING_USED] = 1
    state[L.OFFER + slot] = -1
    retrieve_card(state, seat, card, events, counts, count_cards)
    refill_slot(state, ruleset, slot)


@njit(cache=True, _nrt=False)
def trade(state, ruleset, seat, slot, hand_card, events, counts, count_cards):
    """Banish a card from your hand to take an Offering card without paying (the Offering's other action)."""
    base = seat_base(seat)
    if not pile_remove(state, base, np.int64(L.P_HAND_N), hand_card):
        return
    to_archive(state, hand_card)
    log_event(state, events, L.EV_BANISH, seat, hand_card, 2, 0)
    _take_offered(state, ruleset, seat, slot, events, counts, count_cards)
