"""Veilwalkers in words: actions, events, the replay log and the golden playthrough."""

from __future__ import annotations

from sim.core.game import result_line
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import vocab as V

PIECES = ("Veilwalker", "Wayfinder", "Rememberer")
RINGS = ("I", "II", "III", "IV", "V", "VI")
DIRECTIONS = ("clockwise", "counterclockwise")
WATCHER = ("Dormant", "Hidden", "Revealed", "removed")
THREADS = {L.THREAD_CREATION: "Creation", L.THREAD_STORY: "Story", L.THREAD_MEMORY: "Memory"}


def card_name(index: int) -> str:
    """A card's name, or a board unit's (its row follows the deck cards: tables.unit_card)."""
    from sim.games.veilwalkers import GAME

    names = GAME.library.card_names
    if 0 <= index < len(names):
        return names[index]
    if 0 <= index - len(names) < len(V.UNIT_NAMES):
        return V.UNIT_NAMES[index - len(names)]
    return f"card {index}"


def site_name(site: int) -> str:
    if site == L.BLOOM:
        return "First Bloom"
    if site >= L.LOST:
        return f"Lost (Exit sector {site - L.LOST})"
    if site < 0:
        return "off the board"
    return f"{RINGS[site // L.SITES]} S{site % L.SITES}"


def piece_name(piece: int) -> str:
    return PIECES[piece] if piece < L.PIECE_FIGURE else f"Figure {piece - L.PIECE_FIGURE}"


