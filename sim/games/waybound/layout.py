"""Waybound state layout and the action and event encodings (engine.py's docstring summarizes them).

Compile-time constants shared by the kernels and Python: positions in the int32 state vector, phase,
action, event, end-reason and error codes, random-stream slots and extra result columns. numba freezes
module globals when it compiles a kernel, so nothing here is a rule: rule numbers and cards reach the
kernels as table arguments (tables.py).
"""

from __future__ import annotations

from numba import njit

G_ROUND = 0
G_TURNS = 1
G_ACTIVE = 2
G_PHASE = 3
G_DECIDER = 4
G_DONE = 5
G_WINNER = 6
G_END_REASON = 7
G_ERROR = 8
G_NETHER_OPEN = 9
G_NETHER_CREATOR = 10
G_PEND_A = 11
G_PEND_B = 12
G_PEND_C = 13
G_PEND_D = 14
G_PEND_E = 15
G_ACTIONS = 16
G_LOG = 17  # 1: write events
G_EVENTS = 18  # events written
G_COUNT = 19  # 1: count cards drawn / played
GLOBALS = 24

P_RENOWN = 0
P_MARKS = 1
P_CAPACITY = 2
P_CHARGE = 3
P_MULLIGANS = 4
P_DECK_N = 5
P_DISCARD_N = 6
P_HAND_N = 7
P_CLAIMS = 8
P_RELENTLESS_USED = 9
P_FANG_USED = 10
P_MARKED_THIS_TURN = 11
P_NYX_OPENED = 12
P_TURNS = 13
P_UNITS_N = 14
P_COMPANION_DEFEATS = 15
P_ALLIES_DEFEATED = 16
P_TACTICS = 17
P_NETHER_OPENINGS = 18
P_PATH = 19
P_PATH_ROUND = 20
P_ASCENDED = 21
P_ASCEND_ROUND = 22
P_MARKS_SINCE_PATH = 23
P_COMPANION_PROFILE = 24
P_FACTION_ABILITY = 25  # index into vocab.FACTION_ABILITIES
P_DECK_TOTAL = 26
P_CHALLENGES_TURN = 27
P_DEFEATS_TURN = 28
P_FEATURED = 29  # featured-opening card, -1 none
P_ILLEGAL = 30
PLAYER_SCALARS = 40
DECK_CAP = 40
DECK_OFF = PLAYER_SCALARS
DISCARD_OFF = DECK_OFF + DECK_CAP
HAND_OFF = DISCARD_OFF + DECK_CAP
UNITS_OFF = HAND_OFF + DECK_CAP
MAX_UNITS = 32
UNIT_SIZE = 16
PLAYER_SIZE = UNITS_OFF + MAX_UNITS * UNIT_SIZE
STATE_SIZE = GLOBALS + 2 * PLAYER_SIZE

U_PROFILE = 0
U_CARD = 1  # card id of an Ally, -1 for the Companion
U_ROUTE = 2
U_DAMAGE = 3
U_READY = 4
U_MOVED = 5
U_NETHER_EXPLORED = 6
U_FORCE_BONUS = 7
U_INSIGHT_BONUS = 8
U_NO_EXPLORE = 9
U_SHIFT_USED = 10
U_RECOVERY = 11  # Companion: owner turns left before it readies again (>0: recovering)
U_GRINSHADE_ROUND = 12
U_HEX = 13  # strongest Force reduction on this unit (expires at the caster's next turn start)

# Phases
PH_MULLIGAN = 1
PH_MAIN = 2
PH_DEFEND = 3
PH_GRINSHADE = 4
PH_CLEAVE = 5
PH_RELENTLESS = 6
PH_STAR_CHART = 7
PH_NETHER_EXIT = 8
PH_RIFTFIRE = 9
PH_ENTRY_HEAL = 10
PH_STORMDANCER = 11
PH_HAND_LIMIT = 12  # the active seat discards down to the hand limit, a card per decision

# Action kinds
A_END = 0
A_PLAY_ALLY = 1  # x card, y route
A_PLAY_TACTIC = 2  # x card, y target (per effect; NO_TARGET when none)
A_MOVE = 3  # x unit, y destination * 2 + (1 if Lightfoot pays to stay ready)
A_EXPLORE = 4  # x unit
A_CHALLENGE = 5  # x attacker, y defender unit (DEFENDER_CHOOSES: the defending seat picks)
A_PATH = 6  # x path 0/1
A_ASCEND = 7
A_SHIFT = 8  # x unit
A_NYX_OPEN = 9
A_CHOICE = 10  # x choice within the pending decision
A_DISCARD = 11  # x card: discarded to the end-of-turn hand limit (PH_HAND_LIMIT)
NO_TARGET = 255
DEFENDER_CHOOSES = 255
MOVE_NONE = 4  # "no move" in unit * 5 + destination targets

