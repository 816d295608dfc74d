"""Veilforge turn phases (rulebook §6 Turn Phases; §3 4-player games for teams)."""

from sim.games.veilforge.scenario import VeilforgeScenario
from tests.games.veilforge.helpers import CHROME, TEAMS, battle, field, fresh, give_mana, pass_turn, support


def test_the_start_phase_restores_every_card_on_both_fields_to_full_health():
    """§6 Start: "Restore every card on both players' fields to full health". A knight attacks a
    Counterattack sentinel: both are damaged; the next start phase (the opponent's) heals both."""
    sc = fresh()
    sc.put(0, "ember_knight", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "iron_sentinel", "field", slot=battle(0))
    sc.apply(sc.action("attack", slot=battle(0), target=(1, battle(0))))  # nobody can respond: it resolves
    assert field(sc, 1, battle(0))["damage_taken"] == 4  # 3 + 1 from the Oath of the Vanguard (a Knight)
    assert field(sc, 0, battle(0))["damage_taken"] == 2  # the sentinel's counterattack
    pass_turn(sc)
    assert sc.state()["side"] == 1
    assert field(sc, 1, battle(0))["damage_taken"] == 0 and field(sc, 0, battle(0))["damage_taken"] == 0


def test_the_start_phase_enables_only_your_disabled_cards():
    """§6 Start: "... and enable your disabled cards" (yours only)."""
    sc = fresh()
    sc.put(0, "ember_knight", "field", slot=battle(0), card_state="disabled")
    sc.put(1, "iron_sentinel", "field", slot=battle(0), card_state="disabled")
    pass_turn(sc)
    assert field(sc, 1, battle(0))["state"] == "enabled"
    assert field(sc, 0, battle(0))["state"] == "disabled"
    pass_turn(sc)
    assert field(sc, 0, battle(0))["state"] == "enabled"


def test_an_exhausted_card_misses_a_full_turn():
    """§8 Exhausted: "At the start of its controller's next turn it becomes disabled rather than
    enabled, and only enables normally the turn after that." """
    sc = fresh()
    sc.put(0, "ember_knight", "field", slot=battle(0), card_state="exhausted")
    pass_turn(sc)
    pass_turn(sc)
    assert field(sc, 0, battle(0))["state"] == "disabled"
    assert ("attack", battle(0)) not in [(sc.describe(a).split()[0], battle(0)) for a in sc.legal()]
    pass_turn(sc)
    pass_turn(sc)
    assert field(sc, 0, battle(0))["state"] == "enabled"


def test_the_first_player_skips_the_first_draw_the_second_player_draws():
    """§6 Draw: "Draw 1 card. The player who goes first skips this on their very first turn." """
    sc = fresh()
    assert sc.player(0)["hand"] == []  # seat 0's first turn: no draw
    top = sc.player(1)["deck"][-1]
    pass_turn(sc)
    assert sc.player(1)["hand"] == [top]
    top = sc.player(0)["deck"][-1]
    pass_turn(sc)
    assert sc.player(0)["hand"] == [top]  # round 2: the first player draws


def test_the_mana_phase_adds_the_top_three_cards_face_down():
    """§6 Mana: "Add the top 3 cards of your deck face-down into your mana zone." (The draw comes
    first: the fourth card from the top is drawn.)"""
    sc = fresh()
    deck = sc.player(1)["deck"]
    pass_turn(sc)
    assert sc.player(1)["mana"] == [(deck[-2], False), (deck[-3], False), (deck[-4], False)]


def test_buffs_until_the_end_of_the_turn_expire_in_the_end_phase():
    """§6 End: "Resolve any end-of-turn abilities, then the next player's start phase begins";
    an effect "until the end of the turn" lasts to the end phase. Elowen (Activate) gives a
    creature +1 damage this turn."""
    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.apply(sc.action("activate", slot=2, ability=0, target=(0, battle(0))))
    assert field(sc, 0, battle(0))["damage"] == 3
    pass_turn(sc)
    assert field(sc, 0, battle(0))["damage"] == 2


def test_end_of_turn_abilities_resolve_in_the_end_phase():
    """§6 End: "Resolve any end-of-turn abilities". The Ember Shrine heals its player 1 at the end
    of each of their turns."""
    sc = fresh()
    sc.put(1, "ember_shrine", "field", slot=support(0))
    sc.set_life(1, 20)
    pass_turn(sc)
    assert sc.player(1)["life"] == 20
    pass_turn(sc)
    assert sc.player(1)["life"] == 21


def test_start_of_turn_abilities_resolve_in_the_start_phase():
    """§6 Start with an ideal's start ability: the Singularity Doctrine flips a mana face-up at the
    start of its player's turn (before the mana phase adds three face-down)."""
    sc = VeilforgeScenario.new(CHROME, seed=2)
    assert sc.player(1)["mana"][0][1] is False
    pass_turn(sc)
    assert [face for _, face in sc.player(1)["mana"]] == [True, False, False, False]


def test_after_the_round_limit_the_match_is_a_draw_with_its_own_end_reason():
    """Not in the rulebook: a turn cap (rule round_limit) ends a match as a draw, end reason turn_cap."""
    sc = fresh(rules={"round_limit": 1})
    pass_turn(sc)
    pass_turn(sc)
    state = sc.state()
    assert state["done"] and state["winner"] == -1 and state["end_reason"] == "turn_cap"


def test_teammates_take_their_turns_together_through_all_five_phases():
    """§3 4-player games: "Both players on a team take their turns at the same time, moving through
    all five phases together, and then the opposing team takes their turns." Seats 0 and 2 (team A)
    act in one turn; then seats 1 and 3 both draw, add mana and act."""
    sc = fresh(TEAMS)
    give_mana(sc, 0, 1)
    sc.put(0, "squire_of_dawn", "hand")
    assert sc.state()["decider"] == 0 and len(sc.player(2)["mana"]) == 0  # cleared by the test
    sc.apply(sc.action("play", card="squire_of_dawn"))
    while sc.state()["pending"] != "action":
        sc.apply(sc.legal()[0])
    assert sc.state()["decider"] == 2  # reading: teammates alternate actions
    sc.apply(sc.action("pass"))
    assert sc.state()["decider"] == 0 and sc.state()["side"] == 0
    tops = [sc.player(s)["deck"][-1] for s in (1, 3)]
    sc.apply(sc.action("pass"))
    while sc.state()["pending"] == "respond":
        sc.apply(sc.action("pass"))
    state = sc.state()
    assert state["side"] == 1 and state["decider"] == 1 and state["phase"] == "action"
    assert [sc.player(s)["hand"] for s in (1, 3)] == [[tops[0]], [tops[1]]]
    assert [len(sc.player(s)["mana"]) for s in (1, 3)] == [3, 3]


def test_teammates_act_one_after_the_other_under_the_sequential_reading():
    """The other reading of "take their turns at the same time" (rule team_actions_alternate = 0): the
    first teammate acts until it passes, then the second."""
    sc = fresh(TEAMS, rules={"team_actions_alternate": 0})
    give_mana(sc, 0, 1)
    sc.put(0, "squire_of_dawn", "hand")
    sc.apply(sc.action("play", card="squire_of_dawn"))
    while sc.state()["pending"] != "action":
        sc.apply(sc.legal()[0])
    assert sc.state()["decider"] == 0
    sc.apply(sc.action("pass"))
    assert sc.state()["decider"] == 2
