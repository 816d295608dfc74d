"""Veilforge's vocabulary: the names designers write in decks/veilforge/ and the codes they become.

Every name list below is the order of its codes (a name's index is its code in the packed tables).
data.py validates the designer files against these lists; RULES.md explains each reading.
"""

from __future__ import annotations

from sim.core.policies import FLAT_SEARCH_PARAMS, ISMCTS_PARAMS, BotKind

# ---- rule values an edition sets (decks/veilforge/editions/*.yaml), in the packed table's order
RULE_LIMITS = {  # inclusive bounds of each rule value
    "main_deck_min": (1, 80),  # "A main deck of 40 to 80 cards"
    "main_deck_max": (1, 80),
    "max_copies": (1, 80),  # "No more than 4 copies of the same card in your main deck"
    "evolution_deck_max": (0, 16),  # "An evolution deck of up to 16 cards"
    "opening_hand": (0, 20),  # "Draw 5 cards to form your starting hand"
    "draw_per_turn": (0, 5),  # "Draw 1 card"
    "first_player_skips_draw": (0, 1),  # "The player who goes first skips this on their very first turn"
    "first_team_both_skip": (0, 1),  # 2v2 reading: both players of the first team skip (1) or only its first seat (0)
    "mana_per_turn": (0, 12),  # "you gain 3 mana by adding the top 3 cards"
    "mana_zone_max": (1, 12),  # "Mana Zone (up to 12)"
    "mana_short_deck_loses": (0, 1),  # a card that must be added from an empty deck loses (1), or only an empty deck (0)
    "second_player_mana": (0, 12),  # "The player who goes second starts the game with 1 mana"
    "battle_slots": (1, 5),  # "Battle Zone (5 slots)"
    "support_slots": (1, 5),  # "Support Zone (5 slots)"
    "direct_reduction": (0, 10),  # "reduced by 1 for each card in the defender's battle zone"
    "round_limit": (1, 500),  # turn cap: after this many rounds the match ends as a draw (end reason turn_cap)
    "action_limit": (10, 10_000),  # safety cap on decisions in one turn (end reason action_cap)
    "chain_opponent_first": (0, 1),  # who may respond first to an action: its actor (0) or the next seat (1)
    "counter_when_destroyed": (0, 1),  # does a defender destroyed by the hit still counterattack?
    "team_actions_alternate": (0, 1),  # 2v2 action phase: teammates alternate actions (1) or act one after the other (0)
    "evolved_base_removed": (0, 1),  # an evolving creature/structure goes to the graveyard (0) or is removed (1)
    "heal_above_start": (0, 1),  # may life be healed above its starting value?
    "team_shares_zones": (0, 1),  # 2v2: may a player play into, pay with and use the teammate's zones (1)?
}
RULE_NAMES = tuple(RULE_LIMITS)

# ---- cards
CARD_TYPES = ("hero", "ideal", "creature", "spell", "structure", "equipment", "technology", "event")
TYPE_HERO, TYPE_IDEAL, TYPE_CREATURE, TYPE_SPELL, TYPE_STRUCTURE, TYPE_EQUIPMENT, TYPE_TECHNOLOGY, TYPE_EVENT = range(8)
MAIN_DECK_TYPES = ("creature", "spell", "structure", "equipment", "technology", "event")
EVOLUTION_TYPES = ("hero", "creature", "structure")  # "evolved heroes, creatures, or structures"
PLAYED_TO_SUPPORT = ("spell", "event", "equipment", "technology")  # resolve from a support slot, then leave it
HAS_STATS = ("hero", "creature", "structure")  # cards with damage and health on the field
ATTACHMENT_TYPES = ("equipment", "technology")  # always attach; a spell attaches when it has `attach`

CARD_FIELDS = ("type", "cost", "damage", "health", "class", "keywords", "zone", "attach", "abilities", "assumed",
               "reason")
MAX_CARDS = 512  # distinct cards in the library
MAX_CLASSES = 62  # distinct class names (a bit mask)
STAT_LIMIT = 99
COST_LIMIT = 12  # a card can cost at most a full mana zone