END_RENOWN = 0
END_ROUND_RENOWN = 1
END_ROUND_MARKS = 2
END_DRAW = 3
END_CAP = 4
END_REASONS = ("renown", "round_limit_renown", "round_limit_marks", "draw", "turn_cap")  # END_* names

ERR_OK = 0
ERR_ILLEGAL = 1
ERR_INVARIANT = 2
ERR_ACTION_CAP = 3
ERROR_CODES = ("ok", "illegal_action", "invariant", "action_cap")  # ERR_* names

MAX_ACTIONS = 4000
MAX_LEGAL = 512
# the ISMCTS bot's work arrays (sim/core/ismcts.py): tree nodes (an iteration adds at most one), the
# candidates a node considers, the worlds (re-deals) a search samples
TREE_CAPACITY = 4097
MAX_CANDIDATES = 16
MAX_WORLDS = 256
ROLLOUT_STEPS = 400  # actions a search iteration plays at most after its decision (a safety cap)
# generate_actions' record of a main-phase list (the `layout` buffer): entries 0..units_n are where
# each unit's actions start, the last one where the Companion's path/ascension/opening group starts;
# then which listed Tactics read readiness (bits READS_READY_*, see tactic_readiness), and the length
LAYOUT_HAND_READINESS = MAX_UNITS + 1
READS_READY_TARGETS = 1  # Stand Together: which characters it can target
READS_READY_VALUES = 2  # the Buffs: their values
LAYOUT_END = MAX_UNITS + 2
LAYOUT_SIZE = MAX_UNITS + 3
EVENT_WIDTH = 6
EVENT_CAPACITY = 20000  # event rows a replay or playthrough keeps (one match)
# Event types (replay log)
EV_OPENING_CARD = 1  # seat, card
EV_MULLIGAN = 2  # seat, kept (0) / replaced (1)
EV_TURN = 3  # seat, round, capacity, charge
EV_ACTION = 4  # seat, action
EV_DIE = 5  # seat (defender), roll, prevented
EV_DEFEAT = 6  # owner seat, card (-1 Companion), route, by tactic
EV_END = 7  # winner, reason, renown0, renown1
EV_RESHUFFLE = 8  # seat, cards
EV_NETHER_OPEN = 9  # seat
EV_NETHER_CLOSE = 10  # seat
EV_DRAW = 11  # seat, card
EV_FEATURED = 12  # seat, card
EV_RENOWN = 13  # seat, amount, reason code
EV_ILLEGAL = 14  # seat, action
EV_INVARIANT = 15  # seat, code

# stream indices inside a match's keys/counters arrays
S_DEAL0 = 0
S_DEAL1 = 1
S_CHANCE = 2
S_POLICY0 = 3
S_POLICY1 = 4
N_STREAMS = 5

# Extra result columns (per seat)
X_MARKS = 0
X_PATH = 1  # companion index * 2 + path + 1, 0 none
X_PATH_ROUND = 2
X_ASCENDED = 3
X_ASCEND_ROUND = 4
X_COMPANION_DEFEATS = 5
X_ALLIES_DEFEATED = 6
X_TACTICS = 7
X_NETHER_OPENINGS = 8
N_EXTRA = 9


@njit(cache=True, inline="always")
def player_base(p):
    return GLOBALS + p * PLAYER_SIZE


@njit(cache=True, inline="always")
def unit_base(p, i):
    return GLOBALS + p * PLAYER_SIZE + UNITS_OFF + i * UNIT_SIZE


@njit(cache=True, inline="always")
def encode(kind, x, y):
    return (kind << 16) | (x << 8) | y


@njit(cache=True, _nrt=False, forceinline=True)
def log_event(s, events, kind, a, b, c, d, e):
    if s[G_LOG] == 0:
        return
    n = s[G_EVENTS]
    if n < events.shape[0]:
        events[n, 0] = kind
        events[n, 1] = a
        events[n, 2] = b
        events[n, 3] = c
        events[n, 4] = d
        events[n, 5] = e
    s[G_EVENTS] = n + 1
