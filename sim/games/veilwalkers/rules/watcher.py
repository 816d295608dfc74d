"""The Watcher (section 10): a neutral NPC the rules move with dice. Dormant (no effects), Hidden
(public location, no Presence, cannot be attacked), Revealed (three neutral Presence, Power 3 when
defending), removed (Close the Eye). Its place at setup, the awakening schedule and the three-node
milestone, the Watcher phase (Distance, Direction and Behavior dice: Lurk, Observe, Interfere),
Suppression, the Challenge that defeats it, Close the Eye with Veilshock, and the Remnant. Every die
comes from the match's chance stream."""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules.attention import gain_attention, pay_surcharge, surcharge
from sim.games.veilwalkers.rules.board import (
    controls,
    figure,
    is_lost,
    neighbor,
    on_ring,
    physical_site,
    power,
    presence,
    ring_closed,
    seat_base,
    sector,
)
from sim.games.veilwalkers.rules.combat import break_figure
from sim.games.veilwalkers.rules.ending import restore_thread
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.movement import can_relocate, relocate
from sim.games.veilwalkers.rules.network import awaken, node_site
from sim.games.veilwalkers.rules.rites import severed
from sim.games.veilwalkers.rules.stronghold import combat_bonus
from sim.games.veilwalkers.rules.temporary import rescued, ward_damage
from sim.games.veilwalkers.rules.units import may_attack

CLOCKWISE, COUNTERCLOCKWISE, INWARD, OUTWARD = range(4)


@njit(cache=True, inline="always")
def die(keys, counters):
    return 1 + rng.next_below(keys, counters, L.STREAM_CHANCE, 6)


@njit(cache=True, inline="always")
def log_watcher(state, behavior, events):
    log_event(state, events, L.EV_WATCHER, -1, state[L.G_WATCHER_SITE], state[L.G_WATCHER], behavior)


@njit(cache=True, _nrt=False)
def place(state, keys, counters, events):
    """"Roll a die for the Watcher's Ring, then another for its Site, 1-6 meaning S0-S5; place it
    Dormant. Its location is always public." (After the player starts.)"""
    ring = die(keys, counters) - 1
    state[L.G_WATCHER_SITE] = ring * L.SITES + die(keys, counters) - 1
    state[L.G_WATCHER] = L.WATCHER_DORMANT
    log_watcher(state, 0, events)


@njit(cache=True, _nrt=False)
def awakening_roll(state, ruleset, keys, counters, events):
    """"At the end of Round 10, awaken on 6; Round 11 on 5-6; Round 12 on 4-6; Round 13 on 3-6; Round
    14 on 2-6; Round 15 automatically.\""""
    first = ruleset[T.RULE_WATCHER_ROUND]
    late = state[L.G_ROUND] - first
    if first == 0 or late < 0 or state[L.G_WATCHER] != L.WATCHER_DORMANT:
        return
    if late >= 5 or die(keys, counters) >= 6 - late:
        awaken(state, events)


@njit(cache=True, _nrt=False)
def step_from(state, site, direction):
    """One Site on: along the Ring, or radially keeping the world sector ("Radial movement keeps world
    sector and ignores Gates. Stop at boundaries of the physical board": never into Bloom or a closed
    Ring). Returns the Site, or -1 at a boundary."""
    if direction == CLOCKWISE or direction == COUNTERCLOCKWISE:
        return neighbor(site, direction)
    ring = site // L.SITES + (1 if direction == INWARD else -1)
    if ring >= L.RINGS or ring < 0 or ring_closed(state, ring):
        return -1
    return ring * L.SITES + (sector(state, site) - state[L.G_OFFSET + ring]) % L.SITES


@njit(cache=True, _nrt=False)
def move(state, steps, direction):
    for _ in range(steps):
        site = step_from(state, state[L.G_WATCHER_SITE], direction)
        if site < 0:
            return
        state[L.G_WATCHER_SITE] = site


@njit(cache=True, _nrt=False)
def move_random(state, steps, keys, counters):
    """"move it ... in a random legal direction": one of the directions with a next Site, by die."""
    legal = 0
    for direction in range(4):
        if step_from(state, state[L.G_WATCHER_SITE], direction) >= 0:
            legal += 1
    pick = rng.next_below(keys, counters, L.STREAM_CHANCE, legal)
    for direction in range(4):
        if step_from(state, state[L.G_WATCHER_SITE], direction) >= 0:
            if pick == 0:
                move(state, steps, direction)
                return
            pick -= 1


