"""Aeon's End's scenario API (sim/core/scenario.py): build an explicit position, list legal actions, apply
one (legality and invariants checked), read the result.

    sc = AeonsEndScenario.new("adelheim+brama vs rageborne", seed=1)   # a dealt game, first player to act
    sc.set_hand(0, ["spark", "crystal"]); sc.set_active(0, phase="main")
    sc.apply(sc.action("prep", hand=0, breach=0))
    sc.player(0)["prepped"]  ->  [("spark", 0)]

Used by the scenario tests (each cites the rulebook passage it checks) and by render.py (replay log,
golden playthrough). The kernel functions it calls are the batch kernel's (engine.reset, legal_actions,
step, check_invariants; rules/turn.advance).
"""

from __future__ import annotations

import numpy as np

from sim.core.game import BatchResult
from sim.core.rng import name_key
from sim.core.scenario import IllegalAction, Scenario
from sim.games.aeons_end import engine
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.batch import make_keys, stream_indices
from sim.games.aeons_end.rules import game_end, minions_powers, nemesis_turn, turn
from sim.games.aeons_end.vocab import END_TURN_CAP

# action kind -> (its fields with their defaults (None: required), how they make the argument)
ACTION_FIELDS = {
    "end": {}, "charge": {}, "play_gems": {},
    "cast": {"breach": None, "slot": 0, "target": 0},
    "play": {"hand": None, "option": 0},
    "prep": {"hand": None, "breach": None},
    "focus": {"breach": None}, "open": {"breach": None},
    "gain": {"pile": None},
    "ability": {"player": 0},
    "ally_ability": {"ally": None, "player": 0},
    "to_discard": {"slot": None},
    "while_prepped": {"breach": None, "slot": 0},
}


def _argument(kind: str, f: dict) -> int:
    if kind == "cast":
        return (2 * f["breach"] + f["slot"]) * L.TARGETS + f["target"]
    if kind == "play":
        return f["hand"] * 2 + f["option"]
    if kind == "prep":
        return f["hand"] * 4 + f["breach"]
    if kind in ("focus", "open"):
        return f["breach"]
    if kind == "gain":
        return f["pile"]
    if kind == "ability":
        return f["player"]
    if kind == "ally_ability":
        return 4 * f["ally"] + f["player"]
    if kind == "to_discard":
        return f["slot"]
    if kind == "while_prepped":
        return 2 * f["breach"] + f["slot"]
    return 0


class AeonsEndScenario(Scenario):
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
        self.log = []
        engine.reset(self.s, self.T, self.keys, self.counters)

    @classmethod
    def new(cls, entry: str, edition: str | None = None, seed: int = 1, order: int = 0, advance: bool = True,
            basic_nemesis_set: str | None = None) -> AeonsEndScenario:
        """`advance`: run the game to the first decision (the turn-order draws, nemesis turns before it);
        `basic_nemesis_set` overrides the edition's basic nemesis cards. One team: one seat order (0)."""
        from sim.games.aeons_end import GAME

        if order != 0:
            raise IllegalAction(f"Aeon's End plays one seat order (0), not {order}")
        ruleset = GAME.load_ruleset(edition or GAME.default_edition(), basic_nemesis_set)
        matchup = GAME.load_matchups(ruleset, [entry])[0]
        sc = cls(GAME, ruleset, matchup, seed)
        if advance:
            sc.advance()
        return sc

    # ---- the base class's contract ------------------------------------------------------------
    def legal(self) -> list[int]:
        n = engine.legal_actions(self.s, self.T, self.legal_buffer)
        return [int(a) for a in self.legal_buffer[:n]]

    def describe(self, action: int) -> str:
        from sim.games.aeons_end.render import describe_action

        return describe_action(self, action)

    def _step(self, action: int) -> None:
        engine.step(self.s, self.T, self.keys, self.counters, action, self.round_gravehold, self.round_life)

    def action(self, kind: str, **fields) -> int:
        """Encode an action: end, charge, play_gems; cast (breach, slot, target: 0 the nemesis, in-play slot
        + 1, or layout.TARGET_HUSKS); play (hand index, option); prep (hand index, breach); focus / open
        (breach); gain (pile 0-8, 9 the devoured pile); ability (player aimed at); ally_ability (ally,
        player); to_discard (in-play slot); while_prepped (breach, slot)."""
        if kind not in ACTION_FIELDS:
            raise IllegalAction(f"unknown action '{kind}' (kinds: {', '.join(ACTION_FIELDS)})")
        unknown = sorted(set(fields) - set(ACTION_FIELDS[kind]))
        if unknown:
            raise IllegalAction(f"unknown fields {unknown} for {kind}")
        values = {**ACTION_FIELDS[kind], **fields}
        missing = sorted(name for name, value in values.items() if value is None)
        if missing:
            raise IllegalAction(f"{kind} needs {missing}")
        return L.ACTION_KINDS.index(kind) * 256 + _argument(kind, values)

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

    def state(self) -> dict:
        """The position by name; `winner` as the batch row has it (0 the team won, 1 the game won; -1 running)."""
        status, reason = self.status()
        phase = {L.PHASE_CASTING: "casting", L.PHASE_MAIN: "main", L.PHASE_OVER: "over"}[int(self.s[L.G_PHASE])]
        return {
            "round": self.get("G_ROUNDS"), "turns": self.get("G_TURNS"), "active": self.get("G_ACTIVE"),
            "phase": phase, "done": status != "running", "status": status, "end_reason": reason,
            "winner": -1 if status == "running" else (0 if status == "won" else 1),
            "gravehold": self.get("G_GRAVEHOLD"), "nemesis_life": self.get("G_NEMESIS_LIFE"),
            "aether": self.get("G_AETHER"), "in_play": self.in_play(), "turn_order": self.turn_order(),
            "players": [self.player(p) for p in range(self.matchup.players)],
        }

    def invariant_error(self) -> int:
        return int(engine.check_invariants(self.s, self.T))

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
        turn.advance(self.s, self.T, self.keys, self.counters, self.round_gravehold, self.round_life)

    def nemesis_turn(self):
        nemesis_turn.nemesis_turn(self.s, self.T, self.keys, self.counters)
        game_end.check_end_of_turn(self.s)

    # ---- writing a position ----------------------------------------------------------------------
    def set_active(self, p: int, phase: str = "main"):
        turn.start_player_turn(self.s, p)
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
        return minions_powers.place_in_play(self.s, c, life, power, int(self.ncard[c, L.NC_SHIELDS]))

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

    def result(self, error: int = 0) -> BatchResult:
        """The position's outcome as the batch kernel's row has it (batch.play_batch_kernel), one match;
        `error` the error code the match loop returned (an engine error ends the game with its code)."""
        s = self.s
        status = int(s[L.G_STATUS])
        if status >= 3:
            error = -int(s[L.G_END_REASON])

        def column(value, dtype):
            return np.array([value], dtype)

        return BatchResult(winner=column(0 if status == 1 else 1, np.int8),
                           end_reason=column(s[L.G_END_REASON] if status <= 2 else END_TURN_CAP, np.int8),
                           turns=column(s[L.G_TURNS], np.int16), rounds=column(s[L.G_ROUNDS], np.int16),
                           score=np.array([[s[L.G_DAMAGE_DEALT], s[L.G_GRAVEHOLD]]], np.int32),
                           error=column(error, np.int8), extra={})
