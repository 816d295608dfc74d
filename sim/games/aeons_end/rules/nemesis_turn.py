"""The nemesis turn (rulebook "Nemesis Turn Overview", "Nemesis Turn: 1 – Main Phase", "Nemesis Turn: 2 –
Draw Phase", nemesis mats and basic nemesis cards data): minions (PERSISTENT) and powers resolve oldest
first, then a card is drawn (attack, minion or power; an empty deck Unleashes three times). Every nemesis
effect step (`run_atomic`), Unleash, Rageborne's Strikes, Carapace Queen's Swarm, the OR choice between
options, and fire tokens."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import next_below, shuffle
from sim.games.aeons_end.layout import (
    G_ABILITY_USES,
    G_ARRIVAL_SEQ,
    G_CONDITION,
    G_DESTROYED_NEMESIS,
    G_FIRE,
    G_FURY,
    G_GRAVEHOLD,
    G_GRAVEHOLD_MAX,
    G_HUSKS,
    G_IN_PLAY,
    G_LAST_DISCARDED_MINION,
    G_LIFE_ADD,
    G_LIFE_SET,
    G_NEMESIS_DECK_LEN,
    G_NEMESIS_DECK_POS,
    G_NEMESIS_DISCARD,
    G_NEMESIS_LIFE,
    G_NEMESIS_MAX_LIFE,
    G_NEMESIS_TIER,
    G_PENDING_UNLEASH,
    G_PLAYERS,
    G_SHIELD_ADD,
    G_TARGET,
    G_TURN_ORDER_POS,
    G_UNLEASHES,
    IP_CARD,
    IP_LIFE,
    IP_POWER,
    IP_SILENCED,
    MAX_STEPS,
    NC_ALTERNATIVES,
    NC_HARM_MAIN,
    NC_HAS_OR,
    NC_LIFE,
    NC_POWER,
    NC_SHIELDS,
    NC_TIER,
    NC_TYPE,
    NEMESIS_DECK_BASE,
    NEMESIS_KIND_RAGEBORNE,
    NSEC_EFFECT,
    NSEC_IMMEDIATELY,
    NSEC_OR,
    NSEC_OR2,
    NSEC_OR3,
    NTYPE_ATTACK,
    NTYPE_MINION,
    NX_STRIKE,
    NX_SWARM,
    NX_UNLEASH,
    P_CHARGES,
    P_DECK,
    P_DECK_N,
    P_DISCARD,
    P_DISCARD_N,
    P_EXHAUSTED,
    P_HAND,
    P_HAND_N,
    P_LIFE,
    P_PREP,
    P_PREPPED_NOW,
    PC_COST,
    PC_IS_CRYSTAL,
    PC_TYPE,
    PILE_CAPACITY,
    R_CORRUPTION_SHUFFLE_WHOLE,
    R_DEVOUR_EMPTY_CHEAPEST,
    R_FIRE_LOSS,
    R_NEMESIS_KIND,
    R_STRIKE_COUNT,
    R_STRIKE_LOSS,
    R_STRIKE_THRESHOLD,
    R_SWARM_MAX,
    R_SWARM_MIN,
    R_SWARM_ROWS,
    SUPPLY_CARD_BASE,
    SUPPLY_COUNT_BASE,
    SUPPLY_PILES,
    TO_NEMESIS,
    TYPE_GEM,
    TYPE_RELIC,
    TYPE_SPELL,
)
from sim.games.aeons_end.rules.breaches import focus_cheapest
from sim.games.aeons_end.rules.choices import (
    best_prepped_anywhere,
    cheapest_hand_index,
    cheapest_prepped,
    costliest_hand_index,
    most_expensive_prepped,
    pick_healthiest,
    pick_lowest,
    pick_most,
)
from sim.games.aeons_end.rules.corruption_deck import destroy_owned, discard_non_corruption, gain_corruption
from sim.games.aeons_end.rules.damage_exhaustion import gain_life, gravehold_suffers, player_suffers
from sim.games.aeons_end.rules.game_end import end_game, fail, over
from sim.games.aeons_end.rules.mages import charged_mage_with
from sim.games.aeons_end.rules.minions_powers import (
    discard_nemesis_card,
    find_slot_by_arrival,
    place_husks,
    place_in_play,
    remove_from_play,
    slot_base,
)
from sim.games.aeons_end.rules.piles import (
    crystals_in_hand,
    discard_from_hand,
    discard_prepped,
    draw_cards,
    flip_discard,
    pbase,
    prepped_count,
    push,
    remove_at,
)
from sim.games.aeons_end.rules.supply import (
    devour_from,
    empty_piles,
    gain_from_pile,
    least_expensive_pile,
    pile_by_cost,
)
from sim.games.aeons_end.rules.turn_order import nemesis_cards_discarded, return_turn_order_card
from sim.games.aeons_end.tables import nemesis_card, nemesis_card_step, nemesis_mat_step, player_card, rule
from sim.games.aeons_end.vocab import (
    AB_AETHEREAL_WARD,
    END_FIRE_TOKENS,
    END_NEMESIS_CONDITION,
    ERR_CAPACITY,
    NS_ADD_FIRE,
    NS_ADD_LIFE_PER_EMPTY_PILE,
    NS_BANISH_SELF,
    NS_CORRUPTION_ON_DECK,
    NS_CORRUPTIONS_TO_HAND,
    NS_DESTROY_COSTLIEST_HAND,
    NS_DESTROY_COSTLIEST_PREPPED_IF_COST_MAX,
    NS_DESTROY_DECK_TOP,
    NS_DESTROY_HAND,
    NS_DEVOUR_CHEAPEST,
    NS_DEVOUR_CHEAPEST_RELIC,
    NS_DEVOUR_EXPENSIVE_GEM,
    NS_DEVOUR_SECOND_GEM,
    NS_DEVOUR_SELF_LIFE,
    NS_DEVOUR_SPELL,
    NS_DISCARD_CRYSTALS,
    NS_DISCARD_EXPENSIVE_PREPPED,
    NS_DISCARD_FIRE_IF_COST_MAX,
    NS_DISCARD_GRAVEHOLD_IF_GEM,
    NS_DISCARD_HALF_HUSKS,
    NS_DISCARD_HAND,
    NS_DISCARD_HAND_COSTLIEST,
    NS_DISCARD_HUSKS,
    NS_DISCARD_NON_CORRUPTION,
    NS_DISCARD_PREPPED_MIN_COST,
    NS_DRAW,
    NS_FIRE_AT_MOST_ELSE_UNLEASH,
    NS_FIRE_PER_HAND_MIN_COST,
    NS_FOCUS_OTHER_PLAYER_BREACH,
    NS_FOCUS_TARGET_BREACH,
    NS_FURY,
    NS_GAIN_CARD_MAX_COST,
    NS_GRAVEHOLD,
    NS_GRAVEHOLD_FURY,
    NS_GRAVEHOLD_HEAL,
    NS_GRAVEHOLD_PER_EMPTY_PILE,
    NS_GRAVEHOLD_SELF_LIFE,
    NS_HUSKS,
    NS_HUSKS_PER_TURN_ORDER_DISCARD,
    NS_LOSE_ALL_CHARGES,
    NS_LOSE_SHIELDS_PER_PLAYER,
    NS_NEMESIS_HEAL,
    NS_PLAYERS_CORRUPTIONS_ON_DECK,
    NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED,
    NS_PLAYERS_DISCARD_FURY,
    NS_PLAYERS_LOSE,
    NS_PLAYERS_LOSE_CHARGES,
    NS_PULVERIZE,
    NS_RETURN_LAST_MINION,
    NS_SELF_DAMAGE,
    NS_SELF_DAMAGE_PER_PLAYER,
    NS_SET_LIFE_PER_HUSK,
    NS_SHUFFLE_DISCARD_INTO_DECK,
    NS_SHUFFLE_DISCARD_INTO_DECK_DESTROY,
    NS_SHUFFLE_NEMESIS_TURN_ORDER,
    NS_STRIKE,
    NS_SUFFER,
    NS_SUFFER_IF,
    NS_SUFFER_PER_EMPTY_PILE,
    NS_SUFFER_PER_PREPPED,
    NS_SUFFER_PLUS_FURY,
    NS_SUFFER_SELF_LIFE,
    NS_SWARM,
    NS_TARGET_ANY,
    NS_TARGET_ANY_PREPPED,
    NS_TARGET_CHEAP_PREPPED,
    NS_TARGET_COSTLIEST_HAND,
    NS_TARGET_HIGHEST,
    NS_TARGET_LOWEST,
    NS_TARGET_MOST_CARDS,
    NS_TARGET_MOST_CHARGES,
    NS_TARGET_MOST_CRYSTALS,
    NS_TARGET_MOST_HAND,
    NS_TARGET_MOST_OPENED,
    NS_TARGET_MOST_PREPPED,
    NS_TWO_PLAYERS_CORRUPT_HEAL,
    NS_UNLEASH,
    NS_UNLEASH_IF,
    NS_UNLEASH_IF_BOTH_NEMESIS_TURN_ORDER_DISCARDED,
    NS_VEX,
)


@njit(cache=True, _nrt=False)
def add_fire(s, T, n):
    """Rulebook, Fire Tokens: 'The players immediately lose the game if there are 10 or more fire tokens on
    your location' (the 10 is rules.yaml fire_token_loss). Fire is not damage: Auspex Rune does not stop it."""
    if n <= 0 or over(s):
        return
    s[G_FIRE] += n
    if s[G_FIRE] >= rule(T, R_FIRE_LOSS):
        end_game(s, False, END_FIRE_TOKENS)


