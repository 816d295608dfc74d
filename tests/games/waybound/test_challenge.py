"""CHALLENGE AND DEFENSE, DEFEATS, Grinshade's reaction and Cleave: scenario tests, each quoting the
passage it checks."""

from __future__ import annotations

from sim.games.waybound import layout as L
from tests.games.waybound.helpers import (
    GO,
    LC,
    WB,
    fresh,
)


def test_single_ready_defender_defends_automatically():
    """Rulebook, CHALLENGE AND DEFENSE: 'If exactly one opposing character there is ready, it defends
    automatically.'"""
    sc = fresh()
    bone = sc.add_ally(1, "bonegnaw", LC, ready=False)
    legal_challenges = [a for a in sc.legal() if a >> 16 == L.A_CHALLENGE and (a >> 8) & 255 == 0]
    assert legal_challenges == [sc.challenge(0, 0)]
    sc.apply(sc.challenge(0, 0))
    assert sc.unit(1, 0)["damage"] == 2 and sc.unit(1, bone)["damage"] == 0
    assert not sc.unit(0, 0)["ready"] and sc.unit(1, 0)["ready"]  # defender neither exhausts nor retaliates
    assert sc.unit(0, 0)["damage"] == 0


def test_defender_chooses_among_several_ready():
    """Rulebook, CHALLENGE AND DEFENSE: 'If several are ready, the defending player chooses one.'"""
    sc = fresh()
    bone = sc.add_ally(1, "bonegnaw", LC)
    sc.apply(sc.challenge(0))
    assert sc.phase == L.PH_DEFEND and sc.decider == 1
    sc.apply(sc.choose(bone))
    assert sc.unit(1, bone)["damage"] == 2 and sc.phase == L.PH_MAIN


def test_attacker_chooses_when_none_ready():
    """Rulebook, CHALLENGE AND DEFENSE: 'If none are ready, the attacker chooses any opposing character there.'"""
    sc = fresh()
    bone = sc.add_ally(1, "bonegnaw", LC, ready=False)
    sc.set_unit(1, 0, ready=0)
    assert sc.is_legal(sc.challenge(0, 0)) and sc.is_legal(sc.challenge(0, bone))


def test_precision_chooses_which_ready_defender():
    """Rulebook, CHALLENGE AND DEFENSE: 'Precision lets Glass Lynx choose WHICH READY defender intercepts.'"""
    sc = fresh("skyrunners/vey")
    lynx = sc.add_ally(0, "glass_lynx", LC)
    bone = sc.add_ally(1, "bonegnaw", LC)
    tired = sc.add_ally(1, "tusk_scout", LC, ready=False)
    assert sc.is_legal(sc.challenge(lynx, bone)) and sc.is_legal(sc.challenge(lynx, 0))
    assert not sc.is_legal(sc.challenge(lynx, tired))


def test_slipstream_chooses_any_including_exhausted():
    """Rulebook, CHALLENGE AND DEFENSE: 'Slipstream lets Veilwing choose ANY opposing character there,
    including an exhausted one protected by ready defenders.'"""
    sc = fresh("skyrunners/vey")
    wing = sc.add_ally(0, "veilwing", LC)
    sc.add_ally(1, "bonegnaw", LC)
    tired = sc.add_ally(1, "tusk_scout", LC, ready=False)
    sc.apply(sc.challenge(wing, tired))
    assert sc.find(1, "tusk_scout") == -1  # Force 2 vs Guard 1


