"""Temporary effects: Power until end of turn or end of Round on a Figure, temporary Resonance, and the
protections that last until the Company's next Remember Phase (Appendix C's Alignments give them).

"5. End: ... expire turn effects"; "At Round end: ... then expire round effects"; "1. Remember: ...
Refresh expiring until-Remember effects"; "Recheck lethal damage when a temporary Power bonus expires"
(the caller rechecks: combat.recheck_lethal). The Power changes and AV-09's Presence are read by board.power and board.presence
(temporary_power, hold_presence). Each effect carries the stamp of its period (G_TURNS for a
turn, G_ROUND for a Round, its Company's P_TURNS for until-Remember), so temporary_invariant can tell
that nothing outlives its period.
"""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.rules.board import figure, seat_base, temp
from sim.games.veilwalkers.rules.events import log_event


@njit(cache=True, inline="always")
def card_broken(state, seat):
    """A card the Company controlled was Broken (AP-10: "If any card you controlled was Broken earlier
    this turn")."""
    state[seat_base(seat) + L.P_BROKE_TURN] = state[L.G_TURNS]


@njit(cache=True, inline="always")
def broken_this_turn(state, seat):
    return state[seat_base(seat) + L.P_BROKE_TURN] == state[L.G_TURNS]


@njit(cache=True, _nrt=False)
def mark_figure(state, seat, slot, field, amount, stamp_field, stamp, kind, events):
    """Add ``amount`` to the Figure's temporary ``field`` (TM_*), stamp its period (``stamp`` into
    ``stamp_field``) and log it as ``kind`` (TEMP_*)."""
    t = temp(seat, slot)
    state[t + field] += amount
    state[t + stamp_field] = stamp
    log_event(state, events, L.EV_TEMPORARY, seat, kind, state[figure(seat, slot) + L.F_CARD], amount)


@njit(cache=True, _nrt=False)
def gain_turn_power(state, seat, slot, amount, events):
    """"It gains: +2 Power until end of turn.\""""
    mark_figure(state, seat, slot, L.TM_TURN_POWER, amount, L.TM_TURN, state[L.G_TURNS], L.TEMP_POWER, events)


@njit(cache=True, _nrt=False)
def weaken(state, seat, slot, amount, events):
    """"Until end of turn: it loses: 2 Power minimum 1" (the minimum applies while it lasts:
    temporary_power)."""
    mark_figure(state, seat, slot, L.TM_WEAKEN, amount, L.TM_TURN, state[L.G_TURNS], L.TEMP_WEAKEN, events)


@njit(cache=True, _nrt=False)
def gain_round_power(state, seat, slot, amount, events):
    """"Until end of round it gains: +1 Power.\""""
    mark_figure(state, seat, slot, L.TM_ROUND_POWER, amount, L.TM_ROUND, state[L.G_ROUND], L.TEMP_ROUND_POWER, events)


@njit(cache=True, _nrt=False)
def guard(state, seat, slot, field, amount, kind, events):
    """An until-Remember protection on a Figure: TM_WARD (AP-09) or TM_RESCUE (AV-03); given again, it
    is set anew, not added to."""
    state[temp(seat, slot) + field] = 0
    mark_figure(state, seat, slot, field, amount, L.TM_GUARD, state[seat_base(seat) + L.P_TURNS], kind, events)


@njit(cache=True, _nrt=False)
def gain_temporary_resonance(state, seat, amount, events):
    """"also gain: 1 temporary Resonance ... Temporary Resonance expires normally": it joins the pool,
    is spent as any Resonance, and ends at the Company's next Remember, where the pool resets to the
    Loom size ("Keep unspent Resonance available for responses during the opposing turn. At your next
    Remember, reset it to your Loom size rather than adding to it")."""
    base = seat_base(seat)
    state[base + L.P_RESONANCE] += amount
    state[base + L.P_TEMP_RESONANCE] += amount
    state[base + L.P_TEMP_RESONANCE_TURNS] = state[base + L.P_TURNS]
    log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_RESONANCE, -1, amount)


@njit(cache=True, _nrt=False)
def hold_convergence(state, seat, amount, events):
    """AV-09: "Until your next Remember Phase: Remembrances carried by that Veilwalker cannot be Dropped
    through direct Thread Strikes, and your team gains: +2 Presence at that Veilwalker's Site.\""""
    base = seat_base(seat)
    state[base + L.P_HOLD_PRESENCE] = amount
    state[base + L.P_HOLD_TURNS] = state[base + L.P_TURNS]
    log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_HOLD, -1, amount)


