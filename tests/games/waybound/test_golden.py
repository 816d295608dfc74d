"""Golden digests and playthroughs: the engine plays exactly the same games as the recorded engine 1.4.0.

Speed work on the kernels must not change a single match (the published reports depend on them).
A change of behaviour (a rule, a tie-break, a random draw more or less) changes the digests, and
then the engine version must change and the digests be recorded again: 1.0.0 -> 1.1.0 (greedy
ties broken with one draw among all best actions; the hand kept sorted) did both, and so did 1.1.0 ->
1.2.0 (the search bot's rollouts end at the same turn boundary for every candidate: only the digests
with the search bot changed, the greedy and random ones did not), and 1.2.0 -> 1.3.0 (the search bot
re-deals its worlds from what its seat sees only: again only the search bot's digests changed), and 1.3.0
-> 1.4.0 (the hand-limit discards are the player's decision: the digests with the random bot changed, and
the replay logs' engine line).
They also depend on decks/waybound (cards, factions, editions, policies): a deliberate data change
means recording them again from the unchanged engine.

The golden playthroughs (golden/*.txt, OpenSpiel style) are whole matches as text: before every
decision the state, the legal actions and the action taken, then the events it caused. Each is
played afresh and compared line for line; its events and result must also be the batch kernel's own
replay of that match. After a deliberate change, record them again and review the diff:
    SIM_RECORD_GOLDEN=1 .venv/bin/python -m pytest tests/games/waybound/test_golden.py -k playthrough
"""

from __future__ import annotations

import difflib
import hashlib
import os
from pathlib import Path

import numpy as np
import pytest

from sim.core import rng
from sim.core.game import BatchResult, SeedBlock
from sim.games.waybound import GAME
from tests.games.waybound.helpers import seeds_for

# policy pairs per deck slot; each pair is played over every faction pairing
GREEDY_AND_RANDOM = (
    ("greedy_explorer", "greedy_explorer"),
    ("greedy_fighter", "greedy_fighter"),
    ("random", "random"),
    ("greedy_explorer", "greedy_fighter"),
    ("random", "greedy_fighter"),
)


def digest_result(h, result: BatchResult) -> None:
    for column in (result.winner, result.end_reason, result.turns, result.rounds, result.score, result.error):
        h.update(np.ascontiguousarray(column).tobytes())
    for name in sorted(result.extra):
        h.update(name.encode())
        h.update(np.ascontiguousarray(result.extra[name]).tobytes())
    if result.card_counts is not None:
        h.update(np.ascontiguousarray(result.card_counts).tobytes())


def play(h, edition, spec, policy_names, pairs, root, debug=False, card_counts=True) -> None:
    ruleset = GAME.load_ruleset(edition)
    policies = tuple(GAME.load_policy(name) for name in policy_names)
    for matchup in GAME.load_matchups(ruleset, spec):
        result = GAME.play_batch(
            ruleset,
            matchup,
            policies,
            seeds_for(pairs, root, matchup.matchup_id),
            debug=debug,
            card_counts=card_counts,
        )
        digest_result(h, result)


def test_golden_greedy_and_random_every_faction_pairing():
    """16 faction pairings x 5 policy pairs x 8 matches (640), card counts on, edition 0.36."""
    h = hashlib.blake2b(digest_size=16)
    for policy_names in GREEDY_AND_RANDOM:
        play(h, "0.36", "all_factions", policy_names, pairs=4, root=5)
    assert h.hexdigest() == "4e551bc8c75d6c8c59038822b92b1541"


def test_golden_every_companion_and_edition():
    """All 64 Companion pairings (2 matches each, greedy mixes) and every edition on faction mirrors;
    debug mode on for part of it so the debug path is covered as well."""
    h = hashlib.blake2b(digest_size=16)
    play(h, "0.36", "companions_8x8", ("greedy_fighter", "greedy_explorer"), pairs=1, root=9)
    play(h, "0.36", "companions_8x8", ("random", "greedy_explorer"), pairs=1, root=10, debug=True)
    for edition in GAME.editions():
        play(h, edition, "mirror_first", ("greedy_explorer", "random"), pairs=3, root=13, debug=True)
    assert h.hexdigest() == "b74820ba125db8901a9f91bb916a0bbe"


