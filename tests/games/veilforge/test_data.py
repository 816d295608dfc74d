"""Veilforge's designer data: the card vocabulary, deck-building rules (rulebook §2 What You Need),
editions as deltas, bot files, and one-line errors naming the file, the entry and the rule."""

import shutil

import numpy as np
import pytest
import yaml

from sim.core.errors import UserError
from sim.games.veilforge import data, tables, vocab
from sim.games.veilforge.game import Veilforge

GOOD_CARD = {"type": "creature", "cost": 1, "damage": 1, "health": 1, "class": "Human"}


@pytest.fixture
def copy_of_data(tmp_path):
    folder = tmp_path / "veilforge"
    shutil.copytree(data.DATA_DIR, folder)
    return folder


def test_the_standard_edition_has_the_numbers_of_the_rulebook():
    """§2: "A main deck of 40 to 80 cards", "An evolution deck of up to 16 cards", "No more than 4
    copies"; §3 "Draw 5 cards", "starts the game with 1 mana"; §5 "Battle Zone (5 slots)", "Support
    Zone (5 slots)", "Mana Zone (up to 12)", "reduces the damage of a direct attack on you by 1"; §6
    "Draw 1 card", "you gain 3 mana"."""
    rules = dict(zip(vocab.RULE_NAMES, Veilforge().load_ruleset("standard").tables[: tables.N_RULES].tolist(), strict=True))
    assert {k: rules[k] for k in ("main_deck_min", "main_deck_max", "evolution_deck_max", "max_copies", "opening_hand",
                                  "second_player_mana", "battle_slots", "support_slots", "mana_zone_max",
                                  "direct_reduction", "draw_per_turn", "mana_per_turn")} == {
        "main_deck_min": 40, "main_deck_max": 80, "evolution_deck_max": 16, "max_copies": 4, "opening_hand": 5,
        "second_player_mana": 1, "battle_slots": 5, "support_slots": 5, "mana_zone_max": 12, "direct_reduction": 1,
        "draw_per_turn": 1, "mana_per_turn": 3}


def test_every_edition_deck_and_set_loads_and_every_card_is_assumed():
    """Every card of the library is invented (the rulebook prints none): each is marked assumed with
    its reason, and the ruleset lists them."""
    game = Veilforge()
    for edition in game.editions():
        ruleset = game.load_ruleset(edition)
        assert len(ruleset.assumed) == len(game.library.cards)
        assert all(fact.startswith("card ") and ": " in fact for fact in ruleset.assumed)
        matchups = [m for s in game.matchup_sets() for m in game.load_matchups(ruleset, [s])]
        assert {m.players for m in matchups} == {2, 4}
    assert len({game.load_ruleset(e).ruleset_hash for e in game.editions()}) == len(game.editions())


def test_two_settings_with_heroes_ideals_and_a_deck_that_mixes_them():
    """§2: "Your ideal and every card in your main and evolution decks must be from the same setting as
    one of your 3 heroes": the crossover deck mixes two settings through its heroes. Each setting has
    5 heroes, 3 ideals and three archetype decks (aggro, control, evolution)."""
    library = Veilforge().library
    settings = set(library.settings.values())
    assert settings == {"Ashen Kingdoms", "Chrome Frontier"}
    compiled = data.compile_cards(library)
    for setting in settings:
        kinds = [k for n, k, e in zip(library.cards, compiled.types, compiled.evolution, strict=True) if library.settings[n] == setting
                 and not e]
        assert kinds.count("hero") >= 5 and kinds.count("ideal") >= 3
    for setting in ("ashen", "chrome"):
        assert {d for d in library.decks if d.startswith(setting)} >= {f"{setting}_aggro", f"{setting}_control"}
    assert "ashen_ascension" in library.decks and "chrome_upgrade" in library.decks
    crossover = library.decks["crossover"]
    assert {library.settings[c] for c in crossover["main"]} == settings


def test_a_class_line_counts_as_each_of_its_classes():
    """§14 Class: "A card may have several classes split by " / ", and counts as each of them"."""
    compiled = data.compile_cards(Veilforge().library)
    names = list(Veilforge().library.cards)
    knight = compiled.cards[names.index("ember_knight")][tables.C_CLASSES]
    assert knight == (1 << compiled.classes.index("Human")) | (1 << compiled.classes.index("Knight"))


