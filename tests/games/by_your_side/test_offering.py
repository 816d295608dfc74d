"""By Your Side, Angels and the Angel's Offering (rulebook: Angels, Angels and offerings)."""

import pytest

from sim.core.scenario import IllegalAction
from tests.games.by_your_side.conftest import blank


def _open(sc):
    sc.set_planes(["stun", "angel"])
    sc.set_hand(0, ["glimpse"] + sc.player(0)["hand"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))


def test_a_revealed_angel_opens_the_offering():
    """"When an Angel is revealed in the Astral Planes, immediately draw 2 Charms and 1 Talisman and place them
    face-up below the Angel's Offering card. This is the Angel's Offering. Then flip the Angel's Offering card
    over to its open side." / "In the prototype, Angels are plain.\""""
    sc = blank("scenario_2")
    _open(sc)
    state = sc.state()
    assert state["offering_open"]
    charms, talisman = state["offering"][:2], state["offering"][2]
    assert all(c in ("garnet", "citrine_shard", "quartz_shard", "amethyst") for c in charms)
    assert talisman in ("kenneths_watch", "moonstone")


def test_one_offering_action_per_player_per_phase():
    """"While the Offering is open, each player may, once per Player Phase, do one of the following:" (blank
    list; reading: Retrieve an Offering card for its cost, or Banish a card from hand to take one) / "When a
    player retrieves a card from the Offering, immediately fill the empty slot with the top card of the
    matching deck." The Offering needs its Focus box focused."""
    sc = blank("scenario_2")
    _open(sc)
    sc.set_energy(0, 10)
    sc.set_hand(0, ["glimpse", "glimpse"])
    first = sc.state()["offering"][0]
    sc.apply(sc.action("offer_retrieve", slot=0))
    state = sc.state()
    assert first in sc.player(0)["discard"] and state["offering"][0] not in (None,)
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("offer_trade", slot=1))
    sc.apply(sc.action("pass"))
    offered = sc.state()["offering"][2]
    sc.set_hand(1, ["glimpse"])
    before = sc.archive("glimpse")
    sc.apply(sc.action("offer_trade", slot=2))
    sc.apply(sc.action("card", card="glimpse"))  # the card Banished from hand
    assert offered in sc.player(1)["discard"] and sc.player(1)["hand"] == [] and sc.archive("glimpse") == before + 1
    closed = blank("scenario_2")
    _open(closed)
    closed.set_focus("offering", False)
    closed.set_energy(0, 10)
    assert not any(closed.describe(a).startswith("offering") for a in closed.legal())


def test_the_offering_closes_when_the_last_angel_crosses():
    """"The Offering stays open as long as an Angel is revealed. An Angel that crosses the Veil is Banished. When
    no revealed Angels remain, put all unretrieved cards from the Offering on the bottom of their respective
    decks without shuffling.\""""
    sc = blank("scenario_2")
    sc.set_exploration(["glimpse"] * 10)
    _open(sc)
    offered = sc.state()["offering"]
    before = sc.archive("angel")
    sc.pass_phase()  # stun crosses (Banished), the Angel moves to position 1
    assert sc.state()["offering_open"] and sc.state()["positions"][1] == "angel"
    sc.pass_phase()  # the Angel crosses: Banished; the Offering closes
    sc.answer_all()
    state = sc.state()
    assert not state["offering_open"] and sc.archive("angel") == before + 1
    assert state["offering"] == [None, None, None]
    assert state["charm_deck"][:2] == [offered[1], offered[0]] and state["talisman_deck"][0] == offered[2]


def test_a_further_angel_lets_the_players_replace_offered_cards():
    """"Another Angel: when an Angel is revealed while the Offering is already open, the players may replace any
    cards in the Offering, up to all of them. Each replaced card goes to the bottom of its deck and is replaced
    by the top card of the matching deck." (The team_decider's bot decides, slot by slot.)"""
    sc = blank("scenario_2")
    sc.set_planes(["stun", "angel", "angel"])
    sc.set_hand(0, ["glimpse", "glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))
    before = sc.state()
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=3))
    assert sc.state()["choice"] == "yes_no" and sc.state()["decider"] == 0
    sc.apply(sc.action("yes"))  # replace slot 0
    sc.apply(sc.action("no"))
    sc.apply(sc.action("no"))
    after = sc.state()
    assert after["offering"][1:] == before["offering"][1:]
    assert after["offering"][0] == before["charm_deck"][-1] and after["charm_deck"][0] == before["offering"][0]
