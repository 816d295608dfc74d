"""Veilforge chains (rulebook §12 Chains; §11 Quick, Vigilant, Quick Evolution; §14 Action, Chain,
Negate)."""

from tests.games.veilforge.helpers import (
    DUEL,
    answer_all,
    battle,
    field,
    fresh,
    give_mana,
    pass_turn,
    pay,
    support,
)

MIRROR = "ashen_control vs ashen_control"


def test_every_action_can_be_answered_drawing_a_card_included():
    """§14 Action: "Anything a player does that changes the state of the game, such as playing a card,
    activating an ability, declaring an attack, or drawing a card. Players may only respond to an
    action with Quick or Vigilant abilities." The draw phase's draw is answered by a Counterspell Ward
    and negated: the card stays in the deck."""
    sc = fresh(order=1)  # seat 0: ashen_control
    sc.put(0, "counterspell_ward", "hand")
    give_mana(sc, 0, 1)  # 2 - 1 (the Covenant of Ash)
    top = sc.player(1)["deck"][-1]
    sc.apply(sc.action("pass"))
    state = sc.state()
    assert state["pending"] == "respond" and state["decider"] == 0 and state["chain"][0]["kind"] == "draw"
    sc.apply(sc.action("quick", card="counterspell_ward"))
    answer_all(sc)
    assert sc.player(1)["hand"] == [] and sc.player(1)["mana"][0][0] == top  # not drawn: added as mana
    assert "counterspell_ward" in sc.player(0)["grave"]


def test_a_draw_inside_an_effect_opens_no_response_window_of_its_own():
    """Reading (RULES.md, Ambiguities) of §14 Action ("... or drawing a card") and §12 ("When everyone passes,
    the chain resolves in reverse order"): the cards Call to Arms draws are part of its resolution, answerable
    only as the event itself was. Seat 1 holds a Counterspell Ward and mana, passes on the event, and is not
    asked again when the two cards are drawn."""
    sc = fresh()  # seat 0: ashen_aggro, seat 1: ashen_control
    sc.put(0, "call_to_arms", "hand")
    give_mana(sc, 0, 3)
    sc.put(1, "counterspell_ward", "hand")
    give_mana(sc, 1, 2)
    sc.apply(sc.action("play", card="call_to_arms"))
    pay(sc)
    assert sc.state()["pending"] == "respond" and sc.state()["decider"] == 1
    sc.apply(sc.action("pass"))
    state = sc.state()
    assert state["pending"] == "action" and state["decider"] == 0 and state["chain"] == []
    assert len(sc.player(0)["hand"]) == 2 and sc.player(1)["hand"] == ["counterspell_ward"]


