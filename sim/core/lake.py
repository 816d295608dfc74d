"""The results lake (DESIGN.md §7, docs/lake-schema.md): Parquet parts, written atomically.

Each task writes its rows to a temporary name in the final folder, then renames it: a reader (or
a resumed sweep) never sees half a file. The ``matches`` part is written last, so its presence
marks the task as done; a rerun skips those tasks.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock

SIDE_NAMES = ("A", "B")


def part_path(experiment: Path, table: str, game: str, ruleset_id: str, task_id: str) -> Path:
    return experiment / table / f"game={game}" / f"ruleset={ruleset_id}" / f"part-{task_id}.parquet"


def write_atomic(table: pa.Table, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    pq.write_table(table, tmp, compression="zstd")
    os.replace(tmp, path)


def write_json_atomic(data: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True, default=str) + "\n")
    os.replace(tmp, path)


def remove_stale_temporaries(experiment: Path) -> int:
    """Temporary files left by killed workers (one writer per experiment at a time)."""
    stale = list(experiment.glob("*/game=*/ruleset=*/.part-*.tmp"))
    for path in stale:
        path.unlink(missing_ok=True)
    return len(stale)


def done_task_ids(experiment: Path) -> set[str]:
    root = experiment / "matches"
    if not root.exists():
        return set()
    return {p.name[len("part-") : -len(".parquet")] for p in root.glob("game=*/ruleset=*/part-*.parquet")}


def seat_to_side(swap: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-seat values [B, 2] -> (side A values, side B values)."""
    swapped = swap.astype(bool)
    side_a = np.where(swapped, values[:, 1], values[:, 0])
    side_b = np.where(swapped, values[:, 0], values[:, 1])
    return side_a, side_b


def match_table(
    game: Game,
    ruleset: Ruleset,
    matchup: Matchup,
    policies: tuple[Policy, ...],
    seeds: SeedBlock,
    result: BatchResult,
    *,
    run_id: str,
    config_hash: str,
) -> pa.Table:
    n = len(seeds)
    swap = seeds.swap.astype(np.int8)
    winner = result.winner.astype(np.int8)
    cooperative = matchup.cooperative

    def const(value: str) -> pa.Array:
        return pa.array([value] * n, pa.string())

    if cooperative:
        winner_side = np.where(winner == 0, "team", "game")
        a_won = (winner == 0).astype(np.float64)
        first_player_won = pa.nulls(n, pa.float64())
        first_side = const("A")
        score = result.score
        score_a, score_b = score[:, 0], score[:, 1] if score.shape[1] > 1 else np.zeros(n, np.int32)
    else:
        # winner seat -> side: seat 0 is side A unless swapped
        winner_is_a = np.where(swap == 0, winner == 0, winner == 1)
        draw = winner < 0
        winner_side = np.where(draw, "draw", np.where(winner_is_a, "A", "B"))
        a_won = np.where(draw, 0.5, winner_is_a.astype(np.float64))
        first_player_won = pa.array(np.where(draw, 0.5, (winner == 0).astype(np.float64)))
        first_side = pa.array(np.where(swap == 0, "A", "B"))
        score_a, score_b = seat_to_side(swap, result.score)

    pair_index = seeds.pair_index.astype(np.int64)
    seed_keys = [f"{seeds.root_seed}/{matchup.matchup_id}/{p}/{s}" for p, s in zip(pair_index, swap, strict=True)]
    columns: dict[str, pa.Array] = {
        "run_id": const(run_id),
        "engine_version": const(game.engine_version),
        "ruleset_id": const(ruleset.ruleset_id),
        "ruleset_hash": const(ruleset.ruleset_hash),
        "config_hash": const(config_hash),
        "matchup_id": const(matchup.matchup_id),
        "side_a": const(matchup.sides[0]),
        "side_b": const(matchup.sides[1] if len(matchup.sides) > 1 else ""),
        "policy_a": const(policies[0].name),
        "policy_b": const(policies[1].name if len(policies) > 1 else ""),
        "root_seed": pa.array(np.full(n, seeds.root_seed, np.int64)),
        "pair_index": pa.array(pair_index),
        "swap": pa.array(swap),
        "seed_key": pa.array(seed_keys, pa.string()),
        "first_side": first_side,
        "winner_seat": pa.array(winner),
        "winner_side": pa.array(winner_side.astype(str).tolist(), pa.string()),
        "first_player_won": first_player_won,
        "a_won": pa.array(a_won),
        "end_reason": pa.array([game.end_reasons[i] for i in result.end_reason], pa.string()),
        "turns": pa.array(result.turns.astype(np.int16)),
        "rounds": pa.array(result.rounds.astype(np.int16)),
        "score_a": pa.array(np.asarray(score_a, np.int32)),
        "score_b": pa.array(np.asarray(score_b, np.int32)),
        "error": pa.array([game.error_codes[i] for i in result.error], pa.string()),
    }
    categories = game.extra_categories(ruleset)
    kinds = game.extra_columns()
    for name, kind in kinds.items():
        values = result.extra[name]
        if kind == "per_seat" and not cooperative:
            side_values = seat_to_side(swap, values)
            for suffix, column in zip(("a", "b"), side_values, strict=True):
                columns[f"{name}_{suffix}"] = _extra_array(column, categories.get(name))
        elif kind == "per_seat":  # cooperative: seats are the team's mages, keep them as a list
            columns[name] = pa.array(list(values))
        elif kind == "list":
            columns[name] = pa.array(list(values))
        else:
            columns[name] = _extra_array(values, categories.get(name))
    return pa.table(columns)


