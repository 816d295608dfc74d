"""Gate Rites (Appendix B) of the Standard assignment, and Waymarks (section 4)."""

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.scenario import VeilwalkersScenario
from tests.games.veilwalkers.helpers import DUEL, end_turn, kinds, shape

GATE_I = (1, 0)  # Presence (Standard rite_1); the assumed inward Gate of Ring I
GATE_II = (2, 3)  # Offering
GATE_III = (3, 0)  # Dominion
GATE_IV = (4, 3)  # Return
GATE_V = (5, 0)  # Three Threads (or Burden in the burden-gate edition)


def test_presence_completes_as_soon_as_the_team_has_five_presence_at_the_gate():
    """Rite of Presence: "Your team must have: 5 Presence at this Gate Site. Completion: As soon as your
    team reaches 5 Presence here, the Rite is satisfied.\""""
    sc = shape()
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(0, piece, GATE_I)
    slot = sc.put_figure(0, "everburn_scout", (1, 1))
    sc.apply(sc.action("move", piece=slot, direction="counterclockwise"))
    assert sc.player(0)["rites"][0] == 0, "3 + 1 = 4"
    sc.put_figure(0, "everburn_scout", (1, 1))
    sc.apply(sc.action("move", piece=1, direction="counterclockwise"))
    assert sc.player(0)["rites"][0] == 1


def test_waymarking_needs_the_completed_rite_a_ready_veilwalker_and_control_but_not_alignment():
    """"Waymarking is a separate one-Action operation by your Ready Veilwalker at that controlled Gate
    after its Rite is complete. Binding does not require current physical alignment. A mark survives
    losing control or rotation." "Completing a Rite does not itself place a Waymark.\""""
    sc = shape()
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(1, piece, (1, 5))  # seat 1 started on Ring I's Gate
    sc.place(0, "veilwalker", GATE_I)
    assert "waymark" not in kinds(sc)
    sc.set(0, "P_RITE_DONE", 1)
    assert sc.player(0)["waymarks"][0] == 0
    sc.apply(sc.action("waymark", boundary=0))
    assert sc.player(0)["waymarks"][0] == 1 and sc.state()["actions"] == 2
    assert sc.player(1)["waymarks"][0] == 0, "your opponent needs its own Rite and Waymark"


def test_offering_completes_on_a_weave_or_a_discard_while_the_veilwalker_is_at_the_gate():
    """Rite of Offering: "Weave a card while your Veilwalker occupies this Gate, or discard a card from
    your hand as an Action. Completion: Immediately. The offered card does not need a specific type.\""""
    sc = shape()
    sc.place(0, "veilwalker", GATE_II)
    hand = len(sc.player(0)["hand"])
    sc.apply(sc.action("offer", index=0))
    assert sc.player(0)["rites"][1] == 1 and len(sc.player(0)["hand"]) == hand - 1
    assert len(sc.player(0)["discard"]) == 1 and sc.state()["actions"] == 2
    weave = VeilwalkersScenario.new(DUEL, seed=1)
    weave.skip_setup()
    weave.place(0, "veilwalker", GATE_II)
    assert weave.state()["pending"] == "weave"
    weave.apply(weave.action("weave", index=0))
    assert weave.player(0)["rites"][1] == 1


def test_dominion_completes_when_control_holds_through_the_opposing_turn():
    """Rite of Dominion: "Control this Gate Site at the end of: your team turn, and the immediately
    following opposing team turn. Progress: Place a Dominion marker when your turn ends in control.
    Remove it if you lose control before the opposing turn ends.\""""
    sc = shape()
    sc.place(0, "veilwalker", GATE_III)
    end_turn(sc)
    assert sc.player(0)["rite_marks"][2] == 1 and sc.player(0)["rites"][2] == 0
    end_turn(sc)
    assert sc.player(0)["rites"][2] == 1
    lost = shape()
    lost.place(0, "veilwalker", GATE_III)
    end_turn(lost)
    lost.place(1, "veilwalker", GATE_III)
    lost.apply(lost.action("move", piece="wayfinder", direction="clockwise"))  # any action re-checks control
    assert lost.player(0)["rite_marks"][2] == 0
    lost.place(1, "veilwalker", (1, 0))
    end_turn(lost)
    assert lost.player(0)["rites"][2] == 0, "control came back, but the marker was removed"


