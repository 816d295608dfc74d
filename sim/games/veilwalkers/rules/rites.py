"""The Gate Rites of Appendix B tracked per Company (the Standard assignment: Presence, Offering,
Dominion, Return, Three Threads, Burden; and the alternatives), and Waymarks. Each boundary's Rite is
an edition rule (rite_1 .. rite_5), so another assignment is data."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.attention import surcharge
from sim.games.veilwalkers.rules.board import controls, figure, gate_site, power, presence, seat_base
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.remembrance import carried
from sim.games.veilwalkers.rules.temporary import watcher_ignored
from sim.games.veilwalkers.rules.units import performs_rites

ALL_THREADS = L.THREAD_CREATION | L.THREAD_STORY | L.THREAD_MEMORY


@njit(cache=True, forceinline=True)
def rite_of(ruleset, boundary):
    return ruleset[T.RULE_RITE_1 + boundary]


@njit(cache=True, _nrt=False)
def record_completion(state, ruleset, seat, boundary, events):
    """"Rite completion is historical": the Rite stays complete for the Company (its progress marker
    is cleared)."""
    base = seat_base(seat)
    if state[base + L.P_RITE_DONE + boundary] == 0:
        state[base + L.P_RITE_DONE + boundary] = 1
        state[base + L.P_RITE_MARK + boundary] = 0
        log_event(state, events, L.EV_RITE, seat, boundary, rite_of(ruleset, boundary), 0)


@njit(cache=True, _nrt=False)
def check_standing(state, ruleset, active, events):
    """After every action: Rite of Presence ("As soon as your team reaches 5 Presence here"), the
    Dominion marker's removal ("Remove it if you lose control before the opposing turn ends"), the
    Last Place and Three Forms."""
    for seat in range(L.SEATS):
        base = seat_base(seat)
        for b in range(L.BOUNDARIES):
            if state[base + L.P_RITE_DONE + b]:
                continue
            rite = rite_of(ruleset, b)
            site = gate_site(ruleset, b)
            if rite == V.RITE_PRESENCE:
                if presence(state, ruleset, seat, site) >= ruleset[T.RULE_PRESENCE_NEEDED]:
                    record_completion(state, ruleset, seat, b, events)
            elif rite == V.RITE_DOMINION and seat != active and state[base + L.P_RITE_MARK + b]:
                if not controls(state, ruleset, seat, site):
                    state[base + L.P_RITE_MARK + b] = 0
            elif rite == V.RITE_LAST_PLACE:
                # "Your Veilwalker must then occupy and control this Gate Site ... As soon as the
                # third-Ring history condition and current Gate control are both true"
                if (rings_held(state, ruleset, seat) >= ruleset[T.RULE_LAST_PLACE_RINGS]
                        and state[base + L.P_VB_SITE + L.VEILWALKER] == site and controls(state, ruleset, seat, site)):
                    record_completion(state, ruleset, seat, b, events)
            elif rite == V.RITE_THREE_FORMS:
                # "Have three different categories of card presence at this Site simultaneously ...
                # Completion: Immediately upon controlling three categories"
                if forms_at(state, ruleset, seat, site) >= 3:
                    record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def dominion_turn_end(state, ruleset, active, events):
    """Rite of Dominion: "Place a Dominion marker when your turn ends in control ... Completion: If you
    still control the Site when that opposing turn ends." Run at the end of every turn."""
    for seat in range(L.SEATS):
        base = seat_base(seat)
        for b in range(L.BOUNDARIES):
            if state[base + L.P_RITE_DONE + b] or rite_of(ruleset, b) != V.RITE_DOMINION:
                continue
            held = controls(state, ruleset, seat, gate_site(ruleset, b))
            if seat == active:
                state[base + L.P_RITE_MARK + b] = 1 if held else 0
            elif state[base + L.P_RITE_MARK + b]:
                if held:
                    record_completion(state, ruleset, seat, b, events)
                else:
                    state[base + L.P_RITE_MARK + b] = 0


