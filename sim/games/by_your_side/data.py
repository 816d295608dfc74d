"""By Your Side's designer data (decks/by_your_side/) -> validated, packed tables.

- cards.yaml: the card library (player cards, Threats, Environment, Events, Angels, chakras, abilities)
- characters.yaml: the two boards (Stability, chakras, Full Focus)
- decks.yaml: player decks (name -> cards) and matchup sets
- scenarios/<id>.yaml: set-up, Exploration Deck, Offering decks, Events, goals
- editions/<name>.yaml: rule values, card errata and deck errata (deck variants), a delta over `base` (sim/core/editions.py)
- policies/<name>.yaml: bots (sim/core/policies.py)
Every mistake is one UserError naming the file, the entry and the rule.
"""

from __future__ import annotations

import copy
import difflib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.core import editions
from sim.core.data_files import read_yaml
from sim.core.errors import UserError
from sim.core.game import content_hash
from sim.core.paths import DECKS_DIR
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables, vocab

DATA_DIR = DECKS_DIR / "by_your_side"
CARD_FIELDS = ("name", "type", "subtype", "cost", "retrieve", "strength", "apex", "convertible", "attach", "cooldown",
               "copies", "text", "assumed", "reason", *vocab.PASSIVE_FIELDS, *vocab.EFFECT_SLOTS)
SCENARIO_FIELDS = ("name", "assumed", "reason", "decks", "focused", "reserve", "unlocked", "prologue", "exploration",
                   "charms", "talismans", "round_limit", "lose_when_planes_empty", "track_goal", "events")
EVENT_FIELDS = ("id", "name", "card", "apex", "steps")
BOX_NAMES = {2: 2, 3: 3, 4: 4, 5: 5, "deck": L.BOX_DECK, "offering": L.BOX_OFFERING, "support": L.BOX_SUPPORT}
BOX_LABELS = {1: "position 1", 2: "position 2", 3: "position 3", 4: "position 4", 5: "position 5",
              L.BOX_DECK: "the Exploration Deck", L.BOX_OFFERING: "the Offering", L.BOX_SUPPORT: "Support"}


def _closest(name, known) -> str:
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def _mapping(value, file: str, entry: str) -> dict:
    if not isinstance(value, dict):
        raise UserError("must be a mapping", file=file, entry=entry)
    return value


