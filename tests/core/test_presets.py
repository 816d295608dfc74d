"""Every experiment preset in conf/experiment composes and plans (its game data, editions, matchups and
bots load) without playing a match, so `make study-*` cannot fail on a stale preset."""

from pathlib import Path

import pytest

from sim.core import config, runner

PRESETS = sorted(path.stem for path in (Path(__file__).resolve().parents[2] / "conf" / "experiment").glob("*.yaml"))


@pytest.mark.parametrize("preset", PRESETS)
def test_preset_plans(preset):
    cfg = config.compose([f"experiment={preset}"])
    if not cfg.tiers:
        plan = runner.make_plan(cfg)
        assert plan.tasks and plan.name == preset
        return
    # a tier study plans one experiment per tier, <preset>-<tier>
    name, tiers = config.tier_configs(cfg)
    assert name == preset
    for tier, tier_cfg in tiers:
        plan = runner.make_plan(tier_cfg)
        assert plan.tasks and plan.name == f"{preset}-{tier.replace('+', '-')}"
