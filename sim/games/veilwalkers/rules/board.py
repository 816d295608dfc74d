"""The map: six rotating Rings of six Sites, world sectors, Gates and their alignment, the First Bloom
entrance, Presence and control.

"Each Ring contains six Sites, S0-S5. First Bloom is a separate fixed center." "World sector =
(local Site + offset) modulo six." A Site is ring * 6 + local; rotation changes only the Ring's
offset, so everything at a Site turns with it ("Rotation carries a Ring's Sites and everything
attached to them")."""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V


@njit(cache=True, forceinline=True)
def seat_base(seat):
    return L.GLOBALS + seat * L.SEAT_SIZE


@njit(cache=True, forceinline=True)
def on_ring(site):
    """A physical Ring Site (not First Bloom, not off the board)."""
    return 0 <= site < L.BLOOM


@njit(cache=True, forceinline=True)
def sector(state, site):
    return (site % L.SITES + state[L.G_OFFSET + site // L.SITES]) % L.SITES


@njit(cache=True, inline="always")
def physical_site(site):
    """A Ring Site or First Bloom: somewhere on the physical board (not Lost, not off the board)."""
    return on_ring(site) or site == L.BLOOM


@njit(cache=True, inline="always")
def is_lost(site):
    """Lost in the Fray (LOST + the world sector of its Exit): no Site, no Presence, no target."""
    return site >= L.LOST


@njit(cache=True, inline="always")
def ring_closed(state, ring):
    """The Closing Spiral closes Rings outermost first: Rings below G_CLOSED are gone."""
    return ring < state[L.G_CLOSED]


@njit(cache=True, inline="always")
def lost_at(state, site):
    """The Lost position of a piece whose Ring closes under it at ``site``: "Their Exit is the next
    physical Ring at the world sector where their old Ring closed.\""""
    return L.LOST + sector(state, site)


@njit(cache=True, inline="always")
def exit_site(state, lost):
    """The Exit of a Lost position: "the next physical Ring at the world sector where their old Ring
    closed. Preserve that direction as Rings rotate" (the world sector is kept; the Site of the first
    Ring not closed that lies in it now)."""
    ring = state[L.G_CLOSED]
    return ring * L.SITES + (lost - L.LOST - state[L.G_OFFSET + ring]) % L.SITES


@njit(cache=True, forceinline=True)
def neighbor(site, direction):
    """The immediately clockwise (direction 0: local + 1) or counterclockwise Site on the same Ring."""
    ring = site // L.SITES
    step = 1 if direction == 0 else L.SITES - 1
    return ring * L.SITES + (site % L.SITES + step) % L.SITES


@njit(cache=True, forceinline=True)
def road_of(site, direction):
    """The lateral road leaving ``site`` clockwise (direction 0) or counterclockwise (1): road
    ring * 6 + k joins local Sites k and k + 1, so it belongs to the Ring's Site pair and turns with it."""
    if direction == 0:
        return site
    return neighbor(site, 1)


@njit(cache=True, forceinline=True)
def road_closed(state, road):
    """"Closed is temporarily unavailable" (by either Company's effect, until that Company's next turn)."""
    return (state[L.G_ROADS_CLOSED] | state[L.G_ROADS_CLOSED + 1]) >> road & 1 == 1


@njit(cache=True, forceinline=True)
def road_broken(state, road):
    """"Broken requires repair.\""""
    return state[L.G_ROADS_BROKEN] >> road & 1 == 1


@njit(cache=True, forceinline=True)
def road_open(state, road):
    """A legal lateral connection: "All lateral roads start open"; neither closed nor Broken."""
    return ((state[L.G_ROADS_BROKEN] | state[L.G_ROADS_CLOSED] | state[L.G_ROADS_CLOSED + 1]) >> road & 1) == 0


@njit(cache=True, forceinline=True)
def can_step(state, site, direction):
    """Is the lateral connection from Ring Site ``site`` in ``direction`` open (a legal Move's road)?"""
    return road_open(state, road_of(site, direction))


@njit(cache=True, forceinline=True)
def lateral_distance(a, b):
    d = (a - b) % L.SITES
    return min(d, L.SITES - d)


@njit(cache=True, forceinline=True)
def gate_site(ruleset, boundary):
    """The inward Gate of the outer Ring of ``boundary``: its Rite and Waymark serve both directions."""
    return boundary * L.SITES + T.board(ruleset, T.B_GATE_OUTER + boundary)


@njit(cache=True, forceinline=True)
def port_site(ruleset, boundary):
    """The matching port on the inner Ring of ``boundary``."""
    return (boundary + 1) * L.SITES + T.board(ruleset, T.B_GATE_INNER + boundary)


@njit(cache=True, forceinline=True)
def bloom_port_site(ruleset):
    return (L.RINGS - 1) * L.SITES + T.board(ruleset, T.B_BLOOM_PORT)


@njit(cache=True, forceinline=True)
def gate_misalignment(state, ruleset, boundary):
    """Rotation steps (0-3) between a boundary's two ports: 0 means aligned ("Matching ports must align")."""
    return lateral_distance(sector(state, gate_site(ruleset, boundary)), sector(state, port_site(ruleset, boundary)))


@njit(cache=True, forceinline=True)
def bloom_misalignment(state, ruleset):
    """Steps from Ring VI's entrance to First Bloom's nearer port ("fixed ports in sectors 0 and 3")."""
    s = sector(state, bloom_port_site(ruleset)) % 3
    return min(s, 3 - s)


@njit(cache=True, _nrt=False, forceinline=True)
def network_active(state, seat):
    """All three nodes active: the Company's reward applies."""
    base = seat_base(seat)
    return state[base + L.P_NODE_ACTIVE] + state[base + L.P_NODE_ACTIVE + 1] + state[base + L.P_NODE_ACTIVE + 2] == 3


@njit(cache=True, _nrt=False)
def homeground(state, ruleset, origin, site):
    """Homeground: "An Ally with that settlement's printed Origin gains +1 Power there" (rule
    homeground_power) while the settlement stands: "Defeating it destroys that settlement and its
    Homeground bonus permanently" (its Local LOCAL_GONE; a closed Ring's settlement is gone too). A
    recruited Local leaves its settlement standing."""
    for k in range(L.SETTLEMENTS):
        if (T.board(ruleset, T.B_SETTLEMENT + k) == site and T.board(ruleset, T.B_SETTLEMENT_ORIGIN + k) == origin
                and state[L.G_LOCAL + k] != L.LOCAL_GONE):
            return ruleset[T.RULE_HOMEGROUND_POWER]
    return 0


@njit(cache=True, forceinline=True)
def temp(seat, slot):
    """Index of Figure slot ``slot``'s temporary record (rules/temporary.py)."""
    return seat_base(seat) + L.P_TEMP + slot * L.TEMP_W


@njit(cache=True, _nrt=False)
def temporary_power(state, seat, slot, before):
    """The Figure's Power with its temporary changes, given its Power ``before`` them: gains until end of
    turn and of Round, then AV-10's loss, "2 Power minimum 1" (a loss never takes it below 1, nor lowers
    a Power already at or below 1)."""
    t = temp(seat, slot)
    total = before + state[t + L.TM_TURN_POWER] + state[t + L.TM_ROUND_POWER]
    weaken = state[t + L.TM_WEAKEN]
    if weaken > 0 and total > 1:
        total -= min(weaken, total - 1)
    return total


@njit(cache=True, inline="always")
def hold_presence(state, seat, site):
    """AV-09's Presence at the Veilwalker's Site (it goes where the Veilwalker goes)."""
    base = seat_base(seat)
    if state[base + L.P_HOLD_PRESENCE] > 0 and state[base + L.P_VB_SITE + L.VEILWALKER] == site:
        return state[base + L.P_HOLD_PRESENCE]
    return 0


@njit(cache=True, _nrt=False, forceinline=True)
def power(state, ruleset, seat, slot):
    """A Figure's current Power: its printed Power, its temporary change until its Company's next
    Remember (the arrival reaction's -1), the Homeground bonus of an Ally at its Origin's settlement, and
    Thorn Sentinel's Guardian of the Walker ("+1 Power while
    together and the network remains active": Garden's, at its Veilwalker's Site, all three Lamps
    active), then its temporary effects (temporary_power). "Damage does not reduce Power." The Stronghold's bonus is to damage (combat_bonus)."""
    f = figure(seat, slot)
    card_id = state[f + L.F_CARD]
    total = T.card(ruleset, card_id, T.C_POWER) + state[f + L.F_POWER_CHANGE]
    origin = T.card(ruleset, card_id, T.C_ORIGIN)
    if origin != 0 and T.card(ruleset, card_id, T.C_TYPE) == V.TYPE_ALLY:
        total += homeground(state, ruleset, origin, state[f + L.F_SITE])
    if T.card(ruleset, card_id, T.C_GUARDIAN) == 1:
        base = seat_base(seat)
        if (state[base + L.P_COMPANY] == V.GARDEN and state[f + L.F_SITE] == state[base + L.P_VB_SITE + L.VEILWALKER]
                and network_active(state, seat)):
            total += ruleset[T.RULE_GUARDIAN_POWER]
    return temporary_power(state, seat, slot, total)


@njit(cache=True, _nrt=False, forceinline=True)
def presence(state, ruleset, seat, site):
    """A Company's Presence at a Site: one per Veilbound there, each Figure's Power, each active (not
    Muted, not Suppressed) Installed Relic's Power, each equipped Portable Relic's printed Presence, AV-09's hold (hold_presence). Exhaustion does not remove Presence; damage does not reduce Power."""
    base = seat_base(seat)
    total = hold_presence(state, seat, site)
    for i in range(3):
        if state[base + L.P_VB_SITE + i] == site:
            total += 1
    for k in range(L.FIG_CAP):
        f = base + L.P_FIG + k * L.FIG_W
        if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site:
            total += power(state, ruleset, seat, k)
    for k in range(L.REL_CAP):
        r = base + L.P_REL + k * L.REL_W
        if (state[r + L.R_CARD] >= 0 and state[r + L.R_SITE] == site and state[r + L.R_MUTED] == 0
                and state[r + L.R_SUPPRESSED] == 0):
            total += T.card(ruleset, state[r + L.R_CARD], T.C_POWER)
    # "equipped Portable Relics contribute their printed Presence once at the bearer's Site, not as extra
    # Challenge Power" (either owner's, borne by this Company's Figures; Dropped ones have none)
    for owner in range(L.SEATS):
        for k in range(L.PORT_CAP):
            p = seat_base(owner) + L.P_PORTABLE + k * L.PORT_W
            if state[p + L.PT_CARD] >= 0 and state[p + L.PT_SLOT] >= 0 and state[p + L.PT_SEAT] == seat:
                if state[base + L.P_FIG + state[p + L.PT_SLOT] * L.FIG_W + L.F_SITE] == site:
                    total += T.card(ruleset, state[p + L.PT_CARD], T.C_PRESENCE)
    return total


@njit(cache=True, inline="always")
def neutral_presence(state, ruleset, site):
    """The Revealed Watcher "supplies three neutral Presence"; Dormant and Hidden it has none."""
    if state[L.G_WATCHER] == L.WATCHER_REVEALED and state[L.G_WATCHER_SITE] == site:
        return ruleset[T.RULE_WATCHER_PRESENCE]
    return 0


@njit(cache=True, _nrt=False)
def controls(state, ruleset, seat, site):
    """"A Company controls a Site only with a positive total strictly higher than every opposing or
    neutral total there. Ties give no control." (The only neutral Presence: the Revealed Watcher.)"""
    own = presence(state, ruleset, seat, site)
    return (own > 0 and own > presence(state, ruleset, 1 - seat, site)
            and own > neutral_presence(state, ruleset, site))


@njit(cache=True, _nrt=False, forceinline=True)
def has_piece(state, seat, site):
    """Does the Company have any Veilbound or Figure at the Site (contesting a Turnpoint)?"""
    base = seat_base(seat)
    for i in range(3):
        if state[base + L.P_VB_SITE + i] == site:
            return True
    for k in range(L.FIG_CAP):
        f = base + L.P_FIG + k * L.FIG_W
        if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site:
            return True
    return False


@njit(cache=True, forceinline=True)
def piece_site(state, seat, piece):
    base = seat_base(seat)
    if piece < L.PIECE_FIGURE:
        return state[base + L.P_VB_SITE + piece]
    return state[base + L.P_FIG + (piece - L.PIECE_FIGURE) * L.FIG_W + L.F_SITE]


@njit(cache=True, forceinline=True)
def visit(state, seat, piece, site):
    """The Company's Site history: its ``piece`` stands on Ring Site ``site`` (the Patrol deploys only to
    "a previously visited physical Site"); the Veilwalker's own Sites apart (AV-08: "a Site ... that the same
    Veilwalker previously occupied this match"). Physical Sites: a rotation carries them, so the bits stay."""
    if on_ring(site):
        state[seat_base(seat) + L.P_VISITED] |= 1 << site
        if piece == L.VEILWALKER:
            state[seat_base(seat) + L.P_WALKER_SITES] |= 1 << site


@njit(cache=True, forceinline=True)
def visited(state, seat, site):
    return on_ring(site) and state[seat_base(seat) + L.P_VISITED] >> site & 1 == 1


@njit(cache=True, forceinline=True)
def set_piece_site(state, seat, piece, site):
    base = seat_base(seat)
    visit(state, seat, piece, site)
    if piece < L.PIECE_FIGURE:
        state[base + L.P_VB_SITE + piece] = site
    else:
        state[base + L.P_FIG + (piece - L.PIECE_FIGURE) * L.FIG_W + L.F_SITE] = site


@njit(cache=True, forceinline=True)
def figure(seat, slot):
    """Index of Figure slot ``slot``'s record in the state."""
    return seat_base(seat) + L.P_FIG + slot * L.FIG_W


@njit(cache=True, _nrt=False)
def free_figure_slot(state, seat):
    for k in range(L.FIG_CAP):
        if state[figure(seat, k) + L.F_CARD] < 0:
            return k
    return -1


@njit(cache=True, _nrt=False)
def clear_temporary(state, seat, slot):
    """A Figure entering or leaving play carries no temporary effect."""
    t = temp(seat, slot)
    for i in range(L.TEMP_W):
        state[t + i] = 0


@njit(cache=True, _nrt=False)
def place_figure(state, seat, card_id, site, unit, home):
    """A Figure enters play Ready in the Company's first free slot (a deck card: unit UNIT_NONE, home
    NOWHERE; a board unit: its kind and home Site). Returns its slot."""
    slot = free_figure_slot(state, seat)
    f = figure(seat, slot)
    state[f + L.F_CARD] = card_id
    state[f + L.F_SITE] = site
    state[f + L.F_DAMAGE] = 0
    state[f + L.F_READY] = 1
    state[f + L.F_HELD] = 0
    state[f + L.F_SHOCKED] = 0
    state[f + L.F_UNIT] = unit
    state[f + L.F_HOME] = home
    state[f + L.F_POWER_CHANGE] = 0
    clear_temporary(state, seat, slot)
    visit(state, seat, L.PIECE_FIGURE + slot, site)
    return slot


@njit(cache=True, _nrt=False)
def clear_figure(state, seat, slot):
    """The Figure leaves play: its slot is empty."""
    f = figure(seat, slot)
    state[f + L.F_CARD] = -1
    state[f + L.F_SITE] = L.NOWHERE
    state[f + L.F_DAMAGE] = 0
    state[f + L.F_READY] = 0
    state[f + L.F_HELD] = 0
    state[f + L.F_SHOCKED] = 0
    state[f + L.F_UNIT] = L.UNIT_NONE
    state[f + L.F_HOME] = L.NOWHERE
    state[f + L.F_POWER_CHANGE] = 0
    clear_temporary(state, seat, slot)
