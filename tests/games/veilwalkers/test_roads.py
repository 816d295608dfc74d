"""Lateral roads open, closed and Broken (section 2, section 7 "Paths and Weather"), the road cards,
Garden's Growth from a road repair (section 5), the Rite of the Broken Path (Appendix B, 14) and the
Homeground bonus (section 9)."""

import numpy as np
import pytest

from sim.core.scenario import IllegalAction
from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.policy import action_value, walker_goal
from sim.games.veilwalkers.rules.board import presence
from sim.games.veilwalkers.rules.patrol import reach
from sim.games.veilwalkers.scenario import road_at
from sim.games.veilwalkers.vocab import W_ROAD
from tests.games.veilwalkers.helpers import at, end_turn, shape

ROADFOLK_GARDEN = "roadfolk vs thorn_pressure"  # seat 0 Garden with barred_crossing, fallen_bridge, mend_the_way
RACER, PRESSURE = GAME.load_policy("racer"), GAME.load_policy("pressure")


def moves(sc, piece="veilwalker"):
    wanted = {"veilwalker": 0, "wayfinder": 1, "rememberer": 2}.get(piece, None)
    code = wanted if wanted is not None else L.PIECE_FIGURE + piece
    return sorted(("clockwise", "counterclockwise")[a & 255] for a in sc.legal()
                  if a >> 16 == L.A_MOVE and (a >> 8 & 255) == code)


def plays(sc, card):
    hand = sc.player(sc.state()["decider"])["hand"]
    return sorted(a & 255 for a in sc.legal() if a >> 16 == L.A_PLAY and hand[a >> 8 & 255] == card)


def test_all_lateral_roads_start_open_including_beside_broken_bridge():
    """"All lateral roads start open, including roads beside a Site named Broken Bridge." (Seat 0 starts
    at Ring I S3, the assumed register's Broken Bridge.)"""
    sc = shape()
    assert sc.state()["broken_roads"] == [] and sc.state()["closed_roads"] == []
    assert sc.player(0)["veilbound"][0] == at((1, 3))
    assert moves(sc) == ["clockwise", "counterclockwise"]


def test_a_move_needs_an_open_road_closed_or_broken_blocks_it():
    """"Move: one Action, one legal lateral connection"; "Closed is temporarily unavailable; Broken
    requires repair.\""""
    sc = shape()
    sc.break_road((1, 3), "clockwise")
    assert moves(sc) == ["counterclockwise"]
    with pytest.raises(IllegalAction):
        sc.apply(sc.action("move", piece="veilwalker", direction="clockwise"))
    sc.close_road(1, (1, 3), "counterclockwise")  # the opponent's closure blocks seat 0 too
    assert moves(sc) == []
    assert moves(sc, "wayfinder") == [] and moves(sc, "rememberer") == []
    sc.place(0, "wayfinder", (1, 4))  # the same road, from its other end
    assert moves(sc, "wayfinder") == ["clockwise"]


def test_a_road_belongs_to_its_rings_site_pair_and_turns_with_it():
    """"Rotation carries a Ring's Sites and everything attached to them": the Broken road between I S3
    and I S4 stays between those two Sites whatever sectors they turn to."""
    sc = shape()
    sc.break_road((1, 3), "clockwise")
    sc.set_offset(1, 4)
    assert moves(sc) == ["counterclockwise"]
    sc.place(0, "veilwalker", (1, 4))
    assert moves(sc) == ["clockwise"]


def test_a_sentinel_moves_through_legal_roads_only():
    """A board Sentinel "may move only among its home Site and its two same-Ring neighbors through legal
    roads.\""""
    sc = shape()
    sc.place(0, "veilwalker", (5, 1))  # Waking Cairn
    sc.apply(sc.action("awaken", sentinel=0))
    [sentinel] = [f for f in sc.player(0)["figures"] if f["unit"] == "sentinel"]
    assert moves(sc, sentinel["slot"]) == ["clockwise", "counterclockwise"]
    sc.break_road((5, 1), "counterclockwise")
    assert moves(sc, sentinel["slot"]) == ["clockwise"]


def test_the_patrols_reach_uses_open_roads_only():
    """Patrol: "a previously visited physical Site reachable from it through legal ordinary roads/Gates";
    "A Ready Patrol moves up to two legal Sites\""""
    sc = shape()
    state, tables = sc.state_vector, sc.ruleset.tables
    assert reach(state, tables, 0, at((1, 3)), 2) == sum(1 << at((1, k)) for k in (1, 2, 3, 4, 5))
    sc.break_road((1, 3), "clockwise")
    assert reach(state, tables, 0, at((1, 3)), 2) == sum(1 << at((1, k)) for k in (1, 2, 3))
    sc.close_road(0, (1, 3), "counterclockwise")
    assert reach(state, tables, 0, at((1, 3)), 2) == 1 << at((1, 3))


