"""All kernel tables packed into one flat int64 array ``T`` (a header of offsets, then each table).

One array instead of nine keeps kernel calls cheap (numba passes every array argument as a struct);
the accessors below read a table cell through the header (all forceinline: a load and an add). The
tables are built once per (ruleset, matchup): `game.AeonsEnd.kernel_tables` keeps the packed array.

  rule(T, f)                          rules vector (layout.R_*): life totals, costs, the nemesis mat's numbers
  player_card(T, card, f)             player card fields (layout.PC_*): type, cost, flags
  player_card_step(T, card, sec, i, j)  step i of a player card's effect section (layout.SEC_*): j 0 code, 1 amount
  nemesis_card(T, card, f)            nemesis card fields (layout.NC_*): tier, type, life, power, harm of options
  nemesis_card_step(T, card, sec, i, j) step i of a nemesis card's section (layout.NSEC_*)
  nemesis_mat_step(T, row, i, j)      step i of a nemesis mat effect row (layout.NX_*: Unleash, Strikes, Swarm)
  mage(T, m, f)                       mage mat fields (layout.MG_*): charges, ability, breach setup
  mage_card(T, m, i)                  the mage's i-th starting card (0-4 hand, 5-9 deck, printed order)
  matchup_setup(T, i)                 the matchup's setup vector (layout.SU_*): players, mages, supply, decks
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.aeons_end.layout import MAX_STEPS, MG_FIELDS, NC_FIELDS, NSEC_COUNT, PC_FIELDS

H_RULES, H_PCARD, H_PEFF, H_NCARD, H_NEFF, H_NEXTRA, H_MAGE, H_MAGE_CARDS, H_SETUP = range(9)
HEADER = 16
TABLE_ORDER = ("rules", "pcard", "peff", "ncard", "neff", "nextra", "mage", "mage_cards", "setup")

def pack(rules, pcard, peff, ncard, neff, nextra, mage, mage_cards, setup) -> np.ndarray:
    parts = [rules, pcard, peff, ncard, neff, nextra, mage, mage_cards, setup]
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
def rule(T, f):
    return T[T[H_RULES] + f]


@njit(cache=True, _nrt=False, forceinline=True)
def player_card(T, c, f):
    return T[T[H_PCARD] + c * PC_FIELDS + f]


@njit(cache=True, _nrt=False, forceinline=True)
def player_card_step(T, c, sec, i, j):
    return T[T[H_PEFF] + ((c * 4 + sec) * MAX_STEPS + i) * 2 + j]


@njit(cache=True, _nrt=False, forceinline=True)
def nemesis_card(T, c, f):
    return T[T[H_NCARD] + c * NC_FIELDS + f]


@njit(cache=True, _nrt=False, forceinline=True)
def nemesis_card_step(T, c, sec, i, j):
    return T[T[H_NEFF] + ((c * NSEC_COUNT + sec) * MAX_STEPS + i) * 2 + j]


@njit(cache=True, _nrt=False, forceinline=True)
def nemesis_mat_step(T, row, i, j):
    return T[T[H_NEXTRA] + (row * MAX_STEPS + i) * 2 + j]


@njit(cache=True, _nrt=False, forceinline=True)
def mage(T, m, f):
    return T[T[H_MAGE] + m * MG_FIELDS + f]


@njit(cache=True, _nrt=False, forceinline=True)
def mage_card(T, m, i):
    return T[T[H_MAGE_CARDS] + m * 10 + i]


@njit(cache=True, _nrt=False, forceinline=True)
def matchup_setup(T, i):
    return T[T[H_SETUP] + i]
