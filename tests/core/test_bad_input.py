"""Bad input (issue 2, part 10; issue 19): one line naming the file/entry/rule, exit status 2, nothing
written, and a later correct run works."""

import json
import shutil
import socket
import threading
from pathlib import Path

import pytest
import yaml

from sim.cli import main
from sim.core.paths import DECKS_DIR

GOOD = ["game=coin_race", "pairs=3"]

CASES = {
    "unknown game": (["game=chess"], "game/chess"),
    "unknown edition": (GOOD + ["edition=9.9"], "unknown edition '9.9'"),
    "unknown config key": (GOOD + ["colour=red"], "colour"),
    "unknown nested key": (GOOD + ["runner.speed=3"], "runner.speed"),
    "key added with +": (GOOD + ["+colour=red"], "unknown key 'colour'"),
    "wrong type": (GOOD + ["runner.n_jobs=many"], "runner.n_jobs"),
    "negative match count": (GOOD + ["matches=-5"], "matches"),
    "zero pairs": (["game=coin_race", "pairs=0"], "pairs"),
    "zero workers": (GOOD + ["runner.n_jobs=0"], "runner.n_jobs"),
    "zero chunk": (GOOD + ["runner.chunk_pairs=0"], "runner.chunk_pairs"),
    "unknown backend": (GOOD + ["runner.backend=spark"], "runner.backend"),
    "name that is a path": (GOOD + ["name=../escape"], "not a valid experiment name"),
    "unknown policy": (GOOD + ["policies=[mixed,oracle]"], "unknown policy 'oracle'"),
    "one policy too many": (GOOD + ["policies=[mixed,mixed,mixed]"], "one bot for all seats or one per seat"),
    "unknown deck in a matchup": (GOOD + ["matchups=[low vs loaded]"], "low vs loaded"),
    "matchup listed twice": (GOOD + ["matchups=[low vs high,low vs high]"], "matchup 'low vs high' is listed twice"),
    "edition listed twice": (GOOD + ["editions=[standard,standard]"], "listed twice"),
    "equivalence margin out of range": (GOOD + ["report.equivalence_margin=0.7"], "report.equivalence_margin"),
    "SPRT hypotheses reversed": (GOOD + ["stop.sprt=true", "stop.p0=0.6", "stop.p1=0.5"], "SPRT"),
    "unknown preset": (GOOD + ["experiment=nope"], "experiment/nope"),
    "negative seed": (GOOD + ["seed=-1"], "seed"),
    "unknown report kind": (GOOD + ["report.kinds=[gossip]"], "unknown report kind 'gossip'"),
    "sides report without columns": (GOOD + ["report.kinds=[sides]"], "report.side_columns"),
    # issue 19, item 7: every config value is checked before the first match
    "no report kind": (GOOD + ["report.kinds=[]"], "report.kinds: must name at least one report kind"),
    "cards report without card rows": (GOOD + ["report.kinds=[cards]"], "add runner.card_rows=true"),
    "confidence the report refuses": (GOOD + ["report.confidence=0.3"], "report.confidence: must be between 0.5"),
    "too few bootstrap resamples": (GOOD + ["report.n_boot=1"], "report.n_boot"),
    "baseline that is no edition": (GOOD + ["report.baseline=standrd"], "not an edition of this experiment"),
    "side column the lake will not have": (
        GOOD + ["report.kinds=[sides]", "report.side_columns=[gamble]"],
        "no per-side column 'gamble'",
    ),
    "columns report without columns": (GOOD + ["report.kinds=[columns]"], "report.columns"),
    "measure the lake will not have": (
        GOOD + ["report.kinds=[columns]", "report.columns=[gamble]"],
        "no column 'gamble' (nor gamble_a / gamble_b)",
    ),
    "group column the lake will not have": (GOOD + ["report.kinds=[variance]"], "report.group_column"),
    "stopping values out of range, stopping off": (GOOD + ["stop.alpha=2"], "stop"),
    "dask address that is no address": (GOOD + ["runner.dask_address=nowhere"], "runner.dask_address"),
    "data folder without the game's data": (GOOD + ["data_dir=."], "data_dir: holds no coin_race rule editions"),
    # item 9: plans are sized by arithmetic before they are built
    "plan too large to build": (GOOD + ["matches=1000000000000"], "at most 200,000"),
    "tasks too large for a worker": (GOOD + ["runner.chunk_pairs=2000000"], "runner.chunk_pairs: must be from 1 to"),
    # item 12: near misses are named
    "misspelt preset": (GOOD + ["experiment=openning"], "did you mean 'opening'?"),
    "misspelt key": (["game=coin_race", "pair=3"], "did you mean 'pairs'?"),
    "misspelt report kind": (GOOD + ["report.kinds=[sumary]"], "did you mean 'summary'?"),
    "misspelt edition": (GOOD + ["edition=standrd"], "did you mean 'standard'?"),
}