def test_the_remnant_moves_one_legal_lateral_site():
    """The Remnant: "move an allied Veilwalker or Figure one legal lateral Site for free. Normal
    eligibility applies.\""""
    sc = shape()
    sc.set(0, "P_REMNANT", 1)
    sc.break_road((1, 3), "clockwise")
    remnant = sorted(a & 255 for a in sc.legal() if a >> 16 == L.A_REMNANT and (a >> 8 & 255) == 0)
    assert remnant == [1]


def test_a_closing_card_targets_an_open_road_touching_the_veilwalker_until_the_next_turn():
    """AP-05's wording, the assumed Barred Crossing: "Choose one open lateral connection touching a Site
    occupied by one of your Veilwalkers. Close it until: the start of your next team turn.\""""
    sc = shape(ROADFOLK_GARDEN, resonance=4)
    sc.give(0, "barred_crossing")
    assert plays(sc, "barred_crossing") == [L.ROAD_TARGET, L.ROAD_TARGET + 1], "either road of I S3, no other"
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index("barred_crossing"), road="clockwise"))
    assert sc.state()["closed_roads"] == [road_at((1, 3))]
    assert "barred_crossing" in sc.player(0)["discard"]
    assert any("plays barred_crossing at I S3" in e for e in sc.events_text()), "at the Veilwalker's Site"
    assert sc.state_vector[L.GLOBALS + L.P_STRONGHOLD_DEPLOY] == 0, "a road target is no Stronghold deployment"
    sc.place(1, "veilwalker", (1, 4))
    end_turn(sc)  # seat 1's turn: the road is still closed
    assert sc.state()["active"] == 1 and moves(sc) == ["clockwise"]
    end_turn(sc)  # seat 0's Remember: it opens again
    assert sc.state()["closed_roads"] == []


def test_a_road_card_with_no_legal_target_fails_and_is_not_offered():
    """"If all targets are illegal, it fails and contributes no Glyph"; a card with another effect
    "does what it can" (Fallen Bridge still draws; Barred Crossing has nothing else)."""
    sc = shape(ROADFOLK_GARDEN, resonance=4)
    sc.give(0, "barred_crossing")
    sc.give(0, "fallen_bridge")
    sc.break_road((1, 3), "clockwise")
    sc.close_road(1, (1, 3), "counterclockwise")
    assert plays(sc, "barred_crossing") == [], "no open road to close"
    assert plays(sc, "fallen_bridge") == [L.ROAD_NONE, L.ROAD_TARGET + 1], "the closed road may still Break"


def test_garden_gains_growth_from_actually_repairing_a_broken_road():
    """"Garden may gain at most one Growth per Round, maximum three, from actually repairing a Broken
    lateral road ... No-op repairs ... do not qualify.\""""
    idle = shape(resonance=6)  # seat 0 Garden (lamplight)
    idle.give(0, "mend_the_way")
    assert plays(idle, "mend_the_way") == [L.ROAD_NONE], "nothing Broken: only its other effect"
    idle.apply(idle.action("play", index=idle.player(0)["hand"].index("mend_the_way")))
    assert idle.player(0)["growth"] == 0 and idle.player(0)["resonance"] == 6, "a no-op repair (cost 1, +1)"
    sc = shape(resonance=6)
    sc.give(0, "mend_the_way")
    sc.break_road((1, 3), "counterclockwise")
    assert plays(sc, "mend_the_way") == [L.ROAD_NONE, L.ROAD_TARGET + 1]
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index("mend_the_way"), road="counterclockwise"))
    assert sc.state()["broken_roads"] == [] and sc.player(0)["growth"] == 1
    assert moves(sc) == ["clockwise", "counterclockwise"]
    full = shape(resonance=6)
    full.set(0, "P_GROWTH", 3)
    full.give(0, "mend_the_way")
    full.break_road((1, 3), "clockwise")
    full.apply(full.action("play", index=full.player(0)["hand"].index("mend_the_way"), road="clockwise"))
    assert full.player(0)["growth"] == 3, "maximum three"


def test_a_second_repair_in_the_round_gains_no_growth_and_wayfarer_gains_none():
    sc = shape(ROADFOLK_GARDEN, resonance=6)
    sc.give(0, "mend_the_way")
    sc.break_road((1, 3), "clockwise")
    sc.set(0, "P_GAINED_ROUND", sc.state()["round"])  # a Growth already gained this Round
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index("mend_the_way"), road="clockwise"))
    assert sc.state()["broken_roads"] == [] and sc.player(0)["growth"] == 0
    wayfarer = shape("thorn_pressure vs roadfolk", order=1, resonance=6)  # seat 0 Wayfarer
    assert wayfarer.player(0)["company"] == "wayfarer"
    wayfarer.give(0, "mend_the_way")
    wayfarer.break_road((1, 3), "clockwise")
    wayfarer.apply(wayfarer.action("play", index=wayfarer.player(0)["hand"].index("mend_the_way"), road="clockwise"))
    assert wayfarer.player(0)["growth"] == 0 and wayfarer.state()["broken_roads"] == []


