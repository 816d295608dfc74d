"""Scenario API: build an explicit position, list legal actions, apply one, read the result.

    sc = Scenario.new("adelheim+brama vs rageborne", seed=1)   # a dealt game, first player to act
    sc.set_hand(0, ["spark", "crystal"]); sc.set_active(0, phase="main")
    sc.apply(sc.action("prep", hand=0, breach=0))
    sc.player(0)["prepped"]  ->  [("spark", 0)]

Used by the scenario tests (each cites the rulebook passage it checks) and by render.py (replay log,
golden playthrough).
"""

from __future__ import annotations

import numpy as np

from sim.core.rng import name_key
from sim.games.aeons_end import engine as E
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.batch import make_keys, stream_indices


class Scenario:
    def __init__(self, game, ruleset, matchup, seed: int = 1, pair_index: int = 0):
        self.game = game
        self.ruleset = ruleset
        self.matchup = matchup
        self.lib = ruleset.tables["library"]
        self.T = game.kernel_tables(ruleset, matchup)
        self.ncard = ruleset.tables["library"].ncard
        turn_order_index, deal_index, _ = stream_indices(ruleset.tables["rules"], np.array([pair_index]))
        self.keys = make_keys(np.int64(seed), np.uint64(name_key(matchup.matchup_id)), turn_order_index[0],
                              deal_index[0])
        self.counters = np.zeros(L.STREAM_COUNT, np.uint64)
        self.s = np.zeros(L.STATE_SIZE, np.int64)
        self.round_gravehold = np.zeros(L.ROUND_RECORD, np.int16)
        self.round_life = np.zeros(L.ROUND_RECORD, np.int16)
        self.legal_buffer = np.zeros(L.MAX_ACTIONS, np.int64)
        E.reset(self.s, self.T, self.keys, self.counters)

    @classmethod
    def new(cls, entry: str, edition: str = "normal", seed: int = 1, advance: bool = True,
            basic_nemesis_set: str | None = None):
        from sim.games.aeons_end import GAME

        ruleset = GAME.load_ruleset(edition, basic_nemesis_set)
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        sc = cls(GAME, ruleset, matchup, seed)
        if advance:
            sc.advance()
        return sc

    # ---- ids ------------------------------------------------------------------------------
    def card(self, card_id: str) -> int:
        return self.lib.player_ids.index(card_id)

    def pcard_type(self, card: int) -> int:
        return int(self.lib.pcard[card, L.PC_TYPE])

    def ncard_id(self, card_id: str) -> int:
        return self.lib.nemesis_card_ids.index(card_id)

    def base(self, p: int) -> int:
        return L.PLAYER_BASE + p * L.PLAYER_STRIDE

    # ---- driving ---------------------------------------------------------------------------
    def advance(self):
        E.advance(self.s, self.T, self.keys,
                  self.counters, self.round_gravehold, self.round_life)

    def legal(self) -> list[int]:
        n = E.legal_actions(self.s, self.T, self.legal_buffer)
        return [int(a) for a in self.legal_buffer[:n]]

    def apply(self, action: int):
        if action not in self.legal():
            raise ValueError(f"illegal action {self.describe(action)}")
        E.step(self.s, self.T,
               self.keys, self.counters, action, self.round_gravehold, self.round_life)

    @staticmethod
    def action(kind: str, **kw) -> int:
        k = L.ACTION_KINDS.index(kind)
        if kind == "cast":
            arg = (2 * kw["breach"] + kw.get("slot", 0)) * L.TARGETS + kw.get("target", 0)
        elif kind == "play":
            arg = kw["hand"] * 2 + kw.get("option", 0)
        elif kind == "prep":
            arg = kw["hand"] * 4 + kw["breach"]
        elif kind in ("focus", "open"):
            arg = kw["breach"]
        elif kind == "gain":
            arg = kw["pile"]
        elif kind in ("ability",):
            arg = kw.get("player", 0)
        elif kind == "ally_ability":
            arg = 4 * kw["ally"] + kw.get("player", 0)
        elif kind == "to_discard":
            arg = kw["slot"]
        elif kind == "while_prepped":
            arg = 2 * kw["breach"] + kw.get("slot", 0)
        else:
            arg = 0
        return k * 256 + arg

    def nemesis_turn(self):
        E.nemesis_turn(self.s, self.T, self.keys,
                       self.counters)
        E.check_end_of_turn(self.s)

    # ---- writing a position ----------------------------------------------------------------------
    def set_active(self, p: int, phase: str = "main"):
        E.start_player_turn(self.s, p)
        self.s[L.G_PHASE] = L.PHASE_MAIN if phase == "main" else L.PHASE_CASTING

    def _set_stack(self, p: int, offset: int, count: int, cards: list[str]):
        b = self.base(p)
        old = int(self.s[b + count])
        for i, c in enumerate(cards):
            self.s[b + offset + i] = self.card(c)
        self.s[b + count] = len(cards)
        self.s[b + L.P_OWNED] += len(cards) - old

    def set_hand(self, p, cards):
        self._set_stack(p, L.P_HAND, L.P_HAND_N, cards)

    def set_deck(self, p, cards_top_first):
        self._set_stack(p, L.P_DECK, L.P_DECK_N, list(reversed(cards_top_first)))

    def set_discard(self, p, cards_bottom_first):
        self._set_stack(p, L.P_DISCARD, L.P_DISCARD_N, cards_bottom_first)

    def prep(self, p, breach, card, slot=0):
        b = self.base(p)
        if self.s[b + L.P_PREP + 2 * breach + slot] < 0:
            self.s[b + L.P_OWNED] += 1
        self.s[b + L.P_PREP + 2 * breach + slot] = self.card(card)

    def set_breach(self, p, breach, stage):
        self.s[self.base(p) + L.P_BREACH + breach] = stage

    def set(self, field: str, value: int):
        self.s[getattr(L, field)] = value

    def set_player(self, p, field: str, value: int):
        self.s[self.base(p) + getattr(L, field)] = value

    def put_in_play(self, card_id: str, life=None, power=None):
        c = self.ncard_id(card_id)
        life = int(self.ncard[c, L.NC_LIFE]) if life is None else life
        power = int(self.ncard[c, L.NC_POWER]) if power is None else power
        # keep nemesis cards conserved: the card comes from the deck length bookkeeping
        self.s[L.G_NEMESIS_DECK_LEN] += 1
        self.s[L.G_NEMESIS_DECK_POS] += 1
        return E.place_in_play(self.s, c, life, power, int(self.ncard[c, L.NC_SHIELDS]))

    def set_nemesis_deck(self, cards_top_first: list[str]):
        for i, c in enumerate(cards_top_first):
            self.s[L.NEMESIS_DECK_BASE + i] = self.ncard_id(c)
        self.s[L.G_NEMESIS_DECK_POS] = 0
        gone = self.s[L.G_IN_PLAY] + self.s[L.G_NEMESIS_DISCARD] + self.s[L.G_DESTROYED_NEMESIS]
        self.s[L.G_NEMESIS_DECK_LEN] = len(cards_top_first) + gone
        # cards already in play / discarded / banished count towards the deck length (conservation)
        self.s[L.G_NEMESIS_DECK_POS] = gone
        for i, c in enumerate(cards_top_first):
            self.s[L.NEMESIS_DECK_BASE + self.s[L.G_NEMESIS_DECK_POS] + i] = self.ncard_id(c)

    # ---- reading -------------------------------------------------------------------------
    def get(self, field: str) -> int:
        return int(self.s[getattr(L, field)])

    def get_player(self, p: int, field: str) -> int:
        return int(self.s[self.base(p) + getattr(L, field)])

    def player(self, p: int) -> dict:
        b = self.base(p)
        s = self.s
        names = self.lib.player_ids

        def stack(off, cnt):
            return [names[c] for c in s[b + off: b + off + s[b + cnt]]]

        return {
            "life": int(s[b + L.P_LIFE]), "charges": int(s[b + L.P_CHARGES]), "exhausted": bool(s[b + L.P_EXHAUSTED]),
            "hand": stack(L.P_HAND, L.P_HAND_N), "deck_top_first": list(reversed(stack(L.P_DECK, L.P_DECK_N))),
            "discard_bottom_first": stack(L.P_DISCARD, L.P_DISCARD_N), "played": stack(L.P_PLAYED, L.P_PLAYED_N),
            "breaches": [int(x) for x in s[b + L.P_BREACH: b + L.P_BREACH + 4]],
            "prepped": [(names[s[b + L.P_PREP + k]], k // 2) for k in range(8) if s[b + L.P_PREP + k] >= 0],
            "destroyed": int(s[b + L.P_DESTROYED_N]),
        }

    def in_play(self) -> list[dict]:
        out = []
        for k in range(self.s[L.G_IN_PLAY]):
            o = L.IN_PLAY_BASE + k * L.IN_PLAY_FIELDS
            out.append({"card": self.lib.nemesis_card_ids[self.s[o + L.IP_CARD]], "life": int(self.s[o + L.IP_LIFE]),
                        "power": int(self.s[o + L.IP_POWER]), "shields": int(self.s[o + L.IP_SHIELDS])})
        return out

    def turn_order(self) -> dict:
        pos = int(self.s[L.G_TURN_ORDER_POS])
        cards = [int(c) for c in self.s[L.TURN_ORDER_BASE: L.TURN_ORDER_BASE + L.TURN_ORDER_SIZE]]
        return {"discard": cards[:pos], "deck": cards[pos:]}

    def status(self) -> tuple[str, str]:
        st = int(self.s[L.G_STATUS])
        reason = int(self.s[L.G_END_REASON])
        if st == 0:
            return ("running", "")
        if st >= 3:
            return ("error", self.game.error_codes[-reason])
        return ("won" if st == 1 else "lost", self.game.end_reasons[reason])

    def invariants(self) -> int:
        return int(E.check_invariants(self.s, self.T))

    def describe(self, action: int) -> str:
        from sim.games.aeons_end.render import describe_action

        return describe_action(self, action)
