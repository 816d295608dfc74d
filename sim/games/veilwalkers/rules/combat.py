"""Combat: Challenge (simultaneous damage, Broken, the surviving defender Exhausted), Thread Strike
(the defender's interception choice, Thread loss, the hold, dislodging a Remembrance), Drive Off,
Raze."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.board import (
    clear_figure,
    figure,
    is_lost,
    lost_at,
    on_ring,
    power,
    ring_closed,
    seat_base,
    visit,
)
from sim.games.veilwalkers.rules.ending import check_thread, lose_thread
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.network import gain_growth_or_disruption
from sim.games.veilwalkers.rules.patrol import route
from sim.games.veilwalkers.rules.relics import drop_borne
from sim.games.veilwalkers.rules.remembrance import carried, dislodge
from sim.games.veilwalkers.rules.rites import complete_at, rite_of, severed
from sim.games.veilwalkers.rules.stronghold import combat_bonus, stronghold_site
from sim.games.veilwalkers.rules.temporary import card_broken, opposing_drop_prevented, rescued, ward_damage
from sim.games.veilwalkers.rules.units import may_attack, may_intercept, performs_rites, unit_gone


@njit(cache=True, _nrt=False)
def break_figure(state, ruleset, seat, slot, events):
    """A Broken Figure leaves play for its owner's discard (Rite of Loss: "Something you control must be
    Broken at this Gate Site. Eligible: Hero Ally Echo Relic Path"); a board unit is no card and leaves
    for good (units.unit_gone)."""
    base = seat_base(seat)
    f = figure(seat, slot)
    if state[f + L.F_UNIT] != L.UNIT_NONE:
        unit_gone(state, ruleset, seat, slot, L.UNIT_DEFEATED, events)
        return
    broken_at(state, ruleset, seat, state[f + L.F_SITE], events)
    card_broken(state, seat)
    drop_borne(state, seat, slot, events)
    state[base + L.P_DISCARD + state[base + L.P_DISCARD_N]] = state[f + L.F_CARD]
    state[base + L.P_DISCARD_N] += 1
    clear_figure(state, seat, slot)


@njit(cache=True, _nrt=False, forceinline=True)
def recheck_lethal(state, ruleset, events):
    """"If Power falls to zero, Break the Figure; damage-only survival cannot rescue zero Power. Recheck
    lethal damage when a temporary Power bonus expires": after every decision, each Figure whose Power
    fell to zero, or whose damage now meets its Power (Thorn Sentinel leaving its Veilwalker, the Lamps
    going out), is Broken."""
    for seat in range(L.SEATS):
        for slot in range(L.FIG_CAP):
            f = figure(seat, slot)
            if state[f + L.F_CARD] >= 0 and (state[f + L.F_DAMAGE] > 0 or state[f + L.F_POWER_CHANGE] < 0):
                current = power(state, ruleset, seat, slot)
                if current <= 0 or (state[f + L.F_DAMAGE] >= current
                                    and not rescued(state, seat, slot, current, events)):
                    break_figure(state, ruleset, seat, slot, events)
                    state[seat_base(1 - seat) + L.P_BROKEN] += 1


@njit(cache=True, inline="always")
def broken_at(state, ruleset, seat, site, events):
    complete_at(state, ruleset, seat, V.RITE_LOSS, site, events)


@njit(cache=True, _nrt=False)
def fight(state, ruleset, seat, attacker, defender, events):
    """"both deal current Challenge Power as damage simultaneously. A Figure with damage at least its
    current Power is Broken ... A surviving defender becomes Exhausted." Returns (attacker dealt,
    attacker received) as a pair of bits: bit 0 the attacker Broken, bit 1 the defender."""
    other = 1 - seat
    a, d = figure(seat, attacker), figure(other, defender)
    pa, pd = power(state, ruleset, seat, attacker), power(state, ruleset, other, defender)
    site = state[a + L.F_SITE]
    dealt = ward_damage(state, other, defender, pa + combat_bonus(state, ruleset, seat, site), events)
    received = ward_damage(state, seat, attacker, pd + combat_bonus(state, ruleset, other, site), events)
    state[d + L.F_DAMAGE] += dealt
    state[a + L.F_DAMAGE] += received
    # Rite of Challenge: "Win one Challenge at this Gate Site ... deal more Challenge damage than you
    # receive"; a Recruit "cannot ... perform Rites", Patrols cannot "do Rites"
    if dealt > received and performs_rites(state, seat, attacker):
        complete_at(state, ruleset, seat, V.RITE_CHALLENGE, site, events)
    elif received > dealt and performs_rites(state, other, defender):
        complete_at(state, ruleset, other, V.RITE_CHALLENGE, site, events)
    card_a, card_d = state[a + L.F_CARD], state[d + L.F_CARD]
    broken = 0
    if state[a + L.F_DAMAGE] >= pa and not rescued(state, seat, attacker, pa, events):
        broken |= 1
        break_figure(state, ruleset, seat, attacker, events)
    if state[d + L.F_DAMAGE] >= pd and not rescued(state, other, defender, pd, events):
        broken |= 2
        break_figure(state, ruleset, other, defender, events)
        state[seat_base(seat) + L.P_BROKEN] += 1
    else:
        state[d + L.F_READY] = 0
    if broken & 1:
        state[seat_base(other) + L.P_BROKEN] += 1
    log_event(state, events, L.EV_CHALLENGE, seat, card_a, card_d, broken)
    return broken


@njit(cache=True, _nrt=False, forceinline=True)
def can_challenge(state, seat, attacker, defender):
    """"Spend one Action and Exhaust a Ready Figure to Challenge an enemy Figure at the same physical Site.\""""
    a, d = figure(seat, attacker), figure(1 - seat, defender)
    return (state[L.G_ACTIONS] >= 1 and state[a + L.F_CARD] >= 0 and state[a + L.F_READY] == 1
            and may_attack(state, seat, attacker)
            and state[d + L.F_CARD] >= 0 and state[a + L.F_SITE] == state[d + L.F_SITE]
            and not is_lost(state[a + L.F_SITE]))  # Lost Figures "cannot act or be targeted"


