"""Nemesis cards in play (rulebook "Nemesis Cards", "Game Terms", nemesis mats): minions with life and
shields, powers with power tokens and their TO DISCARD costs, Carapace Queen's husks, and damage dealt to
the nemesis, a minion or the husks (with the team's choice of target). Banished nemesis cards leave the game:
counted in G_DESTROYED_NEMESIS (deck + in play + discard + banished is the whole nemesis deck,
engine.check_invariants)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    G_AETHER,
    G_ARRIVAL_SEQ,
    G_DAMAGE_DEALT,
    G_DESTROYED_NEMESIS,
    G_HUSKS,
    G_IN_PLAY,
    G_LAST_DISCARDED_MINION,
    G_NEMESIS_DISCARD,
    G_NEMESIS_LIFE,
    IN_PLAY_BASE,
    IN_PLAY_FIELDS,
    IP_ARRIVAL,
    IP_CARD,
    IP_LIFE,
    IP_POWER,
    IP_SHIELDS,
    IP_SILENCED,
    MAX_IN_PLAY,
    NC_BANISH_ON_DISCARD,
    NC_CORRUPTS,
    NC_DAMAGE_CAP,
    NC_HUSK_LIFE_2,
    NC_IMMUNE_HUSKS,
    NC_TD_AMOUNT,
    NC_TD_CODE,
    NC_TYPE,
    NTYPE_MINION,
    P_BREACH,
    P_CHARGES,
    P_EXHAUSTED,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_PREP,
    PC_COST,
    R_HUSK_CAP,
    TARGET_HUSKS,
)
from sim.games.aeons_end.rules.choices import cheapest_hand_index, cheapest_prepped
from sim.games.aeons_end.rules.corruption_deck import gain_corruption
from sim.games.aeons_end.rules.damage_exhaustion import gravehold_suffers, player_suffers
from sim.games.aeons_end.rules.game_end import end_game, fail, over
from sim.games.aeons_end.rules.piles import (
    destroy_card,
    discard_from_hand,
    discard_prepped,
    draw_cards,
    opened_count,
    pbase,
    remove_at,
)
from sim.games.aeons_end.tables import nemesis_card, player_card, rule
from sim.games.aeons_end.vocab import (
    END_NEMESIS_DEFEATED,
    ERR_CAPACITY,
    TD_DESTROY_HAND_MIN_COST,
    TD_DESTROY_OPENED_BREACHES,
    TD_DESTROY_PREPPED_MIN_COST,
    TD_DISCARD_HAND,
    TD_DISCARD_HAND_DRAW,
    TD_LOSE_CHARGES,
    TD_SPEND_AETHER,
)


@njit(cache=True, _nrt=False, forceinline=True)
def slot_base(k):
    return IN_PLAY_BASE + k * IN_PLAY_FIELDS


@njit(cache=True, _nrt=False)
def place_in_play(s, card, life, power, shields):
    n = s[G_IN_PLAY]
    if n >= MAX_IN_PLAY:
        fail(s, ERR_CAPACITY)
        return -1
    o = slot_base(n)
    s[o + IP_CARD] = card
    s[o + IP_LIFE] = life
    s[o + IP_POWER] = power
    s[o + IP_SHIELDS] = shields
    s[o + IP_SILENCED] = 0
    s[o + IP_ARRIVAL] = s[G_ARRIVAL_SEQ]
    s[G_ARRIVAL_SEQ] += 1
    s[G_IN_PLAY] = n + 1
    return n


@njit(cache=True, _nrt=False)
def remove_from_play(s, k, T):
    """Discard the in-play card at slot k to the nemesis discard pile."""
    n = s[G_IN_PLAY]
    card = s[slot_base(k) + IP_CARD]
    for j in range(k, n - 1):
        for f in range(IN_PLAY_FIELDS):
            s[slot_base(j) + f] = s[slot_base(j + 1) + f]
    s[G_IN_PLAY] = n - 1
    discard_nemesis_card(s, T, card)


@njit(cache=True, _nrt=False)
def discard_nemesis_card(s, T, card):
    """A minion or power leaving play: to the nemesis discard pile, or out of the game when it is "banished
    when discarded" (Legacy: Cosmopod Horror, Otherling; a banished minion cannot be returned by Awaken)."""
    if nemesis_card(T, card, NC_BANISH_ON_DISCARD) != 0:
        s[G_DESTROYED_NEMESIS] += 1
        return
    s[G_NEMESIS_DISCARD] += 1
    if nemesis_card(T, card, NC_TYPE) == NTYPE_MINION:
        s[G_LAST_DISCARDED_MINION] = card


