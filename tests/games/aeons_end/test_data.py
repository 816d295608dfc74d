"""Designer data: loading, validation errors, vocabulary codes, the basic nemesis card sets. Each test cites
the rulebook passage (or the public data line) it checks."""

import pytest

from sim.core.errors import UserError
from sim.games.aeons_end import GAME, data, vocab
from sim.games.aeons_end import layout as L


def test_codes_match_vocabulary():
    for prefix, names in (("PS_", vocab.PLAYER_STEPS), ("NS_", vocab.NEMESIS_STEPS),
                          ("TD_", vocab.TO_DISCARD), ("AB_", vocab.ABILITIES),
                          ("END_", vocab.END_REASONS), ("ERR_", vocab.ERROR_CODES)):
        for i, name in enumerate(names):
            assert getattr(vocab, prefix + name.upper()) == i


def test_library_contents():
    """Rulebook, Supply Setup: 'Choose three gems, two relics, and four spells' (27 base market cards)."""
    lib = data.load_library()
    assert len(lib.mages) == 8
    market = [i for i, c in enumerate(lib.player_ids) if lib.pcard[i, 1] > 0]
    assert len(market) == 27
    assert sorted(lib.nemeses) == ["carapace_queen", "crooked_mask", "prince_of_gluttons", "rageborne"]
    assert [len(t) for t in lib.basic_sets["base"]] == [8, 7, 7]


def test_editions_numbers():
    lib = data.load_library()
    assert data.load_rules("normal", lib)[0]["player_life"] == 10
    assert data.load_rules("normal", lib)[0]["gravehold_life"] == 30
    assert data.load_rules("beginner", lib)[0]["player_life"] == 12
    assert data.load_rules("extinction", lib)[0]["expert"] is True
    with pytest.raises(UserError, match="unknown edition"):
        data.load_rules("nightmare", lib)


def test_unknown_effect_step_names_file_and_entry(data_copy):
    target = data_copy
    path = target / "player_cards.yaml"
    path.write_text(path.read_text().replace("effect: [aether 2]}", "effect: [aether_twice 2]}", 1))
    with pytest.raises(UserError) as err:
        data.load_library()
    assert "player_cards.yaml" in str(err.value) and "jade" in str(err.value) and "aether_twice" in str(err.value)


def test_unknown_key_rejected(data_copy):
    target = data_copy
    path = target / "nemeses" / "rageborne.yaml"
    path.write_text(path.read_text().replace("life: 70", "life: 70\nhealth: 3"))
    with pytest.raises(UserError, match="unknown key"):
        data.load_library()


@pytest.mark.parametrize(("delta", "message"), [("deal_group_pairs: 0", "deal_group_pairs must be a positive integer"),
                                                 ("deal_group_varies: nemesis", "deal_group_varies must be one of")])
def test_sampling_design_validated(data_copy, delta, message):
    (data_copy / "editions" / "broken.yaml").write_text(f"base: normal\nrules: {{{delta}}}\n")
    with pytest.raises(UserError, match=message) as err:
        data.load_rules("broken", data.load_library())
    assert "broken.yaml" in str(err.value) and "rules.deal_group" in str(err.value)


# Rulebook, Setup: "Each player takes the starting hand and deck shown on their mage's card" -- a
# designer varies them with an edition's mage_errata, checked as mages.yaml is.
ADELHEIM_SWAPPED = "mage_errata:\n  adelheim:\n    hand: [amethyst_shard, crystal, crystal, crystal, spark]\n" \
                   "    deck: [crystal, crystal, crystal, crystal, spark]\n"


