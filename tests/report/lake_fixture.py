"""Small result lakes with hand-known numbers (see the comments for the hand counts)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

MATCH_SCHEMA = {
    "run_id": pl.String,
    "engine_version": pl.String,
    "edition": pl.String,
    "ruleset_hash": pl.String,
    "config_hash": pl.String,
    "matchup_id": pl.String,
    "side_a": pl.String,
    "side_b": pl.String,
    "policy_a": pl.String,
    "policy_b": pl.String,
    "root_seed": pl.Int64,
    "pair_index": pl.Int64,
    "swap": pl.Int8,
    "seed_key": pl.String,
    "first_side": pl.String,
    "winner_seat": pl.Int8,
    "winner_side": pl.String,
    "first_player_won": pl.Float64,
    "a_won": pl.Float64,
    "end_reason": pl.String,
    "turns": pl.Int16,
    "rounds": pl.Int16,
    "score_a": pl.Int32,
    "score_b": pl.Int32,
    "error": pl.String,
}

MATCHUPS = {"m1": ("red", "blue"), "m2": ("blue", "green"), "m3": ("green", "red")}

# (matchup, pair, swap, a_won, turns, end_reason, error) per arm. swap 0: A moves first.
# Arm r1 first-player results: m1 1,1,1,0 (3 of 4); m2 0,.5,1,1 (2.5); m3 1,0,0,1 (2);
# m1 pair 2: swap 0 is an engine error, swap 1 A won with B first (fp 0) -> 13 valid matches,
# 7.5 first-player wins, one incomplete pair. Arm r2: m1 first player always wins (4 of 4),
# m2 and m3 as r1 -> 12 matches, 8.5 first-player wins.
COMMON = [
    ("m2", 0, 0, 0.0, 10, "renown", "ok"),
    ("m2", 0, 1, 0.5, 30, "draw", "ok"),
    ("m2", 1, 0, 1.0, 12, "renown", "ok"),
    ("m2", 1, 1, 0.0, 12, "renown", "ok"),
    ("m3", 0, 0, 1.0, 14, "renown", "ok"),
    ("m3", 0, 1, 1.0, 14, "round_limit", "ok"),
    ("m3", 1, 0, 0.0, 16, "renown", "ok"),
    ("m3", 1, 1, 0.0, 16, "renown", "ok"),
]
ARMS = {
    "r1": [
        ("m1", 0, 0, 1.0, 10, "renown", "ok"),
        ("m1", 0, 1, 0.0, 10, "renown", "ok"),
        ("m1", 1, 0, 1.0, 12, "renown", "ok"),
        ("m1", 1, 1, 1.0, 12, "round_limit", "ok"),
        ("m1", 2, 0, 0.0, 200, "turn_cap", "turn_cap"),
        ("m1", 2, 1, 1.0, 14, "renown", "ok"),
    ]
    + COMMON,
    "r2": [
        ("m1", 0, 0, 1.0, 10, "renown", "ok"),
        ("m1", 0, 1, 0.0, 10, "renown", "ok"),
        ("m1", 1, 0, 1.0, 12, "renown", "ok"),
        ("m1", 1, 1, 0.0, 12, "renown", "ok"),
    ]
    + COMMON,
}

# Per-card rows of arm r1 (side, matchup, pair, swap, faction, card, drawn, played, opening).
# Red's valid side-games in r1: m1 as A (5 games, 4 won), m3 as B (4 games, 2 won) -> 9 games,
# 6 wins. "spark" drawn in 3 of them (3 won), played in 1 (won), in the opening hand in 1 (won).
# The row on the error match (m1 pair 2 swap 0) must be ignored.
CARD_ROWS = [
    ("A", "m1", 0, 0, "red", "spark", 1, 1, 0),
    ("A", "m1", 1, 1, "red", "spark", 2, 0, 0),
    ("B", "m3", 1, 0, "red", "spark", 1, 0, 1),
    ("A", "m1", 2, 0, "red", "spark", 1, 1, 1),
    ("B", "m1", 0, 0, "blue", "tide", 1, 0, 0),
    ("A", "m1", 0, 1, "red", "ember", 1, 1, 1),
]

MANIFEST = {
    "name": "toy-study",
    "run_id": "toy-study-abc123",
    "config": {"game": "toy", "pairs": 2, "report": {"kind": ["opening"]}},
    "config_hash": "abc123",
    "git_sha": "0123456789abcdef",
    "packages": {"numpy": "2.0.0", "polars": "1.0.0"},
    "engine_versions": {"toy": "1.2.0"},
    "rulesets": {"r1": "hash-r1", "r2": "hash-r2"},
    "timings": {"run": 1.5, "total": 2.0},
    "matches": 26,
    "created": "2026-01-01T00:00:00Z",
    "lake_format": 2,
}


def _match_row(
    arm: str, matchup: str, pair: int, swap: int, a_won: float, turns: int, end_reason: str, error: str
):
    side_a, side_b = MATCHUPS[matchup]
    first_side = "A" if swap == 0 else "B"
    first_player_won = a_won if swap == 0 else 1.0 - a_won
    winner_side = "draw" if a_won == 0.5 else ("A" if a_won == 1.0 else "B")
    seat_of = {"A": swap, "B": 1 - swap}
    return {
        "run_id": MANIFEST["run_id"],
        "engine_version": "1.2.0",
        "edition": arm,
        "ruleset_hash": f"hash-{arm}",
        "config_hash": "abc123",
        "matchup_id": matchup,
        "side_a": side_a,
        "side_b": side_b,
        "policy_a": "greedy",
        "policy_b": "greedy",
        "root_seed": 7,
        "pair_index": pair,
        "swap": swap,
        "seed_key": f"7/{matchup}/{pair}/{swap}",
        "first_side": first_side,
        "winner_seat": -1 if winner_side == "draw" else seat_of[winner_side],
        "winner_side": winner_side,
        "first_player_won": first_player_won,
        "a_won": a_won,
        "end_reason": end_reason,
        "turns": turns,
        "rounds": (turns + 1) // 2,
        "score_a": 0,
        "score_b": 0,
        "error": error,
    }


def write_lake(root: Path, with_cards: bool = True) -> Path:
    """Write the two-arm toy lake (two part files per arm) and its manifest under ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    for arm, rows in ARMS.items():
        frame = pl.DataFrame([_match_row(arm, *row) for row in rows], schema=MATCH_SCHEMA)
        folder = root / "matches" / "game=toy" / f"edition={arm}"
        folder.mkdir(parents=True, exist_ok=True)
        half = frame.height // 2
        frame.head(half).write_parquet(folder / "part-0.parquet", compression="zstd")
        frame.tail(frame.height - half).write_parquet(folder / "part-1.parquet", compression="zstd")
    if with_cards:
        cards = pl.DataFrame(
            [
                {
                    "run_id": MANIFEST["run_id"],
                    "edition": "r1",
                    "matchup_id": matchup,
                    "pair_index": pair,
                    "swap": swap,
                    "side": side,
                    "faction": faction,
                    "card": card,
                    "drawn": drawn,
                    "played": played,
                    "opening": opening,
                    "won": 0.0,  # deliberately wrong: the report takes the result from the matches
                }
                for side, matchup, pair, swap, faction, card, drawn, played, opening in CARD_ROWS
            ],
            schema={
                "run_id": pl.String,
                "edition": pl.String,
                "matchup_id": pl.String,
                "pair_index": pl.Int64,
                "swap": pl.Int8,
                "side": pl.String,
                "faction": pl.String,
                "card": pl.String,
                "drawn": pl.Int16,
                "played": pl.Int16,
                "opening": pl.Int16,
                "won": pl.Float64,
            },
        )
        folder = root / "cards" / "game=toy" / "edition=r1"
        folder.mkdir(parents=True, exist_ok=True)
        cards.write_parquet(folder / "part-0.parquet", compression="zstd")
    (root / "manifest.json").write_text(json.dumps(MANIFEST, indent=2), encoding="utf-8")
    return root


