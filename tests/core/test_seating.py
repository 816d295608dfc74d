"""Seats, sides and deck slots: the one mapping (sim/core/seating.py), for every seat count and order."""

import numpy as np
import pytest

from sim.core.errors import UserError
from sim.core.game import Matchup, Policy
from sim.core.seating import COMPETITIVE_SIDES, Seating, seats_for, side_policy_label

SEATINGS = [Seating(2, 1), Seating(2, 2), Seating(1, 1), Seating(1, 2), Seating(1, 3), Seating(1, 4)]


@pytest.mark.parametrize("seating", SEATINGS, ids=str)
def test_every_order_seats_every_slot_once_and_sides_alternate(seating):
    table = seating.slot_table()
    assert table.shape == (seating.orders, seating.seats)
    for order in range(seating.orders):
        assert sorted(table[order]) == list(range(seating.seats))
        sides = table[order] // seating.seats_per_side
        assert [int(s) for s in sides] == [(order + k) % seating.sides for k in range(seating.seats)]
        # members of a side keep their order: member m sits before member m + 1
        for side in range(seating.sides):
            members = table[order][sides == side] % seating.seats_per_side
            assert list(members) == list(range(seating.seats_per_side))


def test_two_sides_play_both_orders_and_one_side_one():
    assert Seating(COMPETITIVE_SIDES, 1).orders == 2 and Seating(1, 4).orders == 1
    assert Seating(2, 1).slot_table().tolist() == [[0, 1], [1, 0]]  # the old "seat ^ swap"
    assert Seating(2, 2).slot_table().tolist() == [[0, 2, 1, 3], [2, 0, 3, 1]]  # A1 B1 A2 B2 / B1 A1 B2 A2


def test_winner_position_becomes_a_side():
    seating = Seating(2, 2)
    order = np.array([0, 0, 1, 1, 1])
    winner = np.array([0, 1, 0, 1, -1])
    assert seating.winning_side(order, winner).tolist() == [0, 1, 1, 0, -1]
    assert seating.first_side(order).tolist() == [0, 0, 1, 1, 1]


def test_per_seat_values_come_back_per_slot():
    seating = Seating(2, 2)
    per_seat = np.array([[10, 20, 30, 40], [10, 20, 30, 40]])
    assert seating.by_slot(np.array([0, 1]), per_seat).tolist() == [[10, 30, 20, 40], [20, 40, 10, 30]]


def test_one_bot_sits_everywhere_or_one_per_seat():
    matchup = Matchup("g", "m", ("a", "b"), 4, None)
    bots = tuple(Policy(n, 0, np.zeros(1)) for n in "wxyz")
    assert seats_for(bots[:1], matchup) == bots[:1] * 4
    assert seats_for(bots, matchup) == bots
    with pytest.raises(UserError, match="one per seat \\(4 for this matchup\\), got 2"):
        seats_for(bots[:2], matchup)
    assert side_policy_label(bots, matchup.seating, 1) == "y+z"
    assert side_policy_label(bots[:1] * 4, matchup.seating, 0) == "w"


def test_a_matchup_must_share_its_seats_evenly():
    with pytest.raises(ValueError):
        Matchup("g", "m", ("a", "b"), 3, None)
    with pytest.raises(ValueError):
        Matchup("g", "m", ("team",), 2, None, cooperative=False)
