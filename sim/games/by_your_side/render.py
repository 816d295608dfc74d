"""By Your Side in words: actions, choices, events, the replay log and the golden playthrough."""

from __future__ import annotations

import numpy as np

from sim.core.game import SeedBlock, result_line
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import vocab

SEAT_NAMES = ("Jolene", "Rosi")
BOX_NAMES = {0: "the reserve", 2: "position 2", 3: "position 3", 4: "position 4", 5: "position 5",
             L.BOX_DECK: "the Exploration Deck", L.BOX_OFFERING: "the Offering", L.BOX_SUPPORT: "Support"}
CHOICE_NAMES = {0: "", L.CHOICE_TARGET: "target", L.CHOICE_CHARACTER: "character", L.CHOICE_NEGATE: "negate",
                L.CHOICE_BOX: "box", L.CHOICE_SUPPORT: "support", L.CHOICE_YES_NO: "yes_no",
                L.CHOICE_HAND_CARD: "hand_card", L.CHOICE_DISCARD_CARD: "discard_card", L.CHOICE_SCOUT: "scout",
                L.CHOICE_DIE: "die", L.CHOICE_SOURCE: "source"}


def _name(names, card: int) -> str:
    return names[card] if 0 <= card < len(names) else "nothing"


def location(names, state, loc: int) -> str:
    if loc >= L.LOC_POSITION:
        p = loc - L.LOC_POSITION
        r = L.POSITIONS + p * L.RECORD
        card = int(state[r + L.R_CARD])
        shown = _name(names, card) if state[r + L.R_REVEALED] or state[r + L.R_PEEKED] else "a face-down card"
        return f"{shown} in position {p}"
    r = L.THRESHOLD + loc * L.RECORD
    return f"{_name(names, int(state[r + L.R_CARD]))} on the Threshold ({loc + 1})"


def describe_action(names, action: int, state=None) -> str:
    kind, a, b = action >> 16, (action >> 8) & 255, action & 255
    seat = int(state[L.G_DECIDER]) if state is not None else -1
    base = L.PLAYERS + max(seat, 0) * L.SEAT_SIZE
    if kind == L.A_PASS:
        return "pass"
    if kind in (L.A_PLAY, L.A_CONVERT, L.A_SUPPORT):
        verb = {L.A_PLAY: "play", L.A_CONVERT: "convert", L.A_SUPPORT: "support for Energy: discard"}[kind]
        return f"{verb} {_name(names, a)}"
    if kind == L.A_RETRIEVE:
        return f"retrieve {location(names, state, L.LOC_POSITION + a)}" if state is not None else f"retrieve position {a}"
    if kind in (L.A_USE, L.A_UNEQUIP):
        card = _name(names, int(state[base + L.P_TALISMAN + a])) if state is not None else f"slot {a}"
        return f"{'use' if kind == L.A_USE else 'unequip'} {card}"
    if kind == L.A_CHARM:
        card = _name(names, int(state[base + L.P_CHARM + a])) if state is not None else f"slot {a}"
        return f"banish {card} to activate it"
    if kind == L.A_DROP_SIGIL:
        card = _name(names, int(state[base + L.P_SIGIL + a])) if state is not None else f"slot {a}"
        return f"discard sigil {card}"
    if kind in (L.A_FOCUS, L.A_UNFOCUS):
        return f"{'focus' if kind == L.A_FOCUS else 'unfocus'} {vocab.CHAKRAS[a]}"
    if kind == L.A_FULL_FOCUS:
        return "full focus"
    if kind in (L.A_OFFER_RETRIEVE, L.A_OFFER_TRADE):
        card = _name(names, int(state[L.OFFER + a])) if state is not None else f"slot {a}"
        return f"offering: {'retrieve' if kind == L.A_OFFER_RETRIEVE else 'trade a card for'} {card}"
    if kind == L.A_TARGET:
        return f"target {location(names, state, a)}" if state is not None else f"target {a}"
    if kind == L.A_SKIP:
        return "skip"
    if kind == L.A_CHARACTER:
        return f"choose {SEAT_NAMES[a]}"
    if kind == L.A_NEGATE:
        return f"negate 1: discard {_name(names, a)}"
    if kind == L.A_ACCEPT:
        return "take the loss"
    if kind == L.A_BOX:
        return f"token: {BOX_NAMES.get(a, a)}"
    if kind == L.A_SUPPORT_CARD:
        return f"support the card: discard {_name(names, a)}"
    if kind in (L.A_YES, L.A_NO):
        return "yes" if kind == L.A_YES else "no"
    if kind == L.A_CARD:
        return f"card {_name(names, a)}"
    if kind == L.A_REVEAL:
        return f"reveal position {a}"
    if kind == L.A_PEEK:
        return "peek at the Exploration Deck" if a == L.BOX_DECK else f"peek at position {a}"
    if kind == L.A_KEEP_DIE:
        return "keep the die"
    if kind == L.A_REROLL:
        return f"re-roll ({SEAT_NAMES[a]}'s Charm)"
    if kind in (L.A_RAISE, L.A_LOWER):
        return f"{'raise' if kind == L.A_RAISE else 'lower'} the die ({SEAT_NAMES[a]}'s Talisman)"
    return f"action {kind} {a} {b}"


