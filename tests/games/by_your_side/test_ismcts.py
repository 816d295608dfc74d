"""By Your Side's information-set MCTS bot (policy.ismcts_choice on sim/core/ismcts.py): what its re-deal keeps
and what it deals again, its decision as a function of what the team can see, a position whose one saving
action it finds, legality, determinism, its kernel set and its golden digest. Each rule quotes the rulebook
passage it checks (../shared/rulebooks/by-your-side.txt)."""

import hashlib
import types

import numpy as np
import pytest

from sim.core import ismcts
from sim.core import policies as policy_files
from sim.core.errors import UserError
from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.by_your_side import GAME, batch, engine, vocab
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import policy as bots
from sim.games.by_your_side.rules import planes
from sim.games.by_your_side.scenario import ByYourSideScenario
from tests.games.by_your_side.conftest import blank

ISMCTS_BOTS = ("ismcts_16", "ismcts_32", "ismcts_64")
# engine 0.2.2: the ISMCTS bots' digest (their own cases, apart from test_golden.py's, whose digest stays);
# recorded again when their exploration went from 0.1 to 1.4 (a policy change, not an engine one), and at 0.2.2
# when a root action's k-th visit came to be played in the k-th world (ismcts_choice: play changed)
# (0.2.3 changed only the campaign's replay Charms, which these scenario cases do not play: the digest stays)
ISMCTS_DIGEST = "749db4d5305b262acec46268f5b6563c"
DIGEST_CASES = (("standard", "scenario_1", "ismcts_16", 2), ("hand-4", "scenario_3", "ismcts_16", 2))


def _hidden_cells(state):
    """The face-down, un-Peeked positions Beyond the Veil (their records)."""
    return [planes.position(p) for p in range(1, 6) if bots.face_down(state, planes.position(p))]


def _mid_game(entry="scenario_2", seed=3, peek=True):
    """A free action of the Player Phase some rounds in, with face-down cards Beyond the Veil, an Exploration
    Deck and both draw decks holding cards, reached by guardian play; with ``peek`` one face-down card is
    marked Peeked (as a Scout's Peek leaves it)."""
    guardian = GAME.load_policy("guardian")
    for attempt in range(seed, seed + 40):
        sc = ByYourSideScenario.new(entry, seed=attempt)
        steps = 0
        while not sc.state()["done"] and steps < 2000:
            s = sc.s
            decks = [s[L.PLAYERS + seat * L.SEAT_SIZE + L.P_DECK_N] for seat in (0, 1)]
            if (s[L.G_MODE] == L.MODE_MAIN and s[L.G_ROUND] >= 3 and len(sc.legal()) > 2
                    and len(_hidden_cells(s)) >= 2 + peek and s[L.G_EXPLORATION] >= 3 and min(decks) >= 2):
                if peek:
                    s[_hidden_cells(s)[0] + L.R_PEEKED] = 1
                return sc
            sc.apply(sc.bot_action((guardian, guardian)))
            steps += 1
    raise AssertionError("no such position reached")


def _hidden_variant(sc, rng):
    """A copy of the state that differs only in what no player can see: the face-down un-Peeked cards
    Beyond the Veil and the Exploration Deck dealt again between them (one pool), each draw deck and each
    Offering deck in another order."""
    s = sc.s.copy()
    cells = _hidden_cells(s)
    n = int(s[L.G_EXPLORATION])
    pool = [int(s[r + L.R_CARD]) for r in cells] + [int(c) for c in s[L.EXPLORATION:L.EXPLORATION + n]]
    pool = [int(c) for c in rng.permutation(pool)]
    for r, card in zip(cells, pool, strict=False):
        s[r + L.R_CARD] = card
        s[r + L.R_STRENGTH] = sc.table_card(card, "strength")
    s[L.EXPLORATION:L.EXPLORATION + n] = pool[len(cells):]
    for seat in (0, 1):
        base = L.PLAYERS + seat * L.SEAT_SIZE
        k = int(s[base + L.P_DECK_N])
        s[base + L.P_DECK:base + L.P_DECK + k] = s[base + L.P_DECK:base + L.P_DECK + k][::-1].copy()
    for start, count in ((L.CHARM_DECK, L.G_CHARM_DECK), (L.TALISMAN_DECK, L.G_TALISMAN_DECK)):
        k = int(s[count])
        s[start:start + k] = s[start:start + k][::-1].copy()
    return s


