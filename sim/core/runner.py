"""Plan and run a sweep: rulesets x matchups x pairs -> content-hashed tasks -> Parquet parts.

A task is a block of consecutive pairs of one (ruleset, matchup). Its id hashes everything that
decides its rows, so a rerun of the same experiment skips the tasks whose part already exists and
an interrupted sweep resumes with no duplicates and no gaps. Results never depend on n_jobs,
backend or scheduling order: every match draws only from its own seed-keyed streams.
"""

from __future__ import annotations

import inspect
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
from omegaconf import DictConfig, OmegaConf

from sim.core import config as config_module
from sim.core import lake, parameter_sweep, seating
from sim.core.errors import UserError, did_you_mean
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock, content_hash
from sim.core.paths import PROJECT_ROOT, ensure_writable, experiment_dir
from sim.core.registry import get_game
from sim.core.worker import Task, TaskOutput, ensure_kernels, kernels_cached, pair_scores, run_task


@dataclass
class Plan:
    cfg: DictConfig
    name: str
    run_id: str
    config_hash: str
    game: Game
    rulesets: list[Ruleset]
    matchups: list[list[Matchup]]  # per ruleset (same ids; cards may carry errata per edition)
    policies: list[tuple[Policy, ...]]  # per matchup: one bot per deck slot
    pairs: int
    tasks: list[Task]
    # pairs per stream at the end of each run that wrote this experiment: [pairs] for one run,
    # [100, 400] after a run of 100 pairs grown to 400 (the tasks of each segment are cut apart)
    segments: tuple[int, ...] = ()
    # the names its lake stores an edition under: the current format, or an older lake's own (resumed as it is)
    lake_format: lake.LakeFormat = lake.CURRENT

    def matches_of(self, task: Task) -> int:
        return (task.pair_stop - task.pair_start) * self.matchups[0][task.matchup_index].seating.orders

    @property
    def total_matches(self) -> int:
        return sum(self.matches_of(t) for t in self.tasks)

    @property
    def directory(self) -> Path:
        return experiment_dir(self.name)


MIN_TASKS = 32  # a small plan is still split this finely, so that every worker has work
MIN_TASK_PAIRS = 64  # below this a task costs more in Parquet part overhead than it plays


