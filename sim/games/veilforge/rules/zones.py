"""Zones and slots: the hero zone (3), battle zone (5), support zone (5), hand, deck, graveyard,
banish zone, cards removed from the game, the evolution deck, attachments; cards entering and
leaving the field (a hero that leaves returns to the hero zone disabled, attachments go to the
graveyard with their main card)."""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import overload

from sim.core.seating import next_teammate
from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules.events import log_event

DEST_GRAVE, DEST_HAND, DEST_BANISH, DEST_REMOVED = 0, 1, 2, 3


@njit(cache=True, forceinline=True)
def seat_base(seat):
    return L.SEATS_BASE + seat * L.SEAT_SIZE


@njit(cache=True, forceinline=True)
def rec(seat, slot):
    """Where the field record of a seat's slot starts."""
    return L.SEATS_BASE + seat * L.SEAT_SIZE + L.P_FIELD + slot * L.FIELD_WIDTH


@njit(cache=True, forceinline=True)
def alive(state, seat):
    return state[L.SEATS_BASE + seat * L.SEAT_SIZE + L.P_LOST] == 0


@njit(cache=True, forceinline=True)
def occupied(state, seat):
    """Bit per filled field slot of a seat (layout.P_OCCUPIED): loops over the field visit only these."""
    return state[L.SEATS_BASE + seat * L.SEAT_SIZE + L.P_OCCUPIED]


def lowest_slot(mask):
    """The slot of a non-empty mask's lowest bit (slots are visited in ascending order, as a scan would).
    Plain Python here (NUMBA_DISABLE_JIT runs); compiled code counts the trailing zeros (below)."""
    return (int(mask) & -int(mask)).bit_length() - 1


@overload(lowest_slot)
def _lowest_slot_compiled(mask):
    return lambda mask: trailing_zeros(mask)


@njit(cache=True, forceinline=True)
def above(mask, slot):
    """The bits of ``mask`` above ``slot`` (what a scan past ``slot`` has left to visit)."""
    return mask & ~((2 << slot) - 1)


@njit(cache=True, forceinline=True)
def span_bits(first, stop):
    return ((1 << stop) - 1) & ~((1 << first) - 1)


@njit(cache=True, forceinline=True)
def same_side(state, a, b):
    """Seats alternate between the two sides (A1 B1 A2 B2): a seat's side is its parity (Veilforge
    always has two sides, data.parse_entry)."""
    return ((a ^ b) & 1) == 0


@njit(cache=True, forceinline=True)
def teammate(state, ruleset, seat):
    """The teammate whose zones ``seat`` may use as its own (2v2: "you may manipulate your teammate's zones as
    if they were your own", rule team_shares_zones), or -1: none in 2 players, none once the teammate has lost
    (it has left the game)."""
    if state[L.G_PER_SIDE] < 2 or not ruleset[T.R_TEAM_SHARES_ZONES]:
        return -1
    mate = next_teammate(seat, state[L.G_SIDES], state[L.G_SEATS])
    return mate if alive(state, mate) else -1


@njit(cache=True, forceinline=True)
def field_of(state, seat, code):
    """(the seat whose zones, the slot or number) an action's slot code names: the teammate's with
    layout.ON_TEAMMATE set."""
    if code & L.ON_TEAMMATE:
        return next_teammate(seat, state[L.G_SIDES], state[L.G_SEATS]), code & ~L.ON_TEAMMATE
    return seat, code


@njit(cache=True, forceinline=True)
def team_mana(state, ruleset, seat):
    """The mana ``seat`` may pay with: its own and its teammate's (the teammate's mana zone is one of the zones
    it may use as its own)."""
    n = state[seat_base(seat) + L.P_MANA_N]
    mate = teammate(state, ruleset, seat)
    if mate >= 0:
        n += state[seat_base(mate) + L.P_MANA_N]
    return n


@njit(cache=True, forceinline=True)
def zone_span(zones):
    """(first, stop) of the field slots a zone mask (vocab.ZONE_MASKS) can match."""
    first = 0 if zones & 1 else (L.BATTLE_FIRST if zones & 2 else L.SUPPORT_FIRST)
    stop = L.FIELD_SLOTS if zones & 4 else (L.SUPPORT_FIRST if zones & 2 else L.BATTLE_FIRST)
    return first, stop


