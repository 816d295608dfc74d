"""The search bots' fitted cut-off evaluation (evaluation.py) and its data file: features read from an
explicit position, the logistic chance, the validation of evaluations/*.yaml, and that a bot without an
evaluation plays and hashes as before."""

import math

import numpy as np
import pytest

from sim.core.errors import UserError
from sim.games.aeons_end import GAME
from sim.games.aeons_end import evaluation as E
from sim.games.aeons_end import layout as L
from sim.games.aeons_end import policy as P
from tests.games.aeons_end.helpers import fresh


def _position():
    sc = fresh("adelheim+brama vs rageborne")
    for p in range(2):
        sc.set_hand(p, ["crystal", "crystal", "jade", "spark", "lava_tendril"])
        sc.set_deck(p, ["crystal"] * 5)
        sc.set_discard(p, [])
        sc.s[sc.base(p) + L.P_PREP:sc.base(p) + L.P_PREP + 8] = -1  # nothing prepped
    sc.set("G_NEMESIS_LIFE", 35)
    sc.set("G_GRAVEHOLD", 15)
    sc.set_player(0, "P_LIFE", 10)
    sc.set_player(1, "P_LIFE", 5)
    for p, stages in ((0, (4, 4, 1, 0)), (1, (4, 2, 0, 0))):
        for breach, stage in enumerate(stages):
            sc.set_breach(p, breach, stage)
    sc.set("G_FURY", 2)
    return sc


def test_features_read_the_position():
    """Each feature from the position as set: nemesis at 35 of 70 life, Gravehold 15 of 30, players 10 and
    5 of 10 life, ten cards each (seven Crystals at 1 aether, a Jade at 2, a Spark of 1 damage and a Lava
    Tendril of 4: 3 cast and 1 at the end of a casting phase while prepped), three opened breaches of the team's eight, 2 Fury."""
    sc = _position()
    out = np.zeros(E.WORK_SIZE)
    E.features(sc.s, sc.T, out)
    f = dict(zip(E.FEATURES, out[:E.FEATURE_COUNT], strict=True))
    assert f["bias"] == 1.0
    assert f["nemesis_life"] == pytest.approx(0.5) and f["gravehold_life"] == pytest.approx(0.5)
    assert f["player_life"] == pytest.approx(0.75) and f["lowest_player_life"] == pytest.approx(0.5)
    assert f["cards_per_player"] == pytest.approx(10 / 20)
    assert f["aether_per_card"] == pytest.approx((7 + 2) / 10)
    assert f["damage_per_card"] == pytest.approx((1 + 4) / 10)
    assert f["opened_breaches"] == pytest.approx(3 / 8)
    assert f["fury"] == pytest.approx(2 / 4) and f["husks"] == 0.0 and f["players"] == pytest.approx(0.5)


def test_the_chance_is_the_logistic_model_of_the_nemesis_kind_and_certain_once_the_game_is_over():
    sc = _position()
    weights = np.zeros(E.WEIGHT_COUNT)
    rageborne = E.NEMESIS_KINDS.index("rageborne") * E.FEATURE_COUNT
    weights[rageborne + E.FEATURES.index("bias")] = 1.0
    weights[rageborne + E.FEATURES.index("nemesis_life")] = -2.0  # 1 - 2 x 0.5 = 0: an even chance
    work = np.zeros(E.WORK_SIZE)
    assert E.win_chance(sc.s, sc.T, weights, 0, work) == pytest.approx(0.5)
    weights[rageborne + E.FEATURES.index("bias")] = 2.0
    assert E.win_chance(sc.s, sc.T, weights, 0, work) == pytest.approx(1 / (1 + math.exp(-1.0)))
    sc.set("G_STATUS", 1)
    assert E.win_chance(sc.s, sc.T, weights, 0, work) == 1.0
    sc.set("G_STATUS", 2)
    assert E.win_chance(sc.s, sc.T, weights, 0, work) == 0.0


def test_a_bot_without_the_optional_parameters_keeps_its_vector_and_hash(data_copy):
    """`confidence` and `evaluation` follow the ISMCTS parameters in the kernel's vector; a bot file without
    them plays as before they existed (confidence 0, flag 0: the hand-written playout score) and keeps the
    policy hash it had."""
    from sim.core.game import content_hash

    path = data_copy / "policies" / "ismcts_16.yaml"
    text = path.read_text()
    path.write_text(text.replace("evaluation: fitted\n", "").replace("  confidence: 2", "  # confidence: 2"))
    bot = GAME.load_policy("ismcts_16")
    assert not bot.params[P.CONFIDENCE:].any()
    assert bot.policy_hash == content_hash({"name": "ismcts_16", "base": "greedy_fitted",
                                            "params": bot.params[:P.CONFIDENCE]})


