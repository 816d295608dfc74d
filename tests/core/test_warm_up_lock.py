"""Compile once (DESIGN.md §9, guide "warm it in one process before fanning out"): workers starting
together take turns at a game's warm-up, so with a cold cache only the first one compiles; once a
warm-up has finished, later workers load without waiting for a turn."""

import fcntl
import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORKER = textwrap.dedent(
    """
    import json, os, sys, time
    from sim.core import worker

    class SlowWarmUp:
        name = "lock-test"
        def warm_up(self, kernel_set=""):
            started = time.monotonic()
            time.sleep(0.3)
            with open(sys.argv[1], "a") as out:
                out.write(json.dumps([os.getpid(), started, time.monotonic()]) + "\\n")

    game = SlowWarmUp()
    worker.ensure_kernels(game)
    worker.ensure_kernels(game)  # a second task in the same worker: no second warm-up
    """
)


def test_workers_take_turns_at_the_warm_up_and_each_warms_up_once(tmp_path):
    log = tmp_path / "warm_ups.jsonl"
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    workers = [
        subprocess.Popen([sys.executable, "-c", WORKER, str(log)], cwd=ROOT, env=env) for _ in range(3)
    ]
    assert [w.wait(timeout=120) for w in workers] == [0, 0, 0]
    intervals = sorted(json.loads(line)[1:] for line in log.read_text().splitlines())
    assert len(intervals) == 3  # once per process
    (_, first_end), *later = intervals
    assert all(start >= first_end for start, _ in later)  # nobody loads while the first one compiles

    # the cache is warm now: a new worker does not wait for the lock, even while another holds it
    with (tmp_path / "cache" / "warm-up-lock-test.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        late = subprocess.run([sys.executable, "-c", WORKER, str(log)], cwd=ROOT, env=env, timeout=120)
    assert late.returncode == 0
    assert len(log.read_text().splitlines()) == 4
