"""By Your Side, Stability and unconsciousness (rulebook: Stability, Negating loss, Unconscious characters,
Bringing back an unconscious character)."""

from tests.games.by_your_side.conftest import blank


def test_stability_stays_between_zero_and_the_board_maximum():
    """"Stability can't go below 0." / "Stability can't go above the top of your character board's track (8 for
    Jolene, 9 for Rosi).\""""
    sc = blank()
    sc.set_hand(0, ["steady_breath", "steady_breath"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("play", card="steady_breath"))
    sc.apply(sc.action("character", seat=0))
    assert sc.player(0)["stability"] == 8
    sc.apply(sc.action("play", card="steady_breath"))
    sc.apply(sc.action("character", seat=1))
    assert sc.player(1)["stability"] == 9 and sc.player(1)["max_stability"] == 9
    low = blank()
    low.set_exploration(["glimpse"] * 10)
    low.set_threshold(["sorrow"])
    low.set_stability(0, 1)
    low.pass_phase()
    low.apply(low.action("character", seat=0))
    while low.state()["choice"] == "negate":
        low.apply(low.action("accept"))
    assert low.player(0)["stability"] == 0


def test_only_the_losing_player_negates_by_discarding():
    """"When your character is about to lose Stability, you can negate some or all of the loss by discarding
    cards from your hand. Only the player whose character is losing Stability can do this. Each discarded card
    negates 1 point of the loss." / "You can discard cards at any time, and only your own cards." / "Discarded
    cards are placed face-up in your own discard pile.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_threshold(["sorrow"])
    sc.pass_phase()  # both draw; Sorrow: one character loses 2
    sc.apply(sc.action("character", seat=1))
    state = sc.state()
    assert state["choice"] == "negate" and state["decider"] == 1
    card = sc.player(1)["hand"][0]
    sc.apply(sc.action("negate", card=card))
    assert sc.state()["decider"] == 1
    sc.apply(sc.action("accept"))
    assert sc.player(1)["stability"] == 8 and card in sc.player(1)["discard"] and sc.player(0)["discard"] == []


def test_an_unconscious_character_discards_acts_not_and_draws_not():
    """"If a character drops to 0 Stability, that character falls unconscious. This means:" (blank list;
    reading: the hand is discarded, no Player Phase actions, no drawing, further losses ignored)."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_threshold(["fear"])
    sc.set_stability(0, 1)
    sc.set_hand(0, ["glimpse", "stun"])
    sc.pass_phase()
    sc.apply(sc.action("character", seat=0))
    sc.apply(sc.action("accept"))
    me = sc.player(0)
    assert me["unconscious"] and me["stability"] == 0 and me["hand"] == [] and "stun" in me["discard"]
    while not sc.state()["done"] and sc.state()["round"] < 3:
        if sc.state()["choice"]:
            sc.apply(sc.legal()[-1])
            continue
        if sc.state()["decider"] == 0:
            assert [sc.describe(a) for a in sc.legal()] == ["pass"]
        sc.apply(sc.action("pass"))
    assert sc.player(0)["hand"] == []  # no drawing while unconscious


def test_any_gain_revives_and_the_hand_is_drawn_at_the_end_of_the_player_phase():
    """"If an unconscious character gains Stability, they automatically regain consciousness ... They don't draw a
    new hand at once. They draw up to their hand limit at the next end of a Player Phase, which is the current
    Player Phase if they were brought back during one. Until then they may act as usual in every other way.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_stability(0, 0)
    sc.set_pile(0, "deck", ["glimpse"] * 8)
    sc.apply(sc.action("pass"))
    sc.set_hand(1, ["steady_breath"])
    sc.set_energy(1, 1)
    sc.apply(sc.action("play", card="steady_breath"))
    sc.apply(sc.action("character", seat=0))
    me = sc.player(0)
    assert not me["unconscious"] and me["stability"] == 2 and me["hand"] == []
    sc.apply(sc.action("pass"))  # Rosi passes
    sc.apply(sc.action("pass"))  # Jolene (conscious again) passes: drawing
    assert len(sc.player(0)["hand"]) == 5


def test_both_unconscious_lose_the_scenario():
    """"If both characters are unconscious at the same time, the scenario is lost.\""""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_stability(0, 0)
    sc.set_stability(1, 1)
    sc.set_threshold(["fear"])
    sc.pass_phase()
    sc.answer_all("take the loss")
    state = sc.state()
    assert state["done"] and state["end_reason"] == "both_unconscious" and state["winner"] == 1


def test_a_character_revived_by_respite_at_the_end_of_the_player_phase_draws_at_the_next_one():
    """"Stability can come from the other player's actions or from a triggered Sigil, such as Respite ... They
    don't draw a new hand at once. They draw up to their hand limit at the next end of a Player Phase, which is
    the current Player Phase if they were brought back during one." / "The moment both players finish
    refilling their hands marks the end of the Player Phase. Resolve any effects that trigger at the end of
    the Player Phase." Respite resolves after the refills that end the phase, so a character it brings back
    was not brought back during one: the hand stays empty through the next Player Phase (RULES.md, issue 46)."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.add_sigil(1, "respite")
    sc.set_stability(0, 0)
    sc.set_pile(0, "deck", ["glimpse"] * 8)
    sc.pass_phase()
    me = sc.player(0)
    assert not me["unconscious"] and me["stability"] == 1 and me["hand"] == []
    assert sc.state()["phase"] == "player" and sc.state()["round"] == 2
    sc.pass_phase()
    assert len(sc.player(0)["hand"]) == 5
