"""Random mutations of the games' real designer YAML, for the fault suite (tests/core/test_fault_suite.py).

A mutation is either structural (parse the file, change one node: drop a key, give a value of
another type or out of range, misspell a name, add an unknown key) or textual (cut the file short,
put a byte that is not UTF-8 in it, repeat a line, so that a key can appear twice). The mutated file
is written into a copy of the game's data folder, which the game then reads through ``data_dir=``.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml
from hypothesis import strategies as st

from sim.core.paths import DECKS_DIR


@dataclass(frozen=True)
class Target:
    """A designer file of a game and the command-line overrides of a run that reads it."""

    game: str
    path: str  # inside the data folder, or "deck.yaml" (a custom deck next to it)
    overrides: tuple[str, ...]


def _custom_deck(data_dir: Path) -> Path:
    """Hearthbound's starter as a custom deck file (the deck a designer edits)."""
    factions = yaml.safe_load((data_dir / "factions.yaml").read_text())
    path = data_dir.parent / "deck.yaml"
    path.write_text(yaml.safe_dump({"faction": "hearthbound", "cards": factions["factions"]["hearthbound"]["starter"]}))
    return path


WAYBOUND = ("game=waybound", "policies=[greedy_explorer]")
AEONS_END = ("game=aeons_end", "edition=normal", "matchups=[adelheim+brama vs rageborne @standard]")
COIN_RACE = ("game=coin_race", "matchups=[high vs low]", "policies=[mixed]")
TARGETS = (
    Target("coin_race", "cards.yaml", COIN_RACE),
    Target("coin_race", "decks.yaml", COIN_RACE),
    Target("coin_race", "editions/standard.yaml", COIN_RACE),
    Target("coin_race", "editions/short.yaml", COIN_RACE + ("edition=short",)),
    Target("coin_race", "policies/mixed.yaml", COIN_RACE),
    Target("waybound", "deck.yaml", WAYBOUND + ("matchups=[custom:{deck}/brindle vs ironmaw/skara]",)),
    Target("waybound", "cards.yaml", WAYBOUND + ("matchups=[hearthbound/brindle vs ironmaw/skara]",)),
    Target("waybound", "companions.yaml", WAYBOUND + ("matchups=[hearthbound/brindle vs ironmaw/skara]",)),
    Target("waybound", "factions.yaml", WAYBOUND + ("matchups=[hearthbound/brindle vs ironmaw/skara]",)),
    Target("waybound", "editions/0.36.yaml", WAYBOUND + ("matchups=[hearthbound/brindle vs ironmaw/skara]",)),
    Target("waybound", "editions/pre-0.36.yaml", WAYBOUND + ("edition=pre-0.36", "matchups=[hearthbound/brindle vs ironmaw/skara]")),
    Target("waybound", "policies/greedy_explorer.yaml", WAYBOUND + ("matchups=[hearthbound/brindle vs ironmaw/skara]",)),
    Target("aeons_end", "player_cards.yaml", AEONS_END + ("policies=[greedy_economy]",)),
    Target("aeons_end", "mages.yaml", AEONS_END + ("policies=[greedy_economy]",)),
    Target("aeons_end", "nemeses/rageborne.yaml", AEONS_END + ("policies=[greedy_economy]",)),
    Target("aeons_end", "nemesis_basic_legacy.yaml", AEONS_END + ("policies=[greedy_economy]",)),
    Target("aeons_end", "editions/normal.yaml", AEONS_END + ("policies=[greedy_economy]",)),
    Target("aeons_end", "editions/beginner.yaml", AEONS_END + ("policies=[greedy_economy]", "edition=beginner")),
    Target("aeons_end", "rules.yaml", AEONS_END + ("policies=[greedy_economy]",)),
    Target("aeons_end", "supplies/standard.yaml", AEONS_END + ("policies=[greedy_economy]",)),
    Target("aeons_end", "policies/greedy_economy.yaml", AEONS_END + ("policies=[greedy_economy]",)),
    Target("aeons_end", "policies/search.yaml", AEONS_END + ("policies=[search]",)),
)


def copy_data(game: str, root: Path) -> tuple[Path, Path]:
    """A copy of decks/<game>/ under ``root`` and the custom deck beside it."""
    data_dir = root / game
    shutil.copytree(DECKS_DIR / game, data_dir)
    return data_dir, _custom_deck(data_dir) if game == "waybound" else root / "deck.yaml"


# ---- mutations ----------------------------------------------------------------------------------

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.sampled_from([-1, 0, 1, 2, 6, 7, 20, 21, 99, 100, 1000, 10**9]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", " ", "x", "none", "ally", "tactic", "spell", "gem", "relic", "open", "stage 9", "damage 2"]),
    st.text(max_size=12),
)
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=3), st.dictionaries(st.text(max_size=6), SCALARS, max_size=2))


def _paths(node, prefix=()):
    """Every place in a parsed YAML tree: (path of keys / indices, value)."""
    yield prefix, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, prefix + (index,))


def _misspell(draw, text: str) -> str:
    if not text:
        return "x"
    index = draw(st.integers(0, len(text) - 1))
    return text[:index] + draw(st.sampled_from(["", "x", text[index] * 2, "_"])) + text[index + 1 :]


@st.composite
def structural(draw, content):
    """One node of the parsed file changed."""
    places = [(path, value) for path, value in _paths(content) if path]
    if not places:
        return draw(VALUES)
    path, value = draw(st.sampled_from(places))
    parent = content
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    action = draw(st.sampled_from(["replace", "drop", "rename", "add", "misspell"]))
    if action == "drop":
        del parent[last]
    elif action == "rename" and isinstance(parent, dict):
        parent[_misspell(draw, str(last))] = parent.pop(last)
    elif action == "add" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["colour", "amount", "assumed", "cost", "", "base"]))] = draw(VALUES)
    elif action == "misspell" and isinstance(value, str):
        parent[last] = _misspell(draw, value)
    else:
        parent[last] = draw(VALUES)
    return content


@st.composite
def mutated_text(draw, text: str) -> bytes:
    """The file's bytes after one mutation."""
    kind = draw(st.sampled_from(["structural", "structural", "structural", "truncate", "byte", "repeat_line"]))
    if kind == "structural":
        content = yaml.safe_load(text)
        for _ in range(draw(st.integers(1, 3))):
            content = draw(structural(content))
        return yaml.safe_dump(content, sort_keys=False, allow_unicode=True).encode()
    data = text.encode()
    if kind == "truncate":
        return data[: draw(st.integers(0, len(data)))]
    if kind == "byte":
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\x00", b"\t", b":", b"\n  - "])) + data[at:]
    lines = text.splitlines(keepends=True)
    at = draw(st.integers(0, len(lines) - 1))
    return "".join(lines[: at + 1] + [lines[at]] + lines[at + 1 :]).encode()
