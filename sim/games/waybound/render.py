"""Waybound as text: actions, events, the replay log and the playthrough.

The replay log (`replay_log`, what `make replay` prints) is the kernel's event log of one match. The
playthrough (`playthrough`, in the OpenSpiel style) is that match taken one decision at a time: before
each decision the whole state, the legal actions and the action taken, then the events it caused. The
golden playthrough in tests/games/waybound/golden/ is one of them, reviewed in diffs.
"""

from __future__ import annotations

import numpy as np

from sim.core.game import BatchResult, result_line
from sim.core.policies import weight_matrix
from sim.games.waybound import data
from sim.games.waybound import layout as L
from sim.games.waybound import vocab as V
from sim.games.waybound.batch import play_stepwise
from sim.games.waybound.tables import flat_tables

PHASE_NAMES = {
    L.PH_MULLIGAN: "mulligan",
    L.PH_MAIN: "main",
    L.PH_DEFEND: "defender choice",
    L.PH_GRINSHADE: "Grinshade reaction",
    L.PH_CLEAVE: "Cleave spillover",
    L.PH_RELENTLESS: "Relentless ready",
    L.PH_STAR_CHART: "Star Chart",
    L.PH_NETHER_EXIT: "Netherway exit",
    L.PH_RIFTFIRE: "Riftfire Ambush",
    L.PH_ENTRY_HEAL: "Lantern Care target",
    L.PH_STORMDANCER: "Stormdancer move",
    L.PH_HAND_LIMIT: "hand limit discard",
}
RENOWN_REASONS = ("Explore", "Breach", "Stormwing", "Fang Sovereign", "Claim the Way")


def describe_action(tables: data.Tables, action: int, actor: int = -2, target: int = -2) -> str:
    """Readable action; `actor`/`target` are card ids of the characters involved (-1 Companion)."""
    kind, x, y = action >> 16, (action >> 8) & 255, action & 255
    card = tables.card_display[x] if x < len(tables.card_display) else "?"

    def who(card_id: int, unit: int) -> str:
        if card_id == -1:
            return "Companion"
        if card_id >= 0:
            return f"{tables.card_display[card_id]} (unit {unit})"
        return f"unit {unit}"

    if kind == L.A_END:
        return "end turn"
    if kind == L.A_PLAY_ALLY:
        return f"play {card} at {V.ROUTE_NAMES[y]}"
    if kind == L.A_PLAY_TACTIC:
        return f"play {card} (target {y if y != L.NO_TARGET else 'none'})"
    if kind == L.A_MOVE:
        return f"move {who(actor, x)} to {V.ROUTE_NAMES[y >> 1]}" + (
            " (Lightfoot, stays ready)" if y & 1 else ""
        )
    if kind == L.A_EXPLORE:
        return f"explore with {who(actor, x)}"
    if kind == L.A_CHALLENGE:
        against = "(defender chooses)" if y == L.DEFENDER_CHOOSES else f"against {who(target, y)}"
        return f"challenge with {who(actor, x)} {against}"
    if kind == L.A_PATH:
        return f"choose path {x}"
    if kind == L.A_ASCEND:
        return "ascend"
    if kind == L.A_SHIFT:
        return f"shift {who(actor, x)}"
    if kind == L.A_NYX_OPEN:
        return "Nyxara opens the Netherway"
    if kind == L.A_DISCARD:
        return f"discard {card} (hand limit)"
    if kind == L.A_CHOICE:
        return f"choose {x}" + (f" ({who(target, x)})" if target != -2 else "")
    return f"action {action}"


