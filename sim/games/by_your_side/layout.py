"""By Your Side's state layout and its action, choice and event encodings (engine.py's docstring sums
them up).

The state of a match is one int64 vector: global fields, the Astral Planes (Focus boxes, positions 1-5,
the Threshold, the Exploration Deck, the Offering and its decks), the Archive's copy counts, the effect
frames and the trigger queue, then one block per seat.
"""

from __future__ import annotations

# ---- global fields
G_ROUND = 0  # current round, from 1
G_PHASE = 1  # PHASE_*
G_STEP = 2  # the phase's sub-step (STEP_*)
G_MODE = 3  # MODE_MAIN, MODE_CHOICE or MODE_DONE
G_SEAT = 4  # the seat whose part of the Player Phase it is (it decides main actions)
G_DECIDER = 5  # the seat deciding now
G_DONE = 6
G_WINNER = 7  # 0 the team won, 1 the game won
G_END_REASON = 8
G_ERROR = 9
G_EVENTS = 10  # event log rows written
G_ORDER = 11  # seat order (one for a cooperative team)
G_TURNS = 12  # decisions taken (every action applied, forced ones included)
G_PASSES = 13  # passes in a row in the Player Phase (2: both passed, drawing begins)
G_CHOICE = 14  # CHOICE_* posed to the decider
G_CHOICE_A = 15  # choice parameters (meaning per choice kind)
G_CHOICE_B = 16
G_FRAMES = 17  # effect frames on the stack
G_QUEUE = 18  # triggers waiting
G_CHAIN = 19  # Threats crossed in this Astral Phase's surge
G_SURGE_BROKEN = 20  # the card that moved into position 1 was read, Banished or left
G_SHIFTING = 21  # 1 while the Planes shift: refills wait until all movement is done
G_THRESHOLD = 22  # cards on the Threshold
G_EXPLORATION = 23  # cards in the Exploration Deck
G_RESERVE = 24  # Focus tokens in the reserve
G_NEXT_EVENT = 25  # index of the next scenario Event an Event card would read
G_UNLOCKED = 26  # bit per vocab.FEATURES
G_OFFERING_OPEN = 27
G_UID = 28  # next card instance number in the Planes
G_ECHOES_RESOLVED = 29  # Echoes resolved this Astral Phase
G_TRACK = 30  # the scenario's track (the Watcher's second stage)
G_STAGE = 31  # the scenario's stage
G_DIE = 32  # the last die result (0: none)
G_CHARM_DECK = 33  # cards in the Offering's Charm deck
G_TALISMAN_DECK = 34
G_SCENARIO = 35  # scenario index
G_FOCUS_TOKENS = 36  # Focus tokens in the game (conserved)
G_DIE_REROLLED = 37  # the current die was re-rolled
G_DECISIONS = 38  # decisions taken (safety cap)
G_SURGE_UID = 39  # instance number of the card that moved into position 1 after the last crossing
# statistics (result columns)
G_CROSSED = 40  # Threats that crossed the Veil
G_SURGES = 41  # shifts in which two or more Threats crossed
G_LONGEST_SURGE = 42
G_EVENTS_READ = 43
G_MAX_THRESHOLD = 44
G_ANGELS = 45
G_LAST_THRESHOLD = 46  # Threats at the last check
G_TOKENS_HELD = 47  # Focus tokens taken off chakras, waiting for the player to choose their box
G_STATUSES = 48  # the Journal's Statuses (bit per status): the matchup's at the start, marked by Events
G_PLANES_VERSION = 49  # bumped at every write to what the greedy bot's card values read of the Planes (policy.py)
GLOBALS = 50

# ---- Focus boxes: index = position for 1..5; then the Exploration Deck, the Offering, Support
BOX_DECK = 6
BOX_OFFERING = 7
BOX_SUPPORT = 8
N_BOXES = 9  # index 0 unused
FOCUS = GLOBALS  # FOCUS + box: 1 focused
FRESH = FOCUS + N_BOXES  # FRESH + box: focused this phase, not filled before the Astral refill

