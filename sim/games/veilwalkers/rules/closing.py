"""The Closing Spiral (section 11): the drawless count, Fraying, closure (removals, Remembrances
moving inward, Lost in the Fray), Exits, Escape with its arrival reaction, and Force the Breach.

"After both decks are empty and three complete Rounds pass without a draw, Closing starts. Mark Ring I
Fraying for the next full Round, then close it at that Round's end. Continue outward-to-inward through
Ring V, one Ring per Round. Ring VI and Bloom remain. Once begun, Closing does not stop when a card
refills a deck." A Lost piece keeps one site field: LOST + the world sector of its Exit (layout.py)."""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules.board import (
    exit_site,
    figure,
    has_piece,
    is_lost,
    lost_at,
    on_ring,
    piece_site,
    power,
    seat_base,
    sector,
)
from sim.games.veilwalkers.rules.combat import fight
from sim.games.veilwalkers.rules.ending import check_thread, lose_thread
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.movement import can_relocate, is_ally, relocate
from sim.games.veilwalkers.rules.relics import discard_dropped_on
from sim.games.veilwalkers.rules.stronghold import remove_on_ring
from sim.games.veilwalkers.rules.units import unit_gone


@njit(cache=True, inline="always")
def closing_begun(state):
    return state[L.G_FRAYING] >= 0 or state[L.G_CLOSED] > 0


@njit(cache=True, inline="always")
def mark_fraying(state, ring, events):
    state[L.G_FRAYING] = ring
    log_event(state, events, L.EV_FRAYING, -1, ring, 0, 0)


@njit(cache=True, _nrt=False)
def close_ring(state, ruleset, ring, events):
    """"At closure, remove local board units, Strongholds, Foundations, Installed objects, Laid Paths and
    Imprints. This is removal, not Breaking or Razing ... Move unclaimed Remembrances and the Watcher
    inward to the next physical Ring at the same world sector ... Remaining Veilbound and ordinary deck
    Figures become Lost in the Fray." A removed Relic goes to its owner's discard (a Portable Relic Dropped
there too; a borne one goes Lost with its bearer). Active nodes keep
    their light (network.py skips closed nodes)."""
    for seat in range(L.SEATS):
        base = seat_base(seat)
        for piece in range(L.PIECE_FIGURE + L.FIG_CAP):
            site = piece_site(state, seat, piece)
            if piece >= L.PIECE_FIGURE and state[figure(seat, piece - L.PIECE_FIGURE) + L.F_CARD] < 0:
                continue
            if on_ring(site) and site // L.SITES == ring:
                if piece >= L.PIECE_FIGURE and state[figure(seat, piece - L.PIECE_FIGURE) + L.F_UNIT] != L.UNIT_NONE:
                    unit_gone(state, ruleset, seat, piece - L.PIECE_FIGURE, L.UNIT_REMOVED, events)  # a local board unit
                    continue
                lost = lost_at(state, site)
                if piece < L.PIECE_FIGURE:
                    state[base + L.P_VB_SITE + piece] = lost
                else:
                    state[figure(seat, piece - L.PIECE_FIGURE) + L.F_SITE] = lost
                log_event(state, events, L.EV_LOST, seat, piece, lost - L.LOST, 0)
        for k in range(L.REL_CAP):
            r = base + L.P_REL + k * L.REL_W
            if state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] // L.SITES == ring:
                state[base + L.P_DISCARD + state[base + L.P_DISCARD_N]] = state[r + L.R_CARD]
                state[base + L.P_DISCARD_N] += 1
                state[r + L.R_CARD] = -1
                state[r + L.R_SITE] = L.NOWHERE
                state[r + L.R_MUTED] = 0
                state[r + L.R_SUPPRESSED] = 0
    discard_dropped_on(state, ring, events)
    remove_on_ring(state, ring, events)
    inner = ring + 1
    site = state[L.G_WATCHER_SITE]
    if on_ring(site) and site // L.SITES == ring:  # "A removed Watcher stays removed"
        state[L.G_WATCHER_SITE] = inner * L.SITES + (sector(state, site) - state[L.G_OFFSET + inner]) % L.SITES
    for t in range(L.TOKENS):
        tk = L.G_TOKEN + t * L.TOKEN_W
        site = state[tk + L.TK_SITE]
        if on_ring(site) and site // L.SITES == ring:
            state[tk + L.TK_SITE] = inner * L.SITES + (sector(state, site) - state[L.G_OFFSET + inner]) % L.SITES
    state[L.G_CLOSED] = inner
    state[L.G_FRAYING] = -1
    log_event(state, events, L.EV_CLOSE, -1, ring, 0, 0)
    if inner < L.BOUNDARIES:  # "through Ring V": Ring VI remains
        mark_fraying(state, inner, events)


