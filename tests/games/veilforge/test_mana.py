"""Veilforge mana (rulebook §5 The Battlefield: Mana Zone; §6 Mana; §14 Consume, Face-down / Face-up
mana, Flip)."""

from tests.games.veilforge.helpers import CHROME, battle, fresh, give_mana, pass_turn


def test_consumed_mana_returns_to_the_top_of_the_deck_in_the_order_the_player_chooses():
    """§5 Mana Zone: "When you consume mana, return the consumed cards to the top of your deck, and if
    you consume more than one at once you choose the order they go back." Each consumed card goes on
    top of the ones before it: the last one chosen is drawn next."""
    sc = fresh()
    for card in ("firebolt", "squire_of_dawn", "ember_knight"):
        sc.put(0, card, "mana")
    sc.put(0, "cinder_hound", "hand")
    sc.apply(sc.action("play", card="cinder_hound"))
    assert sc.state()["pending"] == "pay" and sc.state()["pay_left"] == 2
    assert len(sc.legal()) == 3
    sc.apply(sc.action("mana", card="squire_of_dawn"))
    sc.apply(sc.action("mana", card="firebolt"))
    assert sc.player(0)["deck"][-2:] == ["squire_of_dawn", "firebolt"]
    assert sc.player(0)["mana"] == [("ember_knight", False)]
    assert sc.state()["pending"] == "action"


def test_a_choice_between_identical_mana_cards_is_not_asked():
    """A choice without a difference is no decision: identical mana cards are consumed without asking."""
    sc = fresh()
    for _ in range(2):
        sc.put(0, "firebolt", "mana")
    sc.put(0, "cinder_hound", "hand")
    sc.apply(sc.action("play", card="cinder_hound"))
    assert sc.state()["pending"] == "action" and sc.player(0)["mana"] == []
    assert sc.player(0)["deck"][-2:] == ["firebolt", "firebolt"]


def test_a_card_costs_its_mana_and_needs_enough_of_it():
    """§9 Cost: "The mana you pay to play the card." With 1 mana a 2-cost card is not playable."""
    sc = fresh()
    give_mana(sc, 0, 1)
    sc.put(0, "cinder_hound", "hand")
    sc.put(0, "squire_of_dawn", "hand")
    plays = [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("play")]
    assert plays == ["play squire_of_dawn"]


def test_face_up_mana_is_flipped_face_down_before_it_returns_to_the_deck():
    """§5 Mana Zone: "Mana enters face-down; some abilities flip it face-up, and face-up mana is
    flipped back face-down before it returns to your deck." A face-up card consumed, drawn back into
    the mana zone later, is face-down again."""
    sc = fresh()
    sc.put(0, "firebolt", "mana", face_up=True)
    sc.put(0, "squire_of_dawn", "mana")
    sc.put(0, "cinder_hound", "hand")
    sc.apply(sc.action("play", card="cinder_hound"))
    sc.apply(sc.action("mana", card="firebolt", face_up=True))
    assert sc.player(0)["deck"][-2:] == ["firebolt", "squire_of_dawn"]
    pass_turn(sc)
    pass_turn(sc)  # seat 0 draws the squire, then adds the firebolt and two more face-down
    assert sc.player(0)["hand"][-1] == "squire_of_dawn"
    assert sc.player(0)["mana"][0] == ("firebolt", False)


def test_the_mana_zone_holds_at_most_twelve_and_the_rest_stay_in_the_deck():
    """§5: "Mana Zone (up to 12)". Reading of the overflow: a full zone takes no more in the mana
    phase; the cards it would have taken stay on top of the deck."""
    sc = fresh()
    give_mana(sc, 1, 11)
    deck = sc.player(1)["deck"]
    pass_turn(sc)
    assert len(sc.player(1)["mana"]) == 12
    assert sc.player(1)["deck"] == deck[:-2]  # one drawn, one added


def test_adding_mana_from_an_empty_deck_loses():
    """§4: a player loses when "They must add mana from their main deck but it is empty." Reading:
    each of the three cards is an addition, so a deck with one card left after the draw loses."""
    sc = fresh()
    while len(sc.player(1)["deck"]) > 2:
        sc.put(1, sc.player(1)["deck"][0], "grave")
    pass_turn(sc)
    state = sc.state()
    assert state["done"] and state["winner"] == 0 and state["end_reason"] == "deck_empty_mana"
    assert sc.player(1)["lost_by"] == "deck_empty_mana"


