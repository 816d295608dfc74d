"""The map (Appendix A, Gate geometry) and Presence and control (section 4)."""

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.rules import board
from tests.games.veilwalkers.helpers import at, shape


def test_world_sector_is_local_site_plus_the_rings_offset():
    """"Standard clockwise offsets from Ring I to VI are 0, 2, 1, 2, 1, 1." "World sector = (local
    Site + offset) modulo six.\""""
    sc = shape()
    assert sc.state()["offsets"] == [0, 2, 1, 2, 1, 1]
    s, rules = sc.state_vector, sc.ruleset.tables
    assert board.sector(s, at((2, 5))) == (5 + 2) % 6
    assert board.sector(s, at((4, 3))) == (3 + 2) % 6
    assert board.gate_site(rules, 0) == at((1, 0)) and board.port_site(rules, 0) == at((2, 0))


def test_all_five_boundaries_start_misaligned_and_first_journey_aligns_them():
    """"All five inter-Ring boundaries start misaligned in Standard. First Journey aligns every boundary.\""""
    standard = shape()
    assert all(board.gate_misalignment(standard.state_vector, standard.ruleset.tables, b) > 0 for b in range(5))
    journey = shape(edition="first-journey")
    assert all(board.gate_misalignment(journey.state_vector, journey.ruleset.tables, b) == 0 for b in range(5))


def test_first_bloom_has_fixed_ports_in_sectors_0_and_3():
    """"First Bloom has fixed ports in sectors 0 and 3." Ring VI's entrance (assumed at S4) is aligned
    when its world sector is 0 or 3, and First Bloom never rotates."""
    sc = shape()
    s, rules = sc.state_vector, sc.ruleset.tables
    assert board.bloom_misalignment(s, rules) == 1  # S4 + offset 1 = sector 5
    sc.set_offset(6, 2)  # sector 0
    assert board.bloom_misalignment(s, rules) == 0
    sc.set_offset(6, 5)  # sector 3
    assert board.bloom_misalignment(s, rules) == 0
    sc.set_offset(6, 0)  # sector 4
    assert board.bloom_misalignment(s, rules) == 1


def test_lateral_neighbours_are_the_adjacent_sites_of_the_same_ring():
    """"Neighboring means the immediately clockwise or counterclockwise Site on that Ring.\""""
    assert board.neighbor(at((3, 5)), 0) == at((3, 0))
    assert board.neighbor(at((3, 0)), 1) == at((3, 5))


def test_control_needs_a_positive_total_strictly_higher_and_ties_give_none():
    """"A Company controls a Site only with a positive total strictly higher than every opposing or
    neutral total there. Ties give no control.\""""
    sc = shape()
    s, rules = sc.state_vector, sc.ruleset.tables
    site = at((1, 3))  # seat 0's three Veilbound: Presence 3
    assert board.presence(s, rules, 0, site) == 3 and board.controls(s, rules, 0, site)
    sc.put_figure(1, "roadfolk_guide", (1, 3))  # Power 2
    sc.place(1, "veilwalker", (1, 3))
    assert board.presence(s, rules, 1, site) == 3
    assert not board.controls(s, rules, 0, site) and not board.controls(s, rules, 1, site)
    assert not board.controls(s, rules, 0, at((2, 2)))  # no Presence: no control


def test_figures_count_their_power_and_exhaustion_or_damage_do_not_remove_it():
    """"A Figure contributes current Power as Presence ... Damage does not reduce Power ... Exhaustion
    alone does not remove Presence." "Active Installed Relics contribute their Power.\""""
    sc = shape()
    s, rules = sc.state_vector, sc.ruleset.tables
    slot = sc.put_figure(0, "thorn_sentinel", (2, 2), ready=False)
    s[L.GLOBALS + L.P_FIG + slot * L.FIG_W + L.F_DAMAGE] = 2
    assert board.presence(s, rules, 0, at((2, 2))) == 3