def test_a_mage_variant_is_an_edition_that_plays_the_same_deals(data_copy):
    from sim.core.seating import seats_for
    from sim.core.worker import seed_block
    from sim.games.aeons_end.game import AeonsEnd

    editions = data_copy / "editions"
    (editions / "swapped.yaml").write_text("base: normal\n" + ADELHEIM_SWAPPED)
    (editions / "same.yaml").write_text("base: normal\nmage_errata:\n  adelheim: {ability: {charges: 5}}\n")
    game = AeonsEnd(data_copy)
    normal, same, swapped = (game.load_ruleset(name) for name in ("normal", "same", "swapped"))
    # Aethereal Ward has 5 charges already: the same mage tables
    assert (same.tables["mage"] == normal.tables["mage"]).all() and (same.tables["mage_cards"] == normal.tables["mage_cards"]).all()
    assert swapped.resolved["mages"]["adelheim"]["hand"].count("spark") == 1
    assert swapped.resolved["mages"]["brama"] == normal.resolved["mages"]["brama"]
    entry = "adelheim+brama vs rageborne @standard"
    base_matchup, = game.load_matchups(normal, [entry])
    varied_matchup, = game.load_matchups(swapped, [entry])
    assert varied_matchup.matchup_id == base_matchup.matchup_id  # the same deals, so sim ab pairs them
    bots = seats_for((game.load_policy("greedy_damage"),), base_matchup)
    seeds = seed_block(3, base_matchup, 0, 40)
    before = game.play_batch(normal, base_matchup, bots, seeds)
    unchanged = game.play_batch(same, base_matchup, bots, seeds)
    after = game.play_batch(swapped, varied_matchup, bots, seeds)
    assert all((getattr(before, c) == getattr(unchanged, c)).all() for c in ("winner", "turns", "score"))
    assert not all((getattr(before, c) == getattr(after, c)).all() for c in ("winner", "turns", "score"))


@pytest.mark.parametrize(("errata", "message"), [
    ("  mist:\n    hand: [crystal]\n", "unknown mage 'mist'"),
    ("  adelheim:\n    life: 3\n", "unknown key 'life'"),
    ("  adelheim:\n    hand: [crystal, crystal, crystal, crystal, diamond]\n", "unknown card 'diamond'"),
    ("  adelheim:\n    hand: [crystal, crystal]\n", "hand and deck have five cards each"),
    ("  adelheim:\n    ability: {charges: 9}\n", "ability.charges must be 1..6"),
])
def test_bad_mage_errata_are_one_line_naming_the_edition_file(data_copy, errata, message):
    (data_copy / "editions" / "broken.yaml").write_text("base: normal\nmage_errata:\n" + errata.replace("mist", "misty"))
    with pytest.raises(UserError, match=message.replace("mist", "misty")) as err:
        data.load_rules("broken", data.load_library())
    assert "broken.yaml" in str(err.value) and "mage_errata." in str(err.value)


def test_supply_rule_three_gems(data_copy):
    """Rulebook: 'Choose three gems, two relics, and four spells.'"""
    target = data_copy
    path = target / "supplies" / "standard.yaml"
    path.write_text(path.read_text().replace("gems: [jade, sifters_pearl, clouded_sapphire]", "gems: [jade, sifters_pearl]"))
    lib = data.load_library()
    with pytest.raises(UserError, match="3 gems piles"):
        data.load_supply(lib, "standard")


def test_bad_matchup_and_policy_errors():
    rs = GAME.load_ruleset("normal")
    with pytest.raises(UserError, match="unknown mage"):
        GAME.load_matchups(rs, ["gandalf vs rageborne"])
    with pytest.raises(UserError, match="unknown nemesis"):
        GAME.load_matchups(rs, ["brama vs umbra_titan"])
    with pytest.raises(UserError, match="unknown policy"):
        GAME.load_policy("minimax")


def test_policy_weights_validated(data_copy):
    target = data_copy
    path = target / "policies" / "greedy_damage.yaml"
    path.write_text(path.read_text().replace("\n  charge:", "\n  charges:"))
    with pytest.raises(UserError, match="unknown weight"):
        GAME.load_policy("greedy_damage")