def describe_action(action: int, hand: list[str] | None = None) -> str:
    kind, a, b = action >> 16, action >> 8 & 255, action & 255
    name = L.ACTION_NAMES[kind] if 0 < kind < len(L.ACTION_NAMES) else f"action {action}"
    held = f" {hand[a]}" if hand is not None and a < len(hand) else ""
    if kind == L.A_MULLIGAN:
        return f"bottom {bin(a).count('1')} (mask {a})"
    if kind == L.A_START:
        return f"start Ring I S{a}"
    if kind == L.A_RESPOND:
        return f"respond with {a}{held}"
    if kind == L.A_PASS:
        return "pass priority"
    if kind in (L.A_WEAVE, L.A_PLAY, L.A_OFFER, L.A_DISCARD):
        where = ""
        road_card = portable = False
        if kind == L.A_PLAY and hand is not None and a < len(hand):
            from sim.games.veilwalkers import GAME

            road_card = GAME.library.cards[hand[a]]["type"] in ("event", "memory", "path")
            portable = bool(GAME.library.cards[hand[a]].get("portable"))
        if kind == L.A_PLAY and portable:
            where = f" equipped to Figure {b}"
        elif kind == L.A_PLAY and road_card and b >= L.ROAD_TARGET:
            where = f" on the {DIRECTIONS[b - L.ROAD_TARGET]} road"
        elif kind == L.A_PLAY and b == L.PLAY_AT_STRONGHOLD:
            where = " at the Stronghold"
        elif kind == L.A_PLAY and b >= L.PLAY_BEHIND_LINES:
            where = f" behind the lines at {site_name(b - L.PLAY_BEHIND_LINES)}"
        return f"{name} {a}{held}{where}"
    if kind in (L.A_MOVE, L.A_ROTATE):
        subject = piece_name(a) if kind == L.A_MOVE else f"Ring {RINGS[a]}"
        return f"{name} {subject} {DIRECTIONS[b]}"
    if kind == L.A_TRAVERSE:
        return f"traverse {piece_name(a)} {'inward' if b == 0 else 'outward'}"
    if kind == L.A_ESCORT:
        return f"traverse Veilwalker {'inward' if b == 0 else 'outward'} with Figure {a}"
    if kind == L.A_TRIO:
        return f"trio crossing {'inward' if b == 0 else 'outward'}"
    if kind in (L.A_WAYMARK, L.A_PRESENT):
        return f"{name} boundary {RINGS[a]}-{RINGS[a + 1]}"
    if kind == L.A_FALLBACK:
        return f"fallback boundary {RINGS[a]}-{RINGS[a + 1]} {THREADS.get(b, b)}"
    if kind == L.A_CHALLENGE:
        return f"challenge Figure {a} vs enemy Figure {b}"
    if kind in (L.A_ACTIVATE, L.A_CLAIM, L.A_STRIKE, L.A_INTERCEPT):
        return f"{name} {a}"
    if kind in (L.A_MUTE, L.A_REACTIVATE):
        return f"{name} {'enemy ' if kind == L.A_MUTE else ''}Relic {a}"
    if kind == L.A_RAZE:
        return f"raze enemy Relic {b} with Figure {a}"
    if kind == L.A_DRIVE_OFF:
        return f"drive off enemy {piece_name(b)} with Figure {a}"
    if kind == L.A_LINK:
        return f"link {piece_name(a)} to Waystation {b}"
    if kind == L.A_ESCAPE:
        return f"escape {piece_name(a)}" + (f" with Figure {b - 1}" if b else "")
    if kind == L.A_BREACH:
        return "force the breach"
    if kind == L.A_REACT:
        return f"react with Figure {a}"
    if kind == L.A_CHALLENGE_WATCHER:
        return f"challenge the Watcher with Figure {a}"
    if kind == L.A_CLOSE_EYE:
        return "close the eye" + (f" (Veilshock enemy Figure {b - 1})" if b else "")
    if kind == L.A_REMNANT:
        return f"spend the Remnant: {piece_name(a)} {DIRECTIONS[b]}"
    if kind == L.A_DESTROY:
        return f"destroy the enemy Stronghold with Figure {a}"
    if kind in (L.A_TRIAL, L.A_SACRIFICE):
        return f"{name} Figure {a} at boundary {RINGS[b]}-{RINGS[b + 1]}"
    if kind == L.A_SEARCH:
        return f"search the Veil at boundary {RINGS[a]}-{RINGS[a + 1]}"
    if kind == L.A_RECRUIT:
        return f"recruit the Local of settlement {b} with the {piece_name(a)}"
    if kind == L.A_AWAKEN:
        return f"awaken board Sentinel {b}"
    if kind == L.A_PATROL:
        return f"deploy the Patrol at {site_name(a)}"
    if kind == L.A_PATROL_MOVE:
        return f"move the Patrol to {site_name(a)}"
    if kind == L.A_RECALL:
        return "recall the Patrol"
    if kind == L.A_INVOKE:
        return f"invoke {alignment_name(a)}{choice_words(a, b)}"
    if kind == L.A_NO_INVOKE:
        return "decline the Alignment"
    if kind == L.A_CLAIM_RELIC:
        return f"claim the Dropped Portable Relic {b % L.PORT_CAP} of seat {b // L.PORT_CAP} with Figure {a}"
    return name


def alignment_name(k: int) -> str:
    from sim.games.veilwalkers import GAME

    names = GAME.library.alignment_names
    return f"{V.ALIGNMENT_IDS[k]} {names[k]}" if 0 <= k < len(names) else f"Alignment {k}"


def choice_words(k: int, choice: int) -> str:
    """An invocation's choice (rules/glyphs.py): a road, a `choose_one` Alignment's effect, a Figure, a
    Remembrance or a Site of the Veilwalker's Ring."""
    from sim.games.veilwalkers import GAME
    from sim.games.veilwalkers import tables as T
    from sim.games.veilwalkers.rules.glyphs import CHOICE_FIGURE, CHOICE_SITE, CHOICE_TOKEN

    if L.ROAD_TARGET <= choice < L.ROAD_TARGET + 2:
        return f" on the {DIRECTIONS[choice - L.ROAD_TARGET]} road"
    if choice >= CHOICE_SITE:
        return f" (local Site {choice - CHOICE_SITE} of the Veilwalker's Ring)"
    if choice >= CHOICE_TOKEN:
        return f" (Remembrance {choice - CHOICE_TOKEN})"
    if choice >= CHOICE_FIGURE:
        return f" (Figure slot {choice - CHOICE_FIGURE})"
    if choice >= L.ROAD_TARGET + 2 and 0 <= k < len(GAME.library.alignment_rows):
        op = GAME.library.alignment_rows[k][T.AL_OP + choice - L.ROAD_TARGET - 2]
        return f" ({V.ALIGNMENT_OPS[op]})"
    return ""


