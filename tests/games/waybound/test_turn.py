"""START OF TURN, the 0.36 Opening rules and END OF TURN AND ROUND LIMIT: scenario tests, each quoting
the passage it checks."""

from __future__ import annotations

import pytest

from sim.games.waybound import layout as L
from sim.games.waybound.scenario import WayboundScenario
from tests.games.waybound.helpers import (
    GO,
    LC,
    WB,
    fresh,
    pass_turn_pair,
)


def test_capacity_grows_to_six_and_refills_without_carry_over():
    """Rulebook, START OF TURN: 'On your first turn, capacity is one; each later turn increases capacity
    by one, up to six. Refill available Charge to capacity. Unspent Charge never carries forward.'"""
    sc = WayboundScenario("hearthbound/brindle", "ironmaw/skara", edition="0.36-no-opening")
    seen = []
    for _ in range(8):
        seen.append((sc.player(0)["capacity"], sc.player(0)["charge"]))
        pass_turn_pair(sc)
    assert seen == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (6, 6), (6, 6)]


def test_second_player_extra_charge_on_first_turn_only():
    """Rulebook, Opening: 'The second player gets 1 extra available Charge on their first turn only
    (2 available at capacity 1).'"""
    sc = WayboundScenario()
    sc.apply(sc.end_turn())
    assert sc.player(1)["capacity"] == 1 and sc.player(1)["charge"] == 2
    pass_turn_pair(sc)
    assert sc.player(1)["capacity"] == 2 and sc.player(1)["charge"] == 2
    plain = WayboundScenario(edition="0.36-no-opening")
    plain.apply(plain.end_turn())
    assert plain.player(1)["charge"] == 1


def test_starting_player_skips_only_first_draw():
    """Rulebook, START OF TURN: 'Normally draw one card; the starting player skips only their first
    normal draw.'"""
    sc = WayboundScenario()
    assert sc.player(0)["hand_size"] == 5
    sc.apply(sc.end_turn())
    assert sc.player(1)["hand_size"] == 6
    sc.apply(sc.end_turn())
    assert sc.player(0)["hand_size"] == 6


def test_empty_hand_draws_five():
    """Rulebook, START OF TURN: 'If your hand is empty at the beginning of your turn, draw five instead
    of one, as many as possible.'"""
    sc = fresh()
    sc.set_cards(1, hand=[], deck=["bonegnaw"] * 3 + ["feast"] * 4)
    sc.apply(sc.end_turn())
    assert sc.player(1)["hand_size"] == 5 and sc.player(1)["deck"] == 2
    sc2 = fresh()
    sc2.set_cards(1, hand=[], deck=["bonegnaw"] * 3)
    sc2.apply(sc2.end_turn())
    assert sc2.player(1)["hand_size"] == 3  # as many as possible


def test_draw_reshuffles_discard_and_skips_when_both_empty():
    """Rulebook, START OF TURN: 'Ordinary drawing reshuffles the discard if the deck is empty; if both
    are empty, skip the draw.'"""
    sc = fresh()
    sc.set_cards(1, hand=["feast"], deck=[], discard=["bonegnaw", "tusk_scout"])
    sc.apply(sc.end_turn())
    assert sc.player(1)["hand_size"] == 2 and sc.player(1)["deck"] == 1 and sc.player(1)["discard"] == 0
    sc2 = fresh()
    sc2.set_cards(1, hand=["feast"], deck=[], discard=[])
    sc2.apply(sc2.end_turn())
    assert sc2.player(1)["hand_size"] == 1


@pytest.mark.parametrize(
    "edition,banned",
    [
        ("0.36", True),
        ("0.36-comparison", True),
        ("0.36-no-opening", False),
        ("0.36-extra-charge-only", False),
        ("pre-0.36", False),
    ],
)
def test_starting_player_first_turn_explore_ban(edition, banned):
    """Rulebook, Opening: 'the starting player cannot Explore on their first turn.' END OF TURN: 'The
    optional comparison setting prevents only the starting player's first-turn Explore.'"""
    sc = WayboundScenario(edition=edition)
    sc.set_unit(1, 0, route=GO)
    assert sc.is_legal(sc.explore(0)) is (not banned)
    sc.apply(sc.end_turn())
    extra = {
        "0.36": 1,
        "0.36-comparison": 0,
        "0.36-no-opening": 0,
        "0.36-extra-charge-only": 1,
        "pre-0.36": 0,
    }
    assert sc.player(1)["charge"] == 1 + extra[edition]


def test_win_at_twenty_before_discarding():
    """Rulebook, END OF TURN: 'At end of your turn, if you have at least 20 Renown, win before discarding.'
    DEFEATS: 'Reaching 20 during an action does not win until the end-turn check.'"""
    sc = fresh()
    sc.set(renown=(19, 0))
    sc.set_unit(1, 0, route=GO)
    sc.set_cards(0, hand=["mend"] * 9)
    sc.set(charge=(0, 0))
    sc.set_unit(0, 0, route=WB)
    sc.apply(sc.explore(0))
    assert not sc.done
    sc.apply(sc.end_turn())
    assert sc.done and sc.winner == 0 and sc.end_reason == "renown" and sc.player(0)["hand_size"] == 9


