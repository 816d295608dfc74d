"""By Your Side: Beyond the Veil — the cooperative two-player engine (rulebook by-your-side.txt;
RULES.md maps every clause to the code below and its test).

Rules summary. Jolene (slot 0, Stability 8) and Rosi (slot 1, Stability 9) play one scenario as a team.
Set-up: each focused position Beyond the Veil gets a card from the shuffled Exploration Deck (position 1
revealed), each player draws 5, Energy 0, the scenario's prologue resolves. A round is a Player Phase
then an Astral Phase:
  Player Phase: In hand effects (Doubt) and cooldowns first; then both players act freely: play cards for
    their cost in Energy, convert cards to Energy, Retrieve revealed cards for their retrieve cost,
    use Talismans (cooldown: every third phase), Banish Charms, focus a chakra (2 Energy, once), move a
    token off a chakra, Full Focus, an Offering action, Support the other player (from Scenario 2). Then
    Energy returns, played and converted cards are discarded, both draw up to the hand limit (an empty
    deck reshuffles the discard pile; both empty: Exhaustion from the Archive), end-of-phase effects.
  Astral Phase: more than 7 Threats on the Threshold lose; the card in position 1 crosses the Veil (a
    Threat to the Threshold, newest rightmost), the cards behind move up skipping unfocused positions,
    a Threat moving into position 1 follows (the Veil Surge, at most 3, broken by a non-Threat or a card
    read or Banished on reveal); then the Planes refill; then the Threshold's Threats resolve oldest
    first, then revealed cards Beyond the Veil from the Veil outward.
  Weakening to 0 Banishes a Threat (its Reward first); Apex Manifestations are defeated instead. A
  character at 0 Stability is unconscious (any gain revives); both unconscious lose. Scenarios end by
  their Events (win), a track goal, or the Planes running out / a round limit (lose).

The two-bot protocol (the rulebook: "Players act freely. There is no set order, and no limit to how many
actions a player can take in a row"). One seat decides at a time (G_DECIDER):
  - In the Player Phase's free actions the seat G_SEAT decides; it takes any number of actions in a row,
    then passes; a pass hands the decision to the other seat. Two passes in a row (no action between)
    end the actions: drawing begins. So play can come back: A acts, passes; B acts, passes; A acts again.
    The seat that opens alternates by round (Jolene in round 1).
  - A choice inside an effect (a target, "either character", a token's box, a Scout) is the decision of
    the seat whose card or action it is; the game's own choices ("the players decide together": an
    Intrusive thought's recipient, a Threat's "one character", a further Angel's replacements) are the
    decision of the seat `team_decider` names. A negation is the losing player's decision, a penalty
    discard the discarding player's.
  - The Support window: when a player plays a card with an "if supported" bonus and the other player can
    Support, the other player decides (discard a card to support it, or not) before it resolves.
  - In the batch kernel a decision with a single legal action is taken at once (still counted in `turns`);
    the scenario API stops at it. A bot takes a lone legal action without a draw from its stream.

Encoding (layout.py). The state is one int64 vector: global fields; Focus boxes; card records (card,
Strength, revealed, peeked, attached Sigil, instance, flags) for positions 1-5 and the Threshold (in
arrival order); the Exploration Deck; the Offering and its decks; the Archive's and the match's copy
counts per card; the effect frames and the trigger queue; one block per seat (Energy, Stability, piles,
Talismans, Sigils, Charms, chakras, per-phase allowances, statistics). An action is kind << 16 | a << 8
| b (layout.A_*): main actions (play a card id, convert a card id, Retrieve position p, ...) and answers
to choices (target a location, a seat, a box, a card id, reveal / peek a position, ...). Events are rows
(kind, seat, a, b, c). Random streams: each seat's deck shuffles and its bot (keyed by deck slot), the
Exploration Deck's shuffles, the die.

Compile time: a constant argument to an out-of-line @njit function (a literal, or a module constant such as
L.CHOICE_TARGET) makes numba compile one copy of the callee per value, and each copy again in every
caller's library; such arguments are wrapped in `np.int64(...)` / `np.bool_(...)` (the Aeon's End rule).

The campaign (campaign.py) plays a scenario per attempt through this spine: an attempt's matchup table holds
the Journal's decks and Statuses (G_STATUSES, marked by Events and read by steps' `if` / `unless`).

The spine: `reset` sets up, `start` runs to the first decision, `legal_actions`, `step` applies an action and
runs to the next decision, `status`, `check_invariants` (debug mode, after every action). The rules are in
rules/ (one module per area).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.core.kernel import seat_streams
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side.rules import astral, cards, effects, items, planes, player_phase
from sim.games.by_your_side.rules.events import available_features, run_prologue
from sim.games.by_your_side.rules.log import log_event
from sim.games.by_your_side.rules.queue import fail, ready_trigger

SEATS = 2


@njit(cache=True, _nrt=False)
def reset(state, ruleset, matchup, seeds, pair, order, keys, counters, events, counts, count_cards):
    """A new match of deal ``pair``: streams keyed, decks and the Exploration Deck shuffled, the Planes and
    the hands dealt, the prologue pushed (`start` runs it and the game to the first decision). The Planes'
    version (G_PLANES_VERSION) goes on from the match before: the bots' scores keep their snapshot of it."""
    planes_version = state[L.G_PLANES_VERSION]
    for i in range(state.shape[0]):
        state[i] = 0
    state[L.G_PLANES_VERSION] = planes_version + 1
    for p in range(L.N_POSITIONS + 1):
        planes.clear_record(state, planes.position(p))
    for i in range(L.THRESHOLD_CAP):
        planes.clear_record(state, planes.threshold(i))
    for slot in range(L.OFFER_SLOTS):
        state[L.OFFER + slot] = -1
    for i in range(keys.shape[0]):
        keys[i] = 0
        counters[i] = 0
    seat_streams(seeds, pair, order, 1, SEATS, rng.PURPOSE_DEAL, keys, L.STREAM_DEAL)
    seat_streams(seeds, pair, order, 1, SEATS, rng.PURPOSE_POLICY, keys, L.STREAM_BOT)
    keys[L.STREAM_EXPLORATION] = rng.stream_key(seeds[0], seeds[1], pair, rng.PURPOSE_SETUP, 0)
    keys[L.STREAM_DIE] = rng.stream_key(seeds[0], seeds[1], pair, rng.PURPOSE_CHANCE, 0)
    state[L.G_ORDER] = order
    state[L.G_WINNER] = -1
    s = matchup[T.M_SCENARIO]
    state[L.G_SCENARIO] = s
    state[L.G_STATUSES] = matchup[T.M_STATUSES]
    n = T.n_cards(ruleset)
    for c in range(n):
        state[L.TOTAL + c] = T.total_copies(matchup, c)
        state[L.ARCHIVE + c] = T.archive_at_start(matchup, n, c)
    for seat in range(SEATS):
        base = cards.seat_base(seat)
        for k in range(2):
            state[base + L.P_TALISMAN + k] = -1
        for k in range(3):
            state[base + L.P_SIGIL + k] = -1
        for k in range(L.CHARM_CAP):
            state[base + L.P_CHARM + k] = -1
        slot = seat  # one side: seat k is deck slot k (Jolene, Rosi) in the only seat order
        state[base + L.P_CHARACTER] = slot
        state[base + L.P_MAX_STABILITY] = T.character(ruleset, slot, T.CH_STABILITY)
        state[base + L.P_STABILITY] = state[base + L.P_MAX_STABILITY]
        for i in range(matchup[T.M_DECK_N + slot]):
            cards.pile_push(state, base, np.int64(L.P_DECK_N), np.int64(L.DECK_CAP), T.deck_card(matchup, n, slot, i))
        rng.shuffle(state, base + L.P_DECK, base + L.P_DECK + state[base + L.P_DECK_N], keys, counters,
                    L.STREAM_DEAL + seat)
    focus_mask = T.scenario(ruleset, s, T.SC_FOCUS)
    state[L.FOCUS + 1] = 1
    tokens = T.scenario(ruleset, s, T.SC_RESERVE)
    for box in range(2, L.N_BOXES):
        if focus_mask & (1 << box):
            state[L.FOCUS + box] = 1
            tokens += 1
    state[L.G_RESERVE] = T.scenario(ruleset, s, T.SC_RESERVE)
    state[L.G_FOCUS_TOKENS] = tokens
    state[L.G_UNLOCKED] = T.scenario(ruleset, s, T.SC_UNLOCKED) & available_features(ruleset)
    first = T.scenario_cards_base(ruleset, s)
    n_explore = T.scenario(ruleset, s, T.SC_N_EXPLORATION)
    n_charms = T.scenario(ruleset, s, T.SC_N_CHARMS)
    n_talismans = T.scenario(ruleset, s, T.SC_N_TALISMANS)
    for i in range(n_explore):
        state[L.EXPLORATION + i] = ruleset[first + i]
    state[L.G_EXPLORATION] = n_explore
    rng.shuffle(state, L.EXPLORATION, L.EXPLORATION + n_explore, keys, counters, L.STREAM_EXPLORATION)
    for i in range(n_charms):
        state[L.CHARM_DECK + i] = ruleset[first + n_explore + i]
    state[L.G_CHARM_DECK] = n_charms
    rng.shuffle(state, L.CHARM_DECK, L.CHARM_DECK + n_charms, keys, counters, L.STREAM_EXPLORATION)
    for i in range(n_talismans):
        state[L.TALISMAN_DECK + i] = ruleset[first + n_explore + n_charms + i]
    state[L.G_TALISMAN_DECK] = n_talismans
    rng.shuffle(state, L.TALISMAN_DECK, L.TALISMAN_DECK + n_talismans, keys, counters, L.STREAM_EXPLORATION)
    planes.set_up_planes(state, ruleset, events)
    for seat in range(SEATS):
        cards.draw_up_to_limit(state, ruleset, seat, keys, counters, events, counts, count_cards)
    state[L.G_ROUND] = 1
    log_event(state, events, L.EV_ROUND, -1, 1, 1, 0)
    state[L.G_PHASE] = L.PHASE_PLAYER
    state[L.G_STEP] = L.STEP_START
    state[L.G_MODE] = L.MODE_MAIN
    run_prologue(state, ruleset)  # on top of the set-up's reveal: it resolves first (it may unlock what a reveal needs)


