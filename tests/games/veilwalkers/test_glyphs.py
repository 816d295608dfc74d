"""The two Glyph chains and Alignment invocation (section 8), Appendix C's Alignments and the Rite of the
Living Story (Appendix B, 10). Seat 0 (lamplight) starts at Ring I S3; Glyphs of its cards: whisper_rune
SPI, nessa BRN, everburn_scout SPL, lantern_echo EYE, maereth SHD, sea_cliff_watcher DRP, tidepath RIV,
thorn_sentinel SED, gathering_light SPI (an Event), second_wind BRN (an Event)."""


import pytest

from sim.core.errors import UserError
from sim.core.policies import weight_matrix
from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.game import Veilwalkers
from sim.games.veilwalkers.policy import action_value, walker_goal
from sim.games.veilwalkers.rules.board import presence
from sim.games.veilwalkers.rules.ending import restore_thread
from sim.games.veilwalkers.rules.glyphs import CHOICE_SITE
from sim.games.veilwalkers.scenario import VeilwalkersScenario, road_at
from tests.games.veilwalkers.helpers import DUEL, at, edited_data, end_turn, kinds, shape

WALKER = (1, 3)  # seat 0's Veilwalker
ROADFOLK_GARDEN = "roadfolk vs thorn_pressure"  # seat 0 Garden with whisper_rune SPI, white_spire_sentinel GAT
OPTION = L.ROAD_TARGET + 2  # an invocation's choice of a choose_one Alignment's effect 0


def play(sc, card: str) -> None:
    sc.give(0, card)
    sc.apply(sc.action("play", index=sc.player(0)["hand"].index(card)))


def invocations(sc) -> list[tuple[str, int]]:
    """The offered invocations as (Alignment id, choice)."""
    return sorted((V.ALIGNMENT_IDS[a >> 8 & 255], a & 255) for a in sc.legal() if a >> 16 == L.A_INVOKE)


def invoke(sc, alignment: str, choice: int = 0) -> None:
    sc.apply(sc.action("invoke", alignment=alignment) | choice)


def damage(sc, seat: int, slot: int, amount: int) -> None:
    sc.state_vector[L.GLOBALS + seat * L.SEAT_SIZE + L.P_FIG + slot * L.FIG_W + L.F_DAMAGE] = amount
    sc.check()


def test_the_turn_chain_holds_three_glyphs_and_the_fourth_drops_the_oldest():
    """"Track a Turn Chain and a separate Threadline Chain for each Company, each holding at most three
    Glyphs. Successfully played/deployed non-Event cards during your turn add their Glyph to the Turn
    Chain ... Fourth Glyph drops the oldest." (EYE -> SHD is AP-06 Unseen Memory, not modeled: never
    offered.)"""
    sc = shape(resonance=9)
    sc.set(None, "G_ACTIONS", 4)
    play(sc, "everburn_scout")
    play(sc, "lantern_echo")
    play(sc, "maereth")
    assert sc.player(0)["turn_chain"] == ["SPL", "EYE", "SHD"] and sc.state()["pending"] == "shape"
    play(sc, "sea_cliff_watcher")
    assert sc.player(0)["turn_chain"] == ["EYE", "SHD", "DRP"]
    assert sc.player(1)["turn_chain"] == [] and sc.invariant_error() == 0


def test_events_add_their_glyph_only_to_the_threadline_chain():
    """"Events add theirs only to the Threadline Chain in resolution order." "Clear ... the Threadline
    Chain when its Threadline ends." (Nobody can respond here, so the Event's Threadline ends with its
    resolution.) An Event's SPI then a Figure's SPL is no Sever the Story; a Relic's SPI then the same SPL
    is."""
    sc = shape(resonance=9)
    play(sc, "gathering_light")  # SPI, an Event
    assert sc.player(0)["turn_chain"] == [] and sc.player(0)["threadline_chain"] == []
    assert any("Threadline Chain" in line for line in sc.events_text())
    play(sc, "everburn_scout")  # SPL
    assert sc.player(0)["turn_chain"] == ["SPL"] and sc.state()["pending"] == "shape"
    relic = shape(resonance=9)
    play(relic, "whisper_rune")  # SPI, a Relic
    play(relic, "everburn_scout")
    assert relic.state()["pending"] == "invoke" and invocations(relic) == [("AP-11", 0)]


