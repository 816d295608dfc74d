"""The five phases of a turn, run by `advance` until a player must decide:
1 start: "Restore every card on both players' fields to full health and enable your disabled
  cards" (exhausted cards become disabled instead); start abilities of the turn player's cards and
  ideal resolve.
2 draw: draw 1 (rule draw_per_turn), an action that may be answered; "The player who goes first
  skips this on their very first turn" (2v2: both players of the first team, rule
  first_team_both_skip).
3 mana: add the top 3 cards of the deck face-down to the mana zone (rule mana_per_turn).
4 action: decisions (actions.py); it ends when the player (both teammates) passed.
5 end: end abilities resolve, buffs "until the end of the turn" expire, the next side's turn.
In 2v2 both players of the side whose turn it is go through every phase together: each draws,
each adds mana, both act in the action phase. After round_limit rounds the match ends as a draw
(end reason turn_cap)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules import chain, effects, mana
from sim.games.veilforge.rules.ending import check_end, finish
from sim.games.veilforge.rules.events import log_event
from sim.games.veilforge.rules.mana import add_from_deck
from sim.games.veilforge.rules.zones import alive, lowest_slot, occupied, rec, seat_base


@njit(cache=True, _nrt=False, inline="always")
def start_phase(state, ruleset, keys, counters, events, counts, count_cards):
    sides = state[L.G_SIDES]
    seats = state[L.G_SEATS]
    state[L.G_ACTIONS] = 0
    state[L.G_ACTION_DONE] = 0
    for seat in range(seats):  # an empty slot's record is all zeros already
        mask = occupied(state, seat)
        while mask:
            state[rec(seat, lowest_slot(mask)) + L.F_DAMAGE] = 0
            mask &= mask - 1
    for seat in range(state[L.G_SIDE], seats, sides):
        if not alive(state, seat):
            continue
        state[L.G_TURNS] += 1
        log_event(state, events, L.EV_TURN, seat, state[L.G_ROUND], state[seat_base(seat) + L.P_LIFE], 0, 0)
        mask = occupied(state, seat)
        while mask:
            r = rec(seat, lowest_slot(mask))
            mask &= mask - 1
            if state[r + L.F_STATE] == L.ST_DISABLED:
                state[r + L.F_STATE] = L.ST_ENABLED
            elif state[r + L.F_STATE] == L.ST_EXHAUSTED:
                state[r + L.F_STATE] = L.ST_DISABLED
    # the statics stay as they are: they read no card state but "resolving", nor damage
    state[L.G_DEATH_DIRTY] = 1
    _queue_turn_triggers(state, ruleset, V.W_START)
    effects.settle(state, ruleset, keys, counters, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def _queue_turn_triggers(state, ruleset, when):
    """Start or end abilities of the turn side's ideals and cards on the field, seat by seat."""
    for seat in range(state[L.G_SIDE], state[L.G_SEATS], state[L.G_SIDES]):
        if not alive(state, seat):
            continue
        effects.queue_card_triggers(state, ruleset, seat, state[seat_base(seat) + L.P_IDEAL], when, np.int64(L.LOC_IDEAL),
                                    np.int64(L.REF_NONE), np.int64(0), np.int64(L.REF_NONE), np.int64(0))
        mask = occupied(state, seat)
        while mask:
            slot = lowest_slot(mask)
            mask &= mask - 1
            r = rec(seat, slot)
            card_id = state[r + L.F_CARD]
            if state[r + L.F_STATE] != L.ST_RESOLVING:
                effects.queue_card_triggers(state, ruleset, seat, card_id, when, np.int64(L.LOC_FIELD), seat * 16 + slot,
                                            state[r + L.F_SERIAL], np.int64(L.REF_NONE), np.int64(0))