def test_return_needs_actual_departure_and_return_not_rotation():
    """Rite of Return: "Your Veilwalker must: leave this Site, occupy another Site, and later return
    here. Progress: Track the Gate as Departed after leaving. Restrictions: Ring rotation moving the
    Site underneath the Veilwalker does not count as leaving or returning.\""""
    sc = shape()
    sc.place(0, "veilwalker", GATE_IV)
    sc.apply(sc.action("move", piece="veilwalker", direction="clockwise"))
    assert sc.player(0)["rite_marks"][3] == 1
    sc.apply(sc.action("move", piece="veilwalker", direction="counterclockwise"))
    assert sc.player(0)["rites"][3] == 1


def test_three_threads_are_tracked_separately_with_one_fallback_per_gate():
    """Rite of the Three Threads: "While your Veilwalker occupies this Gate Site, your team must
    complete all three: Creation ... successfully deploy a Creation card here. Story ... rotate a Ring
    ... Memory Resolve a Memory ... They do not need to occur on the same turn. Fallback: Once per
    Gate, your Veilwalker may spend 1 Action and 2 Resonance to mark one missing Thread. The other two
    must be completed normally.\""""
    sc = shape(resonance=9)
    sc.place(0, "veilwalker", GATE_V)
    sc.give(0, "thorn_sentinel")  # Creation Aspect
    sc.apply(sc.action("play", index=len(sc.player(0)["hand"]) - 1))
    assert sc.player(0)["threads"][4] == L.THREAD_CREATION
    sc.apply(sc.action("fallback", boundary=4, thread=L.THREAD_STORY))
    marks = sc.player(0)["threads"][4]
    assert marks & L.THREAD_STORY and marks & L.THREAD_FALLBACK_USED and sc.player(0)["rites"][4] == 0
    assert "fallback" not in kinds(sc), "once per Gate"
    sc.give(0, "remembered_hearth")  # a Memory
    sc.apply(sc.action("play", index=len(sc.player(0)["hand"]) - 1))
    assert sc.player(0)["rites"][4] == 1


def test_burden_needs_arrival_carrying_a_remembrance_then_one_action_to_present():
    """Rite of Burden: "Your Veilwalker must arrive at this Gate Site carrying: at least 1 Remembrance
    and your team must control the Site. Then spend: 1 Action to present the Remembrance. The
    Remembrance is not discarded.\""""
    sc = shape(edition="burden-gate")
    sc.place(0, "veilwalker", GATE_V)
    sc.carry(0, 4)
    assert "present" not in kinds(sc), "it did not arrive carrying"
    sc.place(0, "veilwalker", (5, 1))
    sc.apply(sc.action("move", piece="veilwalker", direction="counterclockwise"))
    sc.apply(sc.action("present", boundary=4))
    assert sc.player(0)["rites"][4] == 1 and sc.player(0)["remembrances"] == 1


# ---- the other Rites (editions other-rites-a and other-rites-b assign them to the five boundaries)
RITES_A, RITES_B = "other-rites-a", "other-rites-b"


def play(sc, card: str) -> None:
    sc.give(0, card)
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index(card)))


