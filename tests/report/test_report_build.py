"""End-to-end reports on the toy lakes: numbers against hand counts, self-contained HTML,
byte-reproducible files, provenance, and one-line errors for bad parameters."""

from __future__ import annotations

import re

import numpy as np
import polars as pl
import pytest

from sim.core.errors import UserError
from sim.report import build_report
from sim.stats import wilson_interval

ALL_KINDS = ["opening", "matrix", "cards", "summary"]
PARAMS = {"assumed_cards": ["ember"], "min_count": 1, "n_boot": 50, "equivalence_margin": 0.05}


@pytest.fixture(scope="module")
def toy_report(toy_lake, tmp_path_factory):
    report_dir = tmp_path_factory.mktemp("report") / "toy"
    build_report(toy_lake, report_dir, ALL_KINDS, PARAMS)
    return report_dir


def _table(report_dir, name):
    return pl.read_csv(report_dir / "tables" / f"{name}.csv")


def _row(frame, **where):
    for row in frame.iter_rows(named=True):
        if all(row[key] == value for key, value in where.items()):
            return row
    raise AssertionError(f"no row {where}")


def test_opening_numbers_by_hand(toy_report):
    table = _table(toy_report, "opening_first_player")
    r1 = _row(table, edition="r1")
    assert (r1["matches"], r1["first_player_wins"], r1["pairs"]) == (13, 7.5, 6)
    assert r1["match_rate"] == pytest.approx(7.5 / 13)
    low, high = wilson_interval(7.5, 13)
    assert (r1["wilson_low"], r1["wilson_high"]) == pytest.approx((low, high))
    # r1 complete pairs: m1 (1, .5), m2 (.25, 1), m3 (.5, .5) -> mean 3.75 / 6.
    assert r1["pair_mean"] == pytest.approx(3.75 / 6)
    assert r1["verdict"] == "not shown"
    r2 = _row(table, edition="r2")
    assert (r2["matches"], r2["first_player_wins"]) == (12, 8.5)


def test_matrix_three_of_four_and_wilson(toy_report):
    first_player = _table(toy_report, "matrix_r1_first_player")
    m1 = _row(first_player, matchup_id="m1")
    # r1 m1 pairs 0 and 1: first player won 3 of 4; the pair-level mean is (1 + 0.5) / 2 = 0.75.
    assert m1["pair_mean"] == pytest.approx(0.75)
    cells = _table(toy_report, "matrix_r1_cells")
    red_blue = _row(cells, side_a="red", side_b="blue")
    assert (red_blue["matches"], red_blue["a_wins"]) == (5, 4.0)
    # Clustered by pair: pairs won 1 of 2, 2 of 2, 1 of 1 (rate 0.8). Residuals -0.6, 0.4, 0.2:
    # variance 0.56 / 25 x 3/2 = 0.0336 against the binomial 0.8 x 0.2 / 5 = 0.032, design effect 1.05,
    # so the Wilson interval is taken on 5 / 1.05 effective games.
    assert red_blue["design_effect"] == pytest.approx(1.05)
    effective = 5 / 1.05
    assert (red_blue["a_low"], red_blue["a_high"]) == pytest.approx(wilson_interval(0.8 * effective, effective))
    r2_m1 = _row(_table(toy_report, "matrix_r2_first_player"), matchup_id="m1")
    assert r2_m1["match_rate"] == 1.0
    assert (r2_m1["match_low"], r2_m1["match_high"]) == pytest.approx(wilson_interval(4, 4))


def test_paired_arm_difference_by_hand(toy_report):
    differences = _table(toy_report, "opening_matchup_differences")
    m1 = _row(differences, edition="r2", matchup_id="m1")
    # Pair 0: 1 -> 1, pair 1: 0.5 -> 1: differences 0 and 0.5, t = 1 on 1 df, p = 0.5.
    assert m1["difference"] == pytest.approx(0.25)
    assert m1["p_value"] == pytest.approx(0.5)
    assert _row(differences, edition="r2", matchup_id="m2")["p_value"] == 1.0
    # Holm over {0.5, 1, 1}: 0.5 * 3 capped at 1.
    assert m1["p_holm"] == 1.0


