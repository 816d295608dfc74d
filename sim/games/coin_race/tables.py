"""Coin Race's packed tables and their named accessors.

The ruleset table is packed once per ruleset: int64[N_RULES + n_cards], the rule values in
vocab.RULE_NAMES order, then each card's value. The matchup table is packed once per matchup:
int64[MATCHUP_HEADER + slots * deck_size] = (sides, seats per side, deck size, then each slot's deck
as card ids).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.coin_race import vocab

RULE_DECK_SIZE, RULE_TARGET, RULE_TEAM_TARGET, RULE_ROUNDS, RULE_DIE_SIDES, RULE_GAMBLE_SUCCESS_AT, RULE_GAMBLE_MULTIPLIER = range(
    len(vocab.RULE_NAMES)
)
N_RULES = len(vocab.RULE_NAMES)

MATCHUP_SIDES, MATCHUP_SEATS_PER_SIDE, MATCHUP_DECK_SIZE = 0, 1, 2
MATCHUP_HEADER = 3


def pack_ruleset(rules: dict[str, int], card_values: list[int]) -> np.ndarray:
    return np.array([rules[name] for name in vocab.RULE_NAMES] + list(card_values), np.int64)


def pack_matchup(sides: int, seats_per_side: int, decks: list[list[int]]) -> np.ndarray:
    deck_size = len(decks[0])
    return np.array([sides, seats_per_side, deck_size] + [card for deck in decks for card in deck], np.int64)


@njit(cache=True, inline="always")
def card_value(ruleset, card):
    return ruleset[N_RULES + card]


@njit(cache=True, inline="always")
def deck_card(matchup, slot, index):
    return matchup[MATCHUP_HEADER + slot * matchup[MATCHUP_DECK_SIZE] + index]


@njit(cache=True, inline="always")
def side_target(ruleset, matchup):
    """The points a side needs: a lone player's target, or a team's."""
    if matchup[MATCHUP_SEATS_PER_SIDE] > 1:
        return ruleset[RULE_TEAM_TARGET]
    return ruleset[RULE_TARGET]