def test_treating_closed_as_open_is_not_repair_and_repair_does_not_open_a_closed_road():
    """"'Treat closed as open' does not repair Broken roads unless explicitly named." A repair mends the
    Break only; the closure still runs to its end."""
    sc = shape(resonance=4)
    sc.give(0, "mend_the_way")
    sc.break_road((1, 3), "clockwise")
    sc.close_road(1, (1, 3), "clockwise")
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index("mend_the_way"), road="clockwise"))
    assert sc.state()["broken_roads"] == [] and sc.state()["closed_roads"] == [road_at((1, 3))]
    assert moves(sc) == ["counterclockwise"]


def test_the_rite_of_the_broken_path_completes_when_the_team_restores_a_broken_road_at_the_gate():
    """Rite 14: "A Path touching this Gate Site must: become Broken or closed, and later become open again
    through your team's action or effect ... Completion: When your team restores access." (Edition
    broken-path-gate puts it on I-II, whose Gate is Ring I S0.) "Track each team separately.\""""
    sc = shape(edition="broken-path-gate", resonance=4)
    sc.give(0, "mend_the_way")
    sc.place(0, "veilwalker", (1, 0))
    sc.break_road((1, 0), "counterclockwise")  # I S5 - I S0 touches the Gate
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index("mend_the_way"), road="counterclockwise"))
    assert sc.player(0)["rites"][0] == 1 and sc.player(1)["rites"][0] == 0
    away = shape(edition="broken-path-gate", resonance=4)
    away.give(0, "mend_the_way")
    away.place(0, "veilwalker", (1, 2))
    away.break_road((1, 2), "clockwise")  # I S2 - I S3 does not touch I S0
    away.apply(away.action("play", index=away.player(0)["hand"].index("mend_the_way"), road="clockwise"))
    assert away.player(0)["rites"][0] == 0


def test_a_closure_that_expires_or_a_repair_leaving_it_closed_does_not_complete_the_broken_path():
    """Reading (RULES.md, Ambiguities): the expiry of a closure is no team's action; a road repaired but
    still closed is not "open again".\""""
    sc = shape(ROADFOLK_GARDEN, edition="broken-path-gate", resonance=4)
    sc.give(0, "barred_crossing")
    sc.place(0, "veilwalker", (1, 0))
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index("barred_crossing"), road="clockwise"))
    end_turn(sc)
    end_turn(sc)
    assert sc.state()["closed_roads"] == [] and sc.player(0)["rites"][0] == 0
    sc.set(0, "P_RESONANCE", 4)
    sc.give(0, "mend_the_way")
    sc.place(0, "veilwalker", (1, 0))
    sc.break_road((1, 0), "clockwise")
    sc.close_road(1, (1, 0), "clockwise")
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index("mend_the_way"), road="clockwise"))
    assert sc.player(0)["rites"][0] == 0


def test_an_ally_gains_homeground_power_at_its_origins_settlement_until_it_is_destroyed():
    """"An Ally with that settlement's printed Origin gains +1 Power there"; "Defeating it destroys that
    settlement and its Homeground bonus permanently." (Assumed: Starhold Rise, II S1, prints Starhold;
    Starhold Warden, Power 3, prints Starhold.)"""
    sc = shape()
    warden = sc.put_figure(0, "starhold_warden", (2, 1))
    power = {f["slot"]: f["power"] for f in sc.player(0)["figures"]}
    assert power[warden] == 4
    elsewhere = sc.put_figure(0, "starhold_warden", (3, 3))  # Everburn Kiln: another Origin
    scout = sc.put_figure(0, "everburn_scout", (3, 3))
    power = {f["slot"]: f["power"] for f in sc.player(0)["figures"]}
    assert power[elsewhere] == 3 and power[scout] == 2, "Everburn Scout, Power 1, at the Everburn settlement"
    sc.place(0, "wayfinder", (2, 1))
    sc.apply(sc.action("recruit", piece="wayfinder", settlement=1))
    assert {f["slot"]: f["power"] for f in sc.player(0)["figures"]}[warden] == 4, "a recruited Local: it stands"
    recruit = [f["slot"] for f in sc.player(0)["figures"] if f["unit"] == "recruit"][0]
    enemy = sc.put_figure(1, "crowned_tempest", (2, 1))  # Power 4
    sc.apply(sc.action("challenge", attacker=recruit, defender=enemy))
    assert sc.state()["locals"][1] == "gone"
    assert {f["slot"]: f["power"] for f in sc.player(0)["figures"]}[warden] == 3


