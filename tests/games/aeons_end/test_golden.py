"""Golden digest: fixed seeds over several nemeses, player counts, editions and bots must replay to the same
results bit for bit. A speed change that keeps play identical keeps this digest; a behaviour change must bump
ENGINE_VERSION and record the new digest (print it with `python -m tests.games.aeons_end.test_golden`)."""

import hashlib

import numpy as np

from sim.core.game import SeedBlock
from sim.core.rng import name_key
from sim.games.aeons_end import GAME

GOLDEN_ENGINE_VERSION = "0.2.0"
GOLDEN_DIGEST = "eaf6bdf757b43738d7d56eca233b8ad0"  # play unchanged when the deal_group column came

# (edition, matchup entry, policy, games)
CASES = (
    ("normal", "brama vs rageborne", "greedy_damage", 40),
    ("normal", "adelheim+brama vs carapace_queen", "greedy_damage", 40),
    ("expert", "adelheim+brama vs prince_of_gluttons", "greedy_economy", 40),
    ("normal", "adelheim+brama+kadir vs crooked_mask", "greedy_damage", 30),
    ("extinction", "adelheim+lash+jian+xaxos vs carapace_queen", "greedy_economy", 20),
    ("beginner", "mist+phaedraxa vs rageborne", "random", 20),
    ("expert", "adelheim+brama+kadir+mist vs crooked_mask", "random", 10),
    ("normal", "adelheim+brama vs rageborne", "search", 2),
)


def batch_digest() -> str:
    digest = hashlib.blake2b(digest_size=16)
    for edition, entry, policy, games in CASES:
        ruleset = GAME.load_ruleset(edition)
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        seeds = SeedBlock(root_seed=2026, matchup_key=name_key(matchup.matchup_id),
                          pair_index=np.arange(games, dtype=np.int64), swap=np.zeros(games, np.uint8))
        result = GAME.play_batch(ruleset, matchup, (GAME.load_policy(policy),), seeds, card_counts=True)
        arrays = [result.winner, result.end_reason, result.turns, result.rounds, result.score, result.error,
                  result.card_counts] + [result.extra[k] for k in sorted(result.extra)]
        for array in arrays:
            digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def test_golden_digest():
    """Identical play on fixed seeds (DESIGN.md §4.3: a match is a pure function of engine version, ruleset,
    decks, policies and seed key)."""
    assert GAME.engine_version == GOLDEN_ENGINE_VERSION, "behaviour changed: record a new digest"
    assert batch_digest() == GOLDEN_DIGEST


if __name__ == "__main__":
    print(batch_digest())
