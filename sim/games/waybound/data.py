"""Load and validate Waybound designer data (cards, Companions, factions, editions, decks, bots)
and compile it into the numpy tables the kernels take as arguments.

Every mistake raises `UserError(message, file=..., entry=...)`: one line naming the file, the entry
and the rule broken.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from sim.core.data_files import check_name, read_yaml
from sim.core.errors import UserError, did_you_mean
from sim.games.waybound import layout as L
from sim.games.waybound import vocab as V

DATA_DIR = Path(__file__).resolve().parents[3] / "decks" / "waybound"

CARD_KEYS = {
    "name",
    "faction",
    "kind",
    "cost",
    "force",
    "guard",
    "insight",
    "keywords",
    "shift",
    "effect",
    "amount",
    "max_copies",
    "assumed",
}
STAGE_KEYS = {"name", "force", "guard", "insight", "abilities", "assumed"}
COMPANION_KEYS = {"name", "faction", "base", "paths", "ascended", "assumed"}
FACTION_KEYS = {"name", "companions", "ability", "starter", "assumed"}
EDITION_KEYS = {"name", "base", "description", "rules", "card_errata", "companion_errata", "faction_errata"}
ERRATA_CARD_KEYS = {"cost", "force", "guard", "insight", "amount", "keywords", "max_copies", "assumed"}
ERRATA_COMPANION_KEYS = {"force", "guard", "insight", "assumed"}
# A deck variant as an edition: `faction_errata: {hearthbound: {starter: {thornrush: 2, cinderbolt: 2}}}`
# sets those cards' copies in the faction's starter (0 removes a card); the recipe is then checked as
# any deck. The faction keeps its matchup ids, so the variant plays the same deals as the deck it varies.
ERRATA_FACTION_KEYS = {"starter", "assumed"}
DECK_KEYS = {"faction", "name", "cards", "assumed"}
POLICY_KEYS = {"name", "kind", "weights", "candidates", "rollouts", "horizon_turns"}
# the ISMCTS bot's budget, top-level keys beside candidates and horizon_turns: name -> (parameter index,
# lowest, highest, whole number)
ISMCTS_BUDGET = {
    "iterations": (V.PARAM_ITERATIONS, 1, L.TREE_CAPACITY - 1, True),
    "worlds": (V.PARAM_WORLDS, 1, L.MAX_WORLDS, True),
    "exploration": (V.PARAM_EXPLORATION, 0.0, 10.0, False),
    "evaluation_scale": (V.PARAM_EVALUATION_SCALE, 0.01, 1000.0, False),
}
BOT_KINDS = ("greedy", "search", "ismcts")
MAX_WEIGHT = 1e9


def _mapping(value: Any, file: str, entry: str) -> dict:
    if not isinstance(value, dict):
        raise UserError("must be a mapping", file=file, entry=entry)
    return value


def _check_keys(value: dict, allowed: set[str], file: str, entry: str) -> None:
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise UserError(
            f"unknown key '{unknown[0]}' (allowed: {', '.join(sorted(allowed))})", file=file, entry=entry
        )


def _int(value: Any, file: str, entry: str, low: int = 0, high: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(f"must be an integer, got {value!r}", file=file, entry=entry)
    if not low <= value <= high:
        raise UserError(f"must be between {low} and {high}, got {value}", file=file, entry=entry)
    return value


def _number(value: Any, file: str, entry: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise UserError(f"must be a number from {low:g} to {high:g}, got {value!r}", file=file, entry=entry)
    return float(value)


def _keywords(raw: Any, file: str, entry: str) -> dict[str, int]:
    """A list of names or one-key mappings {name: number} -> {name: value}."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise UserError("keywords must be a list", file=file, entry=entry)
    result: dict[str, int] = {}
    for item in raw:
        if isinstance(item, str):
            name, value = item, 1
        elif isinstance(item, dict) and len(item) == 1:
            name, value = next(iter(item.items()))
            value = _int(value, file, f"{entry}.{name}", 1, 20)
        else:
            raise UserError(
                f"keyword must be a name or {{name: number}}, got {item!r}", file=file, entry=entry
            )
        if name not in V.KW:
            raise UserError(f"unknown keyword '{name}'", file=file, entry=entry)
        result[name] = value
    return result