@njit(cache=True, _nrt=False, inline="always")
def start(state, ruleset, matchup, keys, counters, events, counts, count_cards, legal, take_forced):
    """After `reset`: run the prologue and the game to the first decision; return its legal count (with
    take_forced, a decision with one legal action is taken at once, as in step)."""
    advance(state, ruleset, keys, counters, events, counts, count_cards)
    n = legal_actions(state, ruleset, legal)
    if take_forced and n == 1 and not state[L.G_DONE]:
        return step(state, ruleset, matchup, legal[0], keys, counters, events, counts, count_cards, legal, True)
    return n


@njit(cache=True, _nrt=False, forceinline=True)
def tick(state, ruleset, keys, counters, events, counts, count_cards):
    """One step of the round's sequence when no effect is pending."""
    stage = state[L.G_STEP]
    if state[L.G_PHASE] == L.PHASE_PLAYER:
        if stage == L.STEP_START:
            player_phase.start_phase(state, ruleset, events)
        elif stage == L.STEP_END:
            player_phase.end_phase(state, ruleset, keys, counters, events, counts, count_cards)
        return
    if stage == L.STEP_CHECK:
        astral.threshold_check(state, ruleset, events)
    elif stage == L.STEP_SHIFT:
        astral.shift(state, ruleset, keys, counters, events)
    elif stage == L.STEP_SURGE:
        astral.surge(state, ruleset, keys, counters, events)
    elif stage == L.STEP_REFILL:
        astral.refill_after_shift(state, ruleset, events)
    elif stage == L.STEP_RESOLVE:
        if not astral.resolve_next(state, ruleset, events):
            state[L.G_STEP] = L.STEP_ROUND_END
    else:
        astral.end_round(state, ruleset, events)