def test_ratings_and_equilibrium_present(toy_report):
    ratings = _table(toy_report, "matrix_r1_ratings")
    assert set(ratings["deck"]) == {"red", "blue", "green"}
    assert ratings["rating"].sum() == pytest.approx(0.0, abs=1e-9)
    low, rating, high = (ratings[column].to_numpy() for column in ("low", "rating", "high"))
    assert np.all(low <= rating) and np.all(rating <= high)
    weights = _table(toy_report, "matrix_r1_equilibrium")
    assert weights["weight"].sum() == pytest.approx(1.0)


def test_card_impact_flags_assumed(toy_report):
    drawn = _table(toy_report, "cards_r1_drawn")
    spark = _row(drawn, card="spark")
    assert (spark["games_with"], spark["with_rate"], spark["games_without"], spark["without_rate"]) == (
        3,
        1.0,
        6,
        0.5,
    )
    assert spark["assumed"] is False and _row(drawn, card="ember")["assumed"] is True
    markdown = (toy_report / "report.md").read_text()
    assert "Cards marked * rest on assumed data: ember." in markdown


def test_min_count_filters_cards(toy_lake, tmp_path):
    build_report(toy_lake, tmp_path / "strict", ["cards"], {"min_count": 2, "n_boot": 20})
    drawn = _table(tmp_path / "strict", "cards_r1_drawn")
    assert drawn["card"].to_list() == ["spark"]  # the only card with >= 2 games both with and without
    full = _table(tmp_path / "strict", "cards_impact")
    assert full.height == 9


def test_counts_stated(toy_report):
    markdown = (toy_report / "report.md").read_text()
    assert "The lake holds 26 matches; 1 ended in an engine error" in markdown
    assert "25 matches in 2 edition(s), 12 complete seat-swapped pairs; 1 incomplete pair(s) dropped" in markdown


def test_html_is_self_contained(toy_report):
    html = (toy_report / "report.html").read_text()
    sources = re.findall(r'src\s*=\s*"([^"]*)"', html)
    assert sources, "expected embedded images"
    assert all(source.startswith("data:image/png;base64,") for source in sources)
    # links are to the report's own CSV tables beside it, not resources the page needs
    links = re.findall(r'href\s*=\s*"([^"]*)"', html)
    assert links and all(link.startswith("tables/") and (toy_report / link).is_file() for link in links)
    assert "<link" not in html and "<script" not in html and "url(" not in html
    assert html.count("<img") == len(list(toy_report.glob("*.png")))


def test_provenance_section(toy_report):
    markdown = (toy_report / "report.md").read_text()
    provenance = markdown[markdown.index("## Provenance") :]
    for expected in (
        "toy-study-abc123",
        "abc123",
        "0123456789abcdef",
        "1.2.0",
        "hash-r1",
        "hash-r2",
        "polars",
        "| matches | 26 |",
        "2026-01-01T00:00:00Z",
        "| total | 2.0 |",
    ):
        assert expected in provenance, expected
    assert markdown.rstrip().endswith("```")  # the resolved config closes the report


def test_report_is_byte_reproducible(toy_lake, toy_report, tmp_path):
    again = tmp_path / "again"
    build_report(toy_lake, again, ALL_KINDS, PARAMS)
    first = sorted(path.relative_to(toy_report) for path in toy_report.rglob("*") if path.is_file())
    second = sorted(path.relative_to(again) for path in again.rglob("*") if path.is_file())
    assert first == second
    for relative in first:
        assert (toy_report / relative).read_bytes() == (again / relative).read_bytes(), relative


def test_rebuild_clears_stale_charts(toy_lake, tmp_path):
    folder = tmp_path / "rebuilt"
    build_report(toy_lake, folder, ["opening", "summary"], {})
    assert (folder / "opening_first_player.png").exists()
    build_report(toy_lake, folder, ["summary"], {})
    assert not (folder / "opening_first_player.png").exists()


