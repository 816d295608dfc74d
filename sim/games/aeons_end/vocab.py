"""Fixed vocabularies shared by the loader (Python) and the kernels (numba).

A card's effect is a list of steps ``<code> [amount]``; the code is an index into one of the
tuples below. The kernel interprets the codes; the YAML files only name them. Adding a code means
adding its meaning to the ``rules/`` module of its area (a new mechanic), never editing a card file.

The integer codes at the end (``PS_*``, ``NS_*``, ``TD_*``, ``AB_*``, ``END_*``, ``ERR_*``) are the
tuples' indices written out as module constants, which numba compiles as literals;
``tests/games/aeons_end/test_data.py`` checks that they match the tuples.
"""

from __future__ import annotations

CARD_TYPES = ("gem", "relic", "spell", "corruption")
NEMESIS_CARD_TYPES = ("attack", "minion", "power")

# Steps on player cards (gems, relics, spell Cast effects, while-prepped effects).
PLAYER_STEPS = (
    "none",
    "aether",                       # +n aether
    "aether_gem_only",              # +n aether usable only to gain a gem
    "aether_spell_only",            # +n aether usable only to gain a spell
    "damage",                       # deal n damage (to the chosen target)
    "charge",                       # you gain n charges
    "ally_charge",                  # any ally gains n charges (solo: you)
    "any_life",                     # any player gains n life
    "ally_draw_then_discard",       # any ally may draw n then discard n
    "reveal_turn_order_aether",     # reveal top turn-order card, top or bottom; +n aether if a player card
    "cast_any_prepped",             # cast any player's prepped spell
    "ally_suffer_to_destroy",       # any ally may suffer n to destroy a card in hand
    "flare_damage",                 # n damage if the top turn-order card is a player card, else 1
    "every_player_sift",            # every player looks at their top card: discard it or leave it
    "aether_if_second_copy",        # +n aether if a copy of this card was already played this turn
    "discard_for_ally_draw",        # may discard a card from hand: any ally draws n
    "ally_charge_if_first_copy",    # first copy played this turn: any ally gains n charges
    "breach_discount",              # your next focus/open this turn costs n less
    "destroy_self",                 # destroy this card
    "destroy_hand_or_discard",      # destroy up to n cards from hand and/or discard
    "draw",                         # draw n cards
    "play_gem_twice_destroy",       # play a gem from hand twice, then destroy it
    "cast_prepped_this_turn",       # cast a spell you prepped this turn; it deals +n damage
    "focus_any_breach",             # focus any player's breach
    "gravehold_life",               # Gravehold gains n life
    "lose_charge_for_damage",       # may lose 1 charge: +n damage
    "destroy_hand_optional",        # may destroy n card(s) in hand
    "focus_cheapest_closed",        # focus your cheapest closed breach
    "damage_if_all_open",           # +n damage if all your breaches are opened
    "discard_hand_for_damage",      # discard up to 2 cards in hand: n damage each
    "discard_for_any_life",         # may discard a card in hand: any player gains n life
    "damage_per_adjacent_prepped",  # +n damage per spell prepped in an adjacent breach
    "damage_per_open_breach",       # +n damage per opened breach you have
    "pay_to_cast_any_prepped",      # pay n aether: cast any player's prepped spell
    "return_played_gem",            # return a gem played this turn to hand (once per turn)
    "destroy_hand_for_damage",      # destroy up to 2 cards in hand: n damage each
    # corruption effects (Crooked Mask)
    "self_suffer",                  # you suffer n
    "return_cost0_from_discard",    # return n cost-0 cards from your discard pile to hand
    "gravehold_damage",             # Gravehold suffers n
    "gain_spell_to_discard",        # gain a spell from any supply pile (the team takes the costliest)
    "gain_corruptions_on_deck",     # gain n corruptions on top of your deck
    "self_life",                    # you gain n life
    "look_top_destroy",             # look at your top card, may destroy it
    "gain_cheapest_gem_to_hand",    # gain the cheapest gem into your hand
    "discard_non_corruption",       # discard n non-corruption cards in hand
    "return_any_turn_order_card",   # shuffle any player's turn-order card back into the turn-order deck
    "gain_relic_on_deck_suffer_half",  # gain a relic on top of your deck; suffer half its cost (round up)
    "discard_gem_for_damage",       # may discard a gem in hand: +damage equal to its cost (team: costliest >= n)
)

