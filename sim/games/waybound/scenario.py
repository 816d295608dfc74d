"""Waybound's scenario API (sim/core/scenario.py): build an explicit position, list legal actions, apply
actions, read the result. Built on the same kernel functions as the batch kernel (reset, legal_actions,
step, check_invariants); every `apply` checks legality and the invariants.

    sc = WayboundScenario("hearthbound/brindle", "ironmaw/skara")   # or .new("hearthbound/brindle vs ironmaw/skara")
    sc.clear()                              # empty hands and boards, Companions at Lantern Crossing
    lynx = sc.add_ally(0, "glass_lynx", route=2)
    sc.set(charge=(3, 0))
    sc.apply(sc.challenge(lynx, target=0))
    sc.unit(1, 0)["damage"]
"""

from __future__ import annotations

import numpy as np

from sim.core import rng
from sim.core.errors import UserError
from sim.core.scenario import IllegalAction, Scenario
from sim.games.waybound import GAME
from sim.games.waybound import engine as E
from sim.games.waybound import layout as L
from sim.games.waybound import vocab as V
from sim.games.waybound.batch import seat_keys
from sim.games.waybound.render import describe_action, event_lines
from sim.games.waybound.rules import units as unit_rules
from sim.games.waybound.tables import flat_tables
from sim.games.waybound.vocab import NETHERWAY  # noqa: F401  (re-export for tests)


