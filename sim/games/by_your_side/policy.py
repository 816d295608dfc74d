"""By Your Side's bots, one per player (its deck slot's kind and weights; decks/by_your_side/policies/*.yaml).

- random: a uniformly random legal action.
- greedy: scores every legal action with hand-written cooperative features (the team's Stability, the
  Threats on the Threshold and in reach, what the Energy can buy) weighted by its weights, and takes the
  best. It reads only what is open: both hands and everything face-up (the players "may show your cards to
  the other player at any time"), Peeked cards, and a card it is looking at now; never a face-down card,
  a deck's order or the Exploration Deck.
- ismcts: information-set MCTS on sim/core/ismcts.py (ismcts_choice) over the greedy plan of its own greedy
  weights: the prior, the rollouts and every decision it does not search. Each iteration re-deals what no
  player can see (determinize: the face-down cards Beyond the Veil nobody Peeked together with the
  Exploration Deck, the draw decks' and the Offering decks' orders) from the seat's own bot stream. Compiled
  only into the "search" kernel set (act: `search` is None otherwise).
Every decision with a choice draws one value from the seat's bot stream, whatever the bot (ties are broken
with it), so a bot's later choices do not depend on which branch it took earlier (the ISMCTS bot draws its
world keys after it at a searched decision); a lone legal action is taken without a draw.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import ismcts, rng
from sim.games.by_your_side import engine, vocab
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side.rules import planes
from sim.games.by_your_side.rules.cards import seat_base
from sim.games.by_your_side.rules.queue import top_frame

(W_PASS, W_ENERGY, W_ENERGY_COST, W_WEAKEN_POINT, W_BANISH, W_THRESHOLD_THREAT, W_STABILITY_POINT, W_DANGER,
 W_RETRIEVE, W_CARD_KEPT, W_SCOUT, W_CHAKRA, W_FULL_FOCUS, W_SUPPORT, W_NEGATE_AT, W_BOARD_BOX) = range(
    len(vocab.GREEDY_WEIGHTS))
assert len(vocab.GREEDY_WEIGHTS) == 16

OP_ATTACH = vocab.OP["attach"]
OP_BANISH_CHARM = vocab.OP["banish_charm"]
OP_BANISH_SELF = vocab.OP["banish_self"]
OP_CHOOSE_STATUS = vocab.OP["choose_status"]
OP_DECK_PEEK = vocab.OP["deck_peek"]
OP_DISCARD = vocab.OP["discard"]
OP_DRAW = vocab.OP["draw"]
OP_GAIN_ENERGY = vocab.OP["gain_energy"]
OP_GAIN_STABILITY = vocab.OP["gain_stability"]
OP_LOSE_STABILITY = vocab.OP["lose_stability"]
OP_MOVE_BACK = vocab.OP["move_back"]
OP_OWN_TOP_TO_BOTTOM = vocab.OP["own_top_to_bottom"]
OP_PLACE_THREAT = vocab.OP["place_threat"]
OP_SCOUT = vocab.OP["scout"]
OP_STUN = vocab.OP["stun"]
OP_TAKE_CARD = vocab.OP["take_card"]
OP_TAKE_INTRUSIVE = vocab.OP["take_intrusive"]
OP_TO_BOTTOM = vocab.OP["to_bottom"]
OP_WEAKEN = vocab.OP["weaken"]
NEG = -1.0e18
# the main actions this bot never wants (main_score's last branch): unfocus, unequip, dropping a Sigil
NEVER_WANTED = (1 << L.A_UNFOCUS) | (1 << L.A_UNEQUIP) | (1 << L.A_DROP_SIGIL)


@njit(cache=True, _nrt=False)
def choose(state, ruleset, policy_id, weights, keys, counters, legal, n, scores):
    """The deciding seat's action under its bot (the policy id and weights row of its deck slot);
    ``scores`` is a float work array (one entry per legal action)."""
    if n == 1:  # a forced decision: no draw (the batch kernel takes it without asking the bot)
        return legal[0]
    seat = state[L.G_DECIDER]
    draw = rng.next_u64(keys, counters, L.STREAM_BOT + seat)
    if policy_id == vocab.POLICY_RANDOM:
        return legal[(draw >> 11) % n]
    return greedy_choice(state, ruleset, weights, legal, n, draw, scores)


# What a card's value reads (card_value), in three parts, each with its own version: the deciding bot's
# weights; both seats' Stability and maximum; the Planes (the Exploration Deck's focus, the Threshold's size,
# and per record of positions 1-5 and the Threshold the fields valid_target and target_value read: card,
# Strength, revealed, Sigil; the engine bumps G_PLANES_VERSION at every write to them, so the part is new
# when that number is). A cached value stays valid while the parts its card reads keep their versions (most
# cards read the weights alone, so a Weaken that changes the Planes leaves them valid).
PART_WEIGHTS, PART_STABILITY, PART_PLANES = 1, 2, 4
N_PARTS = 3
VALUES = L.MAX_LEGAL  # scores[VALUES + seat * MAX_CARDS + card]: a card's value, cached
STAMPS = VALUES + 2 * L.MAX_CARDS  # scores[STAMPS + k * 2 * MAX_CARDS + seat * MAX_CARDS + card]: part k's version it was computed for
DAMAGE = STAMPS + N_PARTS * 2 * L.MAX_CARDS  # scores[DAMAGE + card]: a Threat's damage (NaN: not yet; fixed per batch)
READS = DAMAGE + L.MAX_CARDS  # scores[READS + card]: the parts a card's value reads (NaN: not yet; fixed per batch)
VERSIONS = READS + L.MAX_CARDS  # scores[VERSIONS + k]: part k's version (NaN: none yet)
CHECKED = VERSIONS + N_PARTS  # scores[CHECKED]: the parts compared with their last snapshot at this decision
# scores[BOARD...]: each part as of its last version
BOARD = CHECKED + 1
STABILITY_AT = BOARD + len(vocab.GREEDY_WEIGHTS)
PLANES_AT = STABILITY_AT + 4
# scores[HAND_VALUES + card]: the deciding seat's card value at this decision (a main decision looks a card up
# for its play, its conversion and its Support: one card_value call), valid where scores[HAND_STAMPS + card]
# is the decision's number scores[DECISION]
HAND_VALUES = PLANES_AT + 1
HAND_STAMPS = HAND_VALUES + L.MAX_CARDS
DECISION = HAND_STAMPS + L.MAX_CARDS
SCORES_SIZE = DECISION + 1


@njit(cache=True, _nrt=False)
def greedy_choice(state, ruleset, weights, legal, n, draw, scores):
    """The best-scored action; among equal scores, one picked with the decision's random draw. Card values
    are cached in ``scores`` (card_value), the Energy wants only when an action needs them."""
    main = state[L.G_MODE] != L.MODE_CHOICE
    scores[CHECKED] = 0.0  # no part compared yet: each is at the first card value that reads it, if any
    decision = 1.0 if np.isnan(scores[DECISION]) else scores[DECISION] + 1.0
    scores[DECISION] = decision
    seat = state[L.G_DECIDER]
    if main:  # every part compared now (the Planes: one version), so a fresh cached value is read below, no call
        check_parts(state, weights, scores, np.int64(PART_WEIGHTS | PART_STABILITY | PART_PLANES))
    want_self, want_other = -1.0, -1.0
    best, ties = NEG, 0
    for i in range(n):
        kind, a, b = legal[i] >> 16, (legal[i] >> 8) & 255, legal[i] & 255
        if main and (NEVER_WANTED >> kind) & 1:
            # main_score's last branch, taken first: over a quarter of the main actions scored (PERF.md, session 19)
            value = -weights[W_CARD_KEPT] * 10.0
        elif main:
            if kind == L.A_CONVERT and want_self < 0:
                want_self = wants_energy(state, ruleset, weights, state[L.G_DECIDER], scores)
            if kind == L.A_SUPPORT and want_other < 0:
                want_other = wants_energy(state, ruleset, weights, 1 - state[L.G_DECIDER], scores)
            held = 0.0  # the card's value, for a play, or a conversion or Support of a card that is not Intrusive
            if kind == L.A_PLAY or ((kind == L.A_CONVERT or kind == L.A_SUPPORT)
                                    and T.card(ruleset, a, T.C_TYPE) != vocab.TYPE_INTRUSIVE):
                if scores[HAND_STAMPS + a] == decision:
                    held = scores[HAND_VALUES + a]
                else:
                    # card_value's freshness test, written out here: through a shared forceinline helper
                    # greedy_choice took minutes to compile (PERF.md, session 19)
                    cached = seat * L.MAX_CARDS + a
                    known = scores[READS + a]
                    fresh = not np.isnan(known)
                    if fresh:
                        for k in range(N_PARTS):
                            if (np.int64(known) >> k) & 1 and scores[STAMPS + k * 2 * L.MAX_CARDS + cached] != scores[VERSIONS + k]:
                                fresh = False
                    if fresh:
                        held = scores[VALUES + cached]
                    else:
                        held = card_value(state, ruleset, weights, seat, a, np.int64(0), scores)
                    scores[HAND_VALUES + a] = held
                    scores[HAND_STAMPS + a] = decision
            value = main_score(state, ruleset, weights, legal[i], want_self, want_other, held, scores)
        else:
            value = choice_score(state, ruleset, weights, kind, a, b, scores)
        scores[i] = value
        if value > best + 1e-9:
            best, ties = value, 1
        elif value > best - 1e-9:
            ties += 1
    pick = (draw >> 11) % ties
    for i in range(n):
        if scores[i] > best - 1e-9:
            if pick == 0:
                return legal[i]
            pick -= 1
    return legal[0]


@njit(cache=True, forceinline=True)
def _same(scores, at, value):
    """Compare scores[at] with value and store value there; True if they were equal."""
    equal = scores[at] == value
    scores[at] = value
    return equal


@njit(cache=True, forceinline=True)
def _new_version(scores, part):
    at = VERSIONS + part
    scores[at] = 1.0 if np.isnan(scores[at]) else scores[at] + 1.0


@njit(cache=True, forceinline=True)
def check_parts(state, weights, scores, reads):
    """Compare each part in ``reads`` not compared yet at this decision with its last snapshot (a part that
    changed gets a new version) and record it as it is now."""
    checked = np.int64(scores[CHECKED])
    missing = reads & ~checked
    if missing == 0:
        return
    if missing & PART_WEIGHTS:
        same = True
        for i in range(len(vocab.GREEDY_WEIGHTS)):
            same &= _same(scores, BOARD + i, weights[i])
        if not same:
            _new_version(scores, np.int64(0))
    if missing & PART_STABILITY:
        same = True
        for seat in range(2):
            same &= _same(scores, STABILITY_AT + 2 * seat, state[seat_base(seat) + L.P_STABILITY])
            same &= _same(scores, STABILITY_AT + 2 * seat + 1, state[seat_base(seat) + L.P_MAX_STABILITY])
        if not same:
            _new_version(scores, np.int64(1))
    if missing & PART_PLANES:  # the engine's version of the Planes, bumped where it writes what is read
        if not _same(scores, PLANES_AT, state[L.G_PLANES_VERSION]):
            _new_version(scores, np.int64(2))
    scores[CHECKED] = checked | missing


@njit(cache=True, _nrt=False)
def value_reads(ruleset, card, scores):
    """The parts a card's value reads (the slots card_value counts): the weights always; the Stabilities for
    a Stability gain or a split Weaken; the Planes for another Weaken, a Stun or a move to the bottom of the
    Exploration Deck. Computed once per card and batch (card_value reads it from ``scores`` after that)."""
    kind = T.card(ruleset, card, T.C_TYPE)
    lasting = kind == vocab.TYPE_SIGIL or kind == vocab.TYPE_TALISMAN
    reads = PART_WEIGHTS
    for slot in (vocab.SLOT_PLAY, vocab.SLOT_START_OF_PHASE, vocab.SLOT_END_OF_PHASE, vocab.SLOT_USE, vocab.SLOT_ACTIVATE):
        if slot == vocab.SLOT_ACTIVATE:
            counted = kind == vocab.TYPE_CHARM
        else:
            counted = slot == vocab.SLOT_PLAY or lasting
        if not counted:
            continue
        for row in range(T.effect_start(ruleset, card, slot), T.effect_end(ruleset, card, slot)):
            op = T.step(ruleset, row, T.S_OP)
            if op == OP_GAIN_STABILITY:
                reads |= PART_STABILITY
            elif op == OP_WEAKEN:
                reads |= PART_STABILITY if T.step(ruleset, row, T.S_TARGET) == vocab.TARGET_SPLIT else PART_PLANES
            elif op == OP_TO_BOTTOM or op == OP_STUN:
                reads |= PART_PLANES
    scores[READS + card] = reads
    return reads


# ---- what the bot knows of cards -------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def threat_damage(ruleset, card, scores):
    """Stability a Threat costs the team each time it resolves on the Threshold (from its resolve steps);
    computed once per card and batch."""
    if not np.isnan(scores[DAMAGE + card]):
        return scores[DAMAGE + card]
    total = 0.0
    for row in range(T.effect_start(ruleset, card, vocab.SLOT_RESOLVE), T.effect_end(ruleset, card, vocab.SLOT_RESOLVE)):
        op = T.step(ruleset, row, T.S_OP)
        amount = T.step(ruleset, row, T.S_AMOUNT)
        if op == OP_LOSE_STABILITY:
            each = T.step(ruleset, row, T.S_TARGET) == vocab.TARGET_EACH
            total += amount * (2.0 if each else 1.0) + (1.0 if T.step(ruleset, row, T.S_X) else 0.0)
        elif op == OP_DISCARD or op == OP_TAKE_CARD:
            total += 0.7
        elif op == OP_PLACE_THREAT:
            total += 2.0 * amount
        elif op == OP_BANISH_CHARM:
            total += 0.5
    scores[DAMAGE + card] = total
    return total


@njit(cache=True, _nrt=False)
def team_min_stability(state):
    s0 = state[seat_base(0) + L.P_STABILITY] if not state[seat_base(0) + L.P_UNCONSCIOUS] else 0
    s1 = state[seat_base(1) + L.P_STABILITY] if not state[seat_base(1) + L.P_UNCONSCIOUS] else 0
    return min(s0, s1)


@njit(cache=True, forceinline=True)
def target_value(state, ruleset, weights, loc, amount, scores):
    """What Weakening the card at ``loc`` by ``amount`` is worth: the Strength removed, a Banish, more for
    a Threat that resolves every Astral Phase (on the Threshold) or is about to cross (position 1)."""
    r = planes.record_of(loc)
    card = state[r + L.R_CARD]
    if T.card(ruleset, card, T.C_TYPE) == vocab.TYPE_ENVIRONMENT:
        return weights[W_WEAKEN_POINT] * 0.5 + weights[W_THRESHOLD_THREAT] * 0.2
    if state[r + L.R_MARK] > 0:
        amount += T.card(ruleset, state[r + L.R_MARK_CARD], T.C_WEAKEN_BONUS)
    strength = state[r + L.R_STRENGTH]
    removed = min(amount, strength)
    urgency = 1.0 + threat_damage(ruleset, card, scores)
    if loc < L.LOC_POSITION:
        urgency += weights[W_THRESHOLD_THREAT]
    elif loc == L.LOC_POSITION + 1:
        urgency += 0.5 * weights[W_THRESHOLD_THREAT]
    value = removed * weights[W_WEAKEN_POINT] * urgency
    if removed >= strength and removed > 0:
        value += weights[W_BANISH] * urgency
    return value


@njit(cache=True, _nrt=False)
def best_target(state, ruleset, weights, op, reach, non_apex, amount, scores):
    best = 0.0
    for i in range(state[L.G_THRESHOLD]):
        if planes.valid_target(state, ruleset, i, op, non_apex):
            best = max(best, target_value(state, ruleset, weights, i, amount, scores))
    for p in range(1, L.N_POSITIONS + 1):
        loc = L.LOC_POSITION + p
        if planes.in_reach(loc, reach) and planes.valid_target(state, ruleset, loc, op, non_apex):
            best = max(best, target_value(state, ruleset, weights, loc, amount, scores))
    return best


@njit(cache=True, forceinline=True)
def stability_value(state, weights, seat, amount):
    """Stability is worth what is missing, and more for a character close to falling."""
    if seat < 0:
        return 0.0
    base = seat_base(seat)
    missing = state[base + L.P_MAX_STABILITY] - state[base + L.P_STABILITY]
    gained = min(amount, missing)
    value = gained * weights[W_STABILITY_POINT]
    if state[base + L.P_STABILITY] <= 3:
        value += gained * weights[W_DANGER]
    return value


@njit(cache=True, _nrt=False)
def steps_value(state, ruleset, weights, seat, start, end, supported, scores):
    """A list of steps' worth now, for ``seat`` playing it."""
    total = 0.0
    for row in range(start, end):
        op = T.step(ruleset, row, T.S_OP)
        amount = T.step(ruleset, row, T.S_AMOUNT) + (T.step(ruleset, row, T.S_SUPPORTED) if supported else 0)
        target = T.step(ruleset, row, T.S_TARGET)
        if op == OP_GAIN_ENERGY:
            total += amount * weights[W_ENERGY]
        elif op == OP_GAIN_STABILITY:
            if target == vocab.TARGET_EACH:
                total += stability_value(state, weights, np.int64(0), amount) + stability_value(state, weights, np.int64(1), amount)
            elif target == vocab.TARGET_SELF:
                total += stability_value(state, weights, seat, amount)
            else:
                total += max(stability_value(state, weights, np.int64(0), amount), stability_value(state, weights, np.int64(1), amount))
        elif op == OP_WEAKEN:
            reach, non_apex = T.step(ruleset, row, T.S_RANGE), T.step(ruleset, row, T.S_NON_APEX)
            if target == vocab.TARGET_ALL:
                for i in range(state[L.G_THRESHOLD]):
                    if planes.valid_target(state, ruleset, i, op, non_apex):
                        total += target_value(state, ruleset, weights, i, amount, scores)
                for p in range(1, L.N_POSITIONS + 1):
                    loc = L.LOC_POSITION + p
                    if planes.in_reach(loc, reach) and planes.valid_target(state, ruleset, loc, op, non_apex):
                        total += target_value(state, ruleset, weights, loc, amount, scores)
            elif target == vocab.TARGET_SPLIT:
                missing = state[seat_base(seat) + L.P_MAX_STABILITY] - state[seat_base(seat) + L.P_STABILITY]
                total += (amount + missing) * weights[W_WEAKEN_POINT] * 2.0
            else:
                total += best_target(state, ruleset, weights, op, reach, non_apex, amount, scores)
        elif op == OP_SCOUT or op == OP_DECK_PEEK or op == OP_MOVE_BACK:
            total += weights[W_SCOUT]
        elif op == OP_DRAW:
            total += amount * weights[W_CARD_KEPT]
        elif op == OP_TO_BOTTOM:
            if planes.focused(state, L.BOX_DECK):
                total += best_target(state, ruleset, weights, np.int64(OP_TO_BOTTOM), T.step(ruleset, row, T.S_RANGE), np.int64(1), np.int64(99), scores)
        elif op == OP_STUN:
            best = 0.0
            for i in range(state[L.G_THRESHOLD]):
                if planes.valid_target(state, ruleset, i, op, np.int64(1)):
                    best = max(best, threat_damage(ruleset, state[planes.threshold(i) + L.R_CARD], scores))
            total += best * weights[W_STABILITY_POINT]
        elif op == OP_BANISH_SELF:
            total += weights[W_CARD_KEPT] + weights[W_STABILITY_POINT]
        elif op == OP_ATTACH:
            total += weights[W_SCOUT]
    return total


