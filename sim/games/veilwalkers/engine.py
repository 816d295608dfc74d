"""Veilwalkers (Tabletop Beta 1), third stage: two Companies (Garden and Wayfarer), three Veilbound
each, six rotating Rings of six Sites around First Bloom, the Watcher, the Closing Spiral, the
settlements' Locals, the board Sentinels and the Patrols, lateral roads open, closed or Broken, the
Homeground bonus, and (the fourth stage, in part) Portable Relics and the Awakening of Dormant Relics.

Rules summary (the rulebook is ../shared/rulebooks/veilwalkers-beta1.txt; RULES.md has each clause's
status, and names what later stages add):
  Setup: decks of 30 shuffled, five drawn, one bottom-and-redraw each; the coin flip is the seat
  order (its winner moves second and picks a Ring I start Site, the opponent starts three Sites away
  and moves first); all three Veilbound at their Entry Site; the five Remembrances on their Sites;
  the Watcher Dormant on a Ring Site rolled with two dice; five Locals waiting and two Sentinels Dormant.
  Turn: Remember (Convergence check, ready, clear damage, Resonance = Loom size, 3 Actions, 4 with
  Garden's reward), Draw 2 (the first turn of the match 1), Weave (one card to the Loom, +1
  Resonance), Shape (Actions: play a card (a road card names its road), Move (over an open road),
  Traverse, escort, trio crossing, Turnpoint rotation, Waymark, activate a node, claim a Remembrance,
  Challenge, Thread Strike, Drive Off, Raze, Mute and Reactivate, Break Through, the Rites' own steps,
  Waystation links, Lay Low, Close the Eye, the Remnant, Challenging the Revealed Watcher, Escape and
  Force the Breach, recruiting a Local, awakening a board Sentinel, deploying, moving and Recalling the
  Patrol, Claiming a Dropped Portable Relic; a card play opens a Threadline, where either Company may
  respond with one Quick Event (decision `respond`) before it resolves, newest first; a Portable Relic's play equips a Figure; Relics Awaken after
  any decision once their condition holds, their Awakened text resolving at each Shape's start), End (discard to 7, node deactivation by enemy control, Dominion markers, Suppression ends);
  a Company's road closures end at its next Remember. Round end: the Watcher's awakening roll and
  phase, then the Closing Spiral (close the Fraying Ring, the drawless count).
  Winning: Convergence (network history complete, Veilwalker in First Bloom carrying three
  Remembrances, controlling it at the start of Remember), Unraveling (opposing Thread 0; both 0 at
  once: a draw), or the Round cap (a draw, its own end reason).

Encoding (layout.py): one int64 state vector (globals, then a block per seat). An action is
kind << 16 | a << 8 | b (layout.A_*). Every decision names its decider (G_DECIDER): the active
Company, the defender choosing an interceptor, the defender's Escape arrival reaction, or the
Company holding a Threadline's priority (or invoking from its Threadline Chain in the opposing turn). Random
streams (sim/core/rng.py, keyed by deck slot): per seat a deal stream and a bot stream, and one
chance stream (the Watcher's dice, Close the Eye, the arrival reaction).

The spine: `reset` prepares the table, `legal_actions`, `step` applies one decision and runs the
automatic steps that follow it, `status`, `check_invariants` (debug mode, after every action). The
rules themselves are in rules/ (one module per area).
"""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.core.kernel import seat_streams
from sim.core.seating import slot_of_seat
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers.rules import (
    actions,
    cards,
    closing,
    combat,
    glyphs,
    movement,
    network,
    patrol,
    relics,
    remembrance,
    rites,
    setup,
    stronghold,
    temporary,
    threadline,
    turn,
    units,
    watcher,
)
from sim.games.veilwalkers.rules.attention import lay_low, pay_surcharge
from sim.games.veilwalkers.rules.board import (
    figure,
    gate_site,
    lateral_distance,
    on_ring,
    power,
    ring_closed,
    seat_base,
    visited,
)
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.temporary import passage_used