def test_weaving_and_rotation_add_no_glyph():
    """"Woven cards remain and refresh future income; they are not played and contribute no Glyph."
    "Copies, ability uses, Weaver placements, reveals, rotation and landmark activation add none.\""""
    sc = VeilwalkersScenario.new(DUEL, seed=1)
    sc.skip_setup()
    sc.give(0, "whisper_rune")
    sc.apply(sc.action("weave", index=sc.player(0)["hand"].index("whisper_rune")))
    sc.set(0, "P_RESONANCE", 9)
    sc.place(0, "wayfinder", (1, 1))  # Ring I's Turnpoint (assumed at S1)
    sc.apply(sc.action("rotate", ring=1, direction="clockwise"))
    assert sc.state()["offsets"][0] == 1
    assert sc.player(0)["turn_chain"] == [] and sc.player(0)["threadline_chain"] == []
    assert not any("Glyph" in line for line in sc.events_text())


def test_a_phrase_is_invoked_for_nothing_consumes_its_glyphs_once_per_round_and_declining_keeps_the_chain():
    """"After a Glyph is added, you may immediately invoke one legal Phrase (last two Glyphs) or Verse
    (last three), ending on that Glyph. Order matters ... Invocation costs zero Actions and Resonance
    unless listed, consumes the used Glyphs, and is limited to once per named Alignment per Company per
    Round. Declining leaves the chain intact.\""""
    reverse = shape(resonance=9)
    play(reverse, "everburn_scout")
    play(reverse, "whisper_rune")
    assert reverse.state()["pending"] == "shape", "SPL -> SPI is no Alignment: order matters"
    sc = shape(resonance=9)
    sc.set(None, "G_ACTIONS", 9)
    play(sc, "lantern_echo")  # EYE
    play(sc, "tidepath")  # RIV
    play(sc, "everburn_scout")  # SPL
    assert sc.state()["pending"] == "invoke" and sc.state()["decider"] == 0
    actions, resonance = sc.state()["actions"], sc.player(0)["resonance"]
    invoke(sc, "AP-05", L.ROAD_TARGET)
    assert sc.player(0)["turn_chain"] == ["EYE"], "the Phrase consumed its two Glyphs"
    assert sc.state()["actions"] == actions and sc.player(0)["resonance"] == resonance
    assert sc.player(0)["aligned"] == ["AP-05"] and sc.state()["pending"] == "shape"
    play(sc, "tidepath")
    play(sc, "everburn_scout")
    assert sc.state()["pending"] == "shape", "AP-05 was already invoked this Round"
    assert sc.player(0)["turn_chain"] == ["EYE", "RIV", "SPL"]
    declined = shape(resonance=9)
    play(declined, "whisper_rune")
    play(declined, "everburn_scout")
    declined.apply(declined.action("no_invoke"))
    assert declined.player(0)["turn_chain"] == ["SPI", "SPL"] and declined.player(0)["aligned"] == []


def test_the_turn_chain_clears_at_the_end_of_the_turn_and_the_allowance_at_the_end_of_the_round():
    """"Clear the Turn Chain at the end of that Company's turn"; "once per named Alignment per Company per
    Round.\""""
    sc = shape(resonance=9)
    play(sc, "tidepath")
    play(sc, "everburn_scout")
    invoke(sc, "AP-05", L.ROAD_TARGET)
    play(sc, "lantern_echo")
    assert sc.player(0)["turn_chain"] == ["EYE"]
    end_turn(sc)
    assert sc.player(0)["turn_chain"] == [] and sc.player(0)["aligned"] == ["AP-05"]
    end_turn(sc)  # seat 1's turn ends the Round
    assert sc.state()["round"] == 2 and sc.player(0)["aligned"] == []
    sc.set(0, "P_RESONANCE", 9)
    play(sc, "tidepath")
    play(sc, "everburn_scout")
    assert ("AP-05", L.ROAD_TARGET) in invocations(sc)


