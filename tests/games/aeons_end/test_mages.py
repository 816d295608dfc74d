"""Player mats: mage abilities and their timing. Each test cites the rulebook passage (or the public data
line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import kinds


def test_kadir_gate_on_an_allys_turn():
    """Data S5/S4, Kadir: 'Otherworldly Gate, charges: 5, timing: any player's main phase, effect: that player
    may return up to 3 spells from discard to hand and may prep up to 2 spells per opened breach this turn'."""
    sc = Scenario.new("adelheim+brama+kadir vs rageborne")
    sc.set_active(0, phase="main")
    sc.set_player(2, "P_CHARGES", 5)
    sc.set_discard(0, ["spark", "crystal", "spark"])
    sc.set_hand(0, ["crystal"])
    sc.set_deck(0, ["crystal"] * 7)                              # keep the mage's ten cards (conservation check)
    assert "ally_ability" in kinds(sc)
    sc.apply(sc.action("ally_ability", ally=2, player=0))
    assert sorted(sc.player(0)["hand"]) == ["crystal", "spark", "spark"]
    assert sc.player(0)["discard_bottom_first"] == ["crystal"]
    assert sc.player(2)["charges"] == 0 and sc.get("G_DOUBLE_PREP") == 1
    assert sc.invariants() == 0


def test_lash_quicken_thought_on_an_allys_turn_and_not_before_charged():
    """Data S5/S4, Lash: 'Quicken Thought, charges: 5, timing: any player's main phase, effect: shuffle any
    player's (non-wild) turn-order card from the discard back into the turn-order deck; that player suffers 1'."""
    sc = Scenario.new("adelheim+lash vs rageborne")
    sc.set_active(0, phase="main")
    sc.set_player(1, "P_CHARGES", 4)
    assert "ally_ability" not in kinds(sc)
    sc.set_player(1, "P_CHARGES", 5)
    pos = sc.get("G_TURN_ORDER_POS")
    assert any(c != L.TO_NEMESIS for c in sc.turn_order()["discard"])
    sc.apply(sc.action("ally_ability", ally=1, player=0))
    assert sc.get("G_TURN_ORDER_POS") == pos - 1
    assert sc.player(0)["life"] == 9 and sc.player(1)["charges"] == 0
    assert sc.invariants() == 0
