"""The step interpreter: effect frames run their steps in written order, as much as possible; a step that
needs a decision poses a choice (G_CHOICE) to the deciding seat and waits; the answer resumes it.
Triggers (Rewards, reveals, "When weakened", ...) are drained into frames of their own (queue.py).

Who decides: the seat whose card or action it is; for the game's own effects (Threats, Events, a
revealed Intrusive thought, a further Angel) the seat named by `team_decider` ("the players decide
together"); a negation, a penalty discard and a Support are always the affected player's.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules import (
    cards,
    dice,
    focus,
    items,
    offering,
    planes,
    stability,
    support,
    threats,
)
from sim.games.by_your_side.rules import events as scenario_events
from sim.games.by_your_side.rules.cards import encode_action as _encode
from sim.games.by_your_side.rules.cards import push_action as _push
from sim.games.by_your_side.rules.cards import seat_base
from sim.games.by_your_side.rules.ending import (
    END_SCENARIO,
    END_WON,
    GAME_WON,
    TEAM_WON,
    check_scenario_goals,
    finish,
)
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.queue import push_frame, ready_trigger, take_trigger, top_frame

OP = vocab.OP
OP_GAIN_ENERGY = OP["gain_energy"]
OP_GAIN_STABILITY = OP["gain_stability"]
OP_LOSE_STABILITY = OP["lose_stability"]
OP_WEAKEN = OP["weaken"]
OP_SCOUT = OP["scout"]
OP_DRAW = OP["draw"]
OP_DISCARD = OP["discard"]
OP_MOVE_BACK = OP["move_back"]
OP_TO_THRESHOLD = OP["to_threshold"]
OP_TO_BOTTOM = OP["to_bottom"]
OP_STUN = OP["stun"]
OP_DECK_PEEK = OP["deck_peek"]
OP_TAKE_CARD = OP["take_card"]
OP_EXPLORE_CARD = OP["explore_card"]
OP_PLACE_THREAT = OP["place_threat"]
OP_BANISH_CHARM = OP["banish_charm"]
OP_BANISH_SELF = OP["banish_self"]
OP_UNLOCK = OP["unlock"]
OP_ADD_FOCUS = OP["add_focus"]
OP_WIN = OP["win"]
OP_LOSE = OP["lose"]
OP_SET_STAGE = OP["set_stage"]
OP_ADVANCE_TRACK = OP["advance_track"]
OP_ROLL = OP["roll"]
OP_TRANSFORM = OP["transform"]
OP_READ_EVENT = OP["read_event"]
OP_REVEAL_ALL = OP["reveal_all"]
OP_PLACE_TOKEN = OP["place_token"]
OP_OWN_TOP_TO_BOTTOM = OP["own_top_to_bottom"]
OP_DISCARD_TO_TOP = OP["discard_to_top"]
OP_WEAKEN_ADJACENT = OP["weaken_adjacent"]
OP_RETURN_TOKEN = OP["return_token"]
OP_TAKE_INTRUSIVE = OP["take_intrusive"]
OP_REPLACE_OFFERED = OP["replace_offered"]
OP_FOCUS_SOURCE = OP["focus_source"]
OP_ATTACH = OP["attach"]
OP_TRADE = OP["trade"]
OP_REROLL = OP["reroll"]
OP_ADJUST_DIE = OP["adjust_die"]
OP_MARK_STATUS = OP["mark_status"]
OP_CHOOSE_STATUS = OP["choose_status"]

DONE = 0
PAUSED = 1  # a choice was posed
PAUSED_FOR_TRIGGER = 2  # a trigger must resolve before the step goes on (a Reward in the middle of a split)
STEP_FINISHED = -1  # F_AUX of a step a choice has finished

SELF = vocab.TARGET_SELF
OTHER = vocab.TARGET_OTHER
EITHER = vocab.TARGET_EITHER
EACH = vocab.TARGET_EACH
LOWEST = vocab.TARGET_LOWEST
HIGHEST = vocab.TARGET_HIGHEST
ONE = vocab.TARGET_ONE
ALL = vocab.TARGET_ALL
SPLIT = vocab.TARGET_SPLIT


@njit(cache=True, _nrt=False)
def decider_of(state, ruleset, fb):
    """The seat whose card it is decides; the game's own effects are decided by `team_decider`."""
    owner = state[fb + L.F_OWNER]
    return owner if owner >= 0 else ruleset[T.RULE_TEAM_DECIDER]


@njit(cache=True, _nrt=False)
def pose_choice(state, choice, decider, a, b):
    state[L.G_MODE] = L.MODE_CHOICE
    state[L.G_CHOICE] = choice
    state[L.G_DECIDER] = decider
    state[L.G_CHOICE_A] = a
    state[L.G_CHOICE_B] = b
    return PAUSED


@njit(cache=True, _nrt=False)
def step_amount(state, ruleset, fb, row):
    """The step's amount, + its "if supported" bonus when supported, + X (the Stability the owner is
    missing; an Echo's count of Echoes that resolved before it this phase)."""
    amount = T.step(ruleset, row, T.S_AMOUNT)
    if state[fb + L.F_SUPPORTED]:
        amount += T.step(ruleset, row, T.S_SUPPORTED)
    x = T.step(ruleset, row, T.S_X)
    if x == vocab.X_MISSING_STABILITY:
        owner = state[fb + L.F_OWNER]
        if owner >= 0:
            amount += state[seat_base(owner) + L.P_MAX_STABILITY] - state[seat_base(owner) + L.P_STABILITY]
    elif x == vocab.X_ECHOES_RESOLVED:
        amount += state[fb + L.F_X]
    return amount