@njit(cache=True, _nrt=False)
def round_end(state, ruleset, events):
    """At Round end: "close the currently Fraying Ring, update the drawless count". A Round counts when
    both decks are empty at its end and no card was drawn during it; a Round with a draw sets the count
    back to zero (RULES.md, Ambiguities)."""
    if state[L.G_FRAYING] >= 0:
        close_ring(state, ruleset, state[L.G_FRAYING], events)
    if not closing_begun(state):
        empty = state[seat_base(0) + L.P_DECK_N] == 0 and state[seat_base(1) + L.P_DECK_N] == 0
        state[L.G_DRAWLESS] = state[L.G_DRAWLESS] + 1 if empty and state[L.G_DREW] == 0 else 0
        needed = ruleset[T.RULE_DRAWLESS_ROUNDS]
        if needed > 0 and state[L.G_DRAWLESS] >= needed:
            state[L.G_CLOSING_ROUND] = state[L.G_ROUND]  # statistics: the Round at whose end Closing began
            mark_fraying(state, 0, events)
    state[L.G_DREW] = 0


@njit(cache=True, _nrt=False)
def exit_open(state, seat, site):
    """"An empty Exit or one with any allied Veilbound/Figure is open; only-enemy occupancy blocks it.\""""
    return has_piece(state, seat, site) or not has_piece(state, 1 - seat, site)


@njit(cache=True, _nrt=False)
def can_escape(state, ruleset, seat, piece, ally):
    """"Escape: one Action and two Resonance to move a Lost unit to its open Exit, Exhausted. A Lost
    Veilwalker may bring one Lost Ally from the same origin, also Exhausted." ``ally``: -1 or the
    Ally's Figure slot. A Lost Veilbound must be Ready ("Exhausted Veilbound cannot ... voluntarily
    move")."""
    if state[L.G_ACTIONS] < 1 or state[seat_base(seat) + L.P_RESONANCE] < ruleset[T.RULE_ESCAPE_RESONANCE]:
        return False
    if not can_relocate(state, seat, piece):
        return False
    lost = piece_site(state, seat, piece)
    if not is_lost(lost) or not exit_open(state, seat, exit_site(state, lost)):
        return False
    if ally < 0:
        return True
    other = L.PIECE_FIGURE + ally
    return (piece == L.VEILWALKER and is_ally(state, ruleset, seat, other) and can_relocate(state, seat, other)
            and piece_site(state, seat, other) == lost)


@njit(cache=True, _nrt=False)
def can_breach(state, ruleset, seat):
    """"Force the Breach: if your Lost Veilwalker's Exit is blocked, pay two Actions, three Resonance and
    one Thread to bring it to that Exit Ready, without escort.\""""
    base = seat_base(seat)
    lost = state[base + L.P_VB_SITE + L.VEILWALKER]
    return (is_lost(lost) and state[base + L.P_VB_READY + L.VEILWALKER] == 1
            and state[L.G_ACTIONS] >= ruleset[T.RULE_BREACH_ACTIONS]
            and state[base + L.P_RESONANCE] >= ruleset[T.RULE_BREACH_RESONANCE]
            and not exit_open(state, seat, exit_site(state, lost)))


