"""SETUP, GOAL AND DECKS (play side) and OPTIONAL FEATURED OPENING: scenario tests, each quoting the
passage it checks. Routes: 0 Windbridge, 1 Lantern Crossing, 2 Glass Orchard, 3 Netherway; unit 0 of a
seat is its Companion."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.game import SeedBlock
from sim.games.waybound import GAME
from sim.games.waybound import layout as L
from sim.games.waybound.scenario import WayboundScenario
from tests.games.waybound.helpers import (
    LC,
)


def test_setup_companions_ready_at_lantern_crossing_and_five_cards():
    """Rulebook, SETUP: 'Each Companion starts ready at Lantern Crossing. Shuffle each deck and draw five.'"""
    sc = WayboundScenario()
    for p in range(2):
        companion = sc.unit(p, 0)
        assert companion["route"] == LC and companion["ready"]
        assert sc.player(p)["renown"] == 0 and sc.player(p)["marks"] == 0
    assert sc.player(0)["hand_size"] == 5 and sc.player(1)["hand_size"] == 5
    assert sc.player(0)["deck"] == 25


def test_mulligan_replaces_whole_hand_once():
    """Rulebook, SETUP: 'Once per player, you may replace the whole opening hand by shuffling it into
    your deck and drawing five again.'"""
    sc = WayboundScenario(mulligans=(1, 1))
    for p in range(2):
        assert sc.player(p)["hand_size"] == 5 and sc.player(p)["deck"] == 25
        assert sc.s[sc.pb(p) + L.P_MULLIGANS] == 1
    assert sc.phase == L.PH_MAIN  # no second replacement is offered


@pytest.mark.parametrize("mulligan", [0, 1])
def test_featured_opening_guarantees_the_ally(mulligan):
    """Rulebook, OPTIONAL FEATURED OPENING: 'guarantee it within the normal five-card opening hand,
    also after a replacement hand. No extra card or copy is created.'"""
    for seed in range(12):
        sc = WayboundScenario(
            "hearthbound/brindle@orchard_tender", "ironmaw/skara", seed=seed, mulligans=(mulligan, 0)
        )
        hand = sc.hand(0)
        assert "orchard_tender" in hand and len(hand) == 5
        assert hand.count("orchard_tender") + sc.deck(0).count("orchard_tender") == 2


def test_swap_moves_the_first_turn_to_slot_b():
    """Rulebook, SETUP: 'Randomly choose the starting player': every deal is played with both seatings."""
    ruleset = GAME.load_ruleset("0.36")
    matchup = GAME.load_matchups(ruleset, ["hearthbound/brindle vs ironmaw/skara"])[0]
    policies = (GAME.load_policy("greedy_explorer"), GAME.load_policy("greedy_explorer"))
    lines = GAME.replay(
        ruleset, matchup, policies, SeedBlock(1, 2, np.array([0]), np.array([1], dtype=np.uint8))
    )
    assert "seat 0 (moves first): ironmaw/skara" in lines[1]


def test_featured_ally_costs_its_normal_charge():
    """Rulebook, OPTIONAL FEATURED OPENING: 'No extra card or copy is created. Normal play costs apply.'"""
    sc = WayboundScenario("hearthbound/brindle@orchard_tender", "ironmaw/skara")
    tender = sc.card("orchard_tender")
    assert "orchard_tender" in sc.hand(0) and sc.player(0)["charge"] == 1
    assert not any(a >> 16 == L.A_PLAY_ALLY and (a >> 8) & 255 == tender for a in sc.legal())  # costs 4
    sc.set(charge=(4, 0))
    sc.apply(sc.play("orchard_tender", LC))
    assert sc.player(0)["charge"] == 0
