"""Veilwalkers' vocabulary: the names designers write in decks/veilwalkers/ and the codes they become.

Every name list below is the order of its codes (a name's index is its code in the packed tables).
data.py validates the designer files against these lists; RULES.md explains each reading.
"""

from __future__ import annotations

from sim.core.policies import FLAT_SEARCH_PARAMS, ISMCTS_PARAMS, BotKind

# ---- the eighteen Gate Rites of Appendix B (codes 0..17) and the ones this stage models
RITES = ("presence", "first_memory", "challenge", "offering", "open_hand", "two_voices", "dominion", "turning_road",
         "three_forms", "living_story", "loss", "return", "three_threads", "broken_path", "burden", "unseen",
         "severance", "last_place")
(RITE_PRESENCE, RITE_FIRST_MEMORY, RITE_CHALLENGE, RITE_OFFERING, RITE_OPEN_HAND, RITE_TWO_VOICES, RITE_DOMINION,
 RITE_TURNING_ROAD, RITE_THREE_FORMS, RITE_LIVING_STORY, RITE_LOSS, RITE_RETURN, RITE_THREE_THREADS, RITE_BROKEN_PATH,
 RITE_BURDEN, RITE_UNSEEN, RITE_SEVERANCE, RITE_LAST_PLACE) = range(len(RITES))
# "The current Standard assignment uses Presence, Offering, Dominion, Return, Three Threads, and Burden."
STANDARD_RITES = ("presence", "offering", "dominion", "return", "three_threads", "burden")

