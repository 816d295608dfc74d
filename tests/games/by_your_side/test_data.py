"""By Your Side's designer data: loading, the rulebook's numbers, every named card, one-line errors."""

import shutil

import pytest

from sim.core.errors import UserError
from sim.games.by_your_side import data, vocab
from sim.games.by_your_side.game import ByYourSide

NAMED_CARDS = ("humming_bee_breath", "respite", "marked", "mental_chains", "garnet", "citrine_shard", "quartz_shard",
               "doubt", "exhaustion", "anger", "foresight", "stagger", "stun", "kenneths_watch", "watcher", "echo",
               "angel", "event", "prophecy", "catharsis")


@pytest.fixture
def copy_of_data(tmp_path):
    folder = tmp_path / "by_your_side"
    shutil.copytree(data.DATA_DIR, folder)
    return folder


def test_every_scenario_loads_as_a_two_seat_team():
    """"2 players" / "This prototype ... contains the first three scenarios of the Jolene and Rosi campaign" /
    "Free Play is not part of it." Each scenario is a matchup of one side (the team) with two seats, Jolene's
    and Rosi's."""
    game = ByYourSide()
    ruleset = game.load_ruleset("standard")
    matchups = game.load_matchups(ruleset, ["all_scenarios"])
    assert [m.matchup_id for m in matchups] == ["scenario_1", "scenario_2", "scenario_3"]
    for m in matchups:
        assert m.cooperative and m.players == 2 and m.seating.sides == 1 and m.slot_labels == ("jolene", "rosi")
    other = game.load_matchups(ruleset, ["scenario_2 with jolene_starter+rosi_starter"])[0]
    assert other.matchup_id == "scenario_2_with_jolene_starter+rosi_starter" and other.matchup_hash != matchups[1].matchup_hash
    assert all(any(a.startswith(f"scenario {s}: ") for a in ruleset.assumed) for s in ("scenario_1", "scenario_2", "scenario_3"))


def test_every_card_the_rulebook_names_is_in_the_library():
    """Cards the rulebook names keep what it says: Humming Bee Breath gives Energy, Respite is a Sigil, Marked and
    Mental Chains go on a Threat, Garnet / Citrine Shard / Quartz Shard are Charms, Doubt and Exhaustion are
    Intrusive thoughts, the Watcher is Apex, Severance is a subtype of Action."""
    library = data.load_library()
    for name in NAMED_CARDS:
        assert name in library.card_ids, name
    cards = library.cards
    assert cards["humming_bee_breath"]["play"][0]["op"] == "gain_energy"
    assert cards["respite"]["type"] == "sigil" and cards["marked"]["attach"] and cards["mental_chains"]["attach"]
    assert all(cards[c]["type"] == "charm" for c in ("garnet", "citrine_shard", "quartz_shard"))
    assert cards["doubt"]["type"] == cards["exhaustion"]["type"] == "intrusive"
    assert cards["watcher"]["apex"] and not cards["echo"].get("apex")
    assert cards["severing_word"]["subtype"] == "severance" and cards["severing_word"]["type"] == "action"
    assert all(f.get("assumed") and f.get("reason") for n, f in cards.items() if n not in ("event", "angel"))


def test_both_boards_have_five_chakras_and_the_stated_numbers():
    """"Each character board has five chakras: Crown, Third Eye, Heart, Sacral and Root" / "8 for Jolene, 9 for
    Rosi" / Jolene's Prophecy, Rosi's Catharsis."""
    library = data.load_library()
    jolene, rosi = library.characters
    assert jolene["stability"] == 8 and rosi["stability"] == 9
    names = library.card_names
    assert [names[c] for c in jolene["chakras"]] == ["crown", "jolene_third_eye", "heart", "sacral", "root"]
    assert [names[c] for c in rosi["chakras"]] == ["crown", "rosi_third_eye", "heart", "sacral", "root"]
    assert names[jolene["full_focus"]] == "prophecy" and names[rosi["full_focus"]] == "catharsis"


def test_the_standard_edition_has_the_rulebooks_numbers():
    """"hand limit (5)", "more than 7 Threats", "limited to three Threats", "at most 2 Talismans", "up to 3
    Sigils", "pay 2 Energy to focus", "every third Player Phase", "the other player gains 1 Energy", "2 Charms and
    1 Talisman"."""
    rules = ByYourSide().load_ruleset("standard").tables.resolved["rules"]
    assert {k: rules[k] for k in ("hand_limit", "threshold_limit", "surge_limit", "talisman_limit", "sigil_limit",
                                  "chakra_cost", "cooldown_phases", "support_energy", "offering_charms",
                                  "offering_talismans")} == {
        "hand_limit": 5, "threshold_limit": 7, "surge_limit": 3, "talisman_limit": 2, "sigil_limit": 3,
        "chakra_cost": 2, "cooldown_phases": 3, "support_energy": 1, "offering_charms": 2, "offering_talismans": 1}
    game = ByYourSide()
    for edition in game.editions():
        game.load_ruleset(edition)
    assert game.load_ruleset("surge-2").ruleset_hash != game.load_ruleset("standard").ruleset_hash


