"""Batch kernel: conformance (terminates, 0 errors in debug mode), determinism, seat-swapped pairs,
policies, card counts and replay."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core import rng
from sim.core.game import BatchResult, SeedBlock
from sim.games.waybound import GAME
from sim.games.waybound.scenario import Scenario


def seeds_for(pairs: int, root: int = 11, matchup_id: str = "m") -> SeedBlock:
    return SeedBlock(
        root_seed=root,
        matchup_key=rng.name_key(matchup_id),
        pair_index=np.repeat(np.arange(pairs, dtype=np.int64), 2),
        swap=np.tile(np.array([0, 1], dtype=np.uint8), pairs),
    )


def run(
    policy_a="greedy_explorer",
    policy_b="greedy_fighter",
    spec="hearthbound/brindle vs ironmaw/skara",
    pairs=50,
    edition="0.36",
    debug=True,
    card_counts=False,
    root=11,
) -> BatchResult:
    ruleset = GAME.load_ruleset(edition)
    matchup = GAME.load_matchups(ruleset, [spec])[0]
    policies = (GAME.load_policy(policy_a), GAME.load_policy(policy_b))
    return GAME.play_batch(
        ruleset,
        matchup,
        policies,
        seeds_for(pairs, root, matchup.matchup_id),
        debug=debug,
        card_counts=card_counts,
    )


def check_clean(result: BatchResult) -> None:
    assert (result.error == 0).all(), np.bincount(result.error)
    assert (result.end_reason != 4).all()
    finished_by_renown = result.end_reason == 0
    winners = result.winner[finished_by_renown]
    assert (result.score[finished_by_renown, :].max(axis=1) >= 20).all()
    assert ((winners == 0) | (winners == 1)).all()


@pytest.mark.parametrize("policy", ["random", "greedy_explorer", "greedy_fighter"])
def test_every_faction_pairing_debug_clean(policy):
    """Debug mode finds 0 invariant violations and 0 illegal actions over every faction pairing."""
    ruleset = GAME.load_ruleset("0.36")
    for matchup in GAME.load_matchups(ruleset, "all_factions"):
        policies = (GAME.load_policy(policy), GAME.load_policy(policy))
        result = GAME.play_batch(
            ruleset, matchup, policies, seeds_for(150, 3, matchup.matchup_id), debug=True
        )
        check_clean(result)


def test_every_companion_and_edition_debug_clean():
    ruleset_names = GAME.editions()
    for edition in ruleset_names:
        ruleset = GAME.load_ruleset(edition)
        for matchup in GAME.load_matchups(ruleset, "companions_8x8")[::9]:
            policies = (GAME.load_policy("random"), GAME.load_policy("greedy_fighter"))
            check_clean(
                GAME.play_batch(ruleset, matchup, policies, seeds_for(10, 5, matchup.matchup_id), debug=True)
            )


def test_same_seeds_same_results():
    first = run(card_counts=True)
    second = run(card_counts=True)
    for name in ("winner", "end_reason", "turns", "rounds", "score", "error"):
        assert np.array_equal(getattr(first, name), getattr(second, name))
    for name, column in first.extra.items():
        assert np.array_equal(column, second.extra[name])
    assert np.array_equal(first.card_counts, second.card_counts)
    other = run(root=12)
    assert not np.array_equal(first.score, other.score)


def test_batch_split_does_not_change_results():
    """Results do not depend on how matches are grouped into batches (streams are per match)."""
    ruleset = GAME.load_ruleset("0.36")
    matchup = GAME.load_matchups(ruleset, ["skyrunners/nima vs veilborn/morrow"])[0]
    policies = (GAME.load_policy("random"), GAME.load_policy("greedy_explorer"))
    whole = seeds_for(20, 9, matchup.matchup_id)
    all_at_once = GAME.play_batch(ruleset, matchup, policies, whole)
    half = SeedBlock(whole.root_seed, whole.matchup_key, whole.pair_index[20:], whole.swap[20:])
    second_half = GAME.play_batch(ruleset, matchup, policies, half)
    assert np.array_equal(all_at_once.score[20:], second_half.score)


def test_pair_shares_deck_orders():
    """A pair's two matches deal each deck slot the same shuffle (streams keyed by slot, not seat)."""
    for seed in range(5):
        unswapped = Scenario("hearthbound/brindle", "skyrunners/vey", seed=seed, swap=0)
        swapped = Scenario("hearthbound/brindle", "skyrunners/vey", seed=seed, swap=1)
        assert unswapped.hand(0) == swapped.hand(1)  # slot A: seat 0, then seat 1
        assert unswapped.deck(0) == swapped.deck(1)


def test_swap_moves_the_first_turn_to_slot_b():
    """Rulebook, SETUP: 'Randomly choose the starting player': every deal is played with both seatings."""
    ruleset = GAME.load_ruleset("0.36")
    matchup = GAME.load_matchups(ruleset, ["hearthbound/brindle vs ironmaw/skara"])[0]
    policies = (GAME.load_policy("greedy_explorer"), GAME.load_policy("greedy_explorer"))
    lines = GAME.replay(
        ruleset, matchup, policies, SeedBlock(1, 2, np.array([0]), np.array([1], dtype=np.uint8))
    )
    assert "seat 0 (moves first): ironmaw/skara" in lines[1]


