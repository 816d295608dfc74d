"""Load and validate the designer data in decks/aeons_end/ and compile it into kernel tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.core import editions
from sim.core.data_files import check_name, read_yaml
from sim.core.errors import UserError, did_you_mean
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.vocab import (
    ABILITIES,
    CARD_TYPES,
    NEMESIS_CARD_TYPES,
    NEMESIS_KINDS,
    NEMESIS_STEPS,
    PLAYER_STEPS,
    TO_DISCARD,
)

DATA_DIR = Path(__file__).resolve().parents[3] / "decks" / "aeons_end"

# Basic nemesis card sets: rules key `basic_nemesis_set` names one. "legacy" is the rulebook's own box
# (Legacy of Gravehold), "base" the base game's 22 basics (edition base-game-basics).
BASIC_SETS = {"base": "nemesis_basic.yaml", "legacy": "nemesis_basic_legacy.yaml"}
MAX_ALTERNATIVES = 3
MAX_AMOUNT = 999  # a step's amount, a card's cost or life: the kernel's tables are int32  # OR alternatives after the main option (Devil's Pact: four options)

# weights of nemesis steps for the team's "least harmful OR option" rule (assumed, see RULES.md)
HARM = {"unleash": 3, "gravehold": 1, "suffer": 1, "swarm": 4, "strike": 4, "husks": 1,
        "return_last_minion": 8, "discard_prepped_min_cost": 3, "destroy_hand": 1,
        "shuffle_nemesis_turn_order": 5, "devour_spell": 1, "devour_cheapest_relic": 1,
        "suffer_per_empty_pile": 2,
        # Legacy basics (assumed, RULES.md): a fire token is a tenth of a loss (10 tokens) where a Gravehold
        # damage is a thirtieth (30 life), so one token weighs as 3 Gravehold damage; a discarded prepped
        # spell as in discard_prepped_min_cost; a lost charge 1
        "add_fire": 3, "players_discard_expensive_prepped": 3, "players_lose_charges": 1}


def _check_keys(entry: dict, allowed: set, required: set, file: str, name: str):
    if not isinstance(entry, dict):
        raise UserError("entry must be a mapping", file=file, entry=name)
    unknown = set(entry) - allowed
    if unknown:
        raise UserError(f"unknown key(s) {sorted(unknown)}; allowed: {sorted(allowed)}", file=file, entry=name)
    missing = required - set(entry)
    if missing:
        raise UserError(f"missing key(s) {sorted(missing)}", file=file, entry=name)


def _mapping(value, file: str, entry: str) -> dict:
    if not isinstance(value, dict):
        raise UserError(f"must be a mapping, got {value!r:.40}", file=file, entry=entry)
    return value


def _list(value, file: str, entry: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "a list" if length is None else f"a list of {length}"
        raise UserError(f"must be {size}, got {value!r:.40}", file=file, entry=entry)
    return value


def _int(value, low: int, high: int, file: str, entry: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UserError(f"must be an integer from {low} to {high}, got {value!r:.40}", file=file, entry=entry)
    return value


def parse_steps(steps, vocabulary, file: str, entry: str) -> list[tuple[int, int]]:
    if steps is None:
        return []
    if not isinstance(steps, list):
        raise UserError("an effect must be a list of steps", file=file, entry=entry)
    if len(steps) > L.MAX_STEPS:
        raise UserError(f"at most {L.MAX_STEPS} steps per effect", file=file, entry=entry)
    out = []
    for step in steps:
        parts = str(step).split()
        if not parts or parts[0] not in vocabulary or len(parts) > 2:
            raise UserError(f"unknown effect step '{step}' (known: {', '.join(vocabulary[1:])})",
                            file=file, entry=entry)
        amount = 0
        if len(parts) == 2:
            try:
                amount = int(parts[1])
            except ValueError:
                raise UserError(f"step '{step}': amount must be an integer", file=file, entry=entry) from None
            if not 0 <= amount <= MAX_AMOUNT:
                raise UserError(f"step '{step}': amount must be from 0 to {MAX_AMOUNT}", file=file, entry=entry)
        out.append((vocabulary.index(parts[0]), amount))
    return out


def _fill(table, index, steps):
    for i, (code, amount) in enumerate(steps):
        table[index + (i, 0)] = code
        table[index + (i, 1)] = amount


PLAYER_CARD_KEYS = {"id", "name", "source", "type", "cost", "effect", "or", "cast", "while_prepped",
                    "end_of_casting_while_prepped", "prep_to_closed", "on_gain_top_of_deck",
                    "not_modeled", "assumed"}
NEMESIS_CARD_KEYS = {"id", "name", "source", "tier", "type", "life", "shields", "power", "effect", "or",
                     "immediately", "to_discard", "damage_cap", "immune_while_husks", "husk_life_2",
                     "corrupts_damager", "assumed", "not_modeled", "banished_when_discarded"}


@dataclass
class Library:
    player_ids: list[str] = field(default_factory=list)
    player_names: list[str] = field(default_factory=list)
    player_not_modeled: dict[str, str] = field(default_factory=dict)
    nemesis_card_ids: list[str] = field(default_factory=list)
    nemesis_card_names: list[str] = field(default_factory=list)
    nemeses: dict = field(default_factory=dict)       # id -> parsed nemesis info
    mages: dict = field(default_factory=dict)         # id -> index
    mage_names: list[str] = field(default_factory=list)
    mage_entries: dict = field(default_factory=dict)  # id -> its mages.yaml entry (an edition's mage_errata vary it)
    basic_sets: dict = field(default_factory=dict)    # set name -> [tier 1 ids, tier 2 ids, tier 3 ids]
    pcard: np.ndarray | None = None
    peff: np.ndarray | None = None
    ncard: np.ndarray | None = None
    neff: np.ndarray | None = None
    mage: np.ndarray | None = None
    mage_cards: np.ndarray | None = None
    rules: dict = field(default_factory=dict)
    assumed: list[str] = field(default_factory=list)


def _player_card_row(lib: Library, entry, file: str, rows: list, corruption: bool = False):
    name = entry.get("id", "?") if isinstance(entry, dict) else "?"
    if corruption:
        _check_keys(entry, {"id", "name", "effect"}, {"id", "name", "effect"}, file, name)
        entry = dict(entry, type="corruption", cost=0)
    _check_keys(entry, PLAYER_CARD_KEYS, {"id", "name", "type", "cost"}, file, name)
    check_name(name, file, str(name), "a card id")
    check_name(entry["name"], file, f"{name}.name")
    if name in lib.player_ids:
        raise UserError("duplicate card id", file=file, entry=name)
    if entry["type"] not in CARD_TYPES:
        raise UserError(f"type must be one of {CARD_TYPES}", file=file, entry=name)
    if isinstance(entry["cost"], bool) or not isinstance(entry["cost"], int) or not 0 <= entry["cost"] <= MAX_AMOUNT:
        raise UserError(f"cost must be an integer from 0 to {MAX_AMOUNT}", file=file, entry=name)
    is_spell = entry["type"] == "spell"
    if is_spell and "effect" in entry:
        raise UserError("a spell's effect goes under 'cast'", file=file, entry=name)
    if not is_spell and ("cast" in entry or "while_prepped" in entry):
        raise UserError("only spells have 'cast' / 'while_prepped'", file=file, entry=name)
    main = parse_steps(entry.get("cast" if is_spell else "effect"), PLAYER_STEPS, file, name)
    alt = parse_steps(entry.get("or"), PLAYER_STEPS, file, name)
    prepped = parse_steps(entry.get("while_prepped"), PLAYER_STEPS, file, name)
    end_cast = parse_steps(entry.get("end_of_casting_while_prepped"), PLAYER_STEPS, file, name)
    lib.player_ids.append(name)
    lib.player_names.append(entry["name"])
    if entry.get("not_modeled"):
        lib.player_not_modeled[name] = str(entry["not_modeled"])
    rows.append((entry, main, alt, prepped, end_cast))


def load_player_cards(lib: Library, path: Path) -> list:
    doc = read_yaml(path)
    file = str(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise UserError("expected a top-level 'cards' list", file=file)
    rows: list = []
    for entry in doc["cards"]:
        _player_card_row(lib, entry, file, rows)
    return rows


def build_player_tables(lib: Library, rows: list):
    n = len(rows)
    pcard = np.zeros((n, L.PC_FIELDS), np.int32)
    peff = np.zeros((n, 4, L.MAX_STEPS, 2), np.int32)
    aether_codes = {PLAYER_STEPS.index(c) for c in ("aether", "aether_gem_only", "aether_spell_only")}
    damage_codes = {PLAYER_STEPS.index(c) for c in ("damage", "flare_damage", "discard_hand_for_damage",
                                                     "destroy_hand_for_damage")}
    for i, (entry, main, alt, prepped, end_cast) in enumerate(rows):
        pcard[i, L.PC_TYPE] = CARD_TYPES.index(entry["type"])
        pcard[i, L.PC_COST] = entry["cost"]
        pcard[i, L.PC_PREP_TO_CLOSED] = int(bool(entry.get("prep_to_closed", False)))
        pcard[i, L.PC_TOP_ON_GAIN] = int(bool(entry.get("on_gain_top_of_deck", False)))
        pcard[i, L.PC_HAS_OR] = int(bool(alt))
        pcard[i, L.PC_AETHER_VALUE] = sum(a for c, a in main if c in aether_codes)
        pcard[i, L.PC_DAMAGE_VALUE] = sum(a for c, a in main if c in damage_codes) + sum(a for _, a in end_cast)
        pcard[i, L.PC_HAS_WHILE_PREPPED] = int(bool(prepped))
        pcard[i, L.PC_HAS_END_OF_CASTING] = int(bool(end_cast))
        pcard[i, L.PC_IS_CRYSTAL] = int(entry["id"] == "crystal")
        _fill(peff, (i, L.SEC_MAIN), main)
        _fill(peff, (i, L.SEC_OR), alt)
        _fill(peff, (i, L.SEC_WHILE_PREPPED), prepped)
        _fill(peff, (i, L.SEC_END_OF_CASTING), end_cast)
    lib.pcard, lib.peff = pcard, peff


def _harm(steps) -> int:
    total = 0
    for code, amount in steps:
        name = NEMESIS_STEPS[code]
        total += HARM.get(name, 0) * max(amount, 1)
    return total


def _parse_nemesis_card(lib: Library, entry, file: str, rows: list):
    name = entry.get("id", "?") if isinstance(entry, dict) else "?"
    _check_keys(entry, NEMESIS_CARD_KEYS, {"id", "name", "tier", "type"}, file, name)
    check_name(name, file, str(name), "a card id")
    check_name(entry["name"], file, f"{name}.name")
    if name in lib.nemesis_card_ids:
        raise UserError("duplicate nemesis card id", file=file, entry=name)
    if entry["type"] not in NEMESIS_CARD_TYPES:
        raise UserError(f"type must be one of {NEMESIS_CARD_TYPES}", file=file, entry=name)
    if isinstance(entry["tier"], bool) or entry["tier"] not in (1, 2, 3) or not isinstance(entry["tier"], int):
        raise UserError("tier must be 1, 2 or 3", file=file, entry=name)
    for number in ("life", "shields", "power", "damage_cap"):
        if number in entry:
            _int(entry[number], 0, MAX_AMOUNT, file, f"{name}.{number}")
    if entry["type"] == "minion" and not isinstance(entry.get("life"), int):
        raise UserError("a minion needs an integer 'life'", file=file, entry=name)
    if entry["type"] == "power" and (not isinstance(entry.get("power"), int) or entry["power"] < 1):
        raise UserError("a power needs 'power' >= 1", file=file, entry=name)
    if entry["type"] != "power" and "to_discard" in entry:
        raise UserError("only power cards have TO DISCARD", file=file, entry=name)
    effect = parse_steps(entry.get("effect"), NEMESIS_STEPS, file, name)
    # `or:` is one list of steps (two options), or a list of such lists (up to four options)
    raw_or = entry.get("or")
    if isinstance(raw_or, list) and raw_or and all(isinstance(x, list) for x in raw_or):
        if len(raw_or) > MAX_ALTERNATIVES:
            raise UserError(f"at most {MAX_ALTERNATIVES} OR alternatives", file=file, entry=name)
        alts = [parse_steps(x, NEMESIS_STEPS, file, name) for x in raw_or]
    else:
        alts = [parse_steps(raw_or, NEMESIS_STEPS, file, name)] if raw_or else []
    if "banished_when_discarded" in entry and not isinstance(entry["banished_when_discarded"], bool):
        raise UserError("banished_when_discarded must be true or false", file=file, entry=name)
    immediately = parse_steps(entry.get("immediately"), NEMESIS_STEPS, file, name)
    td_code, td_amount = 0, 0
    if entry.get("to_discard"):
        parts = str(entry["to_discard"]).split()
        if len(parts) != 2 or parts[0] not in TO_DISCARD or not parts[1].isdigit() or int(parts[1]) > MAX_AMOUNT:
            raise UserError(f"to_discard must be '<cost> <amount>' with cost in {TO_DISCARD[1:]}",
                            file=file, entry=name)
        td_code, td_amount = TO_DISCARD.index(parts[0]), int(parts[1])
    lib.nemesis_card_ids.append(name)
    lib.nemesis_card_names.append(entry["name"])
    if entry.get("assumed"):
        lib.assumed.append(f"{name}: {entry['assumed']}")
    rows.append((entry, effect, alts, immediately, td_code, td_amount))
    return len(lib.nemesis_card_ids) - 1


def _load_basic_set(lib: Library, name: str, rows: list, data_dir: Path) -> list[list[int]]:
    path = data_dir / BASIC_SETS[name]
    doc = read_yaml(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise UserError("expected a top-level 'cards' list", file=str(path))
    if doc.get("set") != name:
        raise UserError(f"set must be '{name}', got {doc.get('set')!r}", file=str(path), entry="set")
    by_tier: list[list[int]] = [[], [], []]
    for entry in doc["cards"]:
        idx = _parse_nemesis_card(lib, entry, str(path), rows)
        by_tier[entry["tier"] - 1].append(idx)
    for t, ids in enumerate(by_tier):
        if len(ids) > L.SU_BASIC_CAP:
            raise UserError(f"at most {L.SU_BASIC_CAP} tier {t + 1} cards", file=str(path), entry="cards")
    return by_tier


def load_library(data_dir: Path | None = None) -> Library:
    """The card library of ``data_dir`` (default: decks/aeons_end/)."""
    data_dir = data_dir or DATA_DIR
    lib = Library()
    player_rows = load_player_cards(lib, data_dir / "player_cards.yaml")
    lib._player_rows = player_rows
    rows: list = []
    # basic nemesis cards of the base game first, then the nemeses, then the Legacy basics: the card ids of
    # the base game and the nemeses stay what they were before the Legacy set came (same kernel tables)
    lib.basic_sets["base"] = _load_basic_set(lib, "base", rows, data_dir)
    # nemeses
    for path in sorted((data_dir / "nemeses").glob("*.yaml")):
        lib.nemeses[path.stem] = _load_nemesis(lib, path, rows)
    lib.basic_sets["legacy"] = _load_basic_set(lib, "legacy", rows, data_dir)
    n = len(rows)
    ncard = np.zeros((n, L.NC_FIELDS), np.int32)
    neff = np.zeros((n, L.NSEC_COUNT, L.MAX_STEPS, 2), np.int32)
    or_sections = (L.NSEC_OR, L.NSEC_OR2, L.NSEC_OR3)
    for i, (entry, effect, alts, immediately, td_code, td_amount) in enumerate(rows):
        ncard[i, L.NC_TYPE] = NEMESIS_CARD_TYPES.index(entry["type"])
        ncard[i, L.NC_TIER] = entry["tier"]
        ncard[i, L.NC_LIFE] = entry.get("life", 0)
        ncard[i, L.NC_SHIELDS] = entry.get("shields", 0)
        ncard[i, L.NC_POWER] = entry.get("power", 0)
        ncard[i, L.NC_DAMAGE_CAP] = entry.get("damage_cap", 0)
        ncard[i, L.NC_IMMUNE_HUSKS] = int(bool(entry.get("immune_while_husks", False)))
        ncard[i, L.NC_HUSK_LIFE_2] = int(bool(entry.get("husk_life_2", False)))
        ncard[i, L.NC_CORRUPTS] = int(bool(entry.get("corrupts_damager", False)))
        ncard[i, L.NC_TD_CODE] = td_code
        ncard[i, L.NC_TD_AMOUNT] = td_amount
        ncard[i, L.NC_HAS_OR] = int(bool(alts and alts[0]))
        ncard[i, L.NC_ALTERNATIVES] = len(alts)
        ncard[i, L.NC_BANISH_ON_DISCARD] = int(bool(entry.get("banished_when_discarded", False)))
        ncard[i, L.NC_HARM_MAIN] = _harm(effect)
        _fill(neff, (i, L.NSEC_EFFECT), effect)
        _fill(neff, (i, L.NSEC_IMMEDIATELY), immediately)
        for j, steps in enumerate(alts):
            _fill(neff, (i, or_sections[j]), steps)
            ncard[i, L.NC_HARM_OR + j] = _harm(steps)
    lib.ncard, lib.neff = ncard, neff
    build_player_tables(lib, player_rows)
    del lib._player_rows
    _load_mages(lib, data_dir / "mages.yaml")
    return lib


NEMESIS_KEYS = {"id", "name", "source", "life", "difficulty", "unleash", "unleash_3p_4p", "rules", "expert",
                "assumed", "strike_deck", "swarm_table", "cards", "corruption_cards"}
NEMESIS_RULE_KEYS = {"start_fury", "strike_threshold", "strike_fury_loss", "start_husks", "husk_cap",
                     "setup_devour_each_gem", "setup_devour_extra", "corruption_empty_gravehold",
                     "corruption_destroyed_expert"}


def _load_nemesis(lib: Library, path: Path, rows: list) -> dict:
    file = str(path)
    doc = read_yaml(path)
    name = path.stem
    _check_keys(doc, NEMESIS_KEYS, {"id", "name", "life", "unleash", "cards"}, file, name)
    if doc["id"] != name:
        raise UserError(f"id '{doc['id']}' must match the file name '{name}'", file=file, entry="id")
    if name not in NEMESIS_KINDS:
        raise UserError(f"no engine rules for nemesis '{name}' (known: {NEMESIS_KINDS[1:]})", file=file, entry="id")
    _int(doc["life"], 1, MAX_AMOUNT, file, "life")
    rules = _mapping(doc.get("rules") or {}, file, "rules")
    expert = _mapping(doc.get("expert") or {}, file, "expert")
    for key in rules:
        if key not in NEMESIS_RULE_KEYS:
            raise UserError(f"unknown rule '{key}' (known: {sorted(NEMESIS_RULE_KEYS)})", file=file, entry="rules")
        _int(rules[key], 0, MAX_AMOUNT, file, f"rules.{key}")
    for key in expert:
        if key not in NEMESIS_RULE_KEYS | {"unleash"}:
            raise UserError(f"unknown expert rule '{key}'", file=file, entry="expert")
        if key != "unleash":
            _int(expert[key], 0, MAX_AMOUNT, file, f"expert.{key}")
    cards = doc["cards"]
    if not isinstance(cards, list) or len(cards) != 9:
        raise UserError("a nemesis has exactly nine cards", file=file, entry="cards")
    own = [_parse_nemesis_card(lib, entry, file, rows) for entry in cards]
    tiers = sorted(entry["tier"] for entry in cards)
    if tiers != [1, 1, 1, 2, 2, 2, 3, 3, 3]:
        raise UserError("a nemesis has three cards of each tier", file=file, entry="cards")
    extra = {"unleash": parse_steps(doc["unleash"], NEMESIS_STEPS, file, "unleash"),
             "unleash_3p_4p": parse_steps(doc.get("unleash_3p_4p"), NEMESIS_STEPS, file, "unleash_3p_4p"),
             "expert_unleash": parse_steps(expert.get("unleash"), NEMESIS_STEPS, file, "expert.unleash")}
    strikes = []
    for card in _list(doc.get("strike_deck") or [], file, "strike_deck"):
        card = _mapping(card, file, "strike_deck")
        strikes.append(parse_steps(card.get("effect"), NEMESIS_STEPS, file, f"strike_deck.{card.get('id')}"))
    if len(strikes) > 6:
        raise UserError("at most 6 strike cards", file=file, entry="strike_deck")
    swarm = []
    for row in _list(doc.get("swarm_table") or [], file, "swarm_table"):
        if not (isinstance(row, list) and len(row) == 3):
            raise UserError("swarm rows are [min husks, max husks, effect]", file=file, entry="swarm_table")
        husks = [_int(row[k], 0, MAX_AMOUNT, file, "swarm_table") for k in (0, 1)]
        swarm.append((*husks, parse_steps(row[2], NEMESIS_STEPS, file, "swarm_table")))
    if len(swarm) > 5:
        raise UserError("at most 5 swarm rows", file=file, entry="swarm_table")
    corruptions = []
    for entry in _list(doc.get("corruption_cards") or [], file, "corruption_cards"):
        _player_card_row(lib, entry, file, lib._player_rows, corruption=True)
        corruptions.append(len(lib.player_ids) - 1)
    if len(corruptions) > 16:
        raise UserError("at most 16 corruption cards", file=file, entry="corruption_cards")
    if doc.get("assumed"):
        lib.assumed.append(f"{name}: {doc['assumed']}")
    return {"name": doc["name"], "life": doc["life"], "own": own, "rules": rules, "expert": expert,
            "extra": extra, "strikes": strikes, "swarm": swarm, "kind": NEMESIS_KINDS.index(name),
            "corruptions": corruptions}


ANY_MAIN_PHASE = "any player's main phase"  # the one ability timing the engine acts on (others: informative)
MAGE_KEYS = {"id", "name", "source", "breaches", "hand", "deck", "ability", "assumed"}


def _load_mages(lib: Library, path: Path):
    file = str(path)
    doc = read_yaml(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("mages"), list):
        raise UserError("expected a top-level 'mages' list", file=file)
    mages = doc["mages"]
    table = np.zeros((len(mages), L.MG_FIELDS), np.int32)
    cards = np.zeros((len(mages), 10), np.int32)
    for i, entry in enumerate(mages):
        name = entry.get("id", "?") if isinstance(entry, dict) else "?"
        _check_keys(entry, MAGE_KEYS, {"id", "name", "breaches", "hand", "deck", "ability"}, file, name)
        check_name(name, file, str(name), "a mage id")
        check_name(entry["name"], file, f"{name}.name")
        table[i], cards[i] = _mage_row(lib, entry, file, name)
        lib.mages[name] = i
        lib.mage_names.append(entry["name"])
        lib.mage_entries[name] = entry
        if entry.get("assumed"):
            lib.assumed.append(f"{name}: {entry['assumed']}")
    lib.mage, lib.mage_cards = table, cards


def _mage_row(lib: Library, entry: dict, file: str, name: str) -> tuple[np.ndarray, np.ndarray]:
    """A mage's table row and its ten starting cards (hand, then deck), checked."""
    row, cards = np.zeros(L.MG_FIELDS, np.int32), np.zeros(10, np.int32)
    if not isinstance(entry["breaches"], list) or len(entry["breaches"]) != 4:
        raise UserError("breaches lists I..IV (4 entries)", file=file, entry=name)
    for k, text in enumerate(entry["breaches"]):
        text = str(text)
        if text == "open":
            value = 4
        elif text == "none":
            value = -1
        elif text.startswith("stage ") and text[6:].isdigit() and int(text[6:]) <= 3:
            value = int(text[6:])
        else:
            raise UserError(f"breach '{text}' must be open, none or 'stage 0..3'", file=file, entry=name)
        row[L.MG_BREACH + k] = value
    if any(not isinstance(entry[pile], list) or len(entry[pile]) != 5 for pile in ("hand", "deck")):
        raise UserError("hand and deck have five cards each", file=file, entry=name)
    for j, card in enumerate(list(entry["hand"]) + list(entry["deck"])):
        if card not in lib.player_ids:
            raise UserError(f"unknown card '{card}'" + did_you_mean(card, lib.player_ids), file=file, entry=name)
        cards[j] = lib.player_ids.index(card)
    ability = entry["ability"]
    if not isinstance(ability, dict) or ability.get("code") not in ABILITIES:
        raise UserError(f"ability.code must be one of {ABILITIES[1:]}", file=file, entry=name)
    if not isinstance(ability.get("charges"), int) or not 1 <= ability["charges"] <= 6:
        raise UserError("ability.charges must be 1..6", file=file, entry=name)
    row[L.MG_CHARGES] = ability["charges"]
    row[L.MG_ABILITY] = ABILITIES.index(ability["code"])
    row[L.MG_ANY_MAIN] = int(ability.get("timing") == ANY_MAIN_PHASE)
    return row, cards


