"""The search bots' cut-off evaluation: the team's chance to win, read from a position (issue 45).

A search that plays only a round or two ahead must score the position where it stops. The hand-written
score (policy.playout_value: nemesis damage and life) sees nothing of what wins the later game: the aether
and damage a deck holds, the breaches opened, the powers about to resolve, the nemesis deck running out. So
the position is scored by a logistic model, P(win) = 1 / (1 + exp(-w . features)), whose weights are fitted
(not hand-tuned) to games the base plan played: `python -m sim.games.aeons_end.evaluation fit` plays them,
fits one weight vector per nemesis kind by penalised maximum likelihood (scipy) and writes
decks/aeons_end/evaluations/<name>.yaml. A search bot names the file (`evaluation:` in its policy file);
its weights travel in the bot's parameter vector (so they are part of its policy hash).

Every feature is something the deciding mage may see or knows: life totals, the face-up nemesis cards,
the contents (not the order) of every player's cards, the supply, the nemesis deck's count.
"""

from __future__ import annotations

import math

from numba import njit

from sim.games.aeons_end.layout import (
    G_FURY,
    G_GRAVEHOLD,
    G_GRAVEHOLD_MAX,
    G_HUSKS,
    G_IN_PLAY,
    G_INITIAL_SUPPLY,
    G_NEMESIS_DECK_LEN,
    G_NEMESIS_DECK_POS,
    G_NEMESIS_LIFE,
    G_NEMESIS_MAX_LIFE,
    G_PLAYER_MAX,
    G_PLAYERS,
    G_ROUNDS,
    G_STATUS,
    IP_CARD,
    IP_LIFE,
    IP_POWER,
    NC_TYPE,
    NTYPE_MINION,
    NTYPE_POWER,
    P_BREACH,
    P_CHARGE_MAX,
    P_CHARGES,
    P_DECK,
    P_DECK_N,
    P_DISCARD,
    P_DISCARD_N,
    P_EXHAUSTED,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_PLAYED,
    P_PLAYED_N,
    P_PREP,
    PC_AETHER_VALUE,
    PC_DAMAGE_VALUE,
    PC_TYPE,
    R_NEMESIS_KIND,
    SUPPLY_COUNT_BASE,
    SUPPLY_PILES,
    TYPE_CORRUPTION,
    TYPE_SPELL,
)
from sim.games.aeons_end.rules.minions_powers import slot_base
from sim.games.aeons_end.rules.piles import pbase
from sim.games.aeons_end.tables import nemesis_card, player_card, rule

# the features, in the order of a weight vector (FEATURES[0] is the intercept)
FEATURES = (
    "bias", "nemesis_life", "gravehold_life", "player_life", "lowest_player_life", "exhausted",
    "nemesis_deck_left", "aether_per_card", "damage_per_card", "cards_per_player", "opened_breaches",
    "charges", "minion_life", "powers_due", "fury", "husks", "corruptions_held", "supply_left", "rounds", "players",
)
FEATURE_COUNT = len(FEATURES)
# weight vectors by nemesis kind (layout.NEMESIS_KIND_*: a nemesis without rules of its own is generic)
NEMESIS_KINDS = ("generic", "rageborne", "carapace_queen", "prince_of_gluttons", "crooked_mask")
WEIGHT_COUNT = FEATURE_COUNT * len(NEMESIS_KINDS)
WORK_SIZE = FEATURE_COUNT + 4


@njit(cache=True, _nrt=False, forceinline=True)
def _count_cards(s, T, start, n, totals, at):
    """totals[at:at + 4] += (cards, aether, damage, corruptions) of s[start:start + n]."""
    for i in range(start, start + n):
        card = s[i]
        if card < 0:
            continue
        totals[at] += 1.0
        totals[at + 1] += player_card(T, card, PC_AETHER_VALUE)
        typ = player_card(T, card, PC_TYPE)
        if typ == TYPE_SPELL:
            totals[at + 2] += player_card(T, card, PC_DAMAGE_VALUE)
        elif typ == TYPE_CORRUPTION:
            totals[at + 3] += 1.0


