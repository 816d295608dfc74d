"""Kernel throughput of the Aeon's End engine: `python -m sim.games.aeons_end.bench [games] [workers]`.

Prints games per second per core for each policy over the default matchups of every player count
(kernel only, warm numba cache), and the rate with `workers` processes (joblib, one matchup per task).
"""

from __future__ import annotations

import sys
import time

import numpy as np

from sim.core.game import SeedBlock
from sim.core.rng import name_key


def _run(policy_name: str, games: int, matchup_index: int) -> tuple[int, float]:
    from sim.games.aeons_end import GAME

    ruleset = GAME.load_ruleset("normal")
    matchups = GAME.load_matchups(ruleset, "all_nemeses_all_counts")
    matchup = matchups[matchup_index % len(matchups)]
    seeds = SeedBlock(root_seed=1, matchup_key=name_key(matchup.matchup_id),
                      pair_index=np.arange(games, dtype=np.int64), swap=np.zeros(games, np.uint8))
    start = time.process_time()
    GAME.play_batch(ruleset, matchup, (GAME.load_policy(policy_name),), seeds)
    return games, time.process_time() - start


def main(argv: list[str]) -> None:
    from joblib import Parallel, delayed

    from sim.games.aeons_end import GAME

    games = int(argv[0]) if argv else 2000
    workers = int(argv[1]) if len(argv) > 1 else 2
    GAME.warm_up()
    ruleset = GAME.load_ruleset("normal")
    n_matchups = len(GAME.load_matchups(ruleset, "all_nemeses_all_counts"))
    for policy in ("greedy_economy", "greedy_damage", "random"):
        total, cpu = 0, 0.0
        for i in range(n_matchups):
            g, t = _run(policy, games, i)
            total += g
            cpu += t
        wall = time.perf_counter()
        results = Parallel(n_jobs=workers)(delayed(_run)(policy, games, i) for i in range(n_matchups))
        wall = time.perf_counter() - wall
        done = sum(g for g, _ in results)
        print(f"{policy:15s} {total / cpu:9.0f} games/s per core (CPU time)   "
              f"{done / wall:9.0f} games/s with {workers} workers (wall, incl. process start)")


if __name__ == "__main__":
    main(sys.argv[1:])
