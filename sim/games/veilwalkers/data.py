"""Veilwalkers' designer data (decks/veilwalkers/) -> validated, packed tables.

- cards.yaml: {cards: {card id: fields}} (fields: vocab.CARD_FIELDS; effects in the vocabulary of
  vocab.OPS)
- alignments.yaml: {alignments: {AP-01 .. AV-12: {name, sequence, mode, effects | not_modeled}}} (Appendix C;
  effects in the vocabulary of vocab.ALIGNMENT_OPS)
- board.yaml: the Ring registers (Site names, Gate ports, the Bloom port, Turnpoints, Lamps,
  Remembrances, Sentinels, settlements)
- decks.yaml: {decks: {name: {aspects, cards: {id: copies}, reserve: {id: copies}}}, matchup_sets};
  an entry is '<Garden deck> vs <Wayfarer deck>' (side A leads Garden)
- editions/<name>.yaml: rule values and deck_errata (deck variants), a delta over `base`
  (sim/core/editions.py)
- policies/<name>.yaml: bots (sim/core/policies.py)
Every mistake is one UserError naming the file, the entry and the rule; every deck is checked
against the deck-building rules of an edition when it loads, so nothing runs with an illegal deck.
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
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V

DATA_DIR = DECKS_DIR / "veilwalkers"
SITES = V.RINGS * V.SITES_PER_RING
ERRATA_SECTIONS = ("deck_errata",)
# A deck variant as an edition: `deck_errata: {lamplight: {cards: {nessa: 1, rally: 1}, aspects: [creation]}}`
# replaces the registered Aspects and sets copies in the deck or the reserve (0 removes a card); the deck
# keeps its name, so the variant plays the same deals as the deck it varies.
DECK_ERRATA_FIELDS = ("aspects", "cards", "reserve")


@dataclass(frozen=True)
class Library:
    card_names: tuple[str, ...]
    cards: dict[str, dict]  # card id -> validated fields
    card_rows: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]  # the packed board register
    board_names: tuple[str, ...]  # Site names, ring * 6 + local
    decks: dict[str, dict]  # name -> {"aspects", "cards": (ids...), "reserve": (ids...)}
    matchup_sets: dict[str, tuple[str, ...]]
    assumed: tuple[str, ...]
    alignment_rows: tuple[tuple[int, ...], ...] = ()  # vocab.ALIGNMENT_IDS order
    alignment_names: tuple[str, ...] = ()


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
        raise UserError(f"unknown value {value!r}{did_you_mean(value, options)} (choose one of: {', '.join(options)})",
                        file=file, entry=entry)
    return list(options).index(value)


def _effect(effect, file: str, where: str) -> tuple[int, int]:
    """One effect of the card vocabulary ({do: op, amount: n}) -> (op code, amount)."""
    effect = _mapping(effect, file, where)
    for key in effect:
        if key not in V.EFFECT_FIELDS:
            raise UserError(f"unknown field '{key}' (fields: {', '.join(V.EFFECT_FIELDS)})", file=file, entry=where)
    if "do" not in effect:
        raise UserError(f"an effect names what it does (do: one of {', '.join(V.OPS)})", file=file, entry=where)
    return (_choice(effect["do"], V.OPS, file, f"{where}.do"),
            _whole(effect.get("amount", 1), file, f"{where}.amount", 1, V.AMOUNT_LIMIT))


def _flag(value, file: str, entry: str) -> int:
    if not isinstance(value, bool):
        raise UserError(f"must be true or false (got {value!r})", file=file, entry=entry)
    return int(value)


def _check_assumed(fields: dict, file: str, entry: str) -> bool:
    assumed = fields.get("assumed", False)
    _flag(assumed, file, f"{entry}.assumed")
    if assumed and not (isinstance(fields.get("reason"), str) and fields["reason"].strip()):
        raise UserError("an assumed entry gives its reason", file=file, entry=f"{entry}.reason")
    return bool(assumed)


def _card_row(card_id: str, fields: dict, file: str) -> list[int]:
    entry = f"cards.{card_id}"
    for key in fields:
        if key not in V.CARD_FIELDS:
            raise UserError(f"unknown field '{key}'{did_you_mean(key, V.CARD_FIELDS)} (fields: {', '.join(V.CARD_FIELDS)})",
                            file=file, entry=entry)
    if "type" not in fields:
        raise UserError("a card needs a type", file=file, entry=entry)
    kind = _choice(fields["type"], V.CARD_TYPES, file, f"{entry}.type")
    cost = _whole(fields.get("cost", 0), file, f"{entry}.cost", 0, V.COST_LIMIT)
    is_board_piece = kind <= V.TYPE_RELIC
    power = _whole(fields.get("power", 0), file, f"{entry}.power", 0, V.POWER_LIMIT)
    if kind <= V.TYPE_ECHO and power < 1:
        raise UserError("a Figure needs a Power of at least 1", file=file, entry=f"{entry}.power")
    if not is_board_piece and "power" in fields:
        raise UserError("only Figures and Relics have Power", file=file, entry=f"{entry}.power")
    aspect = _choice(fields.get("aspect", "neutral"), V.ASPECTS, file, f"{entry}.aspect")
    glyph = _choice(fields.get("glyph", "none"), V.GLYPHS, file, f"{entry}.glyph")
    flags = [_flag(fields.get(name, False), file, f"{entry}.{name}") for name in ("singular", "unique", "quick",
                                                                                  "disaster", "major", "guardian",
                                                                                  "through_the_waystations",
                                                                                  "reference")]
    if (flags[2] or flags[3]) and kind != V.TYPE_EVENT:
        raise UserError("only Events are Quick or Disasters", file=file, entry=entry)
    if flags[4] and kind != V.TYPE_RELIC:
        raise UserError("only Relics are Major", file=file, entry=f"{entry}.major")
    if flags[5] and kind > V.TYPE_ECHO:
        raise UserError("only Figures have Guardian of the Walker", file=file, entry=f"{entry}.guardian")
    if flags[6] and kind > V.TYPE_ECHO:
        raise UserError("only Figures Deploy Through the Waystations", file=file, entry=f"{entry}.through_the_waystations")
    effects = fields.get("effects", []) or []
    if not isinstance(effects, list) or len(effects) > V.MAX_EFFECTS:
        raise UserError(f"effects is a list of at most {V.MAX_EFFECTS}", file=file, entry=f"{entry}.effects")
    ops, amounts = [], []
    for i, effect in enumerate(effects):
        op, amount = _effect(effect, file, f"{entry}.effects[{i}]")
        ops.append(op)
        amounts.append(amount)
    if kind >= V.TYPE_EVENT and not effects:
        raise UserError("an Event, Memory or Path needs at least one effect", file=file, entry=f"{entry}.effects")
    road_ops = [op for op in ops if op in V.ROAD_OPS]
    if road_ops and kind < V.TYPE_EVENT:
        raise UserError("only Events, Memories and Paths close, break or repair a road (the target is chosen "
                        "with the play)", file=file, entry=f"{entry}.effects")
    if len(road_ops) > 1:
        raise UserError("a card has at most one road effect (close_road, break_road, repair_road)", file=file,
                        entry=f"{entry}.effects")
    if V.OP_CANCEL in ops and not flags[2]:
        raise UserError("only a Quick Event cancels (it is played as a response)", file=file, entry=f"{entry}.effects")
    if flags[2] and road_ops:
        raise UserError("a Quick Event has no road effect (a response names no road)", file=file, entry=f"{entry}.effects")
    for i, op in enumerate(ops):
        if op in (*V.ROAD_OPS, V.OP_CANCEL) and amounts[i] != 1:
            raise UserError("a road effect acts on one road (amount 1)", file=file, entry=f"{entry}.effects[{i}].amount")
    origin = _choice(fields.get("origin", "none"), V.ORIGINS, file, f"{entry}.origin")
    if origin and kind > V.TYPE_ECHO:
        raise UserError("only Figures print an Origin", file=file, entry=f"{entry}.origin")
    _check_assumed(fields, file, entry)
    pad = V.MAX_EFFECTS - len(ops)
    row = [kind, cost, power, aspect, glyph, *flags[:7], len(ops), *ops, *([0] * pad), *amounts, *([0] * pad),
           origin, road_ops[0] if road_ops else -1, *_relic_columns(fields, kind, file, entry)]
    assert len(row) == T.CARD_W
    return row


def _alignment_row(alignment_id: str, fields: dict, file: str) -> list[int]:
    entry = f"alignments.{alignment_id}"
    for key in fields:
        if key not in V.ALIGNMENT_FIELDS:
            raise UserError(f"unknown field '{key}'{did_you_mean(key, V.ALIGNMENT_FIELDS)} (fields: "
                            f"{', '.join(V.ALIGNMENT_FIELDS)})", file=file, entry=entry)
    if not (isinstance(fields.get("name"), str) and fields["name"].strip()):
        raise UserError("an Alignment gives its printed name", file=file, entry=f"{entry}.name")
    sequence = fields.get("sequence")
    want = 2 if alignment_id.startswith("AP") else 3
    if not isinstance(sequence, list) or len(sequence) != want:
        raise UserError(f"a {'Phrase' if want == 2 else 'Verse'} prints a sequence of {want} Glyphs", file=file,
                        entry=f"{entry}.sequence")
    glyphs = [_choice(g, V.GLYPHS[1:], file, f"{entry}.sequence[{i}]") + 1 for i, g in enumerate(sequence)]
    not_modeled = fields.get("not_modeled")
    effects = fields.get("effects")
    if (not_modeled is None) == (effects is None):
        raise UserError("an Alignment has either effects or not_modeled: <reason>", file=file, entry=entry)
    ops, amounts = [], []
    if not_modeled is not None:
        if not (isinstance(not_modeled, str) and not_modeled.strip()):
            raise UserError("not_modeled gives its reason", file=file, entry=f"{entry}.not_modeled")
        if "mode" in fields:
            raise UserError("a not-modeled Alignment has no mode", file=file, entry=f"{entry}.mode")
    else:
        if not isinstance(effects, list) or not 1 <= len(effects) <= V.ALIGNMENT_EFFECTS:
            raise UserError(f"effects is a list of 1 to {V.ALIGNMENT_EFFECTS}", file=file, entry=f"{entry}.effects")
        for i, effect in enumerate(effects):
            where = f"{entry}.effects[{i}]"
            effect = _mapping(effect, file, where)
            for key in effect:
                if key not in V.EFFECT_FIELDS:
                    raise UserError(f"unknown field '{key}' (fields: {', '.join(V.EFFECT_FIELDS)})", file=file,
                                    entry=where)
            if "do" not in effect:
                raise UserError(f"an effect names what it does (do: one of {', '.join(V.ALIGNMENT_OPS)})", file=file,
                                entry=where)
            ops.append(_choice(effect["do"], V.ALIGNMENT_OPS, file, f"{where}.do"))
            amounts.append(_whole(effect.get("amount", 1), file, f"{where}.amount", 1, V.AMOUNT_LIMIT))
        road = [op for op in ops if op in (V.AOP_CLOSE_ROAD, V.AOP_REPAIR_ROAD)]
        if len(road) > 1:
            raise UserError("an Alignment has at most one road effect (close_road, repair_road)", file=file,
                            entry=f"{entry}.effects")
        figure_ops = [op for op in ops if op in V.FIGURE_OPS]
        token_ops = [op for op in ops if op in V.TOKEN_OPS]
        if len(figure_ops) > 1 or len(token_ops) > 1:
            raise UserError("an Alignment has at most one effect choosing a Figure ("
                            f"{', '.join(V.ALIGNMENT_OPS[op] for op in V.FIGURE_OPS)}) and one choosing a Remembrance "
                            f"({', '.join(V.ALIGNMENT_OPS[op] for op in V.TOKEN_OPS)})", file=file,
                            entry=f"{entry}.effects")
        if fields.get("mode", "all") == "all" and len(road) + len(figure_ops) + len(token_ops) > 1:
            raise UserError("an Alignment doing all its effects chooses one target: a road, a Figure or a Remembrance",
                            file=file, entry=f"{entry}.effects")
    mode = _choice(fields.get("mode", "all"), V.ALIGNMENT_MODES, file, f"{entry}.mode")
    pad = V.ALIGNMENT_EFFECTS - len(ops)
    row = [want, *glyphs, *([0] * (3 - want)), int(not_modeled is None), mode, len(ops), *ops, *([0] * pad), *amounts,
           *([0] * pad)]
    assert len(row) == T.ALIGN_W
    return row


def load_alignments(data_dir: Path = DATA_DIR) -> tuple[tuple[tuple[int, ...], ...], tuple[str, ...]]:
    """Appendix C's 24 Alignments: (rows in vocab.ALIGNMENT_IDS order, their printed names)."""
    file = str(data_dir / "alignments.yaml")
    raw = _mapping(read_yaml(data_dir / "alignments.yaml"), file, "top level")
    entries = _mapping(raw.get("alignments"), file, "alignments")
    for alignment_id in entries:
        if alignment_id not in V.ALIGNMENT_IDS:
            raise UserError(f"unknown Alignment '{alignment_id}'{did_you_mean(str(alignment_id), V.ALIGNMENT_IDS)} "
                            "(the core list: AP-01 .. AP-12, AV-01 .. AV-12)", file=file, entry=f"alignments.{alignment_id}")
    missing = [a for a in V.ALIGNMENT_IDS if a not in entries]
    if missing:
        raise UserError(f"the core list's {missing[0]} is missing (all 24 Alignments are listed)", file=file,
                        entry="alignments")
    rows = tuple(tuple(_alignment_row(a, _mapping(entries[a], file, f"alignments.{a}"), file)) for a in V.ALIGNMENT_IDS)
    sequences = {}
    for a, row in zip(V.ALIGNMENT_IDS, rows, strict=True):
        key = row[T.AL_GLYPH: T.AL_GLYPH + row[T.AL_LENGTH]]
        if key in sequences:
            raise UserError(f"prints the same sequence as {sequences[key]}", file=file, entry=f"alignments.{a}.sequence")
        sequences[key] = a
    return rows, tuple(str(entries[a]["name"]) for a in V.ALIGNMENT_IDS)


