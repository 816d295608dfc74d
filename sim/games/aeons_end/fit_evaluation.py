"""Fit the search bots' cut-off evaluation (evaluation.py) to games the base plan plays.

    python -m sim.games.aeons_end.fit_evaluation [--games N] [--explore E] [--out NAME]

For every nemesis of the default matchups at 2 and 4 players, N games are played by the base plan
(greedy_damage) with each decision replaced, with probability E, by a uniformly random legal one (so the
positions cover more than the plan's own line). The position at the start of every round is kept with the
game's result. One logistic model per nemesis kind is fitted by maximum likelihood with a small ridge
penalty (scipy's L-BFGS; the intercept is not penalised), and written with its measured log loss and
accuracy on held-out games to decks/aeons_end/evaluations/<NAME>.yaml. The seeds are fixed: the same
command writes the same file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from numba import njit
from scipy.optimize import minimize

from sim.core.rng import name_key, next_below, next_u64
from sim.games.aeons_end import data as D
from sim.games.aeons_end import evaluation as E
from sim.games.aeons_end.batch import fill_keys
from sim.games.aeons_end.engine import reset, step_call
from sim.games.aeons_end.layout import (
    G_ROUNDS,
    G_STATUS,
    MAX_ACTIONS,
    ROUND_RECORD,
    STATE_SIZE,
    STREAM_COUNT,
    STREAM_POLICY,
)
from sim.games.aeons_end.policy import greedy_act_call, legal_actions_call
from sim.games.aeons_end.rules.turn import advance
from sim.games.aeons_end.tables import rule

ROOT_SEED = 20261207
PENALTY = 1e-3  # ridge strength per position (a weak prior: the weights stay finite on separable data)


@njit(cache=True, _nrt=False)
def collect_positions(T, root_seed, matchup_key, games, params, explore, out, game_of, won, s, legal, keys, counters,
                      round_gravehold, round_life):
    """Play `games` games (through the out-of-line step and plan the search bots compile: little to compile
    here); out[i] = the features of the i-th round-start position, game_of[i] its game,
    won[g] = 1 when the team won game g. Returns the number of positions (at most out.shape[0])."""
    n = 0
    threshold = np.uint64(explore * 18446744073709551615.0)
    for g in range(games):
        fill_keys(keys, root_seed, matchup_key, g, g)
        counters[:] = 0
        reset(s, T, keys, counters)
        advance(s, T, keys, counters, round_gravehold, round_life)
        recorded = -1
        decisions = 0
        while s[G_STATUS] == 0 and decisions < 20000:
            if s[G_ROUNDS] != recorded and n < out.shape[0]:
                E.features(s, T, out[n])
                game_of[n] = g
                n += 1
                recorded = s[G_ROUNDS]
            if next_u64(keys, counters, STREAM_POLICY) < threshold:
                count = legal_actions_call(s, T, legal)
                action = legal[next_below(keys, counters, STREAM_POLICY, count)]
            else:
                action = greedy_act_call(s, T, params)
            step_call(s, T, keys, counters, action, round_gravehold, round_life)
            decisions += 1
        won[g] = 1 if s[G_STATUS] == 1 else 0
    return n


def positions(game, ruleset, matchup, params, games, explore):
    """(features [n, FEATURE_COUNT], game index [n], team won [n]) of one matchup's collected positions."""
    rows = games * 40
    out = np.zeros((rows, E.WORK_SIZE), np.float64)
    game_of = np.zeros(rows, np.int64)
    won = np.zeros(games, np.int8)
    n = collect_positions(game.kernel_tables(ruleset, matchup), np.int64(ROOT_SEED),
                          np.uint64(name_key(matchup.matchup_id)), games, params, explore, out, game_of, won,
                          np.zeros(STATE_SIZE, np.int64), np.zeros(MAX_ACTIONS, np.int64),
                          np.zeros(STREAM_COUNT, np.uint64), np.zeros(STREAM_COUNT, np.uint64),
                          np.zeros(ROUND_RECORD, np.int16), np.zeros(ROUND_RECORD, np.int16))
    return out[:n, :E.FEATURE_COUNT], game_of[:n], won[game_of[:n]].astype(np.float64)