@njit(cache=True, _nrt=False)
def players_discard_n(s, T, n):
    """Team rule: the players split a discard of n cards, cheapest cards first, from the fullest hands."""
    for _ in range(n):
        p = pick_most(s, np.int64(3), T, np.int64(0))
        if s[pbase(p) + P_HAND_N] == 0:
            return False
        discard_from_hand(s, p, cheapest_hand_index(s, p, T, np.int64(0)))
    return True




@njit(cache=True, _nrt=False)
def run_atomic(s, T, keys, counters, code, n, self_slot):
    """One nemesis step that is not Unleash / Strike / Swarm. Returns False if it could not fully resolve.
    One if/elif chain by rule area (commented sections), not a helper per area: typed as one function it
    compiles in ~7 s, split into six inlined helpers ~11 s (docs/compile-time.md)."""
    if over(s):
        return True
    t = s[G_TARGET]
    tb = pbase(t)
    # target: Steps choosing the player a card targets (rulebook 'Game Terms': the players choose; team rules).
    if code == NS_TARGET_ANY:
        s[G_TARGET] = pick_healthiest(s)
    elif code == NS_TARGET_LOWEST:
        s[G_TARGET] = pick_lowest(s)
    elif code == NS_TARGET_MOST_PREPPED:
        s[G_TARGET] = pick_most(s, np.int64(0), T, np.int64(0))
    elif code == NS_TARGET_MOST_CHARGES:
        s[G_TARGET] = pick_most(s, np.int64(1), T, np.int64(0))
    elif code == NS_TARGET_MOST_OPENED:
        s[G_TARGET] = pick_most(s, np.int64(2), T, np.int64(0))
    elif code == NS_TARGET_MOST_HAND:
        s[G_TARGET] = pick_most(s, np.int64(3), T, np.int64(0))
    elif code == NS_TARGET_MOST_CARDS:
        s[G_TARGET] = pick_most(s, np.int64(4), T, np.int64(0))
    elif code == NS_TARGET_CHEAP_PREPPED:
        s[G_TARGET] = pick_most(s, np.int64(5), T, n)
    elif code == NS_TARGET_ANY_PREPPED:
        s[G_TARGET] = pick_most(s, np.int64(6), T, np.int64(0))
    elif code == NS_TARGET_MOST_CRYSTALS:
        best = 0
        for p in range(s[G_PLAYERS]):
            if crystals_in_hand(s, T, p) > crystals_in_hand(s, T, best):
                best = p
        s[G_TARGET] = best
    elif code == NS_TARGET_HIGHEST:
        s[G_TARGET] = pick_most(s, np.int64(7), T, np.int64(0))
    elif code == NS_TARGET_COSTLIEST_HAND:
        s[G_TARGET] = pick_most(s, np.int64(8), T, np.int64(0))
    # damage and prepped: Steps damaging the targeted player or taking their charges, prepped spells, breaches.
    elif code == NS_SUFFER:
        player_suffers(s, t, n)
    elif code == NS_SUFFER_PER_PREPPED:
        player_suffers(s, t, n * prepped_count(s, t))
    elif code == NS_SUFFER_SELF_LIFE:
        if self_slot >= 0:
            player_suffers(s, t, s[slot_base(self_slot) + IP_LIFE])
    elif code == NS_SUFFER_PLUS_FURY:
        player_suffers(s, t, n + s[G_FURY])
    elif code == NS_SUFFER_PER_EMPTY_PILE:
        player_suffers(s, t, n * empty_piles(s))
    elif code == NS_LOSE_ALL_CHARGES:
        s[tb + P_CHARGES] = 0
    elif code == NS_DISCARD_EXPENSIVE_PREPPED:
        for _ in range(n):
            k = most_expensive_prepped(s, t, T, np.int64(0))
            if k < 0:
                return False
            discard_prepped(s, t, k)
    elif code == NS_DISCARD_PREPPED_MIN_COST:
        k = cheapest_prepped(s, t, T, n)
        if k < 0:
            return False
        discard_prepped(s, t, k)
    elif code == NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED:
        for _ in range(n):
            best_p, best_k = best_prepped_anywhere(s, T)
            if best_p < 0:
                return False
            discard_prepped(s, best_p, best_k)
    elif code == NS_FOCUS_TARGET_BREACH:
        focus_cheapest(s, T, t)
    elif code == NS_FOCUS_OTHER_PLAYER_BREACH:
        if s[G_PLAYERS] > 1:
            focus_cheapest(s, T, (t + 1) % s[G_PLAYERS])
    elif code == NS_PLAYERS_LOSE_CHARGES:
        # team rule: the charges come one at a time from the player holding the most
        for _ in range(n):
            p = pick_most(s, np.int64(1), T, np.int64(0))
            if s[pbase(p) + P_CHARGES] == 0:
                return False
            s[pbase(p) + P_CHARGES] -= 1
    elif code == NS_DESTROY_COSTLIEST_PREPPED_IF_COST_MAX:
        s[G_CONDITION] = 0
        best_p, best_k = best_prepped_anywhere(s, T)
        if best_p < 0:
            return False  # no prepped spell: nothing destroyed and no "it" to check the cost of
        pb = pbase(best_p)
        c = s[pb + P_PREP + best_k]
        s[pb + P_PREP + best_k] = -1
        s[pb + P_PREPPED_NOW + best_k] = 0
        destroy_owned(s, T, best_p, c)
        if player_card(T, c, PC_COST) <= n:
            s[G_CONDITION] = 1
    elif code == NS_SUFFER_IF:
        if s[G_CONDITION] != 0:
            player_suffers(s, t, n)
    # hand and deck: Steps on the targeted player's hand and deck: discards, destroys, draws, gains.
    elif code == NS_DISCARD_HAND:
        full = True
        for _ in range(n):
            if s[tb + P_HAND_N] == 0:
                full = False
                break
            discard_from_hand(s, t, cheapest_hand_index(s, t, T, np.int64(0)))
        return full
    elif code == NS_DRAW:
        draw_cards(s, t, n)
    elif code == NS_DESTROY_HAND:
        full = True
        for _ in range(n):
            if s[tb + P_HAND_N] == 0:
                full = False
                break
            c = remove_at(s, tb + P_HAND, tb + P_HAND_N, cheapest_hand_index(s, t, T, np.int64(0)))
            destroy_owned(s, T, t, c)
        return full
    elif code == NS_SHUFFLE_DISCARD_INTO_DECK_DESTROY:
        m = s[tb + P_DISCARD_N]
        for k in range(m):
            push(s, tb + P_DECK, tb + P_DECK_N, s[tb + P_DISCARD + k])
        s[tb + P_DISCARD_N] = 0
        shuffle(s, tb + P_DECK, tb + P_DECK + s[tb + P_DECK_N], keys, counters, 2)
        for _ in range(n):
            if s[tb + P_DECK_N] == 0:
                return False
            s[tb + P_DECK_N] -= 1
            destroy_owned(s, T, t, s[tb + P_DECK + s[tb + P_DECK_N]])
    elif code == NS_PLAYERS_DISCARD_FURY:
        return players_discard_n(s, T, s[G_FURY])
    elif code == NS_DISCARD_CRYSTALS:
        i = 0
        while i < s[tb + P_HAND_N]:
            if player_card(T, s[tb + P_HAND + i], PC_IS_CRYSTAL) != 0:
                discard_from_hand(s, t, i)
            else:
                i += 1
    elif code == NS_GAIN_CARD_MAX_COST:
        best = -1
        best_cost = -1
        for k in range(SUPPLY_PILES):
            c = s[SUPPLY_CARD_BASE + k]
            if s[SUPPLY_COUNT_BASE + k] > 0 and best_cost < player_card(T, c, PC_COST) <= n:
                best = k
                best_cost = player_card(T, c, PC_COST)
        gain_from_pile(s, T, t, best, np.int64(0))
    elif code == NS_DISCARD_FIRE_IF_COST_MAX:
        # team rule: keep the fire token off the map when the hand allows (cheapest card costing more than n)
        i = cheapest_hand_index(s, t, T, n + 1)
        if i < 0:
            i = cheapest_hand_index(s, t, T, np.int64(0))
        if i < 0:
            return False
        cost = player_card(T, s[tb + P_HAND + i], PC_COST)
        discard_from_hand(s, t, i)
        if cost <= n:
            add_fire(s, T, np.int64(1))
    elif code == NS_DISCARD_GRAVEHOLD_IF_GEM:
        # team rule: discard the cheapest card that is not a gem when there is one (no Gravehold damage)
        i = -1
        best = 1 << 20
        for j in range(s[tb + P_HAND_N]):
            c = s[tb + P_HAND + j]
            if player_card(T, c, PC_TYPE) != TYPE_GEM and player_card(T, c, PC_COST) * 4 + player_card(T, c, PC_TYPE) < best:
                i = j
                best = player_card(T, c, PC_COST) * 4 + player_card(T, c, PC_TYPE)
        if i < 0:
            i = cheapest_hand_index(s, t, T, np.int64(0))
        if i < 0:
            return False
        gem = player_card(T, s[tb + P_HAND + i], PC_TYPE) == TYPE_GEM
        discard_from_hand(s, t, i)
        if gem:
            gravehold_suffers(s, n)
    elif code == NS_DESTROY_COSTLIEST_HAND:
        for _ in range(n):
            if s[tb + P_HAND_N] == 0:
                return False
            c = remove_at(s, tb + P_HAND, tb + P_HAND_N, costliest_hand_index(s, t, T))
            destroy_owned(s, T, t, c)
    elif code == NS_DESTROY_DECK_TOP:
        # "top n of their deck": a short deck is refilled by flipping the discard pile, as for a draw (assumed)
        for _ in range(n):
            if s[tb + P_DECK_N] == 0:
                flip_discard(s, t)
                if s[tb + P_DECK_N] == 0:
                    return False
            s[tb + P_DECK_N] -= 1
            destroy_owned(s, T, t, s[tb + P_DECK + s[tb + P_DECK_N]])
    elif code == NS_DISCARD_HAND_COSTLIEST:
        for _ in range(n):
            if s[tb + P_HAND_N] == 0:
                return False
            discard_from_hand(s, t, costliest_hand_index(s, t, T))
    elif code == NS_FIRE_PER_HAND_MIN_COST:
        m = 0
        for i in range(s[tb + P_HAND_N]):
            if player_card(T, s[tb + P_HAND + i], PC_COST) >= n:
                m += 1
        add_fire(s, T, m)
    # gravehold and nemesis: Steps on Gravehold, the nemesis and its cards, the mats' tokens (Fury, husks, fire).
    elif code == NS_GRAVEHOLD:
        gravehold_suffers(s, n)
    elif code == NS_GRAVEHOLD_SELF_LIFE:
        if self_slot >= 0:
            gravehold_suffers(s, s[slot_base(self_slot) + IP_LIFE])
    elif code == NS_SELF_DAMAGE:
        if self_slot >= 0:
            o = slot_base(self_slot)
            s[o + IP_LIFE] -= n
            if s[o + IP_LIFE] <= 0:
                remove_from_play(s, self_slot, T)
    elif code == NS_RETURN_LAST_MINION:
        card = s[G_LAST_DISCARDED_MINION]
        if card < 0:
            return False
        s[G_NEMESIS_DISCARD] -= 1
        s[G_LAST_DISCARDED_MINION] = -1
        place_in_play(s, card, nemesis_card(T, card, NC_LIFE), np.int64(0), nemesis_card(T, card, NC_SHIELDS))
    elif code == NS_PULVERIZE:
        # players may discard up to 6 gems, each prevents 3: the team discards cheapest gems first
        prevented = 0
        gems = 0
        while gems < 6 and prevented < n:
            found = False
            for p in range(s[G_PLAYERS]):
                b = pbase(p)
                best = -1
                best_cost = 1 << 20
                for i in range(s[b + P_HAND_N]):
                    c = s[b + P_HAND + i]
                    if player_card(T, c, PC_TYPE) == TYPE_GEM and player_card(T, c, PC_COST) < best_cost:
                        best = i
                        best_cost = player_card(T, c, PC_COST)
                if best >= 0:
                    discard_from_hand(s, p, best)
                    gems += 1
                    prevented += 3
                    found = True
                    break
            if not found:
                break
        gravehold_suffers(s, n - prevented)
    elif code == NS_SHUFFLE_NEMESIS_TURN_ORDER:
        found = False
        while return_turn_order_card(s, keys, counters, np.int64(TO_NEMESIS)):
            found = True
        return found
    elif code == NS_FURY:
        s[G_FURY] += n
    elif code == NS_GRAVEHOLD_FURY:
        gravehold_suffers(s, s[G_FURY])
    elif code == NS_UNLEASH_IF_BOTH_NEMESIS_TURN_ORDER_DISCARDED:
        if nemesis_cards_discarded(s) >= 2:
            s[G_PENDING_UNLEASH] += n
    elif code == NS_HUSKS:
        place_husks(s, T, n)
    elif code == NS_HUSKS_PER_TURN_ORDER_DISCARD:
        place_husks(s, T, n * s[G_TURN_ORDER_POS])
    elif code == NS_DISCARD_HUSKS:
        s[G_HUSKS] = max(0, s[G_HUSKS] - n)
    elif code == NS_DISCARD_HALF_HUSKS:
        half = (s[G_HUSKS] + 1) // 2
        s[G_HUSKS] -= half
        gravehold_suffers(s, n * half)
    elif code == NS_SET_LIFE_PER_HUSK:
        s[G_LIFE_SET] = n * s[G_HUSKS]
    elif code == NS_PLAYERS_LOSE:
        end_game(s, False, END_NEMESIS_CONDITION)
    elif code == NS_GRAVEHOLD_HEAL:
        s[G_GRAVEHOLD] = min(s[G_GRAVEHOLD_MAX], s[G_GRAVEHOLD] + n)
    elif code == NS_NEMESIS_HEAL:
        s[G_NEMESIS_LIFE] = min(s[G_NEMESIS_MAX_LIFE], s[G_NEMESIS_LIFE] + n)
    elif code == NS_VEX:
        for _ in range(2):
            pos = s[G_NEMESIS_DECK_POS]
            if pos >= s[G_NEMESIS_DECK_LEN]:
                break
            c = s[NEMESIS_DECK_BASE + pos]
            s[G_NEMESIS_DECK_POS] = pos + 1
            s[G_NEMESIS_DISCARD] += 1
            if nemesis_card(T, c, NC_TIER) == 3:
                gravehold_suffers(s, n)
    elif code == NS_ADD_FIRE:
        add_fire(s, T, n)
    elif code == NS_SELF_DAMAGE_PER_PLAYER:
        # IMMEDIATELY, before the minion is placed: "suffers damage equal to the number of players" (rulebook
        # example: Fevered Scribe "comes into play with 6 life, but the immediate effect deals it 2 damage")
        s[G_LIFE_ADD] -= n * s[G_PLAYERS]
    elif code == NS_LOSE_SHIELDS_PER_PLAYER:
        s[G_SHIELD_ADD] -= n * s[G_PLAYERS]
    elif code == NS_BANISH_SELF:
        # the resolving attack or power leaves the game: its discard (attack: counted right after the effect,
        # power: counted when it left play, before its effect) becomes a banish
        s[G_NEMESIS_DISCARD] -= 1
        s[G_DESTROYED_NEMESIS] += 1
    elif code == NS_FIRE_AT_MOST_ELSE_UNLEASH:
        if s[G_FIRE] <= n:
            add_fire(s, T, np.int64(1))
        else:
            s[G_PENDING_UNLEASH] += 1
    elif code == NS_UNLEASH_IF:
        if s[G_CONDITION] != 0:
            s[G_PENDING_UNLEASH] += n
    # devour: Prince of Gluttons: steps devouring the supply.
    elif code == NS_DEVOUR_CHEAPEST:
        if rule(T, R_DEVOUR_EMPTY_CHEAPEST) != 0:
            devour_from(s, least_expensive_pile(s, T), n)
        else:
            devour_from(s, pile_by_cost(s, T, np.int64(-1), np.int64(0), np.bool_(True), np.bool_(True)), n)
    elif code == NS_DEVOUR_SECOND_GEM:
        devour_from(s, pile_by_cost(s, T, np.int64(TYPE_GEM), np.int64(1), np.bool_(False), np.bool_(False)), n)
    elif code == NS_DEVOUR_SPELL:
        pile = pile_by_cost(s, T, np.int64(TYPE_SPELL), np.int64(0), np.bool_(True), np.bool_(True))
        if pile < 0 or s[SUPPLY_COUNT_BASE + pile] < n:
            return False
        devour_from(s, pile, n)
    elif code == NS_DEVOUR_CHEAPEST_RELIC:
        pile = pile_by_cost(s, T, np.int64(TYPE_RELIC), np.int64(0), np.bool_(True), np.bool_(True))
        if pile < 0 or s[SUPPLY_COUNT_BASE + pile] < n:
            return False
        devour_from(s, pile, n)
    elif code == NS_DEVOUR_EXPENSIVE_GEM:
        devour_from(s, pile_by_cost(s, T, np.int64(TYPE_GEM), np.int64(0), np.bool_(False), np.bool_(False)), n)
    elif code == NS_DEVOUR_SELF_LIFE:
        if self_slot >= 0:
            # the players pick the pile: the fullest one (their choice; devour all from it)
            best = 0
            for k in range(SUPPLY_PILES):
                if s[SUPPLY_COUNT_BASE + k] > s[SUPPLY_COUNT_BASE + best]:
                    best = k
            devour_from(s, best, s[slot_base(self_slot) + IP_LIFE])
    elif code == NS_ADD_LIFE_PER_EMPTY_PILE:
        s[G_LIFE_ADD] += n * empty_piles(s)
    elif code == NS_GRAVEHOLD_PER_EMPTY_PILE:
        gravehold_suffers(s, n * empty_piles(s))
    # corruption: Crooked Mask: steps dealing corruptions.
    elif code == NS_CORRUPTION_ON_DECK:
        for _ in range(n):
            gain_corruption(s, T, t, np.bool_(False))
    elif code == NS_CORRUPTIONS_TO_HAND:
        for _ in range(n):
            gain_corruption(s, T, t, np.bool_(True))
    elif code == NS_SHUFFLE_DISCARD_INTO_DECK:
        m = s[tb + P_DISCARD_N]
        d = s[tb + P_DECK_N]
        if d + m > PILE_CAPACITY:
            fail(s, ERR_CAPACITY)
            return True
        if rule(T, R_CORRUPTION_SHUFFLE_WHOLE) != 0:
            # rules corruption_shuffle: whole_deck (S4's engine): deck and discard shuffled together, the
            # corruption just put on top with them
            for k in range(m):
                s[tb + P_DECK + d + k] = s[tb + P_DISCARD + k]
            shuffle(s, tb + P_DECK, tb + P_DECK + d + m, keys, counters, 2)
        else:
            # corruption_shuffle: discard_under_deck (the default): the discard pile is shuffled and goes
            # under the deck, so the corruption just put on top stays there and the deck keeps its order
            shuffle(s, tb + P_DISCARD, tb + P_DISCARD + m, keys, counters, 2)
            for k in range(d - 1, -1, -1):
                s[tb + P_DECK + m + k] = s[tb + P_DECK + k]
            for k in range(m):
                s[tb + P_DECK + k] = s[tb + P_DISCARD + k]
        s[tb + P_DECK_N] = d + m
        s[tb + P_DISCARD_N] = 0
    elif code == NS_PLAYERS_CORRUPTIONS_ON_DECK:
        for _ in range(n):
            gain_corruption(s, T, pick_healthiest(s), np.bool_(False))
    elif code == NS_TWO_PLAYERS_CORRUPT_HEAL:
        first = pick_healthiest(s)
        second = first
        if s[G_PLAYERS] > 1:
            best_life = -1000
            for p in range(s[G_PLAYERS]):
                life = s[pbase(p) + P_LIFE] - 100 * s[pbase(p) + P_EXHAUSTED]
                if p != first and life > best_life:
                    second = p
                    best_life = life
        for q in (first, second):
            for _ in range(n):
                gain_corruption(s, T, q, np.bool_(False))
            gain_life(s, q, np.int64(1))
    elif code == NS_DISCARD_NON_CORRUPTION:
        return discard_non_corruption(s, T, t, n)
    return True  # an unknown code resolves as nothing