# Cooperative lake: five deals of one matchup. Rounds 2, 3, 3, 5, 6; lost, lost, won, lost, won.
# Kaplan–Meier by hand: S(2) = 4/5 = 0.8, S(3) = 0.8 * 3/4 = 0.6, S(5) = 0.6 * 1/2 = 0.3.
# "life" per round, share above zero (last value carried): 1, .8, .6, .6, .4, .4.
COOP_ROWS = [
    (0, 2, 0.0, "gravehold_destroyed", [5, 0]),
    (1, 3, 0.0, "gravehold_destroyed", [6, 3, 0]),
    (2, 3, 1.0, "nemesis_defeated", [8, 6, 4]),
    (3, 5, 0.0, "gravehold_destroyed", [9, 7, 5, 2, 0]),
    (4, 6, 1.0, "nemesis_defeated", [9, 9, 9, 9, 9, 9]),
]


def write_coop_lake(root: Path, editions: dict[str, list[tuple]] | None = None) -> Path:
    """A cooperative lake: one deal a row of COOP_ROWS (or of each edition's rows, the same deals
    replayed under every edition)."""
    editions = editions or {"c1": COOP_ROWS}
    for edition, coop_rows in editions.items():
        rows = []
        for pair, rounds, a_won, end_reason, life in coop_rows:
            row = _match_row(edition, "m1", pair, 0, a_won, rounds * 2, end_reason, "ok")
            row.update(
                matchup_id="solo",
                side_a="team1",
                side_b="",
                policy_b="",
                first_side="A",
                winner_side="team" if a_won else "game",
                winner_seat=0 if a_won else 1,
                first_player_won=None,
                rounds=rounds,
                seed_key=f"7/solo/{pair}/0",
            )
            row["life"] = life
            row["deal_group"] = pair // 2  # groups {0, 1}, {2, 3}, {4} for the `variance` kind
            rows.append(row)
        frame = pl.DataFrame(rows, schema={**MATCH_SCHEMA, "life": pl.List(pl.Int32), "deal_group": pl.Int64})
        folder = root / "matches" / "game=coop" / f"edition={edition}"
        folder.mkdir(parents=True, exist_ok=True)
        frame.write_parquet(folder / "part-0.parquet", compression="zstd")
    manifest = {**MANIFEST, "name": root.name, "rulesets": {e: f"hash-{e}" for e in editions},
                "matches": sum(len(coop_rows) for coop_rows in editions.values())}
    (root / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    return root
