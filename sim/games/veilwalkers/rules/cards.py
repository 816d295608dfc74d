"""Playing cards: "A normal card play costs one Action plus printed Resonance." Figures Deploy Ready at
the Veilwalker's physical Site, Relics install there (two Installed slots per Company per Site; Major
uses both), Events, Memories and Paths resolve their effects (the data vocabulary of vocab.OPS) and
go to the discard."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.board import (
    controls,
    figure,
    free_figure_slot,
    is_lost,
    network_active,
    on_ring,
    place_figure,
    power,
    ring_closed,
    seat_base,
)
from sim.games.veilwalkers.rules.ending import check_thread, lose_thread, restore_thread
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.glyphs import glyph_added
from sim.games.veilwalkers.rules.network import gain_growth_or_disruption
from sim.games.veilwalkers.rules.relics import (
    achievements,
    any_bearer,
    can_equip,
    controls_unique,
    equip,
    free_portable,
    installed_active,
    is_portable,
    portable,
    portable_active,
)
from sim.games.veilwalkers.rules.rites import glyph_resolved, mark_thread, memory_resolved, severed
from sim.games.veilwalkers.rules.roads import road_effect, road_target_legal
from sim.games.veilwalkers.rules.turn import draw_cards, take_from_hand


@njit(cache=True, _nrt=False)
def to_discard(state, seat, card_id):
    base = seat_base(seat)
    state[base + L.P_DISCARD + state[base + L.P_DISCARD_N]] = card_id
    state[base + L.P_DISCARD_N] += 1


@njit(cache=True, _nrt=False)
def relic_slots_used(state, ruleset, seat, site):
    base = seat_base(seat)
    used = 0
    for k in range(L.REL_CAP):
        r = base + L.P_REL + k * L.REL_W
        if state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] == site:
            used += 2 if T.card(ruleset, state[r + L.R_CARD], T.C_MAJOR) else 1
    return used


@njit(cache=True, _nrt=False)
def free_relic_slot(state, seat):
    base = seat_base(seat)
    for k in range(L.REL_CAP):
        if state[base + L.P_REL + k * L.REL_W + L.R_CARD] < 0:
            return k
    return -1


@njit(cache=True, _nrt=False)
def unique_in_play(state, ruleset, seat, card_id):
    """"You cannot Deploy or voluntarily take control of a second active Unique of the same name.\""""
    for k in range(L.FIG_CAP):
        if state[figure(seat, k) + L.F_CARD] == card_id:
            return True
    base = seat_base(seat)
    for k in range(L.REL_CAP):
        if state[base + L.P_REL + k * L.REL_W + L.R_CARD] == card_id:
            return True
    return controls_unique(state, ruleset, seat, card_id)


@njit(cache=True, _nrt=False, forceinline=True)
def can_play(state, ruleset, seat, index):
    base = seat_base(seat)
    card_id = state[base + L.P_HAND + index]
    if state[L.G_ACTIONS] < 1 or state[base + L.P_RESONANCE] < T.card(ruleset, card_id, T.C_COST):
        return False
    kind = T.card(ruleset, card_id, T.C_TYPE)
    site = state[base + L.P_VB_SITE + L.VEILWALKER]
    if kind <= V.TYPE_RELIC:
        # "Ordinary Figures Deploy Ready at your physical Veilwalker's Site"; no deployment enters Bloom
        if not on_ring(site):
            return False
        if T.card(ruleset, card_id, T.C_UNIQUE) and unique_in_play(state, ruleset, seat, card_id):
            return False
        if kind == V.TYPE_RELIC and is_portable(ruleset, card_id):
            return free_portable(state, seat) >= 0 and any_bearer(state, seat)  # its b names the bearer
        if kind == V.TYPE_RELIC:
            need = 2 if T.card(ruleset, card_id, T.C_MAJOR) else 1
            if free_relic_slot(state, seat) < 0:
                return False
            return relic_slots_used(state, ruleset, seat, site) + need <= ruleset[T.RULE_INSTALLED_SLOTS]
        return free_figure_slot(state, seat) >= 0
    if T.card(ruleset, card_id, T.C_DISASTER) and state[base + L.P_DISASTER]:
        return False  # "At most one Disaster may be played per Company per Round"
    return not cancels(ruleset, card_id)  # a cancel has nothing to cancel outside a Threadline's priority


@njit(cache=True, _nrt=False)
def cancels(ruleset, card_id):
    for e in range(T.card(ruleset, card_id, T.C_N_EFFECTS)):
        if T.card(ruleset, card_id, T.C_OP + e) == V.OP_CANCEL:
            return True
    return False