# A mage variant as an edition: `mage_errata: {adelheim: {hand: [...], deck: [...]}}` gives the mage
# another starting hand, deck, breaches or ability (`ability: {charges: 4}` changes only what it names).
# The mage keeps its name, so its matchups keep their ids and their deals: `sim ab` pairs the variant
# with the mage it varies, deal for deal.
MAGE_ERRATA_KEYS = ("breaches", "hand", "deck", "ability")


def varied_mage(lib: Library, name: str, fields: dict) -> dict:
    """The mage's mages.yaml entry with an edition's errata applied."""
    entry = dict(lib.mage_entries[name])
    entry.update({key: value for key, value in fields.items() if key != "ability"})
    if "ability" in fields:
        entry["ability"] = {**entry["ability"], **(fields["ability"] if isinstance(fields["ability"], dict) else {"code": None})}
    return entry


def check_mage_errata(lib: Library, target: str, fields: dict, file: str, where: str) -> None:
    if target not in lib.mages:
        raise UserError(f"unknown mage '{target}'" + did_you_mean(target, list(lib.mages)), file=file, entry=where)
    for key in fields:
        if key not in MAGE_ERRATA_KEYS:
            raise UserError(f"unknown key '{key}' (a mage's errata may change: {', '.join(MAGE_ERRATA_KEYS)})",
                            file=file, entry=f"{where}.{key}")
    _mage_row(lib, varied_mage(lib, target, fields), file, where)