@njit(cache=True, _nrt=False)
def card_value(state, ruleset, weights, seat, card, supported, scores):
    """A card's worth when played now (its play steps; a lasting card's effect counts a few times); cached
    when not supported, valid while the parts of the board it reads are unchanged (value_reads)."""
    cached = seat * L.MAX_CARDS + card
    if not supported:
        known = scores[READS + card]  # read here: a call per lookup costs more than the lookup
        reads = np.int64(known) if not np.isnan(known) else value_reads(ruleset, card, scores)
        check_parts(state, weights, scores, reads)
        fresh = True
        for k in range(N_PARTS):
            if (reads >> k) & 1 and scores[STAMPS + k * 2 * L.MAX_CARDS + cached] != scores[VERSIONS + k]:
                fresh = False
        if fresh:
            return scores[VALUES + cached]
    kind = T.card(ruleset, card, T.C_TYPE)
    value = steps_value(state, ruleset, weights, seat, T.effect_start(ruleset, card, vocab.SLOT_PLAY),
                        T.effect_end(ruleset, card, vocab.SLOT_PLAY), supported, scores)
    if kind == vocab.TYPE_SIGIL or kind == vocab.TYPE_TALISMAN:
        for slot in (vocab.SLOT_START_OF_PHASE, vocab.SLOT_END_OF_PHASE, vocab.SLOT_USE):
            value += 3.0 * steps_value(state, ruleset, weights, seat, T.effect_start(ruleset, card, slot),
                                       T.effect_end(ruleset, card, slot), np.int64(0), scores)
        value += 2.0 * T.card(ruleset, card, T.C_HAND_LIMIT) * weights[W_CARD_KEPT]
        value += 3.0 * T.card(ruleset, card, T.C_WEAKEN_BONUS) * weights[W_WEAKEN_POINT]
    elif kind == vocab.TYPE_CHARM:
        value += 0.8 * steps_value(state, ruleset, weights, seat, T.effect_start(ruleset, card, vocab.SLOT_ACTIVATE),
                                   T.effect_end(ruleset, card, vocab.SLOT_ACTIVATE), np.int64(0), scores)
    if not supported:
        scores[VALUES + cached] = value
        for k in range(N_PARTS):
            scores[STAMPS + k * 2 * L.MAX_CARDS + cached] = scores[VERSIONS + k]
    return value