# ---- rule values an edition sets (decks/veilwalkers/editions/*.yaml), in the packed table's order
RULE_LIMITS = {  # inclusive bounds of each rule value
    "thread_start": (1, 99),  # "Start at 20; restoration caps at 20"
    "actions_per_turn": (1, 9),  # "Set your shared Action pool to three"
    "garden_bonus_actions": (0, 3),  # "receive one additional shared Action, for four instead of three"
    # the other network rewards, each 1 as printed or 0 (a variant for the studies of each reward's value):
    "garden_free_turnpoint": (0, 1),  # "Garden may use one Turnpoint per Company turn without its base Action or Resonance cost"
    "wayfarer_station_links": (0, 1),  # "each pair of its active, physical, Wayfarer-controlled station Sites is linked"
    "opening_hand": (0, 10),  # "shuffles and draws five"
    "draw_per_turn": (0, 5),  # "Draw: draw two"
    "first_turn_draw": (0, 5),  # "the first Company draws one on the first turn of the match"
    "loom_max": (0, 20),  # "Weave ... maximum eight"
    "hand_limit": (0, 30),  # "discard down to seven"
    "deck_size": (1, 60),  # "Exactly 30 cards"
    "min_figures": (0, 60),  # "at least 10 Figures"
    "max_aspects": (0, 3),  # "at most two registered Aspects"
    "max_heroes": (0, 60),  # "Maximums: six Heroes, ten Relics, ten Events, eight Memories, ten Paths"
    "max_relics": (0, 60),
    "max_events": (0, 60),
    "max_memories": (0, 60),
    "max_paths": (0, 60),
    "max_events_memories_paths": (0, 60),  # "Events + Memories + Paths together cannot exceed fourteen"
    "max_copies": (1, 10),  # "Normally two copies of a name; one if Singular"
    "reserve_size": (0, 20),  # "either empty or exactly six cards"
    "offset_1": (0, 5),  # "Standard clockwise offsets from Ring I to VI are 0, 2, 1, 2, 1, 1"
    "offset_2": (0, 5),
    "offset_3": (0, 5),
    "offset_4": (0, 5),
    "offset_5": (0, 5),
    "offset_6": (0, 5),
    "rite_1": (0, len(RITES) - 1),  # the Rite of the inward Gate of Ring I (boundary I-II), a name of RITES
    "rite_2": (0, len(RITES) - 1),
    "rite_3": (0, len(RITES) - 1),
    "rite_4": (0, len(RITES) - 1),
    "rite_5": (0, len(RITES) - 1),
    "rite_presence_needed": (1, 30),  # Rite of Presence: "5 Presence at this Gate Site"
    "turnpoint_resonance": (0, 9),  # "one Action and two Resonance to turn"
    "activate_resonance": (0, 9),  # node activation: "Pay one Action and two Resonance"
    "threads_fallback_resonance": (0, 9),  # Three Threads fallback: "1 Action and 2 Resonance"
    "trial_power": (0, 12),  # Rite of Challenge: "Exhaust one Ready Figure with at least 4 Power here"
    "open_hand_cards": (0, 30),  # Rite of the Open Hand: "3 or fewer cards in hand"
    "last_place_rings": (1, 6),  # Rite of the Last Place: "controlled Sites on three different Rings"
    "unseen_resonance": (0, 9),  # Rite of the Unseen's fallback: "1 Action and 2 Resonance"
    "dislodge_at": (1, 99),  # "at least five actual Thread loss dislodges one carried Remembrance"
    "remembrances_to_win": (1, 5),  # "with at least three carried Remembrances"
    "installed_slots": (1, 4),  # "Each Company has two Installed slots per Site"
    # the Closing Spiral: "After both decks are empty and three complete Rounds pass without a draw,
    # Closing starts" (0: it never starts, a variant for studies)
    "closing_drawless_rounds": (0, 99),
    "escape_resonance": (0, 9),  # Escape: "one Action and two Resonance"
    "breach_actions": (1, 9),  # Force the Breach: "pay two Actions, three Resonance and one Thread"
    "breach_resonance": (0, 9),
    "breach_thread": (0, 20),
    # the Watcher: "At the end of Round 10, awaken on 6; Round 11 on 5-6 ... Round 15 automatically"
    # (0: it never awakens by the schedule)
    "watcher_round": (0, 99),
    # "Either Company's first completed three-node historical milestone awakens it immediately" (1 as
    # printed; 0 a variant: with watcher_round 0 too the Watcher never awakens)
    "watcher_milestone": (0, 1),
    "watcher_presence": (0, 9),  # "Revealed supplies three neutral Presence and Power 3 when defending"
    "watcher_power": (1, 9),
    "close_eye_presence": (0, 30),  # "control that Site with at least six Presence"
    "close_eye_actions": (1, 9),  # "Pay two Actions and three Resonance"
    "close_eye_resonance": (0, 9),
    "stronghold_power": (0, 9),  # "It immediately gives +1 allied combat Power there"
    "destroy_power": (0, 12),  # "destroyed by a Ready enemy Figure of at least Power 4 there"
    "guardian_power": (0, 9),  # Thorn Sentinel's Guardian of the Walker: "+1 Power while together and the network remains active"
    "recruit_power": (1, 12),  # a recruited Local "becomes a loyal Power-2 Figure"
    "sentinel_power": (1, 12),  # an awakened board Sentinel "becomes a loyal Power-5 Figure"
    "patrol_power": (1, 12),  # "deploy your one Power-2 Patrol for one Action"
    "patrol_ready_distance": (0, 36),  # "Distance zero or one arrives Ready; two or more Exhausted"
    "patrol_replacement_resonance": (0, 9),  # "Replacements after removal additionally cost one Resonance"
    "patrol_steps": (1, 6),  # "A Ready Patrol moves up to two legal Sites for one Action, Exhausting if it takes two"
    "homeground_power": (0, 9),  # "An Ally with that settlement's printed Origin gains +1 Power there"
    "round_cap": (1, 1000),  # not in the rulebook: the match ends as a draw after this many Rounds
}
RULE_NAMES = tuple(RULE_LIMITS)
NAMED_RULES = {f"rite_{k}": RITES for k in range(1, 6)}  # rules written as a name, stored as its code