def mage_tables(lib: Library, mage_errata: dict) -> tuple[np.ndarray, np.ndarray, dict]:
    """The library's mage table and starting cards with an edition's errata applied, and every mage's
    resolved entry (what `sim ab` lists as changed)."""
    table, cards = lib.mage.copy(), lib.mage_cards.copy()
    resolved = {}
    for name, index in lib.mages.items():
        entry = varied_mage(lib, name, mage_errata.get(name, {}))
        if name in mage_errata:
            table[index], cards[index] = _mage_row(lib, entry, "mage_errata", name)
        resolved[name] = {key: entry[key] for key in MAGE_ERRATA_KEYS}
    return table, cards, resolved


EDITION_KEYS = {"player_life", "gravehold_life", "nemesis_life_delta", "expert",
                "deal_group_pairs", "deal_group_varies", "basic_nemesis_set", "unleash_devours_from",
                "corruption_shuffle"}
# Readings of Prince of Gluttons' Unleash "devour ... from the least expensive supply pile" (RULES.md, Ambiguities):
# take the least expensive pile even when empty (literal, the default) or skip empty piles (S4's engine).
UNLEASH_DEVOURS_FROM = ("least_expensive_nonempty_pile", "least_expensive_pile")
# Readings of Crooked Mask's Unleash "places it on top of their deck. That player shuffles their discard pile into
# their deck" (RULES.md, Ambiguities): the shuffled discard goes under the deck (the default) or deck and discard
# are shuffled together (S4's engine).
CORRUPTION_SHUFFLE = ("discard_under_deck", "whole_deck")
# Sampling design, not a game rule: how the random streams of consecutive games are grouped.
DEAL_GROUP_VARIES = ("turn_order", "deal")