def test_unknown_trigger_names_are_one_line_errors(copy_of_data):
    """Triggered effects "begin with phrases such as:" (blank list); the effect slots are vocab.EFFECT_SLOTS and a
    name outside them is an error naming the file and the card."""
    path = copy_of_data / "cards.yaml"
    path.write_text(path.read_text().replace("    end_of_phase: [{op: gain_stability", "    at_dusk: [{op: gain_stability"))
    with pytest.raises(UserError) as error:
        ByYourSide(copy_of_data).load_ruleset("standard")
    assert "cards.respite: unknown field 'at_dusk'" in str(error.value) and "\n" not in str(error.value)
    assert set(vocab.EFFECT_SLOTS) >= {"when_revealed", "when_weakened", "reward", "in_hand", "when_focused"}


BAD = [
    ("cards.yaml", ("strength: 3\n    copies: 8", "strength: -3\n    copies: 8"), "cards.fear.strength: must be a whole number"),
    ("cards.yaml", ("play: [{op: gain_energy, amount: 2, target: self}]", "play: [{op: gain_enrgy, amount: 2}]"),
     "unknown op 'gain_enrgy'; did you mean 'gain_energy'?"),
    ("cards.yaml", ("play: [{op: gain_energy, amount: 2, target: self}]", "play: [{op: gain_energy, amount: 2, range: 3}]"),
     "op gain_energy takes no field 'range'"),
    ("cards.yaml", ("play: [{op: gain_energy, amount: 2, target: self}]", "play: [{op: gain_energy, target: both}]"),
     "target must be one of"),
    ("cards.yaml", ("    reason: \"invented Manifestation\"\n", "    reason: \"\"\n"), "assumed data needs a reason"),
    ("cards.yaml", ("  mirror_pool:\n    name: Mirror Pool\n    type: environment\n",
                    "  mirror_pool:\n    name: Mirror Pool\n    type: environment\n    retrieve: 2\n"),
     "Environment cards can't be retrieved"),
    ("decks.yaml", ("glimpse: 3, marked: 1}", "glimpse: 3, markd: 1}"), "unknown card 'markd'; did you mean 'marked'?"),
    ("decks.yaml", ("glimpse: 3, marked: 1}", "glimpse: 3, fear: 1}"), "'fear' is a manifestation card"),
    ("decks.yaml", ('scenario_1: ["scenario_1"]', 'scenario_1: ["scenario_9"]'), "unknown scenario 'scenario_9'"),
    ("scenarios/scenario_1.yaml", ("focused: [2, 3, 4, 5, deck]", "focused: [1, 2, 3, 4, 5, deck]"),
     "unknown Focus box 1"),
    ("scenarios/scenario_1.yaml", ("    card: banish\n", "    card: burn\n"), "card must be one of banish, shuffle, bottom"),
    ("scenarios/scenario_1.yaml", ("reserve: 2", "reserve: many"), "reserve: must be a whole number"),
    ("scenarios/scenario_3.yaml", ("card: watcher_second_stage", "card: watcher_third_stage"),
     "unknown card 'watcher_third_stage'"),
    ("characters.yaml", ("stability: 8", "stability: 0"), "characters.jolene.stability: must be a whole number"),
    ("characters.yaml", ("full_focus: prophecy", "full_focus: crown"), "'crown' is not an ability card"),
    ("editions/standard.yaml", ("surge_limit: 3", "surge_limit: 9"), "rules.surge_limit: must be a whole number from 1 to 5"),
    ("editions/surge-2.yaml", ("base: standard", "base: standrad"), "unknown edition 'standrad'; did you mean 'standard'?"),
    ("editions/surge-2.yaml", ("surge_limit: 2", "surge_limmit: 2"), "unknown rule 'surge_limmit'; did you mean 'surge_limit'?"),
    ("policies/guardian.yaml", ("banish: 2.0", "banish: .nan"), "finite number"),
    ("policies/guardian.yaml", ("kind: greedy", "kind: greedier"), "unknown bot kind 'greedier'"),
    ("policies/guardian.yaml", ("  scout: 0.3\n", ""), "missing weight(s) scout"),
    ("campaign.yaml", ("scenarios: [scenario_1, scenario_2, scenario_3]", "scenarios: [scenario_1, scenario_5]"),
     "unknown scenario 'scenario_5'"),
    ("campaign.yaml", ("replay_charms: [garnet, citrine_shard, quartz_shard]", "replay_charms: [garnet, stun]"),
     "'stun' is not a Charm"),
    ("campaign.yaml", ("attempts: 5", "attempts: 0"), "campaigns.campaign.attempts: must be a whole number"),
    ("scenarios/scenario_1.yaml", ("status: held_the_memory, by: team", "status: held_the_memry, by: team"),
     "unknown Status 'held_the_memry'; did you mean 'held_the_memory'?"),
    ("scenarios/scenario_2.yaml", ("status: rosi_kept_the_letter, by: rosi", "status: rosi_kept_the_letter, by: both"),
     "by must be one of team, jolene, rosi"),
]