# ---- cards
CARD_TYPES = ("hero", "ally", "echo", "relic", "event", "memory", "path")
TYPE_HERO, TYPE_ALLY, TYPE_ECHO, TYPE_RELIC, TYPE_EVENT, TYPE_MEMORY, TYPE_PATH = range(len(CARD_TYPES))
FIGURE_TYPES = ("hero", "ally", "echo")  # "at least 10 Figures (Heroes, Allies, Echoes)"
# "Only Creation, Story and Memory are Aspects"; "neutral" = no Aspect (Relics without beta metadata)
ASPECTS = ("neutral", "creation", "story", "memory")
ASPECT_NEUTRAL, ASPECT_CREATION, ASPECT_STORY, ASPECT_MEMORY = range(len(ASPECTS))
# Appendix C's glyph key (a card's glyph feeds the Glyph chains, rules/glyphs.py)
GLYPHS = ("none", "SPI", "DRP", "BRN", "SPL", "GAT", "EYE", "FLM", "KNT", "PTH", "SED", "RIV", "SHD")
N_GLYPHS = len(GLYPHS)

# ---- Appendix C's Alignments (decks/veilwalkers/alignments.yaml): "Only these twelve Phrases and twelve
# Verses are recognized in the core list", in this order (an Alignment's index is its code)
ALIGNMENT_IDS = tuple(f"AP-{k:02d}" for k in range(1, 13)) + tuple(f"AV-{k:02d}" for k in range(1, 13))
ALIGNMENT_FIELDS = ("name", "sequence", "mode", "effects", "not_modeled")
ALIGNMENT_MODES = ("all", "choose_one")
MODE_ALL, MODE_CHOOSE_ONE = range(len(ALIGNMENT_MODES))
ALIGNMENT_OPS = ("close_road", "repair_road", "heal_one", "heal_each", "remember_site", "sever_thread",
                 "free_waymark", "empower_damaged", "resonance_if_broken", "weaken_opposing", "empower_round", "ward",
                 "rescue", "keep_remembrance", "hold_convergence", "align_gate", "road_home", "unseen_passage")
(AOP_CLOSE_ROAD, AOP_REPAIR_ROAD, AOP_HEAL_ONE, AOP_HEAL_EACH, AOP_REMEMBER_SITE, AOP_SEVER_THREAD,
 AOP_FREE_WAYMARK, AOP_EMPOWER_DAMAGED, AOP_RESONANCE_IF_BROKEN, AOP_WEAKEN_OPPOSING, AOP_EMPOWER_ROUND, AOP_WARD,
 AOP_RESCUE, AOP_KEEP_REMEMBRANCE, AOP_HOLD_CONVERGENCE, AOP_ALIGN_GATE, AOP_ROAD_HOME, AOP_UNSEEN_PASSAGE) = range(len(ALIGNMENT_OPS))
