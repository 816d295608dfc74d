"""The `endings` and `deck_effects` report kinds (issue 21 studies: how often a deck runs out, on a draw
and on mana; what a deck variant does to each deck): shares and win rates read back from the lake, the
paired differences on common deals, and the answer lines."""

import polars as pl
import pytest

from sim.cli import main
from tests.core.helpers import report_folder


def _lake(output_root, name):
    return pl.read_parquet(list((output_root / "experiments" / name / "matches").rglob("*.parquet")))


@pytest.fixture
def two_editions(output_root):
    args = ["sweep", "game=coin_race", "pairs=40", "name=variants", "editions=[standard,short]",
            "report.kinds=[endings,deck_effects]", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    return _lake(output_root, "variants"), report_folder(output_root, "variants")


def test_endings_shares_and_differences_are_the_lakes(two_editions):
    lake, folder = two_editions
    shares = pl.read_csv(folder / "tables" / "endings_shares.csv")
    for (edition, reason), group in lake.group_by(["edition", "end_reason"]):
        row = shares.filter((pl.col("edition") == edition) & (pl.col("end_reason") == reason)).row(0, named=True)
        matches = lake.filter(pl.col("edition") == edition).height
        assert row["matches"] == matches and row["ended"] == group.height
        assert row["rate"] == pytest.approx(group.height / matches)
        assert row["low"] <= row["rate"] <= row["high"]
    # paired: per deal, the share of its matches that ended this way, short minus standard
    reason = lake["end_reason"].mode()[0]
    deals = lake.group_by("edition", "matchup_id", "pair_index").agg((pl.col("end_reason") == reason).mean().alias("x"))
    joined = deals.filter(pl.col("edition") == "standard").join(
        deals.filter(pl.col("edition") == "short"), on=["matchup_id", "pair_index"], suffix="_short")
    differences = pl.read_csv(folder / "tables" / "endings_differences.csv")
    row = differences.filter(pl.col("end_reason") == reason).row(0, named=True)
    assert row["edition"] == "short" and row["deals"] == joined.height
    assert row["difference_points"] == pytest.approx(100 * (joined["x_short"] - joined["x"]).mean())
    report = (folder / "report.md").read_text()
    assert "> Under standard with " in report and "matches end by" in report


def test_deck_effects_rates_are_each_decks_deal_scores(two_editions):
    lake, folder = two_editions
    rates = pl.read_csv(folder / "tables" / "deck_effects_rates.csv")
    for deck in ("low", "high", "even"):
        mine = lake.filter((pl.col("edition") == "standard") & ((pl.col("side_a") == deck) | (pl.col("side_b") == deck)))
        won = pl.when(pl.col("side_a") == deck).then(pl.col("a_won")).otherwise(1 - pl.col("a_won"))
        expected = mine.select(won.alias("won"))["won"].mean()  # every deal complete: deal means average to this
        row = rates.filter((pl.col("deck") == deck) & (pl.col("edition") == "standard")).row(0, named=True)
        assert row["rate"] == pytest.approx(expected)
        assert row["deals"] == mine.height // 2
    differences = pl.read_csv(folder / "tables" / "deck_effects_differences.csv")
    assert set(differences["edition"]) == {"short"} and differences.height == 3
    for row in differences.iter_rows(named=True):
        assert row["points_low"] <= row["difference_points"] <= row["points_high"]
        assert row["p_value"] <= row["p_holm"] <= 1
    report = (folder / "report.md").read_text()
    assert "> Under short against standard with " in report

