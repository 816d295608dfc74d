"""Heavy checks (run with `make test-heavy`): 100k debug games per nemesis and player count, 0 errors."""

import numpy as np
import pytest

from sim.core.game import SeedBlock
from sim.core.rng import name_key
from sim.games.aeons_end import GAME

GAMES = 100_000


@pytest.mark.heavy
@pytest.mark.parametrize("policy", ["random", "greedy_economy"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_no_invariant_violation_or_illegal_action(policy, players):
    ruleset = GAME.load_ruleset("normal")
    for matchup in GAME.load_matchups(ruleset, f"default_{players}p"):
        seeds = SeedBlock(root_seed=2024, matchup_key=name_key(matchup.matchup_id),
                          pair_index=np.arange(GAMES, dtype=np.int64), swap=np.zeros(GAMES, np.uint8))
        result = GAME.play_batch(ruleset, matchup, (GAME.load_policy(policy),), seeds, debug=True)
        errors = np.bincount(result.error.astype(np.int64), minlength=len(GAME.error_codes))
        assert errors[1:].sum() == 0, dict(zip(GAME.error_codes, errors.tolist(), strict=True))