def _determinized(state, sc, key=5):
    world = state.copy()
    keys = np.array([key + k for k in range(L.N_STREAMS)], np.uint64)
    bots.determinize(world, sc.table, keys, np.zeros(L.N_STREAMS, np.uint64), np.zeros(bots.POOL_SIZE, np.int64))
    return world


def test_the_re_deal_keeps_what_the_team_sees_and_deals_again_what_it_cannot():
    """What lies face up or was Peeked stays; what nobody has seen is dealt again from what the team knows of
    it. Rulebook: "Draw cards from the Exploration Deck and place them face-down, one in each focused
    position"; "To Reveal a card is to turn it face-up ... To Peek at a card is to look at a face-down card
    without revealing it. Cards in position 1 are always revealed."; "Open information ... You may show your
    cards to the other player at any time." So hands, discard piles, revealed and Peeked cards, the Threshold
    and the Offering stay; the face-down un-Peeked cards and the Exploration Deck keep their cards between
    them; each draw deck and Offering deck keeps its cards in another order."""
    sc = _mid_game()
    before = sc.s
    worlds = [_determinized(before, sc, key) for key in (5, 6, 7)]
    cells = _hidden_cells(before)
    n = int(before[L.G_EXPLORATION])
    pool = sorted([int(before[r + L.R_CARD]) for r in cells] + list(before[L.EXPLORATION:L.EXPLORATION + n]))
    for world in worlds:
        for p in range(1, 6):
            r = planes.position(p)
            if r in cells:
                assert world[r + L.R_STRENGTH] == sc.table_card(int(world[r + L.R_CARD]), "strength")
                assert (world[r + L.R_CARD + 2:r + L.RECORD] == before[r + L.R_CARD + 2:r + L.RECORD]).all()
            else:  # revealed, Peeked or empty: kept whole
                assert (world[r:r + L.RECORD] == before[r:r + L.RECORD]).all()
        dealt = sorted([int(world[r + L.R_CARD]) for r in cells] + list(world[L.EXPLORATION:L.EXPLORATION + n]))
        assert dealt == pool and world[L.G_EXPLORATION] == n
        for seat in (0, 1):
            base = L.PLAYERS + seat * L.SEAT_SIZE
            k = int(before[base + L.P_DECK_N])
            assert sorted(world[base + L.P_DECK:base + L.P_DECK + k]) == sorted(before[base + L.P_DECK:base + L.P_DECK + k])
            # everything of the seat but its draw deck's order: hand, piles, Player Area, counts
            rest = np.r_[base:base + L.P_DECK, base + L.P_DECK + L.DECK_CAP:base + L.SEAT_SIZE]
            assert (world[rest] == before[rest]).all()
        for start, count in ((L.CHARM_DECK, L.G_CHARM_DECK), (L.TALISMAN_DECK, L.G_TALISMAN_DECK)):
            k = int(before[count])
            assert sorted(world[start:start + k]) == sorted(before[start:start + k])
        kept = np.r_[0:L.POSITIONS, L.THRESHOLD:L.EXPLORATION, L.OFFER:L.CHARM_DECK, L.ARCHIVE:L.PLAYERS]
        assert (world[kept] == before[kept]).all()
        assert engine.check_invariants(world.copy(), sc.table, sc.matchup.payload) == 0
    peeked = [planes.position(p) for p in range(1, 6) if before[planes.position(p) + L.R_PEEKED]]
    assert peeked and all(before[r + L.R_REVEALED] == 0 for r in peeked), "a Peeked face-down card is kept"
    assert any(not np.array_equal(world, before) for world in worlds), "something hidden is dealt again"
    assert any(not np.array_equal(worlds[0], world) for world in worlds[1:]), "the world depends on the stream"


