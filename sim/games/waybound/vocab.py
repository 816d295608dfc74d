"""Fixed vocabularies shared by the data loader and the kernels.

Module-level integers are layout and vocabulary codes (numba inlines them as constants); rule
numbers and card data never live here, they are compiled into arrays passed to the kernels.
A new card is new data; a new keyword, effect or rule number is new code here and in engine.py.
"""

from __future__ import annotations

# Routes. The Netherway is the temporary fourth Route, connected only to Lantern Crossing.
WINDBRIDGE = 0
LANTERN_CROSSING = 1
GLASS_ORCHARD = 2
NETHERWAY = 3
ROUTE_NAMES = ("Windbridge", "Lantern Crossing", "Glass Orchard", "Netherway")

FACTIONS = ("hearthbound", "skyrunners", "veilborn", "ironmaw", "neutral")
FACTION_ABILITIES = ("none", "netherway", "claim_the_way")

# Keywords and abilities (Allies and Companion stages share one vocabulary; value 0 = absent,
# otherwise the keyword's number, 1 when it has none).
KEYWORDS = (
    "swift",  # free normal move (still exhausts)
    "lightfoot",  # pay 1 more on the normal move to stay ready
    "rooted",  # no movement of any kind (closure and defeat returns override)
    "precision",  # attacker chooses WHICH ready defender intercepts
    "slipstream",  # attacker chooses ANY opposing character at the Route
    "sheltering_glow",  # other friendly characters at the Route take 1 less Challenge damage
    "breach",  # +1 Renown when its own Challenge defeats a READY opposing character
    "stormwing_renown",  # +N Renown when its own Challenge defeats an Ally
    "cleave",  # excess damage over the first Ally's remaining Guard hits one other Ally
    "kindled_fury",  # +N Force while damaged
    "lantern_care",  # on entry heal ANOTHER friendly character at its Route by N
    "aura_force",  # +1 Force (non-stacking) to other friendly characters at its Route, own turn
    "hex_on_entry",  # on entry, -N Force (strongest only) on opposing characters at its Route
    "grinshade",  # defender may pay Charge for a d6: 5-6 prevents the Challenge damage
    "riftfire_ambush",  # after exiting the Netherway, N direct damage to an opposing Ally there
    "star_chart",  # on entry look at the top N, keep one, the rest to the bottom
    "opens_netherway",  # on entry, open the Netherway
    "pack_momentum",  # +1 Force per opposing character your side defeated this turn, cap N
    "free_move",  # Trailblazer / Windguide: free normal movement (still exhausts)
    "nyxara_open",  # once per turn, open the Netherway for the edition's Nyxara cost
    "nyxara_open_ascended",  # the ascended cost applies instead
    "between_worlds",  # normal move into the Netherway stays ready
    "relentless",  # paid ready after its own Challenge defeats an Ally, N times per turn
    "fang_sovereign",  # +1 Renown for its own Challenge defeat of an Ally, once per turn
    "siege_rhythm",  # +1 Force per friendly Challenge made this turn, cap N
    "stormdancer_move",  # after its own Challenge defeats a character, optional adjacent move
    "gate_sovereign_open",  # Nyxara's opening costs the edition's Gate Sovereign cost instead
)
KW = {name: index for index, name in enumerate(KEYWORDS)}
KW_SWIFT = 0
KW_LIGHTFOOT = 1
KW_ROOTED = 2
KW_PRECISION = 3
KW_SLIPSTREAM = 4
KW_GLOW = 5
KW_BREACH = 6
KW_STORMWING = 7
KW_CLEAVE = 8
KW_KINDLED = 9
KW_LANTERN_CARE = 10
KW_AURA = 11
KW_HEX_ENTRY = 12
KW_GRINSHADE = 13
KW_RIFTFIRE = 14
KW_STAR_CHART = 15
KW_OPENS_NETHER = 16
KW_PACK_MOMENTUM = 17
KW_FREE_MOVE = 18
KW_NYX_OPEN = 19
KW_NYX_OPEN_ASCENDED = 20
KW_BETWEEN_WORLDS = 21
KW_RELENTLESS = 22
KW_FANG = 23
KW_SIEGE = 24
KW_STORMDANCER = 25
KW_GATE_SOVEREIGN = 26
N_KEYWORDS = len(KEYWORDS)

