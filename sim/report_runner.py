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
    report = cfg.report
    params = {
        "equivalence_margin": float(report.equivalence_margin),
        "confidence": float(report.confidence),
        "min_count": int(report.min_count),
        "n_boot": int(report.n_boot),
        "prior_ties": float(report.prior_ties),
        "assumed_cards": list(report.assumed_cards),
        "side_columns": list(report.side_columns),
        "title": cfg.description or name,
        "game_title": get_game(cfg.game).title,
        "assumed": sorted({fact for facts in manifest.get("assumed", {}).values() for fact in facts}),
    }
    if cfg.stop.sprt:
        params["sequential_stop"] = [float(cfg.stop.p0), float(cfg.stop.p1), float(cfg.stop.alpha), float(cfg.stop.beta)]
    for optional in ("baseline", "survival_column", "group_column"):
        if report[optional]:
            params[optional] = str(report[optional])
    target = ensure_writable(report_dir(name))
    return build_report(folder, target, list(cfg.report.kinds), params)


def compare_experiments(name: str, experiments: list[str]) -> Path:
    """Build reports/<name>/ comparing experiments (each gets its own report first)."""
    from sim.report.compare import build_comparison

    reports = {}
    for experiment in experiments:
        folder, _ = load_manifest(experiment)
        reports[experiment] = (folder, report_experiment(experiment).parent)
    target = ensure_writable(report_dir(name))
    return build_comparison(target, reports, title=f"Comparison: {', '.join(experiments)}")
