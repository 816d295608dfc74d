"""The bots: random legal, greedy with weights as data (network racing, Thread pressure)."""

import numpy as np

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME
from tests.games.veilwalkers.helpers import at, shape

RACER, PRESSURE, RANDOM = (GAME.load_policy(n) for n in ("racer", "pressure", "random"))


def test_the_greedy_bot_claims_a_remembrance_it_stands_on():
    """Network racing values claiming above everything else at hand."""
    sc = shape()
    sc.place(0, "veilwalker", (2, 2))
    assert sc.bot_action((RACER, RACER)) == sc.action("claim", token=0)


def test_the_greedy_bot_strikes_an_opposing_veilwalker_within_reach():
    sc = shape()
    sc.place(1, "veilwalker", (2, 1))
    slot = sc.put_figure(0, "seether", (2, 1))
    sc.place(0, "veilwalker", (2, 1))
    assert sc.bot_action((PRESSURE, PRESSURE)) == sc.action("strike", attacker=slot)


def test_the_greedy_bot_turns_a_ring_to_align_the_gate_its_veilwalker_needs():
    """Ring II's port is two steps from Ring I's Gate; turning Ring II counterclockwise brings it closer."""
    sc = shape(resonance=2)
    for piece in ("veilwalker", "rememberer"):
        sc.place(0, piece, (1, 0))
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(1, piece, (1, 4))
    sc.place(0, "wayfinder", (1, 1))
    sc.open_boundary(0, 0)
    sc.set(0, "P_NODE_ACTIVE", 1)  # the Rememberer's goal lies beyond too (Ring III)
    action = sc.bot_action((RACER, RACER))
    assert action in (sc.action("rotate", ring=2, direction="counterclockwise"),
                      sc.action("rotate", ring=1, direction="clockwise"))


def test_the_random_bot_plays_only_legal_actions_and_every_seat_its_own_bot():
    """Debug mode checks every action against the legal list: no errors over many matches, and a
    matchup of two different bots plays differently from the same deal with one."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["lamplight vs roadfolk"])[0]
    mixed = GAME.play_batch(ruleset, matchup, (RANDOM, RACER), seed_block(3, matchup, 0, 20), debug=True)
    same = GAME.play_batch(ruleset, matchup, seats_for((RANDOM,), matchup), seed_block(3, matchup, 0, 20), debug=True)
    assert (mixed.error == 0).all() and (same.error == 0).all()
    assert not np.array_equal(mixed.turns, same.turns)


def test_figures_hunt_once_the_companys_bloom_is_out_of_reach():
    """"Missing a network node before closure prevents its remaining first activation forever, so Bloom
    victory becomes unavailable to that Company. Defend, disrupt and seek Thread victory": a racer's
    Figure escorts its Veilwalker while Bloom is reachable, and heads for the opposing Veilwalker after."""
    from sim.games.veilwalkers import policy
    from tests.games.veilwalkers.helpers import at

    sc = shape()
    s, rules = sc.state_vector, sc.ruleset.tables
    weights = RACER.params
    slot = sc.put_figure(0, "nessa", (3, 0))
    for seat in (0, 1):
        for piece in ("veilwalker", "wayfinder", "rememberer"):
            sc.place(seat, piece, (2, 0) if seat == 0 else (3, 3))
    sc.set(None, "G_WATCHER_SITE", at((4, 4)))
    target = policy.walker_goal(s, rules, 0)
    assert policy.goal_of(s, rules, weights, 0, 3 + slot, target) == at((2, 0))
    sc.set(None, "G_CLOSED", 1)  # Ring I closed without Garden's Ring I Lamp (nothing stands on Ring I)
    assert not policy.bloom_reachable(s, rules, 0)
    assert policy.goal_of(s, rules, weights, 0, 3 + slot, target) == at((3, 3))


def test_a_lost_unit_waits_while_its_exit_frays_and_escapes_after():
    """A Lost unit rides inward for free as Rings close ("Their Exit is the next physical Ring"): the bot
    escapes only once its Exit's Ring no longer Frays."""
    from sim.games.veilwalkers import layout as L
    from tests.games.veilwalkers.helpers import at

    sc = shape()
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(0, piece, ("lost", 3))
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(1, piece, (6, 0))
    for token in range(5):
        sc.carry(1, token)
    sc.set(None, "G_WATCHER_SITE", at((6, 3)))
    sc.set(None, "G_CLOSED", 1)
    sc.set(None, "G_FRAYING", 1)
    sc.set(0, "P_RESONANCE", 2)
    assert sc.bot_action((RACER, RACER)) >> 16 != L.A_ESCAPE
    sc.set(None, "G_FRAYING", -1)
    sc.set(None, "G_CLOSED", 5)
    assert sc.bot_action((RACER, RACER)) >> 16 == L.A_ESCAPE


def test_the_greedy_bots_awaken_a_board_sentinel_and_recruit_a_local_at_hand():
    """Recruiting a Local and awakening a board Sentinel are valued per Power of the unit gained (weight
    `recruit`): at Waking Cairn (V S1), its Stronghold there already, both styles awaken the Sentinel;
    the pressure style recruits the Local of the settlement at Ring II S1 its Veilbound stand on."""
    for bot in (RACER, PRESSURE):
        sc = shape()
        sc.place(0, "veilwalker", (5, 1))
        sc.set(0, "P_STRONGHOLD", at((5, 1)))
        assert sc.bot_action((bot, bot)) == sc.action("awaken", sentinel=0)
    sc = shape()
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(0, piece, (2, 1))
    recruits = {sc.action("recruit", piece=p, settlement=1) for p in ("veilwalker", "wayfinder", "rememberer")}
    assert sc.bot_action((PRESSURE, PRESSURE)) in recruits


def test_the_greedy_bots_deploy_behind_the_lines_at_an_active_lamp():
    """Behind the Lines is valued as a deploy, and more where it contests an active Lamp of Garden's
    (enemy control at turn end puts a node out): with the Waystations lit and a Mirror Hound in hand,
    the racer sends it to Garden's lit Lamp at Ring I S2 (the pressure style deploys its biggest Figure
    first)."""
    sc = shape(order=1, resonance=4)  # seat 0 leads Wayfarer (roadfolk), seat 1 Garden
    sc.credit_nodes(0)
    sc.place(1, "rememberer", (1, 2))
    sc.set(1, "P_NODE_ACTIVE", 1)
    sc.give(0, "mirror_hound")
    hound = len(sc.player(0)["hand"]) - 1
    assert sc.bot_action((RACER, RACER)) == sc.action("play", index=hound, behind=(1, 2))
