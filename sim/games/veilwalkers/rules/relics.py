"""Relics beyond their Installed slots ("Relics, stored cards and costs"): Portable Relics and Awakening.

"One Portable Relic per eligible ordinary Figure. "One Weapon" and "one Armor" are not extra carrying
slots. An equipped Relic follows its bearer; when the bearer leaves play, Drop it at that Site unless
explicitly redirected. Claim for one Action with an eligible Figure there and a free slot. Ownership
remains the original player's even when control changes."

A Portable Relic in play is a record in its owner's block (layout.P_PORTABLE): its controller and bearer
slot, or the Site it lies Dropped at. The bearer is an ordinary deck Figure (F_UNIT UNIT_NONE): Veilbound
"cannot ... carry ordinary Portable Relics", and board units are not "ordinary" Figures (RULES.md). It
follows the bearer because it records the bearer, not a Site; a Lost bearer keeps it ("keep carried
Remembrances and Portable Relics"). Its printed Presence counts at the bearer's Site (board.presence),
never as Power.

"A Dormant Relic retains Power, traits and Dormant text. Awakening adds its Awakened text once its
complete condition is satisfied. It is automatic unless a cost or timing is printed, and is not a second
Deploy. The relevant achievements must occur after that Relic enters play": a Relic with an Awakening
condition (vocab.AWAKEN_CONDITIONS) records its controller's achievement count when it enters play
(layout.PT_WAKE, P_REL_WAKE) and Awakens, after any decision, once that count has grown by the
condition's amount. Its Awakened text (cards.resolve_awakened) then resolves at the start of each of its
controller's Shapes while it is active.
"""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules.board import figure, is_lost, on_ring, physical_site, seat_base
from sim.games.veilwalkers.rules.events import log_event

ACHIEVEMENT_FIELDS = (L.P_CLAIMS, L.P_BROKEN, L.P_ROTATIONS, L.P_STRIKES)  # vocab.AWAKEN_CONDITIONS order


@njit(cache=True, forceinline=True)
def portable(owner, k):
    """Index of the owner's Portable Relic record ``k``."""
    return seat_base(owner) + L.P_PORTABLE + k * L.PORT_W


@njit(cache=True, forceinline=True)
def is_portable(ruleset, card_id):
    return T.card(ruleset, card_id, T.C_PORTABLE) == 1


@njit(cache=True, _nrt=False)
def achievements(state, ruleset, seat, card_id):
    """The controller's count of the achievement the card's Awakening condition names (0: none)."""
    condition = T.card(ruleset, card_id, T.C_AWAKEN)
    if condition == 0:
        return 0
    field = L.P_CLAIMS
    if condition == 2:
        field = L.P_BROKEN
    elif condition == 3:
        field = L.P_ROTATIONS
    elif condition == 4:
        field = L.P_STRIKES
    return state[seat_base(seat) + field]


@njit(cache=True, _nrt=False)
def borne_by(state, seat, slot):
    """The record (owner * PORT_CAP + k) of the Portable Relic Figure ``slot`` of ``seat`` bears, or -1."""
    for owner in range(L.SEATS):
        for k in range(L.PORT_CAP):
            p = portable(owner, k)
            if state[p + L.PT_CARD] >= 0 and state[p + L.PT_SLOT] == slot and state[p + L.PT_SEAT] == seat:
                return owner * L.PORT_CAP + k
    return -1


@njit(cache=True, _nrt=False)
def free_portable(state, seat):
    for k in range(L.PORT_CAP):
        if state[portable(seat, k) + L.PT_CARD] < 0:
            return k
    return -1


@njit(cache=True, _nrt=False)
def can_bear(state, seat, slot):
    """An eligible ordinary Figure with a free slot: a deck Figure ("ordinary deck Figures") bearing
    none ("One Portable Relic per eligible ordinary Figure"), on the physical board: a Ring Site or First
    Bloom, not Lost (a Lost unit "cannot act or be targeted")."""
    f = figure(seat, slot)
    return (state[f + L.F_CARD] >= 0 and state[f + L.F_UNIT] == L.UNIT_NONE and physical_site(state[f + L.F_SITE])
            and borne_by(state, seat, slot) < 0)



@njit(cache=True, _nrt=False)
def controls_unique(state, ruleset, seat, card_id):
    """Does the Company control an equipped Portable Relic of this name (for the Unique rule)?"""
    for owner in range(L.SEATS):
        for k in range(L.PORT_CAP):
            p = portable(owner, k)
            if state[p + L.PT_CARD] == card_id and state[p + L.PT_SLOT] >= 0 and state[p + L.PT_SEAT] == seat:
                return True
    return False


@njit(cache=True, _nrt=False)
def can_equip(state, seat, slot):
    """A Portable Relic's Deploy equips it to an eligible Figure at the Veilwalker's physical Site (where
    every Deploy happens: RULES.md)."""
    return (0 <= slot < L.FIG_CAP and can_bear(state, seat, slot)
            and state[figure(seat, slot) + L.F_SITE] == state[seat_base(seat) + L.P_VB_SITE + L.VEILWALKER])


