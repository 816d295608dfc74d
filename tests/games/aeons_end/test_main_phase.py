"""Player turn, main phase: charges and the other main-phase actions. Each test cites the rulebook passage (or
the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import AeonsEndScenario
from tests.games.aeons_end.helpers import ENTRY, kinds, own_ten


def test_charges_cost_two_and_are_capped():
    """Rulebook, Gain a charge: 'You may pay 2 aether to gain a charge' and 'You may not have more charges
    than your ability requires.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 20
    for _ in range(5):
        sc.apply(sc.action("charge"))
    assert sc.player(0)["charges"] == 5 and sc.get("G_AETHER") == 10
    assert sc.action("charge") not in sc.legal()


def test_main_phase_offers_every_action():
    """Rulebook, Main Phase: 'The following eight actions can be done in any order, any number of times during
    a player's main phase': play a gem or relic, gain a card, gain a charge, focus a breach, open a breach, prep
    a spell, resolve a "While prepped" effect, resolve a "TO DISCARD:" effect; Object of the Game: 'cast spells,
    acquire additional gems, relics, and spells from the supply, and manipulate their spellcasting breaches'."""
    sc = AeonsEndScenario.new("brama+lash vs rageborne")
    sc.set_active(0)
    sc.set_hand(0, ["crystal", "focusing_orb", "feral_lightning"])
    sc.prep(0, 0, "oblivion_swell")
    own_ten(sc, 0)
    sc.put_in_play("chaos_orb")
    sc.set_player(1, "P_CHARGES", 5)
    sc.s[L.G_AETHER] = 20
    assert kinds(sc) == {"play", "play_gems", "gain", "charge", "focus", "open", "prep", "while_prepped",
                         "to_discard", "ally_ability", "end"}
    for action in (sc.action("focus", breach=1), sc.action("charge"), sc.action("gain", pile=0),
                   sc.action("focus", breach=1), sc.action("charge")):
        sc.apply(action)                              # any order, any number of times
    assert sc.player(0)["charges"] == 2 and sc.player(0)["breaches"][1] == 3


def test_gems_give_aether_and_spells_are_only_prepped():
    """Rulebook, Player Cards: 'Gems are played to give you aether'; 'Gems and relics have effects that are
    resolved immediately. Spells need to be prepped to a breach before they can be Cast.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["crystal", "jade", "spark"])
    own_ten(sc, 0)
    played = {a % 256 // 2 for a in sc.legal() if a // 256 == L.A_PLAY}
    prepped = {a % 256 // 4 for a in sc.legal() if a // 256 == L.A_PREP}
    assert played == {0, 1} and prepped == {2}
    sc.apply(sc.action("play_gems"))
    assert sc.get("G_AETHER") == 3 and sc.player(0)["hand"] == ["spark"]


def test_relic_resolves_when_played():
    """Rulebook, Player Cards: 'Relics have a variety of useful instantaneous effects'; Main Phase: 'When you play
    a card, you must execute all of the text on that card, if possible.' Focusing Orb (data S1): 'focus any
    player's breach OR destroy it: Gravehold +3 life'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["focusing_orb", "focusing_orb"])
    own_ten(sc, 0)
    sc.apply(sc.action("play", hand=0))
    assert sc.player(0)["breaches"][1] == 3 and sc.player(0)["played"] == ["focusing_orb"]
    sc.set("G_GRAVEHOLD", 25)
    sc.apply(sc.action("play", hand=0, option=1))
    assert sc.get("G_GRAVEHOLD") == 28 and sc.player(0)["destroyed"] == 1
    assert sc.player(0)["played"] == ["focusing_orb"]


def test_player_card_or_option_must_be_resolvable():
    """Rulebook, Main Phase: 'If there is an "OR," choose exactly one of the options listed. If you can only
    complete one of the two options, you must choose that option.' Unstable Prism (data S1): 'play a gem from
    hand twice then destroy that gem OR +2 Æ'; Garnet Shard: '+1 Æ OR cast any player's prepped spell'."""
    sc = AeonsEndScenario.new("mist+brama vs rageborne", advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["unstable_prism", "spark"])
    own_ten(sc, 0)
    legal = set(sc.legal())
    assert sc.action("play", hand=0, option=0) not in legal and sc.action("play", hand=0, option=1) in legal
    sc.set_hand(0, ["garnet_shard"])                  # no prepped spell anywhere
    legal = set(sc.legal())
    assert sc.action("play", hand=0, option=0) in legal and sc.action("play", hand=0, option=1) not in legal
    sc.set_hand(0, ["unstable_prism", "jade"])
    own_ten(sc, 0)
    assert {sc.action("play", hand=0, option=0), sc.action("play", hand=0, option=1)} <= set(sc.legal())
    sc.apply(sc.action("play", hand=0, option=0))     # exactly one option: the gem twice, no +2
    assert sc.get("G_AETHER") == 4 and sc.player(0)["hand"] == []


def test_unspent_aether_is_lost():
    """Rulebook, Main Phase: 'You may gain aether even if you choose not to spend it. Any aether gained on a turn
    that is not spent is lost. Aether does not accumulate over turns, nor can it be given to other players.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.apply(sc.action("play_gems"))
    assert sc.get("G_AETHER") == 3                    # Adelheim: Amethyst Shard, Crystal, Crystal
    sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = [0, 1, 0, 1, L.TO_NEMESIS, L.TO_NEMESIS]
    sc.set("G_TURN_ORDER_POS", 1)
    sc.set("G_ROUNDS", 1)
    sc.apply(sc.action("end"))
    assert sc.get("G_ACTIVE") == 1 and sc.get("G_AETHER") == 0


def test_charges_are_bought_for_yourself_only():
    """Rulebook, Gain a charge: 'You may not pay aether to gain charges for your allies.'"""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 4
    assert [a for a in sc.legal() if a // 256 == L.A_CHARGE] == [sc.action("charge")]
    sc.apply(sc.action("charge"))
    sc.apply(sc.action("charge"))
    assert (sc.player(0)["charges"], sc.player(1)["charges"]) == (2, 0)


def test_while_prepped_effect_the_turn_it_is_prepped_once_per_turn():
    """Rulebook, Main Phase: 'You can use the effect of any of your prepped spells that have a "While prepped"
    effect ... Such effects may be used the same turn that the spell is prepped or any subsequent turn.' Oblivion
    Swell (data S1): 'while prepped once/turn +1 Æ'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["oblivion_swell"])
    own_ten(sc, 0)
    sc.apply(sc.action("prep", hand=0, breach=0))
    use = sc.action("while_prepped", breach=0)
    assert use in sc.legal()
    sc.apply(use)
    assert sc.get("G_AETHER") == 1 and use not in sc.legal()
    sc.set_active(0, phase="main")                    # a later turn
    assert use in sc.legal()


def test_an_ally_is_another_player():
    """Rulebook, Game Terms: 'Ally: An ally is any player other than you.' Ignite (data S1): 'any ally +1
    charge'."""
    sc = AeonsEndScenario.new(ENTRY, advance=False)
    sc.prep(0, 0, "ignite")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0))
    assert (sc.player(0)["charges"], sc.player(1)["charges"]) == (0, 1)
