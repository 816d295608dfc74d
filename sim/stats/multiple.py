"""Multiple-comparison control across a matchup matrix or many edition comparisons."""

from __future__ import annotations

import numpy as np
from statsmodels.stats.multitest import multipletests

METHODS = {"holm": "holm", "bh": "fdr_bh"}


def adjust_pvalues(p_values, method: str = "holm", alpha: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """Adjusted p-values and rejections: ``method`` "holm" (family-wise error, Holm 1979) or
    "bh" (false discovery rate, Benjamini–Hochberg 1995). NaN p-values (untestable comparisons)
    are left out of the family and stay NaN / not rejected."""
    if method not in METHODS:
        raise ValueError(f"unknown method '{method}', use one of {sorted(METHODS)}")
    array = np.asarray(p_values, dtype=np.float64)
    adjusted = np.full(array.shape, np.nan)
    reject = np.zeros(array.shape, dtype=bool)
    present = ~np.isnan(array)
    if present.any():
        rejected, corrected, _, _ = multipletests(array[present], alpha=alpha, method=METHODS[method])
        adjusted[present] = corrected
        reject[present] = rejected
    return reject, adjusted