@pytest.mark.parametrize("edit, message", [
    (("candidates: 3", "candidates: 0"), "candidates must be an integer from 1 to 16"),
    (("rollouts: 4", "rollouts: 2.5"), "rollouts must be an integer"),
    (("damage_weight: 0.5", "damage_weight: -1"), "damage_weight must be a non-negative number"),
    (("horizon_rounds: 2", "horizon: 2"), "unknown search parameter 'horizon'"),
    (("base: greedy_fitted", "base: random"), "base must be a greedy plan"),
])
def test_search_parameters_validated(data_copy, edit, message):
    target = data_copy
    path = target / "policies" / "search.yaml"
    text = path.read_text()
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1]))
    with pytest.raises(UserError, match=message) as err:
        GAME.load_policy("search")
    assert "search.yaml" in str(err.value)


def test_search_params_extend_the_base_plan():
    search = GAME.load_policy("search")
    base = GAME.load_policy("greedy_fitted")
    assert search.policy_id == 2 and len(search.params) == len(base.params) + 6
    assert (search.params[:len(base.params)] == base.params).all()


def test_basic_sets_and_or_alternatives_validated(data_copy):
    """Both basic nemesis sets load (8/7/7 each, rulebook table: 4 players need 8 tier 1 basics); `or:` takes
    at most three alternatives (four options: Devil's Pact)."""
    lib = data.load_library()
    assert {k: [len(t) for t in v] for k, v in lib.basic_sets.items()} == {"base": [8, 7, 7], "legacy": [8, 7, 7]}
    pact = lib.nemesis_card_ids.index("devils_pact")
    assert lib.ncard[pact, L.NC_ALTERNATIVES] == 3 and lib.ncard[pact, L.NC_HAS_OR] == 1
    target = data_copy
    path = target / "nemesis_basic_legacy.yaml"
    text = path.read_text()
    old = "or: [[gravehold 6], [target_any, suffer 5]]"
    assert old in text
    path.write_text(text.replace(old, "or: [[gravehold 6], [gravehold 5], [gravehold 4], [target_any, suffer 5]]"))
    with pytest.raises(UserError, match="at most 3 OR alternatives") as err:
        data.load_library()
    assert "nemesis_basic_legacy.yaml" in str(err.value) and "divide" in str(err.value)


def test_legacy_set_loads_22_cards_8_7_7():
    """Data §6b lists T1 8 cards, T2 7, T3 7 (its header says 24: the discrepancy is noted in the YAML header
    and RULES.md); rulebook table 'Tier 1 | 1 | 3 | 5 | 8' needs 8 tier 1 basics for 4 players."""
    lib = data.load_library()
    legacy = lib.basic_sets["legacy"]
    assert [len(t) for t in legacy] == [8, 7, 7]
    names = sorted(lib.nemesis_card_names[c] for tier in legacy for c in tier)
    assert len(names) == 22 and "Devil's Pact" in names and "Void Strays" in names
    for t, tier in enumerate(legacy):
        assert all(int(lib.ncard[c, L.NC_TIER]) == t + 1 for c in tier)
    # the base set and the nemeses keep the card ids they had before the Legacy set came
    assert lib.nemesis_card_ids[0] == "agony_field"
    assert min(c for tier in legacy for c in tier) > max(c for n in lib.nemeses.values() for c in n["own"])


def test_legacy_numbers_are_the_data_numbers():
    """Data §6b: 'Coal Welp, type: minion, life: 3, shields: 2'; 'Pale Reckoner ... life: 8, shields: 4';
    'Chaos Orb, type: power, power: 3, to_discard: "spend 6 Æ"'; 'Crushing Storm ... power: 1, to_discard:
    "destroy two opened breaches"'; 'Void Strays, type: minion, life: 13'."""
    lib = data.load_library()

    def row(cid):
        return lib.ncard[lib.nemesis_card_ids.index(cid)]

    assert (row("coal_welp")[L.NC_LIFE], row("coal_welp")[L.NC_SHIELDS]) == (3, 2)
    assert (row("pale_reckoner")[L.NC_LIFE], row("pale_reckoner")[L.NC_SHIELDS]) == (8, 4)
    assert (row("chaos_orb")[L.NC_POWER], row("chaos_orb")[L.NC_TD_AMOUNT]) == (3, 6)
    assert (row("crushing_storm")[L.NC_POWER], row("crushing_storm")[L.NC_TD_AMOUNT]) == (1, 2)
    assert row("void_strays")[L.NC_LIFE] == 13


