"""Reopen a finished (or interrupted) experiment from its manifest."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from omegaconf import DictConfig, OmegaConf

from sim.core import config as config_module
from sim.core.config import ExperimentConfig, check_values
from sim.core.errors import UserError
from sim.core.lake import format_of
from sim.core.paths import experiment_dir

# What each manifest key holds, when present (a manifest of another shape was not written by sim,
# or was damaged; every command that reads one says so in one line instead of failing on it).
MANIFEST_SHAPE = {
    "name": str,
    "run_id": str,
    "status": str,
    "config": dict,
    "config_hash": str,
    "chunk_pairs": int,
    "lake_format": int,  # lake.FORMATS; none: format 1
    "game": str,
    "engine_versions": dict,
    "rulesets": dict,
    "assumed": dict,
    "matchups": list,
    "pairs_per_matchup": int,
    "pair_segments": list,  # pairs per matchup after each run that grew the experiment
    "planned_matches": int,
    "matches": int,
    "timings": dict,
    "packages": dict,
    "git_sha": str,
    "created": str,
}
JSON_NAMES = {str: "a string", dict: "an object", list: "a list", int: "an integer"}


def check_manifest(manifest: object, path: Path, required: tuple[str, ...] = ()) -> dict:
    """``manifest`` if it has the shape sim writes; otherwise a one-line UserError naming the key."""
    advice = "not written by sim, or damaged; delete the experiment folder to start over"
    if not isinstance(manifest, dict):
        raise UserError(f"manifest must be a JSON object ({advice})", file=str(path))
    for key in required:
        if key not in manifest:
            raise UserError(f"manifest has no '{key}' ({advice})", file=str(path), entry=key)
    for key, kind in MANIFEST_SHAPE.items():
        value = manifest.get(key)
        if value is not None and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
            raise UserError(f"must be {JSON_NAMES[kind]}, got {value!r:.40} ({advice})", file=str(path), entry=key)
    format_of(manifest, path)
    for arm, facts in (manifest.get("assumed") or {}).items():
        if not isinstance(facts, list):
            raise UserError(f"must be a list of facts ({advice})", file=str(path), entry=f"assumed.{arm}")
    return manifest


def read_manifest_file(path: Path, required: tuple[str, ...] = ()) -> dict:
    """The manifest at ``path``, checked by ``check_manifest``; unreadable or not JSON: one line."""
    try:
        text = path.read_text(encoding="utf-8")
        manifest = json.loads(text)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not valid JSON"
        raise UserError(
            f"manifest is unreadable ({reason}); delete the experiment folder to start over", file=str(path)
        ) from None
    return check_manifest(manifest, path, required)


def load_manifest(name: str) -> tuple[Path, dict]:
    folder = experiment_dir(name)
    path = folder / "manifest.json"
    if not path.exists():
        raise UserError(f"no experiment named '{name}' here (looked for {path})", entry="experiment")
    return folder, read_manifest_file(path, required=("config",))


def stored_config(manifest: dict, path: Path | None = None) -> DictConfig:
    """The resolved config the experiment ran with, re-validated against today's schema.

    Keys the schema no longer has are dropped: they were valid when the experiment ran, and the
    keys that decide match content (game, editions, matchups, policies, seed) never go away."""
    known = _known_keys(manifest["config"], ExperimentConfig)
    try:
        cfg = OmegaConf.merge(OmegaConf.structured(ExperimentConfig), known)
    except Exception as error:  # OmegaConf's validation errors: a config of the wrong shape
        problem = str(error).strip().splitlines()[0]
        raise UserError(f"the stored config does not fit the schema ({problem})", file=str(path or "manifest"),
                        entry="config") from None
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
