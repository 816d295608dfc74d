"""The one API test that every registered game passes (DESIGN.md §6), over every game, edition,
seat count and bot: matches end without errors in debug mode, outcomes are valid, the same seed
keys give the same matches, one batch of N equals N batches of one, the results fit the lake
(match, seat and card tables), the replay's last line agrees with the batch row, and a small run
with the JIT disabled plays the same matches. Plus the package shape, the golden records, the
scenario API and a lint of RULES.md."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.core import lake
from sim.core.game import SeedBlock, result_line
from sim.core.registry import game_names, get_game
from sim.core.scenario import Scenario
from sim.core.seating import seats_for
from sim.core.worker import seed_block

ROOT = Path(__file__).resolve().parents[1]
MATCHES_PER_CASE = 24  # pairs (or deals) per case: enough to visit most branches, fast in CI
SLOW_POLICIES = {"search"}  # search bots play few matches here; their own tests go deeper


def slow(policy_name: str) -> bool:
    """The flat search bot and the ISMCTS bots (ismcts_<iterations>)."""
    return policy_name in SLOW_POLICIES or policy_name.startswith("ismcts_")


def policies_for(game, edition: str) -> list[str]:
    """Every bot in the default edition; the fast bots only in the others. An edition changes rule data, which
    the fast bots' matches exercise; the search bots add a tree over the same engine functions, and checking
    each of them in each of Veilforge's 32 editions made this one file run for ~35 minutes."""
    names = game.policy_names()
    return names if edition == game.default_edition() else [name for name in names if not slow(name)]


KIT_FILES = ("__init__.py", "RULES.md", "PERF.md", "game.py", "data.py", "vocab.py", "layout.py", "tables.py",
             "engine.py", "policy.py", "batch.py", "scenario.py", "render.py")


def _cases():
    for name in game_names():
        game = get_game(name)
        for edition in game.editions():
            yield pytest.param(name, edition, id=f"{name}-{edition}")


def _matchups(game, ruleset):
    """A few matchups of every set, covering every player count the game supports."""
    chosen, seen_counts = [], set()
    for set_name in game.matchup_sets():
        for matchup in game.load_matchups(ruleset, [set_name]):
            if matchup.players not in seen_counts or len(chosen) < 3:
                chosen.append(matchup)
                seen_counts.add(matchup.players)
    assert seen_counts == set(game.player_counts), "matchup sets must cover every player count"
    return chosen


@pytest.mark.parametrize("game_name, edition", list(_cases()))
def test_game_conforms(game_name, edition):
    game = get_game(game_name)
    assert game.engine_version and game.end_reasons and game.error_codes[0] == "ok"
    ruleset = game.load_ruleset(edition)
    assert ruleset.ruleset_id == edition and ruleset.ruleset_hash
    assert game.load_ruleset(edition).ruleset_hash == ruleset.ruleset_hash, "hash of resolved content is stable"
    for policy_name in policies_for(game, edition):
        bot = (game.load_policy(policy_name),)
        pairs = 2 if slow(policy_name) else MATCHES_PER_CASE
        for matchup in _matchups(game, ruleset):
            assert matchup.cooperative == game.cooperative
            policies = seats_for(bot, matchup)
            seeds = seed_block(2026, matchup, 0, pairs)
            assert len(seeds) == pairs * matchup.seating.orders
            result = game.play_batch(ruleset, matchup, policies, seeds, debug=True, card_counts=True)
            _check_result(game, ruleset, matchup, policies, seeds, result)
            again = game.play_batch(ruleset, matchup, policies, seeds, debug=True, card_counts=True)
            for column in ("winner", "end_reason", "turns", "rounds", "score", "error"):
                assert np.array_equal(getattr(result, column), getattr(again, column)), column
            assert np.array_equal(result.card_counts, again.card_counts)
            _check_batch_split(game, ruleset, matchup, policies, seeds, result)
            _check_replay(game, ruleset, matchup, policies, seeds, result)


