"""Veilforge's bots: random legal, greedy with weights as data (decks/veilforge/policies/), one bot
per seat."""

import shutil

import numpy as np
import pytest
import yaml

from sim.core import policies as policy_files
from sim.core.errors import UserError
from sim.core.seating import seats_for, slot_of_seat
from sim.core.worker import seed_block
from sim.games.veilforge import GAME, data, engine, policy
from sim.games.veilforge import layout as L
from sim.games.veilforge.game import Veilforge
from sim.games.veilforge.rules import statics
from sim.games.veilforge.scenario import VeilforgeScenario
from tests.games.veilforge.helpers import TEAMS, battle, fresh, give_mana, pay

AGGRO, CONTROL, RANDOM = (GAME.load_policy(n) for n in ("aggro", "control", "random"))


def test_the_random_bot_plays_only_legal_actions():
    """Debug mode checks every action a bot takes against the legal list, and the invariants."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, ["ashen_aggro vs chrome_control"])[0]
    result = GAME.play_batch(ruleset, matchup, seats_for((RANDOM,), matchup), seed_block(3, matchup, 0, 3), debug=True)
    assert (result.error == 0).all() and (result.turns > 0).all()


def test_the_greedy_bot_takes_a_lethal_attack():
    sc = fresh()
    sc.put(0, "cinder_hound", "field", slot=battle(0), card_state="enabled")
    sc.put(1, "squire_of_dawn", "field", slot=battle(0))
    sc.set_life(1, 1)
    for bot in (AGGRO, CONTROL):
        assert sc.describe(sc.bot_action((bot, bot))) == "attack cinder_hound (battle 3) -> player 1"


def test_the_greedy_bot_decides_chains():
    """The same weights decide responses: a control bot with a Counterspell Ward negates the opponent's
    Flame Drake (5 mana) aimed at its knight."""
    sc = fresh(order=1)
    sc.put(0, "counterspell_ward", "hand")
    give_mana(sc, 0, 1)
    sc.put(0, "ember_knight", "field", slot=battle(0))
    sc.apply(sc.action("pass"))
    while sc.state()["pending"] == "respond":
        sc.apply(sc.action("pass"))
    sc.put(1, "flame_drake", "hand")
    give_mana(sc, 1, 5)
    sc.apply(sc.action("play", card="flame_drake", target=(0, battle(0))))
    pay(sc)
    while sc.state()["decider"] != 0:
        sc.apply(sc.action("pass"))
    assert sc.describe(sc.bot_action((CONTROL, CONTROL))) == "quick counterspell_ward"


def test_the_greedy_bot_chooses_the_mana_return_order():
    """Consumed mana returns to the top of the deck in the player's order: the greedy bot consumes its
    cheapest card first and its most expensive last, so that one is drawn next."""
    sc = fresh()
    for card in ("firebolt", "squire_of_dawn", "flame_drake"):
        sc.put(0, card, "mana")
    sc.put(0, "cinder_hound", "hand")
    sc.apply(sc.action("play", card="cinder_hound"))
    while sc.state()["pending"] == "pay":
        sc.apply(sc.bot_action((AGGRO, AGGRO)))
    assert sc.player(0)["deck"][-2:] == ["squire_of_dawn", "flame_drake"]


def test_each_seat_plays_its_own_deck_slots_bot():
    """One bot per seat (slot): a 2v2 matchup with a different bot in one slot plays differently, and
    the same bots play the same matches."""
    ruleset = GAME.load_ruleset("standard")
    matchup = GAME.load_matchups(ruleset, [TEAMS])[0]
    seeds = seed_block(5, matchup, 0, 4)
    same = GAME.play_batch(ruleset, matchup, (AGGRO,) * 4, seeds)
    again = GAME.play_batch(ruleset, matchup, (AGGRO,) * 4, seeds)
    mixed = GAME.play_batch(ruleset, matchup, (AGGRO, RANDOM, AGGRO, AGGRO), seeds)
    assert np.array_equal(same.turns, again.turns) and np.array_equal(same.score, again.score)
    assert not np.array_equal(same.extra["decisions"], mixed.extra["decisions"])


def test_weights_are_data(tmp_path):
    """A bot's weights come from its file: a greedy bot whose pass outweighs everything never acts,
    so its decks run out."""
    folder = tmp_path / "veilforge"
    shutil.copytree(data.DATA_DIR, folder)
    bot = yaml.safe_load((folder / "policies" / "aggro.yaml").read_text())
    bot["weights"]["pass"] = 1000.0
    (folder / "policies" / "idle.yaml").write_text(yaml.safe_dump(bot))
    game = Veilforge(folder)
    ruleset = game.load_ruleset("standard")
    matchup = game.load_matchups(ruleset, ["ashen_aggro vs chrome_aggro"])[0]
    idle = game.load_policy("idle")
    result = game.play_batch(ruleset, matchup, (idle, idle), seed_block(1, matchup, 0, 2))
    assert {game.end_reasons[r] for r in result.end_reason} <= {"deck_empty_draw", "deck_empty_mana"}
    assert (result.extra["cards_played"] == 0).all()


def test_values_written_while_listing_are_the_action_values():
    """The action phase's listing writes the greedy value of each action as it lists it (speed: the bot
    does not decode and value each action again). At every action-phase decision of greedy play in a duel
    and a 2v2 match, over every deck and both greedy styles, each written value is the one
    `policy.action_value` (the plain one-action reference) gives for that action, to the bit."""
    checked = 0
    for entry, seed in (("ashen_aggro vs chrome_control", 1), ("ashen_ascension vs chrome_upgrade", 2),
                        ("crossover vs ashen_control", 3), (TEAMS, 4)):
        sc = VeilforgeScenario.new(entry, seed=seed)
        bots = (AGGRO, CONTROL) * (sc.matchup.players // 2)
        _, weights = policy_files.weight_matrix(bots)
        s, tables = sc.state_vector, sc.ruleset.tables
        while not s[L.G_DONE]:
            if s[L.G_PENDING] == L.DEC_ACTION:
                seating = sc.matchup.seating
                row = weights[slot_of_seat(int(s[L.G_ORDER]), int(s[L.G_DECIDER]), seating.sides, seating.seats_per_side)]
                n = engine.legal_actions(s, tables, sc.legal_buffer, sc.values, row, True)
                statics.ensure(s, tables)
                for i in range(n):
                    expected = policy.action_value(s, tables, s[L.G_DECIDER], sc.legal_buffer[i], row)
                    assert sc.values[i] == expected, (entry, sc.describe(int(sc.legal_buffer[i])))
                checked += n
            sc.apply(sc.bot_action(bots))
    assert checked > 1000


@pytest.mark.parametrize(("bot", "key"), [("search", "rollouts"), ("ismcts_16", "iterations")])
def test_a_search_budget_is_a_whole_number(tmp_path, bot, key):
    """A budget counts rollouts, iterations, worlds or turns: 4.5 of them is one error naming the file and entry."""
    folder = tmp_path / "veilforge"
    shutil.copytree(data.DATA_DIR, folder)
    doc = yaml.safe_load((folder / "policies" / f"{bot}.yaml").read_text())
    doc["weights"][key] = 4.5
    (folder / "policies" / f"{bot}.yaml").write_text(yaml.safe_dump(doc))
    with pytest.raises(UserError) as error:
        Veilforge(folder).load_policy(bot)
    assert f"policies/{bot}.yaml: weights.{key}: must be a whole number, got 4.5" in str(error.value)
