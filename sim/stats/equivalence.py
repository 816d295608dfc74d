"""Equivalence testing (TOST): is a mean within ``target ± margin``?

"Advantage removed" is a claim of equivalence, which a non-significant ordinary test cannot
support (absence of evidence). Two one-sided t-tests (Schuirmann 1987) reject both
"mean <= target - margin" and "mean >= target + margin"; the TOST p-value is the larger of the
two, and the test at level alpha is the same as the (1 - 2 alpha) confidence interval lying
inside the band. The margin must be fixed before looking at the data (it comes from config).
"""

from __future__ import annotations

import numpy as np
from scipy import stats as scipy_stats


def tost_equivalence(values, target: float = 0.5, margin: float = 0.02, alpha: float = 0.05) -> dict:
    """TOST of the mean of independent ``values`` (e.g. pair-level first-player scores).

    Returns ``mean``, ``n``, ``p_value``, ``p_lower``, ``p_upper``, ``low``/``high`` (the
    1 - 2 alpha t-interval), ``verdict`` ("equivalent" or "not shown") and the band.
    Agrees with statsmodels ``ttost_paired(values, full(target), -margin, margin)``.
    """
    if margin <= 0:
        raise ValueError(f"equivalence margin must be positive, got {margin}")
    if not 0 < alpha < 0.5:
        raise ValueError(f"alpha must be in (0, 0.5), got {alpha}")
    array = np.asarray(values, dtype=np.float64)
    array = array[~np.isnan(array)]
    count = int(array.size)
    lower_bound, upper_bound = target - margin, target + margin
    result = {
        "mean": float(array.mean()) if count else np.nan,
        "n": count,
        "target": target,
        "margin": margin,
        "alpha": alpha,
        "band_low": lower_bound,
        "band_high": upper_bound,
    }
    if count < 2:
        result.update(
            p_value=np.nan, p_lower=np.nan, p_upper=np.nan, low=np.nan, high=np.nan, verdict="not shown"
        )
        return result
    mean = result["mean"]
    se = float(array.std(ddof=1) / np.sqrt(count))
    degrees = count - 1
    if se == 0.0:
        # No spread: the standard error cannot be estimated, so nothing is shown (a sample of two
        # identical scores is no evidence of equivalence, whatever the mean).
        result.update(p_value=np.nan, p_lower=np.nan, p_upper=np.nan, low=np.nan, high=np.nan,
                      verdict="not shown (no spread)")
        return result
    else:
        p_lower = float(scipy_stats.t.sf((mean - lower_bound) / se, degrees))
        p_upper = float(scipy_stats.t.cdf((mean - upper_bound) / se, degrees))
        t_quantile = float(scipy_stats.t.ppf(1.0 - alpha, degrees))
        result.update(
            p_value=max(p_lower, p_upper),
            p_lower=p_lower,
            p_upper=p_upper,
            low=mean - t_quantile * se,
            high=mean + t_quantile * se,
        )
    result["verdict"] = "equivalent" if result["p_value"] < alpha else "not shown"
    return result
