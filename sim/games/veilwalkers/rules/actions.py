"""The legal actions of every decision: the opening bottom-and-redraw, the start Site, the Weave, the
Shape (every action the pieces and cards allow now), the End's discards, the defender's
interception choice and its Escape arrival reaction, an Alignment's invocation, and a Threadline's
priority (a Quick Event or pass)."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.attention import can_lay_low
from sim.games.veilwalkers.rules.board import (
    can_step,
    figure,
    is_lost,
    neighbor,
    on_ring,
    piece_site,
    seat_base,
)
from sim.games.veilwalkers.rules.cards import (
    behind_the_lines_sites,
    can_play,
    can_play_at_stronghold,
    can_play_behind_the_lines,
    road_play_legal,
)
from sim.games.veilwalkers.rules.closing import can_breach, can_escape
from sim.games.veilwalkers.rules.combat import (
    can_challenge,
    can_drive_off,
    can_mute,
    can_raze,
    can_reactivate,
    can_strike,
)
from sim.games.veilwalkers.rules.glyphs import list_invocations
from sim.games.veilwalkers.rules.movement import (
    NO_ROUTE,
    can_afford,
    can_escort,
    can_link,
    can_pay_traverse,
    can_relocate,
    can_rotate,
    can_trio,
    traverse_destination,
    turnpoint_free,
)
from sim.games.veilwalkers.rules.network import can_activate
from sim.games.veilwalkers.rules.patrol import can_deploy, can_move, can_recall, deploy_sites, move_sites
from sim.games.veilwalkers.rules.relics import can_claim as can_claim_relic
from sim.games.veilwalkers.rules.relics import can_equip, is_portable
from sim.games.veilwalkers.rules.remembrance import can_claim
from sim.games.veilwalkers.rules.rites import (
    can_fallback,
    can_present,
    can_sacrifice,
    can_search,
    can_trial,
    can_waymark,
    rite_of,
    veilwalker_gate,
)
from sim.games.veilwalkers.rules.stronghold import can_destroy, can_establish, can_finish
from sim.games.veilwalkers.rules.threadline import list_responses
from sim.games.veilwalkers.rules.units import can_awaken, can_recruit, lateral_allowed, may_intercept
from sim.games.veilwalkers.rules.watcher import (
    can_challenge_watcher,
    can_spend_remnant,
    close_eye_ready,
    veilshock_target,
)


@njit(cache=True, forceinline=True)
def encode(kind, a, b):
    return kind << 16 | a << 8 | b


@njit(cache=True, forceinline=True)
def kind_of(action):
    return action >> 16


@njit(cache=True, forceinline=True)
def field_a(action):
    return action >> 8 & 255


@njit(cache=True, forceinline=True)
def field_b(action):
    return action & 255


@njit(cache=True, _nrt=False)
def list_shape(state, ruleset, seat, legal):
    base = seat_base(seat)
    n = 0
    legal[n] = encode(L.A_END_SHAPE, 0, 0)
    n += 1
    if state[base + L.P_COMPANY] == V.WAYFARER and state[base + L.P_DISRUPTION] >= 3 and state[base + L.P_BREAK_THROUGH] == 0:
        legal[n] = encode(L.A_BREAK_THROUGH, 0, 0)  # "Spend three during Shape": zero Actions
        n += 1
    # every action checks its own cost: with no Action left, Break Through's free Traverse, Garden's
    # free Turnpoint use, the Remnant (zero Actions) and AP-12's free Waymark may still be legal
    has_action = state[L.G_ACTIONS] >= 1
    free_traverse = can_pay_traverse(state, seat)
    if (not has_action and not free_traverse and not turnpoint_free(state, ruleset, seat) and state[base + L.P_REMNANT] == 0
            and state[base + L.P_FREE_WAYMARK] == 0):
        return n
    behind_the_lines = -1  # the Sites, computed once when a card may use them
    for i in range(state[base + L.P_HAND_N]):
        if can_play(state, ruleset, seat, i):
            card_id = state[base + L.P_HAND + i]
            if T.card(ruleset, card_id, T.C_TYPE) == V.TYPE_RELIC and is_portable(ruleset, card_id):
                for slot in range(L.FIG_CAP):  # the Deploy names its bearer
                    if can_equip(state, seat, slot):
                        legal[n] = encode(L.A_PLAY, i, slot)
                        n += 1
            elif T.card(ruleset, card_id, T.C_ROAD_OP) < 0:
                legal[n] = encode(L.A_PLAY, i, 0)
                n += 1
            else:  # a road effect's target is declared with the play
                for target in range(L.ROAD_TARGET + 2):
                    if road_play_legal(state, ruleset, seat, card_id, target):
                        legal[n] = encode(L.A_PLAY, i, target)
                        n += 1
        if can_play_at_stronghold(state, ruleset, seat, i):
            legal[n] = encode(L.A_PLAY, i, L.PLAY_AT_STRONGHOLD)
            n += 1
        if can_play_behind_the_lines(state, ruleset, seat, i):
            if behind_the_lines < 0:
                behind_the_lines = behind_the_lines_sites(state, ruleset, seat)
            for site in range(L.BLOOM):
                if behind_the_lines >> site & 1:
                    legal[n] = encode(L.A_PLAY, i, L.PLAY_BEHIND_LINES + site)
                    n += 1
    if can_establish(state, ruleset, seat):
        legal[n] = encode(L.A_ESTABLISH, 0, 0)
        n += 1
    if can_finish(state, ruleset, seat):
        legal[n] = encode(L.A_FINISH, 0, 0)
        n += 1
    pieces = L.PIECE_FIGURE + L.FIG_CAP
    for piece in range(pieces):
        if not can_relocate(state, seat, piece):
            continue
        site = piece_site(state, seat, piece)
        if is_lost(site):  # a Lost unit "cannot act": only Escape (or Force the Breach) brings it back
            if can_escape(state, ruleset, seat, piece, -1):
                legal[n] = encode(L.A_ESCAPE, piece, 0)
                n += 1
                if piece == L.VEILWALKER:
                    for slot in range(L.FIG_CAP):
                        if can_escape(state, ruleset, seat, piece, slot):
                            legal[n] = encode(L.A_ESCAPE, piece, 1 + slot)
                            n += 1
            if piece == L.VEILWALKER:
                if can_breach(state, ruleset, seat):
                    legal[n] = encode(L.A_BREACH, 0, 0)
                    n += 1
            continue
        if on_ring(site) and has_action:
            for direction in range(2):
                # "one legal lateral connection": an open road (neither closed nor Broken)
                if can_step(state, site, direction) and (piece < L.PIECE_FIGURE or lateral_allowed(
                        state, seat, piece - L.PIECE_FIGURE, neighbor(site, direction))):
                    legal[n] = encode(L.A_MOVE, piece, direction)
                    n += 1
        for direction in range(2):
            if free_traverse:
                destination = traverse_destination(state, ruleset, seat, piece, direction, False)
                if destination != NO_ROUTE and can_afford(state, seat, destination):
                    legal[n] = encode(L.A_TRAVERSE, piece, direction)
                    n += 1
        for node in range(L.NODES):
            if can_link(state, ruleset, seat, piece, node):
                legal[n] = encode(L.A_LINK, piece, node)
                n += 1
    if free_traverse and can_relocate(state, seat, L.VEILWALKER):
        for slot in range(L.FIG_CAP):
            for direction in range(2):
                if can_escort(state, ruleset, seat, slot, direction):
                    legal[n] = encode(L.A_ESCORT, slot, direction)
                    n += 1
    for direction in range(2):
        if can_trio(state, ruleset, seat, direction):
            legal[n] = encode(L.A_TRIO, 0, direction)
            n += 1
    for ring in range(L.RINGS):
        if can_rotate(state, ruleset, seat, ring):
            for direction in range(2):
                legal[n] = encode(L.A_ROTATE, ring, direction)
                n += 1
    for b in range(L.BOUNDARIES):
        if can_waymark(state, ruleset, seat, b):
            legal[n] = encode(L.A_WAYMARK, b, 0)
            n += 1
        if can_present(state, ruleset, seat, b):
            legal[n] = encode(L.A_PRESENT, b, 0)
            n += 1
        for thread in (L.THREAD_CREATION, L.THREAD_STORY, L.THREAD_MEMORY):
            if can_fallback(state, ruleset, seat, b, thread):
                legal[n] = encode(L.A_FALLBACK, b, thread)
                n += 1
        rite = rite_of(ruleset, b)
        if rite == V.RITE_CHALLENGE or rite == V.RITE_LOSS:
            for slot in range(L.FIG_CAP):
                if can_trial(state, ruleset, seat, slot, b):
                    legal[n] = encode(L.A_TRIAL, slot, b)
                    n += 1
                if can_sacrifice(state, ruleset, seat, slot, b):
                    legal[n] = encode(L.A_SACRIFICE, slot, b)
                    n += 1
        elif rite == V.RITE_UNSEEN and can_search(state, ruleset, seat, b):
            legal[n] = encode(L.A_SEARCH, b, 0)
            n += 1
    for node in range(L.NODES):
        if can_activate(state, ruleset, seat, node):
            legal[n] = encode(L.A_ACTIVATE, node, 0)
            n += 1
    if can_deploy(state, ruleset, seat):
        sites = deploy_sites(state, ruleset, seat)
        for site in range(L.BLOOM):
            if sites >> site & 1:
                legal[n] = encode(L.A_PATROL, site, 0)
                n += 1
    if can_move(state, seat):
        sites = move_sites(state, ruleset, seat)
        for site in range(L.BLOOM):
            if sites >> site & 1:
                legal[n] = encode(L.A_PATROL_MOVE, site, 0)
                n += 1
    if can_recall(state, seat):
        legal[n] = encode(L.A_RECALL, 0, 0)
        n += 1
    if has_action:
        for k in range(L.SETTLEMENTS):
            for piece in range(3):
                if can_recruit(state, ruleset, seat, piece, k):
                    legal[n] = encode(L.A_RECRUIT, piece, k)
                    n += 1
        for k in range(L.SENTINELS):
            if can_awaken(state, ruleset, seat, k):
                legal[n] = encode(L.A_AWAKEN, 0, k)
                n += 1
        for record in range(L.SEATS * L.PORT_CAP):
            p = seat_base(record // L.PORT_CAP) + L.P_PORTABLE + (record % L.PORT_CAP) * L.PORT_W
            if state[p + L.PT_CARD] >= 0 and state[p + L.PT_SLOT] < 0:  # a Dropped Portable Relic
                for slot in range(L.FIG_CAP):
                    if can_claim_relic(state, ruleset, seat, slot, record):
                        legal[n] = encode(L.A_CLAIM_RELIC, slot, record)
                        n += 1
    for t in range(L.TOKENS):
        if can_claim(state, ruleset, seat, t):
            legal[n] = encode(L.A_CLAIM, t, 0)
            n += 1
    if has_action and veilwalker_gate(state, ruleset, seat, V.RITE_OFFERING) >= 0:
        for i in range(state[base + L.P_HAND_N]):
            legal[n] = encode(L.A_OFFER, i, 0)
            n += 1
    for slot in range(L.REL_CAP):
        if can_mute(state, seat, slot):
            legal[n] = encode(L.A_MUTE, slot, 0)
            n += 1
        if can_reactivate(state, seat, slot):
            legal[n] = encode(L.A_REACTIVATE, slot, 0)
            n += 1
    if can_lay_low(state, seat):
        legal[n] = encode(L.A_LAY_LOW, 0, 0)
        n += 1
    if state[L.G_WATCHER] == L.WATCHER_REVEALED and close_eye_ready(state, ruleset, seat):
        for shock in range(-1, L.FIG_CAP):
            if veilshock_target(state, seat, shock):
                legal[n] = encode(L.A_CLOSE_EYE, 0, shock + 1)
                n += 1
    if state[base + L.P_REMNANT] > 0:
        for piece in range(L.PIECE_FIGURE + L.FIG_CAP):
            if can_spend_remnant(state, seat, piece):
                for direction in range(2):
                    site = piece_site(state, seat, piece)
                    if can_step(state, site, direction) and (piece < L.PIECE_FIGURE or lateral_allowed(
                            state, seat, piece - L.PIECE_FIGURE, neighbor(site, direction))):
                        legal[n] = encode(L.A_REMNANT, piece, direction)
                        n += 1
    for attacker in range(L.FIG_CAP):
        if state[figure(seat, attacker) + L.F_CARD] < 0:
            continue
        if can_challenge_watcher(state, seat, attacker):
            legal[n] = encode(L.A_CHALLENGE_WATCHER, attacker, 0)
            n += 1
        if can_destroy(state, ruleset, seat, attacker):
            legal[n] = encode(L.A_DESTROY, attacker, 0)
            n += 1
        for defender in range(L.FIG_CAP):
            if can_challenge(state, seat, attacker, defender):
                legal[n] = encode(L.A_CHALLENGE, attacker, defender)
                n += 1
        if can_strike(state, seat, attacker):
            legal[n] = encode(L.A_STRIKE, attacker, 0)
            n += 1
        for piece in range(3):
            if can_drive_off(state, seat, attacker, piece):
                legal[n] = encode(L.A_DRIVE_OFF, attacker, piece)
                n += 1
        for slot in range(L.REL_CAP):
            if can_raze(state, seat, attacker, slot):
                legal[n] = encode(L.A_RAZE, attacker, slot)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def list_ready_figures_at(state, seat, site, decline, choose, recruits, legal):
    """A defender's choice against an opposing Figure at ``site`` (the interception of an attack, the
    Escape's arrival reaction): decline, or one of its Ready Figures there (``recruits``: Recruits too;
    "A Local Recruit or Patrol cannot Intercept", but a Recruit "can Challenge/defend"; a Patrol never:
    it "cannot initiate combat", RULES.md)."""
    legal[0] = encode(decline, 0, 0)
    n = 1
    for k in range(L.FIG_CAP):
        f = figure(seat, k)
        if (state[f + L.F_CARD] >= 0 and state[f + L.F_READY] == 1 and state[f + L.F_SITE] == site
                and (may_intercept(state, seat, k) or (recruits and state[f + L.F_UNIT] == L.UNIT_RECRUIT))):
            legal[n] = encode(choose, k, 0)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def list_legal(state, ruleset, legal):
    if state[L.G_DONE]:
        return 0
    pending = state[L.G_PENDING]
    seat = state[L.G_DECIDER]
    base = seat_base(seat)
    n = 0
    if pending == L.DEC_SHAPE:
        return list_shape(state, ruleset, seat, legal)
    if pending == L.DEC_MULLIGAN:
        for mask in range(1 << min(state[base + L.P_HAND_N], 6)):
            legal[n] = encode(L.A_MULLIGAN, mask, 0)
            n += 1
    elif pending == L.DEC_START:
        for local in range(L.SITES):
            legal[n] = encode(L.A_START, local, 0)
            n += 1
    elif pending == L.DEC_WEAVE:
        legal[n] = encode(L.A_NO_WEAVE, 0, 0)
        n += 1
        for i in range(state[base + L.P_HAND_N]):
            legal[n] = encode(L.A_WEAVE, i, 0)
            n += 1
    elif pending == L.DEC_DISCARD:
        for i in range(state[base + L.P_HAND_N]):
            legal[n] = encode(L.A_DISCARD, i, 0)
            n += 1
    elif pending == L.DEC_REACTION:
        n = list_ready_figures_at(state, seat, state[figure(1 - seat, state[L.G_REACTION]) + L.F_SITE],
                                  L.A_NO_REACT, L.A_REACT, True, legal)
    elif pending == L.DEC_INTERCEPT:
        n = list_ready_figures_at(state, seat, state[figure(1 - seat, state[L.G_STRIKER]) + L.F_SITE],
                                  L.A_NO_INTERCEPT, L.A_INTERCEPT, False, legal)
    elif pending == L.DEC_INVOKE:
        n = list_invocations(state, ruleset, seat, legal)
    elif pending == L.DEC_RESPOND:
        n = list_responses(state, ruleset, seat, legal)
    return n