def task_pairs(chunk_pairs: int, pairs: int, streams: int) -> int:
    """Pairs per task: ``runner.chunk_pairs`` at most (large parts: each Parquet part costs ~5 ms
    whatever its size), but small plans are split into ``MIN_TASKS`` tasks of at least
    ``MIN_TASK_PAIRS`` pairs. A function of the config alone, so a resumed run plans the same tasks."""
    wanted = -(-pairs * streams // MIN_TASKS)
    return max(1, min(chunk_pairs, max(MIN_TASK_PAIRS, wanted)))


MAX_TASKS = 200_000  # a plan is built in memory, one entry (and later one Parquet part) per task


def check_plan_size(streams: int, pairs: int, chunk: int, entry: str) -> None:
    """Refuse, by arithmetic alone, a plan too large to build (e.g. matches=10**12)."""
    tasks = streams * -(-pairs // chunk)
    if tasks > MAX_TASKS:
        raise UserError(
            f"the plan would need {tasks:,} tasks ({streams} edition x matchup stream(s) x {pairs:,} pairs, "
            f"{chunk:,} pairs per task; at most {MAX_TASKS:,}): lower matches or pairs, or raise runner.chunk_pairs",
            file="config",
            entry=entry,
        )


def make_plan(cfg: DictConfig, segments: tuple[int, ...] = ()) -> Plan:
    """The tasks of an experiment. `segments`: the pair counts of the earlier runs it grew from
    (the manifest's `pair_segments`), so that their tasks, already played, are planned as they were."""
    game = with_data_dir(get_game(cfg.game), cfg.data_dir)
    edition_names = config_module.arms(cfg, game.default_edition())
    known = game.editions()
    for edition in edition_names:
        if edition not in known:
            raise UserError(
                f"unknown edition '{edition}' for {game.name} (known: {', '.join(known)})" + did_you_mean(edition, known),
                entry="edition",
            )
    rulesets = [game.load_ruleset(e) for e in edition_names]
    spec = list(cfg.matchups) if cfg.matchups else game.matchup_sets()[:1]
    matchups = [game.load_matchups(r, spec) for r in rulesets]
    if not matchups[0]:
        raise UserError("no matchups selected", file="config", entry="matchups")
    ids = [m.matchup_id for m in matchups[0]]
    twice = next((m for i, m in enumerate(matchups[0]) if m.matchup_id in ids[:i]), None)
    if twice is not None:
        raise UserError(f"matchup '{' vs '.join(twice.sides)}' is listed twice", file="config", entry="matchups")

    known_policies = game.policy_names()
    for name in cfg.policies:
        if name not in known_policies:
            raise UserError(
                f"unknown policy '{name}' (known: {', '.join(known_policies)})" + did_you_mean(name, known_policies),
                entry="policies",
            )
    loaded = {name: game.load_policy(name) for name in dict.fromkeys(cfg.policies)}
    policies = tuple(loaded[name] for name in cfg.policies)
    if not policies:
        raise UserError("give at least one bot", file="config", entry="policies")
    seat_policies = [seating.seats_for(policies, m) for m in matchups[0]]

    pairs = config_module.pairs_per_stream(cfg, len(ids), len(rulesets), matchups[0][0].seating.orders)
    config_hash = config_module.plan_hash(cfg)
    name = cfg.name or f"{game.name}-{config_module.identity_hash(cfg)[:8]}"
    tasks = []
    streams = sum(len(m) for m in matchups)
    segments = tuple(segments) if segments else (pairs,)
    if segments[-1] != pairs or list(segments) != sorted(set(segments)):
        raise ValueError(f"pair segments {segments} do not grow to {pairs}")
    bounds = list(zip((0, *segments[:-1]), segments, strict=True))
    chunks = [task_pairs(int(cfg.runner.chunk_pairs), stop - start, streams) for start, stop in bounds]
    # the earlier segments passed this check when they ran
    check_plan_size(streams, bounds[-1][1] - bounds[-1][0], chunks[-1], "matches" if cfg.matches > 0 else "pairs")
    for r_index, ruleset in enumerate(rulesets):
        for m_index, matchup in enumerate(matchups[r_index]):
            for start, stop in _cut(bounds, chunks):
                task_id = content_hash(
                    [
                        game.engine_version,
                        ruleset.ruleset_hash,
                        matchup.matchup_id,
                        matchup.matchup_hash,
                        [p.policy_hash or p.name for p in seat_policies[m_index]],
                        int(cfg.seed),
                        start,
                        stop,
                        bool(cfg.runner.card_rows),
                    ]
                )
                tasks.append(Task(task_id, r_index, m_index, start, stop))
    plan = Plan(
        cfg=cfg,
        name=name,
        run_id=f"{name}-{config_hash[:8]}",
        config_hash=config_hash,
        game=game,
        rulesets=rulesets,
        matchups=matchups,
        policies=seat_policies,
        pairs=pairs,
        tasks=tasks,
        segments=segments,
    )
    check_report_options(plan)
    return plan


def _cut(bounds: list[tuple[int, int]], chunks: list[int]) -> Iterator[tuple[int, int]]:
    for (first, last), chunk in zip(bounds, chunks, strict=True):
        for start in range(first, last, chunk):
            yield start, min(start + chunk, last)


def with_data_dir(game: Game, data_dir: str) -> Game:
    """The game reading its designer data from ``data_dir`` (config ``data_dir``) instead of decks/<game>/."""
    if not data_dir:
        return game
    if "data_dir" not in inspect.signature(type(game)).parameters:
        raise UserError(f"{game.name} reads no data folder, so it cannot take another one", file="config", entry="data_dir")
    folder = Path(data_dir)
    if not folder.is_dir():
        problem = "is not a folder" if folder.exists() else "no such folder"
        raise UserError(f"{problem}: {folder}", file="config", entry="data_dir")
    moved = type(game)(data_dir=folder)
    if not moved.editions():
        raise UserError(
            f"holds no {game.name} rule editions (start from a copy of decks/{game.name}/)", file=str(folder), entry="data_dir"
        )
    return moved


def check_report_options(plan: Plan) -> None:
    """Report options that depend on the game and the arms, checked before the first match is played."""
    report = plan.cfg.report
    arms = [r.ruleset_id for r in plan.rulesets]
    if report.baseline and report.baseline not in arms:
        raise UserError(
            f"baseline edition '{report.baseline}' is not an edition of this experiment (editions: {', '.join(arms)})"
            + did_you_mean(report.baseline, arms),
            file="config",
            entry="report.baseline",
        )
    kinds = set(report.kinds)
    if not kinds & {"sides", "variance", "columns"}:
        return
    columns = lake_columns(plan)
    if "sides" in kinds:
        for column in report.side_columns:
            if f"{column}_a" not in columns:
                per_side = sorted(c[:-2] for c in columns if c.endswith("_a") and f"{c[:-2]}_b" in columns)
                raise UserError(
                    f"the lake will have no per-side column '{column}' (per-side columns: {', '.join(per_side)})"
                    + did_you_mean(column, per_side),
                    file="config",
                    entry="report.side_columns",
                )
    if "columns" in kinds:
        for column in report.columns:
            names = [column] if column in columns else [f"{column}_a", f"{column}_b"]
            if not set(names) <= set(columns):
                raise UserError(
                    f"the lake will have no column '{column}' (nor {column}_a / {column}_b)"
                    + did_you_mean(column, list(columns)),
                    file="config",
                    entry="report.columns",
                )
            for name in names:
                kind = columns[name].value_type if pa.types.is_list(columns[name]) else columns[name]
                if not (pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_boolean(kind)):
                    held = "text" if pa.types.is_dictionary(kind) or pa.types.is_string(kind) else str(kind)
                    raise UserError(f"column '{name}' holds {held}, not numbers", file="config", entry="report.columns")
    if "variance" in kinds and report.group_column not in columns:
        raise UserError(
            f"the lake will have no column '{report.group_column}' to group matches by"
            + did_you_mean(report.group_column, columns),
            file="config",
            entry="report.group_column",
        )


def lake_columns(plan: Plan) -> dict[str, pa.DataType]:
    """The columns the plan's match parts will have, with their types: those of a part of no rows,
    built by the lake's own code (plus the `game` partition key), as the report views give them."""
    game, matchup = plan.game, plan.matchups[0][0]
    seats = matchup.players

    def empty(*shape: int) -> np.ndarray:
        return np.zeros((0, *shape), np.int8)

    kinds = game.extra_columns()
    result = BatchResult(
        winner=empty(), end_reason=empty(), turns=empty(), rounds=empty(), score=empty(seats), error=empty(),
        extra={name: empty() if kind == "per_match" else empty(seats) for name, kind in kinds.items()},
    )
    seeds = SeedBlock(0, 0, np.zeros(0, np.int64), np.zeros(0, np.uint8))
    table = lake.match_table(game, plan.rulesets[0], matchup, plan.policies[0], seeds, result, run_id="", config_hash="")
    return {field.name: field.type for field in table.schema} | {"game": pa.string()}


def _stored_pair_scores(plan: Plan, task: Task) -> np.ndarray:
    import pyarrow.parquet as pq

    ruleset = plan.rulesets[task.ruleset_index]
    path = plan.lake_format.part_path(plan.directory, "matches", plan.game.name, ruleset.ruleset_id, task.task_id)
    table = pq.read_table(path, columns=["winner_seat"])
    return pair_scores(table.column("winner_seat").to_numpy(), plan.matchups[0][task.matchup_index])


# ---- execution --------------------------------------------------------------------------------


def _execute(plan: Plan, tasks: list[Task]) -> Iterator[TaskOutput]:
    """Run tasks with the configured backend, yielding outputs as they finish."""
    from joblib import Parallel, delayed, parallel_config

    runner = plan.cfg.runner
    calls = (
        delayed(run_task)(
            plan.game,
            plan.rulesets[t.ruleset_index],
            plan.matchups[t.ruleset_index][t.matchup_index],
            plan.policies[t.matchup_index],
            t,
            int(plan.cfg.seed),
            str(plan.directory),
            plan.run_id,
            plan.config_hash,
            bool(runner.debug),
            bool(runner.card_rows),
            plan.lake_format,
        )
        for t in tasks
    )
    if runner.backend == "sequential" or (runner.n_jobs == 1 and runner.backend in ("loky", "threads")):
        yield from Parallel(n_jobs=1, return_as="generator")(calls)
    elif runner.backend == "threads":
        for kernel_set in sorted({plan.game.kernel_set(policies) for policies in plan.policies}):
            ensure_kernels(plan.game, kernel_set)
        yield from _in_threads(calls, runner.n_jobs)
    elif runner.backend == "dask":
        with parallel_config(backend="dask"):
            yield from Parallel(n_jobs=runner.n_jobs, return_as="generator_unordered")(calls)
    else:
        yield from Parallel(n_jobs=runner.n_jobs, backend="loky", return_as="generator_unordered")(calls)


def _in_threads(calls, n_jobs: int) -> Iterator[TaskOutput]:
    """The tasks in `n_jobs` threads of this process, outputs as they finish. Every game's batch kernel
    releases the GIL (nogil), so the threads play on all cores with the kernels this process has
    loaded: no worker process starts, imports or loads them again. A thread cannot be stopped inside a
    kernel: on an error or Ctrl-C the tasks not started are dropped and those playing finish (their
    parts are written whole), so nothing writes while the runner clears temporary files."""
    with ThreadPoolExecutor(max_workers=n_jobs) as pool:
        futures = [pool.submit(function, *args, **kwargs) for function, args, kwargs in calls]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


DASK_CONNECT_SECONDS = 10


def _dask_client(runner: DictConfig):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise UserError(
            "backend=dask needs the cluster extra: pip install '.[cluster]'", entry="runner.backend"
        ) from None
    if runner.dask_address:
        address = str(runner.dask_address)
        try:
            _probe_scheduler(address)
        except OSError as error:
            raise UserError(f"cannot reach the Dask scheduler at {address} ({error})", entry="runner.dask_address") from None
        try:
            return Client(address, timeout=f"{DASK_CONNECT_SECONDS}s")
        except Exception as error:  # noqa: BLE001 - whatever answers there, it is not a usable scheduler
            reason = (str(error).splitlines() or [""])[0] or type(error).__name__
            raise UserError(
                f"no Dask scheduler answers at {address} ({type(error).__name__}: {reason:.120})", entry="runner.dask_address"
            ) from None
    cluster = LocalCluster(n_workers=runner.n_jobs, threads_per_worker=1, processes=True, dashboard_address=None)
    return Client(cluster)


def _probe_scheduler(address: str) -> None:
    """A TCP scheduler that refuses or does not answer fails here in seconds, not after Dask's 30 s."""
    import socket

    scheme, _, rest = address.rpartition("://")
    if scheme not in ("", "tcp", "tls"):
        return  # other transports (inproc, ucx) have no plain TCP port to knock on
    host, _, port = rest.rpartition(":")
    with socket.create_connection((host.strip("[]"), int(port)), timeout=DASK_CONNECT_SECONDS):
        pass


def _sprt_waves(plan: Plan, todo: list[Task], done: set[str]) -> Iterable[list[Task]]:
    """Yield waves: the next task of every undecided (ruleset, matchup) stream. A stream stops
    once the SPRT on its completed prefix of pairs decides. Decisions only ever look at whole
    prefixes in pair order, so they do not depend on n_jobs or finishing order."""
    from sim.stats import sprt_three_way

    stop = plan.cfg.stop
    streams: dict[tuple[int, int], list[Task]] = {}
    for task in plan.tasks:
        streams.setdefault((task.ruleset_index, task.matchup_index), []).append(task)
    position = {key: 0 for key in streams}
    todo_ids = {t.task_id for t in todo}
    scores: dict[tuple[int, int], list[np.ndarray]] = {key: [] for key in streams}
    decided: set[tuple[int, int]] = set()
    while True:
        wave = []
        for key, tasks in streams.items():
            if key in decided or position[key] >= len(tasks):
                continue
            task = tasks[position[key]]
            if task.task_id in todo_ids:
                wave.append(task)
        outputs = yield wave  # caller sends back {task_id: scores} for the wave
        outputs = outputs or {}
        progressed = False
        for key, tasks in streams.items():
            if key in decided or position[key] >= len(tasks):
                continue
            task = tasks[position[key]]
            if task.task_id in outputs:
                scores[key].append(outputs[task.task_id])
            elif task.task_id in done:
                scores[key].append(_stored_pair_scores(plan, task))
            else:
                continue
            position[key] += 1
            progressed = True
            # three-way: first player favoured / no difference / second player favoured (p0 +- (p1 - p0))
            decision = sprt_three_way(np.concatenate(scores[key]), stop.p0, stop.p1 - stop.p0, stop.alpha, stop.beta)
            if decision["decision"] != "continue":
                decided.add(key)
        if not progressed:
            return


def _sweeps(cfg: DictConfig) -> bool:
    return bool(cfg.sweep.field or cfg.sweep["values"])


def _plan_in_scratch(cfg: DictConfig, folder: str) -> Plan:
    """The plan of a parameter sweep with its editions generated in a scratch folder: a value the
    game refuses is one line naming the sweep, and nothing is left in experiments/."""
    game = with_data_dir(get_game(cfg.game), cfg.data_dir)
    try:
        return make_plan(parameter_sweep.expand(cfg, game.default_edition(), Path(folder)))
    except UserError as error:
        if error.file and error.file.startswith(folder):
            raise UserError(error.rule, file="config", entry=f"sweep ({error.entry})") from None
        raise


def expand_sweep(cfg: DictConfig) -> DictConfig:
    """A parameter sweep's arms as editions in the experiment's sweep-data/ (sim/core/parameter_sweep.py),
    checked first; any other config as it is."""
    if not _sweeps(cfg):
        return cfg
    with tempfile.TemporaryDirectory() as folder:
        _plan_in_scratch(cfg, folder)
    game = with_data_dir(get_game(cfg.game), cfg.data_dir)
    return parameter_sweep.expand(cfg, game.default_edition())


def check_plan(cfg: DictConfig) -> Plan:
    """The plan `sim validate` shows, writing nothing (a sweep's editions are made in a scratch folder)."""
    if not _sweeps(cfg):
        return make_plan(cfg)
    with tempfile.TemporaryDirectory() as folder:
        return _plan_in_scratch(cfg, folder)


def run(cfg: DictConfig, *, progress: bool | None = None, decided: Callable[[Plan], bool] | None = None) -> Plan:
    """Run (or resume) the experiment described by ``cfg``; return its plan.

    With ``decided``, the tasks run in growing prefixes of pairs (every arm and matchup up to the
    same pair; the prefix doubles each time) and ``decided(plan)`` is asked after each, reading the
    lake; the run stops at the first True (`sim ab`). Which pairs a prefix holds depends only on the
    plan, so the result does not depend on n_jobs."""
    plan = make_plan(expand_sweep(cfg))
    note = config_module.cap_workers(plan.cfg)
    # The scheduler first: one that cannot be reached fails before anything is written.
    client = _dask_client(plan.cfg.runner) if plan.cfg.runner.backend == "dask" else None
    try:
        return _run_plan(plan, note, progress, decided)
    finally:
        if client is not None:
            client.close()


def _run_plan(plan: Plan, note: str | None, progress: bool | None, decided: Callable[[Plan], bool] | None) -> Plan:
    folder = ensure_writable(plan.directory)
    manifest_path = folder / "manifest.json"
    previous = _read_manifest(manifest_path)
    if previous:
        segments = _segments_after(plan, previous, manifest_path)
        cfg = plan.cfg
        if previous.get("chunk_pairs") not in (None, int(cfg.runner.chunk_pairs)):
            # Task boundaries depend on the chunk size, results do not: finish with the earlier cut so
            # the parts already written count and none is played twice.
            cfg = cfg.copy()
            cfg.runner.chunk_pairs = int(previous["chunk_pairs"])
        if cfg is not plan.cfg or segments != plan.segments:
            plan = make_plan(cfg, segments)
        if len(segments) > len(previous.get("pair_segments") or [0]):
            note = "\n".join(filter(None, [note, f"growing: {segments[-2]:,} -> {segments[-1]:,} pairs per matchup "
                                          "(the pairs played are kept)"]))
    # A lake is written in one format from its first part to its last: an older one goes on in its own.
    plan.lake_format = lake.lake_format(folder)
    if plan.lake_format != lake.CURRENT:
        note = "\n".join(filter(None, [note, f"resuming a lake of format {plan.lake_format.number} (column "
                                          f"{plan.lake_format.column}); new lakes store {lake.CURRENT.column}"]))
    done, repaired = lake.done_task_ids(folder, plan.lake_format, expected_rows(plan), other_tables(plan))
    for line in repaired:
        print(line, file=sys.stderr)
    foreign = done - {t.task_id for t in plan.tasks}
    if foreign:
        raise UserError(
            f"experiment '{plan.name}' holds {len(foreign)} result part(s) this plan would not write (the engine "
            f"version or the game data changed since); delete {folder} or choose another name=...",
            file=str(folder),
        )
    todo = [t for t in plan.tasks if t.task_id not in done]
    started = time.perf_counter()
    if note:
        print(note, file=sys.stderr)
    show = plan.cfg.runner.progress if progress is None else progress
    if show:
        _announce(plan, todo)
    _compile_phase(plan, todo, show)
    bar = _progress_bar(plan, todo, show)
    try:
        lake.write_json_atomic(_manifest(plan, status="running", previous=previous), manifest_path)
        lake.remove_stale_temporaries(folder, plan.lake_format)
        if plan.cfg.stop.sprt:
            waves = _sprt_waves(plan, todo, done)
            wave = next(waves)
            while True:
                outputs = {}
                for output in _execute(plan, wave):
                    outputs[output.task_id] = output.first_player_scores
                    bar.update(output.matches)
                try:
                    wave = waves.send(outputs)
                except StopIteration:
                    break
        elif decided is not None:
            for wave in _prefix_waves(plan, todo):
                for output in _execute(plan, wave):
                    bar.update(output.matches)
                if decided(plan):
                    break
        else:
            for output in _execute(plan, todo):
                bar.update(output.matches)
    except BaseException as error:
        # the workers have stopped by now (threads finish their task, loky's processes are killed); a
        # process killed mid-write may have left a temporary part
        lake.remove_stale_temporaries(folder, plan.lake_format)
        _mark_stopped(plan, previous, manifest_path, error)
        raise
    finally:
        bar.close()
    manifest = _manifest(plan, status="complete", previous=previous)
    manifest["timings"] = {
        "sweep_seconds": round(time.perf_counter() - started, 3),
        "tasks_run": len(todo),
        "tasks_skipped": len(plan.tasks) - len(todo),
    }
    manifest["matches"] = count_matches(folder)
    lake.write_json_atomic(manifest, manifest_path)
    return plan


def _segments_after(plan: Plan, previous: dict, manifest_path: Path) -> tuple[int, ...]:
    """The pair segments of this run over an experiment that already has a manifest: the same plan
    resumes, a plan that only asks for more pairs grows the experiment, anything else is refused
    naming the fields that changed."""
    played = tuple(previous.get("pair_segments") or [int(previous.get("pairs_per_matchup", plan.pairs))])
    if not all(isinstance(p, int) and not isinstance(p, bool) and p > 0 for p in played) or list(played) != sorted(set(played)):
        raise UserError(f"must be increasing pair counts, got {list(played)!r:.40} (damaged; delete the experiment "
                        "folder to start over)", file=str(manifest_path), entry="pair_segments")
    if previous.get("config_hash") == plan.config_hash:
        return played
    changed = config_module.changed_fields(previous.get("config") or {}, plan.cfg)
    folder = manifest_path.parent
    if changed and set(changed) <= set(config_module.SIZE_FIELDS):
        if plan.cfg.stop.sprt:
            reason = "a sequential (stop.sprt) run decides its own length and cannot grow"
        elif plan.pairs < played[-1]:
            reason = (f"it holds {played[-1]:,} pairs per matchup, more than the {plan.pairs:,} asked; pairs={played[-1]} "
                      "or more grows it")
        else:
            return played if plan.pairs == played[-1] else (*played, plan.pairs)
        raise UserError(f"experiment '{plan.name}': {reason}; choose another name=... or delete {folder}",
                        file=str(manifest_path))
    named = ", ".join(changed) if changed else "the config's schema"
    raise UserError(
        f"experiment '{plan.name}' already holds results of a different config (changed: {named}); "
        f"only pairs= or matches= may change (more pairs grow it); choose another name=... or delete {folder}",
        file=str(manifest_path),
    )


def expected_rows(plan: Plan) -> dict[str, int]:
    """Rows each task's matches part must hold: how a finished task is proven (lake.done_task_ids)."""
    return {t.task_id: plan.matches_of(t) for t in plan.tasks}


def other_tables(plan: Plan) -> dict[str, tuple[str, ...]]:
    """The tables besides ``matches`` each task writes a part of (see worker.run_task)."""
    cards = ("cards",) if plan.cfg.runner.card_rows else ()
    by_matchup = [cards + (("seats",) if lake.wants_seat_rows(m) else ()) for m in plan.matchups[0]]
    return {t.task_id: by_matchup[t.matchup_index] for t in plan.tasks}


def _mark_stopped(plan: Plan, previous: dict | None, path: Path, error: BaseException) -> None:
    """A run that ends in an error does not leave its manifest saying "running"."""
    status = "interrupted" if isinstance(error, KeyboardInterrupt) else "stopped"
    manifest = _manifest(plan, status=status, previous=previous)
    manifest["stopped_by"] = str(error).splitlines()[0] if str(error) else type(error).__name__
    try:
        lake.write_json_atomic(manifest, path)
    except UserError:
        pass  # the disk that stopped the run may refuse this too; the run's own error is the one to show


def _prefix_waves(plan: Plan, todo: list[Task]) -> Iterator[list[Task]]:
    """The tasks to run, in prefixes of pairs that double: [0, c), [c, 2c), [2c, 4c), ... (c: one task's
    pairs). A prefix already on disk yields an empty wave, so a resumed run looks again where it was."""
    starts = sorted({t.pair_start for t in plan.tasks})
    todo_ids = {t.task_id for t in todo}
    limit = starts[1] if len(starts) > 1 else plan.pairs
    begun = 0
    while begun < plan.pairs:
        yield [t for t in plan.tasks if begun <= t.pair_start < limit and t.task_id in todo_ids]
        begun, limit = limit, min(plan.pairs, 2 * limit)


def _announce(plan: Plan, todo: list[Task]) -> None:
    """One line before the bar: a fresh run, a resume (how much is done), or nothing left to play."""

    remaining = sum(plan.matches_of(t) for t in todo)
    done = plan.total_matches - remaining
    if not todo:
        message = f"{plan.name}: already complete ({_count(plan.total_matches)} matches); nothing to play"
    elif done:
        message = f"{plan.name}: resuming: {_count(done)} of {_count(plan.total_matches)} matches done"
    else:
        message = f"{plan.name}: {_count(plan.total_matches)} matches in {len(plan.tasks)} tasks"
    print(message, file=sys.stderr, flush=True)


def _compile_phase(plan: Plan, todo: list[Task], show: bool) -> None:
    """The kernels compiled (or loaded from the cache) here, before the progress bar starts, so that
    the bar's rate and ETA count played matches only. Worker processes then load them from the cache.
    A Dask cluster's workers compile on their own machines: nothing to do here for them."""
    kernel_sets = sorted({plan.game.kernel_set(plan.policies[t.matchup_index]) for t in todo})
    if not kernel_sets or plan.cfg.runner.backend == "dask":
        return
    cold = not all(kernels_cached(plan.game, kernel_set) for kernel_set in kernel_sets)
    if show and cold:
        print(f"{plan.name}: compiling the {plan.game.name} kernels (first run only; a minute or two) ...", file=sys.stderr,
              flush=True)
    started = time.perf_counter()
    for kernel_set in kernel_sets:
        ensure_kernels(plan.game, kernel_set)
    if show and cold:
        print(f"{plan.name}: kernels ready in {time.perf_counter() - started:.0f} s; playing", file=sys.stderr, flush=True)


def _count(n: int) -> str:
    return f"{n / 1e6:.1f}M" if n >= 1e6 else f"{n / 1e3:.1f}k" if n >= 1e4 else str(n)


def _progress_bar(plan: Plan, todo: list[Task], show: bool):
    from tqdm.auto import tqdm  # a widget in notebooks, a text bar in a terminal

    remaining = sum(plan.matches_of(t) for t in todo)
    return tqdm(
        total=plan.total_matches,
        initial=plan.total_matches - remaining,
        unit="match",
        unit_scale=True,
        desc=plan.name,
        disable=not show,
        smoothing=0.1,
    )


def count_matches(folder: Path) -> int:
    import pyarrow.parquet as pq

    return sum(pq.read_metadata(p).num_rows for p in lake.lake_format(folder).parts(folder, "matches"))


def _read_manifest(path: Path) -> dict | None:
    from sim.core.experiment import read_manifest_file

    return read_manifest_file(path, required=("config_hash",)) if path.exists() else None


def _manifest(plan: Plan, *, status: str, previous: dict | None) -> dict:
    return {
        "name": plan.name,
        "run_id": plan.run_id,
        "status": status,
        "config": OmegaConf.to_container(plan.cfg, resolve=True),
        "config_hash": plan.config_hash,
        "chunk_pairs": int(plan.cfg.runner.chunk_pairs),
        "lake_format": plan.lake_format.number,  # the names its parts store an edition under (lake.FORMATS)
        "game": plan.game.name,
        "side_fields": list(plan.game.side_fields),  # the parts of a side's name (the lake's views split it)
        "engine_versions": {plan.game.name: plan.game.engine_version},
        "rulesets": {r.ruleset_id: r.ruleset_hash for r in plan.rulesets},
        "assumed": {r.ruleset_id: list(r.assumed) for r in plan.rulesets},
        "matchups": [m.matchup_id for m in plan.matchups[0]],
        "pairs_per_matchup": plan.pairs,
        "pair_segments": list(plan.segments),
        "planned_matches": plan.total_matches,
        "git_sha": git_sha(),
        "packages": package_versions(),
        "python": platform.python_version(),
        "created": (previous or {}).get("created") or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def git_sha() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=10
        )
        sha = out.stdout.strip()
        # Published reports are tracked files that a study rewrites as it goes: a change there is no change
        # of what plays the matches, so it does not make the tree dirty (the code, data and config do).
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)reports"], cwd=PROJECT_ROOT,
            capture_output=True, text=True, timeout=10,
        ).stdout.strip()
        return f"{sha}{'+dirty' if dirty else ''}" if sha else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


PACKAGES = ("numpy", "numba", "polars", "pyarrow", "joblib", "hydra-core", "duckdb", "matplotlib", "scipy", "statsmodels")


def package_versions() -> dict[str, str]:
    from importlib import metadata  # here: a worker process never needs it

    versions = {}
    for name in PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "absent"
    return versions