# Profile table columns: stats then keyword values.
PF_FORCE = 0
PF_GUARD = 1
PF_INSIGHT = 2
PF_KW = 3
PROFILE_WIDTH = PF_KW + N_KEYWORDS

# Tactic effects.
EFFECTS = (
    "none",
    "damage_any",  # N damage to any opposing character (offensive)
    "defeat_ally",  # defeat any opposing Ally (offensive)
    "bounce_ally",  # return an opposing Ally to its owner's hand (offensive)
    "sweep_route",  # defeat all opposing Allies at one Route (offensive)
    "buff_force",  # friendly character +N Force until end of turn
    "ready_no_explore",  # ready a friendly character; it cannot Explore this turn
    "buff_insight",  # friendly character +N Insight until end of turn
    "damage_ally_at_companion_route",  # N damage to an opposing Ally at your Companion's Route (offensive)
    "companion_move_heal",  # move your Companion to any Route and heal N
    "draw_move",  # draw N, optionally move a friendly character one adjacent Route
    "draw",  # draw N
    "move_adjacent",  # move a friendly character one adjacent Route
    "heal",  # heal a friendly character by N
    "heal_route",  # heal each friendly character at a chosen Route by N
    "heal_move",  # heal a friendly character by N, optionally move it one adjacent Route
    "open_netherway",  # open the Netherway
    "passage",  # move a friendly character into the open Netherway
    "damage_opposing_ally",  # N damage to an opposing Ally (offensive)
    "open_netherway_draw",  # open the Netherway, then draw N
)
EFFECT = {name: index for index, name in enumerate(EFFECTS)}
EF_NONE = 0
EF_DAMAGE_ANY = 1
EF_DEFEAT_ALLY = 2
EF_BOUNCE_ALLY = 3
EF_SWEEP_ROUTE = 4
EF_BUFF_FORCE = 5
EF_READY_NO_EXPLORE = 6
EF_BUFF_INSIGHT = 7
EF_DAMAGE_AT_COMPANION = 8
EF_COMPANION_MOVE_HEAL = 9
EF_DRAW_MOVE = 10
EF_DRAW = 11
EF_MOVE_ADJACENT = 12
EF_HEAL = 13
EF_HEAL_ROUTE = 14
EF_HEAL_MOVE = 15
EF_OPEN_NETHER = 16
EF_PASSAGE = 17
EF_DAMAGE_OPP_ALLY = 18
EF_OPEN_NETHER_DRAW = 19

# Card table columns.
C_KIND = 0  # 0 ally, 1 tactic
C_COST = 1
C_FACTION = 2
C_EFFECT = 3
C_AMOUNT = 4
C_PROFILE = 5
C_ALT_PROFILE = 6  # Shift: the other mode's profile, -1 none
C_MAX_COPIES = 7
CARD_WIDTH = 8
KIND_ALLY = 0
KIND_TACTIC = 1