def _check_result(game, ruleset, matchup, policies, seeds, result):
    n = len(seeds)
    errors = [game.error_codes[e] for e in result.error if e != 0]
    assert not errors, f"{matchup.matchup_id}: {errors[:5]}"
    if game.cooperative:
        assert set(np.unique(result.winner)) <= {0, 1}
    else:
        assert set(np.unique(result.winner)) <= {-1, 0, 1}
    assert ((0 <= result.end_reason) & (result.end_reason < len(game.end_reasons))).all()
    assert (result.turns > 0).all() and (result.rounds > 0).all()
    assert result.score.shape[0] == n
    if not game.cooperative:
        assert result.score.shape[1] == matchup.players, "competitive scores are per seat"
    for name, kind in game.extra_columns().items():
        assert name in result.extra, name
        assert result.extra[name].shape[0] == n, name
        if kind == "per_seat":
            assert result.extra[name].shape[1] == matchup.players, name
    names = game.card_names(ruleset)
    assert result.card_counts.shape[:3] == (n, matchup.players, len(names))
    assert (result.card_counts >= 0).all()
    table = lake.match_table(game, ruleset, matchup, policies, seeds, result, run_id="r", config_hash="c")
    for column in ("run_id", "matchup_id", "seed_key", "winner_side", "a_won", "end_reason", "turns", "error"):
        assert column in table.column_names
    assert table.num_rows == n
    seats = lake.seat_table(game, ruleset, matchup, policies, seeds, result, run_id="r")
    assert seats.num_rows == n * matchup.players
    side_won = np.array(seats.column("won").to_pylist()).reshape(n, matchup.players)
    a_won = np.array(table.column("a_won").to_pylist())
    side = np.array([str(s) for s in seats.column("side").to_pylist()]).reshape(n, matchup.players)
    assert np.allclose(np.where(side == "B", 1 - side_won, side_won), a_won[:, None]), "seat rows agree with the match row"
    cards = lake.card_table(game, ruleset, matchup, seeds, result, run_id="r")
    assert cards.num_rows > 0


def _subset(seeds: SeedBlock, rows) -> SeedBlock:
    return SeedBlock(seeds.root_seed, seeds.matchup_key, seeds.pair_index[rows], seeds.swap[rows])


def _check_batch_split(game, ruleset, matchup, policies, seeds, whole):
    """One batch of N plays the same matches as N batches of one (no state leaks between matches)."""
    for row in range(min(4, len(seeds))):
        one = game.play_batch(ruleset, matchup, policies, _subset(seeds, slice(row, row + 1)), debug=True,
                              card_counts=True)
        for column in ("winner", "end_reason", "turns", "rounds", "score", "error"):
            assert np.array_equal(getattr(one, column)[0], getattr(whole, column)[row]), (matchup.matchup_id, row, column)
        assert np.array_equal(one.card_counts[0], whole.card_counts[row])


def _check_replay(game, ruleset, matchup, policies, seeds, result):
    for row in (0, len(seeds) - 1):
        log = game.replay(ruleset, matchup, policies, _subset(seeds, slice(row, row + 1)))
        assert log and all(isinstance(line, str) for line in log)
        assert log[-1] == result_line(game, result, row), "the replay ends with the batch row's result"


# ---- NUMBA_DISABLE_JIT parity: the kernels' plain-Python run plays the same matches -------------
PARITY_SCRIPT = """
import json, sys
from sim.core.registry import get_game
from sim.core.seating import seats_for
from sim.core.worker import seed_block
game = get_game(sys.argv[1]); ruleset = game.load_ruleset(game.default_edition())
out = []
for set_name in game.matchup_sets():
    matchup = game.load_matchups(ruleset, [set_name])[0]
    policies = seats_for((game.load_policy(sys.argv[2]),), matchup)
    result = game.play_batch(ruleset, matchup, policies, seed_block(7, matchup, 0, int(sys.argv[3])), debug=True)
    out.append([result.winner.tolist(), result.turns.tolist(), result.score.tolist(), result.error.tolist()])
print(json.dumps(out))
"""


def _parity_cases():
    for name in game_names():
        game = get_game(name)
        bot = next(p for p in game.policy_names() if not slow(p))
        yield pytest.param(name, bot, 3, id=name)


@pytest.mark.parametrize("game_name, bot, pairs", list(_parity_cases()))
def test_plain_python_plays_the_same_matches(game_name, bot, pairs):
    runs = []
    for disable in ("0", "1"):
        env = dict(os.environ, NUMBA_DISABLE_JIT=disable)
        out = subprocess.run([sys.executable, "-c", PARITY_SCRIPT, game_name, bot, str(pairs)], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=900)
        assert out.returncode == 0, out.stderr[-2000:]
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    assert runs[0] == runs[1]