@njit(cache=True, forceinline=True)
def deck_open(state):
    """A player's effect can look at, reorder, add to or take from the Exploration Deck only while its box
    is focused (Scout's Peek, Foresight, Stagger, Prophecy)."""
    return planes.focused(state, L.BOX_DECK)


# ---- character targets ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _seat_ok(state, op, seat):
    base = seat_base(seat)
    if op == OP_LOSE_STABILITY or op == OP_DRAW:
        return not state[base + L.P_UNCONSCIOUS]
    if op == OP_DISCARD:
        return state[base + L.P_HAND_N] > 0
    if op == OP_BANISH_CHARM:
        return state[base + L.P_CHARMS_N] > 0
    return True


@njit(cache=True, _nrt=False)
def next_character(state, ruleset, fb, row, op):
    """The seat the step affects next (>= 0), -1 when every one is done, -2 when a choice was posed."""
    if state[fb + L.F_TARGET] >= 0:
        return state[fb + L.F_TARGET]
    target = T.step(ruleset, row, T.S_TARGET)
    sub = state[fb + L.F_SUB]
    owner = state[fb + L.F_OWNER]
    if owner < 0:
        owner = ruleset[T.RULE_TEAM_DECIDER]
    if target == EACH:
        while sub < 2:
            state[fb + L.F_SUB] = sub + 1
            if _seat_ok(state, op, sub):
                state[fb + L.F_TARGET] = sub
                return sub
            sub += 1
        return -1
    if sub > 0:
        return -1
    state[fb + L.F_SUB] = 1
    if target == SELF or target == OTHER:
        seat = owner if target == SELF else 1 - owner
        if not _seat_ok(state, op, seat):
            return -1
        state[fb + L.F_TARGET] = seat
        return seat
    mask = 0
    for seat in range(2):
        if _seat_ok(state, op, seat):
            mask |= 1 << seat
    if target == LOWEST or target == HIGHEST:
        s0 = state[seat_base(0) + L.P_STABILITY]
        s1 = state[seat_base(1) + L.P_STABILITY]
        if mask == 3 and s0 != s1:
            mask = 1 if (s0 < s1) == (target == LOWEST) else 2
    if mask == 0:
        return -1
    if mask != 3:
        seat = 0 if mask == 1 else 1
        state[fb + L.F_TARGET] = seat
        return seat
    state[fb + L.F_SUB] = 0
    pose_choice(state, np.int64(L.CHOICE_CHARACTER), decider_of(state, ruleset, fb), mask, np.int64(0))
    return -2


@njit(cache=True, _nrt=False)
def _character_done(state, fb):
    state[fb + L.F_TARGET] = -1
    state[fb + L.F_AUX] = 0
    state[fb + L.F_LEFT] = 0


@njit(cache=True, _nrt=False)
def _distinct_count(state, start, n):
    count = 0
    for i in range(n):
        count += cards.first_copy(state, start, i)
    return count


@njit(cache=True, _nrt=False)
def character_step(state, ruleset, keys, counters, events, counts, count_cards, fb, row, op):
    """Steps that affect characters: Energy, Stability (with the negation window), drawing, penalty
    discards, a card from the Archive, a forced Charm Banish."""
    while True:
        seat = next_character(state, ruleset, fb, row, op)
        if seat == -2:
            return PAUSED
        if seat < 0:
            return DONE
        base = seat_base(seat)
        amount = step_amount(state, ruleset, fb, row)
        if op == OP_GAIN_ENERGY:
            cards.gain_energy(state, seat, amount, events)
        elif op == OP_GAIN_STABILITY:
            stability.gain(state, seat, amount, events)
        elif op == OP_LOSE_STABILITY:
            if state[fb + L.F_AUX] == 0:
                state[fb + L.F_LEFT] = stability.shielded(state, ruleset, seat, amount)
                state[fb + L.F_AUX] = 1
            if (state[fb + L.F_AUX] == 1 and state[fb + L.F_LEFT] > 0 and state[base + L.P_HAND_N] > 0
                    and not state[base + L.P_UNCONSCIOUS]):
                return pose_choice(state, np.int64(L.CHOICE_NEGATE), seat, seat, state[fb + L.F_LEFT])
            stability.lose(state, ruleset, seat, state[fb + L.F_LEFT], events)
        elif op == OP_DRAW:
            cards.draw_cards(state, ruleset, seat, amount, keys, counters, events, counts, count_cards)
        elif op == OP_DISCARD:
            if state[fb + L.F_AUX] == 0:
                state[fb + L.F_LEFT] = amount
                state[fb + L.F_AUX] = 1
            while state[fb + L.F_LEFT] > 0 and state[base + L.P_HAND_N] > 0:
                if _distinct_count(state, base + L.P_HAND, state[base + L.P_HAND_N]) > 1:
                    return pose_choice(state, np.int64(L.CHOICE_HAND_CARD), seat, seat, np.int64(0))
                cards.discard_from_hand(state, seat, state[base + L.P_HAND], events)
                state[fb + L.F_LEFT] -= 1
        elif op == OP_TAKE_CARD:
            card = T.step(ruleset, row, T.S_PARAM)
            if cards.take_from_archive(state, card):
                cards.to_discard(state, seat, card)
                log_event(state, events, L.EV_DISCARD, seat, card, 2, 0)
        elif op == OP_BANISH_CHARM:
            items.force_banish_charm(state, ruleset, seat, events)
        _character_done(state, fb)
        if state[L.G_DONE]:
            return DONE


