"""Veilforge's designer data (decks/veilforge/) -> validated, packed tables.

- cards/<setting>.yaml: {setting: <name>, cards: {card id: fields}} (fields: vocab.CARD_FIELDS; the
  effect vocabulary in vocab.py, explained in decks/veilforge/README.md)
- decks/<deck>.yaml: {heroes: [3 ids], ideal: id, main: {id: copies}, evolution: {id: copies}}
- matchups.yaml: {matchup_sets: {name: [entries]}}; an entry is '<deck> vs <deck>' or
  '<deck>+<deck> vs <deck>+<deck>' (2v2: seats alternate A1 B1 A2 B2)
- editions/<name>.yaml: rule values, card_errata and deck_errata (deck variants), a delta over `base`
  (sim/core/editions.py)
- policies/<name>.yaml: bots (sim/core/policies.py)
Every mistake is one UserError naming the file, the entry and the rule. Decks are checked against
the deck-building rules of every edition when it loads, so nothing runs with an illegal deck.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.core import editions
from sim.core.data_files import read_yaml
from sim.core.errors import UserError, did_you_mean
from sim.core.game import content_hash
from sim.core.paths import DECKS_DIR
from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V

DATA_DIR = DECKS_DIR / "veilforge"
ERRATA_SECTIONS = ("card_errata", "deck_errata")
PLAYABLE = tuple(t for t in V.CARD_TYPES if t != "ideal")  # what a cost modifier may name
ERRATA_FIELDS = ("cost", "damage", "health", "class", "keywords", "zone", "attach", "abilities")
# A deck variant as an edition: `deck_errata: {ashen_aggro: {main: {firebolt: 8}, ideal: covenant_of_ash}}`
# replaces the deck's heroes or ideal and sets its cards' copies (0 removes one); the deck keeps its
# name, so the variant plays the same deals as the deck it varies.
DECK_ERRATA_FIELDS = ("heroes", "ideal", "main", "evolution")


@dataclass(frozen=True)
class Library:
    cards: dict[str, dict]  # card id -> raw fields (as in its file)
    card_files: dict[str, str]
    settings: dict[str, str]  # card id -> its file's setting
    decks: dict[str, dict]
    deck_files: dict[str, str]
    matchup_sets: dict[str, tuple[str, ...]]
    matchups_file: str

    @property
    def card_names(self) -> tuple[str, ...]:
        return tuple(self.cards)


@dataclass
class Compiled:
    """The card library of one edition (errata applied), as kernel rows."""

    cards: np.ndarray
    abilities: np.ndarray
    effects: np.ndarray
    classes: tuple[str, ...]
    types: tuple[str, ...]  # per card
    evolution: tuple[bool, ...]  # per card: an evolution card
    assumed: tuple[str, ...]
    values: list = field(default_factory=list)  # the validated cards, for the ruleset hash


def _mapping(value, file: str, entry: str) -> dict:
    if not isinstance(value, dict):
        raise UserError("must be a mapping", file=file, entry=entry)
    return value


def _whole(value, file: str, entry: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UserError(f"must be a whole number from {low} to {high} (got {value!r})", file=file, entry=entry)
    return value


def _choice(value, options, file: str, entry: str) -> int:
    if value not in options:
        raise UserError(f"unknown value {value!r} (choose one of: {', '.join(options)})", file=file, entry=entry)
    return list(options).index(value)


def _names(value, file: str, entry: str) -> list[str]:
    """A class line "A / B" or a list of names."""
    if isinstance(value, str):
        names = [part.strip() for part in value.split("/")]
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        names = [v.strip() for v in value]
    else:
        raise UserError('must be a name, "A / B", or a list of names', file=file, entry=entry)
    if not names or any(not n for n in names):
        raise UserError("has an empty name", file=file, entry=entry)
    return names


# ---- reading the files ------------------------------------------------------------------------
def load_library(data_dir: Path = DATA_DIR) -> Library:
    cards: dict[str, dict] = {}
    card_files: dict[str, str] = {}
    settings: dict[str, str] = {}
    files = sorted((data_dir / "cards").glob("*.yaml"))
    if not files:
        raise UserError("no card files (cards/*.yaml)", file=str(data_dir / "cards"))
    for path in files:
        file = str(path)
        raw = _mapping(read_yaml(path), file, "top level")
        for key in raw:
            if key not in ("setting", "cards", "description"):
                raise UserError(f"unknown key '{key}' (allowed: setting, cards, description)", file=file, entry=str(key))
        setting = raw.get("setting")
        if not isinstance(setting, str) or not setting.strip():
            raise UserError("every card file names its setting", file=file, entry="setting")
        for name, fields in _mapping(raw.get("cards"), file, "cards").items():
            name = str(name)
            if name in cards:
                raise UserError(f"card '{name}' is also in {card_files[name]}", file=file, entry=f"cards.{name}")
            cards[name] = _mapping(fields, file, f"cards.{name}")
            card_files[name] = file
            settings[name] = setting.strip()
    if len(cards) > V.MAX_CARDS:
        raise UserError(f"more than {V.MAX_CARDS} cards", file=str(data_dir / "cards"))

    decks: dict[str, dict] = {}
    deck_files: dict[str, str] = {}
    for path in sorted((data_dir / "decks").glob("*.yaml")):
        file = str(path)
        deck = _mapping(read_yaml(path), file, "top level")
        for key in deck:
            if key not in V.DECK_FIELDS:
                raise UserError(f"unknown key '{key}' (allowed: {', '.join(V.DECK_FIELDS)})", file=file, entry=str(key))
        decks[path.stem] = deck
        deck_files[path.stem] = file
    matchups_file = str(data_dir / "matchups.yaml")
    raw = _mapping(read_yaml(data_dir / "matchups.yaml"), matchups_file, "top level")
    sets = {}
    for set_name, entries in _mapping(raw.get("matchup_sets"), matchups_file, "matchup_sets").items():
        if not isinstance(entries, list) or not entries:
            raise UserError("a matchup set is a non-empty list of entries", file=matchups_file,
                            entry=f"matchup_sets.{set_name}")
        sets[str(set_name)] = tuple(str(e) for e in entries)
    return Library(cards, card_files, settings, decks, deck_files, sets, matchups_file)


# ---- compiling cards --------------------------------------------------------------------------
class _Compiler:
    def __init__(self, library: Library, errata: dict):
        self.library = library
        self.names = list(library.cards)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.errata = errata
        self.classes: list[str] = []
        self.card_rows: list[list[int]] = []
        self.ability_rows: list[list[int]] = []
        self.effect_rows: list[list[int]] = []
        self.types: list[str] = []
        self.evolution: list[bool] = []
        self.assumed: list[str] = []
        self.values: list = []
        # the card's merged fields, for checks that look at other cards (`from: {card: ...}`)
        self.merged = {n: self._merge(n) for n in self.names}

    def _merge(self, name: str) -> dict:
        fields = copy.deepcopy(self.library.cards[name])
        fields.update(copy.deepcopy(self.errata.get(name, {})))
        return fields

    def class_mask(self, value, file: str, entry: str) -> int:
        mask = 0
        for name in _names(value, file, entry):
            if name not in self.classes:
                if len(self.classes) == V.MAX_CLASSES:
                    raise UserError(f"more than {V.MAX_CLASSES} class names", file=file, entry=entry)
                self.classes.append(name)
            mask |= 1 << self.classes.index(name)
        return mask

    def type_mask(self, value, file: str, entry: str, allowed=V.HAS_STATS) -> int:
        values = [value] if isinstance(value, str) else value
        if not isinstance(values, list) or not values:
            raise UserError("type must be a card type or a list of them", file=file, entry=entry)
        mask = 0
        for v in values:
            if v not in allowed:
                raise UserError(f"type {v!r} cannot be chosen here (choose from: {', '.join(allowed)})", file=file,
                                entry=entry)
            mask |= 1 << V.CARD_TYPES.index(v)
        return mask

    def card_filter(self, raw, file: str, entry: str, default_zone: str = "field", zone_allowed: bool = True,
                    owner_allowed: bool = True, types=V.HAS_STATS) -> tuple[int, int, int, int]:
        """(zone mask, owner, type mask, class mask) of a filter mapping."""
        raw = {} if raw is None else _mapping(raw, file, entry)
        for key in raw:
            if key == "setting":
                raise UserError("abilities never name a setting (it is for deck building only): filter by class",
                                file=file, entry=f"{entry}.setting")
            if key not in V.FILTER_FIELDS:
                raise UserError(f"unknown filter key '{key}' (allowed: {', '.join(V.FILTER_FIELDS)})", file=file,
                                entry=f"{entry}.{key}")
        if "zone" in raw and not zone_allowed:
            raise UserError("this filter takes no zone", file=file, entry=f"{entry}.zone")
        if "owner" in raw and not owner_allowed:
            raise UserError("this filter takes no owner", file=file, entry=f"{entry}.owner")
        zone = V.ZONE_MASKS[V.ZONES[_choice(raw.get("zone", default_zone), V.ZONES, file, f"{entry}.zone")]]
        owner = _choice(raw.get("owner", "any"), V.OWNERS, file, f"{entry}.owner")
        type_mask = self.type_mask(raw.get("type", list(types)), file, f"{entry}.type", types)
        classes = self.class_mask(raw["class"], file, f"{entry}.class") if "class" in raw else 0
        return zone, owner, type_mask, classes

    def compile(self) -> Compiled:
        for name in self.names:
            self.card(name)
        for name in self.names:  # `from: {card: x}` needs every card's type first
            self.check_evolution(name)
        cards = np.array(self.card_rows, np.int64).reshape(-1, T.CARD_WIDTH)
        abilities = np.array(self.ability_rows, np.int64).reshape(-1, T.ABILITY_WIDTH)
        effects = np.array(self.effect_rows, np.int64).reshape(-1, T.EFFECT_WIDTH)
        return Compiled(cards, abilities, effects, tuple(self.classes), tuple(self.types), tuple(self.evolution),
                        tuple(self.assumed), self.values)

    def card(self, name: str) -> None:
        file = self.library.card_files[name]
        entry = f"cards.{name}"
        fields = self.merged[name]
        for key in fields:
            if key not in V.CARD_FIELDS:
                raise UserError(f"unknown field '{key}' (fields: {', '.join(V.CARD_FIELDS)})", file=file,
                                entry=entry)
        if "type" not in fields:
            raise UserError("a card needs a type", file=file, entry=entry)
        kind = V.CARD_TYPES[_choice(fields["type"], V.CARD_TYPES, file, f"{entry}.type")]
        row = [0] * T.CARD_WIDTH
        row[T.C_TYPE] = V.CARD_TYPES.index(kind)
        if kind == "ideal":
            if "cost" in fields:
                raise UserError("an ideal has no cost (it is never played)", file=file, entry=f"{entry}.cost")
        elif "cost" not in fields:
            raise UserError(f"a {kind} needs a cost", file=file, entry=entry)
        else:
            row[T.C_COST] = _whole(fields["cost"], file, f"{entry}.cost", 0, V.COST_LIMIT)
        if kind in V.HAS_STATS:
            for stat in ("damage", "health"):
                if stat not in fields and not (kind == "structure" and stat == "damage"):
                    raise UserError(f"a {kind} needs {stat}", file=file, entry=entry)
            row[T.C_DAMAGE] = _whole(fields.get("damage", 0), file, f"{entry}.damage", 0, V.STAT_LIMIT)
            row[T.C_HEALTH] = _whole(fields["health"], file, f"{entry}.health", 1, V.STAT_LIMIT)
        else:
            for stat in ("damage", "health", "keywords", "zone"):
                if stat in fields:
                    raise UserError(f"a {kind} has no {stat} (only heroes, creatures and structures)", file=file,
                                    entry=f"{entry}.{stat}")
        if "class" in fields:
            row[T.C_CLASSES] = self.class_mask(fields["class"], file, f"{entry}.class")
        keywords = fields.get("keywords", [])
        if not isinstance(keywords, list):
            raise UserError("keywords is a list", file=file, entry=f"{entry}.keywords")
        for word in keywords:
            row[T.C_KEYWORDS] |= 1 << _choice(word, V.KEYWORDS, file, f"{entry}.keywords")
        zone = fields.get("zone", "support" if kind == "structure" else "battle")
        row[T.C_ZONE] = _choice(zone, V.SUMMON_ZONES, file, f"{entry}.zone")
        if kind == "structure" and zone != "support":
            raise UserError("structures are summoned to the support zone", file=file, entry=f"{entry}.zone")
        if "attach" in fields:
            if kind not in V.ATTACHMENT_TYPES and kind != "spell":
                raise UserError("only equipment, technology and spells attach", file=file, entry=f"{entry}.attach")
            attach = dict(_mapping(fields["attach"], file, f"{entry}.attach"))
            attach.setdefault("type", ["hero", "creature"])
            zones, owner, types, classes = self.card_filter(attach, file, f"{entry}.attach", "field")
            row[T.C_ATTACH] = 1
            row[T.C_ATTACH_ZONES], row[T.C_ATTACH_OWNER] = zones, owner
            row[T.C_ATTACH_TYPES], row[T.C_ATTACH_CLASSES] = types, classes
            if types & ~((1 << V.TYPE_HERO) | (1 << V.TYPE_CREATURE)):
                raise UserError("cards attach to heroes and creatures", file=file, entry=f"{entry}.attach.type")
        elif kind in V.ATTACHMENT_TYPES:
            raise UserError(f"{kind} attaches: give its `attach` filter (which cards it can attach to)", file=file,
                            entry=entry)
        abilities = fields.get("abilities", [])
        if not isinstance(abilities, list) or len(abilities) > V.MAX_ABILITIES_PER_CARD:
            raise UserError(f"abilities is a list of at most {V.MAX_ABILITIES_PER_CARD}", file=file,
                            entry=f"{entry}.abilities")
        row[T.C_ABILITY_FIRST] = len(self.ability_rows)
        row[T.C_ABILITY_N] = len(abilities)
        whens = []
        for number, raw in enumerate(abilities):
            when = self.ability(name, kind, row, _mapping(raw, file, f"{entry}.abilities[{number}]"), file,
                                f"{entry}.abilities[{number}]")
            whens.append(when)
            row[T.C_FLAGS] |= 1 << V.WHEN.index(when)
        if "passive" in whens:
            row[T.C_FLAGS] |= T.FLAG_STATIC
        evolution = any(w in ("evolution", "quick_evolution") for w in whens)
        if evolution:
            row[T.C_FLAGS] |= T.FLAG_EVOLUTION
            if kind not in V.EVOLUTION_TYPES:
                raise UserError("only heroes, creatures and structures evolve", file=file, entry=entry)
            if sum(w in ("evolution", "quick_evolution") for w in whens) > 1:
                raise UserError("one evolution ability per card", file=file, entry=entry)
        if kind in ("spell", "event") and not any(w in ("hand", "quick") for w in whens) and "attach" not in fields:
            raise UserError(f"a {kind} needs a `hand` or `quick` ability (what it does when played)", file=file,
                            entry=entry)
        if kind == "ideal" and any(w not in ("passive", "start", "end") for w in whens):
            raise UserError("an ideal has only passive, start and end abilities (it is never played)", file=file,
                            entry=entry)
        if kind in ("hero", "creature", "structure") and "hand" in whens:
            raise UserError("`hand` abilities are for spells, events, equipment and technology", file=file,
                            entry=entry)
        if "quick" in whens and kind not in ("spell", "event"):
            raise UserError("`quick` abilities are for spells and events (played from hand as a reaction)",
                            file=file, entry=entry)
        if "quick" in whens and "hand" in whens:
            raise UserError("a card is played either in the action phase (`hand`) or as a reaction (`quick`)",
                            file=file, entry=entry)
        if "attach" in fields and "hand" in whens:
            hand = abilities[whens.index("hand")]
            if "target" in hand:
                raise UserError("an attaching card's target is the card it attaches to: its `hand` ability takes "
                                "no target of its own", file=file, entry=entry)
        if row[T.C_KEYWORDS] and kind not in V.HAS_STATS:
            raise UserError("keywords belong to heroes, creatures and structures", file=file, entry=entry)
        assumed = fields.get("assumed", False)
        if not isinstance(assumed, bool):
            raise UserError("assumed is true or false", file=file, entry=f"{entry}.assumed")
        if assumed:
            reason = fields.get("reason")
            if not isinstance(reason, str) or not reason.strip():
                raise UserError("an assumed card says why (reason: ...)", file=file, entry=entry)
            self.assumed.append(f"card {name}: {reason.strip()}")
        self.card_rows.append(row)
        self.types.append(kind)
        self.evolution.append(evolution)
        self.values.append([name, self.library.settings[name], fields])

    def ability(self, name: str, kind: str, card_row: list[int], raw: dict, file: str, entry: str) -> str:
        for key in raw:
            if key not in V.ABILITY_FIELDS:
                raise UserError(f"unknown field '{key}' (fields: {', '.join(V.ABILITY_FIELDS)})", file=file,
                                entry=entry)
        when = V.WHEN[_choice(raw.get("when"), V.WHEN, file, f"{entry}.when")]
        row = [0] * T.ABILITY_WIDTH
        row[T.AB_WHEN] = V.WHEN.index(when)
        row[T.AB_CARD] = self.index[name]
        row[T.AB_FROM_CARD] = -1
        if "cost" in raw:
            if when not in ("activate", "vigilant", "graveyard"):
                raise UserError(f"a `{when}` ability has no cost of its own (the card's cost pays for it)",
                                file=file, entry=f"{entry}.cost")
            row[T.AB_COST] = _whole(raw["cost"], file, f"{entry}.cost", 0, V.COST_LIMIT)
        if when in ("evolution", "quick_evolution"):
            source = _mapping(raw.get("from"), file, f"{entry}.from")
            if len(source) != 1 or next(iter(source)) not in ("card", "class"):
                raise UserError("evolves `from: {card: <id>}` or `from: {class: <name>}`", file=file,
                                entry=f"{entry}.from")
            if "card" in source:
                if source["card"] not in self.index:
                    raise UserError(f"unknown card '{source['card']}'", file=file, entry=f"{entry}.from.card")
                row[T.AB_FROM_CARD] = self.index[source["card"]]
            else:
                row[T.AB_FROM_CLASSES] = self.class_mask(source["class"], file, f"{entry}.from.class")
        elif "from" in raw:
            raise UserError("only evolution abilities have `from`", file=file, entry=f"{entry}.from")
        if when == "graveyard" and row[T.AB_COST] < 1:
            raise UserError("a graveyard ability costs at least 1 mana (the card stays in the graveyard and could "
                            "be used again and again)", file=file, entry=f"{entry}.cost")
        if when == "destroy" and kind not in ("creature", "structure"):
            raise UserError("destroy abilities belong to creatures and structures (a destroyed hero returns to the "
                            "hero zone)", file=file, entry=entry)
        if when in ("activate", "vigilant") and kind not in V.HAS_STATS:
            raise UserError(f"`{when}` abilities belong to cards on the field (heroes, creatures, structures)",
                            file=file, entry=entry)
        target_kind = V.TARGET_NONE
        if "target" in raw:
            if when not in V.ANNOUNCED and when != "summon":
                raise UserError(f"a `{when}` ability chooses no target (use `to: {{random: ...}}`)", file=file,
                                entry=f"{entry}.target")
            target = _mapping(raw["target"], file, f"{entry}.target")
            if len(target) != 1 or next(iter(target)) not in ("card", "player"):
                raise UserError("target is {card: <filter>} or {player: you|opponent|any}", file=file,
                                entry=f"{entry}.target")
            if "card" in target:
                target_kind = V.TARGET_CARD
                zones, owner, types, classes = self.card_filter(target["card"], file, f"{entry}.target.card")
                row[T.AB_TARGET_ZONES], row[T.AB_TARGET_OWNER] = zones, owner
                row[T.AB_TARGET_TYPES], row[T.AB_TARGET_CLASSES] = types, classes
            else:
                target_kind = V.TARGET_PLAYER
                owner = target["player"]
                if owner not in ("you", "opponent", "any"):
                    raise UserError("a player target is you, opponent or any", file=file, entry=f"{entry}.target.player")
                row[T.AB_TARGET_OWNER] = V.OWNERS.index(owner)
        effects = raw.get("effects")
        if not isinstance(effects, list) or not 1 <= len(effects) <= V.MAX_EFFECTS_PER_ABILITY:
            if not (when in ("evolution", "quick_evolution") and effects is None):
                raise UserError(f"effects is a list of 1 to {V.MAX_EFFECTS_PER_ABILITY} effects", file=file,
                                entry=f"{entry}.effects")
            effects = []
        row[T.AB_EFFECT_FIRST] = len(self.effect_rows)
        row[T.AB_EFFECT_N] = len(effects)
        uses_target = False
        for number, effect in enumerate(effects):
            selector = self.effect(kind, when, target_kind, card_row,
                                   _mapping(effect, file, f"{entry}.effects[{number}]"), file, f"{entry}.effects[{number}]")
            uses_target |= selector == "target"
        if target_kind != V.TARGET_NONE and not uses_target:
            raise UserError("the ability chooses a target but no effect acts `to: target`", file=file,
                            entry=f"{entry}.target")
        if any(self.effect_rows[row[T.AB_EFFECT_FIRST] + i][T.E_SELECTOR] == V.S_LINK for i in range(len(effects))):
            target_kind = V.TARGET_LINK
        row[T.AB_TARGET_KIND] = target_kind
        self.ability_rows.append(row)
        return when

    def effect(self, kind: str, when: str, target_kind: int, card_row: list[int], raw: dict, file: str,
               entry: str) -> str:
        for key in raw:
            if key not in V.EFFECT_FIELDS:
                raise UserError(f"unknown field '{key}' (fields: {', '.join(V.EFFECT_FIELDS)})", file=file,
                                entry=entry)
        op = V.OPS[_choice(raw.get("do"), V.OPS, file, f"{entry}.do")]
        row = [0] * T.EFFECT_WIDTH
        row[T.E_OP] = V.OPS.index(op)
        static = op in V.STATIC_OPS
        if static != (when == "passive"):
            raise UserError("passive abilities hold static effects (modify, grant, cost, pierce) and only passive "
                            "abilities do", file=file, entry=f"{entry}.do")
        numeric = op in ("damage", "heal", "draw", "discard", "buff", "mana_add", "mana_flip", "mana_burn", "modify",
                         "cost", "pierce", "mana_flip_down")
        if numeric:
            low = -V.AMOUNT_LIMIT if op in ("buff", "modify", "cost") else 1
            row[T.E_AMOUNT] = _whole(raw.get("amount"), file, f"{entry}.amount", low, V.AMOUNT_LIMIT)
        elif "amount" in raw:
            raise UserError(f"`{op}` takes no amount", file=file, entry=f"{entry}.amount")
        if "per" in raw:
            if op not in ("damage", "heal", "draw", "buff", "mana_add"):
                raise UserError(f"`{op}` takes no `per`", file=file, entry=f"{entry}.per")
            row[T.E_SCALE] = _choice(raw["per"], V.SCALES, file, f"{entry}.per")
        if op in ("buff", "modify"):
            row[T.E_STAT] = _choice(raw.get("stat"), V.STATS, file, f"{entry}.stat")
        elif "stat" in raw:
            raise UserError(f"`{op}` takes no stat", file=file, entry=f"{entry}.stat")
        if op == "buff":
            row[T.E_DURATION] = _choice(raw.get("duration", "turn"), V.DURATIONS, file, f"{entry}.duration")
        elif "duration" in raw:
            raise UserError("only buffs have a duration (static effects last while their source is in play)",
                            file=file, entry=f"{entry}.duration")
        if op == "grant":
            row[T.E_KEYWORD] = 1 << _choice(raw.get("keyword"), V.KEYWORDS, file, f"{entry}.keyword")
        elif "keyword" in raw:
            raise UserError(f"`{op}` takes no keyword", file=file, entry=f"{entry}.keyword")
        if op in ("move", "summon"):
            row[T.E_DEST] = _choice(raw.get("zone", "battle"), V.SUMMON_ZONES, file, f"{entry}.zone")
        elif "zone" in raw:
            raise UserError(f"`{op}` takes no zone (filters go under `to`)", file=file, entry=f"{entry}.zone")

        to = raw.get("to")
        if op in ("cost", "pierce") and to is None:
            to = "you"
        if to is None:
            raise UserError("say what the effect acts on (`to:`)", file=file, entry=entry)
        if isinstance(to, dict):
            if len(to) != 1 or next(iter(to)) not in ("all", "random"):
                raise UserError("`to` is target, self, host, you, opponents, each_player, link, {all: <filter>} or "
                                "{random: <filter>}", file=file, entry=f"{entry}.to")
            selector = next(iter(to))
            if op == "cost":
                if selector != "all":
                    raise UserError("cost modifiers apply to `all` the cards they name", file=file, entry=f"{entry}.to")
                _, _, types, classes = self.card_filter(to["all"], file, f"{entry}.to.all", zone_allowed=False,
                                                        owner_allowed=False, types=PLAYABLE)
                row[T.E_SELECTOR] = V.S_YOU
                selector = "you"
                row[T.E_TYPES], row[T.E_CLASSES] = types, classes
            else:
                zones, owner, types, classes = self.card_filter(to[selector], file, f"{entry}.to.{selector}")
                row[T.E_SELECTOR] = V.SELECTORS.index(selector)
                row[T.E_ZONES], row[T.E_OWNER], row[T.E_TYPES], row[T.E_CLASSES] = zones, owner, types, classes
        else:
            names = [s for s in V.SELECTORS if s not in ("all", "random")]
            selector = names[_choice(to, names, file, f"{entry}.to")]
            row[T.E_SELECTOR] = V.SELECTORS.index(selector)
        if op == "cost" and isinstance(to, str) and to == "you":
            row[T.E_TYPES] = sum(1 << V.CARD_TYPES.index(t) for t in PLAYABLE)

        # which ops act on which selectors
        player_selector = selector in V.PLAYER_SELECTORS or (selector == "target" and target_kind == V.TARGET_PLAYER)
        if op == "negate":
            if selector != "link":
                raise UserError("negate acts `to: link` (the chain link it answers)", file=file, entry=f"{entry}.to")
            if when not in ("quick", "vigilant", "quick_evolution"):
                raise UserError("only reactions (quick, vigilant, quick_evolution) answer a chain link", file=file,
                                entry=f"{entry}.do")
        elif selector == "link":
            raise UserError("`to: link` is for negate", file=file, entry=f"{entry}.to")
        elif op in ("cost", "pierce"):
            if selector != "you":
                raise UserError(f"`{op}` acts on your own cards and attacks (to: you)", file=file, entry=f"{entry}.to")
        elif player_selector and op not in V.PLAYER_OPS:
            raise UserError(f"`{op}` acts on cards, not players", file=file, entry=f"{entry}.to")
        elif not player_selector and op not in V.CARD_OPS:
            raise UserError(f"`{op}` acts on players (you, opponents, each_player or a player target)", file=file,
                            entry=f"{entry}.to")
        if selector == "target" and target_kind == V.TARGET_NONE:
            raise UserError("`to: target` needs the ability's `target`", file=file, entry=f"{entry}.to")
        if selector == "host" and not card_row[T.C_ATTACH]:
            raise UserError("`to: host` is for cards that attach", file=file, entry=f"{entry}.to")
        if selector == "self":
            if op == "summon":
                if kind not in ("hero", "creature") or when not in ("graveyard", "destroy"):
                    raise UserError("summon acts `to: self` from the graveyard (graveyard or destroy abilities of "
                                    "creatures)", file=file, entry=f"{entry}.to")
            elif kind not in V.HAS_STATS:
                raise UserError(f"a {kind} is not on the field to act on itself", file=file, entry=f"{entry}.to")
        elif op == "summon":
            raise UserError("summon acts `to: self` (a card summons itself)", file=file, entry=f"{entry}.to")
        if op == "move" and selector not in ("self", "target"):
            raise UserError("move acts on one card (self or target)", file=file, entry=f"{entry}.to")
        if when == "destroy" and selector == "self" and op != "summon":
            raise UserError("a destroyed card is in the graveyard: its destroy ability can only summon itself",
                            file=file, entry=f"{entry}.to")
        self.effect_rows.append(row)
        return selector

    def check_evolution(self, name: str) -> None:
        row = self.card_rows[self.index[name]]
        for a in range(row[T.C_ABILITY_FIRST], row[T.C_ABILITY_FIRST] + row[T.C_ABILITY_N]):
            base = self.ability_rows[a][T.AB_FROM_CARD]
            if base >= 0:
                base_type = self.types[base]
                if base_type != self.types[self.index[name]]:
                    raise UserError(f"a {self.types[self.index[name]]} evolves from a {self.types[self.index[name]]}, "
                                    f"not from {self.names[base]} ({base_type})", file=self.library.card_files[name],
                                    entry=f"cards.{name}")


def compile_cards(library: Library, errata: dict | None = None) -> Compiled:
    return _Compiler(library, errata or {}).compile()


# ---- editions ---------------------------------------------------------------------------------
def _check_rule(rule: str, value, file: str, entry: str) -> int:
    if rule not in V.RULE_LIMITS:
        raise UserError(f"unknown rule '{rule}'{did_you_mean(rule, V.RULE_NAMES)} (rules: {', '.join(V.RULE_NAMES)})", file=file, entry=entry)
    return _whole(value, file, entry, *V.RULE_LIMITS[rule])


def _errata_check(library: Library):
    def check(section: str, target: str, fields: dict, file: str, entry: str) -> None:
        if section == "deck_errata":
            if target not in library.decks:
                raise UserError(f"unknown deck '{target}' (decks: {', '.join(library.decks)})", file=file, entry=entry)
            for key in fields:
                if key not in DECK_ERRATA_FIELDS:
                    raise UserError(f"deck errata may change {', '.join(DECK_ERRATA_FIELDS)} (not '{key}')", file=file,
                                    entry=f"{entry}.{key}")
            for pile in ("main", "evolution"):
                for card, copies in _mapping(fields.get(pile) or {}, file, f"{entry}.{pile}").items():
                    if card not in library.cards:
                        raise UserError(f"unknown card '{card}'", file=file, entry=f"{entry}.{pile}.{card}")
                    _whole(copies, file, f"{entry}.{pile}.{card}", 0, L.DECK_CAP)
            return
        if target not in library.cards:
            raise UserError(f"unknown card '{target}'", file=file, entry=entry)
        for key in fields:
            if key not in ERRATA_FIELDS:
                raise UserError(f"card errata may change {', '.join(ERRATA_FIELDS)} (not '{key}')", file=file,
                                entry=f"{entry}.{key}")
    return check


def load_ruleset_table(edition: str, library: Library, data_dir: Path = DATA_DIR) -> tuple[np.ndarray, dict, Compiled]:
    """(packed ruleset table, resolved edition, compiled cards) of an edition; every deck is checked
    against its deck-building rules."""
    resolved = editions.resolve(data_dir, edition, _check_rule, ERRATA_SECTIONS, _errata_check(library))
    rules = resolved["rules"]
    where = str(data_dir / "editions" / f"{edition}.yaml")
    missing = [r for r in V.RULE_NAMES if r not in rules]
    if missing:
        raise UserError(f"rule '{missing[0]}' is not set by the edition or its bases", file=where, entry="rules")
    if rules["main_deck_min"] > rules["main_deck_max"]:
        raise UserError("main_deck_min is more than main_deck_max", file=where, entry="rules")
    compiled = compile_cards(library, resolved["card_errata"])
    for deck in library.decks:
        deck_slot(deck, library, compiled, rules, resolved["deck_errata"], where)
    table = T.pack_ruleset(rules, compiled.cards, compiled.abilities, compiled.effects)
    return table, resolved, compiled


# ---- decks ------------------------------------------------------------------------------------
def _copies(raw, file: str, entry: str, library: Library) -> list[str]:
    if raw is None:
        return []
    cards = []
    for card, copies in _mapping(raw, file, entry).items():
        if card not in library.cards:
            raise UserError(f"unknown card '{card}'", file=file, entry=f"{entry}.{card}")
        cards += [str(card)] * _whole(copies, file, f"{entry}.{card}", 1, L.DECK_CAP)
    return cards


def varied_deck(name: str, library: Library, deck_errata: dict) -> dict:
    """The deck as an edition's deck_errata leave it: heroes and ideal replaced, copies set (0 removes)."""
    deck = dict(library.decks[name])
    errata = deck_errata.get(name, {})
    for key in ("heroes", "ideal"):
        if key in errata:
            deck[key] = errata[key]
    for pile in ("main", "evolution"):
        if errata.get(pile):
            merged = {**(deck.get(pile) or {}), **errata[pile]}
            deck[pile] = {card: copies for card, copies in merged.items() if copies != 0}
    return deck


