"""The Patrol (section 9): deployment from the Stronghold to a visited reachable Site, readiness by
distance, the replacement's Resonance, movement, the first-arrival halt, what it may not do, the Route,
Stranded, Recall, removal at closure. Seat 0 starts at Ring I S3, seat 1 at Ring I S0; the assumed
register puts the I-II Gate at Ring I S0 / Ring II S0 and the Waystations at I S5, III S4, VI S3."""

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.rules.board import presence
from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape

HOME = (1, 3)  # seat 0's Entry


def targets(sc, kind):
    """The destination Sites of the legal deployments (kind "patrol") or Patrol moves ("patrol_move")."""
    code = L.ACTION_NAMES.index(kind)
    return sorted(a >> 8 & 255 for a in sc.legal() if a >> 16 == code)


def patrol(sc, seat=0):
    slot = sc.player(seat)["patrol"]
    return None if slot < 0 else next(f for f in sc.player(seat)["figures"] if f["slot"] == slot)


def deployed(sc, where, seat=0, resonance=0):
    """The Patrol deployed at ``where`` from seat's Stronghold (set directly at its Entry if it has none)."""
    if sc.player(seat)["stronghold"] == L.NOWHERE:
        sc.set(seat, "P_STRONGHOLD", at(HOME if seat == 0 else (1, 0)))
    sc.visit(seat, where)
    if resonance:
        sc.set(seat, "P_RESONANCE", resonance)
    sc.apply(sc.action("patrol", to=where))
    return patrol(sc, seat)


def test_the_patrol_deploys_from_an_active_stronghold_for_one_action_to_a_visited_reachable_site():
    """"Each Company has a Stronghold and Patrol off-board." "With an active Stronghold, deploy your one
    Power-2 Patrol for one Action to a previously visited physical Site reachable from it through legal
    ordinary roads/Gates." Visited: a Site any piece of the Company has stood on (RULES.md)."""
    sc = shape()
    assert sc.player(0)["patrol"] == -1 and sc.player(0)["visited"] == [at(HOME)], "off-board; the Entry visited"
    assert "patrol" not in kinds(sc), "no Stronghold"
    sc.apply(sc.action("establish"))
    assert targets(sc, "patrol") == [at(HOME)]
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))
    assert at((1, 4)) in sc.player(0)["visited"], "a Move visits its destination"
    assert targets(sc, "patrol") == [at(HOME), at((1, 4))], "I S0 (seat 1's Entry) was never visited"
    sc.visit(0, (2, 0))
    assert at((2, 0)) not in targets(sc, "patrol"), "the I-II Gate is misaligned, its Rite and Waymark not won"
    sc.open_boundary(0, 0)
    sc.set_offset(2, 0)  # Ring II's S0 now faces Ring I's S0
    assert at((2, 0)) in targets(sc, "patrol"), "reachable through the aligned, opened Gate"
    sc.apply(sc.action("patrol", to=(1, 4)))
    me = sc.player(0)
    assert sc.state()["actions"] == 0 and me["resonance"] == 0, "establish, move, deploy: one Action each"
    assert patrol(sc) == {"slot": 0, "card": "patrol", "site": at((1, 4)), "damage": 0, "ready": True, "held": False,
                          "unit": "patrol", "power": 2}
    assert presence(sc.state_vector, sc.ruleset.tables, 0, at((1, 4))) == 1 + 2, "the Wayfinder and a Power-2 Patrol"
    sc.set(None, "G_ACTIONS", 1)
    assert "patrol" not in kinds(sc), "your one Patrol"
    assert "patrol" not in me["discard"] + me["hand"], "not a deck card"


def test_distance_zero_or_one_arrives_ready_two_or_more_exhausted():
    """"Distance zero or one arrives Ready; two or more Exhausted." Distance counts the legal ordinary steps
    from the Stronghold (a lateral road or a Gate each)."""
    for where, ready in (((1, 3), True), ((1, 4), True), ((1, 5), False), ((1, 0), False), ((2, 0), False)):
        sc = shape()
        sc.open_boundary(0, 0)
        sc.set_offset(2, 0)
        assert deployed(sc, where)["ready"] == ready, where


