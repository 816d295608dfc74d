"""Rule editions, the same format for every game: one YAML file per edition in
``decks/<game>/editions/<name>.yaml``, each a delta over the edition named by ``base``.

    name: "0.36-no-opening"        # optional; must equal the file name
    base: "0.36"                   # optional; the chain ends at an edition without base
    description: "0.36 without the opening rule"
    rules:                         # rule values: override the base's
      opening_no_first_explore: false
    card_errata:                   # one mapping per game-declared errata section: merged per entry
      glass_lynx: {cost: 2}

`resolve` walks the chain to its root and merges it; the game checks each rule value and each
errata entry through the callbacks it passes, so every error names the edition file it is in.
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sim.core.data_files import read_yaml
from sim.core.errors import UserError

RuleCheck = Callable[[str, Any, str, str], Any]  # (rule, value, file, entry) -> checked value
ErrataCheck = Callable[[str, str, dict, str, str], None]  # (section, target, fields, file, entry)


def names(folder: Path) -> list[str]:
    return sorted(p.stem for p in (folder / "editions").glob("*.yaml"))


def unknown(name: str, known: list[str], file: str | None = None, entry: str = "edition") -> UserError:
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return UserError(f"unknown edition '{name}'{hint} (known: {', '.join(known)})", file=file, entry=entry)


def resolve(
    folder: Path,
    name: str,
    check_rule: RuleCheck,
    errata_sections: tuple[str, ...] = (),
    check_errata: ErrataCheck | None = None,
) -> dict:
    """The merged edition: {"name", "description", "chain", "rules": {...}, <section>: {...}}.
    ``chain`` lists the editions from the root to ``name``."""
    chain: list[tuple[str, dict, str]] = []
    current, referrer = name, None
    while current is not None:
        if current in [c[0] for c in chain]:
            raise UserError(f"edition base cycle: {' -> '.join([c[0] for c in chain] + [current])}", file=referrer, entry="base")
        path = folder / "editions" / f"{current}.yaml"
        if not path.is_file():
            raise unknown(current, names(folder), file=referrer, entry="base" if referrer else "edition")
        file = str(path)
        raw = read_yaml(path)
        if not isinstance(raw, dict):
            raise UserError("an edition file is a mapping (base, description, rules, ...)", file=file)
        allowed = {"name", "base", "description", "rules", *errata_sections}
        for key in raw:
            if key not in allowed:
                raise UserError(f"unknown key '{key}' (allowed: {', '.join(sorted(allowed))})", file=file, entry=str(key))
        if str(raw.get("name", current)) != current:
            raise UserError(f"name '{raw.get('name')}' differs from the file name", file=file, entry="name")
        chain.append((current, raw, file))
        base = raw.get("base")
        referrer = file
        current = None if base is None else str(base)

    merged: dict[str, Any] = {"rules": {}, **{section: {} for section in errata_sections}}
    for _, raw, file in reversed(chain):
        rules = raw.get("rules") or {}
        if not isinstance(rules, dict):
            raise UserError("rules must be a mapping of rule: value", file=file, entry="rules")
        for rule, value in rules.items():
            merged["rules"][str(rule)] = check_rule(str(rule), value, file, f"rules.{rule}")
        for section in errata_sections:
            entries = raw.get(section) or {}
            if not isinstance(entries, dict):
                raise UserError(f"{section} must be a mapping of entry: fields", file=file, entry=section)
            for target, fields in entries.items():
                where = f"{section}.{target}"
                if not isinstance(fields, dict):
                    raise UserError("errata are a mapping of field: value", file=file, entry=where)
                if check_errata is not None:
                    check_errata(section, str(target), fields, file, where)
                merged[section].setdefault(str(target), {}).update(copy.deepcopy(fields))
    merged["name"] = name
    merged["description"] = str(chain[0][1].get("description", ""))
    merged["chain"] = [c[0] for c in reversed(chain)]
    return merged
