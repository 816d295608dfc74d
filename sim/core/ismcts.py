"""Information-set Monte Carlo tree search, the tree machinery written once for every game (DESIGN.md §10).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2)): one tree over the deciding seat's information set. Each iteration
samples a determinization (a full state consistent with what the seat can see, from the seat's own
stream), descends the tree choosing among the actions *available in that determinization* only,
expands one node, plays a rollout to a cut-off, and backs the result up. A child's UCB1 term counts
how often it was available (its availability count), not how often its parent was visited: an
action that is legal in few worlds is not penalised for the worlds where it could not be chosen.

The game supplies the rest through a short search loop in its own policy module (numba cannot
cache a kernel that takes another kernel as an argument, so the loop cannot live here): its legal
actions and greedy values (the prior that orders expansion and keeps the `candidates` best actions
of a node), its step, its determinizer, its rollout policy and cut-off evaluation. Rewards are in
[0, 1] for the deciding seat's side; a node stores whether the seat that chose its action is on
that side (`NODE_ALLY`), so two-sided, team and cooperative games share the same backup.

Every array is allocated by the caller (`tree_arrays`): the helpers run without numba's reference
counting. A node's children form a linked list (first child, next sibling); node 0 is the root.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.core import rng  # noqa: F401 - installs the package's kernel cache and indexing before compiling

# int64 fields of a node (nodes[i, field])
NODE_PARENT = 0
NODE_ACTION = 1  # the game's action code that leads from the parent to this node
NODE_ALLY = 2  # 1: the seat choosing this node's action is on the deciding seat's side
NODE_FIRST_CHILD = 3
NODE_NEXT_SIBLING = 4
NODE_FIELDS = 5
# float64 statistics of a node (stats[i, field])
STAT_VISITS = 0
STAT_VALUE = 1  # summed rewards from the point of view of the seat choosing this node's action
STAT_AVAILABLE = 2  # descents through the parent in which this node's action was available
STAT_SQUARES = 3  # summed squared rewards (same point of view as STAT_VALUE): the spread of the mean
STAT_FIELDS = 4
ROOT = 0
NONE = -1


def tree_arrays(capacity: int, max_candidates: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(nodes int64[capacity, NODE_FIELDS], stats float64[capacity, STAT_FIELDS], path int64[capacity],
    candidates int64[2, max_candidates]): a search of `iterations` uses at most iterations + 1 nodes."""
    return (
        np.zeros((capacity, NODE_FIELDS), np.int64),
        np.zeros((capacity, STAT_FIELDS), np.float64),
        np.zeros(capacity, np.int64),
        np.zeros((2, max_candidates), np.int64),
    )


@njit(cache=True, _nrt=False)
def clear_tree(nodes, stats):
    """A tree holding only the root; returns the number of nodes in use (1)."""
    for field in range(NODE_FIELDS):
        nodes[ROOT, field] = NONE
    for field in range(STAT_FIELDS):
        stats[ROOT, field] = 0.0
    return 1


@njit(cache=True, _nrt=False)
def top_candidates(values, n, k, candidates):
    """candidates[0, :m] = the indices of the min(k, n) highest of values[:n], best first (equal values
    keep their list order); returns m. The prior: a node only considers these actions."""
    m = min(k, n, candidates.shape[1])
    for c in range(m):
        candidates[0, c] = NONE
    for index in range(n):
        value = values[index]
        slot = NONE
        for c in range(m):
            if candidates[0, c] == NONE or value > values[candidates[0, c]]:
                slot = c
                break
        if slot != NONE:
            for c in range(m - 1, slot, -1):
                candidates[0, c] = candidates[0, c - 1]
            candidates[0, slot] = index
    return m


@njit(cache=True, _nrt=False)
def child_with_action(nodes, node, action):
    child = nodes[node, NODE_FIRST_CHILD]
    while child != NONE and nodes[child, NODE_ACTION] != action:
        child = nodes[child, NODE_NEXT_SIBLING]
    return child


@njit(cache=True, _nrt=False)
def select(nodes, stats, node, legal, candidates, m, exploration, used, ally):
    """One step of the descent at `node`, whose available actions in this determinization are
    legal[candidates[0, c]] for c < m (best prior first). Every existing child among them gains one
    availability; the first of them without a child is expanded (a new node, `ally` as given), else
    the child of highest UCB1 (mean + exploration * sqrt(ln(availability) / visits)) is chosen.
    Returns (candidate index c, node chosen, nodes in use, expanded); node NONE when the tree is full
    and an expansion was due."""
    first_untried = NONE
    for c in range(m):
        child = child_with_action(nodes, node, legal[candidates[0, c]])
        candidates[1, c] = child
        if child == NONE:
            if first_untried == NONE:
                first_untried = c
        else:
            stats[child, STAT_AVAILABLE] += 1.0
    if first_untried != NONE:
        if used >= nodes.shape[0]:
            return first_untried, NONE, used, False
        child = used
        nodes[child, NODE_PARENT] = node
        nodes[child, NODE_ACTION] = legal[candidates[0, first_untried]]
        nodes[child, NODE_ALLY] = ally
        nodes[child, NODE_FIRST_CHILD] = NONE
        nodes[child, NODE_NEXT_SIBLING] = nodes[node, NODE_FIRST_CHILD]
        nodes[node, NODE_FIRST_CHILD] = child
        stats[child, STAT_VISITS] = 0.0
        stats[child, STAT_VALUE] = 0.0
        stats[child, STAT_AVAILABLE] = 1.0
        stats[child, STAT_SQUARES] = 0.0
        candidates[1, first_untried] = child
        return first_untried, child, used + 1, True
    best = 0
    best_score = -1e300
    for c in range(m):
        child = candidates[1, c]
        visits = stats[child, STAT_VISITS]
        score = stats[child, STAT_VALUE] / visits + exploration * math.sqrt(
            math.log(stats[child, STAT_AVAILABLE]) / visits
        )
        if score > best_score:
            best_score = score
            best = c
    return best, candidates[1, best], used, False