def describe_event(names, event_names, row, status_names=()) -> str:
    kind, seat, a, b, c = (int(v) for v in row[: L.EVENT_WIDTH])
    who = SEAT_NAMES[seat] if 0 <= seat < 2 else "the game"
    if kind == L.EV_ROUND:
        return f"round {a}: {'Player Phase' if b == 1 else 'Astral Phase'}"
    if kind == L.EV_ACTION:
        return f"{who} decides"
    if kind == L.EV_CROSS:
        if b == -1:
            return f"{_name(names, a)} crosses the Veil and is Banished"
        if b == -2:
            return f"{_name(names, a)} goes to the bottom of the Exploration Deck"
        return f"{_name(names, a)} crosses the Veil (Threshold {b}, surge {c})"
    if kind == L.EV_REVEAL:
        return f"{_name(names, a)} is revealed in position {b}"
    if kind == L.EV_EVENT:
        if a < 0:
            return "no unread Event: the Event card is Banished"
        return f"Event read: {event_names[a]} (card: {vocab.EVENT_CARD_FATES[b]})"
    if kind == L.EV_WEAKEN:
        return f"{who} weakens {_name(names, a)} by {b} (Strength {c})"
    if kind == L.EV_BANISH:
        return f"{who} banishes {_name(names, a)}"
    if kind == L.EV_STABILITY:
        return f"{who} Stability {a:+d} -> {b}"
    if kind == L.EV_UNCONSCIOUS:
        return f"{who} falls unconscious"
    if kind == L.EV_REVIVED:
        return f"{who} regains consciousness"
    if kind == L.EV_DRAW:
        return f"{who} draws {_name(names, a)}"
    if kind == L.EV_SHUFFLE:
        return f"{who} shuffles {a} discarded cards into a new deck"
    if kind == L.EV_EXHAUSTION:
        return f"{who} takes Exhaustion from the Archive" if a >= 0 else f"{who}: no card to draw, no Exhaustion left"
    if kind == L.EV_RETRIEVE:
        return f"{who} retrieves {_name(names, a)}"
    if kind == L.EV_ENERGY:
        return f"{who} Energy {a:+d} -> {b}"
    if kind == L.EV_OFFERING:
        return "the Angel's Offering opens" if a else "the Angel's Offering closes"
    if kind == L.EV_END:
        return f"end: {'the team wins' if seat == 0 else 'the game wins'} ({vocab.END_REASONS[a]})"
    if kind == L.EV_DIE:
        return f"die: {a}" + (f" ({b:+d})" if b else "")
    if kind == L.EV_ENTER:
        if b == 2:
            return f"{_name(names, c)} becomes {_name(names, a)}"
        return f"{_name(names, a)} {'is placed on' if b == 1 else 'moves to'} the Threshold"
    if kind == L.EV_PEEK:
        where = f"position {b}" if b else "the top of the Exploration Deck"
        return f"{who} peeks at {where}: {_name(names, a)}"
    if kind == L.EV_DISCARD:
        how = {1: " (an Intrusive thought)", 2: " (from the Archive)"}.get(b, "")
        return f"{who} discards {_name(names, a)}{how}"
    if kind == L.EV_SURGE:
        return f"Veil Surge of {a} Threats"
    if kind == L.EV_CHECK:
        return f"Threshold check: {a} Threats"
    if kind == L.EV_FOCUS:
        if a == -10:
            return f"{who} uses Full Focus"
        if a < 0:
            return f"{who} {'focuses' if b else 'unfocuses'} {vocab.CHAKRAS[-1 - a]}"
        return f"{who} {'puts a Focus token on' if b else 'takes a Focus token from'} {BOX_NAMES.get(a, a)}"
    if kind == L.EV_TRACK:
        return f"track {a}, stage {b}"
    if kind == L.EV_STATUS:
        return f"Status {status_names[a] if a < len(status_names) else a} marked (the Journal keeps it if this attempt wins)"
    return f"event {kind} {seat} {a} {b} {c}"