KEYWORDS = ("counterattack", "flanking", "sniping", "no_direct", "swift")
KW_COUNTERATTACK, KW_FLANKING, KW_SNIPING, KW_NO_DIRECT, KW_SWIFT = (1 << i for i in range(len(KEYWORDS)))

SUMMON_ZONES = ("battle", "support")  # where a creature/hero is summoned (structures: support)

# ---- abilities: when they work ("modifier" in the rulebook's glossary) and what they do
WHEN = ("passive", "summon", "destroy", "start", "end", "attack", "activate", "hand", "graveyard", "quick",
        "vigilant", "evolution", "quick_evolution")
(W_PASSIVE, W_SUMMON, W_DESTROY, W_START, W_END, W_ATTACK, W_ACTIVATE, W_HAND, W_GRAVEYARD, W_QUICK, W_VIGILANT,
 W_EVOLUTION, W_QUICK_EVOLUTION) = range(len(WHEN))
ANNOUNCED = ("activate", "hand", "graveyard", "quick", "vigilant", "evolution", "quick_evolution")  # chosen targets
TRIGGERS = ("summon", "destroy", "start", "end", "attack")  # no action: they resolve when they happen
ABILITY_FIELDS = ("when", "cost", "target", "from", "effects")
MAX_ABILITIES_PER_CARD = 4
MAX_EFFECTS_PER_ABILITY = 6

OPS = ("damage", "heal", "draw", "discard", "destroy", "return", "banish", "negate", "disable", "exhaust", "enable",
       "buff", "move", "mana_add", "mana_flip", "mana_burn", "summon", "modify", "grant", "cost", "pierce",
       "mana_flip_down")
(OP_DAMAGE, OP_HEAL, OP_DRAW, OP_DISCARD, OP_DESTROY, OP_RETURN, OP_BANISH, OP_NEGATE, OP_DISABLE, OP_EXHAUST,
 OP_ENABLE, OP_BUFF, OP_MOVE, OP_MANA_ADD, OP_MANA_FLIP, OP_MANA_BURN, OP_SUMMON, OP_MODIFY, OP_GRANT, OP_COST,
 OP_PIERCE, OP_MANA_FLIP_DOWN) = range(len(OPS))
STATIC_OPS = ("modify", "grant", "cost", "pierce")  # only in passive abilities, and passives hold only these
CARD_OPS = ("damage", "heal", "destroy", "return", "banish", "disable", "exhaust", "enable", "buff", "move", "summon",
            "modify", "grant")
PLAYER_OPS = ("damage", "heal", "draw", "discard", "mana_add", "mana_flip", "mana_burn", "cost", "pierce",
              "mana_flip_down")
EFFECT_FIELDS = ("do", "amount", "to", "stat", "duration", "keyword", "zone", "per")

# effect selectors: which cards or players an effect acts on
SELECTORS = ("target", "self", "host", "you", "opponents", "each_player", "all", "random", "link")
(S_TARGET, S_SELF, S_HOST, S_YOU, S_OPPONENTS, S_EACH_PLAYER, S_ALL, S_RANDOM, S_LINK) = range(len(SELECTORS))
PLAYER_SELECTORS = ("you", "opponents", "each_player")

# filters (ability targets, `all` and `random` selectors, static effects)
ZONES = ("hero", "battle", "support", "field", "any")  # field = battle + support; any = hero + battle + support
ZONE_MASKS = {"hero": 1, "battle": 2, "support": 4, "field": 6, "any": 7}
OWNERS = ("you", "friendly", "opponent", "any")  # friendly: you and your teammate
OWNER_YOU, OWNER_FRIENDLY, OWNER_OPPONENT, OWNER_ANY = range(len(OWNERS))
FILTER_FIELDS = ("zone", "owner", "type", "class")
TARGET_KINDS = ("none", "card", "player", "link")
TARGET_NONE, TARGET_CARD, TARGET_PLAYER, TARGET_LINK = range(len(TARGET_KINDS))

