"""`data_dir=`: a game reads its designer data from another folder (issue 19, item 13), validated
like the rest, recorded in the manifest, its content in the ruleset hash."""

from __future__ import annotations

import os
import shutil

import pytest
import yaml

from sim.cli import main
from sim.core import config, runner
from sim.core.paths import DECKS_DIR
from tests.core.helpers import read_lake


def _copy(game, tmp_path):
    target = tmp_path / "designer" / game
    shutil.copytree(DECKS_DIR / game, target)
    return target


def _plan(*overrides):
    return runner.make_plan(config.compose(list(overrides)))


def _edit(path, change):
    content = yaml.safe_load(path.read_text())
    change(content)
    path.write_text(yaml.safe_dump(content, sort_keys=False))


def test_waybound_reads_another_folder_and_hashes_its_content(tmp_path, output_root):
    folder = _copy("waybound", tmp_path)
    base = ["game=waybound", "matchups=[hearthbound/brindle vs ironmaw/skara]"]
    default, same = _plan(*base), _plan(*base, f"data_dir={folder}")
    assert same.rulesets[0].ruleset_hash == default.rulesets[0].ruleset_hash  # same data, same ruleset
    assert same.config_hash != default.config_hash  # but another experiment: its config names the folder
    _edit(folder / "cards.yaml", lambda c: c["cards"]["hearthshell"].__setitem__("cost", 3))
    changed = _plan(*base, f"data_dir={folder}")
    assert changed.rulesets[0].ruleset_hash != default.rulesets[0].ruleset_hash
    from sim.games.waybound import vocab

    tables = changed.rulesets[0].tables
    assert tables.cards[tables.card_index("hearthshell"), vocab.C_COST] == 3
    manifest = runner._manifest(changed, status="complete", previous=None)
    assert manifest["config"]["data_dir"] == str(folder)
    assert manifest["rulesets"]["0.36"] == changed.rulesets[0].ruleset_hash


def test_a_relative_data_dir_is_the_folder_the_command_ran_in(tmp_path, output_root, monkeypatch):
    _copy("waybound", tmp_path)
    monkeypatch.chdir(tmp_path / "designer")
    cfg = config.compose(["game=waybound", "data_dir=waybound"])
    assert cfg.data_dir == str(tmp_path / "designer" / "waybound")


def test_aeons_end_reads_another_folder(tmp_path, output_root):
    folder = _copy("aeons_end", tmp_path)
    default = _plan("game=aeons_end")
    _edit(folder / "rules.yaml", lambda r: r.__setitem__("player_life", 12))
    moved = _plan("game=aeons_end", f"data_dir={folder}")
    assert moved.rulesets[0].tables["rules"]["player_life"] == 12
    assert moved.rulesets[0].ruleset_hash != default.rulesets[0].ruleset_hash
    assert default.rulesets[0].tables["rules"]["player_life"] == 10


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda tmp: tmp / "absent", "config: data_dir: no such folder: {folder}"),
        (lambda tmp: (tmp / "file.yaml").write_text("x") and tmp / "file.yaml", "config: data_dir: is not a folder: {folder}"),
        (lambda tmp: (tmp / "empty").mkdir() or tmp / "empty", "{folder}: data_dir: holds no waybound rule editions"),
    ],
    ids=["absent", "a file", "an empty folder"],
)
def test_a_bad_data_dir_is_one_line(make, expected, tmp_path, output_root, capsys):
    folder = make(tmp_path)
    assert main(["sweep", "game=waybound", f"data_dir={folder}"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and expected.format(folder=folder) in lines[0]
    assert not (output_root / "experiments").exists()


@pytest.mark.heavy
def test_a_sweep_with_data_dir_records_it_and_replays(tmp_path, output_root):
    import json

    from sim.commands.replay import replay_row

    folder = _copy("waybound", tmp_path)
    _edit(folder / "cards.yaml", lambda c: c["cards"]["hearthshell"].__setitem__("cost", 3))
    cfg = config.compose(["game=waybound", "matchups=[hearthbound/brindle vs ironmaw/skara]", "pairs=4",
                          "name=moved", f"data_dir={folder}", "runner.progress=false"])
    plan = runner.run(cfg, progress=False)
    manifest = json.loads((plan.directory / "manifest.json").read_text())
    assert manifest["config"]["data_dir"] == str(folder)
    assert read_lake(plan.directory).height == 8
    os.chdir(tmp_path)  # the folder is recorded whole: replay works from anywhere
    assert replay_row("moved", "0")[-1].startswith("result: ")


def test_a_game_that_reads_no_data_folder_refuses_one(tmp_path):
    from sim.core.errors import UserError
    from sim.core.registry import get_game

    class Fixed(type(get_game("coin_race"))):
        def __init__(self):  # a game whose data is built in: no data_dir to take
            super().__init__()

    with pytest.raises(UserError, match="coin_race reads no data folder, so it cannot take another one"):
        runner.with_data_dir(Fixed(), str(tmp_path))
