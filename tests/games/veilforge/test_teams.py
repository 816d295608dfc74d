"""Veilforge 2v2 (rulebook §3 4-player games): readings of what the rulebook leaves open."""

from sim.games.veilforge.scenario import VeilforgeScenario
from tests.games.veilforge.helpers import TEAMS, answer_all, battle, fresh, give_mana, pass_turn, pay


def test_a_direct_attack_chooses_which_opponent_it_hits():
    """Reading: a direct attack targets one opposing player of the attacker's choice (each opponent's
    own battle zone reduces it)."""
    sc = fresh(TEAMS)
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    attacks = [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("attack")]
    assert attacks == ["attack cinder_hound (battle 3) -> player 1", "attack cinder_hound (battle 3) -> player 3"]


SHARED = ("§3: \"Each player has their own zones, hand, deck, and life total, but you may manipulate your teammate's "
          "zones as if they were your own.\"")


def test_a_player_may_manipulate_the_teammates_cards_as_their_own():
    """§3: "you may manipulate your teammate's zones as if they were your own." Abilities for `friendly`
    cards reach the teammate's cards: Elowen pumps the teammate's creature."""
    sc = fresh(TEAMS)
    sc.put(2, "rifle_trooper", "field", slot=battle(0))
    targets = [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("activate elowen")]
    assert targets == ["activate elowen_thornwarden (hero 2) ability 0 -> seat 2 battle 3"]
    sc.apply(sc.action("activate", slot=2, ability=0, target=(2, battle(0))))
    answer_all(sc)
    assert sc.player(2)["field"][battle(0)]["damage"] == 3


def test_a_player_pays_with_the_teammates_mana_which_returns_to_the_teammates_deck():
    """§3 (SHARED): the teammate's mana zone is the player's as well. Seat 0 has no mana of its own and pays
    for its creature with seat 2's; §5: "When you consume mana, return the consumed cards to the top of your
    deck": the card goes back on top of the deck it came from, seat 2's."""
    sc = fresh(TEAMS)
    sc.put(0, "squire_of_dawn", "hand")
    give_mana(sc, 2, 1)
    top_card = sc.player(2)["mana"][0][0]
    assert "play squire_of_dawn" in [sc.describe(a) for a in sc.legal()]
    sc.apply(sc.action("play", card="squire_of_dawn"))
    answer_all(sc)  # one card in one zone: paid without a decision
    assert sc.player(0)["field"][battle(0)]["card"] == "squire_of_dawn"
    assert sc.player(2)["mana"] == [] and sc.player(2)["deck"][-1] == top_card


def test_the_player_chooses_whose_mana_pays():
    """§3 (SHARED) with §5's "you choose the order they go back": with mana in both zones, each consumed card
    is a choice, the teammate's named as such."""
    sc = fresh(TEAMS)
    sc.put(0, "squire_of_dawn", "hand")
    give_mana(sc, 0, 1)
    give_mana(sc, 2, 1)
    sc.apply(sc.action("play", card="squire_of_dawn"))
    assert sc.state()["pending"] == "pay"
    choices = [sc.describe(a) for a in sc.legal()]
    assert len(choices) == 2 and choices[1].endswith("from the teammate's mana")
    teammate_card = sc.player(2)["mana"][0][0]
    sc.apply(sc.action("mana", card=teammate_card, teammate=True))
    assert len(sc.player(0)["mana"]) == 1 and sc.player(2)["mana"] == []


def test_a_player_plays_into_the_teammates_zone_and_the_card_stays_its_own():
    """§3 (SHARED): the player's creature may go into the teammate's battle zone. It is the player's card
    (§5: "When a card's effect resolves or it is defeated in battle, it is sent here", to its owner's
    graveyard), and it reduces direct attacks on the teammate: "Each card in your battle zone, enabled or
    disabled, reduces the damage of a direct attack on you by 1"."""
    sc = fresh(TEAMS)
    sc.put(0, "squire_of_dawn", "hand")
    give_mana(sc, 0, 1)
    plays = [sc.describe(a) for a in sc.legal() if sc.describe(a).startswith("play squire")]
    assert plays == ["play squire_of_dawn", "play squire_of_dawn (into the teammate's zone)"]
    sc.put(3, "sudden_flames", "hand")
    give_mana(sc, 3, 1)
    sc.apply(sc.action("play", card="squire_of_dawn", teammate=True))
    pay(sc)
    placed = sc.player(2)["field"][battle(0)]
    assert placed["card"] == "squire_of_dawn" and placed["owner"] == 0
    assert sc.player(0)["field"].get(battle(0)) is None
    assert sc.state()["decider"] == 3  # the only seat with an answer: its Quick card destroys the squire
    sc.apply(sc.action("quick", card="sudden_flames", target=(2, battle(0))))
    answer_all(sc)
    assert sc.player(0)["grave"] == ["squire_of_dawn"] and "squire_of_dawn" not in sc.player(2)["grave"]


