"""`sim ab`: an edit against its base on common deals, stopped when decided, with a verdict block."""

import shutil

import pytest

from sim.ab import data_diff, looks, run_ab
from sim.core.errors import UserError
from sim.core.paths import DECKS_DIR
from sim.core.registry import get_game


def test_ab_prints_what_changed_and_a_verdict(output_root):
    lines = run_ab("standard", "short", ["game=coin_race", "runner.n_jobs=1", "pairs=2400"], progress=False)
    text = "\n".join(lines)
    assert "rules.rounds: 10 -> 6" in text and "rules.target: 15 -> 12" in text
    assert lines[-1].startswith("verdict: the edit lowers the first-player win rate by")
    assert "stopped at look 2 of 4: decided" in text  # prefixes of 450, 900, 1800, 2400 pairs
    again = run_ab("standard", "short", ["game=coin_race", "runner.n_jobs=2", "pairs=2400", "name=ab2"], progress=False)
    assert again[1:] == lines[1:], "the same verdict whatever the number of workers"


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


def test_ab_takes_an_edition_file_from_anywhere(output_root, tmp_path):
    """Issue 20 item 1: EDIT may be an edition file outside decks/ (a delta over its base); it is
    copied with the game's data into the experiment (edit-data/), so the run resumes and replays."""
    edit = tmp_path / "target-13.yaml"
    edit.write_text("base: standard\ndescription: a shorter race\nrules:\n  target: 13\n")
    lines = run_ab("standard", str(edit), ["game=coin_race", "runner.n_jobs=1", "pairs=400"], progress=False)
    text = "\n".join(lines)
    assert "rules.target: 15 -> 13" in text and lines[-1].startswith("verdict: ")
    folder = output_root / "experiments" / "ab-coin_race-target-13-vs-standard"
    assert (folder / "edit-data" / "editions" / "target-13.yaml").read_text() == edit.read_text()
    assert run_ab("standard", str(edit), ["game=coin_race", "runner.n_jobs=1", "pairs=400"], progress=False) == lines


def test_ab_edition_file_mistakes_are_one_line(output_root, tmp_path):
    with pytest.raises(UserError, match="no such edition file"):
        run_ab("standard", str(tmp_path / "missing.yaml"), ["game=coin_race"])
    clash = tmp_path / "short.yaml"
    clash.write_text("base: standard\nrules:\n  target: 14\n")
    with pytest.raises(UserError, match="an edition 'short' already exists"):
        run_ab("standard", str(clash), ["game=coin_race"])
    with pytest.raises(UserError, match="short.yaml: base: unknown edition 'standard'"):
        run_ab("normal", str(clash), ["game=aeons_end"])  # a delta over another game's edition


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
