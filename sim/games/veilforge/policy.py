"""Veilforge's bots. Kinds (vocab.BOT_KINDS) and weights are data: decks/veilforge/policies/*.yaml.

- random: a uniformly random legal action (pass included), in every decision: actions, responses,
  mana to consume.
- greedy: the legal action of highest value, the value a weighted sum of what the action does by
  the numbers on the table now (no look-ahead): damage to life, opposing cards it should destroy,
  damage to cards that survive, own cards a counterattack would destroy, stats put on the field,
  mana spent, cards drawn, life healed, responses and negations, a pass threshold, heroes summoned,
  evolutions, cards disabled; and for mana payment which card goes on top of the deck (drawn next).
  The same weights decide chains (respond or pass, with what) and targets. Ties: the first listed.
Each decision draws one value from the seat's bot stream, whatever the bot, so a bot's later
choices do not depend on which branch it took earlier.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import ismcts, rng
from sim.games.veilforge import engine
from sim.games.veilforge import layout as L
from sim.games.veilforge import tables as T
from sim.games.veilforge import vocab as V
from sim.games.veilforge.rules import mana, statics
from sim.games.veilforge.rules.combat import direct_damage
from sim.games.veilforge.rules.effects import scaled
from sim.games.veilforge.rules.evolution import evolution_ability
from sim.games.veilforge.rules.responses import first_ability
from sim.games.veilforge.rules.zones import (
    alive,
    count_responders,
    field_of,
    rec,
    same_side,
    seat_base,
    teammate,
    zone_span,
)

UNIT = 1.0 / 9007199254740992.0  # 2**-53: a uniform double from the top 53 bits
(W_DIRECT, W_KILL, W_CARD_DAMAGE, W_OWN_LOSS, W_BOARD, W_SPEND, W_DRAW, W_HEAL, W_RESPOND, W_NEGATE, W_PASS, W_HERO,
 W_EVOLVE, W_DISABLE, W_TOP_CARD) = range(len(V.GREEDY_WEIGHTS))
LETHAL = 1e6  # an action that wins outright beats every weighted value


@njit(cache=True, _nrt=False)
def card_effect_value(state, ruleset, seat, op, amount, target_seat, slot, weights):
    """What one effect on the card in (target_seat, slot) is worth to ``seat``."""
    r = rec(target_seat, slot)
    card_id = state[r + L.F_CARD]
    if card_id < 0:
        return 0.0
    sign = -1.0 if same_side(state, seat, target_seat) else 1.0
    cost = T.card(ruleset, card_id, T.C_COST) + 1.0
    in_play = slot >= L.BATTLE_FIRST
    if op == V.OP_DAMAGE:
        if not in_play:
            return 0.0
        if amount >= statics.health_left(state, target_seat, slot):
            return sign * weights[W_KILL] * cost
        return sign * weights[W_CARD_DAMAGE] * amount
    if op == V.OP_DESTROY or op == V.OP_BANISH:
        return sign * weights[W_KILL] * cost if in_play else 0.0
    if op == V.OP_RETURN:
        return sign * 0.6 * weights[W_KILL] * cost if in_play else 0.0
    if op == V.OP_DISABLE or op == V.OP_EXHAUST:
        return sign * weights[W_DISABLE] * cost if state[r + L.F_STATE] == L.ST_ENABLED else 0.0
    if op == V.OP_ENABLE:
        return -sign * weights[W_DISABLE] * cost if state[r + L.F_STATE] != L.ST_ENABLED else 0.0
    if op == V.OP_BUFF:
        return -sign * weights[W_BOARD] * amount
    if op == V.OP_HEAL:
        return -sign * weights[W_HEAL] * min(amount, state[r + L.F_DAMAGE])
    return 0.0


@njit(cache=True, _nrt=False)
def player_effect_value(state, ruleset, seat, op, amount, target_seat, weights):
    b = seat_base(target_seat)
    friendly = same_side(state, seat, target_seat)
    sign = 1.0 if friendly else -1.0
    if op == V.OP_DAMAGE:
        if not friendly and amount >= state[b + L.P_LIFE]:
            return LETHAL
        return -sign * weights[W_DIRECT] * amount
    if op == V.OP_HEAL:
        return sign * weights[W_HEAL] * min(amount, max(state[b + L.P_START_LIFE] - state[b + L.P_LIFE], 0))
    if op == V.OP_DRAW:
        if friendly and state[b + L.P_DECK_N] <= amount:
            return -LETHAL / 10
        return sign * weights[W_DRAW] * amount
    if op == V.OP_DISCARD:
        return -sign * weights[W_DRAW] * min(amount, state[b + L.P_HAND_N])
    if op == V.OP_MANA_ADD:
        return sign * 0.5 * weights[W_SPEND] * amount
    if op == V.OP_MANA_BURN:
        return -sign * weights[W_SPEND] * min(amount, state[b + L.P_MANA_N])
    if op == V.OP_MANA_FLIP:
        return sign * 0.1 * amount
    if op == V.OP_MANA_FLIP_DOWN:
        return -sign * 0.1 * min(amount, mana.face_up_count(state, target_seat))
    return 0.0


@njit(cache=True, _nrt=False)
def effect_value(state, ruleset, seat, ability, target, weights):
    """What an ability's effects, aimed at ``target``, are worth to ``seat`` now (a rough sum)."""
    if ability < 0:
        return 0.0
    value = 0.0
    # a listed target is on the field now: its ref is its place
    target_seat, target_slot = -1, -1
    if target < L.REF_PLAYER:
        target_seat, target_slot = target >> 4, target & 15
    elif target != L.REF_NONE:
        target_seat = target - L.REF_PLAYER
    first = T.ability(ruleset, ability, T.AB_EFFECT_FIRST)
    for e in range(first, first + T.ability(ruleset, ability, T.AB_EFFECT_N)):
        op = T.effect(ruleset, e, T.E_OP)
        selector = T.effect(ruleset, e, T.E_SELECTOR)
        amount = scaled(state, seat, T.effect(ruleset, e, T.E_AMOUNT), T.effect(ruleset, e, T.E_SCALE))
        if selector == V.S_TARGET or selector == V.S_HOST:
            if target_slot >= 0:
                value += card_effect_value(state, ruleset, seat, op, amount, target_seat, target_slot, weights)
            elif target_seat >= 0:
                value += player_effect_value(state, ruleset, seat, op, amount, target_seat, weights)
        elif selector == V.S_YOU:
            value += player_effect_value(state, ruleset, seat, op, amount, seat, weights)
        elif selector == V.S_OPPONENTS or selector == V.S_EACH_PLAYER:
            for other in range(state[L.G_SEATS]):
                if alive(state, other) and (selector == V.S_EACH_PLAYER or not same_side(state, seat, other)):
                    value += player_effect_value(state, ruleset, seat, op, amount, other, weights)
        elif selector == V.S_ALL or selector == V.S_RANDOM:
            total = 0.0
            count = 0
            zones = T.effect(ruleset, e, T.E_ZONES)
            first_slot, stop = zone_span(zones)
            for other in range(state[L.G_SEATS]):
                if not alive(state, other) or not statics.owner_ok(state, seat, other, T.effect(ruleset, e, T.E_OWNER)):
                    continue
                for slot in range(first_slot, stop):
                    if statics.card_passes(state, ruleset, zones, T.effect(ruleset, e, T.E_TYPES),
                                           T.effect(ruleset, e, T.E_CLASSES), other, slot):
                        total += card_effect_value(state, ruleset, seat, op, amount, other, slot, weights)
                        count += 1
            value += total if selector == V.S_ALL or count == 0 else total / count
        elif selector == V.S_SELF and op == V.OP_BUFF:
            value += weights[W_BOARD] * amount
        elif selector == V.S_LINK:
            n = state[L.G_CHAIN_N]
            if n > 0:
                k = L.CHAIN_BASE + (n - 1) * L.LINK_WIDTH
                card_id = state[k + L.K_CARD]
                worth = (T.card(ruleset, card_id, T.C_COST) + 1.0) if card_id >= 0 else 1.0
                sign = -1.0 if same_side(state, seat, state[k + L.K_SEAT]) else 1.0
                value += sign * weights[W_NEGATE] * worth
    return value


