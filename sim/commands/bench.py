"""`make bench`: throughput per game and bot (DESIGN.md §9). Never a timed test: a measurement.

For each game it measures
  kernel        matches/s on one core: play_batch alone, kernels warm, the default matchups in turn
  end to end    matches/s from config to Parquet through the runner, with 1 and with 2 workers, and
                two 1-worker sweeps side by side (summed: the ceiling of this machine's two cores)
                (median of three sweeps of two million matches, or of what the kernel plays in 20 s
                for a slower game, each in a fresh process)
  cold compile  seconds (wall and CPU) for a fresh process to get the game's kernels ready with an
                empty numba cache: compiling every kernel the game's warm-up reaches; and the CPU
                seconds more for each set of kernels compiled apart (Game.kernel_set, the search bots)
  warm load     the same with that cache filled: loading them
  no JIT        matches/s of the same code with NUMBA_DISABLE_JIT=1 (plain Python), on a small sample
and prints a table, writing reports/bench/bench.json and bench.md. A run of some games (`--games`)
replaces those games' rows and keeps the others' from the last run, each row dated.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime

from sim.core import config, worker
from sim.core.lake import write_json_atomic, write_text_atomic
from sim.core.paths import PROJECT_ROOT, ensure_writable, output_root
from sim.core.registry import game_names, get_game
from sim.core.seating import seats_for

KERNEL_SECONDS = 3.0
# The kernel figure is the median of three equal windows of its time: the host's speed can drop for a
# second or two, and a single window caught in that would set the figure.
KERNEL_WINDOWS = 3
# End to end: one sweep of two million matches, the designers' unit of work ("sweeps of millions of
# matches"), the same for every game and run so that figures compare across machines and sessions.
# Loading the kernels (~1.1 s: numba's set-up and the cached kernels) is part of it.
# A slower game (a few thousand matches/s) plays what its kernel gets through in END_TO_END_SECONDS
# instead: two million of its matches would take an hour a figure.
END_TO_END_MATCHES = 2_000_000
END_TO_END_SECONDS = 20.0
QUICK_END_TO_END_MATCHES = 20_000
# The host's speed drifts by ±10% from minute to minute (a shared machine): the figure is the median
# of three sweeps, and the three are kept.
END_TO_END_RUNS = 3


# (result key, runner.n_jobs, sweeps side by side, label): one worker; the pool of two; and two
# independent one-worker sweeps at once, whose sum is what two cores of this machine give with nothing
# shared: the pool is judged against that ceiling as well as against one worker.
END_TO_END_SETUPS = (
    ("end_to_end_1_workers", 1, 1, "1 worker"),
    ("end_to_end_2_workers", 2, 1, "2 workers"),
    ("end_to_end_side_by_side", 1, 2, "two 1-worker sweeps side by side"),
)


def default_setup(name: str):
    """(config, game, default ruleset, the config's default matchups) of a game: what a plain
    `make sweep game=<name>` plays. The bench (and `make profile`) measure these."""
    cfg = config.compose([f"game={name}"])
    game = get_game(name)
    ruleset = game.load_ruleset(game.default_edition())
    spec = list(cfg.matchups) or game.matchup_sets()[:1]
    return cfg, game, ruleset, game.load_matchups(ruleset, spec)


def _default_setup(name: str):
    """default_setup with the first default matchup only (the no-JIT figure's small sample)."""
    cfg, game, ruleset, matchups = default_setup(name)
    return cfg, game, ruleset, matchups[0]


def kernel_rate(name: str, policy: str, seconds: float) -> float:
    """Matches per second of play_batch alone on this core (kernels already compiled), over the same
    default matchups as the end-to-end sweep, in turn, so that the two figures compare; the median of
    KERNEL_WINDOWS windows."""
    _, game, ruleset, matchups = default_setup(name)
    bot = (game.load_policy(policy),)
    for matchup in matchups:
        game.play_batch(ruleset, matchup, seats_for(bot, matchup), worker.seed_block(1, matchup, 0, 1))
    block, pair_start, rates = 4, 0, []
    for _ in range(KERNEL_WINDOWS):
        played = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds / KERNEL_WINDOWS:
            for matchup in matchups:
                seeds = worker.seed_block(1, matchup, pair_start, pair_start + block)
                game.play_batch(ruleset, matchup, seats_for(bot, matchup), seeds)
                played += len(seeds)
            pair_start += block
            block = min(block * 2, 1024)
        rates.append(played / (time.perf_counter() - started))
    return sorted(rates)[len(rates) // 2]


# One sweep in a process of its own, timed from the composed config to the last Parquet part: as in
# `make sweep`, the process loads its kernels afresh (numba's set-up and the cached kernels, ~1.1 s).
END_TO_END_SCRIPT = """
import sys, time
from sim.core import config, runner
cfg = config.compose(sys.argv[1:])
started = time.perf_counter()
plan = runner.run(cfg, progress=False)
print(runner.count_matches(plan.directory) / (time.perf_counter() - started))
"""


def end_to_end_size(kernel_rate: float) -> int:
    """Matches of one end-to-end sweep: END_TO_END_MATCHES, or END_TO_END_SECONDS of the kernel's
    rate for a slower game, rounded down to two significant figures (at least the quick sample)."""
    matches = int(min(END_TO_END_MATCHES, kernel_rate * END_TO_END_SECONDS))
    digits = max(len(str(matches)) - 2, 0)
    return max(QUICK_END_TO_END_MATCHES, matches // 10**digits * 10**digits)


def end_to_end_rate(name: str, policy: str, matches: int, n_jobs: int, side_by_side: int = 1) -> float:
    """Matches per second from config to Parquet (plan, workers, kernels, lake writes). With
    `side_by_side` > 1, that many independent sweeps run at once, each in its own process, and the
    figure is their sum: what the machine's cores give with nothing shared (the pool's ceiling)."""
    overrides = [
        f"game={name}",
        f"matches={matches}",
        f"policies=[{policy}]",
        f"runner.n_jobs={n_jobs}",
        "runner.progress=false",
        "name=bench",
    ]
    with tempfile.TemporaryDirectory() as folder:
        sweeps = [
            subprocess.Popen(
                [sys.executable, "-c", END_TO_END_SCRIPT, *overrides],
                cwd=PROJECT_ROOT,
                env=dict(os.environ, SIM_OUTPUT_ROOT=f"{folder}/{index}"),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for index in range(side_by_side)
        ]
        rates = []
        for sweep in sweeps:
            out, err = sweep.communicate()
            if sweep.returncode:
                raise subprocess.CalledProcessError(sweep.returncode, sweep.args, out, err)
            rates.append(float(out.strip().splitlines()[-1]))
    return sum(rates)


def _subprocess_seconds(code: str, env: dict) -> tuple[float, float]:
    """(wall, CPU) seconds of a fresh process running `code`; the CPU time is the steadier figure on
    a shared machine."""
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - started
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)


def start_times(name: str) -> dict:
    """Cold compile and warm load of one game's kernels, each in a fresh process; then the cold compile
    of each further kernel set its bots need (Game.kernel_set: e.g. the search bots'), on top of the
    game's kernels already cached."""
    game = get_game(name)
    kernel_sets = sorted({game.kernel_set((game.load_policy(policy),)) for policy in game.policy_names()} - {""})
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        code = f"from sim.core.registry import get_game; get_game({name!r}).warm_up()"
        cold, cold_cpu = _subprocess_seconds(code, env)
        warm, warm_cpu = _subprocess_seconds(code, env)
        further = {}
        for kernel_set in kernel_sets:
            _, cpu = _subprocess_seconds(f"from sim.core.registry import get_game; get_game({name!r}).warm_up({kernel_set!r})", env)
            further[kernel_set] = round(cpu, 2)
    return {
        "cold_compile_seconds": round(cold, 2),
        "cold_compile_cpu_seconds": round(cold_cpu, 2),
        "warm_load_seconds": round(warm, 2),
        "warm_load_cpu_seconds": round(warm_cpu, 2),
        "further_kernel_sets_cold_cpu_seconds": further,
    }


def nojit_rate(name: str, policy: str, matches: int) -> float:
    code = (
        "import time, sys; from sim.commands.bench import _default_setup; from sim.core import worker\n"
        f"cfg, game, ruleset, matchup = _default_setup({name!r})\n"
        "from sim.core.seating import seats_for\n"
        f"policies = seats_for((game.load_policy({policy!r}),), matchup)\n"
        f"seeds = worker.seed_block(1, matchup, 0, {matches})\n"
        "started = time.perf_counter(); game.play_batch(ruleset, matchup, policies, seeds)\n"
        "print(len(seeds) / (time.perf_counter() - started))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT_ROOT,
        env=dict(os.environ, NUMBA_DISABLE_JIT="1"),
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def run_bench(quick: bool = False, games: list[str] | None = None) -> dict:
    names = games or [g for g in game_names()]
    kernel_seconds = 0.5 if quick else KERNEL_SECONDS
    folder = ensure_writable(output_root() / "reports" / "bench")
    results = {"machine": _machine(), "quick": quick, "games": _kept_games(folder / "bench.json", quick) if games else {}}
    for name in names:
        cfg, game, _, matchups = default_setup(name)
        game.warm_up()
        headline = list(cfg.policies)[0]
        entry = {"engine_version": game.engine_version, "matchups": [m.matchup_id for m in matchups], "policies": {},
                 "measured": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), "machine": _machine()}
        for policy in game.policy_names():
            searching = policy == "search" or policy.startswith("ismcts")
            rate = kernel_rate(name, policy, kernel_seconds / 2 if searching else kernel_seconds)
            entry["policies"][policy] = {"kernel_matches_per_second": round(rate, 1)}
            print(f"{name:12s} {policy:18s} kernel {rate:12,.0f} matches/s (1 core)", flush=True)
        e2e_matches = QUICK_END_TO_END_MATCHES if quick else end_to_end_size(entry["policies"][headline]["kernel_matches_per_second"])
        for key, n_jobs, side_by_side, label in END_TO_END_SETUPS:
            runs = sorted(
                end_to_end_rate(name, headline, e2e_matches, n_jobs, side_by_side) for _ in range(1 if quick else END_TO_END_RUNS)
            )
            rate = runs[len(runs) // 2]
            entry[key] = {
                "policy": headline,
                "matches": e2e_matches,
                "matches_per_second": round(rate, 1),
                "runs": [round(r, 1) for r in runs],
            }
            spread = f" (runs {runs[0]:,.0f} to {runs[-1]:,.0f})" if len(runs) > 1 else ""
            print(f"{name:12s} {headline:18s} end to end, {label}: {rate:12,.0f} matches/s{spread}", flush=True)
        entry.update(start_times(name))
        nojit = nojit_rate(name, headline, 4 if quick else 20)
        entry["nojit_matches_per_second"] = round(nojit, 2)
        entry["jit_speedup"] = round(entry["policies"][headline]["kernel_matches_per_second"] / nojit, 1)
        print(
            f"{name:12s} cold compile {entry['cold_compile_seconds']} s ({entry['cold_compile_cpu_seconds']} s CPU), "
            f"warm load {entry['warm_load_seconds']} s, "
            f"no-JIT {nojit:,.1f} matches/s (JIT speedup x{entry['jit_speedup']})",
            flush=True,
        )
        results["games"][name] = entry
    results["games"] = dict(sorted(results["games"].items()))
    write_json_atomic(results, folder / "bench.json")
    write_text_atomic(_markdown(results), folder / "bench.md")
    print(f"\n{_markdown(results)}\nwritten: {folder / 'bench.json'}")
    return results


def _kept_games(path, quick: bool) -> dict:
    """The rows of the last run's bench.json (of the same kind, quick or full) that a run of some games
    keeps; none if there is no readable one."""
    try:
        last = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(last, dict) or last.get("quick") != quick or not isinstance(last.get("games"), dict):
        return {}
    return last["games"]


def _machine() -> dict:
    return {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}


def _markdown(results: dict) -> str:
    lines = [
        "| game | bot | kernel matches/s (1 core, default matchups) | matches a sweep | end to end 1 worker (median of 3) "
        "| end to end 2 workers (median of 3) | 2 workers / 1 | two 1-worker sweeps side by side, summed (median of 3) "
        "| 2 workers / side by side | no-JIT matches/s |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, entry in results["games"].items():
        for policy, numbers in entry["policies"].items():
            one = entry["end_to_end_1_workers"]
            two = entry["end_to_end_2_workers"]
            side = entry.get("end_to_end_side_by_side")
            headline = one["policy"] == policy
            lines.append(
                f"| {name} | {policy} | {numbers['kernel_matches_per_second']:,.0f} | "
                + (
                    f"{one['matches']:,} | {one['matches_per_second']:,.0f} | {two['matches_per_second']:,.0f} | "
                    f"{two['matches_per_second'] / one['matches_per_second']:.2f} | "
                    + (f"{side['matches_per_second']:,.0f} | {two['matches_per_second'] / side['matches_per_second']:.2f} | "
                       if side else " | | ")
                    if headline
                    else " | | | | | | "
                )
                + (f"{entry['nojit_matches_per_second']:,.1f} |" if headline else " |")
            )
    lines += [
        "",
        "Getting a game's kernels ready in a fresh process: with an empty numba cache (cold compile) and with",
        "that cache filled (warm load); then, for a bot whose kernels are compiled apart (e.g. the search bots),",
        "the further cold compile they need on top of the game's.",
        "",
        "| game | engine | measured | cold compile, s | cold compile, CPU s | warm load, s | warm load, CPU s | further kernel sets, cold CPU s |",
        "|---|---|---|---:|---:|---:|---:|---|",
    ]
    for name, entry in results["games"].items():
        further = ", ".join(f"{k} {v}" for k, v in entry.get("further_kernel_sets_cold_cpu_seconds", {}).items())
        lines.append(
            f"| {name} | {entry.get('engine_version', '—')} | {entry.get('measured', '—')} | {entry['cold_compile_seconds']} | {entry['cold_compile_cpu_seconds']} | "
            f"{entry['warm_load_seconds']} | {entry['warm_load_cpu_seconds']} | {further or '—'} |"
        )
    return "\n".join(lines) + "\n"
