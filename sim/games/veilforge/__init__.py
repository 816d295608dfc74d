"""Veilforge: a 2-player and 2v2 trading card game (engine.py has its rules summary)."""

from sim.games.veilforge.game import Veilforge

GAME = Veilforge()
