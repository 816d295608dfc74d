"""How much of an outcome's variance comes from one source of randomness?

A study holds some random streams fixed within a *group* of matches (e.g. the nemesis deck and the
bots' tie-breaks) and lets one stream vary (e.g. the turn-order deck). A one-way random-effects
analysis of variance then splits the outcome variance into the part between groups (what the held
streams decide) and the part within groups (what the varying stream decides).
"""

from __future__ import annotations

import numpy as np


def _components(values: np.ndarray, codes: np.ndarray, n_groups: int) -> tuple[float, float]:
    counts = np.bincount(codes, minlength=n_groups).astype(np.float64)
    sums = np.bincount(codes, weights=values, minlength=n_groups)
    keep = counts > 0
    counts, sums = counts[keep], sums[keep]
    total = counts.sum()
    groups = counts.size
    if groups < 2 or total <= groups:
        return float("nan"), float("nan")
    means = sums / counts
    grand_mean = sums.sum() / total
    squares = np.bincount(codes, weights=values * values, minlength=n_groups)[keep]
    within_sum = float(np.sum(squares - counts * means * means))
    between_sum = float(np.sum(counts * (means - grand_mean) ** 2))
    mean_square_within = max(within_sum, 0.0) / (total - groups)
    mean_square_between = between_sum / (groups - 1)
    # Unbalanced groups: the ANOVA estimator uses the effective group size n0 (Searle 1971).
    effective_size = (total - np.sum(counts * counts) / total) / (groups - 1)
    between = max((mean_square_between - mean_square_within) / effective_size, 0.0)
    return mean_square_within, between


def variance_components(values, groups, *, n_boot: int = 500, seed: int = 0, confidence: float = 0.95) -> dict:
    """Within- and between-group variance of ``values`` grouped by ``groups``.

    Returns the ANOVA estimates ``within`` (σ²_w) and ``between`` (σ²_b, floored at 0), the share of
    variance within groups ``within_share`` = σ²_w / (σ²_w + σ²_b) with a percentile bootstrap
    interval over whole groups (``within_low``/``within_high``), the number of groups and values,
    and ``mixed_groups``: the share of groups whose values are not all equal (for a won/lost
    outcome: groups where the varying stream changed the result at least once).
    """
    values = np.asarray(values, dtype=np.float64)
    _, codes = np.unique(np.asarray(groups), return_inverse=True)
    n_groups = int(codes.max()) + 1 if codes.size else 0
    within, between = _components(values, codes, n_groups)
    share = within / (within + between) if within + between > 0 else float("nan")
    low = high = float("nan")
    if n_groups >= 2 and n_boot > 0 and np.isfinite(share):
        generator = np.random.default_rng(seed)
        order = np.argsort(codes, kind="stable")
        starts = np.searchsorted(codes[order], np.arange(n_groups))
        stops = np.append(starts[1:], codes.size)
        shares = []
        for _ in range(n_boot):
            picked = generator.integers(0, n_groups, n_groups)
            index = np.concatenate([order[starts[g] : stops[g]] for g in picked])
            new_codes = np.repeat(np.arange(n_groups), stops[picked] - starts[picked])
            w, b = _components(values[index], new_codes, n_groups)
            if np.isfinite(w) and w + b > 0:
                shares.append(w / (w + b))
        if shares:
            tail = 100 * (1 - confidence) / 2
            low, high = (float(x) for x in np.percentile(shares, [tail, 100 - tail]))
    group_min = np.full(n_groups, np.inf)
    group_max = np.full(n_groups, -np.inf)
    np.minimum.at(group_min, codes, values)
    np.maximum.at(group_max, codes, values)
    mixed = float(np.mean(group_max > group_min)) if n_groups else float("nan")
    return {
        "groups": n_groups,
        "values": int(values.size),
        "within": within,
        "between": between,
        "within_share": share,
        "within_low": low,
        "within_high": high,
        "mixed_groups": mixed,
    }
