"""Confidence intervals for win rates and means."""

from __future__ import annotations

import numpy as np
from scipy import stats as scipy_stats


def _z_value(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be strictly between 0 and 1, got {confidence}")
    return float(scipy_stats.norm.ppf(0.5 + confidence / 2.0))


def wilson_interval(successes, n, confidence: float = 0.95):
    """Wilson score interval for a binomial proportion (vectorized).

    Draws count as half a success, so ``successes`` may be fractional. Returns ``(low, high)``
    as floats for scalar input, numpy arrays otherwise; NaN where ``n`` is 0. Matches
    statsmodels ``proportion_confint(method="wilson")``.
    """
    z = _z_value(confidence)
    successes_array = np.asarray(successes, dtype=np.float64)
    n_array = np.asarray(n, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        proportion = successes_array / n_array
        z_squared = z * z
        denominator = 1.0 + z_squared / n_array
        centre = (proportion + z_squared / (2.0 * n_array)) / denominator
        half_width = (z / denominator) * np.sqrt(
            proportion * (1.0 - proportion) / n_array + z_squared / (4.0 * n_array * n_array)
        )
        # At 0 or n successes the bound is exactly 0 or 1; the formula can miss it by rounding.
        low = np.where(successes_array <= 0, 0.0, np.clip(centre - half_width, 0.0, 1.0))
        high = np.where(successes_array >= n_array, 1.0, np.clip(centre + half_width, 0.0, 1.0))
        low = np.where(n_array > 0, low, np.nan)
        high = np.where(n_array > 0, high, np.nan)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def mean_t_interval(values, confidence: float = 0.95) -> dict[str, float]:
    """Mean of independent observations with a Student-t interval.

    Returns ``mean``, ``low``, ``high``, ``n``, ``sd`` (sample standard deviation) and ``se``.
    With fewer than two observations the bounds are NaN; with zero spread the interval collapses
    to the mean (the data show no variation, so no width can be estimated).
    """
    _z_value(confidence)
    array = np.asarray(values, dtype=np.float64)
    array = array[~np.isnan(array)]
    count = int(array.size)
    if count == 0:
        return {"mean": np.nan, "low": np.nan, "high": np.nan, "n": 0, "sd": np.nan, "se": np.nan}
    mean = float(array.mean())
    if count < 2:
        return {"mean": mean, "low": np.nan, "high": np.nan, "n": count, "sd": np.nan, "se": np.nan}
    sd = float(array.std(ddof=1))
    se = sd / np.sqrt(count)
    t_quantile = float(scipy_stats.t.ppf(0.5 + confidence / 2.0, df=count - 1))
    return {
        "mean": mean,
        "low": mean - t_quantile * se,
        "high": mean + t_quantile * se,
        "n": count,
        "sd": sd,
        "se": float(se),
    }


def score_interval(values, confidence: float = 0.95) -> dict[str, float]:
    """Mean of independent scores in [0, 1] (a pair's share of wins, draws half) with an interval:
    the Student-t interval of mean_t_interval, except when the scores show no spread (every pair won,
    say). Then the t-interval has no width, although n scores cannot rule out a mean a little away
    from what they all show: the interval is then the Wilson interval of the mean over n, the one of a
    Bernoulli score, whose spread is the largest a [0, 1] score with that mean can have. With every
    one of 640 pairs won, [99.4%, 100%] instead of [100%, 100%]. The t bounds are kept inside [0, 1]."""
    summary = mean_t_interval(values, confidence)
    if summary["n"] >= 2 and summary["sd"] == 0.0:
        summary["low"], summary["high"] = wilson_interval(summary["mean"] * summary["n"], summary["n"], confidence)
    elif summary["n"] >= 2:
        summary["low"], summary["high"] = max(0.0, summary["low"]), min(1.0, summary["high"])
    return summary


def difference_interval(values, confidence: float = 0.95) -> dict[str, float]:
    """Mean of paired differences of two [0, 1] scores (so each lies in [-1, 1]) with an interval: the
    Student-t interval of mean_t_interval, kept inside [-1, 1], except when every difference is the same
    value d. Then the t-interval has no width, although n equal differences cannot rule out that some
    pairs differ otherwise: by the exact (Clopper-Pearson) bound for no such pair in n, a share of up to
    q = 1 - ((1 - confidence) / 2) ** (1 / n) of them may, each by at most the room the range leaves
    (d + 1 below, 1 - d above). So the interval is [d - q (d + 1), d + q (1 - d)]: identical arms over
    6,400 pairs give 0 [-0.06, +0.06] pts; every one of 40 pairs +0.25 gives [+0.14, +0.32]."""
    summary = mean_t_interval(values, confidence)
    if summary["n"] >= 2 and summary["sd"] == 0.0:
        share = 1.0 - ((1.0 - confidence) / 2.0) ** (1.0 / summary["n"])
        mean = summary["mean"]
        summary["low"], summary["high"] = mean - share * (mean + 1.0), mean + share * (1.0 - mean)
    elif summary["n"] >= 2:
        summary["low"], summary["high"] = max(-1.0, summary["low"]), min(1.0, summary["high"])
    return summary