def _run(args, capsys):
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.err.strip().splitlines()


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_config_gives_one_line_and_writes_nothing(case, output_root, capsys):
    overrides, expected = CASES[case]
    status, lines = _run(["sweep", *overrides], capsys)
    assert status == 2
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert expected in lines[0]
    assert not (output_root / "experiments").exists()
    assert not (output_root / "reports").exists()


def test_output_folder_not_writable(output_root, capsys):
    (output_root / "experiments").write_text("a file where the folder should be")
    status, lines = _run(["sweep", *GOOD, "name=blocked"], capsys)
    assert status == 2 and len(lines) == 1
    assert "not writable" in lines[0] and "experiments" in lines[0]


def test_changed_config_under_an_existing_name_is_refused(output_root, capsys):
    assert main(["sweep", *GOOD, "name=kept", "runner.n_jobs=1", "runner.progress=false", "--no-report"]) == 0
    part_count = len(list((output_root / "experiments" / "kept").rglob("part-*.parquet")))
    capsys.readouterr()
    status, lines = _run(["sweep", *GOOD, "seed=7", "name=kept", "--no-report"], capsys)
    assert status == 2 and len(lines) == 1 and "different config (changed: seed)" in lines[0], lines
    status, lines = _run(["sweep", "game=coin_race", "pairs=2", "name=kept", "--no-report"], capsys)
    assert status == 2 and len(lines) == 1 and "it holds 3 pairs per matchup, more than the 2 asked; pairs=3 or more grows it" in lines[0]
    assert len(list((output_root / "experiments" / "kept").rglob("part-*.parquet"))) == part_count


@pytest.mark.parametrize(
    "args, expected",
    [
        (["report", "never-ran"], "no experiment named 'never-ran'"),
        (["replay", "never-ran", "0"], "no experiment named 'never-ran'"),
    ],
)
def test_unknown_experiment(args, expected, output_root, capsys):
    status, lines = _run(args, capsys)
    assert status == 2 and len(lines) == 1 and expected in lines[0]


def test_replay_row_past_the_end(output_root, capsys):
    assert main(["sweep", *GOOD, "name=small", "runner.n_jobs=1", "runner.progress=false", "--no-report"]) == 0
    capsys.readouterr()
    status, lines = _run(["replay", "small", "999"], capsys)
    assert status == 2 and len(lines) == 1 and "past the last row" in lines[0]


def test_a_data_file_that_is_not_yaml_or_missing_is_one_line_naming_the_file_and_line(tmp_path):
    from sim.core.data_files import read_yaml
    from sim.core.errors import UserError

    broken = tmp_path / "cards.yaml"
    broken.write_text("ember:\n  cost: [1, 2\n  force: 3\n")
    with pytest.raises(UserError) as error:
        read_yaml(broken)
    message = str(error.value)
    assert "\n" not in message and str(broken) in message and "not valid YAML (line 3)" in message
    with pytest.raises(UserError, match="file not found"):
        read_yaml(tmp_path / "absent.yaml")


# ---- issue 19 ----------------------------------------------------------------------------------------


def _copy(game: str, tmp_path: Path) -> Path:
    target = tmp_path / "data" / game
    shutil.copytree(DECKS_DIR / game, target)
    return target


def _edit_yaml(path: Path, change) -> None:
    content = yaml.safe_load(path.read_text())
    change(content)
    path.write_text(yaml.safe_dump(content, sort_keys=False))


