"""The SQL files run against a hand-built lake and give the hand-counted numbers."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from sim.report.lake import SQL_DIR, Lake
from tests.core.helpers import to_format_1


def _rows(frame, *key_columns):
    return {tuple(row[column] for column in key_columns): row for row in frame.iter_rows(named=True)}


def test_every_sql_file_runs(toy_lake):
    with Lake(toy_lake) as lake:
        for path in sorted(SQL_DIR.glob("*.sql")):
            if path.stem in ("views", "series_rows", "sides", "variance_rows", "column_values"):
                continue  # these need a variable naming a column; their own tests run them
            assert lake.query(path.stem).height > 0, path.name


def test_match_status_counts_errors(toy_lake):
    with Lake(toy_lake) as lake:
        status = _rows(lake.query("match_status"), "edition", "error")
    assert status[("r1", "ok")]["matches"] == 13
    assert status[("r1", "turn_cap")]["matches"] == 1
    assert status[("r2", "ok")]["matches"] == 12


def test_edition_outcomes_by_hand(toy_lake):
    with Lake(toy_lake) as lake:
        arms = _rows(lake.query("edition_outcomes"), "edition")
    # r1: 3 + 2.5 + 2 first-player wins in m1..m3, plus 0 for m1 pair 2 swap 1; error row excluded.
    assert arms[("r1",)]["matches"] == 13 and arms[("r1",)]["first_player_wins"] == 7.5
    assert arms[("r2",)]["matches"] == 12 and arms[("r2",)]["first_player_wins"] == 8.5
    assert arms[("r1",)]["draws"] == 1


def test_matchup_outcomes_three_of_four(toy_lake):
    with Lake(toy_lake) as lake:
        outcomes = _rows(lake.query("matchup_outcomes"), "edition", "matchup_id")
    # r1 m1 valid games: A won 4 of 5 (pair 2 swap 1 counts); first player 3 of 5.
    assert outcomes[("r1", "m1")]["a_wins"] == 4.0 and outcomes[("r1", "m1")]["matches"] == 5
    assert outcomes[("r2", "m1")]["first_player_wins"] == 4.0
    assert outcomes[("r1", "m2")]["a_wins"] == 1.5  # lost, draw, won, lost


def test_end_reason_shares(toy_lake):
    with Lake(toy_lake) as lake:
        reasons = _rows(lake.query("end_reasons"), "edition", "end_reason")
    assert reasons[("r1", "renown")]["matches"] == 10
    assert reasons[("r1", "round_limit")]["share"] == pytest.approx(2 / 13)
    assert reasons[("r2", "draw")]["share"] == pytest.approx(1 / 12)


def test_card_impact_by_hand(toy_lake):
    with Lake(toy_lake) as lake:
        impact = _rows(lake.query("card_impact"), "faction", "card", "metric")
    spark = impact[("red", "spark", "drawn")]
    # Red in r1: 9 valid side-games, 6 won; spark drawn in 3 (all won); the error-match row is ignored.
    assert (spark["games_with"], spark["wins_with"]) == (3, 3.0)
    assert (spark["games_without"], spark["wins_without"]) == (6, 3.0)
    assert impact[("red", "spark", "played")]["games_with"] == 1
    assert impact[("red", "spark", "opening")]["games_with"] == 1
    # Blue lost the one game where tide was drawn; the result comes from matches, not the cards row.
    tide = impact[("blue", "tide", "drawn")]
    assert (tide["games_with"], tide["wins_with"], tide["games_without"], tide["wins_without"]) == (
        1,
        0.0,
        8,
        2.5,
    )


def test_coop_queries(coop_lake):
    with Lake(coop_lake) as lake:
        outcome = lake.query("coop_outcomes").row(0, named=True)
        series = lake.query("series_rows", {"series_column": "life"})
        groups = lake.query("variance_rows", {"group_column": "^deal_group$"})
        # no per-card rows: `cards` is an empty view (so views.sql runs whole), and the lake says it has none
        assert not lake.has_cards and lake.connection.execute("SELECT count(*) FROM cards").fetchone() == (0,)
    assert outcome["matches"] == 5 and outcome["team_wins"] == 2.0
    assert outcome["mean_rounds_won"] == 4.5 and outcome["median_rounds_lost"] == 3.0
    assert series["series"].to_list()[0] == [5, 0]
    assert groups["group_id"].to_list() == [0, 0, 1, 1, 2] and groups["won"].to_list() == [0, 0, 1, 0, 1]


def test_sql_files_run_unchanged_as_scripts(toy_lake):
    """The file text, untouched, runs as one script, as the DuckDB shell's .read does."""
    connection = duckdb.connect()
    connection.execute(f"SET VARIABLE lake = '{toy_lake.as_posix()}'")
    connection.execute((SQL_DIR / "views.sql").read_text())
    result = connection.execute((SQL_DIR / "edition_outcomes.sql").read_text()).fetchall()
    assert [(row[0], row[1], row[2]) for row in result] == [("r1", 13, 7.5), ("r2", 12, 8.5)]