def test_coop_report(coop_lake, tmp_path):
    build_report(coop_lake, tmp_path / "coop", ["coop"], {"survival_column": "life"})
    outcomes = _table(tmp_path / "coop", "coop_outcomes")
    row = outcomes.row(0, named=True)
    assert (row["matches"], row["team_wins"], row["win_rate"]) == (5, 2.0, 0.4)
    assert (row["win_low"], row["win_high"]) == pytest.approx(wilson_interval(2, 5))
    survival = _table(tmp_path / "coop", "coop_survival")
    assert survival["survival"].to_list() == pytest.approx([0.8, 0.6, 0.3])
    life = _table(tmp_path / "coop", "coop_life")
    # among the matches still in play: round 3 has 0, 4, 5, 9 (3 of 4 above zero), round 5 has 0, 9
    assert life["in_play"].to_list() == [5, 5, 4, 2, 2, 1]
    assert life["share_above_zero"].to_list() == pytest.approx([1.0, 0.8, 0.75, 1.0, 0.5, 1.0])
    assert life["mean_value"].to_list() == pytest.approx([37 / 5, 25 / 5, 18 / 4, 11 / 2, 9 / 2, 9.0])


def test_variance_report_matches_hand_computed_components(coop_lake, tmp_path):
    # deal_group = pair // 2: won [0, 0 | 1, 0 | 1], rounds [2, 3 | 3, 5 | 6]; N = 5, G = 3, n0 = 1.6.
    # won: MSW = 0.25, MSB = 0.35, sigma_b^2 = 0.0625, within share 0.8, mixed 1 of 3 groups.
    # rounds: MSW = 1.25, MSB = 4.15, sigma_b^2 = 1.8125, within share 1.25 / 3.0625, mixed 2 of 3.
    build_report(coop_lake, tmp_path / "v", ["variance"], {"n_boot": 50})
    table = _table(tmp_path / "v", "variance_components")
    won = table.filter(pl.col("outcome") == "won").row(0, named=True)
    rounds = table.filter(pl.col("outcome") == "rounds").row(0, named=True)
    assert (won["within"], won["between"], won["within_share"]) == pytest.approx((0.25, 0.0625, 0.8))
    assert won["mixed_groups"] == pytest.approx(1 / 3) and won["groups"] == 3
    assert (rounds["within"], rounds["between"]) == pytest.approx((1.25, 1.8125))
    assert rounds["within_share"] == pytest.approx(1.25 / 3.0625)
    assert rounds["mixed_groups"] == pytest.approx(2 / 3)
    assert (tmp_path / "v" / "variance_within_share.png").exists()


def test_variance_report_names_a_missing_group_column(coop_lake, tmp_path):
    with pytest.raises(UserError, match="no column 'table'"):
        build_report(coop_lake, tmp_path / "v", ["variance"], {"group_column": "table"})


def test_coop_missing_series_column_is_stated(coop_lake, tmp_path):
    build_report(coop_lake, tmp_path / "coop", ["coop"], {"survival_column": "nemesis_life"})
    assert "Column nemesis_life is not in the lake" in (tmp_path / "coop" / "report.md").read_text()


def test_opening_on_coop_lake_says_nothing_to_measure(coop_lake, tmp_path):
    build_report(coop_lake, tmp_path / "r", ["opening"], {})
    assert "nothing to measure" in (tmp_path / "r" / "report.md").read_text()


@pytest.mark.parametrize(
    ("kinds", "params", "message"),
    [
        (["openings"], {}, "unknown report kind 'openings'"),
        ([], {}, "no report kind"),
        (["summary"], {"equivalence_margin": "small"}, "report.equivalence_margin: must be a number"),
        (["summary"], {"confidence": 1.5}, "report.confidence: must be between"),
        (["summary"], {"min_count": 2.5}, "report.min_count: must be an integer"),
        (["summary"], {"colour": "red"}, "report.colour: unknown report parameter"),
        (["summary"], {"assumed_cards": "ember"}, "report.assumed_cards: must be a list"),
        (["opening"], {"baseline": "r9"}, "report.baseline: baseline edition 'r9' is not in the lake"),
    ],
)
def test_bad_parameters_are_one_line_user_errors(toy_lake, tmp_path, kinds, params, message):
    with pytest.raises(UserError) as caught:
        build_report(toy_lake, tmp_path / "bad", kinds, params)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_cards_report_without_card_rows_is_refused(toy_lake_without_cards, tmp_path):
    with pytest.raises(UserError, match="needs per-card rows"):
        build_report(toy_lake_without_cards, tmp_path / "r", ["cards"], {})


