"""The game-module contract (DESIGN.md §6). Every package under ``sim/games/<game>/`` fills it.

Python side (this class): metadata, loading and validating designer data (card library, decks,
editions, bot weights) into compiled numpy tables, and decoding a match into a readable log.
numba side (inside the game package): a batch kernel that plays B matches from seed keys.

Seats, sides and slots (`sim/core/seating.py` owns the mapping). A matchup has one or two *sides*
(a team against the game, or two opponents), each of one or more *seats*; every player of the
matchup is a *deck slot* with its own deck, bot and random streams. A deal is played in every seat
order of the sides (two sides: both orders, the lake's ``swap``; seat 0 moves first), a balanced
version of "randomly choose the starting player". Cooperative matchups have one order; arms of a
study pair on the same deal instead.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim.core.seating import Seating


def content_hash(obj: Any) -> str:
    """Short, stable hash of JSON-able content (dict keys sorted)."""
    blob = json.dumps(obj, sort_keys=True, separators=(",", ":"), default=_json_default)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def _json_default(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.floating,)):
        return float(value)
    raise TypeError(f"not JSON-able: {type(value).__name__}")


@dataclass(frozen=True)
class Ruleset:
    """A resolved rule edition plus card library, compiled for the kernel."""

    game: str
    ruleset_id: str  # e.g. "0.36" or "0.36+no-opening"
    ruleset_hash: str  # hash of the resolved data (rules + cards), not of the file text
    tables: Any  # game-specific compiled arrays (passed to the kernel as arguments)
    description: str = ""
    assumed: tuple[str, ...] = ()  # names of facts that rest on assumed data
    resolved: dict = field(default_factory=dict)  # the resolved edition (rules, errata) by name, for diffs


@dataclass(frozen=True)
class Matchup:
    """Who plays whom. ``sides`` are human-readable labels, one per side (team or opponent); the
    seats are shared evenly among the sides (``players // len(sides)`` each)."""

    game: str
    matchup_id: str  # stable; part of every seed key, so never derived from list positions
    sides: tuple[str, ...]
    players: int  # number of seats in one match
    payload: Any  # game-specific compiled decks
    matchup_hash: str = ""
    cooperative: bool = False
    slot_labels: tuple[str, ...] = ()  # a label per deck slot (e.g. each mage); default: its side's

    def __post_init__(self) -> None:
        if self.cooperative != (len(self.sides) == 1) or self.players % len(self.sides):
            raise ValueError(f"{self.matchup_id}: {len(self.sides)} side(s), {self.players} seats, cooperative={self.cooperative}")
        if self.slot_labels and len(self.slot_labels) != self.players:
            raise ValueError(f"{self.matchup_id}: {len(self.slot_labels)} slot labels for {self.players} seats")

    @property
    def seating(self) -> Seating:
        return Seating(len(self.sides), self.players // len(self.sides))

    def slot_label(self, slot: int) -> str:
        if self.slot_labels:
            return self.slot_labels[slot]
        return self.sides[slot // self.seating.seats_per_side]


@dataclass(frozen=True)
class Policy:
    """A bot: a kernel-side policy id plus its numeric parameters (weights are data)."""

    name: str
    policy_id: int
    params: np.ndarray  # float64 vector
    policy_hash: str = ""


@dataclass(frozen=True)
class SeedBlock:
    """The seed keys of a block of matches: all share (root seed, matchup); each row is one match."""

    root_seed: int
    matchup_key: int
    pair_index: np.ndarray  # int64[B]
    swap: np.ndarray  # uint8[B]: the seat order each match plays (two sides: 0 side A first, 1 side B first)

    def __len__(self) -> int:
        return int(self.pair_index.shape[0])


@dataclass
class BatchResult:
    """Result columns of B matches, indexed by SEAT (seat 0 moves first).

    Generic columns every game fills:
      winner      int8[B]    the winning side's position in the seat order (0: the side that moved
                             first, i.e. seat 0's; with one seat per side, the winning seat); -1 draw.
                             Cooperative: 0 team won, 1 the game won.
      end_reason  int8[B]    index into ``Game.end_reasons``
      turns       int16[B]   player turns taken in total
      rounds      int16[B]   rounds started
      score       int32[B,P] final score per seat (Renown, ...); a side's score is the sum of its
                             seats'. Cooperative games: team scores (columns score_a, score_b)
      error       int8[B]    0 ok; index into ``Game.error_codes`` (illegal action, invariant, ...)
    ``extra`` holds game-specific columns: name -> array [B] or [B, P] (per seat).
    ``card_counts`` optionally int16[B, P, n_cards, 3 or 4]: (drawn, played, in opening hand[, gained]);
    the fourth column is for games whose cards are gained during play (deck-builders).
    """

    winner: np.ndarray
    end_reason: np.ndarray
    turns: np.ndarray
    rounds: np.ndarray
    score: np.ndarray
    error: np.ndarray
    extra: dict[str, np.ndarray] = field(default_factory=dict)
    card_counts: np.ndarray | None = None


def result_line(game: Game, result: BatchResult, row: int = 0) -> str:
    """The last line of every replay log: the match's result as its batch row has it, so the
    conformance suite checks that a replay and the batch agree."""
    scores = "-".join(str(int(v)) for v in result.score[row])
    return (
        f"result: winner {int(result.winner[row])}, end {game.end_reasons[int(result.end_reason[row])]}, "
        f"turns {int(result.turns[row])}, rounds {int(result.rounds[row])}, scores {scores}, "
        f"error {game.error_codes[int(result.error[row])]}"
    )


class Game(ABC):
    """One game. Subclasses live in ``sim/games/<name>/`` and are registered by module attribute
    ``GAME`` in the package ``__init__``."""

    name: str
    title: str
    engine_version: str  # bump whenever kernel behaviour changes
    player_counts: tuple[int, ...]
    cooperative: bool = False
    end_reasons: tuple[str, ...]
    error_codes: tuple[str, ...] = ("ok",)
    # names of the "/"-separated parts of a side's label (sim.load splits them into columns)
    side_fields: tuple[str, ...] = ()

    # ---- designer data -------------------------------------------------------------------
    @abstractmethod
    def editions(self) -> list[str]:
        """Names of rule editions (and named rule presets) available."""

    @abstractmethod
    def default_edition(self) -> str: ...

    @abstractmethod
    def load_ruleset(self, edition: str) -> Ruleset:
        """Resolve an edition (deltas over its base) and validate it; raise UserError on bad data."""

    @abstractmethod
    def matchup_sets(self) -> list[str]:
        """Names of predefined matchup sets (e.g. 'all_factions')."""

    @abstractmethod
    def load_matchups(self, ruleset: Ruleset, spec: str | list[str]) -> list[Matchup]:
        """A named set, or explicit entries (game-specific syntax, e.g. 'hearthbound/brindle vs
        ironmaw/skara' or a deck file path). Raise UserError naming the entry when invalid."""

    @abstractmethod
    def policy_names(self) -> list[str]: ...

    @abstractmethod
    def load_policy(self, name: str) -> Policy: ...

    # ---- kernel --------------------------------------------------------------------------
    @abstractmethod
    def play_batch(
        self,
        ruleset: Ruleset,
        matchup: Matchup,
        policies: tuple[Policy, ...],  # one per deck slot (seating.seats_for)
        seeds: SeedBlock,
        *,
        debug: bool = False,
        card_counts: bool = False,
    ) -> BatchResult:
        """Play len(seeds) matches. Pure: the same arguments give the same result."""

    def kernel_set(self, policies: tuple[Policy, ...]) -> str:
        """The set of kernels a batch with these policies is played by: "" (the game's kernels) unless
        the game compiles some bots apart, e.g. "search" for search bots whose code would otherwise
        be compiled into every process that plays the game."""
        return ""

    def warm_up(self, kernel_set: str = "") -> None:  # noqa: B027 - optional hook; games without numba need nothing
        """Compile (or load from cache) the kernels of `kernel_set` (see kernel_set) once, before
        fanning out to workers."""

    # ---- decoding ------------------------------------------------------------------------
    @abstractmethod
    def extra_columns(self) -> dict[str, str]:
        """Game-specific result columns: name -> kind. Kinds: 'per_match' (array [B]),
        'per_seat' (array [B, P]: written as <name>_a / <name>_b by side, lists of the side's seats
        when a side has several, a list for a cooperative team, and one value per row of the seats
        table), 'list' (array [B, K], a Parquet list column, e.g. Gravehold life each round)."""

    def extra_categories(self, ruleset: Ruleset) -> dict[str, list[str]]:
        """Names for integer-coded extra columns (code i -> names[i]); the lake stores the names."""
        return {}

    def card_names(self, ruleset: Ruleset) -> list[str]:
        """Card identity names for per-card rows (index = card id in ``card_counts``)."""
        return []

    @abstractmethod
    def replay(
        self, ruleset: Ruleset, matchup: Matchup, policies: tuple[Policy, ...], seeds: SeedBlock
    ) -> list[str]:
        """Replay the single match in ``seeds`` and return its event log, one line per event
        (every action, every die roll and shuffle outcome that matters), ending with `result_line`."""
