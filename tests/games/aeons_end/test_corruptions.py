"""Crooked Mask's corruptions. Each test cites the rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import corruptions, piles
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import corruption_in_hand


def test_crooked_mask_corruption_resolves_at_turn_start():
    """Rulebook, Nemesis Mat: 'Additional Rules: Any additional rules that pertain only to this nemesis.'
    Crooked Mask (data S4): Unleash gives a corruption on top of a deck; corruptions in hand resolve at the start
    of that player's turn, then go to the bottom of the corruption deck."""
    sc = AeonsEndScenario.new("adelheim+brama vs crooked_mask", advance=False)
    assert sc.get("G_CORRUPTIONS") == 11
    sc.set_nemesis_deck(["slaughter", "needlemaw"])    # Unleash: any player gains a corruption on their deck
    sc.nemesis_turn()
    assert sc.get("G_CORRUPTIONS") == 10
    holder = [p for p in range(2) if any(c in sc.lib.nemeses["crooked_mask"]["corruptions"]
                                         for c in [sc.card(x) for x in sc.player(p)["deck_top_first"]])]
    assert len(holder) == 1
    p = holder[0]
    top = sc.player(p)["deck_top_first"][0]

    piles.draw_cards(sc.s, p, 1)                           # the corruption is now in hand
    assert top in sc.player(p)["hand"]
    sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = [p, 0, 1, 1, L.TO_NEMESIS, L.TO_NEMESIS]
    sc.set("G_TURN_ORDER_POS", 0)
    sc.set("G_ROUNDS", 1)
    sc.advance()
    assert top not in sc.player(p)["hand"]
    assert sc.get("G_CORRUPTIONS") == 11
    assert sc.invariant_error() == 0


def test_crooked_mask_corrupter_corrupts_damager():
    """Rulebook: 'When you deal damage: To a minion, remove life tokens'. Corrupter (data S4): whoever damages
    it gains a corruption on top of their deck."""
    sc = AeonsEndScenario.new("adelheim+brama vs crooked_mask", advance=False)
    sc.put_in_play("corrupter")
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=1))
    assert sc.in_play()[0]["life"] == 5
    assert sc.get("G_CORRUPTIONS") == 10


def test_crooked_mask_expert_destroyed_corruption():
    """Data (Crooked Mask): 'destroyed corruption goes to bottom of corruption deck (expert: into any player's
    discard, or lose 1 charge to bottom it)'; S4: every corruption ends 'Destroy this.'. Team rule (assumed):
    pay the charge when the player has one, else the healthiest player takes it into their discard pile."""

    for edition, charges, expect_deck, expect_charges in (("normal", 1, 11, 1), ("expert", 1, 11, 0),
                                                          ("expert", 0, 10, 0)):
        sc = AeonsEndScenario.new("adelheim+brama vs crooked_mask", edition=edition, advance=False)
        sc.set_player(0, "P_LIFE", 6)
        sc.set_player(0, "P_CHARGES", charges)
        corruption_in_hand(sc, 0, "endless_hunger")
        corruptions.resolve_corruptions(sc.s, sc.T, sc.keys, sc.counters, 0)
        assert sc.get("G_CORRUPTIONS") == expect_deck, edition
        assert sc.player(0)["charges"] == expect_charges
        assert ("endless_hunger" in sc.player(1)["discard_bottom_first"]) == (expect_deck == 10)
        assert sc.invariant_error() == 0


def _unleashed(edition: str, seed: int) -> tuple[list[str], list[str]]:
    """Crooked Mask Unleashes once against a deck crystal, spark (top first) and a discard of two shards:
    (the corrupted player's deck afterwards, top first; the corruption names)."""
    sc = AeonsEndScenario.new("adelheim+brama vs crooked_mask", edition=edition, seed=seed, advance=False)
    for p in range(2):
        sc.set_deck(p, ["crystal", "spark"])
        sc.set_discard(p, ["emerald_shard", "amethyst_shard"])
    sc.set_nemesis_deck(["slaughter", "needlemaw"])  # Slaughter: Unleash
    sc.nemesis_turn()
    corruption_names = {sc.lib.player_ids[c] for c in sc.lib.nemeses["crooked_mask"]["corruptions"]}
    decks = [sc.player(p)["deck_top_first"] for p in range(2)]
    corrupted = [d for d in decks if any(c in corruption_names for c in d)]
    assert len(corrupted) == 1
    return corrupted[0], corruption_names


def test_crooked_mask_unleash_shuffles_the_discard_under_the_deck_or_with_it():
    """Crooked Mask's Unleash (data S4 mat text): "Any player gains a corruption and places it on top of their
    deck. That player shuffles their discard pile into their deck." Default reading (rules corruption_shuffle:
    discard_under_deck): the shuffled discard goes under the deck, so the corruption stays on top and the deck
    keeps its order; edition normal-whole-deck-shuffle (S4's engine) shuffles deck and discard together."""
    for seed in range(1, 5):
        deck, corruption_names = _unleashed("normal", seed)
        assert deck[0] in corruption_names and deck[1:3] == ["crystal", "spark"]
        assert sorted(deck[3:]) == ["amethyst_shard", "emerald_shard"]
    tops = set()
    for seed in range(1, 9):
        deck, corruption_names = _unleashed("normal-whole-deck-shuffle", seed)
        assert sorted(c for c in deck if c not in corruption_names) == ["amethyst_shard", "crystal", "emerald_shard", "spark"]
        tops.add(deck[0] in corruption_names)
    assert tops == {True, False}, "shuffled in with the rest: sometimes on top, sometimes not"
