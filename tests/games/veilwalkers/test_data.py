"""Veilwalkers' designer data: loading, deck construction (section 2, "Build a Company deck"),
editions as deltas, bot files, one-line errors."""

import shutil

import pytest
import yaml

from sim.core.errors import UserError
from sim.games.veilwalkers import data
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.game import Veilwalkers


@pytest.fixture
def copy_of_data(tmp_path):
    folder = tmp_path / "veilwalkers"
    shutil.copytree(data.DATA_DIR, folder)
    return folder


def test_the_standard_edition_has_the_rulebooks_numbers():
    """"Start with two players, 20 Thread each, three shared Actions per turn and a 30-card deck each";
    offsets 0, 2, 1, 2, 1, 1; the Standard Rites in their listed order; "three complete Rounds pass
    without a draw"; Escape "one Action and two Resonance"; Force the Breach "two Actions, three
    Resonance and one Thread"; the Watcher from "the end of Round 10", "three neutral Presence and Power
    3"; Close the Eye "at least six Presence. Pay two Actions and three Resonance"."""
    rules = Veilwalkers().load_ruleset("standard").tables
    assert rules[T.RULE_THREAD_START] == 20 and rules[T.RULE_ACTIONS] == 3 and rules[T.RULE_HAND_LIMIT] == 7
    assert rules[T.RULE_OFFSET_1: T.RULE_OFFSET_1 + 6].tolist() == [0, 2, 1, 2, 1, 1]
    assert rules[T.RULE_RITE_1: T.RULE_RITE_1 + 5].tolist() == [0, 3, 6, 11, 12]
    assert rules[T.RULE_DRAWLESS_ROUNDS] == 3 and rules[T.RULE_ESCAPE_RESONANCE] == 2
    assert [rules[T.RULE_BREACH_ACTIONS], rules[T.RULE_BREACH_RESONANCE], rules[T.RULE_BREACH_THREAD]] == [2, 3, 1]
    assert [rules[T.RULE_WATCHER_ROUND], rules[T.RULE_WATCHER_PRESENCE], rules[T.RULE_WATCHER_POWER]] == [10, 3, 3]
    assert [rules[T.RULE_CLOSE_EYE_PRESENCE], rules[T.RULE_CLOSE_EYE_ACTIONS], rules[T.RULE_CLOSE_EYE_RESONANCE]] == [6, 2, 3]


def test_every_deck_set_and_edition_loads():
    game = Veilwalkers()
    for edition in game.editions():
        ruleset = game.load_ruleset(edition)
        matchups = [m for s in game.matchup_sets() for m in game.load_matchups(ruleset, [s])]
        assert {m.players for m in matchups} == {2}
    assert len({game.load_ruleset(e).ruleset_hash for e in game.editions()}) == len(game.editions())


