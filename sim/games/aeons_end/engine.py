"""Aeon's End (Legacy of Gravehold rules) engine: numba kernels over a flat int64 state.

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
          discard, which OR option of a nemesis card) are made by fixed team rules in this file
          (documented in RULES.md); the active mage's bot chooses every action listed above.

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
functions of the nemesis (run_unleash_row, unleash, flush_pending, strike, swarm); (2) constant
arguments passed to an out-of-line @njit function are wrapped in np.int64(...) / np.bool_(...):
numba compiles one specialization per literal value (cast_spell(.., 0, True) and (.., 0, False) were
two copies of cast_spell and of everything above it), so keep new call sites non-literal too.
Cold compile 562 s -> 156 s CPU with these two rules (PERF.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import next_below, shuffle
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
    CARD_COUNT_BASE,
    CARD_COUNTS,
    CORRUPTION_BASE,
    CORRUPTION_CAPACITY,
    DEVOURED_BASE,
    DEVOURED_CAPACITY,
    G_ABILITY_USES,
    G_ACTIVE,
    G_AETHER,
    G_AETHER_GEM,
    G_AETHER_SPELL,
    G_ARRIVAL_SEQ,
    G_BLASTING_BONUS,
    G_BREACH_DISCOUNT,
    G_CARDS_GAINED,
    G_CONDITION,
    G_COPIES_PLAYED,
    G_CORRUPTION_TOTAL,
    G_CORRUPTIONS,
    G_COUNT_CARDS,
    G_CURRENT_CARD,
    G_CURRENT_SLOT,
    G_DAMAGE_DEALT,
    G_DECISIONS,
    G_DESTROYED_NEMESIS,
    G_DEVOURED,
    G_DOUBLE_PREP,
    G_END_REASON,
    G_FIRE,
    G_FURY,
    G_GRAVEHOLD,
    G_GRAVEHOLD_MAX,
    G_HUSKS,
    G_IN_PLAY,
    G_INITIAL_SUPPLY,
    G_LAST_DISCARDED_MINION,
    G_LIFE_ADD,
    G_LIFE_SET,
    G_NEMESIS_DECK_LEN,
    G_NEMESIS_DECK_POS,
    G_NEMESIS_DISCARD,
    G_NEMESIS_LIFE,
    G_NEMESIS_MAX_LIFE,
    G_NEMESIS_TIER,
    G_PENDING_UNLEASH,
    G_PHASE,
    G_PLAYER_MAX,
    G_PLAYERS,
    G_PREVENT_DAMAGE,
    G_ROUNDS,
    G_SHIELD_ADD,
    G_STATUS,
    G_TARGET,
    G_TOKEN_12,
    G_TOKEN_34,
    G_TURN_KIND,
    G_TURN_ORDER_POS,
    G_TURNS,
    G_UNLEASHES,
    G_WHILE_PREPPED_USED,
    G_WILD_HOLDER,
    IN_PLAY_BASE,
    IN_PLAY_FIELDS,
    IP_ARRIVAL,
    IP_CARD,
    IP_LIFE,
    IP_POWER,
    IP_SHIELDS,
    IP_SILENCED,
    MAX_CARD_IDS,
    MAX_IN_PLAY,
    MAX_STEPS,
    MG_ABILITY,
    MG_ANY_MAIN,
    MG_BREACH,
    MG_CHARGES,
    NC_ALTERNATIVES,
    NC_BANISH_ON_DISCARD,
    NC_CORRUPTS,
    NC_DAMAGE_CAP,
    NC_HARM_MAIN,
    NC_HAS_OR,
    NC_HUSK_LIFE_2,
    NC_IMMUNE_HUSKS,
    NC_LIFE,
    NC_POWER,
    NC_SHIELDS,
    NC_TD_AMOUNT,
    NC_TD_CODE,
    NC_TIER,
    NC_TYPE,
    NEMESIS_DECK_BASE,
    NEMESIS_KIND_CARAPACE_QUEEN,
    NEMESIS_KIND_CROOKED_MASK,
    NEMESIS_KIND_PRINCE,
    NEMESIS_KIND_RAGEBORNE,
    NSEC_EFFECT,
    NSEC_IMMEDIATELY,
    NSEC_OR,
    NSEC_OR2,
    NSEC_OR3,
    NTYPE_ATTACK,
    NTYPE_MINION,
    NTYPE_POWER,
    NX_STRIKE,
    NX_SWARM,
    NX_UNLEASH,
    P_AETHER_TOKENS,
    P_BREACH,
    P_CHARGE_MAX,
    P_CHARGES,
    P_DECK,
    P_DECK_N,
    P_DESTROYED_N,
    P_DISCARD,
    P_DISCARD_N,
    P_EXHAUSTED,
    P_FOCUSED,
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
    PC_HAS_END_OF_CASTING,
    PC_HAS_OR,
    PC_HAS_WHILE_PREPPED,
    PC_IS_CRYSTAL,
    PC_PREP_TO_CLOSED,
    PC_TOP_ON_GAIN,
    PC_TYPE,
    PHASE_CASTING,
    PHASE_MAIN,
    PHASE_OVER,
    PILE_CAPACITY,
    PLAYER_BASE,
    PLAYER_STRIDE,
    R_BASIC_BY_TIER,
    R_BONUS_DAMAGE,
    R_CHARGE_COST,
    R_CORRUPTION_DESTROYED_EXPERT,
    R_CORRUPTION_EMPTY_DAMAGE,
    R_DEVOUR_EMPTY_CHEAPEST,
    R_FIRE_LOSS,
    R_FOCUS_COST,
    R_GRAVEHOLD_LIFE,
    R_HAND_SIZE,
    R_HUSK_CAP,
    R_NEMESIS_KIND,
    R_NEMESIS_LIFE,
    R_OPEN_COST,
    R_PLAYER_LIFE,
    R_ROUND_CAP,
    R_SETUP_DEVOUR_EXTRA,
    R_SETUP_DEVOUR_GEMS,
    R_START_FURY,
    R_START_HUSKS,
    R_STRIKE_COUNT,
    R_STRIKE_LOSS,
    R_STRIKE_THRESHOLD,
    R_SWARM_MAX,
    R_SWARM_MIN,
    R_SWARM_ROWS,
    SEC_END_OF_CASTING,
    SEC_MAIN,
    SEC_OR,
    SEC_WHILE_PREPPED,
    SU_BASIC,
    SU_BASIC_CAP,
    SU_BASIC_N,
    SU_CORRUPTION,
    SU_CORRUPTION_N,
    SU_MAGES,
    SU_OWN,
    SU_PLAYERS,
    SU_SUPPLY,
    SUPPLY_CARD_BASE,
    SUPPLY_COUNT_BASE,
    SUPPLY_PILES,
    TARGET_HUSKS,
    TARGETS,
    TO_12,
    TO_34,
    TO_NEMESIS,
    TO_WILD,
    TURN_ORDER_BASE,
    TURN_ORDER_SIZE,
    TYPE_CORRUPTION,
    TYPE_GEM,
    TYPE_RELIC,
    TYPE_SPELL,
)
from sim.games.aeons_end.tables import mc, mg, nc, ne, nx, pc, pe, rl, su
from sim.games.aeons_end.vocab import (
    AB_AETHEREAL_WARD,
    AB_ALLY_DRAWS_4,
    AB_ANY_PLAYER_LIFE_4,
    AB_AUSPEX_RUNE,
    AB_BLACK_MIRROR,
    AB_METAPHYSICAL_LINK,
    AB_OTHERWORLDLY_GATE,
    AB_QUICKEN_THOUGHT,
    END_ALL_EXHAUSTED,
    END_FIRE_TOKENS,
    END_GRAVEHOLD_DESTROYED,
    END_NEMESIS_CONDITION,
    END_NEMESIS_DECK_EXHAUSTED,
    END_NEMESIS_DEFEATED,
    END_TURN_CAP,
    ERR_CAPACITY,
    NS_ADD_FIRE,
    NS_ADD_LIFE_PER_EMPTY_PILE,
    NS_BANISH_SELF,
    NS_CORRUPTION_ON_DECK,
    NS_CORRUPTIONS_TO_HAND,
    NS_DESTROY_COSTLIEST_HAND,
    NS_DESTROY_COSTLIEST_PREPPED_IF_COST_MAX,
    NS_DESTROY_DECK_TOP,
    NS_DESTROY_HAND,
    NS_DEVOUR_CHEAPEST,
    NS_DEVOUR_CHEAPEST_RELIC,
    NS_DEVOUR_EXPENSIVE_GEM,
    NS_DEVOUR_SECOND_GEM,
    NS_DEVOUR_SELF_LIFE,
    NS_DEVOUR_SPELL,
    NS_DISCARD_CRYSTALS,
    NS_DISCARD_EXPENSIVE_PREPPED,
    NS_DISCARD_FIRE_IF_COST_MAX,
    NS_DISCARD_GRAVEHOLD_IF_GEM,
    NS_DISCARD_HALF_HUSKS,
    NS_DISCARD_HAND,
    NS_DISCARD_HAND_COSTLIEST,
    NS_DISCARD_HUSKS,
    NS_DISCARD_NON_CORRUPTION,
    NS_DISCARD_PREPPED_MIN_COST,
    NS_DRAW,
    NS_FIRE_AT_MOST_ELSE_UNLEASH,
    NS_FIRE_PER_HAND_MIN_COST,
    NS_FOCUS_OTHER_PLAYER_BREACH,
    NS_FOCUS_TARGET_BREACH,
    NS_FURY,
    NS_GAIN_CARD_MAX_COST,
    NS_GRAVEHOLD,
    NS_GRAVEHOLD_FURY,
    NS_GRAVEHOLD_HEAL,
    NS_GRAVEHOLD_PER_EMPTY_PILE,
    NS_GRAVEHOLD_SELF_LIFE,
    NS_HUSKS,
    NS_HUSKS_PER_TURN_ORDER_DISCARD,
    NS_LOSE_ALL_CHARGES,
    NS_LOSE_SHIELDS_PER_PLAYER,
    NS_NEMESIS_HEAL,
    NS_PLAYERS_CORRUPTIONS_ON_DECK,
    NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED,
    NS_PLAYERS_DISCARD_FURY,
    NS_PLAYERS_LOSE,
    NS_PLAYERS_LOSE_CHARGES,
    NS_PULVERIZE,
    NS_RETURN_LAST_MINION,
    NS_SELF_DAMAGE,
    NS_SELF_DAMAGE_PER_PLAYER,
    NS_SET_LIFE_PER_HUSK,
    NS_SHUFFLE_DISCARD_INTO_DECK,
    NS_SHUFFLE_DISCARD_INTO_DECK_DESTROY,
    NS_SHUFFLE_NEMESIS_TURN_ORDER,
    NS_STRIKE,
    NS_SUFFER,
    NS_SUFFER_IF,
    NS_SUFFER_PER_EMPTY_PILE,
    NS_SUFFER_PER_PREPPED,
    NS_SUFFER_PLUS_FURY,
    NS_SUFFER_SELF_LIFE,
    NS_SWARM,
    NS_TARGET_ANY,
    NS_TARGET_ANY_PREPPED,
    NS_TARGET_CHEAP_PREPPED,
    NS_TARGET_COSTLIEST_HAND,
    NS_TARGET_HIGHEST,
    NS_TARGET_LOWEST,
    NS_TARGET_MOST_CARDS,
    NS_TARGET_MOST_CHARGES,
    NS_TARGET_MOST_CRYSTALS,
    NS_TARGET_MOST_HAND,
    NS_TARGET_MOST_OPENED,
    NS_TARGET_MOST_PREPPED,
    NS_TWO_PLAYERS_CORRUPT_HEAL,
    NS_UNLEASH,
    NS_UNLEASH_IF,
    NS_UNLEASH_IF_BOTH_NEMESIS_TURN_ORDER_DISCARDED,
    NS_VEX,
    PS_AETHER,
    PS_AETHER_GEM_ONLY,
    PS_AETHER_IF_SECOND_COPY,
    PS_AETHER_SPELL_ONLY,
    PS_ALLY_CHARGE,
    PS_ALLY_CHARGE_IF_FIRST_COPY,
    PS_ALLY_DRAW_THEN_DISCARD,
    PS_ALLY_SUFFER_TO_DESTROY,
    PS_ANY_LIFE,
    PS_BREACH_DISCOUNT,
    PS_CAST_ANY_PREPPED,
    PS_CAST_PREPPED_THIS_TURN,
    PS_CHARGE,
    PS_DAMAGE,
    PS_DAMAGE_IF_ALL_OPEN,
    PS_DAMAGE_PER_ADJACENT_PREPPED,
    PS_DAMAGE_PER_OPEN_BREACH,
    PS_DESTROY_HAND_FOR_DAMAGE,
    PS_DESTROY_HAND_OPTIONAL,
    PS_DESTROY_HAND_OR_DISCARD,
    PS_DESTROY_SELF,
    PS_DISCARD_FOR_ALLY_DRAW,
    PS_DISCARD_FOR_ANY_LIFE,
    PS_DISCARD_GEM_FOR_DAMAGE,
    PS_DISCARD_HAND_FOR_DAMAGE,
    PS_DISCARD_NON_CORRUPTION,
    PS_DRAW,
    PS_EVERY_PLAYER_SIFT,
    PS_FLARE_DAMAGE,
    PS_FOCUS_ANY_BREACH,
    PS_FOCUS_CHEAPEST_CLOSED,
    PS_GAIN_CHEAPEST_GEM_TO_HAND,
    PS_GAIN_CORRUPTIONS_ON_DECK,
    PS_GAIN_RELIC_ON_DECK_SUFFER_HALF,
    PS_GAIN_SPELL_TO_DISCARD,
    PS_GRAVEHOLD_DAMAGE,
    PS_GRAVEHOLD_LIFE,
    PS_LOOK_TOP_DESTROY,
    PS_LOSE_CHARGE_FOR_DAMAGE,
    PS_PAY_TO_CAST_ANY_PREPPED,
    PS_PLAY_GEM_TWICE_DESTROY,
    PS_RETURN_ANY_TURN_ORDER_CARD,
    PS_RETURN_COST0_FROM_DISCARD,
    PS_RETURN_PLAYED_GEM,
    PS_REVEAL_TURN_ORDER_AETHER,
    PS_SELF_LIFE,
    PS_SELF_SUFFER,
    TD_DESTROY_HAND_MIN_COST,
    TD_DESTROY_OPENED_BREACHES,
    TD_DESTROY_PREPPED_MIN_COST,
    TD_DISCARD_HAND,
    TD_DISCARD_HAND_DRAW,
    TD_LOSE_CHARGES,
    TD_SPEND_AETHER,
)

# Banished nemesis cards leave the game: counted in G_DESTROYED_NEMESIS (deck + in play + discard + banished
# is the whole nemesis deck, check_invariants).


# ============================================================================ small helpers
@njit(cache=True, _nrt=False, forceinline=True)
def pbase(p):
    return PLAYER_BASE + p * PLAYER_STRIDE


@njit(cache=True, _nrt=False, forceinline=True)
def count_card(s, p, card, kind):
    """Per-card statistics (kind 0 drawn, 1 played or cast, 2 in the opening hand, 3 gained), when switched on."""
    if s[G_COUNT_CARDS] != 0 and card < MAX_CARD_IDS:
        s[CARD_COUNT_BASE + (p * MAX_CARD_IDS + card) * CARD_COUNTS + kind] += 1


@njit(cache=True, _nrt=False, forceinline=True)
def fail(s, code):
    if s[G_STATUS] == 0 or s[G_STATUS] < 3:
        s[G_STATUS] = 3
        s[G_END_REASON] = -code


@njit(cache=True, _nrt=False, forceinline=True)
def end_game(s, won, reason):
    if s[G_STATUS] == 0:
        s[G_STATUS] = 1 if won else 2
        s[G_END_REASON] = reason
        s[G_PHASE] = PHASE_OVER


@njit(cache=True, _nrt=False, forceinline=True)
def over(s):
    return s[G_STATUS] != 0


@njit(cache=True, _nrt=False, forceinline=True)
def push(s, base, count_index, card):
    n = s[count_index]
    if n >= PILE_CAPACITY:
        fail(s, ERR_CAPACITY)
        return
    s[base + n] = card
    s[count_index] = n + 1


@njit(cache=True, _nrt=False)
def remove_at(s, base, count_index, i):
    n = s[count_index]
    card = s[base + i]
    for k in range(i, n - 1):
        s[base + k] = s[base + k + 1]
    s[count_index] = n - 1
    return card


@njit(cache=True, _nrt=False, forceinline=True)
def to_discard_pile(s, p, card):
    b = pbase(p)
    push(s, b + P_DISCARD, b + P_DISCARD_N, card)


@njit(cache=True, _nrt=False)
def flip_discard(s, p):
    """Deck empty: the discard pile turned over becomes the deck (its bottom card on top)."""
    b = pbase(p)
    m = s[b + P_DISCARD_N]
    for k in range(m):
        s[b + P_DECK + k] = s[b + P_DISCARD + m - 1 - k]
    s[b + P_DECK_N] = m
    s[b + P_DISCARD_N] = 0


@njit(cache=True, _nrt=False)
def draw_cards(s, p, n):
    b = pbase(p)
    drawn = 0
    for _ in range(n):
        if s[b + P_DECK_N] == 0:
            flip_discard(s, p)
            if s[b + P_DECK_N] == 0:
                break
        d = s[b + P_DECK_N] - 1
        push(s, b + P_HAND, b + P_HAND_N, s[b + P_DECK + d])
        count_card(s, p, s[b + P_DECK + d], 0)
        s[b + P_DECK_N] = d
        drawn += 1
    return drawn


@njit(cache=True, _nrt=False, forceinline=True)
def destroy_card(s, p):
    b = pbase(p)
    s[b + P_DESTROYED_N] += 1
    s[b + P_OWNED] -= 1


@njit(cache=True, _nrt=False)
def destroy_owned(s, T, p, card):
    """Destroy one of p's cards (already taken out of its pile); a corruption returns to its deck instead."""
    if pc(T, card, PC_TYPE) == TYPE_CORRUPTION:
        return_corruption(s, T, p, card)
    else:
        destroy_card(s, p)