@njit(cache=True, _nrt=False)
def veilwalker_moved(state, ruleset, seat, origin, destination, events):
    """Actual movement of the Veilwalker (never rotation): Rite of Return ("leave this Site, occupy
    another Site, and later return here") and Rite of Burden ("arrive at this Gate Site carrying at
    least 1 Remembrance")."""
    base = seat_base(seat)
    for b in range(L.BOUNDARIES):
        if state[base + L.P_RITE_DONE + b]:
            continue
        rite = rite_of(ruleset, b)
        site = gate_site(ruleset, b)
        if rite == V.RITE_RETURN:
            if origin == site:
                state[base + L.P_RITE_MARK + b] = 1
            elif destination == site and state[base + L.P_RITE_MARK + b]:
                record_completion(state, ruleset, seat, b, events)
        elif rite == V.RITE_BURDEN:
            if destination == site:
                state[base + L.P_RITE_MARK + b] = 1 if carried(state, seat) >= 1 else 0
            elif origin == site:
                state[base + L.P_RITE_MARK + b] = 0


@njit(cache=True, _nrt=False)
def veilwalker_gate(state, ruleset, seat, rite):
    """The boundary whose Gate Site the Company's Veilwalker occupies and whose Rite is ``rite`` and
    not yet complete, or -1."""
    base = seat_base(seat)
    site = state[base + L.P_VB_SITE + L.VEILWALKER]
    for b in range(L.BOUNDARIES):
        if gate_site(ruleset, b) == site and rite_of(ruleset, b) == rite and state[base + L.P_RITE_DONE + b] == 0:
            return b
    return -1


@njit(cache=True, _nrt=False)
def offered(state, ruleset, seat, events):
    """Rite of Offering: "Weave a card while your Veilwalker occupies this Gate, or discard a card from
    your hand as an Action. Completion: Immediately.\""""
    b = veilwalker_gate(state, ruleset, seat, V.RITE_OFFERING)
    if b >= 0:
        record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def mark_thread(state, ruleset, seat, thread, events):
    """Rite of the Three Threads: a Creation, Story or Memory deed "While your Veilwalker occupies
    this Gate Site"; "Track each completed Thread separately ... Completion: When all three are marked.\""""
    b = veilwalker_gate(state, ruleset, seat, V.RITE_THREE_THREADS)
    if b < 0:
        return
    base = seat_base(seat)
    state[base + L.P_THREADS + b] |= thread
    if state[base + L.P_THREADS + b] & ALL_THREADS == ALL_THREADS:
        record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def can_present(state, ruleset, seat, b):
    """Rite of Burden: "arrive ... carrying at least 1 Remembrance and your team must control the Site.
    Then spend: 1 Action to present the Remembrance. The Remembrance is not discarded.\""""
    base = seat_base(seat)
    return (rite_of(ruleset, b) == V.RITE_BURDEN and state[base + L.P_RITE_DONE + b] == 0
            and state[base + L.P_RITE_MARK + b] == 1 and state[L.G_ACTIONS] >= 1
            and state[base + L.P_VB_SITE + L.VEILWALKER] == gate_site(ruleset, b)
            and state[base + L.P_VB_READY + L.VEILWALKER] == 1 and carried(state, seat) >= 1
            and controls(state, ruleset, seat, gate_site(ruleset, b)))


@njit(cache=True, _nrt=False, forceinline=True)
def can_fallback(state, ruleset, seat, b, thread):
    """Three Threads: "Once per Gate, your Veilwalker may spend 1 Action and 2 Resonance to mark one
    missing Thread. The other two must be completed normally.\""""
    base = seat_base(seat)
    marks = state[base + L.P_THREADS + b]
    return (rite_of(ruleset, b) == V.RITE_THREE_THREADS and state[base + L.P_RITE_DONE + b] == 0
            and marks & L.THREAD_FALLBACK_USED == 0 and marks & thread == 0 and state[L.G_ACTIONS] >= 1
            and state[base + L.P_RESONANCE] >= ruleset[T.RULE_FALLBACK_RESONANCE]
            and state[base + L.P_VB_SITE + L.VEILWALKER] == gate_site(ruleset, b)
            and state[base + L.P_VB_READY + L.VEILWALKER] == 1)


@njit(cache=True, inline="always")
def free_waymark(state, seat, b):
    """AP-12 The Story Opens chose this Gate's Rite this turn (its Waymark costs 0 Actions once the Rite is
    complete: the Rite was incomplete when chosen, so it was satisfied this turn)."""
    return state[seat_base(seat) + L.P_FREE_WAYMARK] == b + 1