@njit(cache=True, _nrt=False)
def challenge(state, ruleset, seat, attacker, defender, events):
    """"Attacking an Exhausted Patrol spends the attack Action and Exhausts the attacker, but Routes the
    Patrol home Exhausted instead of fighting" (patrol.route); a Ready Patrol defends as any Figure."""
    state[L.G_ACTIONS] -= 1
    state[figure(seat, attacker) + L.F_READY] = 0
    d = figure(1 - seat, defender)
    if state[d + L.F_UNIT] == L.UNIT_PATROL and state[d + L.F_READY] == 0:
        route(state, ruleset, 1 - seat, events)
        return
    fight(state, ruleset, seat, attacker, defender, events)


@njit(cache=True, _nrt=False)
def can_strike(state, seat, attacker):
    """"Spend one Action and Exhaust a Ready Figure at an opposing Veilwalker's Site"; a held Figure
    "may not declare another Thread Strike until its next Remember\""""
    a = figure(seat, attacker)
    target = state[seat_base(1 - seat) + L.P_VB_SITE + L.VEILWALKER]
    return (state[L.G_ACTIONS] >= 1 and state[a + L.F_CARD] >= 0 and state[a + L.F_READY] == 1
            and state[a + L.F_UNIT] != L.UNIT_RECRUIT  # a Recruit "cannot ... Thread Strike"
            and may_attack(state, seat, attacker)
            and state[a + L.F_HELD] == 0 and state[a + L.F_SITE] == target and target != L.NOWHERE
            and not is_lost(target))


@njit(cache=True, _nrt=False)
def interceptors(state, seat, site):
    """The defender's eligible interceptors: its Ready Figures at the struck Site ("Ordinary deck Figures
    and awakened board Sentinels can normally intercept"; "A Local Recruit or Patrol cannot Intercept")."""
    n = 0
    for k in range(L.FIG_CAP):
        f = figure(seat, k)
        if (state[f + L.F_CARD] >= 0 and state[f + L.F_READY] == 1 and state[f + L.F_SITE] == site
                and may_intercept(state, seat, k)):
            n += 1
    return n


@njit(cache=True, _nrt=False)
def declare_strike(state, seat, attacker):
    """Pays and holds the attacker; returns True when the defender has an interception choice to make."""
    a = figure(seat, attacker)
    state[L.G_ACTIONS] -= 1
    state[a + L.F_READY] = 0
    state[a + L.F_HELD] = 1
    state[L.G_STRIKER] = attacker
    state[L.G_TARGET] = -1
    return interceptors(state, 1 - seat, state[a + L.F_SITE]) > 0


@njit(cache=True, _nrt=False)
def strike_lands(state, ruleset, seat, attacker, events):
    """"Without interception, lose Thread equal to the attacker's current Challenge Power"; "at least
    five actual Thread loss dislodges one carried Remembrance at the struck Site.\""""
    other = 1 - seat
    before = state[seat_base(other) + L.P_THREAD]
    site = state[figure(seat, attacker) + L.F_SITE]
    lose_thread(state, other, power(state, ruleset, seat, attacker) + combat_bonus(state, ruleset, seat, site))
    lost = before - state[seat_base(other) + L.P_THREAD]
    state[seat_base(seat) + L.P_STRIKES] += lost
    if lost > 0:
        severed(state, ruleset, seat, 0, events)
    log_event(state, events, L.EV_STRIKE, seat, state[figure(seat, attacker) + L.F_CARD], lost, 0)
    if lost >= ruleset[T.RULE_DISLODGE_AT] and carried(state, other) > 0:  # First Bloom is a struck Site too
        dislodge(state, other, site, events)
    check_thread(state, events)
    state[L.G_STRIKER] = -1


