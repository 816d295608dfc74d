"""Text: the replay log. Each test cites the rulebook passage (or the public data line) it checks."""

from sim.core.game import result_line
from sim.games.aeons_end import GAME
from tests.games.aeons_end.helpers import match_seeds


def test_replay_log_readable():
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_1p")[0]
    log = GAME.replay(rs, m, (GAME.load_policy("greedy_economy"),), match_seeds(m, 1))
    assert log[0].startswith("setup:")
    assert any("nemesis draws" in line for line in log)
    assert any("casts" in line for line in log)
    assert log[-2].startswith("end: players")
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_economy"),), match_seeds(m, 1))
    assert (f"after {int(r.turns[0])} turns") in log[-2]
    assert log[-1] == result_line(GAME, r), "the replay ends with the batch row's result"
