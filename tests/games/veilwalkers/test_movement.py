"""Presence, movement and Gates (section 4): Move, Traverse, escort, trio crossing, Turnpoints and
rotation; First Bloom entry (section 1); Wayfarer's Connected Waystations (section 5)."""

import pytest

from sim.core.scenario import IllegalAction
from tests.games.veilwalkers.helpers import at, kinds, shape


def test_move_is_one_action_for_one_lateral_step():
    """"Move: one Action, one legal lateral connection on the same Ring.\""""
    sc = shape()
    sc.apply(sc.action("move", piece="veilwalker", direction="clockwise"))
    assert sc.player(0)["veilbound"][0] == at((1, 4)) and sc.state()["actions"] == 2
    sc.apply(sc.action("move", piece="veilwalker", direction="counterclockwise"))
    sc.apply(sc.action("move", piece="veilwalker", direction="counterclockwise"))
    assert sc.player(0)["veilbound"][0] == at((1, 2)) and sc.state()["actions"] == 0
    assert kinds(sc) == ["end_shape"]


def test_exhausted_veilbound_cannot_move_but_exhausted_figures_may():
    """"Ordinary Exhausted Figures may Move and Traverse, but cannot initiate attacks ... Exhausted
    Veilbound cannot act or voluntarily move.\""""
    sc = shape()
    slot = sc.put_figure(0, "thorn_sentinel", (1, 3), ready=False)
    sc.set(0, "P_VB_READY", 0)
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("move", piece="veilwalker", direction="clockwise"))
    sc.apply(sc.action("move", piece=slot, direction="clockwise"))
    assert sc.player(0)["figures"][0]["site"] == at((1, 4))


def test_traverse_needs_aligned_ports_the_rite_and_the_waymark_in_either_direction():
    """"Traverse: one Action through a Gate between adjacent Rings. Matching ports must align, the
    Company must have completed the assigned Rite and bound its Waymark ... Use the inward Gate's Rite
    and Waymark for travel in either direction across that boundary.\""""
    sc = shape(edition="first-journey")  # every boundary aligned
    sc.place(0, "veilwalker", (1, 0))  # Ring I's inward Gate (assumed at S0)
    assert "traverse" not in kinds(sc), "no Rite, no Waymark"
    sc.open_boundary(0, 0)
    sc.apply(sc.action("traverse", piece="veilwalker", direction="inward"))
    assert sc.player(0)["veilbound"][0] == at((2, 0))
    sc.apply(sc.action("traverse", piece="veilwalker", direction="outward"))
    assert sc.player(0)["veilbound"][0] == at((1, 0))
    standard = shape()
    standard.place(0, "veilwalker", (1, 0))
    standard.open_boundary(0, 0)
    assert "traverse" not in kinds(standard), "misaligned ports"
    standard.set_offset(2, 0)  # Ring II turned so its port meets Ring I's Gate
    assert "traverse" in kinds(standard)


def test_rotation_carries_everything_and_is_not_movement():
    """"Rotation carries a Ring's Sites and everything attached to them; it is not arrival, departure,
    a Move or a Traverse." Rite of Return: "Ring rotation moving the Site underneath the Veilwalker
    does not count as leaving or returning.\""""
    sc = shape(resonance=4)
    sc.place(0, "wayfinder", (1, 1))  # Ring I's Turnpoint (assumed at S1)
    sc.place(0, "veilwalker", (2, 0))
    before = sc.player(0)["veilbound"][0]
    sc.apply(sc.action("rotate", ring=2, direction="clockwise"))
    assert sc.state()["offsets"][1] == 3 and sc.player(0)["veilbound"][0] == before
    assert sc.player(0)["rite_marks"] == [0] * 5