@njit(cache=True, _nrt=False)
def any_bearer(state, seat):
    for slot in range(L.FIG_CAP):
        if can_equip(state, seat, slot):
            return True
    return False


@njit(cache=True, _nrt=False)
def equip(state, ruleset, seat, card_id, slot, events):
    """The Deploy: the card, from the owner's hand, is equipped to Figure ``slot``, Dormant."""
    p = portable(seat, free_portable(state, seat))
    state[p + L.PT_CARD] = card_id
    state[p + L.PT_SEAT] = seat
    state[p + L.PT_SLOT] = slot
    state[p + L.PT_SITE] = L.NOWHERE
    state[p + L.PT_WAKE] = achievements(state, ruleset, seat, card_id)
    log_event(state, events, L.EV_RELIC, seat, card_id, L.RELIC_EQUIPPED, state[figure(seat, slot) + L.F_SITE])


@njit(cache=True, _nrt=False)
def drop_borne(state, seat, slot, events):
    """The bearer leaves play: "Drop it at that Site" (no effect here redirects it)."""
    record = borne_by(state, seat, slot)
    if record < 0:
        return
    owner, k = record // L.PORT_CAP, record % L.PORT_CAP
    p = portable(owner, k)
    site = state[figure(seat, slot) + L.F_SITE]
    if not physical_site(site):  # a Lost bearer: Lost is no physical Site to Drop at (RULES.md, reading)
        discard_portable(state, owner, k, events)
        return
    state[p + L.PT_SLOT] = -1
    state[p + L.PT_SITE] = site
    log_event(state, events, L.EV_RELIC, seat, state[p + L.PT_CARD], L.RELIC_DROPPED, site)


