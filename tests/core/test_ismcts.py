"""The ISMCTS tree machinery of sim/core/ismcts.py, on hand-built trees (the games' search loops are
tested in their own policy tests)."""

from __future__ import annotations

import math

import numpy as np

from sim.core import ismcts as T


def fresh(capacity=16, width=4):
    nodes, stats, path, candidates = T.tree_arrays(capacity, width)
    used = T.clear_tree(nodes, stats)
    return nodes, stats, path, candidates, used


def test_top_candidates_best_first_ties_in_list_order():
    _, _, _, candidates, _ = fresh(width=4)
    values = np.array([1.0, 5.0, 3.0, 5.0, 0.5])
    m = T.top_candidates(values, 5, 3, candidates)
    assert m == 3 and list(candidates[0, :3]) == [1, 3, 2]
    assert T.top_candidates(values, 2, 3, candidates) == 2 and list(candidates[0, :2]) == [1, 0]


def test_select_expands_the_untried_actions_best_prior_first_then_uses_ucb():
    nodes, stats, path, candidates, used = fresh()
    legal = np.array([10, 20, 30], np.int64)
    values = np.array([0.0, 2.0, 1.0])
    order = []
    for _ in range(3):
        m = T.top_candidates(values, 3, 3, candidates)
        c, child, used, expanded = T.select(nodes, stats, T.ROOT, legal, candidates, m, 1.0, used, 1)
        assert expanded and child == used - 1 and nodes[child, T.NODE_PARENT] == T.ROOT
        order.append(int(nodes[child, T.NODE_ACTION]))
        path[0], path[1] = T.ROOT, child
        T.backpropagate(nodes, stats, path, 2, 1.0 if nodes[child, T.NODE_ACTION] == 10 else 0.0)
    assert order == [20, 30, 10]
    # every child expanded: UCB1 with availability counts; action 10 won its only visit
    m = T.top_candidates(values, 3, 3, candidates)
    c, child, used, expanded = T.select(nodes, stats, T.ROOT, legal, candidates, m, 1.0, used, 1)
    assert not expanded and nodes[child, T.NODE_ACTION] == 10 and used == 4
    assert list(stats[1:4, T.STAT_AVAILABLE]) == [4.0, 3.0, 2.0]  # available since their expansion


def test_only_the_actions_available_in_this_world_gain_availability():
    """Cowling et al. 2012, SO-ISMCTS: a child's exploration term counts the descents in which its action
    was available, so an action legal in few worlds is not penalised for the others."""
    nodes, stats, path, candidates, used = fresh()
    legal = np.array([1, 2], np.int64)
    values = np.zeros(2)
    for _ in range(2):
        m = T.top_candidates(values, 2, 2, candidates)
        c, child, used, _ = T.select(nodes, stats, T.ROOT, legal, candidates, m, 0.5, used, 1)
        path[0], path[1] = T.ROOT, child
        T.backpropagate(nodes, stats, path, 2, 0.5)
    one = T.child_with_action(nodes, T.ROOT, 1)
    two = T.child_with_action(nodes, T.ROOT, 2)
    assert stats[one, T.STAT_AVAILABLE] == 2.0 and stats[two, T.STAT_AVAILABLE] == 1.0
    only_two = np.array([2], np.int64)
    m = T.top_candidates(values, 1, 2, candidates)
    for _ in range(2):
        c, child, used, expanded = T.select(nodes, stats, T.ROOT, only_two, candidates, m, 0.5, used, 1)
        assert child == two and not expanded
    assert stats[one, T.STAT_AVAILABLE] == 2.0 and stats[two, T.STAT_AVAILABLE] == 3.0


def test_ucb_score_uses_the_availability_count():
    nodes, stats, path, candidates, used = fresh()
    legal = np.array([1, 2], np.int64)
    for action, visits, value, available in ((1, 4.0, 3.0, 9.0), (2, 1.0, 0.5, 1.0)):
        child = used
        nodes[child] = [T.ROOT, action, 1, T.NONE, nodes[T.ROOT, T.NODE_FIRST_CHILD]]
        nodes[T.ROOT, T.NODE_FIRST_CHILD] = child
        stats[child, :3] = [visits, value, available - 1]  # select adds this descent's availability
        used += 1
    m = T.top_candidates(np.zeros(2), 2, 2, candidates)
    c, child, used, _ = T.select(nodes, stats, T.ROOT, legal, candidates, m, 1.0, used, 1)
    # action 1: 0.75 + sqrt(ln 9 / 4) = 1.49; action 2: 0.5 + sqrt(ln 1 / 1) = 0.5
    assert 0.75 + math.sqrt(math.log(9) / 4) > 0.5 and nodes[child, T.NODE_ACTION] == 1