# ---- card targets ----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _reach_and_filter(ruleset, row):
    return T.step(ruleset, row, T.S_RANGE) | (T.step(ruleset, row, T.S_NON_APEX) << 8)


@njit(cache=True, _nrt=False)
def target_count(state, ruleset, op, spec):
    """How many cards the op can target now (spec: range | non_apex << 8), and the last one found."""
    reach, non_apex = spec & 255, spec >> 8
    n, last = 0, -1
    for i in range(state[L.G_THRESHOLD]):
        if planes.valid_target(state, ruleset, i, op, non_apex):
            n += 1
            last = i
    for p in range(1, L.N_POSITIONS + 1):
        loc = L.LOC_POSITION + p
        if planes.in_reach(loc, reach) and planes.valid_target(state, ruleset, loc, op, non_apex):
            n += 1
            last = loc
    return n, last


@njit(cache=True, _nrt=False)
def card_step(state, ruleset, fb, row, op, events):
    """Steps that pick one card in the Planes: pose the target choice, or apply at once when there is one
    candidate and the step is not optional; nothing to target: the step does nothing. A split Weaken
    ("by X in total") picks one point at a time."""
    if op == OP_TO_BOTTOM and not deck_open(state):
        return DONE
    spec = _reach_and_filter(ruleset, row)
    if op == OP_STUN:
        spec = spec & ~255  # the Threshold only
    split = op == OP_WEAKEN and T.step(ruleset, row, T.S_TARGET) == SPLIT
    optional = T.step(ruleset, row, T.S_MAY)
    while True:
        if state[fb + L.F_AUX] == STEP_FINISHED:
            return DONE
        if split:
            if state[fb + L.F_AUX] == 0:
                state[fb + L.F_LEFT] = step_amount(state, ruleset, fb, row)
                state[fb + L.F_AUX] = 1
            if state[fb + L.F_LEFT] <= 0:
                return DONE
        n, last = target_count(state, ruleset, op, spec)
        if n == 0:
            return DONE
        if n > 1 or optional:
            return pose_choice(state, np.int64(L.CHOICE_TARGET), decider_of(state, ruleset, fb), op, spec)
        apply_target(state, ruleset, fb, row, op, last, events)
        if state[L.G_DONE] or (state[L.G_QUEUE] > 0 and ready_trigger(state) >= 0):
            return DONE if not split or state[fb + L.F_AUX] == STEP_FINISHED else PAUSED_FOR_TRIGGER


@njit(cache=True, _nrt=False)
def apply_target(state, ruleset, fb, row, op, loc, events):
    """The chosen card: Weaken it (one point of a split), move it back, put it under the Exploration
    Deck, Stun it, or attach the Sigil being played to it."""
    owner = state[fb + L.F_OWNER]
    if op == OP_WEAKEN:
        if T.step(ruleset, row, T.S_TARGET) == SPLIT:
            threats.weaken(state, ruleset, loc, np.int64(1), owner, events)
            state[fb + L.F_LEFT] -= 1
            state[fb + L.F_AUX] = 1 if state[fb + L.F_LEFT] > 0 else STEP_FINISHED
            return
        threats.weaken(state, ruleset, loc, step_amount(state, ruleset, fb, row), owner, events)
    elif op == OP_MOVE_BACK:
        r = planes.record_of(loc)
        card = state[r + L.R_CARD]
        is_threat = T.card(ruleset, card, T.C_TYPE) == vocab.TYPE_MANIFESTATION
        if is_threat and not (T.step(ruleset, row, T.S_NON_APEX) and T.card(ruleset, card, T.C_APEX)):
            p = loc - L.LOC_POSITION
            target = p
            steps = step_amount(state, ruleset, fb, row)
            for q in range(p + 1, L.N_POSITIONS + 1):
                if steps == 0:
                    break
                if planes.focused(state, q):
                    target = q
                    steps -= 1
            planes.move_card(state, ruleset, p, target, events)
    elif op == OP_TO_BOTTOM:
        card = threats.remove_at(state, ruleset, loc, events)
        planes.deck_bottom(state, card)
        log_event(state, events, L.EV_CROSS, owner, card, -2, 0)
    elif op == OP_STUN:
        state[planes.record_of(loc) + L.R_FLAGS] |= L.FLAG_STUNNED
    elif op == OP_ATTACH:
        sigil = state[fb + L.F_SOURCE]
        if cards.pile_remove(state, seat_base(owner), np.int64(L.P_PLAYED_N), sigil):
            r = planes.record_of(loc)
            state[r + L.R_MARK] = owner + 1
            state[r + L.R_MARK_CARD] = sigil
            state[L.G_PLANES_VERSION] += 1
    state[fb + L.F_AUX] = STEP_FINISHED


