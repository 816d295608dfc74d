"""Strongholds (section 9): establishing the Company's one Stronghold, its combat Power bonus, the Drive
Off return, the once-per-Round Ally deployment at it, relocation through a Foundation, and its
destruction. (The Patrol deployed from it: patrol.py.)"""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules.board import controls, figure, has_piece, on_ring, power, seat_base
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.units import may_attack


@njit(cache=True, inline="always")
def stronghold_site(state, seat):
    return state[seat_base(seat) + L.P_STRONGHOLD]


@njit(cache=True, inline="always")
def combat_bonus(state, ruleset, seat, site):
    """"It immediately gives +1 allied combat Power there" (to the damage the Company's Figures deal
    there: see RULES.md, Ambiguities)."""
    return ruleset[T.RULE_STRONGHOLD_POWER] if site == stronghold_site(state, seat) and site >= 0 else 0


@njit(cache=True, _nrt=False)
def site_allows(state, ruleset, seat, site):
    """"a controlled, uncontested non-Bloom, non-Fraying Site\""""
    return (on_ring(site) and site // L.SITES != state[L.G_FRAYING] and not has_piece(state, 1 - seat, site)
            and controls(state, ruleset, seat, site))


@njit(cache=True, _nrt=False)
def can_establish(state, ruleset, seat):
    """"Your Ready Veilwalker at a controlled, uncontested non-Bloom, non-Fraying Site may spend one Action
    to establish your one Stronghold." "Relocate with one Action at a new legal Site" (one Foundation at
    a time)."""
    base = seat_base(seat)
    site = state[base + L.P_VB_SITE + L.VEILWALKER]
    return (state[L.G_ACTIONS] >= 1 and state[base + L.P_VB_READY + L.VEILWALKER] == 1
            and state[base + L.P_FOUNDATION] == L.NOWHERE and site != state[base + L.P_STRONGHOLD]
            and site_allows(state, ruleset, seat, site))


@njit(cache=True, _nrt=False)
def establish(state, seat, events):
    """Relocation: "remove the old Stronghold and place a Foundation ... It gives no benefits until
    finished.\""""
    base = seat_base(seat)
    site = state[base + L.P_VB_SITE + L.VEILWALKER]
    state[L.G_ACTIONS] -= 1
    if state[base + L.P_STRONGHOLD] == L.NOWHERE:
        state[base + L.P_STRONGHOLD] = site
        log_event(state, events, L.EV_STRONGHOLD, seat, site, L.STRONGHOLD_ESTABLISHED, 0)
    else:
        state[base + L.P_STRONGHOLD] = L.NOWHERE
        state[base + L.P_FOUNDATION] = site
        state[base + L.P_FOUNDATION_TURN] = state[L.G_TURNS]
        log_event(state, events, L.EV_STRONGHOLD, seat, site, L.STRONGHOLD_FOUNDATION, 0)


@njit(cache=True, _nrt=False)
def can_finish(state, ruleset, seat):
    """"On a later turn pay one Action to finish while still there and meeting the same conditions.\""""
    base = seat_base(seat)
    site = state[base + L.P_FOUNDATION]
    return (site != L.NOWHERE and state[L.G_TURNS] > state[base + L.P_FOUNDATION_TURN] and state[L.G_ACTIONS] >= 1
            and state[base + L.P_VB_SITE + L.VEILWALKER] == site and state[base + L.P_VB_READY + L.VEILWALKER] == 1
            and site_allows(state, ruleset, seat, site))


@njit(cache=True, _nrt=False)
def finish(state, seat, events):
    base = seat_base(seat)
    state[L.G_ACTIONS] -= 1
    state[base + L.P_STRONGHOLD] = state[base + L.P_FOUNDATION]
    state[base + L.P_FOUNDATION] = L.NOWHERE
    log_event(state, events, L.EV_STRONGHOLD, seat, state[base + L.P_STRONGHOLD], L.STRONGHOLD_FINISHED, 0)


@njit(cache=True, _nrt=False)
def foundation_checks(state, ruleset, events):
    """"Leaving or enemy control at turn end abandons the Foundation." At the end of every turn."""
    for seat in range(L.SEATS):
        base = seat_base(seat)
        site = state[base + L.P_FOUNDATION]
        if site == L.NOWHERE:
            continue
        if state[base + L.P_VB_SITE + L.VEILWALKER] != site or controls(state, ruleset, 1 - seat, site):
            state[base + L.P_FOUNDATION] = L.NOWHERE
            log_event(state, events, L.EV_STRONGHOLD, seat, site, L.STRONGHOLD_ABANDONED, 0)


@njit(cache=True, _nrt=False)
def can_destroy(state, ruleset, seat, attacker):
    """"An undefended Stronghold can be destroyed by a Ready enemy Figure of at least Power 4 there
    spending one Action and Exhausting. Any allied Veilbound or Figure defends it.\""""
    a = figure(seat, attacker)
    site = stronghold_site(state, 1 - seat)
    return (state[L.G_ACTIONS] >= 1 and site != L.NOWHERE and state[a + L.F_CARD] >= 0 and state[a + L.F_READY] == 1
            and may_attack(state, seat, attacker) and state[a + L.F_SITE] == site and power(state, ruleset, seat, attacker) >= ruleset[
                T.RULE_DESTROY_POWER] and not has_piece(state, 1 - seat, site))


@njit(cache=True, _nrt=False)
def destroy(state, seat, attacker, events):
    other = seat_base(1 - seat)
    state[L.G_ACTIONS] -= 1
    state[figure(seat, attacker) + L.F_READY] = 0
    site = state[other + L.P_STRONGHOLD]
    state[other + L.P_STRONGHOLD] = L.NOWHERE
    log_event(state, events, L.EV_STRONGHOLD, 1 - seat, site, L.STRONGHOLD_DESTROYED, 0)


@njit(cache=True, _nrt=False)
def remove_on_ring(state, ring, events):
    """Closure: "remove ... Strongholds, Foundations" on the closing Ring."""
    for seat in range(L.SEATS):
        base = seat_base(seat)
        for field in (L.P_STRONGHOLD, L.P_FOUNDATION):
            site = state[base + field]
            if on_ring(site) and site // L.SITES == ring:
                state[base + field] = L.NOWHERE
                log_event(state, events, L.EV_STRONGHOLD, seat, site, L.STRONGHOLD_REMOVED, 0)
