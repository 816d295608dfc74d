"""Helpers for pipeline tests: run a sweep in-process and read its lake."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.core import config, runner

KEY = ["ruleset_id", "matchup_id", "pair_index", "swap"]


def sweep(*overrides: str):
    cfg = config.compose(["game=coin_race", *overrides])
    return runner.run(cfg, progress=False)


def read_lake(folder: Path, table: str = "matches") -> pl.DataFrame:
    files = sorted((folder / table).glob("game=*/ruleset=*/part-*.parquet"))
    frame = pl.concat([pl.read_parquet(f) for f in files])
    key = KEY + (["side", "card"] if table == "cards" else [])
    return frame.sort(key)