def _starter_deck(path: Path, extra: str = "") -> Path:
    starter = yaml.safe_load((DECKS_DIR / "waybound" / "factions.yaml").read_text())["factions"]["hearthbound"]["starter"]
    lines = ["faction: hearthbound", "cards:"] + [f"  {card}: {count}" for card, count in starter.items()]
    path.write_text("\n".join(lines) + "\n" + extra)
    return path


WAYBOUND = ["validate", "game=waybound", "policies=[greedy_explorer]"]


def _validate_deck(deck: Path, capsys):
    return _run([*WAYBOUND, f"matchups=[custom:{deck}/brindle vs ironmaw/skara]"], capsys)


def test_duplicate_yaml_keys_are_refused_in_a_deck_and_in_a_card_file(tmp_path, output_root, capsys):
    """Item 4: `hearthshell: 1` then `hearthshell: 3` is a mistake, not last-wins."""
    deck = _starter_deck(tmp_path / "deck.yaml", "  hearthshell: 3\n")
    status, lines = _validate_deck(deck, capsys)
    assert status == 2 and len(lines) == 1
    last_line = len(deck.read_text().splitlines())
    assert lines == [f"error: {deck}: not valid YAML (line {last_line}): duplicate key 'hearthshell'"]
    data = _copy("waybound", tmp_path)
    cards = data / "cards.yaml"
    cards.write_text(cards.read_text() + "  hearthshell: {name: Again, faction: hearthbound, kind: tactic, cost: 1}\n")
    status, lines = _run([*WAYBOUND, f"data_dir={data}"], capsys)
    assert status == 2 and len(lines) == 1 and str(cards) in lines[0] and "duplicate key 'hearthshell'" in lines[0]
    status, _ = _validate_deck(_starter_deck(tmp_path / "fixed.yaml"), capsys)
    assert status == 0


def test_read_yaml_of_a_folder_or_of_bytes_that_are_not_utf8(tmp_path, output_root, capsys):
    """Item 5: one line naming the file, for a folder and for a file that is not UTF-8."""
    folder = tmp_path / "deck.yaml"
    folder.mkdir()
    status, lines = _validate_deck(folder, capsys)
    assert status == 2 and lines == [f"error: {folder}: is a folder, not a YAML file"]
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(_starter_deck(tmp_path / "x.yaml").read_bytes() + "# Café\n".encode("latin-1"))
    status, lines = _validate_deck(latin, capsys)
    assert status == 2 and len(lines) == 1 and f"{latin}: not UTF-8 text (byte 0xe9" in lines[0]


def test_near_miss_card_name_is_suggested(tmp_path, output_root, capsys):
    deck = _starter_deck(tmp_path / "deck.yaml").read_text().replace("hearthshell: 3", "glass_lynks: 3")
    (tmp_path / "deck.yaml").write_text(deck)
    status, lines = _validate_deck(tmp_path / "deck.yaml", capsys)
    assert status == 2 and len(lines) == 1 and "unknown card 'glass_lynks' (did you mean 'glass_lynx'?)" in lines[0]


def test_empty_card_names_and_ids_are_refused(tmp_path, output_root, capsys):
    """Item 12: a card needs a name a designer can read, in both games."""
    data = _copy("waybound", tmp_path)
    _edit_yaml(data / "cards.yaml", lambda c: c["cards"]["hearthshell"].__setitem__("name", ""))
    status, lines = _run([*WAYBOUND, f"data_dir={data}"], capsys)
    assert status == 2 and len(lines) == 1
    assert f"{data / 'cards.yaml'}: cards.hearthshell.name: name must be a non-empty text, got ''" in lines[0]
    _edit_yaml(data / "cards.yaml", lambda c: c["cards"].__setitem__("", c["cards"].pop("hearthshell")))
    status, lines = _run([*WAYBOUND, f"data_dir={data}"], capsys)
    assert status == 2 and len(lines) == 1 and "a card id must be a non-empty text" in lines[0]
    aeons = _copy("aeons_end", tmp_path)
    _edit_yaml(aeons / "player_cards.yaml", lambda c: c["cards"][0].__setitem__("name", " "))
    status, lines = _run(["validate", "game=aeons_end", f"data_dir={aeons}"], capsys)
    assert status == 2 and len(lines) == 1 and "player_cards.yaml" in lines[0] and "name must be a non-empty text" in lines[0]