@njit(cache=True, _nrt=False)
def characters(state, seat, site):
    """(Veilbound, Figures) of the Company at the Site."""
    base = seat_base(seat)
    veilbound = 0
    for i in range(3):
        if state[base + L.P_VB_SITE + i] == site:
            veilbound += 1
    figures = 0
    for k in range(L.FIG_CAP):
        f = figure(seat, k)
        if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site:
            figures += 1
    return veilbound, figures


@njit(cache=True, _nrt=False)
def relevant(state, ruleset, site):
    """"Relevant objects include Veilbound, Figures, Installed Relics, Remembrances, Strongholds and
    active nodes.\""""
    for seat in range(L.SEATS):
        veilbound, figures = characters(state, seat, site)
        if veilbound + figures > 0:
            return True
        base = seat_base(seat)
        for k in range(L.REL_CAP):
            r = base + L.P_REL + k * L.REL_W
            if state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] == site:
                return True
        for node in range(L.NODES):
            if state[base + L.P_NODE_ACTIVE + node] == 1 and node_site(state, ruleset, seat, node) == site:
                return True
        if state[base + L.P_STRONGHOLD] == site:
            return True
    for t in range(L.TOKENS):
        if state[L.G_TOKEN + t * L.TOKEN_W + L.TK_SITE] == site:
            return True
    return False


@njit(cache=True, _nrt=False)
def observe(state, ruleset, site, events):
    """"Observe, Reveal if there is a relevant object, reveal hidden player objects there and give each
    Company with a character there one Attention ... With nothing relevant, become Hidden.\""""
    if not relevant(state, ruleset, site):
        state[L.G_WATCHER] = L.WATCHER_HIDDEN
        return
    state[L.G_WATCHER] = L.WATCHER_REVEALED
    for seat in range(L.SEATS):
        veilbound, figures = characters(state, seat, site)
        if veilbound + figures > 0:
            gain_attention(state, seat, 1, events)


@njit(cache=True, _nrt=False)
def interfere(state, ruleset, site, keys, counters, events):
    """"Interfere, Reveal and Suppress an Installed Relic; otherwise Exhaust the highest-Power eligible
    Figure; otherwise give one Company with a Veilbound there one Attention. If none applies, Observe."
    "Resolve tied neutral choices uniformly by die." A Relic already Suppressed and an Exhausted Figure
    are not eligible (the instruction would change nothing)."""
    relics = 0
    for seat in range(L.SEATS):
        base = seat_base(seat)
        for k in range(L.REL_CAP):
            r = base + L.P_REL + k * L.REL_W
            if state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] == site and state[r + L.R_SUPPRESSED] == 0:
                relics += 1
    if relics > 0:
        pick = rng.next_below(keys, counters, L.STREAM_CHANCE, relics)
        for seat in range(L.SEATS):
            base = seat_base(seat)
            for k in range(L.REL_CAP):
                r = base + L.P_REL + k * L.REL_W
                if state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] == site and state[r + L.R_SUPPRESSED] == 0:
                    if pick == 0:
                        state[r + L.R_SUPPRESSED] = 1
                        state[L.G_WATCHER] = L.WATCHER_REVEALED
                        log_event(state, events, L.EV_SUPPRESS, seat, state[r + L.R_CARD], 0, 0)
                        return
                    pick -= 1
    best, tied = -1, 0
    for seat in range(L.SEATS):
        for k in range(L.FIG_CAP):
            f = figure(seat, k)
            if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site and state[f + L.F_READY] == 1:
                p = power(state, ruleset, seat, k)
                if p > best:
                    best, tied = p, 1
                elif p == best:
                    tied += 1
    if tied > 0:
        pick = rng.next_below(keys, counters, L.STREAM_CHANCE, tied)
        for seat in range(L.SEATS):
            for k in range(L.FIG_CAP):
                f = figure(seat, k)
                if (state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site and state[f + L.F_READY] == 1
                        and power(state, ruleset, seat, k) == best):
                    if pick == 0:
                        state[f + L.F_READY] = 0
                        state[L.G_WATCHER] = L.WATCHER_REVEALED
                        return
                    pick -= 1
    with_veilbound = 0
    for seat in range(L.SEATS):
        if characters(state, seat, site)[0] > 0:
            with_veilbound += 1
    if with_veilbound > 0:
        pick = rng.next_below(keys, counters, L.STREAM_CHANCE, with_veilbound)
        for seat in range(L.SEATS):
            if characters(state, seat, site)[0] > 0:
                if pick == 0:
                    state[L.G_WATCHER] = L.WATCHER_REVEALED
                    gain_attention(state, seat, 1, events)
                    return
                pick -= 1
    observe(state, ruleset, site, events)