# the effects whose target the invoker chooses: an allied Figure (empower_damaged a damaged one), an opposing
# Figure at the Veilwalker's Site, a Remembrance its Veilwalker carries (glyphs.py: CHOICE_FIGURE, CHOICE_TOKEN)
ALLY_FIGURE_OPS = (AOP_EMPOWER_DAMAGED, AOP_EMPOWER_ROUND, AOP_WARD, AOP_RESCUE)
FIGURE_OPS = ALLY_FIGURE_OPS + (AOP_WEAKEN_OPPOSING,)
TOKEN_OPS = (AOP_KEEP_REMEMBRANCE,)
SITE_OPS = (AOP_ROAD_HOME,)  # a Site of the Veilwalker's Ring it occupied before (glyphs.py: CHOICE_SITE)
ALIGNMENT_OP_MEANINGS = {
    "close_road": "close one open lateral road touching your Veilwalker's Site until the start of your next turn",
    "repair_road": "repair one Broken lateral road touching your Veilwalker's Site",
    "heal_one": "remove up to `amount` damage from one allied Figure at your Veilwalker's Site (the most damaged)",
    "heal_each": "remove up to `amount` damage from each allied Figure at your Veilwalker's Site",
    "remember_site": "your Veilwalker's Site becomes Remembered",
    "sever_thread": "if the card that completed the Alignment made the opposing Company lose Thread, it cannot "
                    "restore Thread until the end of the turn",
    "free_waymark": "choose the incomplete Gate Rite at your Veilwalker's Site: if your Company completes it this "
                    "turn, Waymarking that Gate costs 0 Actions instead of 1 (every other Waymark requirement applies)",
    "empower_damaged": "one damaged allied Figure (the invoker's choice) gains +`amount` Power until end of turn",
    "resonance_if_broken": "if a card the Company controlled was Broken earlier this turn, it gains `amount` "
                           "temporary Resonance (until its next Remember)",
    "weaken_opposing": "one opposing Figure at your Veilwalker's Site loses `amount` Power, minimum 1, until end of "
                       "turn (its activated abilities: none is printed)",
    "empower_round": "one allied Figure gains +`amount` Power until end of Round",
    "ward": "one allied Figure: the first Challenge damage it would take until your next Remember is reduced by "
            "`amount`",
    "rescue": "one allied Figure: the first time it would be Broken by damage until your next Remember, it is left "
              "one damage short of Broken and Exhausted",
    "keep_remembrance": "one Remembrance your Veilwalker carries cannot be Dropped by an opposing Thread Strike or "
                        "Drive Off until your next Remember",
    "road_home": "move your Veilwalker, for no Action, directly to a Site of its current Ring it occupied before "
                 "this match (not a Traverse; arrival effects resolve)",
    "unseen_passage": "until end of turn, the next Waymark or Traverse the Company performs at your Veilwalker's Site "
                      "ignores the Revealed Watcher's Presence for its legality (a Waymark's control)",
    "hold_convergence": "until your next Remember, your Veilwalker's Remembrances cannot be Dropped through Thread "
                        "Strikes and your Company has +`amount` Presence at its Site",
    "align_gate": "the Gate at your Veilwalker's Site, its Rite completed and Waymarked by your Company: your "
                  "Company's next Traverse through it this turn treats it as physically aligned",
}
ALIGNMENT_EFFECTS = 3  # the most effects an Alignment lists
CARD_FIELDS = ("type", "cost", "power", "aspect", "glyph", "singular", "unique", "quick", "disaster", "major",
               "guardian", "through_the_waystations", "reference", "origin", "effects", "traits", "text", "assumed",
               "reason", "portable", "presence", "awaken", "awakened")
# Relics (rules/relics.py): portable: a Portable Relic (equipped to a Figure, not Installed); presence: a
# Portable Relic's printed Presence; awaken: {when: AWAKEN_CONDITIONS name, amount: n}, the Awakening
# condition of a Dormant Relic; awakened: its Awakened text, effects (OPS, no road effect) resolved at the
# start of each of its controller's Shapes while it is Awakened and active
# the Awakening conditions: `amount` achievements of its controller after the Relic entered play (or came
# under that controller's control): Remembrances claimed, enemy Figures Broken, Ring rotations, Thread
# taken by Thread Strikes (the per-Company statistics of layout.P_CLAIMS, P_BROKEN, P_ROTATIONS, P_STRIKES)
AWAKEN_CONDITIONS = ("claims", "breaks", "rotations", "strikes")
AWAKEN_FIELDS = ("when", "amount")
# guardian: the printed Guardian of the Walker reward (Thorn Sentinel): for Garden, +guardian_power Power
# while at its Veilwalker's Site with all three Lamps active; through_the_waystations: the beta's Through the
# Waystations permission (Mirror Hound, Mirror Hound Packleader, Mirror Stalker): Behind the Lines
# printed Origins ("printed group/origin affiliations, such as Starhold, Everburn, Red Company or Roadfolk";
# Homeground: "An Ally with that settlement's printed Origin gains +1 Power there"); a settlement's Origin
# is in board.yaml (`settlement_origins`), a card's in its `origin` field ("none": no printed Origin)
ORIGINS = ("none", "red_company", "starhold", "everburn", "roadfolk", "sea_cliff")
MAX_CARDS = 253  # and the three board units below (card ids fit a byte)
# Board units are Figures that are not deck cards ("A neutral Local is not a deck card for costs, deck
# limits or retrieval"): each has a row after the cards (tables.unit_card) with its type and the
# edition's Power, never in a deck, hand or discard.
UNIT_NAMES = ("local_recruit", "board_sentinel", "patrol")
TYPE_RECRUIT, TYPE_SENTINEL, TYPE_PATROL = len(CARD_TYPES), len(CARD_TYPES) + 1, len(CARD_TYPES) + 2
COST_LIMIT = 9
POWER_LIMIT = 12

