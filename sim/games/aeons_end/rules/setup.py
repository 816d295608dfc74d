"""Setup (rulebook "Player Setup", "Turn Order Deck", "Nemesis Setup", "Supply Setup", nemesis mats data): the
parts of engine.reset, in its order (the deal's random draws come in this order)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import shuffle
from sim.games.aeons_end.layout import (
    CORRUPTION_BASE,
    G_CORRUPTION_TOTAL,
    G_CORRUPTIONS,
    G_FURY,
    G_HUSKS,
    G_INITIAL_SUPPLY,
    G_NEMESIS_DECK_LEN,
    G_NEMESIS_DECK_POS,
    G_TURN_ORDER_POS,
    G_WILD_HOLDER,
    MG_BREACH,
    MG_CHARGES,
    NC_TIER,
    NEMESIS_DECK_BASE,
    NEMESIS_KIND_CARAPACE_QUEEN,
    NEMESIS_KIND_CROOKED_MASK,
    NEMESIS_KIND_PRINCE,
    NEMESIS_KIND_RAGEBORNE,
    P_BREACH,
    P_CHARGE_MAX,
    P_DECK,
    P_DECK_N,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_MAGE,
    P_OWNED,
    P_PREP,
    PC_COST,
    PC_TYPE,
    R_BASIC_BY_TIER,
    R_NEMESIS_KIND,
    R_PLAYER_LIFE,
    R_SETUP_DEVOUR_EXTRA,
    R_SETUP_DEVOUR_GEMS,
    R_START_FURY,
    R_START_HUSKS,
    SU_BASIC,
    SU_BASIC_CAP,
    SU_BASIC_N,
    SU_CORRUPTION,
    SU_CORRUPTION_N,
    SU_MAGES,
    SU_OWN,
    SU_SUPPLY,
    SUPPLY_CARD_BASE,
    SUPPLY_COUNT_BASE,
    SUPPLY_PILES,
    TO_12,
    TO_34,
    TO_NEMESIS,
    TO_WILD,
    TURN_ORDER_BASE,
    TURN_ORDER_SIZE,
    TYPE_GEM,
)
from sim.games.aeons_end.rules.piles import count_card, pbase
from sim.games.aeons_end.rules.supply import devour_from, pile_by_cost
from sim.games.aeons_end.tables import mage, mage_card, matchup_setup, nemesis_card, player_card, rule


@njit(cache=True, _nrt=False, inline="always")
def set_up_players(s, T, players):
    """Player Setup: each mage's mat (life, charges, breaches: rulebook 'Breach Setup'), the starting hand
    and the starting deck in printed order ('Place the leftmost cards at the top of your starting deck')."""
    for p in range(players):
        b = pbase(p)
        m = matchup_setup(T, SU_MAGES + p)
        s[b + P_MAGE] = m
        s[b + P_LIFE] = rule(T, R_PLAYER_LIFE)
        s[b + P_CHARGE_MAX] = mage(T, m, MG_CHARGES)
        for k in range(4):
            s[b + P_BREACH + k] = mage(T, m, MG_BREACH + k)
        for k in range(8):
            s[b + P_PREP + k] = -1
        for i in range(5):
            s[b + P_HAND + i] = mage_card(T, m, i)
            count_card(s, p, mage_card(T, m, i), 2)
        s[b + P_HAND_N] = 5
        for i in range(5):
            s[b + P_DECK + i] = mage_card(T, m, 9 - i)
        s[b + P_DECK_N] = 5
        s[b + P_OWNED] = 10


@njit(cache=True, _nrt=False, inline="always")
def set_up_turn_order_deck(s, players):
    """Turn Order Deck: four player cards (one player: all four; two: two each; three: one each and the wild
    card; four: two "1/2" and two "3/4" cards) and two nemesis cards, shuffled on the first draw."""
    to = TURN_ORDER_BASE
    s[to + 4] = TO_NEMESIS
    s[to + 5] = TO_NEMESIS
    if players == 1:
        for k in range(4):
            s[to + k] = 0
    elif players == 2:
        s[to + 0] = 0
        s[to + 1] = 0
        s[to + 2] = 1
        s[to + 3] = 1
    elif players == 3:
        s[to + 0] = 0
        s[to + 1] = 1
        s[to + 2] = 2
        s[to + 3] = TO_WILD
    else:
        s[to + 0] = TO_12
        s[to + 1] = TO_12
        s[to + 2] = TO_34
        s[to + 3] = TO_34
    s[G_WILD_HOLDER] = 0
    s[G_TURN_ORDER_POS] = TURN_ORDER_SIZE  # shuffled on the first draw


@njit(cache=True, _nrt=True, inline="always")
def build_nemesis_deck(s, T, keys, counters):
    """Nemesis Setup: per tier, the nemesis's own cards plus random basic cards of that tier (rules
    basic_by_tier), each tier shuffled; tier 1 on top."""
    pos = 0
    for tier in range(2, -1, -1):
        start = pos
        for i in range(9):
            c = matchup_setup(T, SU_OWN + i)
            if c >= 0 and nemesis_card(T, c, NC_TIER) == tier + 1:
                s[NEMESIS_DECK_BASE + pos] = c
                pos += 1
        want = rule(T, R_BASIC_BY_TIER + tier)
        pool_n = matchup_setup(T, SU_BASIC_N + tier)
        pool = np.empty(SU_BASIC_CAP, np.int64)
        for i in range(pool_n):
            pool[i] = matchup_setup(T, SU_BASIC + tier * SU_BASIC_CAP + i)
        shuffle(pool, 0, pool_n, keys, counters, 1)
        for i in range(min(want, pool_n)):
            s[NEMESIS_DECK_BASE + pos] = pool[i]
            pos += 1
        shuffle(s, NEMESIS_DECK_BASE + start, NEMESIS_DECK_BASE + pos, keys, counters, 1)
    # stored bottom-first above; reverse so that index 0 is the top card
    for i in range(pos // 2):
        t = s[NEMESIS_DECK_BASE + i]
        s[NEMESIS_DECK_BASE + i] = s[NEMESIS_DECK_BASE + pos - 1 - i]
        s[NEMESIS_DECK_BASE + pos - 1 - i] = t
    s[G_NEMESIS_DECK_LEN] = pos
    s[G_NEMESIS_DECK_POS] = 0


@njit(cache=True, _nrt=False, inline="always")
def set_up_supply(s, T):
    """Supply Setup: the nine piles of the matchup's supply, 7 cards of a gem, 5 of a relic or spell."""
    total = 0
    for k in range(SUPPLY_PILES):
        c = matchup_setup(T, SU_SUPPLY + k)
        s[SUPPLY_CARD_BASE + k] = c
        n = 7 if player_card(T, c, PC_TYPE) == TYPE_GEM else 5
        s[SUPPLY_COUNT_BASE + k] = n
        total += n
    s[G_INITIAL_SUPPLY] = total