@njit(cache=True, forceinline=True)
def stats_of(ruleset, card_id):
    return T.card(ruleset, card_id, T.C_DAMAGE) + T.card(ruleset, card_id, T.C_HEALTH)


@njit(cache=True, _nrt=False)
def attack_value(state, ruleset, seat, slot, target, weights):
    if target >= L.REF_PLAYER:
        defender = target - L.REF_PLAYER
        hit = direct_damage(state, ruleset, seat, slot, defender)
        if hit >= state[seat_base(defender) + L.P_LIFE]:
            return LETHAL
        return weights[W_DIRECT] * hit
    other, target_slot = target >> 4, target & 15
    d = rec(other, target_slot)
    hit = statics.damage_of(state, seat, slot)
    killed = hit >= statics.health_left(state, other, target_slot)
    if killed:
        value = weights[W_KILL] * (T.card(ruleset, state[d + L.F_CARD], T.C_COST) + 1.0)
    else:
        value = weights[W_CARD_DAMAGE] * hit
    keywords = statics.keywords(state, seat, slot)
    if (statics.keywords(state, other, target_slot) & V.KW_COUNTERATTACK and not keywords & V.KW_SNIPING
            and (not killed or ruleset[T.R_COUNTER_WHEN_DESTROYED])):
        if statics.damage_of(state, other, target_slot) >= statics.health_left(state, seat, slot):
            value -= weights[W_OWN_LOSS] * (T.card(ruleset, state[rec(seat, slot) + L.F_CARD], T.C_COST) + 1.0)
    return value