# Steps on nemesis cards, strike cards, swarm rows and Unleash effects.
NEMESIS_STEPS = (
    "none",
    "unleash",                      # resolve the nemesis Unleash n times
    "gravehold",                    # Gravehold suffers n
    "target_any",                   # the team picks the player who suffers (healthiest)
    "target_lowest",                # the non-exhausted player with the lowest life
    "target_most_prepped",          # the player with the most prepped spells
    "target_most_charges",          # the player with the most charges
    "target_most_opened",           # the player with the most opened breaches
    "target_most_hand",             # the team picks the player with the most cards in hand
    "target_most_cards",            # the team picks the player with the most cards in deck+discard
    "target_cheap_prepped",         # the team picks a player with a prepped spell costing >= n
    "target_any_prepped",           # the team picks a player with a prepped spell
    "suffer",                       # target suffers n
    "suffer_per_prepped",           # target suffers n per prepped spell
    "suffer_self_life",             # target suffers damage equal to this minion's life
    "suffer_plus_fury",             # target suffers n + Fury
    "suffer_per_empty_pile",        # target suffers n per empty supply pile
    "discard_hand",                 # target discards n cards in hand
    "draw",                         # target draws n
    "destroy_hand",                 # target destroys n cards in hand
    "lose_all_charges",             # target loses all charges
    "discard_expensive_prepped",    # target discards their n most expensive prepped spells
    "discard_prepped_min_cost",     # target discards a prepped spell costing >= n
    "shuffle_discard_into_deck_destroy",  # target shuffles discard into deck, destroys top n
    "players_discard_expensive_prepped",  # the players discard the n most expensive prepped spells
    "players_discard_fury",         # the players discard cards in hand equal to Fury (team split)
    "gravehold_self_life",          # Gravehold suffers damage equal to this minion's life
    "self_damage",                  # this minion suffers n
    "return_last_minion",           # return the most recently discarded minion to play
    "pulverize",                    # Gravehold suffers n; players may discard up to 6 gems, each prevents 3
    "shuffle_nemesis_turn_order",   # shuffle the nemesis turn-order cards back into the turn-order deck
    "fury",                         # Rageborne gains n Fury
    "strike",                       # Rageborne Strikes n times
    "gravehold_fury",               # Gravehold suffers damage equal to Fury
    "unleash_if_both_nemesis_turn_order_discarded",  # Unleash n more if both nemesis cards are discarded
    "husks",                        # place n husks
    "swarm",                        # Carapace Queen Swarms n times
    "husks_per_turn_order_discard", # place n husks per card in the turn-order discard
    "discard_husks",                # discard n husks
    "discard_half_husks",           # discard half the husks (round up); Gravehold suffers n per husk
    "set_life_per_husk",            # this minion's life becomes n per husk in play
    "players_lose",                 # the players lose
    "devour_cheapest",              # devour n cards from the cheapest non-empty supply pile
    "devour_second_gem",            # devour n from the second most expensive gem pile
    "devour_spell",                 # devour n from a spell pile (the team picks the cheapest)
    "devour_cheapest_relic",        # devour n from the cheapest relic pile
    "devour_expensive_gem",         # devour n from the most expensive gem pile
    "devour_self_life",             # devour cards equal to this minion's life from one pile
    "add_life_per_empty_pile",      # this minion gains n life per empty supply pile (on arrival)
    "gravehold_per_empty_pile",     # Gravehold suffers n per empty supply pile
    # Crooked Mask
    "corruption_on_deck",           # target gains n corruptions on top of their deck
    "shuffle_discard_into_deck",    # target shuffles their discard pile into their deck
    "players_corruptions_on_deck",  # the players gain n corruptions in total on top of their decks
    "focus_target_breach",          # target focuses their cheapest closed breach
    "focus_other_player_breach",    # a player other than the target focuses a breach
    "target_most_crystals",         # the player with the most Crystals in hand
    "discard_crystals",             # target discards every Crystal in hand
    "gain_card_max_cost",           # target gains a supply card costing <= n (team: the costliest)
    "gravehold_heal",               # Gravehold gains n life
    "nemesis_heal",                 # the nemesis gains n life
    "vex",                          # discard the top 2 nemesis cards; Gravehold suffers n per tier 3 card
    "two_players_corrupt_heal",     # two players each gain n corruptions on top of deck and 1 life
    "target_highest",               # the player with the most life
    "discard_non_corruption",       # target discards n non-corruption cards in hand
    "corruptions_to_hand",          # target gains n corruptions into hand
    # Legacy of Gravehold basic nemesis cards (decks/aeons_end/nemesis_basic_legacy.yaml)
    "add_fire",                     # add n fire tokens to your location (rules fire_token_loss: the players lose)
    "self_damage_per_player",       # IMMEDIATELY: this minion suffers n damage per player (enters with less life)
    "lose_shields_per_player",      # IMMEDIATELY: this minion loses n shields per player (enters with fewer)
    "banish_self",                  # banish this card: it leaves the game instead of going to the nemesis discard
    "discard_fire_if_cost_max",     # target discards a card; add a fire token if it cost <= n
    "discard_gravehold_if_gem",     # target discards a card; Gravehold suffers n if it was a gem
    "players_lose_charges",         # the players lose n charges in total
    "fire_at_most_else_unleash",    # add a fire token if your location has <= n, else Unleash
    "destroy_costliest_prepped_if_cost_max",  # owner of the most expensive prepped spell destroys it; the
                                    # following *_if steps resolve only if it cost <= n
    "unleash_if",                   # Unleash n times if the last condition held
    "suffer_if",                    # target suffers n if the last condition held
    "destroy_costliest_hand",       # target destroys their n most expensive cards in hand
    "destroy_deck_top",             # target destroys the top n cards of their deck
    "target_costliest_hand",        # the player holding the most expensive card in hand
    "discard_hand_costliest",       # target discards their n most expensive cards in hand
    "fire_per_hand_min_cost",       # add a fire token per card costing >= n in target's hand
)

