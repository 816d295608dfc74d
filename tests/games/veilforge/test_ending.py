"""Veilforge: how to win (rulebook §4 How to Win; §3 4-player games)."""

from tests.games.veilforge.helpers import TEAMS, answer_all, battle, field, fresh, give_mana, pass_turn


def test_a_player_whose_life_is_reduced_to_0_or_less_loses():
    """§4: a player loses when "Their life is reduced to 0 or less." "The last player (or team)
    remaining wins." """
    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.set_life(1, 1)
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
    state = sc.state()
    assert state["done"] and state["winner"] == 0 and state["end_reason"] == "life"
    assert sc.player(1)["life"] == -1 and sc.player(1)["lost_by"] == "life"
    result = sc.result()
    assert result.winner[0] == 0 and result.score[0].tolist() == [31, 0]


def test_a_player_who_must_draw_from_an_empty_deck_loses():
    """§4: "They must draw a card but their main deck is empty." """
    sc = fresh(order=1)
    while sc.player(1)["deck"]:
        sc.put(1, sc.player(1)["deck"][0], "grave")
    pass_turn(sc)
    state = sc.state()
    assert state["done"] and state["winner"] == 0 and state["end_reason"] == "deck_empty_draw"


def test_players_losing_at_once_draw_the_match():
    """Gap: simultaneous loss. Reading: when every remaining side loses in the same effect, the match
    is a draw (end reason simultaneous). Cinder Storm deals 2 to each player."""
    sc = fresh(order=1)  # ashen_control (cinder_storm) in seat 0
    sc.put(0, "cinder_storm", "hand")
    give_mana(sc, 0, 2)
    sc.set_life(0, 2)
    sc.set_life(1, 1)
    sc.apply(sc.action("play", card="cinder_storm"))
    answer_all(sc)
    state = sc.state()
    assert state["done"] and state["winner"] == -1 and state["end_reason"] == "simultaneous"


def test_a_team_loses_only_when_both_its_players_have_lost():
    """§3 4-player games: "A team loses only when both of its players have lost, and the last team
    standing wins." A player who has lost leaves the game with the cards on their field (reading); the
    teammate plays on."""
    sc = fresh(TEAMS)
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.put(0, "cinder_hound", "field", slot=battle(1), card_state="enabled")
    sc.set_life(1, 1)
    sc.set_life(3, 2)
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
    answer_all(sc)
    assert sc.player(1)["lost"] and not sc.state()["done"]
    assert sc.player(1)["field"] == {}  # its heroes left the game with it
    assert sorted(sc.player(1)["removed"]) == sorted(["commander_vega", "nyx_infiltrator", "titan_mk2"])
    while sc.state()["decider"] != 0:
        sc.apply(sc.action("pass"))
    sc.apply(sc.action("attack", slot=battle(1), target=("player", 3)))
    answer_all(sc)
    state = sc.state()
    assert state["done"] and state["winner"] == 0 and state["end_reason"] == "life"
    assert field(sc, 0, battle(0))["card"] == "cinder_hound"


def test_a_match_that_ends_in_the_middle_of_a_chain_keeps_its_position_whole():
    """Found by the heavy debug run: a loss while a chain resolves ends the match at once; the links
    below stay on the chain with their cards in the support zone, so every card is still somewhere.
    A Call to Arms answered by its caster's Sudden Flames, which destroy a Recycler Unit whose destroy
    ability draws its player a card from an empty deck."""
    sc = fresh("ashen_control vs chrome_aggro")
    sc.put(0, "call_to_arms", "hand")
    sc.put(0, "sudden_flames", "hand")
    give_mana(sc, 0, 3)
    sc.put(1, "recycler_unit", "field", slot=battle(0))
    sc.set_damage(1, battle(0), 1)
    while sc.player(1)["deck"]:
        sc.put(1, sc.player(1)["deck"][0], "grave")
    sc.apply(sc.action("play", card="call_to_arms"))
    while sc.state()["pending"] == "pay":
        sc.apply(sc.legal()[0])
    sc.apply(sc.action("quick", card="sudden_flames", target=(1, battle(0))))
    while not sc.state()["done"]:
        sc.apply(sc.legal()[0])
    state = sc.state()
    assert state["end_reason"] == "deck_empty_draw" and state["winner"] == 0
    assert [link["card"] for link in state["chain"]] == ["call_to_arms"]
    assert sc.invariant_error() == 0
