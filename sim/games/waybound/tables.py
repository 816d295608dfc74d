"""The ruleset's tables as the kernels take them: rule numbers, and the card and profile tables
flattened row-major (`flat_tables`), read through `card_field` / `profile_field` (columns: vocab.C_*,
vocab.PF_*); data.load_tables builds them from the designer data. And the matchup table (`pack_matchup`,
columns M_*): the decks and the Companions' data per deck slot.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.waybound.vocab import CARD_WIDTH, PROFILE_WIDTH


# The card and profile tables reach the kernels flattened (row-major, see `flat_tables`): with the
# row width a compile-time constant an entry is one load from the data pointer, where a 2-D array
# also loads its stride from the kernel's stack frame.
@njit(cache=True, inline="always")
def card_field(cards, card, field):
    return cards[card * CARD_WIDTH + field]


@njit(cache=True, inline="always")
def profile_field(profiles, profile, field):
    return profiles[profile * PROFILE_WIDTH + field]


def flat_tables(tables):
    """(rules, cards, profiles) as the kernels take them."""
    return tables.rules, tables.cards.reshape(-1), tables.profiles.reshape(-1)


# The matchup table, packed once per matchup (Game.load_matchups): int64[2 deck slots, M_DECK + deck
# width], one row per deck slot: its deck length, Companion profile, faction ability, featured Ally
# (-1 none) and Companion, then its deck (card ids, in canonical order).
M_DECK_LEN, M_COMPANION_PROFILE, M_ABILITY, M_FEATURED, M_COMPANION = range(5)
M_DECK = 5


def pack_matchup(payload: dict) -> np.ndarray:
    """The matchup table of a matchup's payload (decks, deck_len, companion_profile, ability, featured, companion)."""
    decks = payload["decks"]
    table = np.zeros((decks.shape[0], M_DECK + decks.shape[1]), np.int64)
    table[:, M_DECK_LEN] = payload["deck_len"]
    table[:, M_COMPANION_PROFILE] = payload["companion_profile"]
    table[:, M_ABILITY] = payload["ability"]
    table[:, M_FEATURED] = payload["featured"]
    table[:, M_COMPANION] = payload["companion"]
    table[:, M_DECK:] = decks
    return table
