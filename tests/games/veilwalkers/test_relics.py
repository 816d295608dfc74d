"""Relics ("Relics, stored cards and costs"): Portable Relics (equip, follow, Drop, Claim, ownership,
Presence) and the Awakening of Dormant Relics (rules/relics.py)."""

import pytest

from sim.core.seating import seats_for
from sim.core.worker import seed_block
from sim.games.veilwalkers import GAME
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers.rules.board import presence
from sim.games.veilwalkers.rules.combat import break_figure
from tests.games.veilwalkers.helpers import at, end_turn, kinds, shape
from tests.games.veilwalkers.test_closing import end_round, fray_ring_i

SITE = (2, 1)


def _hand_index(sc, seat: int, card: str) -> int:
    sc.give(seat, card)
    return len(sc.player(seat)["hand"]) - 1


def _presence(sc, seat: int, where) -> int:
    return int(presence(sc.state_vector, sc.ruleset.tables, seat, at(where)))


def _relic_events(sc) -> list[str]:
    return [line for line in sc.events_text() if "equips" in line or "drops" in line or "claims" in line
            or "awakens" in line or "owner's discard" in line]


def test_a_portable_relic_deploys_by_equipping_an_ordinary_figure_at_the_veilwalkers_site():
    """"One Portable Relic per eligible ordinary Figure." Veilbound "cannot ... carry ordinary Portable
    Relics". The Deploy (one Action plus printed cost) names a Figure of the Company at its Veilwalker's
    Site; with none there, the Relic cannot be played (the Veilbound are no bearers)."""
    sc = shape(resonance=3)
    index = _hand_index(sc, 0, "warden_mail")  # cost 1, Presence 1
    assert [a for a in sc.legal() if a >> 16 == L.A_PLAY and a >> 8 & 255 == index] == []
    away = sc.put_figure(0, "nessa", SITE)
    here = sc.put_figure(0, "starhold_warden", (1, 3))
    plays = [a & 255 for a in sc.legal() if a >> 16 == L.A_PLAY and a >> 8 & 255 == index]
    assert plays == [here], f"only the Figure at the Veilwalker's Site, not slot {away}"
    sc.apply(sc.action("play", index=index, bearer=here))
    assert sc.player(0)["portables"] == [{"record": 0, "card": "warden_mail", "controller": 0, "bearer": here,
                                          "site": L.NOWHERE, "awakened": False}]
    assert sc.player(0)["resonance"] == 2 and sc.state()["actions"] == 2


def test_one_weapon_and_one_armor_are_not_extra_carrying_slots():
    """"One Portable Relic per eligible ordinary Figure. "One Weapon" and "one Armor" are not extra
    carrying slots": a Figure bearing a Weapon cannot take an Armor."""
    sc = shape("thorn_pressure vs roadfolk", resonance=9)
    bearer = sc.put_figure(0, "seether", (1, 3))
    blade = _hand_index(sc, 0, "ember_blade")  # traits [Weapon]
    sc.apply(sc.action("play", index=blade, bearer=bearer))
    mail = _hand_index(sc, 0, "warden_mail")  # traits [Armor]
    assert sc.action("play", index=mail, bearer=bearer) not in sc.legal()
    other = sc.put_figure(0, "thorn_sentinel", (1, 3))
    assert sc.action("play", index=mail, bearer=other) in sc.legal()


def test_printed_presence_counts_once_at_the_bearers_site_follows_it_and_is_no_challenge_power():
    """"equipped Portable Relics contribute their printed Presence once at the bearer's Site, not as extra
    Challenge Power." "An equipped Relic follows its bearer.\""""
    sc = shape("thorn_pressure vs roadfolk", resonance=9)
    bearer = sc.put_figure(0, "thorn_sentinel", (1, 3))  # Power 3
    before = _presence(sc, 0, (1, 3))
    sc.apply(sc.action("play", index=_hand_index(sc, 0, "ember_blade"), bearer=bearer))  # Presence 2
    assert _presence(sc, 0, (1, 3)) == before + 2
    assert sc.player(0)["figures"][0]["power"] == 3, "no extra Power"
    sc.apply(sc.action("move", piece=bearer, direction="clockwise"))  # to Ring I S4
    assert _presence(sc, 0, (1, 3)) == before - 3 and _presence(sc, 0, (1, 4)) == 3 + 2
    enemy = sc.put_figure(1, "mirror_hound_packleader", (1, 4))  # Power 4
    sc.apply(sc.action("challenge", attacker=bearer, defender=enemy))
    assert sc.player(1)["figures"][0]["damage"] == 3, "the bearer deals its Power, not Power + Presence"