# effects of Events, Memories and Paths (and of a Figure's or Relic's arrival): {do: op, amount: n}
OPS = ("draw", "restore_thread", "thread_loss", "resonance", "ready", "heal", "close_road", "break_road", "repair_road",
       "cancel")
(OP_DRAW, OP_RESTORE_THREAD, OP_THREAD_LOSS, OP_RESONANCE, OP_READY, OP_HEAL, OP_CLOSE_ROAD, OP_BREAK_ROAD,
 OP_REPAIR_ROAD, OP_CANCEL) = range(len(OPS))
# the road effects target one lateral road touching the Veilwalker's Site, chosen with the play (at most one
# road effect per card, only on Events, Memories and Paths; `amount` is 1)
ROAD_OPS = (OP_CLOSE_ROAD, OP_BREAK_ROAD, OP_REPAIR_ROAD)
OP_MEANINGS = {
    "draw": "you draw `amount` cards (fewer if the deck has fewer)",
    "restore_thread": "your Company restores `amount` Thread, capped at the starting Thread",
    "thread_loss": "the opposing Company loses `amount` Thread",
    "resonance": "you gain `amount` Resonance",
    "ready": "Ready up to `amount` of your Exhausted Figures at your Veilwalker's Site (highest Power first)",
    "heal": "remove up to `amount` damage from your Figures at your Veilwalker's Site",
    "close_road": "close one open lateral road touching your Veilwalker's Site until the start of your next turn",
    "break_road": "Break one lateral road (not already Broken) touching your Veilwalker's Site",
    "repair_road": "repair one Broken lateral road touching your Veilwalker's Site",
    "cancel": "(Quick Events only, played as a response) cancel the newest unresolved effect of the opposing Company "
              "in the Threadline, a card or an Alignment invocation: it does nothing and adds no Glyph (a card goes "
              "to its owner's discard); with none to cancel the card is not playable",
}
MAX_EFFECTS = 3
AMOUNT_LIMIT = 9
EFFECT_FIELDS = ("do", "amount")

# ---- the board register (decks/veilwalkers/board.yaml)
RINGS = 6
SITES_PER_RING = 6
BOARD_FIELDS = ("description", "assumed", "reason", "rings", "gates", "bloom_port", "turnpoints", "lamps",
                "remembrances", "sentinels", "settlements", "settlement_origins")
N_SETTLEMENTS = 5  # "There are five settlements, five associated Recruits ... two Sentinels"
N_SENTINELS = 2

# ---- deck files
DECK_FIELDS = ("description", "aspects", "cards", "reserve", "assumed", "reason")
COMPANIES = ("garden", "wayfarer")
GARDEN, WAYFARER = 0, 1

# ---- results
END_REASONS = ("convergence", "unraveling", "thread_draw", "round_cap")
END_CONVERGENCE, END_UNRAVELING, END_THREAD_DRAW, END_ROUND_CAP = range(len(END_REASONS))
ERROR_CODES = ("ok", "illegal_action", "invariant", "overflow")

