"""Bot-tier robustness (issue 4, part 4): experiments side by side, conclusions marked as holding
in every experiment or not. Runs two small real Coin Race sweeps that differ only in the bot."""

import polars as pl

from sim.cli import main
from sim.report.compare import opening_answer


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
    assert text.index("## Answer") < text.index("## Opening") and "> Under standard" in text
    assert "banker" in text.split("## Opening")[0] and "gambler" in text.split("## Opening")[0]


def test_the_answer_says_at_which_bots_a_conclusion_holds():
    """Issue 18 item 4: a conclusion holds at every rung compared, or the answer names where it flips."""
    rows = [
        {"experiment": "tiers-random", "pair_mean": 0.481, "pair_low": 0.475, "pair_high": 0.486, "conclusion": "second player favoured"},
        {"experiment": "tiers-greedy", "pair_mean": 0.451, "pair_low": 0.447, "pair_high": 0.456, "conclusion": "second player favoured"},
        {"experiment": "tiers-search", "pair_mean": 0.532, "pair_low": 0.527, "pair_high": 0.538, "conclusion": "first player favoured"},
    ]
    bots = {"tiers-random": "random", "tiers-greedy": "greedy_explorer", "tiers-search": "search"}
    assert opening_answer("0.36", rows, bots) == (
        "Under 0.36 the conclusion depends on the bots: second player favoured with random 48.1% [47.5%, 48.6%]; "
        "greedy_explorer 45.1% [44.7%, 45.6%], but first player favoured with search 53.2% [52.7%, 53.8%].")
    same = [dict(row, conclusion="first player favoured") for row in rows]
    assert opening_answer("0.36-no-opening", same, bots).startswith(
        "Under 0.36-no-opening: first player favoured with every bot compared (random 48.1%")


def test_comparison_needs_two_experiments(output_root, capsys):
    assert main(["sweep", "game=coin_race", "pairs=5", "name=alone", "runner.n_jobs=1", "runner.progress=false"]) == 0
    capsys.readouterr()
    assert main(["compare", "solo", "alone"]) == 2
    assert "at least two" in capsys.readouterr().err
