"""The bots: random legal, greedy with weights as data (network racing, Thread pressure)."""

import numpy as np

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME
from tests.games.veilwalkers.helpers import shape

RACER, PRESSURE, RANDOM = (GAME.load_policy(n) for n in ("racer", "pressure", "random"))


def test_the_greedy_bot_claims_a_remembrance_it_stands_on():
    """Network racing values claiming above everything else at hand."""
    sc = shape()
    sc.place(0, "veilwalker", (2, 2))
    assert sc.bot_action((RACER, RACER)) == sc.action("claim", token=0)


def test_the_greedy_bot_strikes_an_opposing_veilwalker_within_reach():
    sc = shape()
    sc.place(1, "veilwalker", (2, 1))
    slot = sc.put_figure(0, "seether", (2, 1))
    sc.place(0, "veilwalker", (2, 1))
    assert sc.bot_action((PRESSURE, PRESSURE)) == sc.action("strike", attacker=slot)


def test_the_greedy_bot_turns_a_ring_to_align_the_gate_its_veilwalker_needs():
    """Ring II's port is two steps from Ring I's Gate; turning Ring II counterclockwise brings it closer."""
    sc = shape(resonance=2)
    for piece in ("veilwalker", "rememberer"):
        sc.place(0, piece, (1, 0))
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(1, piece, (1, 4))
    sc.place(0, "wayfinder", (1, 1))
    sc.open_boundary(0, 0)
    sc.set(0, "P_NODE_ACTIVE", 1)  # the Rememberer's goal lies beyond too (Ring III)
    action = sc.bot_action((RACER, RACER))
    assert action in (sc.action("rotate", ring=2, direction="counterclockwise"),
                      sc.action("rotate", ring=1, direction="clockwise"))


def test_the_random_bot_plays_only_legal_actions_and_every_seat_its_own_bot():
    """Debug mode checks every action against the legal list: no errors over many matches, and a
    matchup of two different bots plays differently from the same deal with one."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["lamplight vs roadfolk"])[0]
    mixed = GAME.play_batch(ruleset, matchup, (RANDOM, RACER), seed_block(3, matchup, 0, 20), debug=True)
    same = GAME.play_batch(ruleset, matchup, seats_for((RANDOM,), matchup), seed_block(3, matchup, 0, 20), debug=True)
    assert (mixed.error == 0).all() and (same.error == 0).all()
    assert not np.array_equal(mixed.turns, same.turns)