def _header(game, ruleset, matchup, bots_by_slot, seed: int, pair: int, order: int) -> list[str]:
    seats = ", ".join(f"seat {k}: {matchup.slot_label(k)} [{bots_by_slot[k].name}]" for k in range(matchup.players))
    return [
        f"{game.name} {game.engine_version} edition {ruleset.ruleset_id} ({ruleset.ruleset_hash}) {matchup.matchup_id} "
        f"seed {seed} pair {pair} order {order}",
        seats,
    ]


def campaign_attempts(game, ruleset, matchup, bots_by_slot, seed: int, pair: int = 0, order: int = 0, play=None):
    """Play a campaign attempt by attempt through the scenario API, with the batch kernel's own campaign
    steps (campaign.begin, attempt_seeds, pack_attempt, after_attempt): yields (scenario index in the
    campaign, attempt, the replay Charms taken, the played ByYourSideScenario, the Journal after it, the
    lines ``play(scenario)`` returned while playing it; by default the bots play it silently)."""
    from sim.core import policies as policy_files
    from sim.core.game import Matchup
    from sim.core.rng import name_key
    from sim.games.by_your_side import batch, campaign
    from sim.games.by_your_side.scenario import ByYourSideScenario

    table = matchup.payload
    attempt_matchup, journal, attempt_seeds = batch.scratch()[6:]
    seeds = np.array([seed, name_key(matchup.matchup_id)], np.uint64)
    policy_ids, _ = policy_files.weight_matrix(tuple(bots_by_slot))
    campaign.begin(table, journal)
    while True:
        k, attempt = int(journal[campaign.J_SCENARIO]), int(journal[campaign.J_ATTEMPT])
        campaign.attempt_seeds(seeds, pair, k, attempt, attempt_seeds)
        if not campaign.pack_attempt(table, journal, policy_ids, attempt_seeds, pair, attempt_matchup):
            raise RuntimeError("a deck outgrew the engine's piles")
        charms = [int(c) for c in journal[campaign.J_CHARM: campaign.J_CHARM + 2]]
        played = Matchup(game.name, matchup.matchup_id, matchup.sides, 2, attempt_matchup.copy(), cooperative=True,
                         slot_labels=matchup.slot_labels)
        scenario = ByYourSideScenario(ruleset, played, seed, order, pair, seeds=attempt_seeds.copy())
        lines = play(scenario) if play else []
        while not scenario.state()["done"]:
            scenario.apply(scenario.bot_action(bots_by_slot))
        more = campaign.after_attempt(scenario.s, ruleset.tables.table, table, journal)
        yield k, attempt, charms, scenario, journal.copy(), lines
        if not more:
            return


def journal_lines(library, journal) -> list[str]:
    """The Journal in words: each player's deck (card x copies) and the Statuses marked."""
    from sim.games.by_your_side import campaign

    names = library.card_names
    lines = []
    for slot, who in enumerate(SEAT_NAMES):
        at = campaign.J_DECKS + slot * L.MAX_CARDS
        deck = ", ".join(f"{names[c]} x{int(journal[at + c])}" for c in range(len(names)) if journal[at + c])
        lines.append(f"  Journal, {who}'s deck: {deck}")
    marked = [name for name, bit in library.status_ids.items() if int(journal[campaign.J_STATUSES]) >> bit & 1]
    lines.append(f"  Journal, Statuses: {', '.join(marked) or 'none'}")
    return lines


