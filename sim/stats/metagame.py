"""Metagame equilibrium: which mix of decks can no single deck exploit?

A matchup win-rate matrix P (P[i, j] = probability deck i beats deck j) defines a symmetric
zero-sum game with payoff A = P - 1/2 to the row player. Its mixed Nash equilibrium x maximises
the worst-case payoff: max v s.t. (A^T x)_j >= v for every deck j, sum x = 1, x >= 0, solved as
a linear program. For a symmetric zero-sum game the value is 0. Metagames are often intransitive
(rock–paper–scissors), so the equilibrium can mix decks that no rating ranks first.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import linprog


def metagame_equilibrium(win_rates) -> dict:
    """Mixed equilibrium of the symmetric zero-sum game given by ``win_rates``.

    The matrix is made consistent first, A = (P - P^T)/2, which equals P - 1/2 whenever
    P[i, j] + P[j, i] = 1, and averages the two estimates otherwise. Returns ``mix`` (weights,
    tiny LP noise below 1e-9 set to 0 and renormalised) and ``value`` (the game value, ~0).
    The equilibrium is not always unique; the LP returns one of them.
    """
    matrix = np.asarray(win_rates, dtype=np.float64)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError("win-rate matrix must be square")
    off_diagonal = ~np.eye(matrix.shape[0], dtype=bool)
    if np.isnan(matrix[off_diagonal]).any():
        raise ValueError("win-rate matrix has missing matchups; the equilibrium needs every pairing")
    payoff = (np.nan_to_num(matrix) - np.nan_to_num(matrix).T) / 2.0
    size = payoff.shape[0]
    # Variables: x_1..x_n, v. Minimise -v subject to v - (A^T x)_j <= 0, sum x = 1.
    objective = np.zeros(size + 1)
    objective[-1] = -1.0
    inequality = np.hstack([-payoff.T, np.ones((size, 1))])
    equality = np.hstack([np.ones((1, size)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * size + [(None, None)]
    solution = linprog(
        objective,
        A_ub=inequality,
        b_ub=np.zeros(size),
        A_eq=equality,
        b_eq=np.ones(1),
        bounds=bounds,
        method="highs",
    )
    if not solution.success:
        raise ValueError(f"equilibrium LP failed: {solution.message}")
    mix = np.where(solution.x[:size] < 1e-9, 0.0, solution.x[:size])
    mix /= mix.sum()
    return {"mix": mix, "value": float(solution.x[-1])}