def test_challenge_completes_on_a_won_challenge_at_the_gate_or_a_trial_of_strength():
    """Rite of Challenge: "Win one Challenge at this Gate Site. The defeated opponent does not need to be
    Broken. You simply need to deal more Challenge damage than you receive. If tied No completion.
    Universal Alternative: If no opposing Figure is present, spend: 1 Action and Exhaust one Ready Figure
    with at least 4 Power here to complete a Trial of Strength.\""""
    tie = shape(edition=RITES_A)
    mine = tie.put_figure(0, "lantern_echo", GATE_I)
    theirs = tie.put_figure(1, "lantern_echo", GATE_I)
    tie.apply(tie.action("challenge", attacker=mine, defender=theirs))
    assert tie.player(0)["rites"][0] == 0 and tie.player(1)["rites"][0] == 0
    won = shape(edition=RITES_A)
    mine = won.put_figure(0, "nessa", GATE_I)  # 3 against 2
    theirs = won.put_figure(1, "roadfolk_guide", GATE_I)
    won.apply(won.action("challenge", attacker=mine, defender=theirs))
    assert won.player(0)["rites"][0] == 1 and won.player(1)["rites"][0] == 0
    trial = shape(edition=RITES_A)
    weak = trial.put_figure(0, "nessa", GATE_I)
    strong = trial.put_figure(0, "seether", GATE_I)
    assert trial.action("trial", attacker=weak, defender=0) not in trial.legal()
    trial.apply(trial.action("trial", attacker=strong, defender=0))
    assert trial.player(0)["rites"][0] == 1 and not trial.player(0)["figures"][1]["ready"]


def test_open_hand_completes_when_the_shape_ends_in_control_with_three_cards_or_fewer():
    """Rite of the Open Hand: "End your Shape Phase controlling this Gate Site while holding: 3 or fewer
    cards in hand. Completion: At the end of your Shape Phase.\""""
    for keep, done in ((4, 0), (3, 1)):
        sc = shape(edition=RITES_A)
        sc.place(0, "veilwalker", GATE_II)
        s, base = sc.state_vector, sc._base(0)
        while s[base + L.P_HAND_N] > keep:  # the surplus to the discard
            s[base + L.P_HAND_N] -= 1
            s[base + L.P_DISCARD + s[base + L.P_DISCARD_N]] = s[base + L.P_HAND + s[base + L.P_HAND_N]]
            s[base + L.P_DISCARD_N] += 1
        sc.apply(sc.action("end_shape"))
        assert sc.player(0)["rites"][1] == done


def test_last_place_needs_control_history_on_three_rings_then_the_gate():
    """Rite of the Last Place: "Your team must have previously controlled Sites on three different Rings.
    Your Veilwalker must then occupy and control this Gate Site. Important: Historical control counts.
    You do not need to control all three simultaneously.\""""
    sc = shape(edition=RITES_A)
    sc.place(0, "rememberer", (2, 1))
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))  # Rings I and II held
    sc.place(0, "rememberer", (1, 3))
    sc.place(0, "veilwalker", GATE_III)
    assert sc.player(0)["rites"][2] == 0
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))
    assert sc.player(0)["rites"][2] == 1, "Ring II is history, Ring III the Gate"


def test_turning_road_completes_when_a_ring_turns_while_the_veilwalker_is_at_the_gate():
    """Rite of the Turning Road: "While your Veilwalker occupies this Gate Site: cause any Ring to rotate
    ... Completion: Immediately after rotation.\""""
    sc = shape(edition=RITES_A, resonance=2)
    sc.place(0, "veilwalker", GATE_IV)
    sc.place(0, "wayfinder", (4, 5))  # Ring IV's Turnpoint (assumed register)
    sc.apply(sc.action("rotate", ring=4, direction="clockwise"))
    assert sc.player(0)["rites"][3] == 1


def test_severance_needs_thread_damage_and_restoration_in_one_turn_at_the_gate():
    """Rite of Severance: "During a single team turn while your Veilwalker occupies this Gate Site: deal
    Thread damage to the opposing team and restore Thread to your own team, in either order. Minimum: At
    least: 1 Thread damaged and 1 Thread restored.\""""
    sc = shape(edition=RITES_A, resonance=1)
    sc.set(0, "P_THREAD", 15)
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(0, piece, GATE_V)
    sc.place(1, "veilwalker", GATE_V)
    slot = sc.put_figure(0, "nessa", GATE_V)
    sc.apply(sc.action("strike", attacker=slot))
    assert sc.player(0)["rites"][4] == 0
    play(sc, "second_wind")
    assert sc.player(0)["rites"][4] == 1