@njit(cache=True, _nrt=False)
def action_value(state, ruleset, seat, action, weights):
    """The greedy value of ``seat``'s action: an action on a teammate's card (2v2) is valued as its
    controller's, the player whose zones hold it."""
    kind = action >> 24
    a = (action >> 16) & 255
    bb = (action >> 8) & 255
    target = action & 255
    b = seat_base(seat)
    if kind == L.A_PASS:
        return weights[W_PASS]
    if kind == L.A_MANA:
        zone_seat, _ = field_of(state, seat, bb)
        entry = state[seat_base(zone_seat) + L.P_MANA + a]
        worth = weights[W_TOP_CARD] * (T.card(ruleset, entry >> 1, T.C_COST) + 1.0)
        return (worth if state[L.G_PAY_LEFT] == 1 else -worth) - 0.5 * (entry & 1)
    if kind == L.A_ATTACK:
        field, slot = field_of(state, seat, a)
        return attack_value(state, ruleset, field, slot, target, weights)
    if kind == L.A_PLAY or kind == L.A_QUICK:
        card_id = state[b + L.P_HAND + a]
        value = weights[W_SPEND] * statics.play_cost(state, ruleset, seat, card_id)
        card_kind = T.card(ruleset, card_id, T.C_TYPE)
        if card_kind == V.TYPE_CREATURE or card_kind == V.TYPE_STRUCTURE:
            field, _ = field_of(state, seat, bb)  # the summon ability is the controller's: the zone's player
            value += weights[W_BOARD] * stats_of(ruleset, card_id)
            value += effect_value(state, ruleset, field, first_ability(ruleset, card_id, np.int64(V.W_SUMMON)), target,
                                  weights)
        elif kind == L.A_QUICK:
            value += weights[W_RESPOND]
            value += effect_value(state, ruleset, seat, first_ability(ruleset, card_id, np.int64(V.W_QUICK)), target, weights)
        else:
            value += effect_value(state, ruleset, seat, first_ability(ruleset, card_id, np.int64(V.W_HAND)), target, weights)
            if T.card(ruleset, card_id, T.C_ATTACH):
                sign = 1.0 if same_side(state, seat, target >> 4) else -1.0
                value += sign * weights[W_BOARD] * 2.0 + effect_value(
                    state, ruleset, seat, first_ability(ruleset, card_id, np.int64(V.W_PASSIVE)), target, weights)
        return value
    if kind == L.A_HERO:
        field, slot = field_of(state, seat, a)
        card_id = state[rec(field, slot) + L.F_CARD]
        return (weights[W_HERO] + weights[W_BOARD] * stats_of(ruleset, card_id)
                + weights[W_SPEND] * statics.play_cost(state, ruleset, field, card_id)
                + effect_value(state, ruleset, field, first_ability(ruleset, card_id, np.int64(V.W_SUMMON)), target, weights))
    if kind == L.A_ACTIVATE or kind == L.A_VIGILANT:
        field, slot = field_of(state, seat, a)
        card_id = state[rec(field, slot) + L.F_CARD]
        ability = T.card(ruleset, card_id, T.C_ABILITY_FIRST) + bb
        value = weights[W_SPEND] * T.ability(ruleset, ability, T.AB_COST) + effect_value(
            state, ruleset, field, ability, target, weights)
        return value + weights[W_RESPOND] if kind == L.A_VIGILANT else value
    if kind == L.A_GRAVEYARD:
        field, number = field_of(state, seat, bb)
        card_id = state[seat_base(field) + L.P_GRAVE + a]
        ability = T.card(ruleset, card_id, T.C_ABILITY_FIRST) + number
        value = weights[W_SPEND] * T.ability(ruleset, ability, T.AB_COST) + effect_value(
            state, ruleset, field, ability, target, weights)
        if T.effect(ruleset, T.ability(ruleset, ability, T.AB_EFFECT_FIRST), T.E_OP) == V.OP_SUMMON:
            value += weights[W_BOARD] * stats_of(ruleset, card_id)
        return value
    if kind == L.A_EVOLVE or kind == L.A_QUICK_EVOLVE:
        field, slot = field_of(state, seat, bb)
        card_id = state[b + L.P_EVO + a]
        base = state[rec(field, slot) + L.F_CARD]
        value = (weights[W_EVOLVE] + weights[W_BOARD] * (stats_of(ruleset, card_id) - stats_of(ruleset, base))
                 + weights[W_SPEND] * statics.play_cost(state, ruleset, seat, card_id)
                 + effect_value(state, ruleset, field, evolution_ability(ruleset, card_id), target, weights))
        return value + weights[W_RESPOND] if kind == L.A_QUICK_EVOLVE else value
    return 0.0


