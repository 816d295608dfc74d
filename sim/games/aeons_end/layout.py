"""State layout and table field indices (compile-time constants shared by kernels and Python).

These are positions in flat arrays, not rules: rules and cards arrive as table arguments.
"""

from __future__ import annotations

MAX_PLAYERS = 4
PILE_CAPACITY = 64           # per player hand / deck / discard / played area
MAX_STEPS = 6                # steps per effect section
MAX_IN_PLAY = 16             # nemesis minion and power cards in play
NEMESIS_DECK_CAPACITY = 40
DEVOURED_CAPACITY = 64
SUPPLY_PILES = 9
TARGETS = 18                 # 0 nemesis, 1..16 in-play slot + 1, 17 husks
TARGET_HUSKS = 17
ROUND_RECORD = 40            # rounds kept in the survival-curve columns

# ---- global block -------------------------------------------------------------------------------
G_STATUS = 0            # 0 running, 1 players won, 2 players lost
G_END_REASON = 1
G_GRAVEHOLD = 2
G_NEMESIS_LIFE = 3
G_FIRE = 4
G_PHASE = 5             # PHASE_*
G_ACTIVE = 6            # player taking the current turn
G_AETHER = 7
G_AETHER_GEM = 8
G_AETHER_SPELL = 9
G_TURNS = 10
G_ROUNDS = 11
G_NEMESIS_DECK_POS = 12
G_NEMESIS_DECK_LEN = 13
G_TURN_ORDER_POS = 14
G_WILD_HOLDER = 15
G_TOKEN_12 = 16         # -1 in the middle of the table, else the player holding it
G_TOKEN_34 = 17
G_FURY = 18
G_HUSKS = 19
G_TARGET = 20           # player chosen by the last target_* step
G_NEMESIS_DISCARD = 21
G_LAST_DISCARDED_MINION = 22
G_IN_PLAY = 23
G_ARRIVAL_SEQ = 24
G_BREACH_DISCOUNT = 25
G_PLAYERS = 26
G_NEMESIS_TIER = 27
G_DAMAGE_DEALT = 28
G_CARDS_GAINED = 29
G_PREVENT_DAMAGE = 30
G_DOUBLE_PREP = 31      # Kadir's gate: two spells per opened breach this turn
G_DEVOURED = 32
G_PENDING_UNLEASH = 33
G_COPIES_PLAYED = 34    # bit set of card ids < 31 played this turn (Diamond Cluster, Clouded Sapphire)
G_WHILE_PREPPED_USED = 35  # bit per (breach, slot) of the active player
G_NEMESIS_TURN_START_SEQ = 36
G_LIFE_SET = 37         # minion entering play: life set by an IMMEDIATELY step (-1 none)
G_LIFE_ADD = 38
G_CURRENT_CARD = 39     # nemesis card whose steps are resolving (-1 none)
G_CURRENT_SLOT = 40
G_UNLEASHES = 41
G_INITIAL_SUPPLY = 42
G_DESTROYED_NEMESIS = 43
G_TURN_KIND = 44        # last turn-order card drawn
G_ROUND_TURNS = 45
G_ROUNDS_RECORDED = 46
G_SHIELD_HIT = 47
G_BLASTING_BONUS = 48
G_NEMESIS_MAX_LIFE = 49
G_GRAVEHOLD_MAX = 50
G_PLAYER_MAX = 51
G_ABILITY_USES = 52
G_DECISIONS = 53
G_CORRUPTIONS = 54       # cards left in the corruption deck (Crooked Mask)
G_CORRUPTION_TOTAL = 55
G_COUNT_CARDS = 56       # 1: keep per-card counts in the state
G_SHIELD_ADD = 57        # minion entering play: shields added (negative: lost) by IMMEDIATELY steps
G_CONDITION = 58         # 1 if the last conditional step's condition held (read by the *_if steps)

TURN_ORDER_BASE = 64    # 6 turn-order cards, drawn from position G_TURN_ORDER_POS up
TURN_ORDER_SIZE = 6
NEMESIS_DECK_BASE = 72
IN_PLAY_BASE = NEMESIS_DECK_BASE + NEMESIS_DECK_CAPACITY      # 112
IN_PLAY_FIELDS = 6
IP_CARD, IP_LIFE, IP_POWER, IP_SHIELDS, IP_SILENCED, IP_ARRIVAL = range(6)
SUPPLY_CARD_BASE = IN_PLAY_BASE + MAX_IN_PLAY * IN_PLAY_FIELDS  # 208
SUPPLY_COUNT_BASE = SUPPLY_CARD_BASE + SUPPLY_PILES            # 217
DEVOURED_BASE = SUPPLY_COUNT_BASE + SUPPLY_PILES               # 226
CORRUPTION_CAPACITY = 16
CORRUPTION_BASE = DEVOURED_BASE + DEVOURED_CAPACITY             # corruption deck, index 0 = bottom
MAX_CARD_IDS = 64          # player card ids counted per mage (drawn, played, opening)
CARD_COUNTS = 4           # drawn, played, in the opening hand, gained
CARD_COUNT_BASE = CORRUPTION_BASE + CORRUPTION_CAPACITY       # [player, card id, CARD_COUNTS]
PLAYER_BASE = CARD_COUNT_BASE + MAX_PLAYERS * MAX_CARD_IDS * CARD_COUNTS

