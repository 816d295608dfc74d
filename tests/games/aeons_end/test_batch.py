"""Batch kernel: termination, determinism, common random numbers, 0 errors in debug mode."""

import numpy as np
import pytest

from sim.core.game import SeedBlock
from sim.core.rng import name_key
from sim.games.aeons_end import GAME


def _seeds(matchup, n, root=11):
    return SeedBlock(root_seed=root, matchup_key=name_key(matchup.matchup_id),
                     pair_index=np.arange(n, dtype=np.int64), swap=np.zeros(n, np.uint8))


def test_contract_metadata():
    assert GAME.cooperative and GAME.name == "aeons_end" and GAME.player_counts == (1, 2, 3, 4)
    assert {"beginner", "normal", "expert", "extinction"} <= set(GAME.editions())
    assert GAME.default_edition() == "normal"
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_2p")[0]
    assert m.matchup_id == "2p-adelheim-brama_vs-rageborne_supply-standard"
    assert m.sides == ("adelheim+brama vs rageborne",) and m.players == 2
    assert all(GAME.load_matchups(rs, f"default_{p}p") for p in (1, 2, 3, 4))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "greedy_economy"])
def test_debug_games_have_no_errors(players, policy):
    rs = GAME.load_ruleset("normal")
    for m in GAME.load_matchups(rs, f"default_{players}p"):
        r = GAME.play_batch(rs, m, (GAME.load_policy(policy),), _seeds(m, 150), debug=True)
        assert (r.error == 0).all(), np.bincount(r.error.astype(np.int64))
        assert (r.turns > 0).all()
        assert set(np.unique(r.winner)) <= {0, 1}
        assert r.extra["round_gravehold_life"].shape == (150, 40)


def test_same_seed_same_result():
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_2p")[1]
    pol = (GAME.load_policy("greedy_damage"),)
    a = GAME.play_batch(rs, m, pol, _seeds(m, 64))
    b = GAME.play_batch(rs, m, pol, _seeds(m, 64))
    for k in ("winner", "turns", "score", "end_reason"):
        assert np.array_equal(getattr(a, k), getattr(b, k))
    c = GAME.play_batch(rs, m, pol, _seeds(m, 64, root=12))
    assert not np.array_equal(a.turns, c.turns)


def test_arms_replay_the_same_deals():
    """Common random numbers: the nemesis deck and first turn-order cards do not depend on edition or bot."""
    from sim.games.aeons_end.scenario import Scenario

    first = Scenario.new("adelheim+brama vs rageborne", edition="normal", seed=5, advance=False)
    other = Scenario.new("adelheim+brama vs rageborne", edition="expert", seed=5, advance=False)
    deck = first.s[72:72 + first.get("G_NEMESIS_DECK_LEN")]
    assert np.array_equal(deck, other.s[72:72 + other.get("G_NEMESIS_DECK_LEN")])
    first.advance()
    other.advance()
    assert first.turn_order() == other.turn_order()


def test_replay_log_readable():
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_1p")[0]
    log = GAME.replay(rs, m, (GAME.load_policy("greedy_economy"),), _seeds(m, 1))
    assert log[0].startswith("setup:")
    assert any("nemesis draws" in line for line in log)
    assert any("casts" in line for line in log)
    assert log[-1].startswith("end: players")
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_economy"),), _seeds(m, 1))
    assert (f"after {int(r.turns[0])} turns") in log[-1]


def test_card_counts():
    """Per-card rows: five opening-hand cards per mage; starters are drawn and played."""
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_2p")[0]
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_economy"),), _seeds(m, 8), card_counts=True)
    names = GAME.card_names(rs)
    assert r.card_counts.shape == (8, 2, len(names), 4)
    assert (r.card_counts[:, :, :, 2].sum(axis=2) == 5).all()
    crystal = names.index("Crystal")
    assert (r.card_counts[:, :, crystal, 1] > 0).all()
    assert r.card_counts[:, :, :, 0].sum() > 0