@njit(cache=True, _nrt=False)
def score_span(state, ruleset, seat, legal, values, start, stop, base, ability, weights):
    """Values of the actions listed in legal[start:stop] of one card and ability, written as they
    are listed: ``base`` (what the card is worth whatever it targets) plus the ability's effects on
    each action's target; the same sums, in the same order, as `action_value`."""
    for j in range(start, stop):
        values[j] = base + effect_value(state, ruleset, seat, ability, legal[j] & 255, weights)


@njit(cache=True, _nrt=False)
def score_attach_span(state, ruleset, seat, legal, values, start, stop, base, hand_ability, passive_ability, weights):
    """Values of an attaching card's listed actions (as `action_value` sums them)."""
    for j in range(start, stop):
        target = legal[j] & 255
        sign = 1.0 if same_side(state, seat, target >> 4) else -1.0
        values[j] = (base + effect_value(state, ruleset, seat, hand_ability, target, weights)) + (
            sign * weights[W_BOARD] * 2.0 + effect_value(state, ruleset, seat, passive_ability, target, weights))


@njit(cache=True, _nrt=False)
def score_attacks(state, ruleset, seat, slot, legal, values, start, stop, weights):
    for j in range(start, stop):
        values[j] = attack_value(state, ruleset, seat, slot, legal[j] & 255, weights)