def test_the_player_discards_down_to_seven_a_chosen_card_at_a_time():
    """Rulebook, END OF TURN: 'At end of your turn, if you have at least 20 Renown, win before discarding.
    Otherwise discard down to seven, clear your temporary turn effects, then pass.' The player whose turn
    ends chooses the cards (RULES.md, Ambiguities): one decision per card, each distinct card offered once."""
    sc = fresh()
    hand = ["lamplighter", "lamplighter", "hearthshell", "hearthshell", "thornrush", "cinderbolt",
            "briar_verdict", "wildfire_passage", "orchard_tender"]
    sc.set_cards(0, hand=hand)
    sc.apply(sc.end_turn())
    assert sc.phase == L.PH_HAND_LIMIT and sc.decider == 0 and sc.active == 0
    assert sorted(sc.legal()) == sorted(sc.hand_limit_discard(card) for card in set(hand))
    assert sc.describe(sc.hand_limit_discard("thornrush")) == "discard Thornrush (hand limit)"
    sc.apply(sc.hand_limit_discard("thornrush"))
    assert sc.phase == L.PH_HAND_LIMIT and sc.player(0)["hand_size"] == 8  # still over: another choice
    sc.apply(sc.hand_limit_discard("lamplighter"))
    assert sc.phase == L.PH_MAIN and sc.active == 1  # down to seven: the turn passes
    assert sorted(sc.discard(0)) == ["lamplighter", "thornrush"]
    assert sorted(sc.hand(0)) == sorted(["lamplighter", "hearthshell", "hearthshell", "cinderbolt",
                                         "briar_verdict", "wildfire_passage", "orchard_tender"])


def test_a_hand_at_the_limit_passes_without_a_discard():
    """Rulebook, END OF TURN: 'Otherwise discard down to seven' (seven cards need no discard)."""
    sc = fresh()
    sc.set_cards(0, hand=["mend"] * 7)
    sc.apply(sc.end_turn())
    assert sc.active == 1 and sc.player(0)["hand_size"] == 7 and sc.player(0)["discard"] == 0


@pytest.mark.parametrize(
    "renown,marks,winner,reason",
    [
        ((5, 3), (0, 0), 0, "round_limit_renown"),
        ((4, 4), (1, 2), 1, "round_limit_marks"),
        ((4, 4), (2, 2), -1, "draw"),
    ],
)
def test_round_twelve_limit(renown, marks, winner, reason):
    """Rulebook, END OF TURN: 'After both players' turns in round 12, higher Renown wins; a tie uses
    Companion journey marks; a further tie is a draw.'"""
    sc = fresh()
    sc.set_round(12)
    sc.set(renown=renown, marks=marks)
    sc.apply(sc.end_turn())
    assert not sc.done
    sc.apply(sc.end_turn())
    assert sc.done and sc.winner == winner and sc.end_reason == reason


def test_start_of_turn_readies_and_resets_the_turn_limits():
    """Rulebook, START OF TURN: 'Ready your characters. Reset normal movement limits, Shift usage, temporary
    bonuses, Explore restrictions and the Companion's once-per-turn journey marking.'"""
    sc = fresh(edition="0.36-no-opening")
    prism = sc.add_ally(0, "prismarten", WB)
    sc.set_unit(0, prism, ready=0, moved=1, force_bonus=3)
    sc.s[sc.ub(0, prism) + L.U_SHIFT_USED] = 1
    sc.s[sc.ub(0, prism) + L.U_NO_EXPLORE] = 1
    sc.s[sc.ub(0, prism) + L.U_INSIGHT_BONUS] = 2
    sc.s[sc.pb(0) + L.P_MARKED_THIS_TURN] = 1
    pass_turn_pair(sc)
    u = sc.ub(0, prism)
    assert sc.unit(0, prism)["ready"]
    for field in (L.U_MOVED, L.U_SHIFT_USED, L.U_NO_EXPLORE, L.U_FORCE_BONUS, L.U_INSIGHT_BONUS):
        assert sc.s[u + field] == 0, field
    assert sc.s[sc.pb(0) + L.P_MARKED_THIS_TURN] == 0
    assert sc.is_legal(sc.move(prism, LC)) and sc.is_legal(sc.shift(prism)) and sc.is_legal(sc.explore(prism))


def test_no_refill_when_the_last_card_is_played():
    """Rulebook, START OF TURN: 'There is no extra sixth draw and no immediate refill when you play your last
    card.' The empty hand draws five at its next turn start, not before."""
    sc = fresh()
    sc.set_cards(0, hand=["mend"], deck=["lamplighter"] * 7)
    sc.apply(sc.play("mend", 0))
    assert sc.player(0)["hand_size"] == 0 and sc.phase == L.PH_MAIN
    sc.apply(sc.end_turn())
    assert sc.player(0)["hand_size"] == 0
    sc.apply(sc.end_turn())
    assert sc.player(0)["hand_size"] == 5 and sc.player(0)["deck"] == 2