@njit(cache=True, _nrt=False)
def husk_life(s, T):
    for k in range(s[G_IN_PLAY]):
        if nemesis_card(T, s[slot_base(k) + IP_CARD], NC_HUSK_LIFE_2) != 0:
            return 2
    return 1


@njit(cache=True, _nrt=False)
def place_husks(s, T, n):
    for _ in range(n):
        if s[G_HUSKS] >= rule(T, R_HUSK_CAP):
            gravehold_suffers(s, np.int64(1))
        else:
            s[G_HUSKS] += 1


@njit(cache=True, _nrt=False)
def damage_target(s, T, target, amount, dealer):
    """Deal `amount` from one source to the nemesis (0), an in-play minion (slot + 1) or the husks."""
    if amount <= 0 or over(s):
        return
    if target == 0:
        dealt = min(amount, s[G_NEMESIS_LIFE])
        s[G_NEMESIS_LIFE] -= dealt
        s[G_DAMAGE_DEALT] += dealt
        if s[G_NEMESIS_LIFE] <= 0:
            end_game(s, True, END_NEMESIS_DEFEATED)
        return
    if target == TARGET_HUSKS:
        if s[G_HUSKS] == 0:
            return
        per = husk_life(s, T)
        killed = 1 if amount >= per else 0
        # a player damaging a husk may suffer 1 to spread the damage over several husks
        if amount >= 2 * per and dealer >= 0 and s[pbase(dealer) + P_LIFE] >= 4 \
                and s[pbase(dealer) + P_EXHAUSTED] == 0:
            player_suffers(s, dealer, np.int64(1))
            killed = amount // per
        killed = min(killed, s[G_HUSKS])
        s[G_HUSKS] -= killed
        s[G_DAMAGE_DEALT] += killed * per
        return
    k = target - 1
    if k >= s[G_IN_PLAY]:
        return
    o = slot_base(k)
    card = s[o + IP_CARD]
    if nemesis_card(T, card, NC_TYPE) != NTYPE_MINION:
        return
    if nemesis_card(T, card, NC_IMMUNE_HUSKS) != 0 and s[G_HUSKS] > 0:
        return
    if s[o + IP_SHIELDS] > 0:
        s[o + IP_SHIELDS] -= 1
        return
    if nemesis_card(T, card, NC_DAMAGE_CAP) > 0:
        amount = min(amount, nemesis_card(T, card, NC_DAMAGE_CAP))
    if nemesis_card(T, card, NC_CORRUPTS) != 0 and dealer >= 0:
        # Corrupter: whoever damages it gains a corruption on top of their deck
        gain_corruption(s, T, dealer, np.bool_(False))
    dealt = min(amount, s[o + IP_LIFE])
    s[o + IP_LIFE] -= dealt
    s[G_DAMAGE_DEALT] += dealt
    if s[o + IP_LIFE] <= 0:
        remove_from_play(s, k, T)


@njit(cache=True, _nrt=False, forceinline=True)
def target_valid(s, T, target):
    if target == 0:
        return True
    if target == TARGET_HUSKS:
        return s[G_HUSKS] > 0
    k = target - 1
    if k >= s[G_IN_PLAY]:
        return False
    card = s[slot_base(k) + IP_CARD]
    if nemesis_card(T, card, NC_TYPE) != NTYPE_MINION:
        return False
    if nemesis_card(T, card, NC_IMMUNE_HUSKS) != 0 and s[G_HUSKS] > 0:
        return False
    return True


@njit(cache=True, _nrt=False)
def best_target(s, T, amount):
    return best_target_h(s, T, amount, 4)


