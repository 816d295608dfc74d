"""Parameter sweeps (issue 20 item 2): one experiment whose arms are the values of one rule or card
field, on common deals, with a chart of the effect across the values."""

import json

import polars as pl
import pytest

from sim.cli import main
from sim.core import config, runner
from tests.core.helpers import read_lake, report_folder, sweep

SWEEP = ["sweep.field=rules.target", "sweep.values=[12,15]"]
PLAY = ["matchup_id", "pair_index", "swap", "winner_seat", "score_a", "score_b", "turns"]


def test_each_value_is_an_arm_on_common_deals(output_root):
    """The arm that sets target to 15, the standard edition's own value, plays exactly the matches
    of the standard edition: the same deals, the same rules."""
    plan = sweep(*SWEEP, "pairs=20", "name=swept")
    assert [r.ruleset_id for r in plan.rulesets] == ["standard-target-12", "standard-target-15"]
    assert [r.resolved["rules"]["target"] for r in plan.rulesets] == [12, 15]
    lake = read_lake(plan.directory)
    plain = read_lake(sweep("pairs=20", "name=plain").directory)
    same = lake.filter(pl.col("edition") == "standard-target-15").select(PLAY).sort(PLAY[:3])
    assert same.equals(plain.select(PLAY).sort(PLAY[:3]))
    shorter = lake.filter(pl.col("edition") == "standard-target-12").select(PLAY).sort(PLAY[:3])
    assert not shorter.equals(same)
    manifest = json.loads((plan.directory / "manifest.json").read_text())
    assert manifest["config"]["data_dir"] == str(plan.directory / "sweep-data")
    again = sweep(*SWEEP, "pairs=20", "name=swept")  # resumes: the generated editions are a function of the config
    assert '"tasks_run": 0' in (again.directory / "manifest.json").read_text()


def test_the_report_opens_with_the_effect_across_the_values(output_root, capsys):
    assert main(["sweep", "game=coin_race", *SWEEP, "pairs=20", "name=charted", "runner.progress=false"]) == 0
    report = report_folder(output_root, "charted")
    markdown = (report / "report.md").read_text()
    assert "## Parameter sweep: rules.target" in markdown and (report / "sweep_effect.png").is_file()
    effect = pl.read_csv(report / "tables" / "sweep_effect.csv")
    assert effect["value"].to_list() == [12, 15] and effect["pairs"].to_list() == [60, 60]
    answer = markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "Across rules.target from 12 to 15 with mixed, the first player wins" in answer
    decks = pl.read_csv(report / "tables" / "sweep_decks.csv")
    assert sorted(decks["deck"].unique().to_list()) == ["even", "high", "low"]


def test_a_card_field_is_swept_through_the_editions_errata():
    plan = runner.check_plan(config.compose(["game=waybound", "sweep.field=card_errata.glass_lynx.cost",
                                             "sweep.values=[1,4]", "matchups=[hearthbound/brindle vs ironmaw/skara]"]))
    assert [r.ruleset_id for r in plan.rulesets] == ["0.36-glass_lynx.cost-1", "0.36-glass_lynx.cost-4"]
    assert plan.rulesets[0].ruleset_hash != plan.rulesets[1].ruleset_hash


@pytest.mark.parametrize(
    "overrides, expected",
    [
        (["sweep.field=rules.target", "sweep.values=[12]"], "sweep.values: a sweep needs at least two values"),
        (["sweep.values=[1,2]"], "sweep.values without sweep.field"),
        (["sweep.field=target", "sweep.values=[1,2]"], "must be rules.<rule> or <errata section>.<card>.<field>"),
        (["sweep.field=rules.target", "sweep.values=[12,12]"], "a value is given twice"),
        ([*SWEEP, "editions=[short]"], "a sweep makes its own editions"),
        (["sweep.field=rules.nope", "sweep.values=[1,2]"], "sweep (rules.nope): unknown rule 'nope'"),
    ],
)
def test_sweep_mistakes_are_one_line_and_write_nothing(overrides, expected, output_root, capsys):
    for command in ("validate", "sweep"):
        assert main([command, "game=coin_race", *overrides, "--no-report"][: None if command == "sweep" else -1]) == 2
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], lines
    assert not (output_root / "experiments").exists() or not any((output_root / "experiments").iterdir())


def test_aeons_end_sweeps_a_rule_value_as_any_game_does(output_root):
    """Aeon's End keeps its editions in editions/ like every game, so a rule value can be swept."""
    plan = runner.check_plan(config.compose(["game=aeons_end", "sweep.field=rules.gravehold_life", "sweep.values=[25,30]"]))
    assert [r.ruleset_id for r in plan.rulesets] == ["normal-gravehold_life-25", "normal-gravehold_life-30"]
    assert [r.tables["rules"]["gravehold_life"] for r in plan.rulesets] == [25, 30]


def test_hydra_multirun_points_to_the_sweep_field(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["sweep", "game=coin_race", "--multirun"])
    lines = capsys.readouterr().err.strip().splitlines()
    assert stopped.value.code == 2 and len(lines) == 1 and "sweep.field=... sweep.values=[...]" in lines[0]


def test_experiments_run_before_the_sweep_section_keep_their_config_hash():
    """An experiment's stored config from before `sweep:` existed must still resume: the section
    at its defaults is not part of the plan's hash."""
    cfg = config.compose(["game=coin_race"])
    stored = config.OmegaConf.to_container(cfg, resolve=True)
    del stored["sweep"]
    assert config.changed_fields(stored, cfg) == []
    assert config.plan_hash(cfg) == config.content_hash(config.plan_content(stored))