# ---- card records (positions and the Threshold)
R_CARD = 0  # card id; -1 empty
R_STRENGTH = 1
R_REVEALED = 2
R_PEEKED = 3
R_MARK = 4  # attached Sigil: owner seat + 1 (0 none); R_MARK_CARD its card id
R_MARK_CARD = 5
R_UID = 6
R_FLAGS = 7  # FLAG_* bits
RECORD = 8
FLAG_RESOLVED = 1  # resolved in this Astral Phase
FLAG_STUNNED = 2  # doesn't resolve in the next Astral Phase
FLAG_WEAKENED = 4  # already Weakened by the action now resolving (each card once per Weaken chain)
FLAG_RAN = 8  # its resolve effect ran in this Astral Phase (not stunned)
N_POSITIONS = 5
POSITIONS = FRESH + N_BOXES  # POSITIONS + p * RECORD, p = 1..5 (record 0 unused)
THRESHOLD_CAP = 24
THRESHOLD = POSITIONS + (N_POSITIONS + 1) * RECORD  # THRESHOLD + i * RECORD, oldest first
EXPLORATION_CAP = 64
EXPLORATION = THRESHOLD + THRESHOLD_CAP * RECORD  # the Exploration Deck, bottom first (top = last)
OFFER_SLOTS = 3
OFFER = EXPLORATION + EXPLORATION_CAP  # the Offering: card ids (-1 empty); the first slots are Charms
OFFER_DECK_CAP = 16
CHARM_DECK = OFFER + OFFER_SLOTS  # bottom first
TALISMAN_DECK = CHARM_DECK + OFFER_DECK_CAP
MAX_CARDS = 80  # distinct cards in the library
ARCHIVE = TALISMAN_DECK + OFFER_DECK_CAP  # ARCHIVE + card: copies in the box
TOTAL = ARCHIVE + MAX_CARDS  # TOTAL + card: copies in the match (conserved)
EVENT_CAP = 16
READ = TOTAL + MAX_CARDS  # READ + event: 1 once read

# ---- effect frames: a stack; each runs one list of steps
F_START = 0  # first step (row of the steps table)
F_END = 1  # one past the last step
F_PC = 2  # the step running
F_OWNER = 3  # the seat whose card or action it is (-1: the game's)
F_SOURCE = 4  # card id of the source
F_UID = 5  # instance number of the source in the Planes (0: none)
F_SUPPORTED = 6
F_SUB = 7  # progress inside the current step (which character, ...)
F_LEFT = 8  # amount left (a loss being negated, a split Weaken, ...)
F_DIE = 9  # the die result this frame reads
F_AUX = 10  # per-op scratch
F_TARGET = 11  # per-op scratch (a chosen target)
F_X = 12  # the frame's X (vocab.X_NAMES: an Echo's count of Echoes resolved before it)
F_PARAM = 13  # the system step's parameter (a chakra, an Offering slot)
FRAME = 14
FRAME_CAP = 10
FRAMES = READ + EVENT_CAP
# ---- trigger queue: (kind, card, owner, uid or slot, depth) rows. A trigger waits until the frame
# that was running when it happened (depth = frames on the stack then) is back on top: a card finishes
# resolving before another trigger begins, but what it triggers resolves before it continues.
Q_KIND, Q_CARD, Q_OWNER, Q_UID, Q_DEPTH = 0, 1, 2, 3, 4
QUEUE_ROW = 5
QUEUE_CAP = 24
QUEUE = FRAMES + FRAME_CAP * FRAME
PLAYERS = QUEUE + QUEUE_CAP * QUEUE_ROW

# ---- one block per seat
P_ENERGY = 0
P_STABILITY = 1
P_MAX_STABILITY = 2
P_UNCONSCIOUS = 3
P_CHARACTER = 4  # 0 Jolene, 1 Rosi
P_SUPPORT_USED = 5
P_CHAKRA_MOVES = 6  # token moves onto/off a chakra this Player Phase
P_CHAKRA_FOCUSED = 7  # chakras focused (paid) this Player Phase
P_OFFERING_USED = 8
P_CONVERSIONS = 9  # cards converted this Player Phase
P_SHIELD_USED = 10  # Root's shield used this round
P_HAND_N = 11
P_DECK_N = 12
P_DISCARD_N = 13
P_PLAYED_N = 14
P_CONVERTED_N = 15
P_CHARMS_N = 16
P_BANISHED = 17  # statistics: Threats this player Banished (its score)
P_RETRIEVED = 18
P_SUPPORTS = 19
P_FAINTS = 20
P_PLAYS = 21
P_NEGATED = 22
P_SHUFFLES = 23
HAND_CAP = 16
DECK_CAP = 64
PILE_CAP = 16
CHARM_CAP = 4
P_HAND = 24
P_DECK = P_HAND + HAND_CAP  # bottom first: the top card is the last
P_DISCARD = P_DECK + DECK_CAP
P_PLAYED = P_DISCARD + DECK_CAP  # played Actions: in no zone until the end-of-phase discard
P_CONVERTED = P_PLAYED + PILE_CAP
P_TALISMAN = P_CONVERTED + PILE_CAP  # 2 slots: card id or -1
P_COOLDOWN = P_TALISMAN + 2  # 0 ready; 1.. quarter turns
P_SIGIL = P_COOLDOWN + 2  # 3 slots in the Player Area
P_CHARM = P_SIGIL + 3  # Charms in the Player Area
P_CHAKRA = P_CHARM + CHARM_CAP  # 5: 1 when focused
SEAT_SIZE = P_CHAKRA + 5
MAX_SEATS = 2
SCRATCH = PLAYERS + MAX_SEATS * SEAT_SIZE  # work space: a multi-target Weaken's targets, the invariant count
STATE_SIZE = SCRATCH + MAX_CARDS