# ---- package shape, golden records, scenario API -------------------------------------------------
@pytest.mark.parametrize("game_name", game_names())
def test_package_has_the_kit_shape_and_golden_records(game_name):
    package = ROOT / "sim" / "games" / game_name
    missing = [f for f in KIT_FILES if not (package / f).exists()]
    assert not missing, f"{game_name} lacks {missing}"
    assert (package / "rules").is_dir()
    tests = ROOT / "tests" / "games" / game_name
    assert (tests / "test_golden.py").exists() and (tests / "test_data.py").exists()
    playthroughs = list((tests / "golden").glob("*.txt"))
    # an `action:` line per decision (Waybound indents its decisions' lines under `decision <n>:`)
    assert playthroughs and all(len(re.findall(r"^\s*action: ", p.read_text(), re.M)) > 3 for p in playthroughs)
    assert (package / "RULES.md").exists()


@pytest.mark.parametrize("game_name", game_names())
def test_batch_kernel_releases_the_gil(game_name):
    """runner.backend=threads plays a sweep's batches in threads of one process: they use every core
    only if the batch kernel, the one function Python calls for a batch, runs without the GIL."""
    kernel = importlib.import_module(f"sim.games.{game_name}.batch").play_batch_kernel
    assert kernel.targetoptions.get("nogil") is True


@pytest.mark.parametrize("game_name", game_names())
def test_scenario_api_smoke(game_name):
    module = importlib.import_module(f"sim.games.{game_name}.scenario")
    classes = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, Scenario) and c is not Scenario]
    assert classes, "the scenario API extends sim.core.scenario.Scenario"
    game = get_game(game_name)
    ruleset = game.load_ruleset(game.default_edition())
    entry = game.load_matchups(ruleset, [game.matchup_sets()[0]])[0]
    sc = classes[0].new(_entry_text(game, ruleset, entry), seed=3)
    steps = 0
    while sc.legal() and steps < 10_000:
        sc.apply(sc.legal()[0])
        steps += 1
    assert sc.state()["done"] and sc.log and sc.invariant_error() == 0
    assert isinstance(sc.player(0), dict)


def _entry_text(game, ruleset, matchup) -> str:
    set_name = game.matchup_sets()[0]
    if hasattr(game, "library"):
        return game.library.matchup_sets[set_name][0]
    return " vs ".join(matchup.sides)  # the sides' labels make an entry (Aeon's End: its one side, "<team> vs <nemesis>")


# ---- RULES.md lint ---------------------------------------------------------------------------------
ROW = re.compile(r"^\|(?P<clause>[^|]+)\|\s*(?P<status>[^|]+?)\s*\|(?P<code>[^|]*)\|(?P<test>[^|]*)\|\s*$")
STATUSES = {"modeled", "partly", "not modeled", "assumed"}


def _rows(text: str):
    for number, line in enumerate(text.splitlines(), 1):
        match = ROW.match(line)
        if match and match["status"].strip() in STATUSES:
            yield number, match


@pytest.mark.parametrize("game_name", game_names())
def test_rules_md_rows_name_code_and_tests_that_exist(game_name):
    """Every `modeled`/`partly` row of a game's RULES.md names a code symbol that imports and a test
    function that exists: a rule is found by its row, its row by its code and test."""
    text = (ROOT / "sim" / "games" / game_name / "RULES.md").read_text()
    rows = list(_rows(text))
    assert rows, "RULES.md has clause tables in the kit's format"
    problems = []
    for number, row in rows:
        if row["status"].strip() not in ("modeled", "partly"):
            continue
        symbols = re.findall(r"`([\w.]+)`", row["code"])
        tests = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", row["test"])
        if not symbols:
            problems.append(f"line {number}: no code symbol")
        for symbol in symbols:
            module, _, name = symbol.rpartition(".")
            try:
                assert hasattr(importlib.import_module(f"sim.games.{game_name}.{module}"), name)
            except (ImportError, AssertionError):
                problems.append(f"line {number}: `{symbol}` does not exist")
        if not tests:
            problems.append(f"line {number}: no test")
        for path, name in tests:
            file = ROOT / path
            if not file.exists() or not re.search(rf"^def {name}\(", file.read_text(), re.M):
                problems.append(f"line {number}: {path}::{name} does not exist")
    assert not problems, "\n".join(problems)