@njit(cache=True, _nrt=False)
def cheapest_hand_index(s, p, T, min_cost):
    """Team rule for discards and destroys: the cheapest card, a gem before a relic before a spell."""
    b = pbase(p)
    best = -1
    best_key = 1 << 20
    for i in range(s[b + P_HAND_N]):
        card = s[b + P_HAND + i]
        c = pc(T, card, PC_COST)
        key = c * 4 + pc(T, card, PC_TYPE)
        if c >= min_cost and key < best_key:
            best = i
            best_key = key
    return best


@njit(cache=True, _nrt=False)
def costliest_hand_index(s, p, T):
    b = pbase(p)
    best = -1
    best_cost = -1
    for i in range(s[b + P_HAND_N]):
        c = pc(T, s[b + P_HAND + i], PC_COST)
        if c > best_cost:
            best = i
            best_cost = c
    return best


@njit(cache=True, _nrt=False)
def discard_from_hand(s, p, i):
    b = pbase(p)
    card = remove_at(s, b + P_HAND, b + P_HAND_N, i)
    to_discard_pile(s, p, card)


@njit(cache=True, _nrt=False)
def prepped_count(s, p):
    b = pbase(p)
    n = 0
    for k in range(8):
        if s[b + P_PREP + k] >= 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def opened_count(s, p):
    b = pbase(p)
    n = 0
    for k in range(4):
        if s[b + P_BREACH + k] == 4:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def discard_prepped(s, p, k):
    b = pbase(p)
    card = s[b + P_PREP + k]
    s[b + P_PREP + k] = -1
    s[b + P_PREPPED_NOW + k] = 0
    to_discard_pile(s, p, card)


@njit(cache=True, _nrt=False)
def most_expensive_prepped(s, p, T, min_cost):
    b = pbase(p)
    best = -1
    best_cost = -1
    for k in range(8):
        c = s[b + P_PREP + k]
        if c >= 0 and pc(T, c, PC_COST) >= min_cost and pc(T, c, PC_COST) > best_cost:
            best = k
            best_cost = pc(T, c, PC_COST)
    return best


@njit(cache=True, _nrt=False)
def cheapest_prepped(s, p, T, min_cost):
    b = pbase(p)
    best = -1
    best_cost = 1 << 20
    for k in range(8):
        c = s[b + P_PREP + k]
        if c >= 0 and pc(T, c, PC_COST) >= min_cost and pc(T, c, PC_COST) < best_cost:
            best = k
            best_cost = pc(T, c, PC_COST)
    return best


# ============================================================================ damage and life
@njit(cache=True, _nrt=False)
def all_exhausted(s):
    for p in range(s[G_PLAYERS]):
        if s[pbase(p) + P_EXHAUSTED] == 0:
            return False
    return True


@njit(cache=True, _nrt=False)
def gravehold_suffers(s, n):
    if n <= 0 or over(s) or s[G_PREVENT_DAMAGE] != 0:
        return
    s[G_GRAVEHOLD] -= n
    if s[G_GRAVEHOLD] <= 0:
        s[G_GRAVEHOLD] = 0
        end_game(s, False, END_GRAVEHOLD_DESTROYED)


@njit(cache=True, _nrt=False)
def destroy_a_breach(s, p):
    """Team rule: destroy the least developed breach (closed before opened, empty before prepped)."""
    b = pbase(p)
    best = -1
    best_score = 1 << 20
    for k in range(4):
        st = s[b + P_BREACH + k]
        if st < 0:
            continue
        score = st * 4 + k
        if s[b + P_PREP + 2 * k] >= 0:
            score += 100
        if score < best_score:
            best_score = score
            best = k
    if best >= 0:
        for slot in range(2):
            if s[b + P_PREP + 2 * best + slot] >= 0:
                discard_prepped(s, p, 2 * best + slot)
        s[b + P_BREACH + best] = -1


@njit(cache=True, _nrt=False)
def player_suffers(s, p, n):
    """Rulebook, Exhausted: damage past 0 life exhausts; an exhausted player's damage is doubled to Gravehold."""
    if n <= 0 or over(s) or s[G_PREVENT_DAMAGE] != 0:
        return
    b = pbase(p)
    if s[b + P_EXHAUSTED] != 0:
        gravehold_suffers(s, 2 * n)
        return
    s[b + P_LIFE] -= n
    if s[b + P_LIFE] <= 0:
        excess = -s[b + P_LIFE]
        s[b + P_LIFE] = 0
        s[b + P_EXHAUSTED] = 1
        # Unleash twice first; queued so that the Unleash runs right after the current step
        s[G_PENDING_UNLEASH] += 2
        destroy_a_breach(s, p)
        s[b + P_CHARGES] = 0
        if s[G_PLAYERS] > 1 and all_exhausted(s):
            end_game(s, False, END_ALL_EXHAUSTED)
            return
        gravehold_suffers(s, 2 * excess)


@njit(cache=True, _nrt=False)
def gain_life(s, p, n):
    b = pbase(p)
    if s[b + P_EXHAUSTED] != 0:
        return
    s[b + P_LIFE] = min(s[G_PLAYER_MAX], s[b + P_LIFE] + n)


@njit(cache=True, _nrt=False, forceinline=True)
def pick_healthiest(s):
    best = 0
    best_life = -1
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        if s[b + P_EXHAUSTED] == 0 and s[b + P_LIFE] > best_life:
            best = p
            best_life = s[b + P_LIFE]
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def pick_lowest(s):
    """Rulebook: 'always deals that damage to the non-exhausted player with the lowest current life'."""
    best = -1
    best_life = 1 << 20
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        if s[b + P_EXHAUSTED] == 0 and s[b + P_LIFE] < best_life:
            best = p
            best_life = s[b + P_LIFE]
    if best < 0:
        best = 0
    return best


@njit(cache=True, _nrt=False)
def pick_most(s, kind, T, amount):
    """Player with the most of something; ties go to the healthiest (players decide)."""
    best = 0
    best_value = -1
    best_life = -1
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        if kind == 0:
            v = prepped_count(s, p)
        elif kind == 1:
            v = s[b + P_CHARGES]
        elif kind == 2:
            v = opened_count(s, p)
        elif kind == 3:
            v = s[b + P_HAND_N]
        elif kind == 4:
            v = s[b + P_DECK_N] + s[b + P_DISCARD_N]
        elif kind == 5:
            v = 1 if cheapest_prepped(s, p, T, amount) >= 0 else 0
        elif kind == 7:
            v = s[b + P_LIFE] - 100 * s[b + P_EXHAUSTED]
        elif kind == 8:
            v = -1
            for i in range(s[b + P_HAND_N]):
                v = max(v, pc(T, s[b + P_HAND + i], PC_COST))
        else:
            v = 1 if prepped_count(s, p) > 0 else 0
        life = s[b + P_LIFE] - 100 * s[b + P_EXHAUSTED]
        if v > best_value or (v == best_value and life > best_life):
            best = p
            best_value = v
            best_life = life
    return best


# ============================================================================ nemesis in play
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
    if nc(T, card, NC_BANISH_ON_DISCARD) != 0:
        s[G_DESTROYED_NEMESIS] += 1
        return
    s[G_NEMESIS_DISCARD] += 1
    if nc(T, card, NC_TYPE) == NTYPE_MINION:
        s[G_LAST_DISCARDED_MINION] = card


@njit(cache=True, _nrt=False)
def add_fire(s, T, n):
    """Rulebook, Fire Tokens: 'The players immediately lose the game if there are 10 or more fire tokens on
    your location' (the 10 is rules.yaml fire_token_loss). Fire is not damage: Auspex Rune does not stop it."""
    if n <= 0 or over(s):
        return
    s[G_FIRE] += n
    if s[G_FIRE] >= rl(T, R_FIRE_LOSS):
        end_game(s, False, END_FIRE_TOKENS)


