"""Veilforge: the rules engine for 2 players and 2v2 teams (rulebook veilforge.txt; RULES.md
clause by clause).

Rules summary (the rulebook's chapters in brackets; readings of its gaps in RULES.md):
  * Each player brings 3 heroes (hero zone), 1 ideal (ideal zone, passive), a main deck of 40-80
    cards (<= 4 copies) and an optional evolution deck (<= 16), all from the settings of their
    heroes [What You Need]. Shuffle, draw 5; the second player (2v2: both players of the second
    team) starts with 1 mana; life = the heroes' combined health [Setup].
  * A turn [Turn Phases]: start (restore every card on both fields to full health, enable your
    disabled cards, exhausted -> disabled), draw 1 (the first player skips it on turn 1), mana (top
    3 cards of the deck face-down, zone <= 12), action (play cards, activate, attack, evolve, in any
    order), end. Mana is consumed by paying: consumed cards return to the top of the deck in the
    order the player chooses [The Battlefield: Mana Zone].
  * Zones [The Battlefield]: hero (3), battle (5), support (5), mana (<= 12), hand (no maximum),
    graveyard, evolution deck, banish zone, removed from the game. Cards enter disabled.
  * Combat [Combat]: an enabled hero or creature in the battle zone attacks once per turn; a
    direct attack loses 1 damage per card in the defender's battle zone; an attack on a card is
    answered only by Counterattack; support-zone cards only by Flanking/Sniping; never the hero zone.
  * Card states [Card States]: enabled, disabled (after attacking or activating, or on entering),
    exhausted (misses a whole turn).
  * Abilities [Card Abilities]: passive (static, work while disabled), activate, hand, graveyard,
    quick, vigilant, evolution, quick evolution, and triggers (summon, destroy, start, end, attack).
  * Chains [Chains]: every action may be answered with Quick/Vigilant abilities, players in turn
    one link at a time; all pass: last in, first out.
  * Evolution [Evolution]; losing [How to Win]: life <= 0, drawing or adding mana from an empty
    deck; the last player or team standing wins. 2v2 [4-player games]: teammates take their turn
    together through all five phases, each with their own zones, hand, deck and life.

Encoding (layout.py): the state is one int64 vector: globals (round, turn side, phase, pending
decision and its decider, chain bookkeeping, payment in progress), the chain (links bottom
first), the trigger queue, then one block per seat (life, counts, deck with its top last, hand,
mana entries card*2+face_up, graveyard, banish zone, removed cards, evolution deck, 13 field slot
records: hero 0-2, battle 3-7, support 8-12, then attachments). Actions are ints kind << 24 | a <<
16 | b << 8 | target (layout.A_*); a decision is one of: the action phase (DEC_ACTION), a response
window (DEC_RESPOND: pass or a Quick/Vigilant/Quick Evolution response), or a mana payment
(DEC_PAY: which mana card to consume next). Targets are refs: seat*16 + slot for a card (followed
by its serial), REF_PLAYER + seat for a player. Random streams (sim/core/rng.py, keyed by deck
slot): per seat a deal stream and a bot stream; one chance stream (random discards and random
targets of triggers).

The spine: `reset` deals, `advance` (rules/turn.py) runs the game to the next decision,
`legal_actions`, `step` applies one decision, `status`, `check_invariants` (debug mode, after
every action). The rules are in rules/, one module per rule area.

Compile time: every @njit function is its own LLVM library that links in, and optimizes again,
its callees' whole call tree. So only `advance` reaches chain resolution and the effect machinery
(step merely records a decision and reset merely deals: the kernel calls advance before each
decision), the functions with a single caller are inlined at the numba level (inline="always": no
library of their own; the spine itself is inlined into the kernel's match loop), and no call site
passes a literal that would compile a second specialization.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.core.kernel import seat_streams
from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules import actions, chain, mana, responses, statics, turn
from sim.games.veilforge.rules.ending import finish
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.setup import deal
from sim.games.veilforge.rules.zones import alive, count_responders, field_of, occupied, rec, seat_base, team_mana


@njit(cache=True, _nrt=False, inline="always")
def reset(state, ruleset, matchup, seeds, pair, order, keys, counters, events, counts, count_cards):
    """A new match of deal ``pair`` in seat order ``order``: streams keyed, decks dealt (`advance`
    then runs it to its first decision)."""
    for i in range(state.shape[0]):
        state[i] = 0
    sides = matchup[T.MATCHUP_SIDES]
    per_side = matchup[T.MATCHUP_SEATS_PER_SIDE]
    seats = sides * per_side
    state[L.G_SEATS] = seats
    state[L.G_SIDES] = sides
    state[L.G_PER_SIDE] = per_side
    state[L.G_ORDER] = order
    state[L.G_ROUND] = 1
    state[L.G_WINNER] = -1
    state[L.G_FIRST_TURN] = 1
    state[L.G_PHASE] = L.PH_START
    state[L.G_PENDING] = L.DEC_NONE
    for i in range(keys.shape[0]):
        keys[i] = 0
        counters[i] = 0
    seat_streams(seeds, pair, order, sides, per_side, rng.PURPOSE_DEAL, keys, 0)
    seat_streams(seeds, pair, order, sides, per_side, rng.PURPOSE_POLICY, keys, L.BOT_STREAM)
    keys[L.CHANCE] = rng.stream_key(seeds[0], seeds[1], pair, rng.PURPOSE_CHANCE, 0)
    for seat in range(L.MAX_SEATS):
        for slot in range(L.FIELD_SLOTS):
            state[rec(seat, slot) + L.F_CARD] = -1
    deal(state, ruleset, matchup, order, keys, counters, events, counts, count_cards)


@njit(cache=True, _nrt=False, inline="always")
def legal_actions(state, ruleset, legal, values, weights, score):
    """The deciding seat's legal actions; nothing once the match is over. With ``score``, the
    action phase's listing also writes the greedy value of each action (``weights``) to ``values``
    (`scored` says whether this decision's values were written)."""
    if state[L.G_DONE]:
        return 0
    seat = state[L.G_DECIDER]
    pending = state[L.G_PENDING]
    if pending == L.DEC_ACTION:
        return actions.action_phase_actions(state, ruleset, seat, legal, values, weights, score)
    if pending == L.DEC_RESPOND:
        legal[0] = L.A_PASS << 24 | L.REF_NONE
        return 1 + responses.list_responses(state, ruleset, seat, legal, np.int64(1), np.int64(L.MAX_LEGAL))
    if pending == L.DEC_PAY:
        return mana.distinct_choices(state, ruleset, seat, legal, 0)
    return 0


@njit(cache=True, forceinline=True)
def scored(state, score):
    """Did `legal_actions` with ``score`` write the values of this decision's actions?"""
    return score and state[L.G_PENDING] == L.DEC_ACTION


@njit(cache=True, _nrt=False, inline="always")
def step(state, ruleset, action, events, counts, count_cards):
    """Apply the deciding seat's decision: an action or response is announced (its card placed, its
    link pushed, its payment begun), a pass or a mana card consumed is recorded. `advance` then
    runs the game on to the next decision."""
    state[L.G_DECISIONS] += 1
    state[L.G_ACTIONS] += 1
    if state[L.G_ACTIONS] > ruleset[T.R_ACTION_LIMIT]:
        finish(state, np.int64(-1), np.int64(V.END_ACTION_CAP), events)
        return
    seat = state[L.G_DECIDER]
    pending = state[L.G_PENDING]
    state[L.G_PENDING] = L.DEC_NONE
    kind = action >> 24
    if pending == L.DEC_PAY:
        zone_seat, _ = field_of(state, seat, (action >> 8) & 255)
        mana.consume(state, zone_seat, (action >> 16) & 255, events)
        state[L.G_PAY_LEFT] -= 1
    elif pending == L.DEC_ACTION:
        if kind == L.A_PASS:
            state[L.G_ACTION_DONE] |= 1 << seat
            log_event(state, events, L.EV_PASS, seat, 0, 0, 0, 0)
            chain.next_action_decider(state, ruleset, seat)
        else:
            actions.take(state, ruleset, seat, action, np.int64(L.AFTER_ACTION), events, counts, count_cards)
    elif pending == L.DEC_RESPOND:
        if kind == L.A_PASS:
            chain.passed(state, seat, events)
        else:
            actions.take(state, ruleset, seat, action, np.int64(L.AFTER_RESPONSE), events, counts, count_cards)


advance = turn.advance


@njit(cache=True, inline="always")
def status(state):
    """(done, winner position or -1, end reason)."""
    return state[L.G_DONE], state[L.G_WINNER], state[L.G_END_REASON]


@njit(cache=True, _nrt=False)
def _count_zones(state, seat, work, sign):
    """work[card] += sign for every card of ``seat`` in one of its places."""
    b = seat_base(seat)
    for i in range(state[b + L.P_DECK_N]):
        work[state[b + L.P_DECK + i]] += sign
    for i in range(state[b + L.P_HAND_N]):
        work[state[b + L.P_HAND + i]] += sign
    for i in range(state[b + L.P_GRAVE_N]):
        work[state[b + L.P_GRAVE + i]] += sign
    for i in range(state[b + L.P_BANISH_N]):
        work[state[b + L.P_BANISH + i]] += sign
    for i in range(state[b + L.P_REMOVED_N]):
        work[state[b + L.P_REMOVED + i]] += sign
    for i in range(state[b + L.P_EVO_N]):
        work[state[b + L.P_EVO + i]] += sign
    for i in range(state[b + L.P_MANA_N]):
        work[state[b + L.P_MANA + i] >> 1] += sign
    for i in range(state[b + L.P_ATTACH_N]):
        work[state[b + L.P_ATTACH + i * L.ATTACH_WIDTH + L.A_CARD]] += sign
    for other in range(state[L.G_SEATS]):
        for slot in range(L.FIELD_SLOTS):
            r = rec(other, slot)
            if state[r + L.F_CARD] >= 0 and state[r + L.F_OWNER] == seat:
                work[state[r + L.F_CARD]] += sign
    for index in range(state[L.G_CHAIN_N]):
        k = L.CHAIN_BASE + index * L.LINK_WIDTH
        if state[k + L.K_KIND] == L.LINK_EVOLVE and state[k + L.K_SEAT] == seat:
            work[state[k + L.K_CARD]] += sign  # an evolution card on the chain is in no zone yet


@njit(cache=True, _nrt=False)
def check_invariants(state, ruleset, matchup, work):
    """0, or the code of the first broken invariant (layout.INVARIANT_*)."""
    n_cards = T.n_cards(ruleset)
    seats = state[L.G_SEATS]
    for seat in range(seats):
        for c in range(n_cards):
            work[c] = 0
        _count_zones(state, seat, work, 1)
        slot = state[seat_base(seat) + L.P_SLOT]
        for h in range(3):
            work[T.slot_value(matchup, slot, T.S_HEROES + h)] -= 1
        for i in range(T.slot_value(matchup, slot, T.S_MAIN_N)):
            work[T.slot_value(matchup, slot, T.S_MAIN + i)] -= 1
        for i in range(T.slot_value(matchup, slot, T.S_EVO_N)):
            work[T.slot_value(matchup, slot, T.S_EVO + i)] -= 1
        for c in range(n_cards):
            if work[c] != 0:
                return L.INVARIANT_CARDS
        b = seat_base(seat)
        if state[b + L.P_MANA_N] > ruleset[T.R_MANA_ZONE_MAX] or state[b + L.P_MANA_N] < 0:
            return L.INVARIANT_RANGES
        quick, evolving = count_responders(state, ruleset, seat)
        if state[b + L.P_QUICK_HAND] != quick or state[b + L.P_QUICK_EVO] != evolving:
            return L.INVARIANT_RANGES
        if not ruleset[T.R_HEAL_ABOVE_START] and state[b + L.P_LIFE] > state[b + L.P_START_LIFE]:
            return L.INVARIANT_RANGES
        if state[b + L.P_LOST] == 0 and state[b + L.P_LIFE] <= 0:
            return L.INVARIANT_RANGES
        for s in range(L.FIELD_SLOTS):
            r = rec(seat, s)
            card_id = state[r + L.F_CARD]
            card_state = state[r + L.F_STATE]
            if ((occupied(state, seat) >> s) & 1) != (card_id >= 0):
                return L.INVARIANT_SLOTS
            if card_id < 0:
                if card_state != L.ST_EMPTY:
                    return L.INVARIANT_SLOTS
                continue
            if not alive(state, seat) or card_state == L.ST_EMPTY:
                return L.INVARIANT_SLOTS
            kind = T.card(ruleset, card_id, T.C_TYPE)
            if s < L.BATTLE_FIRST and kind != V.TYPE_HERO:
                return L.INVARIANT_SLOTS
            if L.BATTLE_FIRST <= s < L.SUPPORT_FIRST:
                if (kind != V.TYPE_HERO and kind != V.TYPE_CREATURE) or s - L.BATTLE_FIRST >= ruleset[T.R_BATTLE_SLOTS]:
                    return L.INVARIANT_SLOTS
            if s >= L.SUPPORT_FIRST and s - L.SUPPORT_FIRST >= ruleset[T.R_SUPPORT_SLOTS]:
                return L.INVARIANT_SLOTS
            if card_state == L.ST_RESOLVING and (s < L.SUPPORT_FIRST or state[L.G_CHAIN_N] == 0):
                return L.INVARIANT_SLOTS
    pending = state[L.G_PENDING]
    if state[L.G_CHAIN_N] < 0 or state[L.G_CHAIN_N] > L.MAX_LINKS:
        return L.INVARIANT_CHAIN
    if not state[L.G_DONE]:
        if pending == L.DEC_NONE:
            return L.INVARIANT_CHAIN
        if pending == L.DEC_ACTION and (state[L.G_CHAIN_N] != 0 or state[L.G_PHASE] != L.PH_ACTION):
            return L.INVARIANT_CHAIN
        if pending == L.DEC_RESPOND and state[L.G_CHAIN_N] == 0:
            return L.INVARIANT_CHAIN
        if pending == L.DEC_PAY and (state[L.G_PAY_LEFT] <= 0 or state[L.G_PAY_LEFT]
                                     > team_mana(state, ruleset, state[L.G_PAY_SEAT])):
            return L.INVARIANT_CHAIN
        if not alive(state, state[L.G_DECIDER]):
            return L.INVARIANT_CHAIN
    if not state[L.G_STATIC_DIRTY]:
        i = 0
        for seat in range(seats):
            for s in range(L.FIELD_SLOTS):
                r = rec(seat, s)
                work[i] = state[r + L.F_EFF_DAMAGE]
                work[i + 1] = state[r + L.F_EFF_HEALTH]
                work[i + 2] = state[r + L.F_EFF_KEYWORDS]
                i += 3
        statics.refresh(state, ruleset)
        i = 0
        for seat in range(seats):
            for s in range(L.FIELD_SLOTS):
                r = rec(seat, s)
                if (work[i] != state[r + L.F_EFF_DAMAGE] or work[i + 1] != state[r + L.F_EFF_HEALTH]
                        or work[i + 2] != state[r + L.F_EFF_KEYWORDS]):
                    return L.INVARIANT_STATICS
                i += 3
    return 0