@njit(cache=True, forceinline=True)
def keep_value(state, ruleset, weights, seat, card, scores):
    """What holding a card is worth (lost when it is converted or discarded); Intrusive thoughts are
    worth less than nothing."""
    if T.card(ruleset, card, T.C_TYPE) == vocab.TYPE_INTRUSIVE:
        return -weights[W_CARD_KEPT]
    return held_value(ruleset, weights, card, card_value(state, ruleset, weights, seat, card, np.int64(0), scores))


@njit(cache=True, forceinline=True)
def held_value(ruleset, weights, card, value):
    """keep_value of a card whose card_value is ``value`` (not read for an Intrusive thought)."""
    if T.card(ruleset, card, T.C_TYPE) == vocab.TYPE_INTRUSIVE:
        return -weights[W_CARD_KEPT]
    return weights[W_CARD_KEPT] + 0.3 * max(0.0, value)


@njit(cache=True, _nrt=False)
def wants_energy(state, ruleset, weights, seat, scores):
    """Is there something worth buying that the seat can't afford yet (a card in hand, a revealed card to
    Retrieve, a chakra)?"""
    base = seat_base(seat)
    energy = state[base + L.P_ENERGY]
    own = seat == state[L.G_DECIDER]  # the decider's values are shared with greedy_choice's HAND_VALUES
    decision = scores[DECISION]
    for i in range(state[base + L.P_HAND_N]):
        c = state[base + L.P_HAND + i]
        cost = T.card(ruleset, c, T.C_COST)
        if cost <= energy:
            continue
        if own and scores[HAND_STAMPS + c] == decision:
            value = scores[HAND_VALUES + c]
        else:
            # greedy_choice's freshness test, written out again (valid: every part was compared at the main
            # decision's start); a shared forceinline helper costs minutes of compile (PERF.md, session 19)
            cached = seat * L.MAX_CARDS + c
            known = scores[READS + c]
            fresh = not np.isnan(known)
            if fresh:
                for k in range(N_PARTS):
                    if (np.int64(known) >> k) & 1 and scores[STAMPS + k * 2 * L.MAX_CARDS + cached] != scores[VERSIONS + k]:
                        fresh = False
            if fresh:
                value = scores[VALUES + cached]
            else:
                value = card_value(state, ruleset, weights, seat, c, np.int64(0), scores)
            if own:
                scores[HAND_VALUES + c] = value
                scores[HAND_STAMPS + c] = decision
        if value > cost * weights[W_ENERGY_COST]:
            return 1.0
    for p in range(1, L.N_POSITIONS + 1):
        if planes.valid_target(state, ruleset, L.LOC_POSITION + p, np.int64(planes.OP_RETRIEVE), np.int64(0)):
            if T.card(ruleset, state[planes.position(p) + L.R_CARD], T.C_RETRIEVE) > energy:
                return 1.0
    if (state[L.G_UNLOCKED] >> vocab.FEATURE_CHAKRAS) & 1 and energy < ruleset[T.RULE_CHAKRA_COST] and \
            state[base + L.P_CHAKRA_FOCUSED] == 0 and weights[W_CHAKRA] > ruleset[T.RULE_CHAKRA_COST] * weights[W_ENERGY_COST]:
        return 0.7
    return 0.0


