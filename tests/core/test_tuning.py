"""sim/core/tuning.py: CMA-ES over a bot's weights, on a deterministic objective."""

import numpy as np

from sim.core.tuning import fit_weights


def _decode(weights):
    out = np.array(weights, np.float64)
    out[1] = float(np.clip(np.round(out[1]), 0, 10))  # an integer weight
    return out


def test_the_fit_climbs_to_the_best_weights_within_its_budget():
    calls, scores = [], []

    def objective(weights):
        calls.append(weights.copy())
        scores.append(-((weights[0] - 3.0) ** 2) - (weights[1] - 7) ** 2 - (weights[2] + 1.0) ** 2)
        return scores[-1]

    start = np.array([0.0, 2.0, 0.0])
    fit = fit_weights(objective, start, np.array([1.0, 2.0, 1.0]), _decode, seed=1, evaluations=400, population=8)
    assert fit.evaluations == len(calls) <= 400
    assert (calls[0] == start).all(), "the start is scored first"
    assert abs(fit.weights[0] - 3.0) < 0.1 and fit.weights[1] == 7 and abs(fit.weights[2] + 1.0) < 0.1
    assert fit.score == max(scores), "the best candidate scored is kept"
    assert all(c[1] == round(c[1]) for c in calls), "every candidate is decoded before it is scored"


def test_the_fit_is_a_function_of_its_seed():
    def objective(weights):
        return -float(np.sum((weights - 1.5) ** 2))

    runs = [fit_weights(objective, np.zeros(3), np.ones(3), _decode, seed=5, evaluations=120, population=6)
            for _ in range(2)]
    assert (runs[0].weights == runs[1].weights).all() and runs[0].score == runs[1].score
