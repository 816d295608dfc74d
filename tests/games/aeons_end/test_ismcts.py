"""The information-set MCTS bot (policy.ismcts_act on sim/core/ismcts.py): its re-deal of what the deciding
mage cannot see, its decision as a function of the information set, legality, determinism and its golden
digest. Each rule quotes the rulebook passage it checks."""

import hashlib

import numpy as np
import pytest

from sim.core.errors import UserError
from sim.core.game import SeedBlock
from sim.core.rng import name_key
from sim.games.aeons_end import GAME
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.batch import search_work
from sim.games.aeons_end.scenario import AeonsEndScenario
from sim.games.aeons_end.tables import matchup_setup
from tests.games.aeons_end.helpers import match_seeds

ISMCTS_BOTS = ("ismcts_16", "ismcts_32", "ismcts_64")
# engine 0.3.0 with the ISMCTS bots over the fitted plan, cut at the next round by the fitted evaluation, with
# the confidence rule (issue 45, 2026-12-07; before: e25349ea, exploration 1.4 and progressive widening): their
# digest (their own cases, apart from test_golden.py's)
ISMCTS_DIGEST = "c13925c6a3a76ec5a66368ea373e7995"
DIGEST_CASES = (
    ("normal", "adelheim+brama vs rageborne", "ismcts_16", 2),
    ("normal", "adelheim+brama+kadir+mist vs prince_of_gluttons", "ismcts_16", 1),  # the literal Unleash
)


def _hidden_variant(sc):
    """A copy of the scenario's state that differs only in what the active mage cannot see: the rest of the
    turn-order deck, each undrawn tier of the nemesis deck and every player's deck in reverse order, the
    corruption deck reversed, and one undrawn basic nemesis card swapped for a basic of its tier that was not
    added to the deck."""
    s = sc.s.copy()
    to = L.TURN_ORDER_BASE + sc.get("G_TURN_ORDER_POS")
    s[to:L.TURN_ORDER_BASE + L.TURN_ORDER_SIZE] = s[to:L.TURN_ORDER_BASE + L.TURN_ORDER_SIZE][::-1].copy()
    pos, end = sc.get("G_NEMESIS_DECK_POS"), sc.get("G_NEMESIS_DECK_LEN")
    deck = [int(c) for c in s[L.NEMESIS_DECK_BASE:L.NEMESIS_DECK_BASE + end]]
    tiers = [int(sc.lib.ncard[c, L.NC_TIER]) for c in deck]
    lo = pos
    while lo < end:
        hi = lo + 1
        while hi < end and tiers[hi] == tiers[lo]:
            hi += 1
        segment = slice(L.NEMESIS_DECK_BASE + lo, L.NEMESIS_DECK_BASE + hi)
        s[segment] = s[segment][::-1].copy()
        lo = hi
    own = {int(matchup_setup(sc.T, L.SU_OWN + i)) for i in range(9)}
    swapped = False
    for tier in (2, 1, 3):
        pool = [int(matchup_setup(sc.T, L.SU_BASIC + (tier - 1) * L.SU_BASIC_CAP + i))
                for i in range(int(matchup_setup(sc.T, L.SU_BASIC_N + tier - 1)))]
        unused = [c for c in pool if c not in deck]
        undrawn = [k for k in range(pos, end) if tiers[k] == tier and s[L.NEMESIS_DECK_BASE + k] not in own]
        if unused and undrawn:
            s[L.NEMESIS_DECK_BASE + undrawn[0]] = unused[0]
            swapped = True
            break
    assert swapped, "the scenario must leave a basic nemesis card out of the deck"
    for p in range(sc.matchup.players):
        b = sc.base(p)
        n = sc.get_player(p, "P_DECK_N")
        s[b + L.P_DECK:b + L.P_DECK + n] = s[b + L.P_DECK:b + L.P_DECK + n][::-1].copy()
    n_cor = sc.get("G_CORRUPTIONS")
    s[L.CORRUPTION_BASE:L.CORRUPTION_BASE + n_cor] = s[L.CORRUPTION_BASE:L.CORRUPTION_BASE + n_cor][::-1].copy()
    return s


def _scenario():
    sc = AeonsEndScenario.new("adelheim+brama vs crooked_mask", seed=3)
    assert len(sc.legal()) > 1
    return sc


