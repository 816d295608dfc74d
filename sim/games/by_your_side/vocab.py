"""By Your Side's vocabulary: the names designers write in decks/by_your_side/ and what they mean.

A card's effects are lists of steps, each ``{op: <name>, <field>: <value>, ...}``, under the effect
slots of EFFECT_SLOTS. Each op reads the step fields listed in OPS; every other field is an error.
"""

from __future__ import annotations

from sim.core.policies import BotKind

# ---- rule values an edition sets (decks/by_your_side/editions/*.yaml), in packed-table order
RULE_LIMITS = {  # inclusive bounds
    "hand_limit": (0, 12),  # "A character's hand limit is 5 cards"
    "threshold_limit": (1, 20),  # "if it holds more than 7 Threats, the scenario is lost"
    "surge_limit": (1, 5),  # "limited to three Threats in total, counting the first one"
    "talisman_limit": (0, 2),  # "at most 2 Talismans equipped"
    "sigil_limit": (0, 3),  # "up to 3 Sigils in play"
    "chakra_cost": (0, 10),  # "pay 2 Energy to focus one of your chakras"
    "conversion_energy": (0, 5),  # Energy per converted card (the rulebook leaves it blank)
    "cooldown_phases": (1, 6),  # "can be used in every third Player Phase"
    "support_energy": (0, 5),  # "the other player gains 1 Energy"
    "offering_charms": (0, 3),  # "draw 2 Charms and 1 Talisman"
    "offering_talismans": (0, 3),
    # readings of ambiguous passages (RULES.md, Ambiguities), 0 or 1
    "crossed_card_banished": (0, 1),
    "overflow_at_once": (0, 1),
    "new_focus_waits_for_astral": (0, 1),
    "chakra_moves_share_allowance": (0, 1),
    "setup_reveals_position_one": (0, 1),
    "intrusive_breaks_surge": (0, 1),
    "unconscious_discards_hand": (0, 1),
    "alternate_opening": (0, 1),
    "team_decider": (0, 1),  # the seat that decides for the team when no player's card does
    # rule variants that measure a feature's worth: 0 withholds it although a scenario unlocks it
    "chakras_available": (0, 1),
    "support_available": (0, 1),
}
RULE_NAMES = tuple(RULE_LIMITS)

# ---- card types
CARD_TYPES = ("action", "talisman", "charm", "sigil", "manifestation", "intrusive", "environment", "event",
              "angel", "chakra", "ability")
TYPE_ACTION, TYPE_TALISMAN, TYPE_CHARM, TYPE_SIGIL, TYPE_MANIFESTATION, TYPE_INTRUSIVE, TYPE_ENVIRONMENT, \
    TYPE_EVENT, TYPE_ANGEL, TYPE_CHAKRA, TYPE_ABILITY = range(len(CARD_TYPES))
PLAYER_TYPES = ("action", "talisman", "charm", "sigil")  # cards that can be in a player's deck
SUBTYPES = ("", "severance")

# ---- effect slots: when a card's steps run
EFFECT_SLOTS = (
    "play",  # when played from hand (after the Support window)
    "use",  # a Talisman's ability; with cooldown: true it turns 90 degrees
    "activate",  # a Charm's "You may Banish this card to ..."
    "when_revealed",  # a card turned face-up in the Planes
    "resolve",  # a Threat on the Threshold, each Astral Phase
    "resolve_beyond",  # a revealed card Beyond the Veil, each Astral Phase
    "when_weakened",  # an Environment card targeted by a Weaken, whatever the amount
    "reward",  # when Banished, whatever caused it
    "in_hand",  # an Intrusive thought in hand at the start of the Player Phase
    "start_of_phase",  # a Sigil or Talisman in play at the start of the Player Phase
    "end_of_phase",  # a Sigil or Talisman in play at the end of the Player Phase
    "defeated",  # an Apex Manifestation reduced to 0 Strength (instead of Banished)
    "when_focused",  # a chakra, when its Focus token is placed; an ability, when used
)
(SLOT_PLAY, SLOT_USE, SLOT_ACTIVATE, SLOT_WHEN_REVEALED, SLOT_RESOLVE, SLOT_RESOLVE_BEYOND, SLOT_WHEN_WEAKENED,
 SLOT_REWARD, SLOT_IN_HAND, SLOT_START_OF_PHASE, SLOT_END_OF_PHASE, SLOT_DEFEATED, SLOT_WHEN_FOCUSED) = range(len(EFFECT_SLOTS))

