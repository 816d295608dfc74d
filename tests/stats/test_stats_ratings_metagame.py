import numpy as np
import pytest
from scipy.optimize import minimize

from sim.stats import bradley_terry, bradley_terry_bootstrap, kaplan_meier, metagame_equilibrium


def _expected_counts(strength, games=1000.0):
    strength = np.asarray(strength, dtype=float)
    probability = strength[:, None] / (strength[:, None] + strength[None, :])
    played = np.full((len(strength), len(strength)), games)
    np.fill_diagonal(played, 0)
    return probability * played, played


def test_bradley_terry_recovers_exact_strengths():
    """Hunter (2004) MM for Bradley–Terry. Wins equal to their expectations under the model: the MLE is the true strengths."""
    truth = np.array([4.0, 2.0, 1.0, 1.0])
    wins, played = _expected_counts(truth)
    fit = bradley_terry(wins, played)
    np.testing.assert_allclose(fit["strength"], truth / truth.sum(), rtol=1e-8)
    np.testing.assert_allclose(fit["rating"], np.log(truth) - np.log(truth).mean(), atol=1e-8)


def test_bradley_terry_matches_direct_likelihood_maximisation():
    wins = np.array([[0, 7, 3.5], [3, 0, 6], [6.5, 4, 0]])
    played = wins + wins.T

    def negative_log_likelihood(free):
        log_strength = np.concatenate([[0.0], free])
        difference = log_strength[:, None] - log_strength[None, :]
        return -np.sum(wins * (difference - np.logaddexp(0, difference)))

    optimum = minimize(negative_log_likelihood, np.zeros(2), method="BFGS", options={"gtol": 1e-10})
    expected = np.concatenate([[0.0], optimum.x])
    expected -= expected.mean()
    np.testing.assert_allclose(bradley_terry(wins, played)["rating"], expected, atol=1e-5)


def test_bradley_terry_refuses_undefeated_deck_without_prior():
    wins = np.array([[0, 5, 5], [0, 0, 3], [0, 2, 0]], dtype=float)
    played = wins + wins.T
    with pytest.raises(ValueError, match="prior_ties"):
        bradley_terry(wins, played)
    fit = bradley_terry(wins, played, prior_ties=1.0)
    assert fit["rating"][0] == fit["rating"].max()


def test_bootstrap_is_deterministic_and_brackets_the_fit():
    wins, played = _expected_counts([3.0, 2.0, 1.0], games=200)
    first = bradley_terry_bootstrap(wins, played, n_boot=100, seed=5)
    second = bradley_terry_bootstrap(wins, played, n_boot=100, seed=5)
    np.testing.assert_array_equal(first["low"], second["low"])
    assert np.all(first["low"] <= first["rating"]) and np.all(first["rating"] <= first["high"])
    narrow = bradley_terry_bootstrap(*_expected_counts([3.0, 2.0, 1.0], games=5000), n_boot=100, seed=5)
    assert np.all(narrow["high"] - narrow["low"] < first["high"] - first["low"])


def test_equilibrium_rock_paper_scissors():
    """Rock–paper–scissors: the unique equilibrium is the uniform mix, value 0."""
    rps = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    result = metagame_equilibrium(rps)
    np.testing.assert_allclose(result["mix"], [1 / 3, 1 / 3, 1 / 3], atol=1e-9)
    assert result["value"] == pytest.approx(0.0, abs=1e-9)


def test_equilibrium_weighted_rps_by_hand():
    # Payoff A = [[0,-a,b],[a,0,-c],[-b,c,0]]: A x = 0 at x proportional to (c, b, a).
    a, b, c = 0.1, 0.2, 0.3
    payoff = np.array([[0, -a, b], [a, 0, -c], [-b, c, 0]])
    result = metagame_equilibrium(0.5 + payoff)
    np.testing.assert_allclose(result["mix"], np.array([c, b, a]) / (a + b + c), atol=1e-9)


def test_equilibrium_drops_dominated_deck():
    # Deck 3 loses to every RPS deck: it must get zero weight.
    win_rates = np.array(
        [
            [0.5, 0.0, 1.0, 0.7],
            [1.0, 0.5, 0.0, 0.6],
            [0.0, 1.0, 0.5, 0.8],
            [0.3, 0.4, 0.2, 0.5],
        ]
    )
    result = metagame_equilibrium(win_rates)
    assert result["mix"][3] == 0.0
    np.testing.assert_allclose(result["mix"][:3], [1 / 3, 1 / 3, 1 / 3], atol=1e-9)


def test_equilibrium_needs_complete_matrix():
    with pytest.raises(ValueError, match="missing"):
        metagame_equilibrium(np.array([[0.5, np.nan], [np.nan, 0.5]]))


def test_kaplan_meier_by_hand():
    """Kaplan–Meier (1958) product-limit estimate, computed by hand."""
    result = kaplan_meier([2, 3, 3, 5, 6], [True, True, False, True, False])
    np.testing.assert_array_equal(result["times"], [2, 3, 5])
    np.testing.assert_allclose(result["survival"], [0.8, 0.6, 0.3])
    np.testing.assert_array_equal(result["at_risk"], [5, 4, 2])