def test_only_quick_and_vigilant_abilities_respond():
    """§12: "Only Quick and Vigilant abilities can be added to a chain; nothing else can respond." In a
    response window a hand spell, a creature and an attack are not listed; a Quick spell is."""
    sc = fresh(order=1)
    for card in ("firebolt", "squire_of_dawn", "sudden_flames"):
        sc.put(0, card, "hand")
    give_mana(sc, 0, 4)
    sc.put(0, "ember_knight", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    sc.apply(sc.action("play", card="squire_of_dawn"))
    pay(sc)
    assert sc.state()["pending"] == "respond"
    listed = [sc.describe(a) for a in sc.legal()]
    assert "quick sudden_flames -> seat 1 battle 3" in listed
    assert all(a.split()[0] in ("pass", "quick", "vigilant", "quick_evolve") for a in listed)


def test_you_may_respond_to_your_own_action_and_the_chain_resolves_last_in_first_out():
    """§12: "You may even respond to your own action." "When everyone passes, the chain resolves in
    reverse order: last in, first out." Reading: the actor may respond first. A firebolt answered by
    its own caster's Sudden Flames: the flames resolve first."""
    sc = fresh(order=1)
    sc.put(0, "firebolt", "hand")
    sc.put(0, "sudden_flames", "hand")
    give_mana(sc, 0, 2)
    sc.move(1, 0, battle(0))  # Aldric (10 health) in the opponent's battle zone
    sc.apply(sc.action("play", card="firebolt", target=(1, battle(0))))
    pay(sc)
    assert sc.state()["decider"] == 0
    sc.apply(sc.action("quick", card="sudden_flames", target=(1, battle(0))))
    answer_all(sc)
    order = [line for line in sc.events_text() if "resolves" in line]
    assert "quick sudden_flames" in order[-2] and "spell firebolt" in order[-1]
    assert field(sc, 1, battle(0))["damage_taken"] == 5


def test_the_opponent_first_reading_gives_the_next_seat_priority():
    """Gap: who may respond first. Rule chain_opponent_first = 1: the next seat, then the actor."""
    sc = fresh(order=1, rules={"chain_opponent_first": 1})
    sc.put(0, "firebolt", "hand")
    sc.put(0, "sudden_flames", "hand")
    give_mana(sc, 0, 2)
    sc.move(1, 0, battle(0))
    sc.put(1, "sudden_flames", "hand")
    give_mana(sc, 1, 1)
    sc.put(0, "squire_of_dawn", "field", slot=battle(0))  # something for the opponent's flames to aim at
    sc.apply(sc.action("play", card="firebolt", target=(1, battle(0))))
    pay(sc)
    assert sc.state()["pending"] == "respond" and sc.state()["decider"] == 1


def test_players_alternate_one_card_at_a_time_until_all_pass():
    """§12: "Players alternate, each adding one card at a time in response to the last. When everyone
    passes, the chain resolves". A firebolt, negated by the opponent's ward, whose ward is negated by
    the caster's: the firebolt resolves."""
    sc = fresh(MIRROR)
    sc.put(0, "firebolt", "hand")
    sc.put(0, "counterspell_ward", "hand")
    give_mana(sc, 0, 2)
    sc.put(1, "counterspell_ward", "hand")
    give_mana(sc, 1, 1)
    sc.put(1, "iron_sentinel", "field", slot=battle(0))
    sc.apply(sc.action("play", card="firebolt", target=(1, battle(0))))
    pay(sc)
    sc.apply(sc.action("pass"))  # seat 0 lets the opponent answer
    assert sc.state()["decider"] == 1
    sc.apply(sc.action("quick", card="counterspell_ward"))
    assert sc.state()["decider"] == 0  # one card, then the other player
    sc.apply(sc.action("quick", card="counterspell_ward"))
    answer_all(sc)  # nobody can add a fourth link: the chain resolves
    assert field(sc, 1, battle(0))["damage_taken"] == 3
    assert any("quick counterspell_ward of seat 1) fails to resolve" in line for line in sc.events_text())


def test_a_player_with_no_legal_response_is_not_asked():
    """A response window where nobody can add a Quick or Vigilant ability closes at once (everyone
    passes): no decision."""
    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1)))
    assert sc.state()["pending"] == "action" and sc.state()["chain"] == []


def test_quick_needs_mana_and_an_empty_support_slot_and_stays_there_until_the_chain_resolves():
    """§11 Quick: "You need the mana and an empty support slot; the card stays in support until the
    chain resolves (if it fails to resolve, it's destroyed)." """
    sc = fresh(order=1)
    sc.put(0, "sudden_flames", "hand")
    sc.put(0, "firebolt", "hand")
    give_mana(sc, 0, 2)
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    sc.put(1, "sudden_flames", "hand")  # the opponent can still answer: the chain stays open
    give_mana(sc, 1, 1)
    sc.put(0, "squire_of_dawn", "field", slot=battle(0))
    sc.apply(sc.action("play", card="firebolt", target=(1, battle(0))))
    pay(sc)
    sc.apply(sc.action("quick", card="sudden_flames", target=(1, battle(0))))
    assert sc.state()["decider"] == 1
    assert field(sc, 0, support(1))["card"] == "sudden_flames"  # in support while the chain is open
    answer_all(sc)
    assert field(sc, 0, support(1)) is None and sorted(sc.player(0)["grave"]) == ["firebolt", "sudden_flames"]

    sc = fresh(order=1)
    for i, card in enumerate(["watchtower"] * 3 + ["ember_shrine"] * 2):
        sc.put(0, card, "field", slot=support(i))
    sc.put(0, "sudden_flames", "hand")
    give_mana(sc, 0, 2)
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    sc.put(0, "squire_of_dawn", "hand")
    sc.apply(sc.action("play", card="squire_of_dawn"))
    pay(sc)
    assert not [a for a in sc.legal() if sc.describe(a).startswith("quick")]  # no open support slot


