"""The campaign (rulebook "Scenarios and campaign", "Scenario flow", "The Journal"): the scenarios in order,
the players' decks carried from one to the next through the Journal, a lost scenario replayed from the
deck the Journal saved at its start with one replay Charm per player, and the Statuses the won attempts
marked.

The Journal (a work array, J_*): the Statuses, each player's deck as copies per card, and where the
campaign stands (scenario, attempt, the last attempt's cause of loss, totals). Only a won attempt writes
to it ("Deck changes are written to the Journal only when a scenario is won"; "Clear anything you marked
in the Journal during a lost attempt"): a lost attempt leaves it as it was, so Retrieved and Banished
cards and the Statuses of that attempt are undone. Between scenarios only what the Journal holds carries
over: Threats (Intrusive thoughts in the piles included), Stability and every temporary effect start
afresh with the next scenario's set-up.

Each attempt is one match of the engine, with its own seed pair derived from the campaign's seed key
(attempt_seeds), so a campaign is a function of the same key as a match, and resumable like one.
The batch kernel (batch.py) runs the attempts through its one inlined play_match.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side import vocab
from sim.games.by_your_side.rules.cards import seat_base
from sim.games.by_your_side.rules.ending import END_THRESHOLD, END_UNCONSCIOUS
from sim.games.by_your_side.rules.planes import position, threshold

# ---- the Journal and the campaign's progress (int64 work array)
J_STATUSES = 0
J_SCENARIO = 1  # the campaign's scenario being played (0-based)
J_ATTEMPT = 2  # attempts made at it so far
J_CAUSE = 3  # the last lost attempt's end reason (-1: none lost yet)
J_TURNS = 4  # decisions over every attempt
J_ROUNDS = 5  # rounds over every attempt
J_WON = 6  # scenarios won
J_DONE = 7
J_CHARM = 8  # + slot: the replay Charm each player took into this attempt (-1: none)
J_ATTEMPTS = 10  # + k: attempts at the campaign's k-th scenario
J_DECKS = J_ATTEMPTS + vocab.CAMPAIGN_SCENARIOS  # + slot * MAX_CARDS + card: copies in the deck the Journal saved
JOURNAL_SIZE = J_DECKS + 2 * L.MAX_CARDS
ATTEMPT_SEED_SLOT = 1  # stream_key slot base of the attempts' seed pairs (PURPOSE_SETUP)
MATCHUP_SIZE = T.MATCHUP_HEADER + 2 * L.MAX_CARDS + 2 * L.DECK_CAP


@njit(cache=True, forceinline=True)
def is_campaign(matchup):
    return matchup[0] == T.CAMPAIGN_MARK


@njit(cache=True, _nrt=False)
def begin(C, journal):
    """A new campaign: the Journal holds the starting decks, no Status, nothing played."""
    for i in range(JOURNAL_SIZE):
        journal[i] = 0
    n = C[T.CA_N_CARDS]
    for slot in range(2):
        for c in range(n):
            journal[J_DECKS + slot * L.MAX_CARDS + c] = T.campaign_deck(C, slot, c)
    journal[J_CAUSE] = -1


@njit(cache=True, _nrt=False)
def attempt_seeds(seeds, pair, k, attempt, out):
    """The seed pair of attempt ``attempt`` at the campaign's k-th scenario: every attempt plays other deals
    (a replay shuffles anew), all derived from the campaign's seed key."""
    out[0] = seeds[0]
    out[1] = rng.stream_key(seeds[0], seeds[1], pair, rng.PURPOSE_SETUP, ATTEMPT_SEED_SLOT + 16 * k + attempt)


@njit(cache=True, _nrt=False)
def replay_charm(C, policy_id, cause, seeds, pair, slot, matchup, archive):
    """The replay Charm a player chooses after a loss ("each player chooses one of these Charms"), among those
    the Archive still holds ("The Charm comes from the Archive"): the random bot any of them, the greedy bot
    the one that answers the cause of the loss (a Weaken after a Threshold overflow, Stability after both fell
    unconscious, Energy otherwise), or when the Archive has none of that one left, the first of the
    campaign's replay Charms it has. -1 when the Archive holds none of them."""
    available = 0
    for k in range(C[T.CA_N_CHARMS]):
        if matchup[archive + T.campaign_charm(C, k)] > 0:
            available += 1
    if available == 0:
        return -1
    if policy_id == vocab.POLICY_RANDOM:
        draw = rng.random_at(rng.stream_key(seeds[0], seeds[1], pair, rng.PURPOSE_POLICY, 2 + slot), 0)
        # (in unsigned arithmetic throughout: numpy turns uint64 % int64 into a float in plain Python)
        pick = np.int64((draw >> np.uint64(11)) % np.uint64(available))
        for k in range(C[T.CA_N_CHARMS]):
            charm = T.campaign_charm(C, k)
            if matchup[archive + charm] > 0:
                if pick == 0:
                    return charm
                pick -= 1
    answer = T.ANSWER_OTHER
    if cause == END_THRESHOLD:
        answer = T.ANSWER_THRESHOLD
    elif cause == END_UNCONSCIOUS:
        answer = T.ANSWER_UNCONSCIOUS
    charm = T.campaign_answer(C, answer)
    if matchup[archive + charm] > 0:
        return charm
    for k in range(C[T.CA_N_CHARMS]):
        if matchup[archive + T.campaign_charm(C, k)] > 0:
            return T.campaign_charm(C, k)
    return -1


