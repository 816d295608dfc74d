"""Reopen a finished (or interrupted) experiment from its manifest."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from omegaconf import DictConfig, OmegaConf

from sim.core import config as config_module
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
    """The resolved config the experiment ran with, re-validated against today's schema.

    Keys the schema no longer has are dropped: they were valid when the experiment ran, and the
    keys that decide match content (game, editions, matchups, policies, seed) never go away."""
    known = _known_keys(manifest["config"], ExperimentConfig)
    cfg = OmegaConf.merge(OmegaConf.structured(ExperimentConfig), known)
    check_values(cfg)
    return cfg


def _known_keys(values: dict, schema: type) -> dict:
    fields = {f.name: f for f in dataclasses.fields(schema)}
    kept = {}
    for key, value in values.items():
        if key not in fields:
            continue
        kind = fields[key].type
        sub = getattr(config_module, kind, None) if isinstance(kind, str) else kind
        kept[key] = _known_keys(value, sub) if dataclasses.is_dataclass(sub) and isinstance(value, dict) else value
    return kept