def test_a_resolved_quick_card_stays_in_support_until_the_whole_chain_has_resolved():
    """§11 Quick: "the card stays in support until the chain resolves" (the chain, not its own link). Seat 0
    answers its own firebolt with sudden_flames: the Quick card's link resolves first (last in, first out),
    yet it reaches the graveyard after the firebolt, once link 0 has resolved too. (Before engine 0.2.0 it
    left with its own link and lay under the firebolt.)"""
    sc = fresh(order=1)
    sc.put(0, "sudden_flames", "hand")
    sc.put(0, "firebolt", "hand")
    give_mana(sc, 0, 3)
    sc.put(1, "cinder_hound", "field", slot=battle(0))
    sc.put(1, "ember_knight", "field", slot=battle(1))
    sc.apply(sc.action("play", card="firebolt", target=(1, battle(0))))
    pay(sc)
    sc.apply(sc.action("quick", card="sudden_flames", target=(1, battle(1))))
    answer_all(sc)
    resolved = [line for line in sc.events_text() if line.strip().startswith("chain link")]
    assert [line.split(" (")[0].strip() for line in resolved[-2:]] == ["chain link 1", "chain link 0"]
    assert sc.player(0)["grave"] == ["firebolt", "sudden_flames"]
    assert field(sc, 0, support(0)) is None and field(sc, 0, support(1)) is None


def test_vigilant_needs_an_enabled_card_on_the_field_and_disables_it():
    """§11 Vigilant: "a reaction used from the field on either player's turn, in response to an action.
    The card must be on the field and enabled." Cassia (hero zone) shields the attacked knight."""
    sc = fresh()
    sc.put(0, "night_stalker", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "ember_knight", "field", slot=battle(0))
    give_mana(sc, 1, 1)
    sc.apply(sc.action("attack", slot=battle(0), target=(1, battle(0))))
    state = sc.state()
    assert state["pending"] == "respond" and state["decider"] == 1
    assert [sc.describe(a) for a in sc.legal()] == ["pass", "vigilant cassia_lightbringer (hero 1) ability 0 -> seat 1 battle 3"]
    sc.apply(sc.legal()[1])
    answer_all(sc)
    assert field(sc, 1, battle(0))["damage_taken"] == 3 and field(sc, 1, battle(0))["health"] == 5
    assert field(sc, 1, 1)["state"] == "disabled"
    assert field(sc, 0, battle(0)) is None  # the knight survived and counterattacked the stalker


def test_quick_evolution_needs_no_support_slot():
    """§11 Quick Evolution: "follows both the Quick and Evolution rules, and is played from the
    evolution deck as a reaction on either player's turn. It does not require an open support slot." """
    sc = fresh(DUEL)
    sc.put(0, "war_banner", "field", slot=support(0))
    sc.put(0, "war_banner", "field", slot=support(1))
    sc.put(0, "cinder_hound", "field", slot=battle(0))
    pass_turn(sc)
    give_mana(sc, 0, 3)
    sc.put(1, "squire_of_dawn", "field", slot=battle(0), card_state="enabled")
    sc.apply(sc.action("attack", slot=battle(0), target=(0, battle(0))))
    assert sc.state()["decider"] == 0 or sc.state()["pending"] == "respond"
    while sc.state()["decider"] != 0:
        sc.apply(sc.action("pass"))
    assert "quick_evolve elder_drake from cinder_hound (battle 3)" in [sc.describe(a) for a in sc.legal()]
    sc.apply(sc.action("quick_evolve", card="elder_drake", base=battle(0)))
    answer_all(sc)
    assert field(sc, 0, battle(0))["card"] == "elder_drake"


def test_a_negated_card_fails_to_resolve():
    """§14 Negate: "Cancel a card or ability so it has no effect; a negated card or ability fails to
    resolve." A negated creature goes to the graveyard instead of the battle zone."""
    sc = fresh(MIRROR)
    sc.put(0, "iron_sentinel", "hand")
    give_mana(sc, 0, 4)
    sc.put(1, "counterspell_ward", "hand")
    give_mana(sc, 1, 1)
    sc.apply(sc.action("play", card="iron_sentinel"))
    pay(sc)
    sc.apply(sc.action("quick", card="counterspell_ward"))
    answer_all(sc)
    assert field(sc, 0, battle(0)) is None and sc.player(0)["grave"] == ["iron_sentinel"]
