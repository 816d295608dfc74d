"""Deck variants as editions (`deck_errata`): an edition may replace a deck's heroes or ideal and set
its cards' copies; the varied deck keeps its name (so it plays the same deals as the deck it varies)
and is checked against the deck-building rules of §2 What You Need like any deck."""

import shutil
from collections import Counter

import pytest
import yaml

from sim.core.errors import UserError
from sim.core.game import content_hash
from sim.games.veilforge import data
from sim.games.veilforge.game import Veilforge


@pytest.fixture
def copy_of_data(tmp_path):
    folder = tmp_path / "veilforge"
    shutil.copytree(data.DATA_DIR, folder)
    return folder


def _edition(folder, name, body):
    (folder / "editions" / f"{name}.yaml").write_text(yaml.safe_dump({"base": "standard", **body}))


def _deck(game, edition, deck):
    ruleset = game.load_ruleset(edition)
    matchup = game.load_matchups(ruleset, [f"{deck} vs chrome_aggro"])[0]
    resolved, compiled = game._editions[edition]
    names = game.library.card_names
    slot = data.deck_slot(deck, game.library, compiled, resolved["rules"], resolved["deck_errata"], "")
    return matchup, {"heroes": [names[i] for i in slot["heroes"]], "ideal": names[slot["ideal"]],
                     "main": Counter(names[i] for i in slot["main"])}


def test_a_variant_sets_copies_replaces_the_ideal_and_keeps_the_decks_matchup(copy_of_data):
    _edition(copy_of_data, "variant", {"deck_errata": {"ashen_aggro": {
        "ideal": "covenant_of_ash", "main": {"sudden_flames": 4, "grave_ghoul": 0, "recall": 2}}}})
    game = Veilforge(copy_of_data)
    base_matchup, base = _deck(game, "standard", "ashen_aggro")
    matchup, varied = _deck(game, "variant", "ashen_aggro")
    assert varied["ideal"] == "covenant_of_ash" and base["ideal"] == "oath_of_the_vanguard"
    assert varied["main"]["sudden_flames"] == 4 and "grave_ghoul" not in varied["main"] and varied["main"]["recall"] == 2
    assert base["main"]["sudden_flames"] == 3 and base["main"]["grave_ghoul"] == 3 and "recall" not in base["main"]
    assert sum(varied["main"].values()) == sum(base["main"].values()) == 40
    assert matchup.matchup_id == base_matchup.matchup_id and matchup.matchup_hash != base_matchup.matchup_hash
    # the other decks are as written
    assert _deck(game, "variant", "ashen_control")[1] == _deck(game, "standard", "ashen_control")[1]


def test_an_edition_without_deck_variants_keeps_its_ruleset_hash():
    game = Veilforge()
    ruleset = game.load_ruleset("standard")
    resolved, compiled = game._editions["standard"]
    assert resolved["deck_errata"] == {} and "deck_errata" not in ruleset.resolved
    assert ruleset.ruleset_hash == content_hash([resolved["rules"], compiled.values])
    assert game.load_ruleset("ideal-covenant_of_ash").ruleset_hash != ruleset.ruleset_hash


@pytest.mark.parametrize(("errata", "message"), [
    ({"ashen_agro": {"ideal": "covenant_of_ash"}}, "deck_errata.ashen_agro: unknown deck 'ashen_agro'"),
    ({"ashen_aggro": {"size": 60}}, "deck_errata.ashen_aggro.size: deck errata may change heroes, ideal, main"),
    ({"ashen_aggro": {"main": {"firebolt": 5}}}, "deck_errata.ashen_aggro: main.firebolt: no more than 4 copies"),
    ({"ashen_aggro": {"main": {"firebolt": -1}}}, "deck_errata.ashen_aggro.main.firebolt"),
    ({"ashen_aggro": {"main": {"fire_bolt": 1}}}, "unknown card 'fire_bolt'"),
    ({"ashen_aggro": {"ideal": "upgrade_protocol"}}, "'upgrade_protocol' is from setting Chrome Frontier"),
    ({"ashen_aggro": {"heroes": ["aldric_the_vanguard", "aldric_the_vanguard", "cassia_lightbringer"]}},
     "only one copy of any given hero card"),
    ({"ashen_aggro": {"main": {"squire_of_dawn": 0, "cinder_hound": 0}}}, "a main deck has 40 to 80 cards (this one 32)"),
])
def test_a_broken_variant_is_one_error_naming_the_edition_and_the_rule(copy_of_data, errata, message):
    """§2: "A main deck of 40 to 80 cards", "No more than 4 copies of the same card in your main deck",
    "Only one copy of any given hero card", "Your ideal and every card in your main and evolution decks
    must be from the same setting as one of your 3 heroes"."""
    _edition(copy_of_data, "broken", {"deck_errata": errata})
    with pytest.raises(UserError) as error:
        Veilforge(copy_of_data).load_ruleset("broken")
    assert "editions/broken.yaml" in str(error.value) and message in str(error.value)


def test_the_deck_size_editions_scale_every_deck_and_keep_its_mix():
    """The deck-size study's editions: every main deck at 60 / 80 cards (§2 allows 40 to 80), each
    card's share of the deck as at 40 (to the nearest copy), the copy cap scaled with it."""
    game = Veilforge()
    for edition, size in (("deck-60", 60), ("deck-80", 80)):
        game.load_ruleset(edition)
        assert game._editions[edition][0]["rules"]["max_copies"] == 4 * size // 40
        for deck in game.library.decks:
            base = _deck(game, "standard", deck)[1]
            varied = _deck(game, edition, deck)[1]
            assert sum(varied["main"].values()) == size
            assert set(varied["main"]) == set(base["main"])
            assert all(abs(varied["main"][c] - base["main"][c] * size / 40) < 1 for c in base["main"])
            assert varied["heroes"] == base["heroes"] and varied["ideal"] == base["ideal"]


def test_the_ideal_and_trio_editions_change_one_settings_archetype_decks():
    game = Veilforge()
    ashen = ("ashen_aggro", "ashen_ascension", "ashen_control")
    for deck in ashen:
        assert _deck(game, "ideal-rite_of_ascension", deck)[1]["ideal"] == "rite_of_ascension"
        assert set(_deck(game, "trio-seraphine-mordrath-cassia", deck)[1]["heroes"]) == {
            "seraphine_flamecaller", "mordrath_bloodlord", "cassia_lightbringer"}
    for deck in ("chrome_aggro", "chrome_control", "chrome_upgrade", "crossover"):
        assert _deck(game, "ideal-rite_of_ascension", deck)[1] == _deck(game, "standard", deck)[1]
    trios = [e for e in game.editions() if e.startswith("trio-")]
    assert len(trios) == 20  # every 3 of a setting's 5 heroes, for both settings
