"""By Your Side, winning and losing (rulebook: Welcome, Objective, Scenario flow)."""

import numpy as np

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.by_your_side import GAME
from tests.games.by_your_side.conftest import blank, mark_read


def test_the_team_wins_or_loses_together():
    """"This is a cooperative card game" / "If the loss condition is met, the scenario is lost." One side (the
    team): the kernel reports 0 when the team won, 1 when the game won, whoever fell."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["scenario_1"])[0]
    assert matchup.cooperative and matchup.seating.sides == 1 and matchup.players == 2
    result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy("guardian"),), matchup),
                             seed_block(9, matchup, 0, 50))
    assert set(np.unique(result.winner)) <= {0, 1} and 0 in result.winner and 1 in result.winner
    won = result.winner == 0
    assert (result.end_reason[won] == GAME.end_reasons.index("won")).all()
    assert (result.end_reason[~won] != GAME.end_reasons.index("won")).all()


def test_the_last_event_of_scenario_one_wins():
    """"Winning and losing are determined by each scenario in the Campaign Book." Scenario 1 (assumed): Event 5
    places Dread on the Threshold; Banishing Dread wins."""

    sc = blank()
    sc.set_exploration(["glimpse"] * 5)
    mark_read(sc, 4)
    sc.set_planes(["stun", "event"])
    sc.set_hand(0, ["glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))
    assert sc.state()["threshold"] == [("dread", 7)]
    sc.set_threshold(["dread"], strengths=[2])
    sc.set_hand(0, ["severing_word"])
    sc.set_energy(0, 1)
    sc.apply(sc.action("play", card="severing_word"))
    state = sc.state()
    assert state["done"] and state["winner"] == 0 and state["end_reason"] == "won"