@njit(cache=True, _nrt=False)
def can_claim(state, ruleset, seat, slot, record):
    """"Claim for one Action with an eligible Figure there and a free slot" (either Company's Figure;
    Exhaustion does not stop it: the text asks no Ready Figure)."""
    if state[L.G_ACTIONS] < 1 or not 0 <= record < L.SEATS * L.PORT_CAP:
        return False
    p = portable(record // L.PORT_CAP, record % L.PORT_CAP)
    card_id = state[p + L.PT_CARD]
    if card_id < 0 or state[p + L.PT_SLOT] >= 0 or not can_bear(state, seat, slot):
        return False
    if T.card(ruleset, card_id, T.C_UNIQUE) and controls_unique(state, ruleset, seat, card_id):
        return False  # "cannot ... voluntarily take control of a second active Unique of the same name"
    return state[figure(seat, slot) + L.F_SITE] == state[p + L.PT_SITE]


@njit(cache=True, _nrt=False)
def claim(state, ruleset, seat, slot, record, events):
    """The Figure takes the Dropped Relic; a Company gaining control counts achievements afresh
    (RULES.md): its Awakening needs achievements of the Company that controls it."""
    state[L.G_ACTIONS] -= 1
    p = portable(record // L.PORT_CAP, record % L.PORT_CAP)
    card_id = state[p + L.PT_CARD]
    if state[p + L.PT_SEAT] != seat and state[p + L.PT_WAKE] != L.AWAKENED:
        state[p + L.PT_WAKE] = achievements(state, ruleset, seat, card_id)
    state[p + L.PT_SEAT] = seat
    state[p + L.PT_SLOT] = slot
    state[p + L.PT_SITE] = L.NOWHERE
    log_event(state, events, L.EV_RELIC, seat, card_id, L.RELIC_CLAIMED, state[figure(seat, slot) + L.F_SITE])


@njit(cache=True, _nrt=False)
def discard_dropped_on(state, ring, events):
    """A closing Ring takes the Relics Dropped on it to their owners' discards, as it does Installed
    Relics (a borne one goes Lost with its bearer)."""
    for owner in range(L.SEATS):
        for k in range(L.PORT_CAP):
            p = portable(owner, k)
            if state[p + L.PT_CARD] >= 0 and state[p + L.PT_SLOT] < 0 and state[p + L.PT_SITE] // L.SITES == ring:
                discard_portable(state, owner, k, events)


@njit(cache=True, _nrt=False)
def discard_portable(state, owner, k, events):
    """The Relic goes to its owner's discard ("Ownership remains the original player's")."""
    p = portable(owner, k)
    base = seat_base(owner)
    log_event(state, events, L.EV_RELIC, owner, state[p + L.PT_CARD], L.RELIC_DISCARDED, state[p + L.PT_SITE])
    state[base + L.P_DISCARD + state[base + L.P_DISCARD_N]] = state[p + L.PT_CARD]
    state[base + L.P_DISCARD_N] += 1
    clear_portable(state, owner, k)


@njit(cache=True, forceinline=True)
def clear_portable(state, owner, k):
    p = portable(owner, k)
    state[p + L.PT_CARD] = -1
    state[p + L.PT_SEAT] = -1
    state[p + L.PT_SLOT] = -1
    state[p + L.PT_SITE] = L.NOWHERE
    state[p + L.PT_WAKE] = 0


@njit(cache=True, _nrt=False)
def portable_active(state, owner, k):
    """Equipped to a bearer on the board: a Dropped Relic, or one whose bearer is Lost, has no text
    ("Dropped ... and Lost objects have no Presence"; a Lost unit "cannot act")."""
    p = portable(owner, k)
    if state[p + L.PT_CARD] < 0 or state[p + L.PT_SLOT] < 0:
        return False
    return not is_lost(state[figure(state[p + L.PT_SEAT], state[p + L.PT_SLOT]) + L.F_SITE])


@njit(cache=True, _nrt=False)
def installed_active(state, seat, k):
    """An Installed Relic's text is off while Muted ("Its text, Presence and activations become
    inactive") or Suppressed ("disables a Relic's text, Presence and Awakening/activation")."""
    r = seat_base(seat) + L.P_REL + k * L.REL_W
    return state[r + L.R_CARD] >= 0 and state[r + L.R_MUTED] == 0 and state[r + L.R_SUPPRESSED] == 0


@njit(cache=True, _nrt=False, forceinline=True)
def check_awakenings(state, ruleset, events):
    """"Awakening adds its Awakened text once its complete condition is satisfied. It is automatic":
    every active Dormant Relic whose controller's achievements since it entered play reach its amount
    Awakens now (a Muted or Suppressed one waits: Suppression disables "Awakening"; Mute its "text")."""
    for seat in range(L.SEATS):
        base = seat_base(seat)
        for k in range(L.REL_CAP):
            card_id = state[base + L.P_REL + k * L.REL_W + L.R_CARD]
            wake = base + L.P_REL_WAKE + k
            if (card_id >= 0 and T.card(ruleset, card_id, T.C_AWAKEN) > 0 and state[wake] != L.AWAKENED
                    and installed_active(state, seat, k)
                    and achievements(state, ruleset, seat, card_id) - state[wake] >= T.card(ruleset, card_id, T.C_AWAKEN_NEED)):
                state[wake] = L.AWAKENED
                log_event(state, events, L.EV_RELIC, seat, card_id, L.RELIC_AWAKENED,
                          state[base + L.P_REL + k * L.REL_W + L.R_SITE])
        for k in range(L.PORT_CAP):
            p = portable(seat, k)
            card_id = state[p + L.PT_CARD]
            if (card_id >= 0 and T.card(ruleset, card_id, T.C_AWAKEN) > 0 and state[p + L.PT_WAKE] != L.AWAKENED
                    and portable_active(state, seat, k)):
                controller = state[p + L.PT_SEAT]
                if achievements(state, ruleset, controller, card_id) - state[p + L.PT_WAKE] >= T.card(
                        ruleset, card_id, T.C_AWAKEN_NEED):
                    state[p + L.PT_WAKE] = L.AWAKENED
                    log_event(state, events, L.EV_RELIC, controller, card_id, L.RELIC_AWAKENED,
                              state[figure(controller, state[p + L.PT_SLOT]) + L.F_SITE])


@njit(cache=True, _nrt=False)
def relics_invariant(state, ruleset):
    """0 or INVARIANT_RELICS: every Portable Relic record of a Portable Relic card, borne by an ordinary
    Figure of its controller (at most one per Figure) or Dropped in First Bloom or on a Ring not closed; every Installed
    Relic not Portable."""
    for owner in range(L.SEATS):
        for k in range(L.PORT_CAP):
            p = portable(owner, k)
            card_id = state[p + L.PT_CARD]
            if card_id < 0:
                continue
            if not is_portable(ruleset, card_id):
                return L.INVARIANT_RELICS
            slot, seat, site = state[p + L.PT_SLOT], state[p + L.PT_SEAT], state[p + L.PT_SITE]
            if slot >= 0:
                if not (0 <= seat < L.SEATS and slot < L.FIG_CAP) or site != L.NOWHERE:
                    return L.INVARIANT_RELICS
                f = figure(seat, slot)
                if state[f + L.F_CARD] < 0 or state[f + L.F_UNIT] != L.UNIT_NONE or borne_by(state, seat, slot) != (
                        owner * L.PORT_CAP + k):
                    return L.INVARIANT_RELICS
            elif not physical_site(site) or (on_ring(site) and site // L.SITES < state[L.G_CLOSED]):
                return L.INVARIANT_RELICS
        base = seat_base(owner)
        for k in range(L.REL_CAP):
            card_id = state[base + L.P_REL + k * L.REL_W + L.R_CARD]
            if card_id >= 0 and is_portable(ruleset, card_id):
                return L.INVARIANT_RELICS
    return 0