@dataclass(frozen=True)
class Tables:
    """Compiled ruleset: everything the kernels need, as arrays."""

    rules: np.ndarray  # int32[N_RULES]
    cards: np.ndarray  # int32[n_cards, CARD_WIDTH]
    profiles: np.ndarray  # int32[n_profiles, PROFILE_WIDTH]
    companion_profile: np.ndarray  # int32[n_companions]: profile of stage 0
    card_ids: tuple[str, ...]
    card_display: tuple[str, ...]
    companion_ids: tuple[str, ...]
    companion_faction: tuple[str, ...]
    stage_names: tuple[tuple[str, ...], ...]  # per companion: base, path0, path1, asc0, asc1
    path_ids: tuple[tuple[str, str], ...]
    factions: dict  # faction id -> {companions, ability, starter}
    resolved: dict  # the resolved edition + library content (hashed)
    assumed: tuple[str, ...]

    def card_index(self, card_id: str) -> int:
        return self.card_ids.index(card_id)


# ------------------------------------------------------------------------------------ editions
def edition_names(data_dir: Path = DATA_DIR) -> list[str]:
    return sorted(p.stem for p in (data_dir / "editions").glob("*.yaml"))


def resolve_edition(
    name: str, data_dir: Path = DATA_DIR, _seen: tuple[str, ...] = (), origins: dict | None = None
) -> dict:
    """Merge an edition onto its base chain: rules override, errata merge per card. ``origins``, if
    given, receives the edition file that set each errata: (section, target[, field]) -> file."""
    if name in _seen:
        raise UserError(f"edition base cycle: {' -> '.join(_seen + (name,))}", entry=name)
    path = data_dir / "editions" / f"{name}.yaml"
    if not path.exists():
        raise UserError(
            f"unknown edition '{name}' (known: {', '.join(edition_names(data_dir))})", entry="edition"
        )
    file = str(path)
    raw = _mapping(read_yaml(path), file, name)
    _check_keys(raw, EDITION_KEYS, file, name)
    if str(raw.get("name", name)) != name:
        raise UserError(f"name '{raw.get('name')}' differs from the file name", file=file, entry="name")
    if "base" in raw:
        base, known = str(raw["base"]), edition_names(data_dir)
        if base not in known:
            raise UserError(
                f"unknown base edition '{base}' (known: {', '.join(known)})" + did_you_mean(base, known),
                file=file,
                entry="base",
            )
        merged = resolve_edition(base, data_dir, _seen + (name,), origins)
    else:
        merged = {"rules": {}, "card_errata": {}, "companion_errata": {}}
    rules = _mapping(raw.get("rules") or {}, file, "rules")
    for key, value in rules.items():
        if key not in V.RULE:
            raise UserError(f"unknown rule '{key}'{did_you_mean(key, V.RULE)}", file=file, entry=f"rules.{key}")
        if isinstance(value, bool):
            value = int(value)
        merged["rules"][key] = _int(value, file, f"rules.{key}", 0, 1000)
    sections = {"card_errata": ERRATA_CARD_KEYS, "companion_errata": ERRATA_COMPANION_KEYS,
                "faction_errata": ERRATA_FACTION_KEYS}
    for section, allowed in sections.items():
        for target, fields in _mapping(raw.get(section) or {}, file, section).items():
            fields = _mapping(fields, file, f"{section}.{target}")
            _check_keys(fields, allowed, file, f"{section}.{target}")
            fields = copy.deepcopy(fields)
            merged_fields = merged.setdefault(section, {}).setdefault(target, {})
            if "starter" in fields:  # copies per card merge along the chain, like errata fields
                starter = _mapping(fields.pop("starter"), file, f"{section}.{target}.starter")
                merged_fields.setdefault("starter", {}).update(starter)
                if origins is not None:
                    origins.update({(section, target, "starter", card): file for card in starter})
            merged_fields.update(fields)
            if origins is not None:
                origins[(section, target)] = file
                origins.update({(section, target, key): file for key in fields})
    merged["name"] = name
    merged["description"] = str(raw.get("description", ""))
    return merged