# ---- per player block ----------------------------------------------------------------------------
P_LIFE = 0
P_CHARGES = 1
P_EXHAUSTED = 2
P_AETHER_TOKENS = 3
P_HAND_N = 4
P_DECK_N = 5
P_DISCARD_N = 6
P_PLAYED_N = 7
P_DESTROYED_N = 8
P_MAGE = 9
P_OWNED = 10            # cards this player owns outside the destroyed pile (conservation)
P_CHARGE_MAX = 11
P_BREACH = 12           # 4 breaches: -1 none/destroyed, 0..3 stage (quarter turns), 4 opened
P_FOCUSED = 16          # 4 flags: focused this turn
P_PREP = 20             # 8: breach b slot k at P_PREP + 2b + k; card id or -1
P_PREPPED_NOW = 28      # 8 flags: prepped this turn
P_HAND = 40
P_DECK = P_HAND + PILE_CAPACITY
P_DISCARD = P_DECK + PILE_CAPACITY
P_PLAYED = P_DISCARD + PILE_CAPACITY
PLAYER_STRIDE = P_PLAYED + PILE_CAPACITY
STATE_SIZE = PLAYER_BASE + MAX_PLAYERS * PLAYER_STRIDE

PHASE_CASTING = 0
PHASE_MAIN = 1
PHASE_OVER = 2

# turn-order card codes: 0..3 player number, then:
TO_NEMESIS = 4
TO_WILD = 5
TO_12 = 6
TO_34 = 7

# ---- actions: kind * 256 + argument ----------------------------------------------------------------
A_END = 0               # end casting phase / end main phase (then draw phase runs)
A_CAST = 1              # arg = (2b + slot) * TARGETS + target
A_PLAY = 2              # arg = hand index * 2 + option
A_GAIN = 3              # arg = pile (0..8), 9 = devoured pile
A_CHARGE = 4
A_FOCUS = 5             # arg = breach
A_OPEN = 6              # arg = breach
A_PREP = 7              # arg = hand index * 4 + breach
A_ABILITY = 8           # arg = player the ability is aimed at
A_TO_DISCARD = 9        # arg = in-play slot
A_WHILE_PREPPED = 10    # arg = 2b + slot
A_PLAY_GEMS = 11        # play every gem in hand that has no OR choice (a shortcut of several PLAYs)
A_ALLY_ABILITY = 12     # arg = ally * 4 + player aimed at: an ally's "any player's main phase" ability
ACTION_KINDS = ("end", "cast", "play", "gain", "charge", "focus", "open", "prep", "ability",
                "to_discard", "while_prepped", "play_gems", "ally_ability")
MAX_ACTIONS = 600

# ---- player card table (int32 [n_cards, PC_FIELDS]) -------------------------------------------------
PC_TYPE, PC_COST, PC_PREP_TO_CLOSED, PC_TOP_ON_GAIN, PC_HAS_OR, PC_AETHER_VALUE, PC_DAMAGE_VALUE, \
    PC_HAS_WHILE_PREPPED, PC_HAS_END_OF_CASTING, PC_IS_CRYSTAL = range(10)
PC_FIELDS = 10
# effect sections (int32 [n_cards, 4, MAX_STEPS, 2])
SEC_MAIN, SEC_OR, SEC_WHILE_PREPPED, SEC_END_OF_CASTING = range(4)
TYPE_GEM, TYPE_RELIC, TYPE_SPELL, TYPE_CORRUPTION = 0, 1, 2, 3

