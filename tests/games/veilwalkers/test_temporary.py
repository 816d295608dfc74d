"""Temporary effects (rules/temporary.py) and the Alignments (Appendix C) that give them. Seat 0 starts at
Ring I S3 (helpers.py). thorn_pressure's Glyphs: everburn_scout SPL, mirror_hound_packleader FLM,
mirror_hound SHD, nessa BRN, seether KNT, tidepath RIV, thorn_sentinel SED; roadfolk's: whisper_rune SPI,
mirror_hound_packleader FLM; lamplight's: lantern_echo EYE, seether KNT, thorn_sentinel SED."""


import numpy as np

from sim.core.policies import weight_matrix
from sim.games.veilwalkers import GAME
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.game import Veilwalkers
from sim.games.veilwalkers.policy import action_value, sequence_value, walker_goal
from sim.games.veilwalkers.rules.board import presence
from sim.games.veilwalkers.rules.glyphs import CHOICE_FIGURE, CHOICE_TOKEN
from sim.games.veilwalkers.rules.remembrance import dislodge
from sim.games.veilwalkers.scenario import VeilwalkersScenario
from tests.games.veilwalkers.helpers import at, edited_data, end_turn, shape

WALKER = (1, 3)  # seat 0's Veilwalker
ELSEWHERE = (1, 1)
THORN = "thorn_pressure vs lamplight"  # seat 0 thorn_pressure
ROADFOLK = "roadfolk vs thorn_pressure"


def play(sc, card: str) -> None:
    sc.give(0, card)
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index(card)))


def invocations(sc) -> list[tuple[str, int]]:
    return sorted((V.ALIGNMENT_IDS[a >> 8 & 255], a & 255) for a in sc.legal() if a >> 16 == L.A_INVOKE)


def invoke(sc, alignment: str, choice: int) -> None:
    sc.apply(sc.action("invoke", alignment=alignment) | choice)


def damage(sc, seat: int, slot: int, amount: int) -> None:
    sc.state_vector[L.GLOBALS + seat * L.SEAT_SIZE + L.P_FIG + slot * L.FIG_W + L.F_DAMAGE] = amount
    sc.check()


def fig(sc, seat: int, slot: int) -> dict | None:
    return next((f for f in sc.player(seat)["figures"] if f["slot"] == slot), None)


def ready(entry: str = THORN):
    sc = shape(entry, resonance=20)
    sc.set(None, "G_ACTIONS", 9)
    return sc


def test_through_breaking_becoming_gives_a_damaged_figure_two_power_until_end_of_turn_then_rechecks_lethal():
    """AP-10 Through Breaking, Becoming, SPL -> FLM: "Choose one damaged allied Figure. It gains: +2 Power
    until end of turn. If any card you controlled was Broken earlier this turn: also gain: 1 temporary
    Resonance." "5. End: ... expire turn effects"; "Recheck lethal damage when a temporary Power bonus
    expires." (Nothing damaged: not offered.)"""
    none = ready()
    play(none, "everburn_scout")
    play(none, "mirror_hound_packleader")
    assert none.state()["pending"] == "shape"
    sc = ready()
    warden = sc.put_figure(0, "thorn_sentinel", ELSEWHERE)  # Power 3, anywhere: "one damaged allied Figure"
    healthy = sc.put_figure(0, "nessa", WALKER)
    damage(sc, 0, warden, 2)
    play(sc, "everburn_scout")
    play(sc, "mirror_hound_packleader")
    assert invocations(sc) == [("AP-10", CHOICE_FIGURE + warden)], "only the damaged Figure is a target"
    resonance = sc.player(0)["resonance"]
    invoke(sc, "AP-10", CHOICE_FIGURE + warden)
    assert fig(sc, 0, warden)["power"] == 5 and fig(sc, 0, healthy)["power"] == 3
    assert sc.player(0)["resonance"] == resonance and sc.player(0)["temporary_resonance"] == 0, "nothing Broken"
    damage(sc, 0, warden, 4)  # survives at Power 5
    end_turn(sc)
    assert fig(sc, 0, warden) is None, "its bonus expired with damage 4 against Power 3: Broken"
    assert "thorn_sentinel" in sc.player(0)["discard"] and sc.invariant_error() == 0


