"""By Your Side, Focus, chakras and Full Focus (rulebook: Focus, chakras and character abilities, Focus on
the game board, Chakras, Full Focus)."""

import pytest

from sim.core.scenario import IllegalAction
from sim.games.by_your_side import layout as L
from tests.games.by_your_side.conftest import blank, mark_read

POS = L.LOC_POSITION


def test_chakras_are_locked_until_event_four_of_scenario_one():
    """"Chakras and Focus are introduced in Scenario 1, in Event 4.\""""
    sc = blank()
    sc.set_energy(0, 5)
    assert not any(sc.describe(a).startswith("focus") for a in sc.legal())
    mark_read(sc, 3)
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["stun", "event"])
    sc.set_hand(0, ["glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))
    assert "chakras" in sc.state()["unlocked"]
    assert any(sc.describe(a) == "focus heart" for a in sc.legal())


def test_focusing_a_chakra_takes_a_token_from_the_reserve_or_a_box():
    """"Once per Player Phase, pay 2 Energy to focus one of your chakras by moving 1 Focus token from the Focus
    reserve or from a focused box on the main board onto that chakra." / "You choose which box gives up its
    token, and that box becomes unfocused." Position 1 is always focused (it has no token to give)."""
    sc = blank("scenario_2")
    sc.set_planes(["stun", "fear", "glimpse"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("focus", chakra="sacral"))
    options = {sc.describe(a) for a in sc.legal()}
    assert options == {"token: the reserve", "token: position 2", "token: position 3", "token: position 4",
                       "token: the Exploration Deck", "token: the Offering", "token: Support"}
    sc.apply(sc.action("box", box=2))
    state = sc.state()
    assert sc.player(0)["chakras"] == ["sacral"] and sc.player(0)["energy"] == 0
    assert not state["focused"][2] and state["positions"][2] == "fear"  # the card stays where it lost its Focus
    assert state["reserve"] == 1


def test_full_focus_returns_five_tokens_to_boxes_of_choice():
    """"When all five chakras on your board hold a Focus token, you have reached Full Focus. You may then return
    all five Focus tokens" / "the player puts each one on an unfocused box of their choice" / "If every box
    is already focused, the returned token goes to the Focus reserve." / "Using Full Focus doesn't count as
    this move.\""""
    sc = blank("scenario_2")
    sc.set_chakras(0, ["crown", "third_eye", "heart", "sacral", "root"])
    sc.set_focus(5, False)
    sc.set_focus(2, False)
    reserve = sc.state()["reserve"]
    sc.apply(sc.action("full_focus"))
    assert {sc.describe(a) for a in sc.legal()} == {"token: position 2", "token: position 5"}
    sc.apply(sc.action("box", box=5))
    sc.apply(sc.action("box", box=2))  # the other three: every box is focused, so to the reserve, no choice
    state = sc.state()
    assert state["focused"][2] and state["focused"][5] and state["reserve"] == reserve + 3
    assert sc.player(0)["chakras"] == []


def test_a_newly_focused_box_waits_for_the_astral_refill():
    """"A box that becomes focused this way stays empty until the next Astral Phase, when the Planes are
    refilled. Nothing is refilled or shifted straight away." (new_focus_waits_for_astral; the Refill passage's
    "filled at the next refill, not at once" is edition focus-fills-next-refill.)"""
    for edition, filled_at_once in (("standard", False), ("focus-fills-next-refill", True)):
        sc = blank("scenario_2", edition=edition)
        sc.set_exploration(["glimpse"] * 10)
        sc.set_planes(["severing_word", "stun", "marked", "respite"])
        sc.set_chakras(0, ["heart"])
        sc.set_energy(0, 5)
        sc.set_focus(4, False)
        sc.apply(sc.action("unfocus", chakra="heart"))
        sc.apply(sc.action("box", box=5))
        assert sc.state()["positions"][5] is None
        sc.apply(sc.action("retrieve", position=1))  # cards move: a refill happens
        assert (sc.state()["positions"][5] is not None) == filled_at_once, edition
        sc.pass_phase()
        assert sc.state()["positions"][5] is not None


def test_an_unfocused_exploration_deck_blocks_peeks_but_not_the_refill():
    """"If it is not focused, a player's effect can't look at the Exploration Deck, reorder it, put cards on it
    or take cards from it. This covers Scout (Peek) and the cards Foresight and Stagger ... The Exploration
    Deck still works as a board mechanic: the refill in the Astral Phase and anything a scenario or an Event
    tells you to do don't need Focus.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_planes(["stun", "fear"])
    sc.set_focus("deck", False)
    sc.set_hand(0, ["glimpse", "foresight"])
    sc.set_energy(0, 1)
    sc.apply(sc.action("play", card="glimpse"))
    assert "peek at the Exploration Deck" not in {sc.describe(a) for a in sc.legal()}
    sc.apply(sc.action("peek", position=2))
    sc.apply(sc.action("play", card="foresight"))
    assert sc.state()["choice"] == "" and len(sc.state()["exploration"]) == 10  # Foresight does nothing
    sc.pass_phase()
    assert sc.state()["positions"][3] is not None  # the Astral Phase refill still draws


def test_when_focused_happens_once_and_while_focused_lasts():
    """"'When focused' means the effect happens once, when you place the Focus token. 'While focused' means the
    ability is available for as long as the chakra holds a Focus token." (Heart, when focused: either
    character gains 2 Stability; Sacral, while focused: +1 Energy for the first conversion each phase.)"""
    sc = blank("scenario_2")
    sc.set_exploration(["glimpse"] * 10)
    sc.set_stability(1, 5)
    sc.set_energy(0, 2)
    sc.apply(sc.action("focus", chakra="heart"))
    sc.apply(sc.action("box", box=0))
    sc.apply(sc.action("character", seat=1))
    assert sc.player(1)["stability"] == 7
    sc.set_chakras(0, ["heart", "sacral"])
    sc.set_hand(0, ["glimpse", "glimpse"])
    sc.apply(sc.action("convert", card="glimpse"))
    sc.apply(sc.action("convert", card="glimpse"))
    assert sc.player(0)["energy"] == 3 and sc.player(1)["stability"] == 7  # +2 then +1; Heart did nothing more


def test_one_chakra_move_per_player_phase():
    """"Each player may move a Focus token onto a chakra or off a chakra (including Crown) once per Player
    Phase." Reading (chakra_moves_share_allowance): focusing a chakra is that move; edition two-chakra-moves
    gives them separate allowances."""
    for edition, can_unfocus in (("standard", False), ("two-chakra-moves", True)):
        sc = blank("scenario_2", edition=edition)
        sc.set_chakras(0, ["root"])
        sc.set_energy(0, 4)
        sc.apply(sc.action("focus", chakra="sacral"))
        sc.apply(sc.action("box", box=0))
        described = {sc.describe(a) for a in sc.legal()}
        assert "focus heart" not in described
        assert ("unfocus root" in described) == can_unfocus, edition


def test_third_eye_placeholders():
    """Third Eye: "Jolene: look at the top card of your draw deck, and you may move it to the bottom. Rosi: place
    1 card from your discard pile on top of your draw deck." ("You may not browse the discard pile unless
    stated otherwise": Rosi's Third Eye says otherwise.)"""
    sc = blank("scenario_2")
    sc.set_reserve(2)
    sc.set_pile(0, "deck", ["steady_breath", "glimpse", "doubt"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("focus", chakra="third_eye"))
    sc.apply(sc.action("box", box=0))
    assert sc.state()["choice"] == "yes_no"
    sc.apply(sc.action("yes"))
    assert sc.player(0)["deck"] == ["doubt", "steady_breath", "glimpse"]
    sc.apply(sc.action("pass"))
    sc.set_pile(1, "discard", ["cutting_the_cord", "glimpse"])
    sc.set_pile(1, "deck", ["glimpse"])
    sc.set_energy(1, 2)
    sc.apply(sc.action("focus", chakra="third_eye"))
    sc.apply(sc.action("box", box=0))
    sc.apply(sc.action("card", card="cutting_the_cord"))
    assert sc.player(1)["deck"] == ["glimpse", "cutting_the_cord"] and sc.player(1)["discard"] == ["glimpse"]


def test_prophecy_reveals_and_skips_an_unfocused_exploration_deck():
    """Jolene's Prophecy (its list is blank; reading): reveal every card Beyond the Veil, then three times look at
    the top of the Exploration Deck and choose to put it on the bottom — "Prophecy skips the Exploration Deck"
    when it is not focused."""
    sc = blank("scenario_2")
    sc.set_exploration(["glimpse", "stun", "fear"])
    sc.set_planes(["glimpse", "marked", "respite", "foresight"])
    sc.set_chakras(0, ["crown", "third_eye", "heart", "sacral", "root"])
    sc.apply(sc.action("full_focus"))
    sc.apply(sc.action("box", box=5))  # the only unfocused box; the other four tokens go to the reserve
    assert all(sc.record(POS + p)["revealed"] for p in range(1, 5))
    assert sc.state()["choice"] == "yes_no"
    sc.apply(sc.action("yes"))  # the fear goes to the bottom
    sc.apply(sc.action("no"))
    sc.apply(sc.action("no"))
    assert sc.state()["exploration"] == ["fear", "glimpse", "stun"]
    unfocused = blank("scenario_2")
    unfocused.set_exploration(["glimpse", "stun", "fear"])
    for box in (2, 3, 4, "offering", "deck"):
        unfocused.set_focus(box, False)
    unfocused.set_chakras(0, ["crown", "third_eye", "heart", "sacral", "root"])
    unfocused.apply(unfocused.action("full_focus"))
    for box in (2, 3, 4, 5, "offering"):  # five tokens back, none on the Exploration Deck
        unfocused.apply(unfocused.action("box", box=box))
    assert not unfocused.state()["focused"][L.BOX_DECK] and unfocused.state()["choice"] == ""
    assert unfocused.state()["exploration"] == ["glimpse", "stun", "fear"]


def test_catharsis_weakens_by_missing_stability_in_total():
    """Rosi's Catharsis: "Weaken ... by X in total" and "Catharsis counts Stability you are missing from that
    maximum" (9). Each point goes to a target of choice ("Resolve each target separately")."""
    sc = blank("scenario_2")
    sc.set_threshold(["fear", "worry"])
    sc.apply(sc.action("pass"))
    sc.set_stability(1, 6)  # 3 missing
    sc.set_chakras(1, ["crown", "third_eye", "heart", "sacral", "root"])
    sc.apply(sc.action("full_focus"))
    while sc.state()["choice"] == "box":
        sc.apply(sc.legal()[0])
    sc.apply(sc.action("target", threshold=1))  # worry (2) -> 1
    sc.apply(sc.action("target", threshold=0))  # fear (3) -> 2
    sc.apply(sc.action("target", threshold=1))  # worry -> 0: Banished
    assert sc.state()["threshold"] == [("fear", 2)] and sc.state()["choice"] == ""
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("full_focus"))


def test_edition_no_chakras_withholds_them_where_a_scenario_unlocks_them():
    """"Chakras and Focus are introduced in Scenario 1, in Event 4." The edition no-chakras (rule variant
    `chakras_available: 0`, to measure what chakras are worth) keeps them locked after Event 4 and in the
    scenarios that start with them unlocked; the Event's Focus token still arrives."""
    assert "chakras" in blank("scenario_2").state()["unlocked"]
    assert "chakras" not in blank("scenario_2", edition="no-chakras").state()["unlocked"]
    sc = blank(edition="no-chakras")
    sc.set_energy(0, 5)
    mark_read(sc, 3)
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["stun", "event"])
    sc.set_hand(0, ["glimpse"])
    reserve = sc.state()["reserve"]
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))
    assert "chakras" not in sc.state()["unlocked"] and sc.state()["reserve"] == reserve + 1
    assert not any(sc.describe(a).startswith("focus") for a in sc.legal())