@njit(cache=True, _nrt=False)
def keep_remembrance(state, seat, token, events):
    """AV-03's Remembrance: "Until your next Remember Phase: it cannot be Dropped, stolen, or transferred
    by an opposing effect.\""""
    base = seat_base(seat)
    state[base + L.P_KEPT_TOKEN] = token + 1
    state[base + L.P_KEPT_TURNS] = state[base + L.P_TURNS]
    log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_KEEP, -1, token)


@njit(cache=True, _nrt=False)
def strike_drop_prevented(state, seat, token):
    """May a Thread Strike not make the Company drop this carried Remembrance (AV-09's hold, AV-03's
    kept Remembrance)?"""
    base = seat_base(seat)
    return state[base + L.P_HOLD_PRESENCE] > 0 or state[base + L.P_KEPT_TOKEN] == token + 1


@njit(cache=True, inline="always")
def opposing_drop_prevented(state, seat, token):
    """AV-03: may no opposing effect (a Drive Off) make the Company drop this Remembrance?"""
    return state[seat_base(seat) + L.P_KEPT_TOKEN] == token + 1


@njit(cache=True, _nrt=False)
def ward_damage(state, seat, slot, damage, events):
    """AP-09: "the first Challenge damage it would take is reduced by: 1". Returns the damage it takes."""
    t = temp(seat, slot)
    reduction = min(state[t + L.TM_WARD], damage)
    if state[t + L.TM_WARD] > 0 and damage > 0:
        state[t + L.TM_WARD] = 0
        log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_WARDED, state[figure(seat, slot) + L.F_CARD], reduction)
        return damage - reduction
    return damage


@njit(cache=True, _nrt=False)
def rescued(state, seat, slot, current_power, events):
    """AV-03: "the first time it would be Broken: remove enough damage to leave it one damage short of
    being Broken, becomes Exhausted, and loses this protection ... this rescue does not alter printed
    Power and cannot prevent removal that is not Breaking"; "damage-only survival cannot rescue zero
    Power". Called where lethal damage would Break the Figure; True if it survives."""
    t = temp(seat, slot)
    if state[t + L.TM_RESCUE] == 0 or current_power <= 0:
        return False
    f = figure(seat, slot)
    state[f + L.F_DAMAGE] = current_power - 1
    state[f + L.F_READY] = 0
    state[t + L.TM_RESCUE] = 0
    log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_RESCUED, state[f + L.F_CARD], current_power - 1)
    return True


@njit(cache=True, _nrt=False)
def hold_gate(state, seat, boundary, events):
    """AV-04: "For your team's next Traverse through that Gate this turn: treat the Gate as physically
    aligned regardless of current Ring orientation.\""""
    base = seat_base(seat)
    state[base + L.P_HELD_GATE] = boundary + 1
    state[base + L.P_HELD_GATE_TURN] = state[L.G_TURNS]
    log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_GATE, -1, boundary)


@njit(cache=True, inline="always")
def gate_held(state, seat, boundary):
    return state[seat_base(seat) + L.P_HELD_GATE] == boundary + 1


@njit(cache=True, _nrt=False)
def gate_traversed(state, seat, boundary):
    """"After that Traverse: the effect ends" (the next Traverse through that Gate, aligned or not)."""
    if boundary >= 0 and gate_held(state, seat, boundary):
        state[seat_base(seat) + L.P_HELD_GATE] = 0
        state[seat_base(seat) + L.P_HELD_GATE_TURN] = 0


@njit(cache=True, _nrt=False)
def unseen_passage(state, seat, site, events):
    """AV-12: "Until end of turn, the next Waymark or Traverse your team performs at the invoking
    Veilwalker's Site ignores Revealed Watcher Presence for that Action's legality.\""""
    base = seat_base(seat)
    state[base + L.P_UNSEEN_SITE] = site + 1
    state[base + L.P_UNSEEN_TURN] = state[L.G_TURNS]
    log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_UNSEEN, -1, site)


@njit(cache=True, inline="always")
def watcher_ignored(state, seat, site):
    return state[seat_base(seat) + L.P_UNSEEN_SITE] == site + 1


@njit(cache=True, _nrt=False)
def passage_used(state, seat, site):
    """The "next Waymark or Traverse" at that Site was performed: the effect is spent (whether or not the
    Watcher stood in its way)."""
    if watcher_ignored(state, seat, site):
        state[seat_base(seat) + L.P_UNSEEN_SITE] = 0
        state[seat_base(seat) + L.P_UNSEEN_TURN] = 0


