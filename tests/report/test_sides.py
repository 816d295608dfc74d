"""The `sides` report kind (issue 4.3: path choice, path round, ascension rate and effect): per
deck, how often each value of a per-side column occurs and the win rate with it."""

import polars as pl

from sim.cli import main
from tests.core.helpers import report_folder


def test_sides_report_matches_counts_from_the_lake(output_root, capsys):
    args = ["sweep", "game=coin_race", "pairs=60", "name=sides", "report.kinds=[sides]",
            "report.side_columns=[gambles]", "report.min_count=5", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    lake = pl.read_parquet(list((output_root / "experiments" / "sides" / "matches").rglob("*.parquet")))
    long = pl.concat([
        lake.select(deck="side_a", value="gambles_a", won="a_won"),
        lake.select(deck="side_b", value="gambles_b", won=1 - pl.col("a_won")),
    ])
    expected = long.group_by("deck", "value").agg(pl.len().alias("matches"), pl.col("won").sum().alias("wins"))
    table = pl.read_csv(report_folder(output_root, "sides") / "tables" / "sides_gambles.csv")
    assert table.height == expected.height
    for row in expected.iter_rows(named=True):
        got = table.filter((pl.col("deck") == row["deck"]) & (pl.col("value") == row["value"]))
        assert got["matches"][0] == row["matches"] and got["wins"][0] == row["wins"]
    shares = table.group_by("deck").agg(pl.col("share").sum())
    assert all(abs(share - 1) < 1e-9 for share in shares["share"])


def test_sides_report_names_a_missing_column(output_root, capsys):
    args = ["sweep", "game=coin_race", "pairs=5", "name=nosuch", "report.kinds=[sides]",
            "report.side_columns=[colour]", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 2
    assert "colour" in capsys.readouterr().err
