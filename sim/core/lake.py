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
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock

SIDE_NAMES = ("A", "B")


def part_path(experiment: Path, table: str, game: str, ruleset_id: str, task_id: str) -> Path:
    return experiment / table / f"game={game}" / f"ruleset={ruleset_id}" / f"part-{task_id}.parquet"


def write_atomic(table: pa.Table, path: Path) -> None:
    """Write `table` to `path` under a temporary name, then rename it.

    String columns come either as dictionary arrays (a value repeated down the part: the writer keeps
    their dictionary instead of hashing every row) or as plain strings unique to each row (seed_key:
    no dictionary is tried). Min/max statistics are kept for the numeric columns only. Without the
    Arrow schema stored in the file, readers see every string column as a plain string."""
    plain_strings = {f.name for f in table.schema if pa.types.is_string(f.type)}
    numeric = [f.name for f in table.schema if f.name not in plain_strings and not pa.types.is_dictionary(f.type)]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    pq.write_table(
        table,
        tmp,
        compression="zstd",
        use_dictionary=[name for name in table.column_names if name not in plain_strings],
        write_statistics=numeric,
        store_schema=False,
    )
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
        return _constant(value, n)

    if cooperative:
        winner_side = _names(["team", "game"], np.where(winner == 0, 0, 1))
        a_won = (winner == 0).astype(np.float64)
        first_player_won = pa.nulls(n, pa.float64())
        first_side = const("A")
        score = result.score
        score_a, score_b = score[:, 0], score[:, 1] if score.shape[1] > 1 else np.zeros(n, np.int32)
    else:
        # winner seat -> side: seat 0 is side A unless swapped
        winner_is_a = np.where(swap == 0, winner == 0, winner == 1)
        draw = winner < 0
        winner_side = _names(["A", "B", "draw"], np.where(draw, 2, np.where(winner_is_a, 0, 1)))
        a_won = np.where(draw, 0.5, winner_is_a.astype(np.float64))
        first_player_won = pa.array(np.where(draw, 0.5, (winner == 0).astype(np.float64)))
        first_side = _names(["A", "B"], swap)
        score_a, score_b = seat_to_side(swap, result.score)

    pair_index = seeds.pair_index.astype(np.int64)
    seed_keys = pc.binary_join_element_wise(
        pa.repeat(pa.scalar(f"{seeds.root_seed}/{matchup.matchup_id}", pa.string()), n),
        pc.cast(pa.array(pair_index), pa.string()),
        pc.cast(pa.array(swap), pa.string()),
        "/",
    )
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
        "seed_key": seed_keys,
        "first_side": first_side,
        "winner_seat": pa.array(winner),
        "winner_side": winner_side,
        "first_player_won": first_player_won,
        "a_won": pa.array(a_won),
        "end_reason": _names(game.end_reasons, result.end_reason),
        "turns": pa.array(result.turns.astype(np.int16)),
        "rounds": pa.array(result.rounds.astype(np.int16)),
        "score_a": pa.array(np.asarray(score_a, np.int32)),
        "score_b": pa.array(np.asarray(score_b, np.int32)),
        "error": _names(game.error_codes, result.error),
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


def _names(names, codes: np.ndarray) -> pa.Array:
    """Integer codes -> their names, as a dictionary array (code -1 -> empty string)."""
    codes = np.asarray(codes)
    return pa.DictionaryArray.from_arrays(
        np.where(codes < 0, len(names), codes).astype(np.int32), pa.array(list(names) + [""], pa.string())
    )


def _constant(value: str, n: int) -> pa.Array:
    return pa.DictionaryArray.from_arrays(np.zeros(n, np.int32), pa.array([value], pa.string()))


def _extra_array(values: np.ndarray, names: list[str] | None) -> pa.Array:
    return pa.array(values) if names is None else _names(names, values)


def card_table(
    game: Game,
    ruleset: Ruleset,
    matchup: Matchup,
    seeds: SeedBlock,
    result: BatchResult,
    *,
    run_id: str,
) -> pa.Table:
    """Per-card rows with any non-zero count: (match, side, card) -> drawn, played, opening, gained."""
    counts = result.card_counts  # [B, P, n_cards, 3 or 4] by seat
    names = game.card_names(ruleset)
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

    def const(value: str) -> pa.Array:
        return _constant(value, n)

    return pa.table(
        {
            "run_id": const(run_id),
            "ruleset_id": const(ruleset.ruleset_id),
            "matchup_id": const(matchup.matchup_id),
            "pair_index": pa.array(seeds.pair_index.astype(np.int64)[match_index]),
            "swap": pa.array(swap),
            "side": _names(SIDE_NAMES, side_index),
            "faction": _names(matchup.sides, np.minimum(side_index, len(matchup.sides) - 1)),
            "card": _names(names, card),
            "drawn": pa.array(counts[match_index, seat, card, 0].astype(np.int16)),
            "played": pa.array(counts[match_index, seat, card, 1].astype(np.int16)),
            "opening": pa.array(counts[match_index, seat, card, 2].astype(np.int16)),
            "gained": pa.array(
                counts[match_index, seat, card, 3].astype(np.int16) if counts.shape[3] > 3 else np.zeros(n, np.int16)
            ),
            "won": pa.array(won),
        }
    )
