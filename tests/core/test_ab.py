"""`sim ab`: an edit against its base on common deals, stopped when decided, with a verdict block."""

import hashlib
import json
import shutil

import polars as pl
import pytest

from sim.commands.ab import Verdict, data_diff, looks, run_ab, verdict_sentence
from sim.commands.replay import replay_row
from sim.core.errors import UserError
from sim.core.paths import DECKS_DIR
from sim.core.registry import get_game
from tests.core.helpers import read_lake, report_folder


def test_ab_prints_what_changed_and_a_verdict(output_root, tmp_path):
    edit = tmp_path / "rounds-3.yaml"
    edit.write_text("base: standard\nrules:\n  rounds: 3\n")
    lines = run_ab("standard", str(edit), ["game=coin_race", "runner.n_jobs=1", "pairs=2400"], progress=False)
    text = "\n".join(lines)
    assert "rules.rounds: 10 -> 3" in text
    assert lines[-1].startswith("verdict: the edit lowers the first-player win rate by more than ±2 pts: ")
    assert "stopped at look 1 of 4: decided" in text  # prefixes of 300, 600, 1200, 2400 pairs
    again = run_ab("standard", str(edit), ["game=coin_race", "runner.n_jobs=2", "pairs=2400", "name=ab2"], progress=False)
    assert again[:-2] + again[-1:] == lines[:-2] + lines[-1:], "the same verdict whatever the number of workers"
    report = (report_folder(output_root, "ab2") / "report.md").read_text()
    assert report.splitlines()[2:5] == ["## Answer", "", "> " + lines[-1].removeprefix("verdict: ").capitalize() + "."]
    stored = json.loads((output_root / "experiments" / "ab2" / "manifest.json").read_text())["ab"]
    assert stored["outcome"] == "lowers" and stored["high"] < -0.02


def _verdict(difference: float, low: float, high: float, pairs: int = 102_400) -> Verdict:
    verdict = Verdict("0.36", "hand-6", alpha=0.0125, margin=0.02)
    verdict.first_player = pl.DataFrame({"matchup_id": ["ALL"], "pairs": [pairs], "difference": [difference],
                                         "low": [low], "high": [high], "baseline_mean": [0.4341],
                                         "treatment_mean": [0.4341 + difference]})
    return verdict


def test_a_negligible_change_is_no_meaningful_change_even_when_it_excludes_zero():
    """Issue 44 item 2: 43.41% -> 43.43% over 102,400 deals, [+0.01, +0.03] pts, is no rise."""
    verdict = _verdict(0.0002, 0.0001, 0.0003)
    assert verdict.outcome() == "no meaningful change" and verdict.decided()
    assert verdict_sentence(verdict, "first-player win rate") == (
        "no meaningful change: the first-player win rate moves +0.0 pts [+0.0, +0.0], inside ±2 pts")


def test_a_verdict_has_three_ways_and_an_undecided_one_says_how_many_more_pairs():
    assert _verdict(0.05, 0.03, 0.07).outcome() == "raises"
    assert _verdict(-0.05, -0.07, -0.03).outcome() == "lowers"
    straddling = _verdict(0.03, 0.015, 0.045, pairs=1000)  # half-width 1.5 pts, 1 pt from the band's edge
    assert straddling.outcome() == "undecided" and not straddling.decided()
    assert straddling.more_pairs() == 1250  # 1000 * (1.5 / 1)^2 - 1000
    sentence = verdict_sentence(straddling, "team win rate")
    assert sentence.startswith("undecided after 1,000 pairs: the team win rate moves +3.0 pts [+1.5, +4.5]")
    assert sentence.endswith("about 1,250 more pairs would likely decide (pairs=2,250)")
    assert _verdict(0.02, 0.01, 0.03).more_pairs() is None  # on the band's edge: no likely number


def test_ab_of_an_edition_identical_to_its_base_is_no_meaningful_change(output_root, tmp_path):
    same = tmp_path / "same.yaml"
    same.write_text("base: standard\ndescription: no change at all\n")
    lines = run_ab("standard", str(same), ["game=coin_race", "runner.n_jobs=1"], progress=False)
    assert lines[-1].startswith("verdict: no meaningful change: the first-player win rate moves +0.0 pts")
    assert "stopped at look 1 of 4: decided" in "\n".join(lines)  # stops early at the default cap of 6,400


def test_identical_editions_change_nothing():
    game = get_game("coin_race")
    assert data_diff(game.load_ruleset("standard"), game.load_ruleset("standard")) == []


def test_looks_double_up_to_the_cap():
    assert looks(6400, 200) == 6 and looks(200, 200) == 1