def test_the_board_register_keeps_every_placement_the_text_states():
    """Appendix A: "Four Remembrances remain in opposite pairs on Rings II and III; the fifth remains at
    The Name Beneath Water, Ring IV S2." "The Ring III Lamp and Waystation share their Sites with
    existing Remembrances." "Sentinels remain at Waking Cairn, V S1, and Quiet Thorn Court, VI S1."
    "Each pair remains three Sites apart.\""""
    library = Veilwalkers().library
    board = list(library.board)
    tokens = board[T.B_TOKEN: T.B_TOKEN + 5]
    assert sorted(t // 6 for t in tokens) == [1, 1, 2, 2, 3]
    for ring in (1, 2):
        pair = [t % 6 for t in tokens if t // 6 == ring]
        assert (pair[0] - pair[1]) % 6 == 3
    assert library.board_names[tokens[4]] == "The Name Beneath Water" and tokens[4] == 3 * 6 + 2
    lamps, stations = board[T.B_LAMP: T.B_LAMP + 3], board[T.B_WAYSTATION: T.B_WAYSTATION + 3]
    assert all(lamp // 6 == station // 6 and (lamp - station) % 6 == 3 for lamp, station in zip(lamps, stations, strict=True))
    ring_iii = [s for s in lamps + stations if s // 6 == 2]
    assert sorted(ring_iii) == sorted(t for t in tokens if t // 6 == 2)
    assert library.board_names[4 * 6 + 1] == "Waking Cairn" and library.board_names[5 * 6 + 1] == "Quiet Thorn Court"
    assert board[T.B_SENTINEL: T.B_SENTINEL + 2] == [4 * 6 + 1, 5 * 6 + 1]


def test_the_register_places_five_settlements_on_rings_i_to_v_and_the_board_units_follow_the_cards():
    """"There are five settlements, five associated Recruits ... two Sentinels"; "Settlements remain on
    Rings I-V"; "A neutral Local is not a deck card": the units' rows follow the deck cards, with the
    Standard edition's Power 2 (Recruit) and 5 (Sentinel), and no deck may name them."""
    game = Veilwalkers()
    board = list(game.library.board)
    settlements = board[T.B_SETTLEMENT: T.B_SETTLEMENT + 5]
    assert len(set(settlements)) == 5 and all(site // 6 <= 4 for site in settlements)
    n_cards = len(game.library.card_names)
    assert board[T.B_UNIT_CARD] == n_cards and "local_recruit" not in game.library.card_names
    table = game.load_ruleset("standard").tables
    for unit, power in ((0, 2), (1, 5)):
        row = T.CARD_BASE + (n_cards + unit) * T.CARD_W
        assert table[row + T.C_POWER] == power and table[row + T.C_TYPE] == len(V.CARD_TYPES) + unit


def _deck_file(folder, deck: dict) -> None:
    doc = yaml.safe_load((folder / "decks.yaml").read_text())
    doc["decks"]["lamplight"] = deck
    (folder / "decks.yaml").write_text(yaml.safe_dump(doc))


LAMPLIGHT = {"nessa": 2, "maereth": 2, "seether": 1, "thorn_sentinel": 2, "sea_cliff_watcher": 2, "starhold_warden": 2,
             "everburn_scout": 2, "mirror_stalker": 2, "lantern_echo": 2, "seed_lamp_core": 2, "whisper_rune": 1,
             "second_wind": 2, "gathering_light": 2, "remembered_hearth": 2, "the_first_lie_told_twice": 2,
             "tidepath": 2}


def _with(**changes) -> dict:
    cards = dict(LAMPLIGHT)
    for card, copies in changes.items():
        if copies == 0:
            cards.pop(card, None)
        else:
            cards[card] = copies
    return cards


@pytest.mark.parametrize(
    "deck, expected",
    [
        ({"aspects": ["creation", "memory"], "cards": _with(tidepath=1)}, "has 29 cards; a Company deck has exactly 30"),
        ({"aspects": ["creation"], "cards": LAMPLIGHT}, "which the deck does not register"),
        ({"aspects": ["creation", "memory", "story"], "cards": LAMPLIGHT}, "registers 3 Aspects; at most 2"),
        ({"aspects": ["creation", "memory", "flux"], "cards": LAMPLIGHT}, "unknown value 'flux'"),
        ({"aspects": ["creation", "memory"], "cards": _with(everburn_scout=3, tidepath=1)}, "3 copies of 'everburn_scout'"),
        ({"aspects": ["creation", "memory"], "cards": _with(whisper_rune=0, tidepath=1, world_engine=2)},
         "2 copies of 'world_engine'"),
        ({"aspects": ["creation", "memory"], "cards": _with(whisper_rune=0, seed_lamp=1)}, "reference card, excluded"),
        ({"aspects": ["creation", "memory"], "cards": {
            "nessa": 2, "maereth": 2, "seether": 1, "thorn_sentinel": 2, "sea_cliff_watcher": 2, "seed_lamp_core": 2,
            "whisper_rune": 2, "weather_stone": 2, "world_engine": 1, "second_wind": 2, "gathering_light": 2,
            "remembered_hearth": 2, "the_first_lie_told_twice": 2, "tidepath": 2, "the_watcher_moves": 2,
            "old_road_memory": 2}}, "has 9 Figures; at least 10"),
        ({"aspects": ["creation", "memory"], "cards": _with(everburn_scout=0, lantern_echo=0, seether=2, erethia=2,
                                                             whisper_rune=2)},
         "has 8 hero cards; at most 6"),
        ({"aspects": ["creation", "memory"], "cards": _with(everburn_scout=0, lantern_echo=0, whisper_rune=0,
                                                             the_watcher_moves=2, old_road_memory=2, ember_rain=1)},
         "has 15 Events, Memories and Paths together; at most 14"),
        ({"aspects": ["creation", "memory"], "cards": LAMPLIGHT, "reserve": {"nessa": 1}},
         "a reserve is either empty or exactly 6 cards"),
        ({"aspects": ["creation", "memory"], "cards": LAMPLIGHT,
          "reserve": {"nessa": 1, "thorn_sentinel": 1, "everburn_scout": 1, "whisper_rune": 1, "rally": 1, "tidepath": 1}},
         "copies of 'nessa' across deck and reserve"),
    ],
)
def test_deck_construction_rules_are_enforced(copy_of_data, deck, expected):
    """"Exactly 30 cards; at least 10 Figures (Heroes, Allies, Echoes); at most two registered Aspects.
    Every Aspect printed on a card must be registered. Only Creation, Story and Memory are Aspects ...
    Maximums: six Heroes, ten Relics, ten Events, eight Memories, ten Paths. Events + Memories + Paths
    together cannot exceed fourteen ... Normally two copies of a name; one if Singular. An optional
    reserve is either empty or exactly six cards ... Copy limits apply across deck and reserve
    together." "Seed Lamp is a reference card, excluded from decks.\""""
    _deck_file(copy_of_data, deck)
    with pytest.raises(UserError) as error:
        Veilwalkers(copy_of_data).load_ruleset("standard")
    message = str(error.value)
    assert "\n" not in message and expected in message and "decks.yaml" in message


def test_the_legal_starter_decks_pass_with_a_six_card_reserve(copy_of_data):
    """A reserve of exactly six within the copy limits is legal (it is swapped only between games)."""
    _deck_file(copy_of_data, {"aspects": ["creation", "memory"], "cards": LAMPLIGHT,
                              "reserve": {"thorn_sentinel": 0, "world_engine": 1, "weather_stone": 2, "rally": 0,
                                          "the_watcher_moves": 2, "whisper_rune": 1}})
    Veilwalkers(copy_of_data).load_ruleset("standard")


@pytest.mark.parametrize(
    "file, text, expected",
    [
        ("cards.yaml", "cards:\n  x: {type: hero, power: 0}\n", "a Figure needs a Power of at least 1"),
        ("cards.yaml", "cards:\n  x: {type: wizard}\n", "unknown value 'wizard'"),
        ("cards.yaml", "cards:\n  x: {type: event, effects: [{do: explode}]}\n", "unknown value 'explode'"),
        ("cards.yaml", "cards:\n  x: {type: event}\n", "needs at least one effect"),
        ("cards.yaml", "cards:\n  x: {type: ally, power: 2, quick: true}\n", "only Events are Quick"),
        ("cards.yaml", "cards:\n  x: {type: event, effects: [{do: cancel}]}\n", "only a Quick Event cancels"),
        ("cards.yaml", "cards:\n  x: {type: event, quick: true, effects: [{do: close_road}]}\n",
         "a Quick Event has no road effect"),
        ("cards.yaml", "cards:\n  x: {type: ally, power: 2, assumed: true}\n", "gives its reason"),
        ("cards.yaml", "cards:\n  x: {type: ally, power: 2, colour: red}\n", "unknown field 'colour'"),
        ("board.yaml", "rings: []\n", "six Ring registers"),
        ("alignments.yaml", "alignments: {AP-13: {name: x}}\n", "unknown Alignment 'AP-13'"),
        ("alignments.yaml", "alignments: {}\n", "the core list's AP-01 is missing"),
        ("cards.yaml", "cards:\n  x: {type: ally, power: 2, origin: atlantis}\n", "unknown value 'atlantis'"),
        ("cards.yaml", "cards:\n  x: {type: event, origin: starhold, effects: [{do: draw}]}\n",
         "only Figures print an Origin"),
        ("cards.yaml", "cards:\n  x: {type: ally, power: 2, effects: [{do: close_road}]}\n",
         "only Events, Memories and Paths close, break or repair a road"),
        ("cards.yaml", "cards:\n  x: {type: event, effects: [{do: break_road}, {do: repair_road}]}\n",
         "at most one road effect"),
        ("cards.yaml", "cards:\n  x: {type: event, effects: [{do: repair_road, amount: 2}]}\n", "amount 1"),
        ("editions/standard.yaml", "rules: {rite_1: presense}\n", "did you mean 'presence'"),
        ("editions/standard.yaml", "rules: {thread_start: 0}\n", "must be a whole number"),
        ("editions/standard.yaml", "rules: {sentinel_power: 0}\n", "must be a whole number"),
        ("editions/burden-gate.yaml", "base: standart\n", "unknown edition 'standart'"),
        ("editions/burden-gate.yaml", "rules: {turbo: 1}\n", "unknown rule 'turbo'"),
        ("cards.yaml", "cards:\n  x: {type: ally, power: 2, portable: true}\n", "only Relics have portable"),
        ("cards.yaml", "cards:\n  x: {type: relic, presence: 2}\n", "only a Portable Relic prints a Presence"),
        ("cards.yaml", "cards:\n  x: {type: relic, portable: true, major: true}\n", "a Portable Relic is not Major"),
        ("cards.yaml", "cards:\n  x: {type: relic, awaken: {when: claims}}\n", "gives both its Awakening condition"),
        ("cards.yaml", "cards:\n  x: {type: relic, awaken: {when: dawn}, awakened: [{do: draw}]}\n",
         "unknown value 'dawn'"),
        ("cards.yaml", "cards:\n  x: {type: relic, awaken: {when: claims}, awakened: [{do: close_road}]}\n",
         "an Awakened effect has no road effect"),
        ("cards.yaml", "cards:\n  x: {type: relic, awaken: {when: claims, amount: 0}, awakened: [{do: draw}]}\n",
         "must be a whole number from 1"),
        ("policies/racer.yaml", "kind: greedy\nweights: {claim: 1}\n", "missing weight(s)"),
        ("policies/racer.yaml", "kind: clever\n", "unknown bot kind 'clever'"),
    ],
)
def test_bad_data_is_one_line_naming_file_and_entry(copy_of_data, file, text, expected):
    (copy_of_data / file).write_text(text)
    game = Veilwalkers(copy_of_data)
    with pytest.raises(UserError) as error:
        game.load_ruleset("burden-gate" if "burden" in file else "standard")
        game.load_policy("racer")
    message = str(error.value)
    assert "\n" not in message and expected in message
    assert file.split("/")[-1] in message or "editions" in message


@pytest.mark.parametrize(
    "line, expected",
    [
        ("settlements: [[1, 4], [2, 1], [3, 3], [4, 4], [6, 4]]", "Rings I-V"),
        ("settlements: [[1, 4], [2, 1]]", "settlements lists the 5 settlement Sites"),
        ("sentinels: [[5, 1], [5, 1]]", "different Sites"),
    ],
)
def test_a_bad_settlement_or_sentinel_register_is_one_line(copy_of_data, line, expected):
    board = copy_of_data / "board.yaml"
    key = line.split(":")[0]
    board.write_text("\n".join(line if row.startswith(key + ":") else row for row in board.read_text().splitlines()))
    with pytest.raises(UserError) as error:
        Veilwalkers(copy_of_data).load_ruleset("standard")
    assert "\n" not in str(error.value) and expected in str(error.value) and "board.yaml" in str(error.value)


def test_an_unknown_matchup_entry_names_the_deck():
    game = Veilwalkers()
    with pytest.raises(UserError, match="unknown deck 'lamplite'"):
        game.load_matchups(game.load_ruleset("standard"), ["lamplite vs roadfolk"])
    with pytest.raises(UserError, match="Garden deck"):
        game.load_matchups(game.load_ruleset("standard"), ["lamplight"])