def test_a_bearer_leaving_play_drops_the_relic_there_and_a_dropped_relic_has_no_presence():
    """"when the bearer leaves play, Drop it at that Site unless explicitly redirected." "Dropped ...
    objects have no Presence.\""""
    sc = shape("thorn_pressure vs roadfolk", resonance=9)
    bearer = sc.put_figure(0, "everburn_scout", (1, 3))  # Power 1
    sc.apply(sc.action("play", index=_hand_index(sc, 0, "ember_blade"), bearer=bearer))
    sc.apply(sc.action("move", piece=bearer, direction="clockwise"))
    enemy = sc.put_figure(1, "mirror_hound_packleader", (1, 4))
    sc.apply(sc.action("challenge", attacker=bearer, defender=enemy))
    assert "everburn_scout" in sc.player(0)["discard"] and "ember_blade" not in sc.player(0)["discard"]
    assert sc.player(0)["portables"][0] | {} == {"record": 0, "card": "ember_blade", "controller": 0, "bearer": -1,
                                                 "site": at((1, 4)), "awakened": False}
    assert _presence(sc, 0, (1, 4)) == 0
    assert any("drops ember_blade" in line for line in _relic_events(sc))


def test_a_bearer_broken_in_first_bloom_drops_the_relic_in_first_bloom():
    """"when the bearer leaves play, Drop it at that Site": First Bloom is a Site too, and it never closes, so the
    Relic lies there (found by the heavy debug sweep: the invariant allowed Dropped Relics on Ring Sites only)."""
    sc = shape("thorn_pressure vs roadfolk", resonance=9)
    record = sc.put_portable(0, "ember_blade", sc.put_figure(0, "everburn_scout", "bloom"))
    enemy = sc.put_figure(1, "mirror_hound_packleader", "bloom")
    sc.apply(sc.action("challenge", attacker=0, defender=enemy))  # the scout is Broken; apply checks every invariant
    assert sc.player(0)["portables"][record]["site"] == L.BLOOM
    assert sc.player(0)["portables"][record]["bearer"] == -1


def test_a_lost_bearer_leaving_play_sends_its_relic_to_the_owners_discard():
    """Lost units "keep carried Remembrances and Portable Relics"; "when the bearer leaves play, Drop it at that
    Site": a Lost bearer stands on no physical Site, so the Relic goes to its owner's discard (RULES.md, reading).
    The heavy debug sweep found it (lamplight mirror, racer, root seed 77, pair 418, seats swapped: a Lost bearer
    left play and its Relic was Dropped "at" the Lost track, breaking the Relic invariant); engine 0.7.0's decks
    play that match differently, so the position is set up here: a Lost bearer Broken."""
    ruleset = GAME.load_ruleset("standard")
    matchup = next(m for m in GAME.load_matchups(ruleset, ["mirrors"]) if m.matchup_id == "lamplight_vs_lamplight")
    seeds = seed_block(77, matchup, 418, 419)
    result = GAME.play_batch(ruleset, matchup, seats_for((GAME.load_policy("racer"),), matchup), seeds, debug=True)
    assert (result.error == 0).all()
    sc = shape("lamplight vs lamplight")
    bearer = sc.put_figure(0, "everburn_scout", (1, 3))
    sc.put_portable(0, "warden_mail", bearer)
    sc.place(0, bearer, ("lost", 2))
    break_figure(sc.state_vector, sc.ruleset.tables, 0, bearer, sc.events)
    assert sc.invariant_error() == 0
    assert any("loses warden_mail" in line for line in _relic_events(sc)), _relic_events(sc)
    assert "warden_mail" in sc.player(0)["discard"] and sc.player(0)["portables"] == []


