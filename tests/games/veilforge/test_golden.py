"""Veilforge golden records: a digest of many matches and readable playthroughs (OpenSpiel style:
before every decision the state line and the legal actions, then the action taken and what it did).

A change of behaviour changes them; then the engine version must change too, and the records are
written again with `SIM_REGENERATE_GOLDEN=1 pytest tests/games/veilforge/test_golden.py` and reviewed
in the diff.
"""

import hashlib
import os
from pathlib import Path

import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilforge import GAME, render

GOLDEN = Path(__file__).parent / "golden"
PLAYTHROUGHS = {
    "duel": ("ashen_aggro vs chrome_control", ("aggro", "control"), 11, 1),
    "teams": ("ashen_aggro+chrome_control vs chrome_aggro+ashen_control", ("aggro", "control", "random", "aggro"), 5, 0),
}
# engine 0.2.0 (2v2 shared zones, issue 46 item 1; a Quick card leaves support when the whole chain has resolved,
# item 4): the teams play changed, the duels' did not (each duel set's rows hash as at 0.1.2: the Quick change
# only reorders a graveyard; the edition separate-team-zones reproduces 0.1.2's teams rows exactly); 0.1.2's was
# 0a8aa75107ce02aa23c141f55bcdc08a.
# engine 0.1.2 (the vocabulary's mana_flip_down, issue 46 item 6): the card-count rows grew by the one card the
# library gained (static_haze, in no deck); 0.1.1's was c6a3b13edccadab5e973347d2140ef01 (attacks once per turn,
# F_ATTACKED: the same play as 0.1.0, 0fa55bdd, but for the card-count rows of reboot_protocol, in no deck)
DIGEST = "b0a2c8c85ca045c363491606026061a3"
# The editions and matchup sets the digest plays, named: a study's new editions or sets (deck variants
# among them) add data, not behaviour, and leave the digest as it is.
DIGEST_EDITIONS = ("other-readings", "second-mana-0", "second-mana-2", "standard")
DIGEST_SETS = ("duels", "teams", "matrix")
# The bots it plays, named too: a new bot adds play of its own (the ISMCTS bots have their digest in
# test_ismcts.py) and leaves these bots' play, and the digest, as they are.
DIGEST_BOTS = ("aggro", "control", "random", "search")


def _digest() -> str:
    h = hashlib.blake2b(digest_size=16)
    for edition in DIGEST_EDITIONS:
        ruleset = GAME.load_ruleset(edition)
        for set_name in DIGEST_SETS:
            matchup = GAME.load_matchups(ruleset, [set_name])[0]
            for bot in DIGEST_BOTS:
                pairs = 4 if bot == "search" else 40  # the search bot plays a hundred times slower
                result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                                         seed_block(2026, matchup, 0, pairs), card_counts=True)
                for array in (result.winner, result.end_reason, result.turns, result.rounds, result.score,
                              result.error, result.card_counts, *[result.extra[k] for k in sorted(result.extra)]):
                    h.update(array.tobytes())
    return h.hexdigest()


def test_golden_digest():
    assert GAME.engine_version == "0.2.0"
    digest = _digest()
    if os.environ.get("SIM_REGENERATE_GOLDEN"):
        path = Path(__file__)
        path.write_text(path.read_text().replace(f'DIGEST = "{DIGEST}"', f'DIGEST = "{digest}"'))
        return
    assert digest == DIGEST


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