@njit(cache=True, _nrt=False)
def worst_card(state, ruleset, weights, seat, scores):
    """The seat's least valuable card in hand (and its keep value); only at a main decision, for the decider
    (its values shared with greedy_choice's HAND_VALUES)."""
    base = seat_base(seat)
    decision = scores[DECISION]
    worst, value = -1, 1e18
    for i in range(state[base + L.P_HAND_N]):
        c = state[base + L.P_HAND + i]
        if T.card(ruleset, c, T.C_TYPE) == vocab.TYPE_INTRUSIVE:
            v = -weights[W_CARD_KEPT]
        else:
            if scores[HAND_STAMPS + c] == decision:
                held = scores[HAND_VALUES + c]
            else:
                # greedy_choice's freshness test again, for the same reason (wants_energy)
                cached = seat * L.MAX_CARDS + c
                known = scores[READS + c]
                fresh = not np.isnan(known)
                if fresh:
                    for k in range(N_PARTS):
                        if (np.int64(known) >> k) & 1 and scores[STAMPS + k * 2 * L.MAX_CARDS + cached] != scores[VERSIONS + k]:
                            fresh = False
                if fresh:
                    held = scores[VALUES + cached]
                else:
                    held = card_value(state, ruleset, weights, seat, c, np.int64(0), scores)
                scores[HAND_VALUES + c] = held
                scores[HAND_STAMPS + c] = decision
            v = held_value(ruleset, weights, c, held)
        if v < value:
            worst, value = c, v
    return worst, value


