"""Combat and displacement (section 6): Challenge, Thread Strike, interception."""

import pytest

from sim.core.scenario import IllegalAction
from sim.games.veilwalkers import layout as L
from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape

SITE = (2, 1)


def test_a_challenge_deals_power_simultaneously_breaks_and_exhausts_the_surviving_defender():
    """"Spend one Action and Exhaust a Ready Figure to Challenge an enemy Figure at the same physical
    Site. After responses, both deal current Challenge Power as damage simultaneously. A Figure with
    damage at least its current Power is Broken ... A surviving defender becomes Exhausted.\""""
    sc = shape()
    mine = sc.put_figure(0, "thorn_sentinel", SITE)  # Power 3
    theirs = sc.put_figure(1, "mirror_hound_packleader", SITE)  # Power 4
    sc.apply(sc.action("challenge", attacker=mine, defender=theirs))
    assert sc.player(0)["figures"] == [] and "thorn_sentinel" in sc.player(0)["discard"]
    survivor = sc.player(1)["figures"][0]
    assert survivor["damage"] == 3 and not survivor["ready"]
    assert sc.state()["actions"] == 2


def test_equal_power_breaks_both():
    """"both deal current Challenge Power as damage simultaneously": equal Powers Break both."""
    sc = shape()
    sc.put_figure(0, "thorn_sentinel", SITE)
    mine = sc.put_figure(0, "seether", SITE)  # Power 4
    theirs = sc.put_figure(1, "crowned_tempest", SITE)  # Power 4
    sc.apply(sc.action("challenge", attacker=mine, defender=theirs))
    assert [f["card"] for f in sc.player(0)["figures"]] == ["thorn_sentinel"] and sc.player(1)["figures"] == []
    assert "seether" in sc.player(0)["discard"] and "crowned_tempest" in sc.player(1)["discard"]


def test_exhausted_figures_cannot_attack():
    """"Ordinary Exhausted Figures ... cannot initiate attacks.\""""
    sc = shape()
    mine = sc.put_figure(0, "thorn_sentinel", SITE, ready=False)
    sc.put_figure(1, "mirror_hound", SITE)
    assert "challenge" not in kinds(sc)
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("challenge", attacker=mine, defender=0))


def test_a_thread_strike_costs_the_defender_the_attackers_power_and_holds_the_attacker():
    """"Spend one Action and Exhaust a Ready Figure at an opposing Veilwalker's Site ... Without
    interception, lose Thread equal to the attacker's current Challenge Power." "A Figure declaring a
    Thread Strike is held at that Site and may not declare another Thread Strike until its next
    Remember ... Readying it does not remove the hold.\""""
    sc = shape()
    sc.place(1, "veilwalker", SITE)
    slot = sc.put_figure(0, "thorn_sentinel", SITE)
    sc.apply(sc.action("strike", attacker=slot))
    assert sc.player(1)["thread"] == 17 and sc.state()["decider"] == 0
    figure = sc.player(0)["figures"][0]
    assert figure["held"] and not figure["ready"]
    sc.state_vector[sc._base(0) + L.P_FIG + slot * L.FIG_W + L.F_READY] = 1
    assert "strike" not in kinds(sc)
    assert not any(a >> 16 == 7 and (a >> 8 & 255) == 3 + slot for a in sc.legal()), "held: it cannot relocate"


def test_the_defender_chooses_an_interceptor_and_the_strike_becomes_a_challenge():
    """"That defender may choose one eligible Ready Figure there to Intercept. Interception becomes a
    normal Challenge instead of Thread loss." "Only one interceptor per attack.\""""
    sc = shape()
    sc.place(1, "veilwalker", SITE)
    slot = sc.put_figure(0, "thorn_sentinel", SITE)
    guard = sc.put_figure(1, "crowned_tempest", SITE)
    sc.put_figure(1, "mirror_hound", SITE, ready=False)  # Exhausted: not eligible
    sc.apply(sc.action("strike", attacker=slot))
    assert sc.state()["pending"] == "intercept" and sc.state()["decider"] == 1
    assert sorted(a >> 16 for a in sc.legal()) == [22, 23]
    sc.apply(sc.action("intercept", slot=guard))
    assert sc.player(1)["thread"] == 20
    assert sc.player(0)["figures"] == [] and sc.player(1)["figures"][0]["damage"] == 3
    assert sc.state()["decider"] == 0 and sc.state()["pending"] == "shape"


def test_no_attack_happens_automatically_on_arrival():
    """"No attack happens automatically on arrival.\""""
    sc = shape()
    sc.place(1, "veilwalker", (1, 4))
    sc.put_figure(0, "thorn_sentinel", (1, 3))
    sc.apply(sc.action("move", piece=0, direction="clockwise"))
    assert sc.player(1)["thread"] == 20
    end_turn(sc)
    assert sc.player(1)["thread"] == 20


