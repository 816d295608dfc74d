"""The Closing Spiral (section 11): the drawless count, Fraying, closure, Lost in the Fray, Exits,
Escape and its arrival reaction, Force the Breach, and light beyond the Fray (section 5)."""

import pytest

from sim.core.scenario import IllegalAction
from sim.games.veilwalkers import GAME, policy
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.rules.board import presence
from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape

LAMP_I = (1, 2)  # Garden's Ring I Lamp (assumed register); seat 0 leads Garden


def empty_decks(sc, keep_1: int = 0) -> None:
    sc.mill(0)
    sc.mill(1, keep=keep_1)


def end_round(sc) -> None:
    """From seat 0's Shape to seat 0's next Shape."""
    end_turn(sc)
    end_turn(sc)


def fray_ring_i(sc) -> None:
    """Both decks empty, then three complete Rounds without a draw: Ring I Frays from the next Round."""
    empty_decks(sc)
    for _ in range(4):
        end_round(sc)


def test_closing_starts_after_both_decks_are_empty_and_three_complete_rounds_pass_without_a_draw():
    """"After both decks are empty and three complete Rounds pass without a draw, Closing starts. Mark
    Ring I Fraying for the next full Round, then close it at that Round's end. Continue
    outward-to-inward through Ring V, one Ring per Round. Ring VI and Bloom remain.\""""
    sc = shape()
    empty_decks(sc)
    end_round(sc)  # Round 1 had the opening draws
    assert sc.state()["drawless"] == 0 and sc.state()["fraying"] == 0
    for count in (1, 2):
        end_round(sc)
        assert sc.state()["drawless"] == count and sc.state()["fraying"] == 0
    end_round(sc)
    assert sc.state()["fraying"] == 1 and sc.state()["closed"] == 0, "Ring I Frays for the next full Round"
    for ring in (2, 3, 4, 5):
        end_round(sc)
        assert sc.state()["closed"] == ring - 1 and sc.state()["fraying"] == ring
    end_round(sc)
    assert sc.state()["closed"] == 5 and sc.state()["fraying"] == 0, "Ring VI remains"
    end_round(sc)
    assert sc.state()["closed"] == 5
    assert sc.invariant_error() == 0


def test_a_round_with_a_draw_does_not_count():
    """"three complete Rounds pass without a draw": while a deck still deals, the count stays at zero;
    it starts once both decks are empty and no card was drawn that Round."""
    sc = shape()
    empty_decks(sc, keep_1=5)  # seat 1 draws 2 (Round 1), 2 (Round 2), its last 1 (Round 3)
    for _ in range(3):
        end_round(sc)
        assert sc.state()["drawless"] == 0
    end_round(sc)
    assert sc.state()["drawless"] == 1


def test_once_begun_closing_does_not_stop_when_a_card_refills_a_deck():
    """"Once begun, Closing does not stop when a card refills a deck.\""""
    sc = shape()
    fray_ring_i(sc)
    s, base = sc.state_vector, sc._base(0)  # one discarded card back on top of the deck, then drawn
    s[base + L.P_DISCARD_N] -= 1
    s[base + L.P_DECK] = s[base + L.P_DISCARD + s[base + L.P_DISCARD_N]]
    s[base + L.P_DECK_N] = 1
    assert sc.invariant_error() == 0
    end_round(sc)
    assert sc.state()["closed"] == 1 and sc.state()["fraying"] == 2


def test_the_no_closing_variant_never_starts_the_spiral():
    """Edition no-closing (a variant for studies, closing_drawless_rounds 0): no Ring ever Frays."""
    sc = shape(edition="no-closing")
    empty_decks(sc)
    for _ in range(8):
        end_round(sc)
    assert sc.state()["fraying"] == 0 and sc.state()["closed"] == 0


