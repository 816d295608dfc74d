"""Veilforge's state layout and its action, target and event encodings (engine.py's docstring sums
them up).

The state of a match is one int64 vector: global fields, the chain, the trigger queue, then one
block per seat. Zones are arrays with a count; a deck's top card is its last entry.
"""

from __future__ import annotations

# ---- capacities
MAX_SEATS = 4
DECK_CAP = 80  # a main deck holds at most 80 cards
PILE_CAP = 100  # graveyard, banish zone, removed cards: every card of a player fits (80 + 16 + 3 + 1)
EVO_CAP = 16
MANA_CAP = 12  # "Mana Zone (up to 12)"
ATTACH_CAP = 16
MAX_LINKS = 16  # a chain longer than this cannot grow (no more responses are legal)
MAX_TRIGGERS = 48
MAX_LEGAL = 2048
COST_MODS_CAP = 8  # static cost modifiers a seat can have at once (more: error overflow)

# ---- global fields
G_ROUND = 0  # current round, from 1 (a round: every side has had a turn)
G_TURNS = 1  # player turns started in total (a 2v2 team turn is two player turns)
G_SIDE = 2  # seat-order position of the side whose turn it is (0: the side that moved first)
G_PHASE = 3  # PH_* of the active side's turn
G_SUB = 4  # the team member a phase is at (draw phase: the next to draw)
G_PENDING = 5  # DEC_* the decision awaited, or DEC_NONE
G_DECIDER = 6  # the seat to decide
G_DONE = 7
G_WINNER = 8  # seat-order position of the winning side; -1 none or a draw
G_END_REASON = 9
G_ERROR = 10
G_SEATS = 11
G_SIDES = 12
G_PER_SIDE = 13
G_ORDER = 14  # the seat order this match plays (sim/core/seating.py)
G_EVENTS = 15  # events written so far
G_SERIAL = 16  # the last serial number given to a card entering the field
G_ACTIONS = 17  # decisions taken this turn (the action_limit safety cap)
G_CHAIN_N = 18  # links on the chain
G_PASSES = 19  # consecutive passes in the open response window
G_PRIORITY = 20  # the seat to respond next
G_PAY_SEAT = 21  # a mana payment in progress: whose, how much is left, and what follows it
G_PAY_LEFT = 22
G_AFTER_PAY = 23  # AFTER_*
G_ACTION_DONE = 24  # bit per seat: has ended its action phase this turn
G_CHAINS = 25  # chains formed (a response added to an action)
G_LONGEST = 26  # longest chain (links)
G_RESPONSES = 27  # responses added in total
G_TRIG_HEAD = 28
G_TRIG_TAIL = 29
G_STATIC_DIRTY = 30  # cached effective stats must be recomputed (statics.refresh)
G_DEATH_DIRTY = 31  # a card may have reached 0 health (effects.sweep_deaths)
G_FIRST_TURN = 32  # 1 during the first side's first turn (its draw skip)
G_CHAIN_ACTOR = 33  # the seat whose action opened the current window
G_DECISIONS = 34  # decisions in total
G_LAST_LOSS = 35  # loss reason of the last player to lose (END_*)
G_TODO = 36  # what `advance` does next when no decision is pending: TODO_*
G_LOSS_PENDING = 37  # a player has lost since the last end check (rules.ending.check_end)
GLOBALS = 40

# ---- the chain: links, bottom first
K_KIND = 0  # LINK_*
K_SEAT = 1  # who added it (its controller)
K_CARD = 2  # the card played, activated, attacking, or evolving into
K_ABILITY = 3  # the ability resolving (global index) or -1
K_SOURCE = 4  # card ref of the source on the field (attacker, activated card, evolving base, spell's slot) or REF_NONE
K_SOURCE_SERIAL = 5
K_TARGET = 6  # target ref (card, player, or REF_NONE)
K_TARGET_SERIAL = 7
K_NEGATED = 8
K_ANSWERS = 9  # the link index this one responds to (-1 for the action)
LINK_WIDTH = 10
CHAIN_BASE = GLOBALS
LINK_SUMMON, LINK_SPELL, LINK_ACTIVATE, LINK_ATTACK, LINK_DRAW, LINK_QUICK, LINK_VIGILANT, LINK_EVOLVE, LINK_GRAVEYARD = range(1, 10)
LINK_NAMES = ("", "summon", "spell", "activate", "attack", "draw", "quick", "vigilant", "evolve", "graveyard")

