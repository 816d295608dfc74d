"""By Your Side, the Player Phase (rulebook: Player Phase, Available actions, Keeping cards, Ending the
Player Phase, Playing cards)."""

import pytest

from sim.core.scenario import IllegalAction
from tests.games.by_your_side.conftest import blank, kinds


def test_both_players_pass_in_a_row_to_end_the_player_phase():
    """"When both players are finished, the Player Phase ends." / "Once either player begins drawing cards
    to refill their hand, no further Player Phase actions may be performed." Protocol: a pass hands the
    decision to the other player; two passes in a row end the actions and drawing begins."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_pile(0, "deck", ["glimpse"] * 8)
    sc.set_pile(1, "deck", ["glimpse"] * 8)
    sc.apply(sc.action("pass"))
    state = sc.state()
    assert state["phase"] == "player" and state["seat"] == 1 and state["decider"] == 1
    sc.apply(sc.action("pass"))
    state = sc.state()
    assert state["round"] == 2 and state["phase"] == "player"
    assert [len(p["hand"]) for p in state["players"]] == [5, 5]  # both drew up to the hand limit


def test_a_player_acts_until_passing_and_play_can_come_back():
    """"Players act freely. There is no set order, and no limit to how many actions a player can take in
    a row." A player keeps deciding until it passes; after the other player acts, the first may act again."""
    sc = blank()
    sc.set_hand(0, ["glimpse", "glimpse", "steady_breath"])
    sc.set_hand(1, ["glimpse"])
    sc.apply(sc.action("convert", card="glimpse"))
    sc.apply(sc.action("convert", card="glimpse"))
    assert sc.state()["decider"] == 0 and sc.player(0)["energy"] == 2
    sc.apply(sc.action("pass"))
    assert sc.state()["decider"] == 1
    sc.apply(sc.action("convert", card="glimpse"))
    sc.apply(sc.action("pass"))
    assert sc.state()["decider"] == 0 and sc.state()["phase"] == "player"  # Rosi acted: Jolene may act again
    sc.apply(sc.action("play", card="steady_breath"))
    assert sc.state()["phase"] == "player"


def test_energy_is_per_player_and_returned_at_the_end():
    """"Energy is kept per player. You have no Energy at the start of a Player Phase ... Unused Energy is
    returned at the end of the Player Phase.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_hand(0, ["humming_bee_breath"])
    sc.apply(sc.action("play", card="humming_bee_breath"))
    assert [p["energy"] for p in sc.state()["players"]] == [2, 0]
    sc.pass_phase()
    assert sc.state()["round"] == 2 and [p["energy"] for p in sc.state()["players"]] == [0, 0]


def test_converting_and_humming_bee_breath_give_energy():
    """"You gain it by converting cards and from card effects such as Humming Bee Breath." Energy per
    converted card is blank in the rulebook: 1 (conversion_energy)."""
    sc = blank()
    sc.set_hand(0, ["glimpse", "humming_bee_breath"])
    sc.apply(sc.action("convert", card="glimpse"))
    assert sc.player(0)["energy"] == 1 and sc.player(0)["converted"] == ["glimpse"]
    sc.apply(sc.action("play", card="humming_bee_breath"))
    assert sc.player(0)["energy"] == 3


def test_a_card_that_cant_be_converted_beats_the_convert_rule():
    """Golden rule: "If a card's text contradicts a rule in this book, the card wins. If an effect says you
    can't do something, that beats any effect that says you can." Doubt can't be converted."""
    sc = blank()
    sc.set_hand(0, ["doubt", "glimpse"])
    described = [sc.describe(a) for a in sc.legal()]
    assert "convert glimpse" in described and "convert doubt" not in described
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("convert", card="doubt"))


def test_the_available_actions():
    """"Available actions: During the Player Phase, you may do the following in any order:" (blank list).
    Reading: play, convert, Retrieve, use a Talisman, Banish a Charm, discard a Sigil, unequip, focus and
    unfocus a chakra, Full Focus, an Offering action, Support, pass. "You may discard cards to:" (blank):
    no free discard from hand."""
    sc = blank("scenario_2")
    sc.set_hand(0, ["humming_bee_breath", "glimpse"])
    sc.set_energy(0, 5)
    sc.set_position(1, "severing_word")
    sc.equip(0, "kenneths_watch")
    sc.add_charm(0, "garnet")
    sc.add_sigil(0, "respite")
    sc.set_chakras(0, ["heart"])
    assert kinds(sc) == {"pass", "play", "convert", "retrieve", "use", "charm", "drop_sigil", "unequip", "focus",
                         "unfocus", "support"}


def test_kept_cards_stay_and_only_the_gap_is_drawn():
    """"You may keep any number of cards in your hand instead of playing or discarding them. Cards kept this
    way stay in your hand for the next round." Drawing is "up to your hand limit"."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_hand(0, ["steady_breath", "marked", "glimpse"])
    sc.set_pile(0, "deck", ["severing_word"] * 6)
    sc.pass_phase()
    hand = sc.player(0)["hand"]
    assert hand[:3] == ["steady_breath", "marked", "glimpse"] and hand[3:] == ["severing_word"] * 2


def test_an_action_resolves_when_played_and_is_discarded_at_the_end():
    """"Actions have an immediate effect when played"; "Played Action cards are not considered to be in your
    hand, in your discard pile or in the Astral Planes"; at the end: "return unused Energy, discard played
    and converted cards, draw up to your hand limit"."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_stability(0, 4)
    sc.set_hand(0, ["steady_breath", "glimpse"])
    sc.apply(sc.action("convert", card="glimpse"))
    sc.apply(sc.action("play", card="steady_breath"))
    sc.answer_all("choose Jolene")
    me = sc.player(0)
    assert me["stability"] == 6 and me["played"] == ["steady_breath"] and me["discard"] == []
    assert "steady_breath" not in me["hand"]
    sc.pass_phase()
    assert sorted(sc.player(0)["discard"]) == ["glimpse", "steady_breath"]


def test_each_card_type_goes_to_its_place_after_being_played():
    """"Different card types are placed differently after being played:" (blank list). Reading: a Talisman
    is equipped, a Charm and a Sigil go to the Player Area, an Action waits in no zone."""
    sc = blank("scenario_2")
    sc.set_energy(0, 10)
    sc.set_hand(0, ["moonstone", "garnet", "respite", "humming_bee_breath"])
    for card in ("moonstone", "garnet", "respite", "humming_bee_breath"):
        sc.apply(sc.action("play", card=card))
        sc.answer_all()
    me = sc.player(0)
    assert me["talismans"] == ["moonstone", None] and me["charms"] == ["garnet"] and me["sigils"] == ["respite"]
    assert me["played"] == ["humming_bee_breath"] and me["hand"] == []
