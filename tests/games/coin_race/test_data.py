"""Coin Race's designer data: loading, editions as deltas, bot files, one-line errors."""

import shutil

import pytest

from sim.core.errors import UserError
from sim.games.coin_race import data
from sim.games.coin_race.game import CoinRace


@pytest.fixture
def copy_of_data(tmp_path):
    folder = tmp_path / "coin_race"
    shutil.copytree(data.DATA_DIR, folder)
    return folder


def test_the_standard_edition_has_the_numbers_of_the_rules():
    """engine.py: "12 cards, target 15, team target 25, 10 rounds, a d6, 4+ doubles"."""
    game = CoinRace()
    rules = game.load_ruleset("standard").tables[:7].tolist()
    assert rules == [12, 15, 25, 10, 6, 4, 2]
    assert game.load_ruleset("short").tables[:7].tolist() == [12, 12, 25, 6, 6, 4, 2]
    assert game.load_ruleset("short").ruleset_hash != game.load_ruleset("standard").ruleset_hash


def test_every_deck_and_set_loads():
    game = CoinRace()
    ruleset = game.load_ruleset("standard")
    matchups = [m for s in game.matchup_sets() for m in game.load_matchups(ruleset, [s])]
    assert {m.players for m in matchups} == {2, 4}
    assert all(m.seating.seats_per_side == m.players // 2 for m in matchups)


@pytest.mark.parametrize(
    "file, text, expected",
    [
        ("cards.yaml", "cards:\n  one: {value: -1}\n", "cards.one.value: must be a whole number"),
        ("cards.yaml", "cards:\n  one: {valu: 1}\n", "unknown field 'valu'"),
        ("decks.yaml", "decks:\n  low: {one: 12, four: 0}\nmatchup_sets: {all: ['low vs low']}\n", "unknown card 'four'"),
        ("decks.yaml", "decks:\n  low: {one: 11}\nmatchup_sets: {all: ['low vs low']}\n", "has 11 cards"),
        ("editions/standard.yaml", "rules: {deck_size: 12, target: 0}\n", "rules.target: must be a whole number"),
        ("editions/short.yaml", "base: standardd\n", "unknown edition 'standardd'; did you mean 'standard'?"),
        ("editions/short.yaml", "base: short\n", "edition base cycle"),
        ("editions/short.yaml", "rules: {turbo: 1}\n", "unknown rule 'turbo'"),
        ("policies/mixed.yaml", "kind: gamble_rate\nweights: {gamble_probability: .nan}\n", "finite number"),
        ("policies/mixed.yaml", "kind: gambler\nweights: {}\n", "unknown bot kind 'gambler'"),
        ("policies/mixed.yaml", "kind: closer\nweights: {}\n", "missing weight(s) gamble_probability"),
        ("policies/mixed.yaml", "kind: ismcts\nweights: {iterations: 0, exploration: 1, worlds: 1, horizon_turns: 5, "
         "evaluation_scale: 1, gamble_probability: 0.5}\n", "weights.iterations: must be from 1 to 4096, got 0"),
        ("policies/mixed.yaml", "kind: ismcts\nweights: {iterations: 8, exploration: 1, worlds: 1, horizon_turns: 5, "
         "evaluation_scale: 1, gamble_probability: 1.5}\n", "weights.gamble_probability: must be from 0 to 1"),
    ],
)
def test_bad_data_is_one_line_naming_file_and_entry(copy_of_data, file, text, expected):
    (copy_of_data / file).write_text(text)
    game = CoinRace(copy_of_data)
    with pytest.raises(UserError) as error:
        ruleset = game.load_ruleset("short" if "short" in file else "standard")
        game.load_matchups(ruleset, game.matchup_sets())
        game.load_policy("mixed")
    message = str(error.value)
    assert "\n" not in message and expected in message
    assert file.split("/")[-1] in message or "editions" in message


def test_an_unknown_matchup_entry_names_the_deck():
    game = CoinRace()
    with pytest.raises(UserError, match="unknown deck 'lo'"):
        game.load_matchups(game.load_ruleset("standard"), ["lo vs high"])
    with pytest.raises(UserError, match="same number of players"):
        game.load_matchups(game.load_ruleset("standard"), ["low+high vs even"])
