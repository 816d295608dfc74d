"""Published studies live apart from quick tries (issue 20, item 4)."""

import pytest

from sim.core import config
from sim.core.errors import UserError


def test_a_changed_preset_writes_under_its_own_name():
    """`make sweep EXP=opening-demo seed=3` used to overwrite the published reports/opening-demo/."""
    assert config.compose(["experiment=opening-demo"]).name == "opening-demo"
    tried = config.compose(["experiment=opening-demo", "seed=3"]).name
    assert tried.startswith("opening-demo-") and tried != "opening-demo"
    # only the size changed as well: the same try, which a second run grows (issue 20 item 3)
    assert config.compose(["experiment=opening-demo", "seed=3", "pairs=3"]).name == tried
    assert config.compose(["experiment=opening-demo", "seed=3", "publish=true"]).name == "opening-demo"
    assert config.compose(["experiment=opening-demo", "seed=3", "name=mine"]).name == "mine"
    # how it runs and how it reports do not change what the study measures
    assert config.compose(["experiment=opening-demo", "runner.n_jobs=1", "report.n_boot=50"]).name == "opening-demo"


def test_more_pairs_on_a_preset_grow_the_preset_itself():
    """Issue 44 item 6: `make sweep EXP=opening-demo pairs=200` forked `opening-demo-b325e399` and played
    all its matches again; more pairs (or matches) now name the preset's own experiment, which grows
    (tests/core/test_resume.py) or, asked for fewer pairs than it holds, refuses naming pairs=."""
    assert config.compose(["experiment=opening-demo", "pairs=200"]).name == "opening-demo"
    assert config.compose(["experiment=opening-demo", "matches=9000"]).name == "opening-demo"


def test_publish_is_not_part_of_the_plan():
    plain = config.compose(["experiment=opening-demo"])
    published = config.compose(["experiment=opening-demo", "publish=true"])
    assert config.plan_hash(plain) == config.plan_hash(published)


def test_edition_with_a_presets_editions_is_an_error():
    with pytest.raises(UserError, match="edition= would silently replace them"):
        config.compose(["experiment=opening-demo", "edition=0.36"])
    assert config.compose(["experiment=opening-demo", "editions=[0.36]"]).editions == ["0.36"]


def test_a_preset_as_it_stands_is_published_and_every_other_run_is_scratch(output_root):
    """Issue 44 item 7: scratch runs' reports go to the untracked, dated outputs/<date>/<name>/;
    a preset's own study (or publish=true) to reports/<name>/."""
    import time

    from sim.core import paths

    assert config.compose(["experiment=opening-demo"]).publish
    assert not config.compose(["experiment=opening-demo", "seed=3"]).publish
    assert not config.compose(["game=coin_race", "name=mine"]).publish
    assert config.compose(["game=coin_race", "name=mine", "publish=true"]).publish
    assert paths.run_report_dir("mine", True) == output_root / "reports" / "mine"
    assert paths.run_report_dir("mine", False) == output_root / "outputs" / time.strftime("%Y-%m-%d") / "mine"


def test_a_scratch_sweep_writes_nothing_into_reports(output_root, capsys):
    from sim.cli import main

    assert main(["sweep", "game=coin_race", "pairs=8", "name=try", "runner.progress=false"]) == 0
    assert not (output_root / "reports").exists()
    [report] = (output_root / "outputs").glob("*/try/report.md")
    assert f"report: {report}" in capsys.readouterr().out
    assert main(["sweep", "game=coin_race", "pairs=8", "name=kept", "publish=true", "runner.progress=false"]) == 0
    assert (output_root / "reports" / "kept" / "report.md").is_file()