def check_basic_set(name, file: str | None = None, entry: str = "basic_nemesis_set") -> str:
    if not isinstance(name, str) or name not in BASIC_SETS:
        raise UserError(f"basic_nemesis_set must be one of {', '.join(BASIC_SETS)}, got {name!r}", file=file, entry=entry)
    return name


DEFAULT_EDITION = "normal"


def edition_names(data_dir: Path | None = None) -> list[str]:
    """The editions of decks/aeons_end/editions/ (one file each, a delta over its `base`)."""
    return editions.names(data_dir or DATA_DIR)


# Rule numbers of rules.yaml and the editions: (lowest, highest) each; the kernel's arrays hold these.
RULE_NUMBERS = {"player_life": (1, 99), "gravehold_life": (1, 99), "hand_size": (1, 10), "charge_cost": (0, 20),
                "fire_token_loss": (1, 99), "nemesis_life_delta": (-99, 99), "round_cap": (1, 1000)}


# rules.yaml holds what an edition may change (EDITION_KEYS) and what only it sets:
BASE_ONLY_KEYS = {*RULE_NUMBERS, "basic_cards_by_players", "breaches", "breaches_assumed", "round_cap_assumed"}
BREACH_KEYS = {"number", "focus_cost", "open_cost_by_stage", "bonus_damage"}


