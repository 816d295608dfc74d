"""Strongholds (section 9): establishing, the combat Power bonus, the Drive Off return, the Ally
deployment at it, relocation through a Foundation, destruction, removal at closure."""

from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape

SITE = (2, 1)


def test_a_ready_veilwalker_establishes_the_stronghold_at_a_controlled_uncontested_site():
    """"Your Ready Veilwalker at a controlled, uncontested non-Bloom, non-Fraying Site may spend one Action
    to establish your one Stronghold.\""""
    sc = shape()
    sc.place(0, "veilwalker", SITE)
    sc.place(1, "wayfinder", SITE)
    assert "establish" not in kinds(sc), "a tie: no control, and contested"
    sc.put_figure(0, "nessa", SITE)
    assert "establish" not in kinds(sc), "controlled but contested"
    sc.place(1, "wayfinder", (1, 0))
    sc.apply(sc.action("establish"))
    assert sc.player(0)["stronghold"] == at(SITE) and sc.state()["actions"] == 2
    assert "establish" not in kinds(sc), "the one Stronghold is here already"


def test_drive_off_returns_the_role_to_its_active_stronghold():
    """Drive Off: "return the role to its Company's active Stronghold, or its Entry Site if no
    Stronghold is active. It arrives Exhausted.\""""
    sc = shape()
    sc.set(1, "P_STRONGHOLD", at((3, 0)))
    sc.place(1, "rememberer", SITE)
    slot = sc.put_figure(0, "nessa", SITE)
    sc.apply(sc.action("drive_off", attacker=slot, piece="rememberer"))
    assert sc.player(1)["veilbound"][2] == at((3, 0)) and not sc.player(1)["veilbound_ready"][2]


def test_the_stronghold_gives_plus_one_allied_combat_power_there():
    """"It immediately gives +1 allied combat Power there": a Thread Strike from it takes one more Thread,
    a Challenge there deals one more damage."""
    sc = shape()
    sc.set(0, "P_STRONGHOLD", at(SITE))
    sc.place(1, "veilwalker", SITE)
    slot = sc.put_figure(0, "thorn_sentinel", SITE)  # Power 3
    sc.apply(sc.action("strike", attacker=slot))
    assert sc.player(1)["thread"] == 16
    fight = shape()
    fight.set(0, "P_STRONGHOLD", at(SITE))
    mine = fight.put_figure(0, "nessa", SITE)  # Power 3
    theirs = fight.put_figure(1, "crowned_tempest", SITE)  # Power 4
    fight.apply(fight.action("challenge", attacker=mine, defender=theirs))
    assert fight.player(1)["figures"] == [], "3 + 1 damage Breaks Power 4"


def test_once_per_round_an_ally_deploys_at_the_stronghold_instead_of_the_veilwalkers_site():
    """The Stronghold gives "once per Round, a normally paid Ally deployment at it instead of the
    Veilwalker's Site.\""""
    sc = shape(resonance=9)
    sc.set(0, "P_STRONGHOLD", at((3, 3)))
    sc.give(0, "everburn_scout")
    sc.give(0, "everburn_scout")
    hand = sc.player(0)["hand"]
    first = hand.index("everburn_scout")
    sc.apply(sc.action("play", index=first, destination=1))
    assert sc.player(0)["figures"][0]["site"] == at((3, 3))
    second = sc.player(0)["hand"].index("everburn_scout")
    assert sc.action("play", index=second, destination=1) not in sc.legal()
    assert sc.action("play", index=second) in sc.legal(), "the normal deployment stays"


def test_relocating_places_a_foundation_finished_on_a_later_turn_or_abandoned_by_leaving():
    """"Relocate with one Action at a new legal Site: remove the old Stronghold and place a Foundation. On
    a later turn pay one Action to finish while still there and meeting the same conditions. Leaving or
    enemy control at turn end abandons the Foundation. It gives no benefits until finished.\""""
    sc = shape()
    sc.set(0, "P_STRONGHOLD", at((1, 3)))
    sc.place(0, "veilwalker", SITE)
    sc.apply(sc.action("establish"))
    me = sc.player(0)
    assert me["stronghold"] == -1 and me["foundation"] == at(SITE)
    assert "finish" not in kinds(sc), "on a later turn"
    end_turn(sc)
    end_turn(sc)
    sc.apply(sc.action("finish"))
    assert sc.player(0)["stronghold"] == at(SITE) and sc.player(0)["foundation"] == -1
    left = shape()
    left.set(0, "P_STRONGHOLD", at((1, 3)))
    left.place(0, "veilwalker", SITE)
    left.apply(left.action("establish"))
    left.apply(left.action("move", piece="veilwalker", direction="clockwise"))
    end_turn(left)
    assert left.player(0)["foundation"] == -1 and left.player(0)["stronghold"] == -1


def test_an_undefended_stronghold_falls_to_a_ready_enemy_figure_of_power_four():
    """"An undefended Stronghold can be destroyed by a Ready enemy Figure of at least Power 4 there
    spending one Action and Exhausting. Any allied Veilbound or Figure defends it.\""""
    sc = shape()
    sc.set(1, "P_STRONGHOLD", at(SITE))
    weak = sc.put_figure(0, "nessa", SITE)  # Power 3
    strong = sc.put_figure(0, "seether", SITE)  # Power 4
    sc.place(1, "wayfinder", SITE)
    assert "destroy" not in kinds(sc), "defended"
    sc.place(1, "wayfinder", (1, 0))
    assert sc.action("destroy", attacker=weak) not in sc.legal()
    sc.apply(sc.action("destroy", attacker=strong))
    assert sc.player(1)["stronghold"] == -1 and not sc.player(0)["figures"][1]["ready"]


def test_closure_removes_a_stronghold_on_the_closing_ring():
    """"At closure, remove local board units, Strongholds, Foundations ...\""""
    sc = shape()
    sc.set(0, "P_STRONGHOLD", at((1, 4)))
    sc.mill(0)
    sc.mill(1)
    for _ in range(10):
        end_turn(sc)
    assert sc.player(0)["stronghold"] == -1 and sc.state()["closed"] == 1
