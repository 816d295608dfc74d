"""`sim ladder` for a cooperative game (issue 18): each rung's team win rate on common deals, compared with
the rung below's as a paired difference per player count; the variants' matchups; the order of difficulty."""

from __future__ import annotations

import shutil
from dataclasses import replace

import numpy as np
import polars as pl
import pytest

from sim.commands.ladder import (
    coop_rows,
    difficulty_rows,
    difficulty_statements,
    discordant_pairs,
    load_ladder,
    run_ladder,
)
from sim.core.errors import UserError
from sim.core.paths import DECKS_DIR
from sim.stats.intervals import mean_t_interval

TWO_P = "2p-adelheim-brama_vs-rageborne_supply-standard"
FOUR_P = "4p-adelheim-brama-kadir-mist_vs-rageborne_supply-standard"


def test_the_aeons_end_ladder_loads_weakest_first_with_its_variant_and_checks():
    ladder = load_ladder("aeons_end")
    assert ladder.cooperative and ladder.rungs[0] == "random" and ladder.rungs[-1] == "ismcts_64"
    assert ("ismcts_128", "ismcts_64") in ladder.checks and ladder.bots[:len(ladder.rungs)] == ladder.rungs
    assert set(ladder.bots) == set(ladder.rungs) | {"greedy_economy", "ismcts_16", "ismcts_128"}
    assert ladder.editions == ("normal", "normal-nonempty-unleash")
    assert dict(ladder.printed_difficulty)["prince_of_gluttons"] == 5
    assert ladder.rung_experiment("search") == "aeons_end-ladder-search"
    assert ladder.rung_experiment("search", "normal-nonempty-unleash") == "aeons_end-ladder-search-normal-nonempty-unleash"


@pytest.mark.parametrize("text, message", [
    ("rungs: [random, greedy_damage]\nmatchups: [default_2p]\npairs: 2\n"
     "checks: [{bout: 'search vs random', pairs: 5}]\n", "checks[0]: a cooperative check plays the ladder's common deals"),
    ("rungs: [random, greedy_damage]\nmatchups: [default_2p]\npairs: 2\nchecks: ['search vs nobody']\n",
     "checks[0]: a check is '<bot> vs <other bot>'"),
    ("rungs: [random, greedy_damage]\nmatchups: [default_2p]\npairs: 2\nvariants: {hard: [default_2p]}\n",
     "variants.hard: a variant is another known edition"),
    ("rungs: [random, greedy_damage]\nmatchups: [default_2p]\npairs: 2\nvariants: {expert: []}\n",
     "variants: a mapping of an edition to the matchups"),
    ("rungs: [random, greedy_damage]\nmatchups: [default_2p]\npairs: 2\nprinted_difficulty: {rageborne: two}\n",
     "printed_difficulty: a mapping"),
])
def test_a_bad_cooperative_ladder_is_one_line_naming_the_file_and_entry(tmp_path, text, message):
    (tmp_path / "ladder.yaml").write_text(text)
    with pytest.raises(UserError) as error:
        load_ladder("aeons_end", tmp_path)
    assert "\n" not in str(error.value) and message in str(error.value) and "ladder.yaml" in str(error.value)


def _frame(edition, matchup, wins):
    return pl.DataFrame({"edition": [edition] * len(wins), "matchup_id": [matchup] * len(wins),
                         "pair_index": list(range(len(wins))), "a_score": [float(w) for w in wins]})


