"""By Your Side, the Astral Phase and the Veil Surge (rulebook: A round at a glance, The Astral Phase,
Veil Surge)."""

from tests.games.by_your_side.conftest import blank


def _end_player_phase(sc):
    sc.pass_phase()


def test_a_round_is_a_player_phase_then_an_astral_phase():
    """"A scenario is played in rounds. Each round has two phases: the Player Phase, followed by the Astral
    Phase." / "When all card movements and effects are resolved, the Astral Phase ends and a new Player
    Phase starts.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_planes(["fear", "glimpse"])
    _end_player_phase(sc)
    sc.answer_all("take the loss")
    text = sc.events_text()
    order = [line for line in text if line.startswith("round")]
    assert order == ["round 1: Player Phase", "round 1: Astral Phase", "round 2: Player Phase"]
    assert sc.state()["threshold"] == [("fear", 3)] and sc.state()["phase"] == "player"


def test_more_than_seven_threats_at_the_check_lose_and_seven_do_not():
    """"First check the Threshold: if it holds more than 7 Threats, the scenario is lost.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_threshold(["worry"] * 7)
    sc.set_stability(0, 8)
    _end_player_phase(sc)
    sc.answer_all("take the loss")
    assert sc.state()["end_reason"] != "threshold_overflow"
    lost = blank()
    lost.set_exploration(["glimpse"] * 10)
    lost.set_threshold(["worry"] * 8)
    _end_player_phase(lost)
    assert lost.state()["done"] and lost.state()["end_reason"] == "threshold_overflow" and lost.state()["winner"] == 1


def test_an_eighth_threat_arriving_mid_phase_waits_for_the_next_check():
    """Reading (overflow_at_once 0): an 8th Threat crossing during the Astral Phase loses only at the next
    check (the players get a Player Phase); edition overflow-at-once loses at once."""
    for edition, lost_at_once in (("standard", False), ("overflow-at-once", True)):
        sc = blank(edition=edition)
        sc.set_exploration(["glimpse"] * 10)
        sc.set_threshold(["worry"] * 7)
        sc.set_planes(["worry", "glimpse"])
        _end_player_phase(sc)
        sc.answer_all("take the loss")
        state = sc.state()
        assert (state["done"] and state["end_reason"] == "threshold_overflow") == lost_at_once
        if not lost_at_once:
            assert len(state["threshold"]) == 8 and state["phase"] == "player"


def test_the_shift_crosses_position_one_moves_the_rest_and_refills():
    """"the card in position 1 crosses the Veil, the next card moves into position 1 and is revealed, and
    empty focused positions are refilled" / "In the Astral Phase the refill happens after all movement is
    done" / "Cards enter at position 5 and move toward the Threshold over time.\""""
    sc = blank()
    sc.set_exploration(["severing_word", "stun"])  # stun on top
    sc.set_planes(["worry", "glimpse", "respite", "marked", "foresight"])
    _end_player_phase(sc)
    sc.answer_all()
    state = sc.state()
    assert state["threshold"][0][0] == "worry"
    assert state["positions"] == {1: "glimpse", 2: "respite", 3: "marked", 4: "foresight", 5: "stun"}
    assert sc.record(33)["revealed"] and not sc.record(37)["revealed"]


def test_a_player_card_crossing_the_veil_is_banished():
    """A non-Threat, non-Angel card in position 1 at the shift (the rulebook is silent): Banished
    (crossed_card_banished); edition crossed-to-bottom puts it under the Exploration Deck."""
    for edition, expected in (("standard", "banished"), ("crossed-to-bottom", "bottom")):
        sc = blank(edition=edition)
        sc.set_exploration(["glimpse"] * 10)
        sc.set_planes(["stun", "glimpse"])
        before = sc.archive("stun")
        _end_player_phase(sc)
        state = sc.state()
        if expected == "banished":
            assert sc.archive("stun") == before + 1 and "stun" not in state["exploration"]
        else:
            assert state["exploration"][0] == "stun" and sc.archive("stun") == before


