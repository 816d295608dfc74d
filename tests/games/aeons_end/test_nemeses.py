"""Nemesis mats (public data): Rageborne's Fury and Strikes, Carapace Queen's husks and Swarm. Each test cites
the rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import minions_powers
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY


def test_rageborne_strikes_at_four_fury():
    """Rulebook, Nemesis Mat: 'Additional Rules: Any additional rules that pertain only to this nemesis.'
    Rageborne (data S4): at the end of the nemesis turn with 4+ Fury it Strikes and loses 3 Fury."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set("G_FURY", 4)
    sc.set_nemesis_deck(["needlemaw"])
    sc.nemesis_turn()
    assert sc.get("G_FURY") == 1


def test_carapace_queen_swarm_table():
    """Rulebook, Nemesis Mat: 'Unleash Effect: The effect that occurs when the Unleash keyword resolves.'
    Carapace Queen (data S4): Unleash places 2 husks; Swarm with 0-3 husks places 4."""
    sc = AeonsEndScenario.new("adelheim+brama vs carapace_queen", advance=False)
    assert sc.get("G_HUSKS") == 2
    sc.set_nemesis_deck(["endless_throng"])
    sc.nemesis_turn()
    assert sc.get("G_HUSKS") == 6


def test_husks_not_targeted_by_damage_below_their_life():
    """Data (Carapace Queen): 'Foul Multitudes ... while in play husks have 2 life'; Rulebook: 'When you deal
    damage: To a minion, remove life tokens'. A 1-damage spell cannot kill a 2-life husk, so the team aims it
    elsewhere; the plan's husk_threshold decides when a swarm is worth thinning."""

    sc = AeonsEndScenario.new("adelheim+brama vs carapace_queen", advance=False)
    sc.set("G_HUSKS", 8)
    assert minions_powers.best_target_h(sc.s, sc.T, 1, 4) == L.TARGET_HUSKS
    assert minions_powers.best_target_h(sc.s, sc.T, 1, 9) == 0              # below the plan's threshold: the nemesis
    sc.put_in_play("foul_multitudes")
    assert minions_powers.best_target_h(sc.s, sc.T, 1, 4) == 0
    assert minions_powers.best_target_h(sc.s, sc.T, 2, 4) == L.TARGET_HUSKS
