"""The results lake (DESIGN.md §7, docs/lake-schema.md): Parquet parts, written atomically.

Each task writes its rows to a temporary name in the final folder, then renames it: a reader (or
a resumed sweep) never sees half a file. The ``matches`` part is written last, so it marks the task
as done once proven whole (a readable footer recording the task's number of rows, see
``done_task_ids``); a rerun skips those tasks and plays again any whose part is broken.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from sim.core.errors import UserError
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock
from sim.core.seating import SIDE_NAMES, Seating, side_policy_label

EDITION = "edition"  # what the config, sim.load, the report views and the reports call a rule edition


@dataclass(frozen=True)
class LakeFormat:
    """How a lake names an edition on disk: the stored column and the hive folder key. Every reader
    and writer of parts goes through these names, so a lake of either format reads as `edition`."""

    number: int  # the manifest's `lake_format`
    column: str  # the column of every table (matches, cards, seats) holding the edition's name
    key: str  # the partition folder: <table>/game=<game>/<key>=<edition>/part-<task>.parquet

    def part_path(self, experiment: Path, table: str, game: str, edition: str, task_id: str) -> Path:
        return experiment / table / f"game={game}" / f"{self.key}={edition}" / f"part-{task_id}.parquet"

    def parts(self, experiment: Path, table: str = "*", name: str = "part-*.parquet") -> list[Path]:
        """The files of ``table`` (every table: "*") named like ``name``, in a stable order."""
        return sorted(experiment.glob(f"{table}/game=*/{self.key}=*/{name}"))


# Format 1: every lake written before the manifest named its format (the engine's word `ruleset_id`);
# format 2 stores the word the rest of the project uses. Old lakes are read as they are, never rewritten.
FORMATS = {1: LakeFormat(1, "ruleset_id", "ruleset"), 2: LakeFormat(2, EDITION, EDITION)}
CURRENT = FORMATS[2]


def format_of(manifest: Mapping, path: Path) -> LakeFormat:
    """The lake format a manifest records (none: format 1); an unknown one is a one-line UserError."""
    number = manifest.get("lake_format", 1)
    if not isinstance(number, int) or isinstance(number, bool) or number not in FORMATS:
        known = " or ".join(str(n) for n in FORMATS)
        raise UserError(f"must be {known}, got {number!r:.40} (a lake format this version of sim cannot read)",
                        file=str(path), entry="lake_format")
    return FORMATS[number]


def lake_format(experiment: Path) -> LakeFormat:
    """The format of the lake in ``experiment``, from its manifest. Without a manifest the lake is new
    (the current format) unless it already holds parts of format 1 (its manifest was lost)."""
    from sim.core.experiment import read_manifest_file  # the config stack: kept out of a worker's imports

    path = experiment / "manifest.json"
    if not path.exists():
        return FORMATS[1] if FORMATS[1].parts(experiment) else CURRENT
    return format_of(read_manifest_file(path), path)


def write_atomic(table: pa.Table, path: Path) -> None:
    """Write `table` to `path` under a temporary name, then rename it.

    String columns come either as dictionary arrays (a value repeated down the part: the writer keeps
    their dictionary instead of hashing every row) or as plain strings unique to each row (seed_key:
    no dictionary is tried). Min/max statistics are kept for the numeric columns only. Without the
    Arrow schema stored in the file, readers see every string column as a plain string.

    A write the system refuses (disk full, file-size limit, read-only folder) is a UserError; the
    temporary file is removed, so no partial part is ever left."""
    plain_strings = {f.name for f in table.schema if pa.types.is_string(f.type)}
    numeric = [f.name for f in table.schema if f.name not in plain_strings and not pa.types.is_dictionary(f.type)]
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        pq.write_table(
            table,
            tmp,
            compression="zstd",
            use_dictionary=[name for name in table.column_names if name not in plain_strings],
            write_statistics=numeric,
            store_schema=False,
        )
        os.replace(tmp, path)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        raise write_error(error, path) from None


def write_text_atomic(text: str, path: Path) -> None:
    """``path`` holds ``text`` whole or keeps what it held: written beside it, then renamed over it."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text)
        os.replace(tmp, path)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        raise write_error(error, path) from None


