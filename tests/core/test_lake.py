"""The lake is readable with no project code (issue 2, part 5): DuckDB CLI, polars, pyarrow;
hive partitions, zstd, provenance on every row, a manifest with config, git SHA and versions."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest

from tests.core.helpers import sweep

SCHEMA_DOC = Path(__file__).resolve().parents[2] / "docs" / "lake-schema.md"


def _documented_columns() -> set[str]:
    text = SCHEMA_DOC.read_text().split("## cards")[0]
    names = set()
    for cell in re.findall(r"^\| ([a-z_, <>]+) \|", text, re.M):
        for name in cell.split(","):
            name = name.strip()
            if name and "<" not in name and name != "column":
                names.add(name)
    return names


@pytest.fixture
def small_lake(output_root):
    plan = sweep("pairs=20", "runner.chunk_pairs=10", "name=lake", "runner.card_rows=true", "runner.n_jobs=1")
    return plan.directory


def test_every_documented_column_is_written_with_provenance(small_lake):
    frame = pl.read_parquet(next((small_lake / "matches").rglob("part-*.parquet")))
    assert _documented_columns() <= set(frame.columns)
    assert frame["seed_key"][0].count("/") == 3
    assert frame["engine_version"].n_unique() == 1 and frame["ruleset_hash"].n_unique() == 1


def test_parts_are_zstd_and_hive_partitioned(small_lake):
    part = next((small_lake / "matches").rglob("part-*.parquet"))
    assert part.parent.name == "edition=standard" and part.parent.parent.name == "game=coin_race"
    assert pq.ParquetFile(part).metadata.row_group(0).column(0).compression == "ZSTD"


def test_polars_reads_the_lake_with_partitions(small_lake):
    frame = pl.scan_parquet(str(small_lake / "matches" / "**" / "*.parquet"), hive_partitioning=True).collect()
    assert frame.height == 3 * 20 * 2
    assert set(frame["game"].unique()) == {"coin_race"}


def test_duckdb_cli_reads_the_lake(small_lake):
    cli = shutil.which("duckdb") or str(Path(__import__("sys").executable).parent / "duckdb")
    if not Path(cli).exists():
        pytest.skip("duckdb CLI not installed (pip install duckdb-cli)")
    query = (
        f"SELECT game, count(*) AS n, sum(a_won) AS a_wins FROM read_parquet('{small_lake}/matches/**/*.parquet', "
        "hive_partitioning = true) GROUP BY game"
    )
    out = subprocess.run([cli, "-csv", "-c", query], capture_output=True, text=True, check=True).stdout
    header, row = out.strip().splitlines()
    assert header == "game,n,a_wins"
    assert row.startswith("coin_race,120,")


def test_manifest_has_config_git_and_versions(small_lake):
    manifest = json.loads((small_lake / "manifest.json").read_text())
    assert manifest["status"] == "complete"
    assert manifest["config"]["game"] == "coin_race"
    assert manifest["git_sha"]
    assert {"numba", "polars", "duckdb"} <= set(manifest["packages"])
    assert manifest["matches"] == 120 and manifest["planned_matches"] == 120
    assert "sweep_seconds" in manifest["timings"]


def test_card_rows_count_draws(small_lake):
    cards = pl.read_parquet(list((small_lake / "cards").rglob("part-*.parquet")))
    matches = pl.read_parquet(list((small_lake / "matches").rglob("part-*.parquet")))
    # Coin Race draws exactly one card per turn
    assert cards["drawn"].sum() == matches["turns"].sum()
    assert set(cards["side"].unique()) == {"A", "B"}


def test_seed_keys_are_root_matchup_pair_and_swap():
    import numpy as np

    from sim.core.lake import _seed_keys

    pairs = np.array([0, 7, 9, 10, 99, 100, 12345678901], np.int64)
    swaps = np.array([0, 1, 0, 1, 0, 1, 1], np.uint8)
    expected = [f"7/a vs b/{p}/{s}" for p, s in zip(pairs.tolist(), swaps.tolist(), strict=True)]
    assert _seed_keys("7/a vs b/", pairs, swaps).to_pylist() == expected
    assert _seed_keys("7/a vs b/", pairs[:0], swaps[:0]).to_pylist() == []


def test_a_worker_imports_neither_pandas_nor_the_config_stack_nor_scipy():
    """Worker start-up is part of every sweep's time: pa.array() and pyarrow.compute would import pandas
    (0.3 s), the runner module omegaconf, numba's set-up scipy.linalg (0.3 s); a worker needs none of
    them. scipy.linalg still imports afterwards, in the same process."""
    code = (
        "import sys\n"
        "from sim.core import lake, worker\n"
        "from sim.core.registry import get_game\n"
        "game = get_game('coin_race'); ruleset = game.load_ruleset(game.default_edition())\n"
        "worker.ensure_kernels(game)\n"
        "matchup = game.load_matchups(ruleset, game.matchup_sets()[:1])[0]\n"
        "policies = (game.load_policy(game.policy_names()[0]),) * 2\n"
        "seeds = worker.seed_block(1, matchup, 0, 3)\n"
        "result = game.play_batch(ruleset, matchup, policies, seeds, card_counts=True)\n"
        "lake.match_table(game, ruleset, matchup, policies, seeds, result, run_id='r', config_hash='c')\n"
        "lake.card_table(game, ruleset, matchup, seeds, result, run_id='r')\n"
        "print(sorted(m for m in ('pandas', 'omegaconf', 'hydra', 'scipy.linalg') if m in sys.modules))\n"
        "import scipy.linalg\n"
        "print(scipy.linalg.norm([3.0, 4.0]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-2:] == ["[]", "5.0"]