def _extra_array(values: np.ndarray, names: list[str] | None) -> pa.Array:
    if names is None:
        return pa.array(values)
    return pa.array([names[i] if i >= 0 else "" for i in values], pa.string())


def card_table(
    game: Game,
    ruleset: Ruleset,
    matchup: Matchup,
    seeds: SeedBlock,
    result: BatchResult,
    *,
    run_id: str,
) -> pa.Table:
    """Per-card rows with any non-zero count: (match, side, card) -> drawn, played, opening."""
    counts = result.card_counts  # [B, P, n_cards, 3] by seat
    names = np.array(game.card_names(ruleset), dtype=object)
    match_index, seat, card = np.nonzero(counts.sum(axis=3))
    swap = seeds.swap.astype(np.int8)[match_index]
    if matchup.cooperative:
        side_index = np.zeros_like(seat)
        won = (result.winner[match_index] == 0).astype(np.float64)
    else:
        side_index = np.where(swap == 0, seat, 1 - seat)
        winner = result.winner[match_index]
        won = np.where(winner < 0, 0.5, (winner == seat).astype(np.float64))
    n = len(match_index)
    sides = np.array(SIDE_NAMES, dtype=object)[side_index]
    labels = np.array(matchup.sides, dtype=object)[np.minimum(side_index, len(matchup.sides) - 1)]
    return pa.table(
        {
            "run_id": pa.array([run_id] * n, pa.string()),
            "ruleset_id": pa.array([ruleset.ruleset_id] * n, pa.string()),
            "matchup_id": pa.array([matchup.matchup_id] * n, pa.string()),
            "pair_index": pa.array(seeds.pair_index.astype(np.int64)[match_index]),
            "swap": pa.array(swap),
            "side": pa.array(sides.tolist(), pa.string()),
            "faction": pa.array(labels.tolist(), pa.string()),
            "card": pa.array(names[card].tolist(), pa.string()),
            "drawn": pa.array(counts[match_index, seat, card, 0].astype(np.int16)),
            "played": pa.array(counts[match_index, seat, card, 1].astype(np.int16)),
            "opening": pa.array(counts[match_index, seat, card, 2].astype(np.int16)),
            "won": pa.array(won),
        }
    )