def test_drive_off_returns_the_role_to_its_entry_exhausted_immune_and_the_veilwalker_drops_one():
    """Drive Off: "Spend one Action and Exhaust a Ready Figure to Drive Off an opposing Veilbound at its
    Site ... Otherwise return the role to its Company's active Stronghold, or its Entry Site if no
    Stronghold is active. It arrives Exhausted, keeps its one Presence if physical, and cannot act or
    move until next Remember. It is immune to another Drive Off until that Remember ... A Veilwalker
    drops one carried Remembrance at its departure, retaining the rest. No Thread damage." Drop: "uses
    normal claim rules rather than the Thread Strike recovery window"."""
    sc = shape()
    sc.place(1, "veilwalker", SITE)
    sc.carry(1, 3)
    sc.carry(1, 4)
    slot = sc.put_figure(0, "thorn_sentinel", SITE)
    sc.put_figure(0, "nessa", SITE)
    sc.apply(sc.action("drive_off", attacker=slot, piece="veilwalker"))
    them = sc.player(1)
    assert them["veilbound"][0] == 0 and not them["veilbound_ready"][0]  # seat 1's Entry: Ring I S0
    assert them["remembrances"] == 1 and them["thread"] == 20
    assert sc.state()["tokens"][3] == (at(SITE), -1)
    assert not sc.player(0)["figures"][0]["ready"]
    sc.place(1, "veilwalker", SITE)
    assert not any(a >> 16 == 24 for a in sc.legal()), "immune until its next Remember"
    end_turn(sc)
    assert sc.player(1)["veilbound_ready"][0]
    assert sc.action("claim", token=3) not in sc.legal(), "normal claim rules: seat 1 does not control the Site"


def test_an_interceptor_replaces_the_drive_off_with_a_challenge():
    """"A Ready eligible defender may Intercept, replacing the displacement with a normal Challenge even
    if the interceptor loses.\""""
    sc = shape()
    sc.place(1, "rememberer", SITE)
    slot = sc.put_figure(0, "seether", SITE)
    guard = sc.put_figure(1, "roadfolk_guide", SITE)
    sc.apply(sc.action("drive_off", attacker=slot, piece="rememberer"))
    assert sc.state()["pending"] == "intercept" and sc.state()["decider"] == 1
    sc.apply(sc.action("intercept", slot=guard))
    assert sc.player(1)["veilbound"][2] == at(SITE) and sc.player(1)["figures"] == []


def test_raze_breaks_an_installed_relic_whose_power_the_attacker_meets():
    """Raze: "One Action and Exhaust a Ready Figure at an opposing Installed Relic. If its Raze Power
    meets the Relic Power, Break the Relic." (Raze Power is read as the Figure's Power.)"""
    sc = shape()
    weak = sc.put_figure(0, "everburn_scout", SITE)  # Power 1
    stone = sc.put_relic(1, "weather_stone", SITE)  # Power 1
    sc.apply(sc.action("raze", attacker=weak, relic=stone))
    assert sc.player(1)["relics"] == [] and "weather_stone" in sc.player(1)["discard"]
    assert not sc.player(0)["figures"][0]["ready"] and sc.state()["actions"] == 2
    mirror = shape("lamplight vs lamplight")
    slot = mirror.put_figure(0, "everburn_scout", SITE)
    core = mirror.put_relic(1, "seed_lamp_core", SITE)  # Power 2
    mirror.apply(mirror.action("raze", attacker=slot, relic=core))
    assert mirror.player(1)["relics"] == [{"card": "seed_lamp_core", "site": at(SITE)}], "Power 1 does not meet 2"
    assert not mirror.player(0)["figures"][0]["ready"] and mirror.state()["actions"] == 2


def test_a_defending_figure_intercepts_a_raze_and_protects_the_relic():
    """"A Ready eligible defending Figure may Intercept, becoming the Challenge target and protecting
    the Relic.\""""
    sc = shape()
    slot = sc.put_figure(0, "thorn_sentinel", SITE)
    stone = sc.put_relic(1, "weather_stone", SITE)
    guard = sc.put_figure(1, "crowned_tempest", SITE)
    sc.apply(sc.action("raze", attacker=slot, relic=stone))
    assert sc.state()["pending"] == "intercept" and sc.state()["decider"] == 1
    sc.apply(sc.action("intercept", slot=guard))
    assert len(sc.player(1)["relics"]) == 1 and sc.player(0)["figures"] == []