@njit(cache=True, _nrt=False)
def weaken_each(state, ruleset, owner, amount, reach, non_apex, source_uid, events):
    """Weaken every revealed card within reach once (or, with source_uid, every card adjacent to that
    one not yet Weakened in this chain). The targets are fixed first: a card moving into reach because
    another was Banished is not Weakened."""
    uids = 0  # the targets' instance numbers, in the scratch area
    base = L.SCRATCH
    source = planes.find_uid(state, source_uid) if source_uid > 0 else -1
    if source_uid > 0 and source < 0:
        return
    for i in range(state[L.G_THRESHOLD]):
        ok = planes.valid_target(state, ruleset, i, np.int64(OP_WEAKEN), non_apex)
        if source >= 0:
            ok = ok and planes.adjacent_to(source, i) and not state[planes.threshold(i) + L.R_FLAGS] & L.FLAG_WEAKENED
        if ok:
            state[base + uids] = state[planes.threshold(i) + L.R_UID]
            uids += 1
    for p in range(1, L.N_POSITIONS + 1):
        loc = L.LOC_POSITION + p
        ok = planes.valid_target(state, ruleset, loc, np.int64(OP_WEAKEN), non_apex)
        if source >= 0:
            ok = ok and planes.adjacent_to(source, loc) and not state[planes.position(p) + L.R_FLAGS] & L.FLAG_WEAKENED
        else:
            ok = ok and planes.in_reach(loc, reach)
        if ok:
            state[base + uids] = state[planes.position(p) + L.R_UID]
            uids += 1
    for k in range(uids):
        loc = planes.find_uid(state, state[base + k])
        if loc >= 0:
            threats.weaken(state, ruleset, loc, amount, owner, events)
    for k in range(uids):
        state[base + k] = 0


# ---- the interpreter ---------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def scout_options(state, ruleset, reach):
    """Scout: Reveal a face-down card Beyond the Veil, or Peek at one (or at the Exploration Deck, while
    its box is focused). Returns how many options there are."""
    n = 0
    for p in range(1, L.N_POSITIONS + 1):
        r = planes.position(p)
        if p <= reach and state[r + L.R_CARD] >= 0 and not state[r + L.R_REVEALED]:
            n += 1 + (state[r + L.R_PEEKED] == 0)
    if deck_open(state) and state[L.G_EXPLORATION] > 0:
        n += 1
    return n


@njit(cache=True, _nrt=False)
def die_options(state, ruleset):
    """Ways to change the die just rolled: a Charm that re-rolls (once per die), a ready Talisman that raises
    or lowers it by 1. None while dice are locked."""
    if not scenario_events.feature_unlocked(state, vocab.FEATURE_DICE):
        return 0
    n = 0
    for seat in range(2):
        base = seat_base(seat)
        if not state[L.G_DIE_REROLLED]:
            for k in range(state[base + L.P_CHARMS_N]):
                if _has_op(ruleset, state[base + L.P_CHARM + k], np.int64(vocab.SLOT_ACTIVATE), OP_REROLL):
                    n += 1
        for s in range(2):
            c = state[base + L.P_TALISMAN + s]
            if c >= 0 and state[base + L.P_COOLDOWN + s] == 0 and _has_op(ruleset, c, np.int64(vocab.SLOT_USE), OP_ADJUST_DIE):
                n += 2
    return n


@njit(cache=True, _nrt=False)
def _has_op(ruleset, card, slot, op):
    """Does the card's effect in this slot have a step of this op (a Charm that re-rolls, a Talisman that
    adjusts a die)?"""
    for row in range(T.effect_start(ruleset, card, slot), T.effect_end(ruleset, card, slot)):
        if T.step(ruleset, row, T.S_OP) == op:
            return True
    return False