def describe_event(row) -> str:
    kind, seat, a, b, c = (int(v) for v in row[: L.EVENT_WIDTH])
    who = f"seat {seat}"
    if kind == L.EV_TURN:
        return f"round {a}: {who} begins its turn with {b} Actions"
    if kind == L.EV_DRAW:
        return f"{who} draws {card_name(a)}"
    if kind == L.EV_WEAVE:
        return f"{who} weaves {card_name(a)} (Loom {b})"
    if kind == L.EV_PLAY:
        return f"{who} plays {card_name(a)} at {site_name(b)}"
    if kind == L.EV_MOVE:
        return f"{who} {piece_name(a)}: {site_name(b)} -> {site_name(c)}"
    if kind == L.EV_ROTATE:
        return f"{who} turns Ring {RINGS[a]} {DIRECTIONS[b]} (offset {c})"
    if kind == L.EV_WAYMARK:
        return f"{who} binds the Waymark of {RINGS[a]}-{RINGS[a + 1]}"
    if kind == L.EV_RITE:
        return f"{who} completes the Rite of {V.RITES[b]} ({RINGS[a]}-{RINGS[a + 1]})"
    if kind == L.EV_ACTIVATE:
        return f"{who} activates node {a} at {site_name(b)}{' (first activation)' if c else ''}"
    if kind == L.EV_DEACTIVATE:
        return f"{who} node {a} at {site_name(b)} deactivates (enemy control)"
    if kind == L.EV_CLAIM:
        return f"{who} claims Remembrance {a} at {site_name(b)}"
    if kind == L.EV_CHALLENGE:
        return f"{who} {card_name(a)} fights {card_name(b) if b >= 0 else 'the Watcher'}" + (" (attacker Broken)" if c & 1 else "") + (
            " (defender Broken)" if c & 2 else "")
    if kind == L.EV_STRIKE:
        return f"{who} {card_name(a)} strikes: the opponent loses {b} Thread"
    if kind == L.EV_DISLODGE:
        return f"{who} drops Remembrance {a} at {site_name(b)}"
    if kind == L.EV_INTERCEPT:
        return f"{who} intercepts with {card_name(a)}"
    if kind == L.EV_DISCARD:
        return f"{who} discards {card_name(a)}"
    if kind == L.EV_MULLIGAN:
        return f"{who} puts {a} card(s) on the bottom and redraws"
    if kind == L.EV_START:
        return f"seat 1 (won the flip) starts at Ring I S{a}; seat 0 at Ring I S{b}"
    if kind == L.EV_BLOOM:
        return f"{who} {piece_name(a)} enters First Bloom"
    if kind == L.EV_GAIN:
        what = ("gains Growth", "gains Disruption", "spends three Disruption: Break Through")[a]
        return f"{who} {what} ({b})"
    if kind == L.EV_MUTE:
        return f"{who} {'Mutes' if b else 'Reactivates'} {card_name(a)}"
    if kind == L.EV_RAZE:
        return f"{who} {card_name(a)} razes {card_name(b)}" + (": Broken" if c else ": it holds")
    if kind == L.EV_DRIVE_OFF:
        return f"{who} drives off the enemy {piece_name(a)}: {site_name(b)} -> {site_name(c)} (Exhausted)"
    if kind == L.EV_WATCHER:
        behavior = f" ({('Lurk', 'Lurk', 'Observe', 'Observe', 'Interfere', 'Interfere')[c - 1]})" if c else ""
        return f"the Watcher: {WATCHER[b]} at {site_name(a)}{behavior}"
    if kind == L.EV_ATTENTION:
        return f"{who} Attention {a}"
    if kind == L.EV_SUPPRESS:
        return f"the Watcher Suppresses {card_name(a)} ({who})"
    if kind == L.EV_CLOSE_EYE:
        return f"{who} closes the Eye: die {a}" + (f", Veilshock on {card_name(b)}" if b >= 0 else "")
    if kind == L.EV_REMNANT:
        return f"{who} spends its Remnant: {piece_name(a)} to {site_name(b)}, one Thread restored"
    if kind == L.EV_UNIT:
        unit = ("a Recruit", "a board Sentinel", "its Patrol")[a - L.UNIT_RECRUIT]
        what = ("gains {} at {}", "loses {} at {} (defeated)", "loses {} at {} (removed with the Ring)",
                "recalls {} from {}", "loses {} at {} (Routed with no Stronghold)")[c]
        return f"{who} " + what.format(unit, site_name(b))
    if kind == L.EV_RELIC:
        if b == L.RELIC_DISCARDED:  # its Ring closed, or its Lost bearer left play
            return f"{who} loses {card_name(a)} to its owner's discard (from {site_name(c)})"
        what = ("equips", "drops", "claims", "awakens")[b]
        return f"{who} {what} {card_name(a)} at {site_name(c)}"
    if kind == L.EV_ROUTE:
        return f"{who} Patrol Routed home Exhausted: {site_name(a)} -> {site_name(b)}"
    if kind == L.EV_GLYPH:
        chain = ("Turn", "Threadline")[b]
        return f"{who} adds the Glyph {V.GLYPHS[a]} to its {chain} Chain ({c} held)"
    if kind == L.EV_ALIGNMENT:
        return f"{who} invokes {alignment_name(a)}{choice_words(a, b)}"
    if kind == L.EV_RESPOND:
        return f"{who} responds with {card_name(a)}" + (f" (to cancel pending effect {b - 1})" if b else "")
    if kind == L.EV_CANCEL:
        what = alignment_name(a) if b == L.TL_ALIGNMENT else card_name(a)
        return f"{who} has {what} cancelled" + ("" if b == L.TL_ALIGNMENT else " (to its discard)")
    if kind == L.EV_TEMPORARY:
        what = {L.TEMP_POWER: f"+{c} Power until end of turn", L.TEMP_WEAKEN: f"-{c} Power (minimum 1) until end of turn",
                L.TEMP_ROUND_POWER: f"+{c} Power until end of Round",
                L.TEMP_WARD: f"a ward: its first Challenge damage -{c} until its Company's next Remember",
                L.TEMP_RESCUE: "a rescue from its first Break until its Company's next Remember",
                L.TEMP_RESONANCE: f"{c} temporary Resonance", L.TEMP_HOLD: f"Hold The Convergence (+{c} Presence)",
                L.TEMP_KEEP: f"Remembrance {c} kept from opposing Drops",
                L.TEMP_EXPIRED: "the end of its temporary " + ("Power" if c == L.TEMP_POWER else "Round Power"),
                L.TEMP_WARDED: f"its ward: Challenge damage -{c}",
                L.TEMP_RESCUED: f"its rescue: left at {c} damage, Exhausted",
                L.TEMP_GATE: f"the Gate of boundary {c} treated as aligned for its next Traverse this turn",
                L.TEMP_UNSEEN: f"its next Waymark or Traverse at {site_name(c)} ignores the Revealed Watcher this turn"}[a]
        return f"{who} {card_name(b) if b >= 0 else 'Company'}: {what}"
    if kind == L.EV_ROAD:
        what = ("closes", "Breaks", "repairs", "sees its closure expire on")[b]
        return f"{who} {what} the road {site_name(a)} - {site_name(L.SITES * (a // L.SITES) + (a + 1) % L.SITES)}"
    if kind == L.EV_PATROL_HALT:
        return f"{who} Patrol Exhausts the arriving {card_name(a)} at {site_name(b)}"
    if kind == L.EV_WEAKEN:
        return f"{who} gives the arriving {card_name(a)} -1 Power until its next Remember (Power {b})"
    if kind == L.EV_REMEMBERED:
        return f"{site_name(a)} becomes Remembered ({who})"
    if kind == L.EV_STRONGHOLD:
        what = ("establishes its Stronghold", "places a Foundation (the old Stronghold removed)",
                "finishes its Stronghold", "loses its Stronghold (destroyed)", "abandons its Foundation",
                "loses its Stronghold or Foundation with the Ring")[b]
        return f"{who} {what} at {site_name(a)}"
    if kind == L.EV_FRAYING:
        return f"Ring {RINGS[a]} is Fraying (it closes at this Round's end)"
    if kind == L.EV_CLOSE:
        return f"Ring {RINGS[a]} closes"
    if kind == L.EV_LOST:
        return f"{who} {piece_name(a)} is Lost in the Fray (Exit sector {b})"
    if kind == L.EV_ESCAPE:
        return f"{who} {piece_name(a)} {'forces the breach' if c else 'escapes'} to {site_name(b)}"
    if kind == L.EV_REACTION:
        return f"{who} arrival reaction: die {a}" + (f" against Figure {b}" if a >= 3 else "")
    if kind == L.EV_EFFECT:
        return f"{who} effect {V.OPS[a]}: {b}"
    if kind == L.EV_END:
        outcome = "draw" if seat < 0 else f"seat {seat} wins"
        return f"end: {outcome} ({V.END_REASONS[a]})"
    return f"event {kind} {seat} {a} {b} {c}"