@njit(cache=True, forceinline=True)
def zone_bit(slot):
    """vocab.ZONE_MASKS bit of a field slot: 1 hero zone, 2 battle zone, 4 support zone."""
    if slot < L.BATTLE_FIRST:
        return 1
    if slot < L.SUPPORT_FIRST:
        return 2
    return 4


@njit(cache=True, forceinline=True)
def zone_first(zone):
    """First slot of the battle (0) or support (1) zone."""
    return L.BATTLE_FIRST if zone == 0 else L.SUPPORT_FIRST


@njit(cache=True, forceinline=True)
def zone_size(ruleset, zone):
    return ruleset[T.R_BATTLE_SLOTS] if zone == 0 else ruleset[T.R_SUPPORT_SLOTS]


@njit(cache=True, _nrt=False)
def free_slot(state, ruleset, seat, zone):
    """The first empty slot of a seat's battle (0) or support (1) zone, or -1."""
    first = zone_first(zone)
    free = span_bits(first, first + zone_size(ruleset, zone)) & ~occupied(state, seat)
    return lowest_slot(free) if free else -1


@njit(cache=True, _nrt=False)
def battle_count(state, seat):
    """Cards in a seat's battle zone, enabled or disabled."""
    n = 0
    mask = occupied(state, seat) & L.BATTLE_BITS
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit(cache=True, _nrt=False)
def find_serial(state, seat, serial):
    """The slot of a seat's field holding the card with this serial, or -1 (it left play)."""
    mask = occupied(state, seat)
    while mask:
        slot = lowest_slot(mask)
        mask &= mask - 1
        if state[rec(seat, slot) + L.F_SERIAL] == serial:
            return slot
    return -1


@njit(cache=True, _nrt=False)
def place(state, seat, slot, card_id, card_state, owner):
    """A card enters a slot with a fresh serial (a new object for every link and attachment)."""
    r = rec(seat, slot)
    state[L.G_SERIAL] += 1
    state[r + L.F_CARD] = card_id
    state[r + L.F_STATE] = card_state
    for f in range(L.F_DAMAGE, L.FIELD_WIDTH):
        state[r + f] = 0
    state[r + L.F_SERIAL] = state[L.G_SERIAL]
    state[r + L.F_OWNER] = owner
    state[seat_base(seat) + L.P_OCCUPIED] |= 1 << slot
    state[L.G_STATIC_DIRTY] = 1
    state[L.G_DEATH_DIRTY] = 1
    return state[L.G_SERIAL]


@njit(cache=True, _nrt=False)
def clear(state, seat, slot):
    r = rec(seat, slot)
    state[r + L.F_CARD] = -1
    for f in range(L.F_STATE, L.FIELD_WIDTH):
        state[r + f] = 0
    state[seat_base(seat) + L.P_OCCUPIED] &= ~(1 << slot)
    state[L.G_STATIC_DIRTY] = 1


@njit(cache=True, _nrt=False)
def move_record(state, seat, slot, to):
    """The card in (seat, slot) moves to the empty slot ``to`` of the same field, the same card (its
    record, serial and attachments kept)."""
    r = rec(seat, slot)
    t = rec(seat, to)
    for f in range(L.FIELD_WIDTH):
        state[t + f] = state[r + f]
    state[r + L.F_CARD] = -1
    for f in range(L.F_STATE, L.FIELD_WIDTH):
        state[r + f] = 0
    state[seat_base(seat) + L.P_OCCUPIED] ^= (1 << slot) | (1 << to)
    state[L.G_STATIC_DIRTY] = 1


@njit(cache=True, forceinline=True)
def pile_push(state, seat, count_field, pile, card_id):
    b = seat_base(seat)
    n = state[b + count_field]
    state[b + pile + n] = card_id
    state[b + count_field] = n + 1


