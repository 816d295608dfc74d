"""Shared helpers of the Aeon's End tests."""

import numpy as np

from sim.core.game import SeedBlock
from sim.core.rng import name_key
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import AeonsEndScenario

ENTRY = "adelheim+brama vs rageborne"
TEAMS = {1: "brama", 2: "adelheim+brama", 3: "adelheim+brama+kadir", 4: "adelheim+brama+kadir+mist"}


def kinds(sc):
    return {L.ACTION_KINDS[a // 256] for a in sc.legal()}


def fresh(entry=ENTRY, **kw):
    sc = AeonsEndScenario.new(entry, advance=False, **kw)
    sc.set("G_FURY", 0)                 # no Rageborne Strike (4 Fury) inside a test turn
    return sc


def life(sc):
    return [sc.player(p)["life"] for p in range(sc.matchup.players)]


def own_ten(sc, p):
    """A test hand shorter than five leaves the player owning fewer than the ten starting cards (invariant 9):
    pad the discard pile with Crystals."""
    owned = sc.get_player(p, "P_OWNED") + sc.player(p)["destroyed"]
    if owned < 10:
        sc.set_discard(p, sc.player(p)["discard_bottom_first"] + ["crystal"] * (10 - owned))


def deck_ids(sc):
    n = sc.get("G_NEMESIS_DECK_LEN")
    return [int(c) for c in sc.s[L.NEMESIS_DECK_BASE:L.NEMESIS_DECK_BASE + n]]


def corruption_in_hand(sc, p, corruption):
    """Move `corruption` to the top of the corruption deck, then into p's hand."""
    from sim.games.aeons_end.rules import corruption_deck

    n = sc.get("G_CORRUPTIONS")
    deck = [int(x) for x in sc.s[L.CORRUPTION_BASE:L.CORRUPTION_BASE + n]]
    i = deck.index(sc.card(corruption))
    deck[i], deck[-1] = deck[-1], deck[i]
    sc.s[L.CORRUPTION_BASE:L.CORRUPTION_BASE + n] = deck
    corruption_deck.gain_corruption(sc.s, sc.T, p, True)


def match_seeds(matchup, n, root=11):
    return SeedBlock(root_seed=root, matchup_key=name_key(matchup.matchup_id),
                     pair_index=np.arange(n, dtype=np.int64), swap=np.zeros(n, np.uint8))
