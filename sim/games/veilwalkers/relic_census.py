"""How often Relics act in play: Portable Relics equipped, Dropped, Claimed (and lost with a closing Ring),
Relics Awakened, counted from the event log of debug matches (every action checked against the legal
list, the invariants after it).

    python -m sim.games.veilwalkers.relic_census [pairs per matchup] [bot ...]

Plays the starter matchups, both seat orders, each bot in both seats; prints the counts per bot (and the
Rounds summed, the end reasons).
"""

from __future__ import annotations

import sys

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME, batch
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import vocab as V

WHAT = ("equipped", "dropped", "claimed", "awakened", "discarded")


def census(pairs: int, bot: str, seed: int = 23) -> dict[str, int]:
    ruleset = GAME.load_ruleset("standard")
    totals = dict.fromkeys(("matches", "errors", *WHAT, "matches_with_equip", "matches_with_awakening"), 0)
    for matchup in GAME.load_matchups(ruleset, ["starters"]):
        for state, rows in batch.debug_matches(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                                               seed_block(seed, matchup, 0, pairs)):
            relic = rows[rows[:, 0] == L.EV_RELIC]
            totals["matches"] += 1
            totals["rounds"] = totals.get("rounds", 0) + int(state[L.G_ROUND])
            reason = f"end {V.END_REASONS[state[L.G_END_REASON]]}"
            totals[reason] = totals.get(reason, 0) + 1
            totals["errors"] += int(state[L.G_ERROR] != 0)
            for code, name in enumerate(WHAT):
                totals[name] += int((relic[:, 3] == code).sum())
            totals["matches_with_equip"] += int((relic[:, 3] == L.RELIC_EQUIPPED).any())
            totals["matches_with_awakening"] += int((relic[:, 3] == L.RELIC_AWAKENED).any())
            for card in relic[relic[:, 3] == L.RELIC_AWAKENED, 2]:
                name = f"awakened {GAME.library.card_names[card]}"
                totals[name] = totals.get(name, 0) + 1
    return totals


if __name__ == "__main__":
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    for bot in sys.argv[2:] or ("racer", "pressure"):
        print(bot, census(pairs, bot))
