"""By Your Side golden records: a digest of many matches and campaigns, readable playthroughs, one per
scenario (OpenSpiel style: every state line, the decider and its legal actions, the action taken and what
it did), and a campaign's log with a lost scenario replayed.

A change of behaviour changes them; then the engine version must change too, and the records are written
again with `SIM_REGENERATE_GOLDEN=1 pytest tests/games/by_your_side/test_golden.py` and reviewed in the diff.
"""

import hashlib
import os
from pathlib import Path

import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.by_your_side import GAME, render, vocab

GOLDEN = Path(__file__).parent / "golden"
PLAYTHROUGHS = {
    "scenario_1": ("scenario_1", ("guardian", "seeker"), 3),
    "scenario_2": ("scenario_2", ("seeker", "guardian"), 5),
    "scenario_3": ("scenario_3", ("guardian", "random"), 2),
}
DIGEST = "32069281317a37d90d4f65548c11db18"
# the random and greedy bots: the ISMCTS bots' own digest is test_ismcts.py's (too slow for every edition here)
PLAIN_BOTS = tuple(b for b in GAME.policy_names() if GAME.load_policy(b).policy_id != vocab.POLICY_ISMCTS)


def _digest() -> str:
    h = hashlib.blake2b(digest_size=16)
    for edition in GAME.editions():
        ruleset = GAME.load_ruleset(edition)
        for matchup in GAME.load_matchups(ruleset, ["all_scenarios", "campaign"]):
            for bot in PLAIN_BOTS:
                result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                                         seed_block(2026, matchup, 0, 40), card_counts=True)
                for array in (result.winner, result.end_reason, result.turns, result.rounds, result.score,
                              result.error, *result.extra.values(), result.card_counts):
                    h.update(array.tobytes())
    return h.hexdigest()


def test_golden_digest():
    assert GAME.engine_version == "0.2.3"
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


def test_golden_campaign_with_a_loss_and_a_replay():
    """A whole campaign (guardian for Jolene, seeker for Rosi, seed 5): Scenario 1 is lost, replayed from the
    Journal's decks with a replay Charm each, and won; then Scenarios 2 and 3. Every attempt's playthrough,
    its result and the Journal after it; the last lines are the batch kernel's row of the same campaign."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["campaign"])[0]
    bots = (GAME.load_policy("guardian"), GAME.load_policy("seeker"))
    lines = render.campaign_log(GAME, ruleset, matchup, bots, 5, decisions=True)
    path = GOLDEN / "campaign.txt"
    if os.environ.get("SIM_REGENERATE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n")
    assert path.read_text().splitlines() == lines
    headers = [line for line in lines if line.startswith("== ")]
    assert headers[0].startswith("== scenario 1 (scenario_1), attempt 1")
    assert headers[1].startswith("== scenario 1 (scenario_1), attempt 2; replay Charms: Jolene takes")
    assert lines[-2].startswith("campaign: scenarios_won 3, attempts_1 2") and lines[-1].startswith("result: winner 0")