# TO DISCARD costs of nemesis power cards.
TO_DISCARD = (
    "none",
    "spend_aether",                 # spend n aether
    "discard_hand",                 # discard n cards in hand
    "destroy_hand_min_cost",        # destroy a card in hand costing >= n
    "destroy_prepped_min_cost",     # destroy two prepped spells costing >= n
    "lose_charges",                 # lose n charges
    "discard_hand_draw",            # discard n cards in hand, then draw 1
    "destroy_opened_breaches",      # destroy n of your opened breaches (Legacy: Crushing Storm)
)

ABILITIES = (
    "none",
    "aethereal_ward",       # Adelheim: discard a drawn nemesis attack/power before it resolves
    "any_player_life_4",    # Brama: any player gains 4 life
    "black_mirror",         # Jian: cast a prepped spell without discarding it, then cast it again
    "otherworldly_gate",    # Kadir: return up to 3 spells from discard to hand; 2 spells per opened breach
    "quicken_thought",      # Lash: shuffle a player's turn-order card back in; that player suffers 1
    "ally_draws_4",         # Mist: any ally draws 4 cards
    "auspex_rune",          # Phaedraxa: prevent all damage to players and Gravehold this turn
    "metaphysical_link",    # Xaxos: allies gain 4 charges in total; reorder the turn-order deck
)

END_REASONS = (
    "nemesis_defeated",
    "nemesis_deck_exhausted",
    "gravehold_destroyed",
    "all_exhausted",
    "fire_tokens",
    "nemesis_condition",
    "turn_cap",
)

ERROR_CODES = ("ok", "illegal_action", "invariant_violation", "no_legal_action", "capacity")

NEMESIS_KINDS = ("generic", "rageborne", "carapace_queen", "prince_of_gluttons", "crooked_mask")