@njit(cache=True, _nrt=False, inline="always")
def choose(state, ruleset, legal, values, n, policy_id, weights, keys, counters, scored, search, counts):
    """The deciding seat's action under its bot (policy id and weights row of its deck slot).
    ``scored``: the listing wrote each action's value into ``values`` (the action phase's greedy
    listing does); otherwise each listed action is valued here. ``search``: the search bot's work
    arrays (search_arrays), or None in a batch without one (its code is then never compiled)."""
    seat = state[L.G_DECIDER]
    uniform = (rng.next_u64(keys, counters, L.BOT_STREAM + seat) >> 11) * UNIT
    if policy_id == V.POLICY_RANDOM or n == 1:
        return legal[min(int(uniform * n), n - 1)]
    if search is not None and scored:
        if policy_id == V.POLICY_SEARCH:
            return legal[search_choice(state, ruleset, legal, values, n, weights, keys, counters, search, counts)]
        if policy_id == V.POLICY_ISMCTS:
            return legal[ismcts_choice(state, ruleset, legal, values, n, weights, keys, counters, search, counts)]
    return greedy_pick(state, ruleset, legal, values, n, weights, scored)


@njit(cache=True, _nrt=False, inline="always")
def greedy_pick(state, ruleset, legal, values, n, weights, scored):
    """The listed action of highest greedy value (the first on ties)."""
    if scored:
        best = 0
        for i in range(1, n):
            if values[i] > values[best]:
                best = i
        return legal[best]
    statics.ensure(state, ruleset)
    seat = state[L.G_DECIDER]
    best = legal[0]
    best_value = action_value(state, ruleset, seat, best, weights)
    for i in range(1, n):
        value = action_value(state, ruleset, seat, legal[i], weights)
        if value > best_value:
            best_value = value
            best = legal[i]
    return best


# ---- the flat search bot (issue 18's search rung for Veilforge) --------------------------------
# The searching seat's action-phase choice: the `candidates` best actions by the greedy values are each
# played out `rollouts` times in worlds re-dealt from what the seat can see, every candidate in the same
# worlds (common random numbers), with greedy play by every seat (the searcher's own weights) to the same
# turn boundary; the best mean score wins. Its other decisions (responses, mana order) are greedy.
(SEARCH_CANDIDATES, SEARCH_ROLLOUTS, SEARCH_HORIZON) = range(len(V.GREEDY_WEIGHTS), len(V.GREEDY_WEIGHTS) + len(V.SEARCH_PARAMS))
ROLLOUT_DECISIONS = 4000  # a playout stops after this many decisions whatever the boundary (bounded work)


