"""Nemesis turn: main phase order, draw phase, OR effects, the empty nemesis deck. Each test cites the
rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import choices
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY, fresh, life


def test_minion_persistent_and_new_minion_waits():
    """Rulebook: 'Persistent and power effects only occur during the nemesis's main phase. These effects are
    ignored for newly placed minion and power cards until the nemesis's next turn.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_nemesis_deck(["needlemaw", "slaughter"])
    sc.nemesis_turn()                          # Needlemaw enters play; its PERSISTENT waits
    assert sc.get("G_GRAVEHOLD") == 30
    sc.nemesis_turn()                          # PERSISTENT: Gravehold suffers 2; Slaughter: Unleash, Gravehold 3
    assert sc.get("G_GRAVEHOLD") == 30 - 2 - 3


def test_or_effect_must_be_resolvable():
    """Rulebook, 'OR' effects: 'you may choose either option, unless you cannot fully resolve one of them.'
    Venomite: lowest-life player suffers 2 OR discard a prepped spell costing 3 or more."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.put_in_play("venomite")
    sc.set_nemesis_deck(["needlemaw"])
    sc.nemesis_turn()                          # nobody has a prepped spell costing >= 3: suffer 2
    assert sorted(sc.player(p)["life"] for p in range(2)) == [8, 10]


def test_empty_nemesis_deck_unleashes_three_times_then_players_win_when_nothing_in_play():
    """Rulebook: 'If the nemesis deck is empty and the nemesis would draw a card, instead Unleash three times.'
    and 'The nemesis has no cards in its deck and no minions or powers in play at the end of any turn.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_nemesis_deck([])
    sc.set("G_FURY", 0)
    sc.nemesis_turn()
    assert sc.get("G_UNLEASHES") == 3 and sc.get("G_FURY") == 3
    assert sc.status() == ("won", "nemesis_deck_exhausted")


def test_main_phase_resolves_oldest_first():
    """Rulebook, Nemesis Turn: 'Starting with the minion card or power card that has been in play the longest,
    the players resolve the effects of each minion card and power card in play.' Provoker (data §7a,
    'Gravehold suffers dmg = Fury') and Invoke Carnage ('Unleash; any player suffers 1 + Fury'): the order
    decides how much Fury Provoker sees."""
    for first, gravehold in (("provoker", 30), ("invoke_carnage", 29)):
        sc = fresh()
        for card in (first, "invoke_carnage" if first == "provoker" else "provoker"):
            sc.put_in_play(card, power=1)
        sc.set_nemesis_deck(["chaos_orb"])
        sc.nemesis_turn()
        assert sc.get("G_GRAVEHOLD") == gravehold and sorted(life(sc)) == [8, 10], first


def test_the_rulebooks_main_phase_example():
    """Rulebook, Nemesis Main Phase Example: 'Cosmopod Horror's persistent effect is "Gravehold and any player
    each suffer 1 damage." Bob adjusts Gravehold's life from 26 to 25. Then, Abby suffers 1 damage going down to
    9. Next, Bob removes 1 power token from the power card Chaos Orb ... Its effect is "Unleash. Gravehold
    suffers 4 damage." ... Abby adjusts Gravehold's life from 25 to 21.' (Rageborne's Unleash stands in for
    Bishop of Scrolls': 1 Fury.)"""
    sc = fresh()
    sc.set("G_GRAVEHOLD", 26)
    sc.put_in_play("cosmopod_horror")
    sc.put_in_play("chaos_orb", power=1)
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.get("G_GRAVEHOLD") == 21 and life(sc) == [9, 10] and sc.get("G_FURY") == 1
    assert [m["card"] for m in sc.in_play()] == ["cosmopod_horror", "chaos_orb"]
    assert sc.get("G_NEMESIS_DISCARD") == 1 and sc.invariant_error() == 0