@njit(cache=True, _nrt=False, forceinline=True)
def exec_step(state, ruleset, keys, counters, events, counts, count_cards, fb, row):
    """Run (or resume) one step; PAUSED when it posed a choice."""
    op = T.step(ruleset, row, T.S_OP)
    owner = state[fb + L.F_OWNER]
    decider = decider_of(state, ruleset, fb)
    if state[fb + L.F_AUX] == STEP_FINISHED:
        return DONE
    if (op == OP_GAIN_ENERGY or op == OP_GAIN_STABILITY or op == OP_LOSE_STABILITY or op == OP_DRAW or op == OP_DISCARD
            or op == OP_TAKE_CARD or op == OP_BANISH_CHARM):
        return character_step(state, ruleset, keys, counters, events, counts, count_cards, fb, row, op)
    if op == OP_WEAKEN:
        target = T.step(ruleset, row, T.S_TARGET)
        if target == ALL:
            weaken_each(state, ruleset, owner, step_amount(state, ruleset, fb, row), T.step(ruleset, row, T.S_RANGE),
                        T.step(ruleset, row, T.S_NON_APEX), np.int64(0), events)
            return DONE
        return card_step(state, ruleset, fb, row, op, events)
    if op == OP_MOVE_BACK or op == OP_TO_BOTTOM or op == OP_STUN or op == OP_ATTACH:
        return card_step(state, ruleset, fb, row, op, events)
    if op == OP_SCOUT:
        if state[fb + L.F_SUB] < step_amount(state, ruleset, fb, row) and scout_options(
                state, ruleset, T.step(ruleset, row, T.S_RANGE)) > 0:
            return pose_choice(state, np.int64(L.CHOICE_SCOUT), decider, T.step(ruleset, row, T.S_RANGE), np.int64(0))
        return DONE
    if op == OP_DECK_PEEK:
        if deck_open(state) and state[fb + L.F_SUB] < step_amount(state, ruleset, fb, row) and state[L.G_EXPLORATION] > 0:
            return pose_choice(state, np.int64(L.CHOICE_YES_NO), decider, planes.deck_top(state), np.int64(OP_DECK_PEEK))
        return DONE
    if op == OP_OWN_TOP_TO_BOTTOM:
        if state[fb + L.F_SUB] == 0 and owner >= 0 and state[seat_base(owner) + L.P_DECK_N] > 0:
            base = seat_base(owner)
            return pose_choice(state, np.int64(L.CHOICE_YES_NO), owner, state[base + L.P_DECK + state[base + L.P_DECK_N] - 1],
                               np.int64(OP_OWN_TOP_TO_BOTTOM))
        return DONE
    if op == OP_DISCARD_TO_TOP:
        if state[fb + L.F_SUB] == 0 and owner >= 0 and state[seat_base(owner) + L.P_DISCARD_N] > 0:
            return pose_choice(state, np.int64(L.CHOICE_DISCARD_CARD), owner, owner, np.int64(0))
        return DONE
    if op == OP_PLACE_TOKEN:
        if state[fb + L.F_SUB] < step_amount(state, ruleset, fb, row) and state[L.G_RESERVE] > 0:
            mask = focus.return_boxes(state) & ~1
            if mask:
                return pose_choice(state, np.int64(L.CHOICE_BOX), decider, mask, np.int64(0))
        return DONE
    if op == OP_RETURN_TOKEN:
        mask = focus.return_boxes(state)
        if mask == 1:
            focus.return_token(state, ruleset, np.int64(0), decider, events)
            return DONE
        return pose_choice(state, np.int64(L.CHOICE_BOX), decider, mask, np.int64(1))
    if op == OP_FOCUS_SOURCE:
        mask = focus.token_sources(state)
        if mask & (mask - 1) == 0:
            box = 0
            while (1 << box) != mask:
                box += 1
            focus.take_token(state, box, owner, events)
            focus.place_on_chakra(state, ruleset, owner, state[fb + L.F_PARAM], events)
            return DONE
        return pose_choice(state, np.int64(L.CHOICE_SOURCE), owner, mask, state[fb + L.F_PARAM])
    if op == OP_TAKE_INTRUSIVE:
        return pose_choice(state, np.int64(L.CHOICE_CHARACTER), ruleset[T.RULE_TEAM_DECIDER], np.int64(3), np.int64(OP_TAKE_INTRUSIVE))
    if op == OP_REPLACE_OFFERED:
        slot = T.step(ruleset, row, T.S_AMOUNT)
        start, count = (L.CHARM_DECK, L.G_CHARM_DECK) if offering.slot_is_charm(ruleset, slot) else (
            L.TALISMAN_DECK, L.G_TALISMAN_DECK)
        if state[L.OFFER + slot] >= 0 and state[count] > 0:
            return pose_choice(state, np.int64(L.CHOICE_YES_NO), decider, slot, np.int64(OP_REPLACE_OFFERED))
        return DONE
    if op == OP_TRADE:
        return pose_choice(state, np.int64(L.CHOICE_HAND_CARD), owner, owner, np.int64(OP_TRADE))
    if op == OP_CHOOSE_STATUS:  # a choice that affects later scenarios: the players together, or one character
        by = T.step(ruleset, row, T.S_BY)
        chooser = ruleset[T.RULE_TEAM_DECIDER] if by == 0 else by - 1
        return pose_choice(state, np.int64(L.CHOICE_YES_NO), chooser, T.step(ruleset, row, T.S_PARAM),
                           np.int64(OP_CHOOSE_STATUS))
    if op == OP_ROLL:
        if state[fb + L.F_SUB] == 0:
            state[fb + L.F_DIE] = dice.roll(state, keys, counters, events)
            state[fb + L.F_SUB] = 1
        if die_options(state, ruleset) > 0:
            return pose_choice(state, np.int64(L.CHOICE_DIE), decider, state[fb + L.F_DIE], np.int64(0))
        return DONE
    simple_step(state, ruleset, keys, counters, events, fb, row, op)
    return DONE