def write_json_atomic(data: dict, path: Path) -> None:
    write_text_atomic(json.dumps(data, indent=2, sort_keys=True, default=str) + "\n", path)


WRITE_HINTS = {
    errno.ENOSPC: "free some disk space",
    errno.EDQUOT: "free some of your disk quota",
    errno.EFBIG: "raise the file-size limit (ulimit -f) or lower runner.chunk_pairs",
}


def write_error(error: OSError, path: Path) -> UserError:
    """One line for a write the system refused: what happened, and how to finish the run."""
    code = getattr(error, "errno", None)
    reason = os.strerror(code) if code else str(error).splitlines()[0]
    hint = WRITE_HINTS.get(code, "check the folder")
    return UserError(
        f"cannot write ({reason}): {hint}, then rerun the same command; finished parts are kept", file=str(path)
    )


def remove_stale_temporaries(experiment: Path, fmt: LakeFormat) -> int:
    """Temporary files left by killed workers and writers (one writer per experiment at a time)."""
    stale = fmt.parts(experiment, name=".part-*.tmp") + list(experiment.glob(".manifest.json.*.tmp"))
    for path in stale:
        path.unlink(missing_ok=True)
    return len(stale)


def _task_id(part: Path) -> str:
    return part.name[len("part-") : -len(".parquet")]


def part_problem(path: Path, rows: int | None = None) -> str | None:
    """Why the part at ``path`` is not a whole result part (None: it is). Its footer must be readable
    (a truncated or empty file has none) and, when ``rows`` is given, record that many rows."""
    try:
        found = pq.read_metadata(path).num_rows
    except (OSError, pa.ArrowException) as error:
        return f"unreadable ({str(error).splitlines()[0].split('. ')[0].rstrip('.')})"
    if rows is not None and found != rows:
        return f"holds {found} rows, its task plays {rows}"
    return None


def done_task_ids(
    experiment: Path,
    fmt: LakeFormat,
    expected_rows: Mapping[str, int] | None = None,
    other_tables: Mapping[str, tuple[str, ...]] | None = None,
) -> tuple[set[str], list[str]]:
    """Tasks whose parts are proven whole, and one line per part found broken.

    A task of ``expected_rows`` (task id -> match rows its part must hold) counts as done only when
    its matches part has a readable footer with exactly that many rows and the parts of its
    ``other_tables`` (task id -> e.g. ("cards",)) have readable footers. The parts of a broken task
    are deleted, so it is played again. Parts of tasks not in ``expected_rows`` are returned
    unchecked (the caller decides what they mean)."""
    root = experiment / "matches"
    if not root.exists():
        return set(), []
    done, repaired = set(), []
    expected_rows = expected_rows or {}
    for part in fmt.parts(experiment, "matches"):
        task_id = _task_id(part)
        if task_id not in expected_rows:
            done.add(task_id)
            continue
        broken = [(part, part_problem(part, expected_rows[task_id]))]
        for table in (other_tables or {}).get(task_id, ()):
            other = experiment / table / part.relative_to(root)
            broken.append((other, part_problem(other) if other.exists() else "missing"))
        broken = [(path, problem) for path, problem in broken if problem]
        if not broken:
            done.add(task_id)
            continue
        for path, _ in broken:
            path.unlink(missing_ok=True)
        part.unlink(missing_ok=True)
        path, problem = broken[0]
        repaired.append(f"repaired: {path}: {problem}; its task is played again")
    return done, repaired