def test_two_voices_completes_on_two_different_glyphs_resolved_in_one_turn():
    """Rite of Two Voices: "During the same team turn, resolve cards containing: two different Glyphs.
    The two distinct Glyphs must come from your Company. Completion: After the second distinct Glyph
    resolves.\""""
    same = shape(edition=RITES_B)
    play(same, "everburn_scout")
    play(same, "everburn_scout")
    assert same.player(0)["rites"][0] == 0, "SPL twice"
    sc = shape(edition=RITES_B)
    play(sc, "everburn_scout")  # SPL
    play(sc, "gathering_light")  # SPI
    assert sc.player(0)["rites"][0] == 1


def test_loss_completes_when_something_of_yours_breaks_at_the_gate_or_is_broken_as_an_action():
    """Rite of Loss: "Something you control must be Broken at this Gate Site. Eligible: Hero Ally Echo
    Relic Path. Universal Alternative: Voluntarily Break one eligible card you control here as an Action.
    Completion: Immediately after the Break resolves.\""""
    sc = shape(edition=RITES_B)
    slot = sc.put_figure(0, "everburn_scout", GATE_II)
    sc.apply(sc.action("sacrifice", attacker=slot, defender=1))
    assert sc.player(0)["rites"][1] == 1 and "everburn_scout" in sc.player(0)["discard"]
    fought = shape(edition=RITES_B)
    mine = fought.put_figure(0, "everburn_scout", GATE_II)
    theirs = fought.put_figure(1, "crowned_tempest", GATE_II)
    fought.apply(fought.action("challenge", attacker=mine, defender=theirs))
    assert fought.player(0)["rites"][1] == 1 and fought.player(1)["rites"][1] == 0


def test_three_forms_completes_with_three_categories_of_card_presence_at_the_gate():
    """Rite of Three Forms: "Have three different categories of card presence at this Site simultaneously
    from among: Hero Ally Echo Installed Relic Imprint ... Completion: Immediately upon controlling three
    categories.\""""
    sc = shape(edition=RITES_B)
    sc.put_figure(0, "nessa", GATE_III)  # Hero
    sc.put_figure(0, "thorn_sentinel", GATE_III)  # Ally
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))
    assert sc.player(0)["rites"][2] == 0
    sc.put_relic(0, "seed_lamp_core", GATE_III)
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))
    assert sc.player(0)["rites"][2] == 1


def test_first_memory_completes_when_a_memory_resolves_with_the_veilwalker_at_the_gate():
    """Rite of the First Memory: "Resolve any Memory card while your Veilwalker occupies this Gate Site.
    Completion: Immediately after the Memory or Recall resolves.\""""
    sc = shape(edition=RITES_B, resonance=1)
    sc.place(0, "veilwalker", GATE_IV)
    play(sc, "remembered_hearth")
    assert sc.player(0)["rites"][3] == 1


def test_the_unseen_falls_back_to_searching_the_veil_for_an_action_and_two_resonance():
    """Rite of the Unseen's "Working fallback: if no eligible hidden object can legally be revealed,
    spend 1 Action and 2 Resonance while occupying and controlling this Gate to complete Search the Veil
    directly.\""""
    sc = shape(edition=RITES_B, resonance=1)
    sc.place(0, "veilwalker", GATE_V)
    assert "search" not in kinds(sc)
    sc.set(0, "P_RESONANCE", 2)
    sc.apply(sc.action("search", boundary=4))
    assert sc.player(0)["rites"][4] == 1 and sc.player(0)["resonance"] == 0