@njit(cache=True, _nrt=False, inline="always")
def run_unleash_row(s, T, keys, counters, row):
    for i in range(MAX_STEPS):
        code = nemesis_mat_step(T, row, i, 0)
        if code == 0:
            break
        run_atomic(s, T, keys, counters, code, nemesis_mat_step(T, row, i, 1), np.int64(-1))


@njit(cache=True, _nrt=False, inline="always")
def unleash(s, T, keys, counters, times):
    for _ in range(times):
        if over(s):
            return
        s[G_UNLEASHES] += 1
        run_unleash_row(s, T, keys, counters, np.int64(NX_UNLEASH))


@njit(cache=True, _nrt=False, inline="always")
def flush_pending(s, T, keys, counters):
    while s[G_PENDING_UNLEASH] > 0 and not over(s):
        s[G_PENDING_UNLEASH] -= 1
        unleash(s, T, keys, counters, np.int64(1))
    s[G_PENDING_UNLEASH] = 0


@njit(cache=True, _nrt=False, inline="always")
def strike(s, T, keys, counters):
    """Rageborne Strikes: draw a strike card at random, resolve it, shuffle it back."""
    k = next_below(keys, counters, 2, rule(T, R_STRIKE_COUNT))
    s[G_TARGET] = 0
    run_unleash_row(s, T, keys, counters, NX_STRIKE + k)


