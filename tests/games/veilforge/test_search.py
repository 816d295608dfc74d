"""Veilforge's flat search bot (issue 18's search rung; decks/veilforge/policies/search.yaml): it decides on
what its seat may see, plays legal actions only, and is compiled apart from the greedy kernels.

The rulebook's passages on what is hidden: "Mana Zone (up to 12): face-down cards from the top of your
deck that act as mana", "Mana enters face-down; some abilities flip it face-up"; the hand and the deck
order are hidden as in every card game (RULES.md, Bots, names the reading: the deck lists are open)."""

from collections import Counter

import numpy as np
import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilforge import GAME, policy
from sim.games.veilforge import layout as L
from sim.games.veilforge import vocab as V
from tests.games.veilforge.helpers import DUEL, TEAMS, battle, give_mana

SEARCH, AGGRO = GAME.load_policy("search"), GAME.load_policy("aggro")


def _action_phase(entry: str = DUEL, seed: int = 4):
    """A position at seat 0's action phase a few turns in, with cards in every hidden place."""
    from sim.games.veilforge.scenario import VeilforgeScenario

    sc = VeilforgeScenario.new(entry, seed=seed)
    while not (sc.state()["pending"] == "action" and sc.state()["decider"] == 0 and sc.state()["round"] >= 3):
        sc.apply(sc.bot_action((AGGRO,) * sc.matchup.players))
    return sc


def _mana_hidden(state, seat, other):
    """Is ``other``'s face-down mana hidden from ``seat``? Yes, but for its teammate's in 2v2: §3 "you may
    manipulate your teammate's zones as if they were your own", and a player pays with that mana, choosing the
    cards (RULES.md, Bots)."""
    return other != seat and not (state[L.G_SEATS] == 4 and other == (seat + 2) % 4)


def _hidden(state, seat):
    """What `seat` cannot see, as multisets: each other player's hand + deck + face-down mana (not its
    teammate's) together, its own deck."""
    out = []
    for other in range(state[L.G_SEATS]):
        b = L.SEATS_BASE + other * L.SEAT_SIZE
        deck = list(state[b + L.P_DECK: b + L.P_DECK + state[b + L.P_DECK_N]])
        if other == seat:
            out.append(Counter(deck))
            continue
        hand = list(state[b + L.P_HAND: b + L.P_HAND + state[b + L.P_HAND_N]])
        mana = [m >> 1 for m in state[b + L.P_MANA: b + L.P_MANA + state[b + L.P_MANA_N]] if m & 1 == 0]
        out.append(Counter(deck + hand + (mana if _mana_hidden(state, seat, other) else [])))
    return out


def _visible(state, seat):
    """Everything but the hidden places: the state with the hidden cards blanked."""
    shown = state.copy()
    for other in range(state[L.G_SEATS]):
        b = L.SEATS_BASE + other * L.SEAT_SIZE
        shown[b + L.P_DECK: b + L.P_DECK + L.DECK_CAP] = 0
        if other != seat:
            shown[b + L.P_HAND: b + L.P_HAND + L.DECK_CAP] = 0
            shown[b + L.P_QUICK_HAND] = 0  # the hidden hand's count of Quick cards (the engine's, no bot reads it)
        for i in range(state[b + L.P_MANA_N] if _mana_hidden(state, seat, other) else 0):
            if state[b + L.P_MANA + i] & 1 == 0:
                shown[b + L.P_MANA + i] = 0
    shown[L.G_STATIC_DIRTY] = 0
    return shown


@pytest.mark.parametrize("entry", [DUEL, TEAMS])
def test_a_world_re_deals_only_what_the_seat_cannot_see(entry):
    sc = _action_phase(entry)
    state = sc.state_vector
    search = policy.search_arrays()
    worlds = []
    for key in (1, 2, 3):
        policy.search_world(state, sc.ruleset.tables, 0, np.uint64(key), search)
        world = search[0].copy()
        assert (_visible(world, 0) == _visible(state, 0)).all()  # hand sizes, fields, face-up mana: as seen
        assert _hidden(world, 0) == _hidden(state, 0)  # the same cards, dealt anew
        worlds.append(world)
    assert any((w != state).any() for w in worlds)  # and the hidden order does change


def test_the_search_decision_depends_only_on_the_seats_information_set():
    """Issue 18: two states that differ only in what the deciding seat cannot see (the opponent's hand,
    deck and face-down mana, its own deck order) give the same decision from the same bot stream."""
    sc = _action_phase()
    twin = _action_phase()
    s = twin.state_vector
    b = L.SEATS_BASE + 1 * L.SEAT_SIZE
    hand_n, deck_n = s[b + L.P_HAND_N], s[b + L.P_DECK_N]
    assert hand_n > 0 and deck_n > 1
    s[b + L.P_HAND], s[b + L.P_DECK] = s[b + L.P_DECK], s[b + L.P_HAND]  # an opponent's hand card swapped in
    own = L.SEATS_BASE + L.P_DECK
    s[own: own + s[L.SEATS_BASE + L.P_DECK_N]] = s[own: own + s[L.SEATS_BASE + L.P_DECK_N]][::-1].copy()
    assert (sc.state_vector != s).any()
    assert sc.bot_action((SEARCH, AGGRO)) == twin.bot_action((SEARCH, AGGRO))


def test_the_search_bot_finds_the_lethal_attack():
    from tests.games.veilforge.helpers import fresh

    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    give_mana(sc, 0, 2)
    sc.set_life(1, 1)
    assert sc.describe(sc.bot_action((SEARCH, AGGRO))) == "attack cinder_hound (battle 3) -> player 1"


@pytest.mark.parametrize("entry", [DUEL, TEAMS])
def test_the_search_bot_plays_legal_actions_and_keeps_the_invariants(entry):
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, [entry])[0]
    bots = (SEARCH, AGGRO) if matchup.players == 2 else (SEARCH, AGGRO, AGGRO, SEARCH)
    result = GAME.play_batch(ruleset, matchup, bots, seed_block(5, matchup, 0, 2), debug=True)
    assert (result.error == 0).all() and (result.turns > 0).all()


def test_the_search_bot_is_compiled_apart():
    """A batch without a search bot passes no search work arrays, so its kernel never types the search."""
    assert GAME.kernel_set((AGGRO, AGGRO)) == "" and GAME.kernel_set((SEARCH, AGGRO)) == "search"
    assert V.BOT_KINDS["search"].weights[: len(V.GREEDY_WEIGHTS)] == V.GREEDY_WEIGHTS


def test_a_search_match_replays_to_its_batch_row():
    """The replay (scenario.bot_action, the search's own work arrays each decision) plays the match the
    batch kernel played (its work arrays kept across decisions): the same result line."""
    from sim.core.game import SeedBlock, result_line

    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, [DUEL])[0]
    seeds = seed_block(6, matchup, 0, 1)
    bots = seats_for((SEARCH, AGGRO), matchup)
    result = GAME.play_batch(ruleset, matchup, bots, seeds)
    for row in range(len(seeds)):
        one = SeedBlock(seeds.root_seed, seeds.matchup_key, seeds.pair_index[row:row + 1], seeds.swap[row:row + 1])
        assert GAME.replay(ruleset, matchup, bots, one)[-1] == result_line(GAME, result, row)