@njit(cache=True, _nrt=False, inline="always")
def set_up_nemesis_mat(s, T, keys, counters):
    """The nemesis mat's setup (public data): Rageborne's starting Fury, Carapace Queen's husks, Prince of
    Gluttons' devoured gems (expert: more), Crooked Mask's shuffled corruption deck."""
    kind = rule(T, R_NEMESIS_KIND)
    if kind == NEMESIS_KIND_RAGEBORNE:
        s[G_FURY] = rule(T, R_START_FURY)
    elif kind == NEMESIS_KIND_CARAPACE_QUEEN:
        s[G_HUSKS] = rule(T, R_START_HUSKS)
    elif kind == NEMESIS_KIND_PRINCE:
        if rule(T, R_SETUP_DEVOUR_GEMS) > 0:
            # one gem from each gem pile, most expensive first
            for r in range(SUPPLY_PILES):
                pile = pile_by_cost(s, T, np.int64(TYPE_GEM), r, np.bool_(False), np.bool_(False))
                if pile < 0:
                    break
                devour_from(s, pile, rule(T, R_SETUP_DEVOUR_GEMS))
        # expert: one more card per step (S4 setup), team rule: from the fullest pile, ties to the cheapest,
        # so that no pile empties at setup (empty piles feed Digest, Memory Eater, Vile Feast and the loss)
        for _ in range(rule(T, R_SETUP_DEVOUR_EXTRA)):
            pile = -1
            for k in range(SUPPLY_PILES):
                n = s[SUPPLY_COUNT_BASE + k]
                if n == 0:
                    continue
                if pile < 0 or n > s[SUPPLY_COUNT_BASE + pile] or n == s[SUPPLY_COUNT_BASE + pile] and \
                        player_card(T, s[SUPPLY_CARD_BASE + k], PC_COST) \
                        < player_card(T, s[SUPPLY_CARD_BASE + pile], PC_COST):
                    pile = k
            if pile < 0:
                break
            devour_from(s, pile, np.int64(1))
    elif kind == NEMESIS_KIND_CROOKED_MASK:
        m = matchup_setup(T, SU_CORRUPTION_N)
        for i in range(m):
            s[CORRUPTION_BASE + i] = matchup_setup(T, SU_CORRUPTION + i)
        shuffle(s, CORRUPTION_BASE, CORRUPTION_BASE + m, keys, counters, 2)
        s[G_CORRUPTIONS] = m
        s[G_CORRUPTION_TOTAL] = m
