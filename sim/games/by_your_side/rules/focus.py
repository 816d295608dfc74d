"""Focus tokens, chakras and Full Focus. Tokens are conserved: in the reserve, on a board box (positions
2-5, the Exploration Deck, the Offering, Support; position 1 is always focused) or on a chakra."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.cards import pile_push, pile_remove, seat_base
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.planes import focused
from sim.games.by_your_side.rules.queue import push_frame, push_trigger

FIRST_BOX = 2  # position 1 has no box to take a token from


@njit(cache=True, forceinline=True)
def box_open(state, box):
    """A box that can hold a token: positions and the Exploration Deck always; the Offering and Support
    once the scenario unlocks them."""
    if box == L.BOX_OFFERING:
        return (state[L.G_UNLOCKED] >> vocab.FEATURE_OFFERING) & 1 == 1
    if box == L.BOX_SUPPORT:
        return (state[L.G_UNLOCKED] >> vocab.FEATURE_SUPPORT) & 1 == 1
    return True


@njit(cache=True, _nrt=False)
def token_sources(state):
    """Where a chakra's token may come from, as a bit mask: bit 0 the reserve, bit b a focused box b."""
    mask = 1 if state[L.G_RESERVE] > 0 else 0
    for box in range(FIRST_BOX, L.N_BOXES):
        if focused(state, box):
            mask |= 1 << box
    return mask


@njit(cache=True, _nrt=False)
def return_boxes(state):
    """Where a returned token may go: an unfocused box of the player's choice, or (every box focused) the
    reserve (bit 0)."""
    mask = 0
    for box in range(FIRST_BOX, L.N_BOXES):
        if not focused(state, box) and box_open(state, box):
            mask |= 1 << box
    return mask if mask else 1


@njit(cache=True, _nrt=False)
def take_token(state, box, seat, events):
    """Take a Focus token from the reserve (box 0) or a focused box, which becomes unfocused (a card in it
    stays until something moves it)."""
    if box == 0:
        state[L.G_RESERVE] -= 1
    else:
        state[L.FOCUS + box] = 0
        state[L.G_PLANES_VERSION] += 1
        state[L.FRESH + box] = 0
    log_event(state, events, L.EV_FOCUS, seat, box, 0, 0)


@njit(cache=True, _nrt=False)
def return_token(state, ruleset, box, seat, events):
    """A token returns to the board: onto an unfocused box (which stays empty until the Astral Phase
    refill, new_focus_waits_for_astral) or the reserve (box 0)."""
    state[L.G_TOKENS_HELD] -= 1
    if box == 0:
        state[L.G_RESERVE] += 1
    else:
        state[L.FOCUS + box] = 1
        state[L.G_PLANES_VERSION] += 1
        state[L.FRESH + box] = ruleset[T.RULE_NEW_FOCUS_WAITS]
    log_event(state, events, L.EV_FOCUS, seat, box, 1, 0)


@njit(cache=True, _nrt=False)
def chakras_unlocked(state):
    return (state[L.G_UNLOCKED] >> vocab.FEATURE_CHAKRAS) & 1 == 1


@njit(cache=True, _nrt=False)
def can_focus(state, ruleset, seat):
    """Once per Player Phase, for chakra_cost Energy; with chakra_moves_share_allowance the one token move
    per Player Phase (on or off) is used by it."""
    base = seat_base(seat)
    if not chakras_unlocked(state) or state[base + L.P_UNCONSCIOUS]:
        return False
    if state[base + L.P_ENERGY] < ruleset[T.RULE_CHAKRA_COST] or state[base + L.P_CHAKRA_FOCUSED] > 0:
        return False
    if ruleset[T.RULE_CHAKRA_SHARED] and state[base + L.P_CHAKRA_MOVES] > 0:
        return False
    return token_sources(state) != 0


@njit(cache=True, _nrt=False)
def can_unfocus(state, ruleset, seat):
    base = seat_base(seat)
    return chakras_unlocked(state) and not state[base + L.P_UNCONSCIOUS] and state[base + L.P_CHAKRA_MOVES] == 0


