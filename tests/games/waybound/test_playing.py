"""PLAYING CARDS: scenario tests, each quoting the passage it checks."""

from __future__ import annotations

import pytest

from sim.games.waybound import layout as L
from sim.games.waybound.scenario import IllegalAction, WayboundScenario
from tests.games.waybound.helpers import (
    GO,
    LC,
    WB,
    fresh,
)


@pytest.mark.parametrize("route", [WB, LC, GO])
def test_ally_enters_ready_at_any_route(route):
    """Rulebook, PLAYING CARDS: 'Allies enter READY at any Route, may act immediately'."""
    sc = fresh()
    sc.set_cards(0, hand=["lamplighter"])
    sc.apply(sc.play("lamplighter", route))
    i = sc.find(0, "lamplighter")
    assert sc.unit(0, i)["ready"] and sc.unit(0, i)["route"] == route
    assert sc.player(0)["charge"] == 5
    assert any(a >> 16 in (L.A_MOVE, L.A_CHALLENGE, L.A_EXPLORE) and (a >> 8) & 255 == i for a in sc.legal())


def test_tactic_without_target_spends_charge():
    """Rulebook, PLAYING CARDS: 'If an effect has no legal target, that part does nothing but its Charge
    is still spent.'"""
    sc = fresh()
    sc.set_cards(0, hand=["stand_together"])
    sc.apply(sc.play("stand_together", L.NO_TARGET))  # nothing exhausted to ready
    assert sc.player(0)["charge"] == 5 and sc.discard(0) == ["stand_together"]


def test_rooted_prevents_all_movement():
    """Rulebook, PLAYING CARDS: 'Rooted prevents movement, including card-effect movement; healing
    remains legal.'"""
    sc = fresh("ironmaw/skara", "hearthbound/brindle")
    brute = sc.add_ally(0, "rampart_brute", LC, damage=1)
    sc.set_cards(0, hand=["forced_march", "iron_hide"])
    legal = sc.legal()
    assert not any(a >> 16 == L.A_MOVE and (a >> 8) & 255 == brute for a in legal)
    assert sc.play("forced_march", WayboundScenario.unit_move_target(brute, GO)) not in legal
    sc.apply(sc.play("iron_hide", brute))
    assert sc.unit(0, brute)["damage"] == 0


def test_illegal_action_is_refused():
    """Rulebook, EXPLORE: 'Exhausted enemies do not block' (and exhausted characters cannot act): the
    scenario API refuses an action the rules do not allow."""
    sc = fresh()
    sc.set_unit(0, 0, ready=0)
    with pytest.raises(IllegalAction):
        sc.apply(sc.explore(0))


def test_scenario_actions_by_kind_name():
    """The scenario API's `action(kind, **fields)` (sim/core/scenario.py) encodes what the helpers of the same
    names encode; an unknown kind or field is an IllegalAction."""
    sc = WayboundScenario.new("hearthbound/brindle vs ironmaw/skara")
    assert sc.action("explore", unit=0) == sc.explore(0)
    assert sc.action("move", unit=0, dest=2, lightfoot=True) == sc.move(0, 2, lightfoot=True)
    assert sc.action("challenge", unit=0) == sc.challenge(0)
    assert sc.action("end") == sc.end_turn()
    with pytest.raises(IllegalAction):
        sc.action("fly", unit=0)
    with pytest.raises(IllegalAction):
        sc.action("explore", wings=2)
    assert not sc.state()["done"] and sc.state()["players"][0] == sc.player(0)
