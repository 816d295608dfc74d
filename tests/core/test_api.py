"""The Python API (issue 20 item 7): sim.run and sim.load, as a notebook uses them."""

import polars as pl
import pytest

import sim
from sim.core.errors import UserError
from tests.core.helpers import read_lake


def test_run_then_load_gives_the_lake_lazily_with_edition_and_side_parts(output_root):
    plan = sim.run(["game=waybound", "matchups=[hearthbound/brindle vs ironmaw/skara]", "pairs=3", "name=api"])
    frame = sim.load("api")
    assert isinstance(frame, pl.LazyFrame)
    rows = frame.collect().sort(["pair_index", "swap"])
    lake = read_lake(plan.directory)
    assert rows.height == lake.height == 6
    assert rows.select(lake.columns).sort(["edition", "matchup_id", "pair_index", "swap"]).equals(lake)
    assert "ruleset_id" not in rows.columns and set(rows["edition"]) == {plan.rulesets[0].ruleset_id}
    first = rows.row(0, named=True)
    assert (first["faction_a"], first["companion_a"], first["faction_b"], first["companion_b"]) == (
        "hearthbound", "brindle", "ironmaw", "skara")


def test_the_duckdb_views_split_a_side_into_its_parts_as_load_does(output_root):
    """Issue 20 item 7: "decomposed side columns (faction, Companion, deck, bot per side)" in the views
    a designer queries at the DuckDB prompt, not only in sim.load."""
    from sim.report.lake import Lake

    plan = sim.run(["game=waybound", "matchups=[hearthbound/brindle vs ironmaw/skara, ironmaw/rauk vs skyrunners/vey]",
                    "pairs=2", "name=views"])
    columns = ["matchup_id", "pair_index", "swap", "faction_a", "companion_a", "faction_b", "companion_b"]
    loaded = sim.load("views").select(columns).collect().sort(columns[:3])
    with Lake(plan.directory) as lake:
        viewed = lake.connection.sql(f"SELECT {', '.join(columns)} FROM matches").pl().sort(columns[:3])
    assert viewed.equals(loaded.cast(viewed.schema))
    assert set(viewed["faction_b"]) == {"ironmaw", "skyrunners"}


def test_load_of_a_game_without_side_parts_and_of_unknown_names(output_root):
    sim.run(["game=coin_race", "pairs=2", "name=plain"])
    columns = sim.load("plain").collect_schema().names()
    assert "edition" in columns and not any(c.startswith("faction") for c in columns)
    from sim.report.lake import Lake

    with Lake(sim.api.load_manifest("plain")[0]) as lake:
        assert lake.columns == set(lake.connection.sql("SELECT * FROM matches").columns) and "edition" in lake.columns
        assert not any(c.startswith("faction") for c in lake.columns)
    with pytest.raises(UserError, match="unknown table 'games'"):
        sim.load("plain", "games")
    with pytest.raises(UserError, match="no experiment named 'never'"):
        sim.load("never")
    with pytest.raises(UserError, match="no 'cards' rows"):
        sim.load("plain", "cards")