def test_closure_removes_installed_relics_moves_remembrances_inward_and_loses_the_pieces_there():
    """"At closure, remove local board units, Strongholds, Foundations, Installed objects, Laid Paths and
    Imprints. This is removal, not Breaking or Razing ... Move unclaimed Remembrances and the Watcher
    inward to the next physical Ring at the same world sector." "Remaining Veilbound and ordinary deck
    Figures become Lost in the Fray. They have no Presence, cannot act or be targeted on the physical
    board, and keep carried Remembrances.\""""
    sc = shape()
    fray_ring_i(sc)
    sc.carry(0, 4)
    relic = "seed_lamp_core"
    sc.put_relic(0, relic, (1, 1))
    figure = sc.put_figure(0, "nessa", (1, 1))  # Ring I S1: world sector 1 (offset 0)
    sc.state_vector[L.G_TOKEN + 0 * L.TOKEN_W + L.TK_SITE] = at((1, 1))
    sc.place(1, "veilwalker", (2, 0))
    discarded = sc.player(0)["discard"].count(relic)
    end_round(sc)
    me = sc.player(0)
    assert me["relics"] == [] and me["discard"].count(relic) == discarded + 1, "removed to its owner's discard"
    assert me["figures"][0]["site"] == L.LOST + 1
    assert me["veilbound"] == [L.LOST + 3] * 3, "seat 0 entered at Ring I S3: sector 3"
    assert me["remembrances"] == 1
    assert sc.state()["tokens"][0] == (at((2, 5)), -1), "sector 1 of Ring II (offset 2) is its S5"
    assert sc.player(1)["veilbound"][0] == at((2, 0)), "Ring II stays"
    assert presence(sc.state_vector, sc.ruleset.tables, 0, at((1, 1))) == 0
    assert not [a for a in sc.legal() if a >> 16 in (L.A_MOVE, L.A_TRAVERSE) and (a >> 8 & 255) == 3 + figure]


def test_a_fraying_ring_forbids_node_activation_but_allows_movement_and_combat():
    """"A Fraying Ring still permits ordinary movement and combat. Do not ... activate/reactivate nodes
    there.\""""
    sc = shape()
    fray_ring_i(sc)
    sc.set(0, "P_RESONANCE", 2)
    sc.place(0, "rememberer", LAMP_I)
    assert "activate" not in kinds(sc) and "move" in kinds(sc)
    sc.place(1, "veilwalker", LAMP_I)
    slot = sc.put_figure(0, "nessa", LAMP_I)
    assert sc.action("strike", attacker=slot) in sc.legal()


def test_an_active_node_keeps_its_light_beyond_the_fray_and_a_missing_one_is_lost_forever():
    """Light beyond the Fray: "An active node that closes with its Ring retains its light off-board. It
    still counts toward the all-three-active reward ... An inactive node closing stays inactive and
    cannot be repaired from off-board." "Missing a network node before closure prevents its remaining
    first activation forever, so Bloom victory becomes unavailable to that Company.\""""
    sc = shape()
    sc.credit_nodes(0)  # Garden: all three Lamps active
    empty_decks(sc)
    for _ in range(5):
        end_round(sc)  # Ring I closed; seat 1 (Wayfarer) never activated its Ring I Waystation
    assert sc.state()["closed"] == 1
    assert sc.player(0)["nodes"] == [1, 1, 1] and sc.state()["actions"] == 4, "the reward still applies"
    s, rules = sc.state_vector, sc.ruleset.tables
    assert policy.bloom_reachable(s, rules, 0) and not policy.bloom_reachable(s, rules, 1)


def test_escape_brings_a_lost_unit_to_its_open_exit_exhausted_with_one_lost_ally():
    """"Escape: one Action and two Resonance to move a Lost unit to its open Exit, Exhausted. A Lost
    Veilwalker may bring one Lost Ally from the same origin, also Exhausted." "Their Exit is the next
    physical Ring at the world sector where their old Ring closed.\""""
    sc = shape()
    fray_ring_i(sc)
    ally = sc.put_figure(0, "thorn_sentinel", (1, 3))
    end_round(sc)
    sc.set(0, "P_RESONANCE", 4)
    exit_site = at((2, 1))  # sector 3 of Ring II (offset 2)
    sc.apply(sc.action("escape", piece="veilwalker", ally=ally))
    me = sc.player(0)
    assert me["veilbound"][0] == exit_site and not me["veilbound_ready"][0]
    assert me["figures"][0]["site"] == exit_site and not me["figures"][0]["ready"]
    assert me["resonance"] == 2 and sc.state()["actions"] == 2
    sc.apply(sc.action("escape", piece="wayfinder"))
    assert sc.player(0)["veilbound"][1] == exit_site
    with pytest.raises(IllegalAction):  # no Resonance left
        sc.apply(sc.action("escape", piece="rememberer"))


