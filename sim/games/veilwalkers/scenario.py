"""Veilwalkers' scenario API (sim/core/scenario.py): explicit positions, legal actions, actions applied
one by one through the kernel's own functions, with legality and invariants checked.

    sc = VeilwalkersScenario.new("lamplight vs roadfolk", seed=3)
    sc.skip_setup(start=0)                  # no bottom-and-redraw; seat 1 picks Ring I S0
    sc.place(0, "veilwalker", (1, 0))       # [Ring 1-6, Site 0-5]
    sc.apply(sc.action("move", piece="veilwalker", direction="clockwise"))
    sc.player(0)["veilbound"]
"""

from __future__ import annotations

import numpy as np

from sim.core import kernel as K
from sim.core import policies as policy_files
from sim.core.rng import name_key
from sim.core.scenario import IllegalAction, Scenario
from sim.core.seating import slot_of_seat
from sim.games.veilwalkers import GAME, batch, engine, render
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import policy as bots
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules import relics, remembrance
from sim.games.veilwalkers.rules.board import power
from sim.games.veilwalkers.rules.network import history_credits

PIECE_NAMES = ("veilwalker", "wayfinder", "rememberer")
WATCHER_NAMES = ("dormant", "hidden", "revealed", "removed")
LOCAL_NAMES = ("waiting", "recruited", "gone")
SENTINEL_NAMES = ("dormant", "awakened", "gone")
PENDING_NAMES = ("none", "mulligan", "start", "weave", "shape", "discard", "intercept", "reaction", "invoke", "respond")


def site_of(where) -> int:
    """(ring 1-6, local 0-5), "bloom" or ("lost", world sector) -> the kernel's Site number."""
    if where == "bloom":
        return L.BLOOM
    ring, local = where
    if ring == "lost":
        return L.LOST + local
    return (ring - 1) * L.SITES + local


