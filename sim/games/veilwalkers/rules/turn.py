"""The turn: Remember (Convergence first, refresh, ready, clear damage, Resonance = Loom size, the
Action pool), Draw, Weave, the Shape's end, End (discard to seven, node deactivation checks, the
Dominion marker) and the Round (its end runs the Closing Spiral, closing.py)."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.board import figure, network_active, seat_base
from sim.games.veilwalkers.rules.closing import round_end
from sim.games.veilwalkers.rules.combat import recheck_lethal
from sim.games.veilwalkers.rules.ending import check_round_cap
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.glyphs import clear_chain
from sim.games.veilwalkers.rules.network import deactivation_checks
from sim.games.veilwalkers.rules.remembrance import check_convergence
from sim.games.veilwalkers.rules.rites import dominion_turn_end, offered, shape_ends
from sim.games.veilwalkers.rules.roads import expire_closures
from sim.games.veilwalkers.rules.stronghold import foundation_checks
from sim.games.veilwalkers.rules.temporary import (
    expire_remember_effects,
    expire_round_effects,
    expire_turn_effects,
)
from sim.games.veilwalkers.rules.watcher import awakening_roll, end_suppression, phase


@njit(cache=True, _nrt=False)
def draw_cards(state, seat, n, events, counts, count_cards):
    """"Draw what remains if fewer are available. No automatic reshuffle or Thread loss." Returns the
    number drawn."""
    base = seat_base(seat)
    drawn = 0
    for _ in range(n):
        if state[base + L.P_DECK_N] == 0:
            break
        if state[base + L.P_HAND_N] >= L.HAND_CAP:
            state[L.G_ERROR] = L.ERROR_OVERFLOW
            break
        state[base + L.P_DECK_N] -= 1
        card_id = state[base + L.P_DECK + state[base + L.P_DECK_N]]
        state[base + L.P_HAND + state[base + L.P_HAND_N]] = card_id
        state[base + L.P_HAND_N] += 1
        drawn += 1
        state[L.G_DREW] = 1
        if count_cards:
            counts[seat, card_id, L.COUNT_DRAWN] += 1
        log_event(state, events, L.EV_DRAW, seat, card_id, 0, 0)
    return drawn


@njit(cache=True, _nrt=False)
def take_from_hand(state, seat, index):
    """Remove the hand's ``index``-th card (the others keep their order) and return it."""
    base = seat_base(seat)
    n = state[base + L.P_HAND_N]
    card_id = state[base + L.P_HAND + index]
    for i in range(index, n - 1):
        state[base + L.P_HAND + i] = state[base + L.P_HAND + i + 1]
    state[base + L.P_HAND_N] = n - 1
    return card_id


@njit(cache=True, _nrt=False)
def begin_turn(state, ruleset, seat, events, counts, count_cards):
    """Remember, then Draw; the Weave decision follows (or the Shape when nothing can be woven)."""
    base = seat_base(seat)
    state[L.G_SIDE] = seat
    state[L.G_TURNS] += 1
    state[base + L.P_TURNS] += 1
    check_convergence(state, ruleset, seat, events)
    if state[L.G_DONE]:
        return
    # "Refresh ... held/Drive Off restrictions. Ready your units and cards ... clear ordinary damage on
    # surviving allied Figures, and refresh Resonance to your Loom size"
    for i in range(3):
        state[base + L.P_VB_READY + i] = 1
        state[base + L.P_VB_IMMUNE + i] = 0
    for k in range(L.FIG_CAP):
        f = figure(seat, k)
        if state[f + L.F_CARD] >= 0:
            state[f + L.F_READY] = 1 - state[f + L.F_SHOCKED]  # Veilshock: "skip its next Remember Ready"
            state[f + L.F_SHOCKED] = 0
            state[f + L.F_HELD] = 0
            state[f + L.F_DAMAGE] = 0
            state[f + L.F_POWER_CHANGE] = 0  # "Refresh expiring until-Remember effects"
    expire_closures(state, seat, events)  # roads its effects closed "until: the start of your next team turn"
    expire_remember_effects(state, seat)
    state[base + L.P_RESONANCE] = state[base + L.P_LOOM_N]
    actions = ruleset[T.RULE_ACTIONS]
    if state[base + L.P_COMPANY] == V.GARDEN and network_active(state, seat):
        actions += ruleset[T.RULE_GARDEN_BONUS]  # "four if Garden's reward applies at this point"
    state[L.G_ACTIONS] = actions
    state[base + L.P_FREE_TURNPOINT] = 0
    state[base + L.P_LAID_LOW] = 0
    state[base + L.P_TURN_GLYPH] = 0
    state[base + L.P_SEVERANCE] = 0
    log_event(state, events, L.EV_TURN, seat, state[L.G_ROUND], actions, 0)
    first = state[L.G_TURNS] == 1
    draw_cards(state, seat, ruleset[T.RULE_FIRST_DRAW] if first else ruleset[T.RULE_DRAW], events, counts, count_cards)
    state[L.G_DECIDER] = seat
    if state[base + L.P_HAND_N] > 0 and state[base + L.P_LOOM_N] < ruleset[T.RULE_LOOM_MAX]:
        state[L.G_PHASE] = L.PH_WEAVE
        state[L.G_PENDING] = L.DEC_WEAVE
    else:
        state[L.G_PHASE] = L.PH_SHAPE
        state[L.G_PENDING] = L.DEC_SHAPE


