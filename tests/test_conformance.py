"""One API test that every registered game passes (DESIGN.md §6): for every game, edition,
player count and bot: matches terminate without errors in debug mode, outcomes are valid, the same
seed keys give the same matches, results fit the lake schema, and replay reproduces a match."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core import lake
from sim.core.registry import game_names, get_game
from sim.core.worker import seed_block

MATCHES_PER_CASE = 24  # pairs (or deals) per case: enough to visit most branches, fast in CI
SLOW_POLICIES = {"search"}  # search bots play few matches here; their own tests go deeper


def _cases():
    for name in game_names():
        game = get_game(name)
        for edition in game.editions():
            yield pytest.param(name, edition, id=f"{name}-{edition}")


def _matchups(game, ruleset):
    """A few matchups of every set, covering every player count the game supports."""
    chosen, seen_counts = [], set()
    for set_name in game.matchup_sets():
        for matchup in game.load_matchups(ruleset, [set_name]):
            if matchup.players not in seen_counts or len(chosen) < 3:
                chosen.append(matchup)
                seen_counts.add(matchup.players)
    assert seen_counts == set(game.player_counts), "matchup sets must cover every player count"
    return chosen


@pytest.mark.parametrize("game_name, edition", list(_cases()))
def test_game_conforms(game_name, edition):
    game = get_game(game_name)
    assert game.engine_version and game.end_reasons and game.error_codes[0] == "ok"
    ruleset = game.load_ruleset(edition)
    assert ruleset.ruleset_id == edition and ruleset.ruleset_hash
    assert game.load_ruleset(edition).ruleset_hash == ruleset.ruleset_hash, "hash of resolved content is stable"
    slots = 1 if game.cooperative else 2
    for policy_name in game.policy_names():
        policies = (game.load_policy(policy_name),) * slots
        pairs = 2 if policy_name in SLOW_POLICIES else MATCHES_PER_CASE
        for matchup in _matchups(game, ruleset):
            assert matchup.cooperative == game.cooperative
            seeds = seed_block(2026, matchup, 0, pairs)
            result = game.play_batch(ruleset, matchup, policies, seeds, debug=True, card_counts=True)
            _check_result(game, ruleset, matchup, policies, seeds, result)
            again = game.play_batch(ruleset, matchup, policies, seeds, debug=True, card_counts=True)
            for column in ("winner", "end_reason", "turns", "rounds", "score", "error"):
                assert np.array_equal(getattr(result, column), getattr(again, column)), column
            assert np.array_equal(result.card_counts, again.card_counts)


def _check_result(game, ruleset, matchup, policies, seeds, result):
    n = len(seeds)
    errors = [game.error_codes[e] for e in result.error if e != 0]
    assert not errors, f"{matchup.matchup_id}: {errors[:5]}"
    if game.cooperative:
        assert set(np.unique(result.winner)) <= {0, 1}
    else:
        assert set(np.unique(result.winner)) <= {-1, 0, 1}
    assert ((0 <= result.end_reason) & (result.end_reason < len(game.end_reasons))).all()
    assert (result.turns > 0).all() and (result.rounds > 0).all()
    assert result.score.shape[0] == n
    for name in game.extra_columns():
        assert name in result.extra, name
        assert result.extra[name].shape[0] == n, name
    names = game.card_names(ruleset)
    assert result.card_counts.shape[0] == n and result.card_counts.shape[2] == len(names)
    assert (result.card_counts >= 0).all()
    table = lake.match_table(game, ruleset, matchup, policies, seeds, result, run_id="r", config_hash="c")
    for column in ("run_id", "matchup_id", "seed_key", "winner_side", "a_won", "end_reason", "turns", "error"):
        assert column in table.column_names
    assert table.num_rows == n
    cards = lake.card_table(game, ruleset, matchup, seeds, result, run_id="r")
    assert cards.num_rows > 0
    one = type(seeds)(seeds.root_seed, seeds.matchup_key, seeds.pair_index[:1], seeds.swap[:1])
    log = game.replay(ruleset, matchup, policies, one)
    assert log and all(isinstance(line, str) for line in log)