def test_a_phrase_and_a_verse_ending_on_the_same_glyph_are_both_offered(tmp_path):
    """"Choose one if both qualify." (A copy of the data gives AV-09's sequence RIV, BRN, SED and a
    modeled effect, so that RIV, BRN, SED completes both it and AP-04 First Growth's BRN, SED.)"""
    def verse_av09(raw):
        raw["alignments"]["AV-09"] = {"name": "Hold The Convergence", "sequence": ["RIV", "BRN", "SED"],
                                      "effects": [{"do": "sever_thread"}]}

    game = Veilwalkers(edited_data(tmp_path, "alignments.yaml", verse_av09))
    ruleset = game.load_ruleset("standard")
    sc = VeilwalkersScenario(ruleset, game.load_matchups(ruleset, [DUEL])[0], 1, 0)
    sc.skip_setup()
    sc.to_shape()
    sc.set(0, "P_RESONANCE", 9)
    slot = sc.put_figure(0, "starhold_warden", WALKER)
    damage(sc, 0, slot, 1)
    play(sc, "tidepath")  # RIV (its heal takes the damage: damage again)
    damage(sc, 0, slot, 1)
    play(sc, "nessa")  # BRN
    play(sc, "thorn_sentinel")  # SED
    assert invocations(sc) == [("AP-04", OPTION), ("AV-09", 0)]
    sc.apply(sc.action("invoke", alignment="AV-09"))
    assert sc.player(0)["turn_chain"] == [], "the Verse consumed all three"


def test_first_growth_heals_two_from_one_allied_figure_or_repairs_a_broken_road():
    """AP-04 First Growth, BRN -> SED: "At a Site occupied by one of your Veilwalkers, choose one: heal 2
    damage from one allied Figure, or repair one Broken lateral Path touching that Site." (The most damaged
    Figure there is healed; with nothing damaged and no Broken road it is not offered.)"""
    none = shape(resonance=9)
    play(none, "nessa")
    play(none, "thorn_sentinel")
    assert none.state()["pending"] == "shape" and none.player(0)["turn_chain"] == ["BRN", "SED"]
    sc = shape(resonance=9)
    warden = sc.put_figure(0, "starhold_warden", WALKER)
    damage(sc, 0, warden, 2)
    sc.break_road(WALKER, "clockwise")
    play(sc, "nessa")
    play(sc, "thorn_sentinel")
    assert invocations(sc) == [("AP-04", L.ROAD_TARGET), ("AP-04", OPTION)]
    invoke(sc, "AP-04", OPTION)
    assert [f["damage"] for f in sc.player(0)["figures"] if f["slot"] == warden] == [0]
    assert sc.state()["broken_roads"] == [road_at(WALKER, "clockwise")]
    road = shape(resonance=9)
    road.break_road(WALKER, "counterclockwise")
    play(road, "nessa")
    play(road, "thorn_sentinel")
    invoke(road, "AP-04", L.ROAD_TARGET + 1)
    assert road.state()["broken_roads"] == [] and road.invariant_error() == 0


def test_broken_river_closes_an_open_road_touching_the_veilwalker_until_the_next_turn():
    """AP-05 Broken River, RIV -> SPL: "Choose one open lateral connection touching a Site occupied by one
    of your Veilwalkers. Close it until: the start of your next team turn. This is not considered a Broken
    Path unless another effect says otherwise.\""""
    sc = shape(resonance=9)
    play(sc, "tidepath")  # RIV
    play(sc, "everburn_scout")  # SPL
    assert invocations(sc) == [("AP-05", L.ROAD_TARGET), ("AP-05", L.ROAD_TARGET + 1)]
    invoke(sc, "AP-05", L.ROAD_TARGET)
    assert sc.state()["closed_roads"] == [road_at(WALKER, "clockwise")] and sc.state()["broken_roads"] == []
    end_turn(sc)
    assert sc.state()["closed_roads"] == [road_at(WALKER, "clockwise")], "still closed in the opposing turn"
    end_turn(sc)
    assert sc.state()["closed_roads"] == []