def search_arrays():
    """The search bots' work arrays: the world (state, legal actions, work list, values, stream keys and
    counters, an event log of no rows), the candidates (ismcts.top_candidates' shape), the worlds' keys of
    one decision, the pool a determinization re-deals; then the ISMCTS tree (ismcts.tree_arrays' nodes,
    stats and path) and its node keys at the root and at a node in the world (node_keys_of)."""
    nodes, stats, path, _ = ismcts.tree_arrays(V.ISMCTS_MAX_ITERATIONS + 1, V.SEARCH_MAX_CANDIDATES)
    return (
        np.zeros(L.STATE_SIZE, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.MAX_LEGAL, np.float64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros(L.N_STREAMS, np.uint64),
        np.zeros((0, L.EVENT_WIDTH), np.int64),
        np.zeros((2, V.SEARCH_MAX_CANDIDATES), np.int64),
        np.zeros(V.SEARCH_MAX_ROLLOUTS, np.uint64),
        np.zeros(2 * L.DECK_CAP + L.MANA_CAP, np.int64),
        nodes,
        stats,
        path,
        np.zeros(L.MAX_LEGAL, np.int64),
        np.zeros(L.MAX_LEGAL, np.int64),
    )


@njit(cache=True, _nrt=False)
def determinize_information_set(state, ruleset, seat, pool, keys, counters, stream):
    """Re-deal what ``seat`` cannot see (RULES.md, Bots): every other player's hand, deck order and
    face-down mana, shuffled together and dealt back into the same places (hand size, deck size and
    which mana is face-down stay as seen), and its own deck order. The cards are sorted by id before the
    shuffle, so the world depends only on what the seat sees and the stream, never on the hidden order.
    The deck lists are open (each player's whole card set is known), as in Waybound's search. A teammate
    whose zones the seat may use as its own (2v2, rule team_shares_zones) shows it its face-down mana (the
    seat pays with it, choosing the cards): only its hand and deck order are re-dealt."""
    mate = teammate(state, ruleset, seat)
    for other in range(state[L.G_SEATS]):
        b = seat_base(other)
        deck_n = state[b + L.P_DECK_N]
        if other == seat:
            ismcts.sort_range(state, b + L.P_DECK, b + L.P_DECK + deck_n)
            rng.shuffle(state, b + L.P_DECK, b + L.P_DECK + deck_n, keys, counters, stream)
            continue
        hand_n = state[b + L.P_HAND_N]
        used = ismcts.gather(state, b + L.P_DECK, b + L.P_DECK + deck_n, pool, 0)
        used = ismcts.gather(state, b + L.P_HAND, b + L.P_HAND + hand_n, pool, used)
        for i in range(state[b + L.P_MANA_N] if other != mate else 0):
            if state[b + L.P_MANA + i] & 1 == 0:  # face-down: its card is hidden
                pool[used] = state[b + L.P_MANA + i] >> 1
                used += 1
        ismcts.sort_range(pool, 0, used)
        rng.shuffle(pool, 0, used, keys, counters, stream)
        k = 0
        for i in range(deck_n):
            state[b + L.P_DECK + i] = pool[k]
            k += 1
        for i in range(hand_n):
            state[b + L.P_HAND + i] = pool[k]
            k += 1
        for i in range(state[b + L.P_MANA_N] if other != mate else 0):
            if state[b + L.P_MANA + i] & 1 == 0:
                state[b + L.P_MANA + i] = pool[k] * 2
                k += 1
        state[b + L.P_QUICK_HAND] = count_responders(state, ruleset, other)[0]  # the re-dealt hand's Quick cards
    state[L.G_STATIC_DIRTY] = 1


@njit(cache=True, _nrt=False)
def search_world(state, ruleset, seat, world_key, search):
    """The world: a copy of ``state`` with streams of its own drawn from ``world_key`` (one key per world
    of a decision, so every candidate is played in the same worlds), re-dealt for ``seat``."""
    world, _, _, _, world_keys, world_counters, _, _, _, pool, _, _, _, _, _ = search
    for i in range(L.STATE_SIZE):
        world[i] = state[i]
    for t in range(L.N_STREAMS):
        world_keys[t] = rng.random_at(world_key, np.uint64(t))
        world_counters[t] = 0
    determinize_information_set(world, ruleset, seat, pool, world_keys, world_counters, L.CHANCE)


@njit(cache=True, _nrt=False)
def world_score(world, seat):
    """The searcher's score of a playout's last position: 1 won, 0 lost, 0.5 a draw; otherwise
    0.5 + half the life difference between the sides (alive players' life) over the starting life."""
    if world[L.G_DONE]:
        if world[L.G_WINNER] < 0:
            return 0.5
        return 1.0 if world[L.G_WINNER] == (seat & 1) else 0.0
    own, opposing, start = 0.0, 0.0, 0.0
    for other in range(world[L.G_SEATS]):
        b = seat_base(other)
        start += world[b + L.P_START_LIFE]
        life = max(world[b + L.P_LIFE], 0) if world[b + L.P_LOST] == 0 else 0
        if same_side(world, seat, other):
            own += life
        else:
            opposing += life
    return 0.5 + 0.5 * (own - opposing) / max(start, 1.0)


# The search world's spine, out of line (issue 21). engine.advance, legal_actions and step are inlined at
# each call site (engine.py, compile time), and every library re-optimizes and re-emits its callees' whole
# call tree. With the playout and the tree descent each inlining the spine, the search kernel set compiled
# it three times over the batch kernel's own copy (+41 s CPU of cold compile for the ISMCTS bots). These two
# are the search code's only copies: world_decision advances the world and lists its decision, world_step
# applies one; greedy_playout, search_choice and ismcts_choice step the world through them alone. Play is
# the same calls in the same order.
@njit(cache=True, _nrt=False)
def world_decision(ruleset, weights, boundary, search, counts):
    """Run the search world on to its next decision and list it (the action phase's greedy values written
    with ``weights``); returns the number of listed actions, 0 once the match is over or the turn
    ``boundary`` is reached (or nothing is listed)."""
    world, world_legal, world_work, world_values, world_keys, world_counters, events, _, _, _, _, _, _, _, _ = search
    engine.advance(world, ruleset, world_work, world_keys, world_counters, events, counts, False)
    if world[L.G_DONE] or world[L.G_TURNS] >= boundary:
        return 0
    return engine.legal_actions(world, ruleset, world_legal, world_values, weights, True)


@njit(cache=True, _nrt=False)
def world_step(ruleset, action, search, counts):
    """Apply the search world's deciding seat's ``action`` (`advance`, in world_decision, runs on)."""
    world, _, _, _, _, _, events, _, _, _, _, _, _, _, _ = search
    engine.step(world, ruleset, action, events, counts, False)


@njit(cache=True, _nrt=False)
def greedy_playout(ruleset, weights, boundary, decisions, search, counts):
    """Play the search world on (every seat greedy with ``weights``) until the match ends, the turn
    ``boundary`` is reached or ROLLOUT_DECISIONS decisions were taken in all (``decisions`` so far)."""
    world, world_legal, _, world_values, _, _, _, _, _, _, _, _, _, _, _ = search
    while decisions < ROLLOUT_DECISIONS:
        k = world_decision(ruleset, weights, boundary, search, counts)
        if k == 0:
            break
        action = greedy_pick(world, ruleset, world_legal, world_values, k, weights, engine.scored(world, True))
        world_step(ruleset, action, search, counts)
        decisions += 1
    return decisions


@njit(cache=True, _nrt=False)
def search_choice(state, ruleset, legal, values, n, weights, keys, counters, search, counts):
    """Flat Monte Carlo over the seat's information set (see the block comment above); returns the index
    in ``legal`` of the chosen action. ``values``: the greedy values the listing wrote."""
    world, _, _, _, _, _, _, candidates, world_seeds, _, _, _, _, _, _ = search
    seat = state[L.G_DECIDER]
    m = ismcts.top_candidates(values, n, int(weights[SEARCH_CANDIDATES]), candidates)
    rollouts = min(int(weights[SEARCH_ROLLOUTS]), world_seeds.shape[0])
    for r in range(rollouts):  # the worlds of this decision, from the bot's own stream
        world_seeds[r] = rng.next_u64(keys, counters, L.BOT_STREAM + seat)
    if m <= 1:
        return candidates[0, 0]
    # the boundary is counted before the action, so that every candidate is scored over the same turns
    boundary = state[L.G_TURNS] + int(weights[SEARCH_HORIZON])
    best, best_total = candidates[0, 0], -1.0
    for c in range(m):
        total = 0.0
        for r in range(rollouts):
            search_world(state, ruleset, seat, world_seeds[r], search)
            world_step(ruleset, legal[candidates[0, c]], search, counts)
            greedy_playout(ruleset, weights, boundary, 0, search, counts)
            total += world_score(world, seat)
        if total > best_total:
            best, best_total = candidates[0, c], total
    return best


# ---- information-set MCTS (issue 18's top rungs; the tree machinery is sim/core/ismcts.py) ----------
# The searching seat's action-phase choice: `iterations` descents of one tree over the seat's information
# set, each in a world re-dealt as the flat search's (search_world; the `worlds` worlds in turn, the first
# visits of the root's candidates in the same world: common random numbers). The tree holds the action-phase
# decisions of every seat (a node considers the `candidates` best actions by the greedy values, UCB1 with
# availability counts and `exploration`); responses and mana order inside the tree are greedy, as the bot's
# own. After one expansion the world is played greedy (greedy_playout) to the same turn boundary as the flat
# search's and scored by world_score, already a reward in [0, 1] for the seat's side.
(ISMCTS_CANDIDATES, ISMCTS_ITERATIONS, ISMCTS_HORIZON, ISMCTS_EXPLORATION, ISMCTS_WORLDS) = range(
    len(V.GREEDY_WEIGHTS), len(V.GREEDY_WEIGHTS) + len(V.ISMCTS_PARAMS))
HAND_CARD_KEY = 1 << 32  # a hand play's node key holds its card id from this bit up, its hand index cleared


@njit(cache=True, _nrt=False)
def node_keys_of(state, legal, n, keys):
    """keys[:n]: the tree's names of the decider's listed actions. A hand play is named by its card, not its
    hand index: the hand differs between worlds (an opponent's re-dealt hand, the seat's own draws), and the
    same card played is the same action in each (the listing lists one copy of a card: rules.actions)."""
    hand = seat_base(state[L.G_DECIDER]) + L.P_HAND
    for i in range(n):
        action = legal[i]
        if action >> 24 == L.A_PLAY:
            keys[i] = (action & ~(255 << 16)) | state[hand + ((action >> 16) & 255)] * HAND_CARD_KEY
        else:
            keys[i] = action
    return n


@njit(cache=True, _nrt=False)
def ismcts_choice(state, ruleset, legal, values, n, weights, keys, counters, search, counts):
    """Information-set MCTS over the seat's information set (see the block comment above); returns the index
    in ``legal`` of the root's most visited action, ties to the higher mean, then the higher prior (a lethal
    attack and a pass that both win within the horizon: the attack). ``values``: the greedy values the
    listing wrote."""
    world, world_legal, _, world_values, _, _, _, candidates, world_seeds, _, nodes, stats, path, root_keys, node_keys = search
    seat = state[L.G_DECIDER]
    width = int(weights[ISMCTS_CANDIDATES])
    iterations = min(int(weights[ISMCTS_ITERATIONS]), nodes.shape[0] - 1)
    exploration = weights[ISMCTS_EXPLORATION]
    worlds = min(int(weights[ISMCTS_WORLDS]), world_seeds.shape[0])
    for r in range(worlds):  # the worlds of this decision, from the bot's own stream
        world_seeds[r] = rng.next_u64(keys, counters, L.BOT_STREAM + seat)
    node_keys_of(state, legal, n, root_keys)
    root_width = ismcts.top_candidates(values, n, width, candidates)
    if root_width <= 1:
        return candidates[0, 0]
    boundary = state[L.G_TURNS] + int(weights[ISMCTS_HORIZON])
    used = ismcts.clear_tree(nodes, stats)
    for iteration in range(iterations):
        search_world(state, ruleset, seat, world_seeds[(iteration // root_width) % worlds], search)
        # the root: the decision's own list (what the seat sees is the same in every world)
        m = ismcts.top_candidates(values, n, width, candidates)
        c, child, used, expanded = ismcts.select(nodes, stats, ismcts.ROOT, root_keys, candidates, m, exploration,
                                                 used, 1)
        world_step(ruleset, legal[candidates[0, c]], search, counts)
        path[0] = ismcts.ROOT
        path[1] = child
        length = 2
        decisions = 0
        while not expanded and decisions < ROLLOUT_DECISIONS:
            k = world_decision(ruleset, weights, boundary, search, counts)
            if k == 0:
                break
            if k == 1 or not engine.scored(world, True):  # forced, or a response or mana order: no node
                action = greedy_pick(world, ruleset, world_legal, world_values, k, weights, engine.scored(world, True))
                world_step(ruleset, action, search, counts)
                decisions += 1
                continue
            node_keys_of(world, world_legal, k, node_keys)
            m = ismcts.top_candidates(world_values, k, width, candidates)
            ally = 1 if same_side(world, seat, world[L.G_DECIDER]) else 0
            c, child, used, expanded = ismcts.select(nodes, stats, path[length - 1], node_keys, candidates, m,
                                                     exploration, used, ally)
            if child == ismcts.NONE:  # the tree is full: play on from here
                break
            world_step(ruleset, world_legal[candidates[0, c]], search, counts)
            decisions += 1
            path[length] = child
            length += 1
        greedy_playout(ruleset, weights, boundary, decisions, search, counts)
        ismcts.backpropagate(nodes, stats, path, length, world_score(world, seat))
    # the root's candidates in prior order, so that most_visited's last tie-break is the higher prior
    m = ismcts.top_candidates(values, n, width, candidates)
    for c in range(m):
        node_keys[c] = root_keys[candidates[0, c]]
    return candidates[0, ismcts.most_visited(nodes, stats, node_keys, m)]
