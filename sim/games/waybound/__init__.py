"""Waybound: The Living Atlas (rulebook 0.36). See RULES.md for what is modeled and assumed."""

from sim.games.waybound.game import Waybound

GAME = Waybound()

__all__ = ["GAME", "Waybound"]
