"""By Your Side, Support actions (rulebook: Support actions)."""

import pytest

from sim.core.scenario import IllegalAction
from sim.games.by_your_side.scenario import ByYourSideScenario
from tests.games.by_your_side.conftest import blank


def test_support_is_unlocked_in_the_prologue_of_scenario_two():
    """"The Support action lets the players help each other. It is unlocked in the prologue of Scenario 2." /
    "The Angel's Offering and Support stay locked until a scenario unlocks them.\""""
    assert "support" not in ByYourSideScenario.new("scenario_1", seed=2).state()["unlocked"]
    assert "support" in ByYourSideScenario.new("scenario_2", seed=2).state()["unlocked"]
    sc = blank()
    sc.set_hand(0, ["glimpse"])
    assert not any(sc.describe(a).startswith("support") for a in sc.legal())


def test_support_gives_the_other_player_one_energy_once_per_phase():
    """"Once per player and Player Phase, you may perform a Support action by discarding one of your cards. It
    gives the other player a benefit" / "the other player gains 1 Energy\""""
    sc = blank("scenario_2")
    sc.set_hand(0, ["glimpse", "stun"])
    sc.apply(sc.action("support", card="stun"))
    assert sc.player(1)["energy"] == 1 and sc.player(0)["discard"] == ["stun"] and sc.player(0)["support_used"]
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("support", card="glimpse"))


def test_support_for_a_card_comes_before_it_resolves():
    """"a card the other player is playing gets its 'If supported' bonus" / "To support a card, you perform the
    Support action while the other player is playing it, before it resolves." (Severing Word: Weaken 2, +1 if
    supported.) "To play a card:" is blank; reading: pay, the Support window, resolve, place."""
    sc = blank("scenario_2")
    sc.set_threshold(["fear"])
    sc.set_hand(0, ["severing_word"])
    sc.set_hand(1, ["glimpse"])
    sc.set_energy(0, 1)
    sc.apply(sc.action("play", card="severing_word"))
    state = sc.state()
    assert state["choice"] == "support" and state["decider"] == 1 and state["threshold"] == [("fear", 3)]
    sc.apply(sc.action("support_card", card="glimpse"))
    assert sc.state()["threshold"] == [] and sc.player(1)["discard"] == ["glimpse"]


def test_support_needs_its_focus_box():
    """Reading: Support is a board feature with a Focus box ("fewer board features are open" when Focus leaves
    the board); with its box unfocused no Support is possible."""
    sc = blank("scenario_2")
    sc.set_focus("support", False)
    sc.set_hand(0, ["glimpse"])
    assert not any(sc.describe(a).startswith("support") for a in sc.legal())


def test_edition_no_support_action_withholds_support_in_scenario_two():
    """"The Support action lets the players help each other. It is unlocked in the prologue of Scenario 2."
    The edition no-support-action (rule variant `support_available: 0`, to measure what Support is worth)
    never unlocks it; the Offering, unlocked in the same prologue, still opens."""
    unlocked = ByYourSideScenario.new("scenario_2", edition="no-support-action", seed=2).state()["unlocked"]
    assert "support" not in unlocked and "offering" in unlocked
    sc = blank("scenario_2", edition="no-support-action")
    sc.set_hand(0, ["glimpse", "stun"])
    assert not any(sc.describe(a).startswith("support") for a in sc.legal())
