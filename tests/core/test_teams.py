"""A 2 x 2 team matchup (Veilforge-like: two sides of two seats, a bot per seat) runs through the
whole pipeline: sweep, lake (match, seat and card tables), report and replay."""

from __future__ import annotations

import polars as pl

from sim.commands.replay import replay_row
from sim.report.build import build_report
from tests.core.helpers import read_lake, sweep

BOTS = "policies=[closer,mixed,gambler,banker]"


def test_a_team_sweep_writes_match_and_seat_rows_that_agree(output_root):
    plan = sweep("matchups=[teams]", BOTS, "pairs=40", "runner.n_jobs=1", "runner.card_rows=true", "name=teams")
    matches = read_lake(plan.directory)
    seats = read_lake(plan.directory, "seats").sort(["matchup_id", "pair_index", "swap", "seat"])
    assert matches.height == 2 * 40 * 2 and seats.height == matches.height * 4
    assert set(matches["policy_a"]) == {"closer+mixed"} and set(matches["policy_b"]) == {"gambler+banker"}
    assert set(matches["winner_side"].cast(pl.Utf8)) <= {"A", "B", "draw"}
    # each slot sits with its bot and deck whatever the seat order; sides alternate A1 B1 A2 B2
    bots = seats.group_by("slot").agg(pl.col("policy").cast(pl.Utf8).unique()).sort("slot")["policy"].to_list()
    assert bots == [["closer"], ["mixed"], ["gambler"], ["banker"]]
    first = seats.filter((pl.col("swap") == 1) & (pl.col("seat") == 0))
    assert set(first["side"].cast(pl.Utf8)) == {"B"} and set(first["member"]) == {0}
    # a side's score is the sum of its seats'; the seat rows' result is the match row's
    totals = seats.group_by(["matchup_id", "pair_index", "swap", "side"]).agg(pl.col("score").sum())
    side_a = totals.filter(pl.col("side").cast(pl.Utf8) == "A").sort(["matchup_id", "pair_index", "swap"])
    assert side_a["score"].to_list() == matches.sort(["matchup_id", "pair_index", "swap"])["score_a"].to_list()
    won = seats.filter(pl.col("side").cast(pl.Utf8) == "A").group_by(["matchup_id", "pair_index", "swap"]).agg(
        pl.col("won").first()).sort(["matchup_id", "pair_index", "swap"])
    assert won["won"].to_list() == matches.sort(["matchup_id", "pair_index", "swap"])["a_won"].to_list()
    assert matches["gambles_a"].dtype == pl.List(pl.Int32)  # a side's per-seat values, as a list of its seats
    assert read_lake(plan.directory, "cards").height > 0

    report = build_report(plan.directory, output_root / "reports" / "teams", ["summary"])
    assert "low+high" in report.read_text()
    lines = replay_row("teams", "5")
    assert lines[-1].startswith("result: ") and any("seat 3" in line for line in lines)


def test_a_bot_count_that_fits_no_seat_count_is_one_line(output_root):
    import pytest

    from sim.core.errors import UserError

    with pytest.raises(UserError, match="one per seat \\(4 for this matchup\\), got 2"):
        sweep("matchups=[teams]", "policies=[closer,mixed]", "pairs=2")
