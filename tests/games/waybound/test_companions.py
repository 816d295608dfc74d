"""Companions: defeat and recovery (DEFEATS), paths (SHIFT AND COMPANION PATHS), ascension (STARTING
GUARD 5) and Stormdancer's move: scenario tests, each quoting the passage it checks."""

from __future__ import annotations

from sim.games.waybound import layout as L
from sim.games.waybound import vocab as V
from sim.games.waybound.rules import units
from sim.games.waybound.scenario import WayboundScenario
from tests.games.waybound.helpers import (
    GO,
    LC,
    SIDES,
    WB,
    fresh,
)


def test_companion_defeat_recovery():
    """Rulebook, DEFEATS: 'return it exhausted to Lantern Crossing, clear its damage, lose all journey
    marks and retain its chosen path. It remains exhausted through its next two owner turns and readies
    on the third.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    sc.set_companion(1, path=1, route=GO, damage=3)
    sc.set(marks=(0, 4))
    sc.set_unit(0, 0, route=GO)
    sc.apply(sc.challenge(0, 0))  # Skara 3 + Orchard 1 = 4 >= 5 - 3... 3 + 4 = 7 >= 5
    companion = sc.unit(1, 0)
    assert companion["route"] == LC and companion["damage"] == 0 and not companion["ready"]
    assert sc.player(1)["marks"] == 0 and sc.player(1)["path"] == 1 and sc.player(1)["companion_defeats"] == 1
    readiness = []
    for _ in range(3):
        sc.apply(sc.end_turn())  # the owner's turn starts
        readiness.append(sc.unit(1, 0)["ready"])
        if not sc.unit(1, 0)["ready"]:
            assert not any(
                (a >> 16) in (L.A_EXPLORE, L.A_CHALLENGE, L.A_MOVE, L.A_PATH) and (a >> 8) & 255 == 0
                for a in sc.legal()
            )
        sc.apply(sc.end_turn())
    assert readiness == [False, False, True]


def test_path_at_three_marks_for_two_charge():
    """Rulebook, SHIFT AND COMPANION PATHS: 'At three journey marks, an untransformed Companion can pay two
    Charge in its main phase and permanently choose one of its two paths. Keep damage, readiness, Route
    and journey marks. Use the chosen path's stats and ability and check defeat.'"""
    sc = fresh("skyrunners/vey")
    sc.set(marks=(2, 0))
    assert not sc.is_legal(sc.path(1))
    sc.set(marks=(3, 0))
    sc.set_unit(0, 0, damage=2, route=WB)
    sc.apply(sc.path(1))  # Stormwing 4/3
    unit = sc.unit(0, 0)
    assert sc.player(0)["charge"] == 4 and sc.player(0)["marks"] == 3
    assert (
        unit["force"] == 4
        and unit["guard"] == 3
        and unit["damage"] == 2
        and unit["ready"]
        and unit["route"] == WB
    )
    assert not sc.is_legal(sc.path(0))
    sc2 = fresh("skyrunners/vey")
    sc2.set(marks=(3, 0))
    sc2.set_unit(0, 0, damage=3)
    sc2.apply(sc2.path(1))  # Guard 3 with 3 damage: defeated
    assert sc2.player(0)["companion_defeats"] == 1 and sc2.player(0)["path"] == 1


def test_ascension_after_three_more_marks():
    """Rulebook, STARTING GUARD 5: 'After choosing a first path, earn three additional Journey marks and pay
    3 Charge to ascend once. Keep the path and its ability ...; gain +2 Force and +2 Guard, with unchanged
    Insight ... No fourth stage exists.'"""
    sc = fresh("hearthbound/brindle")
    sc.set_companion(0, path=1)
    sc.set(marks=(5, 0), marks_since_path=(2, 0))
    assert not sc.is_legal(sc.ascend())
    sc.set(marks_since_path=(3, 0))
    before = sc.unit(0, 0)
    sc.apply(sc.ascend())
    after = sc.unit(0, 0)
    assert (after["force"], after["guard"], after["insight"]) == (
        before["force"] + 2,
        before["guard"] + 2,
        before["insight"],
    )
    assert sc.player(0)["charge"] == 3 and not sc.is_legal(sc.ascend())
    assert units.keyword(sc.s, sc.profiles, 0, 0, 18) > 0  # Trailblazer free_move kept


