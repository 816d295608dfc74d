"""Legacy of Gravehold basic nemesis cards (decks/aeons_end/nemesis_basic_legacy.yaml): one scenario per new
mechanic, deck construction by basic set, and the loader. Each test cites the rulebook passage or the line of
the public data (`../shared/data/aeons-end-public-data.md` §6b) it checks."""


import pytest

from sim.core.errors import UserError
from sim.games.aeons_end import GAME, data
from sim.games.aeons_end import engine as E
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.codes import NS_PLAYERS_LOSE_CHARGES
from sim.games.aeons_end.scenario import Scenario

ENTRY = "adelheim+brama vs rageborne"   # Rageborne's Unleash only adds Fury: Unleashes are easy to count
TEAMS = {1: "brama", 2: "adelheim+brama", 3: "adelheim+brama+kadir", 4: "adelheim+brama+kadir+mist"}


def fresh(entry=ENTRY, **kw):
    sc = Scenario.new(entry, advance=False, **kw)
    sc.set("G_FURY", 0)                 # no Rageborne Strike (4 Fury) inside a test turn
    return sc


def life(sc):
    return [sc.player(p)["life"] for p in range(sc.matchup.players)]


def own_ten(sc, p):
    """A test hand shorter than five leaves the player owning fewer than the ten starting cards (invariant 9):
    pad the discard pile with Crystals."""
    owned = sc.get_player(p, "P_OWNED") + sc.player(p)["destroyed"]
    if owned < 10:
        sc.set_discard(p, sc.player(p)["discard_bottom_first"] + ["crystal"] * (10 - owned))


def deck_ids(sc):
    n = sc.get("G_NEMESIS_DECK_LEN")
    return [int(c) for c in sc.s[L.NEMESIS_DECK_BASE:L.NEMESIS_DECK_BASE + n]]


# ---------------------------------------------------------------------------------------- data and setup
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


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_legacy_deck_builds_for_every_player_count(players):
    """Rulebook, Nemesis Deck Construction: '| Tier 1 | 1 | 3 | 5 | 8 | / | Tier 2 | 3 | 5 | 6 | 7 | / | Tier 3
    | 7 | 7 | 7 | 7 |' added to the nine nemesis cards; the default set is the Legacy box's."""
    sc = fresh(f"{TEAMS[players]} vs rageborne")
    lib = sc.lib
    table = {1: (1, 3, 7), 2: (3, 5, 7), 3: (5, 6, 7), 4: (8, 7, 7)}[players]
    deck = deck_ids(sc)
    assert len(deck) == 9 + sum(table)
    legacy = [set(t) for t in lib.basic_sets["legacy"]]
    for t in range(3):
        assert sum(1 for c in deck if c in legacy[t]) == table[t]
    assert not set(deck) & {c for t in lib.basic_sets["base"] for c in t}
    assert sc.invariants() == 0


def test_default_set_is_legacy_and_base_game_basics_uses_the_base_set():
    """Rulebook, Nemesis Setup: 'some basic cards are included in each nemesis deck' (the Legacy box's own);
    the edition base-game-basics swaps in the base game's 22 basics; the other editions keep the default."""
    lib = data.load_library()
    base = {c for t in lib.basic_sets["base"] for c in t}
    legacy = {c for t in lib.basic_sets["legacy"] for c in t}
    for edition in ("normal", "expert", "extinction", "beginner", "normal-turn-order-varies", "normal-deal-varies"):
        assert data.load_rules(edition)["basic_nemesis_set"] == "legacy"
        deck = set(deck_ids(Scenario.new(ENTRY, edition=edition, advance=False)))
        assert deck & legacy and not deck & base
    assert data.load_rules("base-game-basics")["basic_nemesis_set"] == "base"
    deck = set(deck_ids(Scenario.new(ENTRY, edition="base-game-basics", advance=False)))
    assert deck & base and not deck & legacy