# ------------------------------------------------------------------------------------ library
def load_tables(edition: str, data_dir: Path = DATA_DIR) -> Tables:
    errata_files: dict = {}
    resolved_edition = resolve_edition(edition, data_dir, origins=errata_files)

    def source(section: str, target: str, key: str, file: str, entry: str) -> tuple[str, str]:
        """(file, entry) to blame for a field: the edition file whose errata set it, else its own file."""
        for name in (target, "all"):
            if (section, name, key) in errata_files:
                return errata_files[(section, name, key)], f"{section}.{name}.{key}"
        return file, entry

    missing = [r for r in V.RULE_NAMES if r not in resolved_edition["rules"]]
    if missing:
        raise UserError(f"rule '{missing[0]}' is not set by the edition or its bases", entry=edition)
    rules = np.array([resolved_edition["rules"][r] for r in V.RULE_NAMES], dtype=np.int32)

    cards_file = str(data_dir / "cards.yaml")
    cards_raw = _mapping(read_yaml(data_dir / "cards.yaml"), cards_file, "top level")
    _check_keys(cards_raw, {"cards"}, cards_file, "top level")
    cards_raw = copy.deepcopy(_mapping(cards_raw.get("cards"), cards_file, "cards"))
    for card_id, fields in resolved_edition["card_errata"].items():
        if card_id not in cards_raw:
            raise UserError(
                f"errata for unknown card '{card_id}'" + did_you_mean(card_id, cards_raw),
                file=errata_files[("card_errata", card_id)],
                entry=f"card_errata.{card_id}",
            )
        _mapping(cards_raw[card_id], cards_file, f"cards.{card_id}").update(fields)

    comps_file = str(data_dir / "companions.yaml")
    comps_raw = _mapping(read_yaml(data_dir / "companions.yaml"), comps_file, "top level")
    _check_keys(comps_raw, {"companions"}, comps_file, "top level")
    comps_raw = copy.deepcopy(_mapping(comps_raw.get("companions"), comps_file, "companions"))
    for comp_id, fields in resolved_edition["companion_errata"].items():
        targets = list(comps_raw) if comp_id == "all" else [comp_id]
        if comp_id != "all" and comp_id not in comps_raw:
            raise UserError(
                f"errata for unknown Companion '{comp_id}'" + did_you_mean(comp_id, comps_raw),
                file=errata_files[("companion_errata", comp_id)],
                entry=f"companion_errata.{comp_id}",
            )
        for target in targets:
            entry = f"companions.{target}"
            companion = _mapping(comps_raw[target], comps_file, entry)
            base_stage = _mapping(companion.get("base"), comps_file, f"{entry}.base")
            for key, value in fields.items():
                if key != "assumed":
                    base_stage[key] = value

    assumed: list[str] = []
    profiles: list[list[int]] = []

    def add_profile(force: int, guard: int, insight: int, keywords: dict[str, int]) -> int:
        row = [force, guard, insight] + [0] * V.N_KEYWORDS
        for name, value in keywords.items():
            row[V.PF_KW + V.KW[name]] = value
        profiles.append(row)
        return len(profiles) - 1

    card_ids: list[str] = []
    card_rows: list[list[int]] = []
    display: list[str] = []
    for card_id, fields in cards_raw.items():
        entry = f"cards.{card_id}"
        check_name(card_id, cards_file, entry, "a card id")

        def card_field(key: str) -> tuple[str, str]:
            return source("card_errata", card_id, key, cards_file, f"{entry}.{key}")  # noqa: B023

        fields = _mapping(fields, cards_file, entry)
        _check_keys(fields, CARD_KEYS, cards_file, entry)
        for required in ("name", "faction", "kind", "cost"):
            if required not in fields:
                raise UserError(f"missing '{required}'", file=cards_file, entry=entry)
        check_name(fields["name"], cards_file, f"{entry}.name")
        if fields["faction"] not in V.FACTIONS:
            raise UserError(
                f"unknown faction '{fields['faction']}'" + did_you_mean(fields["faction"], V.FACTIONS),
                file=cards_file,
                entry=entry,
            )
        cost = _int(fields["cost"], *card_field("cost"), 0, 6)
        max_copies = _int(fields.get("max_copies", 99), *card_field("max_copies"), 1, 99)
        row = [0] * V.CARD_WIDTH
        row[V.C_COST] = cost
        row[V.C_FACTION] = V.FACTIONS.index(fields["faction"])
        row[V.C_MAX_COPIES] = max_copies
        row[V.C_ALT_PROFILE] = -1
        row[V.C_PROFILE] = -1
        if fields["kind"] == "ally":
            for banned in ("effect", "amount"):
                if banned in fields:
                    file, entry_of = card_field(banned)
                    raise UserError(f"an Ally has no '{banned}'", file=file, entry=entry_of)
            for stat in ("force", "guard", "insight"):
                if stat not in fields:
                    raise UserError(f"missing '{stat}'", file=cards_file, entry=entry)
            force = _int(fields["force"], *card_field("force"), 0, 20)
            guard = _int(fields["guard"], *card_field("guard"), 1, 20)
            insight = _int(fields["insight"], *card_field("insight"), 0, 20)
            keywords = _keywords(fields.get("keywords"), *card_field("keywords"))
            row[V.C_KIND] = V.KIND_ALLY
            row[V.C_PROFILE] = add_profile(force, guard, insight, keywords)
            if "shift" in fields:
                shift = _mapping(fields["shift"], cards_file, f"{entry}.shift")
                _check_keys(shift, {"force", "guard", "insight"}, cards_file, f"{entry}.shift")
                row[V.C_ALT_PROFILE] = add_profile(
                    _int(shift.get("force", 0), cards_file, f"{entry}.shift.force", 0, 20),
                    _int(shift.get("guard", 1), cards_file, f"{entry}.shift.guard", 1, 20),
                    _int(shift.get("insight", 0), cards_file, f"{entry}.shift.insight", 0, 20),
                    keywords,
                )
        elif fields["kind"] == "tactic":
            for banned in ("force", "guard", "insight", "keywords", "shift"):
                if banned in fields:
                    file, entry_of = card_field(banned)
                    raise UserError(f"a Tactic has no '{banned}'", file=file, entry=entry_of)
            effect = fields.get("effect")
            if not isinstance(effect, str) or effect not in V.EFFECT or effect == "none":
                raise UserError(f"unknown or missing effect '{effect}'", file=cards_file, entry=entry)
            row[V.C_KIND] = V.KIND_TACTIC
            row[V.C_EFFECT] = V.EFFECT[effect]
            needs_amount = effect in {
                "damage_any",
                "buff_force",
                "buff_insight",
                "damage_ally_at_companion_route",
                "companion_move_heal",
                "draw_move",
                "draw",
                "heal",
                "heal_route",
                "heal_move",
                "damage_opposing_ally",
                "open_netherway_draw",
            }
            if needs_amount and "amount" not in fields:
                raise UserError(f"effect '{effect}' needs an 'amount'", file=cards_file, entry=entry)
            row[V.C_AMOUNT] = _int(fields.get("amount", 0), *card_field("amount"), 0, 20)
        else:
            raise UserError(
                f"kind must be 'ally' or 'tactic', got {fields['kind']!r}", file=cards_file, entry=entry
            )
        if "assumed" in fields:
            assumed.append(f"card {card_id}: {fields['assumed']}")
        card_ids.append(card_id)
        card_rows.append(row)
        display.append(fields["name"])

    companion_ids: list[str] = []
    companion_faction: list[str] = []
    companion_profile: list[int] = []
    stage_names: list[tuple[str, ...]] = []
    path_ids: list[tuple[str, str]] = []
    for comp_id, fields in comps_raw.items():
        entry = f"companions.{comp_id}"
        check_name(comp_id, comps_file, entry, "a Companion id")
        fields = _mapping(fields, comps_file, entry)
        _check_keys(fields, COMPANION_KEYS, comps_file, entry)
        if fields.get("faction") not in V.FACTIONS[:4]:
            raise UserError(f"unknown faction '{fields.get('faction')}'", file=comps_file, entry=entry)

        def stage(raw: Any, where: str, inherit: dict | None = None) -> tuple[int, int, int, dict[str, int]]:
            raw = _mapping(raw, comps_file, where)
            _check_keys(raw, STAGE_KEYS, comps_file, where)
            base = inherit or {}
            stats = []
            for stat, low in (("force", 0), ("guard", 1), ("insight", 0)):
                # the base stage's stats may come from an edition's companion errata
                file, entry = (comps_file, f"{where}.{stat}")
                if inherit is None:
                    file, entry = source("companion_errata", comp_id, stat, file, entry)  # noqa: B023
                stats.append(_int(raw.get(stat, base.get(stat, -1)), file, entry, low, 20))
            force, guard, insight = stats
            if "assumed" in raw:
                assumed.append(f"companion {where}: {raw['assumed']}")
            return force, guard, insight, _keywords(raw.get("abilities"), comps_file, f"{where}.abilities")

        base = stage(fields.get("base"), f"{entry}.base")
        paths = _mapping(fields.get("paths"), comps_file, f"{entry}.paths")
        if len(paths) != 2:
            raise UserError("a Companion has exactly two paths", file=comps_file, entry=f"{entry}.paths")
        ascended_raw = _mapping(fields.get("ascended"), comps_file, f"{entry}.ascended")
        _check_keys(ascended_raw, {"name", "abilities", "assumed"}, comps_file, f"{entry}.ascended")
        ascended_kw = _keywords(ascended_raw.get("abilities"), comps_file, f"{entry}.ascended.abilities")
        if "assumed" in ascended_raw:
            assumed.append(f"companion {entry}.ascended: {ascended_raw['assumed']}")
        if "assumed" in fields:
            assumed.append(f"companion {comp_id}: {fields['assumed']}")
        base_base = {"force": base[0], "guard": base[1], "insight": base[2]}
        path_stages = [stage(raw, f"{entry}.paths.{pid}", base_base) for pid, raw in paths.items()]
        first = add_profile(*base)
        for path_stage in path_stages:
            add_profile(*path_stage)
        rules_map = resolved_edition["rules"]
        for force, guard, insight, kws in path_stages:
            merged = dict(kws)
            for name, value in ascended_kw.items():
                merged[name] = max(value, merged.get(name, 0))
            add_profile(force + rules_map["ascend_force"], guard + rules_map["ascend_guard"], insight, merged)
        names = [str(fields.get("name", comp_id))]
        names += [str(raw.get("name", pid)) for pid, raw in paths.items()]
        names += [
            f"{names[1]} / {ascended_raw.get('name', 'Ascended')}",
            f"{names[2]} / {ascended_raw.get('name', 'Ascended')}",
        ]
        companion_ids.append(comp_id)
        companion_faction.append(fields["faction"])
        companion_profile.append(first)
        stage_names.append(tuple(names))
        path_ids.append(tuple(paths.keys()))  # type: ignore[arg-type]

    fac_file = str(data_dir / "factions.yaml")
    fac_raw = _mapping(read_yaml(data_dir / "factions.yaml"), fac_file, "top level")
    _check_keys(fac_raw, {"factions"}, fac_file, "top level")
    factions: dict[str, dict] = {}
    tables_partial = dict(card_ids=card_ids, cards=card_rows, rules=rules)
    fac_listed = _mapping(fac_raw.get("factions"), fac_file, "factions")
    # an edition without deck variants resolves without the section, so its ruleset hash is unchanged
    faction_errata = resolved_edition.get("faction_errata", {})
    for fac_id in faction_errata:
        if fac_id not in fac_listed:
            raise UserError(
                f"errata for unknown faction '{fac_id}'" + did_you_mean(fac_id, fac_listed),
                file=errata_files[("faction_errata", fac_id)],
                entry=f"faction_errata.{fac_id}",
            )
    for fac_id, fields in fac_listed.items():
        entry = f"factions.{fac_id}"
        fields = _mapping(fields, fac_file, entry)
        _check_keys(fields, FACTION_KEYS, fac_file, entry)
        starter_file, starter_entry = fac_file, f"{entry}.starter"
        errata = faction_errata.get(fac_id, {})
        if errata.get("starter"):
            # a mistake in the variant is the edition's: name its file and the section it changes
            starter_entry = f"faction_errata.{fac_id}.starter"
            files = {card: errata_files[("faction_errata", fac_id, "starter", card)] for card in errata["starter"]}
            for card_id, count in errata["starter"].items():
                _int(count, files[card_id], f"{starter_entry}.{card_id}", 0, 99)
            starter_file = next(iter(files.values()))
            recipe = {**_mapping(fields.get("starter"), fac_file, f"{entry}.starter"), **errata["starter"]}
            fields = {**fields, "starter": {card: count for card, count in recipe.items() if count != 0}}
        if "assumed" in errata:
            assumed.append(f"faction {fac_id} (edition {edition}): {errata['assumed']}")
        if fac_id not in V.FACTIONS[:4]:
            raise UserError(f"unknown faction '{fac_id}'", file=fac_file, entry=entry)
        comps = fields.get("companions")
        if not isinstance(comps, list) or len(comps) != 2 or any(c not in companion_ids for c in comps):
            raise UserError("companions must list two known Companions", file=fac_file, entry=entry)
        if fields.get("ability") not in V.FACTION_ABILITIES:
            raise UserError(f"unknown faction ability '{fields.get('ability')}'", file=fac_file, entry=entry)
        starter = validate_deck_counts(fields.get("starter"), fac_id, tables_partial, starter_file, starter_entry)
        if "assumed" in fields:
            assumed.append(f"faction {fac_id}: {fields['assumed']}")
        factions[fac_id] = {"companions": list(comps), "ability": fields["ability"], "starter": starter}

    resolved = {
        "edition": resolved_edition,
        "cards": cards_raw,
        "companions": comps_raw,
        "factions": factions,
    }
    return Tables(
        rules=rules,
        cards=np.array(card_rows, dtype=np.int32),
        profiles=np.array(profiles, dtype=np.int32),
        companion_profile=np.array(companion_profile, dtype=np.int32),
        card_ids=tuple(card_ids),
        card_display=tuple(display),
        companion_ids=tuple(companion_ids),
        companion_faction=tuple(companion_faction),
        stage_names=tuple(stage_names),
        path_ids=tuple(path_ids),
        factions=factions,
        resolved=resolved,
        assumed=tuple(assumed),
    )


