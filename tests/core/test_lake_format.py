"""Issue 20 item 7: one word, `edition`, in the config, the lake and the reports. New lakes (format 2)
store the column `edition` under folders `edition=`; lakes of format 1 (`ruleset_id`, `ruleset=`, no
`lake_format` in the manifest) stay readable as `edition` and are resumed in their own format."""

from __future__ import annotations

import json
import shutil

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

import sim
from sim.cli import main
from sim.commands.ab import Verdict
from sim.core import config, lake, runner
from sim.core.errors import UserError
from sim.report.build import build_report
from sim.report.lake import Lake, _statements, sql_text
from tests.core.helpers import KEY, read_lake, sweep, to_format_1

TEAMS = ["matchups=[teams]", "policies=[closer,mixed,gambler,banker]", "runner.card_rows=true", "runner.n_jobs=1"]
ARGS = ["editions=[standard,short]", "pairs=20", "runner.chunk_pairs=5", "runner.card_rows=true", "runner.n_jobs=1"]


def _old_copy(folder, name: str):
    """A copy of the lake in ``folder`` as sim wrote it in format 1, beside it under ``name``."""
    return to_format_1(shutil.copytree(folder, folder.parent / name))


def test_a_fresh_lake_stores_edition_in_every_table_and_folder(output_root):
    plan = sweep(*TEAMS, "editions=[standard,short]", "pairs=4", "name=fresh")
    folder = plan.directory
    assert json.loads((folder / "manifest.json").read_text())["lake_format"] == 2
    assert lake.lake_format(folder) == lake.CURRENT
    parts = list(folder.rglob("*.parquet"))
    assert {part.parents[2].name for part in parts} == {"matches", "cards", "seats"}
    for part in parts:
        columns = pq.read_schema(part).names
        assert "edition" in columns and "ruleset_id" not in columns, part
        assert part.parent.name.startswith("edition=") and part.parent.parent.name == "game=coin_race", part
    editions = {"standard", "short"}
    # the folder key repeats the stored column: a hive reader gives `game` and `edition` once, as text
    glob = str(folder / "matches" / "**" / "*.parquet")
    viewed = duckdb.sql(f"SELECT * FROM read_parquet('{glob}', hive_partitioning = true, hive_types_autocast = false)")
    assert viewed.columns.count("edition") == 1 and viewed.columns.count("game") == 1
    assert set(viewed.pl()["edition"]) == editions and set(viewed.pl()["game"]) == {"coin_race"}
    scanned = pl.scan_parquet(glob, hive_partitioning=True).collect()
    assert scanned.columns.count("edition") == 1 and set(scanned["edition"]) == editions
    assert set(scanned["game"]) == {"coin_race"}
    keys = ds.partitioning(pa.schema([("game", pa.string()), ("edition", pa.string())]), flavor="hive")
    table = ds.dataset(folder / "matches", partitioning=keys).to_table()
    assert table.column_names.count("edition") == 1 and set(table.column("edition").to_pylist()) == editions


