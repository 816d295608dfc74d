"""The network: each Company's three nodes (Garden's Lamps, Wayfarer's Waystations), activation by
the Rememberer with permanent history credit, deactivation by enemy control at the end of either
Company's turn, and the all-three-active rewards (Garden's extra Action and free Turnpoint use;
Wayfarer's Connected Waystations are in movement.py), Growth and Disruption."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.attention import pay_surcharge, surcharge
from sim.games.veilwalkers.rules.board import controls, ring_closed, seat_base
from sim.games.veilwalkers.rules.events import log_event


@njit(cache=True, forceinline=True)
def node_site(state, ruleset, seat, node):
    if state[seat_base(seat) + L.P_COMPANY] == V.GARDEN:
        return T.board(ruleset, T.B_LAMP + node)
    return T.board(ruleset, T.B_WAYSTATION + node)


@njit(cache=True, _nrt=False)
def history_credits(state, seat):
    base = seat_base(seat)
    return state[base + L.P_NODE_CREDIT] + state[base + L.P_NODE_CREDIT + 1] + state[base + L.P_NODE_CREDIT + 2]


@njit(cache=True, _nrt=False)
def can_activate(state, ruleset, seat, node):
    """"Your Ready Rememberer must occupy and control your inactive physical, non-Fraying node. Pay one
    Action and two Resonance". (A node on a closed Ring has no physical Site to occupy.)"""
    base = seat_base(seat)
    site = node_site(state, ruleset, seat, node)
    ring = site // L.SITES
    return (state[base + L.P_NODE_ACTIVE + node] == 0 and ring != state[L.G_FRAYING] and not ring_closed(state, ring)
            and state[base + L.P_VB_READY + L.REMEMBERER] == 1 and state[base + L.P_VB_SITE + L.REMEMBERER] == site
            and state[L.G_ACTIONS] >= 1
            and state[base + L.P_RESONANCE] >= ruleset[T.RULE_ACTIVATE_RESONANCE] + surcharge(state, seat)
            and controls(state, ruleset, seat, site))


@njit(cache=True, _nrt=False)
def activate(state, ruleset, seat, node, events):
    """Activation records permanent credit the first time; "The Rememberer stays Ready". A major
    objective (the Attention surcharge). "First activation records permanent credit; Garden also
    Remembers that Lamp's Site."""
    base = seat_base(seat)
    state[L.G_ACTIONS] -= 1
    state[base + L.P_RESONANCE] -= ruleset[T.RULE_ACTIVATE_RESONANCE]
    pay_surcharge(state, seat, events)
    state[base + L.P_NODE_ACTIVE + node] = 1
    first = 1 - state[base + L.P_NODE_CREDIT + node]
    state[base + L.P_NODE_CREDIT + node] = 1
    log_event(state, events, L.EV_ACTIVATE, seat, node, node_site(state, ruleset, seat, node), first)
    if first and state[base + L.P_COMPANY] == V.GARDEN:
        remember_site(state, seat, node_site(state, ruleset, seat, node), events)
    if first and ruleset[T.RULE_WATCHER_MILESTONE] == 1 and history_credits(state, seat) == L.NODES:
        awaken(state, events)  # "Either Company's first completed three-node historical milestone"


@njit(cache=True, inline="always")
def awaken(state, events):
    """The Watcher: "Change Dormant to Hidden; its first movement phase is that Round's end.\""""
    if state[L.G_WATCHER] == L.WATCHER_DORMANT:
        state[L.G_WATCHER] = L.WATCHER_HIDDEN
        state[L.G_WATCHER_ROUND] = state[L.G_ROUND]  # statistics: when it awoke
        log_event(state, events, L.EV_WATCHER, -1, state[L.G_WATCHER_SITE], L.WATCHER_HIDDEN, 0)


@njit(cache=True, _nrt=False)
def gain_growth_or_disruption(state, seat, company, events):
    """"Garden may gain at most one Growth per Round, maximum three"; "Wayfarer similarly gains at most
    one Disruption per Round, maximum three". Called where a qualifying deed happens; only the
    Company named gains."""
    base = seat_base(seat)
    if state[base + L.P_COMPANY] != company or state[base + L.P_GAINED_ROUND] == state[L.G_ROUND]:
        return
    field = L.P_GROWTH if company == V.GARDEN else L.P_DISRUPTION
    if state[base + field] >= 3:
        return
    state[base + field] += 1
    state[base + L.P_GAINED_ROUND] = state[L.G_ROUND]
    log_event(state, events, L.EV_GAIN, seat, company, state[base + field], 0)


@njit(cache=True, inline="always")
def is_remembered(state, site):
    return state[L.G_REMEMBERED] >> site & 1 == 1


@njit(cache=True, _nrt=False)
def remember_site(state, seat, site, events):
    """A Site becomes Remembered. Garden gains Growth "from ... making a Neutral/Forgotten Site
    Remembered" (a Site already Remembered is a no-op: "No-op repairs ... do not qualify"). No effect of
    this stage makes a Site Forgotten, so a Site is Neutral until Remembered."""
    if is_remembered(state, site):
        return
    state[L.G_REMEMBERED] |= 1 << site
    log_event(state, events, L.EV_REMEMBERED, seat, site, 0, 0)
    gain_growth_or_disruption(state, seat, V.GARDEN, events)


@njit(cache=True, _nrt=False)
def deactivation_checks(state, ruleset, events):
    """"Enemy control at the end of either Company's turn deactivates a physical node. A temporary
    mid-turn loss of control or a tie does not.\""""
    for seat in range(L.SEATS):
        base = seat_base(seat)
        for node in range(L.NODES):
            site = node_site(state, ruleset, seat, node)
            if state[base + L.P_NODE_ACTIVE + node] == 1 and controls(state, ruleset, 1 - seat, site):
                state[base + L.P_NODE_ACTIVE + node] = 0
                log_event(state, events, L.EV_DEACTIVATE, seat, node, site, 0)
