"""The Aeon's End game module: fills the sim.core.game.Game contract (cooperative, one team side)."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from sim.core.data_files import read_yaml
from sim.core.errors import UserError
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock, content_hash
from sim.core.rng import name_key
from sim.games.aeons_end import data as D
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.tables import pack
from sim.games.aeons_end.vocab import END_REASONS, ERROR_CODES

ENGINE_VERSION = "0.3.0"  # 0.3.0: Legacy of Gravehold basic nemesis cards (the default set)
DEFAULT_TEAMS = {1: ["brama"], 2: ["adelheim", "brama"], 3: ["adelheim", "brama", "kadir"],
                 4: ["adelheim", "brama", "kadir", "mist"]}
NEMESIS_ORDER = ["rageborne", "carapace_queen", "crooked_mask", "prince_of_gluttons"]
KERNEL_TABLES_KEPT = 64  # packed tables kept per game object (a few kB each)
def policy_kind(doc: dict) -> int:
    """A bot file's kind (policy.POLICY_*), read from its sections: `ismcts:` or `search:` over a greedy
    base plan, else `weights:` of the random bot (end_phase_weight alone) or of a greedy plan."""
    from sim.games.aeons_end import policy as bots

    if isinstance(doc, dict) and "ismcts" in doc:
        return bots.POLICY_ISMCTS
    if isinstance(doc, dict) and "search" in doc:
        return bots.POLICY_SEARCH
    weights = doc.get("weights") if isinstance(doc, dict) else None
    if isinstance(weights, dict) and set(weights) == set(bots.RANDOM_WEIGHTS):
        return bots.POLICY_RANDOM
    return bots.POLICY_GREEDY


@functools.lru_cache(maxsize=4)
def library(data_dir: Path | None = None) -> D.Library:
    return D.load_library(data_dir)


def matchup_id(players: int, mages: list[str], nemesis: str, supply: str) -> str:
    return f"{players}p-{'-'.join(mages)}_vs-{nemesis}_supply-{supply}"


class AeonsEnd(Game):
    name = "aeons_end"
    title = "Aeon's End: Legacy of Gravehold (base-game mages, market and nemeses; Legacy basic nemesis cards)"
    engine_version = ENGINE_VERSION
    player_counts = (1, 2, 3, 4)
    cooperative = True
    end_reasons = END_REASONS
    error_codes = ERROR_CODES

    def __init__(self, data_dir: Path | None = None):
        self.data_dir = Path(data_dir) if data_dir else None  # None: decks/aeons_end/
        self._kernel_tables: dict[tuple[str, str], np.ndarray] = {}  # (ruleset hash, matchup hash) -> tables

    # ---- data ----------------------------------------------------------------------------
    def editions(self) -> list[str]:
        return D.edition_names(self.data_dir)

    def default_edition(self) -> str:
        return D.DEFAULT_EDITION

    def load_ruleset(self, edition: str, basic_nemesis_set: str | None = None) -> Ruleset:
        """`basic_nemesis_set` overrides the edition's basic nemesis card set (tests: the golden digest of the
        base-game basics under every edition)."""
        lib = library(self.data_dir)
        rules, mage_errata = D.load_rules(edition, lib, self.data_dir)
        if basic_nemesis_set is not None:
            rules["basic_nemesis_set"] = D.check_basic_set(basic_nemesis_set)
        mage, mage_cards, mages = D.mage_tables(lib, mage_errata)
        tables = {"rules": rules, "library": lib, "mage": mage, "mage_cards": mage_cards}
        digest = content_hash({"rules": {k: v for k, v in rules.items() if k != "description"},
                               "pcard": lib.pcard, "peff": lib.peff, "ncard": lib.ncard, "neff": lib.neff,
                               "mage": mage, "mage_cards": mage_cards,
                               "nemeses": {k: {kk: vv for kk, vv in v.items()} for k, v in lib.nemeses.items()}})
        assumed = tuple(lib.assumed) + (rules.get("breaches_assumed", ""), rules.get("round_cap_assumed", ""))
        ruleset_id = edition if basic_nemesis_set is None else f"{edition}+{basic_nemesis_set}-basics"
        return Ruleset(game=self.name, ruleset_id=ruleset_id, ruleset_hash=digest, tables=tables,
                       description=rules.get("description", ""), assumed=tuple(a for a in assumed if a),
                       resolved={"rules": {k: v for k, v in rules.items() if k != "description"}, "mages": mages})

    def matchup_sets(self) -> list[str]:
        sets = []
        for players in self.player_counts:
            sets.append(f"default_{players}p")
        sets.append("all_nemeses_all_counts")
        return sets

    def _set_entries(self, name: str) -> list[str]:
        if name == "all_nemeses_all_counts":
            return [e for p in self.player_counts for e in self._set_entries(f"default_{p}p")]
        if name.startswith("default_") and name.endswith("p") and name[8:-1].isdigit():
            players = int(name[8:-1])
            if players in self.player_counts:
                team = "+".join(DEFAULT_TEAMS[players])
                return [f"{team} vs {nem} @standard" for nem in NEMESIS_ORDER]
        raise UserError(f"unknown matchup set '{name}' (known: {', '.join(self.matchup_sets())})", entry=name)

    def load_matchups(self, ruleset: Ruleset, spec: str | list[str]) -> list[Matchup]:
        """Set names, or entries like 'adelheim+brama vs rageborne @standard' (supply preset after '@')."""
        items = [spec] if isinstance(spec, str) else list(spec)
        entries: list[str] = []
        for item in items:
            entries += [item] if " vs " in item else self._set_entries(item)
        return [self._parse_matchup(ruleset, e) for e in entries]

    def _parse_matchup(self, ruleset: Ruleset, entry: str) -> Matchup:
        lib: D.Library = ruleset.tables["library"]
        if " vs " not in entry:
            raise UserError("expected '<mage>+<mage> vs <nemesis> [@<supply>]'", entry=entry)
        team_text, rest = entry.split(" vs ", 1)
        supply = "standard"
        if "@" in rest:
            rest, supply = rest.split("@", 1)
        nemesis = rest.strip()
        supply = supply.strip()
        mages = [m.strip() for m in team_text.split("+") if m.strip()]
        if not 1 <= len(mages) <= 4:
            raise UserError("a team has 1 to 4 mages", entry=entry)
        for m in mages:
            if m not in lib.mages:
                raise UserError(f"unknown mage '{m}' (known: {', '.join(lib.mages)})", entry=entry)
        if len(set(mages)) != len(mages):
            raise UserError("a mage can appear only once in a team", entry=entry)
        if nemesis not in lib.nemeses:
            raise UserError(f"unknown nemesis '{nemesis}' (known: {', '.join(lib.nemeses)})", entry=entry)
        supply_ids = D.load_supply(lib, supply, self.data_dir)
        players = len(mages)
        basic_set = ruleset.tables["rules"]["basic_nemesis_set"]
        mid = matchup_id(players, mages, nemesis, supply)
        payload = {"players": players, "mages": mages, "mage_ids": [lib.mages[m] for m in mages],
                   "nemesis": nemesis, "supply": supply, "supply_ids": supply_ids,
                   "setup": D.build_setup(lib, players, [lib.mages[m] for m in mages], supply_ids, nemesis,
                                          basic_set)}
        label = f"{'+'.join(mages)} vs {nemesis}"
        return Matchup(game=self.name, matchup_id=mid, sides=(label,), players=players, payload=payload,
                       matchup_hash=content_hash({"id": mid, "setup": payload["setup"]}), cooperative=True,
                       slot_labels=tuple(mages))

    def policy_names(self) -> list[str]:
        return sorted(p.stem for p in ((self.data_dir or D.DATA_DIR) / "policies").glob("*.yaml"))

    def _policy_doc(self, name: str) -> tuple[dict, str, int]:
        """(the bot file's content, its path, its kind); one line naming the known bots if there is none."""
        known = self.policy_names()
        if name not in known:
            raise UserError(f"unknown policy '{name}' (known: {', '.join(known)})", entry=name)
        path = (self.data_dir or D.DATA_DIR) / "policies" / f"{name}.yaml"
        doc = read_yaml(path)
        return doc, str(path), policy_kind(doc)

    def load_policy(self, name: str) -> Policy:
        from sim.games.aeons_end.policy import GREEDY_WEIGHTS, RANDOM_WEIGHTS

        doc, file, kind = self._policy_doc(name)
        if kind >= 2:
            return self._load_search(name, doc, file, kind)
        D._check_keys(doc, {"id", "weights"}, {"weights"}, file, name)
        expected = GREEDY_WEIGHTS if kind == 1 else RANDOM_WEIGHTS
        weights = D._mapping(doc["weights"] or {}, file, "weights")
        for key in weights:
            if key not in expected:
                raise UserError(f"unknown weight '{key}' (expected: {', '.join(expected)})", file=file, entry=key)
        missing = [k for k in expected if k not in weights]
        if missing:
            raise UserError(f"missing weight(s) {missing}", file=file, entry=name)
        params = np.zeros(len(expected), np.float64)
        for i, key in enumerate(expected):
            value = weights[key]
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not abs(value) <= 1e9:
                raise UserError(f"weight must be a finite number from -1e9 to 1e9, got {value!r}", file=file, entry=key)
            params[i] = float(value)
        return Policy(name=name, policy_id=kind, params=params,
                      policy_hash=content_hash({"name": name, "params": params}))

    def _load_search(self, name: str, doc: dict, file: str, kind: int) -> Policy:
        """A search bot (flat `search:` or `ismcts:` parameters) over a greedy base plan: the base plan's
        weights, then the search parameters in their fixed order (policy.SEARCH_PARAMS / ISMCTS_PARAMS)."""
        from sim.games.aeons_end import policy as bots

        section = "search" if kind == 2 else "ismcts"
        names, limits = (bots.SEARCH_PARAMS, bots.SEARCH_INT_LIMITS) if section == "search" else \
            (bots.ISMCTS_PARAMS, bots.ISMCTS_INT_LIMITS)
        D._check_keys(doc, {"id", "base", section, "evaluation"} if section == "ismcts" else {"id", "base", section},
                      {"base", section}, file, name)
        base = doc["base"]
        if not isinstance(base, str) or base not in self.policy_names() or self._policy_doc(base)[2] != 1:
            greedy = [k for k in self.policy_names() if self._policy_doc(k)[2] == 1]
            raise UserError(f"base must be a greedy plan ({', '.join(greedy)}), not '{base}'", file=file, entry="base")
        values = doc[section] or {}
        if not isinstance(values, dict):
            raise UserError(f"{section} must be a mapping of parameters", file=file, entry=section)
        optional = {"confidence": values.get("confidence")} if section == "ismcts" else {}
        values = {k: v for k, v in values.items() if k not in optional}
        for key in values:
            if key not in names:
                raise UserError(f"unknown {section} parameter '{key}' (expected: {', '.join(names)})",
                                file=file, entry=key)
        missing = [k for k in names if k not in values]
        if missing:
            raise UserError(f"missing {section} parameter(s) {missing}", file=file, entry=section)
        extra = []
        for key in names:
            value = values[key]
            if key in limits:
                lo, hi = limits[key]
                if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                    raise UserError(f"{key} must be an integer from {lo} to {hi}", file=file, entry=key)
            elif not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
                raise UserError(f"{key} must be a non-negative number", file=file, entry=key)
            extra.append(float(value))
        params = np.concatenate([self.load_policy(base).params, np.array(extra, np.float64)])
        # a bot without `evaluation:` keeps the hash it had before the evaluation existed (same play)
        policy_hash = content_hash({"name": name, "base": base, "params": params})
        if section == "ismcts":
            confidence = optional["confidence"]
            if confidence is not None and (not isinstance(confidence, (int, float)) or isinstance(confidence, bool)
                                           or not 0 <= confidence <= 10):
                raise UserError("confidence must be a number from 0 to 10 (standard errors)", file=file,
                                entry="confidence")
            evaluation = self._evaluation(doc.get("evaluation"), file)
            if confidence is not None or doc.get("evaluation") is not None:
                policy_hash = content_hash({"name": name, "base": base, "params": params,
                                            "confidence": confidence, "evaluation": evaluation})
            params = np.concatenate([params, np.array([float(confidence or 0.0), *evaluation], np.float64)])
        return Policy(name=name, policy_id=kind, params=params, policy_hash=policy_hash)

    def _evaluation(self, name, file: str) -> list[float]:
        """The ISMCTS bot's cut-off evaluation (evaluation.py): [1, the weights by nemesis kind] from
        evaluations/<name>.yaml (fit_evaluation.py writes it), or [0, zeros] without `evaluation:`."""
        from sim.games.aeons_end import evaluation as E

        if name is None:
            return [0.0] * (1 + E.WEIGHT_COUNT)
        if not isinstance(name, str):
            raise UserError("evaluation must name a file of evaluations/ (without .yaml)", file=file, entry="evaluation")
        path = (self.data_dir or D.DATA_DIR) / "evaluations" / f"{name}.yaml"
        if not path.is_file():
            known = sorted(p.stem for p in path.parent.glob("*.yaml"))
            raise UserError(f"no evaluation '{name}' (known: {', '.join(known) or 'none'})", file=file,
                            entry="evaluation")
        doc = read_yaml(path)
        D._check_keys(doc, {"base", "weights"}, {"weights"}, str(path), name)
        weights = D._mapping(doc["weights"] or {}, str(path), "weights")
        values = []
        for kind in E.NEMESIS_KINDS:
            if kind not in weights:
                raise UserError(f"missing the weights of nemesis kind '{kind}' (expected: {', '.join(E.NEMESIS_KINDS)})",
                                file=str(path), entry="weights")
            vector = D._mapping(weights[kind] or {}, str(path), f"weights.{kind}")
            for feature in vector:
                if feature not in E.FEATURES:
                    raise UserError(f"unknown feature '{feature}' (expected: {', '.join(E.FEATURES)})",
                                    file=str(path), entry=f"weights.{kind}.{feature}")
            for feature in E.FEATURES:
                value = vector.get(feature)
                if not isinstance(value, (int, float)) or isinstance(value, bool) or not abs(value) <= 1e3:
                    raise UserError(f"a weight must be a number from -1000 to 1000, got {value!r}", file=str(path),
                                    entry=f"weights.{kind}.{feature}")
                values.append(float(value))
        unknown = set(weights) - set(E.NEMESIS_KINDS)
        if unknown:
            raise UserError(f"unknown nemesis kind '{sorted(unknown)[0]}' (expected: {', '.join(E.NEMESIS_KINDS)})",
                            file=str(path), entry="weights")
        return [1.0, *values]

    # ---- kernel ---------------------------------------------------------------------------
    def kernel_tables(self, ruleset: Ruleset, matchup: Matchup) -> np.ndarray:
        """The packed tables (tables.py) of a ruleset and matchup, built once: kept by the hashes of their
        resolved content (what the tables are built from), so a worker's every task of a pair reuses them.
        Callers must not write into the array."""
        key = (ruleset.ruleset_hash, matchup.matchup_hash)
        tables = self._kernel_tables.get(key)
        if tables is None:
            lib: D.Library = ruleset.tables["library"]
            rules, extra = D.compile_rules(lib, ruleset.tables["rules"], matchup.payload["nemesis"], matchup.players)
            tables = pack(rules, lib.pcard, lib.peff, lib.ncard, lib.neff, extra, ruleset.tables["mage"], ruleset.tables["mage_cards"],
                          matchup.payload["setup"])
            if len(self._kernel_tables) >= KERNEL_TABLES_KEPT:
                self._kernel_tables.pop(next(iter(self._kernel_tables)))  # the oldest
            self._kernel_tables[key] = tables
        return tables

    def play_batch(self, ruleset, matchup, policies, seeds, *, debug=False, card_counts=False) -> BatchResult:
        """`policies`: one per deck slot (slot i = mage i of the matchup), or one for the whole team."""
        from sim.games.aeons_end.batch import (
            play_batch_kernel,
            policy_arrays,
            scratch,
            searching,
            stream_indices,
        )

        policy_ids, params, policy_streams = policy_arrays(policies, matchup)
        B = len(seeds)
        out = {
            "winner": np.zeros(B, np.int8), "end_reason": np.zeros(B, np.int8), "turns": np.zeros(B, np.int16),
            "rounds": np.zeros(B, np.int16), "score": np.zeros((B, 2), np.int32), "error": np.zeros(B, np.int8),
            "gravehold_life": np.zeros(B, np.int16), "player_life": np.zeros(B, np.int16),
            "exhausted_players": np.zeros(B, np.int8), "fire_tokens": np.zeros(B, np.int8),
            "nemesis_life": np.zeros(B, np.int16), "cards_gained": np.zeros(B, np.int16),
            "unleashes": np.zeros(B, np.int16),
            "round_gravehold_life": np.zeros((B, L.ROUND_RECORD), np.int16),
            "round_player_life": np.zeros((B, L.ROUND_RECORD), np.int16),
        }
        turn_order_index, deal_index, deal_group = stream_indices(ruleset.tables["rules"], seeds.pair_index)
        n_cards = len(ruleset.tables["library"].player_ids)
        if n_cards > L.MAX_CARD_IDS:
            raise UserError(f"at most {L.MAX_CARD_IDS} player cards can be counted", entry="card_counts")
        # (drawn, played, in the opening hand, gained): the fourth column counts supply cards gained
        counts = np.zeros((B, matchup.players, n_cards, L.CARD_COUNTS) if card_counts else (1, 1, 1, L.CARD_COUNTS),
                          np.int16)
        play_batch_kernel(self.kernel_tables(ruleset, matchup), np.int64(seeds.root_seed),
                          np.uint64(seeds.matchup_key), turn_order_index, deal_index, policy_ids, params, policy_streams,
                          debug, card_counts, counts, *out.values(),
                          *scratch(searching(policy_ids)))
        extra = {k: out[k] for k in ("gravehold_life", "player_life", "exhausted_players", "fire_tokens",
                                      "nemesis_life", "cards_gained", "unleashes", "round_gravehold_life",
                                      "round_player_life")}
        extra["deal_group"] = deal_group
        return BatchResult(winner=out["winner"], end_reason=out["end_reason"], turns=out["turns"],
                           rounds=out["rounds"], score=out["score"], error=out["error"], extra=extra,
                           card_counts=counts if card_counts else None)

    def kernel_set(self, policies) -> str:
        from sim.games.aeons_end.batch import searching

        return "search" if searching([p.policy_id for p in policies]) else ""

    def warm_up(self, kernel_set: str = "") -> None:
        ruleset = self.load_ruleset("normal")
        matchup = self.load_matchups(ruleset, "default_2p")[0]
        seeds = SeedBlock(root_seed=1, matchup_key=name_key(matchup.matchup_id),
                          pair_index=np.arange(2, dtype=np.int64), swap=np.zeros(2, np.uint8))
        bot = "search" if kernel_set == "search" else "greedy_economy"
        self.play_batch(ruleset, matchup, (self.load_policy(bot),), seeds, debug=True)

    # ---- decoding -------------------------------------------------------------------------
    def extra_columns(self) -> dict[str, str]:
        return {"gravehold_life": "per_match", "player_life": "per_match", "exhausted_players": "per_match",
                "fire_tokens": "per_match", "nemesis_life": "per_match", "cards_gained": "per_match",
                "unleashes": "per_match", "round_gravehold_life": "list", "round_player_life": "list",
                "deal_group": "per_match"}

    def card_names(self, ruleset: Ruleset) -> list[str]:
        return list(ruleset.tables["library"].player_names)

    def replay(self, ruleset, matchup, policies, seeds) -> list[str]:
        from sim.games.aeons_end.render import replay_log

        return replay_log(self, ruleset, matchup, policies, seeds)
