"""Bots: the search bot's legality and information set. Each test cites the rulebook passage (or the public
data line) it checks."""

import numpy as np

from sim.games.aeons_end import GAME
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
    from sim.games.aeons_end import layout as L
    from sim.games.aeons_end.policy import determinize, search_act
    from sim.games.aeons_end.scenario import Scenario

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
    choices = [search_act(state, sc.T, legal, len(legal), policy.params, sc.keys.copy(), np.zeros(4, np.uint64))
               for state in (sc.s.copy(), other.copy())]
    assert choices[0] == choices[1]