def test_through_breaking_becoming_gains_temporary_resonance_after_a_card_of_yours_was_broken():
    """AP-10: "If any card you controlled was Broken earlier this turn: also gain: 1 temporary Resonance
    ... Temporary Resonance expires normally" (read: it joins the pool and ends at the next Remember,
    where the pool resets to the Loom size)."""
    sc = ready()
    scout = sc.put_figure(0, "everburn_scout", WALKER)  # Power 1
    sc.put_figure(1, "seether", WALKER)  # Power 4
    sc.apply(sc.action("challenge", attacker=scout, defender=0))
    assert fig(sc, 0, scout) is None, "the scout was Broken"
    warden = sc.put_figure(0, "thorn_sentinel", WALKER)
    damage(sc, 0, warden, 1)
    play(sc, "everburn_scout")
    play(sc, "mirror_hound_packleader")
    resonance = sc.player(0)["resonance"]
    invoke(sc, "AP-10", CHOICE_FIGURE + warden)
    assert sc.player(0)["resonance"] == resonance + 1 and sc.player(0)["temporary_resonance"] == 1
    end_turn(sc)
    assert sc.player(0)["temporary_resonance"] == 1, "kept through the opposing turn"
    end_turn(sc)
    assert sc.player(0)["temporary_resonance"] == 0 and sc.player(0)["resonance"] == sc.player(0)["loom"]


def with_mirror_hounds(tmp_path) -> VeilwalkersScenario:
    """thorn_pressure with two mirror_hound (SHD) for its two roadfolk_guide: no starter deck holds FLM, a
    non-Event SPL and SHD, the Glyphs of AV-10 (a copy of the data), at seat 0's Shape."""
    def swap_guides_for_hounds(raw):
        cards = raw["decks"]["thorn_pressure"]["cards"]
        del cards["roadfolk_guide"]
        cards["mirror_hound"] = 2

    game = Veilwalkers(edited_data(tmp_path, "decks.yaml", swap_guides_for_hounds))
    ruleset = game.load_ruleset("standard")
    sc = VeilwalkersScenario(ruleset, game.load_matchups(ruleset, [THORN])[0], 1, 0)
    sc.skip_setup()
    sc.to_shape()
    sc.set(0, "P_RESONANCE", 20)
    sc.set(None, "G_ACTIONS", 9)
    return sc


def test_ash_into_silence_takes_two_power_minimum_one_from_an_opposing_figure_until_end_of_turn(tmp_path):
    """AV-10 Ash Into Silence, FLM -> SPL -> SHD: "Choose one opposing Figure at a Site occupied by your
    Veilwalker. Until end of turn: it loses: 2 Power minimum 1, and cannot activate printed activated
    abilities." (No Figure of the card list prints an activated ability.)"""
    sc = with_mirror_hounds(tmp_path)
    strong = sc.put_figure(1, "seether", WALKER)  # Power 4
    weak = sc.put_figure(1, "everburn_scout", WALKER)  # Power 1
    sc.put_figure(1, "nessa", ELSEWHERE)  # not at the Veilwalker's Site
    play(sc, "mirror_hound_packleader")
    play(sc, "everburn_scout")  # FLM -> SPL is no Phrase
    play(sc, "mirror_hound")
    assert invocations(sc) == [("AV-10", CHOICE_FIGURE + strong), ("AV-10", CHOICE_FIGURE + weak)]
    invoke(sc, "AV-10", CHOICE_FIGURE + strong)
    assert fig(sc, 1, strong)["power"] == 2
    one = with_mirror_hounds(tmp_path / "again")
    target = one.put_figure(1, "everburn_scout", WALKER)
    play(one, "mirror_hound_packleader")
    play(one, "everburn_scout")
    play(one, "mirror_hound")
    invoke(one, "AV-10", CHOICE_FIGURE + target)
    assert fig(one, 1, target)["power"] == 1, "minimum 1"
    end_turn(sc)
    assert fig(sc, 1, strong)["power"] == 4 and sc.invariant_error() == 0


