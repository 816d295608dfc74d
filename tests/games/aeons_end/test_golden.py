"""Golden digests and the golden playthrough: fixed seeds must replay to the same results bit for bit.

A speed change that keeps play identical keeps both; a behaviour change must bump ENGINE_VERSION and record new
digests and a new playthrough:
    python -m tests.games.aeons_end.test_golden            # print the digests (paste them below)
    python -m tests.games.aeons_end.test_golden --write    # rewrite golden/<PLAYTHROUGH_FILE>
The playthrough (render.playthrough, OpenSpiel style) lists every state of one match, its legal actions and the
action taken; it is reviewed in diffs, so a behaviour change shows where play first differs.

Two digests, one per basic nemesis card set (rules key `basic_nemesis_set`), over the same cases:
  * base: the 22 base-game basics, the only set engines <= 0.2.0 played. Its digest is the one engine 0.2.0
    recorded; it must never change through the Legacy work, which proves that selecting the base set (edition
    base-game-basics, or the override below for the other editions) plays exactly as before.
  * legacy: the Legacy of Gravehold basics, the default set since engine 0.3.0 (recorded with 0.3.0).
"""

import hashlib
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.core.game import SeedBlock
from sim.core.rng import name_key
from sim.games.aeons_end import GAME, render

GOLDEN_ENGINE_VERSION = "0.3.0"
# Engine 0.3.0; the last case's search bot plays over the fitted base plan (greedy_fitted, issue 45: the bots
# changed, the engine did not). Before it: base 9abcc84a (the literal Unleash as rules.yaml's default), before
# that eaf6bdf7 (engine 0.2.0's, reproduced by 0.3.0), legacy bf8cb605, 753ff0dc.
BASE_BASICS_DIGEST = "03389c904365296d405858b6168b8e45"
# Legacy basics (the default set)
LEGACY_BASICS_DIGEST = "dca1cb64ce34eba93dfb9e2939262d72"
DIGESTS = {"base": BASE_BASICS_DIGEST, "legacy": LEGACY_BASICS_DIGEST}

# (edition, matchup entry, policy, games)
CASES = (
    ("normal", "brama vs rageborne", "greedy_damage", 40),
    ("normal", "adelheim+brama vs carapace_queen", "greedy_damage", 40),
    ("expert", "adelheim+brama vs prince_of_gluttons", "greedy_economy", 40),
    ("normal", "adelheim+brama+kadir vs crooked_mask", "greedy_damage", 30),
    ("extinction", "adelheim+lash+jian+xaxos vs carapace_queen", "greedy_economy", 20),
    ("beginner", "mist+phaedraxa vs rageborne", "random", 20),
    ("expert", "adelheim+brama+kadir+mist vs crooked_mask", "random", 10),
    ("normal", "adelheim+brama vs rageborne", "search", 2),
)


def batch_digest(basic_nemesis_set: str) -> str:
    """Digest of every BatchResult array of CASES, each edition played with the given basic card set."""
    digest = hashlib.blake2b(digest_size=16)
    for edition, entry, policy, games in CASES:
        ruleset = GAME.load_ruleset(edition, basic_nemesis_set)
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        seeds = SeedBlock(root_seed=2026, matchup_key=name_key(matchup.matchup_id),
                          pair_index=np.arange(games, dtype=np.int64), swap=np.zeros(games, np.uint8))
        result = GAME.play_batch(ruleset, matchup, (GAME.load_policy(policy),), seeds, card_counts=True)
        arrays = [result.winner, result.end_reason, result.turns, result.rounds, result.score, result.error,
                  result.card_counts] + [result.extra[k] for k in sorted(result.extra)]
        for array in arrays:
            digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


@pytest.mark.parametrize("basic_nemesis_set", ["base", "legacy"])
def test_golden_digest(basic_nemesis_set):
    """Identical play on fixed seeds (DESIGN.md §4.3: a match is a pure function of engine version, ruleset,
    decks, policies and seed key)."""
    assert GAME.engine_version == GOLDEN_ENGINE_VERSION, "behaviour changed: record new digests"
    assert batch_digest(basic_nemesis_set) == DIGESTS[basic_nemesis_set]


def test_base_game_basics_edition_is_normal_with_the_base_set():
    """The edition base-game-basics is the normal edition's rules with the base set: its ruleset plays the
    golden cases' normal entries like normal + the base-set override (same setup, same rules vector)."""
    edition = GAME.load_ruleset("base-game-basics")
    override = GAME.load_ruleset("normal", "base")
    for entry in ("brama vs rageborne", "adelheim+brama vs carapace_queen"):
        a = GAME.load_matchups(edition, [entry])[0]
        b = GAME.load_matchups(override, [entry])[0]
        assert (GAME.kernel_tables(edition, a) == GAME.kernel_tables(override, b)).all()


# (edition, matchup entry, bots, root seed, pair index) of the golden playthrough
PLAYTHROUGH = ("normal", "adelheim+brama vs rageborne", ("greedy_damage",), 2026, 0)
PLAYTHROUGH_FILE = Path(__file__).parent / "golden" / "adelheim+brama_vs_rageborne.txt"


def _playthrough_case():
    edition, entry, bots, root_seed, pair = PLAYTHROUGH
    ruleset = GAME.load_ruleset(edition)
    matchup = GAME.load_matchups(ruleset, [entry])[0]
    policies = tuple(GAME.load_policy(name) for name in bots)
    seeds = SeedBlock(root_seed=root_seed, matchup_key=name_key(matchup.matchup_id),
                      pair_index=np.array([pair], np.int64), swap=np.zeros(1, np.uint8))
    return ruleset, matchup, policies, seeds


PLAYTHROUGH_HEADER = ("# Aeon's End golden playthrough (render.playthrough); regenerate after a behaviour change with "
                      "python -m tests.games.aeons_end.test_golden --write")


def playthrough_lines() -> list[str]:
    return [PLAYTHROUGH_HEADER] + render.playthrough(GAME, *_playthrough_case())


def test_golden_playthrough():
    """The recorded playthrough is what a fresh replay of its match writes, line for line (DESIGN.md §4.3)."""
    expected = PLAYTHROUGH_FILE.read_text().splitlines()
    actual = playthrough_lines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"{PLAYTHROUGH_FILE.name} line {number} differs"
    assert len(actual) == len(expected)


def test_playthrough_agrees_with_the_batch_kernel():
    """The playthrough drives the engine from Python; its last line (outcome, turns, rounds) is the batch
    kernel's row for the same seed key."""
    ruleset, matchup, policies, seeds = _playthrough_case()
    result = GAME.play_batch(ruleset, matchup, policies, seeds)
    state = "won" if int(result.winner[0]) == 0 else "lost"
    reason = GAME.end_reasons[int(result.end_reason[0])]
    assert playthrough_lines()[-1] == (f"end: players {state} ({reason}) after {int(result.turns[0])} turns, "
                                       f"{int(result.rounds[0])} rounds")


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        PLAYTHROUGH_FILE.parent.mkdir(exist_ok=True)
        PLAYTHROUGH_FILE.write_text("\n".join(playthrough_lines()) + "\n")
        print(f"written: {PLAYTHROUGH_FILE}")
    else:
        for name in ("base", "legacy"):
            print(name, batch_digest(name))