# passive numbers a card gives while it is in play (equipped, attached, focused, or in hand for an Intrusive thought)
PASSIVE_FIELDS = {
    "hand_limit": (-5, 5),  # the owner's hand limit changes by this
    "conversion_bonus": (0, 5),  # + Energy for the owner's first conversion each Player Phase
    "loss_shield": (0, 5),  # the owner's first Stability loss each round is this much smaller
    "weaken_bonus": (0, 5),  # attached Sigil: each Weaken of the Threat it is on is this much bigger
    "no_surge": (0, 1),  # attached Sigil: the Threat it is on can't follow in a Veil Surge
}

# ---- step targets
TARGETS = ("self", "other", "either", "each", "lowest", "highest", "one", "all", "split", "this")
(TARGET_SELF, TARGET_OTHER, TARGET_EITHER, TARGET_EACH, TARGET_LOWEST, TARGET_HIGHEST, TARGET_ONE, TARGET_ALL,
 TARGET_SPLIT, TARGET_THIS) = range(len(TARGETS))
CHARACTER_TARGETS = ("self", "other", "either", "each", "lowest", "highest")
CARD_TARGETS = ("one", "all", "split")

# ---- step amount modifiers: the amount read from the game ("X")
X_NAMES = ("", "missing_stability", "echoes_resolved")
X_NONE, X_MISSING_STABILITY, X_ECHOES_RESOLVED = range(len(X_NAMES))

FEATURES = ("chakras", "support", "offering", "dice")
FEATURE_CHAKRAS, FEATURE_SUPPORT, FEATURE_OFFERING, FEATURE_DICE = range(len(FEATURES))
EVENT_CARD_FATES = ("banish", "shuffle", "bottom")

# ---- ops: name -> (opcode, fields it reads besides op; every op also takes the common fields)
COMMON_STEP_FIELDS = ("may", "die", "min_stage", "if", "unless")  # if / unless: a Journal Status (campaign.yaml)
OPS = {
    "gain_energy": ("amount", "target"),
    "gain_stability": ("amount", "target", "x"),
    "lose_stability": ("amount", "target", "x"),
    "weaken": ("amount", "range", "target", "non_apex", "supported", "x"),
    "scout": ("amount", "range"),
    "draw": ("amount", "target"),
    "discard": ("amount", "target"),
    "move_back": ("amount", "range", "non_apex"),
    "to_threshold": (),
    "to_bottom": ("range", "non_apex"),
    "stun": ("non_apex",),
    "deck_peek": ("amount",),
    "take_card": ("card", "target"),
    "explore_card": ("card", "amount"),
    "place_threat": ("card", "amount"),
    "banish_charm": ("target",),
    "banish_self": (),
    "unlock": ("feature",),
    "add_focus": ("amount",),
    "win": (),
    "lose": (),
    "set_stage": ("amount",),
    "advance_track": ("amount",),
    "roll": (),
    "transform": ("card",),
    "read_event": ("event",),
    "reveal_all": (),
    "place_token": ("amount",),
    "own_top_to_bottom": (),
    "discard_to_top": (),
    "weaken_adjacent": ("amount",),
    "reroll": (),
    "adjust_die": (),
    "mark_status": ("status",),  # mark a Status in the Journal ("Mark your choices and progress in the Journal")
    "choose_status": ("status", "by"),  # a choice for later scenarios: yes marks the Status (by: team or a character)
}
OP_NAMES = tuple(OPS)
OP = {name: index + 1 for index, name in enumerate(OP_NAMES)}  # opcode 0: no step
# system ops: steps the engine itself runs (not written by designers)
SYSTEM_OPS = ("return_token", "take_intrusive", "replace_offered", "focus_source", "read_next_event", "attach", "trade")
for _name in SYSTEM_OPS:
    OP[_name] = len(OP) + 1
STEP_LIMITS = {"amount": (0, 20), "range": (0, 5)}
DEFAULT_RANGE = 5  # "If an effect doesn't specify a range ... any valid card in the Astral Planes"