def test_become_gives_an_allied_figure_one_power_until_end_of_round():
    """AP-07 Become, FLM -> SPI: "Choose one allied Figure. Until end of round it gains: +1 Power and one
    trait of your choice" ("At Round end: ... then expire round effects"; no rule reads a trait)."""
    sc = ready(ROADFOLK)
    hound = sc.put_figure(0, "mirror_hound", ELSEWHERE)  # Power 2
    play(sc, "mirror_hound_packleader")
    play(sc, "whisper_rune")
    offered = invocations(sc)
    assert ("AP-07", CHOICE_FIGURE + hound) in offered and all(c >= CHOICE_FIGURE for _, c in offered)
    invoke(sc, "AP-07", CHOICE_FIGURE + hound)
    assert fig(sc, 0, hound)["power"] == 3
    end_turn(sc)
    assert fig(sc, 0, hound)["power"] == 3, "still this Round in the opposing turn"
    end_turn(sc)
    assert sc.state()["round"] == 2 and fig(sc, 0, hound)["power"] == 2 and sc.invariant_error() == 0


def test_living_ward_reduces_the_first_challenge_damage_until_the_next_remember():
    """AP-09 Living Ward, BRN -> KNT: "Choose one allied Figure. Until your next Remember Phase: it cannot
    be forcibly moved, and the first Challenge damage it would take is reduced by: 1." (Nothing in this
    stage forcibly moves a Figure.) Unwarded, a Power 3 Figure Challenging a Power 3 one is Broken."""
    plain = ready()
    attacker = plain.put_figure(0, "thorn_sentinel", WALKER)  # Power 3
    plain.put_figure(1, "thorn_sentinel", WALKER)  # Power 3
    plain.apply(plain.action("challenge", attacker=attacker, defender=0))
    assert fig(plain, 0, attacker) is None
    sc = ready()
    warden = sc.put_figure(0, "thorn_sentinel", WALKER)
    play(sc, "nessa")
    play(sc, "seether")
    assert ("AP-09", CHOICE_FIGURE + warden) in invocations(sc)
    invoke(sc, "AP-09", CHOICE_FIGURE + warden)
    sc.put_figure(1, "thorn_sentinel", WALKER)
    sc.apply(sc.action("challenge", attacker=warden, defender=0))
    assert fig(sc, 0, warden)["damage"] == 2, "3 damage reduced by 1"
    ward = L.GLOBALS + L.P_TEMP + warden * L.TEMP_W + L.TM_WARD
    assert sc.state_vector[ward] == 0, "only the first Challenge damage"
    unused = ready()
    slot = unused.put_figure(0, "thorn_sentinel", WALKER)
    play(unused, "nessa")
    play(unused, "seether")
    invoke(unused, "AP-09", CHOICE_FIGURE + slot)
    end_turn(unused)
    assert unused.state_vector[L.GLOBALS + L.P_TEMP + slot * L.TEMP_W + L.TM_WARD] == 1, "lasts the opposing turn"
    end_turn(unused)
    assert unused.state_vector[L.GLOBALS + L.P_TEMP + slot * L.TEMP_W + L.TM_WARD] == 0, "ends at the next Remember"
    assert unused.invariant_error() == 0


def test_a_memory_kept_alive_rescues_a_figure_from_its_first_break():
    """AV-03 A Memory Kept Alive, EYE -> KNT -> SED: "Choose one: Figure Choose one allied Figure. Until
    your next Remember Phase, the first time it would be Broken: remove enough damage to leave it one
    damage short of being Broken, becomes Exhausted, and loses this protection. Remembrance Choose one
    Remembrance carried by an allied Veilwalker. Until your next Remember Phase: it cannot be Dropped,
    stolen, or transferred by an opposing effect.\""""
    sc = ready("lamplight vs thorn_pressure")
    scout = sc.put_figure(0, "everburn_scout", WALKER)  # Power 1
    sc.carry(0, 2)
    play(sc, "lantern_echo")
    play(sc, "seether")
    play(sc, "thorn_sentinel")
    offered = invocations(sc)
    assert ("AV-03", CHOICE_FIGURE + scout) in offered and ("AV-03", CHOICE_TOKEN + 2) in offered
    assert ("AV-03", CHOICE_TOKEN + 0) not in offered, "only a carried Remembrance"
    invoke(sc, "AV-03", CHOICE_FIGURE + scout)
    sc.put_figure(1, "seether", WALKER)
    sc.apply(sc.action("challenge", attacker=scout, defender=0))
    assert fig(sc, 0, scout)["damage"] == 0 and not fig(sc, 0, scout)["ready"], "one short of Broken, Exhausted"
    assert any("rescue" in line for line in sc.events_text()) and sc.invariant_error() == 0


