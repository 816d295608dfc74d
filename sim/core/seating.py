"""Seats, sides and deck slots (DESIGN.md §6): the one mapping between them, for every game.

- A **side** wins or loses as one: a competitive matchup has two sides (A and B), a cooperative
  one has one side (the team, which plays against the game).
- A **deck slot** is one player of the matchup, whatever the turn order: side ``s``'s member ``m``
  is slot ``s * seats_per_side + m``. A slot's deck, its bot and its random streams stay with it
  when the turn order changes.
- A **seat** is a place in one match's turn order; seat 0 moves first. Sides take turns: seat ``k``
  is member ``k // sides`` of the side at position ``k % sides`` of the *seat order*.
- A deal (a "pair") is played in every seat order: the rotations of the sides. With two sides these
  are "side A first" (order 0) and "side B first" (order 1), the ``swap`` column of the lake; a
  cooperative matchup has one order.

Waybound is 2 sides x 1 seat, Veilforge 2 x 1 and 2 x 2, Aeon's End 1 x (1-4), By Your Side 1 x 2.
Kernels map seats to slots with `slot_of_seat` (a numba function, inlined) and report the winner
as a seat-order *position* (0: the side that moved first won; -1 a draw); `winning_side` turns it
into a side.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from sim.core.errors import UserError

# The number of sides of every competitive game: two opponents (or two teams). A matchup with more
# sides would play every rotation of them; no game has one.
COMPETITIVE_SIDES = 2
SIDE_NAMES = ("A", "B")
assert len(SIDE_NAMES) == COMPETITIVE_SIDES


def _slot_of_seat(order, seat, sides, seats_per_side):
    """The deck slot sitting in ``seat`` when the pair plays seat order ``order``."""
    side = (order + seat % sides) % sides
    return side * seats_per_side + seat // sides


slot_of_seat = njit(cache=True, inline="always")(_slot_of_seat)


def _next_teammate(seat, sides, seats):
    """The next seat of ``seat``'s side in the turn order (itself when its side has one player): sides take
    turns, so a side's members sit ``sides`` seats apart."""
    return (seat + sides) % seats


next_teammate = njit(cache=True, inline="always")(_next_teammate)


@dataclass(frozen=True)
class Seating:
    sides: int
    seats_per_side: int

    def __post_init__(self) -> None:
        if self.sides not in (1, COMPETITIVE_SIDES) or self.seats_per_side < 1:
            raise ValueError(f"unsupported seating: {self.sides} sides x {self.seats_per_side} seats")

    @property
    def seats(self) -> int:
        return self.sides * self.seats_per_side

    @property
    def orders(self) -> int:
        """Seat orders a deal is played in (matches per pair)."""
        return self.sides

    @property
    def cooperative(self) -> bool:
        return self.sides == 1

    def slot_table(self) -> np.ndarray:
        """int64[orders, seats]: the slot in each seat, for each seat order."""
        return np.array(
            [[_slot_of_seat(o, k, self.sides, self.seats_per_side) for k in range(self.seats)] for o in range(self.orders)],
            np.int64,
        )

    def side_table(self) -> np.ndarray:
        """int64[orders, seats]: the side of each seat, for each seat order."""
        return self.slot_table() // self.seats_per_side

    def side_label(self, side: int) -> str:
        return "team" if self.cooperative else SIDE_NAMES[side]

    def first_side(self, order: np.ndarray) -> np.ndarray:
        """The side that moves first in each match."""
        return np.asarray(order, np.int64) % self.sides

    def winning_side(self, order: np.ndarray, winner: np.ndarray) -> np.ndarray:
        """Kernel winner (seat-order position of the winning side, -1 draw) -> side index, -1 draw.
        Cooperative games: 0 the team won, 1 the game won; returned unchanged."""
        winner = np.asarray(winner, np.int64)
        if self.cooperative:
            return winner
        return np.where(winner < 0, -1, (np.asarray(order, np.int64) + winner) % self.sides)

    def by_slot(self, order: np.ndarray, per_seat: np.ndarray) -> np.ndarray:
        """Per-seat values [B, seats, ...] -> the same values per slot [B, slots, ...]."""
        table = self.slot_table()[np.asarray(order, np.int64)]  # [B, seats]
        out = np.empty_like(per_seat)
        rows = np.arange(per_seat.shape[0])[:, None]
        out[rows, table] = per_seat
        return out


def seats_for(policies: tuple, matchup) -> tuple:
    """One bot per deck slot: a single bot sits in every seat, a list gives one per slot in slot
    order (side A's seats, then side B's). Anything else is a user error naming the matchup."""
    seats = matchup.seating.seats
    if len(policies) == 1:
        return tuple(policies) * seats
    if len(policies) != seats:
        raise UserError(
            f"give one bot for all seats or one per seat ({seats} for this matchup), got {len(policies)}",
            file="config",
            entry=f"policies (matchup {matchup.matchup_id})",
        )
    return tuple(policies)


def side_policy_label(policies: tuple, seating: Seating, side: int) -> str:
    """The bots of one side as one label: the name when its seats share a bot, else 'a+b'."""
    names = [p.name for p in policies[side * seating.seats_per_side : (side + 1) * seating.seats_per_side]]
    return names[0] if len(set(names)) == 1 else "+".join(names)
