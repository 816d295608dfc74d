"""The Watcher (section 10): placement, awakening, the Watcher phase, Suppression, Attention, Lay
Low, the Challenge that defeats it, Close the Eye, Veilshock and the Remnant."""

import pytest

from sim.core.scenario import IllegalAction
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.rules import watcher
from sim.games.veilwalkers.rules.board import controls
from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape

SITE = (2, 1)


def end_round(sc) -> None:
    end_turn(sc)
    end_turn(sc)


def reveal(sc, where=SITE) -> None:
    sc.set(None, "G_WATCHER_SITE", at(where))
    sc.set(None, "G_WATCHER", L.WATCHER_REVEALED)


def test_the_watcher_starts_dormant_on_a_ring_site_rolled_with_two_dice():
    """"Roll a die for the Watcher's Ring, then another for its Site, 1-6 meaning S0-S5; place it
    Dormant. Its location is always public." "Choose the Dormant Watcher's starting location uniformly
    among the 36 Ring Sites after player starts.\""""
    sites = set()
    for seed in range(1, 121):
        state = shape(seed=seed).state()
        assert state["watcher"] == "dormant" and 0 <= state["watcher_site"] < 36
        sites.add(state["watcher_site"])
    assert len(sites) >= 30 and len({s // 6 for s in sites}) == 6


def test_a_dormant_or_hidden_watcher_has_no_presence_and_a_revealed_one_three():
    """"Dormant has no effects and cannot be targeted. Hidden has a public location but no Presence and
    cannot be attacked. Revealed supplies three neutral Presence and Power 3 when defending." "A Company
    controls a Site only with a positive total strictly higher than every opposing or neutral total.\""""
    sc = shape()
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(0, piece, SITE)
    slot = sc.put_figure(0, "everburn_scout", (2, 2))  # Power 1
    sc.set(None, "G_WATCHER_SITE", at(SITE))
    s, rules = sc.state_vector, sc.ruleset.tables
    for state in (L.WATCHER_DORMANT, L.WATCHER_HIDDEN):
        sc.set(None, "G_WATCHER", state)
        assert controls(s, rules, 0, at(SITE)) and "challenge_watcher" not in kinds(sc)
    sc.set(None, "G_WATCHER", L.WATCHER_REVEALED)
    assert not controls(s, rules, 0, at(SITE)), "3 against 3 neutral: a tie"
    sc.place(0, slot, SITE)
    assert controls(s, rules, 0, at(SITE)) and sc.action("challenge_watcher", attacker=slot) in sc.legal()


def test_the_awakening_schedule_runs_from_round_10_to_round_15():
    """"At the end of Round 10, awaken on 6; Round 11 on 5-6; Round 12 on 4-6; Round 13 on 3-6; Round 14
    on 2-6; Round 15 automatically." "Change Dormant to Hidden; its first movement phase is that Round's
    end.\""""
    early = shape()
    early.set(None, "G_ROUND", 9)
    end_round(early)
    assert early.state()["watcher"] == "dormant"
    late = shape()
    late.set(None, "G_ROUND", 15)
    end_round(late)
    assert late.state()["watcher"] != "dormant"
    assert any("the Watcher: Hidden" in e for e in late.events_text())
    woken = 0
    for seed in range(1, 61):
        sc = shape(seed=seed)
        sc.set(None, "G_ROUND", 10)
        end_round(sc)
        woken += sc.state()["watcher"] != "dormant"
    assert 2 <= woken <= 25, "about one in six on a 6"


def test_the_first_three_node_milestone_awakens_the_watcher_at_once():
    """"Either Company's first completed three-node historical milestone awakens it immediately.\""""
    sc = shape(resonance=2)
    base = sc._base(0)
    for node in (1, 2):
        sc.state_vector[base + L.P_NODE_CREDIT + node] = 1
    sc.place(0, "rememberer", (1, 2))
    sc.apply(sc.action("activate", node=0))
    assert sc.state()["watcher"] == "hidden"


def test_the_watcher_moves_radially_keeping_its_world_sector_and_stops_at_the_board_edge():
    """"Radial movement keeps world sector and ignores Gates. Stop at boundaries of the physical board."
    "Ring rotation carries it normally; it never enters Bloom.\""""
    sc = shape()
    s = sc.state_vector
    ring_ii_s1 = at((2, 1))  # world sector 3 (offset 2)
    assert watcher.step_from(s, ring_ii_s1, watcher.INWARD) == at((3, 2)), "Ring III offset 1: S2 is sector 3"
    assert watcher.step_from(s, ring_ii_s1, watcher.OUTWARD) == at((1, 3))
    assert watcher.step_from(s, at((6, 0)), watcher.INWARD) == -1
    assert watcher.step_from(s, at((1, 0)), watcher.OUTWARD) == -1
    sc.set(None, "G_WATCHER_SITE", at((6, 0)))
    watcher.move(s, 3, watcher.INWARD)
    assert sc.state()["watcher_site"] == at((6, 0))


def test_interfere_suppresses_a_relic_else_exhausts_the_strongest_figure_else_gives_attention():
    """Interfere: "Reveal and Suppress an Installed Relic; otherwise Exhaust the highest-Power eligible
    Figure; otherwise give one Company with a Veilbound there one Attention. If none applies, Observe.
    With nothing relevant, become Hidden." Suppression "disables a Relic's text, Presence ... until the
    end of its controller's next turn, then ends automatically. It is not Mute.\""""
    sc = shape()
    s, rules = sc.state_vector, sc.ruleset.tables

    def interfere():
        sc.set(None, "G_WATCHER", L.WATCHER_HIDDEN)
        watcher.interfere(s, rules, at(SITE), sc.keys, sc.counters, sc.events)
        return sc.state()["watcher"]

    sc.put_relic(0, "seed_lamp_core", SITE)
    small = sc.put_figure(1, "roadfolk_guide", SITE)
    big = sc.put_figure(1, "crowned_tempest", SITE)
    assert interfere() == "revealed" and sc.player(0)["relics"][0].get("suppressed")
    assert "muted" not in sc.player(0)["relics"][0]
    assert interfere() == "revealed"
    figures = {f["slot"]: f["ready"] for f in sc.player(1)["figures"]}
    assert figures == {small: True, big: False}, "the highest Power"
    sc.set(None, "G_WATCHER_SITE", at((4, 0)))
    sc.place(1, "wayfinder", (4, 0))
    before = sc.player(1)["attention"]
    sc.set(None, "G_WATCHER", L.WATCHER_HIDDEN)
    watcher.interfere(s, rules, at((4, 0)), sc.keys, sc.counters, sc.events)
    assert sc.player(1)["attention"] == before + 1
    sc.set(None, "G_WATCHER", L.WATCHER_REVEALED)
    watcher.interfere(s, rules, at((5, 5)), sc.keys, sc.counters, sc.events)
    assert sc.state()["watcher"] == "hidden", "nothing relevant"
    end_turn(sc)
    assert "suppressed" not in sc.player(0)["relics"][0], "ends at its controller's turn end"


def test_observe_reveals_and_gives_each_company_with_a_character_there_one_attention():
    """"Observe, Reveal if there is a relevant object ... give each Company with a character there one
    Attention." "Attention ranges 0-3.\""""
    sc = shape()
    sc.place(0, "veilwalker", SITE)
    sc.put_figure(1, "mirror_hound", SITE)
    sc.set(0, "P_ATTENTION", 3)
    watcher.observe(sc.state_vector, sc.ruleset.tables, at(SITE), sc.events)
    assert sc.state()["watcher"] == "revealed"
    assert sc.player(0)["attention"] == 3 and sc.player(1)["attention"] == 1


def test_at_three_attention_a_major_objective_costs_one_more_resonance_and_consumes_it():
    """"At three, your next major-objective declaration costs one extra Resonance and consumes all
    Attention when paid. Major objectives are claiming a Remembrance, binding a Waymark, first opening
    Bloom, activating/reactivating a node and Close the Eye ... Ordinary travel ... are not major
    objectives.\""""
    sc = shape()
    sc.place(0, "veilwalker", (2, 2))
    sc.set(0, "P_ATTENTION", 3)
    assert "claim" not in kinds(sc) and "move" in kinds(sc)
    sc.set(0, "P_RESONANCE", 1)
    sc.apply(sc.action("claim", token=0))
    me = sc.player(0)
    assert me["remembrances"] == 1 and me["resonance"] == 0 and me["attention"] == 0


def test_lay_low_removes_one_attention_once_per_turn():
    """"Lay Low: one Action removes one Attention, once per Company turn.\""""
    sc = shape()
    sc.set(0, "P_ATTENTION", 2)
    sc.apply(sc.action("lay_low"))
    assert sc.player(0)["attention"] == 1 and sc.state()["actions"] == 2
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("lay_low"))


def test_defeating_the_revealed_watcher_moves_and_hides_it_but_never_breaks_it():
    """"If Challenge damage defeats the Revealed Watcher, move it one Site in a random legal direction,
    make it Hidden and clear its damage. Otherwise clear its damage at the next Watcher phase. It is not
    permanently Broken.\""""
    sc = shape()
    reveal(sc)
    slot = sc.put_figure(0, "seether", SITE)  # Power 4 against Power 3
    sc.apply(sc.action("challenge_watcher", attacker=slot))
    state = sc.state()
    assert state["watcher"] == "hidden" and state["watcher_site"] != at(SITE)
    assert sc.state_vector[L.G_WATCHER_DAMAGE] == 0
    mine = sc.player(0)["figures"][0]
    assert mine["damage"] == 3 and not mine["ready"]
    weak = shape()
    reveal(weak)
    scout = weak.put_figure(0, "everburn_scout", SITE)
    weak.apply(weak.action("challenge_watcher", attacker=scout))
    assert weak.state()["watcher"] == "revealed" and weak.player(0)["figures"] == []
    assert weak.state_vector[L.G_WATCHER_DAMAGE] == 1


def test_close_the_eye_removes_the_watcher_on_3_to_6_with_veilshock_and_a_remnant_or_fails_on_1_2():
    """Close the Eye: "Your Ready Veilwalker shares its Site with the Revealed Watcher; control that Site
    with at least six Presence. Pay two Actions and three Resonance ... 1-2: fail, move the Watcher three
    Sites in a random legal direction, respecting boundaries, hide it, Exhaust your Figures at the ritual
    Site and gain one Attention. 3-6: remove it for the match and clear both Companies' Attention.
    Veilshock: choose one opposing Figure on the active board, Exhaust it and skip its next Remember
    Ready. Gain one Remnant.\""""
    outcomes = set()
    for seed in range(1, 40):
        sc = shape(seed=seed)
        for piece in ("veilwalker", "wayfinder", "rememberer"):
            sc.place(0, piece, SITE)
        sc.put_figure(0, "thorn_sentinel", SITE)  # 3 + 3 = 6 Presence
        theirs = sc.put_figure(1, "mirror_hound", (3, 3))
        reveal(sc)
        sc.set(0, "P_RESONANCE", 3)
        sc.set(1, "P_ATTENTION", 2)
        assert sc.action("close_eye") not in sc.legal(), "the opponent has a Figure: Veilshock names it"
        sc.apply(sc.action("close_eye", defender=theirs + 1))
        state, me = sc.state(), sc.player(0)
        assert state["actions"] == 1 and me["resonance"] == 0
        if state["watcher"] == "removed":
            outcomes.add("removed")
            assert me["remnants"] == 1 and sc.player(1)["attention"] == 0
            assert not sc.player(1)["figures"][0]["ready"]
            end_turn(sc)
            assert not sc.player(1)["figures"][0]["ready"], "skips its next Remember Ready"
        else:
            outcomes.add("failed")
            assert state["watcher"] == "hidden" and state["watcher_site"] != at(SITE)
            assert me["attention"] == 1 and not me["figures"][0]["ready"], "its Figures at the ritual Site Exhausted"
        if outcomes == {"removed", "failed"}:
            break
    assert outcomes == {"removed", "failed"}


def test_a_remnant_restores_one_thread_and_moves_a_piece_one_lateral_site_for_no_action():
    """"A Remnant is not a Remembrance. Once during Shape, spend it for zero Actions to restore one Thread
    and move an allied Veilwalker or Figure one legal lateral Site for free.\""""
    sc = shape()
    sc.set(0, "P_REMNANT", 1)
    sc.set(0, "P_THREAD", 15)
    sc.place(0, "veilwalker", SITE)
    assert sc.action("remnant", piece="wayfinder", direction="clockwise") not in sc.legal()
    sc.apply(sc.action("remnant", piece="veilwalker", direction="clockwise"))
    me = sc.player(0)
    assert me["thread"] == 16 and me["veilbound"][0] == at((2, 2)) and me["remnants"] == 0
    assert sc.state()["actions"] == 3 and me["remembrances"] == 0


def test_closure_carries_the_watcher_inward_at_its_world_sector():
    """"Move unclaimed Remembrances and the Watcher inward to the next physical Ring at the same world
    sector. A removed Watcher stays removed.\""""
    sc = shape()
    sc.mill(0)
    sc.mill(1)
    for _ in range(4):
        end_round(sc)
    sc.set(None, "G_WATCHER_SITE", at((1, 4)))  # sector 4
    end_round(sc)
    assert sc.state()["closed"] == 1 and sc.state()["watcher_site"] == at((2, 2)), "Ring II offset 2: S2"


def test_without_the_milestone_rule_the_third_node_leaves_the_watcher_dormant():
    """"Either Company's first completed three-node historical milestone awakens it immediately." Rule
    watcher_milestone 0 (edition no-watcher, a variant for the studies of the Watcher's effect): the
    same activation as the milestone test leaves it Dormant."""
    sc = shape(edition="no-watcher", resonance=2)
    base = sc._base(0)
    for node in (1, 2):
        sc.state_vector[base + L.P_NODE_CREDIT + node] = 1
    sc.place(0, "rememberer", (1, 2))
    sc.apply(sc.action("activate", node=0))
    assert sc.state_vector[base + L.P_NODE_CREDIT] == 1
    assert sc.state()["watcher"] == "dormant"


def test_the_no_watcher_variant_skips_the_awakening_schedule():
    """"Round 15 automatically": under edition no-watcher (watcher_round 0, watcher_milestone 0) the
    Watcher is still Dormant after Round 15 ends, and the Round it awoke is recorded as 0 (never)."""
    sc = shape(edition="no-watcher")
    sc.set(None, "G_ROUND", 15)
    end_round(sc)
    assert sc.state()["watcher"] == "dormant"
    assert int(sc.result().extra["watcher_round"][0]) == 0


def test_the_round_the_watcher_awoke_is_recorded():
    """"Round 15 automatically" and "Either Company's first completed three-node historical milestone
    awakens it immediately": the lake's watcher_round is the Round it awoke, by either way."""
    late = shape()
    late.set(None, "G_ROUND", 15)
    end_round(late)
    assert int(late.result().extra["watcher_round"][0]) == 15
    milestone = shape(resonance=2)
    milestone.set(None, "G_ROUND", 4)
    base = milestone._base(0)
    for node in (1, 2):
        milestone.state_vector[base + L.P_NODE_CREDIT + node] = 1
    milestone.place(0, "rememberer", (1, 2))
    milestone.apply(milestone.action("activate", node=0))
    assert int(milestone.result().extra["watcher_round"][0]) == 4
