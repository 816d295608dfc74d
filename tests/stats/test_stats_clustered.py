"""Corrected statistics (issue 20): pair-clustered intervals, a pair-resampling Bradley–Terry
bootstrap, the three-way SPRT and TOST without spread — each checked against independent code."""

import numpy as np
import statsmodels.api as sm
from statsmodels.stats.proportion import proportion_confint

from sim.stats import (
    bradley_terry_bootstrap,
    bradley_terry_cluster_bootstrap,
    cluster_robust_variance,
    clustered_rate,
    sprt_three_way,
    tost_equivalence,
)


def _correlated_pairs(rng, pairs: int, rate: float, correlation: float):
    """Pairs of two games: with probability `correlation` both games copy one draw."""
    first = rng.random(pairs) < rate
    copy = rng.random(pairs) < correlation
    second = np.where(copy, first, rng.random(pairs) < rate)
    return first.astype(float) + second.astype(float)


def test_cluster_robust_variance_matches_statsmodels_cluster_ols():
    """The mean of game outcomes with a pair-clustered (CR1) variance = statsmodels' OLS on a constant
    with cov_type='cluster' (its default small-sample correction, G/(G-1) x (N-1)/(N-K), K=1)."""
    rng = np.random.default_rng(3)
    wins = _correlated_pairs(rng, 400, 0.55, 0.4)
    games = np.full(400, 2.0)
    rate, variance = cluster_robust_variance(wins, games)
    outcomes = np.concatenate([[1.0] * int(w) + [0.0] * int(2 - w) for w in wins])
    groups = np.repeat(np.arange(400), 2)
    fit = sm.OLS(outcomes, np.ones((800, 1))).fit(cov_type="cluster", cov_kwds={"groups": groups})
    assert np.isclose(rate, fit.params[0])
    assert np.isclose(variance, fit.bse[0] ** 2, rtol=1e-9)  # (N-1)/(N-K) = 1 with K = 1


def test_clustered_interval_covers_at_its_level_where_the_game_level_one_does_not():
    """Positively correlated pairs (design effect ~1.5): the game-level Wilson interval under-covers,
    the clustered one covers about 95%."""
    rng = np.random.default_rng(11)
    truth, reps = 0.55, 1500
    covered_games = covered_pairs = 0
    effects = []
    for _ in range(reps):
        wins = _correlated_pairs(rng, 150, truth, 0.5)
        low, high = proportion_confint(wins.sum(), 300, method="wilson")
        covered_games += low <= truth <= high
        cell = clustered_rate(wins, np.full(150, 2.0))
        covered_pairs += cell["low"] <= truth <= cell["high"]
        effects.append(cell["design_effect"])
    assert 1.35 < np.mean(effects) < 1.65
    assert covered_games / reps < 0.925
    assert 0.935 < covered_pairs / reps < 0.965


def test_a_cell_without_spread_keeps_a_width():
    cell = clustered_rate(np.full(20, 2.0), np.full(20, 2.0))
    assert cell["rate"] == 1.0 and cell["high"] == 1.0 and cell["low"] < 0.95
    assert np.isclose(cell["low"], proportion_confint(40, 40, method="wilson")[0])


def test_pair_bootstrap_is_wider_than_the_game_bootstrap_when_pairs_are_correlated():
    """Three decks, every pairing played both ways; both games of a pair always have one winner
    (perfect correlation): resampling pairs sees half as many independent draws as games."""
    rng = np.random.default_rng(5)
    strengths = {0: 0.5, 1: 0.6, 2: 0.7}
    cells = {}
    for i in range(3):
        for j in range(3):
            if i != j:
                p = strengths[i] / (strengths[i] + strengths[j])
                cells[(i, j)] = (2.0 * (rng.random(200) < p), np.full(200, 2.0))
    clustered = bradley_terry_cluster_bootstrap(3, cells, n_boot=300, seed=1, prior_ties=1.0)
    game_level = bradley_terry_bootstrap(clustered["wins"], clustered["played"], n_boot=300, seed=1, prior_ties=1.0)
    width_pairs = clustered["high"] - clustered["low"]
    width_games = game_level["high"] - game_level["low"]
    assert np.allclose(clustered["rating"], game_level["rating"])
    assert (width_pairs / width_games > 1.2).all()


def test_three_way_sprt_names_the_favoured_side_and_equivalence():
    """A 45% first-player score must end as 'second favoured', not as 'accepted H0' (issue 20)."""
    rng = np.random.default_rng(2)
    assert sprt_three_way(rng.random(20_000) < 0.45, 0.5, 0.05)["decision"] == "second_favoured"
    assert sprt_three_way(rng.random(20_000) < 0.56, 0.5, 0.05)["decision"] == "first_favoured"
    assert sprt_three_way(rng.random(20_000) < 0.5, 0.5, 0.05)["decision"] == "no_difference"
    assert sprt_three_way(np.ones(3), 0.5, 0.05)["decision"] == "continue"


def test_three_way_sprt_error_rates_by_simulation():
    """At p = 0.5 +- delta each wrong call is rare (alpha = beta = 0.05 per side)."""
    rng = np.random.default_rng(9)
    wrong = sum(sprt_three_way(rng.random(4000) < 0.55, 0.5, 0.05)["decision"] != "first_favoured" for _ in range(200))
    assert wrong / 200 < 0.1


def test_tost_without_spread_shows_nothing():
    """tost_equivalence([0.5, 0.5]) used to say 'equivalent' with p = 0."""
    result = tost_equivalence([0.5, 0.5], margin=0.02)
    assert result["verdict"].startswith("not shown") and np.isnan(result["p_value"])
