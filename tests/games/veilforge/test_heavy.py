"""Heavy checks (`make test-heavy`): 100,000 debug matches in 2p and 100,000 in 2v2, over every
matchup of the duels and teams sets, half with random bots and half greedy: 0 invariant
violations, 0 illegal actions, 0 overflows. Debug mode checks the legality of every action taken
and every invariant after it (engine.check_invariants)."""

import numpy as np
import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilforge import GAME

MATCHES = 100_000


@pytest.mark.heavy
@pytest.mark.parametrize("set_name", ["duels", "teams"])
def test_no_invariant_violation_or_illegal_action(set_name):
    ruleset = GAME.load_ruleset("standard")
    matchups = GAME.load_matchups(ruleset, [set_name])
    per_case = MATCHES // (2 * len(matchups) * 2)  # pairs: two seat orders, two bots
    errors = np.zeros(len(GAME.error_codes), np.int64)
    played = 0
    for matchup in matchups:
        for bot in ("random", "aggro"):
            result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                                     seed_block(77, matchup, 0, per_case), debug=True)
            errors += np.bincount(result.error.astype(np.int64), minlength=len(GAME.error_codes))
            played += len(result.error)
    assert played >= MATCHES * 0.99
    assert errors[1:].sum() == 0, dict(zip(GAME.error_codes, errors.tolist(), strict=True))
