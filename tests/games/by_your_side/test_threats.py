"""By Your Side, Threats (rulebook: Threats, Manifestations, Apex Manifestations, Intrusive thoughts,
Environment cards, Confronting and Weakening Threats, Banishing cards; Glossary: Echo)."""

from sim.games.by_your_side import layout as L
from tests.games.by_your_side.conftest import blank

POS = L.LOC_POSITION


def test_weaken_reduces_strength_and_banishes_at_zero():
    """"To Weaken a Threat is to reduce its Strength. When a Threat's Strength is reduced to 0, it is
    immediately Banished." / "the excess is ignored and doesn't transfer to another target" / "To Banish a
    card is to remove it from the current game and return it to the Archive" / "Banished cards are not
    discarded".\""""
    sc = blank()
    sc.set_threshold(["fear", "worry"])
    sc.set_hand(0, ["severing_word", "severing_word"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("play", card="severing_word"))
    sc.apply(sc.action("target", threshold=0))
    assert sc.state()["threshold"] == [("fear", 1), ("worry", 2)]
    before = sc.archive("worry")
    sc.apply(sc.action("play", card="severing_word"))
    sc.apply(sc.action("target", threshold=1))
    assert sc.state()["threshold"] == [("fear", 1)]  # worry Banished; 0 excess reaches nothing
    assert sc.archive("worry") == before + 1 and "worry" not in sc.player(0)["discard"]
    assert sc.player(0)["banished"] == 1


def test_the_watcher_is_defeated_not_banished():
    """"The Watcher cards are the Apex Manifestations" / "An Apex Manifestation is defeated instead of
    Banished. Its card says what happens next." (The Watcher: read 'The Watcher Recedes': it becomes its
    second stage, which places two Echoes.)"""
    sc = blank("scenario_3")
    sc.set_threshold(["watcher"], strengths=[2])
    sc.set_hand(0, ["severing_word"])
    sc.set_energy(0, 1)
    sc.apply(sc.action("play", card="severing_word"))
    state = sc.state()
    assert [name for name, _ in state["threshold"]] == ["watcher_second_stage", "echo", "echo"]
    assert state["stage"] == 2 and "The Watcher Recedes (read when the Watcher is defeated)" in state["events_read"]


def test_stun_and_kenneths_watch_do_not_affect_apex():
    """"Effects that refer to non-Apex Threats, such as Stun and Kenneth's Watch, do not work on them.\""""
    sc = blank("scenario_3")
    sc.set_threshold(["watcher", "fear"])
    sc.set_planes(["watcher", "fear"], revealed=[True, True])
    sc.set_hand(0, ["stun"])
    sc.set_energy(0, 1)
    sc.equip(0, "kenneths_watch")
    sc.apply(sc.action("play", card="stun"))  # one valid target (fear): taken at once
    assert sc.record(1)["stunned"] and not sc.record(0)["stunned"]
    sc.apply(sc.action("use", slot=0))
    assert {sc.describe(a) for a in sc.legal()} == {"target fear in position 2", "skip"}


def test_a_revealed_intrusive_thought_goes_to_a_discard_pile():
    """"When one is revealed, it goes into a player's discard pile." / "The players decide together which
    player puts it in their discard pile" (the team_decider's bot chooses: Jolene's in the standard edition,
    Rosi's in rosi-decides)."""
    for edition, decider in (("standard", 0), ("rosi-decides", 1)):
        sc = blank(edition=edition)
        sc.set_planes(["stun", "doubt"])
        sc.set_hand(0, ["glimpse"])
        sc.apply(sc.action("play", card="glimpse"))
        sc.apply(sc.action("reveal", position=2))
        assert sc.state()["choice"] == "character" and sc.state()["decider"] == decider
        sc.apply(sc.action("character", seat=1))
        assert sc.player(1)["discard"] == ["doubt"] and sc.state()["positions"][2] is None


def test_doubt_in_hand_costs_stability_at_the_start_of_the_player_phase():
    """Doubt "comes back when that pile is shuffled into the draw deck, and its In hand effect applies once
    it is drawn. Drawing a card does not count as revealing it." In-hand effects resolve "Before acting" at
    the start of the Player Phase."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_pile(0, "deck", ["doubt"])
    sc.set_pile(0, "discard", [])
    sc.set_hand(0, ["glimpse"] * 4)
    sc.pass_phase()  # Jolene draws the Doubt at the end of the Player Phase: nothing happens yet
    assert "doubt" in sc.player(0)["hand"] and sc.player(0)["stability"] == 8
    assert not any("doubt is revealed" in line for line in sc.events_text())
    # round 2 starts: the In hand effect asks Jolene whether to negate the loss
    assert sc.state()["choice"] == "negate"
    sc.apply(sc.action("accept"))
    assert sc.player(0)["stability"] == 7


def test_environment_cards_cannot_be_retrieved_and_trigger_when_weakened():
    """"Environment cards are neutral and can't be retrieved. Read their effects when they are revealed"
    / "A Weaken action that targets an Environment card triggers its 'When weakened' effect, whatever the
    amount." (Astral Storm: Banish this card; each character gains 1 Stability.)"""
    sc = blank("scenario_2")
    sc.set_planes(["astral_storm"])
    sc.set_energy(0, 5)
    sc.set_stability(0, 5)
    assert "retrieve" not in {sc.describe(a).split()[0] for a in sc.legal()}
    sc.set_hand(0, ["severing_word"])
    sc.apply(sc.action("play", card="severing_word"))
    state = sc.state()
    assert state["positions"][1] is None and sc.player(0)["stability"] == 6


def test_a_weakened_environment_can_trigger_the_next_one_each_once():
    """"An effect that Weakens several cards Weakens each revealed card once, so it can trigger another
    Environment card next to it. Resolve each trigger fully before the next." (Mirror Pool: when weakened,
    Weaken each adjacent card by 1.)"""
    sc = blank("scenario_2")
    sc.set_planes(["mirror_pool", "mirror_pool", "fear"], revealed=[True, True, True])
    sc.set_threshold(["fear"])
    sc.set_hand(0, ["severing_word"])
    sc.set_energy(0, 1)
    sc.apply(sc.action("play", card="severing_word"))
    sc.apply(sc.action("target", position=1))
    # pool 1 weakens the Threshold's fear and pool 2; pool 2 weakens fear in position 3 (pool 1 already was)
    assert sc.state()["threshold"] == [("fear", 2)]
    assert sc.record(POS + 3)["strength"] == 2
    weakens = [line for line in sc.events_text() if "weakens" in line]
    assert len(weakens) == 4


def test_each_echo_costs_more_than_the_one_before():
    """Echo: "Each Echo resolves in the Astral Phase and costs more the more Echoes have already resolved
    that phase." (Echo: one character loses 1 Stability, +1 per Echo that resolved before it.)"""
    sc = blank("scenario_3")
    sc.set_exploration(["glimpse"] * 10)
    sc.set_threshold(["echo", "echo", "echo"])
    sc.pass_phase()
    losses = []
    while sc.state()["choice"]:
        if sc.state()["choice"] == "character":
            sc.apply(sc.action("character", seat=1))
        else:
            sc.apply(sc.action("accept"))
    losses = [line for line in sc.events_text() if "Stability -" in line]
    assert losses == ["Rosi Stability -1 -> 8", "Rosi Stability -2 -> 6", "Rosi Stability -3 -> 3"]


def test_six_banished_echoes_overcome_the_second_stage():
    """"The Watcher's second stage is overcome by Banishing six Echoes. Echoes count toward the limit of 7
    Threats on the Threshold.\""""
    sc = blank("scenario_3")
    sc.set_threshold(["watcher"], strengths=[1])
    sc.set_hand(0, ["wide_severance"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("play", card="wide_severance"))
    assert sc.state()["stage"] == 2
    sc.set_threshold(["watcher_second_stage"] + ["echo"] * 6, strengths=[0] + [1] * 6)
    sc.set_hand(0, ["wide_severance"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("play", card="wide_severance"))
    state = sc.state()
    assert state["track"] == 6 and state["done"] and state["end_reason"] == "won" and state["winner"] == 0