@njit(cache=True, _nrt=False)
def reset(state, ruleset, matchup, seeds, pair, order, keys, counters, events, counts, count_cards):
    """A new match of deal ``pair`` in seat order ``order``, up to the first decision (a mulligan)."""
    for i in range(state.shape[0]):
        state[i] = 0
    state[L.G_ROUND] = 1
    state[L.G_WINNER] = -1
    state[L.G_ORDER] = order
    for i in range(keys.shape[0]):
        keys[i] = 0
        counters[i] = 0
    seat_streams(seeds, pair, order, 2, 1, rng.PURPOSE_DEAL, keys, 0)
    seat_streams(seeds, pair, order, 2, 1, rng.PURPOSE_POLICY, keys, L.STREAM_BOT)
    keys[L.STREAM_CHANCE] = rng.stream_key(seeds[0], seeds[1], pair, rng.PURPOSE_CHANCE, 0)
    setup.prepare(state, ruleset, matchup, order, keys, counters, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def legal_actions(state, ruleset, legal):
    return actions.list_legal(state, ruleset, legal)


@njit(cache=True, inline="always")
def await_interception(state, seat, defender_may_intercept):
    """An attack the defender may intercept waits for its choice (DEC_INTERCEPT); returns whether it does."""
    if defender_may_intercept:
        state[L.G_PENDING] = L.DEC_INTERCEPT
        state[L.G_DECIDER] = 1 - seat
    return defender_may_intercept


@njit(cache=True, _nrt=False)
def shape_action(state, ruleset, seat, kind, a, b, keys, counters, events, counts, count_cards):
    if kind == L.A_PLAY:
        threadline.declare_play(state, ruleset, seat, a, b, events, counts, count_cards)
    elif kind == L.A_MOVE:
        movement.move(state, ruleset, seat, a, b, events)
    elif kind == L.A_TRAVERSE:
        movement.traverse(state, ruleset, seat, a, b, events)
    elif kind == L.A_ESCORT:
        movement.escort(state, ruleset, seat, a, b, events)
    elif kind == L.A_TRIO:
        movement.trio(state, ruleset, seat, b, events)
    elif kind == L.A_ROTATE:
        movement.rotate(state, ruleset, seat, a, b, events)
    elif kind == L.A_LINK:
        movement.link(state, ruleset, seat, a, b, events)
    elif kind == L.A_WAYMARK:
        if rites.free_waymark(state, seat, a):
            state[seat_base(seat) + L.P_FREE_WAYMARK] = 0
        else:
            state[L.G_ACTIONS] -= 1
        pay_surcharge(state, seat, events)
        passage_used(state, seat, gate_site(ruleset, a))
        state[seat_base(seat) + L.P_WAYMARK + a] = 1
        log_event(state, events, L.EV_WAYMARK, seat, a, 0, 0)
    elif kind == L.A_ACTIVATE:
        network.activate(state, ruleset, seat, a, events)
    elif kind == L.A_CLAIM:
        remembrance.claim(state, seat, a, events)
    elif kind == L.A_PRESENT:
        state[L.G_ACTIONS] -= 1
        rites.record_completion(state, ruleset, seat, a, events)
    elif kind == L.A_OFFER:
        state[L.G_ACTIONS] -= 1
        card_id = turn.take_from_hand(state, seat, a)
        cards.to_discard(state, seat, card_id)
        log_event(state, events, L.EV_DISCARD, seat, card_id, 0, 0)
        rites.offered(state, ruleset, seat, events)
    elif kind == L.A_FALLBACK:
        state[L.G_ACTIONS] -= 1
        state[seat_base(seat) + L.P_RESONANCE] -= ruleset[T.RULE_FALLBACK_RESONANCE]
        state[seat_base(seat) + L.P_THREADS + a] |= L.THREAD_FALLBACK_USED
        rites.mark_thread(state, ruleset, seat, b, events)
    elif kind == L.A_CHALLENGE:
        combat.challenge(state, ruleset, seat, a, b, events)
    elif kind == L.A_STRIKE:
        if not await_interception(state, seat, combat.declare_strike(state, seat, a)):
            combat.strike_lands(state, ruleset, seat, a, events)
    elif kind == L.A_BREAK_THROUGH:
        base = seat_base(seat)
        state[base + L.P_DISRUPTION] -= 3
        state[base + L.P_BREAK_THROUGH] = 1
        log_event(state, events, L.EV_GAIN, seat, 2, state[base + L.P_DISRUPTION], 0)
    elif kind == L.A_MUTE:
        combat.set_muted(state, seat, 1 - seat, a, 1, events)
    elif kind == L.A_REACTIVATE:
        combat.set_muted(state, seat, seat, a, 0, events)
    elif kind == L.A_RAZE:
        if not await_interception(state, seat, combat.declare_raze(state, seat, a, b)):
            combat.raze_lands(state, ruleset, seat, a, events)
    elif kind == L.A_DRIVE_OFF:
        if not await_interception(state, seat, combat.declare_drive_off(state, seat, a, b)):
            combat.drive_off_lands(state, ruleset, seat, a, events)
    elif kind == L.A_ESCAPE:
        closing.escape(state, ruleset, seat, a, b - 1, keys, counters, events)
    elif kind == L.A_BREACH:
        closing.breach(state, ruleset, seat, events)
    elif kind == L.A_LAY_LOW:
        lay_low(state, seat, events)
    elif kind == L.A_CHALLENGE_WATCHER:
        watcher.challenge_watcher(state, ruleset, seat, a, keys, counters, events)
    elif kind == L.A_CLOSE_EYE:
        watcher.close_eye(state, ruleset, seat, b - 1, keys, counters, events)
    elif kind == L.A_REMNANT:
        watcher.spend_remnant(state, ruleset, seat, a, b, events)
    elif kind == L.A_ESTABLISH:
        stronghold.establish(state, seat, events)
    elif kind == L.A_FINISH:
        stronghold.finish(state, seat, events)
    elif kind == L.A_DESTROY:
        stronghold.destroy(state, seat, a, events)
    elif kind == L.A_TRIAL:
        state[L.G_ACTIONS] -= 1
        state[figure(seat, a) + L.F_READY] = 0
        rites.record_completion(state, ruleset, seat, b, events)
    elif kind == L.A_SACRIFICE:
        state[L.G_ACTIONS] -= 1
        combat.break_figure(state, ruleset, seat, a, events)
    elif kind == L.A_RECRUIT:
        units.recruit(state, ruleset, seat, b, events)
    elif kind == L.A_AWAKEN:
        units.awaken_sentinel(state, ruleset, seat, b, events)
    elif kind == L.A_PATROL:
        patrol.deploy(state, ruleset, seat, a, events)
    elif kind == L.A_PATROL_MOVE:
        patrol.move(state, ruleset, seat, a, events)
    elif kind == L.A_RECALL:
        patrol.recall(state, ruleset, seat, events)
    elif kind == L.A_CLAIM_RELIC:
        relics.claim(state, ruleset, seat, a, b, events)
    elif kind == L.A_SEARCH:
        state[L.G_ACTIONS] -= 1
        state[seat_base(seat) + L.P_RESONANCE] -= ruleset[T.RULE_UNSEEN_RESONANCE]
        rites.record_completion(state, ruleset, seat, a, events)


@njit(cache=True, _nrt=False)
def settle(state, ruleset, events, counts, count_cards):
    """After a Shape action or a Threadline decision: the standing checks (rites.check_standing), then an
    invocation decision with no legal invocation left closes (glyphs.recheck_window) and its Threadline
    goes on to its next decision."""
    for _ in range(4 * L.TL_CAP):
        rites.check_standing(state, ruleset, state[L.G_SIDE], events)
        glyphs.recheck_window(state, ruleset)
        if state[L.G_DONE] or state[L.G_TL_OPEN] == 0 or state[L.G_PENDING] != L.DEC_SHAPE:
            return
        threadline.resume(state, ruleset, events, counts, count_cards)


@njit(cache=True, _nrt=False)
def shape_without_weave(state, ruleset, events, counts, count_cards):
    """A turn that opens with no Weave decision (Loom full, or an empty hand) goes straight into its
    Shape; the Awakened text resolves at the start of every Shape (RULES.md), so it resolves here, as it
    does after a weave or no_weave."""
    if not state[L.G_DONE] and state[L.G_PHASE] == L.PH_SHAPE and state[L.G_PENDING] == L.DEC_SHAPE:
        cards.resolve_awakened(state, ruleset, state[L.G_SIDE], events, counts, count_cards)


@njit(cache=True, _nrt=False)
def step(state, ruleset, matchup, action, keys, counters, events, counts, count_cards):
    kind = actions.kind_of(action)
    a = actions.field_a(action)
    b = actions.field_b(action)
    seat = state[L.G_DECIDER]
    active = state[L.G_SIDE]
    state[L.G_DECISIONS] += 1
    if kind == L.A_MULLIGAN:
        setup.mulligan(state, seat, a, keys, counters, events, counts, count_cards)
    elif kind == L.A_START:
        setup.place_start(state, a, events)
        watcher.place(state, keys, counters, events)  # "after player starts"
        turn.begin_turn(state, ruleset, 0, events, counts, count_cards)
        shape_without_weave(state, ruleset, events, counts, count_cards)
    elif kind == L.A_WEAVE or kind == L.A_NO_WEAVE:
        if kind == L.A_WEAVE:
            turn.weave(state, ruleset, seat, a, events)
        turn.start_shape(state)
        cards.resolve_awakened(state, ruleset, seat, events, counts, count_cards)
    elif kind == L.A_END_SHAPE or kind == L.A_DISCARD:
        if kind == L.A_END_SHAPE:
            turn.end_shape(state, ruleset, seat, events)
        else:
            turn.discard(state, ruleset, seat, a, events)
        if state[L.G_PENDING] == L.DEC_NONE:
            turn.end_turn(state, ruleset, seat, keys, counters, events, counts, count_cards)
            shape_without_weave(state, ruleset, events, counts, count_cards)
    elif kind == L.A_INTERCEPT or kind == L.A_NO_INTERCEPT:
        if kind == L.A_INTERCEPT:
            combat.intercept(state, ruleset, active, state[L.G_STRIKER], a, events)
        elif state[L.G_TARGET] >= L.RAZE_TARGET:
            combat.raze_lands(state, ruleset, active, state[L.G_STRIKER], events)
        elif state[L.G_TARGET] >= 0:
            combat.drive_off_lands(state, ruleset, active, state[L.G_STRIKER], events)
        else:
            combat.strike_lands(state, ruleset, active, state[L.G_STRIKER], events)
        state[L.G_DECIDER] = active
        state[L.G_PENDING] = L.DEC_SHAPE
        rites.check_standing(state, ruleset, active, events)
    elif kind == L.A_INVOKE:
        threadline.invoke(state, ruleset, seat, a, b, events, counts, count_cards)
        settle(state, ruleset, events, counts, count_cards)
    elif kind == L.A_NO_INVOKE:
        glyphs.close_window(state, seat)
        settle(state, ruleset, events, counts, count_cards)
    elif kind == L.A_RESPOND:
        threadline.respond(state, ruleset, seat, a, events, counts, count_cards)
        settle(state, ruleset, events, counts, count_cards)
    elif kind == L.A_PASS:
        threadline.pass_priority(state, ruleset, seat, events, counts, count_cards)
        settle(state, ruleset, events, counts, count_cards)
    elif kind == L.A_REACT or kind == L.A_NO_REACT:
        closing.react(state, ruleset, seat, a if kind == L.A_REACT else -1, events)
        rites.check_standing(state, ruleset, active, events)
    else:
        shape_action(state, ruleset, seat, kind, a, b, keys, counters, events, counts, count_cards)
        settle(state, ruleset, events, counts, count_cards)
    combat.recheck_lethal(state, ruleset, events)
    relics.check_awakenings(state, ruleset, events)
    if state[L.G_DONE]:
        state[L.G_PENDING] = L.DEC_NONE


@njit(cache=True, inline="always")
def status(state):
    """(done, winner seat or -1, end reason)."""
    return state[L.G_DONE], state[L.G_WINNER], state[L.G_END_REASON]


@njit(cache=True, _nrt=False)
def zone_count(state, seat, card_id):
    base = seat_base(seat)
    n = 0
    for i in range(state[base + L.P_DECK_N]):
        n += state[base + L.P_DECK + i] == card_id
    for i in range(state[base + L.P_HAND_N]):
        n += state[base + L.P_HAND + i] == card_id
    for i in range(state[base + L.P_LOOM_N]):
        n += state[base + L.P_LOOM + i] == card_id
    for i in range(state[base + L.P_DISCARD_N]):
        n += state[base + L.P_DISCARD + i] == card_id
    for k in range(L.FIG_CAP):
        n += state[figure(seat, k) + L.F_CARD] == card_id
    for k in range(L.REL_CAP):
        n += state[base + L.P_REL + k * L.REL_W + L.R_CARD] == card_id
    for k in range(L.PORT_CAP):
        n += state[relics.portable(seat, k) + L.PT_CARD] == card_id  # the owner's, whoever controls it
    return n + threadline.pending_cards(state, seat, card_id)  # declared, not yet resolved


@njit(cache=True, _nrt=False)
def placed(state, site):
    """A piece's place: a Site of a Ring not closed, First Bloom, or Lost in the Fray at a world sector."""
    if on_ring(site):
        return not ring_closed(state, site // L.SITES)
    return site == L.BLOOM or L.LOST <= site < L.LOST + L.SITES


@njit(cache=True, _nrt=False)
def units_invariant(state, ruleset):
    """0 or INVARIANT_UNITS: each recruited Local is exactly one Recruit at its settlement, each awakened
    Sentinel exactly one Sentinel within a step of its home on the same Ring, a Company's Patrol at most
    one and the slot P_PATROL names, every board unit's Figure of its unit row and on a Ring not closed,
    and every deck card's Figure of a deck card."""
    first_unit = T.board(ruleset, T.B_UNIT_CARD)
    found = 0  # bit k: settlement k's Recruit seen; bit SETTLEMENTS + k: Sentinel k seen
    for seat in range(L.SEATS):
        for slot in range(L.FIG_CAP):
            f = figure(seat, slot)
            card_id, unit, site, home = state[f + L.F_CARD], state[f + L.F_UNIT], state[f + L.F_SITE], state[f + L.F_HOME]
            if card_id < 0:
                continue
            if unit == L.UNIT_NONE:
                if card_id >= first_unit:
                    return L.INVARIANT_UNITS
                continue
            if card_id != T.unit_card(ruleset, unit) or not on_ring(site) or ring_closed(state, site // L.SITES):
                return L.INVARIANT_UNITS
            if unit == L.UNIT_PATROL:
                if state[seat_base(seat) + L.P_PATROL] != slot or home != L.NOWHERE:
                    return L.INVARIANT_UNITS
                continue
            if site // L.SITES != home // L.SITES or lateral_distance(site, home) > (1 if unit == L.UNIT_SENTINEL else 0):
                return L.INVARIANT_UNITS
            count, field, table, bit, joined = L.SETTLEMENTS, L.G_LOCAL, T.B_SETTLEMENT, 0, L.LOCAL_RECRUITED
            if unit == L.UNIT_SENTINEL:
                count, field, table, bit, joined = L.SENTINELS, L.G_SENTINEL, T.B_SENTINEL, L.SETTLEMENTS, L.SENTINEL_AWAKENED
            matched = False
            for k in range(count):
                if T.board(ruleset, table + k) == home and state[field + k] == joined and not found >> (bit + k) & 1:
                    found |= 1 << (bit + k)
                    matched = True
            if not matched:
                return L.INVARIANT_UNITS
    for seat in range(L.SEATS):
        slot = state[seat_base(seat) + L.P_PATROL]
        if slot >= 0 and (slot >= L.FIG_CAP or state[figure(seat, slot) + L.F_CARD] < 0
                          or state[figure(seat, slot) + L.F_UNIT] != L.UNIT_PATROL):
            return L.INVARIANT_UNITS
    for k in range(L.SETTLEMENTS):
        if (state[L.G_LOCAL + k] == L.LOCAL_RECRUITED) != (found >> k & 1 == 1):
            return L.INVARIANT_UNITS
    for k in range(L.SENTINELS):
        if (state[L.G_SENTINEL + k] == L.SENTINEL_AWAKENED) != (found >> (L.SETTLEMENTS + k) & 1 == 1):
            return L.INVARIANT_UNITS
    return 0


@njit(cache=True, _nrt=False)
def check_invariants(state, ruleset, matchup):
    """0, or the code of the first broken invariant: every card of a deck in exactly one zone, Thread
    and Resonance in range, every Remembrance on a Site of a Ring not closed or carried, Figures alive
    and on the board or Lost, no piece or Relic on a closed Ring, Ring offsets in range, the Closing
    Spiral's Rings in order, every piece on a Ring Site its Company has visited (P_VISITED), the board
    units where their rules keep them (units_invariant), the Glyph chains (glyphs.chains_invariant), the
    Relics (relics.relics_invariant), the temporary effects within their periods (temporary.temporary_invariant), the
    Threadline (threadline.threadline_invariant; a declared card pending on it counts as in a zone)."""
    deck_size = matchup[T.MATCHUP_DECK_SIZE]
    for seat in range(L.SEATS):
        base = seat_base(seat)
        slot = slot_of_seat(state[L.G_ORDER], seat, 2, 1)
        for i in range(deck_size):
            card_id = T.deck_card(matchup, slot, i)
            copies = 0
            for j in range(deck_size):
                copies += T.deck_card(matchup, slot, j) == card_id
            if zone_count(state, seat, card_id) != copies:
                return L.INVARIANT_CARDS
        total = state[base + L.P_DECK_N] + state[base + L.P_HAND_N] + state[base + L.P_LOOM_N] + state[base + L.P_DISCARD_N]
        for k in range(L.FIG_CAP):
            f = figure(seat, k)
            if state[f + L.F_CARD] >= 0:
                total += state[f + L.F_UNIT] == L.UNIT_NONE  # a board unit is no deck card
                if state[f + L.F_DAMAGE] >= power(state, ruleset, seat, k) or state[f + L.F_SITE] < 0:
                    return L.INVARIANT_FIGURES
                if not placed(state, state[f + L.F_SITE]):
                    return L.INVARIANT_BOARD
                if on_ring(state[f + L.F_SITE]) and not visited(state, seat, state[f + L.F_SITE]):
                    return L.INVARIANT_BOARD  # every piece stands on a Site of its Company's history
        for k in range(L.REL_CAP):
            r = base + L.P_REL + k * L.REL_W
            if state[r + L.R_CARD] >= 0:
                total += 1
                if not on_ring(state[r + L.R_SITE]) or ring_closed(state, state[r + L.R_SITE] // L.SITES):
                    return L.INVARIANT_BOARD
        for k in range(L.PORT_CAP):
            total += state[relics.portable(seat, k) + L.PT_CARD] >= 0
        total += threadline.pending_cards(state, seat, -1)
        if total != deck_size:
            return L.INVARIANT_CARDS
        if not 0 <= state[base + L.P_THREAD] <= ruleset[T.RULE_THREAD_START]:
            return L.INVARIANT_THREAD
        if state[base + L.P_RESONANCE] < 0 or state[L.G_ACTIONS] < 0 or state[base + L.P_LOOM_N] > ruleset[T.RULE_LOOM_MAX]:
            return L.INVARIANT_COUNTS
        if state[L.G_PENDING] != L.DEC_MULLIGAN and state[L.G_PENDING] != L.DEC_START:
            for i in range(3):
                site = state[base + L.P_VB_SITE + i]
                if not placed(state, site) or (on_ring(site) and not visited(state, seat, site)):
                    return L.INVARIANT_BOARD
                if site == L.BLOOM and i != L.VEILWALKER:
                    return L.INVARIANT_BOARD
    for t in range(L.TOKENS):
        tk = L.G_TOKEN + t * L.TOKEN_W
        site, carrier = state[tk + L.TK_SITE], state[tk + L.TK_CARRIER]
        # a Remembrance lies on a Ring Site, or in First Bloom where a Thread Strike dislodged it, or is carried
        if not (((on_ring(site) or site == L.BLOOM) and carrier == -1) or (site == L.NOWHERE and 0 <= carrier < L.SEATS)):
            return L.INVARIANT_TOKENS
        if carrier == -1 and ring_closed(state, site // L.SITES):
            return L.INVARIANT_TOKENS
    for ring in range(L.RINGS):
        if not 0 <= state[L.G_OFFSET + ring] < L.SITES:
            return L.INVARIANT_BOARD
    for field in (L.G_ROADS_BROKEN, L.G_ROADS_CLOSED, L.G_ROADS_CLOSED + 1):
        if not 0 <= state[field] < 1 << L.BLOOM:
            return L.INVARIANT_BOARD  # one bit per lateral road
    if not (0 <= state[L.G_CLOSED] < L.RINGS and -1 <= state[L.G_FRAYING] < L.BOUNDARIES):
        return L.INVARIANT_BOARD
    if state[L.G_FRAYING] >= 0 and state[L.G_FRAYING] != state[L.G_CLOSED]:
        return L.INVARIANT_BOARD  # Rings fray and close in order, outermost first
    for seat in range(L.SEATS):
        for field in (L.P_STRONGHOLD, L.P_FOUNDATION):
            site = state[seat_base(seat) + field]
            if site != L.NOWHERE and (not on_ring(site) or ring_closed(state, site // L.SITES)):
                return L.INVARIANT_BOARD
    units_broken = units_invariant(state, ruleset)
    if units_broken:
        return units_broken
    chains_broken = glyphs.chains_invariant(state)
    if chains_broken:
        return chains_broken
    relics_broken = relics.relics_invariant(state, ruleset)
    if relics_broken:
        return relics_broken
    threadline_broken = threadline.threadline_invariant(state, ruleset)
    if threadline_broken:
        return threadline_broken
    temporary_broken = temporary.temporary_invariant(state)
    if temporary_broken:
        return temporary_broken
    watcher_site = state[L.G_WATCHER_SITE]
    if state[L.G_WATCHER] == L.WATCHER_REMOVED:
        if watcher_site != L.NOWHERE:
            return L.INVARIANT_BOARD
    elif state[L.G_PENDING] != L.DEC_MULLIGAN and state[L.G_PENDING] != L.DEC_START:
        if not on_ring(watcher_site) or ring_closed(state, watcher_site // L.SITES):
            return L.INVARIANT_BOARD  # "it never enters Bloom"
    return 0