def road_at(where, direction: str = "clockwise") -> int:
    """The lateral road leaving a Ring Site clockwise or counterclockwise (board.road_of): road
    ring * 6 + k joins local Sites k and k + 1."""
    site = site_of(where)
    if direction == "clockwise":
        return site
    return (site // L.SITES) * L.SITES + (site % L.SITES - 1) % L.SITES


class VeilwalkersScenario(Scenario):
    def __init__(self, ruleset, matchup, seed: int, order: int, pair: int = 0):
        self.ruleset, self.matchup = ruleset, matchup
        (self.state_vector, self.legal_buffer, self.keys, self.counters, self.values,
         self.events, _) = batch.scratch(n_events=20_000)
        self.search = None  # the search bots' work arrays, made at their first decision
        self.counts = np.zeros((2, len(GAME.library.card_names), L.CARD_COUNT_COLUMNS), np.int16)
        self.seeds = np.array([seed, name_key(matchup.matchup_id)], np.uint64)
        engine.reset(self.state_vector, ruleset.tables, matchup.payload, self.seeds, pair, order, self.keys,
                     self.counters, self.events, self.counts, True)
        self.log = []

    @classmethod
    def new(cls, entry: str, edition: str | None = None, seed: int = 1, order: int = 0) -> VeilwalkersScenario:
        ruleset = GAME.load_ruleset(edition or GAME.default_edition())
        return cls(ruleset, GAME.load_matchups(ruleset, [entry])[0], seed, order)

    # ---- the base class's contract
    def legal(self) -> list[int]:
        n = engine.legal_actions(self.state_vector, self.ruleset.tables, self.legal_buffer)
        return [int(a) for a in self.legal_buffer[:n]]

    def describe(self, action: int) -> str:
        seat = int(self.state_vector[L.G_DECIDER])
        return render.describe_action(action, self.player(seat)["hand"])

    def _step(self, action: int) -> None:
        engine.step(self.state_vector, self.ruleset.tables, self.matchup.payload, action, self.keys, self.counters,
                    self.events, self.counts, True)

    def action(self, kind: str, **fields) -> int:
        """Fields by name: piece ("veilwalker", "wayfinder", "rememberer" or a Figure slot), direction
        ("clockwise"/"counterclockwise" or "inward"/"outward"), index (hand), ring (1-6), boundary
        (0-4), node, token, slot, attacker, defender, relic (claim_relic: owner * PORT_CAP + record), bearer
        (a Portable Relic's play), mask, site (Ring I local), thread, ally (an
        Escape's Lost Ally slot), settlement (0-4), sentinel (0-1), to (the Patrol's destination, as
        ``place``); a Drive Off's piece is the opposing Veilbound it targets (by index 0-2 or
        name)."""
        if kind not in L.ACTION_NAMES[1:]:
            raise IllegalAction(f"unknown action '{kind}' (kinds: {', '.join(L.ACTION_NAMES[1:])})")
        code = L.ACTION_NAMES.index(kind)
        a = b = 0
        piece = fields.pop("piece", None)
        if piece is not None:
            a = PIECE_NAMES.index(piece) if isinstance(piece, str) else L.PIECE_FIGURE + int(piece)
            if kind == "drive_off":  # (attacker slot, the opposing Veilbound)
                a, b = 0, a
        direction = fields.pop("direction", None)
        if direction is not None:
            b = {"clockwise": 0, "counterclockwise": 1, "inward": 0, "outward": 1}[direction]
        for name in ("index", "boundary", "node", "token", "slot", "attacker", "mask", "site"):
            if name in fields:
                a = int(fields.pop(name))
        if "ring" in fields:
            a = int(fields.pop("ring")) - 1
        for name in ("defender", "destination", "thread", "relic", "settlement", "sentinel", "bearer"):
            if name in fields:
                b = int(fields.pop(name))
        if "behind" in fields:  # a play's Behind the Lines Site, [Ring 1-6, Site 0-5]
            b = L.PLAY_BEHIND_LINES + site_of(fields.pop("behind"))
        if "ally" in fields:  # an Escape's Lost Ally (a Figure slot)
            b = 1 + int(fields.pop("ally"))
        if "road" in fields:  # a road effect's target: "clockwise" / "counterclockwise" of the Veilwalker's Site
            b = L.ROAD_TARGET + {"clockwise": 0, "counterclockwise": 1}[fields.pop("road")]
        if "alignment" in fields:  # an invocation's Alignment, by its id ("AP-04")
            a = V.ALIGNMENT_IDS.index(fields.pop("alignment"))
        if "option" in fields:  # a choose_one Alignment's effect, by its index in alignments.yaml
            b = L.ROAD_TARGET + 2 + int(fields.pop("option"))
        if "to" in fields:  # the Patrol's destination, [Ring 1-6, Site 0-5]
            a = site_of(fields.pop("to"))
        if fields:
            raise IllegalAction(f"unknown fields {sorted(fields)} for '{kind}'")
        return code << 16 | a << 8 | b

    def _base(self, seat: int) -> int:
        return L.GLOBALS + seat * L.SEAT_SIZE

    def player(self, seat: int) -> dict:
        s, base = self.state_vector, self._base(seat)
        names = GAME.library.card_names
        figures = []
        for k in range(L.FIG_CAP):
            f = base + L.P_FIG + k * L.FIG_W
            if s[f + L.F_CARD] >= 0:
                figures.append({"slot": k, "card": render.card_name(int(s[f + L.F_CARD])), "site": int(s[f + L.F_SITE]),
                                "damage": int(s[f + L.F_DAMAGE]), "ready": bool(s[f + L.F_READY]),
                                "held": bool(s[f + L.F_HELD]),
                                "unit": ("", "recruit", "sentinel", "patrol")[int(s[f + L.F_UNIT])],
                                "power": int(power(s, self.ruleset.tables, seat, k))})
        relics = [{"card": names[s[base + L.P_REL + k * L.REL_W]], "site": int(s[base + L.P_REL + k * L.REL_W + L.R_SITE])}
                  | ({"muted": True} if s[base + L.P_REL + k * L.REL_W + L.R_MUTED] else {})
                  | ({"suppressed": True} if s[base + L.P_REL + k * L.REL_W + L.R_SUPPRESSED] else {})
                  | ({"awakened": True} if s[base + L.P_REL_WAKE + k] == L.AWAKENED else {})
                  for k in range(L.REL_CAP) if s[base + L.P_REL + k * L.REL_W] >= 0]
        portables = []  # the Portable Relics it owns, whoever controls them
        for k in range(L.PORT_CAP):
            p = base + L.P_PORTABLE + k * L.PORT_W
            if s[p + L.PT_CARD] >= 0:
                portables.append({"record": seat * L.PORT_CAP + k, "card": names[s[p + L.PT_CARD]],
                                  "controller": int(s[p + L.PT_SEAT]), "bearer": int(s[p + L.PT_SLOT]),
                                  "site": int(s[p + L.PT_SITE]), "awakened": bool(s[p + L.PT_WAKE] == L.AWAKENED)})
        return {
            "company": V.COMPANIES[int(s[base + L.P_COMPANY])],
            "thread": int(s[base + L.P_THREAD]),
            "resonance": int(s[base + L.P_RESONANCE]),
            "loom": int(s[base + L.P_LOOM_N]),
            "deck": int(s[base + L.P_DECK_N]),
            "hand": [names[c] for c in s[base + L.P_HAND: base + L.P_HAND + s[base + L.P_HAND_N]]],
            "discard": [names[c] for c in s[base + L.P_DISCARD: base + L.P_DISCARD + s[base + L.P_DISCARD_N]]],
            "veilbound": [int(v) for v in s[base + L.P_VB_SITE: base + L.P_VB_SITE + 3]],
            "veilbound_ready": [bool(v) for v in s[base + L.P_VB_READY: base + L.P_VB_READY + 3]],
            "figures": figures,
            "relics": relics,
            "portables": portables,
            "remembrances": int(remembrance.carried(s, seat)),
            "nodes": [int(v) for v in s[base + L.P_NODE_ACTIVE: base + L.P_NODE_ACTIVE + 3]],
            "credits": int(history_credits(s, seat)),
            "rites": [int(v) for v in s[base + L.P_RITE_DONE: base + L.P_RITE_DONE + 5]],
            "waymarks": [int(v) for v in s[base + L.P_WAYMARK: base + L.P_WAYMARK + 5]],
            "rite_marks": [int(v) for v in s[base + L.P_RITE_MARK: base + L.P_RITE_MARK + 5]],
            "threads": [int(v) for v in s[base + L.P_THREADS: base + L.P_THREADS + 5]],
            "growth": int(s[base + L.P_GROWTH]),
            "disruption": int(s[base + L.P_DISRUPTION]),
            "break_through": bool(s[base + L.P_BREAK_THROUGH]),
            "attention": int(s[base + L.P_ATTENTION]),
            "stronghold": int(s[base + L.P_STRONGHOLD]),
            "foundation": int(s[base + L.P_FOUNDATION]),
            "remnants": int(s[base + L.P_REMNANT]),
            "patrol": int(s[base + L.P_PATROL]),  # its Figure slot, -1 off-board
            "visited": [site for site in range(L.BLOOM) if int(s[base + L.P_VISITED]) >> site & 1],
            "turn_chain": [V.GLYPHS[g] for g in s[base + L.P_TURN_CHAIN: base + L.P_TURN_CHAIN + s[base + L.P_TURN_CHAIN_N]]],
            "threadline_chain": [V.GLYPHS[g] for g in
                                 s[base + L.P_THREADLINE_CHAIN: base + L.P_THREADLINE_CHAIN + s[base + L.P_THREADLINE_CHAIN_N]]],
            "aligned": [V.ALIGNMENT_IDS[k] for k in range(len(V.ALIGNMENT_IDS)) if int(s[base + L.P_ALIGNED]) >> k & 1],
            "invocations": int(s[base + L.P_INVOCATIONS]),
            "responses": int(s[base + L.P_RESPONSES]),
            "temporary_resonance": int(s[base + L.P_TEMP_RESONANCE]),
            "hold_presence": int(s[base + L.P_HOLD_PRESENCE]),
            "kept_remembrance": int(s[base + L.P_KEPT_TOKEN]) - 1,
        }

    def state(self) -> dict:
        s = self.state_vector
        return {
            "round": int(s[L.G_ROUND]),
            "turns": int(s[L.G_TURNS]),
            "active": int(s[L.G_SIDE]),
            "decider": int(s[L.G_DECIDER]),
            "pending": PENDING_NAMES[int(s[L.G_PENDING])],
            "actions": int(s[L.G_ACTIONS]),
            "offsets": [int(v) for v in s[L.G_OFFSET: L.G_OFFSET + L.RINGS]],
            "bloom_open": bool(s[L.G_BLOOM_OPEN]),
            "drawless": int(s[L.G_DRAWLESS]),
            "fraying": int(s[L.G_FRAYING]) + 1 if s[L.G_FRAYING] >= 0 else 0,  # the Ring number, 0 none
            "closed": int(s[L.G_CLOSED]),  # Rings I .. this one are closed
            "watcher": WATCHER_NAMES[int(s[L.G_WATCHER])],
            "watcher_site": int(s[L.G_WATCHER_SITE]),
            "tokens": [(int(s[L.G_TOKEN + t * L.TOKEN_W]), int(s[L.G_TOKEN + t * L.TOKEN_W + 1]))
                       for t in range(L.TOKENS)],
            "locals": [LOCAL_NAMES[int(v)] for v in s[L.G_LOCAL: L.G_LOCAL + L.SETTLEMENTS]],
            "sentinels": [SENTINEL_NAMES[int(v)] for v in s[L.G_SENTINEL: L.G_SENTINEL + L.SENTINELS]],
            "remembered": [site for site in range(L.BLOOM) if int(s[L.G_REMEMBERED]) >> site & 1],
            "broken_roads": [road for road in range(L.BLOOM) if int(s[L.G_ROADS_BROKEN]) >> road & 1],
            "closed_roads": [road for road in range(L.BLOOM)
                             if (int(s[L.G_ROADS_CLOSED]) | int(s[L.G_ROADS_CLOSED + 1])) >> road & 1],
            "threadline": [{"kind": ("", "play", "quick", "alignment")[int(s[e])], "seat": int(s[e + L.TL_SEAT]),
                            "what": (V.ALIGNMENT_IDS[int(s[e + L.TL_ID])] if s[e] == L.TL_ALIGNMENT
                                     else render.card_name(int(s[e + L.TL_ID]))),
                            "cancelled": bool(s[e + L.TL_CANCELLED])}
                           for e in range(L.G_TL_STACK, L.G_TL_STACK + int(s[L.G_TL_N]) * L.TL_W, L.TL_W)],
            "priority": int(s[L.G_TL_PRIORITY]) if s[L.G_TL_OPEN] else -1,
            "done": bool(s[L.G_DONE]),
            "winner": int(s[L.G_WINNER]),
            "end_reason": GAME.end_reasons[int(s[L.G_END_REASON])] if s[L.G_DONE] else "",
            "players": [self.player(k) for k in range(2)],
        }

    def invariant_error(self) -> int:
        return int(engine.check_invariants(self.state_vector, self.ruleset.tables, self.matchup.payload))

    # ---- positions (each setter keeps every invariant: cards move between zones, never appear)
    def skip_setup(self, start: int = 0) -> None:
        """No bottom-and-redraw for either seat, then the coin flip's winner (seat 1) starts at Ring I
        S``start``; seat 0's first turn begins (at its Weave)."""
        self.apply(self.action("mulligan", mask=0))
        self.apply(self.action("mulligan", mask=0))
        self.apply(self.action("start", site=start))

    def to_shape(self) -> None:
        """Decline the Weave if it is pending."""
        if self.state()["pending"] == "weave":
            self.apply(self.action("no_weave"))

    def set(self, seat: int | None, field: str, value: int) -> None:
        """A counter by its layout name: G_* (seat None) or P_* of a seat."""
        index = getattr(L, field) if seat is None else self._base(seat) + getattr(L, field)
        self.state_vector[index] = value
        self.check()

    def place(self, seat: int, piece, where) -> None:
        """Put a Veilbound (by name) or a Figure slot (int) at a Site (it joins the Company's visited Sites, and
        the Veilwalker's own)."""
        base = self._base(seat)
        site = site_of(where)
        self._visit(seat, site)
        if isinstance(piece, str):
            self.state_vector[base + L.P_VB_SITE + PIECE_NAMES.index(piece)] = site
            if piece == "veilwalker" and 0 <= site < L.BLOOM:  # the Veilwalker's own Sites (AV-08)
                self.state_vector[base + L.P_WALKER_SITES] |= 1 << site
        else:
            self.state_vector[base + L.P_FIG + int(piece) * L.FIG_W + L.F_SITE] = site
        self.check()

    def _visit(self, seat: int, site: int) -> None:
        if 0 <= site < L.BLOOM:
            self.state_vector[self._base(seat) + L.P_VISITED] |= 1 << site

    def visit(self, seat: int, where) -> None:
        """The Company has stood on a Site (its history for the Patrol's deployment)."""
        self._visit(seat, site_of(where))
        self.check()

    def _take(self, seat: int, card: str) -> int:
        """Remove one copy of ``card`` from the seat's deck (else discard, hand) and return its id."""
        s, base = self.state_vector, self._base(seat)
        card_id = GAME.library.card_names.index(card)
        for start, count_field in ((L.P_DECK, L.P_DECK_N), (L.P_DISCARD, L.P_DISCARD_N), (L.P_HAND, L.P_HAND_N)):
            n = int(s[base + count_field])
            for i in range(n):
                if s[base + start + i] == card_id:
                    s[base + start + i: base + start + n - 1] = s[base + start + i + 1: base + start + n].copy()
                    s[base + count_field] = n - 1
                    return card_id
        raise IllegalAction(f"seat {seat} has no '{card}' outside play")

    def give(self, seat: int, card: str) -> None:
        """Move a copy of ``card`` into the seat's hand (from its deck, else its discard)."""
        s, base = self.state_vector, self._base(seat)
        card_id = self._take(seat, card)
        s[base + L.P_HAND + s[base + L.P_HAND_N]] = card_id
        s[base + L.P_HAND_N] += 1
        self.check()

    def stow_quick_events(self) -> None:
        """Every Quick Event in either hand goes to the bottom of its deck: a position where no card play
        opens a response decision until a Quick Event is given back."""
        s = self.state_vector
        for seat in range(L.SEATS):
            base = self._base(seat)
            hand = [int(c) for c in s[base + L.P_HAND: base + L.P_HAND + s[base + L.P_HAND_N]]]
            quick = [c for c in hand if GAME.library.cards[GAME.library.card_names[c]].get("quick")]
            if not quick:
                continue
            kept = [c for c in hand if c not in quick]
            deck = [int(c) for c in s[base + L.P_DECK: base + L.P_DECK + s[base + L.P_DECK_N]]]
            s[base + L.P_HAND: base + L.P_HAND + len(kept)] = kept
            s[base + L.P_HAND_N] = len(kept)
            deck = quick + deck  # the top is the last
            s[base + L.P_DECK: base + L.P_DECK + len(deck)] = deck
            s[base + L.P_DECK_N] = len(deck)
        self.check()

    def put_figure(self, seat: int, card: str, where, ready: bool = True) -> int:
        """A copy of ``card`` in play as a Figure at a Site; returns its slot."""
        s, base = self.state_vector, self._base(seat)
        card_id = self._take(seat, card)
        self._visit(seat, site_of(where))
        for k in range(L.FIG_CAP):
            f = base + L.P_FIG + k * L.FIG_W
            if s[f + L.F_CARD] < 0:
                s[f: f + L.FIG_W] = [card_id, site_of(where), 0, int(ready), 0, 0, L.UNIT_NONE, L.NOWHERE, 0]
                self.check()
                return k
        raise IllegalAction("no free Figure slot")

    def put_relic(self, seat: int, card: str, where) -> int:
        """A copy of ``card`` installed at a Site; returns its Relic slot."""
        s, base = self.state_vector, self._base(seat)
        card_id = self._take(seat, card)
        for k in range(L.REL_CAP):
            r = base + L.P_REL + k * L.REL_W
            if s[r + L.R_CARD] < 0:
                s[r: r + L.REL_W] = [card_id, site_of(where), 0, 0]
                s[base + L.P_REL_WAKE + k] = relics.achievements(s, self.ruleset.tables, seat, card_id)
                self.check()
                return k
        raise IllegalAction("no free Relic slot")

    def put_portable(self, seat: int, card: str, bearer: int) -> int:
        """A copy of ``card`` (seat's own) equipped, Dormant, to seat's Figure ``bearer``; returns its record
        (seat * PORT_CAP + k)."""
        s = self.state_vector
        card_id = self._take(seat, card)
        k = relics.free_portable(s, seat)
        if k < 0 or not relics.can_bear(s, seat, bearer):
            raise IllegalAction("no free Portable Relic record or no eligible bearer")
        p = self._base(seat) + L.P_PORTABLE + k * L.PORT_W
        s[p: p + L.PORT_W] = [card_id, seat, bearer, L.NOWHERE, relics.achievements(s, self.ruleset.tables, seat, card_id)]
        self.check()
        return seat * L.PORT_CAP + k

    def fill_loom(self, seat: int, n: int) -> None:
        """Weave ``n`` cards from the top of the deck into the Loom (setting up Resonance income)."""
        s, base = self.state_vector, self._base(seat)
        for _ in range(n):
            s[base + L.P_DECK_N] -= 1
            s[base + L.P_LOOM + s[base + L.P_LOOM_N]] = s[base + L.P_DECK + s[base + L.P_DECK_N]]
            s[base + L.P_LOOM_N] += 1
        self.check()

    def mill(self, seat: int, keep: int = 0) -> None:
        """Move the seat's deck, but its top ``keep`` cards, to its discard."""
        s, base = self.state_vector, self._base(seat)
        n = int(s[base + L.P_DECK_N])
        for i in range(n - keep):
            s[base + L.P_DISCARD + s[base + L.P_DISCARD_N]] = s[base + L.P_DECK + i]
            s[base + L.P_DISCARD_N] += 1
        s[base + L.P_DECK: base + L.P_DECK + keep] = s[base + L.P_DECK + n - keep: base + L.P_DECK + n].copy()
        s[base + L.P_DECK_N] = keep
        self.check()

    def carry(self, seat: int, token: int) -> None:
        """Seat's Veilwalker carries Remembrance ``token``."""
        tk = L.G_TOKEN + token * L.TOKEN_W
        self.state_vector[tk: tk + L.TOKEN_W] = [L.NOWHERE, seat, -1, 0]
        self.check()

    def credit_nodes(self, seat: int, active: bool = True) -> None:
        """The Company's three nodes activated once (history), and active or not now."""
        base = self._base(seat)
        for node in range(L.NODES):
            self.state_vector[base + L.P_NODE_CREDIT + node] = 1
            self.state_vector[base + L.P_NODE_ACTIVE + node] = int(active)
        self.check()

    def open_boundary(self, seat: int, boundary: int) -> None:
        """The Company has completed the boundary's Rite and bound its Waymark."""
        base = self._base(seat)
        self.state_vector[base + L.P_RITE_DONE + boundary] = 1
        self.state_vector[base + L.P_WAYMARK + boundary] = 1
        self.check()

    def break_road(self, where, direction: str = "clockwise") -> None:
        """Break the lateral road leaving Site ``where`` (as ``place``) clockwise or counterclockwise."""
        self.state_vector[L.G_ROADS_BROKEN] |= 1 << road_at(where, direction)
        self.check()

    def close_road(self, seat: int, where, direction: str = "clockwise") -> None:
        """Close that road by seat ``seat``'s effect (it opens again at that seat's next Remember)."""
        self.state_vector[L.G_ROADS_CLOSED + seat] |= 1 << road_at(where, direction)
        self.check()

    def set_offset(self, ring: int, offset: int) -> None:
        self.state_vector[L.G_OFFSET + ring - 1] = offset
        self.check()

    # ---- bots and results
    def bot_action(self, bots_by_slot) -> int:
        """The action the deciding seat's bot (of its deck slot) would take now, from its own stream."""
        s = self.state_vector
        slot = slot_of_seat(int(s[L.G_ORDER]), int(s[L.G_DECIDER]), 2, 1)
        ids, weights = policy_files.weight_matrix(tuple(bots_by_slot))
        n = engine.legal_actions(s, self.ruleset.tables, self.legal_buffer)
        searching = batch.searching(ids)
        if searching and self.search is None:
            self.search = bots.search_arrays()
        return int(bots.choose(s, self.ruleset.tables, self.matchup.payload, self.legal_buffer, n, ids[slot],
                               weights[slot], self.keys, self.counters, self.values, self.search if searching else None))

    def result(self):
        """The position's outcome as the batch kernel reports it (a BatchResult of one match)."""
        s = self.state_vector
        match_out, seat_out = K.result_buffers(1, 2, len(batch.MATCH_EXTRAS), len(batch.SEAT_EXTRAS))
        batch.record(s, match_out, seat_out, 0)
        return K.to_result(match_out, seat_out, batch.MATCH_EXTRAS, batch.SEAT_EXTRAS, None)

    def events_text(self) -> list[str]:
        n = int(self.state_vector[L.G_EVENTS])
        return [render.describe_event(row) for row in self.events[:n]]