def test_replacements_after_removal_cost_one_more_resonance_and_recall_removes_it_for_redeployment():
    """"Replacements after removal additionally cost one Resonance." "Recall it for one Action to remove it
    for later redeployment.\""""
    sc = shape()
    deployed(sc, (1, 4))
    assert sc.player(0)["resonance"] == 0, "the first deployment is no replacement"
    sc.apply(sc.action("recall"))
    assert sc.player(0)["patrol"] == -1 and sc.state()["actions"] == 1
    assert "patrol" not in kinds(sc), "no Resonance for the replacement"
    sc.set(0, "P_RESONANCE", 1)
    sc.apply(sc.action("patrol", to=(1, 4)))
    assert sc.player(0)["resonance"] == 0 and sc.state()["actions"] == 0


def test_a_ready_patrol_moves_up_to_two_legal_sites_for_one_action_exhausting_if_it_takes_two():
    """"A Ready Patrol moves up to two legal Sites for one Action, Exhausting if it takes two; an Exhausted
    Patrol cannot move." A two-Site move arrives only at its end; the Gate is a legal step when open."""
    sc = shape()
    deployed(sc, (1, 4))
    assert targets(sc, "patrol_move") == [at((1, s)) for s in (0, 2, 3, 5)] and "move" in kinds(sc)
    assert sc.action("move", piece=patrol(sc)["slot"], direction="clockwise") not in sc.legal(), "no ordinary Move"
    sc.apply(sc.action("patrol_move", to=(1, 5)))
    assert patrol(sc)["site"] == at((1, 5)) and patrol(sc)["ready"], "one Site: still Ready"
    sc.open_boundary(0, 0)
    sc.set_offset(2, 0)
    assert at((2, 0)) in targets(sc, "patrol_move"), "I S5 -> I S0 -> through the Gate to II S0"
    sc.apply(sc.action("patrol_move", to=(2, 0)))
    assert patrol(sc)["site"] == at((2, 0)) and not patrol(sc)["ready"], "two Sites: Exhausted"
    assert sc.state()["actions"] == 0
    end_turn(sc)
    end_turn(sc)
    slot = patrol(sc)["slot"]
    sc.state_vector[sc._base(0) + L.P_FIG + slot * L.FIG_W + L.F_READY] = 0
    assert "patrol_move" not in kinds(sc), "an Exhausted Patrol cannot move"


def test_patrols_cannot_use_special_network_links():
    """"Patrols cannot use special network links." Wayfarer's Connected Waystations: "Recruits, board
    Sentinels, Patrols and the Watcher cannot use it.\""""
    sc = shape(order=1)  # seat 0 leads Wayfarer
    sc.credit_nodes(0)
    sc.place(0, "veilwalker", (1, 5))
    sc.place(0, "rememberer", (3, 4))
    slot = deployed(sc, (1, 5))["slot"]
    links = [a >> 8 & 255 for a in sc.legal() if a >> 16 == L.A_LINK]
    assert L.VEILWALKER in links and L.PIECE_FIGURE + slot not in links


def test_patrols_never_enter_bloom():
    """"Wayfinders, Rememberers, Recruits, board Sentinels and Patrols never enter Bloom." A Patrol at Ring
    VI's aligned First Bloom entrance, Bloom open and the network history complete: its moves stay on the
    Rings, and it has no Traverse."""
    sc = shape()
    bloom_port = (6, 4)
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(0, piece, bloom_port)
    sc.set_offset(6, 2)  # VI S4 in world sector 0: aligned with First Bloom's port
    sc.credit_nodes(0)
    sc.set(None, "G_BLOOM_OPEN", 1)
    sc.apply(sc.action("establish"))
    slot = deployed(sc, bloom_port)["slot"]
    assert sc.action("traverse", piece="veilwalker", direction="inward") in sc.legal(), "the way is open"
    assert sc.action("traverse", piece=slot, direction="inward") not in sc.legal()
    assert all(site < L.BLOOM for site in targets(sc, "patrol_move")) and targets(sc, "patrol_move")