def test_bad_basic_nemesis_set_rejected_in_one_line(data_copy):
    """A designer error names the file, the entry and the rule in one line (sim/core/errors.py)."""
    target = data_copy
    path = target / "rules.yaml"
    path.write_text(path.read_text().replace("basic_nemesis_set: legacy", "basic_nemesis_set: wave6"))
    with pytest.raises(UserError) as err:
        data.load_rules("normal")
    text = str(err.value)
    assert "\n" not in text and "rules.yaml" in text and "basic_nemesis_set" in text
    assert "must be one of base, legacy" in text and "wave6" in text
    path.write_text(path.read_text().replace("basic_nemesis_set: wave6", "basic_nemesis_set: legacy"))
    eds = target / "editions.yaml"
    eds.write_text(eds.read_text() + "  broken: {basic_nemesis_set: upgraded}\n")
    with pytest.raises(UserError) as err:
        data.load_rules("broken")
    assert "editions.yaml: broken:" in str(err.value) and "upgraded" in str(err.value)
    with pytest.raises(UserError, match="basic_nemesis_set must be one of"):
        GAME.load_ruleset("normal", "upgraded")


def test_legacy_file_must_declare_its_set(data_copy):
    target = data_copy
    path = target / "nemesis_basic_legacy.yaml"
    path.write_text(path.read_text().replace("set: legacy", "set: base"))
    with pytest.raises(UserError, match="set must be 'legacy'") as err:
        data.load_library()
    assert "nemesis_basic_legacy.yaml" in str(err.value)


# ---------------------------------------------------------------------------------------- fire tokens
def test_fire_token_added_and_ten_lose():
    """Rulebook, Fire Tokens: 'The players immediately lose the game if there are 10 or more fire tokens on
    your location on the map.' Data: 'Coal Welp ... persistent: "Unleash; add a fire token"'."""
    sc = fresh()
    sc.put_in_play("coal_welp")
    sc.set_nemesis_deck(["chaos_orb", "chaos_orb"])
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 1 and sc.get("G_UNLEASHES") == 1 and sc.status()[0] == "running"
    assert sc.invariants() == 0
    sc.set("G_FIRE", 9)
    sc.set("G_FURY", 0)
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 10
    assert sc.status() == ("lost", "fire_tokens")


def test_fire_is_not_damage_prevented_by_auspex_rune():
    """Rulebook, Game Terms: fire tokens 'track how much damage has been done to the location' — they are
    tokens, not damage suffered by players or Gravehold, so Phaedraxa's prevention leaves them (assumed)."""
    sc = fresh()
    sc.set("G_PREVENT_DAMAGE", 1)
    sc.put_in_play("impending_immolation", power=1)   # POWER: Unleash; Gravehold suffers 3; add a fire token
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 1 and sc.get("G_GRAVEHOLD") == 30


def test_spreading_inferno_fire_if_three_or_fewer_else_unleash():
    """Data: 'Spreading Inferno ... effect: "Unleash twice; add a fire token if <=3 on your location, else
    Unleash again"'."""
    for fire, expect_fire, unleashes in ((3, 4, 2), (4, 4, 3)):
        sc = fresh()
        sc.set("G_FIRE", fire)
        sc.put_in_play("spreading_inferno", power=1)
        sc.set_nemesis_deck(["chaos_orb"])
        sc.nemesis_turn()
        assert (sc.get("G_FIRE"), sc.get("G_UNLEASHES")) == (expect_fire, unleashes)


def test_consume_fire_token_when_the_discard_costs_two_or_less():
    """Data: 'Consume, type: attack, effect: "Unleash; any player suffers 2 and discards a card; fire token if
    that card costs <=2"'. Team rule: discard a card costing 3+ when held (no fire token)."""
    sc = fresh()
    sc.set_hand(0, ["crystal", "jade"])
    sc.set_hand(1, ["crystal"])
    sc.set_nemesis_deck(["consume"])
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 1 and life(sc) == [8, 10]
    assert sc.player(0)["hand"] == ["jade"]           # the cheapest card (Crystal, cost 0) went: fire
    sc = fresh()
    sc.set_hand(0, ["crystal", "vriswood_amber", "ignite"])
    own_ten(sc, 0)
    sc.set_nemesis_deck(["consume"])
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 0 and sc.player(0)["hand"] == ["crystal", "ignite"]
    assert sc.get("G_NEMESIS_DISCARD") == 1 and sc.invariants() == 0


