"""Veilforge in words: actions, events, the replay log and the golden playthrough."""

from __future__ import annotations

from sim.core.game import result_line
from sim.games.veilforge import layout as L
from sim.games.veilforge import vocab
from sim.games.veilforge.rules.zones import field_of, rec, seat_base

ZONE_NAMES = ("hero", "hero", "hero", "battle", "battle", "battle", "battle", "battle", "support", "support",
              "support", "support", "support")


def _name(names, card: int) -> str:
    return names[card] if 0 <= card < len(names) else "-"


def describe_ref(ref: int) -> str:
    if ref == L.REF_NONE:
        return ""
    if ref >= L.REF_PLAYER:
        return f"player {ref - L.REF_PLAYER}"
    return f"seat {ref >> 4} {ZONE_NAMES[ref & 15]} {ref & 15}"


def _slot(code: int) -> str:
    """A slot code of an action or event: the actor's own slot, or its teammate's (layout.ON_TEAMMATE)."""
    return f"teammate's slot {code & ~L.ON_TEAMMATE}" if code & L.ON_TEAMMATE else f"slot {code}"


def _field(seat: int, code: int, state) -> tuple[int, int]:
    """(seat, slot) of an action's slot code (rules.zones.field_of)."""
    field, slot = field_of(state, seat, code)
    return int(field), int(slot)


def describe_action(state, action: int, names) -> str:
    """An action of the deciding seat in words (its cards named from the position before it)."""
    kind, a, b, target = action >> 24, (action >> 16) & 255, (action >> 8) & 255, action & 255
    seat = int(state[L.G_DECIDER])
    base = seat_base(seat)
    aim = f" -> {describe_ref(target)}" if target != L.REF_NONE else ""
    if kind >= len(L.ACTION_NAMES):
        return f"action {action}"
    word = L.ACTION_NAMES[kind]
    if kind == L.A_PASS:
        return "pass"
    if kind in (L.A_PLAY, L.A_QUICK):
        into = " (into the teammate's zone)" if b & L.ON_TEAMMATE else ""
        return f"{word} {_name(names, int(state[base + L.P_HAND + a]))}{into}{aim}"
    if kind in (L.A_HERO, L.A_ACTIVATE, L.A_VIGILANT, L.A_ATTACK):
        field, slot = _field(seat, a, state)
        card = _name(names, int(state[rec(field, slot) + L.F_CARD]))
        ability = f" ability {b}" if kind in (L.A_ACTIVATE, L.A_VIGILANT) else ""
        whose = "teammate's " if field != seat else ""
        return f"{word} {card} ({whose}{ZONE_NAMES[slot]} {slot}){ability}{aim}"
    if kind in (L.A_EVOLVE, L.A_QUICK_EVOLVE):
        field, slot = _field(seat, b, state)
        whose = "teammate's " if field != seat else ""
        return (f"{word} {_name(names, int(state[base + L.P_EVO + a]))} from "
                f"{_name(names, int(state[rec(field, slot) + L.F_CARD]))} ({whose}{ZONE_NAMES[slot]} {slot}){aim}")
    if kind == L.A_GRAVEYARD:
        field, number = _field(seat, b, state)
        whose = " (teammate's graveyard)" if field != seat else ""
        return f"{word} {_name(names, int(state[seat_base(field) + L.P_GRAVE + a]))}{whose} ability {number}{aim}"
    field, _ = _field(seat, b, state)
    entry = int(state[seat_base(field) + L.P_MANA + a])
    whose = " from the teammate's mana" if field != seat else ""
    return f"mana: consume {_name(names, entry >> 1)}{' (face-up)' if entry & 1 else ''}{whose}"