def test_bad_errata_and_unknown_base_are_reported_against_the_edition_file(tmp_path, output_root, capsys):
    """Item 12: the edition file that holds the mistake is the one named, with its entry."""
    data = _copy("waybound", tmp_path)
    edition = data / "editions" / "0.36.yaml"
    _edit_yaml(edition, lambda e: e.__setitem__("card_errata", {"hearthshell": {"guard": 0}}))
    status, lines = _run([*WAYBOUND, f"data_dir={data}"], capsys)
    assert status == 2 and lines == [
        f"error: {edition}: card_errata.hearthshell.guard: must be between 1 and 20, got 0"
    ]
    _edit_yaml(edition, lambda e: e.__setitem__("card_errata", {"hearthshel": {"cost": 1}}))
    status, lines = _run([*WAYBOUND, f"data_dir={data}"], capsys)
    assert status == 2 and len(lines) == 1
    assert f"{edition}: card_errata.hearthshel: errata for unknown card 'hearthshel' (did you mean 'hearthshell'?)" in lines[0]
    _edit_yaml(edition, lambda e: e.__setitem__("card_errata", {}))
    _edit_yaml(edition, lambda e: e.__setitem__("companion_errata", {"brindle": {"guard": 99}}))
    status, lines = _run([*WAYBOUND, f"data_dir={data}"], capsys)
    assert status == 2 and lines == [f"error: {edition}: companion_errata.brindle.guard: must be between 1 and 20, got 99"]
    _edit_yaml(edition, lambda e: e.__setitem__("companion_errata", {}))
    derived = data / "editions" / "pre-0.36.yaml"
    _edit_yaml(derived, lambda e: e.__setitem__("base", "0.35"))
    status, lines = _run([*WAYBOUND, "edition=pre-0.36", f"data_dir={data}"], capsys)
    assert status == 2 and len(lines) == 1
    assert lines[0].startswith(f"error: {derived}: base: unknown base edition '0.35' (known: ")
    assert "(did you mean '0.36'?)" in lines[0]
    _edit_yaml(derived, lambda e: e.__setitem__("base", "0.36"))
    status, _ = _run([*WAYBOUND, "edition=pre-0.36", f"data_dir={data}"], capsys)
    assert status == 0


def test_every_config_value_is_checked_before_the_first_match(output_root, capsys, monkeypatch):
    """Item 7: a report option that fails after the sweep is refused before any match is played."""
    from sim.core import worker

    played = []
    monkeypatch.setattr(worker, "run_task", lambda *args: played.append(args))
    status, lines = _run(["sweep", *GOOD, "report.kinds=[]", "runner=sequential"], capsys)
    assert status == 2 and len(lines) == 1 and not played


@pytest.mark.parametrize(
    "manifest",
    [[1], {"name": "shapes"}, {"config": [1], "config_hash": "x"}, {"config": {"pairs": "many"}, "config_hash": "x"},
     {"config": {"game": "coin_race"}, "config_hash": "x", "rulesets": [1]}, "not json {"],
    ids=["a list", "no config", "config a list", "config of the wrong types", "rulesets a list", "not JSON"],
)
@pytest.mark.parametrize("command", ["sweep", "report", "replay"])
def test_a_manifest_of_the_wrong_shape_is_one_line(manifest, command, output_root, capsys):
    """Item 6: sweep, report and replay each refuse a manifest of another shape in one line."""
    args = {"sweep": ["sweep", *GOOD, "name=shapes", "runner.n_jobs=1", "runner.progress=false", "--no-report"],
            "report": ["report", "shapes"], "replay": ["replay", "shapes", "0"]}
    assert main(args["sweep"]) == 0
    path = output_root / "experiments" / "shapes" / "manifest.json"
    path.write_text(manifest if isinstance(manifest, str) else json.dumps(manifest))
    capsys.readouterr()
    status, lines = _run(args[command], capsys)
    assert status == 2 and len(lines) == 1 and lines[0].startswith("error: ")
    assert str(path) in lines[0] or "game" in lines[0]
    assert not (output_root / "reports").exists()


