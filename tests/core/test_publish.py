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
