"""Minions and powers: life, shields, power tokens, TO DISCARD, arrivals, banishing. Each test cites the
rulebook passage (or the public data line) it checks."""

import pytest

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import minions_powers
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY, TEAMS, fresh, kinds, life, own_ten


def test_shield_removes_one_token_per_source():
    """Rulebook: 'Remove only one shield token each time a source deals damage to the minion regardless of
    the amount of damage dealt.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    slot = sc.put_in_play("needlemaw")
    sc.s[L.IN_PLAY_BASE + slot * L.IN_PLAY_FIELDS + L.IP_SHIELDS] = 2
    minions_powers.damage_target(sc.s, sc.T, slot + 1, 3, 0)
    assert sc.in_play()[0]["shields"] == 1 and sc.in_play()[0]["life"] == 11
    minions_powers.damage_target(sc.s, sc.T, slot + 1, 1, 0)
    minions_powers.damage_target(sc.s, sc.T, slot + 1, 3, 0)
    assert sc.in_play()[0]["shields"] == 0 and sc.in_play()[0]["life"] == 8


def test_minion_discarded_at_zero_life():
    """Rulebook: 'If the life of a minion reaches 0, it is immediately placed in the nemesis discard pile.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.put_in_play("haze_spewer")
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.s[L.IN_PLAY_BASE + L.IP_LIFE] = 1
    sc.apply(sc.action("cast", breach=0, target=1))
    assert sc.in_play() == [] and sc.get("G_NEMESIS_DISCARD") == 1
    assert sc.invariant_error() == 0


def test_power_card_tokens_and_resolution():
    """Rulebook: 'During the nemesis main phase, remove 1 power token from every power card in play. When a
    power card has no power tokens left, resolve the effect'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.put_in_play("eye_of_nothing")          # POWER 2: Unleash twice
    sc.set_nemesis_deck(["needlemaw"])
    fury = sc.get("G_FURY")
    sc.nemesis_turn()
    assert [c["power"] for c in sc.in_play() if c["card"] == "eye_of_nothing"] == [1]
    assert sc.get("G_FURY") == fury
    sc.set_nemesis_deck(["haze_spewer"])
    sc.nemesis_turn()
    assert not any(c["card"] == "eye_of_nothing" for c in sc.in_play())
    assert sc.get("G_UNLEASHES") == 2


def test_to_discard_pays_and_discards():
    """Rulebook: 'During any player's main phase, that player may fully resolve the effect listed to discard
    that power card. If a power card is discarded this way, its effect is not resolved.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.put_in_play("eye_of_nothing")          # TO DISCARD: spend 6 aether
    sc.set_active(0)
    sc.s[L.G_AETHER] = 5
    assert "to_discard" not in kinds(sc)
    sc.s[L.G_AETHER] = 6
    sc.apply(sc.action("to_discard", slot=0))
    assert sc.in_play() == [] and sc.get("G_AETHER") == 0 and sc.get("G_UNLEASHES") == 0


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
    assert sc.invariant_error() == 0


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
    assert sc.in_play() == [] and sc.invariant_error() == 0


def test_banish_this_power_discarded_by_to_discard_goes_to_the_discard_pile():
    """Rulebook: 'If a power card is discarded this way, its effect is not resolved.' Data: 'Collapsing Comet
    ... to_discard: "discard 4 cards in hand"'."""
    sc = fresh()
    sc.put_in_play("collapsing_comet")
    sc.set_active(0)
    sc.set_hand(0, ["crystal", "crystal", "crystal"])
    assert sc.action("to_discard", slot=0) not in sc.legal()
    sc.set_hand(0, ["crystal", "crystal", "crystal", "spark"])
    own_ten(sc, 0)
    sc.apply(sc.action("to_discard", slot=0))
    assert sc.in_play() == [] and sc.player(0)["hand"] == []
    assert sc.get("G_NEMESIS_DISCARD") == 1 and sc.get("G_DESTROYED_NEMESIS") == 0


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
    minions_powers.damage_target(sc.s, sc.T, 1, 5, 0)
    assert sc.in_play()[0]["shields"] == 1 and sc.in_play()[0]["life"] == 8
    sc.nemesis_turn()
    assert life(sc) == [8, 10] and sc.get("G_FIRE") == 1


def test_silence_token_skips_one_persistent():
    """Rulebook, Nemesis Main Phase: 'If a minion has a silence token on it, do not resolve its PERSISTENT
    effect, remove the silence token instead'; Game Terms: 'On the next nemesis turn, skip that minion's
    "PERSISTENT:" effect and discard the token.' (No card in the data places one: the token is set directly.)"""
    sc = fresh()
    slot = sc.put_in_play("needlemaw")                 # PERSISTENT: Gravehold suffers 2
    sc.s[L.IN_PLAY_BASE + slot * L.IN_PLAY_FIELDS + L.IP_SILENCED] = 1
    sc.set_nemesis_deck(["chaos_orb", "chaos_orb"])
    sc.nemesis_turn()
    assert sc.get("G_GRAVEHOLD") == 30
    assert sc.s[L.IN_PLAY_BASE + slot * L.IN_PLAY_FIELDS + L.IP_SILENCED] == 0
    sc.nemesis_turn()
    assert sc.get("G_GRAVEHOLD") == 28