def test_missing_manifest_and_foreign_folder(toy_lake, tmp_path):
    with pytest.raises(UserError, match="no manifest.json"):
        build_report(tmp_path, tmp_path / "r", ["summary"], {})
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    with pytest.raises(UserError, match="refusing to replace a folder that holds files no report writes"):
        build_report(toy_lake, foreign, ["summary"], {})


def test_deck_matrix_pools_both_orientations(toy_report):
    decks = _table(toy_report, "matrix_r1_decks")
    # Blue met red only as side B of m1: red (A) won 4 of 5, so blue won 1 of 5.
    blue_red = _row(decks, deck="blue", opponent="red")
    assert (blue_red["matches"], blue_red["wins"]) == (5, 1.0)
    effective = 5 / 1.05  # the red-blue cell's design effect (test_matrix_three_of_four_and_wilson)
    assert (blue_red["low"], blue_red["high"]) == pytest.approx(wilson_interval(0.2 * effective, effective))


def test_assumed_facts_listed_and_cards_flagged(toy_lake, tmp_path):
    """The runner passes the rulesets' assumed facts ("card <id>: <reason>"); cards named there are flagged."""
    facts = ["card ember: cost not printed in the rulebook", "companion Brindle: guard assumed"]
    build_report(
        toy_lake, tmp_path / "r", ["cards"], {"assumed": facts, "min_count": 1, "game_title": "Toy Game"}
    )
    markdown = (tmp_path / "r" / "report.md").read_text()
    assert _row(_table(tmp_path / "r", "cards_r1_drawn"), card="ember")["assumed"] is True
    assert "## Assumptions" in markdown and "companion Brindle: guard assumed" in markdown
    assert markdown.index("## Assumptions") < markdown.index("## Provenance")
    assert "Toy Game; engine 1.2.0; run toy-study-abc123" in markdown


def test_params_from_hydra_config_are_accepted(toy_lake, tmp_path):
    """The runner passes values straight from the composed config (OmegaConf lists and floats)."""
    from omegaconf import OmegaConf

    config = OmegaConf.create({"assumed": ["card ember: assumed cost"], "confidence": 0.9, "min_count": 1})
    build_report(toy_lake, tmp_path / "r", ["cards"], dict(config))
    assert _row(_table(tmp_path / "r", "cards_r1_drawn"), card="ember")["assumed"] is True


def test_first_listed_edition_is_the_default_baseline(toy_lake, tmp_path):
    import json
    import shutil

    lake = tmp_path / "lake"
    shutil.copytree(toy_lake, lake)
    manifest = json.loads((lake / "manifest.json").read_text())
    manifest["config"]["editions"] = ["r2", "r1"]
    (lake / "manifest.json").write_text(json.dumps(manifest))
    build_report(lake, tmp_path / "r", ["opening"], {})
    assert _table(tmp_path / "r", "opening_first_player")["edition"].to_list() == ["r2", "r1"]
    m1 = _row(_table(tmp_path / "r", "opening_matchup_differences"), edition="r1", matchup_id="m1")
    assert m1["difference"] == pytest.approx(-0.25)  # r1 minus the baseline r2


def test_the_answer_comes_first(toy_report):
    """Issue 20, item 6: the report states the answer in a plain sentence before the evidence. r1's
    pairs score (1 + .5 + .25 + 1 + .5 + .5) / 6 = 62.5% with a t-interval that holds 50%."""
    markdown = (toy_report / "report.md").read_text()
    assert markdown.index("## Answer") < markdown.index("## Opening")
    answer = markdown.split("## Answer", 1)[1].split("##", 1)[0]
    assert "Under r1 the first player wins 62.5% [" in answer
    assert "not decided: the interval holds 50%" in answer


def test_coop_and_matrix_reports_answer_first(coop_lake, toy_report, tmp_path):
    """Issue 20 item 6 for the other kinds: the coop report states the team's win rate (2 of 5
    games, Wilson 95% [11.8, 76.9]); the matrix states the strongest and weakest deck per arm and
    whether their intervals settle the order."""
    build_report(coop_lake, tmp_path / "coop", ["coop"], {})
    markdown = (tmp_path / "coop" / "report.md").read_text()
    low, high = wilson_interval(2, 5)
    assert markdown.index("## Answer") < markdown.index("## Cooperative results")
    assert f"Under c1 the team wins 40.0% [{100 * low:.1f}, {100 * high:.1f}] (95%, 5 games)" in markdown
    answer = (toy_report / "report.md").read_text().split("## Answer", 1)[1].split("\n## ", 1)[0]
    ratings = _table(toy_report, "matrix_r1_ratings").sort(["rating", "deck"], descending=[True, False])
    best, worst = ratings.row(0, named=True), ratings.row(ratings.height - 1, named=True)
    assert f"the strongest deck is {best['deck']} ({best['rating']:+.2f} [" in answer
    assert f"and the weakest {worst['deck']} ({worst['rating']:+.2f} [" in answer
    assert "this order is not settled" in answer or "do not overlap" in answer


