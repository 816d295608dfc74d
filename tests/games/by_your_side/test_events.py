"""By Your Side, scenario Events (rulebook: Event cards, Events, The Journal)."""

from tests.games.by_your_side.conftest import blank, mark_read


def _reveal(sc, position):
    sc.set_hand(0, ["glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=position))


def test_an_event_card_reads_the_next_unread_event():
    """"When an Event card is revealed, read the next unread Event for the current scenario in the Campaign
    Book." / "The Journal tracks which Events you have read.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["stun", "event", "event"])
    sc.set_stability(0, 5)
    _reveal(sc, 2)
    assert sc.state()["events_read"] == ["Event 1: Into the Planes"] and sc.player(0)["stability"] == 6
    _reveal(sc, 2)  # the second Event card moved into position 2
    assert sc.state()["events_read"] == ["Event 1: Into the Planes", "Event 2: Whispers"]


def test_the_event_decides_where_its_card_goes():
    """"The Event says whether the Event card is Banished, shuffled into the Exploration Deck or put at the
    bottom of it." (Scenario 1: Event 1 shuffles its card in; Event 5 Banishes it.)"""
    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["stun", "event"])
    _reveal(sc, 2)
    assert sc.state()["exploration"].count("event") == 1
    last = blank()
    last.set_exploration(["glimpse"] * 5)
    mark_read(last, 4)
    last.set_planes(["stun", "event"])
    before = last.archive("event")
    _reveal(last, 2)
    state = last.state()
    assert last.archive("event") == before + 1 and "event" not in state["exploration"]
    assert [name for name, _ in state["threshold"]] == ["dread"]  # Event 5: the last door


def test_event_cards_skip_events_tied_to_an_apex():
    """"Events that belong to an Apex Manifestation are read only when its card tells you to, for example when
    a Watcher is defeated. Event cards skip them and read the next unread Event that is not tied to a card.\""""
    sc = blank("scenario_3")
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["stun", "event", "event", "event"])
    for _ in range(3):
        _reveal(sc, 2)
    read = sc.state()["events_read"]
    assert read == ["Event 1: The Gaze", "Event 2: Steady Hearts", "Event 3: A Quiet Road"]


def test_an_event_card_with_no_unread_event_left_is_banished():
    """Reading: an Event card revealed when every Event of the scenario has been read is Banished (nothing to
    read; the Journal's progress is complete)."""
    sc = blank("scenario_3")
    sc.set_exploration(["glimpse"] * 5)
    mark_read(sc, 4)
    sc.set_planes(["stun", "event"])
    before = sc.archive("event")
    _reveal(sc, 2)
    assert sc.archive("event") == before + 1 and "no unread Event: the Event card is Banished" in sc.events_text()


def test_a_scouted_event_is_read_at_once():
    """"Read an Event as soon as it is triggered." An Event revealed by Scout in the Player Phase is read then,
    and the gap behind it closes at once."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    sc.set_planes(["stun", "respite", "event", "marked"])
    _reveal(sc, 3)
    state = sc.state()
    assert state["events_read"] == ["Event 1: Into the Planes"]
    assert state["positions"][3] == "marked" and state["phase"] == "player"