@pytest.mark.parametrize("nemesis", ["prince_of_gluttons", "crooked_mask"])
def test_card_counts_gained(nemesis):
    """Rulebook: 'When you gain a card, it is immediately placed on top of your discard pile.' The fourth count
    column is the number of copies of each supply card a mage gained (bought, or gained by a card effect;
    Prince of Gluttons' devoured pile included), so it sums to the match's cards_gained."""
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, [f"adelheim+brama vs {nemesis}"])[0]
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_damage"),), _seeds(m, 40), card_counts=True)
    gained = r.card_counts[:, :, :, 3]
    assert (gained.sum(axis=(1, 2)) == r.extra["cards_gained"]).all()
    assert gained.sum() > 0
    starters = [GAME.card_names(rs).index(n) for n in ("Crystal", "Spark")]
    assert gained[:, :, starters].sum() == 0


def test_search_policy_plays_legal_games():
    """The search bot picks among legal actions only (debug mode checks every action) and is reproducible."""
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_2p")[1]
    policy = GAME.load_policy("search")
    r = GAME.play_batch(rs, m, (policy,), _seeds(m, 3), debug=True)
    assert (r.error == 0).all()
    again = GAME.play_batch(rs, m, (policy,), _seeds(m, 3), debug=True)
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


def test_card_rows_carry_gained_counts():
    """The lake's per-card rows carry the gained column (supply-card impact: win rate when gained)."""
    from sim.core import lake

    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, ["adelheim+brama vs rageborne"])[0]
    seeds = _seeds(m, 20)
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_damage"),), seeds, card_counts=True)
    table = lake.card_table(GAME, rs, m, seeds, r, run_id="t")
    gained = table.column("gained").to_numpy()
    assert gained.sum() == r.extra["cards_gained"].sum() > 0
    assert set(table.column("card").to_numpy()[gained > 0]) <= set(GAME.card_names(rs)) - {"Crystal", "Spark"}


def _nemesis_deck_and_turn_order(edition, pair_index):
    from sim.games.aeons_end.scenario import Scenario

    rs = GAME.load_ruleset(edition)
    m = GAME.load_matchups(rs, "default_2p")[0]
    sc = Scenario(GAME, rs, m, seed=3, pair_index=pair_index)
    deck = tuple(sc.s[72:72 + sc.get("G_NEMESIS_DECK_LEN")])
    sc.advance()
    order = sc.turn_order()
    return deck, tuple(order["discard"] + order["deck"])


@pytest.mark.parametrize(("edition", "held"), [("normal-turn-order-varies", "deck"), ("normal-deal-varies", "turns")])
def test_deal_groups_hold_the_named_streams(edition, held):
    """Sampling design (not a rule): inside a group of 16 games only the named streams differ, so the
    turn-order study measures what the turn-order deck ("shuffle the turn order deck", rulebook Setup)
    alone changes."""
    games = [_nemesis_deck_and_turn_order(edition, pair) for pair in range(16, 32)]
    decks = {deck for deck, _ in games}
    turn_orders = {turns for _, turns in games}
    if held == "deck":
        assert len(decks) == 1 and len(turn_orders) > 1
    else:
        assert len(turn_orders) == 1 and len(decks) > 1
    plain = {_nemesis_deck_and_turn_order("normal", pair)[0] for pair in range(16, 20)}
    assert len(plain) > 1


def test_deal_group_column():
    rs = GAME.load_ruleset("normal-turn-order-varies")
    m = GAME.load_matchups(rs, "default_2p")[0]
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_damage"),), _seeds(m, 40))
    assert r.extra["deal_group"].tolist() == [pair // 16 for pair in range(40)]
    plain = GAME.load_ruleset("normal")
    r = GAME.play_batch(plain, m, (GAME.load_policy("greedy_damage"),), _seeds(m, 5))
    assert r.extra["deal_group"].tolist() == list(range(5))
