"""Determinism contract (DESIGN.md §5): same inputs -> same lake content, whatever n_jobs,
chunk size or backend; global np.random state changes nothing; pairs share their deals."""

import numpy as np
import pytest

from sim.core.registry import get_game
from sim.core.worker import seed_block
from tests.core.helpers import read_lake, sweep

BASE = ("pairs=300", "runner.card_rows=true")


def _content(name, output_root, table="matches"):
    frame = read_lake(output_root / "experiments" / name, table)
    return frame.drop("run_id") if "run_id" in frame.columns else frame


def test_same_lake_for_one_or_two_workers_processes_or_threads_and_any_chunk_size(output_root):
    sweep(*BASE, "name=one", "runner.n_jobs=1", "runner.chunk_pairs=300")
    sweep(*BASE, "name=two", "runner.backend=loky", "runner.n_jobs=2", "runner.chunk_pairs=64")
    sweep(*BASE, "name=three", "runner.backend=loky", "runner.n_jobs=2", "runner.chunk_pairs=7")
    sweep(*BASE, "name=threads", "runner.backend=threads", "runner.n_jobs=2", "runner.chunk_pairs=64")
    reference = _content("one", output_root)
    assert reference.height == 3 * 300 * 2
    for other in ("two", "three", "threads"):
        assert _content(other, output_root).equals(reference)
        assert _content(other, output_root, "cards").equals(_content("one", output_root, "cards"))


def test_same_lake_on_a_dask_local_cluster(output_root):
    pytest.importorskip("dask.distributed")
    sweep("pairs=100", "name=loky", "runner.chunk_pairs=25")
    sweep("pairs=100", "name=dask", "runner.chunk_pairs=25", "runner=dask", "runner.n_jobs=2")
    assert _content("dask", output_root).equals(_content("loky", output_root))


def test_global_numpy_random_calls_change_nothing():
    game = get_game("coin_race")
    ruleset = game.load_ruleset("standard")
    matchup = game.load_matchups(ruleset, ["low vs high"])[0]
    policies = (game.load_policy("mixed"),) * 2
    seeds = seed_block(11, matchup, 0, 200)
    np.random.seed(1)
    first = game.play_batch(ruleset, matchup, policies, seeds)
    np.random.random(1000)
    np.random.seed(99)
    second = game.play_batch(ruleset, matchup, policies, seeds)
    for column in ("winner", "turns", "score"):
        assert np.array_equal(getattr(first, column), getattr(second, column))


def test_pairs_swap_seats_and_keep_each_decks_shuffle():
    """Every deal is played twice, seats swapped; a deck keeps its order across the pair."""
    game = get_game("coin_race")
    ruleset = game.load_ruleset("standard")
    matchup = game.load_matchups(ruleset, ["low vs high"])[0]
    policies = (game.load_policy("banker"),) * 2  # banking: no policy or dice randomness
    seeds = seed_block(5, matchup, 0, 50)
    result = game.play_batch(ruleset, matchup, policies, seeds, card_counts=True)
    assert seeds.swap.tolist()[:4] == [0, 1, 0, 1]
    opening = result.card_counts[:, :, :, 2]  # card of the first draw per seat
    # side A's first card: seat 0 when not swapped, seat 1 when swapped
    assert np.array_equal(opening[0::2, 0], opening[1::2, 1])
    assert np.array_equal(opening[0::2, 1], opening[1::2, 0])