def check_parts_readable(experiment: Path) -> None:
    """A reader's check (report, replay): every part of the lake, matches or cards, has a readable
    footer; the first that has not is a one-line UserError saying how the lake is repaired."""
    for path in lake_format(experiment).parts(experiment):
        problem = part_problem(path)
        if problem:
            raise UserError(f"result part {problem}: rerun the experiment's sweep to play its task again", file=str(path))


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
    fmt: LakeFormat = CURRENT,
) -> pa.Table:
    """One row per match. Two-side columns (side_a, score_b, <extra>_a, ...) are by side whatever
    the seat order; a side of several seats sums their scores and lists their per-seat values."""
    n = len(seeds)
    seating = matchup.seating
    swap = seeds.swap.astype(np.int8)
    winner = result.winner.astype(np.int8)

    def const(value: str) -> pa.Array:
        return _constant(value, n)

    if seating.cooperative:
        winner_side = _names(["team", "game"], np.where(winner == 0, 0, 1))
        a_won = (winner == 0).astype(np.float64)
        first_player_won = pa.nulls(n, pa.float64())
        first_side = const(SIDE_NAMES[0])
        score = result.score
        score_a, score_b = score[:, 0], score[:, 1] if score.shape[1] > 1 else np.zeros(n, np.int32)
    else:
        side = seating.winning_side(swap, winner)
        draw = winner < 0
        winner_side = _names(list(SIDE_NAMES) + ["draw"], np.where(draw, len(SIDE_NAMES), side))
        a_won = np.where(draw, 0.5, (side == 0).astype(np.float64))
        first_player_won = _column(np.where(draw, 0.5, (winner == 0).astype(np.float64)))
        first_side = _names(SIDE_NAMES, seating.first_side(swap))
        side_scores = _by_side(seating, swap, result.score).sum(axis=2)
        score_a, score_b = side_scores[:, 0], side_scores[:, 1]

    pair_index = seeds.pair_index.astype(np.int64)
    columns: dict[str, pa.Array] = {
        "run_id": const(run_id),
        "engine_version": const(game.engine_version),
        fmt.column: const(ruleset.ruleset_id),
        "ruleset_hash": const(ruleset.ruleset_hash),
        "config_hash": const(config_hash),
        "matchup_id": const(matchup.matchup_id),
        "side_a": const(matchup.sides[0]),
        "side_b": const(matchup.sides[1] if len(matchup.sides) > 1 else ""),
        "policy_a": const(side_policy_label(policies, seating, 0)),
        "policy_b": const(side_policy_label(policies, seating, 1) if seating.sides > 1 else ""),
        "root_seed": _column(np.full(n, seeds.root_seed, np.int64)),
        "pair_index": _column(pair_index),
        "swap": _column(swap),
        "seed_key": _seed_keys(f"{seeds.root_seed}/{matchup.matchup_id}/", pair_index, swap),
        "first_side": first_side,
        "winner_seat": _column(winner),
        "winner_side": winner_side,
        "first_player_won": first_player_won,
        "a_won": _column(a_won),
        "end_reason": _names(game.end_reasons, result.end_reason),
        "turns": _column(result.turns.astype(np.int16)),
        "rounds": _column(result.rounds.astype(np.int16)),
        "score_a": _column(np.asarray(score_a, np.int32)),
        "score_b": _column(np.asarray(score_b, np.int32)),
        "error": _names(game.error_codes, result.error),
    }
    categories = game.extra_categories(ruleset)
    for name, kind in game.extra_columns().items():
        values = result.extra[name]
        if kind == "per_seat" and not seating.cooperative:
            by_side = _by_side(seating, swap, values)
            for side_index, suffix in enumerate(("a", "b")):
                if seating.seats_per_side == 1:
                    columns[f"{name}_{suffix}"] = _extra_array(by_side[:, side_index, 0], categories.get(name))
                else:
                    columns[f"{name}_{suffix}"] = _lists(np.ascontiguousarray(by_side[:, side_index]))
        elif kind == "per_seat" or kind == "list":  # cooperative per_seat: the team's seats, as a list
            columns[name] = _lists(values)
        else:
            columns[name] = _extra_array(values, categories.get(name))
    return pa.Table.from_arrays(list(columns.values()), names=list(columns))


def _by_side(seating: Seating, swap: np.ndarray, per_seat: np.ndarray) -> np.ndarray:
    """Per-seat values [B, seats] -> [B, sides, seats_per_side] (each side's seats in slot order)."""
    return seating.by_slot(swap, per_seat).reshape(per_seat.shape[0], seating.sides, seating.seats_per_side)


