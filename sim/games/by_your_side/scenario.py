"""By Your Side's scenario API (sim/core/scenario.py): explicit positions, legal actions, actions applied one
by one through the kernel's own functions, with legality and invariants checked.

    sc = ByYourSideScenario.new("scenario_1", seed=3)
    sc.set_hand(0, ["severing_word"]); sc.set_energy(0, 1)
    sc.set_threshold(["fear"])
    sc.apply(sc.action("play", card="severing_word"))
    sc.apply(sc.action("target", threshold=0))
    sc.state()["threshold"]

Position builders take the cards they place from the Archive and return the cards they replace to it; a
card the Archive lacks is added to the match's copies (the test's box holds one more), so the card count
invariant keeps holding.
"""

from __future__ import annotations

import numpy as np

from sim.core import kernel as K
from sim.core import policies as policy_files
from sim.core.rng import name_key
from sim.core.scenario import IllegalAction, Scenario
from sim.games.by_your_side import GAME, batch, engine, render, vocab
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import policy as bots
from sim.games.by_your_side.rules import planes, threats

PHASES = {L.PHASE_PLAYER: "player", L.PHASE_ASTRAL: "astral"}
BOXES = {"deck": L.BOX_DECK, "offering": L.BOX_OFFERING, "support": L.BOX_SUPPORT, "reserve": 0}
ZONES = {"hand": (L.P_HAND_N, L.P_HAND), "deck": (L.P_DECK_N, L.P_DECK), "discard": (L.P_DISCARD_N, L.P_DISCARD),
         "played": (L.P_PLAYED_N, L.P_PLAYED), "converted": (L.P_CONVERTED_N, L.P_CONVERTED)}