@njit(cache=True, _nrt=False, inline="always")
def advance(state, ruleset, keys, counters, events, counts, count_cards):
    """Run the game forward to the next decision: ready triggers first, then the top effect frame, then the
    round's sequence; stop at a choice, at the Player Phase's free actions, or at the end."""
    while not state[L.G_DONE]:
        if state[L.G_MODE] == L.MODE_CHOICE:
            return
        if state[L.G_QUEUE] > 0 and ready_trigger(state) >= 0:  # the queue is empty at most steps: no call
            effects.drain_one(state, ruleset, keys, counters, events)
            continue
        if state[L.G_FRAMES] > 0:
            effects.run(state, ruleset, keys, counters, events, counts, count_cards)
            continue
        if state[L.G_PHASE] == L.PHASE_PLAYER and state[L.G_STEP] == L.STEP_MAIN:
            state[L.G_MODE] = L.MODE_MAIN
            state[L.G_DECIDER] = state[L.G_SEAT]
            return
        tick(state, ruleset, keys, counters, events, counts, count_cards)


@njit(cache=True, _nrt=False, forceinline=True)
def legal_actions(state, ruleset, legal):
    """The deciding seat's legal actions: main actions, or the answers to the choice posed; none at the end."""
    if state[L.G_DONE]:
        return 0
    if state[L.G_MODE] == L.MODE_CHOICE:
        return effects.choice_options(state, ruleset, legal)
    return player_phase.main_actions(state, ruleset, legal)