def wants_seat_rows(matchup: Matchup) -> bool:
    """The seats table is written where a match row cannot hold each seat by itself: a side of
    several seats (a team, a cooperative party)."""
    return matchup.seating.seats_per_side > 1


def seat_table(
    game: Game,
    ruleset: Ruleset,
    matchup: Matchup,
    policies: tuple[Policy, ...],
    seeds: SeedBlock,
    result: BatchResult,
    *,
    run_id: str,
    fmt: LakeFormat = CURRENT,
) -> pa.Table:
    """One row per (match, seat): who sat there (slot, side, member, deck, bot), whether its side
    won, its score (competitive games) and the game's per-seat columns."""
    seating = matchup.seating
    n, seats = len(seeds), seating.seats
    swap = seeds.swap.astype(np.int8)
    match = np.repeat(np.arange(n), seats)
    seat = np.tile(np.arange(seats), n)
    slot = seating.slot_table()[swap[match], seat]
    side = slot // seating.seats_per_side
    winner = result.winner.astype(np.int64)[match]
    if seating.cooperative:
        won = (winner == 0).astype(np.float64)
    else:
        winning = seating.winning_side(swap[match], winner)
        won = np.where(winner < 0, 0.5, (winning == side).astype(np.float64))
    pair_index = seeds.pair_index.astype(np.int64)
    columns: dict[str, pa.Array] = {
        "run_id": _constant(run_id, n * seats),
        fmt.column: _constant(ruleset.ruleset_id, n * seats),
        "matchup_id": _constant(matchup.matchup_id, n * seats),
        "pair_index": _column(pair_index[match]),
        "swap": _column(swap[match]),
        "seat": _column(seat.astype(np.int8)),
        "slot": _column(slot.astype(np.int8)),
        "side": _names([seating.side_label(s) for s in range(seating.sides)], side),
        "member": _column((slot % seating.seats_per_side).astype(np.int8)),
        "deck": _names([matchup.slot_label(s) for s in range(seats)], slot),
        "policy": _names([p.name for p in policies], slot),
        "won": _column(won),
    }
    if not seating.cooperative:
        columns["score"] = _column(result.score.reshape(-1).astype(np.int32))
    categories = game.extra_categories(ruleset)
    for name, kind in game.extra_columns().items():
        if kind == "per_seat":
            columns[name] = _extra_array(np.ascontiguousarray(result.extra[name]).reshape(-1), categories.get(name))
    return pa.Table.from_arrays(list(columns.values()), names=list(columns))


def _names(names, codes: np.ndarray) -> pa.Array:
    """Integer codes -> their names, as a dictionary array (code -1 -> empty string)."""
    codes = np.asarray(codes)
    return pa.DictionaryArray.from_arrays(
        _column(np.where(codes < 0, len(names), codes).astype(np.int32)), _strings(list(names) + [""])
    )


def _constant(value: str, n: int) -> pa.Array:
    return pa.DictionaryArray.from_arrays(_column(np.zeros(n, np.int32)), _strings([value]))


def _extra_array(values: np.ndarray, names: list[str] | None) -> pa.Array:
    return _column(values) if names is None else _names(names, values)


# Columns are assembled from their buffers: pa.array(), pa.table() and pyarrow.compute import pandas
# on first use, which is 0.3 s of every worker's start.
def _column(values: np.ndarray) -> pa.Array:
    """A numeric numpy array as an Arrow array without nulls."""
    values = np.ascontiguousarray(values)
    if values.dtype == np.bool_:
        return pa.Array.from_buffers(pa.bool_(), len(values), [None, pa.py_buffer(np.packbits(values, bitorder="little"))])
    return pa.Array.from_buffers(pa.from_numpy_dtype(values.dtype), len(values), [None, pa.py_buffer(values)])


def _strings(values: list[str]) -> pa.Array:
    encoded = [value.encode() for value in values]
    offsets = np.zeros(len(encoded) + 1, np.int32)
    offsets[1:] = np.cumsum([len(b) for b in encoded])
    return pa.Array.from_buffers(pa.string(), len(encoded), [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded))])