def _listener(reply: bytes) -> tuple[socket.socket, str]:
    """A TCP port that answers every connection with ``reply`` (not a Dask scheduler)."""
    server = socket.create_server(("127.0.0.1", 0))

    def serve():
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            with connection:
                connection.sendall(reply)

    threading.Thread(target=serve, daemon=True).start()
    return server, f"tcp://127.0.0.1:{server.getsockname()[1]}"


def test_an_unreachable_dask_scheduler_is_one_line_and_writes_nothing(output_root, capsys):
    """Item 8: refused or not a scheduler: one line, no experiment folder (no manifest left "running")."""
    pytest.importorskip("distributed")
    closed = socket.create_server(("127.0.0.1", 0))
    address = f"tcp://127.0.0.1:{closed.getsockname()[1]}"
    closed.close()
    status, lines = _run(["sweep", *GOOD, "runner=dask", f"runner.dask_address={address}"], capsys)
    assert status == 2 and len(lines) == 1
    assert f"cannot reach the Dask scheduler at {address}" in lines[0] and "refused" in lines[0]
    server, address = _listener(b"HTTP/1.0 426 Upgrade Required\r\n\r\n" * 4)
    try:
        status, lines = _run(["sweep", *GOOD, "runner=dask", f"runner.dask_address={address}"], capsys)
    finally:
        server.close()
    assert status == 2 and len(lines) == 1 and f"no Dask scheduler answers at {address}" in lines[0]
    assert not (output_root / "experiments").exists()


def test_more_workers_than_cores_are_capped_naming_the_core_count(output_root, capsys):
    """Item 9: runner.n_jobs=1000 runs on the machine's cores, and says so."""
    from joblib import cpu_count

    assert main(["validate", *GOOD, "runner.n_jobs=1000"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"note: runner.n_jobs=1000 is more than the {cpu_count()} core(s) of this machine; using {cpu_count()}"]
    assert main(["sweep", *GOOD, "runner.n_jobs=1000", "name=capped", "runner.progress=false", "--no-report"]) == 0
    manifest = json.loads((output_root / "experiments" / "capped" / "manifest.json").read_text())
    assert manifest["config"]["runner"]["n_jobs"] == cpu_count()


def test_compare_checks_every_experiment_before_writing(output_root, capsys):
    """Item 12: an experiment that never ran stops `compare` before any report is written."""
    assert main(["sweep", *GOOD, "name=ran", "runner.n_jobs=1", "runner.progress=false", "--no-report"]) == 0
    capsys.readouterr()
    status, lines = _run(["compare", "both", "ran", "never-ran"], capsys)
    assert status == 2 and len(lines) == 1 and "no experiment named 'never-ran'" in lines[0]
    status, lines = _run(["compare", "ran", "ran", "ran"], capsys)
    assert status == 2 and len(lines) == 1 and "at least two different experiments" in lines[0]
    assert not (output_root / "reports").exists()


def test_library_warnings_never_join_the_error_line(output_root, capsys, monkeypatch):
    """Item 12: a warning raised on the way to an error is not printed around the one error line; on
    success it is printed after the output, one line."""
    import warnings

    from sim.core import config
    from sim.core.errors import UserError

    def warn_then(outcome):
        def compose(overrides):
            warnings.warn("Glyph 8722 missing from font(s) DejaVu Sans.\nsecond line", UserWarning, stacklevel=1)
            if outcome:
                raise UserError("broken", file="config", entry="report")
            return original(overrides)

        return compose

    original = config.compose
    monkeypatch.setattr(config, "compose", warn_then(True))
    status, lines = _run(["validate", *GOOD], capsys)
    assert status == 2 and lines == ["error: config: report: broken"]
    monkeypatch.setattr(config, "compose", warn_then(False))
    status, lines = _run(["validate", *GOOD], capsys)
    assert status == 0 and lines == ["warning: UserWarning: Glyph 8722 missing from font(s) DejaVu Sans."]


def test_command_line_mistakes_are_one_line(capsys):
    with pytest.raises(SystemExit) as exit_status:
        main(["replay"])
    assert exit_status.value.code == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "error: sim replay: the following arguments are required: experiment, row (see sim replay --help)"
    ]


