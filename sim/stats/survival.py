"""Kaplan–Meier survival for cooperative games: how long does the team hold out?"""

from __future__ import annotations

import numpy as np


def kaplan_meier(durations, lost) -> dict:
    """Kaplan–Meier estimate of S(t) = P(the team has not lost by the end of round t).

    ``durations``: rounds each match lasted; ``lost``: True where the match ended in a loss (the
    event). Won matches are censored at their last round: the team was still standing then, and
    we do not know when it would have fallen. Returns ``times`` (distinct loss rounds),
    ``survival`` (S just after each), ``at_risk`` and ``events`` per time.
    """
    durations = np.asarray(durations, dtype=np.float64)
    lost = np.asarray(lost, dtype=bool)
    times = np.unique(durations[lost])
    survival, at_risk_counts, event_counts = [], [], []
    current = 1.0
    for time in times:
        at_risk = int(np.sum(durations >= time))
        events = int(np.sum((durations == time) & lost))
        current *= 1.0 - events / at_risk
        survival.append(current)
        at_risk_counts.append(at_risk)
        event_counts.append(events)
    return {
        "times": times,
        "survival": np.asarray(survival),
        "at_risk": np.asarray(at_risk_counts, dtype=np.int64),
        "events": np.asarray(event_counts, dtype=np.int64),
    }
