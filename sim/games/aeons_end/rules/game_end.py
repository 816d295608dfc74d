"""Game End (rulebook "Game End"): the game ends at once when the players win or lose; a capacity
error ends it as an error. `over` is asked by every rule that must stop once the game has ended."""

from __future__ import annotations

from numba import njit

from sim.games.aeons_end.layout import (
    G_END_REASON,
    G_HUSKS,
    G_IN_PLAY,
    G_NEMESIS_DECK_LEN,
    G_NEMESIS_DECK_POS,
    G_PHASE,
    G_STATUS,
    PHASE_OVER,
)
from sim.games.aeons_end.vocab import END_NEMESIS_DECK_EXHAUSTED


@njit(cache=True, _nrt=False, forceinline=True)
def fail(s, code):
    if s[G_STATUS] == 0 or s[G_STATUS] < 3:
        s[G_STATUS] = 3
        s[G_END_REASON] = -code


@njit(cache=True, _nrt=False, forceinline=True)
def end_game(s, won, reason):
    if s[G_STATUS] == 0:
        s[G_STATUS] = 1 if won else 2
        s[G_END_REASON] = reason
        s[G_PHASE] = PHASE_OVER


@njit(cache=True, _nrt=False, forceinline=True)
def over(s):
    return s[G_STATUS] != 0


@njit(cache=True, _nrt=False, forceinline=True)
def check_end_of_turn(s):
    if over(s):
        return
    if s[G_NEMESIS_DECK_POS] >= s[G_NEMESIS_DECK_LEN] and s[G_IN_PLAY] == 0 and s[G_HUSKS] == 0:
        end_game(s, True, END_NEMESIS_DECK_EXHAUSTED)
