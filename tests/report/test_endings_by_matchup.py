"""The `endings` report kind per matchup (issue 22: a cooperative game's cause of loss per scenario): each end
reason's share of every edition's matchups, with a Wilson interval, read back against the lake."""

import polars as pl
import pytest

from sim.cli import main
from sim.stats import wilson_interval
from tests.core.helpers import report_folder


def test_end_reasons_report_counts_each_reason_per_edition_and_matchup(output_root):
    args = ["sweep", "game=coin_race", "pairs=30", "name=endings", "editions=[standard,short]",
            "report.kinds=[endings]", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    lake = pl.read_parquet(list((output_root / "experiments" / "endings" / "matches").rglob("*.parquet")))
    folder = report_folder(output_root, "endings")
    table = pl.read_csv(folder / "tables" / "end_reasons_by_matchup.csv")
    reasons = set(lake["end_reason"].unique())
    for (edition, _), group in lake.group_by(["edition", "matchup_id"]):
        label = f"{group['side_a'][0]} vs {group['side_b'][0]}"
        rows = table.filter((pl.col("edition") == edition) & (pl.col("matchup") == label))
        assert set(rows["end_reason"]) == reasons  # a reason the matchup never saw shows as 0
        for row in rows.iter_rows(named=True):
            count = int((group["end_reason"] == row["end_reason"]).sum())
            low, high = wilson_interval(float(count), float(group.height), 0.95)
            assert (row["games"], row["matches"]) == (group.height, count)
            assert row["share"] == pytest.approx(count / group.height)
            assert (row["share_low"], row["share_high"]) == (pytest.approx(low), pytest.approx(high))
    answer = (folder / "report.md").read_text().split("## How and when matches end")[0]
    assert "> How games end under standard with" in answer and "games):" in answer
