"""By Your Side in debug mode at scale (marker heavy: `make test-heavy`): 100,000 matches per scenario and bot,
and 2,000 whole campaigns per bot, with every action checked for legality and every invariant checked after it."""

import numpy as np
import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.by_your_side import GAME


@pytest.mark.heavy
@pytest.mark.parametrize("bot", ["random", "guardian", "seeker"])
@pytest.mark.parametrize("entry", ["scenario_1", "scenario_2", "scenario_3"])
def test_no_illegal_action_or_broken_invariant_in_100k_debug_matches(entry, bot):
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, [entry])[0]
    policies = seats_for((GAME.load_policy(bot),), matchup)
    for start in range(0, 100_000, 10_000):
        result = GAME.play_batch(ruleset, matchup, policies, seed_block(2027, matchup, start, start + 10_000), debug=True)
        errors = result.error[result.error != 0]
        assert errors.size == 0, [GAME.error_codes[e] for e in np.unique(errors)]


@pytest.mark.heavy
@pytest.mark.parametrize("bot", ["random", "guardian"])
def test_no_illegal_action_or_broken_invariant_in_2k_debug_campaigns(bot):
    """Whole campaigns (every attempt, replays included) in debug mode; no deck outgrows the engine's piles."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["campaign"])[0]
    result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                             seed_block(2027, matchup, 0, 2_000), debug=True)
    errors = result.error[result.error != 0]
    assert errors.size == 0, [GAME.error_codes[e] for e in np.unique(errors)]