class ByYourSideScenario(Scenario):
    def __init__(self, ruleset, matchup, seed: int, order: int = 0, pair: int = 0, take_forced: bool = False,
                 seeds: np.ndarray | None = None):
        self.ruleset, self.matchup = ruleset, matchup
        self.table = ruleset.tables.table
        self.library = ruleset.tables.library
        self.names = self.library.card_names
        scenario_id = [s for s, i in ruleset.tables.scenario_index.items() if i == int(matchup.payload[0])][0]
        self.event_names = [e.get("name", e["id"]) for e in self.library.scenarios[scenario_id].get("events") or []]
        self.s, self.legal_buffer, self.keys, self.counters, self.events, self.scores, *_ = batch.scratch(n_events=50_000)
        self.counts = np.zeros((2, len(self.names), L.CARD_COUNT_COLUMNS), np.int16)
        # a campaign's attempt gives its own seed pair (campaign.attempt_seeds)
        self.seeds = np.array([seed, name_key(matchup.matchup_id)], np.uint64) if seeds is None else seeds
        self.take_forced = take_forced  # the batch kernel takes lone legal actions at once; tests stop at them
        engine.reset(self.s, self.table, matchup.payload, self.seeds, pair, order, self.keys, self.counters, self.events,
                     self.counts, True)
        engine.start(self.s, self.table, matchup.payload, self.keys, self.counters, self.events, self.counts, True,
                     self.legal_buffer, take_forced)
        self.log = []

    @classmethod
    def new(cls, entry: str, edition: str | None = None, seed: int = 1, order: int = 0) -> ByYourSideScenario:
        ruleset = GAME.load_ruleset(edition or GAME.default_edition())
        return cls(ruleset, GAME.load_matchups(ruleset, [entry])[0], seed, order)

    # ---- the base class's contract
    def legal(self) -> list[int]:
        n = engine.legal_actions(self.s, self.table, self.legal_buffer)
        return [int(a) for a in self.legal_buffer[:n]]

    def describe(self, action: int) -> str:
        return render.describe_action(self.names, action, self.s)

    def _step(self, action: int) -> None:
        engine.step(self.s, self.table, self.matchup.payload, action, self.keys, self.counters, self.events, self.counts,
                    True, self.legal_buffer, self.take_forced)

    def action(self, kind: str, **fields) -> int:
        kinds = {name: k for k, name in L.ACTION_NAMES.items()}
        if kind not in kinds:
            raise IllegalAction(f"unknown action '{kind}' (kinds: {', '.join(kinds)})")
        a, b = 0, 0
        if "card" in fields:
            a = self._card(fields.pop("card"))
        if "position" in fields:
            p = fields.pop("position")
            a = L.BOX_DECK if p == "deck" else int(p)
            if kind == "target":
                a = L.LOC_POSITION + a
        if "threshold" in fields:
            a = int(fields.pop("threshold"))
        if "slot" in fields:
            a = int(fields.pop("slot"))
        if "chakra" in fields:
            a = vocab.CHAKRAS.index(fields.pop("chakra"))
        if "seat" in fields:
            a = int(fields.pop("seat"))
            if "charm" in fields or "talisman" in fields:
                b = int(fields.pop("charm", fields.pop("talisman", 0)))
        if "character" in fields:
            a = vocab.CHARACTERS.index(fields.pop("character"))
        if "box" in fields:
            box = fields.pop("box")
            a = BOXES[box] if box in BOXES else int(box)
        if fields:
            raise IllegalAction(f"unknown fields {sorted(fields)} for '{kind}'")
        return L.encode(kinds[kind], a, b)

    def _card(self, name: str) -> int:
        if name not in self.library.card_ids:
            raise IllegalAction(f"unknown card '{name}'")
        return self.library.card_ids[name]

    def player(self, seat: int) -> dict:
        s, base = self.s, L.PLAYERS + seat * L.SEAT_SIZE
        names = self.names

        def pile(zone: str) -> list[str]:
            count, start = ZONES[zone]
            return [names[c] for c in s[base + start: base + start + s[base + count]]]

        who = int(s[base + L.P_CHARACTER])
        chakras = [vocab.CHAKRAS[k] for k in range(5) if s[base + L.P_CHAKRA + k]]
        return {
            "character": vocab.CHARACTERS[who].capitalize(),
            "stability": int(s[base + L.P_STABILITY]),
            "max_stability": int(s[base + L.P_MAX_STABILITY]),
            "energy": int(s[base + L.P_ENERGY]),
            "unconscious": bool(s[base + L.P_UNCONSCIOUS]),
            **{zone: pile(zone) for zone in ZONES},
            "talismans": [names[c] if c >= 0 else None for c in s[base + L.P_TALISMAN: base + L.P_TALISMAN + 2]],
            "cooldowns": [int(v) for v in s[base + L.P_COOLDOWN: base + L.P_COOLDOWN + 2]],
            "sigils": [names[c] for c in s[base + L.P_SIGIL: base + L.P_SIGIL + 3] if c >= 0],
            "charms": [names[c] for c in s[base + L.P_CHARM: base + L.P_CHARM + s[base + L.P_CHARMS_N]]],
            "chakras": chakras,
            "banished": int(s[base + L.P_BANISHED]),
            "retrieved": int(s[base + L.P_RETRIEVED]),
            "supports": int(s[base + L.P_SUPPORTS]),
            "support_used": bool(s[base + L.P_SUPPORT_USED]),
            "offering_used": bool(s[base + L.P_OFFERING_USED]),
        }

    def record(self, loc: int) -> dict:
        r = planes.record_of(loc)
        card = int(self.s[r + L.R_CARD])
        return {
            "card": self.names[card] if card >= 0 else None,
            "strength": int(self.s[r + L.R_STRENGTH]),
            "revealed": bool(self.s[r + L.R_REVEALED]),
            "peeked": bool(self.s[r + L.R_PEEKED]),
            "sigil": self.names[int(self.s[r + L.R_MARK_CARD])] if self.s[r + L.R_MARK] else None,
            "stunned": bool(self.s[r + L.R_FLAGS] & L.FLAG_STUNNED),
        }

    def state(self) -> dict:
        s = self.s
        positions = {p: self.record(L.LOC_POSITION + p)["card"] for p in range(1, 6)}
        threshold = [(self.names[int(s[planes.threshold(i) + L.R_CARD])], int(s[planes.threshold(i) + L.R_STRENGTH]))
                     for i in range(int(s[L.G_THRESHOLD]))]
        return {
            "round": int(s[L.G_ROUND]),
            "phase": PHASES.get(int(s[L.G_PHASE]), "setup"),
            "step": int(s[L.G_STEP]),
            "seat": int(s[L.G_SEAT]),
            "decider": int(s[L.G_DECIDER]),
            "choice": render.CHOICE_NAMES[int(s[L.G_CHOICE])] if s[L.G_MODE] == L.MODE_CHOICE else "",
            "done": bool(s[L.G_DONE]),
            "winner": int(s[L.G_WINNER]),
            "end_reason": GAME.end_reasons[int(s[L.G_END_REASON])] if s[L.G_DONE] else "",
            "error": GAME.error_codes[int(s[L.G_ERROR])],
            "threshold": threshold,
            "positions": positions,
            "focused": {box: bool(s[L.FOCUS + box]) for box in range(1, L.N_BOXES)},
            "reserve": int(s[L.G_RESERVE]),
            "exploration": [self.names[c] for c in s[L.EXPLORATION: L.EXPLORATION + s[L.G_EXPLORATION]]],
            "offering": [self.names[c] if c >= 0 else None for c in s[L.OFFER: L.OFFER + L.OFFER_SLOTS]],
            "offering_open": bool(s[L.G_OFFERING_OPEN]),
            "charm_deck": [self.names[c] for c in s[L.CHARM_DECK: L.CHARM_DECK + s[L.G_CHARM_DECK]]],
            "talisman_deck": [self.names[c] for c in s[L.TALISMAN_DECK: L.TALISMAN_DECK + s[L.G_TALISMAN_DECK]]],
            "unlocked": [f for i, f in enumerate(vocab.FEATURES) if s[L.G_UNLOCKED] >> i & 1],
            "events_read": [self.event_names[e] for e in range(len(self.event_names)) if s[L.READ + e]],
            "track": int(s[L.G_TRACK]),
            "stage": int(s[L.G_STAGE]),
            "die": int(s[L.G_DIE]),
            "players": [self.player(k) for k in range(2)],
        }

    def invariant_error(self) -> int:
        return int(engine.check_invariants(self.s, self.table, self.matchup.payload))

    # ---- position builders (cards come from the Archive and go back to it) ------------------------------
    def _take(self, card: int) -> None:
        if self.s[L.ARCHIVE + card] > 0:
            self.s[L.ARCHIVE + card] -= 1
        else:
            self.s[L.TOTAL + card] += 1

    def _give_back(self, card: int) -> None:
        if card >= 0:
            self.s[L.ARCHIVE + card] += 1

    def set_pile(self, seat: int, zone: str, names: list[str]) -> None:
        """Replace a pile (hand, deck (top last), discard, played, converted) of one seat."""
        base = L.PLAYERS + seat * L.SEAT_SIZE
        count, start = ZONES[zone]
        for c in self.s[base + start: base + start + self.s[base + count]]:
            self._give_back(int(c))
        for i, name in enumerate(names):
            c = self._card(name)
            self._take(c)
            self.s[base + start + i] = c
        self.s[base + count] = len(names)
        self.check()

    def set_hand(self, seat: int, names: list[str]) -> None:
        self.set_pile(seat, "hand", names)

    def set_position(self, p: int, name: str | None, revealed: bool = True, strength: int | None = None) -> None:
        r = planes.position(p)
        self._give_back(int(self.s[r + L.R_CARD]))
        if self.s[r + L.R_MARK]:
            self._give_back(int(self.s[r + L.R_MARK_CARD]))
        planes.clear_record(self.s, r)
        if name is not None:
            c = self._card(name)
            self._take(c)
            planes.new_record(self.s, self.table, r, c)
            self.s[r + L.R_REVEALED] = int(revealed)
            if strength is not None:
                self.s[r + L.R_STRENGTH] = strength
        self.check()

    def set_planes(self, names: list[str | None], revealed=None) -> None:
        """Positions 1.. from a list (None: empty); revealed: a list of flags (default: only position 1)."""
        for p in range(1, 6):
            name = names[p - 1] if p - 1 < len(names) else None
            shown = revealed[p - 1] if revealed is not None and p - 1 < len(revealed) else p == 1
            self.set_position(p, name, shown)

    def set_threshold(self, names: list[str], strengths: list[int] | None = None) -> None:
        for i in range(int(self.s[L.G_THRESHOLD])):
            r = planes.threshold(i)
            self._give_back(int(self.s[r + L.R_CARD]))
            planes.clear_record(self.s, r)
        self.s[L.G_THRESHOLD] = 0
        for i, name in enumerate(names):
            c = self._card(name)
            self._take(c)
            strength = self.table_card(c, "strength") if strengths is None else strengths[i]
            threats.enter_threshold(self.s, self.table, c, strength, threats.new_uid(self.s), self.events)
            self.s[planes.threshold(i) + L.R_FLAGS] = 0
        self.check()

    def set_exploration(self, names: list[str]) -> None:
        """The Exploration Deck, bottom first (the last name is the top card)."""
        for c in self.s[L.EXPLORATION: L.EXPLORATION + self.s[L.G_EXPLORATION]]:
            self._give_back(int(c))
        for i, name in enumerate(names):
            c = self._card(name)
            self._take(c)
            self.s[L.EXPLORATION + i] = c
        self.s[L.G_EXPLORATION] = len(names)
        self.check()

    def table_card(self, card: int, field: str) -> int:
        from sim.games.by_your_side import tables

        column = {"strength": tables.C_STRENGTH, "cost": tables.C_COST, "retrieve": tables.C_RETRIEVE}[field]
        start = int(self.table[tables.N_RULES + tables.H_CARDS])
        return int(self.table[start + card * tables.CARD_WIDTH + column])

    def set_energy(self, seat: int, energy: int) -> None:
        self.s[L.PLAYERS + seat * L.SEAT_SIZE + L.P_ENERGY] = energy
        self.check()

    def set_stability(self, seat: int, stability: int) -> None:
        base = L.PLAYERS + seat * L.SEAT_SIZE
        self.s[base + L.P_STABILITY] = stability
        self.s[base + L.P_UNCONSCIOUS] = int(stability == 0)
        self.check()

    def unlock(self, *features: str) -> None:
        for feature in features:
            self.s[L.G_UNLOCKED] |= 1 << vocab.FEATURES.index(feature)

    def set_focus(self, box, on: bool) -> None:
        """Focus or unfocus a board box (a token comes from / goes to outside the game: the total follows)."""
        box = BOXES.get(box, box)
        if bool(self.s[L.FOCUS + box]) != on:
            self.s[L.FOCUS + box] = int(on)
            self.s[L.G_FOCUS_TOKENS] += 1 if on else -1
        self.check()

    def set_reserve(self, tokens: int) -> None:
        self.s[L.G_FOCUS_TOKENS] += tokens - int(self.s[L.G_RESERVE])
        self.s[L.G_RESERVE] = tokens
        self.check()

    def set_chakras(self, seat: int, names: list[str]) -> None:
        base = L.PLAYERS + seat * L.SEAT_SIZE
        for k in range(5):
            on = int(vocab.CHAKRAS[k] in names)
            self.s[L.G_FOCUS_TOKENS] += on - int(self.s[base + L.P_CHAKRA + k])
            self.s[base + L.P_CHAKRA + k] = on
        self.check()

    def equip(self, seat: int, name: str, cooldown: int = 0) -> None:
        base = L.PLAYERS + seat * L.SEAT_SIZE
        slot = 0 if self.s[base + L.P_TALISMAN] < 0 else 1
        c = self._card(name)
        self._take(c)
        self.s[base + L.P_TALISMAN + slot] = c
        self.s[base + L.P_COOLDOWN + slot] = cooldown
        self.check()

    def add_sigil(self, seat: int, name: str) -> None:
        base = L.PLAYERS + seat * L.SEAT_SIZE
        slot = next(k for k in range(3) if self.s[base + L.P_SIGIL + k] < 0)
        c = self._card(name)
        self._take(c)
        self.s[base + L.P_SIGIL + slot] = c
        self.check()

    def add_charm(self, seat: int, name: str) -> None:
        base = L.PLAYERS + seat * L.SEAT_SIZE
        c = self._card(name)
        self._take(c)
        n = int(self.s[base + L.P_CHARMS_N])
        self.s[base + L.P_CHARM + n] = c
        self.s[base + L.P_CHARMS_N] = n + 1
        self.check()

    def archive(self, name: str) -> int:
        return int(self.s[L.ARCHIVE + self._card(name)])

    def set_archive(self, name: str, copies: int) -> None:
        c = self._card(name)
        self.s[L.TOTAL + c] += copies - int(self.s[L.ARCHIVE + c])
        self.s[L.ARCHIVE + c] = copies
        self.check()

    # ---- moving on ------------------------------------------------------------------------------------
    def pass_phase(self) -> None:
        """Both players pass (the deciding one first) until the Player Phase's actions end."""
        start = self.state()["round"]
        while (not self.state()["done"] and self.state()["phase"] == "player" and self.state()["round"] == start
               and self.state()["choice"] == ""):
            self.apply(self.action("pass"))

    def answer_all(self, kind: str = None) -> None:
        """Answer every pending choice with its first legal action (or the given kind when legal)."""
        while not self.state()["done"] and self.state()["choice"]:
            legal = self.legal()
            pick = next((a for a in legal if kind and self.describe(a).startswith(kind)), legal[0])
            self.apply(pick)

    def bot_action(self, bots_by_slot) -> int:
        """The action the deciding seat's bot (of its deck slot) would take now, from its own stream."""
        ids, weights = policy_files.weight_matrix(tuple(bots_by_slot))
        seat = int(self.s[L.G_DECIDER])
        n = engine.legal_actions(self.s, self.table, self.legal_buffer)
        # the set-up methods write the Planes without the engine's version (G_PLANES_VERSION): the bots' card
        # values compare the Planes afresh
        self.scores[bots.PLANES_AT] = np.nan
        if not batch.searching(ids):
            return int(bots.choose(self.s, self.table, ids[seat], weights[seat], self.keys, self.counters,
                                   self.legal_buffer, n, self.scores))
        if getattr(self, "_search_work", None) is None:
            self._search_work = batch.search_work(True)
        return int(bots.act_call(self.s, self.table, self.matchup.payload, ids[seat], weights[seat], self.keys,
                                 self.counters, self.legal_buffer, n, self.scores, self._search_work))

    def result(self):
        """The position's outcome as the batch kernel reports it (a BatchResult of one match)."""
        match_out, seat_out = K.result_buffers(1, 2, len(batch.MATCH_EXTRAS), len(batch.SEAT_EXTRAS))
        batch.fill_row(self.s, 0, match_out, seat_out)
        return K.to_result(match_out, seat_out, batch.MATCH_EXTRAS, batch.SEAT_EXTRAS, None)

    def events_text(self) -> list[str]:
        n = int(self.s[L.G_EVENTS])
        statuses = tuple(self.library.status_ids)
        return [render.describe_event(self.names, self.event_names, row, statuses) for row in self.events[:n]]
