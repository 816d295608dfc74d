"""By Your Side, the Astral Planes: positions, refills, closing gaps, moving cards, range, targets and
Scout (rulebook: Setup, The Astral Phase, Position, adjacency and range, Valid targets, Scout action, Focus
on the game board)."""

from sim.games.by_your_side import layout as L
from sim.games.by_your_side.rules import planes
from sim.games.by_your_side.scenario import ByYourSideScenario
from tests.games.by_your_side.conftest import blank

POS = L.LOC_POSITION


def test_setup_fills_every_focused_position_from_the_exploration_deck():
    """"Draw cards from the Exploration Deck and place them face-down, one in each focused position, starting
    with position 1 and working out to position 5. In Scenario 1 every position is focused, so you draw five
    cards." Position 1 is revealed at setup ("Cards in position 1 are always revealed";
    setup_reveals_position_one); edition setup-face-down leaves it face-down."""
    sc = ByYourSideScenario.new("scenario_1", seed=5)
    state = sc.state()
    assert all(state["positions"][p] is not None for p in range(1, 6)) or state["events_read"]
    assert len(state["exploration"]) + 5 <= 28
    assert [sc.record(POS + p)["revealed"] for p in range(2, 6)] == [False] * 4
    two = ByYourSideScenario.new("scenario_2", seed=5)
    assert two.state()["positions"][5] is None  # Scenario 2 starts with position 5 unfocused
    hidden = ByYourSideScenario.new("scenario_1", edition="setup-face-down", seed=5)
    assert not hidden.record(POS + 1)["revealed"]


def test_a_card_leaving_closes_the_gap_at_once_and_refills():
    """"When a card leaves a position Beyond the Veil, for example because it is Retrieved ... the cards
    behind it move forward at once to fill the gap ... Then the Planes are refilled. A card that moves into
    position 1 is revealed." / "A card placed in position 1 is revealed.\""""
    sc = blank()
    sc.set_exploration(["glimpse", "stun"])
    sc.set_planes(["severing_word", "marked", "respite"])
    sc.set_energy(0, 5)
    sc.apply(sc.action("retrieve", position=1))
    state = sc.state()
    assert state["positions"] == {1: "marked", 2: "respite", 3: "stun", 4: "glimpse", 5: None}
    assert sc.record(POS + 1)["revealed"] and not sc.record(POS + 3)["revealed"]


def test_an_empty_exploration_deck_leaves_positions_empty():
    """"If the Exploration Deck runs out, leave the position empty.\""""
    sc = blank()
    sc.set_exploration(["stun"])
    sc.set_planes(["severing_word", "marked"])
    sc.set_energy(0, 5)
    sc.apply(sc.action("retrieve", position=1))
    assert sc.state()["positions"] == {1: "marked", 2: "stun", 3: None, 4: None, 5: None}


