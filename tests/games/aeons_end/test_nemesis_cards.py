"""Nemesis cards: the effects of individual basic nemesis cards (Legacy of Gravehold basics). Each test cites
the rulebook passage (or the public data line) it checks."""

import pytest

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import nemesis_turn
from sim.games.aeons_end.vocab import NS_PLAYERS_LOSE_CHARGES
from tests.games.aeons_end.helpers import fresh, life, own_ten


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
    assert sc.get("G_DESTROYED_NEMESIS") == 1 and sc.invariant_error() == 0


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
    assert sc.get("G_DESTROYED_NEMESIS") == 1 and sc.invariant_error() == 0


def test_hex_of_destruction_destroys_the_top_four_of_a_deck():
    """Data: 'Hex of Destruction ... "Unleash twice; Gravehold suffers 4; any player destroys top 4 of their
    deck"' (the player with the most cards in deck and discard, as Gathering Darkness)."""
    sc = fresh()
    sc.set_deck(1, ["jade", "spark", "crystal", "ignite", "crystal", "crystal"])
    sc.put_in_play("hex_of_destruction", power=1)
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.player(1)["deck_top_first"] == ["crystal", "crystal"] and sc.player(1)["destroyed"] == 4
    assert sc.get("G_GRAVEHOLD") == 26 and sc.invariant_error() == 0


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
    assert nemesis_turn.choose_option(sc.s, sc.T, c) == L.NSEC_EFFECT
    # the third and fourth options can only be chosen when they resolve fully
    assert not nemesis_turn.section_feasible(sc.s, sc.T, c, 3) and not nemesis_turn.section_feasible(sc.s, sc.T, c, 4)
    sc.set_player(0, "P_CHARGES", 2)
    sc.set_player(1, "P_CHARGES", 1)
    assert nemesis_turn.section_feasible(sc.s, sc.T, c, 4)


def test_players_lose_charges_in_total():
    """Data: "Devil's Pact ... players lose 3 charges total". Team rule: from the player holding the most."""
    sc = fresh()
    sc.set_player(0, "P_CHARGES", 2)
    sc.set_player(1, "P_CHARGES", 3)
    assert nemesis_turn.run_atomic(sc.s, sc.T, sc.keys, sc.counters, NS_PLAYERS_LOSE_CHARGES, 3, -1)
    assert [sc.player(p)["charges"] for p in range(2)] == [1, 1]
    assert not nemesis_turn.run_atomic(sc.s, sc.T, sc.keys, sc.counters, NS_PLAYERS_LOSE_CHARGES, 3, -1)
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
    assert sc.in_play() == [] and sc.get("G_NEMESIS_DISCARD") == 1 and sc.invariant_error() == 0


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
        assert sc.invariant_error() == 0
