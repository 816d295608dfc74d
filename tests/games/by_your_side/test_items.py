"""By Your Side, Items and Sigils (rulebook: Talismans, Charms, Sigils, Activating Sigils, Banishing as an
activator, The Archive)."""

import pytest

from sim.core.scenario import IllegalAction
from sim.games.by_your_side import layout as L
from tests.games.by_your_side.conftest import blank

POS = L.LOC_POSITION


def test_a_talisman_is_equipped_and_its_bonus_lasts():
    """"Talismans are played to your Player Area and provide persistent bonuses" / "When you play a Talisman
    and put it down in your Player Area, it is equipped." (Moonstone: hand limit +1 while equipped.)"""
    sc = blank("scenario_2")
    sc.set_exploration(["glimpse"] * 10)
    sc.set_pile(0, "deck", ["glimpse"] * 10)
    sc.set_hand(0, ["moonstone"])
    sc.set_energy(0, 2)
    sc.apply(sc.action("play", card="moonstone"))
    assert sc.player(0)["talismans"] == ["moonstone", None]
    sc.pass_phase()
    assert len(sc.player(0)["hand"]) == 6


def test_unequipping_discards_the_talisman():
    """"You may unequip a Talisman at any time by discarding it.\""""
    sc = blank("scenario_2")
    sc.equip(0, "moonstone")
    sc.apply(sc.action("unequip", slot=0))
    assert sc.player(0)["talismans"] == [None, None] and sc.player(0)["discard"] == ["moonstone"]


def test_at_most_two_talismans_are_equipped():
    """"Each player can have at most 2 Talismans equipped at a time.\""""
    sc = blank("scenario_2")
    sc.equip(0, "moonstone")
    sc.equip(0, "kenneths_watch")
    sc.set_hand(0, ["moon_dial"])
    sc.set_energy(0, 5)
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("play", card="moon_dial"))
    sc.apply(sc.action("unequip", slot=0))
    sc.apply(sc.action("play", card="moon_dial"))
    assert sc.player(0)["talismans"] == ["moon_dial", "kenneths_watch"]


def test_a_talisman_in_cooldown_is_ready_again_in_the_third_player_phase():
    """"When you use a Talisman, put it in cooldown by turning it 90° clockwise. At the start of each
    following Player Phase, turn it another 90° clockwise ... At the start of the third Player Phase after
    the one in which you used it, it turns upright again and is ready. A Talisman can therefore be used in
    every third Player Phase and sits out the two in between.\""""
    sc = blank("scenario_2")
    sc.set_exploration(["glimpse"] * 30)
    sc.set_planes(["fear", "glimpse", "glimpse", "glimpse"])
    sc.equip(0, "kenneths_watch")
    usable = []
    for _ in range(5):
        legal = {sc.describe(a) for a in sc.legal()} if sc.state()["decider"] == 0 else set()
        while sc.state()["decider"] != 0 and not sc.state()["choice"]:
            sc.apply(sc.action("pass"))
            legal = {sc.describe(a) for a in sc.legal()}
        can = "use kenneths_watch" in legal
        usable.append(can)
        if can:
            sc.apply(sc.action("use", slot=0))
            sc.answer_all("skip")
        sc.pass_phase()
        sc.answer_all("take the loss")
    assert usable == [True, False, False, True, False]


def test_a_charm_activates_when_banished_and_goes_to_the_archive():
    """"Charms are consumable, one-use items. Their effect activates when they are Banished." / "Banished
    cards return to the Archive, including Charms after they resolve." Garnet, Citrine Shard and Quartz Shard
    are the replay Charms."""
    sc = blank("scenario_2")
    sc.set_stability(0, 3)
    sc.add_charm(0, "garnet")
    before = sc.archive("garnet")
    sc.apply(sc.action("charm", slot=0))
    assert sc.player(0)["stability"] == 6 and sc.player(0)["charms"] == [] and sc.archive("garnet") == before + 1
    sc.add_charm(0, "citrine_shard")
    sc.apply(sc.action("charm", slot=0))
    assert sc.player(0)["energy"] == 2


def test_a_forced_banish_skips_the_activation_but_pays_the_reward():
    """"If the card is forced to be Banished, its activation effect doesn't trigger. Any Reward effects on the
    card still resolve." (Envy Banishes one player's Charm; Amethyst: activation each character +1, Reward +1
    for its owner.)"""
    sc = blank("scenario_2")
    sc.set_exploration(["glimpse"] * 10)
    sc.set_threshold(["envy"])
    sc.add_charm(1, "amethyst")
    sc.set_stability(0, 5)
    sc.set_stability(1, 5)
    sc.pass_phase()
    sc.answer_all()
    assert sc.player(1)["charms"] == [] and sc.player(1)["stability"] == 6 and sc.player(0)["stability"] == 5


def test_marked_goes_on_a_threat_beyond_the_veil_and_leaves_with_it():
    """"Marked and Mental Chains go on a Threat Beyond the Veil, and they are discarded when that Threat crosses
    the Veil or is Banished." (Marked: each Weaken of its Threat is 1 bigger.)"""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.set_planes(["stun", "sorrow"], revealed=[True, True])
    sc.set_hand(0, ["marked", "severing_word"])
    sc.set_energy(0, 1)
    sc.apply(sc.action("play", card="marked"))  # the only revealed Threat: it goes on Sorrow
    assert sc.record(POS + 2)["sigil"] == "marked" and sc.player(0)["played"] == []
    sc.apply(sc.action("play", card="severing_word"))
    assert sc.record(POS + 2)["strength"] == 2  # 5 - (2 + 1)
    sc.pass_phase()  # stun crosses, Sorrow moves to position 1 with its Sigil; it crosses next round
    sc.answer_all("take the loss")
    assert sc.record(POS + 1)["sigil"] == "marked"
    sc.pass_phase()
    sc.answer_all("take the loss")
    assert "marked" in sc.player(0)["discard"] + sc.player(0)["hand"] + sc.player(0)["deck"]


def test_three_sigils_in_play_and_attached_ones_do_not_count():
    """"You can have up to 3 Sigils in play. Marked and Mental Chains do not count toward this limit. You may
    discard your own Sigils at any time during the Player Phase, so to play a Sigil above the limit, discard
    one first.\""""
    sc = blank()
    sc.set_planes(["fear"])
    for name in ("respite", "respite", "still_water"):
        sc.add_sigil(0, name)
    sc.set_hand(0, ["respite", "marked"])
    sc.set_energy(0, 5)
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("play", card="respite"))
    sc.apply(sc.action("play", card="marked"))  # attached: allowed at the limit
    assert sc.record(POS + 1)["sigil"] == "marked"
    sc.apply(sc.action("drop_sigil", slot=0))
    sc.apply(sc.action("play", card="respite"))
    assert sorted(sc.player(0)["sigils"]) == ["respite", "respite", "still_water"]


def test_respite_gives_stability_at_the_end_of_the_player_phase():
    """"Some Sigils have triggered effects that resolve when their conditions are met" / "Resolve any effects
    that trigger at the end of the Player Phase." (Respite: the character with the least Stability gains 1.)"""
    sc = blank()
    sc.set_exploration(["glimpse"] * 10)
    sc.add_sigil(1, "respite")
    sc.set_stability(0, 4)
    sc.pass_phase()
    assert sc.player(0)["stability"] == 5 and sc.player(1)["stability"] == 9