def test_ab_refuses_editions_given_twice(output_root):
    with pytest.raises(UserError, match="BASE and EDIT"):
        run_ab("standard", "short", ["game=coin_race", "edition=short"])
    with pytest.raises(UserError, match="same edition"):
        run_ab("short", "short", ["game=coin_race"])


def test_the_diff_names_rule_changes_of_every_game_not_edition_names():
    waybound = get_game("waybound")
    assert data_diff(waybound.load_ruleset("0.36"), waybound.load_ruleset("0.36-no-opening")) == [
        "edition.rules.opening_no_first_explore: 1 -> 0",
        "edition.rules.opening_second_extra_charge: 1 -> 0",
    ]
    aeons = get_game("aeons_end")
    assert "rules.gravehold_life: 30 -> 35" in data_diff(aeons.load_ruleset("normal"), aeons.load_ruleset("beginner"))


def _ab_folders(output_root) -> list:
    return sorted((output_root / "experiments").glob("ab-*"))


def test_ab_takes_an_edition_file_from_anywhere(output_root, tmp_path):
    """Issue 20 item 1: EDIT may be an edition file outside decks/ (a delta over its base); it is
    copied with the game's data into the experiment (edit-data/<hash>/), so the run resumes and replays."""
    edit = tmp_path / "target-13.yaml"
    edit.write_text("base: standard\ndescription: a shorter race\nrules:\n  target: 13\n")
    lines = run_ab("standard", str(edit), ["game=coin_race", "runner.n_jobs=1", "pairs=400"], progress=False)
    text = "\n".join(lines)
    assert "rules.target: 15 -> 13" in text and lines[-1].startswith("verdict: ")
    [folder] = _ab_folders(output_root)
    assert folder.name.startswith("ab-coin_race-target-13-vs-standard-")
    [data] = (folder / "edit-data").iterdir()
    assert (data / "editions" / "target-13.yaml").read_text() == edit.read_text()
    assert run_ab("standard", str(edit), ["game=coin_race", "runner.n_jobs=1", "pairs=400"], progress=False) == lines
    source = json.loads((folder / "manifest.json").read_text())["ab"]["edit_source"]
    assert source == {"path": str(edit.resolve()), "sha256": hashlib.sha256(edit.read_bytes()).hexdigest()}


def test_edit_ab_edit_ab_replay_never_rewrites_what_a_run_played(output_root, tmp_path):
    """Issue 44 item 1, the designer's loop: edit a file, A/B it, edit it again, A/B again, replay.
    The second version is an A/B of its own; the first one's data and lake stay as played, and every
    stored row of both replays to its stored result."""
    edit = tmp_path / "target-13.yaml"
    overrides = ["game=coin_race", "runner.n_jobs=1", "pairs=8", 'matchups=["high vs low"]']
    edit.write_text("base: standard\nrules:\n  target: 13\n")
    run_ab("standard", str(edit), overrides, progress=False)
    [first] = _ab_folders(output_root)
    played = read_lake(first)
    edit.write_text("base: standard\nrules:\n  target: 11\n")
    text = "\n".join(run_ab("standard", str(edit), overrides, progress=False))
    assert "rules.target: 15 -> 11" in text
    folders = _ab_folders(output_root)
    assert len(folders) == 2 and first in folders
    assert read_lake(first).equals(played)
    [data] = (first / "edit-data").iterdir()
    assert "target: 13" in (data / "editions" / "target-13.yaml").read_text()
    for folder in folders:
        rows = read_lake(folder)
        for index in range(rows.height):
            header = replay_row(folder.name, str(index))
            assert header[1].startswith("stored result: ")  # a replay that differs from its row raises


def test_a_named_ab_whose_file_changed_is_refused_before_anything_is_written(output_root, tmp_path):
    edit = tmp_path / "target-13.yaml"
    overrides = ["game=coin_race", "runner.n_jobs=1", "pairs=8", 'matchups=["high vs low"]', "name=mine"]
    edit.write_text("base: standard\nrules:\n  target: 13\n")
    run_ab("standard", str(edit), overrides, progress=False)
    folder = output_root / "experiments" / "mine"
    before = sorted(str(p) for p in folder.rglob("*"))
    edit.write_text("base: standard\nrules:\n  target: 11\n")
    with pytest.raises(UserError, match="'mine' was played with other data .*an edited file is a new A/B"):
        run_ab("standard", str(edit), overrides, progress=False)
    assert sorted(str(p) for p in folder.rglob("*")) == before


