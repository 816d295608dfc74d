"""Reopen a finished (or interrupted) experiment from its manifest."""

from __future__ import annotations

import json
from pathlib import Path

from omegaconf import DictConfig, OmegaConf

from sim.core.config import ExperimentConfig, check_values
from sim.core.errors import UserError
from sim.core.paths import experiment_dir


def load_manifest(name: str) -> tuple[Path, dict]:
    folder = experiment_dir(name)
    path = folder / "manifest.json"
    if not path.exists():
        raise UserError(f"no experiment named '{name}' here (looked for {path})", entry="experiment")
    try:
        return folder, json.loads(path.read_text())
    except ValueError:
        raise UserError("manifest is not valid JSON", file=str(path)) from None


def stored_config(manifest: dict) -> DictConfig:
    """The resolved config the experiment ran with, re-validated against the schema."""
    cfg = OmegaConf.merge(OmegaConf.structured(ExperimentConfig), manifest["config"])
    check_values(cfg)
    return cfg
