"""`sim ab BASE EDIT [overrides]`: did an edit help? One command from "I changed the data" to a verdict.

Both editions play the same deals (common random numbers: the ruleset is not part of the seed key),
in prefixes of pairs that double (1/8, 1/4, 1/2 and all of the cap) until the answer is clear. After
each prefix (a *look*) every quantity is a paired difference, EDIT minus BASE, over the deals both
arms played: the first-player score (the team's, in a cooperative game) and side A's win rate in
each matchup. The verdict has three ways, fishtest's habit: the pooled interval lies beyond the
±margin band (the edit *raises* or *lowers* it), inside the band (*no meaningful change*, with its
size, even when it excludes 0), or across an edge (*undecided*, with about how many more pairs would
decide). Each look uses a Bonferroni share alpha / K of the error rate (K = the number of looks the
cap allows), so stopping at the first clear look keeps the overall error at most alpha.

What a run played is never rewritten: the game's data, with the edit file, is stored in the
experiment as `edit-data/<hash of its files>/`, and the default experiment name carries that hash,
so editing the file again makes a new A/B beside the first, whose lake and replays stay as played.
The verdict is printed last, stored in the manifest (`ab`) and in <name>/report.md, answer first
(outputs/<date>/ for a try, reports/ with publish=true).
"""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import tempfile
from pathlib import Path

import numpy as np
import polars as pl
from omegaconf import DictConfig

from sim.api import scan_parts
from sim.core import config, lake, parameter_sweep, runner
from sim.core.errors import UserError
from sim.core.paths import ensure_writable, experiment_dir, run_report_dir
from sim.stats import pair_scores, paired_comparison

DEFAULT_CAP_PAIRS = 6400
MARGIN = 0.02  # the default "no meaningful change" band, in win-rate points (report.equivalence_margin)


def flatten(data, prefix: str = "") -> dict[str, object]:
    if isinstance(data, dict):
        out: dict[str, object] = {}
        for key in sorted(data, key=str):
            out.update(flatten(data[key], f"{prefix}{key}."))
        return out
    return {prefix[:-1]: data}


def data_diff(base, edit) -> list[str]:
    """Lines `key: base -> edit` for every resolved value that differs."""
    a, b = flatten(base.resolved), flatten(edit.resolved)
    lines = []
    for key in sorted(set(a) | set(b)):
        naming = key.rsplit(".", 1)[-1] == "description" or (a.get(key), b.get(key)) == (base.ruleset_id, edit.ruleset_id)
        if a.get(key) != b.get(key) and not naming:  # the editions' own names and descriptions are no edit
            lines.append(f"{key}: {a.get(key, '(absent)')} -> {b.get(key, '(absent)')}")
    return lines


def checked_copy(cfg: DictConfig, edit_file: Path | None, scratch: Path) -> tuple[Path, str]:
    """The game's data with `edit_file` added as one more edition (a delta over its `base`, like any
    edition file: sim/core/editions.py), written under `scratch` and checked there, and its content
    address: the first 8 hex digits of the hash of every file in it. Checked outside experiments/, a
    mistake in the edit file is one line naming the designer's file (not the copy) and leaves nothing."""
    source = parameter_sweep.source_data(cfg)
    editions: dict[str, bytes] = {}
    if edit_file is not None:
        if not edit_file.is_file():
            raise UserError("no such edition file", file=str(edit_file), entry="EDIT")
        existing = source / "editions" / edit_file.name
        if existing.exists() and existing.read_bytes() != edit_file.read_bytes():
            raise UserError(f"an edition '{edit_file.stem}' already exists in {source / 'editions'}: rename the edit file",
                            file=str(edit_file), entry="EDIT")
        editions[edit_file.stem] = edit_file.read_bytes()
    copy = parameter_sweep.copy_with_editions(source, scratch / "data", editions)
    checked = cfg.copy()
    checked.data_dir = str(copy)
    try:
        runner.make_plan(checked)
    except UserError as error:
        raise _pointed_back(error, copy, source, edit_file) from None
    return copy, parameter_sweep.tree_hash(copy)[:8]


