"""The Gate Rites of the Standard assignment (Presence, Offering, Dominion, Return, Three Threads,
Burden; Appendix B) tracked per Company, and Waymarks. Each boundary's Rite is an edition rule
(rite_1 .. rite_5), so another assignment is data."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.board import controls, gate_site, presence, seat_base
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.remembrance import carried

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
    """After every action: Rite of Presence ("As soon as your team reaches 5 Presence here") and the
    Dominion marker's removal ("Remove it if you lose control before the opposing turn ends")."""
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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def can_waymark(state, ruleset, seat, b):
    """"Waymarking is a separate one-Action operation by your Ready Veilwalker at that controlled Gate
    after its Rite is complete. Binding does not require current physical alignment.\""""
    base = seat_base(seat)
    site = gate_site(ruleset, b)
    return (state[base + L.P_RITE_DONE + b] == 1 and state[base + L.P_WAYMARK + b] == 0 and state[L.G_ACTIONS] >= 1
            and state[base + L.P_VB_SITE + L.VEILWALKER] == site and state[base + L.P_VB_READY + L.VEILWALKER] == 1
            and controls(state, ruleset, seat, site))