def test_bad_basic_nemesis_set_rejected_in_one_line(data_copy):
    """A designer error names the file, the entry and the rule in one line (sim/core/errors.py)."""
    target = data_copy
    path = target / "rules.yaml"
    path.write_text(path.read_text().replace("basic_nemesis_set: legacy", "basic_nemesis_set: wave6"))
    with pytest.raises(UserError) as err:
        data.load_rules("normal", data.load_library())
    text = str(err.value)
    assert "\n" not in text and "rules.yaml" in text and "basic_nemesis_set" in text
    assert "must be one of base, legacy" in text and "wave6" in text
    path.write_text(path.read_text().replace("basic_nemesis_set: wave6", "basic_nemesis_set: legacy"))
    (target / "editions" / "broken.yaml").write_text("base: normal\nrules: {basic_nemesis_set: upgraded}\n")
    with pytest.raises(UserError) as err:
        data.load_rules("broken", data.load_library())
    assert "broken.yaml: rules.basic_nemesis_set:" in str(err.value) and "upgraded" in str(err.value)
    with pytest.raises(UserError, match="basic_nemesis_set must be one of"):
        GAME.load_ruleset("normal", "upgraded")


def test_legacy_file_must_declare_its_set(data_copy):
    target = data_copy
    path = target / "nemesis_basic_legacy.yaml"
    path.write_text(path.read_text().replace("set: legacy", "set: base"))
    with pytest.raises(UserError, match="set must be 'legacy'") as err:
        data.load_library()
    assert "nemesis_basic_legacy.yaml" in str(err.value)


@pytest.mark.parametrize(("edit", "message"), [
    (("  - {id: cleave,", "  # - {id: cleave,"), "a nemesis has exactly nine cards"),
    (("{id: cleave, name: Cleave, tier: 1", "{id: cleave, name: Cleave, tier: 2"), "three cards of each tier"),
])
def test_a_nemesis_has_nine_cards_three_per_tier(data_copy, edit, message):
    """Rulebook, Nemesis Setup: 'Each nemesis has nine nemesis specific cards ... separate them into three piles
    of three cards according to the card's tier.'"""
    path = data_copy / "nemeses" / "rageborne.yaml"
    text = path.read_text()
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1]))
    with pytest.raises(UserError, match=message) as err:
        data.load_library()
    assert "rageborne.yaml" in str(err.value) and "\n" not in str(err.value)


def test_unleash_reading_validated(data_copy):
    """A rule variant is data (rules.yaml / editions/); a bad value is one line naming the file and entry."""
    lib = data.load_library()
    assert data.load_rules("normal", lib)[0]["unleash_devours_from"] == "least_expensive_pile"  # as printed
    assert data.load_rules("normal-nonempty-unleash", lib)[0]["unleash_devours_from"] == "least_expensive_nonempty_pile"
    (data_copy / "editions" / "broken.yaml").write_text("base: normal\nrules: {unleash_devours_from: most_expensive_pile}\n")
    with pytest.raises(UserError, match="unleash_devours_from must be one of") as err:
        data.load_rules("broken", lib)
    assert "broken.yaml: rules.unleash_devours_from:" in str(err.value) and "\n" not in str(err.value)
    assert data.load_rules("normal", lib)[0]["corruption_shuffle"] == "discard_under_deck"
    assert data.load_rules("normal-whole-deck-shuffle", lib)[0]["corruption_shuffle"] == "whole_deck"
    (data_copy / "editions" / "broken.yaml").write_text("base: normal\nrules: {corruption_shuffle: all}\n")
    with pytest.raises(UserError, match="corruption_shuffle must be one of") as err:
        data.load_rules("broken", lib)
    assert "broken.yaml: rules.corruption_shuffle:" in str(err.value) and "\n" not in str(err.value)