@njit(cache=True, _nrt=False)
def road_play_legal(state, ruleset, seat, card_id, target):
    """Is A_PLAY's ``target`` (layout.ROAD_NONE or ROAD_TARGET + direction) a legal road choice for the
    card: a card without a road effect takes ROAD_NONE; one with a road effect names a legal road touching
    the Veilwalker's Site ("Declare targets and choices before payment"), or ROAD_NONE when it has another
    effect to resolve ("A card resolving with some legal targets does what it can"; a card whose only
    effect has no legal target "fails" and is not offered)."""
    op = T.card(ruleset, card_id, T.C_ROAD_OP)
    if op < 0:
        return target == L.ROAD_NONE
    if target == L.ROAD_NONE:
        return T.card(ruleset, card_id, T.C_N_EFFECTS) > 1
    return road_target_legal(state, seat, op, target - L.ROAD_TARGET)


@njit(cache=True, _nrt=False)
def can_play_at_stronghold(state, ruleset, seat, index):
    """The Stronghold gives, "once per Round, a normally paid Ally deployment at it instead of the
    Veilwalker's Site"."""
    base = seat_base(seat)
    card_id = state[base + L.P_HAND + index]
    return (state[base + L.P_STRONGHOLD] != L.NOWHERE and state[base + L.P_STRONGHOLD_DEPLOY] != state[L.G_ROUND]
            and T.card(ruleset, card_id, T.C_TYPE) == V.TYPE_ALLY and state[L.G_ACTIONS] >= 1
            and state[base + L.P_RESONANCE] >= T.card(ruleset, card_id, T.C_COST) and free_figure_slot(state, seat) >= 0
            and not (T.card(ruleset, card_id, T.C_UNIQUE) and unique_in_play(state, ruleset, seat, card_id)))


@njit(cache=True, _nrt=False)
def can_play_behind_the_lines(state, ruleset, seat, index):
    """Behind the Lines, Wayfarer's reward "While all three Waystations are active": "only cards
    expressly bearing the beta Through the Waystations permission may Deploy from hand ... Pay the
    usual Action and Resonance"; "Garden does not gain this network permission." The Sites:
    behind_the_lines_sites."""
    base = seat_base(seat)
    card_id = state[base + L.P_HAND + index]
    return (state[base + L.P_COMPANY] == V.WAYFARER and T.card(ruleset, card_id, T.C_WAYSTATIONS) == 1
            and state[L.G_ACTIONS] >= 1 and state[base + L.P_RESONANCE] >= T.card(ruleset, card_id, T.C_COST)
            and network_active(state, seat) and free_figure_slot(state, seat) >= 0
            and not (T.card(ruleset, card_id, T.C_UNIQUE) and unique_in_play(state, ruleset, seat, card_id)))


@njit(cache=True, _nrt=False)
def behind_the_lines_sites(state, ruleset, seat):
    """The Sites a Behind the Lines Deploy may reach, a bit each: "a physical, non-Fraying Site Garden
    controls ... The Site need not contain a Lamp. First Bloom and closed Sites are never destinations.\""""
    sites = 0
    for site in range(L.BLOOM):
        ring = site // L.SITES
        if ring != state[L.G_FRAYING] and not ring_closed(state, ring) and controls(state, ruleset, 1 - seat, site):
            sites |= 1 << site
    return sites


@njit(cache=True, _nrt=False)
def resolve_effects(state, ruleset, seat, card_id, road_direction, events, counts, count_cards):
    """``road_direction``: the road target of the card's road effect (0 clockwise, 1 counterclockwise of
    the Veilwalker's Site), or -1 none."""
    resolve_ops(state, ruleset, seat, card_id, T.C_N_EFFECTS, T.C_OP, T.C_AMOUNT, road_direction, events, counts,
                count_cards)


@njit(cache=True, _nrt=False)
def resolve_awakened(state, ruleset, seat, events, counts, count_cards):
    """At the start of the Company's Shape, the Awakened text of each active Awakened Relic it controls
    (its Installed ones not Muted or Suppressed; the Portable ones it bears, not Dropped, bearer not Lost)
    resolves, in slot order (rules/relics.py)."""
    base = seat_base(seat)
    for k in range(L.REL_CAP):
        card_id = state[base + L.P_REL + k * L.REL_W + L.R_CARD]
        if (card_id >= 0 and T.card(ruleset, card_id, T.C_AWAKENED_N) > 0 and state[base + L.P_REL_WAKE + k] == L.AWAKENED
                and installed_active(state, seat, k)):
            resolve_ops(state, ruleset, seat, card_id, T.C_AWAKENED_N, T.C_AWAKENED_OP, T.C_AWAKENED_AMOUNT, -1, events,
                        counts, count_cards)
    for owner in range(L.SEATS):
        for k in range(L.PORT_CAP):
            p = portable(owner, k)
            card_id = state[p + L.PT_CARD]
            if (card_id >= 0 and state[p + L.PT_SEAT] == seat and state[p + L.PT_WAKE] == L.AWAKENED
                    and T.card(ruleset, card_id, T.C_AWAKENED_N) > 0 and portable_active(state, owner, k)):
                resolve_ops(state, ruleset, seat, card_id, T.C_AWAKENED_N, T.C_AWAKENED_OP, T.C_AWAKENED_AMOUNT, -1,
                            events, counts, count_cards)