# ---- nemesis card table (int32 [n_cards, NC_FIELDS]) --------------------------------------------------
# NC_HARM_MAIN, NC_HARM_OR, NC_HARM_OR2, NC_HARM_OR3: harm score of each option (data.HARM; the team takes the
# least harmful resolvable one); NC_ALTERNATIVES: OR options after the main effect (0-3, Devil's Pact 3);
# NC_BANISH_ON_DISCARD: "banished when discarded" (leaves the game instead of the nemesis discard).
NC_TYPE, NC_TIER, NC_LIFE, NC_SHIELDS, NC_POWER, NC_DAMAGE_CAP, NC_IMMUNE_HUSKS, NC_HUSK_LIFE_2, \
    NC_TD_CODE, NC_TD_AMOUNT, NC_HAS_OR, NC_HARM_MAIN, NC_HARM_OR, NC_HARM_OR2, NC_HARM_OR3, NC_CORRUPTS, \
    NC_ALTERNATIVES, NC_BANISH_ON_DISCARD = range(18)
NC_FIELDS = 18
# effect sections: main effect, `or:` (second option), IMMEDIATELY, third and fourth options of an OR card
NSEC_EFFECT, NSEC_OR, NSEC_IMMEDIATELY, NSEC_OR2, NSEC_OR3 = range(5)
NSEC_COUNT = 5
NTYPE_ATTACK, NTYPE_MINION, NTYPE_POWER = 0, 1, 2

# ---- nemesis extra rows (int32 [NX_ROWS, MAX_STEPS, 2]) -------------------------------------------------
NX_UNLEASH = 0
NX_STRIKE = 1           # 6 strike cards
NX_SWARM = 7            # 5 swarm rows
NX_ROWS = 12

# ---- rules vector (int32) --------------------------------------------------------------------------
R_PLAYER_LIFE, R_GRAVEHOLD_LIFE, R_HAND_SIZE, R_CHARGE_COST, R_FIRE_LOSS, R_NEMESIS_LIFE, R_EXPERT, \
    R_ROUND_CAP, R_NEMESIS_KIND, R_START_FURY, R_STRIKE_THRESHOLD, R_STRIKE_LOSS, R_STRIKE_COUNT, \
    R_START_HUSKS, R_HUSK_CAP, R_SWARM_ROWS, R_SETUP_DEVOUR_GEMS, R_SETUP_DEVOUR_EXTRA, R_PLAYERS, \
    R_CORRUPTION_EMPTY_DAMAGE = range(20)
R_SWARM_MIN = 20        # 5 values
R_SWARM_MAX = 25        # 5 values
R_FOCUS_COST = 30       # 4 values
R_OPEN_COST = 34        # 16 values: breach * 4 + stage
R_BONUS_DAMAGE = 50     # 4 values
R_BASIC_BY_TIER = 54    # 3 values (for this player count)
R_CORRUPTION_DESTROYED_EXPERT = 57  # 1: a destroyed corruption costs a charge or goes to a discard pile
R_DEVOUR_EMPTY_CHEAPEST = 58  # 1: devour_cheapest targets the least expensive pile even when empty (rules
                              # unleash_devours_from: least_expensive_pile, the literal reading)
R_CORRUPTION_SHUFFLE_WHOLE = 59  # 1: Crooked Mask's Unleash shuffles deck and discard together (rules
                                 # corruption_shuffle: whole_deck); 0: the discard goes shuffled under the deck
RULES_SIZE = 64

NEMESIS_KIND_GENERIC, NEMESIS_KIND_RAGEBORNE, NEMESIS_KIND_CARAPACE_QUEEN, NEMESIS_KIND_PRINCE, \
    NEMESIS_KIND_CROOKED_MASK = 0, 1, 2, 3, 4

# ---- mage table (int32 [n_mages, MG_FIELDS]) ----------------------------------------------------------
MG_BREACH = 0           # 4 values
MG_CHARGES = 4
MG_ABILITY = 5
MG_ANY_MAIN = 6         # 1: the ability may be used in any player's main phase (mages.yaml timing)
MG_FIELDS = 7

# ---- setup vector (per matchup, int32, data.build_setup): players, 4 mage ids, 9 supply card ids, 9 nemesis
# card ids, basic pool sizes by tier, basic pool ids (3 x 24), the corruption deck
SU_PLAYERS = 0
SU_MAGES = 1
SU_SUPPLY = 5
SU_OWN = 14
SU_BASIC_N = 23
SU_BASIC = 26
SU_BASIC_CAP = 24
SU_CORRUPTION_N = SU_BASIC + 3 * SU_BASIC_CAP
SU_CORRUPTION = SU_CORRUPTION_N + 1
SETUP_SIZE = SU_CORRUPTION + 16

# ---- random streams: index into the keys / counters arrays (batch.fill_keys)
STREAM_TURN_ORDER = 0
STREAM_NEMESIS_DECK = 1
STREAM_CHANCE = 2
STREAM_POLICY = 3       # + deck slot (mage): the bot of mage i draws from STREAM_POLICY + the first slot with its bot
STREAM_COUNT = STREAM_POLICY + MAX_PLAYERS
