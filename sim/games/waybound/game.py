"""The Waybound Game: data loading, matchups, policies, batch play and replay decoding."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core import rng
from sim.core.errors import UserError
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock, content_hash
from sim.games.waybound import data
from sim.games.waybound import engine as E
from sim.games.waybound import vocab as V

EXTRA_NAMES = (
    "journey_marks",
    "path",
    "path_round",
    "ascended",
    "ascension_round",
    "companion_defeats",
    "allies_defeated",
    "tactics_played",
    "netherway_openings",
)
MATCHUP_SETS = ("all_factions", "companions_8x8", "mirror_first")
EVENT_CAPACITY = 20000


class Waybound(Game):
    name = "waybound"
    title = "Waybound: The Living Atlas"
    engine_version = "1.1.0"
    player_counts = (2,)
    end_reasons = ("renown", "round_limit_renown", "round_limit_marks", "draw", "turn_cap")
    error_codes = ("ok", "illegal_action", "invariant", "action_cap")

    def __init__(self, data_dir: Path | None = None):
        self.data_dir = Path(data_dir) if data_dir else data.DATA_DIR
        self._rulesets: dict[str, Ruleset] = {}

    # ---- designer data -----------------------------------------------------------------
    def editions(self) -> list[str]:
        return data.edition_names(self.data_dir)

    def default_edition(self) -> str:
        return "0.36"

    def load_ruleset(self, edition: str) -> Ruleset:
        if edition not in self._rulesets:
            tables = data.load_tables(edition, self.data_dir)
            self._rulesets[edition] = Ruleset(
                game=self.name,
                ruleset_id=edition,
                ruleset_hash=content_hash(tables.resolved),
                tables=tables,
                description=tables.resolved["edition"]["description"],
                assumed=tables.assumed,
            )
        return self._rulesets[edition]

    def matchup_sets(self) -> list[str]:
        return list(MATCHUP_SETS)

    def _side(self, tables: data.Tables, text: str, entry: str) -> dict:
        """'<faction>/<companion>[@<featured ally>]' or 'custom:<deck.yaml>/<companion>[@<featured>]'."""
        text = text.strip()
        featured = None
        if "@" in text:
            text, featured = text.rsplit("@", 1)
        if text.startswith("custom:"):
            path, _, companion = text[len("custom:") :].rpartition("/")
            if not path:
                raise UserError("custom side must be 'custom:<deck file>/<companion>'", entry=entry)
            faction, counts = data.load_custom_deck(path, tables)
            label_deck = f"custom-{Path(path).stem}-{content_hash(counts)[:8]}"
        else:
            faction, _, companion = text.partition("/")
            if faction not in tables.factions:
                raise UserError(
                    f"unknown faction '{faction}' (known: {', '.join(tables.factions)})", entry=entry
                )
            counts = tables.factions[faction]["starter"]
            label_deck = faction
        if companion not in tables.factions[faction]["companions"]:
            raise UserError(
                f"'{companion}' is not a {faction} Companion "
                f"(choose {' or '.join(tables.factions[faction]['companions'])})",
                entry=entry,
            )
        featured_index = -1
        if featured is not None:
            if featured not in counts:
                raise UserError(f"featured card '{featured}' is not in the deck", entry=entry)
            if tables.cards[tables.card_index(featured), V.C_KIND] != V.KIND_ALLY:
                raise UserError(f"featured card '{featured}' is not an Ally", entry=entry)
            featured_index = tables.card_index(featured)
        deck = data.deck_array(counts, tables)
        label = f"{label_deck}/{companion}" + (f"@{featured}" if featured else "")
        ident = f"{label_deck}-{companion}" + (f"+{featured}" if featured else "")
        return {
            "label": label,
            "id": ident,
            "faction": faction,
            "companion": tables.companion_ids.index(companion),
            "deck": deck,
            "featured": featured_index,
            "ability": V.FACTION_ABILITIES.index(tables.factions[faction]["ability"]),
        }

    def _entries(self, tables: data.Tables, spec: str | list[str]) -> list[str]:
        """Expand set names (alone or inside a list) into explicit entries."""
        items = [spec] if isinstance(spec, str) else list(spec)
        out: list[str] = []
        for item in items:
            if isinstance(item, str) and item in MATCHUP_SETS:
                out += self._set_entries(tables, item)
            elif isinstance(item, str) and " vs " not in item:
                raise UserError(
                    f"unknown matchup set '{item}' (known: {', '.join(MATCHUP_SETS)}) "
                    "and not an entry '<faction>/<companion> vs <faction>/<companion>'",
                    entry="matchups",
                )
            else:
                out.append(item)
        return out

    @staticmethod
    def _set_entries(tables: data.Tables, name: str) -> list[str]:
        factions = list(tables.factions)
        firsts = [f"{f}/{tables.factions[f]['companions'][0]}" for f in factions]
        if name == "all_factions":
            return [f"{a} vs {b}" for a in firsts for b in firsts]
        if name == "mirror_first":
            return [f"{a} vs {a}" for a in firsts]
        sides = [f"{f}/{c}" for f in factions for c in tables.factions[f]["companions"]]
        return [f"{a} vs {b}" for a in sides for b in sides]

    def load_matchups(self, ruleset: Ruleset, spec: str | list[str]) -> list[Matchup]:
        tables: data.Tables = ruleset.tables
        out = []
        for entry in self._entries(tables, spec):
            if not isinstance(entry, str) or entry.count(" vs ") != 1:
                raise UserError("a matchup entry is '<side> vs <side>'", entry=str(entry))
            left, right = entry.split(" vs ")
            a, b = self._side(tables, left, entry), self._side(tables, right, entry)
            width = max(len(a["deck"]), len(b["deck"]), E.DECK_CAP)
            decks = np.zeros((2, width), dtype=np.int32)
            decks[0, : len(a["deck"])] = a["deck"]
            decks[1, : len(b["deck"])] = b["deck"]
            payload = {
                "decks": decks,
                "deck_len": np.array([len(a["deck"]), len(b["deck"])], dtype=np.int32),
                "companion": np.array([a["companion"], b["companion"]], dtype=np.int32),
                "companion_profile": tables.companion_profile[[a["companion"], b["companion"]]].astype(
                    np.int32
                ),
                "ability": np.array([a["ability"], b["ability"]], dtype=np.int32),
                "featured": np.array([a["featured"], b["featured"]], dtype=np.int32),
            }
            matchup_id = f"{a['id']}_vs_{b['id']}"
            out.append(
                Matchup(
                    game=self.name,
                    matchup_id=matchup_id,
                    sides=(a["label"], b["label"]),
                    players=2,
                    payload=payload,
                    matchup_hash=content_hash({k: v for k, v in payload.items()}),
                )
            )
        return out

    def policy_names(self) -> list[str]:
        return ["random"] + sorted(p.stem for p in (self.data_dir / "policies").glob("*.yaml"))

    def load_policy(self, name: str) -> Policy:
        if name == "random":
            return Policy(
                name="random",
                policy_id=V.POLICY_RANDOM,
                params=np.zeros(V.N_PARAMS),
                policy_hash=content_hash({"random": 1}),
            )
        if name not in self.policy_names():
            raise UserError(
                f"unknown policy '{name}' (known: {', '.join(self.policy_names())})", entry="policy"
            )
        kind, params, raw = data.load_policy_file(name, self.data_dir)
        policy_id = V.POLICY_GREEDY if kind == "greedy" else V.POLICY_SEARCH
        return Policy(name=name, policy_id=policy_id, params=params, policy_hash=content_hash(raw))

    # ---- kernel ------------------------------------------------------------------------
    def _run(self, ruleset, matchup, policies, seeds, debug, card_counts, log):
        tables: data.Tables = ruleset.tables
        payload = matchup.payload
        batch = len(seeds)
        out = {
            "winner": np.zeros(batch, dtype=np.int8),
            "end": np.zeros(batch, dtype=np.int8),
            "turns": np.zeros(batch, dtype=np.int16),
            "rounds": np.zeros(batch, dtype=np.int16),
            "score": np.zeros((batch, 2), dtype=np.int32),
            "error": np.zeros(batch, dtype=np.int8),
            "extra": np.zeros((batch, E.N_EXTRA, 2), dtype=np.int32),
        }
        n_cards = tables.cards.shape[0]
        counts = np.zeros((batch, 2, n_cards, 3) if card_counts else (0, 2, n_cards, 3), dtype=np.int16)
        events = np.zeros((EVENT_CAPACITY if log else 1, E.EVENT_WIDTH), dtype=np.int32)
        policy_ids = np.array([p.policy_id for p in policies], dtype=np.int64)
        policy_params = np.stack([np.asarray(p.params, dtype=np.float64) for p in policies])
        E.play_batch_kernel(
            *E.flat_tables(tables),
            payload["decks"],
            payload["deck_len"],
            payload["companion_profile"],
            payload["ability"],
            payload["featured"],
            policy_ids,
            policy_params,
            np.uint64(seeds.root_seed & rng.MASK64),
            np.uint64(seeds.matchup_key & rng.MASK64),
            np.asarray(seeds.pair_index, dtype=np.int64),
            np.asarray(seeds.swap, dtype=np.uint8),
            rng.PURPOSE_DEAL,
            rng.PURPOSE_CHANCE,
            rng.PURPOSE_POLICY,
            bool(debug),
            bool(card_counts),
            out["winner"],
            out["end"],
            out["turns"],
            out["rounds"],
            out["score"],
            out["error"],
            out["extra"],
            counts,
            events,
            1 if log else 0,
            *E.scratch(n_cards, payload["decks"].shape[1], policy_params.shape[1], card_counts),
        )
        return out, counts, events

    def play_batch(self, ruleset, matchup, policies, seeds, *, debug=False, card_counts=False) -> BatchResult:
        if len(policies) != 2:
            raise UserError("Waybound needs one policy per deck slot (2)", entry="policies")
        out, counts, _ = self._run(ruleset, matchup, policies, seeds, debug, card_counts, False)
        extra_raw = out["extra"]
        swap = np.asarray(seeds.swap, dtype=np.int64)
        companion = np.asarray(matchup.payload["companion"], dtype=np.int64)
        extra: dict[str, np.ndarray] = {}
        for index, name in enumerate(EXTRA_NAMES):
            column = extra_raw[:, index, :].copy()
            if name == "path":
                for seat in range(2):
                    comp = companion[seat ^ swap]
                    raw = column[:, seat]
                    column[:, seat] = np.where(raw > 0, 1 + comp * 2 + raw - 1, 0)
                column = column.astype(np.int16)
            elif name in ("ascended",):
                column = column.astype(np.int8)
            else:
                column = column.astype(np.int16)
            extra[name] = column
        return BatchResult(
            winner=out["winner"],
            end_reason=out["end"],
            turns=out["turns"],
            rounds=out["rounds"],
            score=out["score"],
            error=out["error"],
            extra=extra,
            card_counts=counts if card_counts else None,
        )

    def warm_up(self) -> None:
        ruleset = self.load_ruleset(self.default_edition())
        matchup = self.load_matchups(ruleset, "hearthbound/brindle vs veilborn/nyxara")[0]
        seeds = SeedBlock(
            root_seed=1,
            matchup_key=2,
            pair_index=np.zeros(1, dtype=np.int64),
            swap=np.zeros(1, dtype=np.uint8),
        )
        self.play_batch(ruleset, matchup, (self.load_policy("random"), self.load_policy("random")), seeds)

    # ---- decoding ----------------------------------------------------------------------
    def extra_columns(self) -> dict[str, str]:
        return {name: "per_seat" for name in EXTRA_NAMES}

    def extra_categories(self, ruleset: Ruleset) -> dict[str, list[str]]:
        tables: data.Tables = ruleset.tables
        names = ["none"]
        for comp, paths in zip(tables.companion_ids, tables.path_ids, strict=True):
            names += [f"{comp}/{paths[0]}", f"{comp}/{paths[1]}"]
        return {"path": names}

    def card_names(self, ruleset: Ruleset) -> list[str]:
        return list(ruleset.tables.card_ids)

    def replay(self, ruleset, matchup, policies, seeds) -> list[str]:
        if len(seeds) != 1:
            raise UserError("replay takes exactly one match", entry="seeds")
        out, _, events = self._run(ruleset, matchup, policies, seeds, True, False, True)
        swap = int(seeds.swap[0])
        sides = [matchup.sides[seat ^ swap] for seat in range(2)]
        lines = [
            f"waybound {self.engine_version} ruleset {ruleset.ruleset_id} ({ruleset.ruleset_hash}) "
            f"{matchup.matchup_id} pair {int(seeds.pair_index[0])} swap {swap}",
            f"seat 0 (moves first): {sides[0]} [{policies[swap].name}]; "
            f"seat 1: {sides[1]} [{policies[1 - swap].name}]",
        ]
        n = 0
        while n < events.shape[0] and events[n, 0] != 0:
            lines.append(describe_event(ruleset.tables, events[n]))
            n += 1
        lines.append(
            f"result: winner seat {int(out['winner'][0])}, end {self.end_reasons[int(out['end'][0])]}, "
            f"Renown {int(out['score'][0, 0])}-{int(out['score'][0, 1])}, "
            f"error {self.error_codes[int(out['error'][0])]}"
        )
        return lines


def describe_action(tables: data.Tables, action: int, actor: int = -2, target: int = -2) -> str:
    """Readable action; `actor`/`target` are card ids of the characters involved (-1 Companion)."""
    kind, x, y = action >> 16, (action >> 8) & 255, action & 255
    card = tables.card_display[x] if x < len(tables.card_display) else "?"

    def who(card_id: int, unit: int) -> str:
        if card_id == -1:
            return "Companion"
        if card_id >= 0:
            return f"{tables.card_display[card_id]} (unit {unit})"
        return f"unit {unit}"

    if kind == E.A_END:
        return "end turn"
    if kind == E.A_PLAY_ALLY:
        return f"play {card} at {V.ROUTE_NAMES[y]}"
    if kind == E.A_PLAY_TACTIC:
        return f"play {card} (target {y if y != E.NO_TARGET else 'none'})"
    if kind == E.A_MOVE:
        return f"move {who(actor, x)} to {V.ROUTE_NAMES[y >> 1]}" + (
            " (Lightfoot, stays ready)" if y & 1 else ""
        )
    if kind == E.A_EXPLORE:
        return f"explore with {who(actor, x)}"
    if kind == E.A_CHALLENGE:
        against = "(defender chooses)" if y == E.DEFENDER_CHOOSES else f"against {who(target, y)}"
        return f"challenge with {who(actor, x)} {against}"
    if kind == E.A_PATH:
        return f"choose path {x}"
    if kind == E.A_ASCEND:
        return "ascend"
    if kind == E.A_SHIFT:
        return f"shift {who(actor, x)}"
    if kind == E.A_NYX_OPEN:
        return "Nyxara opens the Netherway"
    if kind == E.A_CHOICE:
        return f"choose {x}" + (f" ({who(target, x)})" if target != -2 else "")
    return f"action {action}"


def describe_event(tables: data.Tables, row: np.ndarray) -> str:
    kind, a, b, c, d = (int(v) for v in row[:5])

    def card(index: int) -> str:
        return "Companion" if index < 0 else tables.card_display[index]

    if kind == E.EV_OPENING_CARD:
        return f"seat {a} opening hand: {card(b)}"
    if kind == E.EV_MULLIGAN:
        return f"seat {a} {'replaces its opening hand (mulligan)' if b else 'keeps its opening hand'}"
    if kind == E.EV_TURN:
        return f"-- round {b}, seat {a} turn: capacity {c}, Charge {d}"
    if kind == E.EV_ACTION:
        return f"seat {a}: {describe_action(tables, b, c, d)}"
    if kind == E.EV_DIE:
        return f"seat {a} Grinshade roll: {b} ({'damage prevented' if c else 'no effect'})"
    if kind == E.EV_DEFEAT:
        how = "by a Tactic or ability" if d else "in a Challenge"
        return f"seat {a}: {card(b)} defeated at {V.ROUTE_NAMES[c]} {how}" + (
            " (returns to Lantern Crossing, recovering)" if b < 0 else ""
        )
    if kind == E.EV_END:
        return f"match ends: winner {a}, reason {Waybound.end_reasons[b]}, Renown {c}-{d}"
    if kind == E.EV_RESHUFFLE:
        return f"seat {a} reshuffles {b} discarded cards into its deck"
    if kind == E.EV_NETHER_OPEN:
        return f"seat {a} opens the Netherway"
    if kind == E.EV_NETHER_CLOSE:
        return f"the Netherway (opened by seat {a}) closes; occupants return to Lantern Crossing"
    if kind == E.EV_DRAW:
        return f"seat {a} draws {card(b)}"
    if kind == E.EV_FEATURED:
        return f"seat {a} featured opening guarantees {card(b)}"
    if kind == E.EV_RENOWN:
        reasons = ("Explore", "Breach", "Stormwing", "Fang Sovereign", "Claim the Way")
        return f"seat {a} gains {b} Renown ({reasons[c] if c < len(reasons) else c})"
    if kind == E.EV_ILLEGAL:
        return f"ILLEGAL action by seat {a}: {describe_action(tables, b)}"
    if kind == E.EV_INVARIANT:
        return f"INVARIANT broken after seat {a}'s action: code {b}"
    return f"event {kind} {a} {b} {c} {d}"