def describe_event(row, names) -> str:
    kind, seat, a, b, c, d = (int(v) for v in row[: L.EVENT_WIDTH])
    if kind == L.EV_TURN:
        return f"seat {seat} turn (round {a}, life {b})"
    if kind == L.EV_DRAW:
        return f"seat {seat} draws {_name(names, a)} ({b} left in deck)"
    if kind == L.EV_MANA:
        return f"seat {seat} adds {a} mana ({b} in zone)"
    if kind == L.EV_PLAY:
        if c:
            return f"seat {seat} summons {_name(names, a)} from the graveyard to slot {b}"
        return f"seat {seat} plays {_name(names, a)} to {_slot(b)}{' -> ' + describe_ref(d) if d != L.REF_NONE else ''}"
    if kind == L.EV_HERO:
        return f"seat {seat} summons hero {_name(names, a)} to battle {_slot(b)}"
    if kind == L.EV_ACTIVATE:
        return f"seat {seat} activates {_name(names, a)} ({_slot(b)}) ability {c}{' -> ' + describe_ref(d) if d != L.REF_NONE else ''}"
    if kind == L.EV_ATTACK:
        return f"seat {seat} attacks with {_name(names, a)} ({_slot(b)}) -> {describe_ref(c)}"
    if kind == L.EV_DIRECT:
        return f"seat {seat}'s {_name(names, a)} hits player {b} for {c} (life {d})"
    if kind == L.EV_HIT:
        return f"seat {seat}'s {_name(names, a)} (slot {c}) takes {b} damage"
    if kind == L.EV_COUNTER:
        return f"seat {seat}'s {_name(names, a)} counterattacks for {b}"
    if kind == L.EV_DESTROY:
        return f"seat {seat}'s {_name(names, a)} (slot {b}) is destroyed"
    if kind == L.EV_HERO_BACK:
        return f"seat {seat}'s hero {_name(names, a)} returns to the hero zone (slot {b}), disabled"
    if kind == L.EV_LINK:
        return f"seat {seat} evolves into {_name(names, a)} from {_slot(c)}"
    if kind in (L.EV_RESOLVE, L.EV_FAIL):
        what = L.LINK_NAMES[b] if 0 < b < len(L.LINK_NAMES) else "trigger"
        verb = "resolves" if kind == L.EV_RESOLVE else "fails to resolve"
        return f"  chain link {c} ({what} {_name(names, a)} of seat {seat}) {verb}" if b else f"seat {seat}'s ability of {_name(names, a)} fails (no target)"
    if kind == L.EV_PAY:
        return f"seat {seat} consumes {_name(names, a)}{' (face-up)' if b else ''}: back on top of the deck"
    if kind == L.EV_EFFECT:
        op = vocab.OPS[a] if 0 <= a < len(vocab.OPS) else str(a)
        if op == "negate":
            return f"seat {seat} negates chain link {b}"
        if d < 0:
            return f"  {op} {c} on player {seat}"
        return f"  {op} {c if op not in ('destroy', 'return', 'banish', 'disable', 'exhaust', 'enable', 'move') else ''} on seat {seat}'s {_name(names, b)} (slot {d})".replace("  on", " on")
    if kind == L.EV_LOSE:
        return f"seat {seat} loses ({vocab.END_REASONS[a]}, life {b})"
    if kind == L.EV_END:
        outcome = "draw" if seat < 0 else f"the side moving {'first' if seat == 0 else 'second'} wins"
        return f"end: {outcome} ({vocab.END_REASONS[a]})"
    if kind == L.EV_EVOLVE:
        return f"seat {seat}'s {_name(names, b)} evolves into {_name(names, a)} (slot {c})"
    if kind == L.EV_PASS:
        return f"seat {seat} ends its action phase"
    if kind == L.EV_RESPOND_PASS:
        return f"seat {seat} passes on the chain"
    if kind == L.EV_TRIGGER:
        return f"seat {seat}'s {_name(names, a)}: {vocab.WHEN[b]} ability{' -> ' + describe_ref(c) if c != L.REF_NONE else ''}"
    if kind == L.EV_ATTACH:
        return f"seat {seat}'s {_name(names, a)} attaches to {describe_ref(b)}"
    if kind == L.EV_GRAVE_ACTIVATE:
        return f"seat {seat} uses {_name(names, a)} from the graveyard (ability {b}){' -> ' + describe_ref(c) if c != L.REF_NONE else ''}"
    return f"event {kind} {seat} {a} {b} {c} {d}"


def _header(game, ruleset, matchup, bots_by_slot, seed: int, pair: int, order: int) -> list[str]:
    seating = matchup.seating
    table = seating.slot_table()[order]
    seats = ", ".join(
        f"seat {k}: {seating.side_label(int(table[k]) // seating.seats_per_side)} {matchup.slot_label(int(table[k]))} "
        f"[{bots_by_slot[int(table[k])].name}]"
        for k in range(seating.seats)
    )
    return [
        f"{game.name} {game.engine_version} edition {ruleset.ruleset_id} ({ruleset.ruleset_hash}) {matchup.matchup_id} "
        f"seed {seed} pair {pair} order {order}",
        seats,
    ]


def state_line(scenario) -> str:
    """The position in one line: turn, phase, pending decision, and per seat life / hand / deck /
    mana and the field (slot:card:state:damage taken)."""
    state = scenario.state()
    parts = [f"round {state['round']} side {state['side']} {state['phase']} {state['pending']} by seat "
             f"{state['decider']}" + (f" chain {len(state['chain'])}" if state["chain"] else "")]
    for seat, player in enumerate(state["players"]):
        if player["lost"]:
            parts.append(f"seat {seat} lost")
            continue
        field = " ".join(f"{slot}:{v['card']}:{v['state'][0]}{':' + str(v['damage_taken']) if v['damage_taken'] else ''}"
                         for slot, v in player["field"].items())
        parts.append(f"seat {seat} life {player['life']} hand {len(player['hand'])} deck {len(player['deck'])} "
                     f"mana {len(player['mana'])} [{field}]")
    return " | ".join(parts)


def replay_log(game, ruleset, matchup, bots_by_slot, seed: int, pair: int, order: int) -> list[str]:
    """Every event of one match, then its result line (the batch row's winner, length and scores)."""
    from sim.games.veilforge.scenario import VeilforgeScenario

    scenario = VeilforgeScenario(ruleset, matchup, seed, order, pair, game=game)
    while not scenario.state()["done"] and scenario.state()["error"] == "ok":
        scenario.apply(scenario.bot_action(bots_by_slot))
    header = _header(game, ruleset, matchup, bots_by_slot, seed, pair, order)
    return header + scenario.events_text() + [result_line(game, scenario.result())]


def playthrough(game, ruleset, matchup, bots_by_slot, seed: int, order: int) -> list[str]:
    """The golden playthrough: before every decision the state line and the legal actions, then
    the action taken and what it did."""
    from sim.games.veilforge.scenario import VeilforgeScenario

    scenario = VeilforgeScenario(ruleset, matchup, seed, order, game=game)
    lines = _header(game, ruleset, matchup, bots_by_slot, seed, 0, order)
    seen = [0]

    def flush() -> None:
        text = scenario.events_text()
        lines.extend(f"  {t}" for t in text[seen[0]:])
        seen[0] = len(text)

    flush()
    while not scenario.state()["done"]:
        action = scenario.bot_action(bots_by_slot)
        lines.append(f"state: {state_line(scenario)}")
        lines.append(f"legal: {', '.join(scenario.describe(a) for a in scenario.legal())}")
        lines.append(f"action: {scenario.describe(action)}")
        scenario.apply(action)
        flush()
    lines.append(result_line(game, scenario.result()))
    return lines