def describe_event(tables: data.Tables, row: np.ndarray) -> str:
    kind, a, b, c, d = (int(v) for v in row[:5])

    def card(index: int) -> str:
        return "Companion" if index < 0 else tables.card_display[index]

    if kind == L.EV_OPENING_CARD:
        return f"seat {a} opening hand: {card(b)}"
    if kind == L.EV_MULLIGAN:
        return f"seat {a} {'replaces its opening hand (mulligan)' if b else 'keeps its opening hand'}"
    if kind == L.EV_TURN:
        return f"-- round {b}, seat {a} turn: capacity {c}, Charge {d}"
    if kind == L.EV_ACTION:
        return f"seat {a}: {describe_action(tables, b, c, d)}"
    if kind == L.EV_DIE:
        return f"seat {a} Grinshade roll: {b} ({'damage prevented' if c else 'no effect'})"
    if kind == L.EV_DEFEAT:
        how = "by a Tactic or ability" if d else "in a Challenge"
        return f"seat {a}: {card(b)} defeated at {V.ROUTE_NAMES[c]} {how}" + (
            " (returns to Lantern Crossing, recovering)" if b < 0 else ""
        )
    if kind == L.EV_END:
        return f"match ends: winner {a}, reason {L.END_REASONS[b]}, Renown {c}-{d}"
    if kind == L.EV_RESHUFFLE:
        return f"seat {a} reshuffles {b} discarded cards into its deck"
    if kind == L.EV_NETHER_OPEN:
        return f"seat {a} opens the Netherway"
    if kind == L.EV_NETHER_CLOSE:
        return f"the Netherway (opened by seat {a}) closes; occupants return to Lantern Crossing"
    if kind == L.EV_DRAW:
        return f"seat {a} draws {card(b)}"
    if kind == L.EV_FEATURED:
        return f"seat {a} featured opening guarantees {card(b)}"
    if kind == L.EV_RENOWN:
        return f"seat {a} gains {b} Renown ({RENOWN_REASONS[c] if c < len(RENOWN_REASONS) else c})"
    if kind == L.EV_ILLEGAL:
        return f"ILLEGAL action by seat {a}: {describe_action(tables, b)}"
    if kind == L.EV_INVARIANT:
        return f"INVARIANT broken after seat {a}'s action: code {b}"
    return f"event {kind} {a} {b} {c} {d}"


def describe_legal(tables: data.Tables, s: np.ndarray, action: int) -> str:
    """describe_action naming the characters involved, as the kernel's log names them (engine.step)."""
    kind, x, y = action >> 16, (action >> 8) & 255, action & 255
    p = int(s[L.G_ACTIVE])
    phase = s[L.G_PHASE]
    actor = target = -2
    if phase == L.PH_MAIN and kind in (L.A_MOVE, L.A_EXPLORE, L.A_CHALLENGE, L.A_SHIFT):
        actor = int(s[L.unit_base(p, x) + L.U_CARD])
        if kind == L.A_CHALLENGE and y != L.DEFENDER_CHOOSES:
            target = int(s[L.unit_base(1 - p, y) + L.U_CARD])
    elif phase in (L.PH_DEFEND, L.PH_CLEAVE):
        target = int(s[L.unit_base(1 - p, x) + L.U_CARD])
    return describe_action(tables, action, actor, target)


def event_lines(tables: data.Tables, events: np.ndarray, start: int, stop: int) -> list[str]:
    """The text of event rows [start, stop) (stop is the state's G_EVENTS count, capped by the buffer)."""
    return [describe_event(tables, events[k]) for k in range(start, min(stop, events.shape[0]))]


def match_header(engine_version: str, ruleset, matchup, policies, seeds) -> list[str]:
    swap = int(seeds.swap[0])
    sides = [matchup.sides[seat ^ swap] for seat in range(2)]
    return [
        f"waybound {engine_version} ruleset {ruleset.ruleset_id} ({ruleset.ruleset_hash}) "
        f"{matchup.matchup_id} pair {int(seeds.pair_index[0])} swap {swap}",
        f"seat 0 (moves first): {sides[0]} [{policies[swap].name}]; "
        f"seat 1: {sides[1]} [{policies[1 - swap].name}]",
    ]


def replay_log(game, ruleset, matchup, policies, seeds, result: BatchResult, events: np.ndarray) -> list[str]:
    """The replay of one match from the batch kernel's result and event log (Game.replay), ending with
    the common result line (sim.core.game.result_line)."""
    n = 0
    while n < events.shape[0] and events[n, 0] != 0:
        n += 1
    return (
        match_header(game.engine_version, ruleset, matchup, policies, seeds)
        + event_lines(ruleset.tables, events, 0, n)
        + [result_line(game, result)]
    )


def state_result(s: np.ndarray, error: int) -> BatchResult:
    """The one-match result of a finished state, as the batch kernel reports it."""
    renown = [[s[L.player_base(p) + L.P_RENOWN] for p in range(2)]]
    return BatchResult(winner=np.array([s[L.G_WINNER]]), end_reason=np.array([s[L.G_END_REASON]]),
                       turns=np.array([s[L.G_TURNS]]), rounds=np.array([s[L.G_ROUND]]), score=np.array(renown),
                       error=np.array([error]))