# ---- bots (decks/veilwalkers/policies/*.yaml, sim/core/policies.py)
POLICY_RANDOM = 0  # a uniformly random legal action
POLICY_GREEDY = 1  # the legal action of highest weighted value (weights as data)
GREEDY_WEIGHTS = (
    "claim",  # claiming a Remembrance
    "activate",  # activating (or reactivating) a network node
    "rite",  # a step that completes or advances a Rite (presenting, offering, the Three Threads fallback)
    "waymark",  # binding a Waymark
    "traverse",  # crossing a Gate towards the piece's goal (inward for the Veilwalker, ...)
    "approach",  # per Site of distance a move takes a piece closer to its goal
    "rotate",  # per step a rotation brings a needed Gate (or the Bloom entrance) closer to alignment
    "deploy",  # per Power of a Figure deployed (or a Relic installed)
    "effect",  # per point of a played card's effects (draw, Thread, Resonance ...)
    "strike",  # per Thread an unintercepted Thread Strike would take
    "challenge",  # per Power of enemy Figure a Challenge is expected to Break
    "loss",  # per Power of own Figure a Challenge or an interception is expected to lose
    "weave",  # weaving while the Loom is below loom_target
    "loom_target",  # the Loom size the bot weaves up to
    "intercept",  # intercepting a Thread Strike (per Thread saved)
    "bloom",  # entering First Bloom
    "mulligan_cost",  # the opening hand's cards of this cost or more go to the bottom
    "pass",  # value of ending the Shape (the threshold other actions must beat)
    "hunt",  # above 0.5, Figures head for the opposing Veilwalker; else they escort their own
    "drive_off",  # driving off an opposing Veilbound (twice for a Veilwalker, plus per Remembrance it drops)
    "escape",  # bringing a Lost unit back to the board (Escape, Force the Breach), per unit
    "watcher",  # Close the Eye (and, per Attention, Lay Low at full Attention)
    "stronghold",  # per Ring a Stronghold moves the Company's Drive Off return inward (establish, finish)
    "recruit",  # per Power of a board unit gained (recruiting a Local, awakening a board Sentinel)
    "patrol",  # per Power of the Patrol deployed (less 0.1 per Site from the opposing Veilwalker)
    "road",  # per Site a road effect adds to the opposing Veilwalker's way (or saves its own); a Growth repair +1
    "align",  # invoking an offered Alignment (declining is worth 0); its road effect is valued as a road card's
    "relic",  # per point of printed Presence of a Portable Relic equipped or Claimed (and per Awakened effect point)
    "respond",  # playing a Quick Event into a Threadline (passing is worth 0), on top of its effects' value as a play's
    "verse",  # a played non-Event card whose Glyph completes (1) or extends (0.5) the sequence of a modeled
    #   Alignment the Company has not invoked this Round, ending on the Turn Chain's last Glyphs
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
    # the greedy weights are the candidates' prior, play the playouts and decide single-action lists
    "search": BotKind(POLICY_SEARCH, GREEDY_WEIGHTS + SEARCH_PARAMS,
                      {"candidates": (1, SEARCH_MAX_CANDIDATES), "rollouts": (1, SEARCH_MAX_ROLLOUTS),
                       "horizon_turns": (1, 32)}, ("candidates", "rollouts", "horizon_turns")),
    "ismcts": BotKind(POLICY_ISMCTS, GREEDY_WEIGHTS + ISMCTS_PARAMS,
                      {"candidates": (1, SEARCH_MAX_CANDIDATES), "iterations": (1, ISMCTS_MAX_ITERATIONS),
                       "horizon_turns": (1, 32), "exploration": (0, 10), "worlds": (1, SEARCH_MAX_ROLLOUTS)},
                      ("candidates", "iterations", "horizon_turns", "worlds")),
}
(W_CLAIM, W_ACTIVATE, W_RITE, W_WAYMARK, W_TRAVERSE, W_APPROACH, W_ROTATE, W_DEPLOY, W_EFFECT, W_STRIKE, W_CHALLENGE,
 W_LOSS, W_WEAVE, W_LOOM_TARGET, W_INTERCEPT, W_BLOOM, W_MULLIGAN_COST, W_PASS, W_HUNT,
 W_DRIVE_OFF, W_ESCAPE, W_WATCHER, W_STRONGHOLD, W_RECRUIT, W_PATROL, W_ROAD, W_ALIGN, W_RELIC,
 W_RESPOND, W_VERSE) = range(len(GREEDY_WEIGHTS))
