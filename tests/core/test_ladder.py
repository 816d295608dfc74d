"""`sim ladder`: a game's skill ladder as data (decks/<game>/ladder.yaml), its head-to-heads and report."""

from __future__ import annotations

import shutil
from dataclasses import replace

import polars as pl
import pytest

from sim.commands.ladder import bout_rows, load_ladder, run_ladder
from sim.core.errors import UserError
from sim.core.paths import DECKS_DIR


def test_every_ladder_names_known_bots_weakest_first():
    for game in ("waybound", "coin_race", "veilforge"):
        ladder = load_ladder(game)
        assert len(ladder.rungs) >= 4 and ladder.bouts()[0] == (ladder.rungs[1], ladder.rungs[0])


@pytest.mark.parametrize(
    "text, message",
    [
        ("rungs: [mixed]\nmatchups: [all]\npairs: 2\n", "rungs: a list of at least two bots"),
        ("rungs: [mixed, oracle]\nmatchups: [all]\npairs: 2\n", "rungs[1]: unknown bot 'oracle'"),
        ("rungs: [mixed, closer]\nmatchups: [all]\npairs: 0\n", "pairs: must be a whole number of at least 1"),
        ("rungs: [mixed, closer]\nmatchups: [all]\npairs: 2\nchecks: [closer]\n", "checks[0]: a check is"),
        ("rungs: [mixed, closer]\nmatchups: [all]\npairs: 2\nchecks: [{bout: closer vs mixed, pair: 3}]\n",
         "checks[0]: a check is"),
        ("rungs: [mixed, closer]\nmatchups: [all]\npairs: 2\nchecks: [{bout: closer vs mixed, pairs: 0}]\n",
         "checks[0]: pairs: must be a whole number of at least 1"),
        ("rungs: [mixed, closer]\nmatchups: [all]\npairs: 2\nsteps: 3\n", "unknown key 'steps'"),
        ("rungs: [mixed, closer]\nmatchups: [all]\npairs: 2\nedition: long\n", "unknown edition 'long'"),
        ("rungs: [mixed, closer]\nmatchups: [all]\npairs: 2\nthreshold: 1.5\n", "threshold: must be a number"),
    ],
)
def test_a_bad_ladder_is_one_line_naming_the_file_and_entry(tmp_path, text, message):
    (tmp_path / "ladder.yaml").write_text(text)
    with pytest.raises(UserError) as error:
        load_ladder("coin_race", tmp_path)
    assert "\n" not in str(error.value) and message in str(error.value) and "ladder.yaml" in str(error.value)


def test_the_ladder_report_has_each_rung_over_the_one_below(output_root, tmp_path):
    shutil.copy(DECKS_DIR / "coin_race" / "ladder.yaml", tmp_path / "ladder.yaml")
    ladder = replace(load_ladder("coin_race", tmp_path), pairs=40, rungs=("mixed", "closer", "ismcts_8"),
                     checks=(("ismcts_8", "mixed"),), throughput_pairs=2, check_pairs=((("ismcts_8", "mixed"), 50),))
    report = run_ladder(ladder, ["runner.n_jobs=1", "runner.progress=false"])
    folder = report.parent
    assert {"report.md", "report.html", "ladder_win_rates.png", "ladder_throughput.png"} <= {p.name for p in folder.iterdir()}
    rungs = pl.read_csv(folder / "tables" / "ladder_rungs.csv")
    assert rungs["bot"].to_list() == ["mixed", "closer", "ismcts_8"]
    assert rungs["pairs"].to_list()[1:] == [240, 240] and (rungs["matches_per_second"] > 0).all()
    checks = pl.read_csv(folder / "tables" / "ladder_checks.csv")
    assert checks.select("bot", "against", "pairs").rows() == [("ismcts_8", "mixed", 300)]  # its own 50 per matchup
    text = report.read_text()
    assert text.startswith("# Coin Race") and "## Answer" in text
    assert "Checks beside the ladder" in text.split("## Rungs")[0], "the answer says how the checks came out"
    rows = bout_rows(ladder)
    assert run_ladder(ladder, ["runner.n_jobs=1", "runner.progress=false"]) == report  # resumes the experiments
    assert bout_rows(ladder).equals(rows)


@pytest.mark.heavy
def test_the_coin_race_ladder_is_monotone(output_root):
    """Each rung of decks/coin_race/ladder.yaml beats the rung below on 6,000 seat-swapped pairs, the lower
    end of its 95% interval above the ladder's threshold (issue 18: "ladder monotonicity as a heavy test")."""
    ladder = load_ladder("coin_race")
    run_ladder(ladder, ["runner.n_jobs=2", "runner.progress=false"])
    rows = bout_rows(ladder)
    assert rows.filter(pl.col("rung_step")).height == len(ladder.rungs) - 1
    assert rows["holds"].all(), rows