def test_a_dropped_relic_is_claimed_for_one_action_by_an_eligible_figure_there_and_ownership_stays():
    """"Claim for one Action with an eligible Figure there and a free slot. Ownership remains the original
    player's even when control changes": the opponent's Figure claims it; its Presence counts for the
    claimer; Dropped again and lost with its Ring, it goes to its owner's discard."""
    sc = shape("thorn_pressure vs roadfolk", resonance=9)
    record = sc.put_portable(0, "ember_blade", sc.put_figure(0, "everburn_scout", SITE))
    enemy = sc.put_figure(1, "mirror_hound_packleader", SITE)
    sc.apply(sc.action("challenge", attacker=0, defender=enemy))  # the scout is Broken: the blade drops
    end_turn(sc)  # seat 1's Shape
    assert sc.state()["decider"] == 1
    laden = sc.put_figure(1, "mirror_hound", SITE)
    sc.put_portable(1, "wayfarers_lantern", laden)
    claims = [a for a in sc.legal() if a >> 16 == L.A_CLAIM_RELIC]
    assert claims == [sc.action("claim_relic", slot=enemy, relic=record)], "the laden hound has no free slot"
    actions = sc.state()["actions"]
    before = _presence(sc, 1, SITE)
    sc.apply(claims[0])
    assert sc.state()["actions"] == actions - 1
    blade = sc.player(0)["portables"][0]
    assert blade["controller"] == 1 and blade["bearer"] == enemy, "in its owner's (seat 0's) records"
    assert _presence(sc, 1, SITE) == before + 2
    assert "claim_relic" not in kinds(sc)


def test_a_lost_bearer_keeps_its_portable_relic_and_a_dropped_relic_on_a_closing_ring_is_discarded():
    """Lost units "have no Presence ... and keep carried Remembrances and Portable Relics." At closure
    objects on the Ring are removed: a Dropped Relic there goes to its owner's discard (as an Installed one
    does; RULES.md)."""
    sc = shape("thorn_pressure vs roadfolk")
    fray_ring_i(sc)
    bearer = sc.put_figure(0, "seether", (1, 1))
    sc.put_portable(0, "ember_blade", bearer)
    dropped = sc.put_portable(0, "warden_mail", sc.put_figure(0, "everburn_scout", (1, 2)))
    s = sc.state_vector
    p = L.GLOBALS + L.P_PORTABLE + (dropped % L.PORT_CAP) * L.PORT_W
    s[p + L.PT_SLOT], s[p + L.PT_SITE] = -1, at((1, 2))  # Dropped at Ring I S2
    end_round(sc)
    me = sc.player(0)
    assert me["figures"][0]["site"] == L.LOST + 1
    assert [r["card"] for r in me["portables"]] == ["ember_blade"] and me["portables"][0]["bearer"] == bearer
    assert "warden_mail" in me["discard"]


def test_a_dormant_relic_awakens_automatically_after_its_condition_without_a_second_deploy():
    """"A Dormant Relic retains Power, traits and Dormant text. Awakening adds its Awakened text once its
    complete condition is satisfied. It is automatic unless a cost or timing is printed, and is not a
    second Deploy. The relevant achievements must occur after that Relic enters play": Thorn Idol (Power
    2, assumed: Awakened by one enemy Figure Broken; Awakened text restore 1 Thread at the start of each
    Shape) ignores a Break before it entered play."""
    sc = shape(resonance=9)
    sc.set(0, "P_BROKEN", 3)  # earlier history does not count
    sc.set(0, "P_THREAD", 15)
    sc.apply(sc.action("play", index=_hand_index(sc, 0, "thorn_idol")))
    assert sc.player(0)["relics"] == [{"card": "thorn_idol", "site": at((1, 3))}]
    presence_before = _presence(sc, 0, (1, 3))
    mine = sc.put_figure(0, "thorn_sentinel", SITE)  # Power 3
    theirs = sc.put_figure(1, "roadfolk_guide", SITE)  # Power 2
    plays = sum("plays" in line for line in sc.events_text())
    sc.apply(sc.action("challenge", attacker=mine, defender=theirs))
    assert sc.player(0)["relics"] == [{"card": "thorn_idol", "site": at((1, 3)), "awakened": True}]
    assert _presence(sc, 0, (1, 3)) == presence_before, "its Power (Presence) unchanged"
    assert sum("plays" in line for line in sc.events_text()) == plays, "no second Deploy"
    assert sc.player(0)["thread"] == 15
    end_turn(sc)
    end_turn(sc)
    assert sc.player(0)["thread"] == 16, "the Awakened text at the start of the Shape"