def test_coop_answer_weights_matchups_equally_when_their_counts_differ():
    """Issue 20 item 8: a pooled arm rate must not weight matchups unequally (a sequential stop
    leaves them with different counts): 1 of 10 and 81 of 90 average to 50%, not the pooled 82%."""
    from sim.report.sections import _coop_answer, _with_wilson

    outcomes = _with_wilson(pl.DataFrame({"edition": ["e", "e"], "matchup_id": ["x", "y"], "team_wins": [1.0, 81.0],
                                          "matches": [10, 90]}), "team_wins", "matches", "win_", 0.95)
    sentence = _coop_answer("e", outcomes, "greedy", "95%", 0.95)
    assert sentence.startswith("Under e the team wins 50.0% [") and "matchups weighted equally" in sentence
    assert "hardest matchup x 10.0%" in sentence and "easiest y 90.0%" in sentence


def test_plain_numbers_have_four_significant_digits_and_no_trailing_zeros():
    """Issue 44 item 8: `9.0000` beside `9.0`, mean turns `225.1400`."""
    from sim.report.document import format_value

    assert [format_value(v) for v in (9.0, 9.25, 225.14, 0.043219, -0.3484, 12345.678, -1e-6)] == [
        "9", "9.25", "225.1", "0.0432", "-0.3484", "12,346", "0"]


def test_tables_show_percentages_whole_counts_and_small_p_values():
    """Issue 20 item 6: counts printed as `25676.0000`, rates as `0.4490`, p-values as `0.0000`
    ("Percentages, integer counts, p-values as `< 1e-4`")."""
    from sim.report.document import INLINE_ROWS, Table, display_rows

    frame = pl.DataFrame({"matches": [25676, 3], "a_wins": [81.0, 2.0], "first_player_wins": [7.5, 1.0],
                          "a_rate": [0.449, 1.0], "a_low": [0.44, 0.5], "rating": [0.25, -1.5],
                          "low": [0.1, -2.0], "p_value": [3e-6, 0.5], "p_holm": [0.03125, 1.0]})
    rows, left = display_rows(Table(frame, "t"))
    assert rows[0] == ["25,676", "81", "7.5", "44.9%", "44.0%", "0.25", "0.1", "< 1e-4", "0.031"]
    assert rows[1][-2:] == ["0.50", "1.00"]
    from sim.report.document import p_text
    assert p_text(float("nan")) == "= n/a"  # a test without a spread (one deal) has no p-value
    assert left == 0
    # "difference -0.1779 low -0.1824": a paired difference of two rates reads in percentage points
    paired = pl.DataFrame({"pairs": [320], "baseline_mean": [0.741], "treatment_mean": [0.392], "difference": [-0.3484],
                           "low": [-0.3904], "high": [-0.3065], "p_value": [0.0013]})
    rows, _ = display_rows(Table(paired, "paired"))
    assert rows[0] == ["320", "74.1%", "39.2%", "-34.8 pts", "-39.0 pts", "-30.6 pts", "0.0013"]
    turns = paired.with_columns(pl.col("baseline_mean", "treatment_mean") * 40)  # a difference of means of turns
    rows, _ = display_rows(Table(turns, "turns"))
    assert rows[0][3] == "-0.3484"
    # a ladder rung's paired difference over the rung below (sim/commands/ladder.py) beside its win rate
    rung = pl.DataFrame({"win_rate": [0.244], "difference": [0.027], "difference_low": [0.018], "difference_high": [0.036]})
    rows, _ = display_rows(Table(rung, "rung"))
    assert rows[0] == ["24.4%", "+2.7 pts", "+1.8 pts", "+3.6 pts"]
    long = pl.DataFrame({"a_rate": [0.5] * (INLINE_ROWS + 12)})
    rows, left = display_rows(Table(long, "long"))
    assert len(rows) == INLINE_ROWS and left == 12


