"""The Threadline (section 8, "Responses and Alignments"): priority, Quick Events, resolution newest
first, cancellation, and the Alignment response window inside a Threadline. Seat 0 starts at Ring I S3
and is in its Shape; the Quick Events dealt go to the bottom of the decks (helpers.shape), so each test
gives the ones it plays."""

from sim.core.policies import weight_matrix
from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.policy import action_value, walker_goal
from tests.games.veilwalkers.helpers import DUEL, kinds, shape

ROADFOLK_FIRST = "roadfolk vs lamplight"  # seat 0 roadfolk (kindled_breath SPI, barred_crossing SPL), seat 1 lamplight


def hand_index(sc, seat: int, card: str) -> int:
    return sc.player(seat)["hand"].index(card)


def give(sc, seat: int, card: str, resonance: int | None = None) -> None:
    sc.give(seat, card)
    if resonance is not None:
        sc.set(seat, "P_RESONANCE", resonance)


def play(sc, card: str, **fields) -> None:
    sc.give(0, card)
    sc.apply(sc.action("play", index=hand_index(sc, 0, card), **fields))


def respond(sc, card: str) -> None:
    sc.apply(sc.action("respond", index=hand_index(sc, sc.state()["decider"], card)))


def pending(sc) -> list[tuple[str, int, str]]:
    return [(e["kind"], e["seat"], e["what"]) for e in sc.state()["threadline"]]


def test_a_play_opens_a_threadline_where_the_opposing_company_has_priority_first_then_alternate():
    """"A legal declaration opens a Threadline, the sequence of pending effects and responses. The opposing
    Company gets first priority, then alternate. A Company may play a legal Quick Event or an explicitly
    timed ability, or pass." The Figure is declared and paid, and waits on the Threadline until both pass."""
    sc = shape(resonance=9)
    give(sc, 1, "swift_current", resonance=1)
    give(sc, 0, "stitch_in_time")
    play(sc, "everburn_scout")
    assert sc.state()["pending"] == "respond" and sc.state()["decider"] == 1
    assert sorted(set(kinds(sc))) == ["pass", "respond"]
    assert pending(sc) == [("play", 0, "everburn_scout")] and sc.player(0)["figures"] == []
    assert sc.state()["actions"] == 2, "the declaration is paid: one Action"
    sc.apply(sc.action("pass"))
    assert sc.state()["pending"] == "respond" and sc.state()["decider"] == 0, "then the declaring Company"
    sc.apply(sc.action("pass"))
    assert sc.state()["pending"] == "shape" and sc.state()["threadline"] == []
    assert [f["card"] for f in sc.player(0)["figures"]] == ["everburn_scout"]


def test_with_no_payable_quick_event_the_pass_is_forced_and_no_window_opens():
    """"Quick Events pay Resonance": a Company that cannot pay one (or holds none) can only pass, so it is
    not asked (RULES.md, reading); with neither able to respond the play resolves at once."""
    sc = shape(resonance=2)
    give(sc, 1, "swift_current", resonance=0)
    play(sc, "everburn_scout")
    assert sc.state()["pending"] == "shape" and [f["card"] for f in sc.player(0)["figures"]] == ["everburn_scout"]
    assert sc.state()["threadline"] == [] and sc.state()["priority"] == -1


def test_each_company_contributes_at_most_one_quick_event_paying_resonance_but_no_action():
    """"Each player may contribute at most one Quick Event to that Threadline. Quick Events pay Resonance
    but no normal Shape Action." "Keep unspent Resonance available for responses during the opposing
    turn." Seat 1 holds two Quick Events and Resonance for both, and plays one."""
    sc = shape(resonance=9)
    give(sc, 1, "swift_current")
    give(sc, 1, "swift_current", resonance=5)
    hand_before = len(sc.player(1)["hand"])
    play(sc, "everburn_scout")
    respond(sc, "swift_current")
    assert sc.state()["pending"] == "shape", "no second response: seat 1's one Quick Event is spent"
    assert sc.player(1)["resonance"] == 4 and sc.state()["actions"] == 2
    assert sc.player(1)["hand"].count("swift_current") == 1 and len(sc.player(1)["hand"]) == hand_before - 1 + 1
    assert sc.player(1)["responses"] == 1 and "swift_current" in sc.player(1)["discard"]
    assert [f["card"] for f in sc.player(0)["figures"]] == ["everburn_scout"]
    assert sc.invariant_error() == 0