# ---- phases and sub-steps
PHASE_PLAYER = 1
PHASE_ASTRAL = 2
STEP_START = 0  # Player Phase: in-hand effects and cooldowns queued
STEP_MAIN = 1  # Player Phase: free actions
STEP_END = 2  # Player Phase: drawing, then end-of-phase effects queued
STEP_CHECK = 0  # Astral Phase: Threshold check
STEP_SHIFT = 1  # Astral Phase: position 1 crosses
STEP_SURGE = 2  # Astral Phase: does the next Threat follow?
STEP_REFILL = 3
STEP_RESOLVE = 4  # Astral Phase: Threats resolve
STEP_ROUND_END = 5

MODE_MAIN = 0
MODE_CHOICE = 1
MODE_DONE = 2

# ---- choices posed by a step (G_CHOICE); the legal actions of each are listed by effects.choice_options
CHOICE_TARGET = 1  # a card in the Planes (a = op of the step)
CHOICE_CHARACTER = 2  # seat 0 or 1
CHOICE_NEGATE = 3  # discard a card from hand to negate 1, or accept (a = seat losing, b = loss left)
CHOICE_BOX = 4  # a Focus box or the reserve
CHOICE_SUPPORT = 5  # support the card being played by discarding one, or decline
CHOICE_YES_NO = 6
CHOICE_HAND_CARD = 7  # a card of the decider's hand (penalty discard, trade)
CHOICE_DISCARD_CARD = 8  # a card of the decider's discard pile (Rosi's Third Eye)
CHOICE_SCOUT = 9  # reveal or peek at a face-down card, or peek at the Exploration Deck
CHOICE_DIE = 10  # keep the die, re-roll it, raise it or lower it
CHOICE_SOURCE = 11  # where the Focus token for a chakra comes from

# ---- actions: kind << 16 | a << 8 | b
def encode(kind: int, a: int = 0, b: int = 0) -> int:
    return (kind << 16) | (a << 8) | b


A_PASS = 1
A_PLAY = 2  # a = card id (one of a kind in hand)
A_CONVERT = 3  # a = card id
A_RETRIEVE = 4  # a = position
A_USE = 5  # a = Talisman slot
A_CHARM = 6  # a = Charm slot: Banish it to activate
A_DROP_SIGIL = 7  # a = Sigil slot
A_UNEQUIP = 8  # a = Talisman slot
A_FOCUS = 9  # a = chakra
A_UNFOCUS = 10  # a = chakra
A_FULL_FOCUS = 11
A_OFFER_RETRIEVE = 12  # a = Offering slot
A_OFFER_TRADE = 13  # a = Offering slot
A_SUPPORT = 14  # a = card id discarded: the other player gains Energy
# choice answers
A_TARGET = 16  # a = location (LOC_*)
A_SKIP = 17  # decline a "may" step or a target
A_CHARACTER = 18  # a = seat
A_NEGATE = 19  # a = card id discarded
A_ACCEPT = 20
A_BOX = 21  # a = box (0 = the reserve)
A_SUPPORT_CARD = 22  # a = card id discarded
A_YES = 23
A_NO = 24
A_CARD = 25  # a = card id
A_REVEAL = 26  # a = position
A_PEEK = 27  # a = position (BOX_DECK: the Exploration Deck)
A_KEEP_DIE = 28
A_REROLL = 29  # a = seat, b = Charm slot
A_RAISE = 30  # a = seat, b = Talisman slot
A_LOWER = 31  # a = seat, b = Talisman slot
ACTION_NAMES = {
    A_PASS: "pass", A_PLAY: "play", A_CONVERT: "convert", A_RETRIEVE: "retrieve", A_USE: "use",
    A_CHARM: "charm", A_DROP_SIGIL: "drop_sigil", A_UNEQUIP: "unequip", A_FOCUS: "focus", A_UNFOCUS: "unfocus",
    A_FULL_FOCUS: "full_focus", A_OFFER_RETRIEVE: "offer_retrieve", A_OFFER_TRADE: "offer_trade",
    A_SUPPORT: "support", A_TARGET: "target", A_SKIP: "skip", A_CHARACTER: "character", A_NEGATE: "negate",
    A_ACCEPT: "accept", A_BOX: "box", A_SUPPORT_CARD: "support_card", A_YES: "yes", A_NO: "no",
    A_CARD: "card", A_REVEAL: "reveal", A_PEEK: "peek", A_KEEP_DIE: "keep_die", A_REROLL: "reroll",
    A_RAISE: "raise", A_LOWER: "lower",
}
MAX_LEGAL = 96
DECISION_CAP = 20_000  # a match taking more decisions than this is stopped with an error

