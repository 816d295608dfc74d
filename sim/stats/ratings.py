"""Bradley–Terry ratings from a win/played matrix (MM algorithm, Hunter 2004).

Model: P(i beats j) = s_i / (s_i + s_j). The minorization–maximization update
``s_i <- W_i / sum_j n_ij / (s_i + s_j)`` (W_i = total wins of i, n_ij = games between i and j)
increases the likelihood at every step and converges to the maximum-likelihood strengths when
the "beats" graph is strongly connected (every deck has beaten, and lost to, some path of decks);
otherwise the MLE does not exist (a deck that never loses has infinite strength).
Draws count half a win to each side.
"""

from __future__ import annotations

import numpy as np


def _strongly_connected(wins: np.ndarray) -> bool:
    size = wins.shape[0]
    beats = wins > 0

    def reach(adjacency: np.ndarray) -> np.ndarray:
        seen = np.zeros(size, dtype=bool)
        seen[0] = True
        frontier = [0]
        while frontier:
            node = frontier.pop()
            for other in np.nonzero(adjacency[node] & ~seen)[0]:
                seen[other] = True
                frontier.append(int(other))
        return seen

    return bool(reach(beats).all() and reach(beats.T).all())


def bradley_terry(
    wins, played, prior_ties: float = 0.0, max_iterations: int = 10_000, tolerance: float = 1e-12
) -> dict:
    """Maximum-likelihood Bradley–Terry strengths.

    ``wins[i, j]``: wins of i against j (draws as halves); ``played[i, j]``: games between i and
    j (symmetric, ``wins + wins.T == played`` off the diagonal). ``prior_ties``: virtual games per
    played pair, split half/half, added to both directions (regularises a deck that never lost
    or never won; 0 gives the plain MLE). Returns ``strength`` (sums to 1), ``rating``
    (log strength, centred to mean 0, so 0 is the average deck), ``iterations``.
    Raises ValueError when the MLE does not exist (graph not strongly connected) and no prior.
    """
    wins = np.array(wins, dtype=np.float64)
    played = np.array(played, dtype=np.float64)
    if wins.ndim != 2 or wins.shape[0] != wins.shape[1] or played.shape != wins.shape:
        raise ValueError("wins and played must be square matrices of the same shape")
    np.fill_diagonal(wins, 0.0)
    np.fill_diagonal(played, 0.0)
    if not np.allclose(played, played.T):
        raise ValueError("played must be symmetric")
    if prior_ties > 0:
        has_games = played > 0
        wins = wins + np.where(has_games, prior_ties / 2.0, 0.0)
        played = played + np.where(has_games, prior_ties, 0.0)
    if not _strongly_connected(wins):
        raise ValueError(
            "Bradley–Terry MLE does not exist: some deck never won or never lost against the rest; "
            "use prior_ties > 0"
        )
    size = wins.shape[0]
    total_wins = wins.sum(axis=1)
    strength = np.full(size, 1.0 / size)
    iterations = 0
    for iteration in range(1, max_iterations + 1):
        iterations = iteration
        denominator = (played / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated = total_wins / denominator
        updated /= updated.sum()
        change = float(np.max(np.abs(np.log(updated) - np.log(strength))))
        strength = updated
        if change < tolerance:
            break
    rating = np.log(strength)
    rating -= rating.mean()
    return {"strength": strength, "rating": rating, "iterations": iterations}


def bradley_terry_bootstrap(
    wins,
    played,
    n_boot: int = 500,
    confidence: float = 0.95,
    seed: int = 0,
    prior_ties: float = 0.0,
) -> dict:
    """Bradley–Terry ratings with percentile bootstrap intervals.

    Each resample redraws every pair's games: wins*_ij ~ Binomial(n_ij, w_ij / n_ij) (rounded
    n_ij), wins*_ji = n_ij - wins*_ij, then refits. Draws enter as half-wins in the proportion,
    which slightly overstates the variance when draws occur (intervals err wide, never narrow).
    Deterministic for a given ``seed``. Returns the point fit plus ``low`` and ``high`` arrays for
    ``rating`` and ``failed`` (resamples where the MLE did not exist, which are left out).
    """
    point = bradley_terry(wins, played, prior_ties=prior_ties)
    wins = np.array(wins, dtype=np.float64)
    played = np.array(played, dtype=np.float64)
    size = wins.shape[0]
    generator = np.random.default_rng(seed)
    upper_i, upper_j = np.triu_indices(size, k=1)
    games = np.rint(played[upper_i, upper_j]).astype(np.int64)
    with np.errstate(divide="ignore", invalid="ignore"):
        proportion = np.where(games > 0, wins[upper_i, upper_j] / played[upper_i, upper_j], 0.0)
    proportion = np.clip(proportion, 0.0, 1.0)
    samples = []
    failed = 0
    for _ in range(n_boot):
        resampled_wins = generator.binomial(games, proportion).astype(np.float64)
        matrix = np.zeros((size, size))
        matrix[upper_i, upper_j] = resampled_wins
        matrix[upper_j, upper_i] = games - resampled_wins
        games_matrix = np.zeros((size, size))
        games_matrix[upper_i, upper_j] = games
        games_matrix[upper_j, upper_i] = games
        try:
            samples.append(
                bradley_terry(matrix, games_matrix, prior_ties=prior_ties, tolerance=1e-9)["rating"]
            )
        except ValueError:
            failed += 1
    tail = (1.0 - confidence) / 2.0 * 100.0
    if samples:
        stacked = np.vstack(samples)
        low = np.percentile(stacked, tail, axis=0)
        high = np.percentile(stacked, 100.0 - tail, axis=0)
    else:
        low = high = np.full(size, np.nan)
    return {**point, "low": low, "high": high, "failed": failed, "n_boot": n_boot}
