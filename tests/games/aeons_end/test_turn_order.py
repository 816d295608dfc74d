"""Turn order: the turn-order deck, its tokens, reshuffles. Each test cites the rulebook passage (or the
public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import turn, turn_order
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY, kinds


def test_turn_order_deck_composition():
    """Rulebook, Turn Order Deck: 'always composed of four player turn order cards and two nemesis turn
    order cards'; 'For two players, place two turn order cards for each player'; three players add the wild
    card; four players use 'the two 1/2 and two 3/4 turn order cards'."""
    expected = {"brama": [0, 0, 0, 0], "adelheim+brama": [0, 0, 1, 1],
                "adelheim+brama+kadir": [0, 1, 2, L.TO_WILD],
                "adelheim+brama+kadir+mist": [L.TO_12, L.TO_12, L.TO_34, L.TO_34]}
    for team, cards in expected.items():
        sc = AeonsEndScenario.new(f"{team} vs rageborne", advance=False)
        to = sorted(int(c) for c in sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6])
        assert to == sorted(cards + [L.TO_NEMESIS, L.TO_NEMESIS])


def test_four_player_token_gives_both_players_a_turn():
    """Rulebook: 'When the same card is drawn later, the other player takes a turn and the token is returned'."""
    sc = AeonsEndScenario.new("adelheim+brama+kadir+mist vs rageborne", advance=False)
    sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = [L.TO_12, L.TO_12, L.TO_34, L.TO_34, L.TO_NEMESIS, L.TO_NEMESIS]
    sc.set("G_TURN_ORDER_POS", 0)
    sc.set("G_ROUNDS", 1)
    sc.advance()
    first = sc.get("G_ACTIVE")
    sc.apply(sc.action("end"))
    second = sc.get("G_ACTIVE")
    assert {first, second} == {0, 1} and sc.get("G_TOKEN_12") == -1


def test_turn_order_reshuffled_when_empty():
    """Rulebook: 'If you need to draw or reveal a card from the turn order deck and that deck is empty,
    shuffle the discarded turn order cards'."""
    sc = AeonsEndScenario.new(ENTRY)
    for _ in range(200):
        if sc.status()[0] != "running":
            break
        sc.apply(sc.legal()[-1])
    assert sc.get("G_ROUNDS") > 1


def test_turn_order_deck_is_shuffled_per_game():
    """Rulebook, Turn Order Deck: 'Regardless of the player count, add two nemesis turn order cards to the deck
    and shuffle it'; Object of the Game: 'the players and the nemesis will take turns in a random order.'"""
    orders = set()
    for seed in range(1, 21):
        sc = AeonsEndScenario.new(ENTRY, seed=seed, advance=False)
        turn_order.ensure_turn_order(sc.s, sc.keys, sc.counters)
        order = tuple(int(c) for c in sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + L.TURN_ORDER_SIZE])
        assert sorted(order) == [0, 0, 1, 1, L.TO_NEMESIS, L.TO_NEMESIS]
        orders.add(order)
    assert len(orders) > 5


def test_wild_card_passes_to_the_left():
    """Rulebook, Turn Order Deck: 'When the wild turn order card is drawn, the player with the wild token takes a
    turn and then passes the token to the player on their left.'"""
    sc = AeonsEndScenario.new("adelheim+brama+kadir vs rageborne", advance=False)
    sc.set("G_ROUNDS", 1)
    for holder in (0, 1, 2, 0):
        assert sc.get("G_WILD_HOLDER") == holder
        sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = [L.TO_WILD, 0, 1, 2, L.TO_NEMESIS, L.TO_NEMESIS]
        sc.set("G_TURN_ORDER_POS", 0)
        sc.set("G_ACTIVE", -1)
        sc.advance()
        assert sc.get("G_ACTIVE") == holder and sc.get("G_TURN_KIND") == L.TO_WILD
        assert sc.get("G_WILD_HOLDER") == (holder + 1) % 3


def test_a_turn_without_prepped_spells_starts_in_the_main_phase():
    """Rulebook, Turn Order Example: 'Since it is the first turn of the game, Abby will skip this phase and move
    straight to the main phase.' With a prepped spell the turn starts in the casting phase."""
    sc = AeonsEndScenario.new(ENTRY)
    assert sc.get("G_PHASE") == L.PHASE_MAIN and "cast" not in kinds(sc)
    p = sc.get("G_ACTIVE")
    sc.prep(p, 0, "spark")
    turn.start_player_turn(sc.s, p)
    assert sc.get("G_PHASE") == L.PHASE_CASTING and "cast" in kinds(sc)