def test_the_exit_keeps_its_world_sector_as_the_ring_turns():
    """"Preserve that direction as Rings rotate": the Exit is the Site of the next physical Ring now in
    the world sector where the old Ring closed."""
    sc = shape()
    fray_ring_i(sc)
    end_round(sc)
    sc.set(0, "P_RESONANCE", 2)
    sc.set_offset(2, 3)
    sc.apply(sc.action("escape", piece="veilwalker"))
    assert sc.player(0)["veilbound"][0] == at((2, 0)), "sector 3 of Ring II at offset 3 is its S0"


def test_only_enemy_occupancy_blocks_an_exit_and_force_the_breach_pays_two_actions_three_resonance_and_a_thread():
    """"An empty Exit or one with any allied Veilbound/Figure is open; only-enemy occupancy blocks it."
    "Force the Breach: if your Lost Veilwalker's Exit is blocked, pay two Actions, three Resonance and one
    Thread to bring it to that Exit Ready, without escort.\""""
    sc = shape()
    fray_ring_i(sc)
    end_round(sc)
    exit_site = (2, 1)
    sc.place(1, "rememberer", exit_site)
    sc.set(0, "P_RESONANCE", 3)
    assert "escape" not in kinds(sc) and "breach" in kinds(sc)
    sc.apply(sc.action("breach"))
    me = sc.player(0)
    assert me["veilbound"][0] == at(exit_site) and me["veilbound_ready"][0]
    assert me["thread"] == 19 and me["resonance"] == 0 and sc.state()["actions"] == 1
    sc.set(0, "P_RESONANCE", 2)
    assert sc.action("escape", piece="wayfinder") in sc.legal(), "an allied Veilbound there opens it"


def test_forcing_the_breach_with_the_last_thread_loses_before_escape():
    """"Spending your last Thread loses before escape.\""""
    sc = shape()
    fray_ring_i(sc)
    end_round(sc)
    sc.place(1, "rememberer", (2, 1))
    sc.set(0, "P_RESONANCE", 3)
    sc.set(0, "P_THREAD", 1)
    sc.apply(sc.action("breach"))
    state = sc.state()
    assert state["done"] and state["winner"] == 1 and state["end_reason"] == "unraveling"
    assert sc.player(0)["veilbound"][0] == L.LOST + 3


def escaped_into_a_reaction(seed: int, card: str):
    """A Lost ``card`` of seat 0 escapes to its Exit, Ring II S1, where seat 1's Crowned Tempest (Power 4)
    stands Ready: (scenario, the escapee's slot, the defender's slot, the reaction die)."""
    sc = shape(seed=seed)
    fray_ring_i(sc)
    slot = sc.put_figure(0, card, (1, 3))
    end_round(sc)
    sc.place(0, "wayfinder", (2, 1))  # the Exit stays open
    defender = sc.put_figure(1, "crowned_tempest", (2, 1))
    sc.set(0, "P_RESONANCE", 2)
    sc.apply(sc.action("escape", piece=slot))
    die = int(next(e for e in sc.events_text()[::-1] if "arrival reaction" in e).split("die ")[1].split()[0])
    return sc, slot, defender, die