def test_the_awakened_text_resolves_in_a_turn_with_no_weave_decision():
    """"3. Weave: optionally put one card from hand facedown into your Loom, maximum eight." With the Loom
    at eight there is no Weave decision; the Awakened text still resolves at the start of the Shape (the
    reading RULES.md gives: "`awakened` effects resolve at the start of each of the controller's Shapes
    while the Relic is active"). Thorn Idol restores 1 Thread there, whether or not the turn had a Weave."""
    sc = shape(resonance=9)
    sc.set(0, "P_THREAD", 10)
    sc.put_relic(0, "thorn_idol", (1, 3))
    sc.set(0, "P_BROKEN", 1)
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))
    assert sc.player(0)["relics"][0]["awakened"]
    sc.fill_loom(0, 8 - sc.player(0)["loom"])
    end_turn(sc)
    sc.apply(sc.action("end_shape"))  # the other Company's turn
    while sc.state()["pending"] == "discard":
        sc.apply(sc.action("discard", index=0))
    assert sc.state()["active"] == 0 and sc.state()["pending"] == "shape", "a full Loom: straight into the Shape"
    assert sc.player(0)["thread"] == 11, "the Awakened text at the start of a Shape with no Weave"


def test_suppression_holds_awakening_and_a_muted_awakened_relic_has_no_text_until_reactivated():
    """Suppression "disables a Relic's text, Presence and Awakening/activation until the end of its
    controller's next turn". Mute: "Its text, Presence and activations become inactive ... This does not
    re-awaken or replay the card.\""""
    sc = shape(resonance=9)
    sc.set(0, "P_THREAD", 10)
    k = sc.put_relic(0, "thorn_idol", (1, 3))
    r = L.GLOBALS + L.P_REL + k * L.REL_W
    sc.state_vector[r + L.R_SUPPRESSED] = 1
    sc.set(0, "P_BROKEN", 1)
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))
    assert "awakened" not in sc.player(0)["relics"][0], "Suppressed: no Awakening"
    sc.state_vector[r + L.R_SUPPRESSED] = 0
    sc.apply(sc.action("move", piece="wayfinder", direction="counterclockwise"))
    assert sc.player(0)["relics"][0]["awakened"]
    sc.state_vector[r + L.R_MUTED] = 1
    end_turn(sc)
    end_turn(sc)
    assert sc.player(0)["thread"] == 10, "Muted: no Awakened text"
    sc.state_vector[r + L.R_MUTED] = 0
    end_turn(sc)
    end_turn(sc)
    assert sc.player(0)["thread"] == 11 and sum("awakens" in line for line in sc.events_text()) == 1


def test_a_portable_relics_awakening_counts_its_controllers_achievements_after_it_came_under_control():
    """"The relevant achievements must occur after that Relic enters play": Memory Compass (assumed:
    Awakened by one Remembrance claimed) counts its controller's claims from its Deploy; claimed by the
    other Company, it counts that Company's claims from then (RULES.md)."""
    sc = shape("roadfolk vs lamplight", resonance=9)
    sc.set(0, "P_CLAIMS", 2)
    sc.set(1, "P_CLAIMS", 4)
    bearer = sc.put_figure(0, "roadfolk_guide", (1, 3))
    sc.apply(sc.action("play", index=_hand_index(sc, 0, "memory_compass"), bearer=bearer))
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))
    assert not sc.player(0)["portables"][0]["awakened"]
    sc.set(0, "P_CLAIMS", 3)
    sc.apply(sc.action("move", piece="wayfinder", direction="counterclockwise"))
    assert sc.player(0)["portables"][0]["awakened"]
    assert any("awakens memory_compass" in line for line in _relic_events(sc))


