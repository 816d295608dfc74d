"""Counter-based random numbers for numba kernels (DESIGN.md §5).

A random value is a pure function of (stream key, counter): ``splitmix64(key + counter * GAMMA)``.
Nothing is global and nothing depends on the order in which matches run, so results are the same
whatever the number of workers, chunk size or backend.

A stream key mixes (root seed, matchup key, pair index, purpose, slot). Each purpose has its own
stream so that one extra card drawn never shifts the dice or a bot's choices later in the match.
The ruleset is deliberately NOT part of the key: two rule editions replay the same deals
(common random numbers), so edition differences are paired.

Inside a kernel a match keeps two small arrays, ``keys`` and ``counters`` (one entry per stream);
`next_u64`, `next_below` and `shuffle` advance ``counters[stream]``.
"""

from __future__ import annotations

import hashlib

import numpy as np
from numba import njit

from sim.core import compile_cache  # noqa: F401 - where the package's kernels are cached (installs on import)
from sim.core.indexing import plain_indexing
from sim.core.literals import one_copy_per_type

# every kernel module imports this one before its kernels compile
plain_indexing()
one_copy_per_type()

MASK64 = (1 << 64) - 1
GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)

# Purposes: separate streams (DESIGN.md §5). Slot = deck slot (0 = side A, 1 = side B, ...) so a
# deck keeps its shuffle and its bot keeps its choices when seats are swapped.
PURPOSE_DEAL = 1  # shuffles and deals of one deck slot
PURPOSE_CHANCE = 2  # game chance: dice, turn order; slot 0 unless a game needs more
PURPOSE_POLICY = 3  # one deck slot's bot
PURPOSE_SETUP = 4  # random setup choices that are not a deck shuffle (e.g. nemesis deck build)


@njit(cache=True, inline="always")
def splitmix64(x):
    z = x + GAMMA
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def stream_key(root_seed, matchup_key, pair_index, purpose, slot):
    """Key of one random stream; all arguments are mixed in order, so no two collide by sum."""
    h = splitmix64(np.uint64(root_seed))
    h = splitmix64(h ^ np.uint64(matchup_key))
    h = splitmix64(h ^ np.uint64(pair_index))
    h = splitmix64(h ^ np.uint64(purpose))
    return splitmix64(h ^ np.uint64(slot))


@njit(cache=True, inline="always")
def random_at(key, counter):
    """The counter-th value of the stream with this key."""
    return splitmix64(key + np.uint64(counter) * GAMMA)


@njit(cache=True, inline="always")
def next_u64(keys, counters, stream):
    value = random_at(keys[stream], counters[stream])
    counters[stream] += np.uint64(1)
    return value


@njit(cache=True)
def next_below(keys, counters, stream, n):
    """Uniform integer in [0, n) for 0 < n < 2**32, without modulo bias (Lemire's method)."""
    bound = np.uint64(n)
    x = next_u64(keys, counters, stream) >> np.uint64(32)
    m = x * bound
    low = m & np.uint64(0xFFFFFFFF)
    if low < bound:
        threshold = (np.uint64(0x100000000) - bound) % bound
        while low < threshold:
            x = next_u64(keys, counters, stream) >> np.uint64(32)
            m = x * bound
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))


@njit(cache=True)
def shuffle(values, start, stop, keys, counters, stream):
    """Fisher–Yates shuffle of values[start:stop] in place."""
    n = stop - start
    for i in range(n - 1, 0, -1):
        j = next_below(keys, counters, stream, i + 1)
        tmp = values[start + i]
        values[start + i] = values[start + j]
        values[start + j] = tmp


def name_key(text: str) -> int:
    """Stable 64-bit key of a name (matchup id, run seed phrase). Independent of Python's hash seed."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


def stream_key_py(root_seed: int, matchup_key: int, pair_index: int, purpose: int, slot: int) -> int:
    """Plain-Python reference of `stream_key` (used by tests and by replay tooling)."""

    def mix(x: int) -> int:
        z = (x + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    h = mix(root_seed & MASK64)
    for part in (matchup_key, pair_index, purpose, slot):
        h = mix(h ^ (part & MASK64))
    return h