def _check_rule_numbers(base: dict, file: str) -> None:
    """rules.yaml: every number the rules vector takes, of the right type and in range."""
    allowed = BASE_ONLY_KEYS | EDITION_KEYS
    for key in base:
        if key not in allowed:
            raise UserError(f"unknown key '{key}' (allowed: {', '.join(sorted(allowed))})", file=file, entry=str(key))
    for key, (low, high) in RULE_NUMBERS.items():
        _int(base.get(key), low, high, file, key)
    if not isinstance(base.get("expert"), bool):
        raise UserError(f"must be true or false, got {base.get('expert')!r:.40}", file=file, entry="expert")
    counts = _mapping(base.get("basic_cards_by_players"), file, "basic_cards_by_players")
    if set(counts) != {1, 2, 3, 4}:
        raise UserError("one entry per player count, 1 to 4", file=file, entry="basic_cards_by_players")
    for players in range(1, 5):
        entry = f"basic_cards_by_players.{players}"
        tiers = [_int(n, 0, 24, file, entry) for n in _list(counts.get(players), file, entry, 3)]
        if sum(tiers) + 9 > L.NEMESIS_DECK_CAPACITY:
            raise UserError(f"at most {L.NEMESIS_DECK_CAPACITY - 9} basic cards (with the nemesis' nine)", file=file, entry=entry)
    for k, breach in enumerate(_list(base.get("breaches"), file, "breaches", 4)):
        entry = f"breaches.{k}"
        breach = _mapping(breach, file, entry)
        _check_keys(breach, BREACH_KEYS, BREACH_KEYS - {"number"}, file, entry)
        _int(breach.get("focus_cost"), 0, 20, file, f"{entry}.focus_cost")
        _int(breach.get("bonus_damage"), 0, 10, file, f"{entry}.bonus_damage")
        for stage in _list(breach.get("open_cost_by_stage"), file, f"{entry}.open_cost_by_stage", 4):
            _int(stage, 0, 30, file, f"{entry}.open_cost_by_stage")