def test_sheltering_glow_reduces_challenge_damage_only():
    """Rulebook, CHALLENGE AND DEFENSE: 'Sheltering Glow: other friendly characters at Hearthshell's Route
    take one less Challenge damage. It works even if Hearthshell is exhausted. Multiple sources do not
    stack. Positive damage cannot be reduced below one ... It does not reduce Tactic damage. Hearthshell
    does not protect itself, but another Hearthshell may protect it.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    shell = sc.add_ally(1, "hearthshell", LC, ready=False)
    sc.add_ally(1, "hearthshell", LC, ready=False)
    sc.set_unit(1, 0, ready=0)
    sc.apply(sc.challenge(0, 0))  # Skara Force 3 on Brindle: 3 - 1 (not 3 - 2)
    assert sc.unit(1, 0)["damage"] == 2
    scout = sc.add_ally(0, "tusk_scout", LC)
    sc.apply(sc.challenge(scout, shell))  # Force 1: cannot go below one; the other shell protects it
    assert sc.unit(1, shell)["damage"] == 1
    sc.set_cards(0, hand=["rending_strike"])
    sc.apply(sc.play("rending_strike", 0))  # Tactic damage is not reduced
    assert sc.player(1)["companion_defeats"] == 1  # 2 + 3 = Guard 5; a reduced 2 would have left it standing


def test_ally_defeat_goes_to_discard():
    """Rulebook, DEFEATS: 'An Ally with damage at least its Guard is immediately discarded.'"""
    sc = fresh()
    sc.add_ally(1, "tusk_scout", LC)
    sc.set_unit(1, 0, ready=0)
    sc.apply(sc.challenge(0, 1))
    assert sc.find(1, "tusk_scout") == -1 and sc.discard(1) == ["tusk_scout"]
    assert sc.renown(0) == 0  # 'Ordinary defeats award no Renown.'


def test_breach_only_for_ready_targets():
    """Rulebook, DEFEATS: 'Breach: Thornrush earns one Renown when its own Challenge defeats a READY
    opposing character, including a Companion. No bonus for an exhausted target.'"""
    sc = fresh()
    thorn = sc.add_ally(0, "thornrush", LC)
    sc.set_unit(1, 0, damage=2)
    sc.apply(sc.challenge(thorn, 0))
    assert sc.renown(0) == 1 and sc.player(1)["companion_defeats"] == 1
    thorn2 = sc.add_ally(0, "thornrush", GO)
    sc.add_ally(1, "tusk_scout", GO, ready=False)
    sc.apply(sc.challenge(thorn2, sc.find(1, "tusk_scout")))
    assert sc.renown(0) == 1


def test_stormwing_renown_for_ally_defeats():
    """Rulebook, DEFEATS: 'Stormwing's own Challenge defeats of Allies still award its printed one Renown.'"""
    sc = fresh("skyrunners/vey")
    sc.set_companion(0, path=1)
    sc.add_ally(1, "bonegnaw", LC)
    sc.set_unit(1, 0, ready=0)
    sc.apply(sc.challenge(0, 1))
    assert sc.renown(0) == 1


def test_grinshade_roll_prevents_damage_once_per_round():
    """Rulebook: 'Grinshade's defender may pay 1 unspent Charge after it is selected to defend. A seeded
    six-sided roll of 5-6 prevents Challenge damage; the attacker still exhausts. Once per Grinshade per
    numbered round. ... The roll and result appear publicly in the log.'"""
    outcomes = set()
    for seed in range(12):
        sc = fresh("ironmaw/skara", "veilborn/nyxara", charge=(6, 2), seed=seed)
        sc.set_unit(1, 0, route=WB)
        grin = sc.add_ally(1, "grinshade", LC)
        sc.apply(sc.challenge(0, grin))
        assert sc.phase == L.PH_GRINSHADE and sc.decider == 1
        sc.apply(sc.choose(1))
        roll_lines = [line for line in sc.event_log() if "Grinshade roll" in line]
        assert len(roll_lines) == 1
        prevented = "prevented" in roll_lines[0]
        outcomes.add(prevented)
        assert not sc.unit(0, 0)["ready"] and sc.player(1)["charge"] == 1
        if prevented:
            assert sc.unit(1, grin)["damage"] == 0
            sc.add_ally(0, "tusk_scout", LC)
            sc.apply(sc.challenge(sc.find(0, "tusk_scout"), grin))
            assert sc.phase != L.PH_GRINSHADE and sc.unit(1, grin)["damage"] == 1  # once per round
        else:
            assert sc.find(1, "grinshade") == -1
    assert outcomes == {True, False}


