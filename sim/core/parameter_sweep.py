"""Parameter sweeps: one experiment whose arms are the values of one rule or card field.

    make sweep game=waybound sweep.field=rules.hand_limit 'sweep.values=[5,6,7]'
    make sweep game=waybound sweep.field=card_errata.glass_lynx.cost 'sweep.values=[1,2,3]' sweep.base=0.36

Each value becomes an edition file, a delta over `sweep.base` that sets the field (the format of
sim/core/editions.py), written with a copy of the game's data into the experiment's `sweep-data/`
folder, which becomes the run's data_dir. The arms then play common deals like any editions (the
edition is not part of the seed key), the `sweep` report kind draws the effect across the values,
and the run resumes, grows and replays like any other: the generated files are a function of the
config.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import yaml
from omegaconf import DictConfig

from sim.core.errors import UserError
from sim.core.paths import DECKS_DIR, ensure_writable, experiment_dir

FIELD = re.compile(r"^(rules\.[A-Za-z0-9_]+|[A-Za-z0-9_]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_]+)$")


def source_data(cfg: DictConfig) -> Path:
    """The data folder a generated edition is added to (every game keeps its editions in editions/)."""
    return Path(cfg.data_dir) if cfg.data_dir else DECKS_DIR / cfg.game


def copy_with_editions(source: Path, target: Path, editions: dict[str, bytes]) -> Path:
    """`target` = a copy of the data folder `source` plus the given edition files, replaced whole
    (staged beside it, then renamed) so that a run never reads a half-written copy."""
    staging = target.with_name(f".{target.name}.tmp")
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(source, staging)
    for name, content in editions.items():
        (staging / "editions" / f"{name}.yaml").write_bytes(content)
    shutil.rmtree(target, ignore_errors=True)
    staging.rename(target)
    return target


def tree_hash(folder: Path) -> str:
    """The sha256 of a folder's files: their paths (relative, sorted) and bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def arm_name(base: str, field: str, value: object) -> str:
    """`0.36-hand_limit-5`, `0.36-glass_lynx.cost-2`: a valid edition (and partition) name."""
    leaf = field.split(".", 1)[1]
    text = re.sub(r"[^A-Za-z0-9_.\-]", "_", str(value))
    return f"{base}-{leaf}-{text}"


def expand(cfg: DictConfig, default_edition: str, scratch: Path | None = None) -> DictConfig:
    """`cfg` with the sweep turned into editions and a data_dir (written to disk: the experiment's
    sweep-data/, or `scratch` for a check that must write nothing); `cfg` itself when it sweeps
    nothing. The experiment's name is fixed first, from the config as given."""
    sweep = cfg.sweep
    field, values = str(sweep.field), list(sweep["values"])  # .values is DictConfig's own method
    if not field:
        if values:
            raise UserError("sweep.values without sweep.field: name the rule or card field to sweep", entry="sweep.field")
        return cfg
    if not FIELD.match(field):
        raise UserError(f"must be rules.<rule> or <errata section>.<card>.<field>, got '{field}'", entry="sweep.field")
    if len(values) < 2:
        raise UserError("a sweep needs at least two values", entry="sweep.values")
    if not all(isinstance(v, (int, float, str, bool)) for v in values):
        raise UserError("sweep values must be numbers, texts or true/false", entry="sweep.values")
    if len({str(v) for v in values}) < len(values):
        raise UserError("a value is given twice", entry="sweep.values")
    if cfg.editions:
        raise UserError("a sweep makes its own editions (one per value): leave editions= empty", entry="editions")
    from sim.core import config as config_module

    base = str(sweep.base or cfg.edition or default_edition)
    cfg = cfg.copy()
    if not cfg.name:
        cfg.name = f"{cfg.game}-{config_module.identity_hash(cfg)[:8]}"
    source = source_data(cfg)
    names, files = [], {}
    for value in values:
        name = arm_name(base, field, value)
        names.append(name)
        files[name] = yaml.safe_dump(_delta(base, field, value), sort_keys=False).encode()
        if (source / "editions" / f"{name}.yaml").exists():
            raise UserError(f"the data folder already has an edition '{name}'", file=str(source / "editions"),
                            entry="sweep.values")
    folder = scratch or ensure_writable(experiment_dir(cfg.name))
    cfg.data_dir = str(copy_with_editions(source, folder / "sweep-data", files))
    cfg.editions = names
    cfg.edition = ""
    return cfg


def _delta(base: str, field: str, value: object) -> dict:
    section, rest = field.split(".", 1)
    if section == "rules":
        change = {"rules": {rest: value}}
    else:
        target, key = rest.rsplit(".", 1)
        change = {section: {target: {key: value}}}
    return {"base": base, "description": f"{base} with {field} = {value} (parameter sweep)", **change}


def arm_values(cfg: DictConfig) -> dict[str, object]:
    """{arm name: value} of a swept experiment's stored config (its editions are the generated arms,
    in the order of the values); {} for any other."""
    if not str(cfg.sweep.field):
        return {}
    return dict(zip(list(cfg.editions), list(cfg.sweep["values"]), strict=True))
