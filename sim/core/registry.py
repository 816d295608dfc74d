"""Registry of games: every package under ``sim/games`` that exposes ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil

from sim.core.errors import UserError
from sim.core.game import Game

_EXTRA: dict[str, Game] = {}


def game_names() -> list[str]:
    import sim.games

    names = [m.name for m in pkgutil.iter_modules(sim.games.__path__) if not m.name.startswith("_")]
    return sorted(set(names) | set(_EXTRA))


def get_game(name: str) -> Game:
    if name in _EXTRA:
        return _EXTRA[name]
    if name not in game_names():
        raise UserError(f"unknown game '{name}' (known: {', '.join(game_names())})", entry="game")
    module = importlib.import_module(f"sim.games.{name}")
    return module.GAME


def register(game: Game) -> None:
    """Register a game defined outside ``sim/games`` (tests use this for fixture games)."""
    _EXTRA[game.name] = game
