"""Awaken the network (section 5): activation, history, deactivation."""

import pytest

from sim.core.scenario import IllegalAction
from sim.games.veilwalkers.rules.board import presence
from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape

LAMP_I = (1, 2)  # Garden's Ring I Lamp (assumed); Wayfarer's Ring I Waystation is three Sites away


def test_a_ready_rememberer_activates_a_controlled_node_for_an_action_and_two_resonance():
    """"Your Ready Rememberer must occupy and control your inactive physical, non-Fraying node. Pay one
    Action and two Resonance ... The Rememberer stays Ready. First activation records permanent credit.\""""
    sc = shape(resonance=1)
    sc.place(0, "rememberer", LAMP_I)
    assert "activate" not in kinds(sc), "one Resonance short"
    sc.set(0, "P_RESONANCE", 2)
    sc.apply(sc.action("activate", node=0))
    me = sc.player(0)
    assert me["nodes"] == [1, 0, 0] and me["credits"] == 1 and me["veilbound_ready"][2]
    assert me["resonance"] == 0 and sc.state()["actions"] == 2
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("activate", node=0))


def test_the_rememberer_needs_control_of_the_node_site():
    """"must occupy and control" the node."""
    sc = shape(resonance=2)
    sc.place(0, "rememberer", LAMP_I)
    sc.place(1, "veilwalker", LAMP_I)
    assert "activate" not in kinds(sc), "a tie gives no control"


def test_enemy_control_at_turn_end_deactivates_but_history_stays():
    """"Enemy control at the end of either Company's turn deactivates a physical node. A temporary
    mid-turn loss of control or a tie does not." "Deactivating a node never removes this history.\""""
    sc = shape(resonance=2)
    sc.place(0, "rememberer", LAMP_I)
    sc.apply(sc.action("activate", node=0))
    sc.place(0, "rememberer", (1, 3))
    sc.place(1, "veilwalker", LAMP_I)  # the enemy controls the Lamp mid-turn ...
    sc.place(1, "veilwalker", (1, 0))  # ... and leaves before the turn ends
    end_turn(sc)
    assert sc.player(0)["nodes"][0] == 1
    sc.place(1, "veilwalker", LAMP_I)
    end_turn(sc)  # seat 1's turn ends with it in control
    assert sc.player(0)["nodes"][0] == 0 and sc.player(0)["credits"] == 1


def test_reactivation_restores_activity_without_new_credit():
    """"Reactivation restores activity without repeating first-activation rewards.\""""
    sc = shape(resonance=4)
    sc.place(0, "rememberer", LAMP_I)
    sc.apply(sc.action("activate", node=0))
    sc.set(0, "P_NODE_ACTIVE", 0)
    sc.apply(sc.action("activate", node=0))
    assert sc.player(0)["credits"] == 1 and sc.player(0)["nodes"][0] == 1
    activations = [e for e in sc.events_text() if "activates" in e]
    assert activations[0].endswith("(first activation)") and not activations[1].endswith("(first activation)")


def test_gardens_first_lamp_activation_remembers_its_site_and_gains_growth():
    """"First activation records permanent credit; Garden also Remembers that Lamp's Site"; "Garden may
    gain at most one Growth per Round, maximum three, from ... making a Neutral/Forgotten Site
    Remembered". A Site is Neutral until then; reactivation repeats no first-activation reward."""
    sc = shape(resonance=4)
    sc.place(0, "rememberer", LAMP_I)
    assert sc.state()["remembered"] == []
    sc.apply(sc.action("activate", node=0))
    assert sc.state()["remembered"] == [at(LAMP_I)] and sc.player(0)["growth"] == 1
    sc.set(0, "P_NODE_ACTIVE", 0)
    end_turn(sc)
    end_turn(sc)  # a new Round: Growth could be gained again
    sc.set(0, "P_RESONANCE", 2)
    sc.apply(sc.action("activate", node=0))
    assert sc.player(0)["growth"] == 1, "reactivation Remembers nothing new"


def test_wayfarers_waystation_activation_remembers_no_site():
    """Only Garden's Lamps Remember their Site ("Garden also Remembers that Lamp's Site")."""
    sc = shape(order=1, resonance=2)  # seat 0 leads Wayfarer
    sc.place(0, "rememberer", (1, 5))  # Wayfarer's Ring I Waystation: three Sites from the Lamp at I S2
    sc.apply(sc.action("activate", node=0))
    assert sc.player(0)["credits"] == 1 and sc.state()["remembered"] == [] and sc.player(0)["growth"] == 0


