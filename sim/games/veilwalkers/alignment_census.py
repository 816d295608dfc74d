"""How often each Alignment is invoked in play, counted from the event log of debug matches (every action
checked against the legal list, the invariants after it).

    python -m sim.games.veilwalkers.alignment_census [pairs per matchup] [verse weight|-] [bot ...]

Plays the starter matchups, both seat orders, each bot in both seats; prints per bot the invocations of
each Alignment (and the matches, errors, Rounds). A verse weight other than `-` replaces the bots' weight
`verse` (0: without the look-ahead that orders plays to spell a sequence).
"""

from __future__ import annotations

import dataclasses
import sys

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME, batch
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import vocab as V


def census(pairs: int, bot: str, verse: float | None = None, seed: int = 29) -> dict[str, int]:
    ruleset = GAME.load_ruleset("standard")
    policy = GAME.load_policy(bot)
    if verse is not None:
        params = policy.params.copy()
        params[V.W_VERSE] = verse
        policy = dataclasses.replace(policy, params=params)
    totals = dict.fromkeys(("matches", "errors", "rounds"), 0)
    for matchup in GAME.load_matchups(ruleset, ["starters"]):
        for state, rows in batch.debug_matches(ruleset, matchup, seats_for((policy,), matchup),
                                               seed_block(seed, matchup, 0, pairs)):
            totals["matches"] += 1
            totals["rounds"] += int(state[L.G_ROUND])
            totals["errors"] += int(state[L.G_ERROR] != 0)
            for k in rows[rows[:, 0] == L.EV_ALIGNMENT, 2]:
                name = V.ALIGNMENT_IDS[k]
                totals[name] = totals.get(name, 0) + 1
    return totals


if __name__ == "__main__":
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    verse = None if len(sys.argv) <= 2 or sys.argv[2] == "-" else float(sys.argv[2])
    for bot in sys.argv[3:] or ("racer", "pressure"):
        print(bot, "verse", "yaml" if verse is None else verse, census(pairs, bot, verse))
