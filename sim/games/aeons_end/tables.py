"""All kernel tables packed into one flat int64 array ``T`` (a header of offsets, then each table).

One array instead of nine keeps kernel calls cheap (numba passes every array argument as a struct);
the accessors below read a table cell through the header.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import MAX_STEPS, MG_FIELDS, NC_FIELDS, PC_FIELDS

H_RULES, H_PCARD, H_PEFF, H_NCARD, H_NEFF, H_NEXTRA, H_MAGE, H_MAGE_CARDS, H_SETUP, H_NOPT = range(10)
HEADER = 16
TABLE_ORDER = ("rules", "pcard", "peff", "ncard", "neff", "nextra", "mage", "mage_cards", "setup", "nopt")

# Nemesis effect sections: layout.py's NSEC_EFFECT, NSEC_OR, NSEC_IMMEDIATELY (0..2), then the third and
# fourth options of a multi-way OR card (Legacy basics: Divide has three options, Devil's Pact four).
NSEC_OR2 = 3
NSEC_OR3 = 4
NSEC_COUNT = 5

# Nemesis card options table (int32 [n_cards, NO_FIELDS]): a second per-card table beside layout.py's
# ncard, for the Legacy basics (layout.py is shared; its NC_FIELDS stay as they are).
NO_ALTERNATIVES = 0     # number of OR alternatives (0 = no OR; 1 = two options; up to 3 = four options)
NO_HARM = 1             # 4 values: harm score of the options EFFECT, OR, OR2, OR3 (data.HARM)
NO_BANISH_ON_DISCARD = 5  # 1: "banished when discarded" (leaves the game instead of the nemesis discard)
NO_FIELDS = 8


def pack(rules, pcard, peff, ncard, neff, nextra, mage, mage_cards, setup, nopt) -> np.ndarray:
    parts = [rules, pcard, peff, ncard, neff, nextra, mage, mage_cards, setup, nopt]
    offsets = []
    pos = HEADER
    for part in parts:
        offsets.append(pos)
        pos += int(np.asarray(part).size)
    T = np.zeros(pos, np.int64)
    T[: len(offsets)] = offsets
    for off, part in zip(offsets, parts, strict=True):
        flat = np.ascontiguousarray(part, dtype=np.int64).ravel()
        T[off: off + flat.size] = flat
    return T


@njit(cache=True, _nrt=False, forceinline=True)
def rl(T, f):
    return T[T[H_RULES] + f]


@njit(cache=True, _nrt=False, forceinline=True)
def pc(T, c, f):
    return T[T[H_PCARD] + c * PC_FIELDS + f]


@njit(cache=True, _nrt=False, forceinline=True)
def pe(T, c, sec, i, j):
    return T[T[H_PEFF] + ((c * 4 + sec) * MAX_STEPS + i) * 2 + j]


@njit(cache=True, _nrt=False, forceinline=True)
def nc(T, c, f):
    return T[T[H_NCARD] + c * NC_FIELDS + f]


@njit(cache=True, _nrt=False, forceinline=True)
def ne(T, c, sec, i, j):
    return T[T[H_NEFF] + ((c * NSEC_COUNT + sec) * MAX_STEPS + i) * 2 + j]


@njit(cache=True, _nrt=False, forceinline=True)
def no(T, c, f):
    return T[T[H_NOPT] + c * NO_FIELDS + f]


@njit(cache=True, _nrt=False, forceinline=True)
def nx(T, row, i, j):
    return T[T[H_NEXTRA] + (row * MAX_STEPS + i) * 2 + j]


@njit(cache=True, _nrt=False, forceinline=True)
def mg(T, m, f):
    return T[T[H_MAGE] + m * MG_FIELDS + f]


@njit(cache=True, _nrt=False, forceinline=True)
def mc(T, m, i):
    return T[T[H_MAGE_CARDS] + m * 10 + i]


@njit(cache=True, _nrt=False, forceinline=True)
def su(T, i):
    return T[T[H_SETUP] + i]
