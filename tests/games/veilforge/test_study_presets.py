"""The Veilforge study presets (`make study-veilforge`, issue 21): each validates and plays a tiny
sweep end to end, and its report states a plain answer naming its bots; every preset runs at every
rung of Veilforge's ladder."""

from pathlib import Path

import polars as pl
import pytest
import yaml

from sim.cli import main
from sim.core import config, runner
from sim.games.veilforge import vocab
from tests.core.helpers import report_folder

DATA = Path(__file__).resolve().parents[3] / "decks" / "veilforge"
PRESETS = sorted(path.stem for path in (Path(__file__).resolve().parents[3] / "conf" / "experiment").glob("veilforge-*.yaml"))


def test_there_is_a_preset_for_every_study_of_the_issue_at_every_ladder_rung():
    """"each conclusion stated at every ladder rung (robust or where it flips)" (issue 21, Studies)."""
    assert set(PRESETS) >= {"veilforge-matrix", "veilforge-second-mana", "veilforge-deck-size", "veilforge-ideals",
                            "veilforge-heroes", "veilforge-cards", "veilforge-teams", "veilforge-healing"}
    rungs = yaml.safe_load((DATA / "ladder.yaml").read_text())["rungs"]
    for preset in PRESETS:
        cfg = config.compose([f"experiment={preset}"])
        assert list(cfg.tiers) == rungs
        # the search rungs play fewer deals, never more than the greedy rungs'
        assert set(cfg.tier_pairs) == {"search", "ismcts_64"} and all(0 < n < cfg.pairs for n in cfg.tier_pairs.values())


@pytest.mark.parametrize("preset", PRESETS)
def test_a_preset_plays_a_tiny_sweep_and_answers(preset, output_root):
    for _, tier_cfg in config.tier_configs(config.compose([f"experiment={preset}"]))[1]:
        assert runner.make_plan(tier_cfg).tasks
    name = f"tiny-{preset}"
    args = ["sweep", f"experiment={preset}", "pairs=1", f"name={name}", "tiers=[]", "policies=[random]",
            "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    report = (report_folder(output_root, name) / "report.md").read_text()
    answers = [line for line in report.splitlines() if line.startswith("> ")]
    assert answers and all("random" in line for line in answers)
    assert report.startswith("# Veilforge")
    lake = pl.read_parquet(list((output_root / "experiments" / name / "matches").rglob("*.parquet")))
    assert set(lake["error"]) == {"ok"}
    # how each match ended, deck-outs on a draw and on mana apart, and which player lost how
    assert set(lake["end_reason"]) <= set(vocab.END_REASONS)
    loss_columns = [c for c in lake.columns if c.startswith("lost_by")]
    assert loss_columns


def test_a_tier_study_writes_each_tiers_report_and_their_comparison(output_root):
    args = ["sweep", "experiment=veilforge-teams", "pairs=1", "name=tiny-tiers", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    for tier in ("random", "control", "aggro", "search", "ismcts_64"):
        report = (report_folder(output_root, f"tiny-tiers-{tier}") / "report.md").read_text()
        assert f"with {tier}" in report
    comparison = (report_folder(output_root, "tiny-tiers") / "report.md").read_text()
    assert "## Answer" in comparison