def test_sever_the_story_stops_thread_restoration_only_after_a_card_that_took_thread():
    """AP-11 Sever The Story, SPI -> SPL: "If the card that completed this Alignment caused an opposing
    team to lose Thread: that team cannot restore Thread until the end of the current turn. If no Thread
    was lost: the Alignment still counts as completed but has no additional effect." (No non-Event card of
    the library takes Thread: the position sets the completing card's Thread taken.)"""
    sc = shape(resonance=9)
    sc.set(1, "P_THREAD", 10)
    play(sc, "whisper_rune")
    play(sc, "everburn_scout")
    sc.set(None, "G_ALIGN_LOSS", 2)
    invoke(sc, "AP-11")
    assert restore_thread(sc.state_vector, sc.ruleset.tables, 1, 3) == 0 and sc.player(1)["thread"] == 10
    end_turn(sc)
    assert restore_thread(sc.state_vector, sc.ruleset.tables, 1, 3) == 3
    clean = shape(resonance=9)
    clean.set(1, "P_THREAD", 10)
    play(clean, "whisper_rune")
    play(clean, "everburn_scout")
    invoke(clean, "AP-11")
    assert clean.player(0)["aligned"] == ["AP-11"], "it still counts as completed"
    assert restore_thread(clean.state_vector, clean.ruleset.tables, 1, 3) == 3


def test_from_the_first_bloom_remembers_the_site_repairs_a_road_and_heals_each_figure():
    """AV-02 From The First Bloom, Life Unfolded, SPI -> SED -> BRN: "Choose a Site occupied by your
    Veilwalker. Do all applicable effects: make the Site Remembered, repair one Broken lateral Path
    touching it, heal 1 damage from each allied Figure there.\""""
    sc = shape(resonance=9)
    warden = sc.put_figure(0, "starhold_warden", WALKER)
    scout = sc.put_figure(0, "lantern_echo", WALKER)
    damage(sc, 0, warden, 2)
    damage(sc, 0, scout, 1)
    sc.break_road(WALKER, "clockwise")
    play(sc, "whisper_rune")  # SPI
    play(sc, "thorn_sentinel")  # SED
    play(sc, "nessa")  # BRN
    assert invocations(sc) == [("AV-02", L.ROAD_TARGET)], "the Broken road is repaired: it must be named"
    invoke(sc, "AV-02", L.ROAD_TARGET)
    assert at(WALKER) in sc.state()["remembered"] and sc.state()["broken_roads"] == []
    assert {f["slot"]: f["damage"] for f in sc.player(0)["figures"] if f["slot"] in (warden, scout)} == {warden: 1,
                                                                                                         scout: 0}
    plain = shape(resonance=9)
    play(plain, "whisper_rune")
    play(plain, "thorn_sentinel")
    play(plain, "nessa")
    assert invocations(plain) == [("AV-02", 0)], "nothing to repair: the other effects still apply"


def test_the_story_opens_makes_the_waymark_of_a_rite_completed_this_turn_cost_no_action():
    """AP-12 The Story Opens, SPI -> GAT: "Choose one incomplete Gate Rite at a Site occupied by your
    Veilwalker. If your team satisfies that Gate Rite before end of turn: Waymarking that Gate costs: 0
    Actions instead of 1. All normal Waymark requirements still apply." (Seat 0 plays roadfolk from Ring
    I S0, the Gate of I-II, whose Standard Rite is Presence, 5.)"""
    sc = shape(ROADFOLK_GARDEN, start=3, resonance=9)
    for piece in ("wayfinder", "rememberer"):
        sc.place(0, piece, (1, 1))
    play(sc, "whisper_rune")  # SPI
    play(sc, "white_spire_sentinel")  # GAT
    assert invocations(sc) == [("AP-12", 0)]
    invoke(sc, "AP-12")
    assert sc.player(0)["rites"][0] == 0 and "waymark" not in kinds(sc)
    sc.apply(sc.action("move", piece="wayfinder", direction="counterclockwise"))  # the fifth Presence
    assert sc.player(0)["rites"][0] == 1 and sc.state()["actions"] == 0
    sc.apply(sc.action("waymark", boundary=0))
    assert sc.player(0)["waymarks"][0] == 1 and sc.state()["actions"] == 0
    late = shape(ROADFOLK_GARDEN, start=3, resonance=9)
    for piece in ("wayfinder", "rememberer"):
        late.place(0, piece, (1, 1))
    play(late, "whisper_rune")
    play(late, "white_spire_sentinel")
    invoke(late, "AP-12")
    end_turn(late)
    end_turn(late)
    late.set(0, "P_RITE_DONE", 1)
    late.set(None, "G_ACTIONS", 0)
    assert "waymark" not in kinds(late), "the free Waymark ended with the turn"
    done = shape(ROADFOLK_GARDEN, start=3, resonance=9)
    done.place(0, "wayfinder", (1, 1))
    play(done, "whisper_rune")
    play(done, "white_spire_sentinel")  # Presence 5: the Rite completes with this deploy
    assert done.player(0)["rites"][0] == 1 and done.state()["pending"] == "shape", "no incomplete Rite is left"


