"""Breaches: focus, open, prep. Each test cites the rulebook passage (or the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.rules import breaches, turn
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY, kinds, own_ten


def test_prep_to_closed_breach_only_when_focused_this_turn():
    """Rulebook, Breaches: 'The only time that spells can be prepped to a closed breach is during the
    player's turn in which that breach was focused.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["spark", "crystal", "crystal"])
    own_ten(sc, 0)
    prep_iii = sc.action("prep", hand=0, breach=2)
    assert prep_iii not in sc.legal()
    sc.apply(sc.action("play", hand=1))
    sc.apply(sc.action("play", hand=1))
    sc.s[L.G_AETHER] = 3
    sc.apply(sc.action("focus", breach=2))   # breach III focus cost 3
    assert prep_iii in sc.legal()
    assert sc.player(0)["breaches"][2] == 1


def test_open_cost_falls_with_focus():
    """Rulebook, Open a breach: 'The open cost decreases each time you focus the breach.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 4
    assert sc.action("open", breach=1) in sc.legal()   # Adelheim's II is at stage 2: cost 3
    sc.s[L.G_AETHER] = 2
    assert sc.action("open", breach=1) not in sc.legal()
    sc.apply(sc.action("focus", breach=1))             # costs 2, stage 3
    sc.s[L.G_AETHER] = 2
    sc.apply(sc.action("open", breach=1))
    assert sc.player(0)["breaches"][1] == 4 and sc.get("G_AETHER") == 0


def test_focus_in_any_order_and_many_times():
    """Rulebook, Breaches: 'You may open or focus breaches in any order. For example, you may focus breach III
    before breach II'; Main Phase: 'Breaches may be focused any number of times per turn. Any number of breaches
    may be focused per turn. You may focus a breach without prepping a spell to it.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)          # Adelheim: I open, II stage 2, III stage 0, IV stage 1
    sc.set_active(0)
    sc.s[L.G_AETHER] = 20
    assert {sc.action("focus", breach=b) for b in (1, 2, 3)} <= set(sc.legal())
    sc.apply(sc.action("focus", breach=3))
    sc.apply(sc.action("focus", breach=3))
    sc.apply(sc.action("focus", breach=2))
    sc.apply(sc.action("focus", breach=1))
    assert sc.player(0)["breaches"] == [4, 3, 1, 3] and sc.get("G_AETHER") == 20 - 4 - 4 - 3 - 2


def test_focusing_the_last_quarter_opens_the_breach():
    """Rulebook, Main Phase: 'A breach that has been rotated so that the yellow quadrant is at the top can be
    opened by an effect that would otherwise focus this breach.' Focusing Orb (data S1): 'focus any player's
    breach'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_breach(0, 1, 3)
    sc.s[L.G_AETHER] = 2
    sc.apply(sc.action("focus", breach=1))
    assert sc.player(0)["breaches"][1] == 4
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_breach(0, 1, 3)                            # II is the cheapest closed breach to focus
    sc.set_hand(0, ["focusing_orb"])
    own_ten(sc, 0)
    sc.apply(sc.action("play", hand=0))
    assert sc.player(0)["breaches"][1] == 4


def test_opened_breach_stays_open_and_takes_spells_on_later_turns():
    """Rulebook, Breaches: 'Once a breach is opened, it remains opened for the rest of the game' and 'On a
    subsequent turn, a player's prepped spells may be cast'; Main Phase: 'A spell can be prepped to a breach on
    the turn that breach is opened and any subsequent turn' and 'Prepped spells can be Cast during the casting
    phase of that player's next turn.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["spark", "spark"])
    own_ten(sc, 0)
    sc.s[L.G_AETHER] = 3
    sc.apply(sc.action("open", breach=1))             # II at stage 2 opens for 3
    sc.apply(sc.action("prep", hand=0, breach=1))
    turn.start_player_turn(sc.s, 0)                      # the player's next turn
    assert sc.player(0)["breaches"][1] == 4
    assert sc.get("G_PHASE") == L.PHASE_CASTING and sc.action("cast", breach=1) in sc.legal()
    assert "end" in kinds(sc)                         # an opened breach's spell may wait
    sc.apply(sc.action("cast", breach=1))
    assert sc.action("prep", hand=0, breach=1) in sc.legal()


def test_breach_costs_of_the_focus_or_open_example():
    """Rulebook, Focus or Open a Breach Example: '(1) He could focus his II breach for 2 aether', '(2) Bob could
    spend his 4 aether to open his II breach', '(3) He could focus his III breach for 3 aether', '(4) He could
    focus his IV breach for 4 aether' (Brama's II is at stage 1)."""
    sc = AeonsEndScenario.new("brama+adelheim vs rageborne", advance=False)
    assert [int(breaches.breach_cost(sc.s, sc.T, 0, k, False)) for k in (1, 2, 3)] == [2, 3, 4]
    assert int(breaches.breach_cost(sc.s, sc.T, 0, 1, True)) == 4


def test_one_spell_per_breach_and_own_breaches_only():
    """Rulebook, Main Phase: 'Only one spell may be prepped to a breach at a time. You cannot prep a spell to a
    breach that already has a prepped spell. You can only prep spells to your own breaches.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["spark", "spark"])
    own_ten(sc, 0)
    sc.apply(sc.action("prep", hand=0, breach=0))
    assert not [a for a in sc.legal() if a // 256 == L.A_PREP]      # breach I is taken, II-IV closed
    assert sc.player(1)["prepped"] == [] and sc.player(0)["prepped"] == [("spark", 0)]


def test_feral_lightning_preps_to_a_closed_breach():
    """Rulebook, Player Cards: 'If any card contradicts this rulebook, follow the card's effect.' Feral Lightning
    (data S1): 'may be prepped to a closed breach without focusing'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["feral_lightning", "spark"])
    own_ten(sc, 0)
    assert sc.action("prep", hand=0, breach=2) in sc.legal()
    assert sc.action("prep", hand=1, breach=2) not in sc.legal()