@njit(cache=True, _nrt=False)
def resolve_ops(state, ruleset, seat, card_id, n_column, op_column, amount_column, road_direction, events, counts,
                count_cards):
    """The card's effects in the columns given (its play's effects, or its Awakened text)."""
    base = seat_base(seat)
    site = state[base + L.P_VB_SITE + L.VEILWALKER]
    if is_lost(site):
        site = L.NOWHERE  # "your Site" of a Lost Veilwalker: none (Lost pieces cannot be targeted)
    for e in range(T.card(ruleset, card_id, n_column)):
        op = T.card(ruleset, card_id, op_column + e)
        amount = T.card(ruleset, card_id, amount_column + e)
        done = 0
        if op == V.OP_DRAW:
            done = draw_cards(state, seat, amount, events, counts, count_cards)
        elif op == V.OP_RESTORE_THREAD:
            done = restore_thread(state, ruleset, seat, amount)
            if done > 0 and controls(state, ruleset, seat, site):  # Growth: "restoring Thread at a controlled Site"
                gain_growth_or_disruption(state, seat, V.GARDEN, events)
            if done > 0:
                severed(state, ruleset, seat, 1, events)
        elif op == V.OP_THREAD_LOSS:
            before = state[seat_base(1 - seat) + L.P_THREAD]
            lose_thread(state, 1 - seat, amount)
            done = before - state[seat_base(1 - seat) + L.P_THREAD]
            if done > 0:
                severed(state, ruleset, seat, 0, events)
        elif op == V.OP_RESONANCE:
            state[base + L.P_RESONANCE] += amount
            done = amount
        elif op == V.OP_READY:
            for _ in range(amount):
                best, best_power = -1, -1
                for k in range(L.FIG_CAP):
                    f = figure(seat, k)
                    if state[f + L.F_CARD] >= 0 and state[f + L.F_READY] == 0 and state[f + L.F_SITE] == site:
                        p = power(state, ruleset, seat, k)
                        if p > best_power:
                            best, best_power = k, p
                if best < 0:
                    break
                state[figure(seat, best) + L.F_READY] = 1
                done += 1
        elif op == V.OP_HEAL:
            left = amount
            for k in range(L.FIG_CAP):
                f = figure(seat, k)
                if left > 0 and state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site and state[f + L.F_DAMAGE] > 0:
                    healed = min(left, state[f + L.F_DAMAGE])
                    state[f + L.F_DAMAGE] -= healed
                    left -= healed
                    done += healed
            if done > 0:
                mark_thread(state, ruleset, seat, L.THREAD_CREATION, events)  # "Creation Heal damage"
        elif op == V.OP_CLOSE_ROAD or op == V.OP_BREAK_ROAD or op == V.OP_REPAIR_ROAD:
            done = road_effect(state, ruleset, seat, op, road_direction, events)
        elif op == V.OP_CANCEL:
            continue  # applied by the Threadline as the card resolves (rules/threadline.py)
        log_event(state, events, L.EV_EFFECT, seat, op, done, 0)
    check_thread(state, events)


@njit(cache=True, _nrt=False)
def play_site(state, ruleset, seat, card_id, placement):
    """Where a Figure deploys (the Veilwalker's Site, the Stronghold, or a Behind the Lines Site) and a Relic
    installs."""
    base = seat_base(seat)
    site = state[base + L.P_VB_SITE + L.VEILWALKER]
    kind = T.card(ruleset, card_id, T.C_TYPE)
    if kind <= V.TYPE_ECHO and placement == L.PLAY_AT_STRONGHOLD:  # an Event's b is its road target instead
        site = state[base + L.P_STRONGHOLD]
    elif kind <= V.TYPE_ECHO and placement >= L.PLAY_BEHIND_LINES:
        site = placement - L.PLAY_BEHIND_LINES
    return site