@njit(cache=True, _nrt=False)
def husk_life(s, T):
    for k in range(s[G_IN_PLAY]):
        if nc(T, s[slot_base(k) + IP_CARD], NC_HUSK_LIFE_2) != 0:
            return 2
    return 1


@njit(cache=True, _nrt=False)
def place_husks(s, T, n):
    for _ in range(n):
        if s[G_HUSKS] >= rl(T, R_HUSK_CAP):
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
    if nc(T, card, NC_TYPE) != NTYPE_MINION:
        return
    if nc(T, card, NC_IMMUNE_HUSKS) != 0 and s[G_HUSKS] > 0:
        return
    if s[o + IP_SHIELDS] > 0:
        s[o + IP_SHIELDS] -= 1
        return
    if nc(T, card, NC_DAMAGE_CAP) > 0:
        amount = min(amount, nc(T, card, NC_DAMAGE_CAP))
    if nc(T, card, NC_CORRUPTS) != 0 and dealer >= 0:
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
    if nc(T, card, NC_TYPE) != NTYPE_MINION:
        return False
    if nc(T, card, NC_IMMUNE_HUSKS) != 0 and s[G_HUSKS] > 0:
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
        if nc(T, card, NC_DAMAGE_CAP) > 0:
            eff = min(eff, nc(T, card, NC_DAMAGE_CAP))
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


# ============================================================================ supply (devouring)
@njit(cache=True, _nrt=False)
def empty_piles(s):
    n = 0
    for k in range(SUPPLY_PILES):
        if s[SUPPLY_COUNT_BASE + k] == 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def devour_from(s, pile, n):
    """Prince of Gluttons: move n cards to the devoured pile; from an empty pile Gravehold suffers 2 each."""
    for _ in range(n):
        if pile < 0 or s[SUPPLY_COUNT_BASE + pile] == 0:
            gravehold_suffers(s, np.int64(2))
            continue
        s[SUPPLY_COUNT_BASE + pile] -= 1
        if s[G_DEVOURED] < DEVOURED_CAPACITY:
            s[DEVOURED_BASE + s[G_DEVOURED]] = s[SUPPLY_CARD_BASE + pile]
            s[G_DEVOURED] += 1
        else:
            fail(s, ERR_CAPACITY)
    if empty_piles(s) == SUPPLY_PILES:
        end_game(s, False, END_NEMESIS_CONDITION)


@njit(cache=True, _nrt=False)
def least_expensive_pile(s, T):
    """The literal reading of Prince of Gluttons' Unleash, "from the least expensive supply pile": the pile
    with the lowest cost even when it is empty (devour_from then makes Gravehold suffer 2 per card). Between
    piles of that cost the players choose (rulebook, Ambiguity): a non-empty one, the lowest numbered."""
    low = 1 << 20
    for k in range(SUPPLY_PILES):
        low = min(low, pc(T, s[SUPPLY_CARD_BASE + k], PC_COST))
    best = -1
    for k in range(SUPPLY_PILES):
        if pc(T, s[SUPPLY_CARD_BASE + k], PC_COST) == low:
            if s[SUPPLY_COUNT_BASE + k] > 0:
                return k
            if best < 0:
                best = k
    return best


@njit(cache=True, _nrt=True)
def pile_by_cost(s, T, card_type, rank, cheapest, nonempty):
    """Index of the rank-th cheapest (or costliest) pile of a type (-1 = any type)."""
    order = np.empty(SUPPLY_PILES, np.int64)
    m = 0
    for k in range(SUPPLY_PILES):
        c = s[SUPPLY_CARD_BASE + k]
        if card_type >= 0 and pc(T, c, PC_TYPE) != card_type:
            continue
        if nonempty and s[SUPPLY_COUNT_BASE + k] == 0:
            continue
        order[m] = k
        m += 1
    # insertion sort by cost
    for i in range(1, m):
        j = i
        while j > 0:
            a = pc(T, s[SUPPLY_CARD_BASE + order[j - 1]], PC_COST)
            bcost = pc(T, s[SUPPLY_CARD_BASE + order[j]], PC_COST)
            swap = (a > bcost) if cheapest else (a < bcost)
            if not swap:
                break
            t = order[j]
            order[j] = order[j - 1]
            order[j - 1] = t
            j -= 1
    if rank < m:
        return order[rank]
    return -1


# ============================================================================ turn order deck
@njit(cache=True, _nrt=False)
def nemesis_cards_discarded(s):
    n = 0
    for k in range(s[G_TURN_ORDER_POS]):
        if s[TURN_ORDER_BASE + k] == TO_NEMESIS:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def return_turn_order_card(s, keys, counters, code):
    """Shuffle one discarded turn-order card with this code back into the turn-order deck."""
    pos = s[G_TURN_ORDER_POS]
    for k in range(pos):
        if s[TURN_ORDER_BASE + k] == code:
            t = s[TURN_ORDER_BASE + k]
            s[TURN_ORDER_BASE + k] = s[TURN_ORDER_BASE + pos - 1]
            s[TURN_ORDER_BASE + pos - 1] = t
            s[G_TURN_ORDER_POS] = pos - 1
            shuffle(s, TURN_ORDER_BASE + pos - 1, TURN_ORDER_BASE + TURN_ORDER_SIZE, keys, counters, 0)
            return True
    return False


@njit(cache=True, _nrt=False)
def ensure_turn_order(s, keys, counters):
    if s[G_TURN_ORDER_POS] >= TURN_ORDER_SIZE:
        shuffle(s, TURN_ORDER_BASE, TURN_ORDER_BASE + TURN_ORDER_SIZE, keys, counters, 0)
        s[G_TURN_ORDER_POS] = 0


@njit(cache=True, _nrt=False)
def peek_turn_order_is_player(s, keys, counters):
    ensure_turn_order(s, keys, counters)
    return s[TURN_ORDER_BASE + s[G_TURN_ORDER_POS]] != TO_NEMESIS


# ============================================================================ nemesis effects
@njit(cache=True, _nrt=False)
def players_discard_n(s, T, n):
    """Team rule: the players split a discard of n cards, cheapest cards first, from the fullest hands."""
    for _ in range(n):
        p = pick_most(s, np.int64(3), T, np.int64(0))
        if s[pbase(p) + P_HAND_N] == 0:
            return False
        discard_from_hand(s, p, cheapest_hand_index(s, p, T, np.int64(0)))
    return True


