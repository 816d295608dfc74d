"""By Your Side golden records: a digest of many matches and readable playthroughs, one per scenario
(OpenSpiel style: every state line, the decider and its legal actions, the action taken and what it did).

A change of behaviour changes them; then the engine version must change too, and the records are written
again with `SIM_REGENERATE_GOLDEN=1 pytest tests/games/by_your_side/test_golden.py` and reviewed in the diff.
"""

import hashlib
import os
from pathlib import Path

import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.by_your_side import GAME, render

GOLDEN = Path(__file__).parent / "golden"
PLAYTHROUGHS = {
    "scenario_1": ("scenario_1", ("guardian", "seeker"), 3),
    "scenario_2": ("scenario_2", ("seeker", "guardian"), 5),
    "scenario_3": ("scenario_3", ("guardian", "random"), 2),
}
DIGEST = "cb6bbe423ab282873a94667e86aa73ed"


def _digest() -> str:
    h = hashlib.blake2b(digest_size=16)
    for edition in GAME.editions():
        ruleset = GAME.load_ruleset(edition)
        for matchup in GAME.load_matchups(ruleset, ["all_scenarios"]):
            for bot in GAME.policy_names():
                result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                                         seed_block(2026, matchup, 0, 40), card_counts=True)
                for array in (result.winner, result.end_reason, result.turns, result.rounds, result.score,
                              result.error, *result.extra.values(), result.card_counts):
                    h.update(array.tobytes())
    return h.hexdigest()


def test_golden_digest():
    assert GAME.engine_version == "0.1.0"
    digest = _digest()
    if os.environ.get("SIM_REGENERATE_GOLDEN"):
        path = Path(__file__)
        path.write_text(path.read_text().replace(f'DIGEST = "{DIGEST}"', f'DIGEST = "{digest}"'))
        return
    assert digest == DIGEST


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough(name):
    entry, bot_names, seed = PLAYTHROUGHS[name]
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, [entry])[0]
    lines = render.playthrough(GAME, ruleset, matchup, tuple(GAME.load_policy(b) for b in bot_names), seed)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("SIM_REGENERATE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n")
    assert path.read_text().splitlines() == lines