@njit(cache=True, _nrt=False, inline="always")
def swarm(s, T, keys, counters):
    h = s[G_HUSKS]
    for r in range(rule(T, R_SWARM_ROWS)):
        if rule(T, R_SWARM_MIN + r) <= h <= rule(T, R_SWARM_MAX + r):
            run_unleash_row(s, T, keys, counters, NX_SWARM + r)
            return


@njit(cache=True, _nrt=False)
def section_feasible(s, T, card, sec):
    """Can this option be fully resolved (rulebook 'OR' effects)? Checks the steps that can fail."""
    t = 0
    for i in range(MAX_STEPS):
        code = nemesis_card_step(T, card, sec, i, 0)
        n = nemesis_card_step(T, card, sec, i, 1)
        if code == 0:
            break
        if code == NS_TARGET_CHEAP_PREPPED:
            t = pick_most(s, np.int64(5), T, n)
        elif code == NS_TARGET_MOST_OPENED:
            t = pick_most(s, np.int64(2), T, np.int64(0))
        elif code == NS_TARGET_ANY_PREPPED:
            t = pick_most(s, np.int64(6), T, np.int64(0))
        elif code == NS_DISCARD_PREPPED_MIN_COST:
            if cheapest_prepped(s, t, T, n) < 0:
                return False
        elif code == NS_DESTROY_HAND:
            if s[pbase(t) + P_HAND_N] < n:
                return False
        elif code == NS_RETURN_LAST_MINION:
            if s[G_LAST_DISCARDED_MINION] < 0:
                return False
        elif code == NS_SHUFFLE_NEMESIS_TURN_ORDER:
            if nemesis_cards_discarded(s) == 0:
                return False
        elif code == NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED or code == NS_PLAYERS_LOSE_CHARGES:
            total = 0
            for p in range(s[G_PLAYERS]):
                total += prepped_count(s, p) if code == NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED \
                    else s[pbase(p) + P_CHARGES]
            if total < n:
                return False
        elif code == NS_DEVOUR_SPELL or code == NS_DEVOUR_CHEAPEST_RELIC:
            typ = TYPE_SPELL if code == NS_DEVOUR_SPELL else TYPE_RELIC
            ok = False
            for k in range(SUPPLY_PILES):
                if player_card(T, s[SUPPLY_CARD_BASE + k], PC_TYPE) == typ and s[SUPPLY_COUNT_BASE + k] >= n:
                    ok = True
            if not ok:
                return False
    return True