def _search_choice(state, sc, bot, keys):
    legal = np.zeros(L.MAX_LEGAL, np.int64)
    n = engine.legal_actions(state, sc.table, legal)
    work = batch.search_work(True)
    action = bots.ismcts_choice(state, sc.table, sc.matchup.payload, bot.params, keys.copy(),
                                np.zeros(L.N_STREAMS, np.uint64), legal, n, np.full(bots.SCORES_SIZE, np.nan), work)
    return int(action), [int(a) for a in legal[:n]], work


def test_the_search_decision_is_a_function_of_the_information_set():
    """Two states that differ only in what no player can see (the face-down cards nobody Peeked and the
    Exploration Deck dealt again between them, the draw decks' and the Offering decks' orders; rulebook:
    "place them face-down", "Peek at a card is to look at a face-down card without revealing it") give the
    same worlds and so the same decision from the same bot stream, for every budget."""
    rng = np.random.default_rng(11)
    checked = 0
    for entry, seed in (("scenario_2", 3), ("scenario_3", 5)):
        sc = _mid_game(entry, seed)
        other = _hidden_variant(sc, rng)
        assert not np.array_equal(other, sc.s)
        assert np.array_equal(_determinized(sc.s, sc), _determinized(other, sc))
        for name in ISMCTS_BOTS:
            bot = GAME.load_policy(name)
            choices = [_search_choice(state.copy(), sc, bot, sc.keys)[:2] for state in (sc.s, other)]
            assert choices[0] == choices[1] and choices[0][0] in choices[0][1]
            checked += 1
    assert checked == 2 * len(ISMCTS_BOTS)


def _saving_position():
    """Eight Threats on the Threshold at the Player Phase (the next check loses) and Jolene with a Severing
    Word and the Energy to play it: Banishing one Threat is the only action that does not lose the scenario."""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_threshold(["worry"] * 8)
    sc.set_hand(0, ["severing_word"])
    sc.set_energy(0, 1)
    return sc


def test_the_search_finds_the_one_action_that_saves_the_scenario():
    """"First check the Threshold: if it holds more than 7 Threats, the scenario is lost." A base plan that
    passes (its pass weight raised above every other action's score) would lose at the check; the search
    sees every pass lose in every world (mean reward 0) and Banishing one of the eight Threats survive the
    round (the cut-off), so it replaces the plan's pass by playing the Severing Word."""
    sc = _saving_position()
    bot = GAME.load_policy("ismcts_16")
    params = bot.params.copy()
    params[vocab.GREEDY_WEIGHTS.index("pass")] = 100.0
    params[vocab.GREEDY_WEIGHTS.index("danger")] = 0.0
    params[len(vocab.GREEDY_WEIGHTS) + vocab.ISMCTS_PARAMS.index("horizon_rounds")] = 1
    planned = bots.greedy_choice(sc.s.copy(), sc.table, params, np.array(sc.legal(), np.int64), len(sc.legal()),
                                 np.uint64(0), np.full(bots.SCORES_SIZE, np.nan))
    assert planned >> 16 == L.A_PASS, "the base plan alone would pass"
    plain = policy_files.Policy("pass_first", bot.policy_id, params, "test")
    action, legal, work = _search_choice(sc.s.copy(), sc, plain, sc.keys)
    assert sc.describe(action).startswith("play") and "severing" in sc.describe(action).lower(), sc.describe(action)
    nodes, stats = work[8], work[9]
    from sim.core import ismcts

    passed = ismcts.child_with_action(nodes, ismcts.ROOT, planned)
    played = ismcts.child_with_action(nodes, ismcts.ROOT, action)
    assert stats[passed, ismcts.STAT_VISITS] >= 1 and stats[passed, ismcts.STAT_VALUE] == 0.0, "a pass loses"
    assert stats[played, ismcts.STAT_VALUE] / stats[played, ismcts.STAT_VISITS] > 0.05
    sc.apply(action)
    sc.answer_all("target")
    sc.pass_phase()
    sc.answer_all()
    assert sc.state()["end_reason"] != "threshold_overflow"


