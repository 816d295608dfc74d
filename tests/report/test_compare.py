"""Bot-tier robustness (issue 4, part 4): experiments side by side, conclusions marked as holding
in every experiment or not. Runs two small real Coin Race sweeps that differ only in the bot."""

import json

import polars as pl
import pytest

from sim.cli import main
from sim.core import config
from sim.report.compare import opening_answer
from tests.core.helpers import report_folder


def test_comparison_of_two_bot_tiers(output_root, capsys):
    for tier in ("banker", "gambler"):
        args = ["sweep", "game=coin_race", "pairs=200", f"name=tier-{tier}", f"policies=[{tier},{tier}]",
                "report.kinds=[opening,matrix]", "report.n_boot=50", "runner.n_jobs=1", "runner.progress=false"]
        assert main(args) == 0
    assert main(["compare", "tiers", "tier-banker", "tier-gambler"]) == 0
    folder = report_folder(output_root, "tiers")
    opening = pl.read_csv(folder / "tables" / "compare_opening.csv")
    assert opening["experiment"].to_list() == ["tier-banker", "tier-gambler"]
    # the numbers are the experiments' own headline numbers, not recomputed differently
    own = pl.read_csv(report_folder(output_root, "tier-banker") / "tables" / "opening_first_player.csv")
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
    three = rows + [{"experiment": "tiers-ismcts", "pair_mean": 0.5, "pair_low": 0.49, "pair_high": 0.51, "conclusion": "no advantage shown"}]
    assert opening_answer("0.36", three, dict(bots, **{"tiers-ismcts": "ismcts_16"})) == (
        "Under 0.36 the conclusion depends on the bots. Second player favoured with random 48.1% [47.5%, 48.6%]; "
        "greedy_explorer 45.1% [44.7%, 45.6%]. First player favoured with search 53.2% [52.7%, 53.8%]. "
        "No advantage shown with ismcts_16 50.0% [49.0%, 51.0%].")
    same = [dict(row, conclusion="first player favoured") for row in rows]
    assert opening_answer("0.36-no-opening", same, bots).startswith(
        "Under 0.36-no-opening: first player favoured with every bot compared (random 48.1%")


def test_comparison_needs_two_experiments(output_root, capsys):
    assert main(["sweep", "game=coin_race", "pairs=5", "name=alone", "runner.n_jobs=1", "runner.progress=false"]) == 0
    capsys.readouterr()
    assert main(["compare", "solo", "alone"]) == 2
    assert "at least two" in capsys.readouterr().err


