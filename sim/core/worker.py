"""What a worker runs (a thread of the sweep's process, or a loky or Dask worker process): one task of
a sweep, from its seed block to its Parquet parts.

Apart from the runner (planning, manifests, backends) so that a worker process imports only what playing
and writing need (numba, the game's kernels, pyarrow), not the config stack (omegaconf, Hydra).
"""

from __future__ import annotations

import fcntl
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.core import compile_cache, lake
from sim.core.game import Game, Matchup, Policy, Ruleset, SeedBlock
from sim.core.rng import name_key


@dataclass(frozen=True)
class Task:
    task_id: str
    ruleset_index: int
    matchup_index: int
    pair_start: int
    pair_stop: int


def seed_block(root_seed: int, matchup: Matchup, pair_start: int, pair_stop: int) -> SeedBlock:
    """Seed keys of pairs [start, stop): each deal is played in every seat order of the matchup's
    sides (two sides: twice, seats swapped; a cooperative team: once)."""
    pairs = np.arange(pair_start, pair_stop, dtype=np.int64)
    orders = matchup.seating.orders
    return SeedBlock(
        root_seed,
        name_key(matchup.matchup_id),
        np.repeat(pairs, orders),
        np.tile(np.arange(orders, dtype=np.uint8), len(pairs)),
    )


_KERNELS_READY: set[tuple[str, str]] = set()  # (game, kernel set)
_KERNELS_LOCK = threading.Lock()  # the threads backend's workers share this process's kernels


def set_up_numba() -> None:
    """numba's one-time set-up of its CPU target, done at the first cached function a process loads
    (~0.5 s). Part of it is importing scipy.linalg (~0.3 s of a worker's start) only to see whether a
    BLAS is there for np.dot and np.linalg; no kernel uses them, so a process that has not imported
    scipy yet does the set-up with scipy.linalg unimportable. numba then records "no BLAS" for this
    process, and scipy.linalg imports as usual afterwards (the statistics need it). The set-up loads
    no kernel: with a cold cache, every kernel is compiled by one process under the warm-up lock."""
    from numba.core.registry import cpu_target

    hide = "scipy.linalg" not in sys.modules
    if hide:
        sys.modules["scipy.linalg"] = None  # an import of it, or of a module inside it, raises ImportError
    try:
        cpu_target.target_context.refresh()  # what numba runs before it loads the first cached kernel
    finally:
        if hide:
            del sys.modules["scipy.linalg"]


def _warm_marker(game: Game, kernel_set: str = "") -> Path:
    folder = compile_cache.game_folder(game) or compile_cache.cache_root()
    name = "-".join(filter(None, [game.name, kernel_set]))
    return folder / f"warm-up-{name}-{compile_cache.machine_key()}.done"


def kernels_cached(game: Game, kernel_set: str = "") -> bool:
    """Whether this game's kernels are compiled in the cache already (a sweep then starts in seconds)."""
    return _warm_marker(game, kernel_set).exists()


def ensure_kernels(game: Game, kernel_set: str = "") -> None:
    """Compile or load this game's kernels, once per process. Processes take turns under a file lock
    in the game's cache folder: with a cold cache the first one compiles and the others then load the
    cached kernels, so a sweep compiles once however many workers start together. Once a warm-up
    has finished, a marker beside the lock lets later processes load without waiting their turn. The
    folder is named after the content of every file the kernels are built from (compile_cache), so a
    marker in it vouches for exactly the kernels it holds, wherever the checkout and its cache were
    copied; a machine of another kind (CPU) has markers of its own. `kernel_set`: which of the
    game's kernels (Game.kernel_set), each set with its own marker."""
    ready = (game.name, kernel_set)
    if ready in _KERNELS_READY:
        return
    with _KERNELS_LOCK:
        if ready not in _KERNELS_READY:
            _load_kernels(game, kernel_set)
            _KERNELS_READY.add(ready)


def _load_kernels(game: Game, kernel_set: str) -> None:
    set_up_numba()  # needs no turn
    warmed = _warm_marker(game, kernel_set)
    folder = warmed.parent
    if warmed.exists():
        game.warm_up(kernel_set)
    else:
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / f"warm-up-{game.name}.lock").open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                game.warm_up(kernel_set)
                warmed.touch()
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


@dataclass(frozen=True)
class TaskOutput:
    task_id: str
    matches: int
    seconds: float
    first_player_scores: np.ndarray  # pair-level first-player score, in pair order (for SPRT)


def run_task(
    game: Game,
    ruleset: Ruleset,
    matchup: Matchup,
    policies: tuple[Policy, ...],
    task: Task,
    root_seed: int,
    experiment: str,
    run_id: str,
    config_hash: str,
    debug: bool,
    card_rows: bool,
    fmt: lake.LakeFormat = lake.CURRENT,
) -> TaskOutput:
    """Play one task and write its part files, in the lake's format ``fmt``. Runs in a worker (thread
    or process)."""
    started = time.perf_counter()
    ensure_kernels(game, game.kernel_set(policies))
    seeds = seed_block(root_seed, matchup, task.pair_start, task.pair_stop)
    result = game.play_batch(ruleset, matchup, policies, seeds, debug=debug, card_counts=card_rows)
    folder = Path(experiment)
    if card_rows:
        cards = lake.card_table(game, ruleset, matchup, seeds, result, run_id=run_id, fmt=fmt)
        lake.write_atomic(cards, fmt.part_path(folder, "cards", game.name, ruleset.ruleset_id, task.task_id))
    if lake.wants_seat_rows(matchup):
        seats = lake.seat_table(game, ruleset, matchup, policies, seeds, result, run_id=run_id, fmt=fmt)
        lake.write_atomic(seats, fmt.part_path(folder, "seats", game.name, ruleset.ruleset_id, task.task_id))
    table = lake.match_table(
        game, ruleset, matchup, policies, seeds, result, run_id=run_id, config_hash=config_hash, fmt=fmt
    )
    lake.write_atomic(table, fmt.part_path(folder, "matches", game.name, ruleset.ruleset_id, task.task_id))
    return TaskOutput(task.task_id, len(seeds), time.perf_counter() - started, pair_scores(result.winner, matchup))


def pair_scores(winner: np.ndarray, matchup: Matchup) -> np.ndarray:
    """Per pair, the share of its matches that the side moving first won (a draw counts half);
    cooperative: whether the team won the deal."""
    first = np.where(winner < 0, 0.5, (winner == 0).astype(np.float64))
    return first.reshape(-1, matchup.seating.orders).mean(axis=1)