def test_card_counts_opening_and_drawn():
    result = run(card_counts=True, pairs=20)
    counts = result.card_counts
    names = GAME.card_names(GAME.load_ruleset("0.36"))
    assert counts.shape == (40, 2, len(names), 3)
    assert (counts[:, :, :, 2].sum(axis=2) == 5).all()  # five cards in each kept opening hand
    assert (counts[:, :, :, 0] >= counts[:, :, :, 2]).all()
    assert counts[:, :, :, 1].sum() > 0


def test_extras_and_categories():
    result = run(pairs=40)
    ruleset = GAME.load_ruleset("0.36")
    categories = GAME.extra_categories(ruleset)["path"]
    assert set(GAME.extra_columns()) == set(result.extra)
    assert result.extra["path"].max() < len(categories)
    chosen = {categories[c] for c in np.unique(result.extra["path"])}
    assert chosen <= {
        "none",
        "brindle/hearthkeeper",
        "brindle/trailblazer",
        "skara/fang_sovereign",
        "skara/blood_tracker",
    }
    assert (result.extra["journey_marks"] >= 0).all()


def test_policies_differ_and_search_runs():
    """Bots are selected per slot; the search bot plays legal, deterministic matches."""
    explorer = run("greedy_explorer", "greedy_explorer", pairs=30)
    fighter = run("greedy_fighter", "greedy_fighter", pairs=30)
    assert not np.array_equal(explorer.extra["allies_defeated"], fighter.extra["allies_defeated"])
    search = run("search", "greedy_explorer", pairs=3)
    check_clean(search)
    again = run("search", "greedy_explorer", pairs=3)
    assert np.array_equal(search.score, again.score)


def test_greedy_beats_random():
    result = run("greedy_explorer", "random", pairs=50, debug=False)
    a_seat = np.where(np.arange(100) % 2 == 0, 0, 1)
    a_won = (result.winner == a_seat).mean()
    assert a_won > 0.8


def test_replay_matches_batch_result():
    ruleset = GAME.load_ruleset("0.36")
    matchup = GAME.load_matchups(ruleset, ["veilborn/nyxara vs ironmaw/rauk"])[0]
    policies = (GAME.load_policy("greedy_fighter"), GAME.load_policy("random"))
    seeds = SeedBlock(4, rng.name_key(matchup.matchup_id), np.array([3]), np.array([1], dtype=np.uint8))
    batch = GAME.play_batch(ruleset, matchup, policies, seeds)
    lines = GAME.replay(ruleset, matchup, policies, seeds)
    assert any("opening hand" in line for line in lines)
    assert any("keeps its opening hand" in line or "mulligan" in line for line in lines)
    assert any(line.startswith("-- round 1, seat 0 turn") for line in lines)
    assert f"Renown {batch.score[0, 0]}-{batch.score[0, 1]}" in lines[-1]


@pytest.mark.heavy
def test_heavy_100k_per_pairing_debug():
    """The issue's full conformance run: 100k debug matches of every faction pairing."""
    ruleset = GAME.load_ruleset("0.36")
    for matchup in GAME.load_matchups(ruleset, "all_factions"):
        policies = (GAME.load_policy("random"), GAME.load_policy("greedy_fighter"))
        check_clean(
            GAME.play_batch(ruleset, matchup, policies, seeds_for(50_000, 1, matchup.matchup_id), debug=True)
        )


NOJIT_SCRIPT = """
import json, numpy as np
from sim.core.game import SeedBlock
from sim.games.waybound import GAME
ruleset = GAME.load_ruleset("0.36")
matchup = GAME.load_matchups(ruleset, ["veilborn/nyxara vs skyrunners/nima"])[0]
policies = (GAME.load_policy("greedy_fighter"), GAME.load_policy("random"))
seeds = SeedBlock(21, 77, np.array([0, 0, 1, 1]), np.array([0, 1, 0, 1], dtype=np.uint8))
result = GAME.play_batch(ruleset, matchup, policies, seeds, debug=True)
print(json.dumps({"score": result.score.tolist(), "turns": result.turns.tolist(), "error": result.error.tolist()}))
"""


def test_plain_python_run_matches_jit():
    """NUMBA_DISABLE_JIT=1 runs the same code as plain Python and gives the same matches."""
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONWARNINGS="ignore")
    output = subprocess.run(
        [sys.executable, "-c", NOJIT_SCRIPT], env=env, capture_output=True, text=True, check=True, timeout=300
    ).stdout
    plain = json.loads(output.strip().splitlines()[-1])
    ruleset = GAME.load_ruleset("0.36")
    matchup = GAME.load_matchups(ruleset, ["veilborn/nyxara vs skyrunners/nima"])[0]
    policies = (GAME.load_policy("greedy_fighter"), GAME.load_policy("random"))
    seeds = SeedBlock(21, 77, np.array([0, 0, 1, 1]), np.array([0, 1, 0, 1], dtype=np.uint8))
    jit = GAME.play_batch(ruleset, matchup, policies, seeds, debug=True)
    assert plain == {"score": jit.score.tolist(), "turns": jit.turns.tolist(), "error": jit.error.tolist()}
