"""One package per game; each exposes GAME (see sim/core/game.py)."""