# ---- characters (decks/by_your_side/characters.yaml)
CHARACTERS = ("jolene", "rosi")  # slot order: slot 0 Jolene, slot 1 Rosi
CHAKRAS = ("crown", "third_eye", "heart", "sacral", "root")

END_REASONS = ("won", "threshold_overflow", "both_unconscious", "scenario", "planes_empty", "round_limit")
CHOOSERS = ("team", "jolene", "rosi")  # choose_status's `by`: the players together, or one character alone
MAX_STATUSES = 30  # Journal Statuses a library may name (bits of one int64)
CAMPAIGN_SCENARIOS = 3  # scenarios a campaign may list (the prototype's three; the lake's attempts_<k> columns)
ERROR_CODES = ("ok", "illegal_action", "invariant", "capacity", "decision_limit")

# ---- bots (decks/by_your_side/policies/*.yaml, sim/core/policies.py)
POLICY_RANDOM = 0
POLICY_GREEDY = 1
GREEDY_WEIGHTS = (
    "pass",  # the value of passing (the bar every other action must clear)
    "energy",  # value of one Energy that can be spent this phase
    "energy_cost",  # cost of spending one Energy
    "weaken_point",  # per Strength point removed
    "banish",  # banishing a Threat
    "threshold_threat",  # extra per point for a Threat on the Threshold (it resolves every phase)
    "stability_point",  # per point of Stability gained (scaled by how much is missing)
    "danger",  # extra per point of Stability when a character is at 3 or less
    "retrieve",  # retrieving a card into a deck
    "card_kept",  # the value of a card in hand (lost when converted or discarded)
    "scout",  # revealing or peeking at a face-down card
    "chakra",  # focusing a chakra
    "full_focus",  # using Full Focus
    "support",  # supporting the other player
    "negate_at",  # negate a Stability loss when Stability would drop to this or below
    "board_box",  # value of a Focus token on a board position (what taking it away costs)
)
POLICY_ISMCTS = 2  # information-set MCTS on sim/core/ismcts.py (policy.ismcts_choice)
# the ISMCTS bot's budget and cut-off evaluation, after its base plan's greedy weights (the prior, the rollouts
# and every decision it does not search)
ISMCTS_PARAMS = (
    "candidates",  # the best actions by the greedy scores a tree node considers
    "iterations",  # descents per searched decision
    "worlds",  # re-deals of what the deciding seat cannot see: a root action's k-th visit is played in the k-th
    "horizon_rounds",  # a rollout stops when this many rounds have begun after the decision's
    "exploration",  # UCB1's exploration constant
    "margin",  # the search replaces the greedy choice only when its mean reward beats greedy's by this much
    "stability_weight",  # cut-off evaluation: the team's Stability over its maximum
    "threshold_weight",  # cut-off evaluation: the room left on the Threshold before it overflows
    "progress_weight",  # cut-off evaluation: the scenario's Events read over its Events
    "tree_depth",  # 0: the tree grows as deep as the descents reach; 1: the root only, a flat search
    "widening",  # below the root a node considers max(1, floor(widening x sqrt(visits))) candidates; 0: all
)
ISMCTS_MAX_CANDIDATES = 16
ISMCTS_MAX_ITERATIONS = 256
ISMCTS_MAX_WORLDS = 64
ISMCTS_INTEGERS = ("candidates", "iterations", "worlds", "horizon_rounds", "tree_depth")
BOT_KINDS = {
    "random": BotKind(POLICY_RANDOM, ()),
    "greedy": BotKind(POLICY_GREEDY, GREEDY_WEIGHTS),
    "ismcts": BotKind(POLICY_ISMCTS, GREEDY_WEIGHTS + ISMCTS_PARAMS, {
        "candidates": (1, ISMCTS_MAX_CANDIDATES), "iterations": (1, ISMCTS_MAX_ITERATIONS),
        "worlds": (1, ISMCTS_MAX_WORLDS), "horizon_rounds": (1, 40), "exploration": (0.0, 10.0), "margin": (0.0, 1.0),
        "stability_weight": (0.0, 100.0), "threshold_weight": (0.0, 100.0), "progress_weight": (0.0, 100.0),
        "tree_depth": (0, 64), "widening": (0.0, 16.0)},
        ISMCTS_INTEGERS),
}