def check_edition_rule(rule: str, value, file: str, entry: str):
    """One rule value of an edition file (its `rules:`), checked; a mistake names the file and the rule."""
    if rule not in EDITION_KEYS:
        raise UserError(f"unknown rule '{rule}'{did_you_mean(rule, EDITION_KEYS)} (an edition may set: {', '.join(sorted(EDITION_KEYS))})",
                        file=file, entry=entry)
    if rule in RULE_NUMBERS:
        return _int(value, *RULE_NUMBERS[rule], file, entry)
    if rule == "expert" and not isinstance(value, bool):
        raise UserError(f"must be true or false, got {value!r:.40}", file=file, entry=entry)
    if rule == "basic_nemesis_set":
        check_basic_set(value, file=file, entry=entry)
    if rule == "deal_group_pairs" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise UserError(f"deal_group_pairs must be a positive integer, got {value!r}", file=file, entry=entry)
    if rule == "deal_group_varies" and value not in DEAL_GROUP_VARIES:
        raise UserError(f"deal_group_varies must be one of {', '.join(DEAL_GROUP_VARIES)}, got {value!r}",
                        file=file, entry=entry)
    if rule == "unleash_devours_from" and value not in UNLEASH_DEVOURS_FROM:
        raise UserError(f"unleash_devours_from must be one of {', '.join(UNLEASH_DEVOURS_FROM)}, got {value!r}",
                        file=file, entry=entry)
    if rule == "corruption_shuffle" and value not in CORRUPTION_SHUFFLE:
        raise UserError(f"corruption_shuffle must be one of {', '.join(CORRUPTION_SHUFFLE)}, got {value!r}",
                        file=file, entry=entry)
    return value