@pytest.mark.parametrize("file, change, expected", BAD, ids=[f"{b[0]}:{b[2][:30]}" for b in BAD])
def test_bad_data_is_one_line_naming_file_and_entry(copy_of_data, file, change, expected):
    """Bad input: one line `error: <file>: <entry>: <rule>` (a UserError), never a traceback."""
    path = copy_of_data / file
    text = path.read_text()
    assert change[0] in text, change[0]
    path.write_text(text.replace(change[0], change[1], 1))
    game = ByYourSide(copy_of_data)
    with pytest.raises(UserError) as error:
        edition = "surge-2" if "surge-2" in file else "standard"
        ruleset = game.load_ruleset(edition)
        game.load_matchups(ruleset, game.matchup_sets())
        game.load_policy("guardian")
    message = str(error.value)
    assert "\n" not in message and expected in message, message
    assert file.split("/")[-1] in message or "editions" in message or "scenario_9" in message


def test_an_unknown_matchup_entry_names_the_scenario_or_deck():
    game = ByYourSide()
    ruleset = game.load_ruleset("standard")
    with pytest.raises(UserError, match="unknown scenario 'scenario_7'"):
        game.load_matchups(ruleset, ["scenario_7"])
    with pytest.raises(UserError, match="unknown deck 'jolene_startr'; did you mean 'jolene_starter'"):
        game.load_matchups(ruleset, ["scenario_1 with jolene_startr+rosi_starter"])


def test_a_deck_variant_is_an_edition_that_plays_the_same_deals(copy_of_data):
    """Issue 20 item 1: "deck variants (a deck variant plays the same deals as the deck it varies)". The Journal
    keeps "the cards in each player's deck at the start of a scenario"; an edition's deck_errata set a card's
    copies there (0 removes it) and the deck keeps its name, so its matchups keep their ids."""
    from sim.core.seating import seats_for
    from sim.core.worker import seed_block

    (copy_of_data / "editions" / "more-marked.yaml").write_text(
        "base: standard\ndeck_errata:\n  jolene_starter:\n    cards: {marked: 2, glimpse: 2}\n")
    (copy_of_data / "editions" / "same.yaml").write_text(
        "base: standard\ndeck_errata:\n  jolene_starter:\n    cards: {marked: 1}\n")
    game = ByYourSide(copy_of_data)
    standard, same, varied = (game.load_ruleset(name) for name in ("standard", "same", "more-marked"))
    assert varied.resolved["decks"]["jolene_starter"]["marked"] == 2 and "glimpse" in varied.resolved["decks"]["jolene_starter"]
    assert varied.resolved["decks"]["rosi_starter"] == standard.resolved["decks"]["rosi_starter"]
    base_matchup, = game.load_matchups(standard, ["scenario_1"])
    same_matchup, = game.load_matchups(same, ["scenario_1"])
    varied_matchup, = game.load_matchups(varied, ["scenario_1"])
    assert varied_matchup.matchup_id == base_matchup.matchup_id and varied_matchup.matchup_hash != base_matchup.matchup_hash
    assert same_matchup.matchup_hash == base_matchup.matchup_hash
    bots = seats_for((game.load_policy("guardian"),), base_matchup)
    seeds = seed_block(5, base_matchup, 0, 40)
    before = game.play_batch(standard, base_matchup, bots, seeds)
    unchanged = game.play_batch(same, same_matchup, bots, seeds)
    after = game.play_batch(varied, varied_matchup, bots, seeds)
    assert all((getattr(before, c) == getattr(unchanged, c)).all() for c in ("winner", "turns", "rounds"))
    assert not all((getattr(before, c) == getattr(after, c)).all() for c in ("winner", "turns", "rounds"))


@pytest.mark.parametrize(("errata", "expected"), [
    ("  jolene_startr:\n    cards: {marked: 2}\n", "deck_errata.jolene_startr: errata for unknown deck 'jolene_startr'"),
    ("  jolene_starter:\n    size: 3\n", "deck_errata.jolene_starter: unknown deck field 'size'"),
    ("  jolene_starter:\n    cards: {mrked: 2}\n", "deck_errata.jolene_starter.cards: unknown card 'mrked'"),
    ("  jolene_starter:\n    cards: {marked: -1}\n", "deck_errata.jolene_starter.cards.marked: must be a whole number"),
])
def test_bad_deck_errata_are_one_line_naming_the_edition_file(copy_of_data, errata, expected):
    (copy_of_data / "editions" / "broken.yaml").write_text("base: standard\ndeck_errata:\n" + errata)
    with pytest.raises(UserError) as error:
        ByYourSide(copy_of_data).load_ruleset("broken")
    message = str(error.value)
    assert "\n" not in message and "broken.yaml" in message and expected in message, message