@njit(cache=True, _nrt=False)
def pile_take(state, seat, count_field, pile, index):
    """Remove entry ``index`` of a pile keeping the others' order; returns the card."""
    b = seat_base(seat)
    n = state[b + count_field]
    card_id = state[b + pile + index]
    for i in range(index, n - 1):
        state[b + pile + i] = state[b + pile + i + 1]
    state[b + count_field] = n - 1
    return card_id


@njit(cache=True, forceinline=True)
def hand_add(state, ruleset, seat, card_id):
    pile_push(state, seat, L.P_HAND_N, L.P_HAND, card_id)
    state[seat_base(seat) + L.P_QUICK_HAND] += T.has(ruleset, card_id, V.W_QUICK)


@njit(cache=True, forceinline=True)
def first_copy(state, pile, i, seen):
    """Is card ``i`` of the pile at ``pile`` its first copy there? ``seen`` has bit (card id mod 64) set
    for the cards before i already asked about (identical cards are asked alike): a clear bit answers
    without the scan back."""
    card_id = state[pile + i]
    if not (seen >> (card_id & 63)) & 1:
        return True
    for j in range(i):
        if state[pile + j] == card_id:
            return False
    return True


@njit(cache=True, forceinline=True)
def seen_bit(card_id):
    return np.int64(1) << (card_id & 63)


@njit(cache=True, _nrt=False)
def hand_take(state, ruleset, seat, index):
    """Card ``index`` of the hand, taken out of it (the others keep their order)."""
    card_id = pile_take(state, seat, np.int64(L.P_HAND_N), np.int64(L.P_HAND), index)
    state[seat_base(seat) + L.P_QUICK_HAND] -= T.has(ruleset, card_id, V.W_QUICK)
    return card_id


@njit(cache=True, _nrt=False)
def evo_take(state, ruleset, seat, index):
    """Card ``index`` of the evolution deck, taken out of it."""
    card_id = pile_take(state, seat, np.int64(L.P_EVO_N), np.int64(L.P_EVO), index)
    state[seat_base(seat) + L.P_QUICK_EVO] -= T.has(ruleset, card_id, V.W_QUICK_EVOLUTION)
    return card_id


@njit(cache=True, _nrt=False)
def count_responders(state, ruleset, seat):
    """(Quick cards in the hand, Quick Evolution cards in the evolution deck) counted afresh: the deal,
    a re-dealt world and the debug check (P_QUICK_HAND, P_QUICK_EVO are kept as cards move)."""
    b = seat_base(seat)
    quick = 0
    for i in range(state[b + L.P_HAND_N]):
        quick += T.has(ruleset, state[b + L.P_HAND + i], V.W_QUICK)
    evolving = 0
    for i in range(state[b + L.P_EVO_N]):
        evolving += T.has(ruleset, state[b + L.P_EVO + i], V.W_QUICK_EVOLUTION)
    return quick, evolving


@njit(cache=True, forceinline=True)
def deck_push(state, seat, card_id):
    """Onto the top of the deck (its last entry)."""
    pile_push(state, seat, L.P_DECK_N, L.P_DECK, card_id)


@njit(cache=True, _nrt=False)
def deck_pop(state, seat):
    """The top card of the deck, taken off it; -1 when the deck is empty."""
    b = seat_base(seat)
    n = state[b + L.P_DECK_N]
    if n == 0:
        return -1
    state[b + L.P_DECK_N] = n - 1
    return state[b + L.P_DECK + n - 1]


@njit(cache=True, _nrt=False)
def detach_from(state, host_seat, host_serial, events):
    """Every card attached to the main card (host_seat, host_serial) goes to its owner's graveyard."""
    for owner in range(state[L.G_SEATS]):
        b = seat_base(owner)
        i = 0
        while i < state[b + L.P_ATTACH_N]:
            a = b + L.P_ATTACH + i * L.ATTACH_WIDTH
            if state[a + L.A_HOST_SEAT] == host_seat and state[a + L.A_HOST_SERIAL] == host_serial:
                pile_push(state, owner, L.P_GRAVE_N, L.P_GRAVE, state[a + L.A_CARD])
                last = b + L.P_ATTACH + (state[b + L.P_ATTACH_N] - 1) * L.ATTACH_WIDTH
                for f in range(L.ATTACH_WIDTH):
                    state[a + f] = state[last + f]
                state[b + L.P_ATTACH_N] -= 1
                state[L.G_STATIC_DIRTY] = 1
            else:
                i += 1


