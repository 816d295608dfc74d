"""Bad input (issue 2, part 10): one line naming the file/entry/rule, exit status 2, nothing written."""

import pytest

from sim.cli import main

GOOD = ["game=coin_race", "pairs=3"]

CASES = {
    "unknown game": (["game=chess"], "game/chess"),
    "unknown edition": (GOOD + ["edition=9.9"], "unknown edition '9.9'"),
    "unknown config key": (GOOD + ["colour=red"], "colour"),
    "unknown nested key": (GOOD + ["runner.speed=3"], "runner.speed"),
    "key added with +": (GOOD + ["+colour=red"], "unknown key 'colour'"),
    "wrong type": (GOOD + ["runner.n_jobs=many"], "runner.n_jobs"),
    "negative match count": (GOOD + ["matches=-5"], "matches"),
    "zero pairs": (["game=coin_race", "pairs=0"], "pairs"),
    "zero workers": (GOOD + ["runner.n_jobs=0"], "runner.n_jobs"),
    "zero chunk": (GOOD + ["runner.chunk_pairs=0"], "runner.chunk_pairs"),
    "unknown backend": (GOOD + ["runner.backend=spark"], "runner.backend"),
    "name that is a path": (GOOD + ["name=../escape"], "not a valid experiment name"),
    "unknown policy": (GOOD + ["policies=[mixed,oracle]"], "unknown policy 'oracle'"),
    "one policy too many": (GOOD + ["policies=[mixed,mixed,mixed]"], "one bot for all seats or one per seat"),
    "unknown deck in a matchup": (GOOD + ["matchups=[low vs loaded]"], "low vs loaded"),
    "matchup listed twice": (GOOD + ["matchups=[low vs high,low vs high]"], "listed twice"),
    "edition listed twice": (GOOD + ["editions=[standard,standard]"], "listed twice"),
    "equivalence margin out of range": (GOOD + ["report.equivalence_margin=0.7"], "report.equivalence_margin"),
    "SPRT hypotheses reversed": (GOOD + ["stop.sprt=true", "stop.p0=0.6", "stop.p1=0.5"], "SPRT"),
    "unknown preset": (GOOD + ["experiment=nope"], "experiment/nope"),
    "negative seed": (GOOD + ["seed=-1"], "seed"),
    "unknown report kind": (GOOD + ["report.kinds=[gossip]"], "unknown report kind 'gossip'"),
    "sides report without columns": (GOOD + ["report.kinds=[sides]"], "report.side_columns"),
}


def _run(args, capsys):
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.err.strip().splitlines()


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_config_gives_one_line_and_writes_nothing(case, output_root, capsys):
    overrides, expected = CASES[case]
    status, lines = _run(["sweep", *overrides], capsys)
    assert status == 2
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert expected in lines[0]
    assert not (output_root / "experiments").exists()
    assert not (output_root / "reports").exists()


def test_output_folder_not_writable(output_root, capsys):
    (output_root / "experiments").write_text("a file where the folder should be")
    status, lines = _run(["sweep", *GOOD, "name=blocked"], capsys)
    assert status == 2 and len(lines) == 1
    assert "not writable" in lines[0] and "experiments" in lines[0]


def test_changed_config_under_an_existing_name_is_refused(output_root, capsys):
    assert main(["sweep", *GOOD, "name=kept", "runner.n_jobs=1", "runner.progress=false", "--no-report"]) == 0
    part_count = len(list((output_root / "experiments" / "kept").rglob("part-*.parquet")))
    capsys.readouterr()
    status, lines = _run(["sweep", "game=coin_race", "pairs=4", "name=kept", "--no-report"], capsys)
    assert status == 2 and len(lines) == 1 and "different config" in lines[0]
    assert len(list((output_root / "experiments" / "kept").rglob("part-*.parquet"))) == part_count


@pytest.mark.parametrize(
    "args, expected",
    [
        (["report", "never-ran"], "no experiment named 'never-ran'"),
        (["replay", "never-ran", "0"], "no experiment named 'never-ran'"),
    ],
)
def test_unknown_experiment(args, expected, output_root, capsys):
    status, lines = _run(args, capsys)
    assert status == 2 and len(lines) == 1 and expected in lines[0]


def test_replay_row_past_the_end(output_root, capsys):
    assert main(["sweep", *GOOD, "name=small", "runner.n_jobs=1", "runner.progress=false", "--no-report"]) == 0
    capsys.readouterr()
    status, lines = _run(["replay", "small", "999"], capsys)
    assert status == 2 and len(lines) == 1 and "past the last row" in lines[0]


def test_a_data_file_that_is_not_yaml_or_missing_is_one_line_naming_the_file_and_line(tmp_path):
    from sim.core.data_files import read_yaml
    from sim.core.errors import UserError

    broken = tmp_path / "cards.yaml"
    broken.write_text("ember:\n  cost: [1, 2\n  force: 3\n")
    with pytest.raises(UserError) as error:
        read_yaml(broken)
    message = str(error.value)
    assert "\n" not in message and str(broken) in message and "not valid YAML (line 3)" in message
    with pytest.raises(UserError, match="file not found"):
        read_yaml(tmp_path / "absent.yaml")