def test_the_summary_names_each_sides_bot(toy_report):
    """Issue 20 item 6: without the bots a mirror read `hearthbound/brindle | hearthbound/brindle`."""
    outcomes = _table(toy_report, "summary_outcomes")
    assert outcomes.columns[:6] == ["edition", "matchup_id", "side_a", "side_b", "bot_a", "bot_b"]
    assert set(outcomes["bot_a"]) == set(outcomes["bot_b"]) == {"greedy"}


def test_game_lengths_keep_a_few_matchups_apart(toy_report, coop_lake, tmp_path):
    """Issue 20 item 6: the nemesis study pooled its player counts (one matchup each) into one length
    histogram. The toy lake's three matchups get a line each."""
    assert "Game length distribution per edition and matchup" in (toy_report / "report.md").read_text()


def test_reports_say_edition_not_arm_or_ruleset_id(toy_report, coop_lake, tmp_path):
    """Issue 20 item 7: config says `edition`, so every table and sentence of a report does too
    (the lake's stored `ruleset_id` column is shown as `edition`)."""
    build_report(coop_lake, tmp_path / "coop", ["coop", "summary"], {})
    for folder in (toy_report, tmp_path / "coop"):
        for path in (folder / "tables").glob("*.csv"):
            columns = pl.read_csv(path, n_rows=0).columns
            assert not {"arm", "ruleset_id", "ruleset"} & set(columns), path.name
        text = (folder / "report.md").read_text()
        prose = text.split("## Provenance", 1)[0]
        assert not re.search(r"\b[Aa]rms?\b|ruleset_id", prose), re.search(r".{40}\b[Aa]rms?\b.{40}", prose)


def test_coop_report_gives_each_edition_its_paired_difference_on_common_deals(tmp_path):
    """Issue 22's sensitivity study: each reading's change in the team's win rate, with its interval, on the
    same deals. c2 wins deals 0 and 3 that c1 lost and loses none that c1 won: +2 of 5 deals = +40 points."""
    from tests.report.lake_fixture import COOP_ROWS, write_coop_lake

    won = {0, 2, 3, 4}
    variant = [(pair, rounds, 1.0 if pair in won else 0.0, "nemesis_defeated" if pair in won else reason, life)
               for pair, rounds, _, reason, life in COOP_ROWS]
    lake = write_coop_lake(tmp_path / "two-readings", {"c1": COOP_ROWS, "c2": variant})
    build_report(lake, tmp_path / "report", ["coop"], {})
    table = _table(tmp_path / "report", "coop_edition_differences")
    pooled = table.filter(pl.col("matchup_id") == "ALL").row(0, named=True)
    assert (pooled["edition"], pooled["baseline"], pooled["pairs"]) == ("c2", "c1", 5)
    assert pooled["difference"] == pytest.approx(0.4)
    assert pooled["low"] < 0.4 < pooled["high"]
    markdown = (tmp_path / "report" / "report.md").read_text()
    assert "Under c2 the team wins 80.0% [" in markdown and "+40.0 points [" in markdown
    assert "against c1 on common deals." in markdown


def test_card_impact_answers_with_the_largest_rise_and_fall(toy_report):
    """Issue 20 item 6: the card report states its answer first too (it had none): the card whose play goes
    with the largest rise in its side's win rate, and the largest fall, with both rates."""
    impact = _table(toy_report, "cards_impact").filter(
        (pl.col("edition") == "r1") & pl.col("meets_min_count") & (pl.col("metric") == "played"))
    ordered = impact.sort(["delta", "faction", "card"], descending=[True, False, False])
    best, worst = ordered.row(0, named=True), ordered.row(ordered.height - 1, named=True)
    answer = (toy_report / "report.md").read_text().split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert (f"> Under r1 with greedy, the card played with the largest rise in its side's win rate is "
            f"{best['faction']}: {best['card']} ({100 * best['delta']:+.1f} points: {best['with_rate']:.1%} when played") in answer
    assert f"and with the largest fall {worst['faction']}: {worst['card']} (" in answer