def test_the_living_story_completes_after_an_alignment_resolves_with_the_veilwalker_at_the_gate():
    """Rite of the Living Story: "Complete any recognized Alignment while your Veilwalker occupies this
    Gate Site. Completion: After Alignment resolution." (Edition living-story-gate puts it on I-II, whose
    Gate is Ring I S0.)"""
    away = shape(edition="living-story-gate", resonance=9)
    play(away, "whisper_rune")
    play(away, "everburn_scout")
    invoke(away, "AP-11")
    assert away.player(0)["rites"][0] == 0
    sc = shape(edition="living-story-gate", resonance=9)
    sc.place(0, "veilwalker", (1, 0))
    play(sc, "whisper_rune")
    play(sc, "everburn_scout")
    assert sc.player(0)["rites"][0] == 0, "not before the invocation"
    invoke(sc, "AP-11")
    assert sc.player(0)["rites"][0] == 1 and sc.player(1)["rites"][0] == 0


def test_every_alignment_is_listed_with_its_printed_sequence():
    """"Only these twelve Phrases and twelve Verses are recognized in the core list"; AV-12 The Unseen
    Passage prints "SHD → PTH → GAT"; AP-01 Follow The Rain "DRP → PTH". Dual bonuses are not modeled
    ("reference-only and inactive in this duel beta")."""
    rows = GAME.library.alignment_rows
    assert len(rows) == 24 and GAME.library.alignment_names[0] == "Follow The Rain"
    assert [V.GLYPHS[g] for g in rows[23][1:4]] == ["SHD", "PTH", "GAT"]
    assert [V.GLYPHS[g] for g in rows[0][1:3]] == ["DRP", "PTH"] and rows[0][3] == 0
    assert [V.ALIGNMENT_IDS[k] for k, row in enumerate(rows) if row[4]] == [
        "AP-04", "AP-05", "AP-07", "AP-09", "AP-10", "AP-11", "AP-12", "AV-02", "AV-03", "AV-04", "AV-08", "AV-09", "AV-10", "AV-12"]


@pytest.mark.parametrize(
    "entry, expected",
    [
        ({"name": "x", "sequence": ["SPI"], "effects": [{"do": "sever_thread"}]}, "a Phrase prints a sequence of 2"),
        ({"name": "x", "sequence": ["SPI", "SPLIT"], "not_modeled": "y"}, "unknown value 'SPLIT'"),
        ({"name": "x", "sequence": ["SPI", "SPL"]}, "either effects or not_modeled"),
        ({"name": "x", "sequence": ["SPI", "SPL"], "effects": [{"do": "explode"}]}, "unknown value 'explode'"),
        ({"name": "x", "sequence": ["RIV", "SPL"], "effects": [{"do": "sever_thread"}]}, "same sequence as AP-05"),
        ({"name": "x", "sequence": ["SPI", "SPL"], "effects": [{"do": "ward"}, {"do": "rescue"}]},
         "at most one effect choosing a Figure"),
        ({"name": "x", "sequence": ["SPI", "SPL"], "effects": [{"do": "ward"}, {"do": "keep_remembrance"}]},
         "chooses one target"),
    ],
)
def test_bad_alignment_data_is_one_line_naming_file_and_entry(tmp_path, entry, expected):
    folder = edited_data(tmp_path, "alignments.yaml", lambda raw: raw["alignments"].__setitem__("AP-11", entry))
    with pytest.raises(UserError) as error:
        Veilwalkers(folder).load_ruleset("standard")
    message = str(error.value)
    assert "\n" not in message and expected in message and "alignments.yaml" in message and "AP-11" in message


