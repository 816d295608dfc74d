"""Setup: player mats, the nemesis deck, which basic nemesis cards. Each test cites the rulebook passage (or
the public data line) it checks."""

import pytest

from sim.games.aeons_end import data
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import damage_exhaustion, nemesis_turn
from sim.games.aeons_end.scenario import AeonsEndScenario
from sim.games.aeons_end.vocab import NS_GRAVEHOLD_HEAL, NS_NEMESIS_HEAL
from tests.games.aeons_end.helpers import ENTRY, TEAMS, deck_ids, fresh, own_ten


def test_setup_printed_order_and_life():
    """Rulebook, Player Setup: 'the leftmost card(s) being the top card(s) of their deck'; 'Each player
    starts the game with 10 life. Set the Gravehold life dial to 30.'"""
    sc = AeonsEndScenario.new("brama+lash vs rageborne", advance=False)
    brama = sc.player(0)
    assert brama["hand"] == ["buried_light", "crystal", "crystal", "crystal", "crystal"]
    assert brama["deck_top_first"] == ["crystal", "crystal", "crystal", "spark", "spark"]
    assert brama["life"] == 10 and sc.get("G_GRAVEHOLD") == 30
    assert brama["breaches"] == [4, 1, 0, 2]
    assert sc.get("G_NEMESIS_LIFE") == 70


def test_nemesis_deck_tiers_stacked():
    """Rulebook, Nemesis Setup: 'Place the tier 3 cards on the bottom ... tier 1 cards facedown on top'
    with the table '2 Player: Tier 1 3, Tier 2 5, Tier 3 7'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    n = sc.get("G_NEMESIS_DECK_LEN")
    tiers = [int(sc.ncard[c, L.NC_TIER]) for c in sc.s[L.NEMESIS_DECK_BASE:L.NEMESIS_DECK_BASE + n]]
    assert tiers == [1] * 6 + [2] * 8 + [3] * 10
    solo = AeonsEndScenario.new("brama vs rageborne", advance=False)
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
    assert sc.invariant_error() == 0


def test_default_set_is_legacy_and_base_game_basics_uses_the_base_set():
    """Rulebook, Nemesis Setup: 'some basic cards are included in each nemesis deck' (the Legacy box's own);
    the edition base-game-basics swaps in the base game's 22 basics; the other editions keep the default."""
    lib = data.load_library()
    base = {c for t in lib.basic_sets["base"] for c in t}
    legacy = {c for t in lib.basic_sets["legacy"] for c in t}
    for edition in ("normal", "expert", "extinction", "beginner", "normal-turn-order-varies", "normal-deal-varies"):
        assert data.load_rules(edition, data.load_library())[0]["basic_nemesis_set"] == "legacy"
        deck = set(deck_ids(AeonsEndScenario.new(ENTRY, edition=edition, advance=False)))
        assert deck & legacy and not deck & base
    assert data.load_rules("base-game-basics", data.load_library())[0]["basic_nemesis_set"] == "base"
    deck = set(deck_ids(AeonsEndScenario.new(ENTRY, edition="base-game-basics", advance=False)))
    assert deck & base and not deck & legacy


def test_breach_setup_per_mat_including_missing_breaches():
    """Rulebook, Player Setup: 'Each player receives one of each type of breach shown on their mat (I–IV as
    listed). Players arrange their breaches as indicated on their player mat. Some breach mages start with
    fewer than four breaches.' Data §3: Phaedraxa 'breaches: {I: none, II: open, III: stage 1, IV: stage 2}',
    Jian '{I: open, II: open, III: stage 0, IV: stage 1}'."""
    sc = AeonsEndScenario.new("phaedraxa+jian vs rageborne", advance=False)
    assert sc.player(0)["breaches"] == [-1, 4, 1, 2]
    assert sc.player(1)["breaches"] == [4, 4, 0, 1]
    sc.set_active(0)
    sc.set_hand(0, ["spark"])
    own_ten(sc, 0)
    preps = [a for a in sc.legal() if a // 256 == L.A_PREP]
    assert preps == [sc.action("prep", hand=0, breach=1)]      # no breach I; III and IV are closed


def test_life_never_exceeds_starting_life():
    """Rulebook, Player Setup: 'The players and Gravehold can never have more than their starting life.'
    Nemesis Setup: 'The nemesis can never have more than its starting life.'"""
    sc = fresh()
    sc.set_player(0, "P_LIFE", 9)
    damage_exhaustion.gain_life(sc.s, 0, 4)
    assert sc.player(0)["life"] == 10
    sc.set("G_GRAVEHOLD", 29)
    nemesis_turn.run_atomic(sc.s, sc.T, sc.keys, sc.counters, NS_GRAVEHOLD_HEAL, 3, -1)
    assert sc.get("G_GRAVEHOLD") == 30
    nemesis_turn.run_atomic(sc.s, sc.T, sc.keys, sc.counters, NS_NEMESIS_HEAL, 13, -1)
    assert sc.get("G_NEMESIS_LIFE") == 70


def test_supply_piles_hold_seven_gems_five_relics_five_spells():
    """Rulebook, Supply Setup: 'The supply is composed of nine supply piles. Each pile contains several copies of
    the same card' and 'There are seven gem cards in each gem supply pile ... five spell cards in each spell
    supply pile ... five relic cards in each relic supply pile.'"""
    sc = fresh()
    piles = [(sc.pcard_type(int(sc.s[L.SUPPLY_CARD_BASE + k])), int(sc.s[L.SUPPLY_COUNT_BASE + k]))
             for k in range(L.SUPPLY_PILES)]
    assert piles == [(0, 7)] * 3 + [(1, 5)] * 2 + [(2, 5)] * 4
    assert len({int(sc.s[L.SUPPLY_CARD_BASE + k]) for k in range(L.SUPPLY_PILES)}) == 9