@njit(cache=True, _nrt=False)
def simple_step(state, ruleset, keys, counters, events, fb, row, op):
    """Steps that need no decision."""
    owner = state[fb + L.F_OWNER]
    amount = step_amount(state, ruleset, fb, row)
    param = T.step(ruleset, row, T.S_PARAM)
    uid = state[fb + L.F_UID]
    if op == OP_TO_THRESHOLD:
        loc = planes.find_uid(state, uid)
        if loc >= L.LOC_POSITION:
            threats.move_to_threshold(state, ruleset, loc, events)
    elif op == OP_EXPLORE_CARD:
        scenario_events.explore_card(state, param, amount, keys, counters)
    elif op == OP_PLACE_THREAT:
        for _ in range(amount):
            if cards.take_from_archive(state, param):
                log_event(state, events, L.EV_ENTER, -1, param, 1, 0)
                threats.enter_threshold(state, ruleset, param, T.card(ruleset, param, T.C_STRENGTH),
                                        threats.new_uid(state), events)
    elif op == OP_BANISH_SELF:
        loc = planes.find_uid(state, uid)
        if loc >= 0:
            threats.banish(state, ruleset, loc, owner, events)
        elif owner >= 0 and cards.pile_remove(state, seat_base(owner), np.int64(L.P_PLAYED_N), state[fb + L.F_SOURCE]):
            cards.to_archive(state, state[fb + L.F_SOURCE])
            log_event(state, events, L.EV_BANISH, owner, state[fb + L.F_SOURCE], 0, 0)
    elif op == OP_UNLOCK:
        scenario_events.unlock(state, ruleset, param)
    elif op == OP_ADD_FOCUS:
        state[L.G_RESERVE] += amount
        state[L.G_FOCUS_TOKENS] += amount
    elif op == OP_WIN:
        finish(state, np.int64(TEAM_WON), np.int64(END_WON), events)
    elif op == OP_LOSE:
        finish(state, np.int64(GAME_WON), np.int64(END_SCENARIO), events)
    elif op == OP_SET_STAGE:
        state[L.G_STAGE] = amount
        log_event(state, events, L.EV_TRACK, -1, state[L.G_TRACK], amount, 0)
    elif op == OP_ADVANCE_TRACK:
        state[L.G_TRACK] += amount
        log_event(state, events, L.EV_TRACK, -1, state[L.G_TRACK], state[L.G_STAGE], 0)
        check_scenario_goals(state, ruleset, events)
    elif op == OP_TRANSFORM:
        loc = planes.find_uid(state, uid)
        if loc >= 0 and cards.take_from_archive(state, param):
            r = planes.record_of(loc)
            cards.to_archive(state, state[r + L.R_CARD])
            log_event(state, events, L.EV_ENTER, -1, param, 2, state[r + L.R_CARD])
            state[r + L.R_CARD] = param
            state[r + L.R_STRENGTH] = T.card(ruleset, param, T.C_STRENGTH)
            state[L.G_PLANES_VERSION] += 1
    elif op == OP_READ_EVENT:
        scenario_events.read_event(state, ruleset, param, uid, events)
    elif op == OP_REVEAL_ALL:
        for p in range(1, L.N_POSITIONS + 1):
            planes.reveal(state, ruleset, planes.position(p), events)
    elif op == OP_WEAKEN_ADJACENT:
        weaken_each(state, ruleset, owner, amount, np.int64(0), np.int64(0), uid, events)
    elif op == OP_MARK_STATUS:
        mark_status(state, param, events)


@njit(cache=True, _nrt=False)
def mark_status(state, status, events):
    """Mark a Status in the Journal (kept by the campaign only if the scenario is won)."""
    state[L.G_STATUSES] |= 1 << status
    log_event(state, events, L.EV_STATUS, -1, status, 0, 0)


@njit(cache=True, forceinline=True)
def _step_applies(state, ruleset, fb, row):
    """A step reading a die result runs only on those results; a step of a later stage only from then."""
    low = T.step(ruleset, row, T.S_DIE_LO)
    if low > 0:
        die = state[fb + L.F_DIE]
        if die < low or die > T.step(ruleset, row, T.S_DIE_HI):
            return False
    status = T.step(ruleset, row, T.S_STATUS)  # "if" / "unless" a Journal Status
    if status != 0 and ((state[L.G_STATUSES] >> (abs(status) - 1)) & 1) != (status > 0):
        return False
    return state[L.G_STAGE] >= T.step(ruleset, row, T.S_MIN_STAGE)


@njit(cache=True, forceinline=True)
def _next_step(state, fb):
    state[fb + L.F_PC] += 1
    state[fb + L.F_SUB] = 0
    state[fb + L.F_LEFT] = 0
    state[fb + L.F_AUX] = 0
    state[fb + L.F_TARGET] = -1


@njit(cache=True, _nrt=False)
def run(state, ruleset, keys, counters, events, counts, count_cards):
    """Run the top frame until it poses a choice, triggers something that must resolve first, or ends."""
    fb = top_frame(state)
    depth = state[L.G_FRAMES]
    while not state[L.G_DONE]:
        if (state[L.G_QUEUE] > 0 and ready_trigger(state) >= 0) or state[L.G_FRAMES] != depth:
            return  # what a step triggered, or a frame it pushed (an Event it reads), resolves first
        pc = state[fb + L.F_PC]
        if pc >= state[fb + L.F_END]:
            state[L.G_FRAMES] -= 1
            return
        if not _step_applies(state, ruleset, fb, pc):
            _next_step(state, fb)
            continue
        if exec_step(state, ruleset, keys, counters, events, counts, count_cards, fb, pc) != DONE:
            return
        _next_step(state, fb)


@njit(cache=True, _nrt=False)
def drain_one(state, ruleset, keys, counters, events):
    """Turn the oldest ready trigger into what it does (usually a frame of the card's effect)."""
    kind, card, owner, uid = take_trigger(state, ready_trigger(state))
    if kind == L.T_REVEALED:
        card_type = T.card(ruleset, card, T.C_TYPE)
        if planes.find_uid(state, uid) < 0:
            return
        if card_type == vocab.TYPE_EVENT:
            scenario_events.read_next_event(state, ruleset, uid, keys, counters, events)
        elif card_type == vocab.TYPE_INTRUSIVE:
            start = T.system_steps(ruleset, T.H_SYS_INTRUSIVE)
            push_frame(state, start, start + 1, np.int64(-1), card, uid, np.int64(0), np.int64(0))
        elif card_type == vocab.TYPE_ANGEL:
            offering.open_offering(state, ruleset, events)
        else:
            push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_WHEN_REVEALED),
                       T.effect_end(ruleset, card, vocab.SLOT_WHEN_REVEALED), np.int64(-1), card, uid, np.int64(0), np.int64(0))
    elif kind == L.T_REWARD:
        push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_REWARD), T.effect_end(ruleset, card, vocab.SLOT_REWARD),
                   owner, card, np.int64(0), np.int64(0), np.int64(0))
    elif kind == L.T_WEAKENED:
        push_frame(state, T.effect_start(ruleset, card, vocab.SLOT_WHEN_WEAKENED),
                   T.effect_end(ruleset, card, vocab.SLOT_WHEN_WEAKENED), owner, card, uid, np.int64(0), np.int64(0))
    elif kind == L.T_DEFEATED:
        threats.defeat(state, ruleset, card, uid)
    elif kind == L.T_EFFECT:
        push_frame(state, T.effect_start(ruleset, card, uid), T.effect_end(ruleset, card, uid), owner, card, np.int64(0), np.int64(0), np.int64(0))