@njit(cache=True, _nrt=False)
def can_waymark(state, ruleset, seat, b):
    """"Waymarking is a separate one-Action operation by your Ready Veilwalker at that controlled Gate
    after its Rite is complete. Binding does not require current physical alignment.\""""
    base = seat_base(seat)
    site = gate_site(ruleset, b)
    if not (state[base + L.P_RITE_DONE + b] == 1 and state[base + L.P_WAYMARK + b] == 0
            and (state[L.G_ACTIONS] >= 1 or free_waymark(state, seat, b))
            and state[base + L.P_VB_SITE + L.VEILWALKER] == site and state[base + L.P_VB_READY + L.VEILWALKER] == 1
            and state[base + L.P_RESONANCE] >= surcharge(state, seat)):
        return False
    if watcher_ignored(state, seat, site):  # AV-12: the Watcher, the only neutral Presence, does not count
        own = presence(state, ruleset, seat, site)
        return own > 0 and own > presence(state, ruleset, 1 - seat, site)
    return controls(state, ruleset, seat, site)


# ---- the twelve other Rites of Appendix B ("All eighteen original Rites are retained as alternatives"),
# selectable per boundary as edition data; Living Story (Alignments) and Broken Path (roads) wait for
# their mechanics


@njit(cache=True, _nrt=False)
def complete_at(state, ruleset, seat, rite, site, events):
    """Complete, for the Company, every incomplete boundary whose Rite is ``rite`` and whose Gate is
    ``site`` (any Gate when ``site`` < 0)."""
    base = seat_base(seat)
    for b in range(L.BOUNDARIES):
        if (state[base + L.P_RITE_DONE + b] == 0 and rite_of(ruleset, b) == rite
                and (site < 0 or gate_site(ruleset, b) == site)):
            record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def rotated(state, ruleset, seat, events):
    """Rite of the Turning Road: "While your Veilwalker occupies this Gate Site: cause any Ring to rotate
    ... Completion: Immediately after rotation.\""""
    b = veilwalker_gate(state, ruleset, seat, V.RITE_TURNING_ROAD)
    if b >= 0:
        record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def shape_ends(state, ruleset, seat, events):
    """Rite of the Open Hand: "End your Shape Phase controlling this Gate Site while holding: 3 or fewer
    cards in hand. Completion: At the end of your Shape Phase.\""""
    base = seat_base(seat)
    if state[base + L.P_HAND_N] > ruleset[T.RULE_OPEN_HAND_CARDS]:
        return
    for b in range(L.BOUNDARIES):
        if (state[base + L.P_RITE_DONE + b] == 0 and rite_of(ruleset, b) == V.RITE_OPEN_HAND
                and controls(state, ruleset, seat, gate_site(ruleset, b))):
            record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def glyph_resolved(state, ruleset, seat, glyph, events):
    """Rite of Two Voices: "During the same team turn, resolve cards containing: two different Glyphs.
    The two distinct Glyphs must come from your Company. Completion: After the second distinct Glyph
    resolves." (The Rite names no place: any Gate it guards.)"""
    base = seat_base(seat)
    if glyph == 0:
        return
    if state[base + L.P_TURN_GLYPH] == 0:
        state[base + L.P_TURN_GLYPH] = glyph
    elif state[base + L.P_TURN_GLYPH] != glyph:
        complete_at(state, ruleset, seat, V.RITE_TWO_VOICES, -1, events)


@njit(cache=True, _nrt=False)
def memory_resolved(state, ruleset, seat, events):
    """Rite of the First Memory: "Resolve any Memory card while your Veilwalker occupies this Gate Site.\""""
    b = veilwalker_gate(state, ruleset, seat, V.RITE_FIRST_MEMORY)
    if b >= 0:
        record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def severed(state, ruleset, seat, half, events):
    """Rite of Severance: "During a single team turn while your Veilwalker occupies this Gate Site: deal
    Thread damage to the opposing team and restore Thread to your own team, in either order."
    ``half``: 0 Thread damaged, 1 Thread restored (the marks clear at the Company's next Remember)."""
    b = veilwalker_gate(state, ruleset, seat, V.RITE_SEVERANCE)
    if b < 0:
        return
    base = seat_base(seat)
    state[base + L.P_SEVERANCE] |= 1 << (2 * b + half)
    if state[base + L.P_SEVERANCE] >> (2 * b) & 3 == 3:
        record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def can_trial(state, ruleset, seat, slot, b):
    """Rite of Challenge: "If no opposing Figure is present, spend: 1 Action and Exhaust one Ready Figure
    with at least 4 Power here to complete a Trial of Strength.\""""
    f = figure(seat, slot)
    site = gate_site(ruleset, b)
    if (rite_of(ruleset, b) != V.RITE_CHALLENGE or state[seat_base(seat) + L.P_RITE_DONE + b] == 1
            or state[L.G_ACTIONS] < 1 or state[f + L.F_CARD] < 0 or state[f + L.F_READY] == 0
            or not performs_rites(state, seat, slot)  # a Recruit "cannot ... perform Rites", nor a Patrol
            or state[f + L.F_SITE] != site or power(state, ruleset, seat, slot) < ruleset[T.RULE_TRIAL_POWER]):
        return False
    for k in range(L.FIG_CAP):
        e = figure(1 - seat, k)
        if state[e + L.F_CARD] >= 0 and state[e + L.F_SITE] == site:
            return False
    return True