def validate_deck_counts(raw: Any, faction: str, tables: Any, file: str, entry: str) -> dict[str, int]:
    """Deck rules: exactly deck_size cards, up to max_copies per identity (and each card's own
    maximum, e.g. Vanta 1), only cards of the selected faction (or neutral ones)."""
    if isinstance(tables, dict):
        card_ids, card_rows, rules = tables["card_ids"], tables["cards"], tables["rules"]
    else:
        card_ids, card_rows, rules = list(tables.card_ids), tables.cards.tolist(), tables.rules
    raw = _mapping(raw, file, entry)
    counts: dict[str, int] = {}
    for card_id, count in raw.items():
        if card_id not in card_ids:
            raise UserError(f"unknown card '{card_id}'" + did_you_mean(card_id, card_ids), file=file, entry=entry)
        row = card_rows[card_ids.index(card_id)]
        count = _int(count, file, f"{entry}.{card_id}", 1, 99)
        if count > int(rules[V.R_MAX_COPIES]):
            raise UserError(
                f"{count} copies of '{card_id}': at most {int(rules[V.R_MAX_COPIES])} per identity",
                file=file,
                entry=entry,
            )
        if count > row[V.C_MAX_COPIES]:
            raise UserError(
                f"{count} copies of '{card_id}': this card allows at most {row[V.C_MAX_COPIES]} per deck",
                file=file,
                entry=entry,
            )
        card_faction = V.FACTIONS[row[V.C_FACTION]]
        if card_faction not in (faction, "neutral"):
            raise UserError(
                f"card '{card_id}' belongs to {card_faction}, not {faction}", file=file, entry=entry
            )
        counts[card_id] = count
    total = sum(counts.values())
    if total != int(rules[V.R_DECK_SIZE]):
        raise UserError(
            f"deck has {total} cards: exactly {int(rules[V.R_DECK_SIZE])} required", file=file, entry=entry
        )
    return counts