def test_hold_the_convergence_adds_two_presence_at_the_veilwalkers_site_and_keeps_its_remembrances():
    """AV-09 Hold The Convergence, RIV -> KNT -> SED: "Choose one allied Veilwalker. Until your next
    Remember Phase: Remembrances carried by that Veilwalker cannot be Dropped through direct Thread
    Strikes, and your team gains: +2 Presence at that Veilwalker's Site." (The dislodge of a Thread
    Strike: "A single unintercepted Thread Strike causing at least five actual Thread loss dislodges one
    carried Remembrance at the struck Site.")"""
    sc = ready()
    sc.carry(0, 1)
    site = sc.player(0)["veilbound"][0]
    play(sc, "tidepath")
    play(sc, "seether")
    play(sc, "thorn_sentinel")
    before = presence(sc.state_vector, sc.ruleset.tables, 0, site)
    assert ("AV-09", 0) in invocations(sc)
    invoke(sc, "AV-09", 0)
    assert presence(sc.state_vector, sc.ruleset.tables, 0, site) == before + 2 and sc.player(0)["hold_presence"] == 2
    events = np.zeros((0, L.EVENT_WIDTH), dtype=np.int64)
    dislodge(sc.state_vector, 0, site, events)
    assert sc.player(0)["remembrances"] == 1, "not Dropped through a Thread Strike"
    end_turn(sc)
    end_turn(sc)
    assert sc.player(0)["hold_presence"] == 0 and presence(sc.state_vector, sc.ruleset.tables, 0, site) == before
    dislodge(sc.state_vector, 0, site, events)
    assert sc.player(0)["remembrances"] == 0, "the hold ended at the Remember"


def test_a_memory_kept_alive_keeps_one_remembrance_from_opposing_drops():
    """AV-03's Remembrance: "Choose one Remembrance carried by an allied Veilwalker. Until your next
    Remember Phase: it cannot be Dropped, stolen, or transferred by an opposing effect." A Thread Strike's
    dislodge then drops another carried Remembrance."""
    sc = ready("lamplight vs thorn_pressure")
    sc.carry(0, 0)
    sc.carry(0, 3)
    play(sc, "lantern_echo")
    play(sc, "seether")
    play(sc, "thorn_sentinel")
    invoke(sc, "AV-03", CHOICE_TOKEN + 0)
    assert sc.player(0)["kept_remembrance"] == 0
    site = sc.player(0)["veilbound"][0]
    events = np.zeros((0, L.EVENT_WIDTH), dtype=np.int64)
    dislodge(sc.state_vector, 0, site, events)
    assert sc.state()["tokens"][0][1] == 0 and sc.state()["tokens"][3][1] == -1


def test_nothing_temporary_outlives_its_period():
    """The invariant: "expire turn effects", "expire round effects", "Refresh expiring until-Remember
    effects": an effect whose stamp is not its period's is a broken invariant."""
    sc = ready()
    slot = sc.put_figure(0, "thorn_sentinel", WALKER)
    t = L.GLOBALS + L.P_TEMP + slot * L.TEMP_W
    sc.state_vector[t + L.TM_TURN_POWER] = 2
    sc.state_vector[t + L.TM_TURN] = sc.state()["turns"]
    assert sc.invariant_error() == 0
    sc.state_vector[t + L.TM_TURN] = sc.state()["turns"] - 1
    assert sc.invariant_error() == L.INVARIANT_TEMPORARY


