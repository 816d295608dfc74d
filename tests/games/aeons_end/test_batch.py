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
    assert set(GAME.editions()) == {"beginner", "normal", "expert", "extinction"}
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
    assert r.card_counts.shape == (8, 2, len(names), 3)
    assert (r.card_counts[:, :, :, 2].sum(axis=2) == 5).all()
    crystal = names.index("Crystal")
    assert (r.card_counts[:, :, crystal, 1] > 0).all()
    assert r.card_counts[:, :, :, 0].sum() > 0