def load_custom_deck(path: str, tables: Tables) -> tuple[str, dict[str, int]]:
    """A custom deck file: {faction: <id>, cards: {card_id: copies}}; returns (faction, counts)."""
    file = str(path)
    raw = _mapping(read_yaml(Path(path)), file, "top level")
    _check_keys(raw, DECK_KEYS, file, "top level")
    faction = raw.get("faction")
    if not isinstance(faction, str) or faction not in tables.factions:
        raise UserError(f"unknown faction '{faction}'", file=file, entry="faction")
    return faction, validate_deck_counts(raw.get("cards"), faction, tables, file, "cards")


def deck_array(counts: dict[str, int], tables: Tables) -> np.ndarray:
    """Deck list as card indices in a canonical (library) order, before shuffling."""
    out: list[int] = []
    for index, card_id in enumerate(tables.card_ids):
        out += [index] * counts.get(card_id, 0)
    return np.array(out, dtype=np.int32)


def load_policy_file(name: str, data_dir: Path = DATA_DIR) -> tuple[str, np.ndarray, dict]:
    """A bot's YAML -> (kind, params vector, content)."""
    path = data_dir / "policies" / f"{name}.yaml"
    file = str(path)
    raw = _mapping(read_yaml(path), file, "top level")
    _check_keys(raw, POLICY_KEYS | set(ISMCTS_BUDGET), file, "top level")
    kind = raw.get("kind")
    if kind not in BOT_KINDS:
        raise UserError(f"kind must be one of {', '.join(BOT_KINDS)}, got {kind!r}", file=file, entry="kind")
    weights = _mapping(raw.get("weights"), file, "weights")
    _check_keys(weights, set(V.WEIGHT_NAMES), file, "weights")
    params = np.zeros(V.N_PARAMS, dtype=np.float64)
    for index, wname in enumerate(V.WEIGHT_NAMES):
        if wname not in weights:
            raise UserError(f"missing weight '{wname}'", file=file, entry="weights")
        value = weights[wname]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise UserError(f"weight must be a number, got {value!r}", file=file, entry=f"weights.{wname}")
        # the greedy bot compares sums of weights: NaN or infinite ones would make its choices meaningless
        if not abs(value) <= MAX_WEIGHT:
            raise UserError(
                f"weight must be a finite number from -{MAX_WEIGHT:g} to {MAX_WEIGHT:g}, got {value!r}",
                file=file,
                entry=f"weights.{wname}",
            )
        params[V.PARAM_WEIGHTS + index] = float(value)
    allowed = {"search": ("candidates", "rollouts", "horizon_turns"), "ismcts": ("candidates", "horizon_turns", *ISMCTS_BUDGET)}
    for key in ("candidates", "rollouts", "horizon_turns", *ISMCTS_BUDGET):
        if key in raw and key not in allowed.get(kind, ()):
            kinds = " and ".join(k for k, keys in allowed.items() if key in keys)
            raise UserError(f"'{key}' is only for {kinds} bots", file=file, entry=key)
    if kind in allowed:
        params[V.PARAM_CANDIDATES] = _int(raw.get("candidates", 3), file, "candidates", 1, L.MAX_CANDIDATES)
        params[V.PARAM_HORIZON] = _int(raw.get("horizon_turns", 2), file, "horizon_turns", 1, 30)
    if kind == "search":
        params[V.PARAM_ROLLOUTS] = _int(raw.get("rollouts", 2), file, "rollouts", 1, 64)
    if kind == "ismcts":
        for key, (index, low, high, integer) in ISMCTS_BUDGET.items():
            if key not in raw:
                raise UserError(f"missing '{key}' (an ISMCTS bot's budget)", file=file, entry=key)
            params[index] = _int(raw[key], file, key, low, high) if integer else _number(raw[key], file, key, low, high)
    return kind, params, raw