@njit(cache=True, _nrt=False)
def run_atomic(s, T, keys, counters, code, n, self_slot):
    """One nemesis step that is not Unleash / Strike / Swarm. Returns False if it could not fully resolve."""
    if over(s):
        return True
    t = s[G_TARGET]
    tb = pbase(t)
    if code == NS_GRAVEHOLD:
        gravehold_suffers(s, n)
    elif code == NS_TARGET_ANY:
        s[G_TARGET] = pick_healthiest(s)
    elif code == NS_TARGET_LOWEST:
        s[G_TARGET] = pick_lowest(s)
    elif code == NS_TARGET_MOST_PREPPED:
        s[G_TARGET] = pick_most(s, np.int64(0), T, np.int64(0))
    elif code == NS_TARGET_MOST_CHARGES:
        s[G_TARGET] = pick_most(s, np.int64(1), T, np.int64(0))
    elif code == NS_TARGET_MOST_OPENED:
        s[G_TARGET] = pick_most(s, np.int64(2), T, np.int64(0))
    elif code == NS_TARGET_MOST_HAND:
        s[G_TARGET] = pick_most(s, np.int64(3), T, np.int64(0))
    elif code == NS_TARGET_MOST_CARDS:
        s[G_TARGET] = pick_most(s, np.int64(4), T, np.int64(0))
    elif code == NS_TARGET_CHEAP_PREPPED:
        s[G_TARGET] = pick_most(s, np.int64(5), T, n)
    elif code == NS_TARGET_ANY_PREPPED:
        s[G_TARGET] = pick_most(s, np.int64(6), T, np.int64(0))
    elif code == NS_SUFFER:
        player_suffers(s, t, n)
    elif code == NS_SUFFER_PER_PREPPED:
        player_suffers(s, t, n * prepped_count(s, t))
    elif code == NS_SUFFER_SELF_LIFE:
        if self_slot >= 0:
            player_suffers(s, t, s[slot_base(self_slot) + IP_LIFE])
    elif code == NS_SUFFER_PLUS_FURY:
        player_suffers(s, t, n + s[G_FURY])
    elif code == NS_SUFFER_PER_EMPTY_PILE:
        player_suffers(s, t, n * empty_piles(s))
    elif code == NS_DISCARD_HAND:
        full = True
        for _ in range(n):
            if s[tb + P_HAND_N] == 0:
                full = False
                break
            discard_from_hand(s, t, cheapest_hand_index(s, t, T, np.int64(0)))
        return full
    elif code == NS_DRAW:
        draw_cards(s, t, n)
    elif code == NS_DESTROY_HAND:
        full = True
        for _ in range(n):
            if s[tb + P_HAND_N] == 0:
                full = False
                break
            c = remove_at(s, tb + P_HAND, tb + P_HAND_N, cheapest_hand_index(s, t, T, np.int64(0)))
            destroy_owned(s, T, t, c)
        return full
    elif code == NS_LOSE_ALL_CHARGES:
        s[tb + P_CHARGES] = 0
    elif code == NS_DISCARD_EXPENSIVE_PREPPED:
        for _ in range(n):
            k = most_expensive_prepped(s, t, T, np.int64(0))
            if k < 0:
                return False
            discard_prepped(s, t, k)
    elif code == NS_DISCARD_PREPPED_MIN_COST:
        k = cheapest_prepped(s, t, T, n)
        if k < 0:
            return False
        discard_prepped(s, t, k)
    elif code == NS_SHUFFLE_DISCARD_INTO_DECK_DESTROY:
        m = s[tb + P_DISCARD_N]
        for k in range(m):
            push(s, tb + P_DECK, tb + P_DECK_N, s[tb + P_DISCARD + k])
        s[tb + P_DISCARD_N] = 0
        shuffle(s, tb + P_DECK, tb + P_DECK + s[tb + P_DECK_N], keys, counters, 2)
        for _ in range(n):
            if s[tb + P_DECK_N] == 0:
                return False
            s[tb + P_DECK_N] -= 1
            destroy_owned(s, T, t, s[tb + P_DECK + s[tb + P_DECK_N]])
    elif code == NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED:
        for _ in range(n):
            best_p, best_k = best_prepped_anywhere(s, T)
            if best_p < 0:
                return False
            discard_prepped(s, best_p, best_k)
    elif code == NS_PLAYERS_DISCARD_FURY:
        return players_discard_n(s, T, s[G_FURY])
    elif code == NS_GRAVEHOLD_SELF_LIFE:
        if self_slot >= 0:
            gravehold_suffers(s, s[slot_base(self_slot) + IP_LIFE])
    elif code == NS_SELF_DAMAGE:
        if self_slot >= 0:
            o = slot_base(self_slot)
            s[o + IP_LIFE] -= n
            if s[o + IP_LIFE] <= 0:
                remove_from_play(s, self_slot, T)
    elif code == NS_RETURN_LAST_MINION:
        card = s[G_LAST_DISCARDED_MINION]
        if card < 0:
            return False
        s[G_NEMESIS_DISCARD] -= 1
        s[G_LAST_DISCARDED_MINION] = -1
        place_in_play(s, card, nc(T, card, NC_LIFE), np.int64(0), nc(T, card, NC_SHIELDS))
    elif code == NS_PULVERIZE:
        # players may discard up to 6 gems, each prevents 3: the team discards cheapest gems first
        prevented = 0
        gems = 0
        while gems < 6 and prevented < n:
            found = False
            for p in range(s[G_PLAYERS]):
                b = pbase(p)
                best = -1
                best_cost = 1 << 20
                for i in range(s[b + P_HAND_N]):
                    c = s[b + P_HAND + i]
                    if pc(T, c, PC_TYPE) == TYPE_GEM and pc(T, c, PC_COST) < best_cost:
                        best = i
                        best_cost = pc(T, c, PC_COST)
                if best >= 0:
                    discard_from_hand(s, p, best)
                    gems += 1
                    prevented += 3
                    found = True
                    break
            if not found:
                break
        gravehold_suffers(s, n - prevented)
    elif code == NS_SHUFFLE_NEMESIS_TURN_ORDER:
        found = False
        while return_turn_order_card(s, keys, counters, np.int64(TO_NEMESIS)):
            found = True
        return found
    elif code == NS_FURY:
        s[G_FURY] += n
    elif code == NS_GRAVEHOLD_FURY:
        gravehold_suffers(s, s[G_FURY])
    elif code == NS_UNLEASH_IF_BOTH_NEMESIS_TURN_ORDER_DISCARDED:
        if nemesis_cards_discarded(s) >= 2:
            s[G_PENDING_UNLEASH] += n
    elif code == NS_HUSKS:
        place_husks(s, T, n)
    elif code == NS_HUSKS_PER_TURN_ORDER_DISCARD:
        place_husks(s, T, n * s[G_TURN_ORDER_POS])
    elif code == NS_DISCARD_HUSKS:
        s[G_HUSKS] = max(0, s[G_HUSKS] - n)
    elif code == NS_DISCARD_HALF_HUSKS:
        half = (s[G_HUSKS] + 1) // 2
        s[G_HUSKS] -= half
        gravehold_suffers(s, n * half)
    elif code == NS_SET_LIFE_PER_HUSK:
        s[G_LIFE_SET] = n * s[G_HUSKS]
    elif code == NS_PLAYERS_LOSE:
        end_game(s, False, END_NEMESIS_CONDITION)
    elif code == NS_DEVOUR_CHEAPEST:
        if rl(T, R_DEVOUR_EMPTY_CHEAPEST) != 0:
            devour_from(s, least_expensive_pile(s, T), n)
        else:
            devour_from(s, pile_by_cost(s, T, np.int64(-1), np.int64(0), np.bool_(True), np.bool_(True)), n)
    elif code == NS_DEVOUR_SECOND_GEM:
        devour_from(s, pile_by_cost(s, T, np.int64(TYPE_GEM), np.int64(1), np.bool_(False), np.bool_(False)), n)
    elif code == NS_DEVOUR_SPELL:
        pile = pile_by_cost(s, T, np.int64(TYPE_SPELL), np.int64(0), np.bool_(True), np.bool_(True))
        if pile < 0 or s[SUPPLY_COUNT_BASE + pile] < n:
            return False
        devour_from(s, pile, n)
    elif code == NS_DEVOUR_CHEAPEST_RELIC:
        pile = pile_by_cost(s, T, np.int64(TYPE_RELIC), np.int64(0), np.bool_(True), np.bool_(True))
        if pile < 0 or s[SUPPLY_COUNT_BASE + pile] < n:
            return False
        devour_from(s, pile, n)
    elif code == NS_DEVOUR_EXPENSIVE_GEM:
        devour_from(s, pile_by_cost(s, T, np.int64(TYPE_GEM), np.int64(0), np.bool_(False), np.bool_(False)), n)
    elif code == NS_DEVOUR_SELF_LIFE:
        if self_slot >= 0:
            # the players pick the pile: the fullest one (their choice; devour all from it)
            best = 0
            for k in range(SUPPLY_PILES):
                if s[SUPPLY_COUNT_BASE + k] > s[SUPPLY_COUNT_BASE + best]:
                    best = k
            devour_from(s, best, s[slot_base(self_slot) + IP_LIFE])
    elif code == NS_ADD_LIFE_PER_EMPTY_PILE:
        s[G_LIFE_ADD] += n * empty_piles(s)
    elif code == NS_GRAVEHOLD_PER_EMPTY_PILE:
        gravehold_suffers(s, n * empty_piles(s))
    elif code == NS_CORRUPTION_ON_DECK:
        for _ in range(n):
            gain_corruption(s, T, t, np.bool_(False))
    elif code == NS_CORRUPTIONS_TO_HAND:
        for _ in range(n):
            gain_corruption(s, T, t, np.bool_(True))
    elif code == NS_SHUFFLE_DISCARD_INTO_DECK:
        # the discard pile is shuffled and goes under the deck, so a corruption just put on top stays there
        m = s[tb + P_DISCARD_N]
        d = s[tb + P_DECK_N]
        if d + m > PILE_CAPACITY:
            fail(s, ERR_CAPACITY)
            return True
        shuffle(s, tb + P_DISCARD, tb + P_DISCARD + m, keys, counters, 2)
        for k in range(d - 1, -1, -1):
            s[tb + P_DECK + m + k] = s[tb + P_DECK + k]
        for k in range(m):
            s[tb + P_DECK + k] = s[tb + P_DISCARD + k]
        s[tb + P_DECK_N] = d + m
        s[tb + P_DISCARD_N] = 0
    elif code == NS_PLAYERS_CORRUPTIONS_ON_DECK:
        for _ in range(n):
            gain_corruption(s, T, pick_healthiest(s), np.bool_(False))
    elif code == NS_FOCUS_TARGET_BREACH:
        focus_cheapest(s, T, t)
    elif code == NS_FOCUS_OTHER_PLAYER_BREACH:
        if s[G_PLAYERS] > 1:
            focus_cheapest(s, T, (t + 1) % s[G_PLAYERS])
    elif code == NS_TARGET_MOST_CRYSTALS:
        best = 0
        for p in range(s[G_PLAYERS]):
            if crystals_in_hand(s, T, p) > crystals_in_hand(s, T, best):
                best = p
        s[G_TARGET] = best
    elif code == NS_DISCARD_CRYSTALS:
        i = 0
        while i < s[tb + P_HAND_N]:
            if pc(T, s[tb + P_HAND + i], PC_IS_CRYSTAL) != 0:
                discard_from_hand(s, t, i)
            else:
                i += 1
    elif code == NS_GAIN_CARD_MAX_COST:
        best = -1
        best_cost = -1
        for k in range(SUPPLY_PILES):
            c = s[SUPPLY_CARD_BASE + k]
            if s[SUPPLY_COUNT_BASE + k] > 0 and best_cost < pc(T, c, PC_COST) <= n:
                best = k
                best_cost = pc(T, c, PC_COST)
        gain_from_pile(s, T, t, best, np.int64(0))
    elif code == NS_GRAVEHOLD_HEAL:
        s[G_GRAVEHOLD] = min(s[G_GRAVEHOLD_MAX], s[G_GRAVEHOLD] + n)
    elif code == NS_NEMESIS_HEAL:
        s[G_NEMESIS_LIFE] = min(s[G_NEMESIS_MAX_LIFE], s[G_NEMESIS_LIFE] + n)
    elif code == NS_VEX:
        for _ in range(2):
            pos = s[G_NEMESIS_DECK_POS]
            if pos >= s[G_NEMESIS_DECK_LEN]:
                break
            c = s[NEMESIS_DECK_BASE + pos]
            s[G_NEMESIS_DECK_POS] = pos + 1
            s[G_NEMESIS_DISCARD] += 1
            if nc(T, c, NC_TIER) == 3:
                gravehold_suffers(s, n)
    elif code == NS_TWO_PLAYERS_CORRUPT_HEAL:
        first = pick_healthiest(s)
        second = first
        if s[G_PLAYERS] > 1:
            best_life = -1000
            for p in range(s[G_PLAYERS]):
                life = s[pbase(p) + P_LIFE] - 100 * s[pbase(p) + P_EXHAUSTED]
                if p != first and life > best_life:
                    second = p
                    best_life = life
        for q in (first, second):
            for _ in range(n):
                gain_corruption(s, T, q, np.bool_(False))
            gain_life(s, q, np.int64(1))
    elif code == NS_TARGET_HIGHEST:
        s[G_TARGET] = pick_most(s, np.int64(7), T, np.int64(0))
    elif code == NS_DISCARD_NON_CORRUPTION:
        return discard_non_corruption(s, T, t, n)
    # ---- Legacy of Gravehold basic nemesis cards
    elif code == NS_ADD_FIRE:
        add_fire(s, T, n)
    elif code == NS_SELF_DAMAGE_PER_PLAYER:
        # IMMEDIATELY, before the minion is placed: "suffers damage equal to the number of players" (rulebook
        # example: Fevered Scribe "comes into play with 6 life, but the immediate effect deals it 2 damage")
        s[G_LIFE_ADD] -= n * s[G_PLAYERS]
    elif code == NS_LOSE_SHIELDS_PER_PLAYER:
        s[G_SHIELD_ADD] -= n * s[G_PLAYERS]
    elif code == NS_BANISH_SELF:
        # the resolving attack or power leaves the game: its discard (attack: counted right after the effect,
        # power: counted when it left play, before its effect) becomes a banish
        s[G_NEMESIS_DISCARD] -= 1
        s[G_DESTROYED_NEMESIS] += 1
    elif code == NS_DISCARD_FIRE_IF_COST_MAX:
        # team rule: keep the fire token off the map when the hand allows (cheapest card costing more than n)
        i = cheapest_hand_index(s, t, T, n + 1)
        if i < 0:
            i = cheapest_hand_index(s, t, T, np.int64(0))
        if i < 0:
            return False
        cost = pc(T, s[tb + P_HAND + i], PC_COST)
        discard_from_hand(s, t, i)
        if cost <= n:
            add_fire(s, T, np.int64(1))
    elif code == NS_DISCARD_GRAVEHOLD_IF_GEM:
        # team rule: discard the cheapest card that is not a gem when there is one (no Gravehold damage)
        i = -1
        best = 1 << 20
        for j in range(s[tb + P_HAND_N]):
            c = s[tb + P_HAND + j]
            if pc(T, c, PC_TYPE) != TYPE_GEM and pc(T, c, PC_COST) * 4 + pc(T, c, PC_TYPE) < best:
                i = j
                best = pc(T, c, PC_COST) * 4 + pc(T, c, PC_TYPE)
        if i < 0:
            i = cheapest_hand_index(s, t, T, np.int64(0))
        if i < 0:
            return False
        gem = pc(T, s[tb + P_HAND + i], PC_TYPE) == TYPE_GEM
        discard_from_hand(s, t, i)
        if gem:
            gravehold_suffers(s, n)
    elif code == NS_PLAYERS_LOSE_CHARGES:
        # team rule: the charges come one at a time from the player holding the most
        for _ in range(n):
            p = pick_most(s, np.int64(1), T, np.int64(0))
            if s[pbase(p) + P_CHARGES] == 0:
                return False
            s[pbase(p) + P_CHARGES] -= 1
    elif code == NS_FIRE_AT_MOST_ELSE_UNLEASH:
        if s[G_FIRE] <= n:
            add_fire(s, T, np.int64(1))
        else:
            s[G_PENDING_UNLEASH] += 1
    elif code == NS_DESTROY_COSTLIEST_PREPPED_IF_COST_MAX:
        s[G_CONDITION] = 0
        best_p, best_k = best_prepped_anywhere(s, T)
        if best_p < 0:
            return False  # no prepped spell: nothing destroyed and no "it" to check the cost of
        pb = pbase(best_p)
        c = s[pb + P_PREP + best_k]
        s[pb + P_PREP + best_k] = -1
        s[pb + P_PREPPED_NOW + best_k] = 0
        destroy_owned(s, T, best_p, c)
        if pc(T, c, PC_COST) <= n:
            s[G_CONDITION] = 1
    elif code == NS_UNLEASH_IF:
        if s[G_CONDITION] != 0:
            s[G_PENDING_UNLEASH] += n
    elif code == NS_SUFFER_IF:
        if s[G_CONDITION] != 0:
            player_suffers(s, t, n)
    elif code == NS_DESTROY_COSTLIEST_HAND:
        for _ in range(n):
            if s[tb + P_HAND_N] == 0:
                return False
            c = remove_at(s, tb + P_HAND, tb + P_HAND_N, costliest_hand_index(s, t, T))
            destroy_owned(s, T, t, c)
    elif code == NS_DESTROY_DECK_TOP:
        # "top n of their deck": a short deck is refilled by flipping the discard pile, as for a draw (assumed)
        for _ in range(n):
            if s[tb + P_DECK_N] == 0:
                flip_discard(s, t)
                if s[tb + P_DECK_N] == 0:
                    return False
            s[tb + P_DECK_N] -= 1
            destroy_owned(s, T, t, s[tb + P_DECK + s[tb + P_DECK_N]])
    elif code == NS_TARGET_COSTLIEST_HAND:
        s[G_TARGET] = pick_most(s, np.int64(8), T, np.int64(0))
    elif code == NS_DISCARD_HAND_COSTLIEST:
        for _ in range(n):
            if s[tb + P_HAND_N] == 0:
                return False
            discard_from_hand(s, t, costliest_hand_index(s, t, T))
    elif code == NS_FIRE_PER_HAND_MIN_COST:
        m = 0
        for i in range(s[tb + P_HAND_N]):
            if pc(T, s[tb + P_HAND + i], PC_COST) >= n:
                m += 1
        add_fire(s, T, m)
    return True


@njit(cache=True, _nrt=False, inline="always")
def run_unleash_row(s, T, keys, counters, row):
    for i in range(MAX_STEPS):
        code = nx(T, row, i, 0)
        if code == 0:
            break
        run_atomic(s, T, keys, counters, code, nx(T, row, i, 1), np.int64(-1))


@njit(cache=True, _nrt=False, inline="always")
def unleash(s, T, keys, counters, times):
    for _ in range(times):
        if over(s):
            return
        s[G_UNLEASHES] += 1
        run_unleash_row(s, T, keys, counters, np.int64(NX_UNLEASH))