# ---- integer codes of the tuples above (kept in step by test_data.py::test_codes_match_vocabulary)
PS_NONE = 0
PS_AETHER = 1
PS_AETHER_GEM_ONLY = 2
PS_AETHER_SPELL_ONLY = 3
PS_DAMAGE = 4
PS_CHARGE = 5
PS_ALLY_CHARGE = 6
PS_ANY_LIFE = 7
PS_ALLY_DRAW_THEN_DISCARD = 8
PS_REVEAL_TURN_ORDER_AETHER = 9
PS_CAST_ANY_PREPPED = 10
PS_ALLY_SUFFER_TO_DESTROY = 11
PS_FLARE_DAMAGE = 12
PS_EVERY_PLAYER_SIFT = 13
PS_AETHER_IF_SECOND_COPY = 14
PS_DISCARD_FOR_ALLY_DRAW = 15
PS_ALLY_CHARGE_IF_FIRST_COPY = 16
PS_BREACH_DISCOUNT = 17
PS_DESTROY_SELF = 18
PS_DESTROY_HAND_OR_DISCARD = 19
PS_DRAW = 20
PS_PLAY_GEM_TWICE_DESTROY = 21
PS_CAST_PREPPED_THIS_TURN = 22
PS_FOCUS_ANY_BREACH = 23
PS_GRAVEHOLD_LIFE = 24
PS_LOSE_CHARGE_FOR_DAMAGE = 25
PS_DESTROY_HAND_OPTIONAL = 26
PS_FOCUS_CHEAPEST_CLOSED = 27
PS_DAMAGE_IF_ALL_OPEN = 28
PS_DISCARD_HAND_FOR_DAMAGE = 29
PS_DISCARD_FOR_ANY_LIFE = 30
PS_DAMAGE_PER_ADJACENT_PREPPED = 31
PS_DAMAGE_PER_OPEN_BREACH = 32
PS_PAY_TO_CAST_ANY_PREPPED = 33
PS_RETURN_PLAYED_GEM = 34
PS_DESTROY_HAND_FOR_DAMAGE = 35
PS_SELF_SUFFER = 36
PS_RETURN_COST0_FROM_DISCARD = 37
PS_GRAVEHOLD_DAMAGE = 38
PS_GAIN_SPELL_TO_DISCARD = 39
PS_GAIN_CORRUPTIONS_ON_DECK = 40
PS_SELF_LIFE = 41
PS_LOOK_TOP_DESTROY = 42
PS_GAIN_CHEAPEST_GEM_TO_HAND = 43
PS_DISCARD_NON_CORRUPTION = 44
PS_RETURN_ANY_TURN_ORDER_CARD = 45
PS_GAIN_RELIC_ON_DECK_SUFFER_HALF = 46
PS_DISCARD_GEM_FOR_DAMAGE = 47
NS_NONE = 0
NS_UNLEASH = 1
NS_GRAVEHOLD = 2
NS_TARGET_ANY = 3
NS_TARGET_LOWEST = 4
NS_TARGET_MOST_PREPPED = 5
NS_TARGET_MOST_CHARGES = 6
NS_TARGET_MOST_OPENED = 7
NS_TARGET_MOST_HAND = 8
NS_TARGET_MOST_CARDS = 9
NS_TARGET_CHEAP_PREPPED = 10
NS_TARGET_ANY_PREPPED = 11
NS_SUFFER = 12
NS_SUFFER_PER_PREPPED = 13
NS_SUFFER_SELF_LIFE = 14
NS_SUFFER_PLUS_FURY = 15
NS_SUFFER_PER_EMPTY_PILE = 16
NS_DISCARD_HAND = 17
NS_DRAW = 18
NS_DESTROY_HAND = 19
NS_LOSE_ALL_CHARGES = 20
NS_DISCARD_EXPENSIVE_PREPPED = 21
NS_DISCARD_PREPPED_MIN_COST = 22
NS_SHUFFLE_DISCARD_INTO_DECK_DESTROY = 23
NS_PLAYERS_DISCARD_EXPENSIVE_PREPPED = 24
NS_PLAYERS_DISCARD_FURY = 25
NS_GRAVEHOLD_SELF_LIFE = 26
NS_SELF_DAMAGE = 27
NS_RETURN_LAST_MINION = 28
NS_PULVERIZE = 29
NS_SHUFFLE_NEMESIS_TURN_ORDER = 30
NS_FURY = 31
NS_STRIKE = 32
NS_GRAVEHOLD_FURY = 33
NS_UNLEASH_IF_BOTH_NEMESIS_TURN_ORDER_DISCARDED = 34
NS_HUSKS = 35
NS_SWARM = 36
NS_HUSKS_PER_TURN_ORDER_DISCARD = 37
NS_DISCARD_HUSKS = 38
NS_DISCARD_HALF_HUSKS = 39
NS_SET_LIFE_PER_HUSK = 40
NS_PLAYERS_LOSE = 41
NS_DEVOUR_CHEAPEST = 42
NS_DEVOUR_SECOND_GEM = 43
NS_DEVOUR_SPELL = 44
NS_DEVOUR_CHEAPEST_RELIC = 45
NS_DEVOUR_EXPENSIVE_GEM = 46
NS_DEVOUR_SELF_LIFE = 47
NS_ADD_LIFE_PER_EMPTY_PILE = 48
NS_GRAVEHOLD_PER_EMPTY_PILE = 49
NS_CORRUPTION_ON_DECK = 50
NS_SHUFFLE_DISCARD_INTO_DECK = 51
NS_PLAYERS_CORRUPTIONS_ON_DECK = 52
NS_FOCUS_TARGET_BREACH = 53
NS_FOCUS_OTHER_PLAYER_BREACH = 54
NS_TARGET_MOST_CRYSTALS = 55
NS_DISCARD_CRYSTALS = 56
NS_GAIN_CARD_MAX_COST = 57
NS_GRAVEHOLD_HEAL = 58
NS_NEMESIS_HEAL = 59
NS_VEX = 60
NS_TWO_PLAYERS_CORRUPT_HEAL = 61
NS_TARGET_HIGHEST = 62
NS_DISCARD_NON_CORRUPTION = 63
NS_CORRUPTIONS_TO_HAND = 64
NS_ADD_FIRE = 65
NS_SELF_DAMAGE_PER_PLAYER = 66
NS_LOSE_SHIELDS_PER_PLAYER = 67
NS_BANISH_SELF = 68
NS_DISCARD_FIRE_IF_COST_MAX = 69
NS_DISCARD_GRAVEHOLD_IF_GEM = 70
NS_PLAYERS_LOSE_CHARGES = 71
NS_FIRE_AT_MOST_ELSE_UNLEASH = 72
NS_DESTROY_COSTLIEST_PREPPED_IF_COST_MAX = 73
NS_UNLEASH_IF = 74
NS_SUFFER_IF = 75
NS_DESTROY_COSTLIEST_HAND = 76
NS_DESTROY_DECK_TOP = 77
NS_TARGET_COSTLIEST_HAND = 78
NS_DISCARD_HAND_COSTLIEST = 79
NS_FIRE_PER_HAND_MIN_COST = 80
TD_NONE = 0
TD_SPEND_AETHER = 1
TD_DISCARD_HAND = 2
TD_DESTROY_HAND_MIN_COST = 3
TD_DESTROY_PREPPED_MIN_COST = 4
TD_LOSE_CHARGES = 5
TD_DISCARD_HAND_DRAW = 6
TD_DESTROY_OPENED_BREACHES = 7
AB_NONE = 0
AB_AETHEREAL_WARD = 1
AB_ANY_PLAYER_LIFE_4 = 2
AB_BLACK_MIRROR = 3
AB_OTHERWORLDLY_GATE = 4
AB_QUICKEN_THOUGHT = 5
AB_ALLY_DRAWS_4 = 6
AB_AUSPEX_RUNE = 7
AB_METAPHYSICAL_LINK = 8
END_NEMESIS_DEFEATED = 0
END_NEMESIS_DECK_EXHAUSTED = 1
END_GRAVEHOLD_DESTROYED = 2
END_ALL_EXHAUSTED = 3
END_FIRE_TOKENS = 4
END_NEMESIS_CONDITION = 5
END_TURN_CAP = 6
ERR_OK = 0
ERR_ILLEGAL_ACTION = 1
ERR_INVARIANT_VIOLATION = 2
ERR_NO_LEGAL_ACTION = 3
ERR_CAPACITY = 4