def test_the_newest_effect_resolves_first_and_events_add_their_glyphs_in_resolution_order():
    """"After both pass consecutively, resolve the newest effect first." "Events add theirs only to the
    Threadline Chain in resolution order." Seat 0 answers its own gathering_light (SPI) with
    stitch_in_time (BRN): BRN is added first."""
    sc = shape(resonance=9)
    give(sc, 0, "stitch_in_time")
    play(sc, "gathering_light")
    assert sc.state()["decider"] == 0, "seat 1 cannot respond: its pass is forced, priority alternates"
    respond(sc, "stitch_in_time")
    glyphs = [line for line in sc.events_text() if "Threadline Chain" in line]
    assert glyphs[-2:] == ["seat 0 adds the Glyph BRN to its Threadline Chain (1 held)",
                           "seat 0 adds the Glyph SPI to its Threadline Chain (2 held)"]
    assert sc.state()["pending"] == "shape" and sc.player(0)["threadline_chain"] == []


def test_cancelling_a_disaster_still_spends_its_allowance_and_the_card_adds_no_glyph():
    """"At most one Disaster may be played per Company per Round. Cancelled plays still spend that
    allowance." "Cancelled or wholly failed cards add none." Lamplight cancels thorn_pressure's ember_rain
    (thread_loss 4) with the_word_unsaid (a cancel, assumed)."""
    sc = shape("thorn_pressure vs lamplight", resonance=9)
    give(sc, 1, "the_word_unsaid", resonance=2)
    play(sc, "ember_rain")
    respond(sc, "the_word_unsaid")
    assert sc.player(1)["thread"] == 20 and "ember_rain" in sc.player(0)["discard"]
    assert not any("Glyph FLM" in line for line in sc.events_text())
    assert any("seat 0 has ember_rain cancelled" in line for line in sc.events_text())
    sc.give(0, "ember_rain")
    assert sc.action("play", index=hand_index(sc, 0, "ember_rain")) not in sc.legal(), "the allowance is spent"


def test_an_already_resolved_effect_cannot_be_cancelled():
    """"An already-resolved effect cannot be retroactively cancelled." A cancel needs an opposing effect
    pending on the Threadline: none outside one (it is no Shape play), none against the Company's own."""
    sc = shape("lamplight vs lamplight", resonance=9)
    play(sc, "everburn_scout")  # resolved: nobody could respond
    give(sc, 0, "the_word_unsaid")
    assert sc.action("play", index=hand_index(sc, 0, "the_word_unsaid")) not in sc.legal()
    give(sc, 0, "stitch_in_time")
    play(sc, "lantern_echo")
    assert sc.state()["decider"] == 0
    responses = {sc.player(0)["hand"][a >> 8 & 255] for a in sc.legal() if a >> 16 == L.A_RESPOND}
    assert responses == {"stitch_in_time"}, "its own pending play is no target for its cancel"


def test_priority_reopens_between_effects_without_resetting_the_limit():
    """"Reopen priority between unresolved effects so players can react to new triggers, without resetting
    the one-Quick-Event limit." Seat 1 passes twice on kindled_breath's response, then gets priority again
    once it has resolved, before barred_crossing resolves; seat 0, its Quick Event spent, is not asked."""
    sc = shape(ROADFOLK_FIRST, resonance=9)
    give(sc, 1, "the_word_unsaid", resonance=2)
    give(sc, 0, "kindled_breath")
    play(sc, "barred_crossing", road="clockwise")
    assert sc.state()["decider"] == 1
    sc.apply(sc.action("pass"))
    respond(sc, "kindled_breath")
    assert sc.state()["decider"] == 1 and pending(sc)[-1] == ("quick", 0, "kindled_breath")
    sc.apply(sc.action("pass"))
    assert pending(sc) == [("play", 0, "barred_crossing")], "kindled_breath resolved"
    assert sc.state()["pending"] == "respond" and sc.state()["decider"] == 1, "priority reopened"
    sc.apply(sc.action("pass"))
    assert sc.state()["pending"] == "invoke" and sc.player(0)["threadline_chain"] == ["SPI", "SPL"]


