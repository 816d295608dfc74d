"""Aeon's End (Legacy of Gravehold rules): cooperative deck-builder, 1-4 mages against a nemesis."""

from sim.games.aeons_end.game import AeonsEnd

GAME = AeonsEnd()

__all__ = ["GAME", "AeonsEnd"]