def test_wayfarer_mutes_an_opposing_installed_relic_and_its_controller_reactivates_it():
    """"Wayfarer may Mute an opposing Installed Relic at a Site occupied by its Ready Veilwalker or
    Wayfinder, or one of its active ordinary Figures: one Action and one Resonance. Its text, Presence
    and activations become inactive. Its controller may Reactivate for one Action and one Resonance
    while its Ready Veilwalker or Rememberer occupies that Site.\""""
    sc = shape(order=1, resonance=1)  # seat 0 leads Wayfarer (roadfolk), seat 1 Garden (lamplight)
    core = sc.put_relic(1, "seed_lamp_core", (2, 1))
    assert "mute" not in kinds(sc)
    sc.place(0, "wayfinder", (2, 1))
    sc.apply(sc.action("mute", slot=core))
    assert sc.player(1)["relics"][0].get("muted") and sc.player(0)["resonance"] == 0
    assert presence(sc.state_vector, sc.ruleset.tables, 1, at((2, 1))) == 0, "no Presence while Muted"
    end_turn(sc)
    sc.set(1, "P_RESONANCE", 1)
    assert "reactivate" not in kinds(sc), "its Veilwalker or Rememberer must be there"
    sc.place(1, "rememberer", (2, 1))
    sc.apply(sc.action("reactivate", slot=core))
    assert not sc.player(1)["relics"][0].get("muted")
    garden = shape(resonance=1)
    garden.put_relic(1, "whisper_rune", (1, 3))
    assert "mute" not in kinds(garden), "only Wayfarer Mutes"


def test_wayfarer_gains_one_disruption_per_round_and_spends_three_for_break_through():
    """"Wayfarer similarly gains at most one Disruption per Round, maximum three, by Muting/Razing an
    opposing Installed Relic, Traversing an enemy-controlled Gate, or claiming a Remembrance in the
    presence of an enemy Figure or Installed Relic. Spend three during Shape for Break Through: the
    next otherwise legal Traverse that turn costs no base Action. Other costs and Gate conditions
    remain.\""""
    sc = shape(order=1, resonance=2)  # seat 0 leads Wayfarer
    first = sc.put_relic(1, "seed_lamp_core", (2, 1))
    second = sc.put_relic(1, "whisper_rune", (2, 1))
    sc.place(0, "wayfinder", (2, 1))
    sc.apply(sc.action("mute", slot=first))
    sc.apply(sc.action("mute", slot=second))
    assert sc.player(0)["disruption"] == 1, "at most one per Round"
    sc.set(0, "P_DISRUPTION", 3)
    sc.open_boundary(0, 0)
    sc.set_offset(2, 0)  # Ring I's Gate aligned
    sc.place(0, "veilwalker", (1, 0))
    sc.set(None, "G_ACTIONS", 0)
    assert [a >> 16 for a in sc.legal()] == [5, 28], "no Action left: end, or Break Through"
    sc.apply(sc.action("break_through"))
    assert sc.player(0)["disruption"] == 0 and sc.player(0)["break_through"]
    sc.apply(sc.action("traverse", piece="veilwalker", direction="inward"))
    assert sc.player(0)["veilbound"][0] == at((2, 0)) and sc.state()["actions"] == 0
    assert not sc.player(0)["break_through"]


def test_garden_gains_growth_by_restoring_thread_at_a_controlled_site():
    """"Garden may gain at most one Growth per Round, maximum three, from ... restoring Thread at a
    controlled Site. No-op repairs or healing at full Thread do not qualify.\""""
    sc = shape(resonance=4)
    for _ in range(2):
        sc.give(0, "second_wind")
    sc.apply(sc.action("play", index=len(sc.player(0)["hand"]) - 1))
    assert sc.player(0)["growth"] == 0, "healing at full Thread does not qualify"
    sc.set(0, "P_THREAD", 15)
    sc.apply(sc.action("play", index=len(sc.player(0)["hand"]) - 1))
    assert sc.player(0)["growth"] == 1 and sc.player(0)["thread"] == 18


def test_garden_may_use_its_free_turnpoint_with_no_action_left():
    """"Garden may use one Turnpoint per Company turn without its base Action or Resonance cost.\""""
    sc = shape()
    sc.credit_nodes(0)
    sc.place(0, "wayfinder", (1, 1))
    sc.set(None, "G_ACTIONS", 0)
    sc.apply(sc.action("rotate", ring=1, direction="clockwise"))
    assert sc.state()["offsets"][0] == 1 and [a >> 16 for a in sc.legal()] == [5]