@njit(cache=True, _nrt=False)
def widened(stats, node, m, widening):
    """How many of a node's m candidates (best prior first) it considers, by progressive widening
    (Coulom 2007; Chaslot et al. 2008): max(1, floor(widening * sqrt(visits))), so a node seen once
    follows the prior's best action and others are tried only as its visits grow. With a budget of a
    few dozen iterations, trying every candidate at every depth makes a child's mean an average over
    poor continuations rather than an estimate of its best one. widening 0: all m (plain ISMCTS)."""
    if widening <= 0.0:
        return m
    return min(m, max(1, np.int64(widening * math.sqrt(stats[node, STAT_VISITS]))))


@njit(cache=True, _nrt=False)
def backpropagate(nodes, stats, path, length, reward):
    """Add one visit and the reward to every node of path[:length] (the root first): `reward` is the
    deciding side's, in [0, 1]; an opposing node gets 1 - reward."""
    stats[ROOT, STAT_VISITS] += 1.0
    for i in range(length):
        node = path[i]
        if node == ROOT:
            continue
        value = reward if nodes[node, NODE_ALLY] == 1 else 1.0 - reward
        stats[node, STAT_VISITS] += 1.0
        stats[node, STAT_VALUE] += value
        stats[node, STAT_SQUARES] += value * value
    return 0


@njit(cache=True, _nrt=False)
def beats(stats, chosen, planned, margin, confidence):
    """Whether node `chosen`'s mean reward exceeds node `planned`'s by more than margin + confidence x the
    standard error of their difference (Welch's, from each node's summed squares). A search replaces the
    plan's choice only then: with few iterations, a mean that is higher by noise alone would otherwise pull
    decisions off the plan; with more iterations the error shrinks, so the bar falls with the budget."""
    n_chosen = stats[chosen, STAT_VISITS]
    n_planned = stats[planned, STAT_VISITS]
    if n_chosen < 1.0 or n_planned < 1.0:
        return n_chosen >= 1.0 and n_planned < 1.0
    mean_chosen = stats[chosen, STAT_VALUE] / n_chosen
    mean_planned = stats[planned, STAT_VALUE] / n_planned
    spread_chosen = max(0.0, stats[chosen, STAT_SQUARES] / n_chosen - mean_chosen * mean_chosen)
    spread_planned = max(0.0, stats[planned, STAT_SQUARES] / n_planned - mean_planned * mean_planned)
    error = math.sqrt(spread_chosen / n_chosen + spread_planned / n_planned)
    return mean_chosen - mean_planned > margin + confidence * error


@njit(cache=True, _nrt=False)
def most_visited(nodes, stats, legal, n):
    """Index in legal[:n] of the root's most visited child (ties: the higher mean, then the earlier
    action); 0 when the root has no child."""
    best = 0
    best_visits = -1.0
    best_mean = -1.0
    for k in range(n):
        child = child_with_action(nodes, ROOT, legal[k])
        if child == NONE:
            continue
        visits = stats[child, STAT_VISITS]
        mean = stats[child, STAT_VALUE] / visits if visits > 0 else 0.0
        if visits > best_visits or (visits == best_visits and mean > best_mean):
            best = k
            best_visits = visits
            best_mean = mean
    return best


@njit(cache=True, _nrt=False)
def sort_range(values, start, stop):
    """Insertion sort of values[start:stop] (a deck: a few dozen cards). A determinizer sorts the cards
    it re-deals first, so the world it draws does not depend on the hidden order they were in."""
    for i in range(start + 1, stop):
        value = values[i]
        j = i
        while j > start and values[j - 1] > value:
            values[j] = values[j - 1]
            j -= 1
        values[j] = value
    return 0


@njit(cache=True, _nrt=False)
def gather(state, start, stop, pool, used):
    """Append state[start:stop] to pool[used:]; returns the new count (a determinizer collects the cards it
    shuffles together, then deals them back into the same places: deal_back)."""
    for i in range(start, stop):
        pool[used] = state[i]
        used += 1
    return used


@njit(cache=True, _nrt=False)
def deal_back(state, start, stop, pool, used):
    """state[start:stop] from pool[used:]; returns the new count (gather's inverse)."""
    for i in range(start, stop):
        state[i] = pool[used]
        used += 1
    return used


@njit(cache=True, inline="always")
def squash(score, scale):
    """A cut-off score (the deciding side's margin, any range) as a reward in (0, 1): 0.5 at a tie."""
    return 0.5 + 0.5 * math.tanh(score / scale)
