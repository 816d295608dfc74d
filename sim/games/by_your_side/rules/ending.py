"""Winning and losing: the scenario's goals (its Events, its track), the Threshold overflowing, both
characters unconscious, the Planes running out, the round limit. The team wins or loses as one."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side.rules.log import log_event

END_WON, END_THRESHOLD, END_UNCONSCIOUS, END_SCENARIO, END_PLANES_EMPTY, END_ROUND_LIMIT = range(6)
TEAM_WON, GAME_WON = 0, 1


@njit(cache=True, _nrt=False)
def finish(state, winner, reason, events):
    """The match ends: winner 0 is the team, 1 the game (the kernel's cooperative convention)."""
    if state[L.G_DONE]:
        return
    state[L.G_DONE] = 1
    state[L.G_MODE] = L.MODE_DONE
    state[L.G_WINNER] = winner
    state[L.G_END_REASON] = reason
    log_event(state, events, L.EV_END, winner, reason, 0, 0)


@njit(cache=True, _nrt=False)
def check_scenario_goals(state, ruleset, events):
    """A scenario with a track goal (the Watcher's second stage: six Banished Echoes) is won when the
    track reaches it."""
    goal = T.scenario(ruleset, state[L.G_SCENARIO], T.SC_TRACK_GOAL)
    if goal > 0 and state[L.G_TRACK] >= goal:
        finish(state, np.int64(TEAM_WON), np.int64(END_WON), events)