def test_thorn_sentinel_guards_the_walker_with_plus_one_power_while_together_and_the_lamps_burn():
    """Garden: "Thorn Sentinel has its printed Guardian of the Walker reward: normal paid deployment Ready
    beside the Veilwalker, and +1 Power while together and the network remains active." The bonus ends
    when it leaves its Veilwalker or a Lamp goes out; a Wayfarer Thorn Sentinel never has it."""
    sc = shape(resonance=2)
    sc.credit_nodes(0)
    sc.give(0, "thorn_sentinel")
    sc.apply(sc.action("play", index=len(sc.player(0)["hand"]) - 1))
    [thorn] = sc.player(0)["figures"]
    walker_site = sc.player(0)["veilbound"][0]
    assert thorn["ready"] and thorn["site"] == walker_site and thorn["power"] == 4, "printed 3, +1"
    assert presence(sc.state_vector, sc.ruleset.tables, 0, walker_site) == 3 + 4
    sc.apply(sc.action("move", piece=thorn["slot"], direction="clockwise"))
    assert sc.player(0)["figures"][0]["power"] == 3, "not together"
    sc.apply(sc.action("move", piece="veilwalker", direction="clockwise"))
    assert sc.player(0)["figures"][0]["power"] == 4
    sc.set(0, "P_NODE_ACTIVE", 0)
    assert sc.player(0)["figures"][0]["power"] == 3, "the network no longer active"
    wayfarer = shape(entry="roadfolk vs lamplight", order=1)  # seat 0 leads Wayfarer, with lamplight
    wayfarer.credit_nodes(0)
    slot = wayfarer.put_figure(0, "thorn_sentinel", (1, 3))
    assert wayfarer.player(0)["figures"][0]["power"] == 3 and slot == 0


def test_a_damaged_thorn_sentinel_breaks_when_its_bonus_ends():
    """"Recheck lethal damage when a temporary Power bonus expires": Thorn Sentinel (3 + 1) survives 3
    damage beside its Veilwalker, then Breaks when the Veilwalker steps away."""
    sc = shape(entry="lamplight vs lamplight")
    sc.credit_nodes(0)
    site = (1, 3)  # seat 0's Veilwalker is here
    thorn = sc.put_figure(0, "thorn_sentinel", site)
    enemy = sc.put_figure(1, "nessa", site)  # Power 3
    sc.apply(sc.action("challenge", attacker=thorn, defender=enemy))
    assert sc.player(1)["figures"] == [], "4 damage Breaks Nessa"
    assert sc.player(0)["figures"][0]["damage"] == 3 and sc.player(0)["figures"][0]["power"] == 4
    sc.apply(sc.action("move", piece="veilwalker", direction="clockwise"))
    assert sc.player(0)["figures"] == [] and "thorn_sentinel" in sc.player(0)["discard"]


def test_behind_the_lines_deploys_a_through_the_waystations_card_exhausted_at_a_garden_controlled_site():
    """Wayfarer, "While all three Waystations are active ... Behind the Lines: only cards expressly
    bearing the beta Through the Waystations permission may Deploy from hand at a physical, non-Fraying
    Site Garden controls. This beta names Mirror Hound, Mirror Hound Packleader and Mirror Stalker. Pay
    the usual Action and Resonance ... and place it faceup and Exhausted ... The Site need not contain a
    Lamp. First Bloom and closed Sites are never destinations." Garden holds Ring I S0 (its start)."""
    sc = shape(order=1, resonance=4)  # seat 0 leads Wayfarer (roadfolk), seat 1 Garden (its Entry Ring I S0)
    sc.give(0, "mirror_hound")
    sc.give(0, "roadfolk_guide")
    hound, guide = len(sc.player(0)["hand"]) - 2, len(sc.player(0)["hand"]) - 1
    assert sc.action("play", index=hound, behind=(1, 0)) not in sc.legal(), "the Waystations are not active"
    sc.credit_nodes(0)
    legal = sc.legal()
    assert sc.action("play", index=guide, behind=(1, 0)) not in legal, "no Through the Waystations permission"
    behind = [a for a in legal if a >> 16 == 6 and a >> 8 & 255 == hound and a & 255 >= 2]
    assert behind == [sc.action("play", index=hound, behind=(1, 0))], "Garden controls only its Entry"
    sc.apply(behind[0])
    [figure] = [f for f in sc.player(0)["figures"] if f["card"] == "mirror_hound"]
    assert figure["site"] == at((1, 0)) and not figure["ready"]
    assert sc.player(0)["resonance"] == 2 and sc.state()["actions"] == 2
    sc.give(0, "mirror_hound")
    sc.set(None, "G_FRAYING", 0)
    assert not [a for a in sc.legal() if a >> 16 == 6 and a & 255 >= 2], "Ring I Frays"


def test_garden_does_not_gain_the_behind_the_lines_permission():
    """"These cards remain playable by Garden under their ordinary rules, but Garden does not gain this
    network permission.\""""
    sc = shape(resonance=4)  # seat 0 leads Garden (lamplight, with Mirror Stalkers)
    sc.credit_nodes(0)
    sc.give(0, "mirror_stalker")
    index = len(sc.player(0)["hand"]) - 1
    plays = [a for a in sc.legal() if a >> 16 == 6 and a >> 8 & 255 == index]
    assert plays == [sc.action("play", index=index)]