# ---- scores ---------------------------------------------------------------------------------------------
@njit(cache=True, forceinline=True)
def main_score(state, ruleset, weights, action, want_self, want_other, held, scores):
    """A Player Phase action's score (want_*: does the seat / the other seat need more Energy?; ``held``: the
    card's value for a play, a conversion or a Support, greedy_choice's lookup)."""
    kind, a = action >> 16, (action >> 8) & 255
    seat = state[L.G_DECIDER]
    base = seat_base(seat)
    energy_cost = weights[W_ENERGY_COST]
    if kind == L.A_PASS:
        return weights[W_PASS]
    if kind == L.A_PLAY:
        return held - T.card(ruleset, a, T.C_COST) * energy_cost
    if kind == L.A_CONVERT:
        return weights[W_ENERGY] * want_self - held_value(ruleset, weights, a, held)
    if kind == L.A_RETRIEVE:
        card = state[planes.position(a) + L.R_CARD]
        return (weights[W_RETRIEVE] + 0.3 * card_value(state, ruleset, weights, seat, card, np.int64(0), scores)
                - T.card(ruleset, card, T.C_RETRIEVE) * energy_cost)
    if kind == L.A_OFFER_RETRIEVE:
        card = state[L.OFFER + a]
        return (weights[W_RETRIEVE] + 0.3 * card_value(state, ruleset, weights, seat, card, np.int64(0), scores)
                - T.card(ruleset, card, T.C_RETRIEVE) * energy_cost)
    if kind == L.A_OFFER_TRADE:
        _, worst = worst_card(state, ruleset, weights, seat, scores)
        return weights[W_RETRIEVE] - worst - weights[W_CARD_KEPT]
    if kind == L.A_SUPPORT:
        return weights[W_SUPPORT] * want_other - held_value(ruleset, weights, a, held)
    if kind == L.A_FOCUS:
        return weights[W_CHAKRA] - ruleset[T.RULE_CHAKRA_COST] * energy_cost
    if kind == L.A_FULL_FOCUS:
        return weights[W_FULL_FOCUS]
    if kind == L.A_USE:
        card = state[base + L.P_TALISMAN + a]
        return steps_value(state, ruleset, weights, seat, T.effect_start(ruleset, card, vocab.SLOT_USE),
                           T.effect_end(ruleset, card, vocab.SLOT_USE), np.int64(0), scores)
    if kind == L.A_CHARM:
        card = state[base + L.P_CHARM + a]
        return steps_value(state, ruleset, weights, seat, T.effect_start(ruleset, card, vocab.SLOT_ACTIVATE),
                           T.effect_end(ruleset, card, vocab.SLOT_ACTIVATE), np.int64(0), scores) - weights[W_CARD_KEPT]
    return -weights[W_CARD_KEPT] * 10.0  # unfocus, unequip, dropping a Sigil: never wanted by this bot


@njit(cache=True, _nrt=False)
def _box_preference(box):
    """Where a returned token helps most: the positions close to the Veil first, then the Exploration Deck,
    Support and the Offering (a small number is better)."""
    if box == 0:
        return 9
    return box  # positions 2-5, then 6 the Exploration Deck, 7 the Offering, 8 Support