class WayboundScenario(Scenario):
    def __init__(
        self,
        side0: str = "hearthbound/brindle",
        side1: str = "ironmaw/skara",
        edition: str = "0.36",
        seed: int = 7,
        swap: int = 0,
        mulligans: tuple[int, int] = (0, 0),
    ):
        self.ruleset = GAME.load_ruleset(edition)
        self.tables = self.ruleset.tables
        self.matchup = GAME.load_matchups(self.ruleset, f"{side0} vs {side1}")[0]
        payload = self.matchup.payload
        self.rules, self.cards, self.profiles = flat_tables(self.tables)
        self.s = np.zeros(L.STATE_SIZE, dtype=np.int32)
        self.keys = np.zeros(L.N_STREAMS, dtype=np.uint64)
        self.counters = np.zeros(L.N_STREAMS, dtype=np.uint64)
        seat_keys(np.array([seed, rng.name_key(self.matchup.matchup_id)], np.uint64), 0, swap, self.keys)
        self.events = np.zeros((5000, L.EVENT_WIDTH), dtype=np.int32)
        self.counts = np.zeros((2, self.cards.shape[0], 3), dtype=np.int16)
        self.legal_buffer = np.zeros(L.MAX_LEGAL, dtype=np.int32)
        self.log = []
        E.reset(self.s, self.rules, payload["table"], swap, self.keys, self.counters, self.events, self.counts, 1, 1)
        if self.s[L.G_PHASE] == L.PH_MULLIGAN:
            self.apply(L.encode(L.A_CHOICE, mulligans[0], 0))
            self.apply(L.encode(L.A_CHOICE, mulligans[1], 0))

    @classmethod
    def new(cls, entry: str, edition: str | None = None, seed: int = 7, order: int = 0,
            mulligans: tuple[int, int] = (0, 0)) -> WayboundScenario:
        """The match '<side> vs <side>' dealt from pair 0 of root seed `seed`, played in seat order `order`
        (1: the second side moves first), after the mulligan choices."""
        if entry.count(" vs ") != 1:
            raise UserError("a matchup entry is '<side> vs <side>'", entry=entry)
        side0, side1 = (side.strip() for side in entry.split(" vs "))
        return cls(side0, side1, edition or GAME.default_edition(), seed, order, mulligans)

    # ---- raw access ----------------------------------------------------------------------
    def pb(self, p: int) -> int:
        return L.player_base(p)

    def ub(self, p: int, i: int) -> int:
        return L.unit_base(p, i)

    def card(self, card_id: str) -> int:
        try:
            return self.tables.card_index(card_id)
        except ValueError:
            raise UserError(f"unknown card '{card_id}'", entry="scenario") from None

    def _retotal(self) -> None:
        for p in range(2):
            b = self.pb(p)
            allies = self.s[b + L.P_UNITS_N] - 1
            self.s[b + L.P_DECK_TOTAL] = (
                self.s[b + L.P_DECK_N] + self.s[b + L.P_DISCARD_N] + self.s[b + L.P_HAND_N] + allies
            )

    # ---- building a position ---------------------------------------------------------------
    def clear(self) -> Scenario:
        """Empty hands, decks, discards and boards; Companions ready at Lantern Crossing, undamaged."""
        for p in range(2):
            b = self.pb(p)
            self.s[b + L.P_HAND_N] = 0
            self.s[b + L.P_DECK_N] = 0
            self.s[b + L.P_DISCARD_N] = 0
            self.s[b + L.P_UNITS_N] = 1
            u = self.ub(p, 0)
            self.s[u + L.U_ROUTE] = V.LANTERN_CROSSING
            self.s[u + L.U_DAMAGE] = 0
            self.s[u + L.U_READY] = 1
            self.s[u + L.U_RECOVERY] = 0
        self._retotal()
        return self

    def add_ally(self, p: int, card_id: str, route: int, damage: int = 0, ready: bool = True) -> int:
        i = unit_rules.add_unit(self.s, p, self.tables.cards[self.card(card_id), V.C_PROFILE], self.card(card_id), route)
        self.s[self.ub(p, i) + L.U_DAMAGE] = damage
        self.s[self.ub(p, i) + L.U_READY] = 1 if ready else 0
        self._retotal()
        return i

    def set_unit(self, p: int, i: int, **fields) -> None:
        names = {
            "route": L.U_ROUTE,
            "damage": L.U_DAMAGE,
            "ready": L.U_READY,
            "moved": L.U_MOVED,
            "recovery": L.U_RECOVERY,
            "force_bonus": L.U_FORCE_BONUS,
            "hex": L.U_HEX,
        }
        for key, value in fields.items():
            self.s[self.ub(p, i) + names[key]] = int(value)

    def set_companion(self, p: int, path: int | None = None, ascended: bool = False, **fields) -> None:
        b = self.pb(p)
        if path is not None:
            self.s[b + L.P_PATH] = path
            stage = 1 + path if not ascended else 3 + path
            self.s[self.ub(p, 0) + L.U_PROFILE] = self.s[b + L.P_COMPANION_PROFILE] + stage
            self.s[b + L.P_ASCENDED] = 1 if ascended else 0
        self.set_unit(p, 0, **fields)

    def set_cards(
        self,
        p: int,
        hand: list[str] | None = None,
        deck: list[str] | None = None,
        discard: list[str] | None = None,
    ) -> None:
        """Deck lists are given top first. The hand is stored sorted by card id, as the engine keeps it."""
        b = self.pb(p)
        if hand is not None:
            for k, card in enumerate(sorted(self.card(cid) for cid in hand)):
                self.s[b + L.HAND_OFF + k] = card
            self.s[b + L.P_HAND_N] = len(hand)
        if deck is not None:
            for k, cid in enumerate(reversed(deck)):
                self.s[b + L.DECK_OFF + k] = self.card(cid)
            self.s[b + L.P_DECK_N] = len(deck)
        if discard is not None:
            for k, cid in enumerate(discard):
                self.s[b + L.DISCARD_OFF + k] = self.card(cid)
            self.s[b + L.P_DISCARD_N] = len(discard)
        self._retotal()

    def set(self, charge=None, capacity=None, renown=None, marks=None, marks_since_path=None) -> None:
        for field, values in (
            (L.P_CHARGE, charge),
            (L.P_CAPACITY, capacity),
            (L.P_RENOWN, renown),
            (L.P_MARKS, marks),
            (L.P_MARKS_SINCE_PATH, marks_since_path),
        ):
            if values is not None:
                for p in range(2):
                    self.s[self.pb(p) + field] = values[p]

    def set_round(self, round_number: int) -> None:
        self.s[L.G_ROUND] = round_number

    # ---- actions -------------------------------------------------------------------------
    def legal(self) -> list[int]:
        n = E.legal_actions(self.s, self.rules, self.cards, self.profiles, self.legal_buffer)
        return [int(a) for a in self.legal_buffer[:n]]

    def _step(self, action: int) -> None:
        E.step(
            self.s,
            self.rules,
            self.cards,
            self.profiles,
            action,
            self.keys,
            self.counters,
            self.events,
            self.counts,
        )

    def invariant_error(self) -> int:
        return int(E.check_invariants(self.s, self.rules, self.cards, self.profiles))

    def action(self, kind: str, **fields) -> int:
        """Encode an action by kind: end; play (card id, target); move (unit, dest, lightfoot); explore
        (unit); challenge (unit, target: None lets the defender choose); choice (x); path (x); ascend;
        nyxara_open; shift (unit); hand_limit_discard (card id). The kinds are the helpers of the same
        names below."""
        makers = {"end": self.end_turn, "play": self.play, "move": self.move, "explore": self.explore,
                  "challenge": self.challenge, "choice": self.choose, "path": self.path, "ascend": self.ascend,
                  "nyxara_open": self.nyxara_open, "shift": self.shift,
                  "hand_limit_discard": self.hand_limit_discard}
        if kind not in makers:
            raise IllegalAction(f"unknown action '{kind}' (kinds: {', '.join(makers)})")
        try:
            return makers[kind](**fields)
        except TypeError as error:
            raise IllegalAction(f"{kind}: {error}") from None

    def is_legal(self, action: int) -> bool:
        return action in self.legal()

    def play(self, card: str, target: int = 0) -> int:
        c = self.card(card)
        kind = L.A_PLAY_ALLY if self.tables.cards[c, V.C_KIND] == V.KIND_ALLY else L.A_PLAY_TACTIC
        return L.encode(kind, c, target)

    @staticmethod
    def unit_move_target(unit: int, dest: int | None) -> int:
        return unit * 5 + (L.MOVE_NONE if dest is None else dest)

    @staticmethod
    def move(unit: int, dest: int, lightfoot: bool = False) -> int:
        return L.encode(L.A_MOVE, unit, dest * 2 + (1 if lightfoot else 0))

    @staticmethod
    def explore(unit: int) -> int:
        return L.encode(L.A_EXPLORE, unit, 0)

    @staticmethod
    def challenge(unit: int, target: int | None = None) -> int:
        return L.encode(L.A_CHALLENGE, unit, L.DEFENDER_CHOOSES if target is None else target)

    @staticmethod
    def choose(x: int) -> int:
        return L.encode(L.A_CHOICE, x, 0)

    @staticmethod
    def path(x: int) -> int:
        return L.encode(L.A_PATH, x, 0)

    ascend = staticmethod(lambda: L.encode(L.A_ASCEND, 0, 0))
    end_turn = staticmethod(lambda: L.encode(L.A_END, 0, 0))
    nyxara_open = staticmethod(lambda: L.encode(L.A_NYX_OPEN, 0, 0))

    @staticmethod
    def shift(unit: int) -> int:
        return L.encode(L.A_SHIFT, unit, 0)

    def hand_limit_discard(self, card: str) -> int:
        return L.encode(L.A_DISCARD, self.card(card), 0)

    def end_turns(self, count: int) -> None:
        for _ in range(count):
            self.apply(self.end_turn())

    # ---- reading -------------------------------------------------------------------------
    def renown(self, p: int) -> int:
        return int(self.s[self.pb(p) + L.P_RENOWN])

    def player(self, p: int) -> dict:
        b = self.pb(p)
        names = {
            "renown": L.P_RENOWN,
            "marks": L.P_MARKS,
            "capacity": L.P_CAPACITY,
            "charge": L.P_CHARGE,
            "deck": L.P_DECK_N,
            "discard": L.P_DISCARD_N,
            "hand_size": L.P_HAND_N,
            "units": L.P_UNITS_N,
            "path": L.P_PATH,
            "ascended": L.P_ASCENDED,
            "marks_since_path": L.P_MARKS_SINCE_PATH,
            "companion_defeats": L.P_COMPANION_DEFEATS,
            "turns": L.P_TURNS,
        }
        return {k: int(self.s[b + v]) for k, v in names.items()}

    def hand(self, p: int) -> list[str]:
        b = self.pb(p)
        return [self.tables.card_ids[self.s[b + L.HAND_OFF + k]] for k in range(self.s[b + L.P_HAND_N])]

    def deck(self, p: int) -> list[str]:
        """Top first."""
        b = self.pb(p)
        n = self.s[b + L.P_DECK_N]
        return [self.tables.card_ids[self.s[b + L.DECK_OFF + k]] for k in range(n - 1, -1, -1)]

    def discard(self, p: int) -> list[str]:
        b = self.pb(p)
        return [self.tables.card_ids[self.s[b + L.DISCARD_OFF + k]] for k in range(self.s[b + L.P_DISCARD_N])]

    def unit(self, p: int, i: int) -> dict:
        u = self.ub(p, i)
        card = int(self.s[u + L.U_CARD])
        return {
            "card": "companion" if card < 0 else self.tables.card_ids[card],
            "route": int(self.s[u + L.U_ROUTE]),
            "damage": int(self.s[u + L.U_DAMAGE]),
            "ready": bool(self.s[u + L.U_READY]),
            "recovery": int(self.s[u + L.U_RECOVERY]),
            "force": int(unit_rules.unit_force(self.s, self.rules, self.profiles, p, i)),
            "guard": int(unit_rules.unit_guard(self.s, self.profiles, p, i)),
            "insight": int(unit_rules.unit_insight(self.s, self.profiles, p, i)),
        }

    def units(self, p: int) -> list[dict]:
        return [self.unit(p, i) for i in range(self.s[self.pb(p) + L.P_UNITS_N])]

    def find(self, p: int, card_id: str) -> int:
        for i in range(1, self.s[self.pb(p) + L.P_UNITS_N]):
            if self.unit(p, i)["card"] == card_id:
                return i
        return -1

    @property
    def phase(self) -> int:
        return int(self.s[L.G_PHASE])

    @property
    def decider(self) -> int:
        return int(self.s[L.G_DECIDER])

    @property
    def active(self) -> int:
        return int(self.s[L.G_ACTIVE])

    @property
    def done(self) -> bool:
        return bool(self.s[L.G_DONE])

    @property
    def winner(self) -> int:
        return int(self.s[L.G_WINNER])

    @property
    def end_reason(self) -> str:
        return GAME.end_reasons[int(self.s[L.G_END_REASON])]

    @property
    def netherway_open(self) -> bool:
        return bool(self.s[L.G_NETHER_OPEN])

    def state(self) -> dict:
        return {"round": int(self.s[L.G_ROUND]), "active": self.active, "decider": self.decider, "phase": self.phase,
                "done": self.done, "winner": self.winner, "end_reason": self.end_reason if self.done else "",
                "netherway_open": self.netherway_open, "players": [self.player(p) for p in range(2)]}

    def describe(self, action: int) -> str:
        return describe_action(self.tables, action)

    def event_log(self) -> list[str]:
        """The kernel's event log of the match so far, as text (render.event_lines)."""
        return event_lines(self.tables, self.events, 0, int(self.s[L.G_EVENTS]))