def _relic_columns(fields: dict, kind: int, file: str, entry: str) -> list[int]:
    """tables.C_PORTABLE .. C_AWAKENED_AMOUNT: Portable Relics, their printed Presence, and the Awakening
    condition and Awakened effects of a Dormant Relic (rules/relics.py)."""
    portable = _flag(fields.get("portable", False), file, f"{entry}.portable")
    relic_fields = [key for key in ("portable", "presence", "awaken", "awakened") if key in fields]
    if relic_fields and kind != V.TYPE_RELIC:
        raise UserError(f"only Relics have {', '.join(relic_fields)}", file=file, entry=f"{entry}.{relic_fields[0]}")
    if portable and fields.get("major"):
        raise UserError("a Portable Relic is not Major (Major uses both Installed slots)", file=file, entry=f"{entry}.major")
    if "presence" in fields and not portable:
        raise UserError("only a Portable Relic prints a Presence (an Installed Relic contributes its Power)",
                        file=file, entry=f"{entry}.presence")
    presence = _whole(fields.get("presence", 0), file, f"{entry}.presence", 0, V.POWER_LIMIT)
    condition = need = 0
    awaken, awakened = fields.get("awaken"), fields.get("awakened")
    if (awaken is None) != (awakened is None):
        raise UserError("a Dormant Relic gives both its Awakening condition (awaken) and its Awakened text (awakened)",
                        file=file, entry=f"{entry}.{'awaken' if awaken is None else 'awakened'}")
    ops, amounts = [], []
    if awaken is not None:
        awaken = _mapping(awaken, file, f"{entry}.awaken")
        for key in awaken:
            if key not in V.AWAKEN_FIELDS:
                raise UserError(f"unknown field '{key}' (fields: {', '.join(V.AWAKEN_FIELDS)})", file=file,
                                entry=f"{entry}.awaken")
        if "when" not in awaken:
            raise UserError(f"an Awakening names its condition (when: one of {', '.join(V.AWAKEN_CONDITIONS)})",
                            file=file, entry=f"{entry}.awaken")
        condition = 1 + _choice(awaken["when"], V.AWAKEN_CONDITIONS, file, f"{entry}.awaken.when")
        need = _whole(awaken.get("amount", 1), file, f"{entry}.awaken.amount", 1, V.AMOUNT_LIMIT)
        if not isinstance(awakened, list) or not 1 <= len(awakened) <= V.MAX_EFFECTS:
            raise UserError(f"awakened is a list of 1 to {V.MAX_EFFECTS} effects", file=file, entry=f"{entry}.awakened")
        for i, effect in enumerate(awakened):
            where = f"{entry}.awakened[{i}]"
            op, amount = _effect(effect, file, where)
            if op in V.ROAD_OPS:
                raise UserError("an Awakened effect has no road effect (a road target is chosen with a play)", file=file,
                                entry=f"{where}.do")
            if op == V.OP_CANCEL:
                raise UserError("an Awakened effect cancels nothing (only a Quick Event played as a response does)",
                                file=file, entry=f"{where}.do")
            ops.append(op)
            amounts.append(amount)
    pad = [0] * (V.MAX_EFFECTS - len(ops))
    return [portable, presence, condition, need, len(ops), *ops, *pad, *amounts, *pad]


