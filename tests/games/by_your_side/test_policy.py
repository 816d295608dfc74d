"""By Your Side's bots: one per player, weights as data; the greedy reads only open information."""

import numpy as np

from sim.core import policies as policy_files
from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.by_your_side import GAME, engine
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import policy as bots
from sim.games.by_your_side.rules import planes
from sim.games.by_your_side.scenario import ByYourSideScenario


def _choice(sc, state, bot):
    ids, weights = policy_files.weight_matrix((bot, bot))
    legal = np.zeros(L.MAX_LEGAL, np.int64)
    n = engine.legal_actions(state, sc.table, legal)
    return int(bots.choose(state, sc.table, ids[0], weights[0], sc.keys.copy(), sc.counters.copy(), legal, n,
                           np.full(bots.SCORES_SIZE, np.nan)))


def test_a_greedy_bot_only_reads_what_is_open():
    """"Open information. This is a cooperative game, and you may talk about your plans and your hands freely."
    Both bots see both hands and every face-up or Peeked card; never a face-down card, a deck's order or the
    Exploration Deck. Scrambling those must not change a single greedy decision."""
    guardian = GAME.load_policy("guardian")
    rng = np.random.default_rng(7)
    names = len(GAME.library.card_names)
    checked = 0
    for seed in (1, 2, 3):
        sc = ByYourSideScenario.new("scenario_2", seed=seed)
        while not sc.state()["done"] and checked < 400 * seed:
            hidden = sc.s.copy()
            for p in range(1, 6):
                r = planes.position(p)
                if hidden[r + L.R_CARD] >= 0 and not hidden[r + L.R_REVEALED] and not hidden[r + L.R_PEEKED]:
                    hidden[r + L.R_CARD] = rng.integers(0, names)
            n = int(hidden[L.G_EXPLORATION])
            hidden[L.EXPLORATION:L.EXPLORATION + n] = rng.permutation(hidden[L.EXPLORATION:L.EXPLORATION + n])
            for seat in (0, 1):
                base = L.PLAYERS + seat * L.SEAT_SIZE
                k = int(hidden[base + L.P_DECK_N])
                hidden[base + L.P_DECK:base + L.P_DECK + k] = rng.permutation(hidden[base + L.P_DECK:base + L.P_DECK + k])
            if sc.state()["choice"] not in ("yes_no",):  # a yes/no may be about a card being looked at now
                assert _choice(sc, sc.s, guardian) == _choice(sc, hidden, guardian)
            sc.apply(sc.bot_action((guardian, guardian)))
            checked += 1
    assert checked > 300


def test_each_player_plays_its_own_bot():
    """Every seat plays its own deck slot's bot (slot 0 Jolene, slot 1 Rosi)."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["scenario_1"])[0]
    seeds = seed_block(4, matchup, 0, 100)
    random, guardian = GAME.load_policy("random"), GAME.load_policy("guardian")
    results = {}
    for pair in ((guardian, guardian), (random, guardian), (guardian, random), (random, random)):
        results[tuple(p.name for p in pair)] = GAME.play_batch(ruleset, matchup, pair, seeds, debug=True)
    for result in results.values():
        assert (result.error == 0).all()
    plays = {k: r.extra["plays"].sum(axis=0) for k, r in results.items()}
    assert not np.array_equal(results[("random", "guardian")].turns, results[("guardian", "random")].turns)
    assert (results[("guardian", "guardian")].winner == 0).mean() > (results[("random", "random")].winner == 0).mean()
    assert plays[("random", "guardian")][0] != plays[("guardian", "guardian")][0]


def test_the_greedy_team_beats_the_random_team():
    """The ladder's first rung: both cooperative greedy styles win far more often than random play."""
    ruleset = GAME.load_ruleset("standard")
    for entry in ("scenario_1", "scenario_2", "scenario_3"):
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        seeds = seed_block(11, matchup, 0, 200)
        rates = {}
        for name in ("random", "guardian", "seeker"):
            result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(name),), matchup), seeds)
            rates[name] = (result.winner == 0).mean()
        assert rates["guardian"] > rates["random"] + 0.4 and rates["seeker"] > rates["random"] + 0.4, (entry, rates)


def test_cached_card_values_decide_as_values_computed_afresh():
    """The greedy bot keeps card values across decisions while the parts of the board they read keep their
    versions (policy.check_parts: the weights and the Stabilities compared, the Planes by the engine's
    G_PLANES_VERSION), and looks a card up once per main decision (HAND_VALUES). At every decision of whole
    matches (a different bot for each player), a bot with the scores of all the decisions before scores every
    legal action exactly as a bot with empty scores does."""
    ids, weights = policy_files.weight_matrix((GAME.load_policy("guardian"), GAME.load_policy("seeker")))
    checked = 0
    for entry, seed in (("scenario_1", 3), ("scenario_2", 5), ("scenario_3", 8)):
        sc = ByYourSideScenario.new(entry, seed=seed)
        sc.take_forced = True
        kept = np.full(bots.SCORES_SIZE, np.nan)
        while not sc.state()["done"]:
            n = engine.legal_actions(sc.s, sc.table, sc.legal_buffer)
            slot = int(sc.s[L.G_DECIDER])  # one team: seat k is deck slot k
            picks, scored = [], []
            for scores in (kept, np.full(bots.SCORES_SIZE, np.nan)):
                picks.append(int(bots.choose(sc.s, sc.table, ids[slot], weights[slot], sc.keys.copy(),
                                             sc.counters.copy(), sc.legal_buffer, n, scores)))
                scored.append(scores[:n].copy())
            assert picks[0] == picks[1]
            if n > 1:
                np.testing.assert_array_equal(scored[0], scored[1])
                checked += 1
            sc._step(picks[0])
    assert checked > 300