# ---- choices -----------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _distinct_cards(state, start, count, kind, legal, n):
    for i in range(count):
        if cards.first_copy(state, start, i):
            n = _push(legal, n, _encode(kind, state[start + i], np.int64(0)))
    return n


@njit(cache=True, _nrt=False)
def choice_options(state, ruleset, legal):
    """The legal answers to the choice posed now."""
    choice = state[L.G_CHOICE]
    a, b = state[L.G_CHOICE_A], state[L.G_CHOICE_B]
    fb = top_frame(state)
    n = 0
    if choice == L.CHOICE_TARGET:
        reach, non_apex = b & 255, b >> 8
        for i in range(state[L.G_THRESHOLD]):
            if planes.valid_target(state, ruleset, i, a, non_apex):
                n = _push(legal, n, _encode(L.A_TARGET, i, 0))
        for p in range(1, L.N_POSITIONS + 1):
            loc = L.LOC_POSITION + p
            if planes.in_reach(loc, reach) and planes.valid_target(state, ruleset, loc, a, non_apex):
                n = _push(legal, n, _encode(L.A_TARGET, loc, 0))
        if T.step(ruleset, state[fb + L.F_PC], T.S_MAY):
            n = _push(legal, n, _encode(L.A_SKIP, 0, 0))
    elif choice == L.CHOICE_CHARACTER:
        mask = a
        for seat in range(2):
            if mask & (1 << seat):
                n = _push(legal, n, _encode(L.A_CHARACTER, seat, 0))
    elif choice == L.CHOICE_NEGATE:
        base = seat_base(a)
        n = _distinct_cards(state, base + L.P_HAND, state[base + L.P_HAND_N], L.A_NEGATE, legal, n)
        n = _push(legal, n, _encode(L.A_ACCEPT, 0, 0))
    elif choice == L.CHOICE_BOX or choice == L.CHOICE_SOURCE:
        for box in range(L.N_BOXES):
            if a & (1 << box):
                n = _push(legal, n, _encode(L.A_BOX, box, 0))
    elif choice == L.CHOICE_SUPPORT:
        base = seat_base(state[L.G_DECIDER])
        n = _distinct_cards(state, base + L.P_HAND, state[base + L.P_HAND_N], L.A_SUPPORT_CARD, legal, n)
        n = _push(legal, n, _encode(L.A_NO, 0, 0))
    elif choice == L.CHOICE_YES_NO:
        n = _push(legal, n, _encode(L.A_YES, 0, 0))
        n = _push(legal, n, _encode(L.A_NO, 0, 0))
    elif choice == L.CHOICE_HAND_CARD:
        base = seat_base(a)
        n = _distinct_cards(state, base + L.P_HAND, state[base + L.P_HAND_N], L.A_CARD, legal, n)
    elif choice == L.CHOICE_DISCARD_CARD:
        base = seat_base(a)
        n = _distinct_cards(state, base + L.P_DISCARD, state[base + L.P_DISCARD_N], L.A_CARD, legal, n)
    elif choice == L.CHOICE_SCOUT:
        for p in range(1, L.N_POSITIONS + 1):
            r = planes.position(p)
            if p <= a and state[r + L.R_CARD] >= 0 and not state[r + L.R_REVEALED]:
                n = _push(legal, n, _encode(L.A_REVEAL, p, 0))
                if not state[r + L.R_PEEKED]:
                    n = _push(legal, n, _encode(L.A_PEEK, p, 0))
        if deck_open(state) and state[L.G_EXPLORATION] > 0:
            n = _push(legal, n, _encode(L.A_PEEK, L.BOX_DECK, 0))
    elif choice == L.CHOICE_DIE:
        n = _push(legal, n, _encode(L.A_KEEP_DIE, 0, 0))
        for seat in range(2):
            base = seat_base(seat)
            if not state[L.G_DIE_REROLLED]:
                for k in range(state[base + L.P_CHARMS_N]):
                    if _has_op(ruleset, state[base + L.P_CHARM + k], np.int64(vocab.SLOT_ACTIVATE), OP_REROLL):
                        n = _push(legal, n, _encode(L.A_REROLL, seat, k))
            for s in range(2):
                c = state[base + L.P_TALISMAN + s]
                if c >= 0 and state[base + L.P_COOLDOWN + s] == 0 and _has_op(ruleset, c, np.int64(vocab.SLOT_USE), OP_ADJUST_DIE):
                    if state[L.G_DIE] < 6:
                        n = _push(legal, n, _encode(L.A_RAISE, seat, s))
                    if state[L.G_DIE] > 1:
                        n = _push(legal, n, _encode(L.A_LOWER, seat, s))
    return n


