"""By Your Side: Beyond the Veil, the cooperative two-player game (engine.py has its rules summary)."""

from sim.games.by_your_side.game import ByYourSide

GAME = ByYourSide()