def test_each_rung_is_compared_with_the_rung_below_on_the_same_deals_per_player_count():
    """The difference is paired: deal i of a matchup under one rung against deal i under the rung below
    (a t interval over the per-deal differences), and 2 and 4 players are separate rows."""
    ladder = replace(load_ladder("aeons_end"), matchups=("adelheim+brama vs rageborne",
                                                          "adelheim+brama+kadir+mist vs rageborne"),
                     rungs=("random", "greedy_damage"), variants=())
    rng = np.random.default_rng(3)
    low = {TWO_P: rng.random(50) < 0.2, FOUR_P: rng.random(50) < 0.05}
    high = {m: v | (rng.random(50) < 0.3) for m, v in low.items()}
    pairs = {bot: pl.concat([_frame("normal", m, wins[m]) for m in (TWO_P, FOUR_P)])
             for bot, wins in (("random", low), ("greedy_damage", high))}
    rows = coop_rows(ladder, pairs)
    assert rows.select("players", "bot").rows() == [(2, "random"), (2, "greedy_damage"), (4, "random"),
                                                    (4, "greedy_damage")]
    for players, matchup in ((2, TWO_P), (4, FOUR_P)):
        step = rows.filter((pl.col("players") == players) & (pl.col("rung") == 2)).row(0, named=True)
        expected = mean_t_interval(high[matchup].astype(float) - low[matchup].astype(float))
        assert step["difference"] == pytest.approx(expected["mean"])
        assert step["difference_low"] == pytest.approx(expected["low"])
        assert step["win_rate"] == pytest.approx(high[matchup].mean()) and step["deals"] == 50
        assert step["holds"] == (expected["low"] > 0)
        assert rows.filter((pl.col("players") == players) & (pl.col("rung") == 1))["difference"][0] is None


def test_a_check_compares_a_bot_beside_the_ladder_with_the_bot_it_names_on_the_same_deals():
    """A check is not a rung: its bot is compared with the one it names exactly as a rung is with the rung
    below (the paired difference over the common deals), and the rungs' steps do not change."""
    ladder = replace(load_ladder("aeons_end"), matchups=("adelheim+brama vs rageborne",),
                     rungs=("random", "greedy_damage"), checks=(("greedy_economy", "random"),), variants=())
    rng = np.random.default_rng(5)
    wins = {"random": rng.random(40) < 0.1, "greedy_damage": rng.random(40) < 0.5, "greedy_economy": rng.random(40) < 0.3}
    pairs = {bot: _frame("normal", TWO_P, won) for bot, won in wins.items()}
    checks = coop_rows(ladder, pairs, checks=True)
    assert checks.select("players", "bot", "over").rows() == [(2, "greedy_economy", "random")]
    expected = mean_t_interval(wins["greedy_economy"].astype(float) - wins["random"].astype(float))
    assert checks["difference"][0] == pytest.approx(expected["mean"])
    assert checks["holds"][0] == (expected["low"] > 0)
    rungs = coop_rows(ladder, pairs)
    assert rungs["bot"].to_list() == ["random", "greedy_damage"] and rungs["over"].to_list() == ["", "random"]


def test_the_order_of_difficulty_counts_pairs_against_the_printed_order():
    group = pl.DataFrame({"printed_level": [2.0, 3.0, 5.0, 5.0], "win_rate": [0.2, 0.3, 0.1, 0.4]})
    # (2, 3): 3 won more -> against; (2, 5a): fine; (2, 5b): against; (3, 5a): fine; (3, 5b): against
    assert discordant_pairs(group) == (5, 3, 0)
    never = pl.DataFrame({"printed_level": [2.0, 3.0, 5.0], "win_rate": [0.0, 0.0, 0.0]})
    assert discordant_pairs(never) == (3, 0, 3)