def test_an_alignment_window_inside_a_threadline_keeps_its_limit_and_chains_then_the_threadline_ends():
    """"It opens an Alignment response window. Within an existing Threadline, this window preserves that
    Threadline's Glyph chains and one-Quick-Event-per-Company limit, then resumes the parent Threadline
    afterward." "Declaring an invocation ... spends that named Alignment's once-per-Company-per-Round
    allowance, even if it is later cancelled." "Clear ... the Threadline Chain when its Threadline ends."
    Seat 0's kindled_breath (SPI) then barred_crossing (SPL) complete AP-11 Sever the Story from its
    Threadline Chain; seat 1 cancels the invocation."""
    sc = shape(ROADFOLK_FIRST, resonance=9)
    give(sc, 1, "the_word_unsaid", resonance=2)
    give(sc, 0, "kindled_breath")
    play(sc, "barred_crossing", road="clockwise")
    sc.apply(sc.action("pass"))
    respond(sc, "kindled_breath")
    sc.apply(sc.action("pass"))
    sc.apply(sc.action("pass"))
    assert sc.player(0)["threadline_chain"] == ["SPI", "SPL"] and sc.state()["closed_roads"] != []
    sc.apply(sc.action("invoke", alignment="AP-11"))
    assert pending(sc) == [("alignment", 0, "AP-11")] and sc.state()["decider"] == 1
    assert sc.player(0)["threadline_chain"] == [], "the invocation consumed its Glyphs"
    respond(sc, "the_word_unsaid")
    assert sc.state()["pending"] == "shape" and sc.state()["threadline"] == []
    assert any("seat 0 has AP-11 Sever The Story cancelled" in line for line in sc.events_text())
    assert any("seat 1 adds the Glyph SHD to its Threadline Chain" in line for line in sc.events_text())
    assert sc.player(1)["threadline_chain"] == [] and sc.player(0)["threadline_chain"] == [], "the Threadline ended"
    assert sc.player(0)["aligned"] == ["AP-11"] and sc.player(0)["invocations"] == 1
    assert sc.invariant_error() == 0


def test_an_uncancelled_invocation_resolves_after_its_window():
    """The same Threadline with nobody able to answer the invocation: "Recheck the chosen Alignment
    sequence and targets for legality before resolution"; Sever the Story resolves (it has no target) and
    the Threadline ends."""
    sc = shape(ROADFOLK_FIRST, resonance=9)
    give(sc, 0, "kindled_breath")
    play(sc, "barred_crossing", road="clockwise")
    respond(sc, "kindled_breath")
    assert sc.state()["pending"] == "invoke"
    sc.apply(sc.action("invoke", alignment="AP-11"))
    assert sc.state()["pending"] == "shape" and sc.state()["threadline"] == []
    assert not any("cancelled" in line for line in sc.events_text())
    assert any("invokes AP-11" in line for line in sc.events_text())


def test_the_greedy_bots_respond_and_responses_happen_in_real_matches():
    """The bots' weight `respond`: a legal Quick Event is worth more than passing; and greedy matches do
    play Quick Events as responses (the statistics column `responses`)."""
    sc = shape(resonance=9)
    give(sc, 1, "swift_current", resonance=1)
    play(sc, "everburn_scout")
    racer = GAME.load_policy("racer")
    weights = weight_matrix([racer])[1][0]
    target = walker_goal(sc.state_vector, sc.ruleset.tables, 1)
    values = {a >> 16: action_value(sc.state_vector, sc.ruleset.tables, weights, 1, a, target) for a in sc.legal()}
    assert values[L.A_RESPOND] > values[L.A_PASS]
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, [DUEL])[0]
    result = GAME.play_batch(ruleset, matchup, seats_for((racer,), matchup), seed_block(7, matchup, 0, 20))
    assert result.extra["responses"].sum() > 0 and (result.error == 0).all()
