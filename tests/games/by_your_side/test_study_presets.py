"""The By Your Side study presets (conf/experiment/by-your-side-*.yaml, `make study-by-your-side`): each
composes with its editions, matchups and bot tiers, and a tiny sweep of it plays every tier end to end and
writes each tier's report with an answer at the top and the comparison across tiers."""

from pathlib import Path

import polars as pl
import pytest
import yaml

from sim.cli import main
from sim.core import config
from tests.core.helpers import report_folder

CONF = Path(__file__).resolve().parents[3] / "conf" / "experiment"
PRESETS = sorted(path.stem for path in CONF.glob("by-your-side-*.yaml"))


def test_every_by_your_side_study_is_in_make_study_by_your_side():
    makefile = (CONF.parents[1] / "Makefile").read_text()
    target = makefile.split("study-by-your-side:")[1].split("\n\n")[0]
    assert [f"experiment={p}" in target for p in PRESETS] == [True] * len(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
def test_preset_plays_a_tiny_sweep_at_every_tier(preset, output_root):
    spec = yaml.safe_load((CONF / f"{preset}.yaml").read_text())
    cfg = config.compose([f"experiment={preset}"])
    assert list(cfg.editions) == spec["editions"] and cfg.name == preset
    args = ["sweep", f"experiment={preset}", "pairs=2", "name=tiny", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    for tier in spec["tiers"]:
        name = "tiny-" + tier.replace("+", "-")
        text = (report_folder(output_root, name) / "report.md").read_text()
        assert text.count("\n> ") >= len(spec["editions"]), name  # an answer line per edition at least
        lake = pl.read_parquet(list((output_root / "experiments" / name / "matches").rglob("*.parquet")))
        assert set(lake["edition"]) == set(spec["editions"]) and (lake["error"] == "ok").all()
    assert (report_folder(output_root, "tiny") / "report.md").exists()  # the comparison across tiers