def test_its_first_opposing_figure_arrival_each_round_becomes_exhausted():
    """"While Ready, its first opposing Figure arrival each Round becomes Exhausted." An arrival is a
    movement from another Site ("Deployment is separate"); the first arrival while the Patrol is Ready
    uses it."""
    sc = shape()
    deployed(sc, (1, 4))
    end_turn(sc)
    first = sc.put_figure(1, "crowned_tempest", (1, 5))
    second = sc.put_figure(1, "roadfolk_guide", (1, 5))
    deployed_there = sc.put_figure(1, "mirror_hound", (1, 4))
    assert sc.player(1)["figures"][deployed_there]["ready"], "a Figure put there does not arrive"
    sc.apply(sc.action("move", piece=first, direction="counterclockwise"))
    assert not sc.player(1)["figures"][first]["ready"], "the first arrival is Exhausted"
    sc.apply(sc.action("move", piece=second, direction="counterclockwise"))
    assert sc.player(1)["figures"][second]["ready"], "once per Round"
    assert patrol(sc)["ready"], "halting costs the Patrol nothing"
    end_turn(sc)  # Round 2: seat 0's turn
    end_turn(sc)
    sc.apply(sc.action("move", piece=second, direction="clockwise"))
    sc.apply(sc.action("move", piece=second, direction="counterclockwise"))
    assert not sc.player(1)["figures"][second]["ready"], "a new Round, a new first arrival"
    assert any("Patrol Exhausts the arriving roadfolk_guide" in e for e in sc.events_text())


def test_an_exhausted_patrol_halts_nothing():
    """"While Ready": an opposing Figure arriving at an Exhausted Patrol's Site stays Ready."""
    sc = shape()
    deployed(sc, (1, 5))  # distance two: Exhausted
    end_turn(sc)
    assert not patrol(sc)["ready"]
    mover = sc.put_figure(1, "crowned_tempest", (1, 0))
    sc.apply(sc.action("move", piece=mover, direction="counterclockwise"))
    assert sc.player(1)["figures"][mover]["ready"]


def test_patrols_defend_but_cannot_initiate_combat_drive_off_thread_strike_or_intercept():
    """"Patrols defend but cannot initiate combat, Drive Off, Thread Strike, Intercept, equip, carry
    Remembrances or do Rites." "A Local Recruit or Patrol cannot Intercept.\""""
    sc = shape()
    slot = deployed(sc, (1, 4))["slot"]
    site = (1, 4)
    enemy = sc.put_figure(1, "crowned_tempest", site)  # Power 4
    sc.put_relic(1, "weather_stone", site)
    sc.place(1, "veilwalker", site)
    legal = sc.legal()
    assert not [a for a in legal if a >> 16 in (L.A_CHALLENGE, L.A_STRIKE, L.A_DRIVE_OFF, L.A_RAZE)
                and (a >> 8 & 255) == slot]
    ally = sc.put_figure(0, "sea_cliff_watcher", site)  # Power 2: the same fights are open to a Figure
    legal = sc.legal()
    assert sc.action("challenge", attacker=ally, defender=enemy) in legal and sc.action("strike", attacker=ally) in legal
    end_turn(sc)
    sc.place(0, "veilwalker", site)
    sc.place(1, "veilwalker", (1, 0))
    sc.state_vector[sc._base(0) + L.P_FIG + ally * L.FIG_W + L.F_READY] = 0  # only the Patrol is Ready there
    sc.apply(sc.action("strike", attacker=enemy))
    assert sc.state()["pending"] == "shape" and sc.player(0)["thread"] == 16, "no interceptor: the strike lands"


