"""Veilforge's scenario API (sim/core/scenario.py): explicit positions, legal actions, actions
applied one by one through the kernel's own functions, with legality and invariants checked.

    sc = VeilforgeScenario.new("ashen_aggro vs chrome_control", seed=3)
    sc.put(0, "cinder_hound", "field", slot=3, card_state="enabled")
    sc.apply(sc.action("attack", slot=3, target=("player", 1)))
    sc.player(1)["life"]

Positions are changed by moving a player's own cards between their places (`put`), so every card
stays accounted for and the invariants keep holding.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from sim.core import kernel as K
from sim.core import policies as policy_files
from sim.core.rng import name_key
from sim.core.scenario import IllegalAction, Scenario
from sim.core.seating import slot_of_seat
from sim.games.veilforge import GAME, batch, engine, render, vocab
from sim.games.veilforge import layout as L
from sim.games.veilforge import policy as bots
from sim.games.veilforge.rules import statics
from sim.games.veilforge.rules.zones import count_responders, field_of, move_record, place, rec, seat_base

NO_WEIGHTS = np.zeros(len(vocab.GREEDY_WEIGHTS))  # for listing without values
STATES = {name: code for code, name in enumerate(L.STATE_NAMES)}
PILES = {  # place name -> (count field, first entry)
    "deck": (L.P_DECK_N, L.P_DECK),
    "hand": (L.P_HAND_N, L.P_HAND),
    "grave": (L.P_GRAVE_N, L.P_GRAVE),
    "banish": (L.P_BANISH_N, L.P_BANISH),
    "removed": (L.P_REMOVED_N, L.P_REMOVED),
    "evolution": (L.P_EVO_N, L.P_EVO),
}


class VeilforgeScenario(Scenario):
    def __init__(self, ruleset, matchup, seed: int, order: int, pair: int = 0, game=GAME):
        self.game = game
        self.ruleset, self.matchup = ruleset, matchup
        self.names = list(game.library.card_names)
        (self.state_vector, self.legal_buffer, self.work, self.keys, self.counters,
         self.events, self.values, _) = batch.scratch(n_events=200_000)
        self.counts = np.zeros((matchup.players, len(self.names), L.CARD_COUNT_COLUMNS), np.int16)
        self.seeds = np.array([seed, name_key(matchup.matchup_id)], np.uint64)
        engine.reset(self.state_vector, ruleset.tables, matchup.payload, self.seeds, pair, order, self.keys,
                     self.counters, self.events, self.counts, True)
        self._advance()
        self.log = []

    @classmethod
    def new(cls, entry: str, edition: str | None = None, seed: int = 1, order: int = 0, game=GAME) -> VeilforgeScenario:
        ruleset = game.load_ruleset(edition or game.default_edition())
        return cls(ruleset, game.load_matchups(ruleset, [entry])[0], seed, order, game=game)

    # ---- the base class's contract
    def legal(self) -> list[int]:
        n = engine.legal_actions(self.state_vector, self.ruleset.tables, self.legal_buffer, self.values,
                                 NO_WEIGHTS, False)
        return [int(a) for a in self.legal_buffer[:n]]

    def describe(self, action: int) -> str:
        return render.describe_action(self.state_vector, action, self.names)

    def _step(self, action: int) -> None:
        engine.step(self.state_vector, self.ruleset.tables, action, self.events, self.counts, True)
        self._advance()

    def _advance(self) -> None:
        engine.advance(self.state_vector, self.ruleset.tables, self.work, self.keys, self.counters, self.events,
                       self.counts, True)

    def action(self, kind: str, **fields) -> int:
        """Encode an action: pass; play/quick (card, target); hero (slot, target); activate/vigilant
        (slot, ability, target); attack (slot, target); evolve/quick_evolve (card, base, target);
        graveyard (card, ability, target); mana (card, face_up). A target is None, ("player", seat)
        or (seat, slot); the deciding seat's own cards are found by name. ``teammate=True`` (2v2): the
        action reaches the teammate's zones (the card played into them, the slot, base, graveyard or
        mana zone the teammate's)."""
        if kind not in L.ACTION_NAMES:
            raise IllegalAction(f"unknown action '{kind}' (kinds: {', '.join(L.ACTION_NAMES)})")
        code = L.ACTION_NAMES.index(kind)
        seat = int(self.state_vector[L.G_DECIDER])
        mate = L.ON_TEAMMATE if fields.pop("teammate", False) else 0
        zone_seat = int(field_of(self.state_vector, seat, mate)[0])
        target = self._target(fields.pop("target", None))
        a = b = 0
        if kind in ("play", "quick"):
            a = self._index(seat, "hand", fields.pop("card"))
            b = mate
        elif kind in ("evolve", "quick_evolve"):
            a = self._index(seat, "evolution", fields.pop("card"))
            b = int(fields.pop("base")) | mate
        elif kind == "graveyard":
            a = self._index(zone_seat, "grave", fields.pop("card"))
            b = int(fields.pop("ability", 0)) | mate
        elif kind in ("hero", "attack"):
            a = int(fields.pop("slot")) | mate
        elif kind in ("activate", "vigilant"):
            a = int(fields.pop("slot")) | mate
            b = int(fields.pop("ability", 0))
        elif kind == "mana":
            entry = self.names.index(fields.pop("card")) * 2 + int(bool(fields.pop("face_up", False)))
            base = seat_base(zone_seat)
            entries = list(self.state_vector[base + L.P_MANA : base + L.P_MANA + self.state_vector[base + L.P_MANA_N]])
            if entry not in entries:
                raise IllegalAction(f"no such mana card of seat {zone_seat}")
            a = entries.index(entry)
            b = mate
        if fields:
            raise IllegalAction(f"unknown fields {sorted(fields)} for {kind}")
        return L.encode(code, a, b, target)

    def player(self, seat: int) -> dict:
        s = self.state_vector
        statics.ensure(s, self.ruleset.tables)  # the cached effective values, as every kernel reader sees them
        base = seat_base(seat)

        def pile(name):
            count, first = PILES[name]
            return [self.names[c] for c in s[base + first : base + first + s[base + count]]]

        field = {}
        for slot in range(L.FIELD_SLOTS):
            r = rec(seat, slot)
            if s[r + L.F_CARD] >= 0:
                field[slot] = {
                    "card": self.names[s[r + L.F_CARD]],
                    "state": L.STATE_NAMES[s[r + L.F_STATE]],
                    "damage_taken": int(s[r + L.F_DAMAGE]),
                    "damage": int(s[r + L.F_EFF_DAMAGE]),
                    "health": int(s[r + L.F_EFF_HEALTH]),
                    "keywords": int(s[r + L.F_EFF_KEYWORDS]),
                    "serial": int(s[r + L.F_SERIAL]),
                    "owner": int(s[r + L.F_OWNER]),
                }
        attachments = []
        for i in range(s[base + L.P_ATTACH_N]):
            a = base + L.P_ATTACH + i * L.ATTACH_WIDTH
            attachments.append((self.names[s[a + L.A_CARD]], int(s[a + L.A_HOST_SEAT]), int(s[a + L.A_HOST_SERIAL])))
        return {
            "life": int(s[base + L.P_LIFE]),
            "start_life": int(s[base + L.P_START_LIFE]),
            "lost": bool(s[base + L.P_LOST]),
            "lost_by": GAME.end_reasons[int(s[base + L.P_LOST_REASON])] if s[base + L.P_LOST] else "",
            "ideal": self.names[s[base + L.P_IDEAL]],
            **{name: pile(name) for name in PILES},
            "mana": [(self.names[e >> 1], bool(e & 1)) for e in s[base + L.P_MANA : base + L.P_MANA + s[base + L.P_MANA_N]]],
            "field": field,
            "attachments": attachments,
            "slot": int(s[base + L.P_SLOT]),
        }

    def state(self) -> dict:
        s = self.state_vector
        return {
            "round": int(s[L.G_ROUND]),
            "side": int(s[L.G_SIDE]),
            "phase": L.PHASE_NAMES[int(s[L.G_PHASE])],
            "pending": ("none", "action", "respond", "pay")[int(s[L.G_PENDING])],
            "decider": int(s[L.G_DECIDER]),
            "pay_left": int(s[L.G_PAY_LEFT]),
            "chain": [self.link(i) for i in range(int(s[L.G_CHAIN_N]))],
            "done": bool(s[L.G_DONE]),
            "winner": int(s[L.G_WINNER]),
            "end_reason": GAME.end_reasons[int(s[L.G_END_REASON])] if s[L.G_DONE] else "",
            "error": GAME.error_codes[int(s[L.G_ERROR])],
            "turns": int(s[L.G_TURNS]),
            "players": [self.player(k) for k in range(self.matchup.players)],
        }

    def link(self, index: int) -> dict:
        k = L.CHAIN_BASE + index * L.LINK_WIDTH
        s = self.state_vector
        card = int(s[k + L.K_CARD])
        return {"kind": L.LINK_NAMES[int(s[k + L.K_KIND])], "seat": int(s[k + L.K_SEAT]),
                "card": self.names[card] if card >= 0 else "", "negated": bool(s[k + L.K_NEGATED])}

    def invariant_error(self) -> int:
        return int(engine.check_invariants(self.state_vector, self.ruleset.tables, self.matchup.payload, self.work))

    # ---- positions
    def _target(self, target) -> int:
        if target is None:
            return L.REF_NONE
        if target[0] == "player":
            return L.REF_PLAYER + int(target[1])
        return int(target[0]) * 16 + int(target[1])

    def _index(self, seat: int, pile_name: str, card: str) -> int:
        names = self.player(seat)[pile_name]
        if card not in names:
            raise IllegalAction(f"seat {seat} has no {card} in its {pile_name}")
        return names.index(card)

    def _take(self, seat: int, card: str) -> None:
        """Take one copy of the seat's card out of its deck, hand, graveyard, ... or mana zone (never off
        the field: a test that puts a card there twice means two copies)."""
        s = self.state_vector
        base = seat_base(seat)
        card_id = self.names.index(card)
        for name in ("deck", "hand", "grave", "banish", "removed", "evolution"):
            count, first = PILES[name]
            entries = list(s[base + first : base + first + s[base + count]])
            if card_id in entries:
                i = len(entries) - 1 - entries[::-1].index(card_id)  # the copy nearest the top
                s[base + first + i : base + first + s[base + count] - 1] = s[base + first + i + 1 : base + first + s[base + count]]
                s[base + count] -= 1
                return
        entries = list(s[base + L.P_MANA : base + L.P_MANA + s[base + L.P_MANA_N]])
        for i, entry in enumerate(entries):
            if entry >> 1 == card_id:
                s[base + L.P_MANA + i : base + L.P_MANA + s[base + L.P_MANA_N] - 1] = s[
                    base + L.P_MANA + i + 1 : base + L.P_MANA + s[base + L.P_MANA_N]]
                s[base + L.P_MANA_N] -= 1
                return
        raise IllegalAction(f"seat {seat} has no {card} left to move (cards on the field stay there)")

    def put(self, seat: int, card: str, where: str, slot: int | None = None, card_state: str = "disabled",
            face_up: bool = False) -> None:
        """Move one of the seat's own cards to ``where``: deck (on top), hand, grave, banish,
        evolution, mana (face-down unless face_up), or field (``slot``, ``card_state``)."""
        s = self.state_vector
        base = seat_base(seat)
        self._take(seat, card)
        card_id = self.names.index(card)
        if where == "field":
            if s[rec(seat, slot) + L.F_CARD] >= 0:
                raise IllegalAction(f"slot {slot} of seat {seat} is taken")
            place(s, seat, slot, card_id, STATES[card_state], seat)
        elif where == "mana":
            s[base + L.P_MANA + s[base + L.P_MANA_N]] = card_id * 2 + int(face_up)
            s[base + L.P_MANA_N] += 1
        else:
            count, first = PILES[where]
            s[base + first + s[base + count]] = card_id
            s[base + count] += 1
        s[L.G_STATIC_DIRTY] = 1
        s[L.G_DEATH_DIRTY] = 1
        self._count_responders(seat)
        self.check()

    def _count_responders(self, seat: int) -> None:
        """The seat's counts of Quick cards in hand and Quick Evolution cards in the evolution deck, after
        an edit (the engine keeps them as its cards move)."""
        s = self.state_vector
        quick, evolving = count_responders(s, self.ruleset.tables, seat)
        s[seat_base(seat) + L.P_QUICK_HAND] = quick
        s[seat_base(seat) + L.P_QUICK_EVO] = evolving

    def move(self, seat: int, slot: int, to: int, card_state: str | None = None) -> None:
        """Move a card of the seat's field to another of its slots (a hero out of the hero zone, ...),
        keeping the card (its serial), and optionally setting its state."""
        s = self.state_vector
        r, t = rec(seat, slot), rec(seat, to)
        if s[r + L.F_CARD] < 0 or s[t + L.F_CARD] >= 0:
            raise IllegalAction(f"cannot move seat {seat}'s slot {slot} to slot {to}")
        move_record(s, seat, slot, to)
        if card_state is not None:
            s[t + L.F_STATE] = STATES[card_state]
        self.check()

    def clear_hand(self, seat: int) -> None:
        """Every card of the seat's hand goes to the bottom of its deck."""
        s = self.state_vector
        base = seat_base(seat)
        hand = list(s[base + L.P_HAND : base + L.P_HAND + s[base + L.P_HAND_N]])
        deck = list(s[base + L.P_DECK : base + L.P_DECK + s[base + L.P_DECK_N]])
        deck = hand + deck
        s[base + L.P_DECK : base + L.P_DECK + len(deck)] = deck
        s[base + L.P_DECK_N] = len(deck)
        s[base + L.P_HAND_N] = 0
        s[base + L.P_QUICK_HAND] = 0
        self.check()

    def clear_mana(self, seat: int) -> None:
        """Every mana card of the seat goes to the bottom of its deck."""
        s = self.state_vector
        base = seat_base(seat)
        cards = [e >> 1 for e in s[base + L.P_MANA : base + L.P_MANA + s[base + L.P_MANA_N]]]
        deck = cards + list(s[base + L.P_DECK : base + L.P_DECK + s[base + L.P_DECK_N]])
        s[base + L.P_DECK : base + L.P_DECK + len(deck)] = deck
        s[base + L.P_DECK_N] = len(deck)
        s[base + L.P_MANA_N] = 0
        self.check()

    def set_damage(self, seat: int, slot: int, damage: int) -> None:
        """The damage a card on the field has taken this turn."""
        self.state_vector[rec(seat, slot) + L.F_DAMAGE] = damage
        self.check()

    def set_life(self, seat: int, life: int) -> None:
        self.state_vector[seat_base(seat) + L.P_LIFE] = life
        self.check()

    def set_rule(self, rule: str, value: int) -> None:
        """Change one rule value of this scenario's ruleset (a copy; other scenarios keep theirs)."""
        tables = self.ruleset.tables.copy()
        tables[vocab.RULE_NAMES.index(rule)] = value
        self.ruleset = dataclasses.replace(self.ruleset, tables=tables)

    # ---- bots and results
    def bot_action(self, bots_by_slot) -> int:
        """The action the deciding seat's bot (of its deck slot) would take now, from its own stream."""
        s = self.state_vector
        seating = self.matchup.seating
        slot = slot_of_seat(int(s[L.G_ORDER]), int(s[L.G_DECIDER]), seating.sides, seating.seats_per_side)
        ids, weights = policy_files.weight_matrix(tuple(bots_by_slot))
        score = ids[slot] != vocab.POLICY_RANDOM
        n = engine.legal_actions(s, self.ruleset.tables, self.legal_buffer, self.values, weights[slot], score)
        search = bots.search_arrays() if ids[slot] in vocab.SEARCH_POLICIES else None
        return int(bots.choose(s, self.ruleset.tables, self.legal_buffer, self.values, n, ids[slot], weights[slot],
                               self.keys, self.counters, engine.scored(s, score), search, self.counts))

    def result(self):
        """The position's outcome as the batch kernel reports it (a BatchResult of one match)."""
        match_out, seat_out = K.result_buffers(1, self.matchup.players, len(batch.MATCH_EXTRAS), len(batch.SEAT_EXTRAS))
        batch.write_row(self.state_vector, match_out, seat_out, 0)
        return K.to_result(match_out, seat_out, batch.MATCH_EXTRAS, batch.SEAT_EXTRAS, None)

    def events_text(self) -> list[str]:
        n = int(self.state_vector[L.G_EVENTS])
        return [render.describe_event(row, self.names) for row in self.events[:n]]