def state_lines(tables: data.Tables, s: np.ndarray) -> list[str]:
    """The whole state (both hands included; deck orders as counts), one line per seat and per character."""
    lines = [
        f"round {s[L.G_ROUND]}, turns {s[L.G_TURNS]}, active seat {s[L.G_ACTIVE]}, decider seat "
        f"{s[L.G_DECIDER]}, phase {PHASE_NAMES.get(int(s[L.G_PHASE]), s[L.G_PHASE])}, Netherway "
        + (f"open (opened by seat {s[L.G_NETHER_CREATOR]})" if s[L.G_NETHER_OPEN] else "closed")
    ]
    for p in range(2):
        pb = L.player_base(p)
        companion = int(np.flatnonzero(tables.companion_profile == s[pb + L.P_COMPANION_PROFILE])[0])
        hand = ", ".join(tables.card_display[s[pb + L.HAND_OFF + k]] for k in range(s[pb + L.P_HAND_N]))
        path = s[pb + L.P_PATH]
        lines.append(
            f"seat {p} {tables.stage_names[companion][0]}: Renown {s[pb + L.P_RENOWN]}, marks {s[pb + L.P_MARKS]} "
            f"({s[pb + L.P_MARKS_SINCE_PATH]} since path), path {tables.path_ids[companion][path] if path >= 0 else '-'}"
            f"{' ascended' if s[pb + L.P_ASCENDED] else ''}, Charge {s[pb + L.P_CHARGE]}/{s[pb + L.P_CAPACITY]}, "
            f"deck {s[pb + L.P_DECK_N]}, discard {s[pb + L.P_DISCARD_N]}, hand [{hand}]"
        )
        for i in range(s[pb + L.P_UNITS_N]):
            u = L.unit_base(p, i)
            card = s[u + L.U_CARD]
            if card < 0:
                name = tables.stage_names[companion][s[u + L.U_PROFILE] - s[pb + L.P_COMPANION_PROFILE]]
            else:
                name = tables.card_display[card]
            flags = [
                "ready" if s[u + L.U_READY] else "exhausted",
                f"damage {s[u + L.U_DAMAGE]}",
            ]
            if s[u + L.U_RECOVERY]:
                flags.append(f"recovering {s[u + L.U_RECOVERY]}")
            for label, field in (("force +", L.U_FORCE_BONUS), ("insight +", L.U_INSIGHT_BONUS), ("hex -", L.U_HEX)):
                if s[u + field]:
                    flags.append(f"{label}{s[u + field]}")
            for label, field in (("moved", L.U_MOVED), ("no explore", L.U_NO_EXPLORE), ("shifted", L.U_SHIFT_USED)):
                if s[u + field]:
                    flags.append(label)
            lines.append(f"  unit {i} {name} at {V.ROUTE_NAMES[s[u + L.U_ROUTE]]}: {', '.join(flags)}")
    return lines


def playthrough(game, ruleset, matchup, policies, seeds) -> list[str]:
    """One match, decision by decision: the state, the legal actions, the action taken and the events
    it caused (the same events, in the same order, and the same result line as `replay_log` of that match)."""
    if len(seeds) != 1:
        raise ValueError("a playthrough is one match")
    tables: data.Tables = ruleset.tables
    events = np.zeros((L.EVENT_CAPACITY, L.EVENT_WIDTH), dtype=np.int32)
    policy_ids, weights = weight_matrix(policies)
    lines = match_header(game.engine_version, ruleset, matchup, policies, seeds)
    shown = 0
    state = None
    match = play_stepwise(flat_tables(tables), matchup.payload["table"], policy_ids, weights, seeds, events)
    decision = 0
    while True:
        try:
            state, legal, pick = next(match)
        except StopIteration as stop:
            error = stop.value
            break
        written = int(state[L.G_EVENTS])
        lines += ["events:"] + ["  " + line for line in event_lines(tables, events, shown, written)]
        shown = written
        decision += 1
        lines.append(f"decision {decision}:")
        lines += ["  " + line for line in state_lines(tables, state)]
        lines.append("  legal:")
        lines += [f"    {k}: {describe_legal(tables, state, a)}" for k, a in enumerate(legal)]
        lines.append(f"  action: {pick}: {describe_legal(tables, state, legal[pick])}")
    written = int(state[L.G_EVENTS])
    lines += ["events:"] + ["  " + line for line in event_lines(tables, events, shown, written)]
    lines.append(result_line(game, state_result(state, error)))
    return lines
