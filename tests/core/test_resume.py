"""Nothing lost (DESIGN.md §7): atomic parts; a killed sweep resumes without duplicates or gaps."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest

from sim.core import config, runner
from tests.core.helpers import read_lake, sweep

ROOT = Path(__file__).resolve().parents[2]


def test_rerun_skips_finished_tasks(output_root):
    plan = sweep("pairs=40", "runner.chunk_pairs=10", "name=again")
    first = read_lake(plan.directory)
    again = runner.run(config.compose(["game=coin_race", "pairs=40", "runner.chunk_pairs=10", "name=again"]), progress=False)
    manifest = (again.directory / "manifest.json").read_text()
    assert '"tasks_run": 0' in manifest
    assert read_lake(again.directory).equals(first)


def test_rerun_with_another_chunk_size_keeps_the_first_cut(output_root):
    plan = sweep("pairs=40", "runner.chunk_pairs=10", "name=recut")
    first = read_lake(plan.directory)
    again = runner.run(config.compose(["game=coin_race", "pairs=40", "runner.chunk_pairs=7", "name=recut"]), progress=False)
    manifest = (again.directory / "manifest.json").read_text()
    assert '"tasks_run": 0' in manifest and '"chunk_pairs": 10' in manifest
    assert read_lake(again.directory).equals(first)


def test_more_pairs_grow_an_experiment_to_exactly_a_fresh_run_of_the_total(output_root, capsys):
    """Issue 20 item 3: more pairs extend an existing experiment (same seeds, new pair indices); the
    lake then holds the matches a single run of the total plays, each once."""
    first = sweep("pairs=40", "runner.chunk_pairs=7", "name=grows")
    grown = sweep("pairs=100", "runner.chunk_pairs=7", "name=grows")
    assert "growing: 40 -> 100 pairs per matchup" in capsys.readouterr().err
    fresh = sweep("pairs=100", "runner.chunk_pairs=7", "name=fresh")
    assert grown.directory == first.directory and grown.segments == (40, 100)
    match_columns = [c for c in read_lake(fresh.directory).columns if c not in ("run_id", "config_hash")]
    assert read_lake(grown.directory).select(match_columns).equals(read_lake(fresh.directory).select(match_columns))
    # the parts of the first run are kept, not replayed: its tasks are part of the grown plan
    assert {t.task_id for t in first.tasks} <= {t.task_id for t in grown.tasks}
    manifest = (grown.directory / "manifest.json").read_text()
    assert '"pair_segments": [\n    40,\n    100\n  ]' in manifest and f'"tasks_run": {len(grown.tasks) - len(first.tasks)}' in manifest
    again = sweep("pairs=100", "runner.chunk_pairs=7", "name=grows")  # a rerun of the grown run resumes it
    assert again.segments == (40, 100) and '"tasks_run": 0' in (again.directory / "manifest.json").read_text()


def test_a_default_name_stays_when_only_the_size_changes(output_root):
    """The default experiment name leaves the run's size out of its hash, so that `make sweep
    game=coin_race pairs=200` after `pairs=100` grows the same experiment instead of starting another."""
    small = runner.make_plan(config.compose(["game=coin_race", "pairs=10"]))
    large = runner.make_plan(config.compose(["game=coin_race", "matches=4000"]))
    other = runner.make_plan(config.compose(["game=coin_race", "pairs=10", "seed=3"]))
    assert small.name == large.name != other.name and small.config_hash != large.config_hash


def test_parts_of_another_engine_version_are_refused(output_root, monkeypatch):
    """A resumed sweep must not mix results of two engine versions (or data): the lake would hold
    both sets of matches under the same keys."""
    from sim.core.errors import UserError
    from sim.core.registry import get_game

    plan = sweep("pairs=20", "name=engine")
    manifest = (plan.directory / "manifest.json").read_text()
    monkeypatch.setattr(type(get_game("coin_race")), "engine_version", "9.9.9")
    with pytest.raises(UserError, match="engine version or the game data changed"):
        runner.run(config.compose(["game=coin_race", "pairs=20", "name=engine"]), progress=False)
    assert (plan.directory / "manifest.json").read_text() == manifest


def test_sigkill_midway_then_resume_gives_exactly_the_planned_matches(output_root):
    args = [sys.executable, "-m", "sim", "sweep", "game=coin_race", "pairs=40000", "runner.chunk_pairs=500",
            "runner.n_jobs=2", "name=killed", "runner.progress=false", "--no-report"]
    env = dict(os.environ, SIM_OUTPUT_ROOT=str(output_root))
    process = subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True)
    parts = output_root / "experiments" / "killed" / "matches"
    deadline = time.time() + 120
    while time.time() < deadline and len(list(parts.glob("*/*/part-*.parquet"))) < 3:
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)  # the whole group: the sweep and its workers
    process.wait()
    done_before = len(list(parts.glob("*/*/part-*.parquet")))
    assert 3 <= done_before < 3 * 80, "the kill should land mid-sweep"
    for part in parts.glob("*/*/part-*.parquet"):
        pq.read_metadata(part)  # every finished part is a whole file

    subprocess.run(args, cwd=ROOT, env=env, check=True)
    lake = read_lake(output_root / "experiments" / "killed")
    assert lake.height == 3 * 40000 * 2
    keys = lake.select("matchup_id", "pair_index", "swap")
    assert keys.unique().height == lake.height
    expected = pl.DataFrame({"pair_index": list(range(40000))}).join(
        pl.DataFrame({"swap": [0, 1]}, schema={"swap": pl.Int8}), how="cross"
    )
    for matchup in lake["matchup_id"].unique():
        got = lake.filter(pl.col("matchup_id") == matchup).select("pair_index", "swap").sort("pair_index", "swap")
        assert got.equals(expected.sort("pair_index", "swap"))
    assert not list(parts.glob("*/*/.*.tmp")), "the resumed run clears temporary files of killed workers"


def test_ctrl_c_midway_keeps_the_finished_parts_and_the_rerun_completes(output_root):
    """The local runner's worker threads cannot be stopped inside a kernel: on Ctrl-C they finish the
    tasks they play (whole parts) and start no other, and the run says how to resume."""
    args = [sys.executable, "-m", "sim", "sweep", "game=coin_race", "pairs=40000", "runner.chunk_pairs=500",
            "runner.n_jobs=2", "name=interrupted", "runner.progress=false", "--no-report"]
    env = dict(os.environ, SIM_OUTPUT_ROOT=str(output_root))
    process = subprocess.Popen(args, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    parts = output_root / "experiments" / "interrupted" / "matches"
    deadline = time.time() + 120
    while time.time() < deadline and len(list(parts.glob("*/*/part-*.parquet"))) < 3:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert "interrupted: finished parts are kept; rerun the same command to resume" in err
    assert len(list(parts.glob("*/*/part-*.parquet"))) < 3 * 80, "the interrupt should land mid-sweep"

    subprocess.run(args, cwd=ROOT, env=env, check=True)
    lake = read_lake(output_root / "experiments" / "interrupted")
    assert lake.height == 3 * 40000 * 2
    assert lake.select("matchup_id", "pair_index", "swap").unique().height == lake.height
    assert not list(parts.glob("*/*/.*.tmp"))


def test_replay_reads_manifests_written_before_a_schema_change(output_root):
    """A manifest may hold keys a later schema dropped (here a report option): replay still works."""
    import json

    from sim.commands.replay import replay_row

    plan = sweep("pairs=3", "runner.n_jobs=1", "name=older")
    path = plan.directory / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["config"]["report"]["params"] = {"n_boot": 50}
    manifest["config"]["retired_option"] = 1
    path.write_text(json.dumps(manifest))
    lines = replay_row("older", "0")
    assert lines[0].startswith("match ") and lines[-1].startswith("result:")


def test_a_run_says_whether_it_starts_resumes_or_has_nothing_to_do(output_root, capsys):
    """Issue 20, item 5: resumes and finished runs are announced before the bar."""
    from sim.core import config, runner

    cfg = config.compose(["game=coin_race", "pairs=64", "runner.n_jobs=1", "name=told"])
    runner.run(cfg, progress=True)
    assert "told: 384 matches in" in capsys.readouterr().err
    part = next((output_root / "experiments" / "told" / "matches").glob("*/*/part-*.parquet"))
    part.unlink()
    runner.run(cfg, progress=True)
    assert "told: resuming: " in capsys.readouterr().err
    runner.run(cfg, progress=True)
    assert "told: already complete (384 matches)" in capsys.readouterr().err


def test_a_cold_cache_is_compiled_before_the_bar_starts(output_root, capsys, monkeypatch):
    """Issue 20, item 5 and issue 44 item 5: the first run says it compiles, and compiles before the
    progress bar starts, so the bar never shows 0.00 match/s and an ETA of hours for the compile."""
    from sim.core import compile_cache, config, runner, worker

    cfg = config.compose(["game=coin_race", "pairs=64", "runner.n_jobs=1", "name=cold"])
    monkeypatch.setattr(compile_cache, "game_folder", lambda game: output_root / "empty-cache")
    assert not worker.kernels_cached(runner.make_plan(cfg).game)
    order = []
    bar = runner._progress_bar
    monkeypatch.setattr(runner, "_progress_bar", lambda *args: order.append("bar") or bar(*args))
    real = worker.ensure_kernels
    monkeypatch.setattr(runner, "ensure_kernels", lambda *args: order.append("compile") or real(*args))
    runner.run(cfg, progress=True)
    err = capsys.readouterr().err
    assert "cold: compiling the coin_race kernels (first run only" in err and "cold: kernels ready in " in err
    assert order[0] == "compile" and order.index("bar") > order.index("compile")


# ---- issue 19: a finished task is proven, a broken part is played again ----------------------------


def _cli(args, capsys):
    from sim.cli import main

    status = main(args)
    captured = capsys.readouterr()
    return status, captured.err.strip().splitlines()


PROVEN = ["sweep", "game=coin_race", "pairs=40", "runner.chunk_pairs=15", "name=proven", "runner.n_jobs=1",
          "runner.progress=false", "runner.card_rows=true", "--no-report"]


def _break(part: Path, how: str, other: Path) -> None:
    if how == "truncated":
        part.write_bytes(part.read_bytes()[: part.stat().st_size // 2])
    elif how == "empty":
        part.write_bytes(b"")
    else:  # a whole Parquet file, but of another task: the wrong number of rows
        part.write_bytes(other.read_bytes())


@pytest.mark.parametrize(
    "table, how",
    # a cards part has no planned row count: it is proven by its footer alone
    [("matches", "truncated"), ("matches", "empty"), ("matches", "another task's rows"), ("cards", "truncated"),
     ("cards", "empty")],
)
def test_a_broken_part_is_found_replayed_and_said_in_one_line(table, how, output_root, capsys):
    """Item 1: report and replay refuse a lake with an unreadable part in one line; the next sweep
    proves every part (footer readable, as many rows as planned), plays the broken task again and
    says so in one line."""
    assert _cli(PROVEN, capsys)[0] == 0
    folder = output_root / "experiments" / "proven"
    first, first_cards = read_lake(folder), read_lake(folder, "cards")
    parts = sorted((folder / "matches").glob("*/*/part-*.parquet"), key=lambda p: pq.read_metadata(p).num_rows)
    small, large = parts[0], parts[-1]  # 10 pairs and 15 pairs
    assert pq.read_metadata(small).num_rows < pq.read_metadata(large).num_rows
    victim = large if table == "matches" else folder / "cards" / large.relative_to(folder / "matches")
    _break(victim, how, small)
    if how != "another task's rows":
        for command in (["report", "proven"], ["replay", "proven", "0"]):
            status, lines = _cli(command, capsys)
            assert status == 2 and len(lines) == 1 and str(victim) in lines[0] and "rerun the experiment's sweep" in lines[0]
    status, lines = _cli(PROVEN, capsys)
    assert status == 0
    assert len(lines) == 1 and lines[0].startswith(f"repaired: {victim}: ") and "its task is played again" in lines[0]
    assert read_lake(folder).equals(first) and read_lake(folder, "cards").equals(first_cards)
    assert '"tasks_run": 1' in (folder / "manifest.json").read_text()
    assert _cli(["report", "proven"], capsys)[0] == 0


def test_a_full_disk_while_writing_a_part_is_one_line_and_the_rerun_completes(output_root, capsys, monkeypatch):
    """Item 10: no space left: one line, no partial part; the rerun finishes the lake."""
    import errno

    from sim.core import lake

    reference = sweep("pairs=40", "runner.chunk_pairs=15", "name=reference", "runner.n_jobs=1")
    writes = []
    real_write = lake.pq.write_table

    def fill_the_disk(table, where, **options):
        writes.append(where)
        if len(writes) == 3:
            Path(where).write_bytes(b"PAR1 half a part")
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(table, where, **options)

    monkeypatch.setattr(lake.pq, "write_table", fill_the_disk)
    args = ["sweep", "game=coin_race", "pairs=40", "runner.chunk_pairs=15", "name=full", "runner=sequential",
            "runner.progress=false", "--no-report"]
    status, lines = _cli(args, capsys)
    assert status == 2 and len(lines) == 1
    assert "cannot write (No space left on device): free some disk space, then rerun the same command" in lines[0]
    folder = output_root / "experiments" / "full"
    assert not list(folder.rglob("*.tmp")) and len(list(folder.rglob("part-*.parquet"))) == 2
    assert '"status": "stopped"' in (folder / "manifest.json").read_text()
    monkeypatch.setattr(lake.pq, "write_table", real_write)
    assert _cli(args, capsys)[0] == 0
    assert read_lake(folder).drop("run_id").equals(read_lake(reference.directory).drop("run_id"))


def test_a_file_size_limit_in_the_workers_is_one_line_and_the_rerun_completes(output_root):
    """Item 10, with real workers: a part larger than `ulimit -f` allows."""
    import resource

    args = [sys.executable, "-m", "sim", "sweep", "game=coin_race", "pairs=100000", "name=limited",
            "runner.n_jobs=2", "runner.progress=false", "--no-report"]
    env = dict(os.environ, SIM_OUTPUT_ROOT=str(output_root))

    def limit_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    failed = subprocess.run(args, cwd=ROOT, env=env, preexec_fn=limit_files, capture_output=True, text=True)
    lines = failed.stderr.strip().splitlines()
    assert failed.returncode == 2 and len(lines) == 1, failed.stderr
    assert "cannot write (File too large): raise the file-size limit (ulimit -f)" in lines[0]
    folder = output_root / "experiments" / "limited"
    assert not list(folder.rglob("*.tmp"))
    for part in folder.rglob("part-*.parquet"):
        pq.read_metadata(part)
    subprocess.run(args, cwd=ROOT, env=env, check=True)
    assert read_lake(folder).height == 3 * 100000 * 2


def test_a_damaged_pair_segments_entry_is_one_line(output_root):
    import json

    from sim.core.errors import UserError

    plan = sweep("pairs=10", "name=damaged")
    path = plan.directory / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["pair_segments"] = [10, 4]
    path.write_text(json.dumps(manifest))
    with pytest.raises(UserError, match="pair_segments: must be increasing pair counts"):
        sweep("pairs=10", "name=damaged")


def test_a_rewritten_published_report_does_not_make_the_tree_dirty(tmp_path, monkeypatch):
    """Issue 44 item 9: 88 of 91 published reports said `+dirty`, because a study rewrites the tracked
    reports/ as it goes; only a change of what plays the matches (code, data, config) is dirty."""
    import subprocess

    from sim.core import runner

    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "report.md").write_text("# a study\n")
    (tmp_path / "rules.yaml").write_text("hand_limit: 7\n")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "start")
    monkeypatch.setattr(runner, "PROJECT_ROOT", tmp_path)
    (tmp_path / "reports" / "report.md").write_text("# a study, rebuilt\n")
    assert not runner.git_sha().endswith("+dirty")
    (tmp_path / "rules.yaml").write_text("hand_limit: 6\n")
    assert runner.git_sha().endswith("+dirty")