def _seed_keys(prefix: str, pair_index: np.ndarray, swap: np.ndarray) -> pa.Array:
    """f"{prefix}{pair}/{swap}" for every row, assembled in numpy (an int-to-string cast per element
    costs ten times more): each row's bytes are laid out in a zero-padded matrix, and the non-zero
    bytes, row after row, are the string data."""
    n = len(pair_index)
    head = np.frombuffer(prefix.encode(), np.uint8)
    pair = pair_index.astype(np.int64)
    lengths = np.ones(n, np.int64)  # decimal digits of each pair index (indices are >= 0)
    power = 10
    while power <= pair.max(initial=0):
        lengths += pair >= power
        power *= 10
    width = int(lengths.max(initial=1))
    places = lengths[:, None] - 1 - np.arange(width)[None, :]  # power of ten of each digit column
    digits = (pair[:, None] // 10 ** np.maximum(places, 0)) % 10
    rows = np.zeros((n, len(head) + width + 2), np.uint8)
    rows[:, : len(head)] = head
    rows[:, len(head) : len(head) + width] = np.where(places >= 0, ord("0") + digits, 0)
    every = np.arange(n)
    rows[every, len(head) + lengths] = ord("/")
    rows[every, len(head) + lengths + 1] = ord("0") + swap.astype(np.uint8)
    offsets = np.zeros(n + 1, np.int32)
    offsets[1:] = np.cumsum(len(head) + lengths + 2)
    return pa.Array.from_buffers(pa.string(), n, [None, pa.py_buffer(offsets), pa.py_buffer(rows[rows != 0])])


def _lists(values: np.ndarray) -> pa.Array:
    """Rows of a 2-D array as Arrow lists."""
    n, width = values.shape
    offsets = _column(np.arange(0, n * width + 1, width, dtype=np.int32))
    return pa.ListArray.from_arrays(offsets, _column(values.reshape(-1)))


def card_table(
    game: Game,
    ruleset: Ruleset,
    matchup: Matchup,
    seeds: SeedBlock,
    result: BatchResult,
    *,
    run_id: str,
    fmt: LakeFormat = CURRENT,
) -> pa.Table:
    """Per-card rows with any non-zero count: (match, side, card) -> drawn, played, opening, gained."""
    counts = result.card_counts  # [B, P, n_cards, 3 or 4] by seat
    names = game.card_names(ruleset)
    match_index, seat, card = np.nonzero(counts.sum(axis=3))
    seating = matchup.seating
    swap = seeds.swap.astype(np.int8)[match_index]
    side_index = seating.side_table()[swap, seat]
    winner = result.winner.astype(np.int64)[match_index]
    if seating.cooperative:
        won = (winner == 0).astype(np.float64)
    else:
        won = np.where(winner < 0, 0.5, (seating.winning_side(swap, winner) == side_index).astype(np.float64))
    n = len(match_index)

    def const(value: str) -> pa.Array:
        return _constant(value, n)

    gained = counts[match_index, seat, card, 3] if counts.shape[3] > 3 else np.zeros(n, np.int16)
    columns = {
        "run_id": const(run_id),
        fmt.column: const(ruleset.ruleset_id),
        "matchup_id": const(matchup.matchup_id),
        "pair_index": _column(seeds.pair_index.astype(np.int64)[match_index]),
        "swap": _column(swap),
        "side": _names(SIDE_NAMES, side_index),
        "faction": _names(matchup.sides, np.minimum(side_index, len(matchup.sides) - 1)),
        "card": _names(names, card),
        "drawn": _column(counts[match_index, seat, card, 0].astype(np.int16)),
        "played": _column(counts[match_index, seat, card, 1].astype(np.int16)),
        "opening": _column(counts[match_index, seat, card, 2].astype(np.int16)),
        "gained": _column(gained.astype(np.int16)),
        "won": _column(won),
    }
    return pa.Table.from_arrays(list(columns.values()), names=list(columns))