STATS = ("damage", "health")
STAT_DAMAGE, STAT_HEALTH = range(len(STATS))
DURATIONS = ("turn", "permanent")
DURATION_TURN, DURATION_PERMANENT = range(len(DURATIONS))
SCALES = ("none", "face_up_mana", "battle_cards", "hand_cards")  # `per`: amount times a count of yours
SCALE_NONE, SCALE_FACE_UP_MANA, SCALE_BATTLE_CARDS, SCALE_HAND_CARDS = range(len(SCALES))
AMOUNT_LIMIT = 20

# ---- deck files
DECK_FIELDS = ("heroes", "ideal", "main", "evolution", "description", "assumed", "reason")
HEROES_PER_DECK = 3  # "3 hero cards"; the hero zone has 3 slots

# ---- results
END_REASONS = ("life", "deck_empty_draw", "deck_empty_mana", "simultaneous", "turn_cap", "action_cap")
END_LIFE, END_DECK_DRAW, END_DECK_MANA, END_SIMULTANEOUS, END_TURN_CAP, END_ACTION_CAP = range(len(END_REASONS))
ERROR_CODES = ("ok", "illegal_action", "invariant", "overflow")

# ---- bots (decks/veilforge/policies/*.yaml, sim/core/policies.py)
POLICY_RANDOM = 0  # a uniformly random legal action
POLICY_GREEDY = 1  # the legal action of highest weighted value (weights as data)
GREEDY_WEIGHTS = (
    "direct_damage",  # per point of damage a direct attack deals to an opponent's life
    "kill",  # per mana of cost of an opposing card an attack or effect is expected to destroy
    "card_damage",  # per point of damage dealt to an opposing card that survives
    "own_loss",  # per mana of cost of an own card an action is expected to lose (counterattack, ...)
    "board",  # per point of damage + health a card put on the field adds
    "spend",  # per mana spent (tempo: using the turn's mana)
    "draw",  # per card drawn
    "heal",  # per point of life or health restored
    "respond",  # bonus for adding a response to a chain (0: respond only for the effect's value)
    "negate",  # per mana of cost of the link a negate cancels
    "pass",  # value of ending the action phase or passing a chain (the threshold other actions must beat)
    "hero",  # bonus for summoning a hero to the battle zone
    "evolve",  # bonus for evolving a card
    "disable",  # per mana of cost of an opposing card disabled or exhausted
    "top_card",  # mana return: value per mana of cost of the card put on top of the deck (drawn next)
)
POLICY_SEARCH = 2  # flat Monte Carlo over the seat's information set, greedy playouts (policy.search_choice)
SEARCH_PARAMS = FLAT_SEARCH_PARAMS
SEARCH_MAX_CANDIDATES = 16
SEARCH_MAX_ROLLOUTS = 64  # also the most worlds an ISMCTS decision samples (their keys share one array)
POLICY_ISMCTS = 3  # information-set MCTS over the seat's information set (policy.ismcts_choice, sim/core/ismcts.py)
ISMCTS_MAX_ITERATIONS = 1024  # the tree's capacity (an iteration adds at most one node) less the root
SEARCH_POLICIES = (POLICY_SEARCH, POLICY_ISMCTS)  # the bots played by the search kernel set
BOT_KINDS = {
    "random": BotKind(POLICY_RANDOM, ()),
    "greedy": BotKind(POLICY_GREEDY, GREEDY_WEIGHTS),
    # the greedy weights play the playouts and decide what the search does not (responses, mana order)
    "search": BotKind(POLICY_SEARCH, GREEDY_WEIGHTS + SEARCH_PARAMS,
                      {"candidates": (1, SEARCH_MAX_CANDIDATES), "rollouts": (1, SEARCH_MAX_ROLLOUTS),
                       "horizon_turns": (1, 16)}, ("candidates", "rollouts", "horizon_turns")),
    "ismcts": BotKind(POLICY_ISMCTS, GREEDY_WEIGHTS + ISMCTS_PARAMS,
                      {"candidates": (1, SEARCH_MAX_CANDIDATES), "iterations": (1, ISMCTS_MAX_ITERATIONS),
                       "horizon_turns": (1, 16), "exploration": (0, 10), "worlds": (1, SEARCH_MAX_ROLLOUTS)},
                      ("candidates", "iterations", "horizon_turns", "worlds")),
}
