"""Coin Race, winning (engine.py's rules 3 and 4)."""

from sim.games.coin_race.scenario import CoinRaceScenario


def test_reaching_the_target_at_the_end_of_a_turn_wins_at_once():
    """Rule 3: "A side whose points ... reach `target` ... at the end of one of its turns wins at once"."""
    sc = CoinRaceScenario.new("high vs low", seed=1)
    sc.set_score(0, 14)
    sc.set_card("one")
    sc.apply(sc.action("bank"))
    state = sc.state()
    assert state["done"] and state["winner"] == 0 and state["end_reason"] == "target"
    assert sc.legal() == []


def test_a_team_needs_both_players_points_to_reach_the_team_target():
    """Rule 3: "(a team: both players' together) reach ... (a team: `team_target`)" — 25, not 15.
    Seats alternate A1 B1 A2 B2, so seats 0 and 2 are side A's."""
    sc = CoinRaceScenario.new("low+high vs even+even", seed=1)
    sc.set_score(0, 15)  # a lone player's target, not a team's
    sc.set_card("one")
    sc.apply(sc.action("bank"))  # side A: 16
    assert not sc.state()["done"]
    sc.set_score(2, 8)  # side A: 24
    sc.apply(sc.action("bank"))  # seat 1, side B
    assert not sc.state()["done"] and sc.state()["seat"] == 2
    sc.set_card("one")
    sc.apply(sc.action("bank"))  # side A: 16 + 9 = 25
    state = sc.state()
    assert state["done"] and state["winner"] == 0 and state["end_reason"] == "target"


def test_after_the_last_round_the_higher_total_wins_and_equal_totals_draw():
    """Rule 4: "After `rounds` rounds ... the side with more points wins; equal points draw"."""
    outcomes = set()
    for seed in range(1, 30):
        sc = CoinRaceScenario.new("high vs low", edition="short", seed=seed)
        while not sc.state()["done"]:
            sc.apply(sc.action("gamble"))
        state = sc.state()
        first, second = (p["score"] for p in state["players"])
        if state["end_reason"] != "target":
            assert state["round"] == 6
            assert state["winner"] == (-1 if first == second else (0 if first > second else 1))
            assert state["end_reason"] == ("draw" if first == second else "round_limit")
            outcomes.add(state["end_reason"])
    assert "round_limit" in outcomes