def test_read_yaml_refuses_a_key_given_twice_at_any_depth_but_keeps_merge_keys(tmp_path):
    from sim.core.data_files import read_yaml
    from sim.core.errors import UserError

    nested = tmp_path / "nested.yaml"
    nested.write_text("cards:\n  ember:\n    cost: 1\n    cost: 2\n")
    with pytest.raises(UserError, match=r"not valid YAML \(line 4\): duplicate key 'cost'"):
        read_yaml(nested)
    merged = tmp_path / "merged.yaml"
    merged.write_text("base: &base {cost: 1, force: 2}\nember:\n  <<: *base\n  cost: 3\n")
    assert read_yaml(merged)["ember"] == {"cost": 3, "force": 2}


def test_an_error_quoting_a_name_with_line_breaks_stays_one_line(tmp_path, output_root, capsys):
    """Found by the fuzzer: a `base:` of "\\r" printed the error over two lines."""
    data = _copy("waybound", tmp_path)
    _edit_yaml(data / "editions" / "pre-0.36.yaml", lambda e: e.__setitem__("base", "0.3\n6"))
    status, lines = _run([*WAYBOUND, "edition=pre-0.36", f"data_dir={data}"], capsys)
    assert status == 2 and len(lines) == 1 and "unknown base edition '0.3\\n6'" in lines[0]


def test_a_deck_whose_faction_is_not_a_name_is_one_line(tmp_path, output_root, capsys):
    """Found by the fuzzer: `faction: []` was a TypeError."""
    deck = tmp_path / "deck.yaml"
    deck.write_text(_starter_deck(tmp_path / "x.yaml").read_text().replace("faction: hearthbound", "faction: []"))
    status, lines = _validate_deck(deck, capsys)
    assert status == 2 and lines == [f"error: {deck}: faction: unknown faction '[]'"]


def test_keys_of_another_type_beside_names_are_one_line(tmp_path, output_root, capsys):
    """Found by the fuzzer: a Companion id `7:` beside named ones, or an unknown key in Aeon's End's
    rules.yaml, reached the ruleset hash (a TypeError sorting mixed keys)."""
    data = _copy("waybound", tmp_path)
    _edit_yaml(data / "companions.yaml", lambda c: c["companions"].__setitem__(7, c["companions"]["brindle"]))
    status, lines = _run([*WAYBOUND, f"data_dir={data}"], capsys)
    assert status == 2 and len(lines) == 1 and "companions.7: a Companion id must be a non-empty text, got 7" in lines[0]
    aeons = _copy("aeons_end", tmp_path)
    _edit_yaml(aeons / "rules.yaml", lambda r: r.__setitem__(7, 1))
    status, lines = _run(["validate", "game=aeons_end", f"data_dir={aeons}"], capsys)
    assert status == 2 and len(lines) == 1 and f"{aeons / 'rules.yaml'}: 7: unknown key '7'" in lines[0]


def test_every_line_break_character_in_a_quoted_name_is_escaped():
    """The tests read stderr with str.splitlines, which also breaks at \\v, \\f, \\x1c-\\x1e, \\x85,
    \\u2028 and \\u2029: none of them may split the error line."""
    from sim.core.errors import UserError

    for char in "\r\n\v\f\x1c\x1d\x1e\x85\u2028\u2029":
        message = str(UserError(f"rule{char}broken", file=f"a{char}.yaml", entry=f"cards.{char}"))
        assert len(message.splitlines()) == 1, repr(message)
    assert str(UserError("é ü", entry="naïve")) == "naïve: é ü"  # printable text is kept as it is


def test_a_sweep_ends_with_its_answer_not_a_path(output_root, capsys):
    """Issue 44 items 4 and 5: the terminal's last lines are the report's path and then its answer."""
    assert main(["sweep", "game=coin_race", "pairs=8", "name=answered", "runner.progress=false"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-2].startswith("report: ") and out[-1].startswith("answer: Under standard the first player wins ")