def test_a_ready_patrol_defends_a_challenge_and_a_broken_one_waits_for_a_replacement():
    """"Patrols defend": a Challenge on a Ready Patrol is fought ("both deal current Challenge Power as
    damage simultaneously"); Broken, it leaves the board and the next deployment is a replacement."""
    sc = shape()
    slot = deployed(sc, (1, 4))["slot"]
    end_turn(sc)
    enemy = sc.put_figure(1, "crowned_tempest", (1, 4))  # Power 4
    sc.apply(sc.action("challenge", attacker=enemy, defender=slot))
    assert sc.player(0)["patrol"] == -1 and sc.player(1)["figures"][enemy]["damage"] == 2
    assert "patrol" not in sc.player(0)["discard"]
    end_turn(sc)
    sc.set(0, "P_RESONANCE", 0)
    assert "patrol" not in kinds(sc), "a replacement costs one Resonance"


def test_a_patrol_does_no_rites():
    """"Patrols ... cannot ... do Rites": a Patrol that wins a Challenge at a Rite of Challenge Gate ("Win
    one Challenge at this Gate Site") completes nothing; an Ally in its place does (edition other-rites-a:
    Challenge guards I-II, its Gate at Ring I S0)."""
    for defender in ("patrol", "sea_cliff_watcher"):
        sc = shape(edition="other-rites-a")
        gate = (1, 0)
        for piece in ("veilwalker", "wayfinder", "rememberer"):
            sc.place(1, piece, (1, 1))
        sc.place(0, "veilwalker", gate)
        sc.apply(sc.action("establish"))  # +1 combat Power there: the defender deals 3
        if defender == "patrol":
            slot = deployed(sc, gate)["slot"]
        else:
            slot = sc.put_figure(0, defender, gate)  # Power 2
        end_turn(sc)
        attacker = sc.put_figure(1, "mirror_hound", gate)  # Power 2
        sc.apply(sc.action("challenge", attacker=attacker, defender=slot))
        assert sc.player(0)["rites"][0] == (defender != "patrol"), defender


def test_attacking_an_exhausted_patrol_routes_it_home_exhausted_or_removes_it_without_a_stronghold():
    """"Attacking an Exhausted Patrol spends the attack Action and Exhausts the attacker, but Routes the
    Patrol home Exhausted instead of fighting. With no Stronghold it is removed.\""""
    sc = shape()
    slot = deployed(sc, (1, 5))["slot"]  # distance two: Exhausted
    end_turn(sc)
    enemy = sc.put_figure(1, "crowned_tempest", (1, 5))
    sc.apply(sc.action("challenge", attacker=enemy, defender=slot))
    assert patrol(sc)["site"] == at(HOME) and not patrol(sc)["ready"] and patrol(sc)["damage"] == 0
    assert not sc.player(1)["figures"][enemy]["ready"] and sc.player(1)["figures"][enemy]["damage"] == 0
    assert sc.state()["actions"] == 2
    sc.set(0, "P_STRONGHOLD", L.NOWHERE)
    other = sc.put_figure(1, "roadfolk_guide", HOME)
    sc.apply(sc.action("challenge", attacker=other, defender=slot))
    assert sc.player(0)["patrol"] == -1, "no Stronghold: removed"


def test_a_patrol_whose_stronghold_vanishes_is_stranded_until_it_is_restored():
    """"A Patrol whose Stronghold vanishes becomes Stranded, retains Presence but cannot move or be replaced
    until the Stronghold is restored." (Destroyed here: "An undefended Stronghold can be destroyed by a
    Ready enemy Figure of at least Power 4 there".)"""
    sc = shape()
    deployed(sc, (1, 4))
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(0, piece, (1, 4))
    end_turn(sc)
    enemy = sc.put_figure(1, "crowned_tempest", HOME)
    sc.apply(sc.action("destroy", attacker=enemy))
    assert sc.player(0)["stronghold"] == -1
    end_turn(sc)
    assert "patrol_move" not in kinds(sc), "Stranded: cannot move"
    assert presence(sc.state_vector, sc.ruleset.tables, 0, at((1, 4))) == 3 + 2, "retains Presence"
    sc.set(0, "P_RESONANCE", 1)
    sc.apply(sc.action("recall"))
    assert "patrol" not in kinds(sc), "no replacement without a Stronghold"
    sc.apply(sc.action("establish"))  # restored at I S4
    assert at((1, 4)) in targets(sc, "patrol")


