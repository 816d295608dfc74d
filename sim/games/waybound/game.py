"""The Waybound Game: data loading, matchups, policies, batch play, replay and playthrough (their text: render.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core import kernel as K
from sim.core.errors import UserError
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock, content_hash
from sim.core.policies import weight_matrix
from sim.games.waybound import batch, data, render
from sim.games.waybound import layout as L
from sim.games.waybound import vocab as V
from sim.games.waybound.batch import searching
from sim.games.waybound.tables import flat_tables, pack_matchup

EXTRA_NAMES = batch.SEAT_EXTRAS
MATCHUP_SETS = ("all_factions", "companions_8x8", "mirror_first")


class Waybound(Game):
    name = "waybound"
    title = "Waybound: The Living Atlas"
    engine_version = "1.4.0"
    side_fields = ("faction", "companion")  # a side is "<faction>/<companion>"
    player_counts = (2,)
    end_reasons = L.END_REASONS
    error_codes = L.ERROR_CODES

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
                resolved=tables.resolved,
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
            width = max(len(a["deck"]), len(b["deck"]), L.DECK_CAP)
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
            matchup_hash = content_hash(dict(payload))
            payload["table"] = pack_matchup(payload)  # the kernels' matchup table, packed once per matchup
            out.append(
                Matchup(
                    game=self.name,
                    matchup_id=matchup_id,
                    sides=(a["label"], b["label"]),
                    players=2,
                    payload=payload,
                    matchup_hash=matchup_hash,
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
        policy_id = {"greedy": V.POLICY_GREEDY, "search": V.POLICY_SEARCH, "ismcts": V.POLICY_ISMCTS}[kind]
        return Policy(name=name, policy_id=policy_id, params=params, policy_hash=content_hash(raw))

    # ---- kernel ------------------------------------------------------------------------
    def _run(self, ruleset, matchup, policies, seeds, debug, card_counts, log) -> tuple[BatchResult, np.ndarray]:
        """The batch kernel's result (the result columns as the kernel wrote them) and its event log."""
        policy_ids, weights = weight_matrix(policies)
        match_out, seat_out, counts, events = batch.play_batch(
            flat_tables(ruleset.tables), matchup.payload["table"], policy_ids, weights, seeds, debug=debug,
            card_counts=card_counts, n_cards=ruleset.tables.cards.shape[0], log=log,
        )
        return K.to_result(match_out, seat_out, batch.MATCH_EXTRAS, batch.SEAT_EXTRAS, counts), events

    def play_batch(self, ruleset, matchup, policies, seeds, *, debug=False, card_counts=False) -> BatchResult:
        if len(policies) != 2:
            raise UserError("Waybound needs one policy per deck slot (2)", entry="policies")
        result, _ = self._run(ruleset, matchup, policies, seeds, debug, card_counts, False)
        swap = np.asarray(seeds.swap, dtype=np.int64)
        companion = np.asarray(matchup.payload["companion"], dtype=np.int64)
        for name, column in result.extra.items():
            if name == "path":  # the kernel's path (0 none, else 1 + path) as a category of extra_categories
                for seat in range(2):
                    raw = column[:, seat]
                    column[:, seat] = np.where(raw > 0, 1 + companion[seat ^ swap] * 2 + raw - 1, 0)
            result.extra[name] = column.astype(np.int8 if name == "ascended" else np.int16)
        return result

    def kernel_set(self, policies: tuple[Policy, ...]) -> str:
        return "search" if searching([p.policy_id for p in policies]) else ""

    def warm_up(self, kernel_set: str = "") -> None:
        ruleset = self.load_ruleset(self.default_edition())
        matchup = self.load_matchups(ruleset, "hearthbound/brindle vs veilborn/nyxara")[0]
        seeds = SeedBlock(
            root_seed=1,
            matchup_key=2,
            pair_index=np.zeros(1, dtype=np.int64),
            swap=np.zeros(1, dtype=np.uint8),
        )
        bots = ("search", "ismcts_16") if kernel_set == "search" else ("random", "random")
        self.play_batch(ruleset, matchup, tuple(self.load_policy(bot) for bot in bots), seeds)

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
        result, events = self._run(ruleset, matchup, policies, seeds, True, False, True)
        return render.replay_log(self, ruleset, matchup, policies, seeds, result, events)

    def playthrough(self, ruleset, matchup, policies, seeds) -> list[str]:
        """One match decision by decision: state, legal actions, action taken, events (render.playthrough)."""
        if len(seeds) != 1:
            raise UserError("a playthrough takes exactly one match", entry="seeds")
        return render.playthrough(self, ruleset, matchup, policies, seeds)
