"""The Player Phase: in-hand effects and cooldowns first; then both players act freely (the two-bot
protocol of engine.py's docstring); then Energy returns, played and converted cards are discarded, both
draw up to their hand limit, and end-of-phase effects resolve."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules import cards, focus, items, offering, planes, support
from sim.games.by_your_side.rules.cards import encode_action as _encode
from sim.games.by_your_side.rules.cards import push_action as _push
from sim.games.by_your_side.rules.cards import seat_base
from sim.games.by_your_side.rules.effects import pose_choice, target_count
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.queue import push_frame, push_trigger
from sim.games.by_your_side.rules.threats import remove_at

OP_ATTACH = vocab.OP["attach"]


@njit(cache=True, _nrt=False)
def opening_seat(state, ruleset):
    """Who decides first in this Player Phase: seats alternate by round (alternate_opening), Jolene first."""
    if ruleset[T.RULE_ALTERNATE_OPENING]:
        return (state[L.G_ROUND] - 1) % 2
    return 0


@njit(cache=True, _nrt=False)
def _queue_slot(state, ruleset, seat, card, slot):
    if T.effect_end(ruleset, card, slot) > T.effect_start(ruleset, card, slot):
        push_trigger(state, np.int64(L.T_EFFECT), card, seat, slot)


@njit(cache=True, _nrt=False)
def start_phase(state, ruleset, events):
    """Energy starts at 0; Talismans in cooldown turn; the In hand effects of cards in hand and the
    start-of-phase effects of Sigils and Talismans in play resolve (seat order, then hand order)."""
    for seat in range(2):
        base = seat_base(seat)
        state[base + L.P_ENERGY] = 0
        state[base + L.P_SUPPORT_USED] = 0
        state[base + L.P_CHAKRA_MOVES] = 0
        state[base + L.P_CHAKRA_FOCUSED] = 0
        state[base + L.P_OFFERING_USED] = 0
        state[base + L.P_CONVERSIONS] = 0
        items.rotate_cooldowns(state, ruleset, seat)
    for seat in range(2):
        base = seat_base(seat)
        for i in range(state[base + L.P_HAND_N]):
            _queue_slot(state, ruleset, seat, state[base + L.P_HAND + i], np.int64(vocab.SLOT_IN_HAND))
        for s in range(3):
            if state[base + L.P_SIGIL + s] >= 0:
                _queue_slot(state, ruleset, seat, state[base + L.P_SIGIL + s], np.int64(vocab.SLOT_START_OF_PHASE))
        for s in range(2):
            if state[base + L.P_TALISMAN + s] >= 0:
                _queue_slot(state, ruleset, seat, state[base + L.P_TALISMAN + s], np.int64(vocab.SLOT_START_OF_PHASE))
    state[L.G_SEAT] = opening_seat(state, ruleset)
    state[L.G_PASSES] = 0
    state[L.G_STEP] = L.STEP_MAIN


@njit(cache=True, forceinline=True)
def can_play(state, ruleset, seat, card):
    """Enough Energy, and room for the card where its type goes (at most talisman_limit Talismans and
    sigil_limit Sigils in the Player Area; a Sigil that goes on a Threat needs a revealed one)."""
    base = seat_base(seat)
    if state[base + L.P_ENERGY] < T.card(ruleset, card, T.C_COST):
        return False
    kind = T.card(ruleset, card, T.C_TYPE)
    if kind == vocab.TYPE_ACTION:
        return True
    if kind == vocab.TYPE_TALISMAN:
        return items.talismans_equipped(state, seat) < ruleset[T.RULE_TALISMAN_LIMIT]
    if kind == vocab.TYPE_CHARM:
        return state[base + L.P_CHARMS_N] < L.CHARM_CAP
    if kind == vocab.TYPE_SIGIL:
        if T.card(ruleset, card, T.C_ATTACH):
            n, _ = target_count(state, ruleset, np.int64(OP_ATTACH), np.int64(vocab.DEFAULT_RANGE))
            return n > 0
        return items.sigils_in_play(state, seat) < ruleset[T.RULE_SIGIL_LIMIT]
    if kind == vocab.TYPE_INTRUSIVE:
        return T.effect_end(ruleset, card, vocab.SLOT_PLAY) > T.effect_start(ruleset, card, vocab.SLOT_PLAY)
    return False


@njit(cache=True, _nrt=False)
def main_actions(state, ruleset, legal):
    """The actions available to the seat deciding in the Player Phase (the rulebook's list is blank; the
    reading is RULES.md's): pass; play or convert a card (one action per kind of card in hand); Retrieve a
    revealed card; Support for Energy; focus, unfocus, Full Focus; an Offering action; use a ready
    Talisman; Banish a Charm to activate it; discard a Sigil; unequip a Talisman. An unconscious
    character can only pass."""
    seat = state[L.G_SEAT]
    base = seat_base(seat)
    n = _push(legal, 0, _encode(L.A_PASS, 0, 0))
    if state[base + L.P_UNCONSCIOUS]:
        return n
    energy = state[base + L.P_ENERGY]
    hand = base + L.P_HAND
    for i in range(state[base + L.P_HAND_N]):
        c = state[hand + i]
        if not cards.first_copy(state, hand, i):
            continue
        if can_play(state, ruleset, seat, c):
            n = _push(legal, n, _encode(L.A_PLAY, c, 0))
        if T.card(ruleset, c, T.C_CONVERTIBLE):
            n = _push(legal, n, _encode(L.A_CONVERT, c, 0))
    for p in range(1, L.N_POSITIONS + 1):
        loc = L.LOC_POSITION + p
        if planes.valid_target(state, ruleset, loc, np.int64(planes.OP_RETRIEVE), np.int64(0)):
            if T.card(ruleset, state[planes.position(p) + L.R_CARD], T.C_RETRIEVE) <= energy:
                n = _push(legal, n, _encode(L.A_RETRIEVE, p, 0))
    if ruleset[T.RULE_SUPPORT_ENERGY] > 0 and support.can_support(state, seat):
        for i in range(state[base + L.P_HAND_N]):
            if cards.first_copy(state, hand, i):
                n = _push(legal, n, _encode(L.A_SUPPORT, state[hand + i], 0))
    if focus.can_focus(state, ruleset, seat):
        for k in range(5):
            if not state[base + L.P_CHAKRA + k]:
                n = _push(legal, n, _encode(L.A_FOCUS, k, 0))
    if focus.can_unfocus(state, ruleset, seat):
        for k in range(5):
            if state[base + L.P_CHAKRA + k]:
                n = _push(legal, n, _encode(L.A_UNFOCUS, k, 0))
    if focus.full_focus_ready(state, seat):
        n = _push(legal, n, _encode(L.A_FULL_FOCUS, 0, 0))
    if offering.offering_usable(state, seat):
        for slot in range(offering.n_slots(ruleset)):
            c = state[L.OFFER + slot]
            if c < 0:
                continue
            if T.card(ruleset, c, T.C_RETRIEVE) <= energy:
                n = _push(legal, n, _encode(L.A_OFFER_RETRIEVE, slot, 0))
            if state[base + L.P_HAND_N] > 0:
                n = _push(legal, n, _encode(L.A_OFFER_TRADE, slot, 0))
    for s in range(2):
        c = state[base + L.P_TALISMAN + s]
        if c < 0:
            continue
        if (state[base + L.P_COOLDOWN + s] == 0 and T.effect_end(ruleset, c, vocab.SLOT_USE) > T.effect_start(
                ruleset, c, vocab.SLOT_USE) and not T.card(ruleset, c, T.C_DIE_ONLY)):
            n = _push(legal, n, _encode(L.A_USE, s, 0))
        n = _push(legal, n, _encode(L.A_UNEQUIP, s, 0))
    for k in range(state[base + L.P_CHARMS_N]):
        if not T.card(ruleset, state[base + L.P_CHARM + k], T.C_DIE_ONLY):
            n = _push(legal, n, _encode(L.A_CHARM, k, 0))
    for s in range(3):
        if state[base + L.P_SIGIL + s] >= 0:
            n = _push(legal, n, _encode(L.A_DROP_SIGIL, s, 0))
    return n


@njit(cache=True, _nrt=False)
def play_card(state, ruleset, seat, card, events, counts, count_cards):
    """Play a card: it leaves the hand and its cost is paid; it goes where its type goes (a Talisman is
    equipped, a Charm and a Sigil go to the Player Area; an Action, or a Sigil that goes on a Threat,
    waits in no zone); the other player may Support it before it resolves; then it resolves."""
    base = seat_base(seat)
    cards.pile_remove(state, base, np.int64(L.P_HAND_N), card)
    state[base + L.P_ENERGY] -= T.card(ruleset, card, T.C_COST)
    state[base + L.P_PLAYS] += 1
    if count_cards:
        counts[seat, card, L.COUNT_PLAYED] += 1
    place_played(state, ruleset, seat, card)
    push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_PLAY), T.effect_end(ruleset, card, vocab.SLOT_PLAY), seat,
               card, np.int64(0), np.int64(0), np.int64(0))
    if T.card(ruleset, card, T.C_SUPPORTABLE) and support.can_support(state, 1 - seat):
        pose_choice(state, np.int64(L.CHOICE_SUPPORT), 1 - seat, card, np.int64(0))


@njit(cache=True, _nrt=False)
def place_played(state, ruleset, seat, card):
    """Where a played card goes by type (the rulebook's list is blank; RULES.md has the reading)."""
    kind = T.card(ruleset, card, T.C_TYPE)
    if kind == vocab.TYPE_TALISMAN:
        items.equip(state, seat, card)
    elif kind == vocab.TYPE_CHARM:
        items.put_charm(state, seat, card)
    elif kind == vocab.TYPE_SIGIL and not T.card(ruleset, card, T.C_ATTACH):
        items.place_sigil(state, seat, card)
    else:  # Actions (and Intrusive thoughts played for their cost) are in no zone until the end-of-phase discard
        cards.pile_push(state, seat_base(seat), np.int64(L.P_PLAYED_N), np.int64(L.PILE_CAP), card)


@njit(cache=True, _nrt=False)
def convert(state, ruleset, seat, card, events):
    """Convert a card to Energy (`conversion_energy`; Sacral adds to the first conversion each phase); it
    is discarded at the end of the Player Phase."""
    base = seat_base(seat)
    cards.pile_remove(state, base, np.int64(L.P_HAND_N), card)
    cards.pile_push(state, base, np.int64(L.P_CONVERTED_N), np.int64(L.PILE_CAP), card)
    energy = ruleset[T.RULE_CONVERSION_ENERGY]
    if state[base + L.P_CONVERSIONS] == 0:
        who = state[base + L.P_CHARACTER]
        for k in range(5):
            if state[base + L.P_CHAKRA + k]:
                energy += T.card(ruleset, T.character(ruleset, who, T.CH_CHAKRAS + k), T.C_CONVERSION_BONUS)
    state[base + L.P_CONVERSIONS] += 1
    cards.gain_energy(state, seat, energy, events)


@njit(cache=True, _nrt=False)
def pass_turn(state):
    """Passing hands the decision to the other player; both passing in a row ends the actions (drawing
    begins: no more Player Phase actions)."""
    state[L.G_PASSES] += 1
    if state[L.G_PASSES] >= 2:
        state[L.G_STEP] = L.STEP_END
    else:
        state[L.G_SEAT] = 1 - state[L.G_SEAT]


@njit(cache=True, _nrt=False)
def apply_main(state, ruleset, action, keys, counters, events, counts, count_cards):
    kind, a = action >> 16, (action >> 8) & 255
    seat = state[L.G_SEAT]
    base = seat_base(seat)
    if kind == L.A_PASS:
        pass_turn(state)
        return
    state[L.G_PASSES] = 0
    if kind == L.A_PLAY:
        play_card(state, ruleset, seat, a, events, counts, count_cards)
    elif kind == L.A_CONVERT:
        convert(state, ruleset, seat, a, events)
    elif kind == L.A_RETRIEVE:
        card = state[planes.position(a) + L.R_CARD]
        state[base + L.P_ENERGY] -= T.card(ruleset, card, T.C_RETRIEVE)
        remove_at(state, ruleset, L.LOC_POSITION + a, events)
        cards.retrieve_card(state, seat, card, events, counts, count_cards)
    elif kind == L.A_USE:
        items.use_talisman(state, ruleset, seat, a)
    elif kind == L.A_CHARM:
        items.activate_charm(state, ruleset, seat, a, events)
    elif kind == L.A_DROP_SIGIL:
        items.discard_sigil(state, seat, a, events)
    elif kind == L.A_UNEQUIP:
        items.unequip(state, seat, a, events)
    elif kind == L.A_FOCUS:
        focus.focus_chakra(state, ruleset, seat, a)
    elif kind == L.A_UNFOCUS:
        focus.unfocus_chakra(state, ruleset, seat, a, events)
    elif kind == L.A_FULL_FOCUS:
        focus.full_focus(state, ruleset, seat, events)
    elif kind == L.A_OFFER_RETRIEVE:
        offering.retrieve_offered(state, ruleset, seat, a, events, counts, count_cards)
    elif kind == L.A_OFFER_TRADE:
        start = T.system_steps(ruleset, T.H_SYS_TRADE)
        push_frame(state, start, start + 1, seat, np.int64(-1), np.int64(0), np.int64(0), a)
    elif kind == L.A_SUPPORT:
        support.support_energy(state, ruleset, seat, a, events)


@njit(cache=True, _nrt=False)
def end_phase(state, ruleset, keys, counters, events, counts, count_cards):
    """Unused Energy is returned; played and converted cards are discarded; each conscious player draws
    up to the hand limit (an unconscious one draws nothing; one brought back draws now); then the
    end-of-phase effects of Sigils and Talismans resolve."""
    for seat in range(2):
        state[seat_base(seat) + L.P_ENERGY] = 0
        cards.empty_pile_to_discard(state, seat, np.int64(L.P_PLAYED_N))
        cards.empty_pile_to_discard(state, seat, np.int64(L.P_CONVERTED_N))
    for seat in range(2):
        if not state[seat_base(seat) + L.P_UNCONSCIOUS]:
            cards.draw_up_to_limit(state, ruleset, seat, keys, counters, events, counts, count_cards)
    for seat in range(2):
        base = seat_base(seat)
        for s in range(3):
            if state[base + L.P_SIGIL + s] >= 0:
                _queue_slot(state, ruleset, seat, state[base + L.P_SIGIL + s], np.int64(vocab.SLOT_END_OF_PHASE))
        for s in range(2):
            if state[base + L.P_TALISMAN + s] >= 0:
                _queue_slot(state, ruleset, seat, state[base + L.P_TALISMAN + s], np.int64(vocab.SLOT_END_OF_PHASE))
    state[L.G_PHASE] = L.PHASE_ASTRAL
    state[L.G_STEP] = L.STEP_CHECK
    log_event(state, events, L.EV_ROUND, -1, state[L.G_ROUND], 2, 0)
