"""Fault suite (issue 19): beyond single cases.

* A fuzzer over designer YAML: random mutations of the games' real deck, card, edition and policy
  files (tests/core/fuzz_yaml.py). Every outcome is a valid load (and, in the heavy suite, a valid
  run) or exit status 2 with exactly one line ``error: ...``: never a traceback, never a file written.
* Kill anywhere: SIGKILL at random moments of a coin_race sweep and of a report build, again and
  again, then a rerun: the lake equals an uninterrupted run's and the report is byte-identical.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.cli import main
from tests.core.fuzz_yaml import TARGETS, copy_data, mutated_text
from tests.core.helpers import read_lake, report_folder

ROOT = Path(__file__).resolve().parents[2]


def run_cli(args: list[str]) -> tuple[int, list[str]]:
    """``python -m sim <args>`` in this process: (exit status, stderr lines)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(args)
    return status, err.getvalue().splitlines()


def check_mutation(target, data: st.DataObject, command: str, extra: tuple[str, ...] = ()) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        data_dir, deck = copy_data(target.game, root)
        path = deck if target.path == "deck.yaml" else data_dir / target.path
        mutated = data.draw(mutated_text(path.read_text(encoding="utf-8")), label=f"mutated {target.path}")
        path.write_bytes(mutated)
        outputs = root / "outputs"
        overrides = [o.format(deck=deck) for o in target.overrides] + [f"data_dir={data_dir}", *extra]
        previous = os.environ.get("SIM_OUTPUT_ROOT")
        os.environ["SIM_OUTPUT_ROOT"] = str(outputs)
        try:
            status, lines = run_cli([command, *overrides])
        finally:
            if previous is None:
                del os.environ["SIM_OUTPUT_ROOT"]
            else:
                os.environ["SIM_OUTPUT_ROOT"] = previous
        if status == 2:
            assert len(lines) == 1 and lines[0].startswith("error: "), lines
            assert not outputs.exists() or not any(outputs.rglob("*.parquet")), "a refused run wrote results"
            assert not (outputs / "reports").exists() and not (outputs / "outputs").exists()
        else:
            assert status == 0, (status, lines)
            if command == "sweep":
                lake = read_lake(outputs / "experiments" / "fuzz")
                assert lake.height == 2 * (1 if target.game == "aeons_end" else 2)
                assert (report_folder(outputs, "fuzz") / "report.md").is_file()


FUZZ = settings(
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@settings(FUZZ, max_examples=40, derandomize=True)
@given(target=st.sampled_from(TARGETS), data=st.data())
def test_mutated_designer_yaml_loads_or_is_one_line(target, data):
    """Small budget (fast suite): each mutation is validated (config composed, every data file loaded)."""
    check_mutation(target, data, "validate")


@pytest.mark.heavy
@settings(FUZZ, max_examples=1500)
@given(target=st.sampled_from(TARGETS), data=st.data())
def test_mutated_designer_yaml_loads_or_is_one_line_large_budget(target, data):
    check_mutation(target, data, "validate")


@pytest.mark.heavy
@settings(FUZZ, max_examples=150)
@given(target=st.sampled_from(TARGETS), data=st.data())
def test_mutated_designer_yaml_runs_or_is_one_line(target, data):
    """Heavy: each mutation is swept (two pairs, in-process) and reported, or refused in one line
    with nothing written."""
    check_mutation(target, data, "sweep", ("name=fuzz", "pairs=2", "runner=sequential", "runner.progress=false"))


# ---- kill anywhere ---------------------------------------------------------------------------------

SWEEP = ["game=coin_race", "name=killed", "runner.progress=false", "runner.card_rows=true", "report.min_count=1"]


def _sim(root: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, SIM_OUTPUT_ROOT=str(root))
    return subprocess.Popen([sys.executable, "-m", "sim", *args], cwd=ROOT, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def _finish(root: Path, *args: str) -> float:
    started = time.monotonic()
    process = _sim(root, *args)
    _, err = process.communicate()
    assert process.returncode == 0, err
    return time.monotonic() - started


def _kill_at(root: Path, delay: float, *args: str) -> None:
    process = _sim(root, *args)
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # the command and its workers
        process.wait()


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def kill_anywhere(tmp_path: Path, pairs: int, kills: int, seed: int, *options: str) -> None:
    chance = random.Random(seed)
    sweep = ["sweep", *SWEEP, *options, f"pairs={pairs}", "runner.chunk_pairs=100", "--no-report"]
    reference, killed = tmp_path / "reference", tmp_path / "killed"
    sweep_seconds = _finish(reference, *sweep)
    for _ in range(kills):
        _kill_at(killed, chance.uniform(0, sweep_seconds), *sweep)
    _finish(killed, *sweep)
    lake = killed / "experiments" / "killed"
    assert read_lake(lake).equals(read_lake(reference / "experiments" / "killed"))
    assert read_lake(lake, "cards").equals(read_lake(reference / "experiments" / "killed", "cards"))
    assert not list(lake.rglob("*.tmp"))

    report_seconds = _finish(killed, "report", "killed")
    folder = report_folder(killed, "killed")
    expected = _files(folder)
    for _ in range(kills):
        _kill_at(killed, chance.uniform(0, report_seconds), "report", "killed")
        # whatever the moment, the folder holds the whole report (old or new, the same bytes here)
        assert _files(folder) == expected
    _finish(killed, "report", "killed")
    assert _files(folder) == expected
    assert [p.name for p in folder.parent.iterdir()] == ["killed"], "no build folder is left behind"


def test_kill_anywhere_small(tmp_path):
    kill_anywhere(tmp_path, 600, 1, 1, "runner.n_jobs=1", "report.kinds=[summary]")


@pytest.mark.heavy
@pytest.mark.parametrize("seed", range(3))
def test_kill_anywhere(tmp_path, seed):
    kill_anywhere(tmp_path, 20000, 8, seed, "runner.n_jobs=2", "report.kinds=[summary,opening,cards]")