def test_defeat_before_ascending_needs_fresh_marks_and_ascended_keeps_stages():
    """Rulebook: 'If defeated before ascending, the retained path needs three fresh marks after recovery.
    An ascended Companion retains both stages after defeat.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    sc.set_companion(1, path=0)
    sc.set(marks=(0, 5), marks_since_path=(0, 2))
    sc.set_unit(1, 0, damage=4)
    sc.apply(sc.challenge(0, 0))
    assert sc.player(1)["marks_since_path"] == 0 and sc.player(1)["path"] == 0
    sc3 = fresh("ironmaw/skara", "hearthbound/brindle")
    sc3.set_companion(1, path=0, ascended=True)
    sc3.set_unit(1, 0, damage=6)
    guard = sc3.unit(1, 0)["guard"]
    sc3.apply(sc3.challenge(0, 0))
    assert sc3.player(1)["companion_defeats"] == 1 and sc3.unit(1, 0)["guard"] == guard
    assert sc3.player(1)["ascended"] == 1


def test_stormdancer_optional_move_after_defeat():
    """Rulebook, SHIFT AND COMPANION PATHS: 'Optional post-defeat Stormdancer movement must resolve before
    another action.'"""
    sc = fresh("skyrunners/nima", "ironmaw/skara")
    sc.set_companion(0, path=1)
    sc.set_unit(1, 0, route=WB)
    sc.add_ally(1, "tusk_scout", LC, ready=False)
    sc.apply(sc.challenge(0, 1))
    assert sc.phase == L.PH_STORMDANCER and sc.legal() == [sc.choose(0), sc.choose(WB + 1), sc.choose(GO + 1)]
    sc.apply(sc.choose(GO + 1))
    assert sc.unit(0, 0)["route"] == GO and sc.phase == L.PH_MAIN


def test_companions_start_with_guard_five():
    """Rulebook, STARTING GUARD 5: 'All eight Companions start with Guard 5 in new matches.' (pre-0.36, the
    older saves' edition, keeps the assumed older Guard 4.)"""
    for k in range(0, len(SIDES), 2):
        for edition, guard in (("0.36", 5), ("pre-0.36", 4)):
            sc = WayboundScenario(SIDES[k], SIDES[k + 1], edition=edition)
            assert sc.unit(0, 0)["guard"] == guard and sc.unit(1, 0)["guard"] == guard, (SIDES[k], edition)


def test_ascension_keeps_damage_readiness_route_and_marks():
    """Rulebook, STARTING GUARD 5: 'Keep the path and its ability, damage, readiness, Route and marks; gain +2
    Force and +2 Guard, with unchanged Insight, plus your ascended ability.'"""
    sc = fresh("hearthbound/brindle")
    sc.set_companion(0, path=0, route=WB, damage=2, ready=0)  # Hearthkeeper, exhausted
    sc.set(marks=(6, 0), marks_since_path=(3, 0))
    sc.apply(sc.ascend())
    unit = sc.unit(0, 0)
    assert (unit["route"], unit["damage"], unit["ready"]) == (WB, 2, False)
    assert sc.player(0)["marks"] == 6 and sc.player(0)["path"] == 0 and sc.player(0)["ascended"] == 1
    assert units.keyword(sc.s, sc.profiles, 0, 0, V.KW_GLOW) > 0  # the path's Sheltering Glow kept
    assert units.keyword(sc.s, sc.profiles, 0, 0, V.KW_AURA) > 0  # plus the ascended ability


def test_recovering_companion_uses_no_active_ability():
    """Rulebook, DEFEATS: 'During recovery it cannot Explore, Challenge, move normally, transform or use
    active abilities.' (Nyxara's opening is an active ability; choosing a path transforms.)"""
    sc = fresh("veilborn/nyxara", "ironmaw/skara")
    sc.set(marks=(3, 0))
    sc.set_unit(0, 0, recovery=2, ready=0)
    kinds = {a >> 16 for a in sc.legal()}
    assert L.A_NYX_OPEN not in kinds and L.A_PATH not in kinds
    sc.set_unit(0, 0, recovery=0, ready=1)
    kinds = {a >> 16 for a in sc.legal()}
    assert L.A_NYX_OPEN in kinds and L.A_PATH in kinds


def test_recovering_companion_stays_targetable_and_a_new_defeat_restarts_recovery():
    """Rulebook, DEFEATS: 'It remains targetable, passive abilities remain in effect, and another defeat
    restarts the two-turn recovery. The game announces this return.'"""
    sc = fresh("skyrunners/vey", "hearthbound/brindle")
    sc.set_companion(1, path=0, recovery=2, ready=0)  # Hearthkeeper: Sheltering Glow
    lamp = sc.add_ally(1, "lamplighter", LC, ready=False)
    sc.set_cards(0, hand=["starfall", "starfall"])
    sc.apply(sc.play("starfall", 0))
    assert sc.unit(1, 0)["damage"] == 3  # targetable while recovering
    sc.apply(sc.challenge(0, lamp))
    assert sc.unit(1, lamp)["damage"] == 1  # Vey's 2, less the recovering Hearthkeeper's Glow
    sc.apply(sc.play("starfall", 0))
    assert sc.player(1)["companion_defeats"] == 1 and sc.unit(1, 0)["recovery"] == 3  # restarted
    assert sum("Companion defeated" in line and "recovering" in line for line in sc.event_log()) == 1
