"""Veilwalkers (Tabletop Beta 1), first stage: the board, the turn, the network and combat basics
(engine.py has the rules summary; RULES.md the clause-by-clause status)."""

from sim.games.veilwalkers.game import Veilwalkers

GAME = Veilwalkers()