def test_incinerate_fire_token_per_remaining_card_costing_two_or_more():
    """Data: 'Incinerate ... "Unleash twice; holder of the most expensive card in hand suffers 2 and discards
    3; fire token per remaining card costing >=2"'."""
    sc = fresh()
    sc.set_hand(0, ["crystal", "jade"])
    sc.set_hand(1, ["consuming_void", "ignite", "jade", "jade", "sifters_pearl", "crystal"])
    sc.set_nemesis_deck(["incinerate"])
    sc.nemesis_turn()
    # Brama holds the most expensive card (7): suffers 2, discards her 3 costliest; jade, jade remain (2 each)
    assert life(sc) == [10, 8] and sorted(sc.player(1)["hand"]) == ["crystal", "jade", "jade"]
    assert sc.get("G_FIRE") == 2 and sc.get("G_UNLEASHES") == 2


def test_void_strays_and_ruin_or_weigh_fire_as_three_gravehold_damage():
    """Rulebook, "OR" effects: 'you may choose either option, unless you cannot fully resolve one of them.'
    Data: 'Ruin ... "Unleash twice + Gravehold suffers 3 OR Unleash twice + add a fire token"', 'Void Strays ...
    "any player suffers 3 OR Unleash and add 2 fire tokens"'. Team: one fire token weighs 3 Gravehold damage
    (a tenth of a loss vs a thirtieth), ties to the first option."""
    sc = fresh()
    sc.set_nemesis_deck(["ruin"])
    sc.nemesis_turn()
    assert (sc.get("G_GRAVEHOLD"), sc.get("G_FIRE")) == (27, 0)
    sc = fresh()
    sc.put_in_play("void_strays")
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert life(sc) == [7, 10] and sc.get("G_FIRE") == 0


# ---------------------------------------------------------------------------------------- banish
def test_banished_minion_does_not_reach_the_nemesis_discard():
    """Rulebook, Banished: 'When a card is banished, place it in the banished section of the game box.' Within
    one game the card leaves it (assumed); data: 'Cosmopod Horror ... special: "banished when discarded"'."""
    sc = fresh()
    sc.put_in_play("cosmopod_horror", life=1)
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=1))
    assert sc.in_play() == []
    assert sc.get("G_NEMESIS_DISCARD") == 0 and sc.get("G_DESTROYED_NEMESIS") == 1
    assert sc.get("G_LAST_DISCARDED_MINION") == -1    # Awaken finds nothing to return
    assert sc.invariants() == 0


def test_banish_this_power_and_attack_leave_the_game():
    """Data: 'Collapsing Comet ... effect: "Unleash twice; Gravehold suffers 3; banish this"', 'Foggy Miasma
    ... "any player discards 3 cards and suffers 2; banish this"'."""
    sc = fresh()
    sc.put_in_play("collapsing_comet")             # POWER 1
    sc.set_nemesis_deck(["foggy_miasma"])
    sc.set_hand(0, ["crystal", "crystal", "crystal", "jade"])
    own_ten(sc, 0)
    sc.nemesis_turn()
    assert sc.get("G_UNLEASHES") == 2 and sc.get("G_GRAVEHOLD") == 27
    assert sc.player(0)["hand"] == ["jade"] and life(sc) == [8, 10]
    assert sc.get("G_NEMESIS_DISCARD") == 0 and sc.get("G_DESTROYED_NEMESIS") == 2
    assert sc.in_play() == [] and sc.invariants() == 0