@njit(cache=True, _nrt=False, forceinline=True)
def option_section(j):
    """Effect section of a card's j-th option (0 the main effect, 1 `or:`, 2-3 further OR options)."""
    if j == 0:
        return NSEC_EFFECT
    if j == 1:
        return NSEC_OR
    if j == 2:
        return NSEC_OR2
    return NSEC_OR3


@njit(cache=True, _nrt=False)
def choose_option(s, T, card):
    """Rulebook 'OR': choose an option that can be fully resolved; the team prefers the less harmful
    (lowest harm score; ties to the earlier option). With no fully resolvable option, all are candidates.
    Two options reduce to the rule of engine 0.2.0 (main unless only OR is resolvable or OR is less harmful)."""
    if nemesis_card(T, card, NC_HAS_OR) == 0:
        return NSEC_EFFECT
    options = 1 + nemesis_card(T, card, NC_ALTERNATIVES)
    any_ok = False
    for j in range(options):
        if section_feasible(s, T, card, option_section(j)):
            any_ok = True
    best = NSEC_EFFECT
    best_harm = 1 << 30
    for j in range(options):
        sec = option_section(j)
        if any_ok and not section_feasible(s, T, card, sec):
            continue
        harm = nemesis_card(T, card, NC_HARM_MAIN + j)
        if harm < best_harm:
            best = sec
            best_harm = harm
    return best