@njit(cache=True, _nrt=False)
def return_hero(state, seat, card_id, events):
    """A hero that leaves the battle or support zone returns to the hero zone, disabled."""
    for slot in range(L.HERO_SLOTS):
        if state[rec(seat, slot) + L.F_CARD] < 0:
            place(state, seat, slot, card_id, np.int64(L.ST_DISABLED), seat)
            log_event(state, events, L.EV_HERO_BACK, seat, card_id, slot, 0, 0)
            return slot
    return -1


@njit(cache=True, _nrt=False)
def leave_field(state, ruleset, seat, slot, dest, events):
    """The card in (seat, slot) leaves play to ``dest`` (DEST_*): its attachments go to the
    graveyard; a hero returns to the hero zone disabled instead; an evolution card that would go
    to the hand goes back to its owner's evolution deck."""
    r = rec(seat, slot)
    card_id = state[r + L.F_CARD]
    owner = state[r + L.F_OWNER]
    detach_from(state, seat, state[r + L.F_SERIAL], events)
    statics_dirty = state[L.G_STATIC_DIRTY]
    source = T.card(ruleset, card_id, T.C_FLAGS) & T.FLAG_STATIC and state[r + L.F_STATE] != L.ST_RESOLVING
    clear(state, seat, slot)
    if not source:  # a card that gives no static effect takes none from the others' values when it leaves
        state[L.G_STATIC_DIRTY] = statics_dirty
    if T.card(ruleset, card_id, T.C_TYPE) == V.TYPE_HERO and dest != DEST_REMOVED:
        return_hero(state, owner, card_id, events)
    elif dest == DEST_GRAVE:
        pile_push(state, owner, L.P_GRAVE_N, L.P_GRAVE, card_id)
    elif dest == DEST_HAND:
        if T.card(ruleset, card_id, T.C_FLAGS) & T.FLAG_EVOLUTION:
            pile_push(state, owner, L.P_EVO_N, L.P_EVO, card_id)
            state[seat_base(owner) + L.P_QUICK_EVO] += T.has(ruleset, card_id, V.W_QUICK_EVOLUTION)
        else:
            hand_add(state, ruleset, owner, card_id)
    elif dest == DEST_BANISH:
        pile_push(state, owner, L.P_BANISH_N, L.P_BANISH, card_id)
    else:
        pile_push(state, owner, L.P_REMOVED_N, L.P_REMOVED, card_id)
    state[L.G_DEATH_DIRTY] = 1
    return card_id


@njit(cache=True, _nrt=False)
def attach(state, owner, card_id, host_seat, host_serial):
    b = seat_base(owner)
    n = state[b + L.P_ATTACH_N]
    if n >= L.ATTACH_CAP:
        return False
    a = b + L.P_ATTACH + n * L.ATTACH_WIDTH
    state[a + L.A_CARD] = card_id
    state[a + L.A_HOST_SEAT] = host_seat
    state[a + L.A_HOST_SERIAL] = host_serial
    state[b + L.P_ATTACH_N] = n + 1
    state[L.G_STATIC_DIRTY] = 1
    state[L.G_DEATH_DIRTY] = 1
    return True


@njit(cache=True, _nrt=False)
def repoint_attachments(state, host_seat, old_serial, new_serial):
    """Evolution: the attachments of the base card move onto the evolved card."""
    for owner in range(state[L.G_SEATS]):
        b = seat_base(owner)
        for i in range(state[b + L.P_ATTACH_N]):
            a = b + L.P_ATTACH + i * L.ATTACH_WIDTH
            if state[a + L.A_HOST_SEAT] == host_seat and state[a + L.A_HOST_SERIAL] == old_serial:
                state[a + L.A_HOST_SERIAL] = new_serial
    state[L.G_STATIC_DIRTY] = 1