def test_an_empty_position_one_at_the_shift_crosses_nothing():
    """Reading: with position 1 empty nothing crosses; the cards behind still move toward the Veil and
    the refill follows."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 3)
    sc.set_planes([None, "worry", "stun"])
    _end_player_phase(sc)
    state = sc.state()
    assert state["threshold"] == [] and state["positions"][1] == "worry" and state["positions"][2] == "stun"


def test_threats_resolve_oldest_first_then_beyond_the_veil_outward():
    """"Then Threats resolve: cards on the Threshold from oldest to newest, then revealed cards Beyond the
    Veil from the Veil outward." / "Threats that enter the Threshold are placed to the right of any
    Threats already there, so the leftmost card is the oldest.\""""
    sc = blank("scenario_2")
    sc.set_exploration(["glimpse"] * 10)
    sc.set_threshold(["worry", "fear"])
    sc.set_planes(["stun", "astral_storm", "anger"], revealed=[True, True, True])
    sc.set_hand(0, ["glimpse"])
    sc.set_hand(1, ["glimpse"])
    _end_player_phase(sc)
    while sc.state()["choice"]:
        sc.apply(sc.legal()[-1])  # take every loss, choose Rosi
    text = [line for line in sc.events_text() if "Stability" in line or "discards" in line or "moves to" in line]
    # worry (a discard) resolves before fear (a loss); then astral storm (each loses 1) before anger (moves)
    first_discard = next(i for i, t in enumerate(text) if "discards" in t)
    assert first_discard == 0 and "moves to the Threshold" in text[-1]
    assert [name for name, _ in sc.state()["threshold"]] == ["worry", "fear", "anger"]


def test_a_veil_surge_carries_following_threats_across():
    """"If a Threat crosses the Veil and the next card to move into position 1 is also a Threat, that
    Threat follows it across.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["worry", "fear", "glimpse", "worry"])
    _end_player_phase(sc)
    assert [name for name, _ in sc.state()["threshold"]] == ["worry", "fear"]
    assert "Veil Surge of 2 Threats" in sc.events_text()


def test_a_veil_surge_stops_at_three_threats():
    """"The chain is limited to three Threats in total, counting the first one." / "A Threat that is
    stopped by the limit or by a break stays in position 1 and crosses in the next Astral Phase." Edition
    surge-2 limits it to two."""
    for edition, crossed in (("standard", 3), ("surge-2", 2)):
        sc = blank(edition=edition)
        sc.set_exploration(["glimpse"] * 5)
        sc.set_planes(["worry", "worry", "worry", "worry", "worry"])
        sc.set_stability(0, 8)
        _end_player_phase(sc)
        sc.answer_all("take the loss")
        state = sc.state()
        assert len(state["threshold"]) == crossed and state["positions"][1] == "worry"
        assert sc.record(33)["revealed"]


def test_a_non_threat_breaks_the_surge():
    """"The chain breaks when the card that moves into position 1 is not a Threat.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["worry", "stun", "fear"])
    _end_player_phase(sc)
    state = sc.state()
    assert [name for name, _ in state["threshold"]] == ["worry"] and state["positions"][1] == "stun"


def test_an_event_breaks_the_surge_even_with_a_threat_behind():
    """"A card that is revealed and then read or Banished, such as an Event, also breaks it, even if a Threat
    comes right behind." An Intrusive thought taken into a discard pile breaks it too
    (intrusive_breaks_surge)."""
    for breaker in ("event", "doubt"):
        sc = blank()
        sc.set_exploration(["glimpse"] * 5)
        sc.set_planes(["worry", breaker, "fear", "glimpse"])
        _end_player_phase(sc)
        sc.answer_all()
        state = sc.state()
        assert [name for name, _ in state["threshold"]] == ["worry"], breaker
        assert state["positions"][1] == "fear"


def test_anger_moves_itself_to_the_threshold_outside_the_surge():
    """"A Threat moved to the Threshold by an effect, such as Anger's, doesn't count toward the limit of
    three.\" Anger (revealed Beyond the Veil) moves itself to the Threshold when it resolves."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["worry", "worry", "worry", "glimpse", "anger"], revealed=[True, False, False, False, True])
    sc.set_stability(0, 8)
    _end_player_phase(sc)
    sc.answer_all("take the loss")
    names = [name for name, _ in sc.state()["threshold"]]
    assert names == ["worry", "worry", "worry", "anger"]  # three in the surge, plus Anger by its effect
