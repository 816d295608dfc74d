"""Build the report of an experiment from its lake and manifest (the `make report` target)."""

from __future__ import annotations

from pathlib import Path

from sim.core.config import report_params
from sim.core.errors import UserError
from sim.core.experiment import load_manifest, stored_config
from sim.core.lake import check_parts_readable, lake_format
from sim.core.paths import ensure_writable, experiment_dir, run_report_dir
from sim.core.registry import get_game


def report_experiment(name: str) -> Path:
    folder, manifest = load_manifest(name)
    from sim.report import build_report

    cfg = stored_config(manifest, folder / "manifest.json")
    params = {
        **report_params(cfg),
        "title": cfg.description or name,
        "game_title": get_game(cfg.game).title,
        "cooperative": bool(get_game(cfg.game).cooperative),
        "assumed": sorted({str(fact) for facts in manifest.get("assumed", {}).values() for fact in facts}),
    }
    target = run_report_dir(name, bool(cfg.publish))
    ensure_writable(target.parent)
    kinds = list(cfg.report.kinds)
    if cfg.sweep.field and "sweep" not in kinds:  # a parameter sweep's report opens with its effect
        kinds.insert(0, "sweep")
    return build_report(folder, target, kinds, params)


def compare_experiments(name: str, experiments: list[str], title: str = "") -> Path:
    """Build <name>/ comparing experiments (each gets its own report first): in reports/ when every
    experiment compared is published, else in the scratch folder."""
    from sim.report.compare import build_comparison

    if len(set(experiments)) < 2:
        raise UserError("a comparison needs at least two different experiments", entry="compare")
    if name in experiments:
        raise UserError(f"'{name}' is one of the experiments compared: its own report would be replaced", entry="compare")
    published = True
    for experiment in experiments:  # every experiment must have run before any report is written
        folder, manifest = load_manifest(experiment)
        published &= bool(stored_config(manifest, folder / "manifest.json").publish)
        if not lake_format(folder).parts(folder, "matches"):
            raise UserError("the experiment has no results yet: run its sweep first", file=str(folder))
        check_parts_readable(folder)
    reports = {experiment: (experiment_dir(experiment), report_experiment(experiment).parent) for experiment in experiments}
    target = run_report_dir(name, published)  # published when every experiment it compares is
    ensure_writable(target.parent)
    return build_comparison(target, reports, title=title or f"Comparison: {', '.join(experiments)}")