def test_a_full_tree_expands_nothing():
    nodes, stats, path, candidates, used = fresh(capacity=2)
    legal = np.array([1, 2], np.int64)
    m = T.top_candidates(np.zeros(2), 2, 2, candidates)
    _, child, used, expanded = T.select(nodes, stats, T.ROOT, legal, candidates, m, 1.0, used, 1)
    assert expanded and used == 2
    _, child, used, expanded = T.select(nodes, stats, T.ROOT, legal, candidates, m, 1.0, used, 1)
    assert child == T.NONE and not expanded and used == 2


def test_backpropagation_gives_the_other_side_the_complement():
    nodes, stats, path, candidates, used = fresh()
    mine = np.array([1], np.int64)
    m = T.top_candidates(np.zeros(1), 1, 1, candidates)
    _, child, used, _ = T.select(nodes, stats, T.ROOT, mine, candidates, m, 1.0, used, 1)
    _, grandchild, used, _ = T.select(nodes, stats, child, mine, candidates, m, 1.0, used, 0)
    path[:3] = [T.ROOT, child, grandchild]
    T.backpropagate(nodes, stats, path, 3, 0.8)
    assert stats[T.ROOT, T.STAT_VISITS] == 1.0
    assert stats[child, T.STAT_VALUE] == 0.8 and abs(stats[grandchild, T.STAT_VALUE] - 0.2) < 1e-12
    assert T.most_visited(nodes, stats, mine, 1) == 0


def test_most_visited_breaks_ties_by_the_mean():
    nodes, stats, path, candidates, used = fresh()
    legal = np.array([5, 6, 7], np.int64)
    for action, visits, value in ((5, 3.0, 1.0), (6, 3.0, 2.0), (7, 2.0, 2.0)):
        nodes[used] = [T.ROOT, action, 1, T.NONE, nodes[T.ROOT, T.NODE_FIRST_CHILD]]
        nodes[T.ROOT, T.NODE_FIRST_CHILD] = used
        stats[used, :3] = [visits, value, visits]
        used += 1
    assert T.most_visited(nodes, stats, legal, 3) == 1


def test_sort_range_and_squash():
    values = np.array([9, 4, 7, 1, 3, 8], np.int64)
    T.sort_range(values, 1, 5)
    assert list(values) == [9, 1, 3, 4, 7, 8]
    assert T.squash(0.0, 5.0) == 0.5 and 0.99 < T.squash(100.0, 10.0) <= 1.0 and T.squash(-3.0, 3.0) < 0.5


def test_progressive_widening_grows_a_node_with_the_square_root_of_its_visits():
    """widened: max(1, floor(widening * sqrt(visits))) of a node's candidates, never more than it has;
    widening 0 keeps them all (plain ISMCTS)."""
    _, stats, _, _, _ = fresh()
    for visits, widening, m, expected in ((0.0, 1.0, 4, 1), (1.0, 1.0, 4, 1), (3.0, 1.0, 4, 1), (4.0, 1.0, 4, 2),
                                          (9.0, 1.0, 4, 3), (100.0, 1.0, 4, 4), (4.0, 2.0, 3, 3), (4.0, 0.0, 4, 4),
                                          (0.0, 0.0, 2, 2)):
        stats[T.ROOT, T.STAT_VISITS] = visits
        assert T.widened(stats, T.ROOT, m, widening) == expected, (visits, widening, m)


def test_a_searched_action_beats_the_plan_only_beyond_margin_and_confidence():
    """ismcts.beats: the mean difference must exceed margin + confidence x the standard error of the
    difference (from each node's summed squares), so more visits at the same means clear the bar."""
    _, stats, _, _, _ = fresh()

    def node(index, visits, mean, spread):
        stats[index, T.STAT_VISITS] = visits
        stats[index, T.STAT_VALUE] = visits * mean
        stats[index, T.STAT_SQUARES] = visits * (spread + mean * mean)

    node(1, 8.0, 0.30, 0.04)
    node(2, 8.0, 0.20, 0.04)  # difference 0.1, standard error sqrt(2 x 0.04 / 8) = 0.1
    assert T.beats(stats, 1, 2, 0.0, 0.0) and not T.beats(stats, 2, 1, 0.0, 0.0)
    assert not T.beats(stats, 1, 2, 0.0, 2.0) and not T.beats(stats, 1, 2, 0.1, 0.0)
    node(1, 128.0, 0.30, 0.04)
    node(2, 128.0, 0.20, 0.04)  # the same means over 16 times the visits: error 0.025
    assert T.beats(stats, 1, 2, 0.0, 2.0)
    node(2, 0.0, 0.0, 0.0)
    assert T.beats(stats, 1, 2, 0.0, 2.0), "a plan's action never visited is beaten by any visited one"
