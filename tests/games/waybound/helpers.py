"""Shared helpers of the Waybound tests: scenario positions, batch runs, the Companion list.

Positions are built with the scenario API (sim/games/waybound/scenario.py) on the real kernels. Unit 0
of each seat is its Companion; Routes: 0 Windbridge, 1 Lantern Crossing, 2 Glass Orchard, 3 Netherway.
"""

from __future__ import annotations

import numpy as np

from sim.core import rng
from sim.core.game import BatchResult, SeedBlock
from sim.games.waybound import GAME
from sim.games.waybound import layout as L
from sim.games.waybound.scenario import WayboundScenario

WB, LC, GO, NW = 0, 1, 2, 3


def fresh(
    side0="hearthbound/brindle", side1="ironmaw/skara", edition="0.36", charge=(6, 6), **kw
) -> WayboundScenario:
    sc = WayboundScenario(side0, side1, edition=edition, **kw)
    sc.clear()
    sc.set(charge=charge, capacity=(6, 6))
    sc.s[sc.pb(0) + L.P_TURNS] = 3  # a later turn: the first-turn opening rules are tested separately
    return sc


def end_turn_at_the_hand_limit(sc: WayboundScenario) -> None:
    """End the active turn; a hand over the limit discards its lowest card ids first."""
    sc.apply(sc.end_turn())
    while sc.phase == L.PH_HAND_LIMIT:
        sc.apply(sc.legal()[0])


def pass_turn_pair(sc: WayboundScenario) -> None:
    """End the active turn and the opponent's next one (end_turn_at_the_hand_limit)."""
    end_turn_at_the_hand_limit(sc)
    end_turn_at_the_hand_limit(sc)


def seeds_for(pairs: int, root: int = 11, matchup_id: str = "m") -> SeedBlock:
    return SeedBlock(
        root_seed=root,
        matchup_key=rng.name_key(matchup_id),
        pair_index=np.repeat(np.arange(pairs, dtype=np.int64), 2),
        swap=np.tile(np.array([0, 1], dtype=np.uint8), pairs),
    )


def run(
    policy_a="greedy_explorer",
    policy_b="greedy_fighter",
    spec="hearthbound/brindle vs ironmaw/skara",
    pairs=50,
    edition="0.36",
    debug=True,
    card_counts=False,
    root=11,
) -> BatchResult:
    ruleset = GAME.load_ruleset(edition)
    matchup = GAME.load_matchups(ruleset, [spec])[0]
    policies = (GAME.load_policy(policy_a), GAME.load_policy(policy_b))
    return GAME.play_batch(
        ruleset,
        matchup,
        policies,
        seeds_for(pairs, root, matchup.matchup_id),
        debug=debug,
        card_counts=card_counts,
    )


def check_clean(result: BatchResult) -> None:
    assert (result.error == 0).all(), np.bincount(result.error)
    assert (result.end_reason != 4).all()
    finished_by_renown = result.end_reason == 0
    winners = result.winner[finished_by_renown]
    assert (result.score[finished_by_renown, :].max(axis=1) >= 20).all()
    assert ((winners == 0) | (winners == 1)).all()


SIDES = [
    side
    for faction, spec in GAME.load_ruleset("0.36").tables.factions.items()
    for side in (f"{faction}/{companion}" for companion in spec["companions"])
]