@njit(cache=True, _nrt=False)
def expire_turn_effects(state, events):
    """"5. End: ... expire turn effects" (either Company's turn: "until end of turn" is the turn it was
    given in)."""
    for seat in range(L.SEATS):
        for slot in range(L.FIG_CAP):
            t = temp(seat, slot)
            if state[t + L.TM_TURN] != 0:
                if state[figure(seat, slot) + L.F_CARD] >= 0:
                    log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_EXPIRED,
                              state[figure(seat, slot) + L.F_CARD], L.TEMP_POWER)
                state[t + L.TM_TURN_POWER] = 0
                state[t + L.TM_WEAKEN] = 0
                state[t + L.TM_TURN] = 0
        state[seat_base(seat) + L.P_HELD_GATE] = 0  # AV-04: "this turn"
        state[seat_base(seat) + L.P_HELD_GATE_TURN] = 0
        state[seat_base(seat) + L.P_UNSEEN_SITE] = 0  # AV-12: "Until end of turn"
        state[seat_base(seat) + L.P_UNSEEN_TURN] = 0


@njit(cache=True, _nrt=False)
def expire_round_effects(state, events):
    """"At Round end: ... then expire round effects.\""""
    for seat in range(L.SEATS):
        for slot in range(L.FIG_CAP):
            t = temp(seat, slot)
            if state[t + L.TM_ROUND] != 0:
                if state[figure(seat, slot) + L.F_CARD] >= 0:
                    log_event(state, events, L.EV_TEMPORARY, seat, L.TEMP_EXPIRED,
                              state[figure(seat, slot) + L.F_CARD], L.TEMP_ROUND_POWER)
                state[t + L.TM_ROUND_POWER] = 0
                state[t + L.TM_ROUND] = 0


@njit(cache=True, _nrt=False)
def expire_remember_effects(state, seat):
    """"1. Remember: ... Refresh expiring until-Remember effects": the Company's protections and its
    temporary Resonance (before the pool resets to the Loom size)."""
    base = seat_base(seat)
    for slot in range(L.FIG_CAP):
        t = temp(seat, slot)
        state[t + L.TM_WARD] = 0
        state[t + L.TM_RESCUE] = 0
        state[t + L.TM_GUARD] = 0
    for field in (L.P_TEMP_RESONANCE, L.P_TEMP_RESONANCE_TURNS, L.P_HOLD_PRESENCE, L.P_HOLD_TURNS, L.P_KEPT_TOKEN,
                  L.P_KEPT_TURNS):
        state[base + field] = 0


@njit(cache=True, _nrt=False)
def temporary_invariant(state):
    """0 or INVARIANT_TEMPORARY: nothing temporary outlives its period (each effect's stamp is its
    period's), and an empty Figure slot carries none."""
    for seat in range(L.SEATS):
        base = seat_base(seat)
        turns = state[base + L.P_TURNS]
        for slot in range(L.FIG_CAP):
            t = temp(seat, slot)
            if state[figure(seat, slot) + L.F_CARD] < 0:
                for i in range(L.TEMP_W):
                    if state[t + i] != 0:
                        return L.INVARIANT_TEMPORARY
                continue
            if state[t + L.TM_TURN_POWER] < 0 or state[t + L.TM_WEAKEN] < 0 or state[t + L.TM_ROUND_POWER] < 0:
                return L.INVARIANT_TEMPORARY
            if (state[t + L.TM_TURN_POWER] != 0 or state[t + L.TM_WEAKEN] != 0) and state[t + L.TM_TURN] != state[L.G_TURNS]:
                return L.INVARIANT_TEMPORARY
            if state[t + L.TM_ROUND_POWER] != 0 and state[t + L.TM_ROUND] != state[L.G_ROUND]:
                return L.INVARIANT_TEMPORARY
            if (state[t + L.TM_WARD] != 0 or state[t + L.TM_RESCUE] != 0) and state[t + L.TM_GUARD] != turns:
                return L.INVARIANT_TEMPORARY
        for amount, stamp in ((L.P_TEMP_RESONANCE, L.P_TEMP_RESONANCE_TURNS), (L.P_HOLD_PRESENCE, L.P_HOLD_TURNS),
                              (L.P_KEPT_TOKEN, L.P_KEPT_TURNS)):
            if state[base + amount] < 0 or (state[base + amount] != 0 and state[base + stamp] != turns):
                return L.INVARIANT_TEMPORARY
        for field, stamp in ((L.P_HELD_GATE, L.P_HELD_GATE_TURN), (L.P_UNSEEN_SITE, L.P_UNSEEN_TURN)):
            if state[base + field] != 0 and state[base + stamp] != state[L.G_TURNS]:
                return L.INVARIANT_TEMPORARY
    return 0