@njit(cache=True, _nrt=False, forceinline=True)
def best_target_h(s, T, amount, husk_threshold):
    """Team rule for damage: kill the largest minion this damage kills; else thin a husk swarm of at least
    `husk_threshold` husks (only with damage that kills a husk); else hit the minion closest to dying;
    else the nemesis."""
    best = 0
    best_life = -1
    for k in range(s[G_IN_PLAY]):
        o = slot_base(k)
        card = s[o + IP_CARD]
        if not target_valid(s, T, k + 1):
            continue
        eff = amount
        if nemesis_card(T, card, NC_DAMAGE_CAP) > 0:
            eff = min(eff, nemesis_card(T, card, NC_DAMAGE_CAP))
        if s[o + IP_SHIELDS] == 0 and eff >= s[o + IP_LIFE] and s[o + IP_LIFE] > best_life:
            best = k + 1
            best_life = s[o + IP_LIFE]
    if best != 0:
        return best
    if s[G_HUSKS] >= husk_threshold and amount >= husk_life(s, T):
        return TARGET_HUSKS
    # no kill available: focus fire on the minion closest to dying
    low = 1 << 20
    for k in range(s[G_IN_PLAY]):
        o = slot_base(k)
        if target_valid(s, T, k + 1) and s[o + IP_LIFE] + 3 * s[o + IP_SHIELDS] < low:
            low = s[o + IP_LIFE] + 3 * s[o + IP_SHIELDS]
            best = k + 1
    return best


@njit(cache=True, _nrt=False)
def find_slot_by_arrival(s, arrival):
    for k in range(s[G_IN_PLAY]):
        if s[slot_base(k) + IP_ARRIVAL] == arrival:
            return k
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def to_discard_feasible(s, T, p, card):
    code = nemesis_card(T, card, NC_TD_CODE)
    n = nemesis_card(T, card, NC_TD_AMOUNT)
    b = pbase(p)
    if code == TD_SPEND_AETHER:
        return s[G_AETHER] >= n
    if code == TD_DISCARD_HAND:
        return s[b + P_HAND_N] >= n
    if code == TD_DESTROY_HAND_MIN_COST:
        return cheapest_hand_index(s, p, T, n) >= 0
    if code == TD_DESTROY_PREPPED_MIN_COST:
        m = 0
        for k in range(8):
            c = s[b + P_PREP + k]
            if c >= 0 and player_card(T, c, PC_COST) >= n:
                m += 1
        return m >= 2
    if code == TD_LOSE_CHARGES:
        return s[b + P_CHARGES] >= n
    if code == TD_DISCARD_HAND_DRAW:
        return s[b + P_HAND_N] >= n
    if code == TD_DESTROY_OPENED_BREACHES:
        return opened_count(s, p) >= n
    return False


@njit(cache=True, _nrt=False)
def pay_to_discard(s, T, p, card):
    code = nemesis_card(T, card, NC_TD_CODE)
    n = nemesis_card(T, card, NC_TD_AMOUNT)
    b = pbase(p)
    if code == TD_SPEND_AETHER:
        s[G_AETHER] -= n
    elif code == TD_DISCARD_HAND:
        for _ in range(n):
            discard_from_hand(s, p, cheapest_hand_index(s, p, T, np.int64(0)))
    elif code == TD_DESTROY_HAND_MIN_COST:
        remove_at(s, b + P_HAND, b + P_HAND_N, cheapest_hand_index(s, p, T, n))
        destroy_card(s, p)
    elif code == TD_DESTROY_PREPPED_MIN_COST:
        for _ in range(2):
            k = cheapest_prepped(s, p, T, n)
            s[b + P_PREP + k] = -1
            destroy_card(s, p)
    elif code == TD_LOSE_CHARGES:
        s[b + P_CHARGES] -= n
    elif code == TD_DISCARD_HAND_DRAW:
        for _ in range(n):
            discard_from_hand(s, p, cheapest_hand_index(s, p, T, np.int64(0)))
        draw_cards(s, p, np.int64(1))
    elif code == TD_DESTROY_OPENED_BREACHES:
        # team rule: the opened breaches without a prepped spell first, then the lowest numbered
        for _ in range(n):
            best = -1
            best_score = 1 << 20
            for k in range(4):
                if s[b + P_BREACH + k] != 4:
                    continue
                score = k
                if s[b + P_PREP + 2 * k] >= 0 or s[b + P_PREP + 2 * k + 1] >= 0:
                    score += 100
                if score < best_score:
                    best = k
                    best_score = score
            for slot in range(2):
                if s[b + P_PREP + 2 * best + slot] >= 0:
                    discard_prepped(s, p, 2 * best + slot)
            s[b + P_BREACH + best] = -1
