"""Aeon's End (Legacy of Gravehold rules) engine, the spine: reset, legal_actions, step, check_invariants
(numba kernels over a flat int64 state). `advance` (rules/turn.py) runs automatic play to the next decision;
the rules are in rules/, one module per rule area matching RULES.md's sections and the test files
(rules/__init__.py lists them); the packed tables and their accessors are tables.py.

Rules summary (rulebook sections in brackets)
  * 1-4 mages (10 life each, starting hand and deck in printed order, never shuffled) defend
    Gravehold (30 life) against a nemesis [Setup]. Turns follow a 6-card turn-order deck, reshuffled
    when empty [Turn Order Deck]. A round is one pass through that deck.
  * Player turn [Player Turn Overview]: casting phase (must cast spells in closed breaches, may cast
    from opened ones), main phase (play gems/relics, gain supply cards, charges for 2 aether, focus
    and open breaches, prep spells, while-prepped and TO DISCARD effects, any order), draw phase
    (played cards to the discard, draw up to five, flip the discard pile when the deck runs out).
  * Nemesis turn [Nemesis Turn Overview]: main phase oldest first (PERSISTENT minions, power tokens,
    POWER resolution), then draw phase (attack / minion / power; empty deck: Unleash three times).
  * Exhausted players, end conditions, shields, OR choices [Exhausted, Game End, Game Terms].
  * Legacy basic nemesis cards (rules key basic_nemesis_set): fire tokens and their loss at 10 [Fire Tokens],
    banished cards leaving the game [Banished], multi-way OR cards, arrival damage / shield loss per player.
  * Nemesis mats (public data): Rageborne's Fury and Strikes, Carapace Queen's husks and Swarm, Prince of
    Gluttons' devouring (its Unleash in two readings, rules key unleash_devours_from), Crooked Mask's corruptions.

Encoding (OpenSpiel style)
  state   int64[STATE_SIZE] (layout.py): a global block, the turn-order deck, the nemesis deck,
          the nemesis cards in play (oldest first), the supply, the devoured pile and one block per
          player (life, charges, breaches, prepped spells, hand / deck / discard / played stacks; the
          last element of a stack is its top).
  action  int kind * 256 + argument (layout.A_*): END, CAST(breach slot, target), PLAY(hand index,
          option), GAIN(pile), CHARGE, FOCUS(b), OPEN(b), PREP(hand index, b), ABILITY(player),
          TO_DISCARD(in-play slot), WHILE_PREPPED(breach slot). Players act only in their casting and
          main phases; draw phases and nemesis turns run inside `advance`.
  choices the card text leaves to "the players" (who suffers "any player" damage, which cards to
          discard, which OR option of a nemesis card) are made by fixed team rules (rules/choices.py
          and where each effect resolves; documented in RULES.md); the active mage's bot chooses
          every action listed above.

Random streams (keys / counters arrays, layout.STREAM_*): 0 turn-order deck, 1 nemesis deck build,
2 other game chance (strike deck, shuffles ordered by cards), 3 + deck slot the mages' bots (batch.py).

Compile time and speed (measurements in PERF.md): kernels are compiled with `_nrt=False`, because numba's
reference counting makes an atomic update for every array handed to a function; the few that allocate
(reset, pile_by_cost, and in policy.py/batch.py redeal, make_keys) say `_nrt=True` explicitly,
since numba would otherwise inherit the caller's setting. numba passes every array argument as an
exploded struct, so the per-action functions (legal_actions, greedy_act) and small helpers are
`forceinline=True`; mid-size helpers stay out-of-line, because inlining them too made the cold
compile longer still. Compile time: every @njit function is its own LLVM library that links in, and
optimizes and code-generates again, its callees' whole call tree, so (1) `step` and policy_act are
inlined at the numba level (`inline="always"`, no library of their own), as are the small pass-through
functions of the nemesis (run_unleash_row, unleash, flush_pending, strike, swarm) and the per-area
step helpers run_atomic dispatches to (rules/nemesis_turn.py: one rule area each, inlined back into
run_atomic); (2) numba would
compile one copy of an out-of-line @njit function per literal value and integer width it is called
with (cast_spell(.., 0, True) and (.., 0, False) were two copies of cast_spell and of everything above
it): sim/core/literals.py makes every such call compile per widened type instead (the np.int64(...)
wrappers at call sites date from before it). Cold compile 562 s -> 156 s CPU with these two rules, 62
s once the search bot was compiled apart (PERF.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import (
    A_ABILITY,
    A_ALLY_ABILITY,
    A_CAST,
    A_CHARGE,
    A_END,
    A_FOCUS,
    A_GAIN,
    A_OPEN,
    A_PLAY,
    A_PLAY_GEMS,
    A_PREP,
    A_TO_DISCARD,
    A_WHILE_PREPPED,
    DEVOURED_BASE,
    G_ACTIVE,
    G_AETHER,
    G_AETHER_GEM,
    G_AETHER_SPELL,
    G_BREACH_DISCOUNT,
    G_CARDS_GAINED,
    G_CORRUPTION_TOTAL,
    G_CORRUPTIONS,
    G_COUNT_CARDS,
    G_CURRENT_CARD,
    G_CURRENT_SLOT,
    G_DECISIONS,
    G_DESTROYED_NEMESIS,
    G_DEVOURED,
    G_FIRE,
    G_GRAVEHOLD,
    G_GRAVEHOLD_MAX,
    G_HUSKS,
    G_IN_PLAY,
    G_INITIAL_SUPPLY,
    G_LAST_DISCARDED_MINION,
    G_LIFE_SET,
    G_NEMESIS_DECK_LEN,
    G_NEMESIS_DECK_POS,
    G_NEMESIS_DISCARD,
    G_NEMESIS_LIFE,
    G_NEMESIS_MAX_LIFE,
    G_PHASE,
    G_PLAYER_MAX,
    G_PLAYERS,
    G_STATUS,
    G_TOKEN_12,
    G_TOKEN_34,
    G_TURN_KIND,
    G_WHILE_PREPPED_USED,
    IP_CARD,
    MG_ANY_MAIN,
    NC_TD_CODE,
    NC_TYPE,
    NTYPE_POWER,
    P_BREACH,
    P_CHARGE_MAX,
    P_CHARGES,
    P_DECK,
    P_DECK_N,
    P_DESTROYED_N,
    P_DISCARD,
    P_DISCARD_N,
    P_EXHAUSTED,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_MAGE,
    P_OWNED,
    P_PLAYED,
    P_PLAYED_N,
    P_PREP,
    P_PREPPED_NOW,
    PC_AETHER_VALUE,
    PC_COST,
    PC_DAMAGE_VALUE,
    PC_HAS_OR,
    PC_TYPE,
    PHASE_CASTING,
    R_CHARGE_COST,
    R_FIRE_LOSS,
    R_GRAVEHOLD_LIFE,
    R_HUSK_CAP,
    R_NEMESIS_LIFE,
    R_PLAYER_LIFE,
    SEC_WHILE_PREPPED,
    SU_PLAYERS,
    SUPPLY_CARD_BASE,
    SUPPLY_COUNT_BASE,
    SUPPLY_PILES,
    TARGETS,
    TYPE_CORRUPTION,
    TYPE_GEM,
    TYPE_SPELL,
)
from sim.games.aeons_end.rules.breaches import breach_cost, can_prep, focus_breach
from sim.games.aeons_end.rules.casting import cast_spell, end_casting
from sim.games.aeons_end.rules.corruptions import resolve_corruptions
from sim.games.aeons_end.rules.game_end import over
from sim.games.aeons_end.rules.mages import ability_feasible, use_ability
from sim.games.aeons_end.rules.main_phase import (
    plain_gem_index,
    play_card,
    play_option_feasible,
    while_prepped_feasible,
)
from sim.games.aeons_end.rules.minions_powers import (
    best_target,
    pay_to_discard,
    remove_from_play,
    slot_base,
    target_valid,
    to_discard_feasible,
)
from sim.games.aeons_end.rules.nemesis_turn import flush_pending
from sim.games.aeons_end.rules.piles import pbase, prepped_count, push, remove_at
from sim.games.aeons_end.rules.setup import (
    build_nemesis_deck,
    set_up_nemesis_mat,
    set_up_players,
    set_up_supply,
    set_up_turn_order_deck,
)
from sim.games.aeons_end.rules.supply import available_aether, gain_card
from sim.games.aeons_end.rules.turn import advance, finish_player_turn
from sim.games.aeons_end.tables import mage, matchup_setup, nemesis_card, player_card, player_card_step, rule
from sim.games.aeons_end.vocab import PS_AETHER, PS_PAY_TO_CAST_ANY_PREPPED, PS_RETURN_PLAYED_GEM


@njit(cache=True, _nrt=True)
def reset(s, T, keys, counters):
    """Deal a game: the life totals, then the setup steps of rules/setup.py (their random draws in this order:
    the nemesis deck, then the mat's corruption deck)."""
    count_cards = s[G_COUNT_CARDS]
    s[:] = 0
    s[G_COUNT_CARDS] = count_cards
    players = matchup_setup(T, SU_PLAYERS)
    s[G_PLAYERS] = players
    s[G_GRAVEHOLD] = rule(T, R_GRAVEHOLD_LIFE)
    s[G_GRAVEHOLD_MAX] = rule(T, R_GRAVEHOLD_LIFE)
    s[G_PLAYER_MAX] = rule(T, R_PLAYER_LIFE)
    s[G_NEMESIS_LIFE] = rule(T, R_NEMESIS_LIFE)
    s[G_NEMESIS_MAX_LIFE] = rule(T, R_NEMESIS_LIFE)
    s[G_LAST_DISCARDED_MINION] = -1
    s[G_LIFE_SET] = -1
    s[G_CURRENT_CARD] = -1
    s[G_CURRENT_SLOT] = -1
    s[G_TOKEN_12] = -1
    s[G_TOKEN_34] = -1
    s[G_TURN_KIND] = -1
    set_up_players(s, T, players)
    set_up_turn_order_deck(s, players)
    build_nemesis_deck(s, T, keys, counters)
    set_up_supply(s, T)
    set_up_nemesis_mat(s, T, keys, counters)
    s[G_PHASE] = PHASE_CASTING
    s[G_ACTIVE] = -1


@njit(cache=True, _nrt=False, forceinline=True)
def legal_actions(s, T, out):
    n = 0
    if over(s):
        return 0
    p = s[G_ACTIVE]
    b = pbase(p)
    if s[G_PHASE] == PHASE_CASTING:
        must = False
        for k in range(8):
            c = s[b + P_PREP + k]
            if c < 0:
                continue
            if s[b + P_BREACH + k // 2] < 4:
                must = True
            for t in range(TARGETS):
                if target_valid(s, T, t):
                    out[n] = A_CAST * 256 + k * TARGETS + t
                    n += 1
        if not must:
            out[n] = A_END * 256
            n += 1
        return n
    # main phase
    hand_n = s[b + P_HAND_N]
    for i in range(hand_n):
        c = s[b + P_HAND + i]
        typ = player_card(T, c, PC_TYPE)
        if typ == TYPE_SPELL:
            for k in range(4):
                if can_prep(s, T, p, c, k) >= 0:
                    out[n] = A_PREP * 256 + i * 4 + k
                    n += 1
        elif typ != TYPE_CORRUPTION:
            if play_option_feasible(s, T, p, c, 0):
                out[n] = A_PLAY * 256 + i * 2
                n += 1
            if player_card(T, c, PC_HAS_OR) != 0 and play_option_feasible(s, T, p, c, 1):
                out[n] = A_PLAY * 256 + i * 2 + 1
                n += 1
    if plain_gem_index(s, T, p) >= 0:
        out[n] = A_PLAY_GEMS * 256
        n += 1
    for k in range(SUPPLY_PILES):
        if s[SUPPLY_COUNT_BASE + k] > 0:
            c = s[SUPPLY_CARD_BASE + k]
            if available_aether(s, player_card(T, c, PC_TYPE)) >= player_card(T, c, PC_COST):
                out[n] = A_GAIN * 256 + k
                n += 1
    if s[G_DEVOURED] > 0:
        c = s[DEVOURED_BASE + s[G_DEVOURED] - 1]
        if available_aether(s, player_card(T, c, PC_TYPE)) >= player_card(T, c, PC_COST):
            out[n] = A_GAIN * 256 + 9
            n += 1
    if s[G_AETHER] >= rule(T, R_CHARGE_COST) and s[b + P_CHARGES] < s[b + P_CHARGE_MAX]:
        out[n] = A_CHARGE * 256
        n += 1
    for k in range(4):
        st = s[b + P_BREACH + k]
        if 0 <= st < 4:
            if s[G_AETHER] >= breach_cost(s, T, p, k, False):
                out[n] = A_FOCUS * 256 + k
                n += 1
            if s[G_AETHER] >= breach_cost(s, T, p, k, True):
                out[n] = A_OPEN * 256 + k
                n += 1
    if ability_feasible(s, T, p):
        for q in range(s[G_PLAYERS]):
            out[n] = A_ABILITY * 256 + q
            n += 1
    for a in range(s[G_PLAYERS]):
        if a != p and mage(T, s[pbase(a) + P_MAGE], MG_ANY_MAIN) != 0 and ability_feasible(s, T, a):
            for q in range(s[G_PLAYERS]):
                out[n] = A_ALLY_ABILITY * 256 + a * 4 + q
                n += 1
    for k in range(s[G_IN_PLAY]):
        c = s[slot_base(k) + IP_CARD]
        if nemesis_card(T, c, NC_TYPE) == NTYPE_POWER and nemesis_card(T, c, NC_TD_CODE) != 0 \
                and to_discard_feasible(s, T, p, c):
            out[n] = A_TO_DISCARD * 256 + k
            n += 1
    for k in range(8):
        if while_prepped_feasible(s, T, p, k):
            out[n] = A_WHILE_PREPPED * 256 + k
            n += 1
    out[n] = A_END * 256
    n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def step(s, T, keys, counters, action,
         round_gravehold, round_life):
    kind = action // 256
    arg = action % 256
    p = s[G_ACTIVE]
    b = pbase(p)
    s[G_DECISIONS] += 1
    if kind == A_END:
        if s[G_PHASE] == PHASE_CASTING:
            end_casting(s, T, keys, counters, p)
        else:
            if s[G_CORRUPTION_TOTAL] > 0:
                resolve_corruptions(s, T, keys, counters, p)
            if not over(s):
                finish_player_turn(s, T, p)
    elif kind == A_CAST:
        k = arg // TARGETS
        t = arg % TARGETS
        cast_spell(s, T, keys, counters, p, p, k, t, np.int64(0), np.bool_(True))
        if not over(s) and prepped_count(s, p) == 0:
            end_casting(s, T, keys, counters, p)
    elif kind == A_PLAY:
        play_card(s, T, keys, counters, p, arg // 2, arg % 2)
    elif kind == A_PLAY_GEMS:
        i = plain_gem_index(s, T, p)
        while i >= 0 and not over(s):
            play_card(s, T, keys, counters, p, i, np.int64(0))
            i = plain_gem_index(s, T, p)
    elif kind == A_GAIN:
        gain_card(s, T, p, arg)
    elif kind == A_CHARGE:
        s[G_AETHER] -= rule(T, R_CHARGE_COST)
        s[b + P_CHARGES] += 1
    elif kind == A_FOCUS:
        s[G_AETHER] -= breach_cost(s, T, p, arg, False)
        s[G_BREACH_DISCOUNT] = 0
        focus_breach(s, p, arg)
    elif kind == A_OPEN:
        s[G_AETHER] -= breach_cost(s, T, p, arg, True)
        s[G_BREACH_DISCOUNT] = 0
        s[b + P_BREACH + arg] = 4
    elif kind == A_PREP:
        i = arg // 4
        k = arg % 4
        c = s[b + P_HAND + i]
        slot = can_prep(s, T, p, c, k)
        remove_at(s, b + P_HAND, b + P_HAND_N, i)
        s[b + P_PREP + 2 * k + slot] = c
        s[b + P_PREPPED_NOW + 2 * k + slot] = 1
    elif kind == A_ABILITY:
        use_ability(s, T, keys, counters, p, arg)
    elif kind == A_ALLY_ABILITY:
        use_ability(s, T, keys, counters, arg // 4, arg % 4)
    elif kind == A_TO_DISCARD:
        c = s[slot_base(arg) + IP_CARD]
        pay_to_discard(s, T, p, c)
        remove_from_play(s, arg, T)
    elif kind == A_WHILE_PREPPED:
        c = s[b + P_PREP + arg]
        s[G_WHILE_PREPPED_USED] |= 1 << arg
        code = player_card_step(T, c, SEC_WHILE_PREPPED, 0, 0)
        n = player_card_step(T, c, SEC_WHILE_PREPPED, 0, 1)
        if code == PS_AETHER:
            s[G_AETHER] += n
        elif code == PS_PAY_TO_CAST_ANY_PREPPED:
            s[G_AETHER] -= n
            bq = np.int64(-1)
            bk = np.int64(-1)
            bc = -1
            for q in range(s[G_PLAYERS]):
                for j in range(8):
                    cj = s[pbase(q) + P_PREP + j]
                    if (q != p or j != arg) and cj >= 0 and player_card(T, cj, PC_COST) > bc:
                        bq = q
                        bk = j
                        bc = player_card(T, cj, PC_COST)
            cq = s[pbase(bq) + P_PREP + bk]
            cast_spell(s, T, keys, counters, p, bq, bk,
                       best_target(s, T, player_card(T, cq, PC_DAMAGE_VALUE)), np.int64(0), np.bool_(True))
        elif code == PS_RETURN_PLAYED_GEM:
            best = -1
            best_v = -1
            for i in range(s[b + P_PLAYED_N]):
                cg = s[b + P_PLAYED + i]
                if player_card(T, cg, PC_TYPE) == TYPE_GEM and player_card(T, cg, PC_AETHER_VALUE) > best_v:
                    best = i
                    best_v = player_card(T, cg, PC_AETHER_VALUE)
            cg = remove_at(s, b + P_PLAYED, b + P_PLAYED_N, best)
            push(s, b + P_HAND, b + P_HAND_N, cg)
    flush_pending(s, T, keys, counters)
    if s[G_ACTIVE] < 0:
        advance(s, T, keys, counters, round_gravehold, round_life)


# step is inlined (numba inline="always") into the batch kernel's loop; the search bot's playouts call
# this out-of-line copy, so that its code is not inlined a second time into search_act.
@njit(cache=True, _nrt=False)
def step_call(s, T, keys, counters, action, round_gravehold, round_life):
    step(s, T, keys, counters, action, round_gravehold, round_life)


@njit(cache=True, _nrt=False)
def check_invariants(s, T):
    """0 if the state is consistent, else a small number naming the broken invariant."""
    if s[G_STATUS] >= 3:
        return 1
    if s[G_GRAVEHOLD] < 0 or s[G_GRAVEHOLD] > s[G_GRAVEHOLD_MAX]:
        return 2
    if s[G_NEMESIS_LIFE] < 0 or s[G_NEMESIS_LIFE] > s[G_NEMESIS_MAX_LIFE]:
        return 3
    if s[G_AETHER] < 0 or s[G_AETHER_GEM] < 0 or s[G_AETHER_SPELL] < 0:
        return 4
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        if s[b + P_LIFE] < 0 or s[b + P_LIFE] > s[G_PLAYER_MAX]:
            return 5
        if s[b + P_CHARGES] < 0 or s[b + P_CHARGES] > s[b + P_CHARGE_MAX]:
            return 6
        if s[b + P_EXHAUSTED] == 0 and s[b + P_LIFE] == 0:
            return 7
        total = s[b + P_HAND_N] + s[b + P_DECK_N] + s[b + P_DISCARD_N] + s[b + P_PLAYED_N] \
            + prepped_count(s, p)
        if total != s[b + P_OWNED]:
            return 8
        if s[b + P_OWNED] + s[b + P_DESTROYED_N] < 10:
            return 9
    # supply cards are conserved: piles + devoured pile + gained
    sup = s[G_DEVOURED]
    for k in range(SUPPLY_PILES):
        sup += s[SUPPLY_COUNT_BASE + k]
        if s[SUPPLY_COUNT_BASE + k] < 0:
            return 10
    gained = s[G_CARDS_GAINED]
    if sup + gained != s[G_INITIAL_SUPPLY]:
        return 11
    # nemesis cards are conserved: deck + in play + discard + banished (Legacy basics)
    nem = s[G_NEMESIS_DECK_LEN] - s[G_NEMESIS_DECK_POS] + s[G_IN_PLAY] + s[G_NEMESIS_DISCARD] \
        + s[G_DESTROYED_NEMESIS]
    if nem != s[G_NEMESIS_DECK_LEN]:
        return 12
    if s[G_HUSKS] < 0 or s[G_HUSKS] > rule(T, R_HUSK_CAP):
        return 13
    if s[G_CORRUPTION_TOTAL] > 0:
        held = 0
        for p in range(s[G_PLAYERS]):
            b = pbase(p)
            for base, cnt in ((P_HAND, P_HAND_N), (P_DECK, P_DECK_N), (P_DISCARD, P_DISCARD_N),
                              (P_PLAYED, P_PLAYED_N)):
                for i in range(s[b + cnt]):
                    if player_card(T, s[b + base + i], PC_TYPE) == TYPE_CORRUPTION:
                        held += 1
        if held + s[G_CORRUPTIONS] != s[G_CORRUPTION_TOTAL]:
            return 15
    if s[G_FIRE] < 0 or s[G_FIRE] >= rule(T, R_FIRE_LOSS) and s[G_STATUS] == 0:
        return 14
    return 0