def load_rules(edition: str, lib: Library, data_dir: Path | None = None) -> tuple[dict, dict]:
    """(the rules of rules.yaml with the edition's chain of deltas applied, the edition's mage_errata)."""
    data_dir = data_dir or DATA_DIR
    base_file = str(data_dir / "rules.yaml")
    base = _mapping(read_yaml(data_dir / "rules.yaml"), base_file, "top level")
    _check_rule_numbers(base, base_file)
    check_basic_set(base.get("basic_nemesis_set"), file=base_file, entry="basic_nemesis_set")
    for rule in ("deal_group_pairs", "deal_group_varies", "unleash_devours_from", "corruption_shuffle"):
        if rule in base:
            check_edition_rule(rule, base[rule], base_file, rule)
    for rule in ("unleash_devours_from", "corruption_shuffle"):  # required in rules.yaml
        if rule not in base:
            check_edition_rule(rule, None, base_file, rule)
    merged = editions.resolve(data_dir, edition, check_edition_rule, ("mage_errata",),
                              lambda _, target, fields, file, where: check_mage_errata(lib, target, fields, file, where))
    rules = dict(base)
    rules.update(merged["rules"])
    rules["edition"] = edition
    rules["description"] = merged["description"]
    return rules, merged["mage_errata"]


def load_supply(lib: Library, name: str, data_dir: Path | None = None) -> list[int]:
    data_dir = data_dir or DATA_DIR
    path = data_dir / "supplies" / f"{name}.yaml"
    if not path.exists():
        known = supply_names(data_dir)
        raise UserError(f"unknown supply preset '{name}' (known: {', '.join(known)})", entry=name)
    doc = read_yaml(path)
    file = str(path)
    _check_keys(doc, {"id", "source", "assumed", "gems", "relics", "spells"}, {"gems", "relics", "spells"}, file, name)
    ids = []
    for key, typ, count in (("gems", 0, 3), ("relics", 1, 2), ("spells", 2, 4)):
        if not isinstance(doc[key], list) or len(doc[key]) != count:
            raise UserError(f"a supply has {count} {key} piles (rulebook: three gems, two relics, four spells)",
                            file=file, entry=key)
        for card in doc[key]:
            if card not in lib.player_ids:
                raise UserError(f"unknown card '{card}'" + did_you_mean(card, lib.player_ids), file=file, entry=key)
            idx = lib.player_ids.index(card)
            if lib.pcard[idx, L.PC_TYPE] != typ:
                raise UserError(f"'{card}' is not a {key[:-1]}", file=file, entry=key)
            if lib.pcard[idx, L.PC_COST] == 0 or lib.pcard[idx, L.PC_TYPE] == 3:
                raise UserError(f"'{card}' is a starter card, not a supply card", file=file, entry=key)
            ids.append(idx)
    if len(set(ids)) != 9:
        raise UserError("the nine supply piles must be different cards", file=file, entry=name)
    return ids


def supply_names(data_dir: Path | None = None) -> list[str]:
    return sorted(p.stem for p in ((data_dir or DATA_DIR) / "supplies").glob("*.yaml"))