@njit(cache=True, _nrt=False)
def entry_site(state, seat):
    """The Company's Entry Site: its Ring I start ("Each Company places all three Veilbound together at
    its Entry Site"); seat 1 won the flip and chose it, seat 0 starts three Sites away."""
    if seat == 1:
        return state[L.G_START]
    return (state[L.G_START] + 3) % L.SITES


@njit(cache=True, _nrt=False)
def can_drive_off(state, seat, attacker, piece):
    """"Spend one Action and Exhaust a Ready Figure to Drive Off an opposing Veilbound at its Site";
    a driven-off role "is immune to another Drive Off until that Remember"."""
    a = figure(seat, attacker)
    other = seat_base(1 - seat)
    site = state[other + L.P_VB_SITE + piece]
    return (state[L.G_ACTIONS] >= 1 and state[a + L.F_CARD] >= 0 and state[a + L.F_READY] == 1
            and may_attack(state, seat, attacker)
            and state[a + L.F_SITE] == site and on_ring(site) and state[other + L.P_VB_IMMUNE + piece] == 0)


@njit(cache=True, _nrt=False)
def declare_drive_off(state, seat, attacker, piece):
    """Pays; returns True when the defender has an interception choice to make."""
    a = figure(seat, attacker)
    state[L.G_ACTIONS] -= 1
    state[a + L.F_READY] = 0
    state[L.G_STRIKER] = attacker
    state[L.G_TARGET] = piece
    return interceptors(state, 1 - seat, state[a + L.F_SITE]) > 0


@njit(cache=True, _nrt=False)
def drive_off_lands(state, ruleset, seat, attacker, events):
    """"return the role to its Company's active Stronghold, or its Entry Site if no Stronghold is
    active. It arrives Exhausted ... cannot act or move until next Remember. It is immune to another
    Drive Off until that Remember ... This return triggers no ordinary arrival effects or Return Rite
    progress. A Veilwalker drops one carried Remembrance at its departure, retaining the rest. No
    Thread damage." "A closed Entry makes it Lost in the Fray" (its Exit at the Entry's world sector; a
    Stronghold never stands on a closed Ring)."""
    other = 1 - seat
    base = seat_base(other)
    piece = state[L.G_TARGET]
    origin = state[base + L.P_VB_SITE + piece]
    destination = stronghold_site(state, other)
    if destination == L.NOWHERE:
        destination = entry_site(state, other)
    if ring_closed(state, destination // L.SITES):
        destination = lost_at(state, destination)
        log_event(state, events, L.EV_LOST, other, piece, destination - L.LOST, 0)
    if piece == L.VEILWALKER:
        for t in range(L.TOKENS):
            tk = L.G_TOKEN + t * L.TOKEN_W
            if state[tk + L.TK_CARRIER] == other and not opposing_drop_prevented(state, other, t):
                state[tk + L.TK_CARRIER] = -1
                state[tk + L.TK_SITE] = origin
                state[tk + L.TK_DISLODGED_FROM] = -1  # "uses normal claim rules"
                log_event(state, events, L.EV_DISLODGE, other, t, origin, 0)
                break
        for b in range(L.BOUNDARIES):
            state[base + L.P_RITE_MARK + b] = 0 if rite_of(ruleset, b) == V.RITE_BURDEN else state[
                base + L.P_RITE_MARK + b]
    state[base + L.P_VB_SITE + piece] = destination
    visit(state, other, piece, destination)
    state[base + L.P_VB_READY + piece] = 0
    state[base + L.P_VB_IMMUNE + piece] = 1
    log_event(state, events, L.EV_DRIVE_OFF, seat, piece, origin, destination)
    state[L.G_STRIKER] = -1
    state[L.G_TARGET] = -1


@njit(cache=True, forceinline=True)
def relic(seat, slot):
    return seat_base(seat) + L.P_REL + slot * L.REL_W


@njit(cache=True, _nrt=False, forceinline=True)
def can_raze(state, seat, attacker, slot):
    """Raze: "One Action and Exhaust a Ready Figure at an opposing Installed Relic.\""""
    a = figure(seat, attacker)
    r = relic(1 - seat, slot)
    return (state[L.G_ACTIONS] >= 1 and state[a + L.F_CARD] >= 0 and state[a + L.F_READY] == 1
            and may_attack(state, seat, attacker)
            and state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] == state[a + L.F_SITE])


