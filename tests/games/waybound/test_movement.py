"""NORMAL MOVEMENT: scenario tests, each quoting the passage it checks."""

from __future__ import annotations

from sim.games.waybound import layout as L
from sim.games.waybound.scenario import WayboundScenario
from tests.games.waybound.helpers import (
    GO,
    LC,
    NW,
    WB,
    fresh,
)


def test_normal_move_costs_one_and_exhausts_once_per_turn():
    """Rulebook, NORMAL MOVEMENT: 'one normal move per turn to an adjacent Route, paying one Charge and
    EXHAUSTING.'"""
    sc = fresh()
    assert not sc.is_legal(sc.move(0, NW))  # no Netherway without an opening
    sc.apply(sc.move(0, GO))
    assert sc.unit(0, 0)["route"] == GO and not sc.unit(0, 0)["ready"] and sc.player(0)["charge"] == 5
    sc.set_unit(0, 0, ready=1)
    assert not sc.is_legal(sc.move(0, LC))


def test_normal_moves_reach_exactly_the_adjacent_routes():
    """Rulebook, SETUP: 'Place Routes left to right: Windbridge, Lantern Crossing, Glass Orchard.'; NORMAL
    MOVEMENT: 'one normal move per turn to an adjacent Route'; THE NETHERWAY: 'connected only to Lantern
    Crossing'. Every Route's normal moves, listed in Route order, with the Netherway closed and open."""
    neighbours = {WB: [LC], LC: [WB, GO], GO: [LC], NW: [LC]}
    for opened in (False, True):
        sc = fresh("veilborn/nyxara", edition="0.36-no-opening")
        if opened:
            sc.apply(sc.nyxara_open())
        for route in (WB, LC, GO, NW) if opened else (WB, LC, GO):
            sc.set_unit(0, 0, route=route, ready=1)
            listed = [(a & 255) >> 1 for a in sc.legal() if a >> 16 == L.A_MOVE and (a >> 8) & 255 == 0]
            wanted = neighbours[route] + ([NW] if opened and route == LC else [])
            assert listed == wanted, (opened, route)


def test_move_into_windbridge_is_free_but_exhausts():
    """Rulebook, NORMAL MOVEMENT: 'Moving into Windbridge costs zero but still exhausts.'"""
    sc = fresh(charge=(0, 0))
    sc.apply(sc.move(0, WB))
    assert sc.unit(0, 0)["route"] == WB and not sc.unit(0, 0)["ready"]


def test_swift_and_trailblazer_free_moves_still_exhaust():
    """Rulebook, NORMAL MOVEMENT: 'Swift and Trailblazer/Windguide free normal movement also still exhaust.'"""
    sc = fresh("skyrunners/vey", "ironmaw/skara", charge=(0, 0))
    scout = sc.add_ally(0, "ribbon_scout", LC)
    sc.apply(sc.move(scout, GO))
    assert sc.unit(0, scout)["route"] == GO and not sc.unit(0, scout)["ready"]
    sc.set_companion(0, path=0)  # Windguide
    sc.apply(sc.move(0, GO))
    assert not sc.unit(0, 0)["ready"] and sc.player(0)["charge"] == 0


def test_lightfoot_pays_to_stay_ready_but_moves_once():
    """Rulebook, NORMAL MOVEMENT: 'Reedrunner can pay one additional Charge on its normal move to stay
    ready. This does not allow a second normal move.'"""
    sc = fresh("skyrunners/vey", charge=(2, 0))
    reed = sc.add_ally(0, "reedrunner", LC)
    sc.apply(sc.move(reed, GO, lightfoot=True))
    assert sc.unit(0, reed)["ready"] and sc.player(0)["charge"] == 0
    assert not any(a >> 16 == L.A_MOVE and (a >> 8) & 255 == reed for a in sc.legal())


def test_explicit_card_movement_does_not_exhaust_or_use_the_move():
    """Rulebook, NORMAL MOVEMENT: 'Explicit movement from a card or ability does not exhaust or ready
    the character and does not consume its normal movement limit'."""
    sc = fresh("skyrunners/vey")
    sc.set_cards(0, hand=["guststep"])
    sc.apply(sc.play("guststep", WayboundScenario.unit_move_target(0, GO)))
    assert sc.unit(0, 0)["route"] == GO and sc.unit(0, 0)["ready"]
    assert sc.is_legal(sc.move(0, LC))


def test_explicit_movement_follows_destination_restrictions():
    """Rulebook, NORMAL MOVEMENT: 'It follows the printed destination restrictions.' Guststep moves one
    adjacent Route; Open Horizon moves the Companion to any Route."""
    sc = fresh("skyrunners/vey")
    sc.set_unit(0, 0, route=WB)
    sc.set_cards(0, hand=["guststep", "open_horizon"])
    guststep, horizon = sc.card("guststep"), sc.card("open_horizon")
    targets = {card: sorted(a & 255 for a in sc.legal() if a >> 16 == L.A_PLAY_TACTIC and (a >> 8) & 255 == card)
               for card in (guststep, horizon)}
    assert targets[guststep] == [WayboundScenario.unit_move_target(0, LC)]
    assert targets[horizon] == [LC, GO]


def test_opposing_players_may_occupy_the_same_route():
    """Rulebook, NORMAL MOVEMENT: 'Opposing players may occupy the same Route.'"""
    sc = fresh()
    sc.add_ally(1, "bonegnaw", GO)
    sc.set_cards(0, hand=["lamplighter"])
    sc.apply(sc.move(0, GO))
    sc.apply(sc.play("lamplighter", GO))
    assert {u["route"] for u in sc.units(0)} == {GO} and {u["route"] for u in sc.units(1)} == {LC, GO}
