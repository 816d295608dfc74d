"""Board units (section 9, "People and strongholds"): the settlements' Locals and their Recruits, and
the board Sentinels. The assumed register puts settlement 1 at Ring II S1 and Sentinel 0 at Waking
Cairn, V S1 (Sentinel 1 at Quiet Thorn Court, VI S1)."""

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.rules.board import presence
from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape

SETTLEMENT = (2, 1)  # settlement 1
CAIRN = (5, 1)  # Sentinel 0


def units(sc, seat):
    return [f for f in sc.player(seat)["figures"] if f["card"] in ("local_recruit", "board_sentinel")]


def test_a_ready_veilbound_recruits_the_local_of_a_controlled_settlement_for_one_action():
    """"Each settlement has one neutral Local, initially no Presence and untargetable. A Ready Veilbound
    occupying the controlled Site may recruit it for one Action. It becomes a loyal Power-2 Figure.\""""
    sc = shape()
    sc.place(0, "wayfinder", SETTLEMENT)
    sc.place(1, "rememberer", SETTLEMENT)
    assert "recruit" not in kinds(sc), "a tie gives no control (and the Local adds no Presence)"
    sc.place(1, "rememberer", (1, 0))
    wayfinder_ready = sc._base(0) + L.P_VB_READY + L.WAYFINDER
    sc.state_vector[wayfinder_ready] = 0
    assert "recruit" not in kinds(sc), "an Exhausted Veilbound cannot recruit"
    sc.state_vector[wayfinder_ready] = 1
    sc.apply(sc.action("recruit", piece="wayfinder", settlement=1))
    assert sc.state()["actions"] == 2 and sc.state()["locals"][1] == "recruited"
    [recruit] = units(sc, 0)
    assert recruit["site"] == at(SETTLEMENT) and recruit["ready"] and sc.player(0)["veilbound_ready"][1]
    assert "local_recruit" not in sc.player(0)["discard"] + sc.player(0)["hand"], "not a deck card"
    assert "recruit" not in kinds(sc), "one Local per settlement"


def test_a_recruit_counts_its_power_as_presence_and_challenges_but_cannot_move_strike_or_intercept():
    """The Recruit "can Challenge/defend but cannot Move, Traverse, Intercept, Thread Strike, equip, carry
    Remembrances or perform Rites"; "A Local Recruit or Patrol cannot Intercept.\""""
    sc = shape()
    sc.place(0, "wayfinder", SETTLEMENT)
    sc.apply(sc.action("recruit", piece="wayfinder", settlement=1))
    sc.place(0, "wayfinder", (1, 3))
    slot = units(sc, 0)[0]["slot"]
    assert presence(sc.state_vector, sc.ruleset.tables, 0, at(SETTLEMENT)) == 2, "a Figure's Power as Presence"
    enemy = sc.put_figure(1, "crowned_tempest", SETTLEMENT)  # Power 4
    sc.place(1, "veilwalker", SETTLEMENT)
    legal = sc.legal()
    assert sc.action("challenge", attacker=slot, defender=enemy) in legal
    assert sc.action("strike", attacker=slot) not in legal
    assert sc.action("move", piece=slot, direction="clockwise") not in legal
    end_turn(sc)
    sc.place(0, "veilwalker", SETTLEMENT)
    sc.apply(sc.action("strike", attacker=enemy))
    assert sc.state()["pending"] == "shape", "the Recruit is no interceptor: the strike lands"
    assert sc.player(0)["thread"] == 16


def test_defeating_a_recruit_destroys_its_settlement_for_good():
    """"Defeating it destroys that settlement and its Homeground bonus permanently; roads and any Gate
    remain. There is no replacement Recruit or allegiance change.\""""
    sc = shape()
    sc.place(0, "wayfinder", SETTLEMENT)
    sc.apply(sc.action("recruit", piece="wayfinder", settlement=1))
    slot = units(sc, 0)[0]["slot"]
    enemy = sc.put_figure(1, "crowned_tempest", SETTLEMENT)  # Power 4
    sc.apply(sc.action("challenge", attacker=slot, defender=enemy))
    assert units(sc, 0) == [] and sc.state()["locals"][1] == "gone"
    assert "local_recruit" not in sc.player(0)["discard"]
    sc.place(1, "veilwalker", (1, 0))
    sc.put_figure(0, "nessa", SETTLEMENT)
    end_turn(sc)
    end_turn(sc)
    assert "recruit" not in kinds(sc), "no replacement Recruit"