def _site(value, file: str, entry: str) -> int:
    """[ring 1-6, local 0-5] -> ring * 6 + local."""
    if not (isinstance(value, list) and len(value) == 2):
        raise UserError("a Site is [Ring 1-6, Site 0-5]", file=file, entry=entry)
    ring = _whole(value[0], file, entry, 1, V.RINGS)
    local = _whole(value[1], file, entry, 0, V.SITES_PER_RING - 1)
    return (ring - 1) * V.SITES_PER_RING + local


def _load_board(data_dir: Path) -> tuple[list[int], tuple[str, ...]]:
    file = str(data_dir / "board.yaml")
    raw = _mapping(read_yaml(data_dir / "board.yaml"), file, "top level")
    for key in raw:
        if key not in V.BOARD_FIELDS:
            raise UserError(f"unknown key '{key}' (keys: {', '.join(V.BOARD_FIELDS)})", file=file, entry=str(key))
    _check_assumed(raw, file, "board")
    rings = raw.get("rings")
    if not isinstance(rings, list) or len(rings) != V.RINGS:
        raise UserError("rings lists the six Ring registers, Ring I first", file=file, entry="rings")
    names: list[str] = []
    for r, ring in enumerate(rings):
        ring = _mapping(ring, file, f"rings[{r}]")
        sites = ring.get("sites")
        if not isinstance(sites, list) or len(sites) != V.SITES_PER_RING or not all(isinstance(s, str) for s in sites):
            raise UserError("a Ring register names its six Sites, S0 to S5", file=file, entry=f"rings[{r}].sites")
        names += sites
        tp = _whole(ring.get("turnpoint"), file, f"rings[{r}].turnpoint", 0, V.SITES_PER_RING - 1)
        ring["_turnpoint"] = tp
    gates = raw.get("gates")
    if not isinstance(gates, list) or len(gates) != V.RINGS - 1:
        raise UserError("gates lists the five boundaries (I-II first) as {outer: local, inner: local}", file=file,
                        entry="gates")
    outer, inner = [], []
    for b, gate in enumerate(gates):
        gate = _mapping(gate, file, f"gates[{b}]")
        outer.append(_whole(gate.get("outer"), file, f"gates[{b}].outer", 0, V.SITES_PER_RING - 1))
        inner.append(_whole(gate.get("inner"), file, f"gates[{b}].inner", 0, V.SITES_PER_RING - 1))
    bloom_port = _whole(raw.get("bloom_port"), file, "bloom_port", 0, V.SITES_PER_RING - 1)
    lamps = raw.get("lamps")
    if not isinstance(lamps, list) or len(lamps) != 3:
        raise UserError("lamps lists the three Lamp Sites; each Waystation is three Sites from its Lamp", file=file,
                        entry="lamps")
    lamp_sites = [_site(s, file, f"lamps[{i}]") for i, s in enumerate(lamps)]
    stations = [(s // 6) * 6 + (s % 6 + 3) % 6 for s in lamp_sites]  # "Each pair remains three Sites apart"
    tokens = raw.get("remembrances")
    if not isinstance(tokens, list) or len(tokens) != 5:
        raise UserError("remembrances lists the five Remembrance Sites", file=file, entry="remembrances")
    token_sites = [_site(s, file, f"remembrances[{i}]") for i, s in enumerate(tokens)]
    settlements = raw.get("settlements")
    if not isinstance(settlements, list) or len(settlements) != V.N_SETTLEMENTS:
        raise UserError(f"settlements lists the {V.N_SETTLEMENTS} settlement Sites (each has one Local)", file=file,
                        entry="settlements")
    settlement_sites = [_site(s, file, f"settlements[{i}]") for i, s in enumerate(settlements)]
    if len(set(settlement_sites)) != len(settlement_sites) or max(settlement_sites) >= (V.RINGS - 1) * V.SITES_PER_RING:
        raise UserError("settlements are five different Sites on Rings I-V (\"Settlements remain on Rings I-V\")",
                        file=file, entry="settlements")
    origins = raw.get("settlement_origins")
    if not isinstance(origins, list) or len(origins) != V.N_SETTLEMENTS:
        raise UserError(f"settlement_origins lists the printed Origin of each of the {V.N_SETTLEMENTS} settlements "
                        f"(one of: {', '.join(V.ORIGINS)})", file=file, entry="settlement_origins")
    origin_codes = [_choice(o, V.ORIGINS, file, f"settlement_origins[{i}]") for i, o in enumerate(origins)]
    sentinels = raw.get("sentinels")
    if not isinstance(sentinels, list) or len(sentinels) != V.N_SENTINELS:
        raise UserError(f"sentinels lists the {V.N_SENTINELS} board Sentinel Sites", file=file, entry="sentinels")
    sentinel_sites = [_site(s, file, f"sentinels[{i}]") for i, s in enumerate(sentinels)]
    if sentinel_sites[0] == sentinel_sites[1]:
        raise UserError("the two board Sentinels stand on different Sites", file=file, entry="sentinels")
    board = (outer + inner + [bloom_port] + [ring["_turnpoint"] for ring in rings] + lamp_sites + stations + token_sites
             + settlement_sites + sentinel_sites + origin_codes)
    return board, tuple(names)


def _aspects(aspects, file: str, entry: str) -> tuple[int, ...]:
    if not isinstance(aspects, list):
        raise UserError("aspects is the list of the deck's registered Aspects", file=file, entry=f"{entry}.aspects")
    return tuple(_choice(a, V.ASPECTS[1:], file, f"{entry}.aspects") + 1 for a in aspects)


def _card_ids(copies_by_card, names, file: str, entry: str, low: int = 0) -> tuple[int, ...]:
    """{card: copies} -> card ids, each repeated by its copies, in the order written."""
    ids: list[int] = []
    for card, copies in _mapping(copies_by_card or {}, file, entry).items():
        if card not in names:
            raise UserError(f"unknown card '{card}'{did_you_mean(card, names)}", file=file, entry=entry)
        ids += [names.index(card)] * _whole(copies, file, f"{entry}.{card}", low, 10)
    return tuple(ids)


def load_library(data_dir: Path = DATA_DIR) -> Library:
    cards_file = str(data_dir / "cards.yaml")
    raw = _mapping(read_yaml(data_dir / "cards.yaml"), cards_file, "top level")
    cards = _mapping(raw.get("cards"), cards_file, "cards")
    if not 1 <= len(cards) <= V.MAX_CARDS:
        raise UserError(f"give 1 to {V.MAX_CARDS} cards", file=cards_file, entry="cards")
    names, rows, fields_of, assumed = [], [], {}, []
    for card_id, fields in cards.items():
        fields = _mapping(fields, cards_file, f"cards.{card_id}")
        rows.append(tuple(_card_row(str(card_id), fields, cards_file)))
        names.append(str(card_id))
        fields_of[str(card_id)] = fields
        if fields.get("assumed"):
            assumed.append(f"card {card_id}")
    board, board_names = _load_board(data_dir)
    board.append(len(names))  # tables.B_UNIT_CARD: the board units' rows follow the cards
    assumed.append("board register")

    decks_file = str(data_dir / "decks.yaml")
    raw = _mapping(read_yaml(data_dir / "decks.yaml"), decks_file, "top level")
    decks = {}
    for deck, spec in _mapping(raw.get("decks"), decks_file, "decks").items():
        entry = f"decks.{deck}"
        spec = _mapping(spec, decks_file, entry)
        for key in spec:
            if key not in V.DECK_FIELDS:
                raise UserError(f"unknown field '{key}' (fields: {', '.join(V.DECK_FIELDS)})", file=decks_file, entry=entry)
        _check_assumed(spec, decks_file, entry)
        aspects = spec.get("aspects", [])
        decks[str(deck)] = {"aspects": _aspects(aspects, decks_file, entry),
                            **{part: _card_ids(spec.get(part), names, decks_file, f"{entry}.{part}")
                               for part in ("cards", "reserve")}}
    sets = {}
    for set_name, entries in _mapping(raw.get("matchup_sets"), decks_file, "matchup_sets").items():
        if not isinstance(entries, list) or not entries:
            raise UserError("a matchup set is a non-empty list of entries", file=decks_file,
                            entry=f"matchup_sets.{set_name}")
        sets[str(set_name)] = tuple(str(e) for e in entries)
    alignment_rows, alignment_names = load_alignments(data_dir)
    return Library(tuple(names), fields_of, tuple(rows), tuple(board), board_names, decks, sets, tuple(assumed),
                   alignment_rows, alignment_names)


def _check_rule(rule: str, value, file: str, entry: str) -> int:
    if rule not in V.RULE_LIMITS:
        raise UserError(f"unknown rule '{rule}'{did_you_mean(rule, V.RULE_NAMES)}", file=file, entry=entry)
    if rule in V.NAMED_RULES:
        return _choice(value, V.NAMED_RULES[rule], file, entry)
    return _whole(value, file, entry, *V.RULE_LIMITS[rule])


def check_deck(name: str, deck: dict, library: Library, rules: dict, file: str, entry: str = "") -> None:
    """"Build a Company deck" (section 2), every rule of it."""
    entry = entry or f"decks.{name}"
    cards, reserve = deck["cards"], deck["reserve"]
    rows = library.card_rows
    if len(cards) != rules["deck_size"]:
        raise UserError(f"has {len(cards)} cards; a Company deck has exactly {rules['deck_size']}", file=file, entry=entry)
    if reserve and len(reserve) != rules["reserve_size"]:
        raise UserError(f"a reserve is either empty or exactly {rules['reserve_size']} cards (has {len(reserve)})",
                        file=file, entry=f"{entry}.reserve")
    if len(deck["aspects"]) > rules["max_aspects"]:
        raise UserError(f"registers {len(deck['aspects'])} Aspects; at most {rules['max_aspects']}", file=file,
                        entry=f"{entry}.aspects")
    for card in set(cards) | set(reserve):
        card_name = library.card_names[card]
        row = rows[card]
        if library.cards[card_name].get("reference"):
            raise UserError(f"'{card_name}' is a reference card, excluded from decks", file=file, entry=entry)
        if row[T.C_ASPECT] != V.ASPECT_NEUTRAL and row[T.C_ASPECT] not in deck["aspects"]:
            raise UserError(f"'{card_name}' has the Aspect {V.ASPECTS[row[T.C_ASPECT]]}, which the deck does not register",
                            file=file, entry=entry)
        limit = 1 if row[T.C_SINGULAR] else rules["max_copies"]
        copies = cards.count(card) + reserve.count(card)
        if copies > limit:
            raise UserError(f"{copies} copies of '{card_name}' across deck and reserve; at most {limit}", file=file,
                            entry=entry)
    types = [rows[c][T.C_TYPE] for c in cards]
    figures = sum(t <= V.TYPE_ECHO for t in types)
    if figures < rules["min_figures"]:
        raise UserError(f"has {figures} Figures; at least {rules['min_figures']}", file=file, entry=entry)
    for kind, rule in ((V.TYPE_HERO, "max_heroes"), (V.TYPE_RELIC, "max_relics"), (V.TYPE_EVENT, "max_events"),
                       (V.TYPE_MEMORY, "max_memories"), (V.TYPE_PATH, "max_paths")):
        if types.count(kind) > rules[rule]:
            raise UserError(f"has {types.count(kind)} {V.CARD_TYPES[kind]} cards; at most {rules[rule]}", file=file,
                            entry=entry)
    combined = sum(t >= V.TYPE_EVENT for t in types)
    if combined > rules["max_events_memories_paths"]:
        raise UserError(f"has {combined} Events, Memories and Paths together; at most "
                        f"{rules['max_events_memories_paths']}", file=file, entry=entry)


def _errata_check(library: Library):
    def check(section: str, target: str, fields: dict, file: str, entry: str) -> None:
        if target not in library.decks:
            raise UserError(f"unknown deck '{target}'{did_you_mean(target, library.decks)} (decks: "
                            f"{', '.join(library.decks)})", file=file, entry=entry)
        for key in fields:
            if key not in DECK_ERRATA_FIELDS:
                raise UserError(f"deck errata may change {', '.join(DECK_ERRATA_FIELDS)} (not '{key}')", file=file,
                                entry=f"{entry}.{key}")
        if "aspects" in fields:
            _aspects(fields["aspects"], file, entry)
        for part in ("cards", "reserve"):
            _card_ids(fields.get(part), library.card_names, file, f"{entry}.{part}")
    return check


def varied_deck(name: str, library: Library, deck_errata: dict) -> dict:
    """The deck as an edition's deck_errata leave it: Aspects replaced, copies set (0 removes a card);
    the cards keep the order of decks.yaml, a card new to the deck comes after them."""
    if name not in deck_errata:
        return library.decks[name]
    deck, errata = dict(library.decks[name]), deck_errata[name]
    if "aspects" in errata:
        deck["aspects"] = _aspects(errata["aspects"], "", f"deck_errata.{name}")
    for part in ("cards", "reserve"):
        copies = {}
        for card in deck[part]:
            copies[card] = copies.get(card, 0) + 1
        for card, count in (errata.get(part) or {}).items():
            copies[library.card_names.index(card)] = count
        deck[part] = tuple(card for card, count in copies.items() for _ in range(count))
    return deck


def load_ruleset_table(edition: str, library: Library, data_dir: Path = DATA_DIR) -> tuple[np.ndarray, dict]:
    """(packed ruleset table, resolved edition) of an edition, with every deck (as its deck_errata leave
    it) checked against it. A broken variant is the edition's mistake: the error names the edition file and
    its deck_errata entry."""
    resolved = editions.resolve(data_dir, edition, _check_rule, ERRATA_SECTIONS, _errata_check(library))
    rules = resolved["rules"]
    missing = [r for r in V.RULE_NAMES if r not in rules]
    if missing:
        raise UserError(f"rule '{missing[0]}' is not set by the edition or its bases", file=str(data_dir / "editions"),
                        entry=edition)
    if rules["opening_hand"] > 6:
        raise UserError("opening_hand is at most 6 (the bottom-and-redraw choice is a mask of the hand)",
                        file=str(data_dir / "editions"), entry=edition)
    for name, deck in library.decks.items():
        if name in resolved["deck_errata"]:
            check_deck(name, varied_deck(name, library, resolved["deck_errata"]), library, rules,
                       str(data_dir / "editions" / f"{edition}.yaml"), f"deck_errata.{name}")
        else:
            check_deck(name, deck, library, rules, str(data_dir / "decks.yaml"))
    rows = [list(r) for r in library.card_rows] + T.unit_rows(rules)
    return T.pack_ruleset(rules, list(library.board), [list(r) for r in library.alignment_rows], rows), resolved


@dataclass(frozen=True)
class Entry:
    decks: tuple[str, str]  # (Garden's deck, Wayfarer's deck)


def parse_entry(entry: str, library: Library) -> Entry:
    """'<Garden deck> vs <Wayfarer deck>'."""
    sides = [s.strip() for s in entry.split(" vs ")]
    if len(sides) != 2:
        raise UserError("a matchup is '<Garden deck> vs <Wayfarer deck>'", entry=entry)
    for deck in sides:
        if deck not in library.decks:
            raise UserError(f"unknown deck '{deck}'{did_you_mean(deck, library.decks)} (decks.yaml has "
                            f"{', '.join(library.decks)})", entry=entry)
    return Entry((sides[0], sides[1]))


def matchup_id(entry: Entry) -> str:
    return "_vs_".join(entry.decks)


def matchup_hash(entry: Entry, decks: list[tuple[int, ...]]) -> str:
    """Of the matchup's decks as played (an edition's deck variant changes it, not the matchup's id)."""
    return content_hash([entry.decks, decks])
