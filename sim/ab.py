"""`sim ab BASE EDIT [overrides]`: did an edit help? One command from "I changed the data" to a verdict.

Both editions play the same deals (common random numbers: the ruleset is not part of the seed key),
in prefixes of pairs that double until the answer is clear or the cap is reached. After each prefix
(a *look*) every quantity is a paired difference, EDIT minus BASE, over the deals both arms played:
the first-player score and side A's win rate in each matchup. A look decides when the pooled
first-player difference is clear: its interval excludes 0 (the edit moved it) or lies inside
±margin (it did not move it by more than the margin). Each look uses a Bonferroni share alpha / K of
the error rate (K = the number of looks the cap allows), so stopping at the first clear look keeps
the overall error at most alpha. The block printed at the end says what the edit changes (the
difference of the resolved data), each quantity's change with its interval, and a verdict line.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
from omegaconf import DictConfig

from sim.api import scan_parts
from sim.core import config, parameter_sweep, runner
from sim.core.errors import UserError
from sim.core.paths import ensure_writable, experiment_dir
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


def data_with_edition(cfg: DictConfig, edit_file: Path) -> Path:
    """A copy of the game's data folder with `edit_file` added as one more edition, kept in the
    experiment's folder (`edit-data/`) and recorded as its data_dir, so that the run can be resumed
    and replayed. The edit is a delta over its `base` like any edition file (sim/core/editions.py)."""
    if not edit_file.is_file():
        raise UserError("no such edition file", file=str(edit_file), entry="EDIT")
    source = parameter_sweep.source_data(cfg)
    existing = source / "editions" / edit_file.name
    if existing.exists() and existing.read_bytes() != edit_file.read_bytes():
        raise UserError(f"an edition '{edit_file.stem}' already exists in {source / 'editions'}: rename the edit file",
                        file=str(edit_file), entry="EDIT")
    folder = ensure_writable(experiment_dir(cfg.name))
    return parameter_sweep.copy_with_editions(source, folder / "edit-data", {edit_file.stem: edit_file.read_bytes()})


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

    def decided(self) -> bool:
        pooled = self.first_player.filter(pl.col("matchup_id") == "ALL").row(0, named=True)
        if pooled["pairs"] < 2 or not np.isfinite(pooled["low"]):
            return False
        return pooled["low"] > 0 or pooled["high"] < 0 or (-self.margin < pooled["low"] and pooled["high"] < self.margin)


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def block(verdict: Verdict, cfg: DictConfig, diff: list[str], decided: bool, looks_done: int, looks_max: int,
          cooperative: bool) -> list[str]:
    """The fishtest-style result block."""
    fp = verdict.first_player
    pooled = fp.filter(pl.col("matchup_id") == "ALL").row(0, named=True)
    what = "team win rate" if cooperative else "first-player win rate"
    interval = f"{100 * (1 - verdict.alpha):.2f}%"
    bots = ", ".join(cfg.policies)
    lines = [
        f"A/B {cfg.game}: {verdict.edit} (edit) vs {verdict.base} (base); bots {bots}; "
        f"{fp.height - 1} matchup(s), {pooled['pairs']} common deal(s)",
        "edit changes:" if diff else "edit changes: nothing in the resolved data (same rules and cards)",
        *[f"  {line}" for line in diff],
        f"stopped at look {looks_done} of {looks_max}: {'decided' if decided else 'cap reached, undecided'} "
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
    if pooled["low"] > 0 or pooled["high"] < 0:
        direction = "raises" if pooled["difference"] > 0 else "lowers"
        sentence = (f"the edit {direction} the {what} by {abs(100 * pooled['difference']):.1f} pts "
                    f"[{_points(pooled['low'])}, {_points(pooled['high'])}]")
    elif -verdict.margin < pooled["low"] and pooled["high"] < verdict.margin:
        sentence = f"the edit leaves the {what} within ±{100 * verdict.margin:g} pts"
    else:
        sentence = f"not decided: the {what} change lies in [{_points(pooled['low'])}, {_points(pooled['high'])}] pts"
    lines.append(f"verdict: {sentence}, with {bots}")
    return lines


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
    if not any(o.startswith("name=") for o in overrides):
        cfg.name = f"ab-{cfg.game}-{edit}-vs-{base}".replace("/", "_")
    if edit_file is not None:
        cfg.data_dir = str(data_with_edition(cfg, edit_file))
    cfg.pairs = cap
    cfg.report.kinds = ["opening"]
    alpha_total = 1 - float(cfg.report.confidence)
    plan = runner.make_plan(cfg)
    first_wave = sorted({t.pair_stop for t in plan.tasks})[0]
    looks_max = looks(cap, first_wave)
    verdict = Verdict(base, edit, alpha_total / looks_max, float(cfg.report.equivalence_margin or MARGIN))
    state = {"looks": 0, "decided": False}

    def decided(_plan) -> bool:
        state["looks"] += 1
        verdict.read(plan.directory)
        state["decided"] = verdict.decided()
        return state["decided"]

    plan = runner.run(cfg, progress=progress, decided=decided)
    if state["looks"] == 0:  # every prefix was on disk already: read the stored result
        decided(plan)
    diff = data_diff(plan.rulesets[0], plan.rulesets[1])
    return block(verdict, cfg, diff, state["decided"], state["looks"], looks_max, plan.game.cooperative)
