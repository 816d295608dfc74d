"""Coin Race's designer data (decks/coin_race/) -> validated, packed tables.

- cards.yaml: card name -> {value}
- decks.yaml: decks (name -> {card: copies}) and matchup_sets (name -> entries)
- editions/<name>.yaml: rule values, a delta over `base` (sim/core/editions.py)
- policies/<name>.yaml: bots (sim/core/policies.py)
Every mistake is one UserError naming the file, the entry and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.core import editions
from sim.core.data_files import read_yaml
from sim.core.errors import UserError, did_you_mean
from sim.core.game import content_hash
from sim.core.paths import DECKS_DIR
from sim.games.coin_race import tables, vocab

DATA_DIR = DECKS_DIR / "coin_race"


@dataclass(frozen=True)
class Library:
    card_names: tuple[str, ...]
    card_values: tuple[int, ...]
    decks: dict[str, tuple[int, ...]]  # deck name -> card ids, in file order (the kernel shuffles)
    matchup_sets: dict[str, tuple[str, ...]]


def _mapping(value, file: str, entry: str) -> dict:
    if not isinstance(value, dict):
        raise UserError("must be a mapping", file=file, entry=entry)
    return value


def _count(value, file: str, entry: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UserError(f"must be a whole number from {low} to {high} (got {value!r})", file=file, entry=entry)
    return value


def load_library(data_dir: Path = DATA_DIR) -> Library:
    cards_file = str(data_dir / "cards.yaml")
    raw = _mapping(read_yaml(data_dir / "cards.yaml"), cards_file, "top level")
    cards = _mapping(raw.get("cards"), cards_file, "cards")
    if not 1 <= len(cards) <= vocab.MAX_CARDS:
        raise UserError(f"give 1 to {vocab.MAX_CARDS} cards", file=cards_file, entry="cards")
    names, values = [], []
    for name, fields in cards.items():
        fields = _mapping(fields, cards_file, f"cards.{name}")
        for key in fields:
            if key not in vocab.CARD_FIELDS:
                raise UserError(f"unknown field '{key}' (fields: {', '.join(vocab.CARD_FIELDS)})", file=cards_file,
                                entry=f"cards.{name}")
        if "value" not in fields:
            raise UserError("a card needs a value", file=cards_file, entry=f"cards.{name}")
        names.append(str(name))
        values.append(_count(fields["value"], cards_file, f"cards.{name}.value", *vocab.CARD_VALUE_LIMITS))

    decks_file = str(data_dir / "decks.yaml")
    raw = _mapping(read_yaml(data_dir / "decks.yaml"), decks_file, "top level")
    decks = {}
    for deck, counts in _mapping(raw.get("decks"), decks_file, "decks").items():
        counts = _mapping(counts, decks_file, f"decks.{deck}")
        ids: list[int] = []
        for card, copies in counts.items():
            if card not in names:
                raise UserError(f"unknown card '{card}' (cards.yaml has {', '.join(names)})", file=decks_file,
                                entry=f"decks.{deck}")
            ids += [names.index(card)] * _count(copies, decks_file, f"decks.{deck}.{card}", 0, 40)
        decks[str(deck)] = tuple(ids)
    sets = {}
    for set_name, entries in _mapping(raw.get("matchup_sets"), decks_file, "matchup_sets").items():
        if not isinstance(entries, list) or not entries:
            raise UserError("a matchup set is a non-empty list of entries", file=decks_file,
                            entry=f"matchup_sets.{set_name}")
        sets[str(set_name)] = tuple(str(e) for e in entries)
    return Library(tuple(names), tuple(values), decks, sets)


def _check_rule(rule: str, value, file: str, entry: str) -> int:
    if rule not in vocab.RULE_LIMITS:
        raise UserError(f"unknown rule '{rule}'{did_you_mean(rule, vocab.RULE_NAMES)} (rules: {', '.join(vocab.RULE_NAMES)})", file=file, entry=entry)
    return _count(value, file, entry, *vocab.RULE_LIMITS[rule])


def load_ruleset_table(edition: str, library: Library, data_dir: Path = DATA_DIR) -> tuple[np.ndarray, dict]:
    """(packed ruleset table, resolved edition) of an edition, with every deck checked against it."""
    resolved = editions.resolve(data_dir, edition, _check_rule)
    rules = resolved["rules"]
    missing = [r for r in vocab.RULE_NAMES if r not in rules]
    if missing:
        raise UserError(f"rule '{missing[0]}' is not set by the edition or its bases", file=str(data_dir / "editions"),
                        entry=edition)
    for deck, ids in library.decks.items():
        if len(ids) != rules["deck_size"]:
            raise UserError(f"has {len(ids)} cards; edition {edition} wants deck_size {rules['deck_size']}",
                            file=str(data_dir / "decks.yaml"), entry=f"decks.{deck}")
    if rules["gamble_success_at"] > rules["die_sides"]:
        raise UserError("gamble_success_at is more than the die has sides: a gamble could never succeed",
                        file=str(data_dir / "editions"), entry=edition)
    return tables.pack_ruleset(rules, list(library.card_values)), resolved


@dataclass(frozen=True)
class Entry:
    sides: tuple[str, ...]  # "low" or "low+high" per side
    decks: tuple[str, ...]  # deck per slot
    seats_per_side: int


def parse_entry(entry: str, library: Library) -> Entry:
    """'<deck> vs <deck>' or '<deck>+<deck> vs <deck>+<deck>'."""
    sides = [s.strip() for s in entry.split(" vs ")]
    if len(sides) != 2:
        raise UserError("a matchup is '<deck> vs <deck>' or '<deck>+<deck> vs <deck>+<deck>'", entry=entry)
    teams = [[d.strip() for d in side.split("+")] for side in sides]
    if len({len(t) for t in teams}) != 1 or len(teams[0]) > 2:
        raise UserError("both sides need the same number of players (1 or 2)", entry=entry)
    for team in teams:
        for deck in team:
            if deck not in library.decks:
                raise UserError(f"unknown deck '{deck}' (decks.yaml has {', '.join(library.decks)})", entry=entry)
    return Entry(tuple("+".join(t) for t in teams), tuple(d for t in teams for d in t), len(teams[0]))


def matchup_id(entry: Entry) -> str:
    return "_vs_".join(entry.sides)


def matchup_hash(entry: Entry, library: Library) -> str:
    return content_hash([entry.sides, [library.decks[d] for d in entry.decks]])