@njit(cache=True, _nrt=False)
def phase(state, ruleset, keys, counters, events):
    """The Watcher phase at Round end: "Roll three dice independently: Distance: 1 = stay, 2-3 = one
    Site, 4-5 = two, 6 = three. Direction: 1-2 clockwise, 3-4 counterclockwise, 5 inward, 6 outward ...
    Behavior: 1-2 Lurk, become Hidden. 3-4 Observe ... 5-6 Interfere." Damage not defeating it is
    cleared "at the next Watcher phase"."""
    if state[L.G_WATCHER] != L.WATCHER_HIDDEN and state[L.G_WATCHER] != L.WATCHER_REVEALED:
        return
    state[L.G_WATCHER_DAMAGE] = 0
    distance = die(keys, counters)
    direction = die(keys, counters)
    behavior = die(keys, counters)
    steps = 0 if distance == 1 else (1 if distance <= 3 else (2 if distance <= 5 else 3))
    move(state, steps, (direction - 1) // 2 if direction <= 4 else direction - 3)
    site = state[L.G_WATCHER_SITE]
    if behavior <= 2:
        state[L.G_WATCHER] = L.WATCHER_HIDDEN
    elif behavior <= 4:
        observe(state, ruleset, site, events)
    else:
        interfere(state, ruleset, site, keys, counters, events)
    log_watcher(state, behavior, events)


@njit(cache=True, _nrt=False)
def end_suppression(state, seat):
    """"Suppression disables a Relic's text, Presence and Awakening/activation until the end of its
    controller's next turn, then ends automatically" (the Watcher acts at Round end, so the controller's
    next turn is the first of its turns to end after the Suppression)."""
    base = seat_base(seat)
    for k in range(L.REL_CAP):
        state[base + L.P_REL + k * L.REL_W + L.R_SUPPRESSED] = 0


@njit(cache=True, _nrt=False)
def can_challenge_watcher(state, seat, attacker):
    """The Revealed Watcher is Challenged like a Figure ("Power 3 when defending"; "If Challenge damage
    defeats the Revealed Watcher"); Hidden it "cannot be attacked"."""
    a = figure(seat, attacker)
    return (state[L.G_ACTIONS] >= 1 and state[L.G_WATCHER] == L.WATCHER_REVEALED and state[a + L.F_CARD] >= 0
            and state[a + L.F_READY] == 1 and may_attack(state, seat, attacker)
            and state[a + L.F_SITE] == state[L.G_WATCHER_SITE])


@njit(cache=True, _nrt=False)
def challenge_watcher(state, ruleset, seat, attacker, keys, counters, events):
    """"If Challenge damage defeats the Revealed Watcher, move it one Site in a random legal direction,
    make it Hidden and clear its damage ... It is not permanently Broken.\""""
    a = figure(seat, attacker)
    state[L.G_ACTIONS] -= 1
    state[a + L.F_READY] = 0
    card_a = state[a + L.F_CARD]
    state[L.G_WATCHER_DAMAGE] += power(state, ruleset, seat, attacker) + combat_bonus(state, ruleset, seat,
                                                                                      state[a + L.F_SITE])
    state[a + L.F_DAMAGE] += ward_damage(state, seat, attacker, ruleset[T.RULE_WATCHER_POWER], events)
    broken = 0
    current = power(state, ruleset, seat, attacker)
    if state[a + L.F_DAMAGE] >= current and not rescued(state, seat, attacker, current, events):
        broken |= 1
        break_figure(state, ruleset, seat, attacker, events)
    if state[L.G_WATCHER_DAMAGE] >= ruleset[T.RULE_WATCHER_POWER]:
        broken |= 2
        move_random(state, 1, keys, counters)
        state[L.G_WATCHER] = L.WATCHER_HIDDEN
        state[L.G_WATCHER_DAMAGE] = 0
    log_event(state, events, L.EV_CHALLENGE, seat, card_a, -1, broken)
    if broken & 2:
        log_watcher(state, 0, events)


@njit(cache=True, inline="always")
def on_board(state, seat, slot):
    site = state[figure(seat, slot) + L.F_SITE]
    return state[figure(seat, slot) + L.F_CARD] >= 0 and physical_site(site)


@njit(cache=True, _nrt=False)
def close_eye_ready(state, ruleset, seat):
    """"Your Ready Veilwalker shares its Site with the Revealed Watcher; control that Site with at least
    six Presence. Pay two Actions and three Resonance, plus any Attention surcharge.\""""
    base = seat_base(seat)
    site = state[base + L.P_VB_SITE + L.VEILWALKER]
    return (state[L.G_WATCHER] == L.WATCHER_REVEALED and site == state[L.G_WATCHER_SITE]
            and state[base + L.P_VB_READY + L.VEILWALKER] == 1 and state[L.G_ACTIONS] >= ruleset[T.RULE_CLOSE_EYE_ACTIONS]
            and state[base + L.P_RESONANCE] >= ruleset[T.RULE_CLOSE_EYE_RESONANCE] + surcharge(state, seat)
            and presence(state, ruleset, seat, site) >= ruleset[T.RULE_CLOSE_EYE_PRESENCE]
            and controls(state, ruleset, seat, site))


@njit(cache=True, _nrt=False)
def veilshock_target(state, seat, shock):
    """``shock``: the opposing Figure Veilshock would strike, declared with the ritual ("Declare targets
    and choices before payment"), or -1 when the opponent has none on the active board."""
    if shock >= 0:
        return on_board(state, 1 - seat, shock)
    for k in range(L.FIG_CAP):
        if on_board(state, 1 - seat, k):
            return False
    return True


@njit(cache=True, _nrt=False)
def can_close_eye(state, ruleset, seat, shock):
    return close_eye_ready(state, ruleset, seat) and veilshock_target(state, seat, shock)


@njit(cache=True, _nrt=False)
def close_eye(state, ruleset, seat, shock, keys, counters, events):
    """"1-2: fail, move the Watcher three Sites in a random legal direction, respecting boundaries, hide
    it, Exhaust your Figures at the ritual Site and gain one Attention. 3-6: remove it for the match and
    clear both Companies' Attention. Veilshock: choose one opposing Figure on the active board, Exhaust
    it and skip its next Remember Ready. Gain one Remnant.\""""
    base = seat_base(seat)
    site = state[base + L.P_VB_SITE + L.VEILWALKER]
    state[L.G_ACTIONS] -= ruleset[T.RULE_CLOSE_EYE_ACTIONS]
    state[base + L.P_RESONANCE] -= ruleset[T.RULE_CLOSE_EYE_RESONANCE]
    pay_surcharge(state, seat, events)
    roll = die(keys, counters)
    shocked = -1
    if roll <= 2:
        move_random(state, 3, keys, counters)
        state[L.G_WATCHER] = L.WATCHER_HIDDEN
        for k in range(L.FIG_CAP):
            f = figure(seat, k)
            if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site:
                state[f + L.F_READY] = 0
        gain_attention(state, seat, 1, events)
    else:
        state[L.G_WATCHER] = L.WATCHER_REMOVED
        state[L.G_WATCHER_SITE] = L.NOWHERE
        state[L.G_WATCHER_DAMAGE] = 0
        for s in range(L.SEATS):
            state[seat_base(s) + L.P_ATTENTION] = 0
        if shock >= 0:
            f = figure(1 - seat, shock)
            state[f + L.F_READY] = 0
            state[f + L.F_SHOCKED] = 1
            shocked = state[f + L.F_CARD]
        state[base + L.P_REMNANT] += 1
    log_event(state, events, L.EV_CLOSE_EYE, seat, roll, shocked, 0)
    log_watcher(state, 0, events)


@njit(cache=True, _nrt=False)
def can_spend_remnant(state, seat, piece):
    """"Once during Shape, spend it for zero Actions to restore one Thread and move an allied Veilwalker
    or Figure one legal lateral Site for free. Normal eligibility applies.\""""
    if state[seat_base(seat) + L.P_REMNANT] < 1 or piece == L.WAYFINDER or piece == L.REMEMBERER:
        return False
    site = state[seat_base(seat) + L.P_VB_SITE + L.VEILWALKER] if piece == L.VEILWALKER else state[
        figure(seat, piece - L.PIECE_FIGURE) + L.F_SITE]
    return can_relocate(state, seat, piece) and on_ring(site) and not is_lost(site)


@njit(cache=True, _nrt=False)
def spend_remnant(state, ruleset, seat, piece, direction, events):
    base = seat_base(seat)
    state[base + L.P_REMNANT] -= 1
    if restore_thread(state, ruleset, seat, 1) > 0:
        severed(state, ruleset, seat, 1, events)
    site = state[base + L.P_VB_SITE + L.VEILWALKER] if piece == L.VEILWALKER else state[
        figure(seat, piece - L.PIECE_FIGURE) + L.F_SITE]
    destination = neighbor(site, direction)
    relocate(state, ruleset, seat, piece, destination, events)
    log_event(state, events, L.EV_REMNANT, seat, piece, destination, 0)