def test_the_greedy_bots_invoke_and_invocations_happen_in_real_matches():
    """The bots' weight `align`: an offered invocation is worth more than declining; and greedy matches do
    invoke Alignments (the statistics column `invocations`)."""
    sc = shape(resonance=9)
    play(sc, "whisper_rune")
    play(sc, "everburn_scout")
    racer = GAME.load_policy("racer")
    weights = weight_matrix([racer])[1][0]
    target = walker_goal(sc.state_vector, sc.ruleset.tables, 0)
    values = {a >> 16: action_value(sc.state_vector, sc.ruleset.tables, weights, 0, a, target) for a in sc.legal()}
    assert values[L.A_INVOKE] > values[L.A_NO_INVOKE]
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, [DUEL])[0]
    result = GAME.play_batch(ruleset, matchup, seats_for((racer,), matchup), seed_block(7, matchup, 0, 20))
    assert result.extra["invocations"].sum() > 0 and (result.error == 0).all()


def road_home_offers(sc, moves=()) -> list[int]:
    """AV-08's offered Sites (local indexes on the Veilwalker's Ring): EYE -> SPI played at the start Site
    (where roadfolk's cards deploy), then the ``moves`` (piece, direction), then PTH."""
    play(sc, "lantern_echo")  # EYE
    play(sc, "whisper_rune")  # SPI
    for piece, direction in moves:
        sc.apply(sc.action("move", piece=piece, direction=direction))
    play(sc, "wanderers_shortcut")  # PTH (a Path: its effect resolves, no Trail is laid)
    return [choice - CHOICE_SITE for alignment, choice in invocations(sc) if alignment == "AV-08"]


def test_remember_the_road_home_moves_the_veilwalker_to_a_site_of_its_ring_it_occupied_before():
    """AV-08 Remember The Road Home, EYE -> SPI -> PTH: "Choose one Site on your Veilwalker's current Ring
    that the same Veilwalker previously occupied this match. Move that Veilwalker directly to that Site. This
    movement: costs no Action, does not require ordinary lateral adjacency, does not count as Traversing.
    Arrival effects resolve normally." A Site only another piece of the Company stood on is not offered, nor
    the Site the Veilwalker stands on."""
    sc = shape(ROADFOLK_GARDEN, resonance=9)
    sc.set(None, "G_ACTIONS", 9)
    moves = [("wayfinder", "counterclockwise"), ("veilwalker", "clockwise"), ("veilwalker", "clockwise")]
    # the Wayfinder alone stands on S2; the Veilwalker goes S3 (its start) -> S4 -> S5
    assert road_home_offers(sc, moves) == [3, 4], "S3 and S4; not S2, not S5 where it stands"
    assert sc.player(0)["veilbound"][0] == at((1, 5))
    actions = sc.state()["actions"]
    invoke(sc, "AV-08", CHOICE_SITE + 3)
    assert sc.player(0)["veilbound"][0] == at(WALKER), "two Sites away: no lateral adjacency needed"
    assert sc.state()["actions"] == actions, "costs no Action"


def test_remember_the_road_home_obeys_the_limits_of_direct_relocation():
    """"A card expressly permitting movement without a Path or Gate may bypass that route requirement only.
    It cannot bypass a closed Ring, Lost status, a Thread Strike hold, ineligible targets" (Direct relocation
    and limits); "Exhausted Veilbound cannot act or voluntarily move" (assumed: moving by one's own
    Alignment is voluntary). A Veilwalker that never left its start Site has nowhere to go back to."""
    never_moved = shape(ROADFOLK_GARDEN, resonance=9)
    never_moved.set(None, "G_ACTIONS", 9)
    assert road_home_offers(never_moved) == []
    step = [("veilwalker", "clockwise")]
    moved = shape(ROADFOLK_GARDEN, resonance=9)
    moved.set(None, "G_ACTIONS", 9)
    assert road_home_offers(moved, step) == [3], "the control: one step away, its start Site is offered"
    tired = shape(ROADFOLK_GARDEN, resonance=9)
    tired.set(None, "G_ACTIONS", 9)
    play(tired, "lantern_echo")
    play(tired, "whisper_rune")
    tired.apply(tired.action("move", piece="veilwalker", direction="clockwise"))
    tired.set(0, "P_VB_READY", 0)
    play(tired, "wanderers_shortcut")
    assert "AV-08" not in [alignment for alignment, _ in invocations(tired)]