def test_an_escaping_figure_meets_the_arrival_reaction_die():
    """"If an enemy Ready Figure is there, roll once: 1-2 no reaction; 3-4 the defender may Exhaust an
    eligible Figure to give one arriving Figure -1 Power until next Remember; 5-6 it may Exhaust one to
    Challenge an arriving Figure." On 3-6 the defender chooses."""
    seen = set()
    for seed in range(1, 60):
        sc, slot, defender, die = escaped_into_a_reaction(seed, "nessa")  # Power 3
        result = (die + 1) // 2  # 1: 1-2, 2: 3-4, 3: 5-6
        seen.add(result)
        state = sc.state()
        if result == 1:
            assert state["pending"] == "shape" and sc.player(0)["figures"][0]["power"] == 3
            continue
        assert state["pending"] == "reaction" and state["decider"] == 1
        sc.apply(sc.action("react", slot=defender))
        assert not sc.player(1)["figures"][0]["ready"], "the reacting Figure is Exhausted"
        assert sc.state()["decider"] == 0 and sc.state()["pending"] == "shape"
        if result == 3:
            assert sc.player(0)["figures"] == [], "Crowned Tempest's 4 Breaks Nessa"
        else:
            assert sc.player(0)["figures"][0]["power"] == 2, "-1 Power"
            assert presence(sc.state_vector, sc.ruleset.tables, 0, at((2, 1))) == 3, "the Wayfinder 1 + Nessa 2"
            end_round(sc)
            assert sc.player(0)["figures"][0]["power"] == 3, "until next Remember"
        if seen == {1, 2, 3}:
            break
    assert seen == {1, 2, 3}


def test_minus_one_power_breaks_a_power_one_figure():
    """"If Power falls to zero, Break the Figure; damage-only survival cannot rescue zero Power.\""""
    for seed in range(1, 60):
        sc, slot, defender, die = escaped_into_a_reaction(seed, "everburn_scout")  # Power 1
        if die in (3, 4):
            sc.apply(sc.action("react", slot=defender))
            assert sc.player(0)["figures"] == [] and "everburn_scout" in sc.player(0)["discard"]
            return
    raise AssertionError("no 3-4 in 59 seeds")


def test_a_driven_off_role_with_a_closed_entry_is_lost():
    """Drive Off: "A closed Entry makes it Lost in the Fray.\""""
    sc = shape()
    fray_ring_i(sc)
    end_round(sc)
    sc.place(1, "veilwalker", (3, 2))
    slot = sc.put_figure(0, "nessa", (3, 2))
    sc.apply(sc.action("drive_off", attacker=slot, piece="veilwalker"))
    assert sc.player(1)["veilbound"][0] == L.LOST + 0, "seat 1's Entry, Ring I S0, is in sector 0"


def test_lost_pieces_have_no_presence_and_neither_strike_nor_are_struck():
    """Lost: "They have no Presence, cannot act or be targeted on the physical board.\""""
    sc = shape()
    fray_ring_i(sc)
    sc.put_figure(0, "seether", (1, 0))  # seat 1's Veilwalker starts at Ring I S0 too
    end_round(sc)
    assert sc.player(1)["veilbound"][0] == L.LOST + 0 and sc.player(0)["figures"][0]["site"] == L.LOST + 0
    assert "strike" not in kinds(sc) and "challenge" not in kinds(sc)


def test_the_round_closing_began_is_recorded():
    """"After both decks are empty and three complete Rounds pass without a draw, Closing starts. Mark
    Ring I Fraying for the next full Round": the lake's closing_round is the Round at whose end Ring I
    was marked Fraying (0 while Closing has not begun)."""
    sc = shape()
    empty_decks(sc)
    for _ in range(3):
        end_round(sc)
    assert sc.state()["fraying"] == 0 and int(sc.result().extra["closing_round"][0]) == 0
    end_round(sc)
    assert sc.state()["fraying"] == 1 and int(sc.result().extra["closing_round"][0]) == 4


def test_the_greedy_bots_weaken_an_arriving_power_one_figure_on_3_to_4():
    """The bots use the 3-4 reaction where -1 Power Breaks the arriving Figure (valued as that Break)."""
    for seed in range(1, 60):
        sc, slot, defender, die = escaped_into_a_reaction(seed, "everburn_scout")  # Power 1
        if die in (3, 4):
            for bot in (GAME.load_policy("racer"), GAME.load_policy("pressure")):
                assert sc.bot_action((bot, bot)) == sc.action("react", slot=defender)
            return
    raise AssertionError("no 3-4 in 59 seeds")