@njit(cache=True, _nrt=False)
def pack_attempt(C, journal, policy_ids, seeds, pair, matchup):
    """The matchup table of the next attempt: the scenario, the Journal's decks and Statuses; on a replay each
    player's Charm from the Archive shuffled into the deck (none if the Archive has no copy left). Each
    card's copies in the match: the box's (`copies`) if the data gives them, else what the decks and the
    scenario use; the Archive holds the rest. False if a deck outgrew the engine's piles."""
    n = C[T.CA_N_CARDS]
    k = journal[J_SCENARIO]
    matchup[T.M_SCENARIO] = T.campaign_scenario(C, k)
    matchup[T.M_STATUSES] = journal[J_STATUSES]
    totals, archive = T.M_TOTALS, T.M_TOTALS + n
    for c in range(n):
        used = T.campaign_use(C, k, c) + journal[J_DECKS + c] + journal[J_DECKS + L.MAX_CARDS + c]
        copies = T.campaign_copies(C, c)
        spare = copies - used if copies > used else 0
        matchup[totals + c] = used + spare
        matchup[archive + c] = spare
    for slot in range(2):
        charm = -1
        if journal[J_ATTEMPT] > 0:
            charm = replay_charm(C, policy_ids[slot], journal[J_CAUSE], seeds, pair, slot, matchup, archive)
            if charm >= 0:  # else the Archive has none left: "you do not get that card"
                matchup[archive + charm] -= 1
        journal[J_CHARM + slot] = charm
    at = T.M_TOTALS + 2 * n
    for slot in range(2):
        size = 0
        for c in range(n):
            copies = journal[J_DECKS + slot * L.MAX_CARDS + c] + (1 if c == journal[J_CHARM + slot] else 0)
            for _ in range(copies):
                if size >= L.DECK_CAP // 2:
                    return False
                matchup[at] = c
                at += 1
                size += 1
        matchup[T.M_DECK_N + slot] = size
    return True


@njit(cache=True, _nrt=False)
def _own(ruleset, counts, at, card):
    if card >= 0:
        kind = T.card(ruleset, card, T.C_TYPE)
        if kind == vocab.TYPE_ACTION or kind == vocab.TYPE_TALISMAN or kind == vocab.TYPE_CHARM or kind == vocab.TYPE_SIGIL:
            counts[at + card] += 1


@njit(cache=True, _nrt=False)
def owned_cards(state, ruleset, seat, counts, at):
    """The player cards a seat owns at the end of a match (added to ``counts[at + card]``): its hand, deck,
    discard pile, played and converted cards, Talismans, Sigils (its Player Area's and those on Threats)
    and Charms. Intrusive thoughts are Threats and do not carry over; Banished cards are in the Archive."""
    base = seat_base(seat)
    for field, start in ((L.P_HAND_N, L.P_HAND), (L.P_DECK_N, L.P_DECK), (L.P_DISCARD_N, L.P_DISCARD),
                         (L.P_PLAYED_N, L.P_PLAYED), (L.P_CONVERTED_N, L.P_CONVERTED), (L.P_CHARMS_N, L.P_CHARM)):
        for i in range(state[base + field]):
            _own(ruleset, counts, at, state[base + start + i])
    for k in range(2):
        _own(ruleset, counts, at, state[base + L.P_TALISMAN + k])
    for k in range(3):
        _own(ruleset, counts, at, state[base + L.P_SIGIL + k])
    for p in range(1, L.N_POSITIONS + 1):
        if state[position(p) + L.R_MARK] == seat + 1:
            _own(ruleset, counts, at, state[position(p) + L.R_MARK_CARD])
    for i in range(state[L.G_THRESHOLD]):
        if state[threshold(i) + L.R_MARK] == seat + 1:
            _own(ruleset, counts, at, state[threshold(i) + L.R_MARK_CARD])


@njit(cache=True, _nrt=False)
def after_attempt(state, ruleset, C, journal):
    """Record the attempt just played; True if another attempt follows. A win writes the decks and the
    Statuses to the Journal and moves on to the next scenario; a loss replays the scenario (the Journal
    unchanged) until the campaign's attempts per scenario are spent; an error ends the campaign."""
    k = journal[J_SCENARIO]
    journal[J_ATTEMPT] += 1
    journal[J_ATTEMPTS + k] = journal[J_ATTEMPT]
    journal[J_TURNS] += state[L.G_TURNS]
    journal[J_ROUNDS] += state[L.G_ROUND]
    if state[L.G_ERROR] != 0:
        journal[J_DONE] = 1
        return False
    if state[L.G_WINNER] == 0:
        for i in range(2 * L.MAX_CARDS):
            journal[J_DECKS + i] = 0
        for slot in range(2):
            owned_cards(state, ruleset, slot, journal, J_DECKS + slot * L.MAX_CARDS)
        journal[J_STATUSES] = state[L.G_STATUSES]
        journal[J_WON] += 1
        journal[J_SCENARIO] = k + 1
        journal[J_ATTEMPT] = 0
        journal[J_CAUSE] = -1
        journal[J_DONE] = journal[J_SCENARIO] >= C[T.CA_N_SCENARIOS]
    else:
        journal[J_CAUSE] = state[L.G_END_REASON]
        journal[J_DONE] = journal[J_ATTEMPT] >= C[T.CA_ATTEMPTS]
    return not journal[J_DONE]


@njit(cache=True, _nrt=False)
def deck_size(journal, slot):
    size = 0
    for c in range(L.MAX_CARDS):
        size += journal[J_DECKS + slot * L.MAX_CARDS + c]
    return size