@njit(cache=True, _nrt=False)
def play(state, ruleset, seat, index, placement, quick, events, counts, count_cards):
    """The declaration of a card play: the card leaves the hand and its costs are paid (``quick``: a Quick
    Event played as a response, "Quick Events pay Resonance but no normal Shape Action"); the allowances it
    spends are spent now, "even if cancelled" ("Cancelled plays still spend that allowance"). Returns the
    card; it resolves later (resolve_play) unless cancelled (rules/threadline.py). ``placement``: 0 at the
    Veilwalker's Site, PLAY_AT_STRONGHOLD, or PLAY_BEHIND_LINES + the Site (Behind the Lines); for an
    Event, Memory or Path, its road target (ROAD_NONE, or ROAD_TARGET + direction); for a Portable Relic,
    the bearer's Figure slot."""
    base = seat_base(seat)
    card_id = take_from_hand(state, seat, index)
    if not quick:
        state[L.G_ACTIONS] -= 1
    state[base + L.P_RESONANCE] -= T.card(ruleset, card_id, T.C_COST)
    if T.card(ruleset, card_id, T.C_TYPE) <= V.TYPE_ECHO and placement == L.PLAY_AT_STRONGHOLD:
        state[base + L.P_STRONGHOLD_DEPLOY] = state[L.G_ROUND]
    if count_cards:
        counts[seat, card_id, L.COUNT_PLAYED] += 1
    if T.card(ruleset, card_id, T.C_DISASTER):
        state[base + L.P_DISASTER] = 1
    log_event(state, events, L.EV_PLAY, seat, card_id, play_site(state, ruleset, seat, card_id, placement), 0)
    return card_id


@njit(cache=True, _nrt=False)
def resolve_play(state, ruleset, seat, card_id, placement, events, counts, count_cards):
    """A declared card resolves: a Figure deploys, a Relic installs or is equipped, an Event, Memory or
    Path resolves its effects and goes to the discard; then its Glyph (rules/glyphs.py)."""
    base = seat_base(seat)
    kind = T.card(ruleset, card_id, T.C_TYPE)
    site = play_site(state, ruleset, seat, card_id, placement)
    if kind == V.TYPE_RELIC and is_portable(ruleset, card_id) and not can_equip(state, seat, placement):
        to_discard(state, seat, card_id)  # its bearer is gone: "If all targets are illegal, it fails"
        return
    if kind <= V.TYPE_ECHO:
        slot = place_figure(state, seat, card_id, site, L.UNIT_NONE, L.NOWHERE)
        if placement >= L.PLAY_BEHIND_LINES:
            state[figure(seat, slot) + L.F_READY] = 0
    elif kind == V.TYPE_RELIC and is_portable(ruleset, card_id):
        equip(state, ruleset, seat, card_id, placement, events)
    elif kind == V.TYPE_RELIC:
        k = free_relic_slot(state, seat)
        r = base + L.P_REL + k * L.REL_W
        state[r + L.R_CARD] = card_id
        state[r + L.R_SITE] = site
        state[r + L.R_MUTED] = 0
        state[r + L.R_SUPPRESSED] = 0
        state[base + L.P_REL_WAKE + k] = achievements(state, ruleset, seat, card_id)
    if (kind <= V.TYPE_RELIC and T.card(ruleset, card_id, T.C_ASPECT) == V.ASPECT_CREATION
            and site == state[base + L.P_VB_SITE + L.VEILWALKER]):
        mark_thread(state, ruleset, seat, L.THREAD_CREATION, events)  # "successfully deploy a Creation card here"
    road_direction = -1
    if kind >= V.TYPE_EVENT and placement >= L.ROAD_TARGET:
        road_direction = placement - L.ROAD_TARGET
    opponent_thread = state[seat_base(1 - seat) + L.P_THREAD]
    resolve_effects(state, ruleset, seat, card_id, road_direction, events, counts, count_cards)
    glyph = T.card(ruleset, card_id, T.C_GLYPH)
    glyph_resolved(state, ruleset, seat, glyph, events)
    if kind == V.TYPE_MEMORY:
        mark_thread(state, ruleset, seat, L.THREAD_MEMORY, events)  # "Memory Resolve a Memory"
        memory_resolved(state, ruleset, seat, events)
    elif kind == V.TYPE_PATH:
        mark_thread(state, ruleset, seat, L.THREAD_STORY, events)  # "Story Play a Path"
    if kind >= V.TYPE_EVENT:
        to_discard(state, seat, card_id)
    opponent_loss = opponent_thread - state[seat_base(1 - seat) + L.P_THREAD]
    if kind == V.TYPE_EVENT:
        # "Events add theirs only to the Threadline Chain in resolution order" (it clears when the
        # Threadline ends: rules/threadline.py)
        glyph_added(state, ruleset, seat, L.CHAIN_THREADLINE, glyph, opponent_loss, events)
    else:
        glyph_added(state, ruleset, seat, L.CHAIN_TURN, glyph, opponent_loss, events)