def test_a_format_1_lake_reads_as_the_same_lake_of_format_2(output_root, tmp_path):
    """The views, sim.load, replay and a report read an old lake with the numbers of the new one."""
    plan = sweep(*ARGS, "name=new")
    old = _old_copy(plan.directory, "old")
    assert not list(old.rglob("edition=*")) and lake.lake_format(old) == lake.FORMATS[1]
    assert "ruleset_id" in pq.read_schema(next(old.rglob("*.parquet"))).names
    for table in ("matches", "cards"):
        new_rows, old_rows = sim.load("new", table).collect(), sim.load("old", table).collect()
        assert "ruleset_id" not in old_rows.columns and old_rows.sort(new_rows.columns).equals(new_rows.sort(new_rows.columns))
        assert read_lake(old, table).equals(read_lake(plan.directory, table))
    views = {}
    for name in ("new", "old"):
        with Lake(output_root / "experiments" / name) as view:
            views[name] = {table: view.connection.sql(f"SELECT * FROM {table}").pl() for table in ("matches", "cards")}
    for table in ("matches", "cards"):
        new_rows, old_rows = views["new"][table], views["old"][table]
        assert old_rows.columns == new_rows.columns
        assert old_rows.sort(new_rows.columns).equals(new_rows.sort(new_rows.columns))
    assert main(["replay", "old", "3"]) == 0 and main(["replay", "new", "3"]) == 0
    verdicts = {name: Verdict("standard", "short", 0.05, 0.02) for name in ("new", "old")}  # sim ab's reading
    for name, verdict in verdicts.items():
        verdict.read(output_root / "experiments" / name)
    assert verdicts["old"].first_player.equals(verdicts["new"].first_player)
    assert verdicts["old"].sides.equals(verdicts["new"].sides) and verdicts["new"].first_player.height > 1
    kinds = ["opening", "summary", "cards", "endings"]
    reports = {name: build_report(output_root / "experiments" / name, tmp_path / name, kinds, {"n_boot": 50}).parent
               for name in ("new", "old")}
    tables = sorted(path.name for path in (reports["new"] / "tables").glob("*.csv"))
    assert tables and tables == sorted(path.name for path in (reports["old"] / "tables").glob("*.csv"))
    for name in tables:
        assert (reports["old"] / "tables" / name).read_text() == (reports["new"] / "tables" / name).read_text(), name
    report = (reports["new"] / "report.md").read_text().split("## Provenance")[0]
    assert (reports["old"] / "report.md").read_text().split("## Provenance")[0] == report


def test_resuming_a_format_1_lake_completes_it_in_format_1(output_root, capsys):
    whole = sweep(*ARGS, "name=whole")
    expected = read_lake(whole.directory)
    old = _old_copy(whole.directory, "half")
    parts = lake.FORMATS[1].parts(old, "matches")
    for part in parts[::2]:  # an interrupted run: every other task not played yet
        for table in ("matches", "cards"):
            (old / table / part.relative_to(old / "matches")).unlink()
    manifest = json.loads((old / "manifest.json").read_text())
    manifest["name"] = "half"
    (old / "manifest.json").write_text(json.dumps(manifest))
    capsys.readouterr()
    runner.run(config.compose(["game=coin_race", *ARGS, "name=half"]), progress=False)
    err = capsys.readouterr().err
    assert "resuming a lake of format 1 (column ruleset_id); new lakes store edition" in err.splitlines()
    assert lake.lake_format(old) == lake.FORMATS[1] and not list(old.rglob("edition=*"))
    assert all("edition" not in pq.read_schema(part).names for part in old.rglob("*.parquet"))
    resumed = read_lake(old)
    assert resumed.height == expected.height and resumed.select(KEY).n_unique() == resumed.height
    assert resumed.drop("run_id").equals(expected.drop("run_id"))
    assert read_lake(old, "cards").drop("run_id").equals(read_lake(whole.directory, "cards").drop("run_id"))


@pytest.mark.parametrize("value", [3, "2", None, True])
@pytest.mark.parametrize("command", ["sweep", "report", "replay", "load", "views"])
def test_an_unknown_lake_format_is_one_line(value, command, output_root, capsys):
    plan = sweep("pairs=3", "runner.n_jobs=1", "name=odd")
    path = plan.directory / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["lake_format"] = value
    path.write_text(json.dumps(manifest))
    capsys.readouterr()
    if command == "load":
        with pytest.raises(UserError, match="lake_format"):
            sim.load("odd")
        return
    if command == "views":  # the views refuse it too, for the DuckDB shell that reads them alone
        connection = duckdb.connect()
        connection.execute("SET VARIABLE lake = ?", [plan.directory.as_posix()])
        with pytest.raises(duckdb.Error, match=f"{path}: lake_format: must be 1 or 2"):
            for statement in _statements(sql_text("views")):
                connection.execute(statement)
        return
    args = {"sweep": ["sweep", "game=coin_race", "pairs=3", "runner.n_jobs=1", "name=odd", "runner.progress=false",
                      "--no-report"], "report": ["report", "odd"], "replay": ["replay", "odd", "0"]}[command]
    assert main(args) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}: lake_format: must be"), lines

