"""Player turn, casting phase: which spells must or may be cast, damage, cast effects. Each test cites the
rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY, kinds, own_ten


def test_must_cast_from_closed_breach():
    """Rulebook, Casting Phase: 'Every spell prepped in a closed breach ... must be Cast now.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.prep(0, 2, "spark")          # breach III is closed
    sc.set_active(0, phase="casting")
    assert "end" not in kinds(sc)
    sc.apply(sc.action("cast", breach=2, target=0))
    assert sc.get("G_NEMESIS_LIFE") == 69


def test_may_hold_spell_in_opened_breach():
    """Rulebook, Casting Phase: 'Any spells that are prepped in an opened breach may be Cast during this phase.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    assert "end" in kinds(sc)


def test_open_breach_bonus_damage():
    """Rulebook: 'Any spell Cast from an open breach with this effect deals 1 additional damage'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_breach(0, 2, 4)          # breach III opened (+1 damage)
    sc.prep(0, 2, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=2, target=0))
    assert sc.get("G_NEMESIS_LIFE") == 68


def test_oblivion_swell_discards_a_costly_gem_for_damage():
    """Data S1: 'Oblivion Swell ... on cast may discard a gem for +dmg equal to its cost'. Team rule (assumed):
    the caster discards the costliest gem in hand costing 4 or more; a cheaper gem is kept."""
    for gem, dealt in (("burning_opal", 2 + 5), ("jade", 2)):
        sc = AeonsEndScenario.new(ENTRY, advance=False)
        sc.prep(0, 0, "oblivion_swell")
        sc.set_hand(0, [gem, "crystal"])
        sc.set_deck(0, ["crystal"] * 8)                          # keep the mage's ten cards (conservation check)
        sc.set_active(0, phase="casting")
        before = sc.get("G_NEMESIS_LIFE")
        sc.apply(sc.action("cast", breach=0, target=0))
        assert before - sc.get("G_NEMESIS_LIFE") == dealt, gem
        assert (gem in sc.player(0)["hand"]) == (dealt == 2)
        assert sc.invariant_error() == 0


def test_the_player_chooses_the_casting_order():
    """Rulebook, Casting Phase: 'You choose the order in which you Cast your spells.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.prep(0, 0, "spark")          # breach I opened
    sc.prep(0, 2, "spark")          # breach III closed: must be cast
    sc.set_active(0, phase="casting")
    open_first, closed_first = sc.action("cast", breach=0), sc.action("cast", breach=2)
    assert {open_first, closed_first} <= set(sc.legal()) and "end" not in kinds(sc)
    sc.apply(open_first)
    assert "end" not in kinds(sc)
    sc.apply(closed_first)
    assert sc.get("G_NEMESIS_LIFE") == 68 and sc.get("G_PHASE") == L.PHASE_MAIN


def test_cast_spell_is_discarded_before_it_resolves():
    """Rulebook, Casting Phase: 'Discard it to the top of your discard pile immediately, then resolve the effect
    after the word "Cast:"'; Draw Phase: 'When a spell is cast, it is immediately placed in your discard pile
    before resolving its effect.' Dark Fire (data S1: 'discard up to 2 cards from hand, 3 dmg each'): the cards
    its effect discards land on top of it."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.prep(0, 0, "dark_fire")
    sc.set_hand(0, ["jade", "crystal"])
    own_ten(sc, 0)
    before = sc.player(0)["discard_bottom_first"]
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=0))
    assert sc.player(0)["discard_bottom_first"] == before + ["dark_fire", "crystal", "jade"]
    assert sc.get("G_NEMESIS_LIFE") == 70 - 6 and sc.player(0)["prepped"] == []
    assert sc.invariant_error() == 0


