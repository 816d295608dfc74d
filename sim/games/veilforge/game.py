"""Veilforge on the game-module contract: data, matchups, bots, batch play and replay."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core import editions, policies
from sim.core.errors import UserError
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock
from sim.games.veilforge import batch, data, render, tables, vocab


class Veilforge(Game):
    name = "veilforge"
    title = "Veilforge (2 players and 2v2 teams)"
    engine_version = "0.2.0"
    player_counts = (2, 4)
    end_reasons = vocab.END_REASONS
    error_codes = vocab.ERROR_CODES

    def __init__(self, data_dir: Path | None = None):
        self.data_dir = Path(data_dir) if data_dir else data.DATA_DIR
        self._library: data.Library | None = None
        self._rulesets: dict[str, Ruleset] = {}
        self._editions: dict[str, tuple[dict, data.Compiled]] = {}

    @property
    def library(self) -> data.Library:
        if self._library is None:
            self._library = data.load_library(self.data_dir)
        return self._library

    # ---- designer data -----------------------------------------------------------------
    def editions(self) -> list[str]:
        return editions.names(self.data_dir)

    def default_edition(self) -> str:
        return "standard"

    def load_ruleset(self, edition: str) -> Ruleset:
        if edition not in self._rulesets:
            table, resolved, compiled = data.load_ruleset_table(edition, self.library, self.data_dir)
            self._editions[edition] = (resolved, compiled)
            shown = {"rules": resolved["rules"], "card_errata": resolved["card_errata"]}
            if resolved["deck_errata"]:
                shown["deck_errata"] = resolved["deck_errata"]
            self._rulesets[edition] = Ruleset(
                self.name, edition, data.ruleset_hash(resolved["rules"], compiled, resolved["deck_errata"]), table,
                description=resolved["description"], assumed=compiled.assumed, resolved=shown,
            )
        return self._rulesets[edition]

    def compiled(self, ruleset: Ruleset) -> data.Compiled:
        self.load_ruleset(ruleset.ruleset_id)
        return self._editions[ruleset.ruleset_id][1]

    def matchup_sets(self) -> list[str]:
        return list(self.library.matchup_sets)

    def load_matchups(self, ruleset: Ruleset, spec: str | list[str]) -> list[Matchup]:
        items = [spec] if isinstance(spec, str) else list(spec)
        entries: list[str] = []
        for item in items:
            entries += list(self.library.matchup_sets.get(item, [item]))
        self.load_ruleset(ruleset.ruleset_id)
        resolved, compiled = self._editions[ruleset.ruleset_id]
        matchups = []
        for text in entries:
            entry = data.parse_entry(text, self.library)
            slots = [data.deck_slot(d, self.library, compiled, resolved["rules"], resolved["deck_errata"],
                                    str(self.data_dir / "editions" / f"{ruleset.ruleset_id}.yaml")) for d in entry.decks]
            matchups.append(Matchup(
                self.name, data.matchup_id(entry), entry.sides, len(entry.decks),
                tables.pack_matchup(len(entry.sides), entry.seats_per_side, slots),
                data.matchup_hash(entry, slots), slot_labels=entry.decks,
            ))
        return matchups

    def policy_names(self) -> list[str]:
        return policies.names(self.data_dir)

    def load_policy(self, name: str) -> Policy:
        return policies.load(self.data_dir, name, vocab.BOT_KINDS)

    # ---- kernel --------------------------------------------------------------------------
    def play_batch(self, ruleset, matchup, policies_by_slot, seeds, *, debug=False, card_counts=False) -> BatchResult:
        if len(policies_by_slot) != matchup.players:
            raise UserError(f"give one bot per seat ({matchup.players})", entry="policies")
        policy_ids, weights = policies.weight_matrix(policies_by_slot)
        return batch.play_batch(ruleset.tables, matchup.payload, matchup.players, policy_ids, weights, seeds,
                                debug=debug, card_counts=card_counts, n_cards=len(self.library.card_names))

    def kernel_set(self, policies: tuple[Policy, ...]) -> str:
        return "search" if batch.searching([p.policy_id for p in policies]) else ""

    def warm_up(self, kernel_set: str = "") -> None:
        ruleset = self.load_ruleset(self.default_edition())
        for set_name in self.matchup_sets():
            matchup = self.load_matchups(ruleset, [set_name])[0]
            seeds = SeedBlock(0, 0, np.zeros(2, np.int64), np.array([0, 1], np.uint8))
            # the search set's kernel takes the search work arrays; the same ruleset plays it in 2p and 2v2
            bot = self.load_policy("search" if kernel_set == "search" else self.policy_names()[0])
            for debug in (False, True):
                self.play_batch(ruleset, matchup, (bot,) * matchup.players, seeds, debug=debug, card_counts=debug)

    # ---- decoding ------------------------------------------------------------------------
    def extra_columns(self) -> dict[str, str]:
        columns = {name: "per_match" for name in batch.MATCH_EXTRAS}
        columns.update({name: "per_seat" for name in batch.SEAT_EXTRAS})
        return columns

    def extra_categories(self, ruleset: Ruleset) -> dict[str, list[str]]:
        return {"lost_by": list(vocab.END_REASONS)}

    def card_names(self, ruleset: Ruleset) -> list[str]:
        return list(self.library.card_names)

    def replay(self, ruleset, matchup, policies_by_slot, seeds) -> list[str]:
        if len(seeds) != 1:
            raise UserError("replay takes exactly one match", entry="seeds")
        return render.replay_log(self, ruleset, matchup, policies_by_slot, int(seeds.root_seed),
                                 int(seeds.pair_index[0]), int(seeds.swap[0]))