def test_banish_this_power_discarded_by_to_discard_goes_to_the_discard_pile():
    """Rulebook: 'If a power card is discarded this way, its effect is not resolved.' Data: 'Collapsing Comet
    ... to_discard: "discard 4 cards in hand"'."""
    sc = fresh()
    sc.put_in_play("collapsing_comet")
    sc.set_active(0)
    sc.set_hand(0, ["crystal", "crystal", "crystal"])
    assert sc.action("to_discard", slot=0) not in sc.legal()
    sc.set_hand(0, ["crystal", "crystal", "crystal", "spark"])
    sc.apply(sc.action("to_discard", slot=0))
    assert sc.in_play() == [] and sc.player(0)["hand"] == []
    assert sc.get("G_NEMESIS_DISCARD") == 1 and sc.get("G_DESTROYED_NEMESIS") == 0


# ---------------------------------------------------------------------------------------- arrivals
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_cosmopod_horror_suffers_damage_equal_to_player_count_on_arrival(players):
    """Rulebook, Minion Card Example: 'It comes into play with 6 life, but the immediate effect deals it 2
    damage since there are two players in the game.' Data: 'Cosmopod Horror ... life: 8 ... on arrival suffers
    dmg = player count'."""
    sc = fresh(f"{TEAMS[players]} vs rageborne")
    sc.set_nemesis_deck(["cosmopod_horror"])
    sc.nemesis_turn()
    assert sc.in_play() == [{"card": "cosmopod_horror", "life": 8 - players, "power": 0, "shields": 0}]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_pale_reckoner_loses_one_shield_per_player_on_arrival(players):
    """Rulebook, shields: 'that minion comes into play with the number of shield tokens indicated'. Data:
    'Pale Reckoner ... life: 8, shields: 4, special: "on arrival loses 1 shield per player"'."""
    sc = fresh(f"{TEAMS[players]} vs rageborne")
    sc.set_nemesis_deck(["pale_reckoner"])
    sc.nemesis_turn()
    assert sc.in_play() == [{"card": "pale_reckoner", "life": 8, "power": 0, "shields": 4 - players}]


def test_pale_reckoner_persistent_suffer_and_fire():
    """Data: 'Pale Reckoner ... persistent: "any player suffers 2; add a fire token"'; rulebook: 'Remove only
    one shield token each time a source deals damage'."""
    sc = fresh()
    sc.set_nemesis_deck(["pale_reckoner", "chaos_orb"])
    sc.nemesis_turn()
    E.damage_target(sc.s, sc.T, 1, 5, 0)
    assert sc.in_play()[0]["shields"] == 1 and sc.in_play()[0]["life"] == 8
    sc.nemesis_turn()
    assert life(sc) == [8, 10] and sc.get("G_FIRE") == 1


# ---------------------------------------------------------------------------------------- other new steps
def test_disorient_gravehold_suffers_two_if_a_gem_was_discarded():
    """Data: 'Disorient ... "Unleash; any player suffers 1 and discards a card; Gravehold suffers 2 if it was a
    gem"'. Team rule: a non-gem is discarded when held."""
    sc = fresh()
    sc.set_hand(0, ["crystal", "jade"])
    sc.set_nemesis_deck(["disorient"])
    sc.nemesis_turn()
    assert sc.get("G_GRAVEHOLD") == 28 and sc.player(0)["hand"] == ["jade"] and life(sc) == [9, 10]
    sc = fresh()
    sc.set_hand(0, ["crystal", "ignite"])
    sc.set_nemesis_deck(["disorient"])
    sc.nemesis_turn()
    assert sc.get("G_GRAVEHOLD") == 30 and sc.player(0)["hand"] == ["crystal"]