def compile_rules(lib: Library, rules: dict, nemesis: str, players: int) -> tuple[np.ndarray, np.ndarray]:
    """The rules vector and nemesis extra rows of one (edition, nemesis, player count)."""
    nem = lib.nemeses[nemesis]
    expert = bool(rules.get("expert"))
    nrules = dict(nem["rules"])
    if expert:
        nrules.update({k: v for k, v in nem["expert"].items() if k != "unleash"})
    r = np.zeros(L.RULES_SIZE, np.int32)
    r[L.R_PLAYER_LIFE] = rules["player_life"]
    r[L.R_GRAVEHOLD_LIFE] = rules["gravehold_life"]
    r[L.R_HAND_SIZE] = rules["hand_size"]
    r[L.R_CHARGE_COST] = rules["charge_cost"]
    r[L.R_FIRE_LOSS] = rules["fire_token_loss"]
    r[L.R_NEMESIS_LIFE] = max(1, nem["life"] + int(rules.get("nemesis_life_delta", 0)))
    r[L.R_EXPERT] = int(expert)
    r[L.R_ROUND_CAP] = rules["round_cap"]
    r[L.R_NEMESIS_KIND] = nem["kind"]
    r[L.R_START_FURY] = nrules.get("start_fury", 0)
    r[L.R_STRIKE_THRESHOLD] = nrules.get("strike_threshold", 1 << 20)
    r[L.R_STRIKE_LOSS] = nrules.get("strike_fury_loss", 0)
    r[L.R_STRIKE_COUNT] = len(nem["strikes"])
    r[L.R_START_HUSKS] = nrules.get("start_husks", 0)
    r[L.R_HUSK_CAP] = nrules.get("husk_cap", 0)
    r[L.R_SWARM_ROWS] = len(nem["swarm"])
    r[L.R_SETUP_DEVOUR_GEMS] = nrules.get("setup_devour_each_gem", 0)
    r[L.R_SETUP_DEVOUR_EXTRA] = nrules.get("setup_devour_extra", 0)
    r[L.R_PLAYERS] = players
    r[L.R_CORRUPTION_EMPTY_DAMAGE] = nrules.get("corruption_empty_gravehold", 0)
    r[L.R_CORRUPTION_DESTROYED_EXPERT] = nrules.get("corruption_destroyed_expert", 0)
    r[L.R_DEVOUR_EMPTY_CHEAPEST] = int(rules["unleash_devours_from"] == "least_expensive_pile")
    r[L.R_CORRUPTION_SHUFFLE_WHOLE] = int(rules["corruption_shuffle"] == "whole_deck")
    for i, (lo, hi, _) in enumerate(nem["swarm"]):
        r[L.R_SWARM_MIN + i] = lo
        r[L.R_SWARM_MAX + i] = hi
    for k, breach in enumerate(rules["breaches"]):
        r[L.R_FOCUS_COST + k] = breach["focus_cost"]
        for stage in range(4):
            r[L.R_OPEN_COST + 4 * k + stage] = breach["open_cost_by_stage"][stage]
        r[L.R_BONUS_DAMAGE + k] = breach["bonus_damage"]
    counts = rules["basic_cards_by_players"][players]
    for t in range(3):
        r[L.R_BASIC_BY_TIER + t] = counts[t]
    extra = np.zeros((L.NX_ROWS, L.MAX_STEPS, 2), np.int32)
    unleash = nem["extra"]["unleash"]
    if players >= 3 and nem["extra"]["unleash_3p_4p"]:
        unleash = nem["extra"]["unleash_3p_4p"]
    if expert and nem["extra"]["expert_unleash"]:
        unleash = nem["extra"]["expert_unleash"]
    _fill(extra, (L.NX_UNLEASH,), unleash)
    for i, steps in enumerate(nem["strikes"]):
        _fill(extra, (L.NX_STRIKE + i,), steps)
    for i, (_, _, steps) in enumerate(nem["swarm"]):
        _fill(extra, (L.NX_SWARM + i,), steps)
    return r, extra


def build_setup(lib: Library, players: int, mage_ids: list[int], supply: list[int], nemesis: str,
                basic_set: str) -> np.ndarray:
    """The per-matchup setup vector; `basic_set` (rules key basic_nemesis_set) picks the basic card pool."""
    setup = np.full(L.SETUP_SIZE, -1, np.int32)
    setup[L.SU_PLAYERS] = players
    for i, m in enumerate(mage_ids):
        setup[L.SU_MAGES + i] = m
    for i, c in enumerate(supply):
        setup[L.SU_SUPPLY + i] = c
    for i, c in enumerate(lib.nemeses[nemesis]["own"]):
        setup[L.SU_OWN + i] = c
    corruptions = lib.nemeses[nemesis].get("corruptions", [])
    setup[L.SU_CORRUPTION_N] = len(corruptions)
    for i, c in enumerate(corruptions):
        setup[L.SU_CORRUPTION + i] = c
    for t in range(3):
        pool = lib.basic_sets[basic_set][t]
        setup[L.SU_BASIC_N + t] = len(pool)
        for i, c in enumerate(pool):
            setup[L.SU_BASIC + t * L.SU_BASIC_CAP + i] = c
    return setup