@njit(cache=True, _nrt=False)
def choice_score(state, ruleset, weights, kind, a, b, scores):
    choice = state[L.G_CHOICE]
    decider = state[L.G_DECIDER]
    fb = top_frame(state)
    row = state[fb + L.F_PC]
    op = T.step(ruleset, row, T.S_OP) if state[L.G_FRAMES] > 0 else 0
    if choice == L.CHOICE_TARGET:
        if kind == L.A_SKIP:
            return 0.0
        if op == OP_WEAKEN:
            amount = T.step(ruleset, row, T.S_AMOUNT) + (T.step(ruleset, row, T.S_SUPPORTED) if state[fb + L.F_SUPPORTED] else 0)
            if T.step(ruleset, row, T.S_TARGET) == vocab.TARGET_SPLIT:
                amount = 1
            return target_value(state, ruleset, weights, a, amount, scores)
        r = planes.record_of(a)
        card = state[r + L.R_CARD]
        known = state[r + L.R_REVEALED] or state[r + L.R_PEEKED] or a < L.LOC_POSITION
        if not known:
            return -1.0
        strength = state[r + L.R_STRENGTH]
        if op == OP_MOVE_BACK:
            return (6.0 - (a - L.LOC_POSITION)) + strength * 0.1
        if op == OP_STUN:
            return threat_damage(ruleset, card, scores)
        if op == OP_TO_BOTTOM:
            return strength + threat_damage(ruleset, card, scores)
        return strength - 0.5 * (a - L.LOC_POSITION)  # attach: the strongest Threat close to the Veil
    if choice == L.CHOICE_CHARACTER:
        s = state[seat_base(a) + L.P_STABILITY]
        missing = state[seat_base(a) + L.P_MAX_STABILITY] - s
        if op == OP_GAIN_STABILITY:
            return missing * 1.0 + (5.0 if s <= 3 else 0.0)
        if op == OP_LOSE_STABILITY or op == OP_TAKE_INTRUSIVE or op == OP_TAKE_CARD:
            return s * 1.0 + 0.1 * state[seat_base(a) + L.P_HAND_N]
        if op == OP_GAIN_ENERGY:
            return 1.0 if a == decider else 0.5
        if op == OP_DISCARD:
            return state[seat_base(a) + L.P_HAND_N] * 1.0
        return 1.0 if a == decider else 0.0
    if choice == L.CHOICE_NEGATE:
        seat = state[L.G_CHOICE_A]
        left = state[L.G_CHOICE_B]
        s = state[seat_base(seat) + L.P_STABILITY]
        if kind == L.A_ACCEPT:
            return 0.0
        urgent = s - left <= weights[W_NEGATE_AT] or left >= s
        value = keep_value(state, ruleset, weights, seat, a, scores)
        return (weights[W_STABILITY_POINT] + weights[W_DANGER] - value) if urgent else (-value - 0.01)
    if choice == L.CHOICE_BOX:
        return -_box_preference(a) * 1.0
    if choice == L.CHOICE_SOURCE:
        if a == 0:
            return 100.0
        if a <= L.N_POSITIONS:
            return a * weights[W_BOARD_BOX] * 0.2  # a far position costs least
        if a == L.BOX_OFFERING:
            return 0.5 if not state[L.G_OFFERING_OPEN] else -weights[W_BOARD_BOX]
        if a == L.BOX_SUPPORT:
            return 0.3
        return -weights[W_BOARD_BOX] * 0.5  # the Exploration Deck
    if choice == L.CHOICE_SUPPORT:
        if kind == L.A_NO:
            return 0.0
        played = state[fb + L.F_SOURCE]
        owner = state[fb + L.F_OWNER]
        gain = (card_value(state, ruleset, weights, owner, played, np.int64(1), scores) - card_value(state, ruleset, weights, owner, played, np.int64(0), scores))
        return weights[W_SUPPORT] * 0.2 + gain - keep_value(state, ruleset, weights, decider, a, scores)
    if choice == L.CHOICE_YES_NO:
        if op == OP_DECK_PEEK or op == OP_OWN_TOP_TO_BOTTOM:
            card = state[L.G_CHOICE_A]
            kind_of = T.card(ruleset, card, T.C_TYPE)
            bad = kind_of == vocab.TYPE_MANIFESTATION or kind_of == vocab.TYPE_INTRUSIVE
            return (1.0 if bad else -1.0) * (1.0 if kind == L.A_YES else -1.0)
        if op == OP_CHOOSE_STATUS:  # invest in a later scenario while the team is safe, take the help now if not
            safe = team_min_stability(state) > weights[W_NEGATE_AT] + 2
            return (1.0 if safe else -1.0) * (1.0 if kind == L.A_YES else -1.0)
        return -1.0 if kind == L.A_YES else 0.0
    if choice == L.CHOICE_HAND_CARD:
        return -keep_value(state, ruleset, weights, state[L.G_CHOICE_A], a, scores)
    if choice == L.CHOICE_DISCARD_CARD:
        return keep_value(state, ruleset, weights, state[L.G_CHOICE_A], a, scores)
    if choice == L.CHOICE_SCOUT:
        if kind == L.A_REVEAL:
            return 10.0 - a
        if a == L.BOX_DECK:
            return 0.0
        return 4.0 - a
    if choice == L.CHOICE_DIE:
        return -die_damage(state, ruleset, fb, kind)
    return 0.0


@njit(cache=True, _nrt=False)
def _damage_at(ruleset, fb_start, fb_end, die):
    damage = 0.0
    for row in range(fb_start, fb_end):
        low = T.step(ruleset, row, T.S_DIE_LO)
        if low > 0 and die >= low and die <= T.step(ruleset, row, T.S_DIE_HI) and T.step(ruleset, row, T.S_OP) == OP_LOSE_STABILITY:
            each = T.step(ruleset, row, T.S_TARGET) == vocab.TARGET_EACH
            damage += T.step(ruleset, row, T.S_AMOUNT) * (2.0 if each else 1.0)
    return damage


@njit(cache=True, _nrt=False)
def die_damage(state, ruleset, fb, kind):
    """The Stability the roll's steps cost at the result each answer leads to (a re-roll: the average)."""
    start, end, die = state[fb + L.F_START], state[fb + L.F_END], state[L.G_DIE]
    if kind == L.A_RAISE:
        return _damage_at(ruleset, start, end, min(6, die + 1)) + 0.01
    if kind == L.A_LOWER:
        return _damage_at(ruleset, start, end, max(1, die - 1)) + 0.01
    if kind == L.A_REROLL:
        total = 0.0
        for d in range(1, 7):
            total += _damage_at(ruleset, start, end, d)
        return total / 6.0 + 0.02
    return _damage_at(ruleset, start, end, die)


# ---- information-set MCTS (sim/core/ismcts.py) ------------------------------------------------------------
N_WEIGHTS = len(vocab.GREEDY_WEIGHTS)
(I_CANDIDATES, I_ITERATIONS, I_WORLDS, I_HORIZON, I_EXPLORATION, I_MARGIN, I_STABILITY, I_THRESHOLD,
 I_PROGRESS, I_TREE_DEPTH, I_WIDENING) = range(N_WEIGHTS, N_WEIGHTS + len(vocab.ISMCTS_PARAMS))
ROLLOUT_DECISION_CAP = 5000  # a world that needs more decisions is scored where it stands
POOL_SIZE = L.EXPLORATION_CAP + L.N_POSITIONS
PLANNED = 1.0e9  # the greedy choice's prior: a node tries it first


def search_arrays() -> tuple[np.ndarray, ...]:
    """The ISMCTS bot's work arrays, one set per batch (batch.search_work): a world's state, legal actions,
    stream keys and counters, its greedy scores (a cache of their own, NaN: empty), an empty event log and
    card counts, the re-deal's pool, the tree (ismcts.tree_arrays, room for the largest budget), the world
    keys and the root's prior."""
    nodes, stats, path, candidates = ismcts.tree_arrays(vocab.ISMCTS_MAX_ITERATIONS + 1, vocab.ISMCTS_MAX_CANDIDATES)
    return (np.zeros(L.STATE_SIZE, np.int64), np.zeros(L.MAX_LEGAL, np.int64), np.zeros(L.N_STREAMS, np.uint64),
            np.zeros(L.N_STREAMS, np.uint64), np.full(SCORES_SIZE, np.nan), np.zeros((0, L.EVENT_WIDTH), np.int64),
            np.zeros((2, 1, L.CARD_COUNT_COLUMNS), np.int16), np.zeros(POOL_SIZE, np.int64), nodes, stats, path,
            candidates, np.zeros(vocab.ISMCTS_MAX_WORLDS, np.uint64), np.zeros(L.MAX_LEGAL, np.float64))


