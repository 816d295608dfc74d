"""Waybound: The Living Atlas (rulebook 0.36). See RULES.md for what is modeled and assumed."""

# engine.py before any module that imports policy.py: engine imports policy's value functions after
# its own definitions (the two modules need each other; see the end of engine.py)
from sim.games.waybound import engine  # noqa: F401
from sim.games.waybound.game import Waybound

GAME = Waybound()

__all__ = ["GAME", "Waybound"]
