"""The `columns` report kind (issue 21/22/23 studies: how often chains happen and how long they get,
Veil Surge frequency, deck-outs): the mean of a numeric lake column per edition and matchup, with an
interval over deals and each edition's paired difference from the baseline on common deals."""

import polars as pl
import pytest

from sim.cli import main
from tests.core.helpers import report_folder


def _lake(output_root, name):
    return pl.read_parquet(list((output_root / "experiments" / name / "matches").rglob("*.parquet")))


def test_columns_report_matches_means_from_the_lake(output_root, capsys):
    args = ["sweep", "game=coin_race", "pairs=40", "name=measures", "editions=[standard,short]",
            "report.kinds=[columns]", "report.columns=[gambles]", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    lake = _lake(output_root, "measures").with_columns((pl.col("gambles_a") + pl.col("gambles_b")).alias("both"))
    folder = report_folder(output_root, "measures")
    table = pl.read_csv(folder / "tables" / "columns_gambles.csv")
    for (edition,), group in lake.group_by(["edition"]):
        row = table.filter((pl.col("edition") == edition) & (pl.col("matchup_id") == "ALL")).row(0, named=True)
        assert row["matches"] == group.height
        assert row["mean"] == pytest.approx(group["both"].mean())
        assert row["nonzero_share"] == pytest.approx((group["both"] != 0).mean())
        assert row["low"] < row["mean"] < row["high"]
    # the paired difference is the mean per-deal difference on the deals both editions played
    deals = lake.group_by("edition", "matchup_id", "pair_index").agg(pl.col("both").mean())
    joined = deals.filter(pl.col("edition") == "standard").join(
        deals.filter(pl.col("edition") == "short"), on=["matchup_id", "pair_index"], suffix="_short")
    differences = pl.read_csv(folder / "tables" / "columns_gambles_differences.csv")
    pooled = differences.filter(pl.col("matchup_id") == "ALL").row(0, named=True)
    assert pooled["edition"] == "short" and pooled["baseline"] == "standard"
    assert pooled["difference"] == pytest.approx((joined["both_short"] - joined["both"]).mean())
    answer = (folder / "report.md").read_text()
    assert "> Mean gambles per match" in answer and "against standard" in answer


def test_columns_report_refuses_a_column_that_holds_text(output_root, capsys):
    args = ["sweep", "game=coin_race", "pairs=3", "name=textual", "report.kinds=[columns]",
            "report.columns=[end_reason]", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 2
    assert "holds text, not numbers" in capsys.readouterr().err
