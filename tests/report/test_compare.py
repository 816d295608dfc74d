"""Bot-tier robustness (issue 4, part 4): experiments side by side, conclusions marked as holding
in every experiment or not. Runs two small real Coin Race sweeps that differ only in the bot."""

import polars as pl

from sim.cli import main


def test_comparison_of_two_bot_tiers(output_root, capsys):
    for tier in ("banker", "gambler"):
        args = ["sweep", "game=coin_race", "pairs=200", f"name=tier-{tier}", f"policies=[{tier},{tier}]",
                "report.kinds=[opening,matrix]", "report.n_boot=50", "runner.n_jobs=1", "runner.progress=false"]
        assert main(args) == 0
    assert main(["compare", "tiers", "tier-banker", "tier-gambler"]) == 0
    folder = output_root / "reports" / "tiers"
    opening = pl.read_csv(folder / "tables" / "compare_opening.csv")
    assert opening["experiment"].to_list() == ["tier-banker", "tier-gambler"]
    # the numbers are the experiments' own headline numbers, not recomputed differently
    own = pl.read_csv(output_root / "reports" / "tier-banker" / "tables" / "opening_first_player.csv")
    assert opening["pair_mean"][0] == own["pair_mean"][0]
    holds = pl.read_csv(folder / "tables" / "compare_opening_holds.csv")
    expected_same = opening["conclusion"].n_unique() == 1
    assert holds["same_conclusion_everywhere"][0] == expected_same
    ratings = pl.read_csv(folder / "tables" / "compare_ratings_standard.csv")
    assert ratings["kendall_tau_vs_first"][0] == 1.0
    text = (folder / "report.md").read_text()
    assert text.index("## Provenance") > text.index("## Deck ratings")


def test_comparison_needs_two_experiments(output_root, capsys):
    assert main(["sweep", "game=coin_race", "pairs=5", "name=alone", "runner.n_jobs=1", "runner.progress=false"]) == 0
    capsys.readouterr()
    assert main(["compare", "solo", "alone"]) == 2
    assert "at least two" in capsys.readouterr().err