def test_under_the_lenient_reading_a_short_deck_gives_what_it_has():
    """The other reading (rule mana_short_deck_loses = 0): only a deck that is already empty when the
    mana is added loses; a deck with fewer than 3 cards gives what it has."""
    sc = fresh(rules={"mana_short_deck_loses": 0})
    while len(sc.player(1)["deck"]) > 2:
        sc.put(1, sc.player(1)["deck"][0], "grave")
    pass_turn(sc)
    assert not sc.state()["done"] and len(sc.player(1)["mana"]) == 1 and sc.player(1)["deck"] == []


def test_an_ability_flips_mana_face_up_and_another_counts_it():
    """§14 Flip: "Turn a face-down card face-up, or vice versa, without changing zones." Unit Zero
    (Activate) flips a mana face-up; Orbital Strike deals 2 plus 1 per face-up mana."""
    sc = fresh(CHROME, order=1)  # chrome_control (unit_zero, orbital_strike) moves first in seat 0
    assert sc.player(0)["ideal"] == "singularity_doctrine"
    give_mana(sc, 0, 5)
    sc.apply(sc.action("activate", slot=0, ability=0))
    assert [face for _, face in sc.player(0)["mana"]] == [False, False, False, False, True]
    sc.put(0, "orbital_strike", "hand")
    life = sc.player(1)["life"]
    sc.apply(sc.action("play", card="orbital_strike", target=("player", 1)))
    while sc.state()["pending"] != "action":  # pay with the face-down cards, keep the face-up one
        sc.apply(next(a for a in sc.legal() if "face-up" not in sc.describe(a)))
    assert [face for _, face in sc.player(0)["mana"]] == [True]
    assert sc.player(1)["life"] == life - 3


def test_an_opposing_effect_consumes_mana():
    """§14 Consume: "Reduce your mana by the stated amount." Sabotage makes each opponent consume 2
    mana (back on top of their deck) and discard a card at random."""
    sc = fresh(CHROME, order=1)
    give_mana(sc, 0, 2)
    sc.put(0, "sabotage", "hand")
    give_mana(sc, 1, 3)
    mana = [card for card, _ in sc.player(1)["mana"]]
    sc.put(1, "scout_drone", "hand")
    sc.apply(sc.action("play", card="sabotage"))
    while sc.state()["pending"] != "action":
        sc.apply(sc.legal()[0])
    assert [card for card, _ in sc.player(1)["mana"]] == mana[:1]
    assert sc.player(1)["deck"][-2:] == [mana[2], mana[1]]
    assert sc.player(1)["hand"] == [] and sc.player(1)["grave"] == ["scout_drone"]
    assert sc.player(1)["field"].get(battle(0)) is None


def test_an_opposing_effect_flips_face_up_mana_back_face_down(tmp_path):
    """§14 Flip: "Turn a face-down card face-up, or vice versa, without changing zones"; "If an effect flips it
    face-up, it stays face-up until an effect flips it back or it leaves the mana zone." Static Haze (assumed,
    in no starter deck; here in chrome_control for a Sabotage, a deck variant) flips up to two of each
    opponent's face-up mana back face-down, newest first."""
    import shutil

    import yaml

    from sim.games.veilforge import data
    from sim.games.veilforge import layout as L
    from sim.games.veilforge.game import Veilforge
    from sim.games.veilforge.rules.zones import seat_base
    from sim.games.veilforge.scenario import VeilforgeScenario

    folder = tmp_path / "veilforge"
    shutil.copytree(data.DATA_DIR, folder)
    (folder / "editions" / "haze.yaml").write_text(yaml.safe_dump(
        {"base": "standard", "deck_errata": {"chrome_control": {"main": {"static_haze": 1, "sabotage": 1}}}}))
    sc = VeilforgeScenario.new(CHROME, edition="haze", order=1, game=Veilforge(folder))
    for seat in range(2):
        sc.clear_hand(seat)
        sc.clear_mana(seat)
    give_mana(sc, 0, 1)
    sc.put(0, "static_haze", "hand")
    give_mana(sc, 1, 4)
    for i in (0, 2, 3):  # three of the four face-up
        sc.state_vector[seat_base(1) + L.P_MANA + i] |= 1
    cards = [card for card, _ in sc.player(1)["mana"]]
    sc.apply(sc.action("play", card="static_haze"))
    while sc.state()["pending"] != "action":
        sc.apply(sc.legal()[0])
    assert sc.player(1)["mana"] == list(zip(cards, [True, False, False, False], strict=True)), "same zone, newest first"
    assert sc.invariant_error() == 0
