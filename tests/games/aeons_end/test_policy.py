"""Bots: one bot per mage, the search bot's legality and information set. Each test cites the rulebook passage
(or the design rule) it checks."""

import numpy as np
import pytest

from sim.core.errors import UserError
from sim.core.game import Policy
from sim.games.aeons_end import GAME
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.batch import policy_arrays
from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import match_seeds


def test_search_policy_plays_legal_games():
    """The search bot picks among legal actions only (debug mode checks every action) and is reproducible."""
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_2p")[1]
    policy = GAME.load_policy("search")
    r = GAME.play_batch(rs, m, (policy,), match_seeds(m, 3), debug=True)
    assert (r.error == 0).all()
    again = GAME.play_batch(rs, m, (policy,), match_seeds(m, 3), debug=True)
    assert np.array_equal(r.winner, again.winner) and np.array_equal(r.turns, again.turns)


def test_search_redeal_ignores_hidden_order():
    """Search must never peek: its re-deal of the turn-order deck, the undrawn nemesis cards (within tier),
    the player decks and the corruption deck gives the same state whatever order they were in, and so the
    same decision. Rulebook, turn order: 'shuffle the turn order deck'; nemesis deck tiers stay stacked."""
    from sim.games.aeons_end.policy import determinize, search_act, search_arrays

    sc = Scenario.new("adelheim+brama vs crooked_mask", seed=3)
    other = sc.s.copy()
    pos, end = sc.get("G_NEMESIS_DECK_POS"), sc.get("G_NEMESIS_DECK_LEN")
    tiers = [int(sc.lib.ncard[c, L.NC_TIER]) for c in sc.s[L.NEMESIS_DECK_BASE + pos:L.NEMESIS_DECK_BASE + end]]
    first_t1 = L.NEMESIS_DECK_BASE + pos
    n_t1 = tiers.count(tiers[0])
    other[first_t1:first_t1 + n_t1] = other[first_t1:first_t1 + n_t1][::-1]
    to = L.TURN_ORDER_BASE + sc.get("G_TURN_ORDER_POS")
    other[to:L.TURN_ORDER_BASE + L.TURN_ORDER_SIZE] = other[to:L.TURN_ORDER_BASE + L.TURN_ORDER_SIZE][::-1]
    b = sc.base(0)
    other[b + L.P_DECK:b + L.P_DECK + sc.player(0)["deck_top_first"].__len__()] = \
        other[b + L.P_DECK:b + L.P_DECK + len(sc.player(0)["deck_top_first"])][::-1]
    n_cor = sc.get("G_CORRUPTIONS")
    other[L.CORRUPTION_BASE:L.CORRUPTION_BASE + n_cor] = other[L.CORRUPTION_BASE:L.CORRUPTION_BASE + n_cor][::-1]
    assert not np.array_equal(other, sc.s)
    keys = np.array([11, 12, 13, 14], np.uint64)
    a, c = sc.s.copy(), other.copy()
    determinize(a, sc.T, keys, np.zeros(4, np.uint64))
    determinize(c, sc.T, keys, np.zeros(4, np.uint64))
    assert np.array_equal(a, c)
    policy = GAME.load_policy("search")
    legal = np.array(sc.legal(), np.int64)
    choices = [search_act(state, sc.T, legal, len(legal), policy.params, sc.keys.copy(),
                          np.zeros(L.STREAM_COUNT, np.uint64), L.STREAM_POLICY, search_arrays(L.STATE_SIZE, L.MAX_ACTIONS))
               for state in (sc.s.copy(), other.copy())]
    assert choices[0] == choices[1]


# ---------------------------------------------------------------------------------------- one bot per mage
MIXED_ENTRY = "adelheim+brama vs rageborne"


def _play(policies, entry=MIXED_ENTRY, n=40, **kw):
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, [entry])[0]
    return GAME.play_batch(rs, m, tuple(policies), match_seeds(m, n), **kw)


def _outcome(result):
    return [result.winner.tolist(), result.turns.tolist(), result.score.tolist(),
            result.extra["gravehold_life"].tolist()]


def test_two_bots_differ_from_both_uniform_teams_and_are_deterministic():
    """DESIGN.md §6: 'Every seat has its own bot.' A 2-mage team with a different bot per mage plays neither
    as the all-greedy nor as the all-random team, and the same seed keys give the same matches."""
    greedy, rand = GAME.load_policy("greedy_damage"), GAME.load_policy("random")
    mixed = _play([greedy, rand], debug=True)
    assert (mixed.error == 0).all()
    assert _outcome(mixed) != _outcome(_play([greedy]))
    assert _outcome(mixed) != _outcome(_play([rand]))
    assert _outcome(mixed) == _outcome(_play([greedy, rand], debug=True))
    swapped = _play([rand, greedy])
    assert _outcome(swapped) != _outcome(mixed)