@njit(cache=True, _nrt=False)
def can_sacrifice(state, ruleset, seat, slot, b):
    """Rite of Loss: "Universal Alternative: Voluntarily Break one eligible card you control here as an
    Action" (a Figure; Relics and Paths: see RULES.md). A board unit is no card ("Eligible: Hero Ally Echo
    Relic Path")."""
    f = figure(seat, slot)
    return (rite_of(ruleset, b) == V.RITE_LOSS and state[seat_base(seat) + L.P_RITE_DONE + b] == 0
            and state[L.G_ACTIONS] >= 1 and state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == gate_site(ruleset, b)
            and state[f + L.F_UNIT] == L.UNIT_NONE)


@njit(cache=True, _nrt=False)
def can_search(state, ruleset, seat, b):
    """Rite of the Unseen's "Working fallback: if no eligible hidden object can legally be revealed, spend 1
    Action and 2 Resonance while occupying and controlling this Gate to complete Search the Veil
    directly" (no effect of this stage reveals a hidden object)."""
    base = seat_base(seat)
    site = gate_site(ruleset, b)
    return (rite_of(ruleset, b) == V.RITE_UNSEEN and state[base + L.P_RITE_DONE + b] == 0 and state[L.G_ACTIONS] >= 1
            and state[base + L.P_RESONANCE] >= ruleset[T.RULE_UNSEEN_RESONANCE]
            and state[base + L.P_VB_SITE + L.VEILWALKER] == site and controls(state, ruleset, seat, site))


@njit(cache=True, _nrt=False)
def rings_held(state, ruleset, seat):
    """Rite of the Last Place: "Your team must have previously controlled Sites on three different Rings
    ... Historical control counts." The Rings of the Sites the Company controls now join its history."""
    base = seat_base(seat)
    for piece in range(L.PIECE_FIGURE + L.FIG_CAP):
        if piece < L.PIECE_FIGURE:
            site = state[base + L.P_VB_SITE + piece]
        elif state[figure(seat, piece - L.PIECE_FIGURE) + L.F_CARD] >= 0:
            site = state[figure(seat, piece - L.PIECE_FIGURE) + L.F_SITE]
        else:
            continue
        if 0 <= site < L.BLOOM and state[base + L.P_RINGS_HELD] >> (site // L.SITES) & 1 == 0:
            if controls(state, ruleset, seat, site):
                state[base + L.P_RINGS_HELD] |= 1 << (site // L.SITES)
    n = 0
    for ring in range(L.RINGS):
        n += state[base + L.P_RINGS_HELD] >> ring & 1
    return n


@njit(cache=True, _nrt=False)
def forms_at(state, ruleset, seat, site):
    """Rite of Three Forms: the categories of the Company's card presence at the Site among Hero, Ally,
    Echo and Installed Relic (Imprints are a later stage)."""
    base = seat_base(seat)
    kinds = 0
    for k in range(L.FIG_CAP):
        f = figure(seat, k)
        if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site:
            kinds |= 1 << T.card(ruleset, state[f + L.F_CARD], T.C_TYPE)
    for k in range(L.REL_CAP):
        r = base + L.P_REL + k * L.REL_W
        if state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] == site and state[r + L.R_MUTED] == 0:
            kinds |= 1 << V.TYPE_RELIC
    n = 0
    for kind in range(V.TYPE_RELIC + 1):
        n += kinds >> kind & 1
    return n
