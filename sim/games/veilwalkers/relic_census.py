"""How often Relics act in play: Portable Relics equipped, Dropped, Claimed (and lost with a closing Ring),
Relics Awakened, counted from the event log of debug matches (every action checked against the legal
list, the invariants after it).

    python -m sim.games.veilwalkers.relic_census [pairs per matchup] [bot ...]

Plays the starter matchups, both seat orders, each bot in both seats; prints the counts per bot (and the
Rounds summed, the end reasons).
"""

from __future__ import annotations

import sys

import numpy as np

from sim.core import kernel as K
from sim.core import policies as policy_files
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
        policies = seats_for((GAME.load_policy(bot),), matchup)
        ids, weights = policy_files.weight_matrix(tuple(policies))
        seeds = seed_block(seed, matchup, 0, pairs)
        state, legal, keys, counters, values, events, search = batch.scratch(n_events=200_000,
                                                                             searching=batch.searching(ids))
        counts = np.zeros((2, 1, L.CARD_COUNT_COLUMNS), np.int16)
        seed_pair, deals = K.seed_pair(seeds), K.deals(seeds)
        for m in range(deals.shape[0]):
            batch.play_match(ruleset.tables, matchup.payload, ids, weights, seed_pair, deals[m, 0], deals[m, 1], True,
                             state, legal, keys, counters, values, events, search, counts, False)
            rows = events[: state[L.G_EVENTS]]
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