# The shell comes with the dev extras (duckdb-cli), installed next to this Python.
DUCKDB_SHELL = shutil.which("duckdb", path=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))


@pytest.mark.skipif(DUCKDB_SHELL is None, reason="DuckDB command-line shell not installed")
def test_sql_files_run_in_duckdb_shell(toy_lake):
    completed = subprocess.run(
        [
            DUCKDB_SHELL,
            "-csv",
            "-c",
            f"SET VARIABLE lake = '{toy_lake.as_posix()}'",
            "-c",
            f".read {SQL_DIR / 'views.sql'}",
            "-c",
            f".read {SQL_DIR / 'edition_outcomes.sql'}",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = completed.stdout.strip().splitlines()
    assert lines[1].startswith("r1,13,7.5") and lines[2].startswith("r2,12,8.5")


def test_missing_lake_is_a_user_error(tmp_path):
    from sim.core.errors import UserError

    with pytest.raises(UserError, match="no match results"):
        Lake(tmp_path)


def test_the_empty_cards_view_has_the_columns_of_real_card_rows(output_root):
    """views.sql spells out the columns of `cards` for a lake without per-card rows; they must be
    those (names and types) of the rows a sweep writes."""
    from tests.core.helpers import sweep

    with_cards = sweep("pairs=3", "name=with-cards", "runner.n_jobs=1", "runner.card_rows=true").directory
    without = sweep("pairs=3", "name=without-cards", "runner.n_jobs=1").directory

    def columns(lake_dir):
        with Lake(lake_dir) as lake:
            return lake.connection.execute("DESCRIBE cards").fetchall(), lake.has_cards

    (real, real_has), (empty, empty_has) = columns(with_cards), columns(without)
    assert real_has and not empty_has
    assert [row[:2] for row in empty] == [row[:2] for row in real]


def test_card_impact_counts_a_game_once_when_several_seats_of_a_side_hold_the_card(toy_lake, tmp_path):
    """Issue 20 item 6: an Aeon's End team has a cards row per mage; counted per row, a card two mages
    drew counted its game twice and the 'without' rate went negative. Every row given twice (a
    second seat of the same side holding the same cards) leaves the impact table as it was."""
    import polars as pl

    doubled = tmp_path / "doubled"
    shutil.copytree(toy_lake, doubled)
    for part in (doubled / "cards").rglob("*.parquet"):
        rows = pl.read_parquet(part)
        pl.concat([rows, rows]).write_parquet(part)
    with Lake(toy_lake) as lake:
        expected = lake.query("card_impact")
    with Lake(doubled) as lake:
        impact = lake.query("card_impact")
    assert impact.equals(expected)


@pytest.mark.parametrize("lake_format", [2, 1])
def test_the_views_name_an_edition_edition(toy_lake, lake_format, tmp_path):
    """Issue 20 item 7: one word for an edition. The lake stores `edition` (and the partition folder
    `edition=`), a lake of format 1 `ruleset_id` (and `ruleset=`); the views give `edition` once, for both."""
    folder = toy_lake if lake_format == 2 else to_format_1(shutil.copytree(toy_lake, tmp_path / "old"))
    with Lake(folder) as lake:
        for view in ("matches", "cards"):
            columns = lake.connection.sql(f"SELECT * FROM {view} LIMIT 0").columns
            assert columns.count("edition") == 1 and not {"ruleset", "ruleset_id"} & set(columns), view
            assert columns.count("game") == 1, view
        editions = lake.connection.execute("SELECT DISTINCT edition, game FROM matches ORDER BY ALL").fetchall()
        assert editions == [("r1", "toy"), ("r2", "toy")]