def test_a_card_revealed_in_the_player_phase_does_not_cross():
    """"Cards only cross the Veil in the Astral Phase. A card revealed at any other time, such as during the
    Player Phase, doesn't cross the Veil.\""""
    sc = blank()
    sc.set_planes(["stun", "fear"])
    sc.set_hand(0, ["glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))
    state = sc.state()
    assert state["threshold"] == [] and state["positions"][2] == "fear" and sc.record(POS + 2)["revealed"]


def test_moving_a_card_back_shifts_the_cards_in_between():
    """"When an effect moves a card Beyond the Veil to another focused position, the card leaves its position
    and the cards in between shift one step to close that gap and, at the same time, make room at the
    destination. Nothing is swapped ... Back means away from the Veil, toward position 5. The cards that
    shift skip unfocused positions." (Kenneth's Watch moves a Threat back 2.)"""
    sc = blank("scenario_2")
    sc.set_focus(5, True)
    sc.set_planes(["fear", "stun", "marked", "respite", "glimpse"])
    sc.equip(0, "kenneths_watch")
    sc.apply(sc.action("use", slot=0))
    sc.apply(sc.action("target", position=1))
    assert sc.state()["positions"] == {1: "stun", 2: "marked", 3: "fear", 4: "respite", 5: "glimpse"}
    assert sc.record(POS + 1)["revealed"]  # stun moved into position 1
    skip = blank("scenario_2")
    skip.set_focus(5, True)
    skip.set_planes(["fear", "stun", "marked", "respite", "glimpse"])
    skip.set_focus(2, False)
    skip.equip(0, "kenneths_watch")
    skip.apply(skip.action("use", slot=0))
    skip.apply(skip.action("target", position=1))
    # position 2 is unfocused: fear goes back two focused positions (3, 4); stun in 2 stays
    assert skip.state()["positions"] == {1: "marked", 2: "stun", 3: "respite", 4: "fear", 5: "glimpse"}


def test_range_counts_from_the_threshold_and_adjacent_means_the_threshold():
    """"A card is within range if its distance from the Threshold is equal to or less than the effect's
    range value. For example, to target a card in position 3, an effect must have a range of at least 3."
    The Player Area is "adjacent to the Threshold only"; "If an effect doesn't specify a range ... it may
    target any valid card"."""
    assert planes.in_reach(0, 0) and planes.in_reach(POS + 3, 3) and not planes.in_reach(POS + 3, 2)
    assert planes.adjacent_to(0, 1) and planes.adjacent_to(0, POS + 1) and not planes.adjacent_to(0, POS + 2)
    assert planes.adjacent_to(POS + 2, POS + 3) and not planes.adjacent_to(POS + 2, POS + 4)
    sc = blank()
    sc.set_threshold(["fear"])
    sc.set_planes(["fear", "fear", "fear"], revealed=[True, True, True])
    sc.set_hand(0, ["severing_word", "cutting_the_cord"])
    sc.set_energy(0, 5)
    sc.apply(sc.action("play", card="severing_word"))  # range 2: the Threshold, positions 1 and 2
    assert sorted(sc.describe(a) for a in sc.legal()) == sorted([
        "target fear on the Threshold (1)", "target fear in position 1", "target fear in position 2"])
    sc.apply(sc.legal()[0])
    sc.apply(sc.action("play", card="cutting_the_cord"))  # range 1
    assert len(sc.legal()) == 2


def test_only_revealed_cards_are_targets_except_for_moves_and_scout():
    """"Unless the card says otherwise, an effect can only target a revealed card ... Effects that move cards or
    Scout can also target face-down cards Beyond the Veil." / "Threats on the Threshold and revealed Threats
    Beyond the Veil can both be confronted.\""""
    sc = blank("scenario_2")
    sc.set_threshold(["fear"])
    sc.set_planes(["worry", "fear"], revealed=[True, False])
    sc.set_hand(0, ["severing_word"])
    sc.set_energy(0, 5)
    sc.equip(0, "kenneths_watch")
    sc.apply(sc.action("play", card="severing_word"))
    targets = {sc.describe(a) for a in sc.legal()}
    assert targets == {"target fear on the Threshold (1)", "target worry in position 1"}
    sc.apply(sc.legal()[0])
    sc.apply(sc.action("use", slot=0))
    moves = {sc.describe(a) for a in sc.legal()}
    assert "target a face-down card in position 2" in moves and "skip" in moves


def test_scout_reveals_or_peeks():
    """"A Scout action lets you do one of the following:" (Reveal or Peek). "To Reveal a card is to turn it
    face-up. Immediately resolve any When revealed effects. To Peek at a card is to look at a face-down card
    without revealing it.\""""
    sc = blank()
    sc.set_planes(["stun", "fear", "respite"])
    sc.set_exploration(["glimpse"])
    sc.set_hand(0, ["glimpse", "glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    options = {sc.describe(a) for a in sc.legal()}
    assert options == {"reveal position 2", "peek at position 2", "reveal position 3", "peek at position 3",
                       "peek at the Exploration Deck"}
    sc.apply(sc.action("peek", position=2))
    assert sc.record(POS + 2)["peeked"] and not sc.record(POS + 2)["revealed"]
    sc.apply(sc.action("play", card="glimpse"))
    assert "peek at position 2" not in {sc.describe(a) for a in sc.legal()}
    sc.apply(sc.action("reveal", position=3))
    assert sc.record(POS + 3)["revealed"]


def test_unfocused_positions_receive_no_cards_and_are_skipped():
    """"Only focused positions receive cards." / "If a position that loses its Focus token holds a card,
    nothing moves at once. The card stays there until a shift or a closing gap moves it toward the Veil. No
    card can move into an unfocused position, so cards skip it.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["severing_word", "stun", "marked", "respite"])
    sc.set_focus(3, False)
    sc.set_energy(0, 5)
    sc.apply(sc.action("retrieve", position=1))
    # stun moves to 1; marked (in unfocused 3) moves on into focused 2; respite can't enter 3, stays in 4
    assert sc.state()["positions"] == {1: "stun", 2: "marked", 3: None, 4: "respite", 5: "glimpse"}
