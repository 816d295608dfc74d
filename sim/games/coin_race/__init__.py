"""Coin Race: the game kit's template in miniature (engine.py has its rules)."""

from sim.games.coin_race.game import CoinRace

GAME = CoinRace()