def deck_slot(name: str, library: Library, compiled: Compiled, rules: dict, deck_errata: dict | None = None,
              edition_file: str = "") -> dict:
    """A deck (with its edition's variant, if any) checked against the deck-building rules ->
    {"heroes", "ideal", "main", "evolution"} as ids. A broken variant is the edition's mistake: the
    error names the edition file and its deck_errata entry."""
    deck_errata = deck_errata or {}
    deck = varied_deck(name, library, deck_errata)
    file = library.deck_files[name]
    if name in deck_errata:
        file = f"{edition_file}: deck_errata.{name}"
    index = {n: i for i, n in enumerate(library.cards)}
    kinds = dict(zip(library.cards, compiled.types, strict=True))
    evolution = dict(zip(library.cards, compiled.evolution, strict=True))
    heroes = deck.get("heroes")
    if not isinstance(heroes, list) or len(heroes) != V.HEROES_PER_DECK:
        raise UserError(f"a deck has {V.HEROES_PER_DECK} hero cards", file=file, entry="heroes")
    for hero in heroes:
        if hero not in library.cards:
            raise UserError(f"unknown card '{hero}'", file=file, entry="heroes")
        if kinds[hero] != "hero" or evolution[hero]:
            raise UserError(f"'{hero}' is not a hero card (evolved heroes belong in the evolution deck)", file=file,
                            entry="heroes")
    if len(set(heroes)) != len(heroes):
        raise UserError("only one copy of any given hero card", file=file, entry="heroes")
    ideal = deck.get("ideal")
    if ideal not in library.cards or kinds[ideal] != "ideal":
        raise UserError("a deck has 1 ideal card (an ideal of the library)", file=file, entry="ideal")
    main = _copies(deck.get("main"), file, "main", library)
    evo = _copies(deck.get("evolution"), file, "evolution", library)
    settings = {library.settings[h] for h in heroes}
    for card in [ideal, *main, *evo]:
        if library.settings[card] not in settings:
            raise UserError(f"'{card}' is from setting {library.settings[card]}, none of the heroes is "
                            f"({', '.join(sorted(settings))})", file=file, entry="ideal" if card == ideal else "main")
    for card in main:
        if kinds[card] not in V.MAIN_DECK_TYPES:
            raise UserError(f"'{card}' is a {kinds[card]}: heroes and ideals are never placed in the main deck",
                            file=file, entry=f"main.{card}")
        if evolution[card]:
            raise UserError(f"'{card}' is an evolution card: it belongs in the evolution deck", file=file,
                            entry=f"main.{card}")
        if main.count(card) > rules["max_copies"]:
            raise UserError(f"no more than {rules['max_copies']} copies of the same card in the main deck",
                            file=file, entry=f"main.{card}")
    if not rules["main_deck_min"] <= len(main) <= rules["main_deck_max"]:
        raise UserError(f"a main deck has {rules['main_deck_min']} to {rules['main_deck_max']} cards (this one "
                        f"{len(main)})", file=file, entry="main")
    for card in evo:
        if not evolution[card]:
            raise UserError(f"'{card}' has no evolution ability: only evolved heroes, creatures and structures "
                            "belong in the evolution deck", file=file, entry=f"evolution.{card}")
    if len(evo) > rules["evolution_deck_max"]:
        raise UserError(f"an evolution deck has up to {rules['evolution_deck_max']} cards (this one {len(evo)})",
                        file=file, entry="evolution")
    assumed = deck.get("assumed", False)
    if assumed and not str(deck.get("reason", "")).strip():
        raise UserError("an assumed deck says why (reason: ...)", file=file, entry="assumed")
    return {"heroes": [index[h] for h in heroes], "ideal": index[ideal], "main": [index[c] for c in main],
            "evolution": [index[c] for c in evo]}


# ---- matchups ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    sides: tuple[str, ...]  # "aggro" or "aggro+control" per side
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
                raise UserError(f"unknown deck '{deck}' (decks: {', '.join(library.decks)})", entry=entry)
    return Entry(tuple("+".join(t) for t in teams), tuple(d for t in teams for d in t), len(teams[0]))


def matchup_id(entry: Entry) -> str:
    return "_vs_".join(entry.sides)


def matchup_hash(entry: Entry, slots: list[dict]) -> str:
    return content_hash([entry.sides, slots])


def ruleset_hash(rules: dict, compiled: Compiled, deck_errata: dict | None = None) -> str:
    # an edition without deck variants hashes as before the section existed, so its hash is unchanged
    return content_hash([rules, compiled.values, deck_errata] if deck_errata else [rules, compiled.values])
