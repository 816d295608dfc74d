"""Setup: player mats, the nemesis deck, which basic nemesis cards. Each test cites the rulebook passage (or
the public data line) it checks."""

import pytest

from sim.games.aeons_end import data
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY, TEAMS, deck_ids, fresh


def test_setup_printed_order_and_life():
    """Rulebook, Player Setup: 'the leftmost card(s) being the top card(s) of their deck'; 'Each player
    starts the game with 10 life. Set the Gravehold life dial to 30.'"""
    sc = Scenario.new("brama+lash vs rageborne", advance=False)
    brama = sc.player(0)
    assert brama["hand"] == ["buried_light", "crystal", "crystal", "crystal", "crystal"]
    assert brama["deck_top_first"] == ["crystal", "crystal", "crystal", "spark", "spark"]
    assert brama["life"] == 10 and sc.get("G_GRAVEHOLD") == 30
    assert brama["breaches"] == [4, 1, 0, 2]
    assert sc.get("G_NEMESIS_LIFE") == 70


def test_nemesis_deck_tiers_stacked():
    """Rulebook, Nemesis Setup: 'Place the tier 3 cards on the bottom ... tier 1 cards facedown on top'
    with the table '2 Player: Tier 1 3, Tier 2 5, Tier 3 7'."""
    sc = Scenario.new(ENTRY, advance=False)
    n = sc.get("G_NEMESIS_DECK_LEN")
    tiers = [int(sc.ncard[c, L.NC_TIER]) for c in sc.s[L.NEMESIS_DECK_BASE:L.NEMESIS_DECK_BASE + n]]
    assert tiers == [1] * 6 + [2] * 8 + [3] * 10
    solo = Scenario.new("brama vs rageborne", advance=False)
    assert solo.get("G_NEMESIS_DECK_LEN") == 3 + 1 + 3 + 3 + 3 + 7


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_legacy_deck_builds_for_every_player_count(players):
    """Rulebook, Nemesis Deck Construction: '| Tier 1 | 1 | 3 | 5 | 8 | / | Tier 2 | 3 | 5 | 6 | 7 | / | Tier 3
    | 7 | 7 | 7 | 7 |' added to the nine nemesis cards; the default set is the Legacy box's."""
    sc = fresh(f"{TEAMS[players]} vs rageborne")
    lib = sc.lib
    table = {1: (1, 3, 7), 2: (3, 5, 7), 3: (5, 6, 7), 4: (8, 7, 7)}[players]
    deck = deck_ids(sc)
    assert len(deck) == 9 + sum(table)
    legacy = [set(t) for t in lib.basic_sets["legacy"]]
    for t in range(3):
        assert sum(1 for c in deck if c in legacy[t]) == table[t]
    assert not set(deck) & {c for t in lib.basic_sets["base"] for c in t}
    assert sc.invariants() == 0


def test_default_set_is_legacy_and_base_game_basics_uses_the_base_set():
    """Rulebook, Nemesis Setup: 'some basic cards are included in each nemesis deck' (the Legacy box's own);
    the edition base-game-basics swaps in the base game's 22 basics; the other editions keep the default."""
    lib = data.load_library()
    base = {c for t in lib.basic_sets["base"] for c in t}
    legacy = {c for t in lib.basic_sets["legacy"] for c in t}
    for edition in ("normal", "expert", "extinction", "beginner", "normal-turn-order-varies", "normal-deal-varies"):
        assert data.load_rules(edition)["basic_nemesis_set"] == "legacy"
        deck = set(deck_ids(Scenario.new(ENTRY, edition=edition, advance=False)))
        assert deck & legacy and not deck & base
    assert data.load_rules("base-game-basics")["basic_nemesis_set"] == "base"
    deck = set(deck_ids(Scenario.new(ENTRY, edition="base-game-basics", advance=False)))
    assert deck & base and not deck & legacy
