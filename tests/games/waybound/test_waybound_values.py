"""The greedy bot's action values against their plain reference.

generate_actions writes each main-phase action's value as it lists the action (grouped by kind, a
Tactic's effect already known); score_action works out the same value from the action code alone,
one action at a time. They must agree bit for bit at every main-phase decision, whatever the
position: random play over every Companion pairs them at thousands of decisions.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from sim.games.waybound import GAME
from sim.games.waybound import engine as E
from sim.games.waybound.scenario import Scenario

SIDES = [
    side
    for faction, spec in GAME.load_ruleset("0.36").tables.factions.items()
    for side in (f"{faction}/{companion}" for companion in spec["companions"])
]


def values_at(scenario: Scenario, weights: np.ndarray) -> tuple[list[int], np.ndarray, np.ndarray]:
    listed = np.zeros(E.MAX_LEGAL, dtype=np.int32)
    written = np.zeros(E.MAX_LEGAL, dtype=np.float64)
    n = E.generate_actions_call(scenario.s, scenario.rules, scenario.cards, scenario.profiles, listed, written, weights, None, -1)
    reference = np.zeros(n, dtype=np.float64)
    E.score_actions_call(scenario.s, scenario.rules, scenario.cards, scenario.profiles, listed, n, weights, reference)
    return [int(a) for a in listed[:n]], written[:n], reference


@pytest.mark.parametrize("policy", ["greedy_explorer", "greedy_fighter"])
def test_written_values_match_the_reference(policy):
    weights = np.asarray(GAME.load_policy(policy).params, dtype=np.float64)
    chooser = random.Random(5)
    decisions = 0
    tactic_decisions = 0
    for k, side in enumerate(SIDES):
        opponent = SIDES[(k + 3) % len(SIDES)]
        scenario = Scenario(side, opponent, seed=k + 1, swap=k % 2)
        while not scenario.done and scenario.s[E.G_ACTIONS] < 600:
            legal = scenario.legal()
            if scenario.phase == E.PH_MAIN:
                listed, written, reference = values_at(scenario, weights)
                assert listed == legal  # same actions, same order
                different = np.flatnonzero(written != reference)
                assert different.size == 0, [(scenario.describe(listed[i]), written[i], reference[i]) for i in different]
                decisions += 1
                tactic_decisions += any(a >> 16 == E.A_PLAY_TACTIC for a in legal)
            scenario.apply(chooser.choice(legal))
    assert decisions > 1000 and tactic_decisions > 300