@njit(cache=True, _nrt=False)
def focus_chakra(state, ruleset, seat, chakra):
    """Pay for the chakra; the token's source is the player's choice (the focus_source step)."""
    base = seat_base(seat)
    state[base + L.P_ENERGY] -= ruleset[T.RULE_CHAKRA_COST]
    state[base + L.P_CHAKRA_FOCUSED] += 1
    if ruleset[T.RULE_CHAKRA_SHARED]:
        state[base + L.P_CHAKRA_MOVES] += 1
    start = T.system_steps(ruleset, T.H_SYS_SOURCE)
    push_frame(state, start, start + 1, seat, np.int64(-1), np.int64(0), np.int64(0), chakra)


@njit(cache=True, _nrt=False)
def place_on_chakra(state, ruleset, seat, chakra, events):
    """The token is on the chakra: a "When focused" ability happens now, once."""
    base = seat_base(seat)
    state[base + L.P_CHAKRA + chakra] = 1
    card = T.character(ruleset, state[base + L.P_CHARACTER], T.CH_CHAKRAS + chakra)
    log_event(state, events, L.EV_FOCUS, seat, -1 - chakra, 1, 0)
    if T.effect_end(ruleset, card, vocab.SLOT_WHEN_FOCUSED) > T.effect_start(ruleset, card, vocab.SLOT_WHEN_FOCUSED):
        push_trigger(state, np.int64(L.T_EFFECT), card, seat, np.int64(vocab.SLOT_WHEN_FOCUSED))


@njit(cache=True, _nrt=False)
def unfocus_chakra(state, ruleset, seat, chakra, events):
    """Move a token off a chakra (Crown included): it returns to a box of the player's choice."""
    base = seat_base(seat)
    state[base + L.P_CHAKRA_MOVES] += 1
    state[base + L.P_CHAKRA + chakra] = 0
    state[L.G_TOKENS_HELD] += 1
    log_event(state, events, L.EV_FOCUS, seat, -1 - chakra, 0, 0)
    start = T.system_steps(ruleset, T.H_SYS_RETURN)
    push_frame(state, start, start + 1, seat, np.int64(-1), np.int64(0), np.int64(0), np.int64(0))


@njit(cache=True, _nrt=False)
def full_focus(state, ruleset, seat, events):
    """All five chakras focused: return all five tokens (each to a box of choice), then the character's
    Full Focus ability. Not a token move: it doesn't use the Player Phase's move."""
    base = seat_base(seat)
    for k in range(5):
        state[base + L.P_CHAKRA + k] = 0
    state[L.G_TOKENS_HELD] += 5
    ability = T.character(ruleset, state[base + L.P_CHARACTER], T.CH_FULL_FOCUS)
    log_event(state, events, L.EV_FOCUS, seat, -10, 0, 0)
    push_frame(state, T.effect_start(ruleset, ability, vocab.SLOT_WHEN_FOCUSED),
               T.effect_end(ruleset, ability, vocab.SLOT_WHEN_FOCUSED), seat, ability, np.int64(0), np.int64(0), np.int64(0))
    start = T.system_steps(ruleset, T.H_SYS_RETURN)
    push_frame(state, start, start + 5, seat, np.int64(-1), np.int64(0), np.int64(0), np.int64(0))


@njit(cache=True, _nrt=False)
def own_top_to_bottom(state, seat):
    """Jolene's Third Eye: the top card of her draw deck goes to the bottom."""
    base = seat_base(seat)
    n = state[base + L.P_DECK_N]
    if n < 2:
        return
    top = state[base + L.P_DECK + n - 1]
    for i in range(n - 1, 0, -1):
        state[base + L.P_DECK + i] = state[base + L.P_DECK + i - 1]
    state[base + L.P_DECK] = top


@njit(cache=True, _nrt=False)
def discard_to_top(state, seat, card):
    """Rosi's Third Eye: a card from her discard pile (browsed: the card says so) onto her draw deck."""
    base = seat_base(seat)
    if pile_remove(state, base, np.int64(L.P_DISCARD_N), card):
        pile_push(state, base, np.int64(L.P_DECK_N), np.int64(L.DECK_CAP), card)


@njit(cache=True, _nrt=False)
def full_focus_ready(state, seat):
    base = seat_base(seat)
    if not chakras_unlocked(state) or state[base + L.P_UNCONSCIOUS]:
        return False
    for k in range(5):
        if not state[base + L.P_CHAKRA + k]:
            return False
    return True
