"""Veilwalkers' packed tables and their named accessors.

The ruleset table is packed once per ruleset: int64[N_RULES + BOARD_SIZE + N_ALIGNMENTS * ALIGN_W +
n_cards * CARD_W] = the rule values in vocab.RULE_NAMES order, the board register (board.yaml: Gate
ports, the Bloom port, Turnpoints, network nodes, Remembrances, settlements, Sentinels), the 24
Alignments (alignments.yaml), then one row per card and one per
board unit (vocab.UNIT_NAMES: a Recruit, a board Sentinel, a Patrol). The matchup table is packed once
per matchup: (sides, seats per side, deck size, company of slot 0, company of slot 1, then each slot's
deck as card ids).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.veilwalkers import vocab

N_RULES = len(vocab.RULE_NAMES)
_R = {name: i for i, name in enumerate(vocab.RULE_NAMES)}
RULE_THREAD_START = _R["thread_start"]
RULE_ACTIONS = _R["actions_per_turn"]
RULE_GARDEN_BONUS = _R["garden_bonus_actions"]
RULE_FREE_TURNPOINT = _R["garden_free_turnpoint"]
RULE_STATION_LINKS = _R["wayfarer_station_links"]
RULE_OPENING_HAND = _R["opening_hand"]
RULE_DRAW = _R["draw_per_turn"]
RULE_FIRST_DRAW = _R["first_turn_draw"]
RULE_LOOM_MAX = _R["loom_max"]
RULE_HAND_LIMIT = _R["hand_limit"]
RULE_OFFSET_1 = _R["offset_1"]
RULE_RITE_1 = _R["rite_1"]
RULE_PRESENCE_NEEDED = _R["rite_presence_needed"]
RULE_TURNPOINT_RESONANCE = _R["turnpoint_resonance"]
RULE_ACTIVATE_RESONANCE = _R["activate_resonance"]
RULE_FALLBACK_RESONANCE = _R["threads_fallback_resonance"]
RULE_DISLODGE_AT = _R["dislodge_at"]
RULE_TRIAL_POWER = _R["trial_power"]
RULE_OPEN_HAND_CARDS = _R["open_hand_cards"]
RULE_LAST_PLACE_RINGS = _R["last_place_rings"]
RULE_UNSEEN_RESONANCE = _R["unseen_resonance"]
RULE_TO_WIN = _R["remembrances_to_win"]
RULE_INSTALLED_SLOTS = _R["installed_slots"]
RULE_DRAWLESS_ROUNDS = _R["closing_drawless_rounds"]
RULE_ESCAPE_RESONANCE = _R["escape_resonance"]
RULE_BREACH_ACTIONS = _R["breach_actions"]
RULE_BREACH_RESONANCE = _R["breach_resonance"]
RULE_BREACH_THREAD = _R["breach_thread"]
RULE_WATCHER_ROUND = _R["watcher_round"]
RULE_WATCHER_MILESTONE = _R["watcher_milestone"]
RULE_WATCHER_PRESENCE = _R["watcher_presence"]
RULE_WATCHER_POWER = _R["watcher_power"]
RULE_CLOSE_EYE_PRESENCE = _R["close_eye_presence"]
RULE_CLOSE_EYE_ACTIONS = _R["close_eye_actions"]
RULE_CLOSE_EYE_RESONANCE = _R["close_eye_resonance"]
RULE_STRONGHOLD_POWER = _R["stronghold_power"]
RULE_DESTROY_POWER = _R["destroy_power"]
RULE_GUARDIAN_POWER = _R["guardian_power"]
RULE_RECRUIT_POWER = _R["recruit_power"]
RULE_SENTINEL_POWER = _R["sentinel_power"]
RULE_PATROL_POWER = _R["patrol_power"]
RULE_PATROL_READY_DISTANCE = _R["patrol_ready_distance"]
RULE_PATROL_REPLACEMENT = _R["patrol_replacement_resonance"]
RULE_PATROL_STEPS = _R["patrol_steps"]
RULE_HOMEGROUND_POWER = _R["homeground_power"]
RULE_ROUND_CAP = _R["round_cap"]

# board register, after the rules
B_GATE_OUTER = 0  # 5: local Site of each boundary's inward Gate on the outer Ring (its Rite and Waymark)
B_GATE_INNER = 5  # 5: local Site of the matching port on the inner Ring
B_BLOOM_PORT = 10  # local Site of Ring VI's First Bloom entrance
B_TURNPOINT = 11  # 6: local Site of each Ring's Turnpoint
B_LAMP = 17  # 3: Site of each Lamp (Garden's nodes)
B_WAYSTATION = 20  # 3: Site of each Waystation (Wayfarer's nodes): three Sites from its Lamp
B_TOKEN = 23  # 5: starting Site of each Remembrance
B_SETTLEMENT = 28  # 5: Site of each settlement (its Local)
B_SENTINEL = 33  # 2: Site of each board Sentinel
B_SETTLEMENT_ORIGIN = 35  # 5: each settlement's printed Origin (vocab.ORIGINS; 0 none)
B_UNIT_CARD = 40  # the card id of the first board unit's row (the number of deck cards)
BOARD_SIZE = 41
BOARD_BASE = N_RULES
# the 24 Alignments (vocab.ALIGNMENT_IDS order), one row each, after the board register
AL_LENGTH, AL_GLYPH = 0, 1  # the sequence's length (2 a Phrase, 3 a Verse), its Glyphs (AL_GLYPH + i, first to last)
AL_MODELED = 4  # 0: not modeled (never offered)
AL_MODE = 5  # vocab.MODE_*
AL_N_EFFECTS = 6
AL_OP = 7  # ALIGNMENT_EFFECTS ops, then their amounts
AL_AMOUNT = AL_OP + vocab.ALIGNMENT_EFFECTS
ALIGN_W = AL_AMOUNT + vocab.ALIGNMENT_EFFECTS
N_ALIGNMENTS = len(vocab.ALIGNMENT_IDS)
ALIGN_BASE = N_RULES + BOARD_SIZE
CARD_BASE = ALIGN_BASE + N_ALIGNMENTS * ALIGN_W

(C_TYPE, C_COST, C_POWER, C_ASPECT, C_GLYPH, C_SINGULAR, C_UNIQUE, C_QUICK, C_DISASTER, C_MAJOR, C_GUARDIAN,
 C_WAYSTATIONS, C_N_EFFECTS) = range(13)
C_OP = 13  # MAX_EFFECTS ops, then MAX_EFFECTS amounts
C_AMOUNT = C_OP + vocab.MAX_EFFECTS
C_ORIGIN = C_AMOUNT + vocab.MAX_EFFECTS  # the printed Origin (vocab.ORIGINS; 0 none)
C_ROAD_OP = C_ORIGIN + 1  # the card's road effect (vocab.ROAD_OPS), or -1
# Relics (rules/relics.py): Portable (1) or not, a Portable Relic's printed Presence, the Awakening
# condition (1 + vocab.AWAKEN_CONDITIONS code; 0: none) and its amount, the Awakened effects (count, ops,
# amounts)
C_PORTABLE = C_ROAD_OP + 1
C_PRESENCE = C_PORTABLE + 1
C_AWAKEN = C_PRESENCE + 1
C_AWAKEN_NEED = C_AWAKEN + 1
C_AWAKENED_N = C_AWAKEN_NEED + 1
C_AWAKENED_OP = C_AWAKENED_N + 1
C_AWAKENED_AMOUNT = C_AWAKENED_OP + vocab.MAX_EFFECTS
CARD_W = C_AWAKENED_AMOUNT + vocab.MAX_EFFECTS

MATCHUP_SIDES, MATCHUP_SEATS_PER_SIDE, MATCHUP_DECK_SIZE, MATCHUP_COMPANY = 0, 1, 2, 3
MATCHUP_HEADER = 5


def unit_rows(rules: dict[str, int]) -> list[list[int]]:
    """The board units' rows (vocab.UNIT_NAMES order): a Figure type of their own and the edition's Power."""
    rows = []
    for kind, power in ((vocab.TYPE_RECRUIT, rules["recruit_power"]), (vocab.TYPE_SENTINEL, rules["sentinel_power"]),
                        (vocab.TYPE_PATROL, rules["patrol_power"])):
        row = [0] * CARD_W
        row[C_TYPE], row[C_POWER], row[C_ROAD_OP] = kind, power, -1
        rows.append(row)
    return rows


def pack_ruleset(rules: dict[str, int], board: list[int], alignment_rows: list[list[int]],
                 card_rows: list[list[int]]) -> np.ndarray:
    """``card_rows``: the deck cards' rows then the board units' (unit_rows); board[B_UNIT_CARD] is the
    number of deck cards."""
    assert len(board) == BOARD_SIZE and all(len(r) == CARD_W for r in card_rows)
    assert len(alignment_rows) == N_ALIGNMENTS and all(len(r) == ALIGN_W for r in alignment_rows)
    return np.array([rules[name] for name in vocab.RULE_NAMES] + board + [v for row in alignment_rows for v in row]
                    + [v for row in card_rows for v in row], np.int64)


def pack_matchup(decks: list[list[int]], companies: list[int]) -> np.ndarray:
    deck_size = len(decks[0])
    return np.array([2, 1, deck_size] + companies + [card for deck in decks for card in deck], np.int64)


@njit(cache=True, forceinline=True)
def card(ruleset, card_id, column):
    return ruleset[CARD_BASE + card_id * CARD_W + column]


@njit(cache=True, forceinline=True)
def alignment(ruleset, index, column):
    return ruleset[ALIGN_BASE + index * ALIGN_W + column]


@njit(cache=True, forceinline=True)
def board(ruleset, field):
    return ruleset[BOARD_BASE + field]


@njit(cache=True, forceinline=True)
def unit_card(ruleset, unit):
    """The card id of board unit ``unit`` (layout.UNIT_RECRUIT, UNIT_SENTINEL or UNIT_PATROL)."""
    return ruleset[BOARD_BASE + B_UNIT_CARD] + unit - 1


@njit(cache=True, forceinline=True)
def deck_card(matchup, slot, index):
    return matchup[MATCHUP_HEADER + slot * matchup[MATCHUP_DECK_SIZE] + index]


@njit(cache=True, forceinline=True)
def is_figure_type(card_type):
    return card_type <= vocab.TYPE_ECHO
