"""TACTICS DRAFT 1 — MAIN-PHASE PLAYS (rulebook): a Tactic resolves fully, then goes to the discard pile."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.waybound.layout import (
    G_NETHER_OPEN,
    MOVE_NONE,
    NO_TARGET,
    P_ALLIES_DEFEATED,
    P_DEFEATS_TURN,
    P_TACTICS,
    P_UNITS_N,
    READS_READY_TARGETS,
    READS_READY_VALUES,
    U_CARD,
    U_FORCE_BONUS,
    U_INSIGHT_BONUS,
    U_NO_EXPLORE,
    U_READY,
    U_ROUTE,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.cards import add_to_hand, draw_cards, to_discard
from sim.games.waybound.rules.defeats import deal_direct_damage, defeat_unit
from sim.games.waybound.rules.movement import explicit_move
from sim.games.waybound.rules.netherway import open_netherway
from sim.games.waybound.rules.units import heal, remove_unit
from sim.games.waybound.tables import card_field
from sim.games.waybound.vocab import (
    C_AMOUNT,
    C_EFFECT,
    EF_BOUNCE_ALLY,
    EF_BUFF_FORCE,
    EF_BUFF_INSIGHT,
    EF_COMPANION_MOVE_HEAL,
    EF_DAMAGE_ANY,
    EF_DAMAGE_AT_COMPANION,
    EF_DAMAGE_OPP_ALLY,
    EF_DEFEAT_ALLY,
    EF_DRAW,
    EF_DRAW_MOVE,
    EF_HEAL,
    EF_HEAL_MOVE,
    EF_HEAL_ROUTE,
    EF_MOVE_ADJACENT,
    EF_OPEN_NETHER,
    EF_OPEN_NETHER_DRAW,
    EF_PASSAGE,
    EF_READY_NO_EXPLORE,
    EF_SWEEP_ROUTE,
    NETHERWAY,
)


@njit(cache=True, inline="always")
def tactic_readiness(effect):
    """What of a Tactic's actions depends on which friendly characters are ready, so that an Explore
    changes it: READS_READY_TARGETS (Stand Together), READS_READY_VALUES (the Buffs), or 0."""
    if effect == EF_READY_NO_EXPLORE:
        return READS_READY_TARGETS
    return READS_READY_VALUES * np.int64((effect == EF_BUFF_FORCE) | (effect == EF_BUFF_INSIGHT))


@njit(cache=True, _nrt=False)
def play_tactic(s, rules, cards, profiles, p, card, target, keys, counters, events, counts):
    q = 1 - p
    effect = card_field(cards, card, C_EFFECT)
    amount = card_field(cards, card, C_AMOUNT)
    pb = player_base(p)
    if effect == EF_DAMAGE_ANY or effect == EF_DAMAGE_AT_COMPANION or effect == EF_DAMAGE_OPP_ALLY:
        outcome = deal_direct_damage(s, rules, profiles, q, target, amount, events)
        if outcome > 0:
            s[pb + P_DEFEATS_TURN] += 1
            if outcome == 1:
                s[pb + P_ALLIES_DEFEATED] += 1
    elif effect == EF_DEFEAT_ALLY:
        defeat_unit(s, rules, q, target, 1, events)
        s[pb + P_DEFEATS_TURN] += 1
        s[pb + P_ALLIES_DEFEATED] += 1
    elif effect == EF_BOUNCE_ALLY:
        v = unit_base(q, target)
        add_to_hand(s, q, s[v + U_CARD])
        remove_unit(s, q, target)
    elif effect == EF_SWEEP_ROUTE:
        j = s[player_base(q) + P_UNITS_N] - 1
        while j >= 1:
            if s[unit_base(q, j) + U_ROUTE] == target:
                defeat_unit(s, rules, q, j, 1, events)
                s[pb + P_DEFEATS_TURN] += 1
                s[pb + P_ALLIES_DEFEATED] += 1
            j -= 1
    elif effect == EF_BUFF_FORCE:
        s[unit_base(p, target) + U_FORCE_BONUS] += amount
    elif effect == EF_BUFF_INSIGHT:
        s[unit_base(p, target) + U_INSIGHT_BONUS] += amount
    elif effect == EF_READY_NO_EXPLORE:
        if target != NO_TARGET:
            u = unit_base(p, target)
            s[u + U_READY] = 1
            s[u + U_NO_EXPLORE] = 1
    elif effect == EF_COMPANION_MOVE_HEAL:
        if target != NO_TARGET:
            explicit_move(s, profiles, p, 0, target)
        heal(s, p, 0, amount)
    elif effect == EF_HEAL:
        heal(s, p, target, amount)
    elif effect == EF_HEAL_ROUTE:
        for i in range(s[pb + P_UNITS_N]):
            if s[unit_base(p, i) + U_ROUTE] == target:
                heal(s, p, i, amount)
    elif effect == EF_DRAW_MOVE or effect == EF_MOVE_ADJACENT or effect == EF_HEAL_MOVE:
        if effect == EF_DRAW_MOVE:
            draw_cards(s, p, amount, keys, counters, events, counts)
        if target != NO_TARGET:
            i = target // 5
            dest = target % 5
            if effect == EF_HEAL_MOVE:
                heal(s, p, i, amount)
            if dest != MOVE_NONE:
                explicit_move(s, profiles, p, i, dest)
    elif effect == EF_DRAW:
        draw_cards(s, p, amount, keys, counters, events, counts)
    elif effect == EF_OPEN_NETHER:
        open_netherway(s, p, events)
    elif effect == EF_OPEN_NETHER_DRAW:
        open_netherway(s, p, events)
        draw_cards(s, p, amount, keys, counters, events, counts)
    elif effect == EF_PASSAGE:
        if target != NO_TARGET and s[G_NETHER_OPEN] != 0:
            explicit_move(s, profiles, p, target, NETHERWAY)
    to_discard(s, p, card)
    s[pb + P_TACTICS] += 1
