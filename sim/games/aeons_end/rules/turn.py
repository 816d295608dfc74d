"""Turn order and the player turn's frame (rulebook "Turn Order", "Player Turn Overview", "Player Turn: 3 –
Draw Phase"): `advance` draws turn-order cards and runs nemesis turns until a player must act; a player's
turn starts (casting phase, or main phase with nothing prepped) and ends with the draw phase."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    G_ABILITY_USES,
    G_ACTIVE,
    G_AETHER,
    G_AETHER_GEM,
    G_AETHER_SPELL,
    G_BLASTING_BONUS,
    G_BREACH_DISCOUNT,
    G_COPIES_PLAYED,
    G_CORRUPTION_TOTAL,
    G_DOUBLE_PREP,
    G_GRAVEHOLD,
    G_PHASE,
    G_PLAYERS,
    G_PREVENT_DAMAGE,
    G_ROUNDS,
    G_TOKEN_12,
    G_TOKEN_34,
    G_TURN_KIND,
    G_TURN_ORDER_POS,
    G_TURNS,
    G_WHILE_PREPPED_USED,
    G_WILD_HOLDER,
    P_AETHER_TOKENS,
    P_CHARGES,
    P_FOCUSED,
    P_HAND_N,
    P_LIFE,
    P_PLAYED,
    P_PLAYED_N,
    P_PREPPED_NOW,
    PHASE_CASTING,
    PHASE_MAIN,
    R_HAND_SIZE,
    R_ROUND_CAP,
    TO_12,
    TO_34,
    TO_NEMESIS,
    TO_WILD,
    TURN_ORDER_BASE,
    TURN_ORDER_SIZE,
)
from sim.games.aeons_end.rules.corruptions import resolve_corruptions
from sim.games.aeons_end.rules.game_end import check_end_of_turn, end_game, over
from sim.games.aeons_end.rules.mages import charged_mage_with
from sim.games.aeons_end.rules.nemesis_turn import nemesis_turn
from sim.games.aeons_end.rules.piles import draw_cards, pbase, prepped_count, to_discard_pile
from sim.games.aeons_end.rules.turn_order import ensure_turn_order
from sim.games.aeons_end.tables import rule
from sim.games.aeons_end.vocab import AB_AUSPEX_RUNE, END_TURN_CAP


@njit(cache=True, _nrt=False, forceinline=True)
def start_player_turn(s, p):
    s[G_ACTIVE] = p
    s[G_TURNS] += 1
    s[G_AETHER] = 0
    s[G_AETHER_GEM] = 0
    s[G_AETHER_SPELL] = 0
    s[G_BREACH_DISCOUNT] = 0
    s[G_DOUBLE_PREP] = 0
    s[G_COPIES_PLAYED] = 0
    s[G_WHILE_PREPPED_USED] = 0
    s[G_BLASTING_BONUS] = 0
    b = pbase(p)
    for k in range(4):
        s[b + P_FOCUSED + k] = 0
    for k in range(8):
        s[b + P_PREPPED_NOW + k] = 0
    s[G_PHASE] = PHASE_CASTING
    if prepped_count(s, p) == 0:
        s[G_PHASE] = PHASE_MAIN


@njit(cache=True, _nrt=False)
def draw_phase(s, T, p):
    """Played cards go to the discard pile (in the order played), then draw up to five."""
    b = pbase(p)
    for i in range(s[b + P_PLAYED_N]):
        to_discard_pile(s, p, s[b + P_PLAYED + i])
    s[b + P_PLAYED_N] = 0
    need = rule(T, R_HAND_SIZE) - s[b + P_HAND_N]
    if need > 0:
        draw_cards(s, p, need)
    s[b + P_AETHER_TOKENS] = 0


@njit(cache=True, _nrt=False)
def advance(s, T, keys, counters, round_gravehold, round_life):
    """Run automatic play (turn-order draws, nemesis turns) until a player must act or the game ends."""
    while not over(s):
        if s[G_ACTIVE] >= 0:
            return
        if s[G_TURN_ORDER_POS] >= TURN_ORDER_SIZE:
            # a round ends when the turn-order deck runs out
            if s[G_ROUNDS] > 0:
                r = s[G_ROUNDS] - 1
                if r < round_gravehold.shape[0]:
                    round_gravehold[r] = s[G_GRAVEHOLD]
                    tl = 0
                    for q in range(s[G_PLAYERS]):
                        tl += s[pbase(q) + P_LIFE]
                    round_life[r] = tl
            if s[G_ROUNDS] >= rule(T, R_ROUND_CAP):
                end_game(s, False, END_TURN_CAP)
                return
            ensure_turn_order(s, keys, counters)
            s[G_ROUNDS] += 1
        card = s[TURN_ORDER_BASE + s[G_TURN_ORDER_POS]]
        s[G_TURN_ORDER_POS] += 1
        s[G_TURN_KIND] = card
        s[G_PREVENT_DAMAGE] = 0
        if card == TO_NEMESIS:
            aus = charged_mage_with(s, T, np.int64(AB_AUSPEX_RUNE))
            if aus >= 0:
                s[pbase(aus) + P_CHARGES] = 0
                s[G_ABILITY_USES] += 1
                s[G_PREVENT_DAMAGE] = 1
            s[G_TURNS] += 1
            nemesis_turn(s, T, keys, counters)
            s[G_PREVENT_DAMAGE] = 0
            check_end_of_turn(s)
            continue
        if card == TO_WILD:
            p = s[G_WILD_HOLDER]
            s[G_WILD_HOLDER] = (p + 1) % s[G_PLAYERS]
        elif card == TO_12 or card == TO_34:
            lo = 0 if card == TO_12 else 2
            tok = G_TOKEN_12 if card == TO_12 else G_TOKEN_34
            if s[tok] < 0:
                # team choice: the player of the pair with more life left takes the turn first
                p = lo if s[pbase(lo) + P_LIFE] >= s[pbase(lo + 1) + P_LIFE] else lo + 1
                s[tok] = p
            else:
                p = 2 * lo + 1 - s[tok]
                s[tok] = -1
        else:
            p = card
        start_player_turn(s, p)
        if s[G_CORRUPTION_TOTAL] > 0:
            # corruptions in hand resolve at the start of the turn, before casting
            resolve_corruptions(s, T, keys, counters, p)
            if over(s):
                return
        return


@njit(cache=True, _nrt=False)
def finish_player_turn(s, T, p):
    draw_phase(s, T, p)
    s[G_ACTIVE] = -1
    check_end_of_turn(s)