@njit(cache=True, _nrt=False)
def features(s, T, out):
    """out[:FEATURE_COUNT] = the position's features (FEATURES' order), each about 0..1, and
    out[FEATURE_COUNT:FEATURE_COUNT + 4] the team's card totals they are read from (WORK_SIZE in all)."""
    players = s[G_PLAYERS]
    player_max = max(1, s[G_PLAYER_MAX])
    out[0] = 1.0
    out[1] = s[G_NEMESIS_LIFE] / max(1, s[G_NEMESIS_MAX_LIFE])
    out[2] = s[G_GRAVEHOLD] / max(1, s[G_GRAVEHOLD_MAX])
    life = 0.0
    lowest = 1.0
    exhausted = 0.0
    charges = 0.0
    charge_max = 0.0
    opened = 0.0
    for k in range(4):
        out[FEATURE_COUNT + k] = 0.0  # (scratch beyond the features: card totals)
    for p in range(players):
        b = pbase(p)
        fraction = max(0, s[b + P_LIFE]) / player_max
        life += fraction
        lowest = min(lowest, fraction)
        exhausted += s[b + P_EXHAUSTED]
        charges += s[b + P_CHARGES]
        charge_max += s[b + P_CHARGE_MAX]
        for k in range(4):
            if s[b + P_BREACH + k] == 4:
                opened += 1.0
        _count_cards(s, T, b + P_HAND, s[b + P_HAND_N], out, FEATURE_COUNT)
        _count_cards(s, T, b + P_DECK, s[b + P_DECK_N], out, FEATURE_COUNT)
        _count_cards(s, T, b + P_DISCARD, s[b + P_DISCARD_N], out, FEATURE_COUNT)
        _count_cards(s, T, b + P_PLAYED, s[b + P_PLAYED_N], out, FEATURE_COUNT)
        _count_cards(s, T, b + P_PREP, 8, out, FEATURE_COUNT)
    cards = max(1.0, out[FEATURE_COUNT])
    out[3] = life / max(1, players)
    out[4] = lowest
    out[5] = exhausted / max(1, players)
    out[6] = (s[G_NEMESIS_DECK_LEN] - s[G_NEMESIS_DECK_POS]) / max(1, s[G_NEMESIS_DECK_LEN])
    out[7] = out[FEATURE_COUNT + 1] / cards
    out[8] = out[FEATURE_COUNT + 2] / cards
    out[9] = cards / max(1, players) / 20.0
    out[10] = opened / max(1, 4 * players)
    out[11] = charges / max(1.0, charge_max)
    minion_life = 0.0
    powers_due = 0.0
    for k in range(s[G_IN_PLAY]):
        card = s[slot_base(k) + IP_CARD]
        typ = nemesis_card(T, card, NC_TYPE)
        if typ == NTYPE_MINION:
            minion_life += s[slot_base(k) + IP_LIFE]
        elif typ == NTYPE_POWER:
            powers_due += 1.0 / max(1, s[slot_base(k) + IP_POWER])
    out[12] = minion_life / 20.0
    out[13] = powers_due
    out[14] = s[G_FURY] / 4.0
    out[15] = s[G_HUSKS] / 15.0
    out[16] = out[FEATURE_COUNT + 3] / max(1, players)
    supply = 0.0
    for pile in range(SUPPLY_PILES):
        supply += s[SUPPLY_COUNT_BASE + pile]
    out[17] = supply / max(1, s[G_INITIAL_SUPPLY])
    out[18] = s[G_ROUNDS] / 20.0
    out[19] = players / 4.0
    return 0


@njit(cache=True, _nrt=False)
def win_chance(s, T, weights, offset, work):
    """The fitted P(win) of the position: 1 or 0 once the game is over, else the logistic model of the
    nemesis's kind. weights[offset:offset + WEIGHT_COUNT]: the vectors by nemesis kind (NEMESIS_KINDS)."""
    status = s[G_STATUS]
    if status == 1:
        return 1.0
    if status != 0:
        return 0.0
    features(s, T, work)
    base = offset + rule(T, R_NEMESIS_KIND) * FEATURE_COUNT
    z = 0.0
    for f in range(FEATURE_COUNT):
        z += weights[base + f] * work[f]
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))
