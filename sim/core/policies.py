"""Bot files, the same format for every game: ``decks/<game>/policies/<name>.yaml``.

    description: "banks every card"     # optional
    kind: gamble_rate                   # a bot kind of the game (its kernel-side policy id)
    weights:                            # exactly the weights that kind reads, each a finite number
      gamble_probability: 0.0

Weights are data: designers tune bots without code. Validated on load: an unknown kind, a missing,
unknown or non-numeric weight, or a value outside ±1e9 (NaN and inf included), or outside the range
the kind gives for it (a search budget, e.g. iterations from 1 to the tree's capacity), or a fraction where
the kind counts something (iterations, worlds, turns), is one
UserError naming the file and the entry.
"""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.core.data_files import read_yaml
from sim.core.errors import UserError
from sim.core.game import Policy, content_hash

WEIGHT_LIMIT = 1e9  # larger weights make the greedy choice meaningless in float64 sums


@dataclass(frozen=True)
class BotKind:
    policy_id: int  # what the kernel dispatches on
    weights: tuple[str, ...]  # the names of its weights, in the order of its float array
    limits: dict[str, tuple[float, float]] = field(default_factory=dict)  # inclusive ranges of some weights
    integers: tuple[str, ...] = ()  # weights that count something (iterations, worlds, turns): whole numbers


# The search bots' parameters after the greedy weights in a policy file, in the order of the float array,
# for the games whose playouts end at a turn boundary (Veilforge, Veilwalkers).
FLAT_SEARCH_PARAMS = (
    "candidates",  # the best actions by the greedy values that are played out
    "rollouts",  # worlds per candidate (the same worlds for every candidate)
    "horizon_turns",  # a playout ends when this many player turns have started after the decision's
)
ISMCTS_PARAMS = (
    "candidates",  # a node considers only this many actions, the best by the greedy values (the prior)
    "iterations",  # tree descents per decision, each in a world re-dealt from what the seat can see
    "horizon_turns",  # a playout ends when this many player turns have started after the decision's
    "exploration",  # UCB1's exploration constant (rewards in [0, 1])
    "worlds",  # re-dealt worlds per decision, used in turn by the iterations
)


def names(folder: Path) -> list[str]:
    return sorted(p.stem for p in (folder / "policies").glob("*.yaml"))


def load(folder: Path, name: str, kinds: dict[str, BotKind]) -> Policy:
    known = names(folder)
    if name not in known:
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise UserError(f"unknown policy '{name}'{hint} (known: {', '.join(known)})", entry="policies")
    path = folder / "policies" / f"{name}.yaml"
    file = str(path)
    doc = read_yaml(path)
    if not isinstance(doc, dict):
        raise UserError("a bot file is a mapping with kind and weights", file=file)
    for key in doc:
        if key not in ("description", "kind", "weights"):
            raise UserError(f"unknown key '{key}' (allowed: description, kind, weights)", file=file, entry=str(key))
    kind_name = doc.get("kind")
    if not isinstance(kind_name, str) or kind_name not in kinds:
        raise UserError(f"unknown bot kind '{kind_name}' (known: {', '.join(kinds)})", file=file, entry="kind")
    kind = kinds[kind_name]
    weights = doc.get("weights") or {}
    if not isinstance(weights, dict):
        raise UserError("weights must be a mapping of name: number", file=file, entry="weights")
    for key in weights:
        if key not in kind.weights:
            raise UserError(f"unknown weight '{key}' for kind {kind_name} (expected: {', '.join(kind.weights)})",
                            file=file, entry=f"weights.{key}")
    missing = [k for k in kind.weights if k not in weights]
    if missing:
        raise UserError(f"missing weight(s) {', '.join(missing)}", file=file, entry="weights")
    params = np.zeros(len(kind.weights), np.float64)
    for i, key in enumerate(kind.weights):
        value = weights[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or abs(value) > WEIGHT_LIMIT:
            raise UserError(f"must be a finite number within ±{WEIGHT_LIMIT:g}", file=file, entry=f"weights.{key}")
        if key in kind.integers and value != int(value):
            raise UserError(f"must be a whole number, got {value!r}", file=file, entry=f"weights.{key}")
        low, high = kind.limits.get(key, (-WEIGHT_LIMIT, WEIGHT_LIMIT))
        if not low <= value <= high:
            raise UserError(f"must be from {low:g} to {high:g}, got {value!r}", file=file, entry=f"weights.{key}")
        params[i] = float(value)
    return Policy(name, kind.policy_id, params, content_hash({"name": name, "kind": kind_name, "params": params}))


def weight_matrix(policies: tuple[Policy, ...]) -> tuple[np.ndarray, np.ndarray]:
    """(policy ids int64[slots], weights float64[slots, most weights]) for a kernel: one row per slot."""
    width = max(len(p.params) for p in policies)
    weights = np.zeros((len(policies), width), np.float64)
    for slot, policy in enumerate(policies):
        weights[slot, : len(policy.params)] = policy.params
    return np.array([p.policy_id for p in policies], np.int64), weights