def test_a_turnpoint_turn_costs_an_action_and_two_resonance_and_needs_an_uncontested_controlled_site():
    """"A Ready Wayfinder at a controlled, uncontested Turnpoint may spend one Action and two Resonance
    to turn its own or an immediately adjacent Ring one clockwise or counterclockwise step. Any active
    enemy Figure or Veilbound there contests it, even if outnumbered or Exhausted.\""""
    sc = shape(resonance=2)
    sc.place(0, "wayfinder", (1, 1))
    rings = sorted({a >> 8 & 255 for a in sc.legal() if a >> 16 == 11})
    assert rings == [0, 1], "own Ring and the adjacent one (Ring I has no outer neighbour)"
    sc.put_figure(1, "mirror_hound", (1, 1))
    assert "rotate" not in kinds(sc), "outnumbered: no control"
    sc.put_figure(0, "nessa", (1, 1))
    sc.place(1, "rememberer", (1, 1))
    assert "rotate" not in kinds(sc), "an enemy piece contests it"
    sc.place(1, "rememberer", (1, 0))
    assert "rotate" not in kinds(sc), "the enemy Figure still contests it"
    sc.place(1, 0, (1, 0))
    sc.apply(sc.action("rotate", ring=1, direction="counterclockwise"))
    assert sc.state()["offsets"][0] == 5 and sc.player(0)["resonance"] == 0 and sc.state()["actions"] == 2
    assert "rotate" not in kinds(sc), "no Resonance left"


def test_garden_uses_one_turnpoint_per_turn_free_while_the_lamps_burn():
    """"Garden may use one Turnpoint per Company turn without its base Action or Resonance cost ...
    Later Turnpoint uses cost normally.\""""
    sc = shape(resonance=2)
    sc.credit_nodes(0)
    sc.place(0, "wayfinder", (1, 1))
    sc.apply(sc.action("rotate", ring=1, direction="clockwise"))
    assert sc.state()["actions"] == 3 and sc.player(0)["resonance"] == 2
    sc.apply(sc.action("rotate", ring=1, direction="clockwise"))
    assert sc.state()["actions"] == 2 and sc.player(0)["resonance"] == 0


def test_the_veilwalker_escorts_one_ally_who_arrives_exhausted():
    """"A Veilwalker may take one allied Ally from the origin through an ordinary Traverse without
    another Action. The Ally arrives Exhausted ... Heroes and Echoes require their own crossing.\""""
    sc = shape(edition="first-journey")
    sc.place(0, "veilwalker", (1, 0))
    sc.open_boundary(0, 0)
    ally = sc.put_figure(0, "thorn_sentinel", (1, 0))
    hero = sc.put_figure(0, "nessa", (1, 0))
    escorts = [a for a in sc.legal() if a >> 16 == 9]
    assert escorts == [sc.action("escort", slot=ally, direction="inward")]
    sc.apply(escorts[0])
    figures = {f["slot"]: f for f in sc.player(0)["figures"]}
    assert figures[ally]["site"] == at((2, 0)) and not figures[ally]["ready"]
    assert figures[hero]["site"] == at((1, 0)) and sc.state()["actions"] == 2


def test_a_follower_starts_at_the_veilwalkers_origin_and_arrives_exhausted():
    """"A Veilwalker may take one allied Ally from the origin ... The Ally arrives Exhausted unless a rule
    says otherwise ... A follower travels the same route, may not follow itself, and must be eligible at
    both ends." An Ally one Site away is no follower."""
    sc = shape(edition="first-journey")
    sc.place(0, "veilwalker", (1, 0))
    sc.open_boundary(0, 0)
    sc.put_figure(0, "thorn_sentinel", (1, 1))
    assert "escort" not in kinds(sc), "not at the origin"
    ally = sc.put_figure(0, "thorn_sentinel", (1, 0))
    sc.apply(sc.action("escort", slot=ally, direction="inward"))
    follower = {f["slot"]: f for f in sc.player(0)["figures"]}[ally]
    assert follower["site"] == sc.player(0)["veilbound"][0] == at((2, 0)) and not follower["ready"]


def test_the_trio_crossing_costs_three_actions_and_exhausts_all_three():
    """"Optional trio crossing costs three Actions: all three Ready Veilbound together take one legal
    ordinary Gate, all arrive Exhausted, no escort and no Bloom entry.\""""
    sc = shape(edition="first-journey")
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(0, piece, (1, 0))
    sc.open_boundary(0, 0)
    sc.apply(sc.action("trio", direction="inward"))
    assert sc.player(0)["veilbound"] == [at((2, 0))] * 3
    assert sc.player(0)["veilbound_ready"] == [False] * 3 and sc.state()["actions"] == 0


