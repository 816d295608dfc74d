"""Fit a greedy team plan's weights (policy.GREEDY_WEIGHTS) by CMA-ES (sim/core/tuning.py).

    python -m sim.games.aeons_end.fit_policy [--base NAME] [--out NAME] [--deals N] [--evaluations N]

The objective is the team's mean win rate over the default 2- and 4-player matchups of the normal edition
(eight: the four nemeses at each player count), every candidate playing the same `deals` deals of each
(root seed TRAIN_SEED). The best weights are then played on other deals (root seed HELD_OUT_SEED, twice
as many) beside the base plan's, and written with both rates to decks/aeons_end/policies/<out>.yaml. The
seeds are fixed: the same command writes the same file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from sim.core.game import Policy, SeedBlock
from sim.core.rng import name_key
from sim.core.tuning import fit_weights
from sim.games.aeons_end import data as D
from sim.games.aeons_end.policy import GREEDY_WEIGHTS

TRAIN_SEED = 20261207
HELD_OUT_SEED = 20261208
PRESETS = ("default_2p", "default_4p")
# weights that are not plain numbers: a flag (0 or 1) and a husk count (0 to 16; 16 = never)
FLAGS = ("hold_spell_when_no_minion",)
COUNTS = {"husk_threshold": (0, 16)}


def decode(weights: np.ndarray) -> np.ndarray:
    out = np.array(weights, np.float64)
    for i, name in enumerate(GREEDY_WEIGHTS):
        if name in FLAGS:
            out[i] = 1.0 if out[i] > 0.5 else 0.0
        elif name in COUNTS:
            low, high = COUNTS[name]
            out[i] = float(np.clip(np.round(out[i]), low, high))
    return out


def first_steps(weights: np.ndarray) -> np.ndarray:
    """Each weight's first search radius: about a third of its size (at least 0.25); a flag's 0.5, a count's 4."""
    steps = np.maximum(0.25, 0.3 * np.abs(weights))
    for i, name in enumerate(GREEDY_WEIGHTS):
        if name in FLAGS:
            steps[i] = 0.5
        elif name in COUNTS:
            steps[i] = 4.0
    return steps


def win_rates(game, ruleset, matchups, policy_id, weights, deals, root_seed) -> np.ndarray:
    """The team's win rate in each matchup over deals 0..deals-1 of `root_seed`."""
    policy = Policy(name="candidate", policy_id=policy_id, params=np.asarray(weights, np.float64), policy_hash="")
    rates = []
    for matchup in matchups:
        seeds = SeedBlock(root_seed=root_seed, matchup_key=name_key(matchup.matchup_id),
                          pair_index=np.arange(deals, dtype=np.int64), swap=np.zeros(deals, np.uint8))
        rates.append(float(np.mean(game.play_batch(ruleset, matchup, (policy,), seeds).winner == 0)))
    return np.array(rates)


def main(argv=None) -> int:
    from sim.games.aeons_end.game import AeonsEnd

    parser = argparse.ArgumentParser(prog="python -m sim.games.aeons_end.fit_policy")
    parser.add_argument("--base", default="greedy_damage", help="the greedy plan to start from")
    parser.add_argument("--out", default="greedy_fitted")
    parser.add_argument("--deals", type=int, default=1000, help="training deals per matchup")
    parser.add_argument("--evaluations", type=int, default=3000, help="objective evaluations at most")
    args = parser.parse_args(argv)
    game = AeonsEnd()
    ruleset = game.load_ruleset("normal")
    matchups = [m for preset in PRESETS for m in game.load_matchups(ruleset, preset)]
    base = game.load_policy(args.base)
    if base.policy_id != 1:
        print(f"error: --base {args.base}: a greedy plan is fitted, not a bot of kind {base.policy_id}", file=sys.stderr)
        return 2

    def objective(weights):
        return float(win_rates(game, ruleset, matchups, base.policy_id, weights, args.deals, TRAIN_SEED).mean())

    fit = fit_weights(objective, base.params, first_steps(base.params), decode, seed=1,
                      evaluations=args.evaluations)
    held_deals = 2 * args.deals
    fitted = win_rates(game, ruleset, matchups, base.policy_id, fit.weights, held_deals, HELD_OUT_SEED)
    before = win_rates(game, ruleset, matchups, base.policy_id, base.params, held_deals, HELD_OUT_SEED)
    lines = [
        f"# Fitted by `python -m sim.games.aeons_end.fit_policy --base {args.base} --out {args.out} --deals "
        f"{args.deals} --evaluations {args.evaluations}`:",
        f"# CMA-ES (sim/core/tuning.py) from {args.base}'s weights, {fit.evaluations} evaluations in "
        f"{fit.generations} generations. Do not edit by hand: fit again.",
        f"# Team win rate, normal edition, {' and '.join(PRESETS)} (mean of the {len(matchups)} matchups):",
        f"#   training deals (root seed {TRAIN_SEED}, {args.deals:,} a matchup): {100 * fit.score:.1f}%",
        f"#   held-out deals (root seed {HELD_OUT_SEED}, {held_deals:,} a matchup): {100 * fitted.mean():.1f}% "
        f"({args.base}: {100 * before.mean():.1f}%)",
    ]
    for matchup, rate, old in zip(matchups, fitted, before, strict=True):
        lines.append(f"#     {matchup.matchup_id}: {100 * rate:.1f}% ({args.base} {100 * old:.1f}%)")
    lines += [f"id: {args.out}", "weights:"]
    for name, value in zip(GREEDY_WEIGHTS, fit.weights, strict=True):
        text = f"{int(value)}" if name in FLAGS or name in COUNTS else f"{value:.4f}"
        lines.append(f"  {name}: {text}")
    path = Path(game.data_dir or D.DATA_DIR) / "policies" / f"{args.out}.yaml"
    path.write_text("\n".join(lines) + "\n")
    print(f"wrote {path}: held out {100 * fitted.mean():.1f}% ({args.base} {100 * before.mean():.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