def test_a_claimed_dormant_relic_counts_only_its_new_controllers_achievements():
    """"Ownership remains the original player's even when control changes"; the Awakening's achievements
    are its controller's, counted from when that Company took control (RULES.md reading of "must occur
    after that Relic enters play")."""
    sc = shape("roadfolk vs lamplight", resonance=9)
    record = sc.put_portable(0, "memory_compass", sc.put_figure(0, "lantern_echo", SITE))  # Power 2
    enemy = sc.put_figure(1, "seether", SITE)  # Power 4
    sc.apply(sc.action("challenge", attacker=0, defender=enemy))  # the scout is Broken: the compass drops
    end_turn(sc)
    sc.set(1, "P_CLAIMS", 4)
    sc.apply(sc.action("claim_relic", slot=enemy, relic=record))
    sc.set(0, "P_CLAIMS", 9)  # the owner's claims do not wake it
    sc.apply(sc.action("move", piece="wayfinder", direction="clockwise"))
    assert not sc.player(0)["portables"][0]["awakened"]
    sc.set(1, "P_CLAIMS", 5)
    sc.apply(sc.action("move", piece="wayfinder", direction="counterclockwise"))
    compass = sc.player(0)["portables"][0]
    assert compass["awakened"] and compass["controller"] == 1


def test_a_recruit_is_no_bearer():
    """A Recruit "can Challenge/defend but cannot Move, Traverse, Intercept, Thread Strike, equip, carry
    Remembrances or perform Rites": with only a Recruit at the Veilwalker's Site, a Portable Relic has no
    bearer."""
    sc = shape(resonance=9)
    sc.place(0, "wayfinder", (2, 1))  # settlement 1
    sc.place(0, "veilwalker", (2, 1))
    sc.apply(sc.action("recruit", piece="wayfinder", settlement=1))
    assert [f["unit"] for f in sc.player(0)["figures"]] == ["recruit"]
    index = _hand_index(sc, 0, "warden_mail")
    assert [a for a in sc.legal() if a >> 16 == L.A_PLAY and a >> 8 & 255 == index] == []


def test_the_greedy_bots_equip_claim_and_awaken_relics_in_matches():
    """The Relic cards are reachable: the starter decks hold them, the greedy bots equip and Claim Portable
    Relics (weight `relic`) and Dormant Relics Awaken (relic_census counts them, PERF.md)."""
    from sim.games.veilwalkers.relic_census import census

    counts = census(2, "pressure")
    assert counts["errors"] == 0 and counts["matches"] == 12
    assert counts["equipped"] > 0 and counts["dropped"] > 0 and counts["claimed"] > 0 and counts["awakened"] > 0, counts


def test_the_relic_weight_prices_printed_presence_and_half_the_awakened_text():
    """A Portable Relic's play and Claim are worth `relic` per printed Presence point (and half per
    Awakened effect point), a hundredth per bearer Power on top; `deploy` does not price them."""
    import numpy as np

    from sim.games.veilwalkers import GAME
    from sim.games.veilwalkers import policy as bots
    from sim.games.veilwalkers import vocab as V

    sc = shape("roadfolk vs lamplight", resonance=9)
    bearer = sc.put_figure(0, "roadfolk_guide", (1, 3))  # Power 2
    index = _hand_index(sc, 0, "memory_compass")  # Presence 1, Awakened: 1 Resonance
    weights = np.array(GAME.load_policy("racer").params, np.float64)
    action = sc.action("play", index=index, bearer=bearer)
    value = bots.action_value(sc.state_vector, sc.ruleset.tables, weights, 0, action, -1)
    assert value == pytest.approx(weights[V.W_RELIC] * 1.5 + 0.02)
    weights[V.W_RELIC] = 0.0
    assert bots.action_value(sc.state_vector, sc.ruleset.tables, weights, 0, action, -1) == pytest.approx(0.02)
