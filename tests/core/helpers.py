"""Helpers for pipeline tests: run a sweep in-process and read its lake."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

from sim.core import config, lake, runner

KEY = ["edition", "matchup_id", "pair_index", "swap"]


def sweep(*overrides: str):
    cfg = config.compose(["game=coin_race", *overrides])
    return runner.run(cfg, progress=False)


def read_lake(folder: Path, table: str = "matches") -> pl.DataFrame:
    """A table's rows as stored, in key order, its edition column named `edition` in either format."""
    fmt = lake.lake_format(folder)
    frame = pl.concat([pl.read_parquet(f) for f in fmt.parts(folder, table)]).rename({fmt.column: lake.EDITION})
    key = KEY + (["side", "card"] if table == "cards" else [])
    return frame.sort(key)


def to_format_1(folder: Path) -> Path:
    """Turn a lake of the current format into one as sim wrote it before lakes had a format: the
    column `ruleset_id` in every table, folders `ruleset=<edition>`, no `lake_format` in the manifest."""
    old, new = lake.FORMATS[1], lake.CURRENT
    for part in new.parts(folder):
        table = pq.read_table(part)
        edition = part.parent.name.split("=", 1)[1]
        target = old.part_path(folder, part.parents[2].name, part.parents[1].name.split("=", 1)[1], edition,
                               part.name[len("part-"):-len(".parquet")])
        lake.write_atomic(table.rename_columns([old.column if n == new.column else n for n in table.column_names]),
                          target)
    for folder_of_parts in {part.parent for part in new.parts(folder)}:
        shutil.rmtree(folder_of_parts)
    path = folder / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest.pop("lake_format", None)
    path.write_text(json.dumps(manifest, indent=2))
    return folder


def report_folder(root: Path, name: str) -> Path:
    """Where a run's report is: reports/<name>/ when published, else the scratch folder
    outputs/<date>/<name>/ (sim.core.paths.run_report_dir)."""
    published = root / "reports" / name
    if published.exists():
        return published
    scratch = sorted((root / "outputs").glob(f"*/{name}"))
    return scratch[-1] if scratch else published
