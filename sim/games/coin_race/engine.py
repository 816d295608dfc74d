"""Coin Race: the smallest complete game on the game-module contract.

It is the worked example of "how to add a game" and the game the pipeline's own tests use
(runner, lake, determinism, resume), so those tests do not wait on compiling a large engine.

Rules: each side has a 12-card deck of values 1-3 (its "deck" in the matchup), shuffled from its
deal stream. On a turn the player draws one card and either BANKS it (score += value) or GAMBLES
(roll a d6 from the chance stream: 4-6 scores twice the value, 1-3 scores nothing). First to 15
at the end of a turn wins; after round 10 the higher score wins; equal scores draw. The bot
gambles with probability ``params[0]`` from its own policy stream.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng
from sim.core.errors import UserError
from sim.core.game import BatchResult, Game, Matchup, Policy, Ruleset, SeedBlock, content_hash

DECKS = {"low": [1] * 6 + [2] * 4 + [3] * 2, "high": [1] * 2 + [2] * 4 + [3] * 6, "even": [1, 2, 3] * 4}
TARGET = 15
ROUNDS = 10

EVENT_DRAW, EVENT_BANK, EVENT_GAMBLE = 1, 2, 3


@njit(cache=True)
def _play(decks, gamble_probability, root_seed, matchup_key, pair_index, swap, events):
    """One match. decks[slot] are card values; returns (winner, end_reason, turns, rounds, scores,
    gambles per seat, card counts per seat [2, 3, 3]). events[k] = (kind, seat, a, b), -1 padded."""
    keys = np.zeros(4, np.uint64)
    counters = np.zeros(4, np.uint64)
    order = np.zeros((2, decks.shape[1]), np.int64)
    for seat in range(2):
        slot = seat ^ swap
        keys[seat] = rng.stream_key(root_seed, matchup_key, pair_index, rng.PURPOSE_DEAL, slot)
        keys[2 + seat] = rng.stream_key(root_seed, matchup_key, pair_index, rng.PURPOSE_POLICY, slot)
        for i in range(decks.shape[1]):
            order[seat, i] = decks[slot, i]
        rng.shuffle(order[seat], 0, decks.shape[1], keys, counters, seat)
    chance_keys = np.zeros(1, np.uint64)
    chance_counters = np.zeros(1, np.uint64)
    chance_keys[0] = rng.stream_key(root_seed, matchup_key, pair_index, rng.PURPOSE_CHANCE, 0)
    scores = np.zeros(2, np.int32)
    gambles = np.zeros(2, np.int32)
    counts = np.zeros((2, 3, 3), np.int16)
    turns = 0
    n_events = 0
    for round_number in range(1, ROUNDS + 1):
        for seat in range(2):
            card = order[seat, (round_number - 1) % decks.shape[1]]
            counts[seat, card - 1, 0] += 1
            turns += 1
            if n_events < events.shape[0]:
                events[n_events, 0] = EVENT_DRAW
                events[n_events, 1] = seat
                events[n_events, 2] = card
                n_events += 1
            slot = seat ^ swap
            draw = (rng.next_u64(keys, counters, 2 + seat) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
            if draw < gamble_probability[slot]:
                gambles[seat] += 1
                die = rng.next_below(chance_keys, chance_counters, 0, 6) + 1
                if die >= 4:
                    scores[seat] += 2 * card
                if n_events < events.shape[0]:
                    events[n_events, 0] = EVENT_GAMBLE
                    events[n_events, 1] = seat
                    events[n_events, 2] = card
                    events[n_events, 3] = die
                    n_events += 1
            else:
                scores[seat] += card
                if n_events < events.shape[0]:
                    events[n_events, 0] = EVENT_BANK
                    events[n_events, 1] = seat
                    events[n_events, 2] = card
                    n_events += 1
            counts[seat, card - 1, 1] += 1
            if round_number == 1:
                counts[seat, card - 1, 2] += 1
            if scores[seat] >= TARGET:
                return seat, 0, turns, round_number, scores, gambles, counts
    if scores[0] == scores[1]:
        return -1, 2, turns, ROUNDS, scores, gambles, counts
    return (0 if scores[0] > scores[1] else 1), 1, turns, ROUNDS, scores, gambles, counts


@njit(cache=True)
def _play_batch(decks, gamble_probability, root_seed, matchup_key, pair_index, swap, out_winner, out_reason,
                out_turns, out_rounds, out_score, out_gambles, out_counts):
    events = np.zeros((0, 4), np.int64)
    for i in range(pair_index.shape[0]):
        w, reason, turns, rounds, scores, gambles, counts = _play(
            decks, gamble_probability, root_seed, matchup_key, pair_index[i], np.int64(swap[i]), events
        )
        out_winner[i] = w
        out_reason[i] = reason
        out_turns[i] = turns
        out_rounds[i] = rounds
        out_score[i, :] = scores
        out_gambles[i, :] = gambles
        out_counts[i] = counts


class CoinRace(Game):
    name = "coin_race"
    title = "Coin Race (pipeline test game)"
    engine_version = "1.0.0"
    player_counts = (2,)
    end_reasons = ("target", "round_limit", "draw")
    error_codes = ("ok",)

    def editions(self):
        return ["standard"]

    def default_edition(self):
        return "standard"

    def load_ruleset(self, edition):
        if edition != "standard":
            raise UserError(f"unknown edition '{edition}'", entry="edition")
        return Ruleset(self.name, edition, content_hash([TARGET, ROUNDS]), tables=None)

    def matchup_sets(self):
        return ["all"]

    def load_matchups(self, ruleset, spec):
        entries = []
        for item in spec:
            if item == "all":
                entries += [f"{a} vs {b}" for a in DECKS for b in DECKS if a < b]
            else:
                entries.append(item)
        matchups = []
        for entry in entries:
            parts = [p.strip() for p in entry.split(" vs ")]
            if len(parts) != 2 or any(p not in DECKS for p in parts):
                raise UserError(f"matchup must be '<deck> vs <deck>' with decks {sorted(DECKS)}", entry=entry)
            decks = np.array([DECKS[parts[0]], DECKS[parts[1]]], np.int64)
            matchups.append(
                Matchup(self.name, f"{parts[0]}_vs_{parts[1]}", tuple(parts), 2, decks, content_hash(decks))
            )
        return matchups

    def policy_names(self):
        return ["banker", "gambler", "mixed"]

    def load_policy(self, name):
        probability = {"banker": 0.0, "gambler": 1.0, "mixed": 0.5}[name]
        return Policy(name, 0, np.array([probability]), content_hash([name, probability]))

    def play_batch(self, ruleset, matchup, policies, seeds, *, debug=False, card_counts=False):
        n = len(seeds)
        out = BatchResult(
            winner=np.zeros(n, np.int8),
            end_reason=np.zeros(n, np.int8),
            turns=np.zeros(n, np.int16),
            rounds=np.zeros(n, np.int16),
            score=np.zeros((n, 2), np.int32),
            error=np.zeros(n, np.int8),
            extra={"gambles": np.zeros((n, 2), np.int32)},
            card_counts=np.zeros((n, 2, 3, 3), np.int16),
        )
        probabilities = np.array([p.params[0] for p in policies])
        _play_batch(matchup.payload, probabilities, np.uint64(seeds.root_seed), np.uint64(seeds.matchup_key),
                    seeds.pair_index, seeds.swap, out.winner, out.end_reason, out.turns, out.rounds, out.score,
                    out.extra["gambles"], out.card_counts)
        if not card_counts:
            out.card_counts = None
        return out

    def warm_up(self):
        matchup = self.load_matchups(None, ["low vs high"])[0]
        seeds = SeedBlock(0, 0, np.zeros(2, np.int64), np.array([0, 1], np.uint8))
        self.play_batch(None, matchup, (self.load_policy("mixed"),) * 2, seeds)

    def extra_columns(self):
        return {"gambles": "per_seat"}

    def card_names(self, ruleset):
        return ["one", "two", "three"]

    def replay(self, ruleset, matchup, policies, seeds):
        events = np.full((200, 4), -1, np.int64)
        probabilities = np.array([p.params[0] for p in policies])
        winner, reason, turns, rounds, scores, _, _ = _play(
            matchup.payload, probabilities, np.uint64(seeds.root_seed), np.uint64(seeds.matchup_key),
            np.int64(seeds.pair_index[0]), np.int64(seeds.swap[0]), events,
        )
        lines = []
        for kind, seat, a, b in events:
            if kind == EVENT_DRAW:
                lines.append(f"seat {seat} draws a {a}")
            elif kind == EVENT_BANK:
                lines.append(f"seat {seat} banks {a}")
            elif kind == EVENT_GAMBLE:
                lines.append(f"seat {seat} gambles {a}: rolls {b} -> {'scores ' + str(2 * a) if b >= 4 else 'nothing'}")
        outcome = "draw" if winner < 0 else f"seat {winner} wins"
        lines.append(f"end: {outcome} by {self.end_reasons[reason]} after {turns} turns; scores {scores[0]}-{scores[1]}")
        return lines