def test_the_veilwalker_awakens_a_dormant_sentinel_at_a_controlled_site():
    """"A Ready Veilwalker at a controlled, non-Fraying Sentinel Site may spend one Action to awaken its
    Dormant board Sentinel. It becomes a loyal Power-5 Figure"; "Its dormant form has no Presence.\""""
    sc = shape()
    sc.place(0, "wayfinder", CAIRN)
    assert "awaken" not in kinds(sc), "only the Veilwalker awakens a Sentinel"
    sc.place(0, "veilwalker", CAIRN)
    sc.place(1, "veilwalker", CAIRN)
    sc.place(1, "wayfinder", CAIRN)
    assert "awaken" not in kinds(sc), "a tie: not controlled (the Dormant Sentinel adds nothing)"
    sc.place(1, "wayfinder", (1, 0))
    sc.apply(sc.action("awaken", sentinel=0))
    [sentinel] = units(sc, 0)
    assert sentinel["card"] == "board_sentinel" and sentinel["ready"] and sc.state()["sentinels"] == ["awakened", "dormant"]
    assert sc.state()["actions"] == 2 and "awaken" not in kinds(sc)


def test_a_fraying_ring_forbids_recruiting_and_awakening():
    """"A Fraying Ring still permits ordinary movement and combat. Do not build/relocate Strongholds,
    recruit, awaken board Sentinels or activate/reactivate nodes there." (Settlement 0 is at Ring I S4.)"""
    sc = shape()
    sc.place(0, "wayfinder", (1, 4))
    sc.place(0, "rememberer", SETTLEMENT)
    assert sc.legal().count(sc.action("recruit", piece="wayfinder", settlement=0)) == 1
    sc.set(None, "G_FRAYING", 0)
    legal = sc.legal()
    assert sc.action("recruit", piece="wayfinder", settlement=0) not in legal
    assert sc.action("recruit", piece="rememberer", settlement=1) in legal, "Ring II does not fray"
    # Ring V Fraying: Rings I-IV closed, everything moved inward first
    late = shape()
    for seat in (0, 1):
        for piece in ("veilwalker", "wayfinder", "rememberer"):
            late.place(seat, piece, CAIRN if seat == 0 and piece == "veilwalker" else (6, 3))
    for token in range(5):
        late.carry(1, token)
    late.set(None, "G_WATCHER_SITE", at((6, 0)))
    assert "awaken" in kinds(late)
    late.set(None, "G_CLOSED", 4)
    late.set(None, "G_FRAYING", 4)
    assert "awaken" not in kinds(late)


def test_a_sentinel_moves_only_among_its_home_and_two_neighbours_and_never_traverses_or_links():
    """The awakened Sentinel "may move only among its home Site and its two same-Ring neighbors through
    legal roads. It cannot Traverse, equip, carry Remembrances or enter Bloom." (V S0 is the V-VI Gate.)"""
    sc = shape()
    sc.place(0, "veilwalker", CAIRN)
    sc.apply(sc.action("awaken", sentinel=0))
    slot = units(sc, 0)[0]["slot"]
    legal = sc.legal()
    assert {sc.action("move", piece=slot, direction=d) for d in ("clockwise", "counterclockwise")} <= set(legal)
    sc.apply(sc.action("move", piece=slot, direction="counterclockwise"))  # to V S0
    assert sc.action("move", piece=slot, direction="counterclockwise") not in sc.legal(), "two Sites from home"
    assert sc.action("move", piece=slot, direction="clockwise") in sc.legal()
    sc.set_offset(5, 1)
    sc.set_offset(6, 0)  # V S0 and VI S1 in world sector 1: the Gate aligned
    sc.open_boundary(0, 4)
    sc.place(0, "veilwalker", (5, 0))
    legal = sc.legal()
    assert sc.action("traverse", piece="veilwalker", direction="inward") in legal
    assert sc.action("traverse", piece=slot, direction="inward") not in legal


def test_a_sentinel_intercepts_and_once_broken_is_removed_for_good():
    """"Ordinary deck Figures and awakened board Sentinels can normally intercept attacks against their
    Company's Veilwalker"; "Broken means permanently removed.\""""
    sc = shape()
    sc.place(0, "veilwalker", CAIRN)
    sc.apply(sc.action("awaken", sentinel=0))
    end_turn(sc)
    attacker = sc.put_figure(1, "root_leviathan", CAIRN)  # Power 5
    sc.apply(sc.action("strike", attacker=attacker))
    assert sc.state()["pending"] == "intercept"
    sc.apply(sc.action("intercept", slot=units(sc, 0)[0]["slot"]))
    assert units(sc, 0) == [] and sc.state()["sentinels"][0] == "gone" and sc.player(0)["thread"] == 20
    assert "board_sentinel" not in sc.player(0)["discard"]


def test_closure_removes_local_board_units_instead_of_losing_them():
    """"At closure, remove local board units ... Remaining Veilbound and ordinary deck Figures become Lost
    in the Fray." (Settlement 0 is at Ring I S4.)"""
    sc = shape()
    sc.place(0, "wayfinder", (1, 4))
    sc.apply(sc.action("recruit", piece="wayfinder", settlement=0))
    sc.mill(0)
    sc.mill(1)
    for _ in range(10):
        end_turn(sc)
    assert sc.state()["closed"] == 1 and units(sc, 0) == [] and sc.state()["locals"][0] == "gone"
    assert sc.player(0)["veilbound"][1] >= 40, "the Wayfinder is Lost in the Fray"
