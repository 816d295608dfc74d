"""Coin Race's vocabulary: the names designers write in decks/coin_race/ and what they mean."""

from __future__ import annotations

from sim.core.policies import BotKind

# Rule values an edition sets (decks/coin_race/editions/*.yaml), in the order of the packed table.
RULE_NAMES = ("deck_size", "target", "team_target", "rounds", "die_sides", "gamble_success_at", "gamble_multiplier")
RULE_LIMITS = {  # inclusive bounds of each rule value
    "deck_size": (1, 40),
    "target": (1, 10_000),
    "team_target": (1, 10_000),
    "rounds": (1, 1_000),
    "die_sides": (2, 100),
    "gamble_success_at": (1, 100),
    "gamble_multiplier": (0, 100),
}
CARD_FIELDS = ("value",)
CARD_VALUE_LIMITS = (0, 100)
MAX_CARDS = 16  # distinct card names in the library

END_REASONS = ("target", "round_limit", "draw")
ERROR_CODES = ("ok", "illegal_action", "invariant")

# Bot kinds and the weights each reads (decks/coin_race/policies/*.yaml, sim/core/policies.py)
POLICY_GAMBLE_RATE = 0  # gambles with probability gamble_probability
POLICY_CLOSER = 1  # banks a card that reaches its side's target; otherwise like gamble_rate
POLICY_ISMCTS = 2  # information-set MCTS (sim/core/ismcts.py), the closer as its rollout policy
# the ISMCTS bot's work arrays: tree nodes (an iteration adds at most one) and worlds a search samples
TREE_CAPACITY = 4097
MAX_WORLDS = 256
ISMCTS_WEIGHTS = ("iterations", "exploration", "worlds", "horizon_turns", "evaluation_scale", "gamble_probability")
(W_ITERATIONS, W_EXPLORATION, W_WORLDS, W_HORIZON, W_EVALUATION_SCALE, W_ROLLOUT_GAMBLE) = range(len(ISMCTS_WEIGHTS))
BOT_KINDS = {
    "gamble_rate": BotKind(POLICY_GAMBLE_RATE, ("gamble_probability",)),
    "closer": BotKind(POLICY_CLOSER, ("gamble_probability",)),
    "ismcts": BotKind(POLICY_ISMCTS, ISMCTS_WEIGHTS, {
        "iterations": (1, TREE_CAPACITY - 1),
        "exploration": (0.0, 10.0),
        "worlds": (1, MAX_WORLDS),
        "horizon_turns": (1, 10_000),
        "evaluation_scale": (0.01, 1_000.0),
        "gamble_probability": (0.0, 1.0),
    }, ("iterations", "worlds", "horizon_turns")),
}