def test_ismcts_plays_legal_games_and_is_reproducible():
    """Debug mode checks that every action is legal and every invariant holds; the same seeds replay the same
    matches, and a batch of several plays the same matches as batches of one (no state leaks through the
    search's work arrays)."""
    ruleset = GAME.load_ruleset("standard")
    bot = GAME.load_policy("ismcts_16")
    for entry in ("scenario_1", "scenario_3"):
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        seeds = seed_block(2026, matchup, 0, 3)
        result = GAME.play_batch(ruleset, matchup, (bot, bot), seeds, debug=True)
        assert (result.error == 0).all()
        again = GAME.play_batch(ruleset, matchup, (bot, bot), seeds, debug=True)
        assert np.array_equal(result.winner, again.winner) and np.array_equal(result.turns, again.turns)
        last = seed_block(2026, matchup, 2, 3)
        alone = GAME.play_batch(ruleset, matchup, (bot, bot), last, debug=True)
        assert alone.turns[0] == result.turns[2] and alone.winner[0] == result.winner[2]


def test_the_scenario_api_plays_the_batch_kernels_ismcts_match():
    """A match played decision by decision through the scenario API (replays, playthroughs) is the batch
    kernel's: the same ISMCTS decisions from the same streams."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["scenario_1"])[0]
    bot = GAME.load_policy("ismcts_16")
    seeds = seed_block(7, matchup, 0, 1)
    result = GAME.play_batch(ruleset, matchup, (bot, bot), seeds)
    sc = ByYourSideScenario(ruleset, matchup, int(seeds.root_seed), int(seeds.swap[0]), int(seeds.pair_index[0]),
                            take_forced=True)
    while not sc.state()["done"]:
        sc.apply(sc.bot_action((bot, bot)))
    assert int(sc.s[L.G_TURNS]) == int(result.turns[0]) and int(sc.s[L.G_WINNER]) == int(result.winner[0])


def _base_plan_reward(sc, params, action, world_key, work):
    """The reward of one playout: `action` in the world of `world_key` (policy.search_world), then the base plan
    for both seats to the cut-off (`horizon_rounds` after the decision's round), as the flat search plays it."""
    bots.search_world(sc.s.copy(), sc.table, np.uint64(world_key), work)
    world = work[0]
    nl = bots.world_step(sc.table, sc.matchup.payload, action, work)
    end_round = sc.s[L.G_ROUND] + int(params[bots.I_HORIZON])
    decisions = 1
    while not world[L.G_DONE] and world[L.G_ROUND] < end_round and decisions < bots.ROLLOUT_DECISION_CAP:
        nl = bots.world_step(sc.table, sc.matchup.payload, bots.world_greedy(sc.table, params, nl, work), work)
        decisions += 1
    return float(bots.rollout_reward(world, sc.table, params))


def test_a_root_childs_kth_visit_is_played_in_the_kth_world():
    """Every visit of a root action is a new sample, and the actions are compared on the same worlds (common
    random numbers): the k-th visit of each of the root's children is played in the k-th world (the worlds are
    re-deals of what no player can see; rulebook: "place them face-down", "Peek at a card is to look at a
    face-down card without revealing it"). In the flat search (search.yaml) a child's summed reward is then
    exactly the sum of its base-plan playouts in worlds 0 .. visits-1. (Before: an iteration's world was its
    number divided by the root's width, so a child picked twice among the same few iterations replayed the
    same playout, and 16 iterations saw 4 of the 16 worlds.)"""
    sc = _mid_game("scenario_1", peek=False)
    params = GAME.load_policy("search").params.copy()
    params[bots.I_EXPLORATION] = 0.2  # UCB1 then favours some actions: visit counts differ
    keys = np.array([11, 12, 13, 14], np.uint64)
    _, _, work = _search_choice(sc.s.copy(), sc, types.SimpleNamespace(params=params), keys)
    nodes, stats, world_keys = work[8].copy(), work[9].copy(), work[12].copy()
    children = [i for i in range(1, len(nodes)) if int(nodes[i, ismcts.NODE_PARENT]) == ismcts.ROOT
                and stats[i, ismcts.STAT_VISITS] > 0]
    visits = [int(stats[i, ismcts.STAT_VISITS]) for i in children]
    assert sum(visits) == params[bots.I_ITERATIONS] and len(children) == params[bots.I_CANDIDATES]
    assert max(visits) > params[bots.I_ITERATIONS] // len(children), "an action visited more often than in turn"
    spread = False
    for i in children:
        rewards = [_base_plan_reward(sc, params, int(nodes[i, ismcts.NODE_ACTION]), world_keys[k], work)
                   for k in range(int(stats[i, ismcts.STAT_VISITS]))]
        spread |= len(set(rewards)) > 1
        assert stats[i, ismcts.STAT_VALUE] == pytest.approx(sum(rewards), abs=1e-9)
    assert spread, "the worlds give different rewards: the test tells them apart"


def test_the_flat_search_grows_no_tree_below_the_root():
    """The flat search bot (search.yaml: ismcts_16 with tree_depth 1) visits only the root's children: every
    playout is the base plan after the root's action; ismcts_16 at the same position grows deeper nodes."""
    sc = _mid_game()
    keys = np.array([11, 12, 13, 14], np.uint64)

    def visited_depths(name):
        _, _, work = _search_choice(sc.s.copy(), sc, GAME.load_policy(name), keys)
        nodes, stats = work[8], work[9]
        visited = [i for i in range(1, len(nodes)) if stats[i, ismcts.STAT_VISITS] > 0]
        return {int(nodes[i, ismcts.NODE_PARENT]) == ismcts.ROOT for i in visited}, len(visited)

    flat, flat_nodes = visited_depths("search")
    assert flat == {True} and 1 < flat_nodes <= GAME.load_policy("search").params[bots.I_CANDIDATES]
    tree, _ = visited_depths("ismcts_16")
    assert False in tree, "the tree bot expands below the root"


def test_progressive_widening_below_the_root_starts_from_the_base_plan():
    """With `widening` w a node below the root considers max(1, floor(w x sqrt(visits))) of its candidates
    (ismcts.widened), the base plan's action first: at a w too small ever to reach a second candidate every
    descent below the root follows the base plan, so the root's statistics are exactly the flat search's
    (tree_depth 1) from the same stream, while plain ISMCTS (widening 0) at the same position tries other
    actions below the root and its root statistics differ."""
    sc = _mid_game("scenario_1")  # scenario_2's default position gives every root action the same rewards
    keys = np.array([11, 12, 13, 14], np.uint64)
    plain = GAME.load_policy("ismcts_32")

    def root_statistics(tree_depth, widening):
        params = plain.params.copy()
        params[bots.I_TREE_DEPTH], params[bots.I_WIDENING] = tree_depth, widening
        action, _, work = _search_choice(sc.s.copy(), sc, types.SimpleNamespace(params=params), keys)
        nodes, stats = work[8], work[9]
        children = sorted((int(nodes[i, ismcts.NODE_ACTION]), *stats[i]) for i in range(1, len(nodes))
                          if stats[i, ismcts.STAT_VISITS] > 0 and int(nodes[i, ismcts.NODE_PARENT]) == ismcts.ROOT)
        return action, children

    flat = root_statistics(1, 0.0)
    assert len(flat[1]) > 1
    assert root_statistics(0, 0.01) == flat
    assert root_statistics(0, 0.0)[1] != flat[1]


def test_ismcts_plays_in_the_search_kernel_set_only():
    """A batch with an ISMCTS bot is played by the kernel compiled with the search; one without does not
    compile it (batch.search_work gives it no work arrays)."""
    guardian, search = GAME.load_policy("guardian"), GAME.load_policy("ismcts_16")
    assert GAME.kernel_set((guardian, search)) == "search" and GAME.kernel_set((guardian, guardian)) == ""
    assert batch.search_work(batch.searching([guardian.policy_id] * 2)) is None


def test_ismcts_params_extend_guardian():
    """The ISMCTS bots play guardian's plan: its greedy weights lead their parameters, then the budget."""
    guardian = GAME.load_policy("guardian")
    for name, iterations in zip(ISMCTS_BOTS, (16, 32, 64), strict=True):
        bot = GAME.load_policy(name)
        assert bot.policy_id == vocab.POLICY_ISMCTS
        assert len(bot.params) == len(vocab.GREEDY_WEIGHTS) + len(vocab.ISMCTS_PARAMS)
        assert (bot.params[:len(guardian.params)] == guardian.params).all()
        assert bot.params[bots.I_ITERATIONS] == iterations


@pytest.mark.parametrize("edit, message", [
    (("iterations: 16", "iterations: 0"), "must be from 1 to 256"),
    (("worlds: 16", "worlds: 65"), "must be from 1 to 64"),
    (("iterations: 16", "iterations: 16.5"), "must be a whole number"),
    (("exploration: 1.4", "exploration: -0.1"), "must be from 0 to 10"),
    (("widening: 0 ", "widening: 17 "), "must be from 0 to 16"),
    (("  candidates: 4\n", ""), "missing weight"),
])
def test_ismcts_budget_validated(tmp_path, edit, message):
    import shutil

    data = tmp_path / "by_your_side"
    shutil.copytree(GAME.data_dir, data)
    path = data / "policies" / "ismcts_16.yaml"
    text = path.read_text()
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1]))
    game = type(GAME)(data)
    with pytest.raises(UserError, match=message) as err:
        game.load_policy("ismcts_16")
    assert "ismcts_16.yaml" in str(err.value)


