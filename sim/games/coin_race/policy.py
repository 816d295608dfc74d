"""Coin Race's bots. Kinds (vocab.BOT_KINDS) and weights are data: decks/coin_race/policies/*.yaml.

- gamble_rate: gambles with probability ``gamble_probability`` (banker 0, gambler 1, mixed 0.5).
- closer: banks a card whose value brings its side to the target, else plays like gamble_rate.
Each decision draws one value from the seat's bot stream, whatever the bot, so a bot's later choices
do not depend on which branch it took earlier.
"""

from __future__ import annotations

from numba import njit

from sim.core import rng
from sim.games.coin_race import layout as L
from sim.games.coin_race import tables as T
from sim.games.coin_race import vocab
from sim.games.coin_race.rules.ending import side_total

UNIT = 1.0 / 9007199254740992.0  # 2**-53: a uniform double from the top 53 bits


@njit(cache=True, _nrt=False)
def choose(state, ruleset, matchup, policy_id, weights, keys, counters):
    """The acting seat's action under its bot (policy id and weights row of its deck slot)."""
    seat = state[L.G_SEAT]
    uniform = (rng.next_u64(keys, counters, state[L.G_SEATS] + seat) >> 11) * UNIT
    if policy_id == vocab.POLICY_CLOSER:
        position = seat % state[L.G_SIDES]
        reach = side_total(state, position) + T.card_value(ruleset, state[L.G_CARD])
        if reach >= T.side_target(ruleset, matchup):
            return L.ACTION_BANK
    if uniform < weights[0]:
        return L.ACTION_GAMBLE
    return L.ACTION_BANK