def test_the_opening_report_has_every_section_the_readme_lists(toy_report):
    """Issue 46 (15): the README's `opening` row lists the first-player rate with its equivalence test, the
    paired differences between editions with Holm / Benjamini-Hochberg, and game length and end reasons;
    the length and end-reason section had moved inside the sequential-stopping one (SPRT off: gone)."""
    from pathlib import Path

    readme = Path(__file__).resolve().parents[2] / "README.md"
    row = next(line for line in readme.read_text().splitlines() if line.startswith("| `opening` |"))
    expected = {"TOST": "opening_first_player", "Holm": "opening_matchup_differences",
                "paired differences": "opening_arm_differences", "game length": "opening_lengths",
                "end reasons": "opening_end_reasons"}
    for words, table in expected.items():
        assert words in row, f"the README no longer lists {words!r}"
        assert (toy_report / "tables" / f"{table}.csv").exists(), f"{table} missing from the opening report"
    markdown = (toy_report / "report.md").read_text()
    assert "### Game length" in markdown and "### End reasons" in markdown
    assert "Sequential stopping" not in markdown  # the toy report does not stop early


def test_a_plain_summary_answers_the_seat_question_against_the_band(toy_lake, tmp_path):
    """Issue 44 item 4: a plain run (report kind `summary` only) answers its game's default question,
    the first player's advantage, read against the ±margin band."""
    from sim.report.document import read_summary

    build_report(toy_lake, tmp_path / "plain", ["summary"], {"equivalence_margin": 0.05})
    answers = read_summary((tmp_path / "plain" / "report.md").read_text()).answers
    assert answers and all(re.match(r"Under \S+ the first player wins \d+\.\d% \[", a) for a in answers)
    assert all("50% ± 5" in a for a in answers)
    # issue 44 item 9: the engine that played the matches is read from the manifest, never typed in a title
    assert "engine 1.2.0; run " in (tmp_path / "plain" / "report.md").read_text()


def test_a_cooperative_summary_speaks_of_the_team_never_side_a(coop_lake, tmp_path):
    from sim.report.document import read_summary

    build_report(coop_lake, tmp_path / "coop", ["summary"], {"cooperative": True})
    text = (tmp_path / "coop" / "report.md").read_text()
    assert "Side A" not in text and "side A" not in text and "The team's win rate per edition and matchup" in text
    [answer] = read_summary(text).answers
    assert re.match(r"Under \S+ the team wins \d+\.\d% \[\d+\.\d, \d+\.\d\] of \d+ matches", answer)
    assert "team_rate" in _table(tmp_path / "coop", "summary_outcomes").columns


def test_band_findings_call_a_negligible_advantage_no_meaningful_one():
    """Issue 44 item 4: "first player favoured with random 50.2% [50.1%, 50.3%]" ignored the band."""
    from sim.report.document import band_finding

    words = ("first player favoured", "second player favoured", "no meaningful advantage")
    assert band_finding(0.501, 0.503, 0.5, 0.02, *words) == "no meaningful advantage (inside 50% ± 2)"
    assert band_finding(0.53, 0.56, 0.5, 0.02, *words) == "first player favoured, beyond 50% ± 2"
    assert band_finding(0.44, 0.47, 0.5, 0.02, *words) == "second player favoured, beyond 50% ± 2"
    assert band_finding(0.51, 0.53, 0.5, 0.02, *words) == "first player favoured, perhaps within 50% ± 2"
    assert band_finding(0.47, 0.53, 0.5, 0.02, *words).startswith("undecided")


def test_sweep_values_whose_intervals_overlap_the_nearest_to_half_are_tied():
    """Issue 44 item 4: "nearest to 50%: 5 (42.9%)" when 42.9 [41.6, 44.3] and 42.6 [41.3, 44.0] overlap."""
    from sim.report.sections import _sweep_answer

    table = pl.DataFrame({"value": [5, 6, 7], "rate": [0.429, 0.426, 0.30], "low": [0.416, 0.413, 0.28],
                          "high": [0.443, 0.440, 0.32]})
    sentence = _sweep_answer("rules.hand_limit", table, "first player", "", "95%")
    assert sentence.endswith("nearest to 50%: 5 (42.9%), tied with 6 (42.6%) (overlapping intervals).")