def _header(game, ruleset, matchup, bots_by_slot, seed: int, pair: int, order: int) -> list[str]:
    seating = matchup.seating
    table = seating.slot_table()[order]
    seats = ", ".join(
        f"seat {k}: {matchup.sides[int(table[k])]} [{bots_by_slot[int(table[k])].name}]" for k in range(seating.seats)
    )
    return [
        f"{game.name} {game.engine_version} edition {ruleset.ruleset_id} ({ruleset.ruleset_hash}) {matchup.matchup_id} "
        f"seed {seed} pair {pair} order {order}",
        seats,
    ]


def state_line(scenario) -> str:
    st = scenario.state()
    parts = [f"round {st['round']} seat {st['decider']} {st['pending']} actions {st['actions']} offsets "
             f"{''.join(str(o) for o in st['offsets'])} watcher {st['watcher']} {site_name(st['watcher_site'])} "
             f"closed {st['closed']} fraying {st['fraying']}"]
    for k, p in enumerate(st["players"]):
        parts.append(f"[{k} {p['company']} thread {p['thread']} res {p['resonance']} loom {p['loom']} hand "
                     f"{len(p['hand'])} deck {p['deck']} VB {'/'.join(site_name(s) for s in p['veilbound'])} "
                     f"figs {len(p['figures'])} rem {p['remembrances']} nodes {p['nodes']} rites {p['rites']}]")
    return " ".join(parts)


def replay_log(game, ruleset, matchup, bots_by_slot, seed: int, pair: int, order: int) -> list[str]:
    """Every event of one match, then its result line (the batch row's winner, length and scores)."""
    from sim.games.veilwalkers.scenario import VeilwalkersScenario

    scenario = VeilwalkersScenario(ruleset, matchup, seed, order, pair)
    while not scenario.state()["done"]:
        scenario.apply(scenario.bot_action(bots_by_slot))
    header = _header(game, ruleset, matchup, bots_by_slot, seed, pair, order)
    return header + scenario.events_text() + [result_line(game, scenario.result())]


def playthrough(game, ruleset, matchup, bots_by_slot, seed: int, order: int) -> list[str]:
    """The golden playthrough: before every decision the state line and the legal actions, then the
    action taken and what it did."""
    from sim.games.veilwalkers.scenario import VeilwalkersScenario

    scenario = VeilwalkersScenario(ruleset, matchup, seed, order)
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
