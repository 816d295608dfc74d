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
    assert rows.select(lake.columns).sort(["ruleset_id", "matchup_id", "pair_index", "swap"]).equals(lake)
    assert rows["edition"].to_list() == rows["ruleset_id"].to_list()
    first = rows.row(0, named=True)
    assert (first["faction_a"], first["companion_a"], first["faction_b"], first["companion_b"]) == (
        "hearthbound", "brindle", "ironmaw", "skara")


def test_load_of_a_game_without_side_parts_and_of_unknown_names(output_root):
    sim.run(["game=coin_race", "pairs=2", "name=plain"])
    columns = sim.load("plain").collect_schema().names()
    assert "edition" in columns and not any(c.startswith("faction") for c in columns)
    with pytest.raises(UserError, match="unknown table 'games'"):
        sim.load("plain", "games")
    with pytest.raises(UserError, match="no experiment named 'never'"):
        sim.load("never")
    with pytest.raises(UserError, match="no 'cards' rows"):
        sim.load("plain", "cards")