# Rule numbers and flags of an edition (all integers; booleans as 0/1).
RULE_NAMES = (
    "deck_size",
    "max_copies",
    "opening_hand",
    "empty_hand_draw",
    "hand_limit",
    "max_capacity",
    "win_renown",
    "round_limit",
    "orchard_force",
    "path_marks",
    "path_cost",
    "ascend_marks",
    "ascend_cost",
    "ascend_force",
    "ascend_guard",
    "recovery_turns",
    "claim_the_way_max",
    "nyxara_open_cost",
    "nyxara_open_cost_ascended",
    "nyxara_open_cost_gate_sovereign",
    "grinshade_cost",
    "grinshade_min_roll",
    "relentless_cost",
    "lightfoot_cost",
    "shift_cost",
    "mulligans",
    "opening_no_first_explore",
    "opening_second_extra_charge",
)
RULE = {name: index for index, name in enumerate(RULE_NAMES)}
R_DECK_SIZE = 0
R_MAX_COPIES = 1
R_OPENING_HAND = 2
R_EMPTY_HAND_DRAW = 3
R_HAND_LIMIT = 4
R_MAX_CAPACITY = 5
R_WIN_RENOWN = 6
R_ROUND_LIMIT = 7
R_ORCHARD_FORCE = 8
R_PATH_MARKS = 9
R_PATH_COST = 10
R_ASCEND_MARKS = 11
R_ASCEND_COST = 12
R_ASCEND_FORCE = 13
R_ASCEND_GUARD = 14
R_RECOVERY_TURNS = 15
R_CLAIM_MAX = 16
R_NYX_COST = 17
R_NYX_COST_ASCENDED = 18
R_NYX_COST_GATE_SOVEREIGN = 19
R_GRINSHADE_COST = 20
R_GRINSHADE_MIN_ROLL = 21
R_RELENTLESS_COST = 22
R_LIGHTFOOT_COST = 23
R_SHIFT_COST = 24
R_MULLIGANS = 25
R_OPENING_NO_FIRST_EXPLORE = 26
R_OPENING_SECOND_EXTRA_CHARGE = 27
N_RULES = len(RULE_NAMES)
BOOLEAN_RULES = ("opening_no_first_explore",)

# Companion stages: profile index = companion base profile + stage.
STAGE_BASE = 0
STAGE_PATH0 = 1
STAGE_PATH1 = 2
STAGE_PATH0_ASCENDED = 3
STAGE_PATH1_ASCENDED = 4
N_STAGES = 5

# Greedy weights (policy parameter vector layout). Search bots prepend three numbers.
WEIGHT_NAMES = (
    "renown",
    "journey_mark",
    "damage",
    "defeat_ally",
    "defeat_companion",
    "ally_value",
    "charge_spent",
    "path",
    "ascend",
    "move_to_open_route",
    "draw",
    "heal",
    "buff",
    "netherway",
    "end_turn",
    "mulligan_below_cheap",
    "keep_per_cost",
    "keep_unaffordable",
)
W_RENOWN = 0
W_MARK = 1
W_DAMAGE = 2
W_DEFEAT_ALLY = 3
W_DEFEAT_COMPANION = 4
W_ALLY_VALUE = 5
W_CHARGE = 6
W_PATH = 7
W_ASCEND = 8
W_MOVE_OPEN = 9
W_DRAW = 10
W_HEAL = 11
W_BUFF = 12
W_NETHER = 13
W_END = 14
W_MULLIGAN = 15
W_KEEP_PER_COST = 16  # the hand limit: a kept card's worth per Charge of its cost
W_KEEP_UNAFFORDABLE = 17  # ... less this per Charge beyond next turn's capacity
N_WEIGHTS = len(WEIGHT_NAMES)
# Policy parameter vector: [weights..., candidates, rollouts, horizon_turns, then the ISMCTS budget:
# iterations, exploration, worlds, evaluation_scale]. The weights come
# first so that a policy's whole row is its weight vector: a contiguous array the kernels index
# without loading a stride (a slice after other parameters would be a strided view).
PARAM_WEIGHTS = 0
PARAM_CANDIDATES = N_WEIGHTS
PARAM_ROLLOUTS = N_WEIGHTS + 1
PARAM_HORIZON = N_WEIGHTS + 2
PARAM_ITERATIONS = N_WEIGHTS + 3
PARAM_EXPLORATION = N_WEIGHTS + 4
PARAM_WORLDS = N_WEIGHTS + 5
PARAM_EVALUATION_SCALE = N_WEIGHTS + 6
N_PARAMS = N_WEIGHTS + 7

POLICY_RANDOM = 0
POLICY_GREEDY = 1
POLICY_SEARCH = 2
POLICY_ISMCTS = 3
