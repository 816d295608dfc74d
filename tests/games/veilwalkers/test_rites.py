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
