"""Coin Race's bots. Kinds (vocab.BOT_KINDS) and weights are data: decks/coin_race/policies/*.yaml.

- gamble_rate: gambles with probability ``gamble_probability`` (banker 0, gambler 1, mixed 0.5).
- closer: banks a card whose value brings its side to the target, else plays like gamble_rate.
- ismcts: information-set MCTS (sim/core/ismcts.py) with the closer as its rollout policy; its budget
  (iterations, exploration, worlds, horizon_turns, evaluation_scale) is in its weights.
Each decision draws one value from the seat's bot stream, whatever the bot, so a bot's later choices
do not depend on which branch it took earlier (the search draws its own keys after that value).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import ismcts, rng
from sim.games.coin_race import engine, vocab
from sim.games.coin_race import layout as L
from sim.games.coin_race import tables as T
from sim.games.coin_race.rules.ending import side_total

UNIT = 1.0 / 9007199254740992.0  # 2**-53: a uniform double from the top 53 bits
WORLD_STREAM = 0  # seat 0's deal stream: no longer drawn from once dealt, so a search borrows it


def work_arrays() -> tuple:
    """The ISMCTS bot's work arrays (its `work` argument): a state, its streams, a legal list, the prior
    values, an event log with no rows, card counts nobody reads, the tree and the world keys."""
    return (
        np.zeros(L.STATE_SIZE, np.int64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.MAX_LEGAL, np.float64),
        np.zeros((0, L.EVENT_WIDTH), np.int64),
        np.zeros((1, 1, L.CARD_COUNT_COLUMNS), np.int16),
        *ismcts.tree_arrays(vocab.TREE_CAPACITY, L.MAX_LEGAL),
        np.zeros(vocab.MAX_WORLDS, np.uint64),
    )


@njit(cache=True, _nrt=False)
def choose(state, ruleset, matchup, policy_id, weights, keys, counters, work):
    """The acting seat's action under its bot (policy id and weights row of its deck slot)."""
    seat = state[L.G_SEAT]
    stream = state[L.G_SEATS] + seat
    uniform = (rng.next_u64(keys, counters, stream) >> 11) * UNIT
    if policy_id == vocab.POLICY_ISMCTS:
        return ismcts_choose(state, ruleset, matchup, weights, keys, counters, stream, work)
    return closer_or_rate(state, ruleset, matchup, policy_id == vocab.POLICY_CLOSER, weights[0], uniform)


@njit(cache=True, inline="always")
def closer_or_rate(state, ruleset, matchup, closes, gamble_probability, uniform):
    """Bank a card that brings the side to its target (when `closes`); else gamble when `uniform` is
    below `gamble_probability`."""
    if closes:
        position = state[L.G_SEAT] % state[L.G_SIDES]
        reach = side_total(state, position) + T.card_value(ruleset, state[L.G_CARD])
        if reach >= T.side_target(ruleset, matchup):
            return L.ACTION_BANK
    if uniform < gamble_probability:
        return L.ACTION_GAMBLE
    return L.ACTION_BANK


@njit(cache=True, _nrt=False)
def determinize_information_set(state, matchup, keys, counters, stream):
    """Re-deal what the deciding seat cannot see: the order of every deck's undrawn cards (drawn cards
    are face up; a deck past its end replays its known order). The cards are sorted first, so the world
    is a function of what the seat can see and of the stream only."""
    deck_size = matchup[T.MATCHUP_DECK_SIZE]
    for seat in range(state[L.G_SEATS]):
        base = L.GLOBALS + seat * L.SEAT_SIZE
        cursor = state[base + L.P_CURSOR]
        if cursor < deck_size:
            ismcts.sort_range(state, base + L.P_DECK + cursor, base + L.P_DECK + deck_size)
            rng.shuffle(state, base + L.P_DECK + cursor, base + L.P_DECK + deck_size, keys, counters, stream)


@njit(cache=True, _nrt=False)
def ismcts_choose(state, ruleset, matchup, weights, keys, counters, stream, work):
    """Information-set MCTS over the acting seat's information set (sim/core/ismcts.py): each iteration
    re-deals a world (the `worlds` worlds in turn, common to both actions), descends the tree, expands one
    node, plays the closer (with the `gamble_probability` weight) to the start of the `horizon_turns`-th
    turn from now or the end, and backs up 1 / 0.5 / 0 for a win / draw / loss, else the side's lead over
    the best other side squashed by `evaluation_scale`."""
    work_state, work_keys, work_counters, legal, values, events, counts, nodes, stats, path, candidates, world_keys = work
    sides = state[L.G_SIDES]
    side = state[L.G_SEAT] % sides
    iterations = int(weights[vocab.W_ITERATIONS])
    exploration = weights[vocab.W_EXPLORATION]
    worlds = int(weights[vocab.W_WORLDS])
    boundary = state[L.G_TURNS] + int(weights[vocab.W_HORIZON])
    scale = weights[vocab.W_EVALUATION_SCALE]
    rollout_gamble = weights[vocab.W_ROLLOUT_GAMBLE]
    for k in range(L.MAX_LEGAL):
        values[k] = 0.0  # no prior: a node considers both actions
    for world in range(worlds):
        world_keys[world] = rng.next_u64(keys, counters, stream)
    used = ismcts.clear_tree(nodes, stats)
    for iteration in range(iterations):
        for f in range(state.shape[0]):
            work_state[f] = state[f]
        work_state[L.G_EVENTS] = 0
        for t in range(work_keys.shape[0]):
            work_keys[t] = rng.next_u64(keys, counters, stream)
            work_counters[t] = 0
        work_keys[WORLD_STREAM] = world_keys[iteration % worlds]
        determinize_information_set(work_state, matchup, work_keys, work_counters, WORLD_STREAM)
        node = ismcts.ROOT
        path[0] = node
        length = 1
        while work_state[L.G_DONE] == 0 and work_state[L.G_TURNS] < boundary:
            n = engine.legal_actions(work_state, legal)
            m = ismcts.top_candidates(values, n, n, candidates)
            ally = 1 if work_state[L.G_SEAT] % sides == side else 0
            c, child, used, expanded = ismcts.select(nodes, stats, node, legal, candidates, m, exploration, used, ally)
            if child == ismcts.NONE:  # the tree is full: play on from here
                break
            engine.step(work_state, ruleset, matchup, legal[candidates[0, c]], work_keys, work_counters, events, counts,
                        False)
            path[length] = child
            length += 1
            node = child
            if expanded:
                break
        while work_state[L.G_DONE] == 0 and work_state[L.G_TURNS] < boundary:
            uniform = (rng.next_u64(work_keys, work_counters, work_state[L.G_SEATS] + work_state[L.G_SEAT]) >> 11) * UNIT
            action = closer_or_rate(work_state, ruleset, matchup, True, rollout_gamble, uniform)
            engine.step(work_state, ruleset, matchup, action, work_keys, work_counters, events, counts, False)
        ismcts.backpropagate(nodes, stats, path, length, reward(work_state, side, scale))
    n = engine.legal_actions(state, legal)
    return legal[ismcts.most_visited(nodes, stats, legal, n)]


@njit(cache=True, _nrt=False)
def reward(state, side, scale):
    """Side `side`'s reward of a rollout's last position, in [0, 1]."""
    if state[L.G_DONE]:
        if state[L.G_WINNER] == side:
            return 1.0
        return 0.5 if state[L.G_WINNER] == -1 else 0.0
    best_other = -(1 << 40)
    for other in range(state[L.G_SIDES]):
        if other != side:
            best_other = max(best_other, side_total(state, other))
    return ismcts.squash(float(side_total(state, side) - best_other), scale)
