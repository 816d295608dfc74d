"""Playing cards (sections 3 and 7): costs, deployment, Relics, Events, Unique, Disasters."""

from tests.games.veilwalkers.helpers import at, shape


def _play(sc, card: str) -> None:
    sc.give(0, card)
    sc.apply(sc.action("play", index=len(sc.player(0)["hand"]) - 1))


def test_a_card_costs_an_action_plus_printed_resonance_and_a_figure_deploys_ready_at_the_veilwalker():
    """"A normal card play costs one Action plus printed Resonance." "Ordinary Figures Deploy Ready at
    your physical Veilwalker's Site for one Action plus cost.\""""
    sc = shape(resonance=1)
    sc.give(0, "thorn_sentinel")  # cost 2
    index = len(sc.player(0)["hand"]) - 1
    assert sc.action("play", index=index) not in sc.legal()
    sc.set(0, "P_RESONANCE", 3)
    sc.apply(sc.action("play", index=index))
    figure = sc.player(0)["figures"][0]
    assert figure["site"] == at((1, 3)) and figure["ready"]
    assert sc.player(0)["resonance"] == 1 and sc.state()["actions"] == 2


def test_relics_install_at_the_veilwalkers_site_two_slots_per_site_and_major_uses_both():
    """"Each Company has two Installed slots per Site; Major uses both." "Active Installed Relics
    contribute their Power.\""""
    sc = shape(resonance=9)
    _play(sc, "seed_lamp_core")
    assert sc.player(0)["relics"] == [{"card": "seed_lamp_core", "site": at((1, 3))}]
    _play(sc, "whisper_rune")
    sc.give(0, "seed_lamp_core")
    assert sc.action("play", index=len(sc.player(0)["hand"]) - 1) not in sc.legal(), "both slots used"


def test_events_resolve_their_effects_and_go_to_the_discard():
    """"Events go to discard after resolution unless explicitly kept or exiled.\""""
    sc = shape(resonance=5)
    sc.set(0, "P_THREAD", 15)
    _play(sc, "second_wind")  # restore 3
    assert sc.player(0)["thread"] == 18 and sc.player(0)["discard"] == ["second_wind"]
    _play(sc, "second_wind")
    assert sc.player(0)["thread"] == 20, "restoration caps at 20"


def test_one_disaster_per_company_per_round():
    """"At most one Disaster may be played per Company per Round.\""""
    sc = shape("thorn_pressure vs roadfolk", resonance=9)
    _play(sc, "ember_rain")
    assert sc.player(1)["thread"] == 16
    sc.give(0, "ember_rain")
    assert sc.action("play", index=len(sc.player(0)["hand"]) - 1) not in sc.legal()


def test_a_second_active_unique_of_the_same_name_cannot_be_deployed():
    """"You cannot Deploy or voluntarily take control of a second active Unique of the same name.\""""
    sc = shape(resonance=9)
    _play(sc, "nessa")
    sc.give(0, "nessa")
    assert sc.action("play", index=len(sc.player(0)["hand"]) - 1) not in sc.legal()


def test_no_deployment_enters_first_bloom():
    """"No card, copied effect, remote deployment ... overrides Bloom eligibility." With the Veilwalker
    in First Bloom, Figures and Relics cannot Deploy; Events still resolve."""
    sc = shape(resonance=9)
    sc.place(0, "veilwalker", "bloom")
    sc.give(0, "thorn_sentinel")
    sc.give(0, "second_wind")
    n = len(sc.player(0)["hand"])
    assert sc.action("play", index=n - 2) not in sc.legal() and sc.action("play", index=n - 1) in sc.legal()


def test_thread_loss_effects_and_draws_do_what_they_can():
    """"A card resolving with some legal targets does what it can to those targets.\""""
    sc = shape("thorn_pressure vs roadfolk", resonance=9)
    _play(sc, "the_story_told_wrong")
    assert sc.player(1)["thread"] == 18
    sc.mill(0, keep=0)
    hand = len(sc.player(0)["hand"])
    _play(sc, "wanderers_shortcut")  # draw 1 from an empty deck: nothing
    assert len(sc.player(0)["hand"]) == hand and sc.player(0)["deck"] == 0