def test_the_re_deal_keeps_what_the_mage_sees_and_forgets_what_it_cannot():
    """What lies face up stays and what lies face down is dealt again from what the mage knows of it.
    Rulebook, player mats: "Deck: Place your deck facedown here." "Discard: Place your discard pile faceup
    here."; draw phase notes: "You may look through your discard pile at any time" and "You may not look
    through your deck."; nemesis setup: "He finds three random tier 1 basic nemesis cards, five random tier 2
    basic nemesis cards" ... "Place the tier 3 cards on the bottom facedown, the tier 2 cards facedown on top
    of the tier 3 cards, and the tier 1 cards facedown on top" ... "Do not shuffle the nemesis deck once it
    has been created."; turn order: "Place that card on the top of the turn order discard pile." So: hands,
    discard piles and the drawn nemesis cards are kept; each deck keeps its cards (a player's deck, the rest
    of the turn-order deck) or, for the nemesis deck, its tiers, its own cards and the number of basics per
    tier, the basics coming from those of the tier not drawn yet."""
    from sim.games.aeons_end.policy import determinize_information_set

    sc = _scenario()
    world = sc.s.copy()
    determinize_information_set(world, sc.T, np.array([5, 6, 7, 8], np.uint64), np.zeros(4, np.uint64),
                                np.zeros(L.SU_BASIC_CAP, np.int64))
    pos, end = sc.get("G_NEMESIS_DECK_POS"), sc.get("G_NEMESIS_DECK_LEN")
    before = [int(c) for c in sc.s[L.NEMESIS_DECK_BASE:L.NEMESIS_DECK_BASE + end]]
    after = [int(c) for c in world[L.NEMESIS_DECK_BASE:L.NEMESIS_DECK_BASE + end]]
    assert after[:pos] == before[:pos]
    own = {int(matchup_setup(sc.T, L.SU_OWN + i)) for i in range(9)}
    tier = {c: int(sc.lib.ncard[c, L.NC_TIER]) for c in set(before) | set(after)}
    assert [tier[c] for c in after] == [tier[c] for c in before], "the tiers stay stacked"
    assert sorted(c for c in after[pos:] if c in own) == sorted(c for c in before[pos:] if c in own)
    for t in (1, 2, 3):
        pool = {int(matchup_setup(sc.T, L.SU_BASIC + (t - 1) * L.SU_BASIC_CAP + i))
                for i in range(int(matchup_setup(sc.T, L.SU_BASIC_N + t - 1)))}
        dealt = [c for c in after[pos:] if c not in own and tier[c] == t]
        assert set(dealt) <= pool - set(before[:pos]) and len(set(dealt)) == len(dealt)
    assert after != before
    for p in range(sc.matchup.players):
        b, n = sc.base(p), sc.get_player(p, "P_DECK_N")
        assert sorted(world[b + L.P_DECK:b + L.P_DECK + n]) == sorted(sc.s[b + L.P_DECK:b + L.P_DECK + n])
        hand, discard = sc.get_player(p, "P_HAND_N"), sc.get_player(p, "P_DISCARD_N")
        assert (world[b + L.P_HAND:b + L.P_HAND + hand] == sc.s[b + L.P_HAND:b + L.P_HAND + hand]).all()
        assert (world[b + L.P_DISCARD:b + L.P_DISCARD + discard]
                == sc.s[b + L.P_DISCARD:b + L.P_DISCARD + discard]).all()
    turn_order = slice(L.TURN_ORDER_BASE, L.TURN_ORDER_BASE + L.TURN_ORDER_SIZE)
    to = sc.get("G_TURN_ORDER_POS")
    assert (world[turn_order][:to] == sc.s[turn_order][:to]).all()
    assert sorted(world[turn_order][to:]) == sorted(sc.s[turn_order][to:])


def test_the_search_decision_is_a_function_of_the_information_set():
    """Two states that differ only in what the deciding mage cannot see (deck orders face down, which random
    basics the nemesis deck holds; rulebook: "Deck: Place your deck facedown here.", "You may not look
    through your deck.", "He finds three random tier 1 basic nemesis cards ...") give the same world to every
    iteration and so the same decision from the same bot stream, for every budget."""
    from sim.games.aeons_end.policy import determinize_information_set, ismcts_act

    sc = _scenario()
    other = _hidden_variant(sc)
    assert not np.array_equal(other, sc.s)
    worlds = []
    for state in (sc.s.copy(), other.copy()):
        determinize_information_set(state, sc.T, np.array([11, 12, 13, 14], np.uint64), np.zeros(4, np.uint64),
                                    np.zeros(L.SU_BASIC_CAP, np.int64))
        worlds.append(state)
    assert np.array_equal(worlds[0], worlds[1])
    legal = np.array(sc.legal(), np.int64)
    for bot in ISMCTS_BOTS:
        policy = GAME.load_policy(bot)
        choices = []
        for state in (sc.s.copy(), other.copy()):
            flat, tree = search_work(True)
            choices.append(int(ismcts_act(state, sc.T, legal, len(legal), policy.params, sc.keys.copy(),
                                          np.zeros(L.STREAM_COUNT, np.uint64), np.int64(L.STREAM_POLICY), flat, tree)))
        assert choices[0] == choices[1] and choices[0] in legal