def _with_evaluation(data_copy, text):
    (data_copy / "evaluations" / "mine.yaml").write_text(text)
    path = data_copy / "policies" / "ismcts_16.yaml"
    path.write_text(path.read_text().replace("evaluation: fitted", "evaluation: mine"))


def _weights(kinds=E.NEMESIS_KINDS, extra=""):
    lines = ["weights:"]
    for kind in kinds:
        lines.append(f"  {kind}:")
        lines += [f"    {feature}: 0.5" for feature in E.FEATURES]
    return "\n".join(lines) + "\n" + extra


def test_an_evaluation_file_is_read_into_the_bots_vector(data_copy):
    _with_evaluation(data_copy, _weights())
    bot = GAME.load_policy("ismcts_16")
    assert bot.params[P.EVALUATION_FLAG] == 1.0
    assert (bot.params[P.EVALUATION_WEIGHTS:] == 0.5).all() and len(bot.params) == P.EVALUATION_WEIGHTS + E.WEIGHT_COUNT
    assert bot.params[P.CONFIDENCE] == 2.0


@pytest.mark.parametrize("text, message", [
    (_weights(kinds=E.NEMESIS_KINDS[:-1]), "missing the weights of nemesis kind 'crooked_mask'"),
    (_weights().replace("    fury: 0.5", "    furry: 0.5", 1), "unknown feature 'furry'"),
    (_weights().replace("    husks: 0.5", "    husks: lots", 1), "a weight must be a number from -1000 to 1000"),
    (_weights().replace("weights:", "weights:\n  umbra_titan: {}"), "unknown nemesis kind 'umbra_titan'"),
])
def test_a_bad_evaluation_file_is_one_line_naming_it(data_copy, text, message):
    _with_evaluation(data_copy, text)
    with pytest.raises(UserError, match=message) as err:
        GAME.load_policy("ismcts_16")
    assert "mine.yaml" in str(err.value) and "\n" not in str(err.value)


def test_a_missing_evaluation_is_named_with_the_known_ones(data_copy):
    path = data_copy / "policies" / "ismcts_16.yaml"
    path.write_text(path.read_text().replace("evaluation: fitted", "evaluation: nowhere"))
    with pytest.raises(UserError, match="no evaluation 'nowhere'") as err:
        GAME.load_policy("ismcts_16")
    assert "ismcts_16.yaml" in str(err.value)


def test_a_new_bot_file_is_a_bot_without_code(data_copy):
    """Bots are data: a greedy plan added as a file is listed and loaded with its kind read from the file."""
    source = (data_copy / "policies" / "greedy_damage.yaml").read_text()
    (data_copy / "policies" / "greedy_mine.yaml").write_text(source.replace("id: greedy_damage", "id: greedy_mine"))
    assert "greedy_mine" in GAME.policy_names()
    mine = GAME.load_policy("greedy_mine")
    assert mine.policy_id == P.POLICY_GREEDY and (mine.params == GAME.load_policy("greedy_damage").params).all()


def test_the_fit_commands_write_files_the_bots_load(data_copy, capsys):
    """`fit_policy` (CMA-ES over a greedy plan's weights) and `fit_evaluation` (a logistic model per nemesis
    kind) write data files that load as a greedy plan and as an ISMCTS bot's evaluation, each headed by the
    command that wrote it and what it measured; a bot that is no greedy plan is refused in one line."""
    from sim.games.aeons_end import fit_evaluation, fit_policy

    assert fit_policy.main(["--base", "greedy_damage", "--out", "greedy_trial", "--deals", "2", "--evaluations", "20"]) == 0
    text = (data_copy / "policies" / "greedy_trial.yaml").read_text()
    assert text.startswith("# Fitted by `python -m sim.games.aeons_end.fit_policy --base greedy_damage")
    assert "held-out deals" in text
    trial = GAME.load_policy("greedy_trial")
    assert trial.policy_id == P.POLICY_GREEDY and len(trial.params) == len(P.GREEDY_WEIGHTS)
    assert fit_policy.main(["--base", "search", "--evaluations", "20"]) == 2
    assert "a greedy plan is fitted" in capsys.readouterr().err

    assert fit_evaluation.main(["--games", "30", "--base", "greedy_trial", "--out", "trial"]) == 0
    text = (data_copy / "evaluations" / "trial.yaml").read_text()
    assert text.startswith("# Fitted by `python -m sim.games.aeons_end.fit_evaluation --games 30")
    path = data_copy / "policies" / "ismcts_16.yaml"
    path.write_text(path.read_text().replace("evaluation: fitted", "evaluation: trial"))
    bot = GAME.load_policy("ismcts_16")
    assert bot.params[P.EVALUATION_FLAG] == 1.0 and bot.params[P.EVALUATION_WEIGHTS:].any()