# ---- pending triggered abilities (first in, first out): the team's order is the order they arose
T_SEAT = 0
T_CARD = 1
T_ABILITY = 2
T_LOC = 3  # LOC_* where the source is
T_SOURCE = 4  # field ref (LOC_FIELD), or REF_NONE
T_SOURCE_SERIAL = 5
T_TARGET = 6  # a chosen target (a creature's summon ability chosen with its play) or REF_NONE
T_TARGET_SERIAL = 7
TRIG_WIDTH = 8
TRIG_BASE = CHAIN_BASE + MAX_LINKS * LINK_WIDTH

# ---- one block per seat
P_LIFE = 0
P_START_LIFE = 1
P_LOST = 2
P_LOST_REASON = 3  # END_* of this player's loss
P_SLOT = 4  # deck slot in this seat
P_DECK_N = 5
P_HAND_N = 6
P_MANA_N = 7
P_GRAVE_N = 8
P_BANISH_N = 9
P_REMOVED_N = 10
P_EVO_N = 11
P_ATTACH_N = 12
P_IDEAL = 13  # the ideal's card id
P_DRAWS = 14  # cards drawn
P_PLAYS = 15  # cards played from hand
P_DIRECT = 16  # damage dealt to opposing life by this player's direct attacks
P_PIERCE = 17  # cached: reduction this player's direct attacks ignore (statics.refresh)
P_COST_MODS_N = 18  # cached: static cost modifiers of this player (effect indices at P_COST_MODS)
P_EVOLVES = 19
P_ATTACKS = 20
P_RESPONSES = 21
P_OCCUPIED = 22  # bit per filled field slot (F_CARD >= 0), kept by zones.place/clear/move_record: loops visit filled slots only
# what may respond (responses.list_responses skips a seat or a part of its listing that can list nothing):
P_QUICK_HAND = 23  # Quick cards in the hand (zones.hand_add/hand_take, zones.count_responders)
P_QUICK_EVO = 24  # Quick Evolution cards in the evolution deck (zones.evo_take/leave_field, zones.count_responders)
P_VIGILANT_CARDS = 25  # 1 if any card of the seat's deck slot has a Vigilant ability (set by the deal)
P_COST_MODS = 26
P_DECK = P_COST_MODS + COST_MODS_CAP
P_HAND = P_DECK + DECK_CAP
P_MANA = P_HAND + DECK_CAP  # entries card * 2 + face_up
P_GRAVE = P_MANA + MANA_CAP
P_BANISH = P_GRAVE + PILE_CAP
P_REMOVED = P_BANISH + PILE_CAP
P_EVO = P_REMOVED + PILE_CAP
P_FIELD = P_EVO + EVO_CAP

# field slots: hero zone, battle zone, support zone
HERO_SLOTS = 3
BATTLE_FIRST = 3
SUPPORT_FIRST = 8
FIELD_SLOTS = 13
FIELD_BITS = (1 << FIELD_SLOTS) - 1
HERO_BITS = (1 << HERO_SLOTS) - 1
BATTLE_BITS = ((1 << SUPPORT_FIRST) - 1) & ~((1 << BATTLE_FIRST) - 1)
SUPPORT_BITS = FIELD_BITS & ~((1 << SUPPORT_FIRST) - 1)
IN_PLAY_BITS = FIELD_BITS & ~((1 << BATTLE_FIRST) - 1)  # battle and support zones
ZONE_SLOTS = 5  # battle and support capacity; the edition may use fewer

F_CARD = 0  # card id, or -1 for an empty slot
F_STATE = 1  # ST_*
F_DAMAGE = 2  # damage taken since the last start phase
F_TEMP_DAMAGE = 3  # buffs until the end of the turn
F_TEMP_HEALTH = 4
F_PERM_DAMAGE = 5  # buffs while it stays in play
F_PERM_HEALTH = 6
F_SERIAL = 7  # a number of its own each time a card enters the field
F_EFF_DAMAGE = 8  # cached (statics.refresh): damage, health and keywords with every modifier
F_EFF_HEALTH = 9
F_EFF_KEYWORDS = 10
F_OWNER = 11  # seat of the card's owner (whose deck it began in)
F_ATTACKED = 12  # 1 once it has attacked this turn ("may attack once per turn"), whatever re-enables it
FIELD_WIDTH = 13
P_ATTACH = P_FIELD + FIELD_SLOTS * FIELD_WIDTH
A_CARD = 0
A_HOST_SEAT = 1
A_HOST_SERIAL = 2
ATTACH_WIDTH = 3
SEAT_SIZE = P_ATTACH + ATTACH_CAP * ATTACH_WIDTH
SEATS_BASE = TRIG_BASE + MAX_TRIGGERS * TRIG_WIDTH
STATE_SIZE = SEATS_BASE + MAX_SEATS * SEAT_SIZE