def _bad_card(folder, fields: dict) -> None:
    (folder / "cards" / "zz_bad.yaml").write_text(yaml.safe_dump({"setting": "Ashen Kingdoms", "cards": {"bad_card": fields}}))


@pytest.mark.parametrize(
    "fields, expected",
    [
        ({**GOOD_CARD, "colour": "red"}, "unknown field 'colour'"),
        ({**GOOD_CARD, "type": "artifact"}, "unknown value 'artifact'"),
        ({**GOOD_CARD, "health": 0}, "cards.bad_card.health: must be a whole number from 1"),
        ({**GOOD_CARD, "keywords": ["flying"]}, "unknown value 'flying'"),
        ({**GOOD_CARD, "assumed": True}, "an assumed card says why"),
        ({**GOOD_CARD, "abilities": [{"when": "activate", "target": {"card": {"setting": "Ashen Kingdoms"}},
                                      "effects": [{"do": "damage", "amount": 1, "to": "target"}]}]},
         "abilities never name a setting"),
        ({**GOOD_CARD, "abilities": [{"when": "passive", "effects": [{"do": "damage", "amount": 1, "to": "you"}]}]},
         "passive abilities hold static effects"),
        ({"type": "spell", "cost": 1, "abilities": [{"when": "hand", "effects": [{"do": "negate", "to": "link"}]}]},
         "only reactions"),
        ({**GOOD_CARD, "abilities": [{"when": "graveyard", "effects": [{"do": "summon", "to": "self"}]}]},
         "a graveyard ability costs at least 1"),
        ({**GOOD_CARD, "abilities": [{"when": "activate", "effects": [{"do": "damage", "amount": 1, "to": "target"}]}]},
         "`to: target` needs the ability's `target`"),
        ({**GOOD_CARD, "abilities": [{"when": "activate", "effects": [{"do": "explode", "to": "self"}]}]},
         "unknown value 'explode'"),
        ({**GOOD_CARD, "abilities": [{"when": "start", "target": {"card": {}}, "effects": [
            {"do": "damage", "amount": 1, "to": "target"}]}]}, "a `start` ability chooses no target"),
        ({"type": "equipment", "cost": 1, "abilities": []}, "give its `attach` filter"),
        ({**GOOD_CARD, "abilities": [{"when": "evolution", "from": {"card": "nobody"}}]}, "unknown card 'nobody'"),
    ],
)
def test_a_bad_card_is_one_line_naming_file_and_entry(copy_of_data, fields, expected):
    _bad_card(copy_of_data, fields)
    with pytest.raises(UserError) as error:
        Veilforge(copy_of_data).load_ruleset("standard")
    message = str(error.value)
    assert "\n" not in message and expected in message and "zz_bad.yaml: cards.bad_card" in message


def _deck(folder, name: str, change) -> None:
    path = folder / "decks" / f"{name}.yaml"
    deck = yaml.safe_load(path.read_text())
    change(deck)
    path.write_text(yaml.safe_dump(deck))


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d["main"].update(squire_of_dawn=3), "a main deck has 40 to 80 cards (this one 39)"),
        (lambda d: d["main"].update(squire_of_dawn=5, cinder_hound=3), "no more than 4 copies"),
        (lambda d: d.update(heroes=d["heroes"][:2]), "a deck has 3 hero cards"),
        (lambda d: d.update(heroes=[d["heroes"][0]] * 3), "only one copy of any given hero card"),
        (lambda d: d["main"].update(squire_of_dawn=3, seraphine_flamecaller=1), "never placed in the main deck"),
        (lambda d: d["main"].update(squire_of_dawn=3, rifle_trooper=1), "is from setting Chrome Frontier"),
        (lambda d: d["main"].update(squire_of_dawn=3, ember_paladin=1), "belongs in the evolution deck"),
        (lambda d: d["evolution"].update(firebolt=1), "has no evolution ability"),
        (lambda d: d["evolution"].update(ember_paladin=14), "up to 16 cards (this one 17)"),
        (lambda d: d["main"].update(squire_of_dawnn=1), "unknown card 'squire_of_dawnn'"),
        (lambda d: d.update(ideal="firebolt"), "a deck has 1 ideal card"),
        (lambda d: d.update(ideal="protocol_overclock"), "is from setting Chrome Frontier"),
    ],
)
def test_an_illegal_deck_is_one_line_naming_the_deck_file_the_entry_and_the_rule(copy_of_data, change, expected):
    """§2 Deck-building rules: "Only one copy of any given hero card; heroes and ideals are never placed
    in your main deck." "No more than 4 copies of the same card in your main deck." "Your ideal and
    every card in your main and evolution decks must be from the same setting as one of your 3
    heroes." (and §2's 40 to 80 cards, up to 16 evolution cards, 3 heroes, 1 ideal)"""
    _deck(copy_of_data, "ashen_aggro", change)
    with pytest.raises(UserError) as error:
        Veilforge(copy_of_data).load_ruleset("standard")
    message = str(error.value)
    assert "\n" not in message and expected in message and "ashen_aggro.yaml" in message