def test_golden_search():
    """Flat Monte Carlo bot (rollouts on determinized copies) against both greedy bots."""
    h = hashlib.blake2b(digest_size=16)
    play(h, "0.36", ["hearthbound/brindle vs veilborn/nyxara"], ("search", "greedy_fighter"), pairs=3, root=3)
    play(h, "0.36", ["ironmaw/skara vs skyrunners/nima"], ("greedy_explorer", "search"), pairs=3, root=4)
    assert h.hexdigest() == "ae3db3db246944c231a76ad7eeb9a292"


@pytest.mark.parametrize(
    "spec", ["hearthbound/brindle vs veilborn/nyxara", "skyrunners/nima vs ironmaw/skara"]
)
def test_golden_replay_log(spec):
    """The replay event log (every draw, action, roll and defeat) of a few matches."""
    ruleset = GAME.load_ruleset("0.36")
    matchup = GAME.load_matchups(ruleset, [spec])[0]
    h = hashlib.blake2b(digest_size=16)
    for policy_names in (("greedy_explorer", "greedy_fighter"), ("random", "search")):
        policies = tuple(GAME.load_policy(name) for name in policy_names)
        for swap in (0, 1):
            block = SeedBlock(
                31, rng.name_key(matchup.matchup_id), np.array([2]), np.array([swap], dtype=np.uint8)
            )
            h.update("\n".join(GAME.replay(ruleset, matchup, policies, block)).encode())
    assert h.hexdigest() == GOLDEN_REPLAY[spec]


GOLDEN_REPLAY = {
    "hearthbound/brindle vs veilborn/nyxara": "65a50851f802c338539aa2d52b91bedb",
    "skyrunners/nima vs ironmaw/skara": "a915fbc6a85e5382d72a0376d39303d4",
}

GOLDEN_DIR = Path(__file__).parent / "golden"
# file -> edition, matchup, policies per deck slot, root seed, pair, swap
PLAYTHROUGHS = {
    "greedy_nyxara_vs_skara.txt": ("0.36", "veilborn/nyxara vs ironmaw/skara", ("greedy_explorer", "greedy_fighter"), 1, 0, 0),
    "search_brindle_vs_vey.txt": ("0.36", "hearthbound/brindle vs skyrunners/vey", ("search", "greedy_explorer"), 3, 0, 1),
}


def event_section_lines(lines: list[str]) -> list[str]:
    """The playthrough's event lines (those under each 'events:'), in order."""
    events, inside = [], False
    for line in lines:
        if line == "events:" or line.startswith("decision "):
            inside = line == "events:"
        elif inside and line.startswith("  "):
            events.append(line[2:])
    return events


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough(name):
    """A whole match decision by decision (state, legal actions, action taken, events) against its
    recorded text; the same match as the batch kernel plays (its replay's events and result)."""
    edition, spec, policy_names, root, pair, swap = PLAYTHROUGHS[name]
    ruleset = GAME.load_ruleset(edition)
    matchup = GAME.load_matchups(ruleset, [spec])[0]
    policies = tuple(GAME.load_policy(policy) for policy in policy_names)
    block = SeedBlock(root, rng.name_key(matchup.matchup_id), np.array([pair]), np.array([swap], dtype=np.uint8))
    lines = GAME.playthrough(ruleset, matchup, policies, block)
    replay = GAME.replay(ruleset, matchup, policies, block)
    assert lines[:2] == replay[:2] and lines[-1] == replay[-1]
    assert event_section_lines(lines) == replay[2:-1]
    text = "\n".join(lines) + "\n"
    path = GOLDEN_DIR / name
    if os.environ.get("SIM_RECORD_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
    recorded = path.read_text()
    if recorded != text:
        diff = difflib.unified_diff(recorded.splitlines(), lines, "recorded", "played", n=2, lineterm="")
        pytest.fail("playthrough differs from " + str(path) + ":\n" + "\n".join(list(diff)[:60]))