@njit(cache=True, _nrt=False, inline="always")
def flush_pending(s, T, keys, counters):
    while s[G_PENDING_UNLEASH] > 0 and not over(s):
        s[G_PENDING_UNLEASH] -= 1
        unleash(s, T, keys, counters, np.int64(1))
    s[G_PENDING_UNLEASH] = 0


@njit(cache=True, _nrt=False, inline="always")
def strike(s, T, keys, counters):
    """Rageborne Strikes: draw a strike card at random, resolve it, shuffle it back."""
    k = next_below(keys, counters, 2, rl(T, R_STRIKE_COUNT))
    s[G_TARGET] = 0
    run_unleash_row(s, T, keys, counters, NX_STRIKE + k)


@njit(cache=True, _nrt=False, inline="always")
def swarm(s, T, keys, counters):
    h = s[G_HUSKS]
    for r in range(rl(T, R_SWARM_ROWS)):
        if rl(T, R_SWARM_MIN + r) <= h <= rl(T, R_SWARM_MAX + r):
            run_unleash_row(s, T, keys, counters, NX_SWARM + r)
            return


@njit(cache=True, _nrt=False)
def section_feasible(s, T, card, sec):
    """Can this option be fully resolved (rulebook 'OR' effects)? Checks the steps that can fail."""
    t = 0
    for i in range(MAX_STEPS):
        code = ne(T, card, sec, i, 0)
        n = ne(T, card, sec, i, 1)
        if code == 0:
            break
        if code == NS_TARGET_CHEAP_PREPPED:
            t = pick_most(s, np.int64(5), T, n)
        elif code == NS_TARGET_MOST_OPENED:
            t = pick_most(s, np.int64(2), T, np.int64(0))
        elif code == NS_TARGET_ANY_PREPPED:
            t = pick_most(s, np.int64(6), T, np.int64(0))
        elif code == NS_DISCARD_PREPPED_MIN_COST:
            if cheapest_prepped(s, t, T, n) < 0:
                return False
        elif code == NS_DESTROY_HAND:
            if s[pbase(t) + P_HAND_N] < n:
                return False
        elif code == NS_RETURN_LAST_MINION:
            if s[G_LAST_DISCARDED_MINION] < 0:
                return False
        elif code == NS_SHUFFLE_NEMESIS_TURN_ORDER:
            if nemesis_cards_discarded(s) == 0:
                return False
        elif code == NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED or code == NS_PLAYERS_LOSE_CHARGES:
            total = 0
            for p in range(s[G_PLAYERS]):
                total += prepped_count(s, p) if code == NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED \
                    else s[pbase(p) + P_CHARGES]
            if total < n:
                return False
        elif code == NS_DEVOUR_SPELL or code == NS_DEVOUR_CHEAPEST_RELIC:
            typ = TYPE_SPELL if code == NS_DEVOUR_SPELL else TYPE_RELIC
            ok = False
            for k in range(SUPPLY_PILES):
                if pc(T, s[SUPPLY_CARD_BASE + k], PC_TYPE) == typ and s[SUPPLY_COUNT_BASE + k] >= n:
                    ok = True
            if not ok:
                return False
    return True


@njit(cache=True, _nrt=False, forceinline=True)
def option_section(j):
    """Effect section of a card's j-th option (0 the main effect, 1 `or:`, 2-3 further OR options)."""
    if j == 0:
        return NSEC_EFFECT
    if j == 1:
        return NSEC_OR
    if j == 2:
        return NSEC_OR2
    return NSEC_OR3


@njit(cache=True, _nrt=False)
def choose_option(s, T, card):
    """Rulebook 'OR': choose an option that can be fully resolved; the team prefers the less harmful
    (lowest harm score; ties to the earlier option). With no fully resolvable option, all are candidates.
    Two options reduce to the rule of engine 0.2.0 (main unless only OR is resolvable or OR is less harmful)."""
    if nc(T, card, NC_HAS_OR) == 0:
        return NSEC_EFFECT
    options = 1 + nc(T, card, NC_ALTERNATIVES)
    any_ok = False
    for j in range(options):
        if section_feasible(s, T, card, option_section(j)):
            any_ok = True
    best = NSEC_EFFECT
    best_harm = 1 << 30
    for j in range(options):
        sec = option_section(j)
        if any_ok and not section_feasible(s, T, card, sec):
            continue
        harm = nc(T, card, NC_HARM_MAIN + j)
        if harm < best_harm:
            best = sec
            best_harm = harm
    return best


@njit(cache=True, _nrt=False)
def run_section(s, T, keys, counters, card, sec, self_slot):
    s[G_TARGET] = pick_healthiest(s)
    s[G_CONDITION] = 0
    for i in range(MAX_STEPS):
        if over(s):
            return
        code = ne(T, card, sec, i, 0)
        n = ne(T, card, sec, i, 1)
        if code == 0:
            break
        # a minion that died mid-effect (self damage) stops resolving
        if self_slot >= 0 and (self_slot >= s[G_IN_PLAY] or s[slot_base(self_slot) + IP_CARD] != card):
            self_slot = -1
        if code == NS_UNLEASH:
            unleash(s, T, keys, counters, n)
        elif code == NS_STRIKE:
            for _ in range(n):
                strike(s, T, keys, counters)
                flush_pending(s, T, keys, counters)
        elif code == NS_SWARM:
            for _ in range(n):
                swarm(s, T, keys, counters)
                flush_pending(s, T, keys, counters)
        else:
            run_atomic(s, T, keys, counters, code, n, self_slot)
        flush_pending(s, T, keys, counters)


@njit(cache=True, _nrt=False)
def find_slot_by_arrival(s, arrival):
    for k in range(s[G_IN_PLAY]):
        if s[slot_base(k) + IP_ARRIVAL] == arrival:
            return k
    return -1


@njit(cache=True, _nrt=False)
def charged_mage_with(s, T, ability):
    for p in range(s[G_PLAYERS]):
        b = pbase(p)
        m = s[b + P_MAGE]
        if mg(T, m, MG_ABILITY) == ability and s[b + P_CHARGES] >= s[b + P_CHARGE_MAX]:
            return p
    return -1


@njit(cache=True, _nrt=False)
def nemesis_turn(s, T, keys, counters):
    # ---- main phase: oldest first
    start_seq = s[G_ARRIVAL_SEQ]
    seq = 0
    while seq < start_seq and not over(s):
        k = find_slot_by_arrival(s, seq)
        seq += 1
        if k < 0:
            continue
        o = slot_base(k)
        card = s[o + IP_CARD]
        if nc(T, card, NC_TYPE) == NTYPE_MINION:
            if s[o + IP_SILENCED] != 0:
                s[o + IP_SILENCED] = 0
                continue
            sec = choose_option(s, T, card)
            run_section(s, T, keys, counters, card, sec, k)
        else:
            s[o + IP_POWER] -= 1
            if s[o + IP_POWER] <= 0:
                # the power leaves play as it resolves, so its own effect cannot see it
                remove_from_play(s, k, T)
                sec = choose_option(s, T, card)
                run_section(s, T, keys, counters, card, sec, np.int64(-1))
    if over(s):
        return
    # ---- draw phase
    pos = s[G_NEMESIS_DECK_POS]
    if pos >= s[G_NEMESIS_DECK_LEN]:
        unleash(s, T, keys, counters, np.int64(3))
        flush_pending(s, T, keys, counters)
    else:
        card = s[NEMESIS_DECK_BASE + pos]
        s[G_NEMESIS_DECK_POS] = pos + 1
        s[G_NEMESIS_TIER] = max(s[G_NEMESIS_TIER], nc(T, card, NC_TIER))
        typ = nc(T, card, NC_TYPE)
        ward = charged_mage_with(s, T, np.int64(AB_AETHEREAL_WARD))
        if ward >= 0 and typ != NTYPE_MINION:
            # Adelheim's Aethereal Ward: discard the drawn attack or power before it resolves
            s[pbase(ward) + P_CHARGES] = 0
            s[G_ABILITY_USES] += 1
            s[G_NEMESIS_DISCARD] += 1
        elif typ == NTYPE_ATTACK:
            sec = choose_option(s, T, card)
            run_section(s, T, keys, counters, card, sec, np.int64(-1))
            s[G_NEMESIS_DISCARD] += 1
        else:
            s[G_LIFE_SET] = -1
            s[G_LIFE_ADD] = 0
            s[G_SHIELD_ADD] = 0
            run_section(s, T, keys, counters, card, np.int64(NSEC_IMMEDIATELY), np.int64(-1))
            if typ == NTYPE_MINION:
                life = nc(T, card, NC_LIFE) + s[G_LIFE_ADD]
                if s[G_LIFE_SET] >= 0:
                    life = s[G_LIFE_SET]
                if life <= 0:
                    discard_nemesis_card(s, T, card)
                else:
                    place_in_play(s, card, life, np.int64(0), max(0, nc(T, card, NC_SHIELDS) + s[G_SHIELD_ADD]))
            else:
                place_in_play(s, card, np.int64(0), nc(T, card, NC_POWER), np.int64(0))
    if over(s):
        return
    # ---- Rageborne: at the end of the nemesis turn, Strike if Fury reached the threshold
    if rl(T, R_NEMESIS_KIND) == NEMESIS_KIND_RAGEBORNE and s[G_FURY] >= rl(T, R_STRIKE_THRESHOLD):
        strike(s, T, keys, counters)
        flush_pending(s, T, keys, counters)
        s[G_FURY] = max(0, s[G_FURY] - rl(T, R_STRIKE_LOSS))


# ============================================================================ corruptions (Crooked Mask)
@njit(cache=True, _nrt=False)
def gain_corruption(s, T, p, to_hand):
    """Take the top corruption onto p's deck (or into hand); an empty corruption deck hurts Gravehold."""
    n = s[G_CORRUPTIONS]
    if n == 0:
        gravehold_suffers(s, rl(T, R_CORRUPTION_EMPTY_DAMAGE))
        return
    card = s[CORRUPTION_BASE + n - 1]
    s[G_CORRUPTIONS] = n - 1
    b = pbase(p)
    if to_hand:
        push(s, b + P_HAND, b + P_HAND_N, card)
    else:
        push(s, b + P_DECK, b + P_DECK_N, card)
    s[b + P_OWNED] += 1


@njit(cache=True, _nrt=False)
def return_corruption(s, T, p, card):
    """A destroyed corruption goes to the bottom of the corruption deck. Expert (data S4/S1): it goes into
    any player's discard pile, or p loses 1 charge to put it on the bottom; team rule: pay the charge when
    p has one, else the healthiest player takes it into their discard pile."""
    if rl(T, R_CORRUPTION_DESTROYED_EXPERT) != 0:
        b = pbase(p)
        if s[b + P_CHARGES] > 0:
            s[b + P_CHARGES] -= 1
        else:
            q = pick_healthiest(s)
            if q < 0:
                q = p
            to_discard_pile(s, q, card)
            s[b + P_OWNED] -= 1
            s[pbase(q) + P_OWNED] += 1
            return
    n = s[G_CORRUPTIONS]
    if n >= CORRUPTION_CAPACITY:
        fail(s, ERR_CAPACITY)
        return
    for k in range(n, 0, -1):
        s[CORRUPTION_BASE + k] = s[CORRUPTION_BASE + k - 1]
    s[CORRUPTION_BASE] = card
    s[G_CORRUPTIONS] = n + 1
    s[pbase(p) + P_OWNED] -= 1


@njit(cache=True, _nrt=False)
def gain_from_pile(s, T, p, pile, where):
    """Gain the top card of a supply pile for free: 0 discard pile, 1 top of deck, 2 hand."""
    if pile < 0 or s[SUPPLY_COUNT_BASE + pile] == 0:
        return -1
    c = s[SUPPLY_CARD_BASE + pile]
    s[SUPPLY_COUNT_BASE + pile] -= 1
    b = pbase(p)
    if where == 0:
        to_discard_pile(s, p, c)
    elif where == 1:
        push(s, b + P_DECK, b + P_DECK_N, c)
    else:
        push(s, b + P_HAND, b + P_HAND_N, c)
    s[b + P_OWNED] += 1
    s[G_CARDS_GAINED] += 1
    count_card(s, p, c, 3)
    return c


@njit(cache=True, _nrt=False)
def discard_non_corruption(s, T, p, n):
    b = pbase(p)
    done = 0
    for _ in range(n):
        best = -1
        best_cost = 1 << 20
        for i in range(s[b + P_HAND_N]):
            c = s[b + P_HAND + i]
            if pc(T, c, PC_TYPE) != TYPE_CORRUPTION and pc(T, c, PC_COST) < best_cost:
                best = i
                best_cost = pc(T, c, PC_COST)
        if best < 0:
            break
        discard_from_hand(s, p, best)
        done += 1
    return done == n