def campaign_log(game, ruleset, matchup, bots_by_slot, seed: int, pair: int = 0, order: int = 0,
                 decisions: bool = False) -> list[str]:
    """A campaign: per attempt a header (scenario, attempt, replay Charms), its events (every action and what
    it did; with ``decisions``, the golden playthrough's lines instead), its result and the Journal after it;
    then the campaign's row as the batch kernel plays it."""
    from sim.games.by_your_side import batch

    library = ruleset.tables.library
    names = library.card_names
    lines = _header(game, ruleset, matchup, bots_by_slot, seed, pair, order)
    play = (lambda scenario: play_through(scenario, bots_by_slot)) if decisions else None
    for k, attempt, charms, scenario, journal, played in campaign_attempts(game, ruleset, matchup, bots_by_slot, seed,
                                                                           pair, order, play):
        taken = ", ".join(f"{SEAT_NAMES[s]} takes {_name(names, c)}" for s, c in enumerate(charms) if c >= 0)
        sid = library.campaigns[matchup.matchup_id]["scenarios"][k]
        lines.append(f"== scenario {k + 1} ({sid}), attempt {attempt + 1}" + (f"; replay Charms: {taken}" if taken else ""))
        lines += played if decisions else [f"  {t}" for t in scenario.events_text()]
        lines.append(f"  {result_line(game, scenario.result())}")
        lines += journal_lines(library, journal)
    seeds = SeedBlock(seed, name_key_of(matchup), np.array([pair], np.int64), np.array([order], np.uint8))
    result = game.play_batch(ruleset, matchup, tuple(bots_by_slot), seeds)
    lines.append("campaign: " + ", ".join(f"{name} {int(result.extra[name][0])}"
                                          for name in batch.MATCH_EXTRAS[len(batch.MATCH_FIELDS):]))
    return lines + [result_line(game, result)]


def name_key_of(matchup) -> int:
    from sim.core.rng import name_key

    return name_key(matchup.matchup_id)


def replay_log(game, ruleset, matchup, bots_by_slot, seed: int, pair: int, order: int) -> list[str]:
    """Every event of one match, then its result line (the batch row's winner, length and scores); of a
    campaign, every attempt's (campaign_log)."""
    from sim.games.by_your_side.scenario import ByYourSideScenario

    if matchup.payload[0] < 0:
        return campaign_log(game, ruleset, matchup, bots_by_slot, seed, pair, order)
    scenario = ByYourSideScenario(ruleset, matchup, seed, order, pair)
    while not scenario.state()["done"]:
        scenario.apply(scenario.bot_action(bots_by_slot))
    header = _header(game, ruleset, matchup, bots_by_slot, seed, pair, order)
    return header + scenario.events_text() + [result_line(game, scenario.result())]


def state_line(scenario) -> str:
    s = scenario.state()
    players = " | ".join(
        f"{p['character']} S{p['stability']} E{p['energy']} hand {','.join(p['hand']) or '-'}"
        + (" (unconscious)" if p["unconscious"] else "")
        for p in s["players"]
    )
    shown = []  # a face-down card in brackets (the record shows it; the bots do not see it)
    for p, card in s["positions"].items():
        record = scenario.record(L.LOC_POSITION + p)
        shown.append(f"{p}:{card if record['revealed'] or card is None else '[' + card + ']'}" if card else f"{p}:-")
    planes = " ".join(shown)
    threshold = ",".join(f"{name}({strength})" for name, strength in s["threshold"]) or "-"
    return f"round {s['round']} {s['phase']} | {players} | Threshold {threshold} | {planes}"


def playthrough(game, ruleset, matchup, bots_by_slot, seed: int) -> list[str]:
    """The golden playthrough: before every decision the state line, the decider and the legal actions,
    then the action taken and what it did; it ends with the result line."""
    from sim.games.by_your_side.scenario import ByYourSideScenario

    scenario = ByYourSideScenario(ruleset, matchup, seed, 0)
    lines = _header(game, ruleset, matchup, bots_by_slot, seed, 0, 0)
    lines += play_through(scenario, bots_by_slot)
    lines.append(result_line(game, scenario.result()))
    return lines


def play_through(scenario, bots_by_slot) -> list[str]:
    """Play the scenario to its end with the bots, as playthrough lines (state, decider and legal actions,
    the action, what it did)."""
    lines = []
    seen = [0]

    def flush() -> None:
        text = scenario.events_text()
        lines.extend(f"  {t}" for t in text[seen[0]:] if not t.endswith("decides"))
        seen[0] = len(text)

    flush()
    while not scenario.state()["done"]:
        action = scenario.bot_action(bots_by_slot)
        lines.append(f"state: {state_line(scenario)}")
        lines.append(f"{SEAT_NAMES[scenario.state()['decider']]} decides ({scenario.state()['choice'] or 'main'}); legal: "
                     + "; ".join(scenario.describe(a) for a in scenario.legal()))
        lines.append(f"action: {scenario.describe(action)}")
        scenario.apply(action)
        flush()
    return lines