def test_one_policy_means_every_mage():
    """A single policy is the whole team's bot: the same play, bit for bit, as that policy given per mage."""
    for name in ("greedy_damage", "random"):
        policy = GAME.load_policy(name)
        one, each = _play([policy], n=20, card_counts=True), _play([policy, policy], n=20, card_counts=True)
        assert _outcome(one) == _outcome(each)
        assert np.array_equal(one.card_counts, each.card_counts)


def test_policy_count_must_be_one_or_the_mage_count():
    """Bad input is one line naming the entry (sim/core/errors.py), never a traceback."""
    greedy = GAME.load_policy("greedy_damage")
    with pytest.raises(UserError, match="one bot for all seats or one per seat \\(2 for this matchup\\), got 3") as err:
        _play([greedy, greedy, greedy], n=1)
    assert "\n" not in str(err.value) and "policies" in str(err.value)
    with pytest.raises(UserError, match="got 2"):
        _play([greedy, greedy], entry="adelheim+brama+kadir vs rageborne", n=1)


def test_equal_bots_share_a_stream_different_bots_have_their_own():
    """Streams are keyed by deck slot (DESIGN.md §5); mages playing the same bot (policy id and weights) draw
    from the stream of the first of them, so a one-bot team keeps the single stream it always had."""
    greedy, rand = GAME.load_policy("greedy_damage"), GAME.load_policy("random")
    other_random = Policy(name="random_end_heavy", policy_id=rand.policy_id, params=rand.params * 4)
    base = L.STREAM_POLICY
    rs = GAME.load_ruleset("normal")
    two, three = (GAME.load_matchups(rs, [e])[0] for e in (MIXED_ENTRY, "adelheim+brama+kadir vs rageborne"))
    assert policy_arrays([rand], three)[2].tolist() == [base] * 3
    assert policy_arrays([rand, greedy, rand], three)[2].tolist() == [base, base + 1, base]
    assert policy_arrays([rand, other_random], two)[2].tolist() == [base, base + 1]
    ids, params, _ = policy_arrays([rand, GAME.load_policy("search")], two)
    assert ids.tolist() == [rand.policy_id, 2] and params.shape == (2, 16)
    assert params[0, 0] == rand.params[0] and (params[0, 1:] == 0).all()


def test_mage_i_decides_with_bot_i():
    """Property: in a team of two deterministic bots with different weights, every decision of mage i is the
    one bot i makes in that state (and at some decisions bot j would have chosen otherwise); the match so
    driven ends as the batch kernel's row for the same seed key."""
    from sim.games.aeons_end.policy import greedy_act_call

    bots = [GAME.load_policy("greedy_damage"), GAME.load_policy("greedy_economy")]
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, [MIXED_ENTRY])[0]
    seeds = match_seeds(m, 1)
    sc = Scenario(GAME, rs, m, seed=int(seeds.root_seed), pair_index=0)
    sc.advance()
    decisions, other_would_differ = [0, 0], 0
    while sc.status()[0] == "running":
        p = sc.get("G_ACTIVE")
        action = int(greedy_act_call(sc.s, sc.T, bots[p].params))
        if int(greedy_act_call(sc.s, sc.T, bots[1 - p].params)) != action:
            other_would_differ += 1
        sc.apply(action)
        decisions[p] += 1
    assert min(decisions) > 0 and other_would_differ > 0
    row = GAME.play_batch(rs, m, tuple(bots), seeds)
    assert (int(row.turns[0]), int(row.extra["gravehold_life"][0])) == (sc.get("G_TURNS"), sc.get("G_GRAVEHOLD"))
    assert sc.status()[0] == ("won" if int(row.winner[0]) == 0 else "lost")


def test_the_search_bot_is_compiled_apart_and_plays_only_in_its_own_kernel():
    """A batch without the search bot is played by the kernel compiled without it (search_act is most
    of the game's compile time), a batch with it by the kernel compiled with it."""
    from numba import types

    from sim.games.aeons_end.batch import play_batch_kernel

    assert GAME.kernel_set((GAME.load_policy("greedy_damage"), GAME.load_policy("random"))) == ""
    assert GAME.kernel_set((GAME.load_policy("greedy_damage"), GAME.load_policy("search"))) == "search"
    GAME.warm_up()
    GAME.warm_up("search")
    work = {sig.args[-1] for sig in play_batch_kernel.nopython_signatures}
    assert types.none in work and any(isinstance(arrays, types.BaseTuple) for arrays in work)
