"""The Veilwalkers study presets (issue 23, Studies; `make study-veilwalkers`): each validates and plays a
tiny sweep end to end into a report whose answer first says which rules the numbers were played under
(engine 0.8.1 is a partial rule set), and the `endings` and `side_a` report kinds agree with the lake."""

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.cli import main
from tests.core.helpers import report_folder

PRESETS = sorted(p.stem for p in (Path(__file__).resolve().parents[3] / "conf" / "experiment").glob("veilwalkers-*.yaml"))


def _lake(output_root, name):
    return pl.read_parquet(list((output_root / "experiments" / name / "matches").rglob("*.parquet")))


def test_there_is_a_preset_per_question():
    assert PRESETS == ["veilwalkers-companies", "veilwalkers-rewards", "veilwalkers-rites", "veilwalkers-watcher-closing"]


@pytest.mark.parametrize("preset", PRESETS)
def test_preset_plays_a_tiny_sweep_into_a_report_that_says_the_rules_are_partial(preset, output_root):
    """Each preset runs at every bot rung (tiers random, racer, pressure) and compares them."""
    name = f"tiny-{preset}"
    assert main(["sweep", f"experiment={preset}", "pairs=2", f"name={name}", "runner.n_jobs=1",
                 "runner.progress=false"]) == 0
    assert (report_folder(output_root, name) / "report.md").is_file()  # the comparison across tiers
    for tier in ("random", "racer", "pressure"):
        lake = _lake(output_root, f"{name}-{tier}")
        assert lake.height > 0 and (lake["error"] == "ok").all() and set(lake["policy_a"]) == {tier}
        report = (report_folder(output_root, f"{name}-{tier}") / "report.md").read_text()
        answers = [line for line in report.splitlines() if line.startswith("> ")]
        assert answers[0].startswith("> Rules played: Veilwalkers (Tabletop Beta 1), engine 0.8.1, stage 4 of 5 in part: "
                                     "a partial rule set")
        assert "not modeled yet" in answers[0] and "a flat search and ISMCTS" in answers[0]
        assert any("matches end by" in a for a in answers) and any("side A wins" in a for a in answers)


def test_endings_and_side_a_agree_with_the_lake(output_root):
    """`endings`: each end reason's share of an edition's matches and the median Round it came at;
    `side_a`: side A's (Garden's) pair-level win rate, draws half."""
    name = "tiny-endings"
    assert main(["sweep", "experiment=veilwalkers-watcher-closing", "pairs=3", "tiers=[]", "policies=[racer]",
                 f"name={name}", "runner.n_jobs=1", "runner.progress=false"]) == 0
    lake = _lake(output_root, name)
    tables = report_folder(output_root, name) / "tables"
    endings = pl.read_csv(tables / "endings.csv")
    for (edition, reason), group in lake.group_by(["edition", "end_reason"]):
        row = endings.filter((pl.col("edition") == edition) & (pl.col("end_reason") == reason)).row(0, named=True)
        of = lake.filter(pl.col("edition") == edition).height
        assert row["matches"] == group.height and row["share_rate"] == pytest.approx(group.height / of)
        rounds = np.sort(group["rounds"].to_numpy())
        assert row["median_rounds"] == rounds[(len(rounds) + 1) // 2 - 1]
        assert row["max_rounds"] == rounds.max()
    side_a = pl.read_csv(tables / "side_a.csv")
    for (edition,), group in lake.group_by(["edition"]):
        row = side_a.filter((pl.col("edition") == edition) & (pl.col("matchup_id") == "ALL")).row(0, named=True)
        assert row["pairs"] == group.height // 2
        assert row["a_rate"] == pytest.approx(group["a_won"].mean())
        assert row["draw_share"] == pytest.approx((group["winner_side"] == "draw").mean())
    differences = pl.read_csv(tables / "side_a_differences.csv")
    assert set(differences["edition"]) == {"no-watcher", "no-closing"}