def test_homeground_counts_in_presence_and_a_damaged_ally_leaving_it_rechecks_lethal_damage():
    """Presence is current Power; "Recheck lethal damage when a temporary Power bonus expires" (the bonus
    holds only "there")."""
    sc = shape()
    warden = sc.put_figure(0, "starhold_warden", (2, 1))
    assert presence(sc.state_vector, sc.ruleset.tables, 0, at((2, 1))) == 4
    sc.state_vector[L.GLOBALS + L.P_FIG + warden * L.FIG_W + L.F_DAMAGE] = 3
    sc.apply(sc.action("move", piece=warden, direction="clockwise"))
    assert all(f["slot"] != warden for f in sc.player(0)["figures"]), "3 damage, Power 3 away from home: Broken"


def test_the_greedy_bots_value_a_break_that_lengthens_the_opposing_veilwalkers_way():
    """The bots' weight `road`: per Site a road effect adds to the opposing Veilwalker's way."""
    sc = shape(ROADFOLK_GARDEN, resonance=4)
    sc.give(0, "fallen_bridge")
    sc.place(0, "veilwalker", (1, 1))
    sc.place(1, "veilwalker", (1, 2))  # heading for Ring I's Gate at S0 through I S1
    index = sc.player(0)["hand"].index("fallen_bridge")
    weights = np.array(PRESSURE.params, np.float64)
    target = walker_goal(sc.state_vector, sc.ruleset.tables, 0)

    def value(action):
        return action_value(sc.state_vector, sc.ruleset.tables, weights, 0, action, target)

    cut = value(sc.action("play", index=index, road="clockwise"))  # I S1 - I S2
    other = value(sc.action("play", index=index, road="counterclockwise"))  # I S0 - I S1: its own way too
    assert cut > value(sc.action("play", index=index)) > other


def test_the_greedy_bot_repairs_a_broken_road_for_growth():
    """A repair that gains Growth is worth one `road` more than the same card played without a target."""
    sc = shape(resonance=4)
    sc.give(0, "mend_the_way")
    sc.break_road((1, 3), "counterclockwise")
    index = sc.player(0)["hand"].index("mend_the_way")
    weights = np.array(RACER.params, np.float64)
    target = walker_goal(sc.state_vector, sc.ruleset.tables, 0)
    repair = action_value(sc.state_vector, sc.ruleset.tables, weights, 0,
                          sc.action("play", index=index, road="counterclockwise"), target)
    idle = action_value(sc.state_vector, sc.ruleset.tables, weights, 0, sc.action("play", index=index), target)
    assert repair >= idle + weights[W_ROAD]


def test_the_bots_play_the_road_cards_in_matches():
    """The road cards are reachable: the starter decks hold them and the bots play them."""
    ruleset = GAME.load_ruleset("standard")
    names = GAME.library.card_names
    played = {name: 0 for name in ("barred_crossing", "fallen_bridge", "mend_the_way")}
    for entry in ("roadfolk vs thorn_pressure", "thorn_pressure vs roadfolk"):
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        for bot in ("random", "pressure"):
            result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy(bot),), matchup),
                                     seed_block(5, matchup, 0, 4), card_counts=True, debug=True)
            assert (result.error == 0).all()
            for name in played:
                played[name] += int(result.card_counts[..., names.index(name), L.COUNT_PLAYED].sum())
    assert all(count > 0 for count in played.values()), played


def test_ring_steps_counts_the_shorter_open_way_round():
    """The bots' lateral distance over open roads (roads.ring_steps, bit arithmetic) agrees with a walk
    along the Ring that stops at the first closed or Broken road."""
    import random

    from sim.games.veilwalkers.rules.roads import ring_steps

    def walk(shut, a, b):
        best = 0 if a == b else 1000
        for direction in range(2):
            here = a
            for steps in range(1, 6):
                if a == b:
                    break
                road = here if direction == 0 else (here // 6) * 6 + (here % 6 - 1) % 6
                if shut >> road & 1:
                    break
                here = (here // 6) * 6 + (here % 6 + (1 if direction == 0 else 5)) % 6
                if here == b:
                    best = min(best, steps)
                    break
        return best

    state = shape().state_vector.copy()
    rng = random.Random(7)
    for _ in range(500):
        masks = [sum(1 << r for r in range(36) if rng.random() < 0.15) for _ in range(3)]
        state[L.G_ROADS_BROKEN], state[L.G_ROADS_CLOSED], state[L.G_ROADS_CLOSED + 1] = masks
        ring = rng.randrange(6)
        a, b = ring * 6 + rng.randrange(6), ring * 6 + rng.randrange(6)
        assert ring_steps(state, a, b) == walk(masks[0] | masks[1] | masks[2], a, b)