@njit(cache=True, _nrt=False)
def declare_raze(state, seat, attacker, slot):
    """Pays; returns True when the defender has an interception choice ("A Ready eligible defending
    Figure may Intercept, becoming the Challenge target and protecting the Relic")."""
    a = figure(seat, attacker)
    state[L.G_ACTIONS] -= 1
    state[a + L.F_READY] = 0
    state[L.G_STRIKER] = attacker
    state[L.G_TARGET] = L.RAZE_TARGET + slot
    return interceptors(state, 1 - seat, state[a + L.F_SITE]) > 0


@njit(cache=True, _nrt=False)
def raze_lands(state, ruleset, seat, attacker, events):
    """"If its Raze Power meets the Relic Power, Break the Relic." (Raze Power: the Figure's Power.)
    A Broken Relic goes to its owner's discard."""
    other = 1 - seat
    r = relic(other, state[L.G_TARGET] - L.RAZE_TARGET)
    relic_card = state[r + L.R_CARD]
    a_site = state[figure(seat, attacker) + L.F_SITE]
    broken = power(state, ruleset, seat, attacker) + combat_bonus(state, ruleset, seat, a_site) >= T.card(
        ruleset, relic_card, T.C_POWER)
    if broken:
        base = seat_base(other)
        broken_at(state, ruleset, other, state[r + L.R_SITE], events)
        card_broken(state, other)
        state[base + L.P_DISCARD + state[base + L.P_DISCARD_N]] = relic_card
        state[base + L.P_DISCARD_N] += 1
        state[r + L.R_CARD] = -1
        state[r + L.R_SITE] = L.NOWHERE
        state[r + L.R_MUTED] = 0
        gain_growth_or_disruption(state, seat, V.WAYFARER, events)
    log_event(state, events, L.EV_RAZE, seat, state[figure(seat, attacker) + L.F_CARD], relic_card, 1 if broken else 0)
    state[L.G_STRIKER] = -1
    state[L.G_TARGET] = -1


@njit(cache=True, _nrt=False)
def can_mute(state, seat, slot):
    """"Wayfarer may Mute an opposing Installed Relic at a Site occupied by its Ready Veilwalker or
    Wayfinder, or one of its active ordinary Figures: one Action and one Resonance.\""""
    base = seat_base(seat)
    r = relic(1 - seat, slot)
    site = state[r + L.R_SITE]
    if (state[base + L.P_COMPANY] != V.WAYFARER or state[L.G_ACTIONS] < 1 or state[base + L.P_RESONANCE] < 1
            or state[r + L.R_CARD] < 0 or state[r + L.R_MUTED] == 1):
        return False
    for piece in (L.VEILWALKER, L.WAYFINDER):
        if state[base + L.P_VB_SITE + piece] == site and state[base + L.P_VB_READY + piece] == 1:
            return True
    for k in range(L.FIG_CAP):
        f = figure(seat, k)
        if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site:
            return True
    return False


@njit(cache=True, _nrt=False, forceinline=True)
def can_reactivate(state, seat, slot):
    """"Its controller may Reactivate for one Action and one Resonance while its Ready Veilwalker or
    Rememberer occupies that Site. This does not re-awaken or replay the card.\""""
    base = seat_base(seat)
    r = relic(seat, slot)
    site = state[r + L.R_SITE]
    if state[L.G_ACTIONS] < 1 or state[base + L.P_RESONANCE] < 1 or state[r + L.R_CARD] < 0 or state[r + L.R_MUTED] == 0:
        return False
    for piece in (L.VEILWALKER, L.REMEMBERER):
        if state[base + L.P_VB_SITE + piece] == site and state[base + L.P_VB_READY + piece] == 1:
            return True
    return False


@njit(cache=True, _nrt=False)
def set_muted(state, seat, owner, slot, muted, events):
    """Mute (``muted`` 1, by the opponent of ``owner``) or Reactivate (0, by ``owner``): one Action and
    one Resonance of the acting ``seat``."""
    state[L.G_ACTIONS] -= 1
    state[seat_base(seat) + L.P_RESONANCE] -= 1
    r = relic(owner, slot)
    state[r + L.R_MUTED] = muted
    log_event(state, events, L.EV_MUTE, seat, state[r + L.R_CARD], muted, 0)
    if muted:
        gain_growth_or_disruption(state, seat, V.WAYFARER, events)  # "by Muting/Razing an opposing Installed Relic"


@njit(cache=True, _nrt=False)
def intercept(state, ruleset, seat, attacker, interceptor, events):
    """"Interception becomes a normal Challenge instead of Thread loss"; seat is the attacker's."""
    log_event(state, events, L.EV_INTERCEPT, 1 - seat, state[figure(1 - seat, interceptor) + L.F_CARD], 0, 0)
    fight(state, ruleset, seat, attacker, interceptor, events)
    state[L.G_STRIKER] = -1
    state[L.G_TARGET] = -1
