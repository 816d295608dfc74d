"""Coin Race's state layout and its action and event encodings (engine.py's docstring sums them up).

The state of a match is one int64 vector: global fields, then one block per seat.
"""

from __future__ import annotations

# ---- global fields
G_ROUND = 0  # current round, from 1
G_SEAT = 1  # the seat to act
G_TURNS = 2  # turns started in total
G_DONE = 3  # 1 once the match has ended
G_WINNER = 4  # seat-order position of the winning side (0: the side that moved first); -1 none/draw
G_END_REASON = 5  # index into vocab.END_REASONS
G_ERROR = 6  # index into vocab.ERROR_CODES
G_CARD = 7  # card id the acting seat drew this turn
G_SEATS = 8
G_SIDES = 9
G_EVENTS = 10  # events written so far
G_ORDER = 11  # the seat order this match plays (sim/core/seating.py)
GLOBALS = 16

# ---- one block per seat
P_SCORE = 0
P_GAMBLES = 1
P_CURSOR = 2  # index of the next card to draw in the seat's deck
P_DECK = 4  # the seat's shuffled deck (card ids), DECK_CAP long
DECK_CAP = 40
SEAT_SIZE = P_DECK + DECK_CAP
MAX_SEATS = 4
STATE_SIZE = GLOBALS + MAX_SEATS * SEAT_SIZE

# ---- actions (a decision is always the acting seat's: bank or gamble the card drawn)
ACTION_BANK = 0
ACTION_GAMBLE = 1
ACTION_NAMES = ("bank", "gamble")
MAX_LEGAL = 2

# ---- random streams (keys/counters arrays): with S seats, stream k < S is seat k's deal (its deck
# slot's shuffle), stream S + k seat k's bot, stream 2S the game's chance (the gamble dice)
N_STREAMS = 2 * MAX_SEATS + 1

# ---- events: rows (kind, seat, a, b, c)
EVENT_WIDTH = 5
EV_DRAW = 1  # seat, card
EV_BANK = 2  # seat, card, points
EV_GAMBLE = 3  # seat, card, die roll, points
EV_END = 4  # (seat field) winner position (-1 draw), end reason

# ---- card counts per seat and card: (drawn, played, in the opening hand)
COUNT_DRAWN, COUNT_PLAYED, COUNT_OPENING = 0, 1, 2
CARD_COUNT_COLUMNS = 3

# ---- error codes (vocab.ERROR_CODES) and invariant codes (check_invariants)
ERROR_ILLEGAL_ACTION = 1
ERROR_INVARIANT = 2
INVARIANT_SCORE = 1
INVARIANT_CURSOR = 2
INVARIANT_DECK = 3