def test_a_cooperative_ladder_runs_its_rungs_on_common_deals_and_publishes(output_root, tmp_path):
    shutil.copy(DECKS_DIR / "aeons_end" / "ladder.yaml", tmp_path / "ladder.yaml")
    ladder = replace(load_ladder("aeons_end", tmp_path), pairs=6, rungs=("random", "greedy_damage"),
                     checks=(("greedy_economy", "random"),),
                     matchups=("adelheim+brama vs rageborne", "adelheim+brama vs prince_of_gluttons",
                               "adelheim+brama+kadir+mist vs prince_of_gluttons"),
                     variants=(("normal-nonempty-unleash", ("adelheim+brama vs prince_of_gluttons",)),),
                     throughput_pairs=1)
    report = run_ladder(ladder, ["runner.n_jobs=1", "runner.progress=false"])
    folder = report.parent
    assert {"report.md", "ladder_win_rates.png", "ladder_throughput.png"} <= {p.name for p in folder.iterdir()}
    rungs = pl.read_csv(folder / "tables" / "ladder_rungs.csv")
    assert rungs.select("players", "bot", "deals").rows() == [(2, "random", 12), (2, "greedy_damage", 12),
                                                              (4, "random", 6), (4, "greedy_damage", 6)]
    assert (rungs["matches_per_second"] > 0).all()
    checks = pl.read_csv(folder / "tables" / "ladder_checks.csv").filter(pl.col("edition") == "normal")
    assert checks.select("players", "bot", "over", "deals").rows() == [(2, "greedy_economy", "random", 12),
                                                                     (4, "greedy_economy", "random", 6)]
    difficulty = difficulty_rows(ladder)
    variant = difficulty.filter(pl.col("edition") == "normal-nonempty-unleash")
    normal = difficulty.filter(pl.col("edition") == "normal")
    assert variant.height == normal.height == 9, "every bot the ladder plays, checks included"
    rageborne = [frame.filter(pl.col("matchup").str.contains("rageborne")).sort("bot")["win_rate"].to_list()
                 for frame in (variant, normal)]
    assert rageborne[0] == rageborne[1], "a matchup the variant does not list keeps the edition's deals"
    text = report.read_text()
    assert "## Answer" in text and "Order of difficulty" in text and "Variants" in text and "## Checks" in text


@pytest.mark.heavy
def test_the_aeons_end_ladder_is_monotone(output_root):
    """Each rung of a short Aeon's End ladder (random < greedy_economy < greedy_damage < greedy_fitted < search,
    the 2-player team against the four nemeses, 200 common deals each) raises the team win rate over the rung below, the
    95% interval of the paired difference above 0 (issue 18: "ladder monotonicity as a heavy test"). These
    deals are the first 200 of the published ladder's (same seed); at 4 players greedy_economy never wins, as
    random does not, so that step cannot hold there (reports/aeons_end-ladder)."""
    ladder = replace(load_ladder("aeons_end"), matchups=("default_2p",), pairs=200,
                     rungs=("random", "greedy_economy", "greedy_damage", "greedy_fitted", "search"), variants=(),
                     throughput_pairs=1)
    run_ladder(ladder, ["runner.n_jobs=2", "runner.progress=false"])
    rows = coop_rows(ladder).filter(pl.col("rung") > 1)
    assert rows.height == len(ladder.rungs) - 1
    assert rows["holds"].all(), rows


def test_the_easiest_and_hardest_nemesis_are_said_to_hold_at_every_winning_rung_or_where_they_flip():
    """Issue 18: "the nemeses' order of difficulty per rung ... set against the printed order" — a rung
    that never wins orders nothing; a change of the easiest matchup between rungs is named."""
    rows = []
    rates = {"random": (0.0, 0.0, 0.0), "greedy_damage": (0.3, 0.2, 0.01), "search": (0.35, 0.4, 0.02)}
    for bot, won in rates.items():
        order = sorted(zip(("a vs prince", "a vs rageborne", "a vs mask"), won, strict=True), key=lambda r: -r[1])
        rows += [{"edition": "normal", "players": 2, "bot": bot, "matchup": m, "win_rate": w, "rank_easiest_first": i}
                 for i, (m, w) in enumerate(order, start=1)]
    statements = difficulty_statements(pl.DataFrame(rows), ("random", "greedy_damage", "search"))
    assert statements == ["normal, 2 players: the easiest is prince at greedy_damage, rageborne at search; "
                          "the hardest is mask at every rung that wins."]