def test_the_verse_weight_orders_plays_to_spell_a_sequence_not_yet_invoked():
    """The greedy bots' look-ahead (weight `verse`): "After a Glyph is added, you may immediately invoke
    one legal Phrase (last two Glyphs) or Verse (last three), ending on that Glyph. Order matters" and
    "limited to once per named Alignment per Company per Round". With BRN (nessa) in the Turn Chain,
    seether's KNT completes AP-09 Living Ward (1) and tidepath's RIV starts nothing; after RIV, KNT
    extends AV-09's RIV -> KNT -> SED (0.5); once AP-09 was invoked this Round, its KNT is worth nothing."""
    sc = ready()
    play(sc, "nessa")
    racer = GAME.load_policy("racer")
    weights = weight_matrix([racer])[1][0]
    knot = V.GLYPHS.index("KNT")
    tables = sc.ruleset.tables
    assert sequence_value(sc.state_vector, tables, 0, knot) == 1.0
    assert sequence_value(sc.state_vector, tables, 0, V.GLYPHS.index("RIV")) == 0.0
    sc.give(0, "seether")
    index = sc.player(0)["hand"].index("seether")
    play_seether = next(a for a in sc.legal() if a >> 16 == L.A_PLAY and a >> 8 & 255 == index)
    with_verse = action_value(sc.state_vector, tables, weights, 0, play_seether, walker_goal(sc.state_vector, tables, 0))
    weights[V.W_VERSE] = 0
    without = action_value(sc.state_vector, tables, weights, 0, play_seether, walker_goal(sc.state_vector, tables, 0))
    assert with_verse == without + racer.params[V.W_VERSE]
    sc.set(0, "P_ALIGNED", 1 << V.ALIGNMENT_IDS.index("AP-09"))
    assert sequence_value(sc.state_vector, tables, 0, knot) == 0.0
    river = ready()
    play(river, "tidepath")
    assert sequence_value(river.state_vector, tables, 0, knot) == 0.5


def test_where_all_roads_meet_lets_the_next_traverse_through_a_waymarked_gate_ignore_its_misalignment():
    """AV-04 Where All Roads Meet, GAT -> PTH -> RIV: "Choose one Gate at a Site occupied by your
    Veilwalker. Requirements: your team has completed its Rite, your team has Waymarked it. For your
    team's next Traverse through that Gate this turn: treat the Gate as physically aligned regardless of
    current Ring orientation. All other traversal rules remain. After that Traverse: the effect ends."
    (The Standard offsets misalign all five Gates.)"""
    closed = ready()
    closed.place(0, "veilwalker", (1, 0))  # Ring I's inward Gate
    for card in ("white_spire_sentinel", "roadfolk_guide", "tidepath"):
        play(closed, card)
    assert not any(k == "AV-04" for k, _ in invocations(closed)), "no Rite, no Waymark: not offered"
    sc = ready()
    sc.place(0, "veilwalker", (1, 0))
    sc.open_boundary(0, 0)
    inward = sc.action("traverse", piece="veilwalker", direction="inward")
    assert inward not in sc.legal(), "misaligned"
    for card in ("white_spire_sentinel", "roadfolk_guide", "tidepath"):
        play(sc, card)
    assert ("AV-04", 0) in invocations(sc)
    invoke(sc, "AV-04", 0)
    assert inward in sc.legal()
    sc.apply(inward)
    assert sc.player(0)["veilbound"][0] == at((2, 0))
    assert sc.action("traverse", piece="veilwalker", direction="outward") not in sc.legal(), "the effect ended"
    unused = ready()
    unused.place(0, "veilwalker", (1, 0))
    unused.open_boundary(0, 0)
    for card in ("white_spire_sentinel", "roadfolk_guide", "tidepath"):
        play(unused, card)
    invoke(unused, "AV-04", 0)
    end_turn(unused)
    assert unused.state_vector[L.GLOBALS + L.P_HELD_GATE] == 0 and unused.invariant_error() == 0, "this turn only"
