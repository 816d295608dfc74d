"""Build the report of an experiment from its lake and manifest (the `make report` target)."""

from __future__ import annotations

from pathlib import Path

from sim.core.experiment import load_manifest, stored_config
from sim.core.paths import ensure_writable, report_dir
from sim.core.registry import get_game


def report_experiment(name: str) -> Path:
    folder, manifest = load_manifest(name)
    from sim.report import build_report

    cfg = stored_config(manifest)
    params = dict(cfg.report.params)
    params.setdefault("equivalence_margin", float(cfg.report.equivalence_margin))
    params.setdefault("confidence", float(cfg.report.confidence))
    params.setdefault("min_count", int(cfg.report.min_count))
    params.setdefault("title", cfg.description or name)
    game = get_game(cfg.game)
    assumed = sorted({fact for facts in manifest.get("assumed", {}).values() for fact in facts})
    params.setdefault("assumed", assumed)
    params.setdefault("game_title", game.title)
    target = ensure_writable(report_dir(name))
    return build_report(folder, target, list(cfg.report.kinds), params)