ST_EMPTY, ST_ENABLED, ST_DISABLED, ST_EXHAUSTED, ST_RESOLVING = range(5)  # ST_RESOLVING: a card in support to resolve
STATE_NAMES = ("empty", "enabled", "disabled", "exhausted", "resolving")

# where a source is (triggers)
LOC_FIELD, LOC_GRAVE, LOC_HAND, LOC_IDEAL, LOC_ATTACHED, LOC_LIMBO = range(6)

# ---- phases and decisions
PH_START, PH_DRAW, PH_MANA, PH_ACTION, PH_END = range(5)
PHASE_NAMES = ("start", "draw", "mana", "action", "end")
DEC_NONE, DEC_ACTION, DEC_RESPOND, DEC_PAY = range(4)
AFTER_ACTION, AFTER_RESPONSE = range(2)
TODO_PHASES, TODO_PAY, TODO_SEEK = range(3)  # run the turn's phases / finish a payment / find a responder

# ---- references: a card on the field, a player, or nothing
REF_PLAYER = 64  # + seat
REF_NONE = 255


def card_ref(seat: int, slot: int) -> int:
    return seat * 16 + slot


# ---- actions: kind << 24 | a << 16 | b << 8 | c (c is the chosen target ref, REF_NONE without one)
A_PASS = 0  # end the action phase, or pass in a response window
A_PLAY = 1  # a = hand index
A_HERO = 2  # a = hero slot: summon the hero to the battle zone
A_ACTIVATE = 3  # a = field slot, b = ability number on the card
A_ATTACK = 4  # a = attacker's field slot
A_EVOLVE = 5  # a = evolution deck index, b = the base card's ref
A_GRAVEYARD = 6  # a = graveyard index, b = ability number
A_QUICK = 7  # a = hand index (response)
A_VIGILANT = 8  # a = field slot, b = ability number (response)
A_QUICK_EVOLVE = 9  # a = evolution deck index, b = base ref (response)
A_MANA = 10  # a = mana zone index: the next consumed card (it goes on top of the deck)
# 2v2, rule team_shares_zones: the action reaches the teammate's zones ("you may manipulate your teammate's zones
# as if they were your own"). The bit is set in the field slot of an activate, vigilant, attack or hero action (a),
# in the base slot of an evolution (b), and as b itself for a card played into the teammate's zone (play, quick),
# a graveyard ability of the teammate's graveyard (b = ability number | ON_TEAMMATE) and the teammate's mana (mana).
ON_TEAMMATE = 16
ACTION_NAMES = ("pass", "play", "hero", "activate", "attack", "evolve", "graveyard", "quick", "vigilant",
                "quick_evolve", "mana")


def encode(kind: int, a: int = 0, b: int = 0, c: int = REF_NONE) -> int:
    return (kind << 24) | (a << 16) | (b << 8) | c


# ---- random streams: with S seats, stream k < S is seat k's deal (its deck slot's shuffle), stream
# MAX_SEATS + k seat k's bot, stream CHANCE the game's chance (random discards and random targets)
BOT_STREAM = MAX_SEATS
CHANCE = 2 * MAX_SEATS
N_STREAMS = 2 * MAX_SEATS + 1

# ---- events: rows (kind, seat, a, b, c, d)
EVENT_WIDTH = 6
(EV_TURN, EV_DRAW, EV_MANA, EV_PLAY, EV_HERO, EV_ACTIVATE, EV_ATTACK, EV_DIRECT, EV_HIT, EV_COUNTER, EV_DESTROY,
 EV_HERO_BACK, EV_LINK, EV_RESOLVE, EV_FAIL, EV_PAY, EV_EFFECT, EV_LOSE, EV_END, EV_EVOLVE, EV_PASS, EV_TRIGGER,
 EV_ATTACH, EV_RESPOND_PASS, EV_GRAVE_ACTIVATE) = range(1, 26)

# ---- card counts per seat and card: (drawn, played, in the opening hand)
COUNT_DRAWN, COUNT_PLAYED, COUNT_OPENING = 0, 1, 2
CARD_COUNT_COLUMNS = 3

# ---- error codes (vocab.ERROR_CODES) and invariant codes (check_invariants)
ERROR_ILLEGAL_ACTION = 1
ERROR_INVARIANT = 2
ERROR_OVERFLOW = 3
INVARIANT_CARDS = 1  # every card of every player is in exactly one place
INVARIANT_RANGES = 2  # counts (the responders' among them), life, mana zone size within their bounds
INVARIANT_SLOTS = 3  # slot states consistent (empty slots empty, only heroes in the hero zone, the occupancy bits, ...)
INVARIANT_CHAIN = 4  # chain and pending decisions consistent
INVARIANT_STATICS = 5  # cached effective stats equal a fresh computation
