"""Report kinds and their parameters, as the config check sees them (issue 44: `sim/core` imports nothing from
`sim/report`). The report package registers each kind it can build when it is imported (sim/report/sections.py);
`kinds()` loads it first, as the game registry loads a game by name. ``ReportParams`` are the experiment config's
`report:` values, validated by ``from_dict``."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sim.core.errors import UserError

_KINDS: dict[str, Callable] = {}


def register(name: str, section: Callable) -> None:
    """A report kind by name: ``section(context)`` adds its part of a report."""
    _KINDS[name] = section


def kinds() -> dict[str, Callable]:
    """Every report kind by name, in the report's order."""
    importlib.import_module("sim.report.sections")  # registers its kinds
    return dict(_KINDS)


@dataclass(frozen=True)
class ReportParams:
    """Report parameters (experiment config ``report:``); validated by ``from_dict``."""

    equivalence_margin: float = 0.02
    confidence: float = 0.95
    min_count: int = 30
    baseline: str | None = None
    assumed_cards: tuple[str, ...] = ()
    survival_column: str | None = None
    n_boot: int = 500
    seed: int = 0
    prior_ties: float = 1.0
    title: str | None = None
    game_title: str | None = None
    assumed: tuple[str, ...] = ()  # assumed facts of the rulesets, e.g. "card <id>: <reason>"
    side_columns: tuple[str, ...] = ()  # per-side lake columns for the `sides` kind (e.g. path)
    columns: tuple[str, ...] = ()  # numeric lake columns for the `columns` kind (e.g. chain_count)
    group_column: str = "deal_group"  # `variance` kind: matches sharing a value share the held streams
    # the sweep's sequential stopping (experiment config `stop:`), when it was on: (p0, p1, alpha, beta)
    sequential_stop: tuple[float, ...] = ()
    # a parameter sweep (experiment config `sweep:`): the field and its values, in the editions' order
    sweep_field: str | None = None
    sweep_values: tuple = ()
    cooperative: bool = False  # the game's sides are a team and its opponent (a nemesis, a scenario)

    @property
    def alpha(self) -> float:
        return 1.0 - self.confidence

    @property
    def assumed_card_names(self) -> set[str]:
        """Cards to flag: ``assumed_cards`` plus every "card <id>: ..." entry of ``assumed``."""
        names = set(self.assumed_cards)
        for fact in self.assumed:
            if fact.startswith("card ") and ":" in fact:
                names.add(fact[len("card ") : fact.index(":")].strip())
        return names

    @classmethod
    def from_dict(cls, params: dict | None) -> ReportParams:
        params = dict(params or {})
        params.pop("kind", None)  # the kinds travel separately; accept the whole report block
        known = set(cls.__dataclass_fields__)
        for key in sorted(params):
            if key not in known:
                raise UserError(
                    f"unknown report parameter (known: {', '.join(sorted(known))})", entry=f"report.{key}"
                )

        def number(key, low, high, integer=False):
            value = params[key]
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or (integer and not isinstance(value, int))
            ):
                raise UserError(
                    f"must be {'an integer' if integer else 'a number'}, got {value!r}", entry=f"report.{key}"
                )
            if not low <= value <= high:
                raise UserError(f"must be between {low} and {high}, got {value}", entry=f"report.{key}")
            return value

        values = {}
        if "equivalence_margin" in params:
            values["equivalence_margin"] = float(number("equivalence_margin", 1e-9, 0.5))
        if "confidence" in params:
            values["confidence"] = float(number("confidence", 0.5, 0.9999))
        if "min_count" in params:
            values["min_count"] = number("min_count", 1, 10**12, integer=True)
        if "n_boot" in params:
            values["n_boot"] = number("n_boot", 10, 100_000, integer=True)
        if "seed" in params:
            values["seed"] = number("seed", 0, 2**63 - 1, integer=True)
        if "prior_ties" in params:
            values["prior_ties"] = float(number("prior_ties", 0, 10**6))
        for key in ("baseline", "survival_column", "title", "game_title", "group_column", "sweep_field"):
            if key in params and params[key] is not None:
                if not isinstance(params[key], str) or not params[key]:
                    raise UserError(f"must be a non-empty string, got {params[key]!r}", entry=f"report.{key}")
                values[key] = params[key]
        for key, what in (("assumed_cards", "card names"), ("assumed", "assumed facts"), ("side_columns", "column names"),
                          ("columns", "column names")):
            if key in params and params[key] is not None:
                items = params[key]
                if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
                    raise UserError(f"must be a list of {what}", entry=f"report.{key}")
                if not all(isinstance(item, str) for item in items):
                    raise UserError(f"must be a list of {what} (strings)", entry=f"report.{key}")
                values[key] = tuple(items)
        if "cooperative" in params:
            if not isinstance(params["cooperative"], bool):
                raise UserError(f"must be true or false, got {params['cooperative']!r}", entry="report.cooperative")
            values["cooperative"] = params["cooperative"]
        if params.get("sweep_values") is not None:
            swept = params["sweep_values"]
            if isinstance(swept, (str, bytes)) or not isinstance(swept, Sequence):
                raise UserError("must be a list of values", entry="report.sweep_values")
            values["sweep_values"] = tuple(swept)
        if params.get("sequential_stop"):
            stop = params["sequential_stop"]
            if not isinstance(stop, Sequence) or len(stop) != 4 or not all(isinstance(v, (int, float)) for v in stop):
                raise UserError("must be [p0, p1, alpha, beta]", entry="report.sequential_stop")
            values["sequential_stop"] = tuple(float(v) for v in stop)
        return cls(**values)