@njit(cache=True, _nrt=False)
def run_section(s, T, keys, counters, card, sec, self_slot):
    s[G_TARGET] = pick_healthiest(s)
    s[G_CONDITION] = 0
    for i in range(MAX_STEPS):
        if over(s):
            return
        code = nemesis_card_step(T, card, sec, i, 0)
        n = nemesis_card_step(T, card, sec, i, 1)
        if code == 0:
            break
        # a minion that died mid-effect (self damage) stops resolving
        if self_slot >= 0 and (self_slot >= s[G_IN_PLAY] or s[slot_base(self_slot) + IP_CARD] != card):
            self_slot = -1
        if code == NS_UNLEASH:
            unleash(s, T, keys, counters, n)
        elif code == NS_STRIKE:
            for _ in range(n):
                strike(s, T, keys, counters)
                flush_pending(s, T, keys, counters)
        elif code == NS_SWARM:
            for _ in range(n):
                swarm(s, T, keys, counters)
                flush_pending(s, T, keys, counters)
        else:
            run_atomic(s, T, keys, counters, code, n, self_slot)
        flush_pending(s, T, keys, counters)


@njit(cache=True, _nrt=False)
def nemesis_turn(s, T, keys, counters):
    # ---- main phase: oldest first
    start_seq = s[G_ARRIVAL_SEQ]
    seq = 0
    while seq < start_seq and not over(s):
        k = find_slot_by_arrival(s, seq)
        seq += 1
        if k < 0:
            continue
        o = slot_base(k)
        card = s[o + IP_CARD]
        if nemesis_card(T, card, NC_TYPE) == NTYPE_MINION:
            if s[o + IP_SILENCED] != 0:
                s[o + IP_SILENCED] = 0
                continue
            sec = choose_option(s, T, card)
            run_section(s, T, keys, counters, card, sec, k)
        else:
            s[o + IP_POWER] -= 1
            if s[o + IP_POWER] <= 0:
                # the power leaves play as it resolves, so its own effect cannot see it
                remove_from_play(s, k, T)
                sec = choose_option(s, T, card)
                run_section(s, T, keys, counters, card, sec, np.int64(-1))
    if over(s):
        return
    # ---- draw phase
    pos = s[G_NEMESIS_DECK_POS]
    if pos >= s[G_NEMESIS_DECK_LEN]:
        unleash(s, T, keys, counters, np.int64(3))
        flush_pending(s, T, keys, counters)
    else:
        card = s[NEMESIS_DECK_BASE + pos]
        s[G_NEMESIS_DECK_POS] = pos + 1
        s[G_NEMESIS_TIER] = max(s[G_NEMESIS_TIER], nemesis_card(T, card, NC_TIER))
        typ = nemesis_card(T, card, NC_TYPE)
        ward = charged_mage_with(s, T, np.int64(AB_AETHEREAL_WARD))
        if ward >= 0 and typ != NTYPE_MINION:
            # Adelheim's Aethereal Ward: discard the drawn attack or power before it resolves
            s[pbase(ward) + P_CHARGES] = 0
            s[G_ABILITY_USES] += 1
            s[G_NEMESIS_DISCARD] += 1
        elif typ == NTYPE_ATTACK:
            sec = choose_option(s, T, card)
            run_section(s, T, keys, counters, card, sec, np.int64(-1))
            s[G_NEMESIS_DISCARD] += 1
        else:
            s[G_LIFE_SET] = -1
            s[G_LIFE_ADD] = 0
            s[G_SHIELD_ADD] = 0
            run_section(s, T, keys, counters, card, np.int64(NSEC_IMMEDIATELY), np.int64(-1))
            if typ == NTYPE_MINION:
                life = nemesis_card(T, card, NC_LIFE) + s[G_LIFE_ADD]
                if s[G_LIFE_SET] >= 0:
                    life = s[G_LIFE_SET]
                if life <= 0:
                    discard_nemesis_card(s, T, card)
                else:
                    place_in_play(s, card, life, np.int64(0), max(0, nemesis_card(T, card, NC_SHIELDS) + s[G_SHIELD_ADD]))
            else:
                place_in_play(s, card, np.int64(0), nemesis_card(T, card, NC_POWER), np.int64(0))
    if over(s):
        return
    # ---- Rageborne: at the end of the nemesis turn, Strike if Fury reached the threshold
    if rule(T, R_NEMESIS_KIND) == NEMESIS_KIND_RAGEBORNE and s[G_FURY] >= rule(T, R_STRIKE_THRESHOLD):
        strike(s, T, keys, counters)
        flush_pending(s, T, keys, counters)
        s[G_FURY] = max(0, s[G_FURY] - rule(T, R_STRIKE_LOSS))