@njit(cache=True, _nrt=False)
def run_corruption(s, T, keys, counters, p, card):
    b = pbase(p)
    for i in range(MAX_STEPS):
        code = pe(T, card, SEC_MAIN, i, 0)
        n = pe(T, card, SEC_MAIN, i, 1)
        if code == 0 or over(s):
            break
        if code == PS_SELF_SUFFER:
            player_suffers(s, p, n)
        elif code == PS_DESTROY_HAND_OPTIONAL:
            i2 = starter_gem_index(s, p, T)
            if i2 >= 0:
                remove_at(s, b + P_HAND, b + P_HAND_N, i2)
                destroy_card(s, p)
        elif code == PS_RETURN_COST0_FROM_DISCARD:
            for _ in range(n):
                for j in range(s[b + P_DISCARD_N] - 1, -1, -1):
                    c = s[b + P_DISCARD + j]
                    if pc(T, c, PC_COST) == 0 and pc(T, c, PC_TYPE) != TYPE_CORRUPTION:
                        remove_at(s, b + P_DISCARD, b + P_DISCARD_N, j)
                        push(s, b + P_HAND, b + P_HAND_N, c)
                        break
        elif code == PS_GRAVEHOLD_DAMAGE:
            gravehold_suffers(s, n)
        elif code == PS_FOCUS_CHEAPEST_CLOSED:
            focus_cheapest(s, T, p)
        elif code == PS_GAIN_SPELL_TO_DISCARD:
            gain_from_pile(s, T, p, pile_by_cost(s, T, np.int64(TYPE_SPELL), np.int64(0), np.bool_(False), np.bool_(True)), np.int64(0))
        elif code == PS_GAIN_CORRUPTIONS_ON_DECK:
            for _ in range(n):
                gain_corruption(s, T, p, np.bool_(False))
        elif code == PS_SELF_LIFE:
            gain_life(s, p, n)
        elif code == PS_DAMAGE:
            damage_target(s, T, best_target(s, T, n), n, p)
        elif code == PS_LOOK_TOP_DESTROY:
            if s[b + P_DECK_N] == 0:
                flip_discard(s, p)
            if s[b + P_DECK_N] > 0:
                top = s[b + P_DECK + s[b + P_DECK_N] - 1]
                if pc(T, top, PC_TYPE) == TYPE_CORRUPTION:
                    s[b + P_DECK_N] -= 1
                    return_corruption(s, T, p, top)
                elif pc(T, top, PC_IS_CRYSTAL) != 0:
                    s[b + P_DECK_N] -= 1
                    destroy_card(s, p)
        elif code == PS_GAIN_CHEAPEST_GEM_TO_HAND:
            gain_from_pile(s, T, p, pile_by_cost(s, T, np.int64(TYPE_GEM), np.int64(0), np.bool_(True), np.bool_(True)), np.int64(2))
        elif code == PS_CHARGE:
            s[b + P_CHARGES] = min(s[b + P_CHARGE_MAX], s[b + P_CHARGES] + n)
        elif code == PS_DISCARD_NON_CORRUPTION:
            discard_non_corruption(s, T, p, n)
        elif code == PS_RETURN_ANY_TURN_ORDER_CARD:
            for k in range(s[G_TURN_ORDER_POS]):
                c = s[TURN_ORDER_BASE + k]
                if c != TO_NEMESIS:
                    return_turn_order_card(s, keys, counters, c)
                    break
        elif code == PS_GAIN_RELIC_ON_DECK_SUFFER_HALF:
            c = gain_from_pile(s, T, p, pile_by_cost(s, T, np.int64(TYPE_RELIC), np.int64(0), np.bool_(True), np.bool_(True)), np.int64(1))
            if c >= 0:
                player_suffers(s, p, (pc(T, c, PC_COST) + 1) // 2)


@njit(cache=True, _nrt=False)
def resolve_corruptions(s, T, keys, counters, p):
    """Corruptions in hand resolve one by one; each then goes to the bottom of the corruption deck."""
    b = pbase(p)
    for _ in range(64):
        if over(s):
            return
        found = -1
        for i in range(s[b + P_HAND_N]):
            if pc(T, s[b + P_HAND + i], PC_TYPE) == TYPE_CORRUPTION:
                found = i
                break
        if found < 0:
            return
        card = remove_at(s, b + P_HAND, b + P_HAND_N, found)
        run_corruption(s, T, keys, counters, p, card)
        return_corruption(s, T, p, card)
        flush_pending(s, T, keys, counters)


@njit(cache=True, _nrt=False)
def crystals_in_hand(s, T, p):
    b = pbase(p)
    n = 0
    for i in range(s[b + P_HAND_N]):
        if pc(T, s[b + P_HAND + i], PC_IS_CRYSTAL) != 0:
            n += 1
    return n


# ============================================================================ setup
@njit(cache=True, _nrt=True)
def reset(s, T, keys, counters):
    count_cards = s[G_COUNT_CARDS]
    s[:] = 0
    s[G_COUNT_CARDS] = count_cards
    players = su(T, SU_PLAYERS)
    s[G_PLAYERS] = players
    s[G_GRAVEHOLD] = rl(T, R_GRAVEHOLD_LIFE)
    s[G_GRAVEHOLD_MAX] = rl(T, R_GRAVEHOLD_LIFE)
    s[G_PLAYER_MAX] = rl(T, R_PLAYER_LIFE)
    s[G_NEMESIS_LIFE] = rl(T, R_NEMESIS_LIFE)
    s[G_NEMESIS_MAX_LIFE] = rl(T, R_NEMESIS_LIFE)
    s[G_LAST_DISCARDED_MINION] = -1
    s[G_LIFE_SET] = -1
    s[G_CURRENT_CARD] = -1
    s[G_CURRENT_SLOT] = -1
    s[G_TOKEN_12] = -1
    s[G_TOKEN_34] = -1
    s[G_TURN_KIND] = -1
    # players: mats, breaches, starting hand and deck in printed order (leftmost deck card on top)
    for p in range(players):
        b = pbase(p)
        m = su(T, SU_MAGES + p)
        s[b + P_MAGE] = m
        s[b + P_LIFE] = rl(T, R_PLAYER_LIFE)
        s[b + P_CHARGE_MAX] = mg(T, m, MG_CHARGES)
        for k in range(4):
            s[b + P_BREACH + k] = mg(T, m, MG_BREACH + k)
        for k in range(8):
            s[b + P_PREP + k] = -1
        for i in range(5):
            s[b + P_HAND + i] = mc(T, m, i)
            count_card(s, p, mc(T, m, i), 2)
        s[b + P_HAND_N] = 5
        for i in range(5):
            s[b + P_DECK + i] = mc(T, m, 9 - i)
        s[b + P_DECK_N] = 5
        s[b + P_OWNED] = 10
    # turn-order deck: four player cards and two nemesis cards
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
    # nemesis deck: per tier, the nemesis's three cards plus random basic cards, shuffled; T1 on top
    pos = 0
    for tier in range(2, -1, -1):
        start = pos
        for i in range(9):
            c = su(T, SU_OWN + i)
            if c >= 0 and nc(T, c, NC_TIER) == tier + 1:
                s[NEMESIS_DECK_BASE + pos] = c
                pos += 1
        want = rl(T, R_BASIC_BY_TIER + tier)
        pool_n = su(T, SU_BASIC_N + tier)
        pool = np.empty(SU_BASIC_CAP, np.int64)
        for i in range(pool_n):
            pool[i] = su(T, SU_BASIC + tier * SU_BASIC_CAP + i)
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
    # supply
    total = 0
    for k in range(SUPPLY_PILES):
        c = su(T, SU_SUPPLY + k)
        s[SUPPLY_CARD_BASE + k] = c
        n = 7 if pc(T, c, PC_TYPE) == TYPE_GEM else 5
        s[SUPPLY_COUNT_BASE + k] = n
        total += n
    s[G_INITIAL_SUPPLY] = total
    # nemesis mat setup
    kind = rl(T, R_NEMESIS_KIND)
    if kind == NEMESIS_KIND_RAGEBORNE:
        s[G_FURY] = rl(T, R_START_FURY)
    elif kind == NEMESIS_KIND_CARAPACE_QUEEN:
        s[G_HUSKS] = rl(T, R_START_HUSKS)
    elif kind == NEMESIS_KIND_PRINCE:
        if rl(T, R_SETUP_DEVOUR_GEMS) > 0:
            # one gem from each gem pile, most expensive first
            for r in range(SUPPLY_PILES):
                pile = pile_by_cost(s, T, np.int64(TYPE_GEM), r, np.bool_(False), np.bool_(False))
                if pile < 0:
                    break
                devour_from(s, pile, rl(T, R_SETUP_DEVOUR_GEMS))
        # expert: one more card per step (S4 setup), team rule: from the fullest pile, ties to the cheapest,
        # so that no pile empties at setup (empty piles feed Digest, Memory Eater, Vile Feast and the loss)
        for _ in range(rl(T, R_SETUP_DEVOUR_EXTRA)):
            pile = -1
            for k in range(SUPPLY_PILES):
                n = s[SUPPLY_COUNT_BASE + k]
                if n == 0:
                    continue
                if pile < 0 or n > s[SUPPLY_COUNT_BASE + pile] or n == s[SUPPLY_COUNT_BASE + pile] and \
                        pc(T, s[SUPPLY_CARD_BASE + k], PC_COST) < pc(T, s[SUPPLY_CARD_BASE + pile], PC_COST):
                    pile = k
            if pile < 0:
                break
            devour_from(s, pile, np.int64(1))
    elif kind == NEMESIS_KIND_CROOKED_MASK:
        m = su(T, SU_CORRUPTION_N)
        for i in range(m):
            s[CORRUPTION_BASE + i] = su(T, SU_CORRUPTION + i)
        shuffle(s, CORRUPTION_BASE, CORRUPTION_BASE + m, keys, counters, 2)
        s[G_CORRUPTIONS] = m
        s[G_CORRUPTION_TOTAL] = m
    s[G_PHASE] = PHASE_CASTING
    s[G_ACTIVE] = -1


# ============================================================================ player turn
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
def spell_damage(s, T, owner, b_index, card, extra):
    """Damage of a Cast effect: its damage steps plus breach and card bonuses (one source)."""
    total = extra
    ob = pbase(owner)
    for i in range(MAX_STEPS):
        code = pe(T, card, SEC_MAIN, i, 0)
        n = pe(T, card, SEC_MAIN, i, 1)
        if code == 0:
            break
        if code == PS_DAMAGE:
            total += n
        elif code == PS_DAMAGE_PER_OPEN_BREACH:
            total += n * opened_count(s, owner)
        elif code == PS_DAMAGE_PER_ADJACENT_PREPPED:
            for adj in (b_index - 1, b_index + 1):
                if 0 <= adj < 4:
                    for slot in range(2):
                        if s[ob + P_PREP + 2 * adj + slot] >= 0:
                            total += n
        elif code == PS_DAMAGE_IF_ALL_OPEN:
            ok = True
            for k in range(4):
                if s[ob + P_BREACH + k] >= 0 and s[ob + P_BREACH + k] < 4:
                    ok = False
            if ok:
                total += n
    if b_index >= 0 and s[ob + P_BREACH + b_index] == 4:
        total += rl(T, R_BONUS_DAMAGE + b_index)
    return total


@njit(cache=True, _nrt=False)
def cast_spell(s, T, keys, counters, caster, owner, k, target, extra, discard):
    """Rulebook, casting: 'Discard it to the top of your discard pile immediately, then resolve'."""
    ob = pbase(owner)
    cb = pbase(caster)
    card = s[ob + P_PREP + k]
    b_index = k // 2
    count_card(s, caster, card, 1)
    if discard:
        s[ob + P_PREP + k] = -1
        s[ob + P_PREPPED_NOW + k] = 0
        to_discard_pile(s, owner, card)
    dmg = extra
    for i in range(MAX_STEPS):
        code = pe(T, card, SEC_MAIN, i, 0)
        n = pe(T, card, SEC_MAIN, i, 1)
        if code == 0:
            break
        if code == PS_AETHER:
            s[G_AETHER] += n
        elif code == PS_CHARGE:
            s[cb + P_CHARGES] = min(s[cb + P_CHARGE_MAX], s[cb + P_CHARGES] + n)
        elif code == PS_ALLY_CHARGE:
            give_ally_charge(s, caster, n)
        elif code == PS_FOCUS_CHEAPEST_CLOSED:
            focus_cheapest(s, T, caster)
        elif code == PS_FLARE_DAMAGE:
            dmg += n if peek_turn_order_is_player(s, keys, counters) else 1
        elif code == PS_LOSE_CHARGE_FOR_DAMAGE:
            if s[cb + P_CHARGES] > 0 and s[cb + P_CHARGES] < s[cb + P_CHARGE_MAX]:
                s[cb + P_CHARGES] -= 1
                dmg += n
        elif code == PS_DESTROY_HAND_OPTIONAL:
            for _ in range(n):
                i2 = starter_gem_index(s, caster, T)
                if i2 >= 0:
                    remove_at(s, cb + P_HAND, cb + P_HAND_N, i2)
                    destroy_card(s, caster)
        elif code == PS_DISCARD_HAND_FOR_DAMAGE:
            for _ in range(2):
                if s[cb + P_HAND_N] == 0:
                    break
                discard_from_hand(s, caster, cheapest_hand_index(s, caster, T, np.int64(0)))
                dmg += n
        elif code == PS_DESTROY_HAND_FOR_DAMAGE:
            for _ in range(2):
                i2 = cheapest_hand_index(s, caster, T, np.int64(0))
                if i2 < 0 or pc(T, s[cb + P_HAND + i2], PC_COST) > 0:
                    break
                c2 = remove_at(s, cb + P_HAND, cb + P_HAND_N, i2)
                destroy_owned(s, T, caster, c2)
                dmg += n
        elif code == PS_DISCARD_GEM_FOR_DAMAGE:
            # team rule: discard the costliest gem in hand when it costs at least n
            best_i = -1
            for i2 in range(s[cb + P_HAND_N]):
                c2 = s[cb + P_HAND + i2]
                if pc(T, c2, PC_TYPE) == TYPE_GEM and pc(T, c2, PC_COST) >= n and \
                        (best_i < 0 or pc(T, c2, PC_COST) > pc(T, s[cb + P_HAND + best_i], PC_COST)):
                    best_i = i2
            if best_i >= 0:
                dmg += pc(T, s[cb + P_HAND + best_i], PC_COST)
                discard_from_hand(s, caster, best_i)
        elif code == PS_DISCARD_FOR_ANY_LIFE:
            q = pick_lowest(s)
            if s[pbase(q) + P_LIFE] <= 5 and s[cb + P_HAND_N] > 0:
                discard_from_hand(s, caster, cheapest_hand_index(s, caster, T, np.int64(0)))
                gain_life(s, q, n)
    dmg += spell_damage(s, T, owner, b_index, card, np.int64(0))
    if not target_valid(s, T, target):
        target = 0
    damage_target(s, T, target, dmg, caster)


@njit(cache=True, _nrt=False)
def starter_gem_index(s, p, T):
    """Team rule for optional destroys: a cost-0 gem (a Crystal) in hand, if any."""
    b = pbase(p)
    for i in range(s[b + P_HAND_N]):
        c = s[b + P_HAND + i]
        if pc(T, c, PC_COST) == 0 and pc(T, c, PC_TYPE) == TYPE_GEM:
            return i
    return -1


@njit(cache=True, _nrt=False)
def give_ally_charge(s, p, n):
    """Any ally gains n charges (solo: yourself): the ally furthest from a full ability."""
    best = -1
    best_missing = 0
    for q in range(s[G_PLAYERS]):
        if q == p and s[G_PLAYERS] > 1:
            continue
        b = pbase(q)
        missing = s[b + P_CHARGE_MAX] - s[b + P_CHARGES]
        if missing > best_missing:
            best = q
            best_missing = missing
    if best >= 0:
        b = pbase(best)
        s[b + P_CHARGES] = min(s[b + P_CHARGE_MAX], s[b + P_CHARGES] + n)


@njit(cache=True, _nrt=False, forceinline=True)
def pick_ally(s, p):
    if s[G_PLAYERS] == 1:
        return p
    best = (p + 1) % s[G_PLAYERS]
    for q in range(s[G_PLAYERS]):
        if q != p and s[pbase(q) + P_HAND_N] < s[pbase(best) + P_HAND_N]:
            best = q
    return best


@njit(cache=True, _nrt=False)
def focus_breach(s, p, k):
    b = pbase(p)
    st = s[b + P_BREACH + k]
    if st < 0 or st >= 4:
        return
    s[b + P_BREACH + k] = st + 1
    s[b + P_FOCUSED + k] = 1


@njit(cache=True, _nrt=False)
def focus_cheapest(s, T, p):
    b = pbase(p)
    best = -1
    best_cost = 1 << 20
    for k in range(4):
        st = s[b + P_BREACH + k]
        if 0 <= st < 4 and rl(T, R_FOCUS_COST + k) < best_cost:
            best = k
            best_cost = rl(T, R_FOCUS_COST + k)
    if best >= 0:
        focus_breach(s, p, best)


@njit(cache=True, _nrt=False)
def best_prepped_anywhere(s, T):
    """(player, slot) of the costliest prepped spell of any player, or (-1, -1)."""
    bp = -1
    bk = -1
    bc = -1
    for q in range(s[G_PLAYERS]):
        k = most_expensive_prepped(s, q, T, np.int64(0))
        if k >= 0:
            c = pc(T, s[pbase(q) + P_PREP + k], PC_COST)
            if c > bc:
                bc = c
                bp = q
                bk = k
    return bp, bk


@njit(cache=True, _nrt=False)
def play_card(s, T, keys, counters, p, hand_index, option):
    b = pbase(p)
    card = remove_at(s, b + P_HAND, b + P_HAND_N, hand_index)
    push(s, b + P_PLAYED, b + P_PLAYED_N, card)
    count_card(s, p, card, 1)
    sec = SEC_OR if option == 1 else SEC_MAIN
    copy_bit = 1 << min(card, 30)
    seen_before = (s[G_COPIES_PLAYED] & copy_bit) != 0
    s[G_COPIES_PLAYED] |= copy_bit
    for i in range(MAX_STEPS):
        code = pe(T, card, sec, i, 0)
        n = pe(T, card, sec, i, 1)
        if code == 0 or over(s):
            break
        if code == PS_AETHER:
            s[G_AETHER] += n
        elif code == PS_AETHER_GEM_ONLY:
            s[G_AETHER_GEM] += n
        elif code == PS_AETHER_SPELL_ONLY:
            s[G_AETHER_SPELL] += n
        elif code == PS_DAMAGE:
            damage_target(s, T, best_target(s, T, n), n, p)
        elif code == PS_CHARGE:
            s[b + P_CHARGES] = min(s[b + P_CHARGE_MAX], s[b + P_CHARGES] + n)
        elif code == PS_ALLY_CHARGE:
            give_ally_charge(s, p, n)
        elif code == PS_ANY_LIFE:
            gain_life(s, pick_lowest(s), n)
        elif code == PS_ALLY_DRAW_THEN_DISCARD:
            q = pick_ally(s, p)
            draw_cards(s, q, n)
            for _ in range(n):
                if s[pbase(q) + P_HAND_N] > 0:
                    discard_from_hand(s, q, cheapest_hand_index(s, q, T, np.int64(0)))
        elif code == PS_REVEAL_TURN_ORDER_AETHER:
            ensure_turn_order(s, keys, counters)
            pos = s[G_TURN_ORDER_POS]
            top = s[TURN_ORDER_BASE + pos]
            if top != TO_NEMESIS:
                s[G_AETHER] += n
            elif pos < TURN_ORDER_SIZE - 1:
                # a nemesis card goes to the bottom of the turn-order deck
                for j in range(pos, TURN_ORDER_SIZE - 1):
                    s[TURN_ORDER_BASE + j] = s[TURN_ORDER_BASE + j + 1]
                s[TURN_ORDER_BASE + TURN_ORDER_SIZE - 1] = top
        elif code == PS_CAST_ANY_PREPPED:
            q, k = best_prepped_anywhere(s, T)
            if q >= 0:
                c = s[pbase(q) + P_PREP + k]
                cast_spell(s, T, keys, counters, p, q, k,
                           best_target(s, T, pc(T, c, PC_DAMAGE_VALUE)), np.int64(0), np.bool_(True))
        elif code == PS_ALLY_SUFFER_TO_DESTROY:
            if s[G_PLAYERS] > 1:
                for q in range(s[G_PLAYERS]):
                    qb = pbase(q)
                    if q != p and s[qb + P_EXHAUSTED] == 0 and s[qb + P_LIFE] >= 6:
                        i2 = starter_gem_index(s, q, T)
                        if i2 >= 0:
                            player_suffers(s, q, n)
                            remove_at(s, qb + P_HAND, qb + P_HAND_N, i2)
                            destroy_card(s, q)
                            break
        elif code == PS_EVERY_PLAYER_SIFT:
            for q in range(s[G_PLAYERS]):
                qb = pbase(q)
                if s[qb + P_DECK_N] == 0:
                    flip_discard(s, q)
                if s[qb + P_DECK_N] > 0:
                    top = s[qb + P_DECK + s[qb + P_DECK_N] - 1]
                    if pc(T, top, PC_COST) == 0:
                        s[qb + P_DECK_N] -= 1
                        to_discard_pile(s, q, top)
        elif code == PS_AETHER_IF_SECOND_COPY:
            if seen_before:
                s[G_AETHER] += n
        elif code == PS_ALLY_CHARGE_IF_FIRST_COPY:
            if not seen_before:
                give_ally_charge(s, p, n)
        elif code == PS_DISCARD_FOR_ALLY_DRAW:
            if s[G_PLAYERS] > 1:
                i2 = starter_gem_index(s, p, T)
                if i2 >= 0:
                    discard_from_hand(s, p, i2)
                    draw_cards(s, pick_ally(s, p), n)
        elif code == PS_BREACH_DISCOUNT:
            s[G_BREACH_DISCOUNT] += n
        elif code == PS_DESTROY_SELF:
            s[b + P_PLAYED_N] -= 1
            destroy_card(s, p)
        elif code == PS_DESTROY_HAND_OR_DISCARD:
            for _ in range(n):
                i2 = starter_gem_index(s, p, T)
                if i2 >= 0:
                    remove_at(s, b + P_HAND, b + P_HAND_N, i2)
                    destroy_card(s, p)
        elif code == PS_DRAW:
            draw_cards(s, p, n)
        elif code == PS_PLAY_GEM_TWICE_DESTROY:
            # the team picks the gem giving the most aether
            best = -1
            best_v = -1
            for i2 in range(s[b + P_HAND_N]):
                c = s[b + P_HAND + i2]
                if pc(T, c, PC_TYPE) == TYPE_GEM and pc(T, c, PC_AETHER_VALUE) > best_v:
                    best = i2
                    best_v = pc(T, c, PC_AETHER_VALUE)
            if best >= 0:
                remove_at(s, b + P_HAND, b + P_HAND_N, best)
                s[G_AETHER] += 2 * best_v
                destroy_card(s, p)
        elif code == PS_CAST_PREPPED_THIS_TURN:
            best = np.int64(-1)
            best_v = -1
            for k in range(8):
                c = s[b + P_PREP + k]
                if c >= 0 and s[b + P_PREPPED_NOW + k] != 0 and pc(T, c, PC_DAMAGE_VALUE) > best_v:
                    best = k
                    best_v = pc(T, c, PC_DAMAGE_VALUE)
            if best >= 0:
                cast_spell(s, T, keys, counters, p, p, best,
                           best_target(s, T, best_v + n), n, np.bool_(True))
        elif code == PS_FOCUS_ANY_BREACH:
            focus_cheapest(s, T, p)
        elif code == PS_GRAVEHOLD_LIFE:
            s[G_GRAVEHOLD] = min(s[G_GRAVEHOLD_MAX], s[G_GRAVEHOLD] + n)
    return card


@njit(cache=True, _nrt=False, forceinline=True)
def play_option_feasible(s, T, p, card, option):
    """An 'OR' option is available unless it cannot be resolved at all."""
    sec = SEC_OR if option == 1 else SEC_MAIN
    b = pbase(p)
    for i in range(MAX_STEPS):
        code = pe(T, card, sec, i, 0)
        if code == 0:
            break
        if code == PS_PLAY_GEM_TWICE_DESTROY:
            ok = False
            for i2 in range(s[b + P_HAND_N]):
                if pc(T, s[b + P_HAND + i2], PC_TYPE) == TYPE_GEM:
                    ok = True
            if not ok:
                return False
        elif code == PS_CAST_ANY_PREPPED:
            q, k = best_prepped_anywhere(s, T)
            if q < 0:
                return False
    return True


@njit(cache=True, _nrt=False, forceinline=True)
def plain_gem_index(s, T, p):
    """Last hand index of a gem without an OR choice, or -1."""
    b = pbase(p)
    for i in range(s[b + P_HAND_N] - 1, -1, -1):
        c = s[b + P_HAND + i]
        if pc(T, c, PC_TYPE) == TYPE_GEM and pc(T, c, PC_HAS_OR) == 0:
            return i
    return -1


@njit(cache=True, _nrt=False)
def spend(s, T, amount, card_type):
    """Pay aether; restricted aether first when gaining a card of its type."""
    if card_type == TYPE_GEM:
        use = min(amount, s[G_AETHER_GEM])
        s[G_AETHER_GEM] -= use
        amount -= use
    elif card_type == TYPE_SPELL:
        use = min(amount, s[G_AETHER_SPELL])
        s[G_AETHER_SPELL] -= use
        amount -= use
    s[G_AETHER] -= amount


@njit(cache=True, _nrt=False, forceinline=True)
def available_aether(s, card_type):
    a = s[G_AETHER]
    if card_type == TYPE_GEM:
        a += s[G_AETHER_GEM]
    elif card_type == TYPE_SPELL:
        a += s[G_AETHER_SPELL]
    return a


@njit(cache=True, _nrt=False, forceinline=True)
def breach_cost(s, T, p, k, opening):
    st = s[pbase(p) + P_BREACH + k]
    if opening:
        c = rl(T, R_OPEN_COST + 4 * k + st)
    else:
        c = rl(T, R_FOCUS_COST + k)
    return max(0, c - s[G_BREACH_DISCOUNT])


@njit(cache=True, _nrt=False, forceinline=True)
def can_prep(s, T, p, card, k):
    b = pbase(p)
    st = s[b + P_BREACH + k]
    if st < 0:
        return -1
    if not (st == 4 or s[b + P_FOCUSED + k] != 0 or pc(T, card, PC_PREP_TO_CLOSED) != 0):
        return -1
    if s[b + P_PREP + 2 * k] < 0:
        return 0
    if s[G_DOUBLE_PREP] != 0 and st == 4 and s[b + P_PREP + 2 * k + 1] < 0:
        return 1
    return -1


@njit(cache=True, _nrt=False, forceinline=True)
def to_discard_feasible(s, T, p, card):
    code = nc(T, card, NC_TD_CODE)
    n = nc(T, card, NC_TD_AMOUNT)
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
            if c >= 0 and pc(T, c, PC_COST) >= n:
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
    code = nc(T, card, NC_TD_CODE)
    n = nc(T, card, NC_TD_AMOUNT)
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


@njit(cache=True, _nrt=False, forceinline=True)
def while_prepped_feasible(s, T, p, k):
    b = pbase(p)
    card = s[b + P_PREP + k]
    if card < 0 or pc(T, card, PC_HAS_WHILE_PREPPED) == 0:
        return False
    if (s[G_WHILE_PREPPED_USED] >> k) & 1:
        return False
    code = pe(T, card, SEC_WHILE_PREPPED, 0, 0)
    n = pe(T, card, SEC_WHILE_PREPPED, 0, 1)
    if code == PS_PAY_TO_CAST_ANY_PREPPED:
        if s[G_AETHER] < n:
            return False
        for q in range(s[G_PLAYERS]):
            for j in range(8):
                if (q != p or j != k) and s[pbase(q) + P_PREP + j] >= 0:
                    return True
        return False
    if code == PS_RETURN_PLAYED_GEM:
        for i in range(s[b + P_PLAYED_N]):
            if pc(T, s[b + P_PLAYED + i], PC_TYPE) == TYPE_GEM:
                return True
        return False
    return True


@njit(cache=True, _nrt=False, forceinline=True)
def ability_feasible(s, T, p):
    b = pbase(p)
    if s[b + P_CHARGES] < s[b + P_CHARGE_MAX]:
        return False
    ab = mg(T, s[b + P_MAGE], MG_ABILITY)
    if ab == AB_ANY_PLAYER_LIFE_4 or ab == AB_ALLY_DRAWS_4 or ab == AB_METAPHYSICAL_LINK \
            or ab == AB_OTHERWORLDLY_GATE:
        return True
    if ab == AB_BLACK_MIRROR:
        q, k = best_prepped_anywhere(s, T)
        return q >= 0
    if ab == AB_QUICKEN_THOUGHT:
        for k in range(s[G_TURN_ORDER_POS]):
            if s[TURN_ORDER_BASE + k] != TO_NEMESIS:
                return True
        return False
    return False  # Aethereal Ward and Auspex Rune fire on the nemesis side


@njit(cache=True, _nrt=False)
def use_ability(s, T, keys, counters, p, arg):
    b = pbase(p)
    ab = mg(T, s[b + P_MAGE], MG_ABILITY)
    s[b + P_CHARGES] = 0
    s[G_ABILITY_USES] += 1
    if ab == AB_ANY_PLAYER_LIFE_4:
        gain_life(s, arg, np.int64(4))
    elif ab == AB_ALLY_DRAWS_4:
        draw_cards(s, arg if s[G_PLAYERS] > 1 else p, np.int64(4))
    elif ab == AB_BLACK_MIRROR:
        q, k = best_prepped_anywhere(s, T)
        c = s[pbase(q) + P_PREP + k]
        t = best_target(s, T, pc(T, c, PC_DAMAGE_VALUE))
        cast_spell(s, T, keys, counters, p, q, k, t, np.int64(0), np.bool_(False))
        if not over(s):
            t = best_target(s, T, pc(T, c, PC_DAMAGE_VALUE))
            cast_spell(s, T, keys, counters, p, q, k, t, np.int64(0), np.bool_(True))
    elif ab == AB_OTHERWORLDLY_GATE:
        # data: "that player" (whose main phase it is) returns up to 3 spells and preps two per opened breach
        b = pbase(s[G_ACTIVE])
        for _ in range(3):
            best = -1
            best_cost = -1
            for i in range(s[b + P_DISCARD_N]):
                c = s[b + P_DISCARD + i]
                if pc(T, c, PC_TYPE) == TYPE_SPELL and pc(T, c, PC_COST) > best_cost:
                    best = i
                    best_cost = pc(T, c, PC_COST)
            if best < 0:
                break
            c = remove_at(s, b + P_DISCARD, b + P_DISCARD_N, best)
            push(s, b + P_HAND, b + P_HAND_N, c)
        s[G_DOUBLE_PREP] = 1
    elif ab == AB_QUICKEN_THOUGHT:
        code = arg
        if s[G_PLAYERS] == 4:
            code = TO_12 if arg < 2 else TO_34
        elif s[G_PLAYERS] == 1:
            code = 0
        if not return_turn_order_card(s, keys, counters, code):
            for k in range(s[G_TURN_ORDER_POS]):
                c = s[TURN_ORDER_BASE + k]
                if c != TO_NEMESIS:
                    return_turn_order_card(s, keys, counters, c)
                    break
        player_suffers(s, arg, np.int64(1))
    elif ab == AB_METAPHYSICAL_LINK:
        for _ in range(4):
            give_ally_charge(s, p, np.int64(1))
        # reorder the turn-order deck: player cards first
        pos = s[G_TURN_ORDER_POS]
        if pos >= TURN_ORDER_SIZE:
            ensure_turn_order(s, keys, counters)
            pos = s[G_TURN_ORDER_POS]
        w = pos
        for j in range(pos, TURN_ORDER_SIZE):
            if s[TURN_ORDER_BASE + j] != TO_NEMESIS:
                t = s[TURN_ORDER_BASE + w]
                s[TURN_ORDER_BASE + w] = s[TURN_ORDER_BASE + j]
                s[TURN_ORDER_BASE + j] = t
                w += 1


@njit(cache=True, _nrt=False)
def end_casting(s, T, keys, counters, p):
    b = pbase(p)
    for k in range(8):
        c = s[b + P_PREP + k]
        if c >= 0 and pc(T, c, PC_HAS_END_OF_CASTING) != 0:
            n = pe(T, c, SEC_END_OF_CASTING, 0, 1)
            damage_target(s, T, best_target(s, T, n), n, p)
    s[G_PHASE] = PHASE_MAIN


@njit(cache=True, _nrt=False)
def draw_phase(s, T, p):
    """Played cards go to the discard pile (in the order played), then draw up to five."""
    b = pbase(p)
    for i in range(s[b + P_PLAYED_N]):
        to_discard_pile(s, p, s[b + P_PLAYED + i])
    s[b + P_PLAYED_N] = 0
    need = rl(T, R_HAND_SIZE) - s[b + P_HAND_N]
    if need > 0:
        draw_cards(s, p, need)
    s[b + P_AETHER_TOKENS] = 0


# ============================================================================ legal actions and step
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
        typ = pc(T, c, PC_TYPE)
        if typ == TYPE_SPELL:
            for k in range(4):
                if can_prep(s, T, p, c, k) >= 0:
                    out[n] = A_PREP * 256 + i * 4 + k
                    n += 1
        elif typ != TYPE_CORRUPTION:
            if play_option_feasible(s, T, p, c, 0):
                out[n] = A_PLAY * 256 + i * 2
                n += 1
            if pc(T, c, PC_HAS_OR) != 0 and play_option_feasible(s, T, p, c, 1):
                out[n] = A_PLAY * 256 + i * 2 + 1
                n += 1
    if plain_gem_index(s, T, p) >= 0:
        out[n] = A_PLAY_GEMS * 256
        n += 1
    for k in range(SUPPLY_PILES):
        if s[SUPPLY_COUNT_BASE + k] > 0:
            c = s[SUPPLY_CARD_BASE + k]
            if available_aether(s, pc(T, c, PC_TYPE)) >= pc(T, c, PC_COST):
                out[n] = A_GAIN * 256 + k
                n += 1
    if s[G_DEVOURED] > 0:
        c = s[DEVOURED_BASE + s[G_DEVOURED] - 1]
        if available_aether(s, pc(T, c, PC_TYPE)) >= pc(T, c, PC_COST):
            out[n] = A_GAIN * 256 + 9
            n += 1
    if s[G_AETHER] >= rl(T, R_CHARGE_COST) and s[b + P_CHARGES] < s[b + P_CHARGE_MAX]:
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
        if a != p and mg(T, s[pbase(a) + P_MAGE], MG_ANY_MAIN) != 0 and ability_feasible(s, T, a):
            for q in range(s[G_PLAYERS]):
                out[n] = A_ALLY_ABILITY * 256 + a * 4 + q
                n += 1
    for k in range(s[G_IN_PLAY]):
        c = s[slot_base(k) + IP_CARD]
        if nc(T, c, NC_TYPE) == NTYPE_POWER and nc(T, c, NC_TD_CODE) != 0 \
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


@njit(cache=True, _nrt=False)
def gain_card(s, T, p, pile):
    b = pbase(p)
    if pile == 9:
        c = s[DEVOURED_BASE + s[G_DEVOURED] - 1]
        s[G_DEVOURED] -= 1
    else:
        c = s[SUPPLY_CARD_BASE + pile]
        s[SUPPLY_COUNT_BASE + pile] -= 1
    spend(s, T, pc(T, c, PC_COST), pc(T, c, PC_TYPE))
    if pc(T, c, PC_TOP_ON_GAIN) != 0:
        push(s, b + P_DECK, b + P_DECK_N, c)
    else:
        to_discard_pile(s, p, c)
    s[b + P_OWNED] += 1
    s[G_CARDS_GAINED] += 1
    count_card(s, p, c, 3)
    return c


@njit(cache=True, _nrt=False, forceinline=True)
def check_end_of_turn(s):
    if over(s):
        return
    if s[G_NEMESIS_DECK_POS] >= s[G_NEMESIS_DECK_LEN] and s[G_IN_PLAY] == 0 and s[G_HUSKS] == 0:
        end_game(s, True, END_NEMESIS_DECK_EXHAUSTED)


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
            if s[G_ROUNDS] >= rl(T, R_ROUND_CAP):
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
        s[G_AETHER] -= rl(T, R_CHARGE_COST)
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
        code = pe(T, c, SEC_WHILE_PREPPED, 0, 0)
        n = pe(T, c, SEC_WHILE_PREPPED, 0, 1)
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
                    if (q != p or j != arg) and cj >= 0 and pc(T, cj, PC_COST) > bc:
                        bq = q
                        bk = j
                        bc = pc(T, cj, PC_COST)
            cq = s[pbase(bq) + P_PREP + bk]
            cast_spell(s, T, keys, counters, p, bq, bk,
                       best_target(s, T, pc(T, cq, PC_DAMAGE_VALUE)), np.int64(0), np.bool_(True))
        elif code == PS_RETURN_PLAYED_GEM:
            best = -1
            best_v = -1
            for i in range(s[b + P_PLAYED_N]):
                cg = s[b + P_PLAYED + i]
                if pc(T, cg, PC_TYPE) == TYPE_GEM and pc(T, cg, PC_AETHER_VALUE) > best_v:
                    best = i
                    best_v = pc(T, cg, PC_AETHER_VALUE)
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


# ============================================================================ invariants
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
    if s[G_HUSKS] < 0 or s[G_HUSKS] > rl(T, R_HUSK_CAP):
        return 13
    if s[G_CORRUPTION_TOTAL] > 0:
        held = 0
        for p in range(s[G_PLAYERS]):
            b = pbase(p)
            for base, cnt in ((P_HAND, P_HAND_N), (P_DECK, P_DECK_N), (P_DISCARD, P_DISCARD_N),
                              (P_PLAYED, P_PLAYED_N)):
                for i in range(s[b + cnt]):
                    if pc(T, s[b + base + i], PC_TYPE) == TYPE_CORRUPTION:
                        held += 1
        if held + s[G_CORRUPTIONS] != s[G_CORRUPTION_TOTAL]:
            return 15
    if s[G_FIRE] < 0 or s[G_FIRE] >= rl(T, R_FIRE_LOSS) and s[G_STATUS] == 0:
        return 14
    return 0
