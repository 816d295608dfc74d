"""Veilwalkers on the game-module contract: data, matchups, bots, batch play and replay."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core import editions, policies
from sim.core.errors import UserError
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock, content_hash
from sim.games.veilwalkers import batch, data, render, tables, vocab


class Veilwalkers(Game):
    name = "veilwalkers"
    # Reports quote the title in their answer (kind `endings`): it says plainly which rules are missing.
    title = ("Veilwalkers (Tabletop Beta 1), engine 0.8.1, stage 4 of 5 in part: a partial rule set (map, turn, "
             "network, all 18 Rites, combat, Strongholds, Patrols, the Watcher, the Closing Spiral, Locals and "
             "Recruits, board Sentinels, Site states, temporary Power, Thorn Sentinel's reward, Behind the Lines, "
             "lateral roads closed and Broken, road repair Growth, the Homeground bonus, the two Glyph chains and "
             "14 of the 24 Alignments, temporary effects, Portable Relics and Awakening, Threadlines with Quick Event "
             "responses and cancels); not modeled yet: timed abilities and triggered Path responses, 12 Alignments' "
             "effects, Awakening substitutions, Memories' Recall and Imprint, laid Paths, Weather, hidden objects; "
             "46 assumed cards; bots: random, two greedy styles (racer, pressure), a flat search and "
             "ISMCTS on pressure's weights")
    engine_version = "0.8.1"
    player_counts = (2,)
    end_reasons = vocab.END_REASONS
    error_codes = vocab.ERROR_CODES

    def __init__(self, data_dir: Path | None = None):
        self.data_dir = Path(data_dir) if data_dir else data.DATA_DIR
        self._library: data.Library | None = None
        self._rulesets: dict[str, Ruleset] = {}

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
            table, resolved = data.load_ruleset_table(edition, self.library, self.data_dir)
            # the Alignments change play: their rows are part of the ruleset
            hashed = [resolved["rules"], self.library.card_rows, self.library.board, self.library.alignment_rows]
            shown = {"rules": resolved["rules"], "decks": self._deck_copies(resolved["deck_errata"])}
            if resolved["deck_errata"]:  # an edition without variants keeps the hash it had before variants
                hashed.append(resolved["deck_errata"])
                shown["deck_errata"] = resolved["deck_errata"]
            self._rulesets[edition] = Ruleset(
                self.name, edition, content_hash(hashed), table,
                description=resolved["description"], assumed=self.library.assumed, resolved=shown,
            )
        return self._rulesets[edition]

    def _deck_copies(self, deck_errata: dict) -> dict:
        """Every deck's copies by card name as the edition plays it (what `sim ab` compares)."""
        names, copies = self.library.card_names, {}
        for deck in self.library.decks:
            cards = data.varied_deck(deck, self.library, deck_errata)["cards"]
            copies[deck] = {names[card]: cards.count(card) for card in dict.fromkeys(cards)}
        return copies

    def matchup_sets(self) -> list[str]:
        return list(self.library.matchup_sets)

    def load_matchups(self, ruleset: Ruleset, spec: str | list[str]) -> list[Matchup]:
        items = [spec] if isinstance(spec, str) else list(spec)
        entries: list[str] = []
        for item in items:
            entries += list(self.library.matchup_sets.get(item, [item]))
        matchups = []
        for text in entries:
            entry = data.parse_entry(text, self.library)
            deck_errata = ruleset.resolved.get("deck_errata", {})
            decks = [data.varied_deck(d, self.library, deck_errata)["cards"] for d in entry.decks]
            matchups.append(Matchup(
                self.name, data.matchup_id(entry), (f"garden:{entry.decks[0]}", f"wayfarer:{entry.decks[1]}"), 2,
                tables.pack_matchup([list(d) for d in decks], [vocab.GARDEN, vocab.WAYFARER]),
                data.matchup_hash(entry, decks),
                slot_labels=entry.decks,
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
        return batch.play_batch(ruleset.tables, matchup.payload, policy_ids, weights, seeds, debug=debug,
                                card_counts=card_counts, n_cards=len(self.library.card_names))

    def kernel_set(self, policies: tuple[Policy, ...]) -> str:
        return "search" if batch.searching([p.policy_id for p in policies]) else ""

    def warm_up(self, kernel_set: str = "") -> None:
        ruleset = self.load_ruleset(self.default_edition())
        matchup = self.load_matchups(ruleset, [self.matchup_sets()[0]])[0]
        seeds = SeedBlock(0, 0, np.zeros(2, np.int64), np.array([0, 1], np.uint8))
        for name in self.policy_names():
            bots = (self.load_policy(name),) * matchup.players
            if self.kernel_set(bots) != kernel_set:
                continue
            for debug in (False, True):
                self.play_batch(ruleset, matchup, bots, seeds, debug=debug, card_counts=debug)

    # ---- decoding ------------------------------------------------------------------------
    def extra_columns(self) -> dict[str, str]:
        return {**{name: "per_match" for name in batch.MATCH_EXTRAS}, **{name: "per_seat" for name in batch.SEAT_EXTRAS}}

    def card_names(self, ruleset: Ruleset) -> list[str]:
        return list(self.library.card_names)

    def replay(self, ruleset, matchup, policies_by_slot, seeds) -> list[str]:
        if len(seeds) != 1:
            raise UserError("replay takes exactly one match", entry="seeds")
        return render.replay_log(self, ruleset, matchup, policies_by_slot, int(seeds.root_seed),
                                 int(seeds.pair_index[0]), int(seeds.swap[0]))