def test_a_spell_damages_one_target():
    """Rulebook, Casting Phase: 'That spell can only deal damage to a single minion or the nemesis unless
    otherwise specified.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.put_in_play("needlemaw")
    sc.put_in_play("haze_spewer")
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=1))
    assert [m["life"] for m in sc.in_play()] == [10, 5] and sc.get("G_NEMESIS_LIFE") == 70


def test_casting_an_allys_spell_discards_it_to_its_owner():
    """Rulebook, Casting Phase: 'When casting a spell other than your own, you are the "you" referred to on the
    spell card ... When that spell is discarded, it is placed on top of the discard pile of the player who had
    it prepped.' Garnet Shard (data §3): '+1 Æ OR cast any player's prepped spell'."""
    sc = AeonsEndScenario.new("mist+brama vs rageborne", advance=False)
    sc.prep(1, 0, "spark")
    sc.set_active(0)
    sc.set_hand(0, ["garnet_shard"])
    own_ten(sc, 0)
    mist_discard = sc.player(0)["discard_bottom_first"]
    sc.apply(sc.action("play", hand=0, option=1))
    assert sc.player(1)["prepped"] == [] and sc.player(1)["discard_bottom_first"][-1] == "spark"
    assert sc.player(0)["discard_bottom_first"] == mist_discard and sc.get("G_NEMESIS_LIFE") == 69
    assert sc.invariant_error() == 0


def test_chaos_arc_counts_spells_in_adjacent_breaches():
    """Rulebook, Breaches: 'Adjacency: ... Breaches are always adjacent to the one or two directly next to them
    physically. For example, I is adjacent to II. II is adjacent to I and III.' Chaos Arc (data S1): '+2 per
    prepped spell in an adjacent breach'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_breach(0, 1, 4)
    sc.prep(0, 0, "spark")
    sc.prep(0, 1, "chaos_arc")
    sc.prep(0, 2, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=1, target=0))
    assert sc.get("G_NEMESIS_LIFE") == 70 - (3 + 2 * 2)
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_breach(0, 3, 4)
    sc.prep(0, 0, "spark")          # not adjacent to IV
    sc.prep(0, 3, "chaos_arc")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=3, target=0))
    assert sc.get("G_NEMESIS_LIFE") == 70 - (3 + 1)   # opened IV: +1


def test_flare_reveals_the_top_turn_order_card_and_returns_it():
    """Rulebook, Game Terms: 'Revealing cards: Whenever you reveal a card from the top of any deck, return it to
    the top of that deck'; Turn Order Deck: 'When the turn order deck is empty and a new turn order card must be
    drawn or revealed, shuffle all of the turn order cards'. Flare (data §3): 'peek top turn-order card (put
    back); 3 dmg if it is a player card, else 1 dmg'."""
    for top, dealt in ((1, 3), (L.TO_NEMESIS, 1)):
        sc = AeonsEndScenario.new("xaxos+brama vs rageborne", advance=False)
        deck = [0, top, 1, 0 if top == L.TO_NEMESIS else L.TO_NEMESIS, L.TO_NEMESIS, 1]
        sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = deck
        sc.set("G_TURN_ORDER_POS", 1)
        sc.prep(0, 0, "flare")
        sc.set_active(0, phase="casting")
        sc.apply(sc.action("cast", breach=0, target=0))
        assert sc.get("G_NEMESIS_LIFE") == 70 - dealt
        assert sc.turn_order() == {"discard": deck[:1], "deck": deck[1:]}
    sc = AeonsEndScenario.new("xaxos+brama vs rageborne", advance=False)
    sc.set("G_TURN_ORDER_POS", L.TURN_ORDER_SIZE)   # empty deck: the reveal reshuffles it first
    sc.prep(0, 0, "flare")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=0))
    assert sc.get("G_TURN_ORDER_POS") == 0 and len(sc.turn_order()["deck"]) == 6


def test_lava_tendril_deals_one_at_the_end_of_each_casting_phase():
    """Data S1: 'Lava Tendril ... while prepped: 1 dmg at end of your casting phase'; Casting Phase: 'Any spells
    that are prepped in an opened breach may be Cast' (so it can stay prepped)."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.prep(0, 0, "lava_tendril")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("end"))
    assert sc.get("G_NEMESIS_LIFE") == 69 and sc.player(0)["prepped"] == [("lava_tendril", 0)]