@njit(cache=True, _nrt=False)
def ready_enemy_figures(state, seat, site):
    n = 0
    for k in range(L.FIG_CAP):
        f = figure(1 - seat, k)
        if (state[f + L.F_CARD] >= 0 and state[f + L.F_READY] == 1 and state[f + L.F_SITE] == site
                and state[f + L.F_UNIT] != L.UNIT_PATROL):  # a Patrol cannot "initiate combat" (RULES.md)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def arrival_reaction(state, seat, site, arriving, keys, counters, events):
    """"If an enemy Ready Figure is there, roll once: 1-2 no reaction; 3-4 the defender may Exhaust an
    eligible Figure to give one arriving Figure -1 Power until next Remember; 5-6 it may Exhaust one to
    Challenge an arriving Figure. A Veilbound cannot be a Challenge target." The die is rolled only when
    a Figure arrives (no result can touch a Veilbound). On 3-6 the defender decides (DEC_REACTION): which
    Ready Figure there it Exhausts, or none. Returns whether a decision waits."""
    if arriving < 0 or ready_enemy_figures(state, seat, site) == 0:
        return False
    die = 1 + rng.next_below(keys, counters, L.STREAM_CHANCE, 6)
    log_event(state, events, L.EV_REACTION, 1 - seat, die, arriving, 0)
    if die < 3:
        return False
    state[L.G_REACTION] = arriving
    state[L.G_REACTION_DIE] = die
    state[L.G_PENDING] = L.DEC_REACTION
    state[L.G_DECIDER] = 1 - seat
    return True


@njit(cache=True, _nrt=False)
def escape(state, ruleset, seat, piece, ally, keys, counters, events):
    base = seat_base(seat)
    state[L.G_ACTIONS] -= 1
    state[base + L.P_RESONANCE] -= ruleset[T.RULE_ESCAPE_RESONANCE]
    destination = exit_site(state, piece_site(state, seat, piece))
    arriving = -1
    for mover in (piece, -1 if ally < 0 else L.PIECE_FIGURE + ally):
        if mover < 0:
            continue
        relocate(state, ruleset, seat, mover, destination, events)
        if mover < L.PIECE_FIGURE:
            state[base + L.P_VB_READY + mover] = 0
        else:
            state[figure(seat, mover - L.PIECE_FIGURE) + L.F_READY] = 0
            arriving = mover - L.PIECE_FIGURE
        state[base + L.P_ESCAPES] += 1
        log_event(state, events, L.EV_ESCAPE, seat, mover, destination, 0)
    arrival_reaction(state, seat, destination, arriving, keys, counters, events)


@njit(cache=True, _nrt=False)
def breach(state, ruleset, seat, events):
    """"Resolve the same legal arrival reaction" (none can touch the arriving Veilwalker). "Spending your
    last Thread loses before escape.\""""
    base = seat_base(seat)
    state[L.G_ACTIONS] -= ruleset[T.RULE_BREACH_ACTIONS]
    state[base + L.P_RESONANCE] -= ruleset[T.RULE_BREACH_RESONANCE]
    lose_thread(state, seat, ruleset[T.RULE_BREACH_THREAD])
    check_thread(state, events)
    if state[L.G_DONE]:
        return
    destination = exit_site(state, state[base + L.P_VB_SITE + L.VEILWALKER])
    relocate(state, ruleset, seat, L.VEILWALKER, destination, events)
    state[base + L.P_ESCAPES] += 1
    log_event(state, events, L.EV_ESCAPE, seat, L.VEILWALKER, destination, 1)


@njit(cache=True, _nrt=False)
def react(state, ruleset, defender, slot, events):
    """The defender's reaction: Exhaust its Ready Figure ``slot`` (or -1: none) to give the arriving
    Figure -1 Power until its Company's next Remember (3-4) or to Challenge it (5-6); then the active
    Company's Shape resumes (a Figure brought to zero Power is Broken: combat.recheck_lethal)."""
    arriving = state[L.G_REACTION]
    if slot >= 0:
        state[figure(defender, slot) + L.F_READY] = 0
        if state[L.G_REACTION_DIE] >= 5:
            fight(state, ruleset, defender, slot, arriving, events)
        else:
            state[figure(1 - defender, arriving) + L.F_POWER_CHANGE] -= 1
            log_event(state, events, L.EV_WEAKEN, defender, state[figure(1 - defender, arriving) + L.F_CARD],
                      power(state, ruleset, 1 - defender, arriving), 0)
    state[L.G_REACTION] = -1
    state[L.G_REACTION_DIE] = 0
    state[L.G_DECIDER] = 1 - defender
    state[L.G_PENDING] = L.DEC_SHAPE