@njit(cache=True, _nrt=False, inline="always")
def end_phase(state, ruleset, keys, counters, events, counts, count_cards):
    _queue_turn_triggers(state, ruleset, V.W_END)
    effects.settle(state, ruleset, keys, counters, events, counts, count_cards)
    expired = False
    for seat in range(state[L.G_SEATS]):  # an empty slot's record is all zeros already
        mask = occupied(state, seat)
        while mask:
            r = rec(seat, lowest_slot(mask))
            mask &= mask - 1
            state[r + L.F_ATTACKED] = 0  # "once per turn": the next turn it may attack again
            if state[r + L.F_TEMP_DAMAGE] or state[r + L.F_TEMP_HEALTH]:
                state[r + L.F_TEMP_DAMAGE] = 0
                state[r + L.F_TEMP_HEALTH] = 0
                expired = True
    if expired:  # the statics change only if a buff expired
        state[L.G_STATIC_DIRTY] = 1
    state[L.G_DEATH_DIRTY] = 1
    effects.settle(state, ruleset, keys, counters, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def first_member(state):
    """The first player of the turn side still in the game, -1 if none."""
    for seat in range(state[L.G_SIDE], state[L.G_SEATS], state[L.G_SIDES]):
        if alive(state, seat):
            return seat
    return -1


@njit(cache=True, _nrt=False, inline="always")
def advance(state, ruleset, work, keys, counters, events, counts, count_cards):
    """Run the game until a decision is pending or the match is over: finish a payment (consuming
    while the choice is forced), run a response window (find the next seat able to respond, or
    resolve the chain once all have passed), run the turn's phases. The only function that reaches
    chain resolution and the effect machinery, so their code is optimized once below it."""
    while state[L.G_PENDING] == L.DEC_NONE and not state[L.G_DONE] and not state[L.G_ERROR]:
        todo = state[L.G_TODO]
        if todo == L.TODO_PAY:
            mana.auto_pay(state, ruleset, events)
            seat = state[L.G_PAY_SEAT]
            if state[L.G_PAY_LEFT] > 0:
                state[L.G_PENDING] = L.DEC_PAY
                state[L.G_DECIDER] = seat
                return
            if state[L.G_AFTER_PAY] == L.AFTER_ACTION:
                chain.open_window(state, ruleset, seat)
            else:
                chain.responded(state, seat)
        elif todo == L.TODO_SEEK:
            seat = chain.seek_responder(state, ruleset, work)
            if seat >= 0:
                state[L.G_PENDING] = L.DEC_RESPOND
                state[L.G_DECIDER] = seat
                return
            chain.resolve_chain(state, ruleset, keys, counters, events, counts, count_cards)
            state[L.G_TODO] = L.TODO_PHASES
            state[L.G_PASSES] = 0
            if not state[L.G_DONE] and state[L.G_PHASE] == L.PH_ACTION:
                chain.next_action_decider(state, ruleset, state[L.G_CHAIN_ACTOR])
        else:
            phases(state, ruleset, keys, counters, events, counts, count_cards)


@njit(cache=True, _nrt=False, inline="always")
def phases(state, ruleset, keys, counters, events, counts, count_cards):
    """One step of the turn's phases."""
    phase = state[L.G_PHASE]
    if phase == L.PH_START:
        start_phase(state, ruleset, keys, counters, events, counts, count_cards)
        state[L.G_PHASE] = L.PH_DRAW
        state[L.G_SUB] = 0
    elif phase == L.PH_DRAW:
        member = state[L.G_SUB]
        if member >= state[L.G_PER_SIDE]:
            state[L.G_PHASE] = L.PH_MANA
            return
        state[L.G_SUB] = member + 1
        seat = state[L.G_SIDE] + member * state[L.G_SIDES]
        skip = (state[L.G_FIRST_TURN] and ruleset[T.R_FIRST_PLAYER_SKIPS_DRAW]
                and (member == 0 or ruleset[T.R_FIRST_TEAM_BOTH_SKIP]))
        if not alive(state, seat) or skip or ruleset[T.R_DRAW_PER_TURN] == 0:
            return
        chain.push_link(state, np.int64(L.LINK_DRAW), seat, np.int64(-1), ruleset[T.R_DRAW_PER_TURN], np.int64(L.REF_NONE), np.int64(0), np.int64(L.REF_NONE), np.int64(0), np.int64(-1))
        chain.open_window(state, ruleset, seat)
    elif phase == L.PH_MANA:
        for seat in range(state[L.G_SIDE], state[L.G_SEATS], state[L.G_SIDES]):
            if alive(state, seat):
                add_from_deck(state, ruleset, seat, ruleset[T.R_MANA_PER_TURN], events)
        if check_end(state, events):
            return
        state[L.G_PHASE] = L.PH_ACTION
        seat = first_member(state)
        if seat < 0:
            state[L.G_PHASE] = L.PH_END
        else:
            state[L.G_PENDING] = L.DEC_ACTION
            state[L.G_DECIDER] = seat
    elif phase == L.PH_ACTION:
        state[L.G_PHASE] = L.PH_END
    else:
        end_phase(state, ruleset, keys, counters, events, counts, count_cards)
        if state[L.G_DONE]:
            return
        side = (state[L.G_SIDE] + 1) % state[L.G_SIDES]
        state[L.G_SIDE] = side
        state[L.G_FIRST_TURN] = 0
        if side == 0:
            if state[L.G_ROUND] >= ruleset[T.R_ROUND_LIMIT]:
                finish(state, np.int64(-1), np.int64(V.END_TURN_CAP), events)
                return
            state[L.G_ROUND] += 1
        state[L.G_PHASE] = L.PH_START
