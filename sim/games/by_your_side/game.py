"""By Your Side on the game-module contract: data, matchups (a scenario and two decks, or a whole campaign),
one bot per player, batch play and replay."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core import editions, policies
from sim.core.errors import UserError
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock, content_hash
from sim.games.by_your_side import batch, data, render, vocab


class ByYourSide(Game):
    name = "by_your_side"
    title = "By Your Side: Beyond the Veil (cooperative, two players; Scenarios 1-3)"
    engine_version = "0.2.3"
    player_counts = (2,)
    cooperative = True
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
            compiled = data.load_ruleset(edition, self.data_dir)
            self._rulesets[edition] = Ruleset(
                self.name, edition, content_hash([compiled.resolved["rules"], compiled.table]), compiled,
                description=compiled.resolved["description"], assumed=compiled.library.assumed,
                resolved=compiled.resolved,
            )
        return self._rulesets[edition]

    def matchup_sets(self) -> list[str]:
        return list(self.library.matchup_sets)

    def load_matchups(self, ruleset: Ruleset, spec: str | list[str]) -> list[Matchup]:
        compiled: data.Compiled = ruleset.tables
        items = [spec] if isinstance(spec, str) else list(spec)
        entries: list[str] = []
        for item in items:
            entries += list(compiled.library.matchup_sets.get(item, [item]))
        matchups = []
        for text in entries:
            if text in compiled.library.campaigns:
                matchups.append(self.campaign_matchup(compiled, text))
                continue
            entry = data.parse_entry(text, compiled.library)
            table, digest = data.pack_matchup(entry, compiled)
            label = compiled.library.scenarios[entry.scenario].get("name", entry.scenario)
            matchups.append(Matchup(self.name, data.matchup_id(entry, compiled.library), (str(label),), 2, table, digest,
                                    cooperative=True, slot_labels=vocab.CHARACTERS))
        return matchups

    def campaign_matchup(self, compiled: data.Compiled, cid: str) -> Matchup:
        """A campaign as a matchup: each match of it is a whole campaign (campaign.py), one lake row."""
        table, digest = data.pack_campaign(cid, compiled)
        label = compiled.library.campaigns[cid].get("name", cid)
        return Matchup(self.name, cid, (str(label),), 2, table, digest, cooperative=True, slot_labels=vocab.CHARACTERS)

    def policy_names(self) -> list[str]:
        return policies.names(self.data_dir)

    def load_policy(self, name: str) -> Policy:
        return policies.load(self.data_dir, name, vocab.BOT_KINDS)

    # ---- kernel --------------------------------------------------------------------------
    def play_batch(self, ruleset, matchup, policies_by_slot, seeds, *, debug=False, card_counts=False) -> BatchResult:
        if len(policies_by_slot) != matchup.players:
            raise UserError(f"give one bot per seat ({matchup.players})", entry="policies")
        policy_ids, weights = policies.weight_matrix(policies_by_slot)
        return batch.play_batch(ruleset.tables.table, matchup.payload, policy_ids, weights, seeds, debug=debug,
                                card_counts=card_counts, n_cards=len(ruleset.tables.library.card_names))

    def kernel_set(self, policies_by_slot: tuple[Policy, ...]) -> str:
        """"search" for a batch with an ISMCTS bot (batch.searching): its kernel is compiled apart, so the
        greedy bots' kernel does not carry the search."""
        return "search" if batch.searching([p.policy_id for p in policies_by_slot]) else ""

    def warm_up(self, kernel_set: str = "") -> None:
        ruleset = self.load_ruleset(self.default_edition())
        matchup = self.load_matchups(ruleset, [self.matchup_sets()[0]])[0]
        seeds = SeedBlock(0, 0, np.zeros(1, np.int64), np.zeros(1, np.uint8))
        names = self.policy_names()
        searchers = [n for n in names if self.load_policy(n).policy_id == vocab.POLICY_ISMCTS]
        others = [n for n in names if n not in searchers]
        pair = (searchers[0], others[-1]) if kernel_set == "search" else (others[0], others[-1])
        bots = tuple(self.load_policy(n) for n in pair)
        for debug in (False, True):
            self.play_batch(ruleset, matchup, bots, seeds, debug=debug, card_counts=debug)

    # ---- decoding ------------------------------------------------------------------------
    def extra_columns(self) -> dict[str, str]:
        columns = {name: "per_match" for name in batch.MATCH_EXTRAS}
        columns.update({name: "per_seat" for name in batch.SEAT_EXTRAS})
        return columns

    def card_names(self, ruleset: Ruleset) -> list[str]:
        return list(ruleset.tables.library.card_names)

    def replay(self, ruleset, matchup, policies_by_slot, seeds) -> list[str]:
        if len(seeds) != 1:
            raise UserError("replay takes exactly one match", entry="seeds")
        return render.replay_log(self, ruleset, matchup, policies_by_slot, int(seeds.root_seed), int(seeds.pair_index[0]),
                                 int(seeds.swap[0]))