def unseen_passage_at_the_gate():
    """Seat 0's Veilwalker at Ring I's Gate (its Rite done) with the Revealed Watcher there (3 neutral
    Presence against its 1: no control), SHD -> PTH -> GAT spelled and AV-12 offered."""
    sc = shape(ROADFOLK_GARDEN, resonance=9)
    sc.set(None, "G_ACTIONS", 9)
    for piece in ("veilwalker", "wayfinder", "rememberer"):
        sc.place(1, piece, (1, 5))  # seat 1 started on Ring I's Gate
    play(sc, "mirror_hound")  # SHD
    play(sc, "wanderers_shortcut")  # PTH
    sc.place(0, "veilwalker", (1, 0))
    sc.set(None, "G_WATCHER_SITE", at((1, 0)))
    sc.set(None, "G_WATCHER", L.WATCHER_REVEALED)
    sc.set(0, "P_RITE_DONE", 1)
    assert "waymark" not in kinds(sc), "the Watcher's Presence denies control of the Gate"
    play(sc, "white_spire_sentinel")  # GAT, deployed at the start Site
    assert invocations(sc) == [("AV-12", 0)]
    return sc


def test_the_unseen_passage_lets_the_next_waymark_at_the_veilwalkers_site_ignore_the_revealed_watcher():
    """AV-12 The Unseen Passage, SHD -> PTH -> GAT: "Until end of turn, the next Waymark or Traverse your
    team performs at the invoking Veilwalker's Site ignores Revealed Watcher Presence for that Action's
    legality." ("Waymarking is a separate one-Action operation by your Ready Veilwalker at that controlled
    Gate"; no Traverse's legality reads Presence.) It is spent by that Waymark, and ends with the turn."""
    sc = unseen_passage_at_the_gate()
    invoke(sc, "AV-12")
    assert "waymark" in kinds(sc)
    sc.apply(sc.action("waymark", boundary=0))
    assert sc.player(0)["waymarks"][0] == 1
    assert sc.state_vector[L.GLOBALS + L.P_UNSEEN_SITE] == 0, "spent by the Waymark"
    later = unseen_passage_at_the_gate()
    invoke(later, "AV-12")
    end_turn(later)
    assert later.state_vector[L.GLOBALS + L.P_UNSEEN_SITE] == 0 and later.invariant_error() == 0, "until end of turn"


def test_the_unseen_passage_ignores_only_the_watcher():
    """"ignores Revealed Watcher Presence": the opposing Company's Presence at the Gate still denies control
    ("strictly higher than every opposing or neutral total there")."""
    sc = unseen_passage_at_the_gate()
    sc.put_figure(1, "thorn_sentinel", (1, 0))
    tables = sc.ruleset.tables
    assert presence(sc.state_vector, tables, 1, at((1, 0))) >= presence(sc.state_vector, tables, 0, at((1, 0))) > 0
    invoke(sc, "AV-12")
    assert "waymark" not in kinds(sc)


def test_completing_an_alignment_at_the_three_threads_gate_marks_the_story_thread():
    """Rite of the Three Threads: "While your Veilwalker occupies this Gate Site, your team must complete
    all three: ... Story Play a Path, rotate a Ring, complete an Alignment, or move a Figure through a
    card-created route." (Three Threads is the standard Rite of the V-VI Gate, Ring V S0.)"""
    sc = shape(resonance=9)
    sc.place(0, "veilwalker", (5, 0))
    play(sc, "whisper_rune")
    play(sc, "everburn_scout")
    assert not sc.player(0)["threads"][4] & L.THREAD_STORY, "not before the invocation"
    invoke(sc, "AP-11")
    assert sc.player(0)["threads"][4] & L.THREAD_STORY
