"""Heavy check (`make test-heavy`): 20,000 debug matches over the starter and mirror matchups, a third
each with random, racer and pressure bots: 0 invariant violations, 0 illegal actions, 0 overflows.
Debug mode checks every action against the legal list and every invariant after it
(engine.check_invariants). The issue's 100,000 were run by hand (PERF.md)."""

import numpy as np
import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME
from tests.games.veilwalkers.helpers import PLAIN_BOTS

MATCHES = 20_000


@pytest.mark.heavy
def test_no_invariant_violation_or_illegal_action():
    ruleset = GAME.load_ruleset("standard")
    matchups = GAME.load_matchups(ruleset, ["starters", "mirrors"])
    bots = PLAIN_BOTS
    per_case = MATCHES // (2 * len(matchups) * len(bots))  # pairs: two seat orders
    errors = np.zeros(len(GAME.error_codes), np.int64)
    played = 0
    for matchup in matchups:
        for bot in bots:
            result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                                     seed_block(77, matchup, 0, per_case), debug=True)
            errors += np.bincount(result.error.astype(np.int64), minlength=len(GAME.error_codes))
            played += len(result.error)
    assert played >= MATCHES * 0.99
    assert errors[1:].sum() == 0, dict(zip(GAME.error_codes, errors.tolist(), strict=True))
