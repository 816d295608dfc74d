import numpy as np
import pytest
from scipy import stats as scipy_stats
from statsmodels.stats.proportion import proportion_confint

from sim.stats import mean_t_interval, score_interval, wilson_interval


def test_wilson_matches_newcombe_textbook_example():
    """Newcombe (1998), Stat Med 17:857, example 81/263: Wilson 95% interval 0.2553 to 0.3662."""
    low, high = wilson_interval(81, 263)
    assert low == pytest.approx(0.2553, abs=5e-5)
    assert high == pytest.approx(0.3662, abs=5e-5)


def test_wilson_three_of_four_by_hand():
    # z = 1.959964; centre = (0.75 + z^2/8) / (1 + z^2/4); half = z/(1+z^2/4) * sqrt(3/64 + z^2/64)
    z = 1.959963984540054
    denominator = 1 + z * z / 4
    centre = (0.75 + z * z / 8) / denominator
    half = z / denominator * np.sqrt(0.1875 / 4 + z * z / 64)
    low, high = wilson_interval(3, 4)
    assert (low, high) == pytest.approx((centre - half, centre + half), abs=1e-12)
    assert (low, high) == pytest.approx((0.30065, 0.95441), abs=1e-5)


def test_wilson_vectorized_matches_statsmodels():
    successes = np.array([0, 1, 5, 50, 99, 100])
    totals = np.array([10, 10, 10, 100, 100, 100])
    for confidence in (0.9, 0.95, 0.99):
        low, high = wilson_interval(successes, totals, confidence)
        expected_low, expected_high = proportion_confint(
            successes, totals, alpha=1 - confidence, method="wilson"
        )
        np.testing.assert_allclose(low, expected_low, atol=1e-12)
        np.testing.assert_allclose(high, expected_high, atol=1e-12)


def test_wilson_empty_is_nan():
    low, high = wilson_interval(np.array([0, 2]), np.array([0, 4]))
    assert np.isnan(low[0]) and np.isnan(high[0])
    assert not np.isnan(low[1])


def test_mean_t_interval_matches_scipy():
    values = np.array([0.5, 1.0, 0.25, 0.75, 0.5, 0.0, 1.0])
    summary = mean_t_interval(values, 0.95)
    expected = scipy_stats.t.interval(0.95, len(values) - 1, loc=values.mean(), scale=scipy_stats.sem(values))
    assert summary["mean"] == pytest.approx(values.mean())
    assert (summary["low"], summary["high"]) == pytest.approx(expected, abs=1e-12)
    assert summary["n"] == 7


def test_mean_t_interval_single_value_has_no_bounds():
    summary = mean_t_interval([0.5])
    assert summary["mean"] == 0.5 and np.isnan(summary["low"])


def test_a_score_interval_keeps_a_width_when_every_pair_scored_the_same():
    """640 pairs all won (the ladder's greedy bot over random): the t-interval has no width, but 640
    pairs cannot rule out a win rate just below 100%; the score interval is then the Wilson interval,
    the widest a [0, 1] score with that mean can need (Bernoulli spread)."""
    summary = score_interval(np.ones(640))
    low, high = wilson_interval(640, 640)
    assert summary["mean"] == 1.0 and summary["high"] == 1.0 and summary["low"] == low < 1.0
    assert 0.99 < summary["low"] < 0.995  # the rule of three's ~3/n from the top
    assert score_interval(np.zeros(50))["high"] == wilson_interval(0, 50)[1] > 0.0
    even = score_interval(np.full(10, 0.5))
    assert even["low"] < 0.5 < even["high"]


def test_a_score_interval_is_the_t_interval_inside_the_unit_range_otherwise():
    scores = np.array([1.0, 0.5, 1.0, 1.0, 0.0, 0.5])
    t = mean_t_interval(scores)
    summary = score_interval(scores)
    assert summary["mean"] == t["mean"] and summary["low"] == max(0.0, t["low"]) and summary["high"] == min(1.0, t["high"])
    assert score_interval(np.array([1.0, 0.5, 1.0, 1.0]))["high"] == 1.0  # t alone gives 1.27
