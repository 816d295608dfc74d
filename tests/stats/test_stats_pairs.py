import numpy as np
import polars as pl
import pytest
from scipy import stats as scipy_stats

from sim.stats import incomplete_pair_count, pair_mean, pair_scores, paired_comparison


def _matches(rows):
    return pl.DataFrame(
        rows,
        schema={
            "edition": pl.String,
            "matchup_id": pl.String,
            "pair_index": pl.Int64,
            "swap": pl.Int8,
            "first_player_won": pl.Float64,
            "a_won": pl.Float64,
        },
        orient="row",
    )


def test_pair_scores_by_hand():
    # Pair 0: first player won both games (A won swap 0, B won swap 1) -> fp 1.0, A 0.5.
    # Pair 1: A won both (first in swap 0, second in swap 1) -> fp 0.5, A 1.0.
    # Pair 2: draw then first player won -> fp 0.75. A: draw (0.5), swap 1 first player B won -> A 0 -> 0.25.
    matches = _matches(
        [
            ("r", "m", 0, 0, 1.0, 1.0),
            ("r", "m", 0, 1, 1.0, 0.0),
            ("r", "m", 1, 0, 1.0, 1.0),
            ("r", "m", 1, 1, 0.0, 1.0),
            ("r", "m", 2, 0, 0.5, 0.5),
            ("r", "m", 2, 1, 1.0, 0.0),
            ("r", "m", 3, 0, 1.0, 1.0),  # incomplete: its swap-1 game is missing
        ]
    )
    pairs = pair_scores(matches)
    assert pairs["pair_index"].to_list() == [0, 1, 2]
    assert pairs["first_player_score"].to_list() == [1.0, 0.5, 0.75]
    assert pairs["a_score"].to_list() == [0.5, 1.0, 0.25]
    assert incomplete_pair_count(matches) == 1
    summary = pair_mean(pairs)
    assert summary["mean"] == pytest.approx(0.75)
    assert summary["n"] == 3


def test_cooperative_pairs_are_single_deals():
    matches = _matches([("r", "coop", 0, 0, None, 1.0), ("r", "coop", 1, 0, None, 0.0)])
    pairs = pair_scores(matches)
    assert pairs.height == 2
    assert pairs["a_score"].to_list() == [1.0, 0.0]


def test_paired_comparison_matches_scipy_ttest_rel():
    rng = np.random.default_rng(3)
    rows_a, rows_b = [], []
    for matchup in ("m1", "m2"):
        for pair in range(12):
            base = rng.choice([0.0, 0.25, 0.5, 0.75, 1.0])
            shift = rng.choice([-0.25, 0.0, 0.0, 0.25])
            rows_a.append((matchup, pair, base))
            rows_b.append((matchup, pair, float(np.clip(base + shift, 0, 1))))
    baseline = pl.DataFrame(rows_a, schema=["matchup_id", "pair_index", "first_player_score"], orient="row")
    treatment = pl.DataFrame(rows_b, schema=["matchup_id", "pair_index", "first_player_score"], orient="row")
    result = paired_comparison(baseline, treatment)
    assert result["matchup_id"].to_list() == ["m1", "m2", "ALL"]
    for matchup in ("m1", "m2", "ALL"):
        row = result.filter(pl.col("matchup_id") == matchup).row(0, named=True)
        a = baseline if matchup == "ALL" else baseline.filter(pl.col("matchup_id") == matchup)
        b = treatment if matchup == "ALL" else treatment.filter(pl.col("matchup_id") == matchup)
        expected = scipy_stats.ttest_rel(
            b["first_player_score"].to_numpy(), a["first_player_score"].to_numpy()
        )
        assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-10)
        assert row["difference"] == pytest.approx(
            b["first_player_score"].mean() - a["first_player_score"].mean(), abs=1e-12
        )
        ci = expected.confidence_interval(0.95)
        assert (row["low"], row["high"]) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_paired_comparison_identical_arms_gives_p_one():
    frame = pl.DataFrame(
        {"matchup_id": ["m"] * 3, "pair_index": [0, 1, 2], "first_player_score": [0.5, 1.0, 0.0]}
    )
    row = paired_comparison(frame, frame).row(0, named=True)
    assert row["difference"] == 0.0 and row["p_value"] == 1.0


@pytest.mark.heavy
def test_pair_interval_covers_when_game_level_does_not():
    """Games of a pair share the deal, so they are correlated: the t-interval over pairs keeps its
    95% coverage while a Wilson interval that counts games as independent falls short."""
    from sim.stats import wilson_interval

    rng = np.random.default_rng(21)
    truth, pairs, runs = 0.55, 200, 2000
    pair_hits = game_hits = 0
    for _ in range(runs):
        deal_strength = rng.random(pairs) < 0.5  # a strong deal helps the first player in both seats
        probability = np.where(deal_strength, truth + 0.4, truth - 0.4)
        games = rng.random((pairs, 2)) < probability[:, None]
        summary = pair_mean(pl.DataFrame({"first_player_score": games.mean(axis=1)}))
        pair_hits += summary["low"] <= truth <= summary["high"]
        low, high = wilson_interval(games.sum(), games.size)
        game_hits += low <= truth <= high
    assert pair_hits / runs > 0.93
    assert game_hits / runs < 0.90


def test_a_constant_paired_difference_gets_an_interval_and_a_sign_test():
    """Issue 46 (16): the same +0.25 in every pair gave low = high = 0.25 and p NaN. n equal differences
    leave room for pairs that differ otherwise (exact bound for none seen in n), and the sign test decides."""
    baseline = pl.DataFrame({"matchup_id": ["m"] * 40, "pair_index": range(40), "first_player_score": [0.5] * 40})
    treatment = baseline.with_columns(pl.lit(0.75).alias("first_player_score"))
    row = paired_comparison(baseline, treatment).row(0, named=True)
    share = 1 - 0.025 ** (1 / 40)
    assert row["difference"] == 0.25
    assert (row["low"], row["high"]) == pytest.approx((0.25 - share * 1.25, 0.25 + share * 0.75))
    assert 0.25 - row["low"] > 0.1 and row["high"] < 1
    assert row["p_value"] == pytest.approx(2 * 0.5**40)
    same = paired_comparison(baseline, baseline).row(0, named=True)
    assert same["p_value"] == 1.0 and same["low"] < 0 < same["high"]