def test_cleave_snapshot_and_defender_chosen_spillover():
    """Rulebook: 'Cleave snapshots the first Ally's remaining Guard before Challenge damage. Excess actual
    damage hits one other opposing Ally at that Route, chosen by its defender. No further spillover'."""
    sc = fresh("ironmaw/skara", "skyrunners/vey")
    sc.set_unit(1, 0, route=WB)
    cleaver = sc.add_ally(0, "maw_cleaver", GO)  # Force 4 + Orchard 1 = 5
    sc.add_ally(1, "ribbon_scout", GO, damage=1, ready=False)  # remaining 1 -> excess 4
    sc.add_ally(1, "veilwing", GO, ready=False)
    sc.add_ally(1, "cloudherd", GO, ready=False)
    sc.apply(sc.challenge(cleaver, 1))
    assert sc.phase == L.PH_CLEAVE and sc.decider == 1
    sc.apply(sc.choose(sc.find(1, "cloudherd")))
    assert sc.find(1, "cloudherd") == -1 and sc.find(1, "veilwing") > 0  # 4 >= Guard 4; veilwing untouched
    assert sc.renown(0) == 1  # Claim the Way for the Challenge's own defeat only, not for the spillover


def test_cleave_never_involves_companions():
    """Rulebook, Cleave: 'Companions cannot be secondary Cleave targets and their defeats do not trigger
    Cleave.'"""
    sc = fresh("ironmaw/skara", "skyrunners/vey")
    cleaver = sc.add_ally(0, "maw_cleaver", GO)  # Force 4 + Orchard 1
    sc.set_unit(1, 0, route=GO, damage=3)
    ally = sc.add_ally(1, "cloudherd", GO, ready=False)
    sc.apply(sc.challenge(cleaver, 0))  # 5 on the Companion's remaining 2: no spillover
    assert sc.player(1)["companion_defeats"] == 1 and sc.phase == L.PH_MAIN
    assert sc.unit(1, ally)["damage"] == 0
    sc2 = fresh("ironmaw/skara", "skyrunners/vey")
    cleaver = sc2.add_ally(0, "maw_cleaver", GO)
    sc2.set_unit(1, 0, route=GO, ready=0)
    scout = sc2.add_ally(1, "ribbon_scout", GO, ready=False)
    sc2.apply(sc2.challenge(cleaver, scout))  # excess 3, but only the Companion is left there
    assert sc2.phase == L.PH_MAIN and sc2.unit(1, 0)["damage"] == 0


def test_challenge_only_against_enemies_at_its_route():
    """Rulebook, CHALLENGE AND DEFENSE: 'Declare with a ready character against enemies at its Route.'"""
    sc = fresh()
    far = sc.add_ally(1, "bonegnaw", GO, ready=False)
    assert sc.is_legal(sc.challenge(0, 0)) and not sc.is_legal(sc.challenge(0, far))
    sc.set_unit(0, 0, ready=0)
    assert not any(a >> 16 == L.A_CHALLENGE for a in sc.legal())


def test_precision_and_slipstream_do_not_reach_another_route():
    """Rulebook, CHALLENGE AND DEFENSE: 'Precision lets Glass Lynx choose WHICH READY defender intercepts.
    Slipstream lets Veilwing choose ANY opposing character there ... Neither ability changes Route location.'"""
    sc = fresh("skyrunners/vey")
    lynx = sc.add_ally(0, "glass_lynx", LC)
    wing = sc.add_ally(0, "veilwing", LC)
    ready = sc.add_ally(1, "bonegnaw", GO)
    tired = sc.add_ally(1, "tusk_scout", GO, ready=False)
    for attacker in (lynx, wing):
        for target in (ready, tired):
            assert not sc.is_legal(sc.challenge(attacker, target))


def test_sheltering_glow_zero_stays_zero_and_never_protects_itself():
    """Rulebook, CHALLENGE AND DEFENSE: 'Positive damage cannot be reduced below one; zero stays zero. ...
    Hearthshell does not protect itself'."""
    sc = fresh("veilborn/nyxara", "hearthbound/brindle")
    shell = sc.add_ally(1, "hearthshell", LC, ready=False)
    sc.set_unit(1, 0, ready=0)
    seer = sc.add_ally(0, "gloam_seer", LC)  # Force 0
    sc.apply(sc.challenge(seer, 0))
    assert sc.unit(1, 0)["damage"] == 0
    sc.apply(sc.challenge(0, shell))  # Nyxara's 2 on the lone Hearthshell: not reduced
    assert sc.unit(1, shell)["damage"] == 2