def test_a_player_attacks_and_activates_with_the_teammates_cards():
    """§3 (SHARED): the teammate's enabled cards act for the player as its own do; the attack uses them up
    for the turn ("An enabled hero or creature may attack once per turn"), whoever declared it."""
    sc = fresh(TEAMS)
    sc.put(2, "rifle_trooper", "field", slot=battle(0), card_state="enabled")
    listed = [sc.describe(a) for a in sc.legal()]
    assert "attack rifle_trooper (teammate's battle 3) -> player 1" in listed
    assert any(line.startswith("activate unit_zero (teammate's hero 0)") for line in listed)
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 1), teammate=True))
    answer_all(sc)
    assert sc.player(1)["life"] == sc.player(1)["start_life"] - 2
    assert sc.player(2)["field"][battle(0)]["state"] == "disabled"
    assert not any("rifle_trooper" in sc.describe(a) for a in sc.legal())


def test_a_response_is_paid_with_the_teammates_mana():
    """§3 (SHARED) and "either teammate may add a card to a chain when the team has a chance to respond":
    seat 1, with no mana of its own, negates the summon with a Quick card (cost 2) paid from seat 3's mana."""
    sc = fresh(TEAMS)
    sc.put(1, "system_override", "hand")
    give_mana(sc, 3, 2)
    sc.put(0, "squire_of_dawn", "hand")
    give_mana(sc, 0, 1)
    sc.apply(sc.action("play", card="squire_of_dawn"))
    pay(sc)
    assert sc.state()["pending"] == "respond" and sc.state()["decider"] == 1
    sc.apply(sc.action("quick", card="system_override"))
    answer_all(sc)
    assert sc.player(0)["grave"] == ["squire_of_dawn"] and sc.player(3)["mana"] == []
    assert sc.player(1)["grave"] == ["system_override"]


def test_without_shared_zones_a_player_uses_only_its_own():
    """The edition separate-team-zones (rule team_shares_zones = 0) is the engine before 0.2.0, kept to
    measure what §3's shared zones are worth: nothing of the teammate's is listed."""
    sc = fresh(TEAMS, edition="separate-team-zones")
    sc.put(0, "squire_of_dawn", "hand")
    give_mana(sc, 2, 1)
    sc.put(2, "rifle_trooper", "field", slot=battle(0), card_state="enabled")
    listed = [sc.describe(a) for a in sc.legal()]
    assert not any("squire" in line or "teammate" in line for line in listed)


def test_either_teammate_may_add_a_card_to_a_chain():
    """§3: "either teammate may add a card to a chain when the team has a chance to respond." Reading:
    every seat gets its turn to respond, in seat order from the actor."""
    sc = fresh(TEAMS)
    sc.put(3, "sudden_flames", "hand")
    give_mana(sc, 3, 1)
    sc.put(1, "system_override", "hand")
    give_mana(sc, 1, 2)
    sc.put(0, "squire_of_dawn", "hand")
    give_mana(sc, 0, 1)
    sc.apply(sc.action("play", card="squire_of_dawn"))
    pay(sc)
    assert sc.state()["pending"] == "respond" and sc.state()["decider"] == 1
    sc.apply(sc.action("pass"))
    assert sc.state()["decider"] == 3  # seat 2 has nothing to add
    sc.apply(sc.action("quick", card="sudden_flames", target=(0, battle(0))))
    answer_all(sc)
    assert sc.player(0)["field"].get(battle(0)) is None and sc.player(0)["grave"] == ["squire_of_dawn"]


def test_the_team_orders_simultaneous_abilities_by_seat():
    """§3: "When teammates' abilities would resolve at the same time, the team chooses the order."
    Reading (partly modeled): a fixed order, the team's first seat first, then its field slot order."""
    sc = VeilforgeScenario.new("chrome_control+chrome_control vs ashen_aggro+ashen_aggro", seed=3)
    pass_turn(sc)
    pass_turn(sc)
    pass_turn(sc)
    while sc.state()["side"] != 0 or sc.state()["decider"] != 0:
        sc.apply(sc.legal()[0])
    triggers = [line for line in sc.events_text() if "start ability" in line]
    assert triggers[-2].startswith("seat 0's singularity_doctrine") and triggers[-1].startswith("seat 2's")


def test_both_players_of_the_first_team_skip_their_first_draw():
    """§6: "The player who goes first skips this on their very first turn." Gap for 2v2 (the first
    team takes its turn together): reading, both players of the first team skip it; rule
    first_team_both_skip = 0: only its first player."""
    sc = VeilforgeScenario.new(TEAMS, seed=1)
    assert [len(sc.player(s)["hand"]) for s in (0, 2)] == [5, 5]
    sc = VeilforgeScenario.new(TEAMS, seed=1, edition="other-readings")
    assert [len(sc.player(s)["hand"]) for s in (0, 2)] == [5, 6]


def test_each_player_has_their_own_life_deck_and_hand():
    """§3: "Each player has their own zones, hand, deck, and life total". """
    sc = VeilforgeScenario.new(TEAMS, seed=2)
    lives = [sc.player(s)["life"] for s in range(4)]
    assert lives == [31, 32, 32, 31]
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.apply(sc.action("attack", slot=battle(0), target=("player", 3)))
    answer_all(sc)
    assert [sc.player(s)["life"] for s in range(4)] == [31, 32, 32, 29]
