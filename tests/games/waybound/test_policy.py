"""The bots: the greedy values written while the actions are listed against their plain reference
(score_action), bots per deck slot, greedy over random, the search bot's determinism."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sim.games.waybound import GAME
from sim.games.waybound import layout as L
from sim.games.waybound import policy as P
from sim.games.waybound import vocab as V
from sim.games.waybound.batch import scratch
from sim.games.waybound.scenario import WayboundScenario
from tests.games.waybound.helpers import (
    SIDES,
    check_clean,
    fresh,
    run,
)


def values_at(scenario: WayboundScenario, weights: np.ndarray) -> tuple[list[int], np.ndarray, np.ndarray]:
    listed = np.zeros(L.MAX_LEGAL, dtype=np.int32)
    written = np.zeros(L.MAX_LEGAL, dtype=np.float64)
    n = P.generate_actions_call(scenario.s, scenario.rules, scenario.cards, scenario.profiles, listed, written, weights, None, -1)
    reference = np.zeros(n, dtype=np.float64)
    P.score_actions_call(scenario.s, scenario.rules, scenario.cards, scenario.profiles, listed, n, weights, reference)
    return [int(a) for a in listed[:n]], written[:n], reference


@pytest.mark.parametrize("policy", ["greedy_explorer", "greedy_fighter"])
def test_written_values_match_the_reference(policy):
    weights = np.asarray(GAME.load_policy(policy).params, dtype=np.float64)
    chooser = random.Random(5)
    decisions = 0
    tactic_decisions = 0
    for k, side in enumerate(SIDES):
        opponent = SIDES[(k + 3) % len(SIDES)]
        scenario = WayboundScenario(side, opponent, seed=k + 1, swap=k % 2)
        while not scenario.done and scenario.s[L.G_ACTIONS] < 600:
            legal = scenario.legal()
            if scenario.phase == L.PH_MAIN:
                listed, written, reference = values_at(scenario, weights)
                assert listed == legal  # same actions, same order
                different = np.flatnonzero(written != reference)
                assert different.size == 0, [(scenario.describe(listed[i]), written[i], reference[i]) for i in different]
                decisions += 1
                tactic_decisions += any(a >> 16 == L.A_PLAY_TACTIC for a in legal)
            scenario.apply(chooser.choice(legal))
    assert decisions > 1000 and tactic_decisions > 300


def test_greedy_discards_the_card_least_worth_keeping_at_the_hand_limit():
    """The hand limit is the player's choice (Rulebook, END OF TURN: 'Otherwise discard down to seven').
    The greedy bots keep what keep_value rates highest: per Charge of cost (`keep_per_cost`), less per
    Charge beyond next turn's capacity (`keep_unaffordable`). At capacity 3 (4 next turn) with weights 1
    and 2: Lamplighter (1) is worth 1, Wildfire Passage (6) 6 - 2 x 2 = 2, Briar Verdict (5) 3, Orchard
    Tender (4) 4, Thornrush and Hearth Warden (3) 3: the first two go."""
    sc = fresh()
    sc.set(capacity=(3, 3))
    sc.set_cards(0, hand=["lamplighter", "wildfire_passage", "briar_verdict", "orchard_tender", "orchard_tender",
                          "thornrush", "thornrush", "hearth_warden", "hearth_warden"])
    weights = np.asarray(GAME.load_policy("greedy_explorer").params, dtype=np.float64)
    assert (weights[V.W_KEEP_PER_COST], weights[V.W_KEEP_UNAFFORDABLE]) == (1.0, 2.0)
    keys = np.arange(1, 6, dtype=np.uint64)
    counters = np.zeros(5, dtype=np.uint64)
    sc.apply(sc.end_turn())
    discarded = []
    while sc.phase == L.PH_HAND_LIMIT:
        listed = np.asarray(sc.legal(), dtype=np.int32)
        values = np.zeros(L.MAX_LEGAL, dtype=np.float64)
        k = P.greedy_choice_call(sc.s, sc.rules, sc.cards, sc.profiles, listed, listed.size, values, weights, keys,
                                 counters, L.S_POLICY0)
        discarded.append(sc.describe(int(listed[k])))
        sc.apply(int(listed[k]))
    assert discarded == ["discard Lamplighter (hand limit)", "discard Wildfire Passage (hand limit)"]


def test_policies_differ_and_search_runs():
    """Bots are selected per slot; the search bot plays legal, deterministic matches."""
    explorer = run("greedy_explorer", "greedy_explorer", pairs=30)
    fighter = run("greedy_fighter", "greedy_fighter", pairs=30)
    assert not np.array_equal(explorer.extra["allies_defeated"], fighter.extra["allies_defeated"])
    search = run("search", "greedy_explorer", pairs=3)
    check_clean(search)
    again = run("search", "greedy_explorer", pairs=3)
    assert np.array_equal(search.score, again.score)


def test_greedy_beats_random():
    result = run("greedy_explorer", "random", pairs=50, debug=False)
    a_seat = np.where(np.arange(100) % 2 == 0, 0, 1)
    a_won = (result.winner == a_seat).mean()
    assert a_won > 0.8


def hidden_cards(s: np.ndarray, base: int) -> list[int]:
    """A seat's hand and deck together, as a sorted list of card ids."""
    deck = s[base + L.DECK_OFF : base + L.DECK_OFF + s[base + L.P_DECK_N]]
    hand = s[base + L.HAND_OFF : base + L.HAND_OFF + s[base + L.P_HAND_N]]
    return sorted(int(c) for c in list(deck) + list(hand))


