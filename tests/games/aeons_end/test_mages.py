"""Player mats: mage abilities and their timing. Each test cites the rulebook passage (or the public data
line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import fresh, kinds, life


def test_kadir_gate_on_an_allys_turn():
    """Data S5/S4, Kadir: 'Otherworldly Gate, charges: 5, timing: any player's main phase, effect: that player
    may return up to 3 spells from discard to hand and may prep up to 2 spells per opened breach this turn'."""
    sc = AeonsEndScenario.new("adelheim+brama+kadir vs rageborne")
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
    assert sc.invariant_error() == 0


def test_lash_quicken_thought_on_an_allys_turn_and_not_before_charged():
    """Data S5/S4, Lash: 'Quicken Thought, charges: 5, timing: any player's main phase, effect: shuffle any
    player's (non-wild) turn-order card from the discard back into the turn-order deck; that player suffers 1'."""
    sc = AeonsEndScenario.new("adelheim+lash vs rageborne")
    sc.set_active(0, phase="main")
    sc.set_player(1, "P_CHARGES", 4)
    assert "ally_ability" not in kinds(sc)
    sc.set_player(1, "P_CHARGES", 5)
    pos = sc.get("G_TURN_ORDER_POS")
    assert any(c != L.TO_NEMESIS for c in sc.turn_order()["discard"])
    sc.apply(sc.action("ally_ability", ally=1, player=0))
    assert sc.get("G_TURN_ORDER_POS") == pos - 1
    assert sc.player(0)["life"] == 9 and sc.player(1)["charges"] == 0
    assert sc.invariant_error() == 0


def test_ability_usable_the_turn_its_last_charge_is_gained():
    """Rulebook, Player Mats: 'Abilities can be used in the same turn that the last charge was gained, if
    applicable. Once an ability is activated, all of the charge tokens are removed.' Brama's Brink Siphon (data
    §3): 'any player gains 4 life'."""
    sc = AeonsEndScenario.new("brama+adelheim vs rageborne", advance=False)
    sc.set_active(0)
    sc.set_player(0, "P_CHARGES", 4)
    sc.set_player(1, "P_LIFE", 5)
    sc.s[L.G_AETHER] = 2
    assert "ability" not in kinds(sc)
    sc.apply(sc.action("charge"))
    assert "ability" in kinds(sc)
    sc.apply(sc.action("ability", player=1))
    assert sc.player(1)["life"] == 9 and sc.player(0)["charges"] == 0


def test_aethereal_ward_discards_a_drawn_attack():
    """Data §3, Adelheim: 'Aethereal Ward, charges: 5, timing: nemesis draw phase, effect: when a nemesis attack or
    power card is drawn, discard it before it resolves (no replacement draw)'; a minion still enters."""
    sc = fresh()
    sc.set_player(0, "P_CHARGES", 5)
    sc.set_nemesis_deck(["rend", "otherling"])
    sc.nemesis_turn()
    assert sc.get("G_GRAVEHOLD") == 30 and life(sc) == [10, 10] and sc.get("G_FURY") == 0
    assert sc.player(0)["charges"] == 0 and sc.get("G_NEMESIS_DISCARD") == 1 and sc.in_play() == []
    sc.set_player(0, "P_CHARGES", 5)
    sc.nemesis_turn()
    assert [m["card"] for m in sc.in_play()] == ["otherling"] and sc.player(0)["charges"] == 5


def test_black_mirror_casts_a_spell_twice():
    """Data §3, Jian: 'Black Mirror, charges: 4 ... cast any player's prepped spell without discarding it, then
    cast it again (then discard)'; rulebook: a spell cast by another player goes to 'the discard pile of the
    player who had it prepped'."""
    sc = AeonsEndScenario.new("jian+brama vs rageborne", advance=False)
    sc.prep(1, 0, "ignite")
    sc.set_active(0)
    sc.set_player(0, "P_CHARGES", 4)
    sc.apply(sc.action("ability", player=0))
    assert sc.get("G_NEMESIS_LIFE") == 70 - 2 * 2
    assert sc.player(1)["prepped"] == [] and sc.player(1)["discard_bottom_first"][-1] == "ignite"
    assert sc.player(0)["charges"] == 0 and sc.player(1)["charges"] == 2   # "any ally" of Jian, twice


def test_metaphysical_link_charges_allies_and_puts_players_first():
    """Data §3, Xaxos: 'Metaphysical Link, charges: 5, timing: any player's main phase, effect: allies
    collectively gain 4 charges; look at the whole turn-order deck and reorder it' (team order: player cards
    first)."""
    sc = AeonsEndScenario.new("xaxos+brama vs rageborne", advance=False)
    sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = [0, L.TO_NEMESIS, 1, L.TO_NEMESIS, 1, 0]
    sc.set("G_TURN_ORDER_POS", 1)
    sc.set_active(0)
    sc.set_player(0, "P_CHARGES", 5)
    sc.apply(sc.action("ability", player=0))
    assert sc.player(1)["charges"] == 4 and sc.player(0)["charges"] == 0
    assert sc.turn_order() == {"discard": [0], "deck": [1, 1, 0, L.TO_NEMESIS, L.TO_NEMESIS]}