def _pointed_back(error: UserError, copy: Path, source: Path, edit_file: Path | None) -> UserError:
    """The error with the scratch copy's paths put back to the files the designer wrote."""
    text = error.file or ""
    if not text.startswith(str(copy)):
        return error
    if edit_file is not None and text == str(copy / "editions" / edit_file.name):
        text = str(edit_file)
    else:
        text = str(source) + text[len(str(copy)):]
    rule = error.rule.replace(str(copy), str(source))
    return UserError(rule, file=text, entry=error.entry)


def store_snapshot(cfg: DictConfig, copy: Path, address: str) -> Path:
    """The checked copy kept as the experiment's `edit-data/<address>/`. A/B data is immutable: each
    version of the data is its own folder, named by its hash, written once and never rewritten, so a
    rerun after an edit never touches what an earlier run played (its replays read its own folder).
    A named A/B (name=...) whose data changed since it ran is refused before anything is written."""
    folder = experiment_dir(cfg.name) / "edit-data" / address
    manifest = experiment_dir(cfg.name) / "manifest.json"
    if manifest.exists():
        from sim.core.experiment import read_manifest_file

        played = str(read_manifest_file(manifest, required=("config",))["config"].get("data_dir") or "")
        if played and played != str(folder):
            raise UserError(
                f"experiment '{cfg.name}' was played with other data ({Path(played).name}; now {address}): "
                "an edited file is a new A/B (leave out name= to get one of its own, or choose another name=...)",
                file=str(manifest), entry="name",
            )
    if not folder.is_dir():
        staging = ensure_writable(folder.parent) / f".{address}.tmp"
        shutil.rmtree(staging, ignore_errors=True)
        shutil.move(copy, staging)  # whole, then renamed: a run never reads a half-written folder
        staging.rename(folder)
    return folder


def looks(cap_pairs: int, first_wave: int) -> int:
    return 1 + max(0, math.ceil(math.log2(max(cap_pairs, 1) / max(first_wave, 1))))


class Verdict:
    """The paired comparison at the latest look, and whether it decides."""

    def __init__(self, base: str, edit: str, alpha: float, margin: float):
        self.base, self.edit, self.alpha, self.margin = base, edit, alpha, margin
        self.first_player: pl.DataFrame | None = None
        self.sides: pl.DataFrame | None = None
        self.looks = 0

    def read(self, folder) -> None:
        matches = scan_parts(folder).filter(pl.col("error") == "ok").collect()
        pairs = pair_scores(matches.with_columns(pl.col("first_player_won").fill_null(pl.col("a_won"))))
        arm = {name: pairs.filter(pl.col("edition") == name) for name in (self.base, self.edit)}
        confidence = 1 - self.alpha
        self.first_player = paired_comparison(arm[self.base], arm[self.edit], "first_player_score", confidence)
        self.sides = paired_comparison(arm[self.base], arm[self.edit], "a_score", confidence)

    def pooled(self) -> dict:
        return self.first_player.filter(pl.col("matchup_id") == "ALL").row(0, named=True)

    def outcome(self) -> str:
        """Three ways (fishtest's habit), from the pooled interval: "raises" / "lowers" when it lies
        wholly beyond the ±margin band, "no meaningful change" when it lies wholly inside it (even if it
        excludes 0: a detectable but negligible change), otherwise "undecided"."""
        pooled = self.pooled()
        low, high = pooled["low"], pooled["high"]
        if pooled["pairs"] < 2 or not (np.isfinite(low) and np.isfinite(high)):
            return UNDECIDED
        if low > self.margin:
            return RAISES
        if high < -self.margin:
            return LOWERS
        if -self.margin < low and high < self.margin:
            return NO_CHANGE
        return UNDECIDED

    def decided(self) -> bool:
        return self.outcome() != UNDECIDED

    def more_pairs(self) -> int | None:
        """About how many more pairs would decide, if the difference stayed where it is and the interval
        narrowed as 1/sqrt(pairs): the half-width must shrink below the distance from the estimate to
        the nearer edge of the band. None when the estimate sits on an edge (no number of pairs is likely)."""
        pooled = self.pooled()
        half = (pooled["high"] - pooled["low"]) / 2
        gap = abs(abs(pooled["difference"]) - self.margin)
        if not np.isfinite(half) or gap < 1e-3 or (half / gap) ** 2 > 100:
            return None
        return max(1, math.ceil(round(pooled["pairs"] * ((half / gap) ** 2 - 1), 6)))