def _integer(value, file: str, entry: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UserError(f"must be a whole number from {low} to {high} (got {value!r})", file=file, entry=entry)
    return value


def _flag(value, file: str, entry: str) -> bool:
    if not isinstance(value, bool):
        raise UserError(f"must be true or false (got {value!r})", file=file, entry=entry)
    return value


def _check_assumed(fields: dict, file: str, entry: str) -> None:
    if "assumed" in fields:
        _flag(fields["assumed"], file, f"{entry}.assumed")
        if fields["assumed"] and not (isinstance(fields.get("reason"), str) and fields["reason"].strip()):
            raise UserError("assumed data needs a reason", file=file, entry=entry)


@dataclass
class Library:
    """Every card, board and scenario, validated; the numeric rows the ruleset table is packed from."""

    card_ids: dict[str, int]
    cards: dict[str, dict]  # name -> fields as written (after errata)
    characters: list[dict]
    decks: dict[str, tuple[int, ...]]
    deck_assumed: dict[str, bool]
    matchup_sets: dict[str, tuple[str, ...]]
    scenarios: dict[str, dict]  # id -> fields as written
    event_ids: dict[str, int]  # every Event id of every scenario -> a global number
    assumed: tuple[str, ...] = ()
    files: dict[str, str] = field(default_factory=dict)
    status_ids: dict[str, int] = field(default_factory=dict)  # the Journal's Statuses (campaign.yaml) -> bit
    campaigns: dict[str, dict] = field(default_factory=dict)  # id -> fields as written (checked)

    @property
    def card_names(self) -> tuple[str, ...]:
        return tuple(self.card_ids)

    @property
    def scenario_names(self) -> tuple[str, ...]:
        return tuple(self.scenarios)


# ---- steps ---------------------------------------------------------------------------------------
def _step_row(step, card_ids: dict[str, int], event_ids: dict[str, int], status_ids: dict[str, int], file: str,
              entry: str) -> list[int]:
    step = _mapping(step, file, entry)
    op = step.get("op")
    if op not in vocab.OPS:
        raise UserError(f"unknown op '{op}'{_closest(op, vocab.OPS)} (ops: {', '.join(vocab.OPS)})", file=file,
                        entry=entry)
    allowed = set(vocab.OPS[op]) | set(vocab.COMMON_STEP_FIELDS) | {"op"}
    for key in step:
        if key not in allowed:
            raise UserError(f"op {op} takes no field '{key}' (fields: {', '.join(sorted(allowed - {'op'}))})",
                            file=file, entry=entry)
    row = [0] * tables.STEP_WIDTH
    row[tables.S_OP] = vocab.OP[op]
    row[tables.S_AMOUNT] = _integer(step.get("amount", 0), file, f"{entry}.amount", *vocab.STEP_LIMITS["amount"])
    row[tables.S_RANGE] = _integer(step.get("range", vocab.DEFAULT_RANGE), file, f"{entry}.range",
                                   *vocab.STEP_LIMITS["range"])
    fields = vocab.OPS[op]
    if "target" in fields:
        kinds = vocab.CARD_TARGETS if op == "weaken" else vocab.CHARACTER_TARGETS
        default = "one" if op == "weaken" else "self"
        target = step.get("target", default)
        if target not in kinds:
            raise UserError(f"target must be one of {', '.join(kinds)} (got {target!r})", file=file, entry=f"{entry}.target")
        row[tables.S_TARGET] = vocab.TARGETS.index(target)
    row[tables.S_NON_APEX] = int(_flag(step.get("non_apex", False), file, f"{entry}.non_apex"))
    row[tables.S_MAY] = int(_flag(step.get("may", False), file, f"{entry}.may"))
    row[tables.S_SUPPORTED] = _integer(step.get("supported", 0), file, f"{entry}.supported", 0, 5)
    die = step.get("die")
    if die is None:
        row[tables.S_DIE_LO], row[tables.S_DIE_HI] = 0, 0
    else:
        if not (isinstance(die, list) and len(die) == 2):
            raise UserError("die is [lowest, highest] of the results this step reads", file=file, entry=f"{entry}.die")
        low = _integer(die[0], file, f"{entry}.die", 1, 6)
        high = _integer(die[1], file, f"{entry}.die", low, 6)
        row[tables.S_DIE_LO], row[tables.S_DIE_HI] = low, high
    row[tables.S_MIN_STAGE] = _integer(step.get("min_stage", 0), file, f"{entry}.min_stage", 0, 9)
    if "card" in fields:
        name = step.get("card")
        if name not in card_ids:
            raise UserError(f"unknown card '{name}'{_closest(name, card_ids)}", file=file, entry=f"{entry}.card")
        row[tables.S_PARAM] = card_ids[name]
    if "feature" in fields:
        feature = step.get("feature")
        if feature not in vocab.FEATURES:
            raise UserError(f"feature must be one of {', '.join(vocab.FEATURES)}", file=file, entry=f"{entry}.feature")
        row[tables.S_PARAM] = vocab.FEATURES.index(feature)
    if "event" in fields:
        name = step.get("event")
        if name not in event_ids:
            raise UserError(f"unknown event '{name}'{_closest(name, event_ids)} (no scenario has it)", file=file,
                            entry=f"{entry}.event")
        row[tables.S_PARAM] = event_ids[name]
    if "if" in step and "unless" in step:
        raise UserError("a step takes 'if' or 'unless', not both", file=file, entry=entry)
    for key, sign in (("if", 1), ("unless", -1)):
        if key in step:
            row[tables.S_STATUS] = sign * (_status(step[key], status_ids, file, f"{entry}.{key}") + 1)
    if "status" in fields:
        row[tables.S_PARAM] = _status(step.get("status"), status_ids, file, f"{entry}.status")
    if "by" in fields:
        by = step.get("by", "team")
        if by not in vocab.CHOOSERS:
            raise UserError(f"by must be one of {', '.join(vocab.CHOOSERS)} (got {by!r})", file=file, entry=f"{entry}.by")
        row[tables.S_BY] = vocab.CHOOSERS.index(by)
    if "x" in fields:
        x = step.get("x", "")
        if x not in vocab.X_NAMES:
            raise UserError(f"x must be one of {', '.join(n for n in vocab.X_NAMES if n)}", file=file, entry=f"{entry}.x")
        row[tables.S_X] = vocab.X_NAMES.index(x)
    return row


def _status(name, status_ids: dict[str, int], file: str, entry: str) -> int:
    if name not in status_ids:
        raise UserError(f"unknown Status '{name}'{_closest(name, status_ids)} (campaign.yaml names the Statuses)",
                        file=file, entry=entry)
    return status_ids[name]


def _steps(value, card_ids, event_ids, status_ids, file: str, entry: str, rows: list[list[int]]) -> tuple[int, int]:
    """Append a list of steps to ``rows``; return its (start, end) rows."""
    if value is None:
        return 0, 0
    if not isinstance(value, list):
        raise UserError("an effect is a list of steps ({op: ..., ...})", file=file, entry=entry)
    start = len(rows)
    for i, step in enumerate(value):
        rows.append(_step_row(step, card_ids, event_ids, status_ids, file, f"{entry}[{i}]"))
    return start, len(rows)


def _system_steps(rows: list[list[int]]) -> dict[str, int]:
    """The engine's own step lists: five returned tokens, an Intrusive thought's recipient, the three
    Offering slots a further Angel may replace, an Event card read, a chakra's token source."""
    starts = {}

    def add(op: str, count: int = 1, amount_from_index: bool = False) -> None:
        starts[op] = len(rows)
        for i in range(count):
            row = [0] * tables.STEP_WIDTH
            row[tables.S_OP] = vocab.OP[op]
            row[tables.S_AMOUNT] = i if amount_from_index else 1
            rows.append(row)

    add("return_token", 5)
    add("take_intrusive")
    add("replace_offered", L.OFFER_SLOTS, amount_from_index=True)
    add("read_next_event")
    add("focus_source")
    add("trade")
    return starts


# ---- the library ----------------------------------------------------------------------------------
def _check_card(name: str, fields: dict, file: str) -> None:
    entry = f"cards.{name}"
    for key in fields:
        if key not in CARD_FIELDS:
            raise UserError(f"unknown field '{key}'{_closest(key, CARD_FIELDS)}", file=file, entry=entry)
    kind = fields.get("type")
    if kind not in vocab.CARD_TYPES:
        raise UserError(f"type must be one of {', '.join(vocab.CARD_TYPES)} (got {kind!r})", file=file, entry=entry)
    if kind in vocab.PLAYER_TYPES + ("intrusive",) and "cost" not in fields:
        raise UserError(f"a {kind} card needs a cost", file=file, entry=entry)
    if kind == "manifestation" and "strength" not in fields:
        raise UserError("a Manifestation needs a strength", file=file, entry=entry)
    if kind == "environment" and "strength" in fields:
        raise UserError("Environment cards have no Strength", file=file, entry=f"{entry}.strength")
    if kind == "environment" and "retrieve" in fields:
        raise UserError("Environment cards can't be retrieved", file=file, entry=f"{entry}.retrieve")
    if "subtype" in fields and fields["subtype"] not in vocab.SUBTYPES:
        raise UserError(f"subtype must be one of {', '.join(s for s in vocab.SUBTYPES if s)}", file=file,
                        entry=f"{entry}.subtype")
    if fields.get("attach") and kind != "sigil":
        raise UserError("only a Sigil attaches to a Threat", file=file, entry=f"{entry}.attach")
    if fields.get("cooldown") and kind != "talisman":
        raise UserError("only a Talisman has cooldown", file=file, entry=f"{entry}.cooldown")
    if "apex" in fields and kind != "manifestation":
        raise UserError("only a Manifestation is Apex", file=file, entry=f"{entry}.apex")
    _check_assumed(fields, file, entry)


def _card_row(name: str, fields: dict, card_ids, event_ids, status_ids, steps: list[list[int]], file: str) -> list[int]:
    entry = f"cards.{name}"
    kind = vocab.CARD_TYPES.index(fields["type"])
    row = [0] * tables.CARD_WIDTH
    row[tables.C_TYPE] = kind
    row[tables.C_SUBTYPE] = vocab.SUBTYPES.index(fields.get("subtype", ""))
    row[tables.C_COST] = _integer(fields.get("cost", 0), file, f"{entry}.cost", 0, 10)
    row[tables.C_RETRIEVE] = _integer(fields["retrieve"], file, f"{entry}.retrieve", 0, 10) if "retrieve" in fields else -1
    row[tables.C_STRENGTH] = _integer(fields.get("strength", 0), file, f"{entry}.strength", 0, 30)
    row[tables.C_APEX] = int(_flag(fields.get("apex", False), file, f"{entry}.apex"))
    holds = fields["type"] in vocab.PLAYER_TYPES + ("intrusive",)
    row[tables.C_CONVERTIBLE] = int(_flag(fields.get("convertible", holds), file, f"{entry}.convertible"))
    row[tables.C_ATTACH] = int(_flag(fields.get("attach", False), file, f"{entry}.attach"))
    row[tables.C_COOLDOWN] = int(_flag(fields.get("cooldown", False), file, f"{entry}.cooldown"))
    passive_columns = {"hand_limit": tables.C_HAND_LIMIT, "conversion_bonus": tables.C_CONVERSION_BONUS,
                       "loss_shield": tables.C_LOSS_SHIELD, "weaken_bonus": tables.C_WEAKEN_BONUS,
                       "no_surge": tables.C_NO_SURGE}
    for key, column in passive_columns.items():
        low, high = vocab.PASSIVE_FIELDS[key]
        row[column] = _integer(fields.get(key, 0), file, f"{entry}.{key}", low, high)
    supportable = 0
    for slot, slot_name in enumerate(vocab.EFFECT_SLOTS):
        if slot == vocab.SLOT_PLAY and fields.get("attach"):
            # a Sigil that goes on a Threat: its play begins with choosing the Threat (the engine's attach step)
            attach = [0] * tables.STEP_WIDTH
            attach[tables.S_OP] = vocab.OP["attach"]
            attach[tables.S_RANGE] = vocab.DEFAULT_RANGE
            steps.append(attach)
            start = len(steps) - 1
            _, end = _steps(fields.get(slot_name) or [], card_ids, event_ids, status_ids, file, f"{entry}.{slot_name}", steps)
            end = max(end, start + 1)
        else:
            start, end = _steps(fields.get(slot_name), card_ids, event_ids, status_ids, file, f"{entry}.{slot_name}", steps)
        row[tables.C_EFFECTS + 2 * slot] = start
        row[tables.C_EFFECTS + 2 * slot + 1] = end
        if slot == vocab.SLOT_PLAY:
            supportable = int(any(steps[r][tables.S_SUPPORTED] > 0 for r in range(start, end)))
        if slot == vocab.SLOT_ACTIVATE and end > start:
            die_ops = {vocab.OP["reroll"], vocab.OP["adjust_die"]}
            row[tables.C_DIE_ONLY] = int(all(steps[r][tables.S_OP] in die_ops for r in range(start, end)))
        if slot == vocab.SLOT_USE and end > start and all(
                steps[r][tables.S_OP] == vocab.OP["adjust_die"] for r in range(start, end)):
            row[tables.C_DIE_ONLY] = 1
    row[tables.C_SUPPORTABLE] = supportable
    return row


def _load_scenarios(data_dir: Path) -> dict[str, tuple[dict, str]]:
    folder = data_dir / "scenarios"
    out = {}
    for path in sorted(folder.glob("*.yaml")):
        out[path.stem] = (_mapping(read_yaml(path), str(path), "top level"), str(path))
    if not out:
        raise UserError("no scenario files", file=str(folder))
    return out


def load_library(data_dir: Path = DATA_DIR, errata: dict | None = None, deck_errata: dict | None = None) -> Library:
    """All data, validated (an edition's card and deck errata merged in first)."""
    cards_file = str(data_dir / "cards.yaml")
    raw = _mapping(read_yaml(data_dir / "cards.yaml"), cards_file, "top level")
    cards = {str(k): copy.deepcopy(_mapping(v, cards_file, f"cards.{k}")) for k, v in
             _mapping(raw.get("cards"), cards_file, "cards").items()}
    for name, fix in (errata or {}).items():
        if name not in cards:
            raise UserError(f"errata for unknown card '{name}'{_closest(name, cards)}", file=fix.get("_file"),
                            entry=f"card_errata.{name}")
        cards[name].update({k: v for k, v in fix.items() if k != "_file"})
    if not 1 <= len(cards) <= L.MAX_CARDS:
        raise UserError(f"give 1 to {L.MAX_CARDS} cards", file=cards_file, entry="cards")
    for name, fields in cards.items():
        _check_card(name, fields, cards_file)
    card_ids = {name: i for i, name in enumerate(cards)}

    status_ids, campaigns = _load_campaigns(data_dir)
    scenario_files = _load_scenarios(data_dir)
    event_ids: dict[str, int] = {}
    for scenario, file in scenario_files.values():
        events = scenario.get("events") or []
        if not isinstance(events, list):
            raise UserError("events is a list", file=file, entry="events")
        for i, ev in enumerate(events):
            ev = _mapping(ev, file, f"events[{i}]")
            eid = ev.get("id")
            if not isinstance(eid, str) or not eid:
                raise UserError("an Event needs an id", file=file, entry=f"events[{i}]")
            if eid in event_ids:
                raise UserError(f"Event id '{eid}' is used twice", file=file, entry=f"events[{i}]")
            event_ids[eid] = len(event_ids)

    characters_file = str(data_dir / "characters.yaml")
    raw_chars = _mapping(_mapping(read_yaml(data_dir / "characters.yaml"), characters_file, "top level").get("characters"),
                         characters_file, "characters")
    characters = []
    for who in vocab.CHARACTERS:
        if who not in raw_chars:
            raise UserError(f"character '{who}' is missing", file=characters_file, entry="characters")
        fields = _mapping(raw_chars[who], characters_file, f"characters.{who}")
        entry = f"characters.{who}"
        for key in fields:
            if key not in ("name", "stability", "chakras", "full_focus"):
                raise UserError(f"unknown field '{key}'", file=characters_file, entry=entry)
        chakras = _mapping(fields.get("chakras"), characters_file, f"{entry}.chakras")
        if list(chakras) != list(vocab.CHAKRAS):
            raise UserError(f"a board has five chakras, in order: {', '.join(vocab.CHAKRAS)}", file=characters_file,
                            entry=f"{entry}.chakras")
        chakra_ids = []
        for chakra, name in chakras.items():
            if name not in cards or cards[name]["type"] != "chakra":
                raise UserError(f"'{name}' is not a chakra card", file=characters_file, entry=f"{entry}.chakras.{chakra}")
            chakra_ids.append(card_ids[name])
        full = fields.get("full_focus")
        if full not in cards or cards[full]["type"] != "ability":
            raise UserError(f"'{full}' is not an ability card", file=characters_file, entry=f"{entry}.full_focus")
        characters.append({"name": str(fields.get("name", who)),
                           "stability": _integer(fields.get("stability"), characters_file, f"{entry}.stability", 1, 20),
                           "chakras": chakra_ids, "full_focus": card_ids[full]})

    decks_file = str(data_dir / "decks.yaml")
    raw = _mapping(read_yaml(data_dir / "decks.yaml"), decks_file, "top level")
    decks, deck_assumed, deck_reasons = {}, {}, {}
    written = _mapping(raw.get("decks"), decks_file, "decks")
    for name, fix in (deck_errata or {}).items():
        if name not in written:
            raise UserError(f"errata for unknown deck '{name}'{_closest(name, written)}", file=fix["_file"],
                            entry=f"deck_errata.{name}")
    for deck, spec in written.items():
        spec = _mapping(spec, decks_file, f"decks.{deck}")
        for key in spec:
            if key not in ("cards", "assumed", "reason"):
                raise UserError(f"unknown field '{key}' (fields: cards, assumed, reason)", file=decks_file,
                                entry=f"decks.{deck}")
        _check_assumed(spec, decks_file, f"decks.{deck}")
        file, entry, counts = decks_file, f"decks.{deck}", spec.get("cards")
        if str(deck) in (deck_errata or {}):  # the edition's copies replace the deck's (0 removes a card)
            fix = deck_errata[str(deck)]
            file, entry = fix["_file"], f"deck_errata.{deck}"
            counts = {**_mapping(counts, decks_file, f"decks.{deck}.cards"), **fix.get("cards", {})}
        ids = _card_list(counts, card_ids, cards, vocab.PLAYER_TYPES, file, f"{entry}.cards")
        if not 1 <= len(ids) <= L.DECK_CAP // 2:
            raise UserError(f"a deck has 1 to {L.DECK_CAP // 2} cards (has {len(ids)})", file=file, entry=entry)
        decks[str(deck)] = tuple(ids)
        deck_assumed[str(deck)] = bool(spec.get("assumed", False))
        deck_reasons[str(deck)] = spec.get("reason", "")
    sets = {}
    for set_name, entries in _mapping(raw.get("matchup_sets"), decks_file, "matchup_sets").items():
        if not isinstance(entries, list) or not entries:
            raise UserError("a matchup set is a non-empty list of entries", file=decks_file,
                            entry=f"matchup_sets.{set_name}")
        sets[str(set_name)] = tuple(str(e) for e in entries)

    scenarios = {}
    for sid, (scenario, file) in scenario_files.items():
        check_scenario(sid, scenario, file, cards, card_ids, decks)
        scenarios[sid] = scenario
    # "<kind> <id>: <reason>", the form reports read assumed cards from (sim.core.report_kinds.ReportParams)
    assumed = tuple(f"card {n}: {f['reason']}" for n, f in cards.items() if f.get("assumed")) + tuple(
        f"deck {d}: {deck_reasons[d]}" for d, a in deck_assumed.items() if a) + tuple(
        f"scenario {s}: {f['reason']}" for s, f in scenarios.items() if f.get("assumed"))
    campaign_file = str(data_dir / "campaign.yaml")
    for cid, spec in campaigns.items():
        for i, sid in enumerate(spec["scenarios"]):
            if sid not in scenarios:
                raise UserError(f"unknown scenario '{sid}'{_closest(sid, scenarios)}", file=campaign_file,
                                entry=f"campaigns.{cid}.scenarios[{i}]")
        for i, name in enumerate(spec["replay_charms"]):
            if name not in cards or cards[name]["type"] != "charm":
                raise UserError(f"'{name}' is not a Charm", file=campaign_file, entry=f"campaigns.{cid}.replay_charms[{i}]")
        if cid in scenarios:
            raise UserError(f"a campaign and a scenario are both called '{cid}'", file=campaign_file, entry=f"campaigns.{cid}")
    assumed += tuple(f"campaign {c}: {f['reason']}" for c, f in campaigns.items() if f.get("assumed"))
    library = Library(card_ids, cards, characters, decks, deck_assumed, sets, scenarios, event_ids, assumed,
                      {sid: file for sid, (_, file) in scenario_files.items()}, status_ids, campaigns)
    for entries in sets.values():
        for text in entries:
            if text not in campaigns:
                parse_entry(text, library)
    return library


CAMPAIGN_FIELDS = ("name", "scenarios", "attempts", "replay_charms", "assumed", "reason")


def _load_campaigns(data_dir: Path) -> tuple[dict[str, int], dict[str, dict]]:
    """campaign.yaml: the Journal's Statuses (names Events mark) and the campaigns (scenarios in order, the
    attempts a team makes at a scenario before it gives up, the replay Charms). No file: neither."""
    path = data_dir / "campaign.yaml"
    if not path.exists():
        return {}, {}
    file = str(path)
    raw = _mapping(read_yaml(path), file, "top level")
    for key in raw:
        if key not in ("statuses", "campaigns"):
            raise UserError(f"unknown field '{key}' (fields: statuses, campaigns)", file=file, entry=str(key))
    statuses = _mapping(raw.get("statuses") or {}, file, "statuses")
    if len(statuses) > vocab.MAX_STATUSES:
        raise UserError(f"at most {vocab.MAX_STATUSES} Statuses", file=file, entry="statuses")
    for name, spec in statuses.items():
        _check_assumed(_mapping(spec, file, f"statuses.{name}"), file, f"statuses.{name}")
    status_ids = {str(name): i for i, name in enumerate(statuses)}
    campaigns = {}
    for cid, spec in _mapping(raw.get("campaigns") or {}, file, "campaigns").items():
        entry = f"campaigns.{cid}"
        spec = _mapping(spec, file, entry)
        for key in spec:
            if key not in CAMPAIGN_FIELDS:
                raise UserError(f"unknown field '{key}'{_closest(key, CAMPAIGN_FIELDS)}", file=file, entry=entry)
        _check_assumed(spec, file, entry)
        listed = spec.get("scenarios")
        if not isinstance(listed, list) or not 1 <= len(listed) <= vocab.CAMPAIGN_SCENARIOS:
            raise UserError(f"scenarios is a list of 1 to {vocab.CAMPAIGN_SCENARIOS} scenarios, played in order",
                            file=file, entry=f"{entry}.scenarios")
        charms = spec.get("replay_charms")
        if not isinstance(charms, list) or not charms:
            raise UserError("replay_charms is a non-empty list of Charms", file=file, entry=f"{entry}.replay_charms")
        campaigns[str(cid)] = {**spec, "scenarios": [str(x) for x in listed], "replay_charms": [str(x) for x in charms],
                               "attempts": _integer(spec.get("attempts"), file, f"{entry}.attempts", 1, 20)}
    return status_ids, campaigns


def _card_list(counts, card_ids, cards, types, file: str, entry: str) -> list[int]:
    counts = _mapping(counts if counts is not None else {}, file, entry)
    ids: list[int] = []
    for name, copies in counts.items():
        if name not in card_ids:
            raise UserError(f"unknown card '{name}'{_closest(name, card_ids)}", file=file, entry=entry)
        if cards[name]["type"] not in types:
            raise UserError(f"'{name}' is a {cards[name]['type']} card; allowed here: {', '.join(types)}", file=file,
                            entry=entry)
        ids += [card_ids[name]] * _integer(copies, file, f"{entry}.{name}", 0, 40)
    return ids


def check_scenario(sid: str, scenario: dict, file: str, cards, card_ids, decks) -> None:
    """A scenario file's content (the Campaign Book's blank "Each one includes:" list, as read here): its
    starting decks, the boxes focused at set-up and the reserve, the features unlocked, a prologue, the
    Exploration Deck, the Offering's Charm and Talisman decks, the Events (what each does and where its card
    goes, or the Apex it belongs to), the goals and limits (track goal, round limit, the Planes running out)."""
    for key in scenario:
        if key not in SCENARIO_FIELDS:
            raise UserError(f"unknown field '{key}'{_closest(key, SCENARIO_FIELDS)}", file=file, entry=str(key))
    _check_assumed(scenario, file, "top level")
    starting = _mapping(scenario.get("decks"), file, "decks")
    for who in vocab.CHARACTERS:
        if starting.get(who) not in decks:
            raise UserError(f"unknown deck '{starting.get(who)}'{_closest(starting.get(who), decks)}", file=file,
                            entry=f"decks.{who}")
    for key in ("focused", "unlocked"):
        if not isinstance(scenario.get(key, []), list):
            raise UserError("must be a list", file=file, entry=key)
    for box in scenario.get("focused", []):
        if box not in BOX_NAMES:
            raise UserError(f"unknown Focus box {box!r} (boxes: 2, 3, 4, 5, deck, offering, support; position 1 is "
                            "always focused)", file=file, entry="focused")
    for feature in scenario.get("unlocked", []):
        if feature not in vocab.FEATURES:
            raise UserError(f"unknown feature {feature!r} (features: {', '.join(vocab.FEATURES)})", file=file,
                            entry="unlocked")
    _integer(scenario.get("reserve", 0), file, "reserve", 0, 10)
    _integer(scenario.get("round_limit", 40), file, "round_limit", 1, 500)
    _integer(scenario.get("track_goal", 0), file, "track_goal", 0, 50)
    _flag(scenario.get("lose_when_planes_empty", True), file, "lose_when_planes_empty")
    exploration_types = ("action", "talisman", "charm", "sigil", "manifestation", "intrusive", "environment",
                         "event", "angel")
    explore = _card_list(scenario.get("exploration"), card_ids, cards, exploration_types, file, "exploration")
    if not 1 <= len(explore) <= L.EXPLORATION_CAP - 16:
        raise UserError(f"an Exploration Deck has 1 to {L.EXPLORATION_CAP - 16} cards", file=file, entry="exploration")
    _card_list(scenario.get("charms"), card_ids, cards, ("charm",), file, "charms")
    _card_list(scenario.get("talismans"), card_ids, cards, ("talisman",), file, "talismans")
    for key in ("charms", "talismans"):
        if len(_card_list(scenario.get(key), card_ids, cards, (key[:-1],), file, key)) > L.OFFER_DECK_CAP:
            raise UserError(f"at most {L.OFFER_DECK_CAP} cards", file=file, entry=key)
    events = scenario.get("events") or []
    if len(events) > L.EVENT_CAP:
        raise UserError(f"at most {L.EVENT_CAP} Events", file=file, entry="events")
    for i, ev in enumerate(events):
        for key in ev:
            if key not in EVENT_FIELDS:
                raise UserError(f"unknown field '{key}' (fields: {', '.join(EVENT_FIELDS)})", file=file,
                                entry=f"events[{i}]")
        _flag(ev.get("apex", False), file, f"events[{i}].apex")
        if not ev.get("apex") and ev.get("card") not in vocab.EVENT_CARD_FATES:
            raise UserError(f"card must be one of {', '.join(vocab.EVENT_CARD_FATES)} (what happens to the Event card)",
                            file=file, entry=f"events[{i}].card")


# ---- editions and tables ----------------------------------------------------------------------------
def _check_rule(rule: str, value, file: str, entry: str) -> int:
    if rule not in vocab.RULE_LIMITS:
        raise UserError(f"unknown rule '{rule}'{_closest(rule, vocab.RULE_NAMES)}", file=file, entry=entry)
    return _integer(value, file, entry, *vocab.RULE_LIMITS[rule])


# A deck variant as an edition: `deck_errata: {jolene_starter: {cards: {marked: 2, glimpse: 0}}}` sets those
# cards' copies in the deck (0 removes one), checked as any deck. The deck keeps its name, so the matchups
# that play it keep their ids and their deals: `sim ab` pairs the variant with the deck it varies.
ERRATA_SECTIONS = ("card_errata", "deck_errata")


def _check_errata(section: str, target: str, fields: dict, file: str, entry: str) -> None:
    allowed = CARD_FIELDS if section == "card_errata" else ("cards",)
    for key in fields:
        if key not in allowed:
            raise UserError(f"unknown {section.split('_')[0]} field '{key}'{_closest(key, allowed)}", file=file,
                            entry=entry)
    if section == "deck_errata":
        _mapping(fields.get("cards"), file, f"{entry}.cards")
    fields["_file"] = file


@dataclass(frozen=True)
class Compiled:
    """A ruleset: the resolved edition, the library under its errata, and the packed table."""

    table: np.ndarray
    library: Library
    resolved: dict
    scenario_index: dict[str, int]


def load_ruleset(edition: str, data_dir: Path = DATA_DIR) -> Compiled:
    resolved = editions.resolve(data_dir, edition, _check_rule, ERRATA_SECTIONS, _check_errata)
    rules = resolved["rules"]
    missing = [r for r in vocab.RULE_NAMES if r not in rules]
    if missing:
        raise UserError(f"rule '{missing[0]}' is not set by the edition or its bases", file=str(data_dir / "editions"),
                        entry=edition)
    library = load_library(data_dir, resolved.get("card_errata"), resolved.get("deck_errata"))
    steps: list[list[int]] = []
    ids = library.card_ids
    card_rows = [_card_row(name, f, ids, library.event_ids, library.status_ids, steps, str(data_dir / "cards.yaml"))
                 for name, f in library.cards.items()]
    character_rows = [[c["stability"], *c["chakras"], c["full_focus"]] for c in library.characters]
    scenario_rows, index = [], {}
    for sid, scenario in library.scenarios.items():
        index[sid] = len(scenario_rows)
        scenario_rows.append(_scenario_rows(scenario, library, steps, library.files[sid]))
    system = _system_steps(steps)
    system["exhaustion"] = ids.get("exhaustion", -1)
    table = tables.pack_ruleset(rules, card_rows, steps, character_rows, scenario_rows, system)
    resolved = {k: v for k, v in resolved.items() if k not in (*ERRATA_SECTIONS, "name", "chain")} | {
        section: {k: {f: v for f, v in fs.items() if f != "_file"} for k, fs in resolved.get(section, {}).items()}
        for section in ERRATA_SECTIONS}
    names = list(library.card_ids)
    resolved["decks"] = {deck: dict(sorted(Counter(names[c] for c in cards).items())) for deck, cards in library.decks.items()}
    return Compiled(table, library, resolved, index)


def _scenario_rows(scenario: dict, library: Library, steps: list[list[int]], file: str) -> dict:
    ids, cards = library.card_ids, library.cards
    focus = 0
    for box in scenario.get("focused", []):
        focus |= 1 << BOX_NAMES[box]
    unlocked = 0
    for feature in scenario.get("unlocked", []):
        unlocked |= 1 << vocab.FEATURES.index(feature)
    prologue = _steps(scenario.get("prologue"), ids, library.event_ids, library.status_ids, file, "prologue", steps)
    events = []
    for i, ev in enumerate(scenario.get("events") or []):
        start, end = _steps(ev.get("steps"), ids, library.event_ids, library.status_ids, file, f"events[{i}].steps", steps)
        fate = vocab.EVENT_CARD_FATES.index(ev.get("card", "banish"))
        events.append([fate, int(bool(ev.get("apex", False))), start, end, library.event_ids[ev["id"]]])
    exploration = _card_list(scenario.get("exploration"), ids, cards, vocab.CARD_TYPES, file, "exploration")
    charms = _card_list(scenario.get("charms"), ids, cards, ("charm",), file, "charms")
    talismans = _card_list(scenario.get("talismans"), ids, cards, ("talisman",), file, "talismans")
    header = [0] * tables.SCENARIO_HEADER
    header[tables.SC_FOCUS] = focus
    header[tables.SC_RESERVE] = int(scenario.get("reserve", 0))
    header[tables.SC_UNLOCKED] = unlocked
    header[tables.SC_ROUND_LIMIT] = int(scenario.get("round_limit", 40))
    header[tables.SC_PLANES_EMPTY_LOSES] = int(bool(scenario.get("lose_when_planes_empty", True)))
    header[tables.SC_TRACK_GOAL] = int(scenario.get("track_goal", 0))
    header[tables.SC_PROLOGUE_START], header[tables.SC_PROLOGUE_END] = prologue
    header[tables.SC_N_EVENTS] = len(events)
    header[tables.SC_N_EXPLORATION] = len(exploration)
    header[tables.SC_N_CHARMS] = len(charms)
    header[tables.SC_N_TALISMANS] = len(talismans)
    return {"header": header, "events": events, "exploration": exploration, "charms": charms, "talismans": talismans}


# ---- matchups -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    scenario: str
    decks: tuple[str, str]  # Jolene's, Rosi's


def parse_entry(text: str, library: Library) -> Entry:
    """'<scenario>' (its own starting decks) or '<scenario> with <Jolene's deck>+<Rosi's deck>'."""
    head, _, tail = str(text).partition(" with ")
    sid = head.strip()
    if sid not in library.scenarios:
        raise UserError(f"unknown scenario '{sid}'{_closest(sid, library.scenarios)} "
                        f"(scenarios: {', '.join(library.scenarios)})", entry=text)
    if tail:
        names = [d.strip() for d in tail.split("+")]
        if len(names) != 2:
            raise UserError("give two decks: '<scenario> with <Jolene's deck>+<Rosi's deck>'", entry=text)
        for name in names:
            if name not in library.decks:
                raise UserError(f"unknown deck '{name}'{_closest(name, library.decks)}", entry=text)
        decks = (names[0], names[1])
    else:
        starting = library.scenarios[sid]["decks"]
        decks = (starting["jolene"], starting["rosi"])
    return Entry(sid, decks)


def matchup_id(entry: Entry, library: Library) -> str:
    starting = library.scenarios[entry.scenario]["decks"]
    if entry.decks == (starting["jolene"], starting["rosi"]):
        return entry.scenario
    return f"{entry.scenario}_with_{entry.decks[0]}+{entry.decks[1]}"


def pack_matchup(entry: Entry, compiled: Compiled) -> tuple[np.ndarray, str]:
    """The matchup table and its hash. Each card's copies in the match are its `copies` (the box) or,
    when not given, the number the decks and the scenario use; the Archive starts with the rest."""
    library = compiled.library
    scenario = library.scenarios[entry.scenario]
    file = library.files[entry.scenario]
    decks = [list(library.decks[d]) for d in entry.decks]
    ids, cards = library.card_ids, library.cards
    used = np.zeros(len(ids), np.int64)
    for deck in decks:
        for c in deck:
            used[c] += 1
    for key in ("exploration", "charms", "talismans"):
        for c in _card_list(scenario.get(key), ids, cards, vocab.CARD_TYPES, file, key):
            used[c] += 1
    totals, archive = [], []
    for name, c in ids.items():
        copies = cards[name].get("copies")
        if copies is None:
            totals.append(int(used[c]))
            archive.append(0)
            continue
        copies = _integer(copies, str(DATA_DIR / "cards.yaml"), f"cards.{name}.copies", 1, 40)
        if copies < used[c]:
            raise UserError(f"the box holds {copies} {name} but the decks and the scenario use {used[c]}",
                            file=file, entry=entry.scenario)
        totals.append(copies)
        archive.append(copies - int(used[c]))
    table = tables.pack_matchup(compiled.scenario_index[entry.scenario], decks, totals, archive)
    return table, content_hash([entry.scenario, entry.decks, table])


def scenario_card_use(sid: str, library: Library) -> np.ndarray:
    """Copies of each card the scenario itself puts in play (its Exploration Deck and Offering decks)."""
    used = np.zeros(len(library.card_ids), np.int64)
    for key in ("exploration", "charms", "talismans"):
        for c in _card_list(library.scenarios[sid].get(key), library.card_ids, library.cards, vocab.CARD_TYPES,
                            library.files[sid], key):
            used[c] += 1
    return used


def box_copies(library: Library) -> np.ndarray:
    """Each card's copies in the box (`copies`), -1 where the data gives none (then the match holds what the
    decks and the scenario use, and the Archive none)."""
    out = np.full(len(library.card_ids), -1, np.int64)
    for name, c in library.card_ids.items():
        if library.cards[name].get("copies") is not None:
            out[c] = _integer(library.cards[name]["copies"], str(DATA_DIR / "cards.yaml"), f"cards.{name}.copies", 1, 40)
    return out


def _charm_for(charms: list[int], library: Library, op: str) -> int:
    """The replay Charm whose activation has this op (the greedy bot's pick after a loss it answers), else the first."""
    names = library.card_names
    for c in charms:
        if any(step.get("op") == op for step in library.cards[names[c]].get("activate") or []):
            return c
    return charms[0]


def pack_campaign(cid: str, compiled: Compiled) -> tuple[np.ndarray, str]:
    """A campaign's table (tables.CA_*): its scenarios in order, the attempts per scenario, the replay Charms
    (and which one answers each cause of loss), each card's box copies, each scenario's own card use and
    the starting decks (the first scenario's) as copies per card."""
    library = compiled.library
    spec = library.campaigns[cid]
    n = len(library.card_ids)
    charms = [library.card_ids[name] for name in spec["replay_charms"]]
    answers = [_charm_for(charms, library, op) for op in ("weaken", "gain_stability", "gain_energy")]
    first = library.scenarios[spec["scenarios"][0]]["decks"]
    decks = np.zeros((2, n), np.int64)
    for slot, who in enumerate(vocab.CHARACTERS):
        for c in library.decks[first[who]]:
            decks[slot, c] += 1
    use = [scenario_card_use(sid, library) for sid in spec["scenarios"]]
    table = tables.pack_campaign([compiled.scenario_index[sid] for sid in spec["scenarios"]], spec["attempts"], charms,
                                 answers, box_copies(library), use, decks)
    return table, content_hash([cid, table])

