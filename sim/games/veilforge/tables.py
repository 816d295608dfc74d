"""Veilforge's packed tables and their named accessors.

The ruleset table is packed once per ruleset (edition + card library with its errata):
  int64[N_RULES + HEADER + n_cards * CARD_WIDTH + n_abilities * ABILITY_WIDTH + n_effects * EFFECT_WIDTH]
  = the rule values in vocab.RULE_NAMES order, the header (counts and where the ability and effect
  rows start), then one row per card, per ability and per effect (data.py fills them).
The matchup table is packed once per matchup: int64[MATCHUP_HEADER + slots * SLOT_WIDTH] = (sides,
seats per side, then per deck slot: its 3 heroes, its ideal, its main deck (count, card ids) and its
evolution deck (count, card ids)).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilforge import layout as L
from sim.games.veilforge import vocab

(R_MAIN_DECK_MIN, R_MAIN_DECK_MAX, R_MAX_COPIES, R_EVOLUTION_DECK_MAX, R_OPENING_HAND, R_DRAW_PER_TURN,
 R_FIRST_PLAYER_SKIPS_DRAW, R_FIRST_TEAM_BOTH_SKIP, R_MANA_PER_TURN, R_MANA_ZONE_MAX, R_MANA_SHORT_DECK_LOSES,
 R_SECOND_PLAYER_MANA,
 R_BATTLE_SLOTS, R_SUPPORT_SLOTS, R_DIRECT_REDUCTION, R_ROUND_LIMIT, R_ACTION_LIMIT, R_CHAIN_OPPONENT_FIRST,
 R_COUNTER_WHEN_DESTROYED, R_TEAM_ACTIONS_ALTERNATE, R_EVOLVED_BASE_REMOVED, R_HEAL_ABOVE_START,
 R_TEAM_SHARES_ZONES) = range(
    len(vocab.RULE_NAMES))
N_RULES = len(vocab.RULE_NAMES)
assert all(globals()[f"R_{name.upper()}"] == i for i, name in enumerate(vocab.RULE_NAMES)), "R_* out of step with RULE_NAMES"

H_N_CARDS, H_ABILITY_BASE, H_EFFECT_BASE, H_N_ABILITIES, H_N_EFFECTS = range(5)
HEADER = 5
CARD_BASE = N_RULES + HEADER

# card rows
(C_TYPE, C_COST, C_DAMAGE, C_HEALTH, C_CLASSES, C_KEYWORDS, C_ZONE, C_ATTACH, C_ATTACH_ZONES, C_ATTACH_OWNER,
 C_ATTACH_TYPES, C_ATTACH_CLASSES, C_ABILITY_FIRST, C_ABILITY_N, C_FLAGS) = range(15)
CARD_WIDTH = 15
# C_FLAGS bits: which kinds of ability a card has (1 << when), plus:
FLAG_STATIC = 1 << 20  # a passive ability with a static effect on other cards or players
FLAG_EVOLUTION = 1 << 21  # an evolution card (lives in the evolution deck)

# ability rows
(AB_WHEN, AB_COST, AB_CARD, AB_TARGET_KIND, AB_TARGET_ZONES, AB_TARGET_OWNER, AB_TARGET_TYPES, AB_TARGET_CLASSES,
 AB_EFFECT_FIRST, AB_EFFECT_N, AB_FROM_CARD, AB_FROM_CLASSES) = range(12)
ABILITY_WIDTH = 12

# effect rows
(E_OP, E_AMOUNT, E_SELECTOR, E_ZONES, E_OWNER, E_TYPES, E_CLASSES, E_STAT, E_DURATION, E_KEYWORD, E_DEST,
 E_SCALE) = range(12)
EFFECT_WIDTH = 12

MATCHUP_SIDES, MATCHUP_SEATS_PER_SIDE = 0, 1
MATCHUP_HEADER = 2
S_HEROES = 0
S_IDEAL = 3
S_MAIN_N = 4
S_MAIN = 5
S_EVO_N = S_MAIN + L.DECK_CAP
S_EVO = S_EVO_N + 1
SLOT_WIDTH = S_EVO + L.EVO_CAP


def pack_ruleset(rules: dict[str, int], cards: np.ndarray, abilities: np.ndarray, effects: np.ndarray) -> np.ndarray:
    """cards int64[n, CARD_WIDTH], abilities int64[m, ABILITY_WIDTH], effects int64[k, EFFECT_WIDTH]."""
    ability_base = CARD_BASE + cards.size
    effect_base = ability_base + abilities.size
    header = [cards.shape[0], ability_base, effect_base, abilities.shape[0], effects.shape[0]]
    return np.concatenate([
        np.array([rules[name] for name in vocab.RULE_NAMES] + header, np.int64),
        cards.reshape(-1), abilities.reshape(-1), effects.reshape(-1),
    ]).astype(np.int64)


def pack_matchup(sides: int, seats_per_side: int, slots: list[dict]) -> np.ndarray:
    """slots: per deck slot {"heroes": [3 ids], "ideal": id, "main": [ids], "evolution": [ids]}."""
    table = np.zeros(MATCHUP_HEADER + len(slots) * SLOT_WIDTH, np.int64)
    table[MATCHUP_SIDES] = sides
    table[MATCHUP_SEATS_PER_SIDE] = seats_per_side
    for i, slot in enumerate(slots):
        base = MATCHUP_HEADER + i * SLOT_WIDTH
        table[base + S_HEROES : base + S_HEROES + 3] = slot["heroes"]
        table[base + S_IDEAL] = slot["ideal"]
        table[base + S_MAIN_N] = len(slot["main"])
        table[base + S_MAIN : base + S_MAIN + len(slot["main"])] = slot["main"]
        table[base + S_EVO_N] = len(slot["evolution"])
        table[base + S_EVO : base + S_EVO + len(slot["evolution"])] = slot["evolution"]
    return table


@njit(cache=True, forceinline=True)
def card(ruleset, card_id, column):
    return ruleset[CARD_BASE + card_id * CARD_WIDTH + column]


@njit(cache=True, forceinline=True)
def n_cards(ruleset):
    return ruleset[N_RULES + H_N_CARDS]


@njit(cache=True, forceinline=True)
def ability(ruleset, index, column):
    return ruleset[ruleset[N_RULES + H_ABILITY_BASE] + index * ABILITY_WIDTH + column]


@njit(cache=True, forceinline=True)
def effect(ruleset, index, column):
    return ruleset[ruleset[N_RULES + H_EFFECT_BASE] + index * EFFECT_WIDTH + column]


@njit(cache=True, forceinline=True)
def has(ruleset, card_id, when):
    """Does the card have an ability of this kind (vocab.W_*)?"""
    return (ruleset[CARD_BASE + card_id * CARD_WIDTH + C_FLAGS] >> when) & 1


@njit(cache=True, forceinline=True)
def slot_value(matchup, slot, column):
    return matchup[MATCHUP_HEADER + slot * SLOT_WIDTH + column]
