"""Coin Race's scenario API (sim/core/scenario.py): explicit positions, legal actions, actions
applied one by one through the kernel's own functions, with legality and invariants checked.

    sc = CoinRaceScenario.new("high vs low", seed=3)
    sc.set_score(0, 14)
    sc.apply(sc.action("bank"))
    sc.state()["winner"]
"""

from __future__ import annotations

import numpy as np

from sim.core import kernel as K
from sim.core import policies as policy_files
from sim.core.rng import name_key
from sim.core.scenario import IllegalAction, Scenario
from sim.games.coin_race import GAME, batch, engine, render
from sim.games.coin_race import layout as L
from sim.games.coin_race import policy as bots


class CoinRaceScenario(Scenario):
    def __init__(self, ruleset, matchup, seed: int, order: int, pair: int = 0):
        self.ruleset, self.matchup = ruleset, matchup
        (self.state_vector, self.legal_buffer, self.keys, self.counters, self.events,
         self.search_work) = batch.scratch(n_events=10_000)
        self.counts = np.zeros((matchup.players, len(GAME.library.card_names), L.CARD_COUNT_COLUMNS), np.int16)
        self.seeds = np.array([seed, name_key(matchup.matchup_id)], np.uint64)
        engine.reset(self.state_vector, matchup.payload, self.seeds, pair, order, self.keys, self.counters, self.events,
                     self.counts, True)
        self.log = []

    @classmethod
    def new(cls, entry: str, edition: str | None = None, seed: int = 1, order: int = 0) -> CoinRaceScenario:
        ruleset = GAME.load_ruleset(edition or GAME.default_edition())
        return cls(ruleset, GAME.load_matchups(ruleset, [entry])[0], seed, order)

    # ---- the base class's contract
    def legal(self) -> list[int]:
        n = engine.legal_actions(self.state_vector, self.legal_buffer)
        return [int(a) for a in self.legal_buffer[:n]]

    def describe(self, action: int) -> str:
        return render.describe_action(action)

    def _step(self, action: int) -> None:
        engine.step(self.state_vector, self.ruleset.tables, self.matchup.payload, action, self.keys, self.counters,
                    self.events, self.counts, True)

    def action(self, kind: str, **fields) -> int:
        if kind not in L.ACTION_NAMES or fields:
            raise IllegalAction(f"unknown action '{kind}' {fields or ''}(kinds: {', '.join(L.ACTION_NAMES)})")
        return L.ACTION_NAMES.index(kind)

    def player(self, seat: int) -> dict:
        base = L.GLOBALS + seat * L.SEAT_SIZE
        s = self.state_vector
        size = int(self.matchup.payload[2])
        return {
            "score": int(s[base + L.P_SCORE]),
            "gambles": int(s[base + L.P_GAMBLES]),
            "drawn": int(s[base + L.P_CURSOR]),
            "deck": [GAME.library.card_names[c] for c in s[base + L.P_DECK : base + L.P_DECK + size]],
        }

    def state(self) -> dict:
        s = self.state_vector
        return {
            "round": int(s[L.G_ROUND]),
            "seat": int(s[L.G_SEAT]),
            "card": GAME.library.card_names[int(s[L.G_CARD])],
            "done": bool(s[L.G_DONE]),
            "winner": int(s[L.G_WINNER]),
            "end_reason": GAME.end_reasons[int(s[L.G_END_REASON])] if s[L.G_DONE] else "",
            "players": [self.player(k) for k in range(self.matchup.players)],
        }

    def invariant_error(self) -> int:
        return int(engine.check_invariants(self.state_vector, self.ruleset.tables, self.matchup.payload))

    # ---- positions and bots
    def set_score(self, seat: int, score: int) -> None:
        self.state_vector[L.GLOBALS + seat * L.SEAT_SIZE + L.P_SCORE] = score
        self.check()

    def set_card(self, card: str) -> None:
        """Replace the card the acting seat has just drawn (the deck keeps its order)."""
        seat = int(self.state_vector[L.G_SEAT])
        base = L.GLOBALS + seat * L.SEAT_SIZE
        index = (int(self.state_vector[base + L.P_CURSOR]) - 1) % int(self.matchup.payload[2])
        new = GAME.library.card_names.index(card)
        old = int(self.state_vector[base + L.P_DECK + index])
        # swap it with a later copy of `new` so the deck stays a reordering of its slot's deck
        for i in range(int(self.matchup.payload[2])):
            if self.state_vector[base + L.P_DECK + i] == new and i != index:
                self.state_vector[base + L.P_DECK + i] = old
                break
        self.state_vector[base + L.P_DECK + index] = new
        self.state_vector[L.G_CARD] = new
        self.check()

    def bot_action(self, bots_by_slot) -> int:
        """The action the acting seat's bot (of its deck slot) would take now, from its own stream."""
        from sim.core.seating import slot_of_seat

        s = self.state_vector
        seating = self.matchup.seating
        slot = slot_of_seat(int(s[L.G_ORDER]), int(s[L.G_SEAT]), seating.sides, seating.seats_per_side)
        ids, weights = policy_files.weight_matrix(tuple(bots_by_slot))
        return int(bots.choose(s, self.ruleset.tables, self.matchup.payload, ids[slot], weights[slot], self.keys,
                               self.counters, self.search_work))

    def result(self):
        """The position's outcome as the batch kernel reports it (a BatchResult of one match)."""
        s = self.state_vector
        match_out, seat_out = K.result_buffers(1, self.matchup.players, 0, 1)
        match_out[0, : len(K.MATCH_COLUMNS)] = [s[L.G_WINNER], s[L.G_END_REASON], s[L.G_TURNS], s[L.G_ROUND], s[L.G_ERROR]]
        for seat in range(self.matchup.players):
            seat_out[0, seat] = [s[L.GLOBALS + seat * L.SEAT_SIZE + L.P_SCORE], s[L.GLOBALS + seat * L.SEAT_SIZE + L.P_GAMBLES]]
        return K.to_result(match_out, seat_out, batch.MATCH_EXTRAS, batch.SEAT_EXTRAS, None)

    def events_text(self) -> list[str]:
        n = int(self.state_vector[L.G_EVENTS])
        return [render.describe_event(row) for row in self.events[:n]]
