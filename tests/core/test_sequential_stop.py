"""Optional sequential stopping (issue 2, part 4): a matchup's pairs stop once its SPRT decides;
the decision points depend only on pair order, so the lake is the same for any n_jobs."""

import polars as pl

from tests.core.helpers import read_lake, sweep

SPRT = ("pairs=4000", "runner.chunk_pairs=40", "stop.sprt=true", "stop.p0=0.5", "stop.p1=0.6")


def test_sprt_stops_early_and_stays_deterministic(output_root):
    plan = sweep(*SPRT, "name=sprt1", "runner.n_jobs=1")
    one = read_lake(plan.directory)
    assert one.height < plan.total_matches / 4, "Coin Race favours the first player: decided early"
    per_matchup = one.group_by("matchup_id").agg(pl.col("pair_index").max() + 1, pl.len())
    for row in per_matchup.iter_rows(named=True):
        assert row["len"] == 2 * row["pair_index"], "each stopped matchup keeps a whole prefix of pairs"
        assert row["pair_index"] % 40 == 0
    two = read_lake(sweep(*SPRT, "name=sprt2", "runner.n_jobs=2").directory)
    assert two.drop("run_id").equals(one.drop("run_id"))


def test_the_report_states_each_streams_stopping_decision(output_root):
    """Issue 20: a stopped sweep's report names what the sequential test decided per stream and warns
    that its fixed-sample intervals overstate the certainty of streams that stopped early."""
    from sim.commands.report_runner import report_experiment

    sweep(*SPRT, "name=sprt3", "runner.n_jobs=1", "report.kinds=[opening]")
    markdown = report_experiment("sprt3").read_text()
    assert "## Sequential stopping" in markdown or "### Sequential stopping" in markdown
    assert "first player favoured" in markdown and "overstate the certainty" in markdown