def test_a_replay_refuses_when_the_data_it_read_was_changed(output_root, tmp_path):
    edit = tmp_path / "target-13.yaml"
    edit.write_text("base: standard\nrules:\n  target: 13\n")
    run_ab("standard", str(edit), ["game=coin_race", "runner.n_jobs=1", "pairs=8", "name=mine"], progress=False)
    [data] = (output_root / "experiments" / "mine" / "edit-data").iterdir()
    (data / "editions" / "target-13.yaml").write_text("base: standard\nrules:\n  target: 14\n")
    rows = read_lake(output_root / "experiments" / "mine")
    row = rows.with_row_index().filter(pl.col("edition") == "target-13")["index"][0]
    with pytest.raises(UserError, match="the data folder was edited since\\): the replay would differ"):
        replay_row("mine", str(row))


def test_ab_edition_file_mistakes_name_the_designers_file_and_leave_nothing(output_root, tmp_path):
    """Issue 44 item 3: the error names the file the designer wrote, not the experiment's copy of it;
    a misspelt rule gets a "did you mean"; a refused A/B leaves no folder behind."""
    bad = tmp_path / "bad-value.yaml"
    bad.write_text("base: standard\nrules:\n  target: -5\n")
    with pytest.raises(UserError) as error:
        run_ab("standard", str(bad), ["game=coin_race"])
    assert str(error.value).startswith(f"{bad}: rules.target: ")
    misspelt = tmp_path / "misspelt.yaml"
    misspelt.write_text("base: standard\nrules:\n  targt: 13\n")
    with pytest.raises(UserError, match=f"^{misspelt}: rules.targt: unknown rule 'targt' \\(did you mean 'target'\\?\\)"):
        run_ab("standard", str(misspelt), ["game=coin_race"])
    hand = tmp_path / "hand-6.yaml"
    hand.write_text("base: '0.36'\nrules:\n  hand_limt: 6\n")
    with pytest.raises(UserError, match=f"^{hand}: rules.hand_limt: unknown rule 'hand_limt' \\(did you mean 'hand_limit'\\?\\)"):
        run_ab("0.36", str(hand), ["game=waybound"])
    assert not (output_root / "experiments").exists() or _ab_folders(output_root) == []


def test_ab_compares_an_aeons_end_mage_variant_on_common_deals(output_root, tmp_path):
    """Issue 20 item 1 in a cooperative game: a mage's starting cards varied by an edition file
    (`mage_errata`), played on the same deals; the block names the changed cards and the team's win rate."""
    edit = tmp_path / "adelheim-sparks.yaml"
    edit.write_text("base: normal\nmage_errata:\n  adelheim:\n    deck: [crystal, crystal, crystal, spark, spark]\n")
    overrides = ["game=aeons_end", "runner.n_jobs=1", "pairs=32", 'matchups=["adelheim+brama vs rageborne @standard"]',
                 "policies=[greedy_damage]"]
    text = "\n".join(run_ab("normal", str(edit), overrides, progress=False))
    assert "mages.adelheim.deck: ['crystal', 'crystal', 'crystal', 'crystal', 'crystal'] -> " in text
    assert "verdict: " in text


def test_ab_compares_a_deck_variant_on_common_deals(output_root, tmp_path):
    """Issue 20 item 1: a deck variant is an edition file (`faction_errata` in Waybound), so it plays
    the same deals as the deck it varies; the block names the cards whose copies it changes."""
    edit = tmp_path / "hearth-swap.yaml"
    edit.write_text("base: '0.36'\nfaction_errata:\n  hearthbound:\n    starter: {thornrush: 2, cinderbolt: 2}\n")
    overrides = ["game=waybound", "runner.n_jobs=1", "pairs=64", 'matchups=["hearthbound/brindle vs skyrunners/vey"]']
    text = "\n".join(run_ab("0.36", str(edit), overrides, progress=False))
    assert "factions.hearthbound.starter.thornrush: 3 -> 2" in text
    assert "factions.hearthbound.starter.cinderbolt: 1 -> 2" in text
    assert "verdict: " in text


def test_ab_names_a_by_your_side_deck_variants_cards(tmp_path):
    """The block's first lines say what the edit changes: the deck's resolved copies, not the edition chain."""
    from sim.games.by_your_side.game import ByYourSide

    folder = tmp_path / "by_your_side"
    shutil.copytree(DECKS_DIR / "by_your_side", folder)
    (folder / "editions" / "more-marked.yaml").write_text(
        "base: standard\ndeck_errata:\n  jolene_starter:\n    cards: {marked: 2}\n")
    game = ByYourSide(folder)
    assert data_diff(game.load_ruleset("standard"), game.load_ruleset("more-marked")) == [
        "deck_errata.jolene_starter.cards.marked: (absent) -> 2", "decks.jolene_starter.marked: 1 -> 2"]
