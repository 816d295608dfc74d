"""Pair-level scoring for seat-swapped pairs and paired comparisons of editions.

Why pairs, not games, are the unit of analysis: every deal is played twice with the seats
swapped, and each deck keeps its shuffle (and each bot its random stream) across the two games.
The two games of a pair therefore share most of their randomness and their outcomes are
correlated, so treating the 2n games as 2n independent draws gives a wrong standard error
(too narrow when the games are positively correlated). Different pairs use different seed keys
and are independent, identically distributed draws, so a t-interval over pair scores is valid.
Averaging within the pair also cancels the deal's luck: a strong deal for deck A helps A in both
seats, which is exactly what the first-player score should not see.
"""

from __future__ import annotations

import numpy as np
import polars as pl
from scipy import stats as scipy_stats

from sim.stats.intervals import difference_interval, score_interval

PAIR_KEY = ["edition", "matchup_id", "pair_index"]
REQUIRED_COLUMNS = ["edition", "matchup_id", "pair_index", "swap", "first_player_won", "a_won"]


def pair_scores(matches: pl.DataFrame) -> pl.DataFrame:
    """Per pair: ``first_player_score`` (mean of the games' first_player_won) and ``a_score``.

    A pair is complete when it holds one game for every seat order its matchup uses (swap 0 and
    1 for two-sided games; only swap 0 for cooperative games, where a "pair" is one deal). Rows
    of incomplete pairs (a game missing, e.g. filtered out as an error) are dropped, because a
    half pair reintroduces the seat and deal effects the pairing removes. The number of dropped
    pairs is given by ``incomplete_pair_count``.
    """
    missing = [column for column in REQUIRED_COLUMNS if column not in matches.columns]
    if missing:
        raise ValueError(f"pair_scores needs columns {missing}")
    seat_orders = matches.group_by(["edition", "matchup_id"]).agg(
        pl.col("swap").n_unique().alias("seat_orders")
    )
    grouped = matches.group_by(PAIR_KEY).agg(
        pl.len().alias("games"),
        pl.col("swap").n_unique().alias("distinct_swaps"),
        pl.col("first_player_won").mean().alias("first_player_score"),
        pl.col("a_won").mean().alias("a_score"),
    )
    joined = grouped.join(seat_orders, on=["edition", "matchup_id"], how="left")
    complete = joined.filter(
        (pl.col("games") == pl.col("seat_orders")) & (pl.col("distinct_swaps") == pl.col("seat_orders"))
    )
    return complete.select(PAIR_KEY + ["games", "first_player_score", "a_score"]).sort(PAIR_KEY)


def incomplete_pair_count(matches: pl.DataFrame) -> int:
    """Number of pairs ``pair_scores`` drops because a game is missing or duplicated."""
    total = matches.select(PAIR_KEY).unique().height
    return total - pair_scores(matches).height


def pair_mean(pairs: pl.DataFrame, score: str = "first_player_score", confidence: float = 0.95) -> dict:
    """Mean pair score with a t-interval over pairs (the independent unit; see module doc), or a Wilson
    interval when every pair scored the same (intervals.score_interval)."""
    return score_interval(pairs[score].to_numpy(), confidence)


def _paired_summary(differences: np.ndarray, confidence: float) -> dict:
    summary = difference_interval(differences, confidence)
    count = summary["n"]
    if count < 2:
        summary["p_value"] = np.nan
    elif summary["sd"] == 0.0:
        # No spread: the t statistic is undefined. Identical arms are plainly no evidence of a
        # difference (p = 1); the same non-zero shift in every pair is tested by the exact sign
        # test (n differences all of one sign: two-sided p = 2 / 2**n).
        summary["p_value"] = 1.0 if summary["mean"] == 0.0 else min(1.0, 2.0 * 0.5**count)
    else:
        summary["p_value"] = float(scipy_stats.ttest_1samp(differences, 0.0).pvalue)
    return summary


def paired_comparison(
    baseline_pairs: pl.DataFrame,
    treatment_pairs: pl.DataFrame,
    score: str = "first_player_score",
    confidence: float = 0.95,
) -> pl.DataFrame:
    """Paired comparison of two arms on common seeds: treatment minus baseline.

    The arms are joined on (matchup_id, pair_index): the same deal played under both editions
    (common random numbers), so the per-pair difference removes the deal's luck. Returns one row
    per matchup and a final row with ``matchup_id`` = ``"ALL"`` pooling every joined pair;
    columns ``pairs``, ``baseline_mean``, ``treatment_mean``, ``difference``, ``low``, ``high``,
    ``p_value`` (two-sided paired t-test).
    """
    joined = baseline_pairs.select(["matchup_id", "pair_index", pl.col(score).alias("baseline")]).join(
        treatment_pairs.select(["matchup_id", "pair_index", pl.col(score).alias("treatment")]),
        on=["matchup_id", "pair_index"],
        how="inner",
    )
    joined = joined.with_columns((pl.col("treatment") - pl.col("baseline")).alias("difference"))
    rows = []
    groups = [
        (str(m), joined.filter(pl.col("matchup_id") == m)) for m in sorted(joined["matchup_id"].unique())
    ]
    groups.append(("ALL", joined))
    for matchup_id, frame in groups:
        summary = _paired_summary(frame["difference"].to_numpy(), confidence)
        rows.append(
            {
                "matchup_id": matchup_id,
                "pairs": summary["n"],
                "baseline_mean": float(frame["baseline"].mean()) if frame.height else np.nan,
                "treatment_mean": float(frame["treatment"].mean()) if frame.height else np.nan,
                "difference": summary["mean"],
                "low": summary["low"],
                "high": summary["high"],
                "p_value": summary["p_value"],
            }
        )
    return pl.DataFrame(
        rows,
        schema={
            "matchup_id": pl.String,
            "pairs": pl.Int64,
            "baseline_mean": pl.Float64,
            "treatment_mean": pl.Float64,
            "difference": pl.Float64,
            "low": pl.Float64,
            "high": pl.Float64,
            "p_value": pl.Float64,
        },
    )