def test_determinize_redeals_only_what_the_seat_cannot_see():
    """The bots never read what their seat cannot see (Rulebook, STAR CHART: 'The opponent does not see the
    choices'; hands and deck orders are private): before each rollout the search bot re-deals the opponent's
    hand and deck together and its own deck order; everything else, its own hand included, stays."""
    sc = WayboundScenario("veilborn/nyxara", "ironmaw/skara", seed=3)
    for _ in range(6):
        sc.apply(sc.end_turn())
    keys = np.arange(1, 6, dtype=np.uint64)
    changed = 0
    for stream in range(5):
        copy = sc.s.copy()
        P.determinize_information_set(copy, 0, keys, np.zeros(5, dtype=np.uint64), stream)
        me, them = sc.pb(0), sc.pb(1)
        private = np.zeros(copy.shape[0], dtype=bool)
        private[me + L.DECK_OFF : me + L.DECK_OFF + sc.s[me + L.P_DECK_N]] = True
        private[them + L.DECK_OFF : them + L.DECK_OFF + sc.s[them + L.P_DECK_N] + sc.s[them + L.P_HAND_N]] = True
        private[them + L.HAND_OFF : them + L.HAND_OFF + sc.s[them + L.P_HAND_N]] = True
        assert (copy[~private] == sc.s[~private]).all()
        for p in range(2):
            assert copy[sc.pb(p) + L.P_HAND_N] == sc.s[sc.pb(p) + L.P_HAND_N]
        deck = slice(me + L.DECK_OFF, me + L.DECK_OFF + sc.s[me + L.P_DECK_N])
        assert sorted(copy[deck]) == sorted(sc.s[deck])
        assert hidden_cards(copy, them) == hidden_cards(sc.s, them)
        changed += not (copy == sc.s).all()
    assert changed == 5


def test_search_rollouts_of_every_candidate_stop_at_the_same_turn_boundary():
    """The search bot scores every candidate over the same horizon (issue 18): each rollout ends at the end
    of the `horizon`-th turn counted from the decision's turn, an End-turn candidate's too (its rollout once
    counted turns from after the End turn and so also played the bot's whole next turn)."""
    sc = WayboundScenario("hearthbound/brindle", "skyrunners/vey", seed=4)
    sc.end_turns(4)
    assert sc.phase == L.PH_MAIN and sc.active == 0
    legal = sc.legal()
    assert sc.end_turn() in legal and len(legal) > 3
    w = np.asarray(GAME.load_policy("search").params, dtype=np.float64)
    keys = np.arange(1, 6, dtype=np.uint64)
    counters = np.zeros(5, dtype=np.uint64)
    work_state = np.zeros(L.STATE_SIZE, dtype=np.int32)
    work_legal = np.zeros(L.MAX_LEGAL, dtype=np.int32)
    work_values = np.zeros(L.MAX_LEGAL, dtype=np.float64)
    work_keys = np.zeros(5, dtype=np.uint64)
    work_counters = np.zeros(5, dtype=np.uint64)
    events = np.zeros((1, L.EVENT_WIDTH), dtype=np.int32)
    counts = np.zeros((0, 0, 0), dtype=np.int16)
    before = sc.s.copy()
    for horizon in (1, 2, 3):
        for action in legal:
            P.search_rollout(
                sc.s, sc.rules, sc.cards, sc.profiles, action, w, horizon, keys, counters, L.S_POLICY0,
                (work_state, work_legal, work_values, work_keys, work_counters, events, counts),
            )
            assert work_state[L.G_DONE] == 0, sc.describe(action)
            assert work_state[L.G_TURNS] == sc.s[L.G_TURNS] + horizon, (horizon, sc.describe(action))
            assert work_state[L.G_ACTIVE] == horizon % 2 and work_state[L.G_PHASE] == L.PH_MAIN
    assert (sc.s == before).all()  # the rollouts play on their own copy