@njit(cache=True, forceinline=True)
def face_down(state, r):
    """A card Beyond the Veil that nobody has seen: face-down and not Peeked ("Peek. Look at a face-down card
    or deck without turning it face-up"; both players see what one Peeks)."""
    return state[r + L.R_CARD] >= 0 and state[r + L.R_REVEALED] == 0 and state[r + L.R_PEEKED] == 0


@njit(cache=True, _nrt=False)
def redeal(values, lo, hi, keys, counters, stream):
    """values[lo:hi] put in a fixed order (by card id), then shuffled: the result depends on which cards the
    segment holds and on the stream, never on the hidden order they were in."""
    ismcts.sort_range(values, lo, hi)
    rng.shuffle(values, lo, hi, keys, counters, stream)


@njit(cache=True, _nrt=False)
def determinize(state, ruleset, keys, counters, pool):
    """Re-deal what no player can see, from what both see (the players show each other everything; a Peek
    is seen by both): the face-down cards Beyond the Veil that were not Peeked together with the
    Exploration Deck (one pool: which of its cards lie face-down in the Planes is as hidden as the deck's
    order; each keeps its position's record, at the new card's full Strength), each player's draw deck
    order, and the order of the Offering's Charm and Talisman decks. Hands, discard piles, Player Areas,
    revealed and Peeked cards, the Threshold and the Offering's face-up cards are kept."""
    k = 0
    for p in range(1, L.N_POSITIONS + 1):
        r = planes.position(p)
        if face_down(state, r):
            pool[k] = state[r + L.R_CARD]
            k += 1
    n = state[L.G_EXPLORATION]
    for i in range(n):
        pool[k + i] = state[L.EXPLORATION + i]
    redeal(pool, np.int64(0), k + n, keys, counters, np.int64(L.STREAM_EXPLORATION))
    dealt = 0
    for p in range(1, L.N_POSITIONS + 1):
        r = planes.position(p)
        if face_down(state, r):
            state[r + L.R_CARD] = pool[dealt]
            state[r + L.R_STRENGTH] = T.card(ruleset, pool[dealt], T.C_STRENGTH)
            dealt += 1
    for i in range(n):
        state[L.EXPLORATION + i] = pool[k + i]
    for seat in range(2):
        base = seat_base(seat)
        redeal(state, base + L.P_DECK, base + L.P_DECK + state[base + L.P_DECK_N], keys, counters,
               np.int64(L.STREAM_DEAL) + seat)
    redeal(state, np.int64(L.CHARM_DECK), L.CHARM_DECK + state[L.G_CHARM_DECK], keys, counters,
           np.int64(L.STREAM_EXPLORATION))
    redeal(state, np.int64(L.TALISMAN_DECK), L.TALISMAN_DECK + state[L.G_TALISMAN_DECK], keys, counters,
           np.int64(L.STREAM_EXPLORATION))


@njit(cache=True, _nrt=False)
def search_world(state, ruleset, world_key, search):
    """The world's state = a copy of ``state`` re-dealt by determinize, its streams (the re-deal, the die,
    later shuffles, the rollout bots' tie-breaks) derived from ``world_key`` alone: every iteration in the
    same world sees the same chance, and the real streams are never read."""
    world, _, world_keys, world_counters, _, _, _, pool = search[:8]
    for j in range(world_keys.shape[0]):
        world_keys[j] = rng.splitmix64(world_key ^ np.uint64(j + 1))
        world_counters[j] = 0
    for i in range(state.shape[0]):  # (element by element: a slice copy needs numba's reference counting)
        world[i] = state[i]
    determinize(world, ruleset, world_keys, world_counters, pool)
    search[4][PLANES_AT] = np.nan  # a new deal of the Planes under the state's version: the world's card values see a new part


@njit(cache=True, _nrt=False)
def world_step(ruleset, matchup, action, search):
    """Apply ``action`` in the world and run to its next decision with a choice (lone actions taken at once,
    as in the batch kernel); returns that decision's legal count."""
    world, world_legal, world_keys, world_counters, _, events, counts, _ = search[:8]
    return engine.step(world, ruleset, matchup, action, world_keys, world_counters, events, counts, False,
                       world_legal, True)


@njit(cache=True, _nrt=False)
def world_greedy(ruleset, weights, n, search):
    """The base plan's action in the world (for whichever seat decides there), its tie-break from the world's
    own bot stream of that seat; leaves each legal action's greedy score in the world's scores[:n]."""
    world, world_legal, world_keys, world_counters, world_scores = search[:5]
    draw = rng.next_u64(world_keys, world_counters, L.STREAM_BOT + world[L.G_DECIDER])
    return greedy_choice(world, ruleset, weights, world_legal, n, draw, world_scores)


@njit(cache=True, _nrt=False)
def rollout_reward(world, ruleset, params):
    """The team's reward in [0, 1] where a rollout stopped: 1 a scenario won, 0 lost; at the cut-off
    0.05 + 0.9 x the weighted mean of the team's Stability over its maximum, the room left on the Threshold
    (1 - Threats / (limit + 1)) and the scenario's Events read over its Events (cut-off weights: data)."""
    if world[L.G_DONE]:
        return 1.0 if world[L.G_WINNER] == 0 else 0.0
    stability, most = 0.0, 0.0
    for seat in range(2):
        stability += world[seat_base(seat) + L.P_STABILITY]
        most += world[seat_base(seat) + L.P_MAX_STABILITY]
    room = 1.0 - world[L.G_THRESHOLD] / (ruleset[T.RULE_THRESHOLD_LIMIT] + 1.0)
    n_events = T.scenario(ruleset, world[L.G_SCENARIO], T.SC_N_EVENTS)
    progress = min(1.0, world[L.G_EVENTS_READ] / n_events) if n_events > 0 else 0.0
    total = params[I_STABILITY] + params[I_THRESHOLD] + params[I_PROGRESS]
    if total <= 0.0:
        return 0.5
    value = (params[I_STABILITY] * stability / max(1.0, most) + params[I_THRESHOLD] * room
             + params[I_PROGRESS] * progress) / total
    return 0.05 + 0.9 * value


