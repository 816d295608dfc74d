"""Experiment configuration: Hydra composition over typed (structured) configs.

``conf/config.yaml`` is the root; config groups: ``game`` (per-game defaults), ``runner`` (local
processes or a Dask cluster), ``experiment`` (named presets, ``make sweep EXP=<preset>``). Any
field can be overridden on the command line (``runner.n_jobs=2 matches=200000 edition=0.36``).
The schema below is the single source of truth: an unknown key or a value of the wrong type fails
at composition with one line.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from omegaconf import MISSING, DictConfig, OmegaConf

from sim.core.errors import UserError, did_you_mean
from sim.core.game import content_hash
from sim.core.paths import CONF_DIR, check_name
from sim.core.report_kinds import ReportParams
from sim.core.report_kinds import kinds as report_kinds


@dataclass
class RunnerConfig:
    n_jobs: int = 2  # workers (threads or processes); 1 runs in this process, in turn
    chunk_pairs: int = 10000  # most pairs per task (one Parquet part per task); see runner.task_pairs
    backend: str = "threads"  # threads (of this process) | loky (worker processes) | dask (a Dask cluster) | sequential
    dask_address: str = ""  # scheduler address for backend=dask; empty starts a LocalCluster
    debug: bool = False  # kernels check invariants after every action
    card_rows: bool = False  # also write per-card rows (drawn / played / opening hand)
    progress: bool = True


@dataclass
class StopConfig:
    """Sequential stopping: stop a matchup's pairs once a three-way SPRT on its first-player score
    decides: first player favoured (p >= p1), no difference, or second favoured (p <= 2 p0 - p1)."""

    sprt: bool = False
    p0: float = 0.5
    p1: float = 0.55
    alpha: float = 0.05
    beta: float = 0.05


@dataclass
class SweepConfig:
    """A parameter sweep (sim/core/parameter_sweep.py): one arm per value of one rule or card field,
    each an edition over `base` that sets the field, all on common deals."""

    field: str = ""  # rules.<rule>, or <errata section>.<card>.<field> (e.g. card_errata.glass_lynx.cost)
    values: list[Any] = dataclasses.field(default_factory=list)  # `field` is taken above
    base: str = ""  # the edition the values vary; empty: `edition`, else the game's default edition


# A study's question, which a comparison across tiers answers first (sim/report/compare.py): the first-player
# advantage, how matches end (end-reason shares), or the per-match measures of `report.columns`.
REPORT_QUESTIONS = ("seat", "endings", "columns")


@dataclass
class ReportConfig:
    kinds: list[str] = field(default_factory=lambda: ["summary"])
    equivalence_margin: float = 0.02
    confidence: float = 0.95
    min_count: int = 30  # cells and cards with fewer matches are not rated
    n_boot: int = 500  # bootstrap resamples for rating intervals
    prior_ties: float = 1.0  # virtual drawn games per pairing in Bradley-Terry (keeps unbeaten decks finite)
    baseline: str = ""  # arm the others are compared with; empty: the first edition
    survival_column: str = ""  # cooperative games: list column for survival curves
    assumed_cards: list[str] = field(default_factory=list)  # extra cards to flag as resting on assumptions
    side_columns: list[str] = field(default_factory=list)  # per-side lake columns for the `sides` kind
    columns: list[str] = field(default_factory=list)  # numeric lake columns for the `columns` kind
    group_column: str = "deal_group"  # `variance` kind: lake column whose equal values share held streams
    question: str = "seat"  # what a comparison across tiers answers first: one of REPORT_QUESTIONS


@dataclass
class ExperimentConfig:
    name: str = ""  # experiment name (folder under experiments/ and reports/); empty: <game>-<hash>
    description: str = ""
    game: str = MISSING
    data_dir: str = ""  # the game's designer data folder instead of decks/<game>/ (a copy to edit outside the repo)
    # Arms of the study: rule editions (or named rule presets). Empty: the game's default edition.
    editions: list[str] = field(default_factory=list)
    edition: str = ""  # shorthand for a single arm; wins over `editions` when set
    matchups: list[str] = field(default_factory=list)  # set names or explicit entries
    policies: list[str] = field(default_factory=list)  # one bot for all seats, or one per seat (slot order)
    # Bot tiers instead of `policies`: the study runs once per tier (<name>-<tier>) and reports whether each
    # conclusion holds at every tier. An entry is one bot for every seat, or per-seat bots joined by "+".
    tiers: list[str] = field(default_factory=list)
    # Pairs for the costly tiers (e.g. {ismcts_64: 200}): a search rung plays fewer deals than `pairs`, on
    # the first deals of the others (the same seeds), so its intervals are wider, not its deals different.
    tier_pairs: dict[str, int] = field(default_factory=dict)
    pairs: int = 100  # seat-swapped pairs per matchup per arm (cooperative: deals per arm)
    matches: int = 0  # if > 0: total matches wanted; overrides `pairs` (rounded up to whole pairs)
    seed: int = 20261129
    runner: RunnerConfig = field(default_factory=RunnerConfig)
    stop: StopConfig = field(default_factory=StopConfig)
    sweep: SweepConfig = field(default_factory=SweepConfig)
    report: ReportConfig = field(default_factory=ReportConfig)
    # A preset changed on the command line (`make sweep EXP=opening seed=3`) writes under its own
    # name, <preset>-<hash>, so a quick try never overwrites the published study; publish=true
    # writes under the preset's name. More pairs= or matches= grow the preset's own experiment.
    # Published runs (a preset as it stands, or publish=true) write their report to reports/<name>/;
    # every other run is scratch, its report in outputs/<date>/<name>/ (untracked, Hydra's habit).
    publish: bool = False


# Overrides that never change what a preset's study measures (how it runs, how it reports).
NEUTRAL_OVERRIDES = ("runner.", "report.", "experiment=", "name=", "publish=", "description=")

_registered = False


def _register_schema() -> None:
    global _registered
    if _registered:
        return
    from hydra.core.config_store import ConfigStore

    ConfigStore.instance().store(name="experiment_schema", node=ExperimentConfig)
    _registered = True


def compose(overrides: list[str]) -> DictConfig:
    """Compose ``conf/`` with command-line overrides into a validated, resolved config."""
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    _register_schema()
    GlobalHydra.instance().clear()
    try:
        with initialize_config_dir(config_dir=str(CONF_DIR), version_base="1.3"):
            cfg = hydra_compose(config_name="config", overrides=list(overrides))
        _reject_unknown_keys(cfg, ExperimentConfig, "")
        OmegaConf.resolve(cfg)
        # Touch every field so missing values and type errors surface now, not mid-sweep.
        OmegaConf.to_container(cfg, throw_on_missing=True)
    except UserError:
        raise
    except Exception as exc:  # Hydra/OmegaConf errors are user mistakes in a config or override
        raise UserError(_one_line(exc) + _suggestion(exc), file="conf/ (or command-line override)") from None
    finally:
        GlobalHydra.instance().clear()
    if cfg.data_dir:  # a relative folder means the one the command ran in, wherever the run is reopened
        cfg.data_dir = str(Path(cfg.data_dir).expanduser().resolve())
    if cfg.tiers and "policies" not in [o.lstrip("+~").split("=", 1)[0] for o in overrides]:
        cfg.policies = []  # the tiers replace the game's default bots (conf/game/<game>.yaml)
    check_values(cfg)
    _keep_published_apart(cfg, overrides)
    return cfg


def schema_keys(schema: type = ExperimentConfig, prefix: str = "") -> list[str]:
    """Every key of the schema, dotted (``runner.n_jobs``)."""
    keys = []
    for item in dataclasses.fields(schema):
        kind = globals().get(item.type) if isinstance(item.type, str) else item.type
        keys.append(prefix + item.name)
        if dataclasses.is_dataclass(kind):
            keys += schema_keys(kind, f"{prefix}{item.name}.")
    return keys


def _suggestion(exc: BaseException) -> str:
    """The closest known name to a misspelt preset, config option or key (Hydra names none)."""
    from hydra.errors import MissingConfigException

    while exc is not None:
        if isinstance(exc, MissingConfigException) and exc.options and exc.missing_cfg_file:
            return did_you_mean(str(exc.missing_cfg_file).rsplit("/", 1)[-1], exc.options)
        key = re.search(r"Could not override '([^']+)'", str(exc))
        if key:
            return did_you_mean(key.group(1), schema_keys())
        exc = exc.__cause__ or exc.__context__
    return ""


def _keep_published_apart(cfg: DictConfig, overrides: list[str]) -> None:
    preset = next((o.split("=", 1)[1] for o in overrides if o.startswith("experiment=")), None)
    if not preset:
        return
    given = [o.lstrip("+~").split("=", 1)[0] for o in overrides]
    if "edition" in given and cfg.editions and "editions" not in given:
        raise UserError(
            f"the preset '{preset}' compares editions {list(cfg.editions)}; edition= would silently replace them "
            "(give editions=[...] to choose them)",
            file=f"conf/experiment/{preset}.yaml",
            entry="edition",
        )
    # more pairs (or matches) grow the preset's own experiment: they add to what it measures, not change it
    sizes = tuple(f"{size}=" for size in SIZE_FIELDS)
    changed = [o for o in overrides if not o.lstrip("+~").startswith(NEUTRAL_OVERRIDES + sizes)]
    named = any(o.startswith("name=") for o in overrides)
    if changed and not cfg.publish and not named:
        cfg.name = f"{cfg.name or preset}-{identity_hash(cfg)[:8]}"
    elif not changed and not named:
        cfg.publish = True  # the preset's own study, under its own name: its report is a published one


def _reject_unknown_keys(node: DictConfig, schema: type, prefix: str) -> None:
    """'+key=value' can add keys Hydra does not check against the schema; refuse them here."""
    fields = {f.name: f for f in dataclasses.fields(schema)}
    for key in node.keys():
        if key not in fields:
            raise UserError(
                f"unknown key '{prefix}{key}' (not in the experiment schema; see README, 'Config')"
                + did_you_mean(f"{prefix}{key}", schema_keys())
            )
        kind = fields[key].type
        sub = globals().get(kind) if isinstance(kind, str) else kind
        if dataclasses.is_dataclass(sub):
            _reject_unknown_keys(node[key], sub, f"{prefix}{key}.")


def _one_line(exc: BaseException) -> str:
    """Hydra/OmegaConf messages span lines and nest causes; keep the lines that say what and where."""
    parts: list[str] = []
    while exc is not None and len(parts) < 3:
        lines = [line.strip() for line in str(exc).strip().splitlines() if line.strip()]
        for line in lines:
            if line.startswith(("Config search path", "provider=", "object_type=", "Available options")):
                break
            if line not in parts and not line.startswith("To append"):
                parts.append(line)
        exc = exc.__cause__ or exc.__context__
    text = "; ".join(parts) or "invalid configuration"
    if text.startswith("Could not override"):
        text += " (no such key in the experiment schema; see README, 'Config')"
    return text


BACKENDS = ("threads", "loky", "dask", "sequential")
MAX_CHUNK_PAIRS = 1_000_000  # pairs per task: a task's result arrays are held in one worker's memory
DASK_ADDRESS = re.compile(r"^([a-z][a-z0-9+.-]*://)?(\[[0-9a-fA-F:.]+\]|[^\s:/\[\]]+):\d+$")


def check_values(cfg: DictConfig) -> None:
    """Value rules the type system cannot express: every value of the config, so that none fails
    after matches were played (those that need the game's data are checked by the plan)."""
    where = "config"

    def bad(entry: str, rule: str) -> UserError:
        return UserError(rule, file=where, entry=entry)

    if cfg.name:
        check_name(str(cfg.name), "experiment name")
    _check_tiers(cfg, bad)
    if cfg.pairs < 1:
        raise bad("pairs", f"must be at least 1 (got {cfg.pairs})")
    if cfg.matches < 0:
        raise bad("matches", f"must not be negative (got {cfg.matches})")
    if cfg.runner.n_jobs < 1:
        raise bad("runner.n_jobs", f"must be at least 1 (got {cfg.runner.n_jobs})")
    if not 1 <= cfg.runner.chunk_pairs <= MAX_CHUNK_PAIRS:
        raise bad("runner.chunk_pairs", f"must be from 1 to {MAX_CHUNK_PAIRS:,} (got {cfg.runner.chunk_pairs})")
    if cfg.runner.backend not in BACKENDS:
        raise bad(
            "runner.backend",
            f"must be {', '.join(BACKENDS[:-1])} or {BACKENDS[-1]} (got '{cfg.runner.backend}')"
            + did_you_mean(cfg.runner.backend, list(BACKENDS)),
        )
    if cfg.runner.dask_address and not DASK_ADDRESS.match(str(cfg.runner.dask_address)):
        raise bad("runner.dask_address", f"must be [scheme://]host:port, e.g. tcp://scheduler:8786 (got '{cfg.runner.dask_address}')")
    if not 0 <= cfg.seed < 2**63:
        raise bad("seed", "must be between 0 and 2**63-1")
    stop = cfg.stop
    if not (0 < stop.p0 < stop.p1 < 1 and 0 < stop.alpha < 1 and 0 < stop.beta < 1):
        raise bad("stop", "SPRT needs 0 < p0 < p1 < 1 and alpha, beta in (0, 1)")
    if not stop.p1 - stop.p0 < min(stop.p0, 1 - stop.p0):
        raise bad("stop", "the three-way SPRT tests p0 +- (p1 - p0): it must stay inside (0, 1)")
    _check_report(cfg, bad)


TIER_BOT_SEPARATOR = "+"


def _check_tiers(cfg: DictConfig, bad) -> None:
    tiers = [str(tier) for tier in cfg.tiers]
    if not tiers:
        return
    if cfg.policies:
        raise bad("tiers", "give either tiers (a study run once per bot tier) or policies, not both")
    if len(tiers) < 2:
        raise bad("tiers", f"a tier study compares at least two tiers (got {tiers}); for one, give policies=[...]")
    for tier in tiers:
        if not tier or any(not bot for bot in tier.split(TIER_BOT_SEPARATOR)):
            raise bad("tiers", f"'{tier}' is no tier: give a bot name, or per-seat bot names joined by '+'")
        if tiers.count(tier) > 1:
            raise bad("tiers", f"tier '{tier}' is listed twice")
    for tier, pairs in cfg.tier_pairs.items():
        if str(tier) not in tiers:
            raise bad(f"tier_pairs.{tier}", f"'{tier}' is not one of the tiers ({', '.join(tiers)})" + did_you_mean(str(tier), tiers))
        if pairs < 1:
            raise bad(f"tier_pairs.{tier}", f"must be at least 1 (got {pairs})")


def tier_configs(cfg: DictConfig) -> tuple[str, list[tuple[str, DictConfig]]]:
    """A tier study's name and one experiment config per tier: the same study with that tier's bots,
    named <name>-<tier> ("+" becomes "-"), so each tier is an ordinary experiment of its own (it resumes,
    reports and replays like any other, and has the config hash a study with those policies would have)."""
    name = str(cfg.name) or f"{cfg.game}-{identity_hash(cfg)[:8]}"
    configs = []
    for tier in cfg.tiers:
        tier_cfg = cfg.copy()
        tier_cfg.tiers = []
        tier_cfg.tier_pairs = {}
        if str(tier) in cfg.tier_pairs:  # fewer pairs, never more: `pairs=2` still makes a quick try of a study
            wanted = int(cfg.tier_pairs[str(tier)])
            tier_cfg.pairs, tier_cfg.matches = (min(wanted, int(cfg.pairs)) if not cfg.matches else wanted), 0
        tier_cfg.policies = str(tier).split(TIER_BOT_SEPARATOR)
        tier_cfg.name = f"{name}-{str(tier).replace(TIER_BOT_SEPARATOR, '-')}"
        check_name(str(tier_cfg.name), "tier experiment name")
        if cfg.description:
            tier_cfg.description = f"{cfg.description} (bots: {tier})"
        configs.append((str(tier), tier_cfg))
    return name, configs


def _check_report(cfg: DictConfig, bad) -> None:
    """The report options, by the report's own rules, before any match is played."""
    known = report_kinds()
    kinds = list(cfg.report.kinds)
    if not kinds:
        raise bad("report.kinds", f"must name at least one report kind (choose from {', '.join(known)})")
    for kind in kinds:
        if kind not in known:
            raise bad(
                "report.kinds",
                f"unknown report kind '{kind}' (choose from {', '.join(known)})" + did_you_mean(kind, known),
            )
    if "sides" in kinds and not cfg.report.side_columns:
        raise bad("report.side_columns", "the `sides` report needs at least one per-side column")
    if "columns" in kinds and not cfg.report.columns:
        raise bad("report.columns", "the `columns` report needs at least one numeric lake column")
    if cfg.report.question not in REPORT_QUESTIONS:
        raise bad("report.question", f"must be one of {', '.join(REPORT_QUESTIONS)}, got {cfg.report.question!r}"
                  + did_you_mean(str(cfg.report.question), REPORT_QUESTIONS))
    if "cards" in kinds and not cfg.runner.card_rows:
        raise bad("report.kinds", "the `cards` report needs per-card rows: add runner.card_rows=true")
    try:
        ReportParams.from_dict(report_params(cfg))
    except UserError as error:
        raise bad(error.entry or "report", error.rule) from None


def report_params(cfg: DictConfig) -> dict:
    """The report parameters the config sets (``ReportParams.from_dict`` validates them)."""
    report = cfg.report
    params = {
        "equivalence_margin": float(report.equivalence_margin),
        "confidence": float(report.confidence),
        "min_count": int(report.min_count),
        "n_boot": int(report.n_boot),
        "prior_ties": float(report.prior_ties),
        "assumed_cards": list(report.assumed_cards),
        "side_columns": list(report.side_columns),
        "columns": list(report.columns),
    }
    for optional in ("baseline", "survival_column", "group_column"):
        if report[optional]:
            params[optional] = str(report[optional])
    if cfg.sweep.field:
        params["sweep_field"] = str(cfg.sweep.field)
        params["sweep_values"] = list(cfg.sweep["values"])
    if cfg.stop.sprt:
        params["sequential_stop"] = [float(cfg.stop.p0), float(cfg.stop.p1), float(cfg.stop.alpha), float(cfg.stop.beta)]
    return params


def cap_workers(cfg: DictConfig) -> str | None:
    """More local workers than cores only slows a sweep down: cap ``runner.n_jobs`` at the core count
    (not for a Dask scheduler elsewhere, whose cluster has its own cores). Returns a note when capped."""
    runner = cfg.runner
    if runner.backend == "sequential" or (runner.backend == "dask" and runner.dask_address):
        return None
    from joblib import cpu_count

    cores = cpu_count()
    if runner.n_jobs <= cores:
        return None
    note = f"note: runner.n_jobs={runner.n_jobs} is more than the {cores} core(s) of this machine; using {cores}"
    runner.n_jobs = cores
    return note


def arms(cfg: DictConfig, default_edition: str) -> list[str]:
    if cfg.edition:
        return [str(cfg.edition)]
    if cfg.editions:
        names = [str(e) for e in cfg.editions]
        if len(set(names)) != len(names):
            raise UserError("an edition is listed twice", file="config", entry="editions")
        return names
    return [default_edition]


def pairs_per_stream(cfg: DictConfig, n_matchups: int, n_arms: int, matches_per_pair: int) -> int:
    """Pairs per (arm, matchup): `pairs`, or `matches` spread evenly and rounded up."""
    if cfg.matches > 0:
        return max(1, math.ceil(cfg.matches / (n_matchups * n_arms * matches_per_pair)))
    return int(cfg.pairs)


def plan_content(config: DictConfig | dict) -> dict:
    """What decides the results: everything but how the work is spread (runner settings other than
    what changes the content) and report options. Takes a config or a manifest's stored one."""
    data = OmegaConf.to_container(config, resolve=True) if isinstance(config, DictConfig) else dict(config)
    runner = data.pop("runner", {}) or {}
    data.pop("report", None)
    data.pop("description", None)
    data.pop("name", None)  # two experiments with the same plan share a config hash
    data.pop("publish", None)
    data["card_rows"] = runner.get("card_rows", False)
    # Sections added to the schema after experiments were run leave the hash alone while they are at
    # their defaults, so that those experiments still resume (their stored configs lack them).
    for section, default in LATER_SECTIONS.items():
        if data.get(section, default) == default:
            data.pop(section, None)
    return data


LATER_SECTIONS = {"sweep": {"field": "", "values": [], "base": ""}, "tiers": [], "tier_pairs": {}}


def plan_hash(cfg: DictConfig) -> str:
    return content_hash(plan_content(cfg))


# How many pairs a run plays: the one part of a plan that can change in an existing experiment (it
# grows: the new pairs are appended, the ones played are kept).
SIZE_FIELDS = ("pairs", "matches")


def identity_hash(cfg: DictConfig) -> str:
    """plan_hash without the run's size: a default experiment name (<game>-<hash>, <preset>-<hash>)
    stays the same when only pairs= or matches= change, so a second run with more grows the first."""
    return content_hash({k: v for k, v in plan_content(cfg).items() if k not in SIZE_FIELDS})


def changed_fields(stored: dict, cfg: DictConfig) -> list[str]:
    """Dotted names of the plan fields where a manifest's stored config and `cfg` differ."""
    def flat(values: dict, prefix: str = "") -> dict:
        out = {}
        for key, value in values.items():
            if isinstance(value, dict):
                out.update(flat(value, f"{prefix}{key}."))
            else:
                out[f"{prefix}{key}"] = value
        return out

    before, after = flat(plan_content(stored)), flat(plan_content(cfg))
    return sorted(key for key in before.keys() | after.keys() if before.get(key) != after.get(key))