@pytest.mark.parametrize(
    "file, text, expected",
    [
        ("editions/second-mana-0.yaml", "base: standard\nrules: {turbo: 1}\n", "unknown rule 'turbo'"),
        ("editions/second-mana-0.yaml", "base: standard\nrules: {battle_slots: 6}\n", "must be a whole number from 1 to 5"),
        ("editions/second-mana-0.yaml", "base: standardd\n", "unknown edition 'standardd'"),
        ("editions/second-mana-0.yaml", "base: standard\ncard_errata: {nobody: {cost: 1}}\n", "unknown card 'nobody'"),
        ("editions/second-mana-0.yaml", "base: standard\ncard_errata: {firebolt: {type: event}}\n",
         "card errata may change"),
        ("editions/second-mana-0.yaml", "base: standard\ncard_errata: {firebolt: {cost: 13}}\n",
         "cards.firebolt.cost: must be a whole number from 0 to 12"),
        ("policies/aggro.yaml", "kind: greedy\nweights: {direct_damage: 1}\n", "missing weight(s)"),
        ("policies/aggro.yaml", "kind: greedier\nweights: {}\n", "unknown bot kind 'greedier'"),
    ],
)
def test_bad_editions_and_bots_are_one_line(copy_of_data, file, text, expected):
    (copy_of_data / file).write_text(text)
    game = Veilforge(copy_of_data)
    with pytest.raises(UserError) as error:
        game.load_ruleset("second-mana-0")
        game.load_policy("aggro")
    message = str(error.value)
    assert "\n" not in message and expected in message


def test_an_edition_is_a_delta_and_errata_change_a_card():
    """Editions (sim/core/editions.py): a delta over its base; card errata change a card's fields."""
    game = Veilforge()
    standard = game.load_ruleset("standard").tables
    zero = game.load_ruleset("second-mana-0").tables
    differs = np.flatnonzero(standard[: tables.N_RULES] != zero[: tables.N_RULES]).tolist()
    assert differs == [tables.R_SECOND_PLAYER_MANA]


def test_errata_change_a_card(copy_of_data):
    (copy_of_data / "editions" / "second-mana-0.yaml").write_text("base: standard\ncard_errata: {firebolt: {cost: 5}}\n")
    game = Veilforge(copy_of_data)
    names = list(game.library.cards)
    ruleset = game.load_ruleset("second-mana-0")
    assert tables.card(ruleset.tables, names.index("firebolt"), tables.C_COST) == 5
    assert ruleset.ruleset_hash != game.load_ruleset("standard").ruleset_hash


def test_matchup_entries_name_known_decks_and_even_teams():
    game = Veilforge()
    ruleset = game.load_ruleset("standard")
    with pytest.raises(UserError, match="unknown deck 'ashen_agro'"):
        game.load_matchups(ruleset, ["ashen_agro vs chrome_aggro"])
    with pytest.raises(UserError, match="same number of players"):
        game.load_matchups(ruleset, ["ashen_aggro+chrome_aggro vs chrome_control"])
    team = game.load_matchups(ruleset, ["ashen_aggro+chrome_control vs chrome_aggro+ashen_control"])[0]
    assert team.players == 4 and team.seating.seats_per_side == 2
    assert [team.slot_label(s) for s in range(4)] == ["ashen_aggro", "chrome_control", "chrome_aggro", "ashen_control"]


def test_eight_card_types():
    """§9 Type: "One of the 8 card types"; §10 "There are eight card types" (the list is missing:
    reading, the eight the rulebook names). Every card of the library is one of them."""
    assert vocab.CARD_TYPES == ("hero", "ideal", "creature", "spell", "structure", "equipment", "technology", "event")
    compiled = data.compile_cards(Veilforge().library)
    assert set(compiled.types) == set(vocab.CARD_TYPES)