@njit(cache=True, _nrt=False, forceinline=True)
def apply(state, ruleset, action, keys, counters, events, counts, count_cards):
    state[L.G_TURNS] += 1
    state[L.G_DECISIONS] += 1
    if state[L.G_DECISIONS] > L.DECISION_CAP:
        fail(state, np.int64(L.ERROR_DECISION_LIMIT))
        return
    log_event(state, events, L.EV_ACTION, state[L.G_DECIDER], action, 0, 0)
    if state[L.G_MODE] == L.MODE_CHOICE:
        effects.apply_choice(state, ruleset, action, keys, counters, events, counts, count_cards)
    else:
        for p in range(1, L.N_POSITIONS + 1):  # a new action: every card may be Weakened again
            state[planes.position(p) + L.R_FLAGS] &= ~L.FLAG_WEAKENED
        for i in range(state[L.G_THRESHOLD]):
            state[planes.threshold(i) + L.R_FLAGS] &= ~L.FLAG_WEAKENED
        player_phase.apply_main(state, ruleset, action, keys, counters, events, counts, count_cards)


@njit(cache=True, _nrt=False, inline="always")
def step(state, ruleset, matchup, action, keys, counters, events, counts, count_cards, legal, take_forced):
    """Apply one action of the deciding seat and run to the next decision; return the number of legal actions
    of that decision (0 at the end). With take_forced (the batch kernel), a decision with a single legal
    action is taken at once; the scenario API stops at it (a bot takes it without drawing from its stream,
    so both play the same match)."""
    while True:
        apply(state, ruleset, action, keys, counters, events, counts, count_cards)
        advance(state, ruleset, keys, counters, events, counts, count_cards)
        n = legal_actions(state, ruleset, legal)
        if state[L.G_DONE] or n != 1 or not take_forced:
            return n
        action = legal[0]


@njit(cache=True, forceinline=True)
def status(state):
    """(done, winner: 0 the team, 1 the game, end reason)."""
    return state[L.G_DONE], state[L.G_WINNER], state[L.G_END_REASON]


@njit(cache=True, _nrt=False)
def _count(state, card):
    if card >= 0:
        state[L.SCRATCH + card] += 1