@njit(cache=True, _nrt=False)
def ismcts_choice(state, ruleset, matchup, params, keys, counters, legal, n, scores, search):
    """The ISMCTS bot's decision. It draws its tie-break and takes the base plan's choice (greedy_choice with
    its greedy weights) as every bot does; at a free action of the Player Phase it then searches:
    `iterations` descents over the team's information set, each in a world re-dealt by determinize (the
    `worlds` world keys, drawn from the seat's own bot stream: the root's action is chosen first and its k-th
    visit played in world k, as every other root action's k-th, common random numbers; no visit of an action
    repeats an earlier one while worlds are left), choosing at each free action among the `candidates` best
    by the greedy scores (the base plan's own choice first; UCB1 with availability counts, `exploration`)
    and expanding one node; choices inside effects are the base plan's (no node). Both
    seats are on the team (ally at every node), and both play the base plan of the deciding bot in the
    world (assumed: the search cannot know its teammate's bot). After the expansion the base plan plays to
    the start of round `horizon_rounds` after the decision's (rollout_reward at the cut-off). The most visited
    action replaces the base plan's only when its mean reward beats the plan's by `margin` (few
    iterations, close values: noise alone would pull decisions off the plan). With `tree_depth` 1 the tree
    is the root alone: every descent plays the base plan after the root's action (flat Monte Carlo with
    UCB1 at the root, the `search` bot). ``search``: search_arrays."""
    seat = state[L.G_DECIDER]
    draw = rng.next_u64(keys, counters, L.STREAM_BOT + seat)
    planned = greedy_choice(state, ruleset, params, legal, n, draw, scores)
    if state[L.G_MODE] != L.MODE_MAIN:
        return planned
    world = search[0]
    world_legal = search[1]
    world_scores = search[4]
    nodes, stats, path, candidates, world_keys, prior = search[8:]
    for i in range(n):
        prior[i] = PLANNED if legal[i] == planned else scores[i]
    width = np.int64(params[I_CANDIDATES])
    iterations = np.int64(params[I_ITERATIONS])
    worlds = np.int64(params[I_WORLDS])
    end_round = state[L.G_ROUND] + np.int64(params[I_HORIZON])
    exploration = params[I_EXPLORATION]
    tree_depth = np.int64(params[I_TREE_DEPTH])
    widening = params[I_WIDENING]
    for w in range(worlds):
        world_keys[w] = rng.next_u64(keys, counters, L.STREAM_BOT + seat)
    used = ismcts.clear_tree(nodes, stats)
    ally = np.int64(1)  # a cooperative team: every decision is the deciding seat's side's
    for _ in range(iterations):
        # the root's choice first: its list and prior are the decision's own (what the team sees is the same in
        # every world); then the world numbered by that child's visits so far, so a child's k-th visit is played
        # in world k, as every other child's k-th is (common random numbers), and no visit repeats an earlier one
        m = ismcts.top_candidates(prior, n, width, candidates)
        c, child, used, expanded = ismcts.select(nodes, stats, ismcts.ROOT, legal, candidates, m, exploration, used,
                                                 ally)
        visits = np.int64(stats[child, ismcts.STAT_VISITS]) if child != ismcts.NONE else np.int64(0)
        search_world(state, ruleset, world_keys[visits % worlds], search)
        node = ismcts.ROOT
        path[0] = node
        length = 1
        decisions = 0
        nl = n
        at_root = True
        while not world[L.G_DONE] and world[L.G_ROUND] < end_round and decisions < ROLLOUT_DECISION_CAP:
            if at_root:
                action = legal[candidates[0, c]]
                at_root = False
            else:
                base = world_greedy(ruleset, params, nl, search)
                if world[L.G_MODE] != L.MODE_MAIN:  # a choice inside an effect: the base plan answers, no node
                    nl = world_step(ruleset, matchup, base, search)
                    decisions += 1
                    continue
                for i in range(nl):
                    if world_legal[i] == base:
                        world_scores[i] = PLANNED
                m = ismcts.widened(stats, node, ismcts.top_candidates(world_scores, nl, width, candidates), widening)
                c, child, used, expanded = ismcts.select(nodes, stats, node, world_legal, candidates, m, exploration,
                                                         used, ally)
                action = world_legal[candidates[0, c]]
            if child == ismcts.NONE:  # the tree is full: play on from here
                break
            nl = world_step(ruleset, matchup, action, search)
            decisions += 1
            path[length] = child
            length += 1
            node = child
            if expanded or (tree_depth > 0 and length > tree_depth):  # a flat search stops below the root
                break
        while not world[L.G_DONE] and world[L.G_ROUND] < end_round and decisions < ROLLOUT_DECISION_CAP:
            nl = world_step(ruleset, matchup, world_greedy(ruleset, params, nl, search), search)
            decisions += 1
        ismcts.backpropagate(nodes, stats, path, length, rollout_reward(world, ruleset, params))
    best = legal[ismcts.most_visited(nodes, stats, legal, n)]
    if best == planned:
        return planned
    chosen = ismcts.child_with_action(nodes, ismcts.ROOT, best)
    plan = ismcts.child_with_action(nodes, ismcts.ROOT, planned)
    if plan == ismcts.NONE:
        return planned
    chosen_mean = stats[chosen, ismcts.STAT_VALUE] / stats[chosen, ismcts.STAT_VISITS]
    plan_mean = stats[plan, ismcts.STAT_VALUE] / max(1.0, stats[plan, ismcts.STAT_VISITS])
    return best if chosen_mean >= plan_mean + params[I_MARGIN] else planned


@njit(cache=True, _nrt=False, inline="always")
def act(state, ruleset, matchup, policy_id, weights, keys, counters, legal, n, scores, search):
    """The deciding seat's action under its bot. ``search`` (search_arrays) is None in a batch without an
    ISMCTS bot: the kernel is then compiled without the search (inlined here, `search is None` is resolved
    from the type of the kernel's own argument and the branch it rules out is dropped before typing; the
    Aeon's End pattern), so the greedy kernel's compile does not grow."""
    if search is None:
        return choose(state, ruleset, policy_id, weights, keys, counters, legal, n, scores)
    if policy_id == vocab.POLICY_ISMCTS and n > 1:
        return ismcts_choice(state, ruleset, matchup, weights, keys, counters, legal, n, scores, search)
    return choose(state, ruleset, policy_id, weights, keys, counters, legal, n, scores)


@njit(cache=True, _nrt=False)
def act_call(state, ruleset, matchup, policy_id, weights, keys, counters, legal, n, scores, search):
    """act out of line, for a match played from Python one decision at a time (the scenario API, replays)."""
    return act(state, ruleset, matchup, policy_id, weights, keys, counters, legal, n, scores, search)