def fit_logistic(x, y):
    """Ridge-penalised logistic regression (intercept unpenalised): the weight vector."""
    n, k = x.shape
    mask = np.ones(k)
    mask[0] = 0.0

    def loss(w):
        z = x @ w
        p = 1.0 / (1.0 + np.exp(-z))
        value = np.sum(np.logaddexp(0.0, z) - y * z) / n + PENALTY * np.sum(mask * w * w)
        grad = x.T @ (p - y) / n + 2.0 * PENALTY * mask * w
        return value, grad

    result = minimize(loss, np.zeros(k), jac=True, method="L-BFGS-B", options={"maxiter": 2000})
    return result.x


def log_loss(x, y, w):
    z = x @ w
    return float(np.mean(np.logaddexp(0.0, z) - y * z))


def main(argv=None) -> int:
    from sim.games.aeons_end.game import AeonsEnd

    parser = argparse.ArgumentParser(prog="python -m sim.games.aeons_end.fit_evaluation")
    parser.add_argument("--games", type=int, default=4000, help="games per matchup")
    parser.add_argument("--explore", type=float, default=0.1, help="chance a decision is a random legal one")
    parser.add_argument("--base", default="greedy_damage")
    parser.add_argument("--out", default="fitted")
    args = parser.parse_args(argv)
    game = AeonsEnd()
    ruleset = game.load_ruleset("normal")
    params = game.load_policy(args.base).params
    by_kind: dict[int, list] = {}
    for preset in ("default_2p", "default_4p"):
        for matchup in game.load_matchups(ruleset, preset):
            x, games, y = positions(game, ruleset, matchup, params, args.games, args.explore)
            kind = int(rule(game.kernel_tables(ruleset, matchup), E.R_NEMESIS_KIND))
            by_kind.setdefault(kind, []).append((x, games, y))
    # a nemesis without rules of its own is scored by the model of every position pooled
    by_kind[0] = [part for kind in sorted(by_kind) for part in by_kind[kind]]
    lines = [f"# Fitted by `python -m sim.games.aeons_end.fit_evaluation --games {args.games} --explore {args.explore}",
             f"# --base {args.base} --out {args.out}` (root seed {ROOT_SEED}): the ISMCTS bots' cut-off evaluation",
             "# (sim/games/aeons_end/evaluation.py), one logistic model per nemesis kind. Do not edit by hand: fit",
             "# again. Held out: log loss and accuracy on the last fifth of each matchup's games (a constant: the",
             "# log loss of the training win rate alone).",
             f"base: {args.base}", "weights:"]
    for kind, parts in sorted(by_kind.items()):
        train = [(x[g < 0.8 * g.max()], y[g < 0.8 * g.max()]) for x, g, y in parts]
        test = [(x[g >= 0.8 * g.max()], y[g >= 0.8 * g.max()]) for x, g, y in parts]
        xt, yt = np.vstack([a for a, _ in train]), np.concatenate([b for _, b in train])
        w = fit_logistic(xt, yt)
        xh, yh = np.vstack([a for a, _ in test]), np.concatenate([b for _, b in test])
        accuracy = float(np.mean(((xh @ w) > 0) == (yh > 0.5)))
        base_rate = float(np.clip(yt.mean(), 1e-6, 1 - 1e-6))
        constant = float(np.mean(-(yh * np.log(base_rate) + (1 - yh) * np.log(1 - base_rate))))
        name = E.NEMESIS_KINDS[kind]
        lines.append(f"  {name}:   # {len(yt):,} positions; held out: log loss {log_loss(xh, yh, w):.4f} "
                     f"(a constant {constant:.4f}), accuracy {accuracy:.3f}")
        for f, feature in enumerate(E.FEATURES):
            lines.append(f"    {feature}: {w[f]:.4f}")
    path = Path(game.data_dir or D.DATA_DIR) / "evaluations" / f"{args.out}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
