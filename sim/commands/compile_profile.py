"""`make compile-profile GAME=<game>`: where a game's cold compile goes, function by function.

A fresh process with an empty numba cache runs the game's warm-up (what `make bench` times as the cold
compile) while a listener on numba's `numba:compile` events times each function's compile. A function's
compile includes the compiles it sets off (its callees' first ones): "self" subtracts them, so the self
times add up to the whole. Writes reports/profile/<game>-compile.md (a measurement, like `make bench`;
never a test). Fewer, not bigger, functions is what has shortened a compile so far (each costs numba's
pipeline, an LLVM library and its cache files), and inlining a body at several call sites compiles it at
each: both show here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime

from numba.core import event as numba_event

from sim.core.lake import write_text_atomic
from sim.core.paths import PROJECT_ROOT, ensure_writable, output_root

TOP = 40

# Runs in the fresh process: prints one JSON line {"wall", "cpu", "self": {function: seconds}, "count": {...}}.
_PROBE = """
import json, resource, sys, time
from numba.core import event
from sim.commands.compile_profile import SelfTimes
times = SelfTimes()
event.register("numba:compile", times)
from sim.core.registry import get_game
started = time.perf_counter()
get_game(sys.argv[1]).warm_up(sys.argv[2])
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"wall": time.perf_counter() - started, "cpu": usage.ru_utime + usage.ru_stime,
                  "self": times.self_seconds, "count": times.count}))
"""


class SelfTimes(numba_event.Listener):
    """A numba event listener: each function's compile time (CPU: the machine may be shared)
    less the compiles nested in it, and how many times it was compiled (once per signature)."""

    def __init__(self, clock=time.process_time):
        self.clock = clock
        self.open: list[list] = []  # [name, start, seconds of nested compiles]
        self.self_seconds: Counter = Counter()
        self.count: Counter = Counter()

    def on_start(self, event) -> None:
        function = event.data["dispatcher"].py_func
        self.open.append([f"{function.__module__}.{function.__qualname__}", self.clock(), 0.0])

    def on_end(self, event) -> None:
        name, start, nested = self.open.pop()
        total = self.clock() - start
        self.self_seconds[name] += total - nested
        self.count[name] += 1
        if self.open:
            self.open[-1][2] += total


def measure(game: str, kernel_set: str = "") -> dict:
    with tempfile.TemporaryDirectory() as cache:
        out = subprocess.run([sys.executable, "-c", _PROBE, game, kernel_set], cwd=PROJECT_ROOT, check=True,
                             capture_output=True, text=True, env=dict(os.environ, NUMBA_CACHE_DIR=cache))
    return json.loads(out.stdout.strip().splitlines()[-1])


def markdown(game: str, numbers: dict, top: int = TOP) -> str:
    self_seconds = Counter(numbers["self"])
    total = sum(self_seconds.values()) or 1.0
    lines = [
        f"# Cold compile profile: {game}",
        "",
        f"`warm_up()` in a fresh process with an empty numba cache (`make compile-profile GAME={game}`, "
        f"{datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}, load average {os.getloadavg()[0]:.1f}): "
        f"{numbers['wall']:.1f} s wall, {numbers['cpu']:.1f} s CPU, {sum(numbers['count'].values())} compiles "
        f"of {len(numbers['count'])} functions.",
        "",
        "| function | self, CPU s | share | compiles |",
        "|---|---:|---:|---:|",
    ]
    for name, seconds in self_seconds.most_common(top):
        lines.append(f"| {name} | {seconds:.2f} | {100 * seconds / total:.1f}% | {numbers['count'][name]} |")
    rest = self_seconds.most_common()[top:]
    if rest:
        lines.append(f"| the other {len(rest)} | {sum(s for _, s in rest):.2f} | "
                     f"{100 * sum(s for _, s in rest) / total:.1f}% | {sum(numbers['count'][n] for n, _ in rest)} |")
    return "\n".join(lines) + "\n"


def compile_profile(game: str) -> str:
    from sim.core.registry import get_game

    get_game(game)  # an unknown game is one line, before the minute of compiling
    text = markdown(game, measure(game))
    path = ensure_writable(output_root() / "reports" / "profile") / f"{game}-compile.md"
    write_text_atomic(text, path)
    return str(path)
