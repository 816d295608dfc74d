"""By Your Side, card effects and trigger timing (rulebook: Card effects and trigger timing, Banishing as a
trigger, Confronting and Weakening Threats)."""

from tests.games.by_your_side.conftest import blank


def test_parts_resolve_in_written_order_and_as_much_as_possible():
    """"If an effect has several parts, resolve them in the order written on the card. If part of an effect can't
    be resolved, resolve as much of it as possible unless stated otherwise." (Cutting the Cord: Weaken, then
    draw; with no target it still draws.)"""
    sc = blank()
    sc.set_pile(0, "deck", ["stun", "glimpse"])
    sc.set_hand(0, ["cutting_the_cord"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("play", card="cutting_the_cord"))
    assert sc.player(0)["hand"] == ["glimpse"]


def test_simultaneous_triggers_resolve_one_at_a_time_in_queue_order():
    """"If several forced effects trigger at the same time, resolve them starting with the effect closest to the
    source ... A card must finish resolving before another triggered effect begins." Two Respites at the end of
    the Player Phase resolve one after the other (seat order), each fully."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.add_sigil(0, "respite")
    sc.add_sigil(1, "respite")
    sc.set_stability(0, 4)
    sc.set_stability(1, 4)
    sc.pass_phase()
    # Jolene's Respite: tie at 4: its owner (Jolene) chooses; then Rosi's: the lowest now is the other one
    assert sc.state()["choice"] == "character" and sc.state()["decider"] == 0
    sc.apply(sc.action("character", seat=0))
    assert [p["stability"] for p in sc.state()["players"]] == [5, 5]  # Rosi's Respite: Rosi is now the lowest


def test_a_may_step_can_be_declined():
    """"Effects that contain the word 'may' are optional." (Kenneth's Watch: you may move a Threat back.)"""
    sc = blank("scenario_2")
    sc.set_planes(["fear"])
    sc.equip(0, "kenneths_watch")
    sc.apply(sc.action("use", slot=0))
    assert "skip" in {sc.describe(a) for a in sc.legal()}
    sc.apply(sc.action("skip"))
    assert sc.state()["positions"][1] == "fear" and sc.player(0)["cooldowns"][0] == 1


def test_an_effect_finishes_after_its_card_leaves_play():
    """"If a card leaves play while its effect is resolving, the effect still resolves unless stated otherwise."
    (Astral Storm, when weakened: Banish this card; each character gains 1 Stability.)"""
    sc = blank("scenario_2")
    sc.set_planes(["astral_storm"])
    sc.set_stability(1, 5)
    sc.set_hand(0, ["severing_word"])
    sc.set_energy(0, 1)
    sc.apply(sc.action("play", card="severing_word"))
    assert sc.state()["positions"][1] is None and sc.player(1)["stability"] == 6


def test_who_decides_for_the_team():
    """"When an effect says 'one player' or 'either character', the players decide together which character it
    affects." Reading: the player whose card it is decides; for the game's own effects (a Threat) the seat
    `team_decider` names (Jolene; edition rosi-decides: Rosi)."""
    for edition, decider in (("standard", 0), ("rosi-decides", 1)):
        sc = blank(edition=edition)
        sc.set_exploration(["glimpse"] * 10)
        sc.set_threshold(["fear"])
        sc.pass_phase()
        assert sc.state()["choice"] == "character" and sc.state()["decider"] == decider
    sc = blank()
    sc.apply(sc.action("pass"))
    sc.set_hand(1, ["steady_breath"])
    sc.set_energy(1, 1)
    sc.apply(sc.action("play", card="steady_breath"))
    assert sc.state()["choice"] == "character" and sc.state()["decider"] == 1


def test_a_reward_resolves_before_the_rest_of_the_effect():
    """"If a Threat is Banished while an effect is resolving, complete any Reward effects before you continue
    resolving the remaining effects." / "Reward effects always trigger when the card is Banished, regardless of
    what caused it." (Cutting the Cord Banishes a Fear, whose Reward gives one player 1 Energy, before its
    draw.)"""
    sc = blank()
    sc.set_threshold(["fear"])
    sc.set_pile(0, "deck", ["stun"])
    sc.set_hand(0, ["cutting_the_cord"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("play", card="cutting_the_cord"))
    assert sc.state()["choice"] == "character" and sc.player(0)["hand"] == []  # the Reward first, no draw yet
    sc.apply(sc.action("character", seat=1))
    assert sc.player(1)["energy"] == 1 and sc.player(0)["hand"] == ["stun"]
