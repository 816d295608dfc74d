"""The scenario API every game extends: an explicit position, its legal actions, actions applied
one at a time with legality and invariants checked, and a readable log.

Scenario tests build a position from the rulebook's words, apply the actions a passage talks about
and check what the passage says happens. A game's `scenario.py` subclasses `Scenario` and fills
the abstract methods with calls to the same kernel functions the batch kernel uses (reset,
legal_actions, step, check_invariants), so a scenario test checks the code that plays sweeps.

    sc = CoinRaceScenario.new("low vs high", seed=3)
    sc.apply(sc.action("bank"))          # raises IllegalAction if not legal now
    sc.player(0)["score"], sc.log
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class IllegalAction(Exception):
    """An action that is not legal in the current position (or an unknown action kind)."""


class Scenario(ABC):
    log: list[str]

    @classmethod
    @abstractmethod
    def new(cls, entry: str, edition: str | None = None, seed: int = 1, order: int = 0) -> Scenario:
        """The position at the start of the match ``entry`` (a matchup entry of the game), played in
        seat order ``order`` of pair 0 of root seed ``seed``."""

    @abstractmethod
    def legal(self) -> list[int]:
        """The encoded actions legal for the deciding seat now."""

    @abstractmethod
    def describe(self, action: int) -> str:
        """An action in words."""

    @abstractmethod
    def _step(self, action: int) -> None:
        """Apply a legal action with the kernel's step function."""

    @abstractmethod
    def action(self, kind: str, **fields: Any) -> int:
        """Encode an action by its kind's name and fields; IllegalAction for an unknown kind."""

    @abstractmethod
    def player(self, seat: int) -> dict:
        """What the position holds for one seat, by name."""

    @abstractmethod
    def state(self) -> dict:
        """The whole position by name (round, deciding seat, done, winner, players ...)."""

    @abstractmethod
    def invariant_error(self) -> int:
        """The kernel's invariant check of the position: 0 when every invariant holds."""

    def apply(self, action: int) -> None:
        """Apply ``action`` if legal (IllegalAction names it otherwise), then check the invariants."""
        if action not in self.legal():
            raise IllegalAction(f"{self.describe(action)} is not legal now (legal: {[self.describe(a) for a in self.legal()]})")
        self.log.append(self.describe(action))
        self._step(action)
        self.check()

    def check(self) -> None:
        code = self.invariant_error()
        if code:
            raise AssertionError(f"invariant {code} broken after: {self.log[-1] if self.log else 'set-up'}")