RAISES, LOWERS, NO_CHANGE, UNDECIDED = "raises", "lowers", "no meaningful change", "undecided"


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def verdict_sentence(verdict: Verdict, what: str) -> str:
    pooled = verdict.pooled()
    size = f"{_points(pooled['difference'])} pts [{_points(pooled['low'])}, {_points(pooled['high'])}]"
    band = f"±{100 * verdict.margin:g} pts"
    outcome = verdict.outcome()
    if outcome in (RAISES, LOWERS):
        return f"the edit {outcome} the {what} by more than {band}: {size}"
    if outcome == NO_CHANGE:
        return f"no meaningful change: the {what} moves {size}, inside {band}"
    more = verdict.more_pairs()
    matchups = max(1, verdict.first_player.height - 1)
    likely = (f"about {more:,} more pairs would likely decide (pairs={-(-(pooled['pairs'] + more) // matchups):,})"
              if more is not None
              else f"the change sits on the edge of the {band} band, so more pairs may not decide")
    return f"undecided after {pooled['pairs']:,} pairs: the {what} moves {size}, across the edge of {band}; {likely}"


def block(verdict: Verdict, cfg: DictConfig, diff: list[str], looks_done: int, looks_max: int,
          cooperative: bool) -> list[str]:
    """The fishtest-style result block: the verdict line first, then what it rests on."""
    fp = verdict.first_player
    pooled = verdict.pooled()
    what = "team win rate" if cooperative else "first-player win rate"
    interval = f"{100 * (1 - verdict.alpha):.2f}%"
    bots = ", ".join(cfg.policies)
    stopped = "decided" if verdict.decided() else "cap reached, undecided"
    lines = [
        f"verdict: {verdict_sentence(verdict, what)}, with {bots}",
        f"A/B {cfg.game}: {verdict.edit} (edit) vs {verdict.base} (base); bots {bots}; "
        f"{fp.height - 1} matchup(s), {pooled['pairs']:,} common deal(s)",
        "edit changes:" if diff else "edit changes: nothing in the resolved data (same rules and cards)",
        *[f"  {line}" for line in diff],
        f"stopped at look {looks_done} of {looks_max}: {stopped} "
        f"(each look at alpha {verdict.alpha:.4g}, {interval} intervals; margin ±{100 * verdict.margin:g} pts)",
        f"{what}: {100 * pooled['baseline_mean']:.1f}% -> {100 * pooled['treatment_mean']:.1f}%  "
        f"{_points(pooled['difference'])} pts [{_points(pooled['low'])}, {_points(pooled['high'])}]",
    ]
    if not cooperative:
        moved = verdict.sides.filter((pl.col("matchup_id") != "ALL") & ((pl.col("low") > 0) | (pl.col("high") < 0)))
        lines.append(f"side A win rate: {moved.height} of {verdict.sides.height - 1} matchup(s) changed")
        for row in moved.sort("difference").iter_rows(named=True):
            lines.append(f"  {row['matchup_id']}: {100 * row['baseline_mean']:.1f}% -> {100 * row['treatment_mean']:.1f}% "
                         f"{_points(row['difference'])} pts [{_points(row['low'])}, {_points(row['high'])}]")
    return lines