def test_a_tier_study_runs_each_tier_as_its_own_experiment_and_compares_them(output_root, capsys):
    """Issue 18 item 4: one study with `tiers=[...]` runs its arms at every tier, and its report states each
    conclusion as holding at every tier or names where it flips."""
    args = ["sweep", "game=coin_race", "pairs=60", "name=tiered", "tiers=[banker,gambler+banker]",
            "report.kinds=[opening]", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    experiments = output_root / "experiments"
    manifests = {name: json.loads((experiments / name / "manifest.json").read_text())
                 for name in ("tiered-banker", "tiered-gambler-banker")}
    assert manifests["tiered-gambler-banker"]["config"]["policies"] == ["gambler", "banker"]
    # a tier is the experiment its bots alone would give: same config hash, same matches
    assert main(["sweep", "game=coin_race", "pairs=60", "name=banker-alone", "policies=[banker]",
                 "report.kinds=[opening]", "runner.n_jobs=1", "runner.progress=false"]) == 0
    alone = json.loads((experiments / "banker-alone" / "manifest.json").read_text())
    assert alone["config_hash"] == manifests["tiered-banker"]["config_hash"]
    compared = pl.read_csv(report_folder(output_root, "tiered") / "tables" / "compare_opening.csv")
    assert compared["experiment"].to_list() == ["tiered-banker", "tiered-gambler-banker"]
    text = (report_folder(output_root, "tiered") / "report.md").read_text()
    assert text.startswith("# tiered, at every bot tier (banker, gambler+banker)")
    answer = text.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "> Under standard" in answer and "banker" in answer and "gambler, banker" in answer


def test_a_costly_tier_plays_fewer_pairs_of_the_same_deals(output_root):
    """`tier_pairs` gives a tier (a search rung, say) fewer pairs than the study's `pairs`: that tier is the
    experiment its bots would give at that size, so its deals are the first deals of the other tiers."""
    args = ["sweep", "game=coin_race", "pairs=40", "name=costly", "tiers=[banker,gambler]", "+tier_pairs.gambler=10",
            "report.kinds=[opening]", "runner.n_jobs=1", "runner.progress=false"]
    assert main(args) == 0
    experiments = output_root / "experiments"
    manifests = {name: json.loads((experiments / name / "manifest.json").read_text())
                 for name in ("costly-banker", "costly-gambler")}
    assert manifests["costly-banker"]["config"]["pairs"] == 40
    assert manifests["costly-gambler"]["config"]["pairs"] == 10
    assert main(["sweep", "game=coin_race", "pairs=10", "name=gambler-alone", "policies=[gambler]",
                 "report.kinds=[opening]", "runner.n_jobs=1", "runner.progress=false"]) == 0
    alone = json.loads((experiments / "gambler-alone" / "manifest.json").read_text())
    assert alone["config_hash"] == manifests["costly-gambler"]["config_hash"]
    played = {tier: pl.read_parquet(experiments / f"costly-{tier}" / "matches" / "**" / "*.parquet")
              for tier in ("banker", "gambler")}
    assert played["banker"].height == 4 * played["gambler"].height > 0
    # a quick try with fewer pairs than a tier's own shrinks that tier too
    _, tiers = config.tier_configs(config.compose(["game=coin_race", "pairs=3", "tiers=[banker,gambler]", "+tier_pairs.gambler=10"]))
    assert [tier_cfg.pairs for _, tier_cfg in tiers] == [3, 3]
    assert set(played["gambler"]["seed_key"]) <= set(played["banker"]["seed_key"])


@pytest.mark.parametrize("tiers, says", [
    ("tiers=[banker]", "at least two tiers"),
    ("tiers=[banker,banker]", "listed twice"),
    ("tiers=[banker,+gambler]", "is no tier"),
    ("+tier_pairs.gamble=5", "'gamble' is not one of the tiers"),
    ("+tier_pairs.gambler=0", "must be at least 1"),
])
def test_a_bad_tier_list_is_refused_in_one_line(output_root, capsys, tiers, says):
    if "tier_pairs" in tiers:
        tiers = f"tiers=[banker,gambler] {tiers}"
    assert main(["sweep", "game=coin_race", "pairs=3", "name=badtiers", *tiers.split(), "runner.progress=false"]) == 2
    assert says in capsys.readouterr().err
    assert not (output_root / "experiments").exists() or not list((output_root / "experiments").iterdir())


def test_a_tier_with_an_unknown_bot_fails_before_any_tier_plays(output_root, capsys):
    args = ["sweep", "game=coin_race", "pairs=3", "name=unknownbot", "tiers=[banker,oracle]", "runner.progress=false"]
    assert main(args) == 2
    assert "unknown policy 'oracle'" in capsys.readouterr().err
    assert not (output_root / "experiments" / "unknownbot-banker" / "matches").exists()


def test_tiers_and_policies_together_are_refused(output_root, capsys):
    args = ["sweep", "game=coin_race", "pairs=3", "tiers=[banker,gambler]", "policies=[banker]"]
    assert main(args) == 2
    assert "not both" in capsys.readouterr().err


def test_cooperative_conclusions_hold_at_every_tier_or_name_where_they_flip(tmp_path):
    """The cooperative section of a comparison: each edition's paired difference from the baseline per
    tier, and an answer saying whether its sign holds with every bot."""
    from sim.report import build_report
    from sim.report.compare import build_comparison
    from tests.report.lake_fixture import write_coop_lake

    def reading(won: set[int]) -> list[tuple]:  # 20 deals; the team wins those in `won`
        return [(pair, 4, 1.0 if pair in won else 0.0, "end", [5, 0]) for pair in range(20)]

    # tier "random": c2 changes nothing; tier "greedy": c2 also wins the deals 0-9 the baseline lost
    tiers = {"random": {"c1": reading(set(range(10, 20))), "c2": reading(set(range(10, 20)))},
             "greedy": {"c1": reading(set(range(10, 20))), "c2": reading(set(range(20)))}}
    reports = {}
    for tier, editions in tiers.items():
        lake = write_coop_lake(tmp_path / "lakes" / tier, editions)
        manifest = json.loads((lake / "manifest.json").read_text())
        manifest["config"]["policies"] = [tier]
        (lake / "manifest.json").write_text(json.dumps(manifest))
        build_report(lake, tmp_path / "reports" / tier, ["coop"], {})
        reports[tier] = (lake, tmp_path / "reports" / tier)
    markdown = build_comparison(tmp_path / "reports" / "both", reports, "coop tiers").read_text()
    answer = markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert "For c2 against c1 the conclusion depends on the bots: no difference shown with random +0.0 points" in answer
    assert "but raises the team's win rate with greedy +50.0 points [" in answer
    holds = pl.read_csv(tmp_path / "reports" / "both" / "tables" / "compare_coop_holds.csv")
    assert holds.row(0, named=True) == {"edition": "c2", "same_conclusion_everywhere": False,
                                        "conclusion_in_first": "no difference shown"}


def test_a_one_edition_cooperative_tier_study_answers_with_the_win_rate_per_bot(tmp_path):
    """With no second edition there is no difference to hold or flip: the answer is the team's win rate with
    each tier's bots (By Your Side's character study: a partner played at random)."""
    from sim.report import build_report
    from sim.report.compare import build_comparison
    from tests.report.lake_fixture import write_coop_lake

    reports = {}
    for tier, won in (("random", 2), ("greedy", 15)):
        rows = [(pair, 4, 1.0 if pair < won else 0.0, "end", [5, 0]) for pair in range(20)]
        lake = write_coop_lake(tmp_path / "lakes" / tier, {"c1": rows})
        manifest = json.loads((lake / "manifest.json").read_text())
        manifest["config"]["policies"] = [tier]
        (lake / "manifest.json").write_text(json.dumps(manifest))
        build_report(lake, tmp_path / "reports" / tier, ["coop"], {})
        reports[tier] = (lake, tmp_path / "reports" / tier)
    markdown = build_comparison(tmp_path / "reports" / "both", reports, "one edition").read_text()
    assert "> Under c1 the team wins random 10.0% [" in markdown and "; greedy 75.0% [" in markdown
    assert "most often with greedy." in markdown


def test_every_paired_difference_from_the_baseline_holds_at_every_tier_or_says_where_it_flips(tmp_path):
    """Issue 18 item 4 / issue 21 studies: "each conclusion stated at every ladder rung (robust or where
    it flips)" -- the end-reason shares, deck win rates and per-match measures of each tier's report too."""
    from sim.report.compare import build_comparison

    def tier_tables(folder, mana_fall, chains_low):
        (folder / "tables").mkdir(parents=True)
        (folder / "tables" / "endings_differences.csv").write_text(
            "edition,end_reason,deals,baseline_share,share,difference_points,points_low,points_high,p_value\n"
            f"deck-60,deck_empty_mana,3150,0.15,0.10,{mana_fall},{mana_fall - 1},{mana_fall + 1},0.0001\n"
            "deck-60,life_zero,3150,0.80,0.80,0.1,-0.5,0.7,0.7\n")
        (folder / "tables" / "deck_effects_differences.csv").write_text(
            "edition,deck,deals,baseline_rate,rate,difference_points,points_low,points_high,p_value,p_holm\n"
            "deck-60,ashen_aggro,900,0.79,0.79,-0.1,-1.3,1.2,0.9,1.0\n")
        (folder / "tables" / "columns_chains_differences.csv").write_text(
            "edition,baseline,matchup_id,pairs,baseline_mean,treatment_mean,difference,low,high,p_value\n"
            f"deck-60,standard,ALL,500,8.0,8.5,0.5,{chains_low},0.9,0.01\n"
            "deck-60,standard,a_vs_b,500,8.0,8.5,0.5,0.1,0.9,0.01\n")

    reports = {}
    for tier, mana_fall, chains_low in (("random", -5.0, 0.1), ("aggro", -3.0, -0.2)):
        experiment = tmp_path / "experiments" / tier
        experiment.mkdir(parents=True)
        (experiment / "manifest.json").write_text(json.dumps({"config": {"policies": [tier]}}))
        tier_tables(tmp_path / "reports" / tier, mana_fall, chains_low)
        reports[tier] = (experiment, tmp_path / "reports" / tier)
    markdown = build_comparison(tmp_path / "reports" / "both", reports, "tiers").read_text()
    answers = [line for line in markdown.splitlines() if line.startswith("> ")]
    assert ("> End-reason share under deck-60 against the baseline: with every bot compared deck_empty_mana falls "
            "(-5.0 to -3.0 points).") in answers
    assert "> Deck win rate under deck-60 against the baseline: no difference shown with any bot compared." in answers
    assert ("> Per-match measure under deck-60 against standard: depending on the bots chains (rises with random; "
            "no difference shown with aggro).") in answers
    shares = pl.read_csv(tmp_path / "reports" / "both" / "tables" / "compare_endings_differences.csv")
    assert shares.filter(pl.col("measured") == "deck_empty_mana")["conclusion"].to_list() == ["falls", "falls"]
    assert pl.read_csv(tmp_path / "reports" / "both" / "tables" / "compare_columns_differences.csv").height == 2


@pytest.mark.parametrize("question, first", [("seat", "> Under deck-60"), ("endings", "> End-reason share"),
                                             ("columns", "> Per-match measure")])
def test_a_study_comparison_answers_its_own_question_first(tmp_path, question, first):
    """Issue 44 item 4: `veilwalkers-rites`, `-rewards` and `-watcher-closing` all opened with the same
    first-player sentence. A preset's `report.question` names what its comparison answers first."""
    from sim.report.compare import build_comparison

    reports = {}
    for tier in ("random", "aggro"):
        experiment = tmp_path / "experiments" / tier
        experiment.mkdir(parents=True)
        (experiment / "manifest.json").write_text(json.dumps({"config": {"policies": [tier], "report": {"question": question}}}))
        tables = tmp_path / "reports" / tier / "tables"
        tables.mkdir(parents=True)
        (tables / "opening_first_player.csv").write_text(
            "edition,pairs,pair_mean,pair_low,pair_high,verdict\ndeck-60,500,0.5,0.49,0.51,equivalent\n")
        (tables / "endings_differences.csv").write_text(
            "edition,end_reason,deals,baseline_share,share,difference_points,points_low,points_high,p_value\n"
            "deck-60,life_zero,3150,0.80,0.85,5.0,4.0,6.0,0.0001\n")
        (tables / "columns_chains_differences.csv").write_text(
            "edition,baseline,matchup_id,pairs,baseline_mean,treatment_mean,difference,low,high,p_value\n"
            "deck-60,standard,ALL,500,8.0,8.5,0.5,0.1,0.9,0.01\n")
        reports[tier] = (experiment, tmp_path / "reports" / tier)
    markdown = build_comparison(tmp_path / "reports" / "both", reports, "tiers").read_text()
    answers = [line for line in markdown.split("## Answer", 1)[1].split("\n## ", 1)[0].splitlines() if line.startswith("> ")]
    assert answers[0].startswith(first) and len(answers) == 3


def test_an_unknown_question_is_refused_in_one_line(output_root, capsys):
    assert main(["sweep", "game=coin_race", "pairs=2", "report.question=endngs", "runner.progress=false"]) == 2
    err = capsys.readouterr().err.strip()
    assert "report.question" in err and "must be one of seat, endings, columns" in err and "\n" not in err


def test_a_card_study_compared_across_tiers_answers_with_its_card_leader_first(toy_lake, tmp_path):
    """Issue 44 item 4: `veilforge-cards` at every tier answered with the deck ratings (veilforge-matrix's
    answer word for word); a card study's comparison now opens with its own question's answer."""
    from sim.report import build_report
    from sim.report.compare import build_comparison

    reports = {}
    for tier in ("low", "high"):
        build_report(toy_lake, tmp_path / "reports" / tier, ["cards", "matrix"], {"min_count": 1, "n_boot": 20})
        reports[tier] = (toy_lake, tmp_path / "reports" / tier)
    markdown = build_comparison(tmp_path / "reports" / "both", reports, "cards at two tiers").read_text()
    answers = markdown.split("## Answer", 1)[1].split("\n## ", 1)[0].strip().splitlines()
    first = next(line for line in answers if line.startswith("> "))
    assert first.startswith("> For the card played with the largest rise in its side's win rate under r1 (an association")
    assert "leads with every bot compared" in first
    leaders = pl.read_csv(tmp_path / "reports" / "both" / "tables" / "compare_cards.csv")
    assert set(leaders["experiment"]) == {"low", "high"} and leaders["conclusion"].n_unique() == leaders["edition"].n_unique()
