"""Shared kernel machinery: what every game's batch kernel does the same way.

The calling convention of a game's kernels (the game kit):
- ``rules``: the ruleset packed once per ruleset, int64[n_rules] (named indices in the game's
  tables.py); ``matchup``: the matchup's decks packed once per matchup (int64 arrays).
- bots: ``policy_ids`` int64[slots] and ``weights`` float64[slots, n_weights]
  (`sim.core.policies.weight_matrix`), one row per deck slot.
- seeds: ``seeds`` uint64[2] = (root seed, matchup key), ``deals`` int64[B, 2] = (pair, seat order).
- outputs: ``match_out`` int64[B, MATCH_COLUMNS + per-match extras] and ``seat_out``
  int64[B, seats, 1 + per-seat extras] (score first), turned into a BatchResult by `to_result`;
  ``card_counts`` int16[B or 1, seats, n_cards, k].
- work arrays, grouped by dtype and allocated once per batch by the game's ``scratch``.
- the batch kernel (batch.play_batch_kernel) is ``nogil=True``: runner.backend=threads plays a
  sweep's batches in threads of one process, each on its own core, with the kernels loaded once.
Per-action functions take the state and the few arrays they read. The batch loop itself lives in
each game's batch.py: numba cannot cache a kernel that receives another kernel as an argument
(the argument's type is the function object itself, so the cache misses in every new process).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.core.game import BatchResult
from sim.core.seating import slot_of_seat

# match_out's first columns, in this order; a game's per-match extras follow
MATCH_COLUMNS = ("winner", "end_reason", "turns", "rounds", "error")
WINNER, END_REASON, TURNS, ROUNDS, ERROR = range(len(MATCH_COLUMNS))
SCORE = 0  # seat_out's first column; a game's per-seat extras follow


@njit(cache=True, _nrt=False)
def seat_streams(seeds, pair, order, sides, seats_per_side, purpose, keys, first):
    """keys[first + seat] = the ``purpose`` stream of the deck slot in each seat: a slot keeps its
    streams (its deck's shuffle, its bot's choices) in every seat order of the pair."""
    seats = sides * seats_per_side
    for seat in range(seats):
        slot = slot_of_seat(order, seat, sides, seats_per_side)
        keys[first + seat] = rng.stream_key(seeds[0], seeds[1], pair, purpose, slot)


@njit(cache=True, _nrt=False)
def is_listed(action, legal, n):
    """Debug mode: is ``action`` among the first ``n`` legal actions?"""
    for i in range(n):
        if legal[i] == action:
            return True
    return False


def deals(seeds) -> np.ndarray:
    """A SeedBlock's (pair index, seat order) rows as the kernel's int64[B, 2]."""
    return np.stack([seeds.pair_index.astype(np.int64), seeds.swap.astype(np.int64)], axis=1)


def seed_pair(seeds) -> np.ndarray:
    return np.array([seeds.root_seed, seeds.matchup_key], np.uint64)


def result_buffers(n: int, seats: int, match_extras: int, seat_extras: int) -> tuple[np.ndarray, np.ndarray]:
    return np.zeros((n, len(MATCH_COLUMNS) + match_extras), np.int64), np.zeros((n, seats, 1 + seat_extras), np.int64)


def to_result(
    match_out: np.ndarray,
    seat_out: np.ndarray,
    match_extras: tuple[str, ...],
    seat_extras: tuple[str, ...],
    card_counts: np.ndarray | None,
) -> BatchResult:
    """The kernel's output matrices as a BatchResult with the contract's dtypes."""
    extra = {name: match_out[:, len(MATCH_COLUMNS) + i].copy() for i, name in enumerate(match_extras)}
    extra.update({name: seat_out[:, :, 1 + i].astype(np.int32) for i, name in enumerate(seat_extras)})
    return BatchResult(
        winner=match_out[:, WINNER].astype(np.int8),
        end_reason=match_out[:, END_REASON].astype(np.int8),
        turns=match_out[:, TURNS].astype(np.int16),
        rounds=match_out[:, ROUNDS].astype(np.int16),
        score=seat_out[:, :, SCORE].astype(np.int32),
        error=match_out[:, ERROR].astype(np.int8),
        extra=extra,
        card_counts=card_counts,
    )
