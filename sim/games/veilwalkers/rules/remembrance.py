"""Remembrances: claiming and carrying, dislodging by a single large Thread Strike and its recovery
window, and the Convergence victory."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.attention import pay_surcharge, surcharge
from sim.games.veilwalkers.rules.board import controls, seat_base
from sim.games.veilwalkers.rules.ending import finish
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.network import gain_growth_or_disruption, history_credits
from sim.games.veilwalkers.rules.temporary import strike_drop_prevented


@njit(cache=True, forceinline=True)
def token(index):
    return L.G_TOKEN + index * L.TOKEN_W


@njit(cache=True, _nrt=False)
def carried(state, seat):
    n = 0
    for t in range(L.TOKENS):
        if state[token(t) + L.TK_CARRIER] == seat:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def can_claim(state, ruleset, seat, t):
    """"Your Ready Veilwalker must occupy a physical Site your Company controls. Spend one Action to
    take one unclaimed Remembrance there." A Dislodged token: "An opposing Veilwalker there may claim
    this Dislodged token for one Action without Site control. Its former Company cannot reclaim it
    during its next turn; afterward normal claiming resumes.\""""
    base = seat_base(seat)
    site = state[token(t) + L.TK_SITE]
    if site == L.NOWHERE or state[L.G_ACTIONS] < 1 or state[base + L.P_VB_READY + L.VEILWALKER] == 0:
        return False
    if state[base + L.P_RESONANCE] < surcharge(state, seat):
        return False
    if state[base + L.P_VB_SITE + L.VEILWALKER] != site:
        return False
    window = state[token(t) + L.TK_DISLODGED_FROM] >= 0 and state[L.G_TURNS] <= state[token(t) + L.TK_WINDOW]
    if window:
        if state[token(t) + L.TK_DISLODGED_FROM] == seat:
            return False
        return True
    return controls(state, ruleset, seat, site)


@njit(cache=True, _nrt=False)
def enemy_card_present(state, seat, site):
    """An enemy Figure or Installed Relic at the Site (Disruption: "claiming a Remembrance in the
    presence of an enemy Figure or Installed Relic")."""
    other = seat_base(1 - seat)
    for k in range(L.FIG_CAP):
        f = other + L.P_FIG + k * L.FIG_W
        if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site:
            return True
    for k in range(L.REL_CAP):
        r = other + L.P_REL + k * L.REL_W
        if state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] == site:
            return True
    return False


@njit(cache=True, _nrt=False)
def claim(state, seat, t, events):
    state[L.G_ACTIONS] -= 1
    pay_surcharge(state, seat, events)
    site = state[token(t) + L.TK_SITE]
    if enemy_card_present(state, seat, site):
        gain_growth_or_disruption(state, seat, V.WAYFARER, events)
    state[token(t) + L.TK_SITE] = L.NOWHERE
    state[token(t) + L.TK_CARRIER] = seat
    state[token(t) + L.TK_DISLODGED_FROM] = -1
    state[seat_base(seat) + L.P_CLAIMS] += 1
    log_event(state, events, L.EV_CLAIM, seat, t, site, 0)


@njit(cache=True, _nrt=False)
def dislodge(state, seat, site, events):
    """"A single unintercepted Thread Strike causing at least five actual Thread loss dislodges one
    carried Remembrance at the struck Site." The lowest-numbered token carried drops that no protection
    keeps (AV-09's hold, AV-03's kept Remembrance: temporary.strike_drop_prevented)."""
    for t in range(L.TOKENS):
        if state[token(t) + L.TK_CARRIER] == seat and not strike_drop_prevented(state, seat, t):
            state[token(t) + L.TK_CARRIER] = -1
            state[token(t) + L.TK_SITE] = site
            state[token(t) + L.TK_DISLODGED_FROM] = seat
            state[token(t) + L.TK_WINDOW] = state[L.G_TURNS] + 1  # through the struck Company's next turn
            log_event(state, events, L.EV_DISLODGE, seat, t, site, 0)
            return


@njit(cache=True, _nrt=False)
def check_convergence(state, ruleset, seat, events):
    """At the start of Remember: "activate each of your three network Sites at least once, enter
    First Bloom with your Veilwalker, and begin your next Remember controlling Bloom with at least
    three carried Remembrances.\""""
    base = seat_base(seat)
    if (state[base + L.P_VB_SITE + L.VEILWALKER] == L.BLOOM and history_credits(state, seat) == L.NODES
            and carried(state, seat) >= ruleset[T.RULE_TO_WIN] and controls(state, ruleset, seat, L.BLOOM)):
        finish(state, seat, V.END_CONVERGENCE, events)
