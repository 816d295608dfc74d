"""The Python API: run an experiment and read its lake from a script or a notebook.

    import sim
    plan = sim.run(["game=waybound", "pairs=200", "name=try"])   # the overrides `make sweep` takes
    frame = sim.load("try").collect()                            # polars; lazy until collected
    frame.group_by("faction_a").agg(pl.col("winner_side").eq("A").mean())

`load` gives the lake's own columns (docs/lake-schema.md), with the edition as `edition` whatever the
lake's format (a lake of format 1 stores it as `ruleset_id`), and adds the parts of each side's label
a game names (`Game.side_fields`; Waybound's "hearthbound/brindle" gives `faction_a` = hearthbound and
`companion_a` = brindle), so no query has to split labels itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import polars as pl
from omegaconf import DictConfig

from sim.core.errors import UserError
from sim.core.experiment import load_manifest
from sim.core.lake import EDITION, check_parts_readable, lake_format
from sim.core.registry import get_game

TABLES = ("matches", "cards", "seats")


def load(name: str, table: str = "matches") -> pl.LazyFrame:
    """An experiment's table (`matches`, `cards` or `seats`) as a polars LazyFrame."""
    if table not in TABLES:
        raise UserError(f"unknown table '{table}' (known: {', '.join(TABLES)})", entry="table")
    folder, manifest = load_manifest(name)
    frame = scan_parts(folder, table)
    columns = frame.collect_schema().names()
    added = []
    fields = get_game(manifest.get("game") or manifest["config"]["game"]).side_fields
    for side in ("a", "b"):
        if f"side_{side}" not in columns:
            continue
        parts = pl.col(f"side_{side}").str.split("/")
        added += [parts.list.get(i, null_on_oob=True).alias(f"{field}_{side}") for i, field in enumerate(fields)]
    return frame.with_columns(added)


def scan_parts(folder: Path, table: str = "matches") -> pl.LazyFrame:
    """A table of the lake in ``folder`` as stored, its edition column named `edition` in either lake
    format. Read without hive partitioning: the folder keys only repeat stored values (`game` aside)."""
    fmt = lake_format(folder)
    files = fmt.parts(folder, table)
    if not files:
        raise UserError(f"the experiment has no '{table}' rows", file=str(folder))
    check_parts_readable(folder)
    return pl.scan_parquet(files, hive_partitioning=False).rename({fmt.column: EDITION})


def run(overrides: Sequence[str] | DictConfig, *, progress: bool = False):
    """Run (or resume, or grow) an experiment; returns its plan (`plan.directory` is the lake)."""
    from sim.core import config, runner

    cfg = overrides if isinstance(overrides, DictConfig) else config.compose(list(overrides))
    return runner.run(cfg, progress=progress)