@pytest.mark.parametrize(("spell", "follow_up"), [("ignite", True), ("dark_fire", False)])
def test_demolishing_void_destroys_the_costliest_prepped_spell(spell, follow_up):
    """Data: 'Demolishing Void, type: power, power: 2, effect: "Unleash; owner of the most expensive prepped
    spell destroys it; if it cost <=4, Unleash and any player suffers 3; banish this"' (Ignite costs 4, Dark
    Fire 5)."""
    sc = fresh()
    sc.prep(0, 0, "spark")
    sc.prep(1, 0, spell)
    sc.put_in_play("demolishing_void", power=1)
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.player(1)["prepped"] == [] and sc.player(1)["destroyed"] == 1
    assert sc.player(0)["prepped"] == [("spark", 0)]
    assert sc.get("G_UNLEASHES") == (2 if follow_up else 1)
    assert life(sc) == ([7, 10] if follow_up else [10, 10])
    assert sc.get("G_DESTROYED_NEMESIS") == 1 and sc.invariants() == 0


def test_demolishing_void_without_prepped_spells_only_unleashes():
    """Rulebook: 'If a nemesis card forces you to resolve an effect that cannot be fully resolved, resolve as
    much of that effect as possible.' No prepped spell: no 'it' whose cost could be 4 or less (assumed)."""
    sc = fresh()
    sc.put_in_play("demolishing_void", power=1)
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.get("G_UNLEASHES") == 1 and life(sc) == [10, 10]


def test_eviscerate_destroys_the_most_expensive_card_in_hand():
    """Data: 'Eviscerate ... "Unleash twice; any player suffers 2 and destroys their most expensive card in
    hand; banish this"'."""
    sc = fresh()
    sc.set_hand(0, ["crystal", "ignite", "jade"])
    own_ten(sc, 0)
    sc.set_nemesis_deck(["eviscerate"])
    sc.nemesis_turn()
    me = sc.player(0)
    assert me["hand"] == ["crystal", "jade"] and me["destroyed"] == 1 and me["life"] == 8
    assert sc.get("G_DESTROYED_NEMESIS") == 1 and sc.invariants() == 0


def test_hex_of_destruction_destroys_the_top_four_of_a_deck():
    """Data: 'Hex of Destruction ... "Unleash twice; Gravehold suffers 4; any player destroys top 4 of their
    deck"' (the player with the most cards in deck and discard, as Gathering Darkness)."""
    sc = fresh()
    sc.set_deck(1, ["jade", "spark", "crystal", "ignite", "crystal", "crystal"])
    sc.put_in_play("hex_of_destruction", power=1)
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.player(1)["deck_top_first"] == ["crystal", "crystal"] and sc.player(1)["destroyed"] == 4
    assert sc.get("G_GRAVEHOLD") == 26 and sc.invariants() == 0


def test_divide_and_devils_pact_multi_way_or():
    """Rulebook, "OR" effects: 'you must choose the effect that you can fully resolve.' Data: 'Divide ...
    "Unleash three times OR Gravehold suffers 6 OR any player suffers 5"'; "Devil's Pact ... choose: Gravehold
    suffers 5 | any player suffers 5 | players discard the 3 most expensive prepped spells | Unleash twice and
    players lose 3 charges total". Team: the least harmful option (data.HARM), ties to the first listed."""
    sc = fresh()
    sc.set_nemesis_deck(["divide"])
    sc.nemesis_turn()
    assert life(sc) == [5, 10] and sc.get("G_GRAVEHOLD") == 30 and sc.get("G_UNLEASHES") == 0
    sc = fresh()
    sc.set_nemesis_deck(["devils_pact"])
    sc.nemesis_turn()
    assert sc.get("G_GRAVEHOLD") == 25 and life(sc) == [10, 10]
    lib = sc.lib
    c = lib.nemesis_card_ids.index("devils_pact")
    assert E.choose_option(sc.s, sc.T, c) == L.NSEC_EFFECT
    # the third and fourth options can only be chosen when they resolve fully
    assert not E.section_feasible(sc.s, sc.T, c, 3) and not E.section_feasible(sc.s, sc.T, c, 4)
    sc.set_player(0, "P_CHARGES", 2)
    sc.set_player(1, "P_CHARGES", 1)
    assert E.section_feasible(sc.s, sc.T, c, 4)