def test_rend_attack_resolves_in_order_then_is_discarded():
    """Rulebook, Attack Card Example: 'Rend's effect is "Unleash. Gravehold suffers 1 damage. Any player suffers 2
    damage." ... Then, Gravehold suffers 1 damage. Finally, Abby and Bob decide that Bob should suffer the damage
    ... Finally, Rend is discarded to the nemesis discard pile.'"""
    sc = fresh()
    sc.set_nemesis_deck(["rend"])
    sc.nemesis_turn()
    assert sc.get("G_FURY") == 1 and sc.get("G_GRAVEHOLD") == 29 and sorted(life(sc)) == [8, 10]
    assert sc.in_play() == [] and sc.get("G_NEMESIS_DISCARD") == 1


def test_power_resolves_immediately_then_enters_with_its_tokens():
    """Rulebook, Nemesis Draw Phase: 'Power card: Resolve any effect that follows the word "IMMEDIATELY:." Then
    place the power card into play with a number of power tokens'; Power Card Example: 'Chaos Orb ... is placed
    directly into play. It has a power of 3 ... Any player may resolve [its TO DISCARD] during their main
    phase.' Foul Multitudes (data §7a): 'power: 3, immediately: "Unleash"'."""
    sc = AeonsEndScenario.new("adelheim+brama vs carapace_queen", advance=False)
    sc.set_nemesis_deck(["foul_multitudes"])
    sc.nemesis_turn()
    assert sc.get("G_HUSKS") == 4 and sc.in_play() == [{"card": "foul_multitudes", "life": 0, "power": 3,
                                                          "shields": 0}]
    sc = fresh()
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.in_play()[0]["power"] == 3 and sc.get("G_GRAVEHOLD") == 30 and sc.get("G_UNLEASHES") == 0
    for p in (0, 1):
        sc.set_active(p)
        sc.s[L.G_AETHER] = 6
        assert sc.action("to_discard", slot=0) in sc.legal()


def test_ties_and_empty_choices_are_team_decisions():
    """Rulebook, When resolving card effects: 'if ... two players are tied for having the lowest life, the
    players decide who suffers the damage' and 'the player with the most charges suffer damage when no players
    have any charges ... the players choose'. Team rules: lowest-life ties to the lower player number, most-X
    ties to the healthiest."""
    sc = fresh()
    sc.set_player(0, "P_LIFE", 7)
    sc.set_player(1, "P_LIFE", 7)
    assert choices.pick_lowest(sc.s) == 0
    sc.set_player(1, "P_LIFE", 9)
    assert choices.pick_most(sc.s, 1, sc.T, 0) == 1          # nobody has a charge: the healthiest
    sc.set_player(0, "P_CHARGES", 1)
    assert choices.pick_most(sc.s, 1, sc.T, 0) == 0


def test_an_effect_that_cannot_fully_resolve_resolves_as_much_as_possible():
    """Rulebook: 'If a nemesis card forces you to resolve an effect that cannot be fully resolved, resolve as
    much of that effect as possible.' Foggy Miasma (data §6b): 'any player discards 3 cards and suffers 2'
    against a two-card hand: both go, and the damage still comes. (The rulebook's example gives the destroy to
    the player with the most cards; the team rule gives "any player" to the healthiest.)"""
    sc = fresh()
    sc.set_hand(0, ["crystal", "jade"])
    sc.set_player(1, "P_LIFE", 9)
    sc.set_nemesis_deck(["foggy_miasma"])
    sc.nemesis_turn()
    assert sc.player(0)["hand"] == [] and sc.player(0)["discard_bottom_first"][-2:] == ["crystal", "jade"]
    assert life(sc) == [8, 9]


def test_nemesis_tier_is_the_highest_tier_drawn():
    """Rulebook, Game Terms: 'The nemesis tier is the highest number in the tier section of any nemesis card in
    the nemesis discard pile or in play. This is typically the tier of the last card drawn.'"""
    sc = fresh()
    assert sc.get("G_NEMESIS_TIER") == 0
    sc.set_nemesis_deck(["otherling", "chaos_orb"])    # tier 2, then tier 1
    sc.nemesis_turn()
    assert sc.get("G_NEMESIS_TIER") == 2
    sc.set("G_FURY", 0)
    sc.nemesis_turn()
    assert sc.get("G_NEMESIS_TIER") == 2
