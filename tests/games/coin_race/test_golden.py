"""Coin Race golden records: a digest of many matches and readable playthroughs (OpenSpiel style).

A change of behaviour changes them; then the engine version must change too, and the records are
written again with `SIM_REGENERATE_GOLDEN=1 pytest tests/games/coin_race/test_golden.py` and reviewed
in the diff.
"""

import hashlib
import os
from pathlib import Path

import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.coin_race import GAME, render

GOLDEN = Path(__file__).parent / "golden"
PLAYTHROUGHS = {
    "duel": ("high vs low", ("mixed", "closer"), 11, 1),
    "teams": ("low+high vs even+even", ("closer", "mixed", "gambler", "banker"), 5, 0),
}


# the bots of engine 2.0.0's digest; the search bots added since have a digest of their own
FIRST_BOTS = ("banker", "closer", "gambler", "mixed")


def _digest(bots, pairs=200) -> str:
    h = hashlib.blake2b(digest_size=16)
    for edition in GAME.editions():
        ruleset = GAME.load_ruleset(edition)
        for set_name in GAME.matchup_sets():
            for matchup in GAME.load_matchups(ruleset, [set_name]):
                for bot in bots:
                    result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                                             seed_block(2026, matchup, 0, pairs), card_counts=True)
                    for array in (result.winner, result.end_reason, result.turns, result.rounds, result.score,
                                  result.error, result.extra["gambles"], result.card_counts):
                        h.update(array.tobytes())
    return h.hexdigest()


def test_golden_digest():
    assert GAME.engine_version == "2.0.0"
    assert _digest(FIRST_BOTS) == "9850bbf339111e78ca1fe400ec0edb7d"


def test_golden_digest_of_the_search_bots():
    search_bots = [bot for bot in GAME.policy_names() if bot not in FIRST_BOTS]
    assert search_bots == ["ismcts_128", "ismcts_32", "ismcts_8"]
    assert _digest(search_bots, pairs=10) == "97e02d1abb9cdacfe2ff4128988d646a"


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough(name):
    entry, bots, seed, order = PLAYTHROUGHS[name]
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, [entry])[0]
    lines = render.playthrough(GAME, ruleset, matchup, tuple(GAME.load_policy(b) for b in bots), seed, order)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("SIM_REGENERATE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n")
    assert path.read_text().splitlines() == lines