def test_first_bloom_opens_to_a_veilwalker_with_complete_history_and_three_remembrances():
    """"The first entrant to Bloom must carry three Remembrances and use an aligned Ring VI entrance.
    After Bloom is opened, your Veilwalker may contest it with fewer than three, but your own network
    history must still be complete." "Wayfinders, Rememberers ... never enter Bloom.\""""
    sc = shape(edition="first-journey")  # Ring VI's entrance aligned
    sc.place(0, "veilwalker", (6, 4))
    sc.place(0, "wayfinder", (6, 4))
    sc.carry(0, 0)
    sc.carry(0, 1)
    sc.carry(0, 2)
    assert "traverse" not in kinds(sc), "network history incomplete"
    sc.credit_nodes(0, active=False)  # history counts even when the nodes are inactive now
    traverses = [a for a in sc.legal() if a >> 16 == 8]
    assert traverses == [sc.action("traverse", piece="veilwalker", direction="inward")]
    sc.apply(traverses[0])
    assert sc.player(0)["veilbound"][0] == 36 and sc.state()["bloom_open"]
    other = shape(edition="first-journey")
    other.place(0, "veilwalker", (6, 4))
    other.credit_nodes(0)
    other.carry(0, 0)
    assert "traverse" not in kinds(other), "the first entrant needs three"
    other.set(None, "G_BLOOM_OPEN", 1)
    assert "traverse" in kinds(other), "once open, fewer suffice"


def test_wayfarers_connected_waystations_link_for_one_action_keeping_readiness():
    """"each pair of its active, physical, Wayfarer-controlled station Sites is linked. Spend one Action
    and zero base Resonance to move one eligible unit between them ... preserves readiness.\""""
    sc = shape(order=1)  # seat 0 leads Wayfarer
    assert sc.player(0)["company"] == "wayfarer"
    sc.credit_nodes(0)
    # Waystations (assumed): Ring I S5, Ring III S4, Ring VI S3 (three Sites from each Lamp)
    sc.place(0, "veilwalker", (1, 5))
    sc.place(0, "wayfinder", (3, 4))
    sc.place(0, "rememberer", (6, 3))
    links = sorted(a & 255 for a in sc.legal() if a >> 16 == 20 and (a >> 8 & 255) == 0)
    assert links == [1, 2]
    sc.apply(sc.action("link", piece="veilwalker", destination=2))
    assert sc.player(0)["veilbound"][0] == at((6, 3)) and sc.player(0)["veilbound_ready"][0]
    assert sc.state()["actions"] == 2
    garden = shape()
    garden.credit_nodes(0)
    assert "link" not in kinds(garden)


def test_the_free_turnpoint_reward_can_be_taken_away_as_a_variant():
    """"Garden may use one Turnpoint per Company turn without its base Action or Resonance cost." Rule
    garden_free_turnpoint 0 (editions no-free-turnpoint, no-network-rewards, for the studies of each
    reward's value): with all three Lamps active the turn costs "one Action and two Resonance" again."""
    for edition in ("no-free-turnpoint", "no-network-rewards"):
        sc = shape(edition=edition, resonance=2)
        sc.credit_nodes(0)
        sc.place(0, "wayfinder", (1, 1))
        actions = sc.state()["actions"]
        sc.apply(sc.action("rotate", ring=1, direction="clockwise"))
        assert sc.state()["actions"] == actions - 1 and sc.player(0)["resonance"] == 0


def test_the_waystation_links_can_be_taken_away_as_a_variant():
    """"each pair of its active, physical, Wayfarer-controlled station Sites is linked." Rule
    wayfarer_station_links 0 (editions no-station-links, no-network-rewards): the same position as
    the link test lists no link."""
    for edition in ("no-station-links", "no-network-rewards"):
        sc = shape(edition=edition, order=1)
        sc.credit_nodes(0)
        sc.place(0, "veilwalker", (1, 5))
        sc.place(0, "wayfinder", (3, 4))
        sc.place(0, "rememberer", (6, 3))
        assert "link" not in kinds(sc)
