"""Win rates from correlated games: the two games of a seat-swapped pair share their deal, so they
are not independent draws, and an interval that counts games as independent is too narrow when
they are positively correlated (the design effect; 1.2 on average and up to 1.6 in Waybound cells).

The unit of independence is the pair (a *cluster* of games). `clustered_rate` gives a cell's win
rate with the cluster-robust (sandwich) variance of the mean, turns it into a design effect against
the binomial variance, and reports a Wilson interval on the effective number of games
``games / max(design effect, 1)``. Wilson keeps the interval inside [0, 1] and non-degenerate when
every game went one way (a zero-spread cell still has a width), and the floor of 1 keeps it never
narrower than the plain Wilson interval (negative correlation would be a reason to narrow it, which
we do not take). `bradley_terry_cluster_bootstrap` resamples whole pairs within each cell.
"""

from __future__ import annotations

import numpy as np

from sim.stats.intervals import wilson_interval
from sim.stats.ratings import bradley_terry


def cluster_robust_variance(cluster_wins, cluster_games) -> tuple[float, float]:
    """(rate, variance of the rate) with the CR1 small-sample factor G / (G - 1) over G clusters."""
    wins = np.asarray(cluster_wins, np.float64)
    games = np.asarray(cluster_games, np.float64)
    total = games.sum()
    if total <= 0:
        return np.nan, np.nan
    rate = wins.sum() / total
    clusters = wins.size
    if clusters < 2:
        return float(rate), np.nan
    residual = wins - rate * games
    variance = (residual**2).sum() / total**2 * clusters / (clusters - 1)
    return float(rate), float(variance)


def clustered_rate(cluster_wins, cluster_games, confidence: float = 0.95) -> dict:
    """A win rate over clusters of games (pairs): rate, Wilson interval on the effective games,
    the design effect and the counts. Draws count half in ``cluster_wins``."""
    wins = np.asarray(cluster_wins, np.float64)
    games = np.asarray(cluster_games, np.float64)
    total = float(games.sum())
    rate, variance = cluster_robust_variance(wins, games)
    binomial = rate * (1 - rate) / total if total > 0 else np.nan
    if np.isfinite(variance) and binomial > 0:
        design_effect = variance / binomial
    else:
        design_effect = 1.0  # no spread (or one cluster): nothing to estimate; count games as they are
    effective = total / max(design_effect, 1.0) if total > 0 else 0.0
    low, high = wilson_interval(rate * effective, effective, confidence) if effective > 0 else (np.nan, np.nan)
    return {"rate": rate, "low": low, "high": high, "design_effect": float(design_effect), "games": total,
            "clusters": int(wins.size), "effective_games": float(effective)}


def bradley_terry_cluster_bootstrap(
    size: int,
    cells: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]],
    n_boot: int = 500,
    confidence: float = 0.95,
    seed: int = 0,
    prior_ties: float = 0.0,
) -> dict:
    """Bradley–Terry ratings with a percentile bootstrap that resamples whole pairs.

    ``cells[(i, j)] = (wins of i per pair, games per pair)`` for the pairs where deck i met deck j
    (i is side A of those pairs; a pairing played both ways has two cells). Each resample draws,
    within every cell, as many pairs as it has, with replacement, so the correlation of a pair's
    games is kept (a game-level resample treats them as independent and gives intervals too narrow).
    """
    def matrices(pick) -> tuple[np.ndarray, np.ndarray]:
        wins = np.zeros((size, size))
        played = np.zeros((size, size))
        for (i, j), (pair_wins, pair_games) in cells.items():
            rows = pick(len(pair_wins))
            w, g = float(pair_wins[rows].sum()), float(pair_games[rows].sum())
            wins[i, j] += w
            wins[j, i] += g - w
            played[i, j] += g
            played[j, i] += g
        return wins, played

    wins, played = matrices(lambda n: np.arange(n))
    point = bradley_terry(wins, played, prior_ties=prior_ties)
    generator = np.random.default_rng(seed)
    samples, failed = [], 0
    for _ in range(n_boot):
        resampled = matrices(lambda n: generator.integers(0, n, n))
        try:
            samples.append(bradley_terry(*resampled, prior_ties=prior_ties, tolerance=1e-9)["rating"])
        except ValueError:
            failed += 1
    tail = (1.0 - confidence) / 2.0 * 100.0
    if samples:
        stacked = np.vstack(samples)
        low, high = np.percentile(stacked, tail, axis=0), np.percentile(stacked, 100.0 - tail, axis=0)
    else:
        low = high = np.full(size, np.nan)
    return {**point, "low": low, "high": high, "failed": failed, "n_boot": n_boot, "wins": wins, "played": played}