@njit(cache=True, _nrt=False)
def check_invariants(state, ruleset, matchup):
    """0, or the code of the first broken invariant: every card's copies (in hands, decks, piles, Player
    Areas, the Planes, the Exploration Deck, the Offering and its decks, the Archive) equal its total;
    Stability within 0..max and 0 exactly when unconscious; Energy not negative; Focus tokens conserved
    and position 1 focused; only Threats on the Threshold; position 1 revealed between decisions; the
    Talisman and Sigil limits; Strength within 0..printed."""
    n = T.n_cards(ruleset)
    for c in range(n):
        state[L.SCRATCH + c] = 0
    for seat in range(SEATS):
        base = cards.seat_base(seat)
        for field, start in ((L.P_HAND_N, L.P_HAND), (L.P_DECK_N, L.P_DECK), (L.P_DISCARD_N, L.P_DISCARD),
                             (L.P_PLAYED_N, L.P_PLAYED), (L.P_CONVERTED_N, L.P_CONVERTED), (L.P_CHARMS_N, L.P_CHARM)):
            for i in range(state[base + field]):
                _count(state, state[base + start + i])
        for k in range(2):
            _count(state, state[base + L.P_TALISMAN + k])
        for k in range(3):
            _count(state, state[base + L.P_SIGIL + k])
    for p in range(1, L.N_POSITIONS + 1):
        r = planes.position(p)
        _count(state, state[r + L.R_CARD])
        if state[r + L.R_MARK] > 0:
            _count(state, state[r + L.R_MARK_CARD])
    for i in range(state[L.G_THRESHOLD]):
        r = planes.threshold(i)
        _count(state, state[r + L.R_CARD])
        if state[r + L.R_MARK] > 0:
            _count(state, state[r + L.R_MARK_CARD])
    for i in range(state[L.G_EXPLORATION]):
        _count(state, state[L.EXPLORATION + i])
    for slot in range(L.OFFER_SLOTS):
        _count(state, state[L.OFFER + slot])
    for i in range(state[L.G_CHARM_DECK]):
        _count(state, state[L.CHARM_DECK + i])
    for i in range(state[L.G_TALISMAN_DECK]):
        _count(state, state[L.TALISMAN_DECK + i])
    broken = 0
    for c in range(n):
        if state[L.SCRATCH + c] + state[L.ARCHIVE + c] != state[L.TOTAL + c] or state[L.ARCHIVE + c] < 0:
            broken = L.INVARIANT_CARDS
        state[L.SCRATCH + c] = 0
    if broken:
        return broken
    tokens = state[L.G_RESERVE] + state[L.G_TOKENS_HELD]
    for box in range(2, L.N_BOXES):
        tokens += state[L.FOCUS + box]
    for seat in range(SEATS):
        base = cards.seat_base(seat)
        stab = state[base + L.P_STABILITY]
        if stab < 0 or stab > state[base + L.P_MAX_STABILITY] or (stab == 0) != (state[base + L.P_UNCONSCIOUS] == 1):
            return L.INVARIANT_STABILITY
        if state[base + L.P_ENERGY] < 0:
            return L.INVARIANT_ENERGY
        for k in range(5):
            tokens += state[base + L.P_CHAKRA + k]
        if (items.talismans_equipped(state, seat) > ruleset[T.RULE_TALISMAN_LIMIT]
                or items.sigils_in_play(state, seat) > ruleset[T.RULE_SIGIL_LIMIT]):
            return L.INVARIANT_LIMITS
    if tokens != state[L.G_FOCUS_TOKENS] or state[L.FOCUS + 1] != 1 or state[L.G_RESERVE] < 0:
        return L.INVARIANT_FOCUS
    for i in range(state[L.G_THRESHOLD]):
        r = planes.threshold(i)
        c = state[r + L.R_CARD]
        if c < 0 or not T.is_threat(ruleset, c):
            return L.INVARIANT_THRESHOLD
        if state[r + L.R_STRENGTH] < 0 or state[r + L.R_STRENGTH] > T.card(ruleset, c, T.C_STRENGTH):
            return L.INVARIANT_STRENGTH
    for p in range(1, L.N_POSITIONS + 1):
        r = planes.position(p)
        c = state[r + L.R_CARD]
        if c >= 0 and (state[r + L.R_STRENGTH] < 0 or state[r + L.R_STRENGTH] > T.card(ruleset, c, T.C_STRENGTH)):
            return L.INVARIANT_STRENGTH
    first = planes.position(1)
    if (not state[L.G_DONE] and ruleset[T.RULE_SETUP_REVEALS] and state[first + L.R_CARD] >= 0
            and not state[first + L.R_REVEALED]):
        return L.INVARIANT_POSITIONS
    return 0
