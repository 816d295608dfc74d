"""Coin Race in words: actions, events, the replay log and the golden playthrough."""

from __future__ import annotations

from sim.core.game import result_line
from sim.games.coin_race import layout as L
from sim.games.coin_race import vocab


def _card(index: int) -> str:
    from sim.games.coin_race import GAME

    return GAME.library.card_names[index]


def describe_action(action: int) -> str:
    return L.ACTION_NAMES[action] if 0 <= action < len(L.ACTION_NAMES) else f"action {action}"


def describe_event(row) -> str:
    kind, seat, a, b, c = (int(v) for v in row[: L.EVENT_WIDTH])
    if kind == L.EV_DRAW:
        return f"seat {seat} draws {_card(a)}"
    if kind == L.EV_BANK:
        return f"seat {seat} banks {_card(a)}: +{b}"
    if kind == L.EV_GAMBLE:
        return f"seat {seat} gambles {_card(a)}: rolls {b}, +{c}"
    if kind == L.EV_END:
        outcome = "draw" if seat < 0 else f"the side moving {'first' if seat == 0 else 'second'} wins"
        return f"end: {outcome} ({vocab.END_REASONS[a]})"
    return f"event {kind} {seat} {a} {b} {c}"


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


def _score_line(scenario) -> str:
    state = scenario.state()
    scores = " ".join(str(p["score"]) for p in state["players"])
    return f"round {state['round']} seat {state['seat']} holds {state['card']}; scores {scores}"


def replay_log(game, ruleset, matchup, bots_by_slot, seed: int, pair: int, order: int) -> list[str]:
    """Every event of one match, then its result line (the batch row's winner, length and scores)."""
    from sim.games.coin_race.scenario import CoinRaceScenario

    scenario = CoinRaceScenario(ruleset, matchup, seed, order, pair)
    while not scenario.state()["done"]:
        scenario.apply(scenario.bot_action(bots_by_slot))
    header = _header(game, ruleset, matchup, bots_by_slot, seed, pair, order)
    return header + scenario.events_text() + [result_line(game, scenario.result())]


def playthrough(game, ruleset, matchup, bots_by_slot, seed: int, order: int) -> list[str]:
    """The golden playthrough: before every decision the state line and the legal actions, then
    the action taken and what it did."""
    from sim.games.coin_race.scenario import CoinRaceScenario

    scenario = CoinRaceScenario(ruleset, matchup, seed, order)
    lines = _header(game, ruleset, matchup, bots_by_slot, seed, 0, order)
    seen = [0]

    def decision(action: int) -> None:
        lines.append(f"state: {_score_line(scenario)}")
        lines.append(f"legal: {', '.join(scenario.describe(a) for a in scenario.legal())}")
        lines.append(f"action: {scenario.describe(action)}")

    def flush() -> None:
        text = scenario.events_text()
        lines.extend(f"  {t}" for t in text[seen[0]:])
        seen[0] = len(text)

    flush()
    while not scenario.state()["done"]:
        action = scenario.bot_action(bots_by_slot)
        decision(action)
        scenario.apply(action)
        flush()
    return lines
