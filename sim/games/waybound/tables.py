"""The ruleset's tables as the kernels take them: rule numbers, and the card and profile tables
flattened row-major (`flat_tables`), read through `card_field` / `profile_field` (columns: vocab.C_*,
vocab.PF_*). data.load_tables builds them from the designer data.
"""

from __future__ import annotations

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
