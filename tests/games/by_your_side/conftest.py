"""Shared position builders for By Your Side's scenario tests."""

from __future__ import annotations

from sim.games.by_your_side.scenario import ByYourSideScenario


def blank(entry: str = "scenario_1", edition: str | None = None, seed: int = 1) -> ByYourSideScenario:
    """A round-1 Player Phase with nothing in the way: Jolene deciding, both hands empty, the Planes, the
    Threshold and the Exploration Deck empty (tests put in what their passage needs)."""
    for attempt in range(seed, seed + 100):
        sc = ByYourSideScenario.new(entry, edition=edition, seed=attempt)
        state = sc.state()
        if state["phase"] == "player" and not state["choice"] and state["seat"] == 0 and state["round"] == 1:
            break
    for seat in (0, 1):
        sc.set_hand(seat, [])
    sc.set_planes([])
    sc.set_threshold([])
    sc.set_exploration([])
    return sc


def mark_read(sc, events: int) -> None:
    """The scenario's first ``events`` Events count as read (the Journal's progress boxes ticked)."""
    from sim.games.by_your_side import layout as L

    for e in range(events):
        sc.s[L.READ + e] = 1


def kinds(sc) -> set[str]:
    """The names of the kinds of the legal actions now."""
    from sim.games.by_your_side import layout as L

    return {L.ACTION_NAMES[a >> 16] for a in sc.legal()}


def to_astral(sc) -> None:
    """Both players pass: the Player Phase ends and the Astral Phase runs up to the next decision."""
    sc.pass_phase()
