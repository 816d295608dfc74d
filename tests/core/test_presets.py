"""Every experiment preset in conf/experiment composes and plans (its game data, editions, matchups and
bots load) without playing a match, so `make study-*` cannot fail on a stale preset."""

from pathlib import Path

import pytest

from sim.core import config, runner

PRESETS = sorted(path.stem for path in (Path(__file__).resolve().parents[2] / "conf" / "experiment").glob("*.yaml"))


@pytest.mark.parametrize("preset", PRESETS)
def test_preset_plans(preset):
    plan = runner.make_plan(config.compose([f"experiment={preset}"]))
    assert plan.tasks and plan.name == preset
