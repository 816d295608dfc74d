"""Fitting a bot's weights with CMA-ES (Hansen's `cma`), never by hand-tuning constants (issue 45).

A greedy plan's weights are data (the game's policies/*.yaml); its strength is the team's (or seat's)
win rate over a set of deals. Scored on the same deals for every candidate (common random numbers), the
objective is a deterministic function of the weights, so an evolution strategy can follow small
differences that fresh deals would drown in noise. The fitted weights are then checked on other deals
(held out) before they are kept: a plan that only learnt its training deals shows it there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Fit:
    weights: np.ndarray  # the best weights found (decoded: integers rounded, clipped to their limits)
    score: float  # the objective at those weights (on the training deals)
    evaluations: int
    generations: int


def fit_weights(objective: Callable[[np.ndarray], float], start: np.ndarray, step: np.ndarray,
                decode: Callable[[np.ndarray], np.ndarray], *, seed: int, evaluations: int,
                population: int = 16) -> Fit:
    """Maximise objective(decode(start + z * step)) over z by CMA-ES from z = 0 with sigma 1 (so `step` is
    each weight's first search radius), with at most `evaluations` calls. `decode` maps a candidate to valid
    weights (rounds integer weights, clips limits); the start is always among the candidates scored."""
    import cma

    def weights_of(z):
        return decode(np.asarray(start, np.float64) + np.asarray(z) * step)

    best_weights = weights_of(np.zeros(len(start)))
    best_score = objective(best_weights)
    strategy = cma.CMAEvolutionStrategy(np.zeros(len(start)), 1.0, {
        "popsize": population, "seed": seed, "maxfevals": evaluations, "verbose": -9,
        # the objective is a rate over a finite set of deals: flat stretches are normal, not convergence
        "tolflatfitness": 50, "tolfun": 1e-6, "tolfunhist": 1e-6,
    })
    calls = 1
    generations = 0
    while not strategy.stop() and calls + population <= evaluations:
        candidates = strategy.ask()
        scores = []
        for z in candidates:
            weights = weights_of(z)
            score = objective(weights)
            calls += 1
            if score > best_score:
                best_score, best_weights = score, weights
            scores.append(-score)
        strategy.tell(candidates, scores)
        generations += 1
    return Fit(weights=best_weights, score=best_score, evaluations=calls, generations=generations)
