"""Wald's sequential probability ratio test (SPRT) for stopping a sweep early.

H0: win probability p = p0 against H1: p = p1. After each observation x the log-likelihood ratio
grows by ``x log(p1/p0) + (1 - x) log((1 - p1)/(1 - p0))``; the test stops for H1 when the sum
reaches log((1 - beta)/alpha), for H0 when it falls to log(beta/(1 - alpha)), and continues
between (Wald 1945).

Pair scores. A seat-swapped pair gives a score in {0, .25, .5, .75, 1} (two games, draws count
half). We treat a pair score s as a *fraction of a win* and use the same increment with x = s,
one "trial" per pair (the Bernoulli quasi-likelihood). For 0/1 scores this is Wald's test
exactly. For pair scores it is conservative: the Bernoulli model assumes the variance p(1 - p),
and a pair's mean score has variance p(1 - p)(1 + rho)/2 <= p(1 - p) (rho = correlation of the
two games), so each pair is credited with no more evidence than it carries. Counting a pair as
two independent games instead would overstate the evidence whenever the games of a pair are
positively correlated, which they are (they share the deal).
"""

from __future__ import annotations

import numpy as np


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """(lower, upper) log-likelihood-ratio thresholds of Wald's SPRT."""
    if not (0 < alpha < 1 and 0 < beta < 1 and alpha + beta < 1):
        raise ValueError(f"need 0 < alpha, beta and alpha + beta < 1; got alpha={alpha}, beta={beta}")
    return float(np.log(beta / (1.0 - alpha))), float(np.log((1.0 - beta) / alpha))


def sprt_decision(scores, p0: float, p1: float, alpha: float = 0.05, beta: float = 0.05) -> dict:
    """Run the SPRT over ``scores`` in order and stop at the first crossing.

    ``scores``: 0/1 outcomes or pair scores in [0, 1] (see module doc). Returns ``decision``
    ("continue", "accept_h0" or "accept_h1"), ``llr`` (log-likelihood ratio when stopped, or after
    all scores), ``n_used`` (observations consumed), ``lower`` and ``upper`` thresholds.
    """
    if not (0 < p0 < 1 and 0 < p1 < 1) or p0 == p1:
        raise ValueError(f"need distinct p0, p1 strictly between 0 and 1; got p0={p0}, p1={p1}")
    array = np.asarray(scores, dtype=np.float64)
    if array.size and (np.nanmin(array) < 0 or np.nanmax(array) > 1):
        raise ValueError("scores must lie in [0, 1]")
    array = array[~np.isnan(array)]
    lower, upper = sprt_bounds(alpha, beta)
    win_weight = np.log(p1 / p0)
    loss_weight = np.log((1.0 - p1) / (1.0 - p0))
    path = np.cumsum(array * win_weight + (1.0 - array) * loss_weight)
    decision, n_used, llr = "continue", int(array.size), float(path[-1]) if array.size else 0.0
    crossed = np.nonzero((path >= upper) | (path <= lower))[0]
    if crossed.size:
        index = int(crossed[0])
        llr = float(path[index])
        n_used = index + 1
        decision = "accept_h1" if llr >= upper else "accept_h0"
    return {"decision": decision, "llr": llr, "n_used": n_used, "lower": lower, "upper": upper}


def sprt_three_way(scores, p_null: float = 0.5, delta: float = 0.05, alpha: float = 0.05, beta: float = 0.05) -> dict:
    """A three-way sequential test of a first-player score around ``p_null`` (Sobel and Wald 1949):
    two SPRTs run side by side, "p = p_null vs p = p_null + delta" and "p = p_null vs p = p_null - delta".

    Decisions: "first_favoured" (the upper test accepts its H1), "second_favoured" (the lower test
    accepts its H1), "no_difference" (both accept p_null: any edge is smaller than about delta), or
    "continue". Unlike the one-sided test, a 45% score is not "accepted as p_null": it ends as
    "second_favoured". Each side keeps its error rates alpha and beta. ``n_used`` is where the
    decision was reached (the later of the two tests' stops)."""
    if not 0 < delta < min(p_null, 1 - p_null):
        raise ValueError(f"need 0 < delta < min(p_null, 1 - p_null); got delta={delta}, p_null={p_null}")
    upper = sprt_decision(scores, p_null, p_null + delta, alpha, beta)
    lower = sprt_decision(scores, p_null, p_null - delta, alpha, beta)
    if upper["decision"] == "accept_h1" and (lower["decision"] != "accept_h1" or upper["n_used"] <= lower["n_used"]):
        decision, used = "first_favoured", upper["n_used"]
    elif lower["decision"] == "accept_h1":
        decision, used = "second_favoured", lower["n_used"]
    elif upper["decision"] == "accept_h0" and lower["decision"] == "accept_h0":
        decision, used = "no_difference", max(upper["n_used"], lower["n_used"])
    else:
        decision, used = "continue", int(np.asarray(scores).size)
    return {"decision": decision, "n_used": used, "upper": upper, "lower": lower}
