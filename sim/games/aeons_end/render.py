"""Text of actions, states and events: the replay log (`make replay`) and the golden playthrough.

Everything here reads a `Scenario` (its state array and library) and writes strings; nothing here
changes play. The replay log lists turn-order draws, actions, nemesis draws and life changes; the
playthrough (OpenSpiel style) lists, for every decision, the whole state, the legal actions and the
action taken, with the events that ran in between (turn-order draws, nemesis turns).
"""

from __future__ import annotations

import numpy as np

from sim.core.game import result_line
from sim.games.aeons_end import engine
from sim.games.aeons_end import layout as L
from sim.games.aeons_end.vocab import ERR_NO_LEGAL_ACTION

BREACH_TEXT = {-1: "-", 4: "open"}


def turn_order_card(code: int) -> str:
    if code == L.TO_NEMESIS:
        return "nemesis"
    if code == L.TO_WILD:
        return "wild"
    if code == L.TO_12:
        return "1/2"
    if code == L.TO_34:
        return "3/4"
    return f"player {code + 1}"


def describe_action(sc, action: int) -> str:
    """The action as a sentence, read in the state before it is applied (active player's view)."""
    kind = L.ACTION_KINDS[action // 256]
    arg = action % 256
    p = int(sc.s[L.G_ACTIVE])
    b = sc.base(p) if p >= 0 else 0
    names = sc.lib.player_names
    if kind == "cast":
        k, t = divmod(arg, L.TARGETS)
        card = names[sc.s[b + L.P_PREP + k]]
        target = "the nemesis" if t == 0 else ("husks" if t == L.TARGET_HUSKS else
                                               sc.lib.nemesis_card_names[sc.s[L.IN_PLAY_BASE + (t - 1) * L.IN_PLAY_FIELDS]])
        return f"casts {card} from breach {k // 2 + 1} at {target}"
    if kind == "play":
        return f"plays {names[sc.s[b + L.P_HAND + arg // 2]]}" + (" (second option)" if arg % 2 else "")
    if kind == "prep":
        return f"preps {names[sc.s[b + L.P_HAND + arg // 4]]} to breach {arg % 4 + 1}"
    if kind == "gain":
        card = sc.s[L.DEVOURED_BASE + sc.s[L.G_DEVOURED] - 1] if arg == 9 else sc.s[L.SUPPLY_CARD_BASE + arg]
        return f"gains {names[card]}"
    if kind in ("focus", "open"):
        return f"{'focuses' if kind == 'focus' else 'opens'} breach {arg + 1}"
    if kind == "to_discard":
        return f"pays TO DISCARD of {sc.lib.nemesis_card_names[sc.s[L.IN_PLAY_BASE + arg * L.IN_PLAY_FIELDS]]}"
    if kind == "ability":
        return f"uses the mage ability (aimed at player {arg + 1})"
    if kind == "ally_ability":
        return f"lets player {arg // 4 + 1} use their mage ability (aimed at player {arg % 4 + 1})"
    if kind == "while_prepped":
        return f"uses the while-prepped effect in breach {arg // 2 + 1}"
    if kind == "charge":
        return "gains a charge"
    if kind == "play_gems":
        gems = [names[c] for c in sc.s[b + L.P_HAND: b + L.P_HAND + sc.s[b + L.P_HAND_N]]
                if sc.pcard_type(c) == 0 and not sc.lib.pcard[c, L.PC_HAS_OR]]
        return "plays gems " + ", ".join(gems)
    return "ends the phase"


# ---- event lines: what changed between two snapshots ------------------------------------------------------
def _snapshot(sc):
    return (sc.get("G_TURNS"), sc.get("G_NEMESIS_DECK_POS"), sc.get("G_GRAVEHOLD"), sc.get("G_NEMESIS_LIFE"),
            [sc.player(p)["life"] for p in range(sc.matchup.players)], sc.get("G_ROUNDS"), sc.get("G_HUSKS"),
            [(m["card"], m["life"]) for m in sc.in_play()])


def _events(sc, before, after) -> list[str]:
    mages = sc.matchup.payload["mages"]
    lines = []
    if after[5] != before[5]:
        lines.append(f"round {after[5]} begins (turn-order deck shuffled)")
    for pos in range(before[1], after[1]):
        lines.append(f"nemesis draws {sc.lib.nemesis_card_names[sc.s[L.NEMESIS_DECK_BASE + pos]]}")
    if after[2] != before[2]:
        lines.append(f"Gravehold {before[2]} -> {after[2]}")
    if after[3] != before[3]:
        lines.append(f"nemesis life {before[3]} -> {after[3]}")
    for p in range(sc.matchup.players):
        if after[4][p] != before[4][p]:
            lines.append(f"{mages[p]} life {before[4][p]} -> {after[4][p]}")
    if after[6] != before[6]:
        lines.append(f"husks {before[6]} -> {after[6]}")
    if after[7] != before[7]:
        lines.append("in play: " + (", ".join(f"{card} ({life})" for card, life in after[7]) or "nothing"))
    return lines


def _setup_lines(sc, ruleset) -> list[str]:
    lib = sc.lib
    deck = [lib.nemesis_card_names[c] for c in sc.s[L.NEMESIS_DECK_BASE: L.NEMESIS_DECK_BASE + sc.get("G_NEMESIS_DECK_LEN")]]
    return [f"setup: {sc.matchup.sides[0]}, edition {ruleset.ruleset_id}, Gravehold {sc.get('G_GRAVEHOLD')}, "
            f"nemesis life {sc.get('G_NEMESIS_LIFE')}", "nemesis deck (top first): " + ", ".join(deck)]


def _end_line(sc) -> str:
    state, reason = sc.status()
    return f"end: players {state} ({reason}) after {sc.get('G_TURNS')} turns, {sc.get('G_ROUNDS')} rounds"


def _fresh(game, ruleset, matchup, seeds):
    from sim.games.aeons_end.scenario import AeonsEndScenario

    sc = AeonsEndScenario(game, ruleset, matchup, seed=int(seeds.root_seed), pair_index=int(seeds.pair_index[0]))
    sc.counters[:] = 0
    engine.reset(sc.s, sc.T, sc.keys, sc.counters)
    return sc


def _play(sc, policies, on_decision, limit: int):
    """Drive the match from its reset state as the batch kernel does; on_decision(sc, legal, action,
    events_before) is called for each decision before the action is applied. Returns the events of the last
    stretch of automatic play (after the final decision) and the match loop's error code (batch.play_game)."""
    from sim.games.aeons_end.batch import policy_arrays, search_work, searching
    from sim.games.aeons_end.policy import policy_act

    policy_ids, params, streams = policy_arrays(policies, sc.matchup)
    search = search_work(searching(policy_ids))
    before = _snapshot(sc)
    sc.advance()
    events = _events(sc, before, _snapshot(sc))
    legal = np.zeros(L.MAX_ACTIONS, np.int64)
    decisions = 0
    while sc.get("G_STATUS") == 0 and decisions < limit:
        n = engine.legal_actions(sc.s, sc.T, legal)
        if n == 0:
            return events + ["error: no legal action"], ERR_NO_LEGAL_ACTION
        p = sc.get("G_ACTIVE")
        a = int(policy_act(policy_ids[p], sc.s, sc.T, legal, n, params[p], sc.keys, sc.counters, streams[p], search))
        on_decision(sc, [int(x) for x in legal[:n]], a, events)
        before = _snapshot(sc)
        engine.step(sc.s, sc.T, sc.keys, sc.counters, a, sc.round_gravehold, sc.round_life)
        events = _events(sc, before, _snapshot(sc))
        decisions += 1
    return events, 0


def replay_log(game, ruleset, matchup, policies, seeds) -> list[str]:
    """Event log of the single match in `seeds`: turn-order draws, actions, nemesis cards, damage; the last
    line is the batch row's result (sim.core.game.result_line)."""
    sc = _fresh(game, ruleset, matchup, seeds)
    log = _setup_lines(sc, ruleset)
    mages = matchup.payload["mages"]
    last_turn = [-1]
    first = [True]

    def on_decision(sc, legal, action, events):
        log.extend(events if first[0] else ["  " + x for x in events])
        first[0] = False
        if sc.get("G_TURNS") != last_turn[0]:
            last_turn[0] = sc.get("G_TURNS")
            log.append(f"turn {last_turn[0]}: turn-order card {turn_order_card(sc.get('G_TURN_KIND'))} -> "
                       f"{mages[sc.get('G_ACTIVE')]}")
        log.append(f"  {mages[sc.get('G_ACTIVE')]} {describe_action(sc, action)}")

    tail, error = _play(sc, policies, on_decision, limit=20000)
    log.extend(tail if first[0] else ["  " + x for x in tail])
    log.append(_end_line(sc))
    log.append(result_line(game, sc.result(error)))
    return log


# ---- the playthrough: every state line ---------------------------------------------------------------
def _cards(sc, cards) -> str:
    return "[" + ", ".join(sc.lib.player_names[c] for c in cards) + "]"


def state_lines(sc) -> list[str]:
    """The whole state as text, one line per part (global, turn order, nemesis, supply, each mage)."""
    s = sc.s
    lib = sc.lib
    phase = {L.PHASE_CASTING: "casting", L.PHASE_MAIN: "main", L.PHASE_OVER: "over"}[int(s[L.G_PHASE])]
    active = int(s[L.G_ACTIVE])
    mages = sc.matchup.payload["mages"]
    order = sc.turn_order()
    lines = [
        f"round {sc.get('G_ROUNDS')} turn {sc.get('G_TURNS')} | active {mages[active] if active >= 0 else '-'} "
        f"({phase}) | aether {sc.get('G_AETHER')} (gems only {sc.get('G_AETHER_GEM')}, spells only "
        f"{sc.get('G_AETHER_SPELL')}) | Gravehold {sc.get('G_GRAVEHOLD')} | nemesis life {sc.get('G_NEMESIS_LIFE')} "
        f"| fire {sc.get('G_FIRE')} | fury {sc.get('G_FURY')} | husks {sc.get('G_HUSKS')}",
        "turn order: discard [" + ", ".join(turn_order_card(c) for c in order["discard"]) + "] deck (top first) ["
        + ", ".join(turn_order_card(c) for c in order["deck"]) + "]",
    ]
    pos, end = sc.get("G_NEMESIS_DECK_POS"), sc.get("G_NEMESIS_DECK_LEN")
    deck = [lib.nemesis_card_names[c] for c in s[L.NEMESIS_DECK_BASE + pos: L.NEMESIS_DECK_BASE + end]]
    lines.append(f"nemesis: tier {sc.get('G_NEMESIS_TIER')} | deck {len(deck)} (top first) [" + ", ".join(deck)
                 + f"] | discard {sc.get('G_NEMESIS_DISCARD')} | banished {sc.get('G_DESTROYED_NEMESIS')}")
    in_play = []
    for k in range(sc.get("G_IN_PLAY")):
        o = L.IN_PLAY_BASE + k * L.IN_PLAY_FIELDS
        card = int(s[o + L.IP_CARD])
        text = lib.nemesis_card_names[card]
        if lib.ncard[card, L.NC_TYPE] == L.NTYPE_POWER:
            text += f" (power {int(s[o + L.IP_POWER])})"
        else:
            text += f" (life {int(s[o + L.IP_LIFE])}" + (f", shields {int(s[o + L.IP_SHIELDS])}"
                                                         if s[o + L.IP_SHIELDS] else "") + ")"
        in_play.append(text)
    lines.append("in play (oldest first): [" + ", ".join(in_play) + "]")
    piles = [f"{lib.player_names[s[L.SUPPLY_CARD_BASE + k]]} {int(s[L.SUPPLY_COUNT_BASE + k])}"
             for k in range(L.SUPPLY_PILES)]
    devoured = s[L.DEVOURED_BASE: L.DEVOURED_BASE + sc.get("G_DEVOURED")]
    lines.append("supply: " + ", ".join(piles) + (f" | devoured (top last) {_cards(sc, devoured)}"
                                                   if len(devoured) else ""))
    if sc.get("G_CORRUPTION_TOTAL"):
        lines.append(f"corruption deck: {sc.get('G_CORRUPTIONS')} of {sc.get('G_CORRUPTION_TOTAL')}")
    for p in range(sc.matchup.players):
        b = sc.base(p)
        breaches = ", ".join(BREACH_TEXT.get(int(x), f"stage {int(x)}") for x in s[b + L.P_BREACH: b + L.P_BREACH + 4])
        prepped = ", ".join(f"{lib.player_names[s[b + L.P_PREP + k]]}@{k // 2 + 1}"
                            for k in range(8) if s[b + L.P_PREP + k] >= 0)
        hand = s[b + L.P_HAND: b + L.P_HAND + s[b + L.P_HAND_N]]
        deck = s[b + L.P_DECK: b + L.P_DECK + s[b + L.P_DECK_N]][::-1]
        discard = s[b + L.P_DISCARD: b + L.P_DISCARD + s[b + L.P_DISCARD_N]]
        played = s[b + L.P_PLAYED: b + L.P_PLAYED + s[b + L.P_PLAYED_N]]
        lines.append(f"{mages[p]}: life {int(s[b + L.P_LIFE])}" + (" exhausted" if s[b + L.P_EXHAUSTED] else "")
                     + f" | charges {int(s[b + L.P_CHARGES])}/{int(s[b + L.P_CHARGE_MAX])} | breaches [{breaches}]"
                     + f" | prepped [{prepped}] | hand {_cards(sc, hand)} | deck (top first) {_cards(sc, deck)}"
                     + f" | discard (top last) {_cards(sc, discard)} | played {_cards(sc, played)}"
                     + f" | destroyed {int(s[b + L.P_DESTROYED_N])}")
    return lines


def playthrough(game, ruleset, matchup, policies, seeds) -> list[str]:
    """The golden playthrough (the kit's format, OpenSpiel style) of the single match in `seeds`: before every
    decision the whole state (`state:` lines), the legal actions (`legal:`, code and text) and the action
    taken (`action:`); the events of automatic play in between, indented."""
    from sim.core.seating import seats_for

    sc = _fresh(game, ruleset, matchup, seeds)
    mages = matchup.payload["mages"]
    bots = [p.name for p in seats_for(tuple(policies), matchup)]
    lines = [f"{game.name} {game.engine_version} edition {ruleset.ruleset_id} ({ruleset.ruleset_hash}) "
             f"{matchup.matchup_id} seed {int(seeds.root_seed)} pair {int(seeds.pair_index[0])}",
             ", ".join(f"seat {p}: {mage} [{bot}]" for p, (mage, bot) in enumerate(zip(mages, bots, strict=True)))]
    lines += _setup_lines(sc, ruleset)

    def on_decision(sc, legal, action, events):
        lines.extend(f"  {x}" for x in events)
        lines.extend(f"state: {x}" for x in state_lines(sc))
        lines.append("legal: " + ", ".join(f"[{a}] {describe_action(sc, a)}" for a in legal))
        lines.append(f"action: [{action}] {mages[sc.get('G_ACTIVE')]} {describe_action(sc, action)}")

    tail, _ = _play(sc, policies, on_decision, limit=20000)
    lines.extend(f"  {x}" for x in tail)
    lines.extend(f"state: {x}" for x in state_lines(sc))
    lines.append(_end_line(sc))
    return lines