def stored_verdict(verdict: Verdict, lines: list[str], edit_file: Path | None) -> dict:
    """What the manifest keeps of the A/B (key `ab`): the outcome, its numbers and the edit's source file."""
    pooled = verdict.pooled()
    facts = {
        "outcome": verdict.outcome(),
        "sentence": lines[0].removeprefix("verdict: "),
        "pairs": int(pooled["pairs"]),
        "difference": float(pooled["difference"]),
        "low": float(pooled["low"]),
        "high": float(pooled["high"]),
        "margin": verdict.margin,
        "alpha_per_look": verdict.alpha,
    }
    if edit_file is not None:
        facts["edit_source"] = {"path": str(edit_file.resolve()),
                                "sha256": hashlib.sha256(edit_file.read_bytes()).hexdigest()}
    return facts


def write_verdict(name: str, verdict: Verdict, lines: list[str], edit_file: Path | None, published: bool) -> Path:
    """The verdict in the manifest and in <name>/report.md, answer first (both written whole): in the
    scratch folder outputs/<date>/, or in reports/ with publish=true."""
    folder = experiment_dir(name)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["ab"] = stored_verdict(verdict, lines, edit_file)
    lake.write_json_atomic(manifest, folder / "manifest.json")
    text = "\n".join([f"# {name}", "", "## Answer", "", "> " + lines[0].removeprefix("verdict: ").capitalize() + ".", "",
                      "## How it was measured", "", "```", *lines[1:], "```", ""])
    path = ensure_writable(run_report_dir(name, published)) / "report.md"
    lake.write_text_atomic(text, path)
    return path


def run_ab(base: str, edit: str, overrides: list[str], progress: bool | None = None) -> list[str]:
    if base == edit:
        raise UserError("BASE and EDIT are the same edition", entry="ab")
    if any(o.split("=")[0].lstrip("+") in ("edition", "editions") for o in overrides):
        raise UserError("give the editions as BASE and EDIT, not as edition=/editions=", entry="ab")
    edit_file = Path(edit) if edit.endswith((".yaml", ".yml")) else None
    if edit_file is not None:
        edit = edit_file.stem
        if base == edit:
            raise UserError(f"the edit file is named like BASE ('{base}'): rename it", file=str(edit_file))
    cfg = config.compose([*overrides, f"editions=[{base},{edit}]"])
    cap = int(cfg.pairs) if any(o.startswith("pairs=") for o in overrides) else DEFAULT_CAP_PAIRS
    with tempfile.TemporaryDirectory(prefix="sim-ab-") as scratch:
        copy, address = checked_copy(cfg, edit_file, Path(scratch))
        if not any(o.startswith("name=") for o in overrides):
            # the data's address in the name: an edited file (or edited game data) is an A/B of its own
            cfg.name = f"ab-{cfg.game}-{edit}-vs-{base}-{address}".replace("/", "_")
        cfg.data_dir = str(store_snapshot(cfg, copy, address))
    cfg.pairs = cap
    if not any(o.startswith("runner.chunk_pairs=") for o in overrides):
        # tasks of an eighth of the cap, so the looks double from there (1/8, 1/4, 1/2, all) and a clear
        # answer stops the run early; a task's size changes which parts hold a pair, never its result
        cfg.runner.chunk_pairs = max(runner.MIN_TASK_PAIRS, math.ceil(cap / 8))
    cfg.report.kinds = ["opening"]
    alpha_total = 1 - float(cfg.report.confidence)
    plan = runner.make_plan(cfg)
    first_wave = sorted({t.pair_stop for t in plan.tasks})[0]
    looks_max = looks(cap, first_wave)
    verdict = Verdict(base, edit, alpha_total / looks_max, float(cfg.report.equivalence_margin or MARGIN))
    state = {"looks": 0}

    def decided(_plan) -> bool:
        state["looks"] += 1
        verdict.read(plan.directory)
        return verdict.decided()

    plan = runner.run(cfg, progress=progress, decided=decided)
    if state["looks"] == 0:  # every prefix was on disk already: read the stored result
        decided(plan)
    diff = data_diff(plan.rulesets[0], plan.rulesets[1])
    lines = block(verdict, cfg, diff, state["looks"], looks_max, plan.game.cooperative)
    report = write_verdict(plan.name, verdict, lines, edit_file, bool(cfg.publish))
    return [*lines[1:], f"report: {report}", lines[0]]  # the terminal ends with the answer