@njit(cache=True, _nrt=False)
def weave(state, ruleset, seat, index, events):
    """"optionally put one card from hand facedown into your Loom, maximum eight. Immediately gain one
    Resonance if you do.\""""
    base = seat_base(seat)
    card_id = take_from_hand(state, seat, index)
    state[base + L.P_LOOM + state[base + L.P_LOOM_N]] = card_id
    state[base + L.P_LOOM_N] += 1
    state[base + L.P_RESONANCE] += 1
    log_event(state, events, L.EV_WEAVE, seat, card_id, state[base + L.P_LOOM_N], 0)
    offered(state, ruleset, seat, events)


@njit(cache=True, _nrt=False)
def start_shape(state):
    state[L.G_PHASE] = L.PH_SHAPE
    state[L.G_PENDING] = L.DEC_SHAPE


@njit(cache=True, _nrt=False)
def end_shape(state, ruleset, seat, events):
    """Into End: "discard down to seven" is the active Company's choice, one card at a time. The Rite of
    the Open Hand is judged as the Shape ends, before those discards."""
    shape_ends(state, ruleset, seat, events)
    state[L.G_PHASE] = L.PH_END
    if state[seat_base(seat) + L.P_HAND_N] > ruleset[T.RULE_HAND_LIMIT]:
        state[L.G_PENDING] = L.DEC_DISCARD
    else:
        state[L.G_PENDING] = L.DEC_NONE


@njit(cache=True, _nrt=False)
def discard(state, ruleset, seat, index, events):
    base = seat_base(seat)
    card_id = take_from_hand(state, seat, index)
    state[base + L.P_DISCARD + state[base + L.P_DISCARD_N]] = card_id
    state[base + L.P_DISCARD_N] += 1
    log_event(state, events, L.EV_DISCARD, seat, card_id, 0, 0)
    if state[base + L.P_HAND_N] <= ruleset[T.RULE_HAND_LIMIT]:
        state[L.G_PENDING] = L.DEC_NONE


@njit(cache=True, _nrt=False)
def end_turn(state, ruleset, seat, keys, counters, events, counts, count_cards):
    """"perform node-deactivation checks, and lose unused Actions. Keep unspent Resonance"; at the
    Round's end (after the second Company's turn) refresh round allowances; then the next turn. "expire
    turn effects" comes before the deactivation checks; "Recheck lethal damage when a temporary Power
    bonus expires" follows each expiry."""
    expire_turn_effects(state, events)
    recheck_lethal(state, ruleset, events)
    deactivation_checks(state, ruleset, events)
    dominion_turn_end(state, ruleset, seat, events)
    foundation_checks(state, ruleset, events)
    end_suppression(state, seat)
    state[L.G_ACTIONS] = 0
    state[seat_base(seat) + L.P_BREAK_THROUGH] = 0  # "the next otherwise legal Traverse that turn"
    clear_chain(state, seat, L.CHAIN_TURN)  # "Clear the Turn Chain at the end of that Company's turn"
    state[seat_base(seat) + L.P_FREE_WAYMARK] = 0  # AP-12: "before end of turn"
    if seat == L.SEATS - 1:
        # "At Round end: resolve card triggers, run the Watcher, close the currently Fraying Ring, update
        # the drawless count, then expire round effects and refresh round allowances"
        awakening_roll(state, ruleset, keys, counters, events)
        phase(state, ruleset, keys, counters, events)
        round_end(state, ruleset, events)
        expire_round_effects(state, events)
        recheck_lethal(state, ruleset, events)
        for s in range(L.SEATS):
            state[seat_base(s) + L.P_DISASTER] = 0
            state[seat_base(s) + L.P_ALIGNED] = 0  # "once per named Alignment per Company per Round"
        state[L.G_ROUND] += 1
        check_round_cap(state, ruleset, events)
        if state[L.G_DONE]:
            return
    begin_turn(state, ruleset, (seat + 1) % L.SEATS, events, counts, count_cards)
