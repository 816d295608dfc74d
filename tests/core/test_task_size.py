"""How the planner cuts (arm, matchup) pair ranges into tasks (one Parquet part each)."""

from sim.core.runner import MIN_TASK_PAIRS, MIN_TASKS, task_pairs


def test_large_plans_use_the_configured_chunk():
    assert task_pairs(5000, 1_000_000, 4) == 5000


def test_small_plans_are_split_for_every_worker_but_not_below_the_minimum():
    # One matchup of 6,400 pairs: 32 tasks of 200 pairs rather than two of 5,000.
    assert task_pairs(5000, 6400, 1) == 6400 // MIN_TASKS
    assert task_pairs(5000, 100, 1) == MIN_TASK_PAIRS
    # An explicitly small chunk is kept (tests and SPRT waves rely on it).
    assert task_pairs(10, 40, 1) == 10


def test_the_cut_depends_on_the_config_alone():
    assert task_pairs(5000, 6400, 3) == task_pairs(5000, 6400, 3) == -(-6400 * 3 // MIN_TASKS)
