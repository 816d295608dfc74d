"""Batch kernel: termination, determinism, common random numbers, card counts, sampling designs. Each test
cites the rulebook passage (or the public data line) it checks."""

import numpy as np
import pytest

from sim.games.aeons_end import GAME
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import match_seeds


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
        r = GAME.play_batch(rs, m, (GAME.load_policy(policy),), match_seeds(m, 150), debug=True)
        assert (r.error == 0).all(), np.bincount(r.error.astype(np.int64))
        assert (r.turns > 0).all()
        assert set(np.unique(r.winner)) <= {0, 1}
        assert r.extra["round_gravehold_life"].shape == (150, 40)


def test_same_seed_same_result():
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_2p")[1]
    pol = (GAME.load_policy("greedy_damage"),)
    a = GAME.play_batch(rs, m, pol, match_seeds(m, 64))
    b = GAME.play_batch(rs, m, pol, match_seeds(m, 64))
    for k in ("winner", "turns", "score", "end_reason"):
        assert np.array_equal(getattr(a, k), getattr(b, k))
    c = GAME.play_batch(rs, m, pol, match_seeds(m, 64, root=12))
    assert not np.array_equal(a.turns, c.turns)


def test_arms_replay_the_same_deals():
    """Common random numbers: the nemesis deck and first turn-order cards do not depend on edition or bot."""

    first = AeonsEndScenario.new("adelheim+brama vs rageborne", edition="normal", seed=5, advance=False)
    other = AeonsEndScenario.new("adelheim+brama vs rageborne", edition="expert", seed=5, advance=False)
    deck = first.s[72:72 + first.get("G_NEMESIS_DECK_LEN")]
    assert np.array_equal(deck, other.s[72:72 + other.get("G_NEMESIS_DECK_LEN")])
    first.advance()
    other.advance()
    assert first.turn_order() == other.turn_order()


def test_card_counts():
    """Per-card rows: five opening-hand cards per mage; starters are drawn and played."""
    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, "default_2p")[0]
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_economy"),), match_seeds(m, 8), card_counts=True)
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
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_damage"),), match_seeds(m, 40), card_counts=True)
    gained = r.card_counts[:, :, :, 3]
    assert (gained.sum(axis=(1, 2)) == r.extra["cards_gained"]).all()
    assert gained.sum() > 0
    starters = [GAME.card_names(rs).index(n) for n in ("Crystal", "Spark")]
    assert gained[:, :, starters].sum() == 0


def test_card_rows_carry_gained_counts():
    """The lake's per-card rows carry the gained column (supply-card impact: win rate when gained)."""
    from sim.core import lake

    rs = GAME.load_ruleset("normal")
    m = GAME.load_matchups(rs, ["adelheim+brama vs rageborne"])[0]
    seeds = match_seeds(m, 20)
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_damage"),), seeds, card_counts=True)
    table = lake.card_table(GAME, rs, m, seeds, r, run_id="t")
    gained = table.column("gained").to_numpy()
    assert gained.sum() == r.extra["cards_gained"].sum() > 0
    assert set(table.column("card").to_numpy()[gained > 0]) <= set(GAME.card_names(rs)) - {"Crystal", "Spark"}


def _nemesis_deck_and_turn_order(edition, pair_index):

    rs = GAME.load_ruleset(edition)
    m = GAME.load_matchups(rs, "default_2p")[0]
    sc = AeonsEndScenario(GAME, rs, m, seed=3, pair_index=pair_index)
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
    r = GAME.play_batch(rs, m, (GAME.load_policy("greedy_damage"),), match_seeds(m, 40))
    assert r.extra["deal_group"].tolist() == [pair // 16 for pair in range(40)]
    plain = GAME.load_ruleset("normal")
    r = GAME.play_batch(plain, m, (GAME.load_policy("greedy_damage"),), match_seeds(m, 5))
    assert r.extra["deal_group"].tolist() == list(range(5))


def test_kernel_tables_built_once_per_ruleset_and_matchup():
    """The packed tables are built once per (ruleset, matchup): a second play_batch of the pair (or a copy
    of its objects, as a worker unpickles them) reuses them; another matchup or edition gets its own."""
    import copy

    from sim.games.aeons_end.data import compile_rules
    from sim.games.aeons_end.tables import pack

    game = type(GAME)()
    ruleset = game.load_ruleset("normal")
    solo, pair = game.load_matchups(ruleset, ["brama vs rageborne", "adelheim+brama vs rageborne"])
    tables = game.kernel_tables(ruleset, pair)
    assert game.kernel_tables(ruleset, pair) is tables
    assert game.kernel_tables(copy.deepcopy(ruleset), copy.deepcopy(pair)) is tables
    assert game.kernel_tables(ruleset, solo) is not tables
    assert game.kernel_tables(game.load_ruleset("expert"), pair) is not tables
    lib = ruleset.tables["library"]
    rules, extra = compile_rules(lib, ruleset.tables["rules"], "rageborne", 2)
    fresh = pack(rules, lib.pcard, lib.peff, lib.ncard, lib.neff, extra, lib.mage, lib.mage_cards,
                 pair.payload["setup"])
    assert np.array_equal(tables, fresh)
