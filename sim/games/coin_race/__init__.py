"""Coin Race: the minimal example game (see engine.py for its rules)."""

from sim.games.coin_race.engine import CoinRace

GAME = CoinRace()