@njit(cache=True, _nrt=False)
def apply_choice(state, ruleset, action, keys, counters, events, counts, count_cards):
    """Apply the decider's answer; the step that posed the choice then resumes."""
    kind, a, b = action >> 16, (action >> 8) & 255, action & 255
    choice = state[L.G_CHOICE]
    posed_b = state[L.G_CHOICE_B]
    state[L.G_MODE] = L.MODE_MAIN
    state[L.G_CHOICE] = 0
    fb = top_frame(state)
    row = state[fb + L.F_PC]
    owner = state[fb + L.F_OWNER]
    if choice == L.CHOICE_SUPPORT:
        if kind == L.A_SUPPORT_CARD:
            support.support_card(state, state[L.G_DECIDER], a, events)
            state[fb + L.F_SUPPORTED] = 1
        return
    op = T.step(ruleset, row, T.S_OP)
    if choice == L.CHOICE_TARGET:
        if kind == L.A_SKIP:
            state[fb + L.F_AUX] = STEP_FINISHED
        else:
            apply_target(state, ruleset, fb, row, op, a, events)
    elif choice == L.CHOICE_CHARACTER:
        if posed_b == OP_TAKE_INTRUSIVE:
            loc = planes.find_uid(state, state[fb + L.F_UID])
            if state[L.G_SHIFTING] and loc == L.LOC_POSITION + 1:
                state[L.G_SURGE_BROKEN] = 2
            threats.take_intrusive(state, ruleset, state[fb + L.F_UID], a, events)
            state[fb + L.F_AUX] = STEP_FINISHED
        else:
            state[fb + L.F_TARGET] = a
            state[fb + L.F_SUB] = 1
    elif choice == L.CHOICE_NEGATE:
        if kind == L.A_NEGATE:
            stability.negate(state, state[L.G_DECIDER], a, events)
            state[fb + L.F_LEFT] -= 1
        else:
            state[fb + L.F_AUX] = 2
    elif choice == L.CHOICE_BOX:
        if op == OP_RETURN_TOKEN:
            focus.return_token(state, ruleset, a, state[L.G_DECIDER], events)
            state[fb + L.F_AUX] = STEP_FINISHED
        else:  # place_token (Crown): a token from the reserve onto the board
            state[L.G_RESERVE] -= 1
            state[L.G_TOKENS_HELD] += 1
            focus.return_token(state, ruleset, a, state[L.G_DECIDER], events)
            state[fb + L.F_SUB] += 1
    elif choice == L.CHOICE_SOURCE:
        focus.take_token(state, a, owner, events)
        focus.place_on_chakra(state, ruleset, owner, state[fb + L.F_PARAM], events)
        state[fb + L.F_AUX] = STEP_FINISHED
    elif choice == L.CHOICE_YES_NO:
        if op == OP_DECK_PEEK:
            if kind == L.A_YES:
                planes.deck_bottom(state, planes.deck_draw(state))
            state[fb + L.F_SUB] += 1
        elif op == OP_OWN_TOP_TO_BOTTOM:
            if kind == L.A_YES:
                focus.own_top_to_bottom(state, owner)
            state[fb + L.F_SUB] = 1
        elif op == OP_REPLACE_OFFERED:
            if kind == L.A_YES:
                offering.replace_slot(state, ruleset, T.step(ruleset, row, T.S_AMOUNT))
            state[fb + L.F_AUX] = STEP_FINISHED
        elif op == OP_CHOOSE_STATUS:
            if kind == L.A_YES:
                mark_status(state, T.step(ruleset, row, T.S_PARAM), events)
            state[fb + L.F_AUX] = STEP_FINISHED
    elif choice == L.CHOICE_HAND_CARD:
        if op == OP_TRADE:
            offering.trade(state, ruleset, owner, state[fb + L.F_PARAM], a, events, counts, count_cards)
            state[fb + L.F_AUX] = STEP_FINISHED
        else:  # a penalty discard
            cards.discard_from_hand(state, state[L.G_DECIDER], a, events)
            state[fb + L.F_LEFT] -= 1
    elif choice == L.CHOICE_DISCARD_CARD:
        focus.discard_to_top(state, owner, a)
        state[fb + L.F_SUB] = 1
    elif choice == L.CHOICE_SCOUT:
        apply_scout(state, ruleset, kind, a, state[L.G_DECIDER], events)
        state[fb + L.F_SUB] += 1
    elif choice == L.CHOICE_DIE:
        if kind == L.A_KEEP_DIE:
            state[fb + L.F_AUX] = STEP_FINISHED
        elif kind == L.A_REROLL:
            depth = state[L.G_FRAMES]
            items.activate_charm(state, ruleset, a, b, events)
            state[L.G_FRAMES] = depth  # the Charm's own effect is the re-roll itself, done here
            state[fb + L.F_DIE] = dice.reroll(state, keys, counters, events)
        else:
            state[seat_base(a) + L.P_COOLDOWN + b] = 1
            state[fb + L.F_DIE] = dice.adjust(state, 1 if kind == L.A_RAISE else -1, events)


@njit(cache=True, _nrt=False)
def apply_scout(state, ruleset, kind, p, seat, events):
    """Reveal (its When revealed effects resolve at once) or Peek (seen by both players; it stays
    face-down). A Peek at the Exploration Deck looks at its top card."""
    if kind == L.A_REVEAL:
        planes.reveal(state, ruleset, planes.position(p), events)
    elif p == L.BOX_DECK:
        log_event(state, events, L.EV_PEEK, seat, planes.deck_top(state), 0, 0)
    else:
        state[planes.position(p) + L.R_PEEKED] = 1
        log_event(state, events, L.EV_PEEK, seat, state[planes.position(p) + L.R_CARD], p, 0)