def test_closure_removes_the_patrol_for_a_later_replacement():
    """"At closure, remove local board units": the Patrol goes off-board (a later deployment is a
    replacement) instead of becoming Lost in the Fray."""
    sc = shape()
    deployed(sc, (1, 4))
    sc.mill(0)
    sc.mill(1)
    for _ in range(10):
        end_turn(sc)
    assert sc.state()["closed"] == 1 and sc.player(0)["patrol"] == -1
    assert not [f for f in sc.player(0)["figures"] if f["unit"] == "patrol"]
    assert sc.player(0)["stronghold"] == -1, "the Stronghold on Ring I went with it"


def test_the_greedy_bots_deploy_the_patrol_towards_the_opposing_veilwalker_and_never_recall_it():
    """Bots (not a rulebook clause): a deployment is worth weight `patrol` per Power less 0.1 per Site from
    the opposing Veilwalker; a Patrol move its approach gain; Recall is never chosen."""
    from sim.core import policies as policy_files
    from sim.games.veilwalkers import GAME, policy

    _, weights = policy_files.weight_matrix((GAME.load_policy("pressure"),) * 2)
    sc = shape()
    sc.set(0, "P_STRONGHOLD", at(HOME))
    for where in ((1, 2), (1, 4), (1, 5)):
        sc.visit(0, where)

    def values(kind):
        s, tables = sc.state_vector, sc.ruleset.tables
        target = policy.walker_goal(s, tables, 0)
        code = L.ACTION_NAMES.index(kind)
        return {a >> 8 & 255: policy.action_value(s, tables, weights[0], 0, a, target)
                for a in sc.legal() if a >> 16 == code}

    deploys = values("patrol")
    assert max(deploys, key=deploys.get) == at((1, 5)), "one Site from seat 1's Veilwalker at I S0"
    assert deploys[at((1, 5))] > 0.3, "worth more than passing (pass: 0.3)"
    sc.apply(sc.action("patrol", to=(1, 4)))
    moves = values("patrol_move")
    assert moves[at((1, 5))] > 0 > moves[at((1, 3))]
    assert values("recall")[0] < 0


def test_a_patrol_makes_no_arrival_reaction():
    """Escape's arrival: "If an enemy Ready Figure is there, roll once ... 3-4 the defender may Exhaust an
    eligible Figure to give one arriving Figure -1 Power ...; 5-6 it may Exhaust one to Challenge an
    arriving Figure." A Patrol "cannot initiate combat" (RULES.md): it neither prompts the roll nor reacts."""
    from sim.games.veilwalkers.rules.actions import list_ready_figures_at
    from sim.games.veilwalkers.rules.closing import ready_enemy_figures

    sc = shape()
    deployed(sc, (1, 4))
    s = sc.state_vector
    assert ready_enemy_figures(s, 1, at((1, 4))) == 0, "only a Ready Patrol there: no roll"
    slot = sc.put_figure(0, "sea_cliff_watcher", (1, 4))
    assert ready_enemy_figures(s, 1, at((1, 4))) == 1
    n = list_ready_figures_at(s, 0, at((1, 4)), L.A_NO_REACT, L.A_REACT, True, sc.legal_buffer)
    assert [int(a) >> 8 & 255 for a in sc.legal_buffer[1:n]] == [slot], "the Ally reacts, the Patrol does not"