def test_players_lose_charges_in_total():
    """Data: "Devil's Pact ... players lose 3 charges total". Team rule: from the player holding the most."""
    sc = fresh()
    sc.set_player(0, "P_CHARGES", 2)
    sc.set_player(1, "P_CHARGES", 3)
    assert E.run_atomic(sc.s, sc.T, sc.keys, sc.counters, NS_PLAYERS_LOSE_CHARGES, 3, -1)
    assert [sc.player(p)["charges"] for p in range(2)] == [1, 1]
    assert not E.run_atomic(sc.s, sc.T, sc.keys, sc.counters, NS_PLAYERS_LOSE_CHARGES, 3, -1)
    assert [sc.player(p)["charges"] for p in range(2)] == [0, 0]


def test_crushing_storm_to_discard_destroys_two_opened_breaches():
    """Rulebook: 'During your main phase, you alone may fully resolve the effect listed to discard that power
    card.' Data: 'Crushing Storm ... to_discard: "destroy two opened breaches"'."""
    sc = fresh()
    sc.put_in_play("crushing_storm")
    sc.set_active(0)
    sc.set_breach(0, 1, 2)
    sc.set_breach(0, 2, 0)
    sc.set_breach(0, 3, 1)
    assert sc.action("to_discard", slot=0) not in sc.legal()      # only breach I is opened
    sc.set_breach(0, 2, 4)
    sc.set_breach(0, 3, 4)
    sc.prep(0, 0, "spark")
    sc.apply(sc.action("to_discard", slot=0))
    # the empty opened breaches III and IV go; breach I keeps its Spark
    assert sc.player(0)["breaches"] == [4, 2, -1, -1] and sc.player(0)["prepped"] == [("spark", 0)]
    assert sc.in_play() == [] and sc.get("G_NEMESIS_DISCARD") == 1 and sc.invariants() == 0


def test_crushing_storm_unleashes_three_times_and_is_banished():
    """Data: 'Crushing Storm, type: power, power: 1 ... effect: "Unleash three times; banish this"'."""
    sc = fresh()
    sc.put_in_play("crushing_storm")
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.get("G_UNLEASHES") == 3 and sc.get("G_DESTROYED_NEMESIS") == 1


def test_ceaseless_darkness_two_any_player_choices():
    """Data: 'Ceaseless Darkness ... effect: "Unleash; any player suffers 3; any player discards a card"'."""
    sc = fresh()
    sc.set_hand(0, ["crystal"])
    sc.set_hand(1, ["crystal", "jade", "spark"])
    sc.put_in_play("ceaseless_darkness", power=1)
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert life(sc) == [7, 10] and sc.player(1)["hand"] == ["jade", "spark"]


@pytest.mark.parametrize("card", ["ceaseless_darkness", "chaos_orb", "coal_welp", "consume", "cosmopod_horror",
                                  "disorient", "impending_immolation", "rend", "collapsing_comet", "devils_pact",
                                  "foggy_miasma", "otherling", "pale_reckoner", "spreading_inferno", "ruin",
                                  "crushing_storm", "demolishing_void", "divide", "eviscerate",
                                  "hex_of_destruction", "incinerate", "void_strays"])
def test_every_legacy_card_resolves_with_invariants_kept(card):
    """Every card of data §6b drawn, then left to act for three nemesis turns, keeps the state consistent
    (cards, life, fire tokens conserved and bounded)."""
    sc = fresh("adelheim+brama+kadir vs rageborne")
    sc.prep(1, 0, "ignite")
    sc.set_player(0, "P_CHARGES", 2)
    sc.set_nemesis_deck([card, "rend", "chaos_orb", "rend"])
    for _ in range(4):
        sc.set("G_FURY", 0)
        sc.nemesis_turn()
        assert sc.invariants() == 0
