"""The turn sequence (section 3): Remember, Draw, Weave, Shape, End, and the Round."""

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.scenario import VeilwalkersScenario
from tests.games.veilwalkers.helpers import DUEL, end_turn, shape


def test_the_first_company_draws_one_on_its_first_turn_and_everyone_two_after():
    """"Draw: draw two, except the first Company draws one on the first turn of the match.\""""
    sc = VeilwalkersScenario.new(DUEL, seed=2)
    sc.skip_setup()
    assert len(sc.player(0)["hand"]) == 6 and sc.player(0)["deck"] == 24
    sc.to_shape()
    end_turn(sc)
    assert len(sc.player(1)["hand"]) == 7 and sc.player(1)["deck"] == 23


def test_remember_sets_three_actions_and_resonance_to_the_loom_size():
    """"refresh Resonance to your Loom size ... Set your shared Action pool to three." "At your next
    Remember, reset it to your Loom size rather than adding to it.\""""
    sc = shape()
    assert sc.state()["actions"] == 3 and sc.player(0)["resonance"] == 0
    sc.fill_loom(0, 4)
    sc.set(0, "P_RESONANCE", 2)  # unspent Resonance stays through the opposing turn ...
    end_turn(sc)
    assert sc.player(0)["resonance"] == 2
    end_turn(sc)
    assert sc.player(0)["resonance"] == 4  # ... and is reset, not added to, at Remember
    assert sc.state()["actions"] == 3


def test_weaving_puts_a_card_in_the_loom_for_one_resonance_at_most_eight():
    """"Weave: optionally put one card from hand facedown into your Loom, maximum eight. Immediately
    gain one Resonance if you do. Woven cards remain and refresh future income.\""""
    sc = VeilwalkersScenario.new(DUEL, seed=2)
    sc.skip_setup()
    assert sc.state()["pending"] == "weave"
    hand = sc.player(0)["hand"]
    sc.apply(sc.action("weave", index=0))
    assert sc.player(0)["loom"] == 1 and sc.player(0)["resonance"] == 1 and sc.player(0)["hand"] == hand[1:]
    assert sc.state()["pending"] == "shape"
    sc2 = VeilwalkersScenario.new(DUEL, seed=2)
    sc2.fill_loom(0, 8)
    sc2.skip_setup()
    assert sc2.state()["pending"] == "shape", "a full Loom offers no Weave"


def test_end_discards_down_to_seven_and_unused_actions_are_lost():
    """"End: ... discard down to seven, expire turn effects, perform node-deactivation checks, and
    lose unused Actions.\""""
    sc = shape()
    for card in ("nessa", "maereth"):
        sc.give(0, card)
    assert len(sc.player(0)["hand"]) == 8
    sc.apply(sc.action("end_shape"))
    assert sc.state()["pending"] == "discard" and sc.state()["decider"] == 0
    sc.apply(sc.action("discard", index=0))
    assert len(sc.player(0)["hand"]) == 7 and sc.state()["active"] == 1
    assert sc.state()["actions"] == 3  # seat 1's fresh pool


def test_a_round_is_one_turn_of_each_company():
    """"A Round includes one turn for each Company.\""""
    sc = shape()
    assert sc.state()["round"] == 1
    end_turn(sc)
    assert sc.state()["round"] == 1 and sc.state()["active"] == 1
    end_turn(sc)
    assert sc.state()["round"] == 2 and sc.state()["active"] == 0


def test_an_empty_deck_draws_what_remains_without_reshuffle_or_thread_loss():
    """"Draw what remains if fewer are available. No automatic reshuffle or Thread loss." "There is no
    empty-deck damage.\""""
    sc = shape()
    sc.mill(1, keep=1)
    hand = len(sc.player(1)["hand"])
    end_turn(sc)
    assert len(sc.player(1)["hand"]) == hand + 1 and sc.player(1)["deck"] == 0
    assert sc.player(1)["thread"] == 20


def test_garden_gets_a_fourth_action_while_all_three_lamps_are_active():
    """"While all three Lamps are active: At the Action refresh in Garden's Remember, receive one
    additional shared Action, for four instead of three.\""""
    sc = shape()
    sc.credit_nodes(0)
    assert sc.state()["actions"] == 3  # gaining the light mid-turn adds nothing
    end_turn(sc)
    end_turn(sc)
    assert sc.state()["actions"] == 4
    wayfarer = shape()
    wayfarer.credit_nodes(1)
    end_turn(wayfarer)
    assert wayfarer.state()["actions"] == 3


def test_remember_readies_pieces_clears_damage_and_lifts_the_strike_hold():
    """"Ready your units and cards unless prevented, clear ordinary damage on surviving allied
    Figures"; "Refresh ... held/Drive Off restrictions.\""""
    sc = shape()
    slot = sc.put_figure(0, "thorn_sentinel", (1, 3), ready=False)
    f = sc._base(0) + L.P_FIG + slot * L.FIG_W
    sc.state_vector[f + L.F_DAMAGE] = 2
    sc.state_vector[f + L.F_HELD] = 1
    sc.set(0, "P_VB_READY", 0)
    end_turn(sc)
    end_turn(sc)
    figure = sc.player(0)["figures"][0]
    assert figure["ready"] and figure["damage"] == 0 and not figure["held"]
    assert sc.player(0)["veilbound_ready"] == [True, True, True]


def test_the_extra_action_reward_can_be_taken_away_as_a_variant():
    """"At the Action refresh in Garden's Remember, receive one additional shared Action, for four
    instead of three." Rule garden_bonus_actions 0 (editions no-garden-action, no-network-rewards):
    three Actions with all three Lamps active."""
    for edition, actions in (("standard", 4), ("no-garden-action", 3), ("no-network-rewards", 3)):
        sc = shape(edition=edition)
        sc.credit_nodes(0)
        end_turn(sc)
        end_turn(sc)
        assert sc.state()["actions"] == actions, edition