# ---- card locations in the Planes (target choices): Threshold index, or LOC_POSITION + position
LOC_POSITION = 32

# ---- trigger kinds (queue rows)
T_REVEALED = 1  # a card turned face-up in the Planes (Events, Intrusive thoughts, Angels, When revealed)
T_REWARD = 2  # a Banished card's Reward
T_WEAKENED = 3  # an Environment card's When weakened
T_EFFECT = 4  # a card's effect slot (card, owner): slot in the uid field
T_DEFEATED = 5  # an Apex Manifestation at 0 Strength

# ---- random streams: deal (player decks) per seat, bot per seat, the Exploration Deck, the die
STREAM_DEAL = 0  # + seat
STREAM_BOT = 2  # + seat
STREAM_EXPLORATION = 4
STREAM_DIE = 5
N_STREAMS = 6

# ---- events: rows (kind, seat, a, b, c)
EVENT_WIDTH = 5
EV_ROUND = 1  # round
EV_ACTION = 2  # seat, action
EV_CROSS = 3  # card, Threshold size after (-1 a card Banished crossing, -2 to the bottom)
EV_REVEAL = 4  # card, position
EV_EVENT = 5  # event index, card fate
EV_WEAKEN = 6  # seat, card, amount, Strength left
EV_BANISH = 7  # seat, card (-1 seat: the game)
EV_STABILITY = 8  # seat, change, Stability after
EV_UNCONSCIOUS = 9  # seat
EV_REVIVED = 10  # seat
EV_DRAW = 11  # seat, card
EV_SHUFFLE = 12  # seat, cards
EV_EXHAUSTION = 13  # seat, card (-1: the Archive had none)
EV_RETRIEVE = 14  # seat, card
EV_ENERGY = 15  # seat, change, Energy after
EV_OFFERING = 16  # open (1) / close (0)
EV_END = 17  # winner, end reason
EV_DIE = 18  # result
EV_ENTER = 19  # card enters the Threshold by an effect
EV_PEEK = 20  # seat, card, position
EV_DISCARD = 21  # seat, card
EV_SURGE = 22  # chain length
EV_CHECK = 23  # Threats on the Threshold
EV_FOCUS = 24  # seat, box, 1 on / 0 off (box 0: reserve)
EV_TRACK = 25  # track, stage
EV_STATUS = 26  # a Journal Status marked

# ---- card counts per seat and card: (drawn, played, in the opening hand, retrieved)
COUNT_DRAWN, COUNT_PLAYED, COUNT_OPENING, COUNT_GAINED = 0, 1, 2, 3
CARD_COUNT_COLUMNS = 4

# ---- error codes (vocab.ERROR_CODES) and invariant codes (check_invariants)
ERROR_ILLEGAL_ACTION = 1
ERROR_INVARIANT = 2
ERROR_CAPACITY = 3
ERROR_DECISION_LIMIT = 4
INVARIANT_CARDS = 1  # a card's copies in every zone and the Archive differ from its total
INVARIANT_STABILITY = 2
INVARIANT_ENERGY = 3
INVARIANT_FOCUS = 4  # Focus tokens not conserved, or position 1 unfocused
INVARIANT_THRESHOLD = 5  # a non-Threat on the Threshold, or a gap in it
INVARIANT_POSITIONS = 6  # a card in position 1 face-down outside the shift
INVARIANT_LIMITS = 7  # more Talismans or Sigils than allowed
INVARIANT_STRENGTH = 8
INVARIANT_UNCONSCIOUS = 9