def test_ismcts_plays_legal_games_and_is_reproducible():
    """Debug mode checks that every action is legal and every invariant holds; the same seeds replay the same
    games (DESIGN.md §4.3), at 2 and 4 players."""
    rs = GAME.load_ruleset("normal")
    for entry in ("adelheim+brama vs carapace_queen", "adelheim+brama+kadir+mist vs rageborne"):
        m = GAME.load_matchups(rs, [entry])[0]
        policy = GAME.load_policy("ismcts_16")
        r = GAME.play_batch(rs, m, (policy,), match_seeds(m, 2), debug=True)
        assert (r.error == 0).all()
        again = GAME.play_batch(rs, m, (policy,), match_seeds(m, 2), debug=True)
        assert np.array_equal(r.winner, again.winner) and np.array_equal(r.turns, again.turns)


def test_ismcts_plays_in_the_search_kernel_set_only():
    """A batch with an ISMCTS bot is played by the kernel compiled with the search bots; one without any
    search bot does not compile them."""
    assert GAME.kernel_set((GAME.load_policy("greedy_damage"), GAME.load_policy("ismcts_16"))) == "search"
    assert GAME.kernel_set((GAME.load_policy("greedy_damage"), GAME.load_policy("random"))) == ""


def test_ismcts_params_extend_the_base_plan():
    ismcts = GAME.load_policy("ismcts_32")
    base = GAME.load_policy("greedy_fitted")
    from sim.games.aeons_end.evaluation import WEIGHT_COUNT
    from sim.games.aeons_end.policy import EVALUATION_WEIGHTS

    # the base plan's weights, the nine ISMCTS parameters, then the optional confidence, evaluation flag and
    # evaluation weights (test_evaluation.py)
    assert ismcts.policy_id == 3 and len(ismcts.params) == len(base.params) + 9 + 2 + WEIGHT_COUNT
    assert EVALUATION_WEIGHTS == len(base.params) + 9 + 2
    assert (ismcts.params[:len(base.params)] == base.params).all() and ismcts.params[11] == 32


@pytest.mark.parametrize("edit, message", [
    (("iterations: 16", "iterations: 0"), "iterations must be an integer from 1 to 256"),
    (("worlds: 16", "worlds: 65"), "worlds must be an integer from 1 to 64"),
    (("exploration: 1.4", "exploration: -0.1"), "exploration must be a non-negative number"),
    (("widening: 1", "widening: -1"), "widening must be a non-negative number"),
    (("  widening: 1", "  # widening: 1"), r"missing ismcts parameter\(s\) \['widening'\]"),
    (("candidates: 4", "width: 4"), "unknown ismcts parameter 'width'"),
    (("ismcts:", "search:"), r"unknown key\(s\) \['evaluation'\]"),  # a flat search bot (the kind is read from the file)
    (("  confidence: 2", "  confidence: -1"), "confidence must be a number from 0 to 10"),
])
def test_ismcts_parameters_validated(data_copy, edit, message):
    path = data_copy / "policies" / "ismcts_16.yaml"
    text = path.read_text()
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1]))
    with pytest.raises(UserError, match=message) as err:
        GAME.load_policy("ismcts_16")
    assert "ismcts_16.yaml" in str(err.value) and "\n" not in str(err.value)


def ismcts_digest() -> str:
    digest = hashlib.blake2b(digest_size=16)
    for edition, entry, policy, games in DIGEST_CASES:
        ruleset = GAME.load_ruleset(edition)
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        seeds = SeedBlock(root_seed=2026, matchup_key=name_key(matchup.matchup_id),
                          pair_index=np.arange(games, dtype=np.int64), swap=np.zeros(games, np.uint8))
        result = GAME.play_batch(ruleset, matchup, (GAME.load_policy(policy),), seeds, card_counts=True)
        for array in [result.winner, result.end_reason, result.turns, result.rounds, result.score, result.error,
                      result.card_counts] + [result.extra[k] for k in sorted(result.extra)]:
            digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def test_ismcts_golden_digest():
    """Identical play on fixed seeds (DESIGN.md §4.3): a behaviour change of the ISMCTS bot records a new
    digest (`python -m tests.games.aeons_end.test_ismcts`)."""
    assert GAME.engine_version == "0.3.0", "behaviour changed: record new digests"
    assert ismcts_digest() == ISMCTS_DIGEST


if __name__ == "__main__":
    print(ismcts_digest())