@pytest.mark.heavy
def test_ismcts_wins_at_least_as_often_as_guardian_on_common_deals():
    """The search over guardian's plan does not lose what the plan wins: on the same 150 deals of the hand-4
    edition (a hand limit of 4, where guardian wins about half of Scenario 1) ismcts_16's team wins at least
    as many scenarios as guardian's."""
    ruleset = GAME.load_ruleset("hand-4")
    matchup = GAME.load_matchups(ruleset, ["scenario_1"])[0]
    seeds = seed_block(31, matchup, 0, 150)
    wins = {}
    for name in ("guardian", "ismcts_16"):
        result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(name),), matchup), seeds)
        assert (result.error == 0).all()
        wins[name] = int((result.winner == 0).sum())
    assert wins["ismcts_16"] >= wins["guardian"], wins


def ismcts_digest() -> str:
    digest = hashlib.blake2b(digest_size=16)
    for edition, entry, name, deals in DIGEST_CASES:
        ruleset = GAME.load_ruleset(edition)
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(name),), matchup),
                                 seed_block(2026, matchup, 0, deals), card_counts=True)
        for array in (result.winner, result.end_reason, result.turns, result.rounds, result.score, result.error,
                      *result.extra.values(), result.card_counts):
            digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def test_ismcts_golden_digest():
    """Identical play on fixed seeds (DESIGN.md §4.3): a behaviour change of the ISMCTS bot records a new
    digest (`python -m tests.games.by_your_side.test_ismcts`)."""
    assert GAME.engine_version == "0.2.3", "behaviour changed: record new digests"
    assert ismcts_digest() == ISMCTS_DIGEST


if __name__ == "__main__":
    print(ismcts_digest())