def bot_pick(sc: WayboundScenario, policy: str, keys: np.ndarray, counters: np.ndarray) -> int:
    """The action the decider's bot takes in the scenario's position, from the given streams."""
    params = np.asarray(GAME.load_policy(policy).params, dtype=np.float64)
    _, (states, lists, layouts, values, streams), tree = scratch(False, True)
    legal = lists[0]
    n = P.generate_actions_call(sc.s, sc.rules, sc.cards, sc.profiles, legal, values[0], params, None, -1)
    pick = P.policy_act_call(
        sc.s, sc.rules, sc.cards, sc.profiles, legal, n, values[0], GAME.load_policy(policy).policy_id, params, keys,
        counters, P.work_world(states, lists, values, streams, np.zeros((1, L.EVENT_WIDTH), dtype=np.int32),
                               np.zeros((0, 0, 0), dtype=np.int16)), tree,
    )
    return int(legal[pick])


def rearrange_hidden(s: np.ndarray, chooser: np.random.Generator) -> None:
    """Another position seat 0 cannot tell apart: seat 1's hand and deck dealt anew from the same cards
    (its hand kept sorted, as the engine keeps it) and seat 0's deck in another order."""
    them, me = L.player_base(1), L.player_base(0)
    nd, nh = s[them + L.P_DECK_N], s[them + L.P_HAND_N]
    pool = chooser.permutation(np.concatenate([s[them + L.DECK_OFF : them + L.DECK_OFF + nd],
                                               s[them + L.HAND_OFF : them + L.HAND_OFF + nh]]))
    s[them + L.DECK_OFF : them + L.DECK_OFF + nd] = pool[:nd]
    s[them + L.HAND_OFF : them + L.HAND_OFF + nh] = np.sort(pool[nd:])
    deck = s[me + L.DECK_OFF : me + L.DECK_OFF + s[me + L.P_DECK_N]]
    deck[:] = chooser.permutation(deck)


@pytest.mark.parametrize("bot", ["search", "ismcts_32"])
def test_the_search_decision_is_a_function_of_the_information_set(bot):
    """Issue 18 / DESIGN.md §5: "A search bot determinizes only what its seat cannot see: its decision is a
    function of its information set and its own stream" (Rulebook: hands and deck orders are private). Two
    positions that differ only in the opponent's hand, the split of its cards between hand and deck, and
    both deck orders give the flat search and the ISMCTS bot the same decision from the same stream."""
    chooser = np.random.default_rng(8)
    picker = random.Random(3)
    compared = differing = 0
    decisions = set()
    for k, side in enumerate(SIDES[:6]):
        sc = WayboundScenario(side, SIDES[(k + 5) % len(SIDES)], seed=k + 2)
        while not sc.done and (sc.s[L.G_TURNS] < 4 + k % 3 or sc.phase != L.PH_MAIN or sc.active != 0):
            sc.apply(picker.choice(sc.legal()))
        if sc.done or len(sc.legal()) < 3:
            continue
        other = sc.s.copy()
        rearrange_hidden(other, chooser)
        keys = np.arange(11, 11 + L.N_STREAMS, dtype=np.uint64) * np.uint64(k + 1)
        first = bot_pick(sc, bot, keys, np.zeros(L.N_STREAMS, dtype=np.uint64))
        before = sc.s.copy()
        sc.s[:] = other
        assert bot_pick(sc, bot, keys, np.zeros(L.N_STREAMS, dtype=np.uint64)) == first, sc.describe(first)
        differing += not np.array_equal(before, other)
        compared += 1
        decisions.add(first >> 16)
    assert compared >= 4 and differing == compared and len(decisions) >= 2


def test_ismcts_plays_legal_deterministic_matches():
    search = run("ismcts_32", "greedy_explorer", pairs=2)
    check_clean(search)
    assert np.array_equal(search.score, run("ismcts_32", "greedy_explorer", pairs=2).score)


def test_the_search_bots_are_compiled_apart_and_play_only_in_their_own_kernel():
    """A batch without a search bot is played by the kernel compiled without them (their code is most
    of the game's compile time), a batch with one by the kernel compiled with them."""
    from numba import types

    from sim.games.waybound.batch import play_batch_kernel

    def kernel_set(*bots):
        return GAME.kernel_set(tuple(GAME.load_policy(bot) for bot in bots))

    assert kernel_set("random", "greedy_explorer") == kernel_set("greedy_fighter", "greedy_fighter") == ""
    assert kernel_set("search", "greedy_explorer") == kernel_set("random", "ismcts_16") == "search"
    GAME.warm_up()
    GAME.warm_up("search")
    trees = {sig.args[-1] for sig in play_batch_kernel.nopython_signatures}
    assert types.none in trees and any(isinstance(tree, types.BaseTuple) for tree in trees)
