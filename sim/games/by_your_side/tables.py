"""By Your Side's packed tables and their named accessors.

The ruleset table is packed once per ruleset (int64), in this order:
  rules (vocab.RULE_NAMES) | header (HEADER fields) | cards (CARD_WIDTH each) | steps (STEP_WIDTH each)
  | characters (CHAR_WIDTH each) | scenario index (one offset per scenario) | scenarios
A scenario: SCENARIO_HEADER fields, its Events (EVENT_WIDTH each), then its Exploration Deck, Charm deck
and Talisman deck as card ids. Every effect, the system's own included, is a range of step rows.

The matchup table is packed once per matchup: (scenario, deck sizes, the Journal's Statuses, each card's
copies in the match and in the Archive at the start, then both decks as card ids). A campaign's table
(CAMPAIGN_MARK first) is described at pack_campaign; the campaign kernel packs each attempt's matchup
table from it and the Journal.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.by_your_side import vocab

N_RULES = len(vocab.RULE_NAMES)
(RULE_HAND_LIMIT, RULE_THRESHOLD_LIMIT, RULE_SURGE_LIMIT, RULE_TALISMAN_LIMIT, RULE_SIGIL_LIMIT, RULE_CHAKRA_COST,
 RULE_CONVERSION_ENERGY, RULE_COOLDOWN_PHASES, RULE_SUPPORT_ENERGY, RULE_OFFERING_CHARMS, RULE_OFFERING_TALISMANS,
 RULE_CROSSED_BANISHED, RULE_OVERFLOW_AT_ONCE, RULE_NEW_FOCUS_WAITS, RULE_CHAKRA_SHARED, RULE_SETUP_REVEALS,
 RULE_INTRUSIVE_BREAKS, RULE_UNCONSCIOUS_DISCARDS, RULE_ALTERNATE_OPENING, RULE_TEAM_DECIDER, RULE_CHAKRAS_AVAILABLE,
 RULE_SUPPORT_AVAILABLE) = range(N_RULES)
assert N_RULES == 22

# ---- header (offsets into the table)
H_CARDS, H_N_CARDS, H_STEPS, H_CHARACTERS, H_SCENARIOS, H_N_SCENARIOS = range(6)
H_SYS_RETURN, H_SYS_INTRUSIVE, H_SYS_REPLACE, H_SYS_EVENT, H_SYS_SOURCE, H_SYS_TRADE = range(6, 12)  # first steps
H_EXHAUSTION = 12  # card id of Exhaustion (-1: the library has none)
HEADER = 13

# ---- card rows
(C_TYPE, C_SUBTYPE, C_COST, C_RETRIEVE, C_STRENGTH, C_APEX, C_CONVERTIBLE, C_ATTACH, C_COOLDOWN, C_HAND_LIMIT,
 C_CONVERSION_BONUS, C_LOSS_SHIELD, C_WEAKEN_BONUS, C_NO_SURGE, C_DIE_ONLY, C_SUPPORTABLE) = range(16)
C_EFFECTS = 16  # (start, end) per effect slot
CARD_WIDTH = C_EFFECTS + 2 * len(vocab.EFFECT_SLOTS)

# ---- step rows
(S_OP, S_AMOUNT, S_RANGE, S_TARGET, S_NON_APEX, S_MAY, S_SUPPORTED, S_DIE_LO, S_DIE_HI, S_MIN_STAGE, S_PARAM,
 S_X, S_STATUS, S_BY) = range(14)
STEP_WIDTH = 14
# S_STATUS: 0 the step always applies; k + 1 only with Journal Status k marked ("if"), -(k + 1) only without
# it ("unless"). S_BY: who makes a choose_status choice: 0 the players together (team_decider), 1 + slot one
# character alone.

# ---- characters
CH_STABILITY = 0
CH_CHAKRAS = 1  # 5 card ids
CH_FULL_FOCUS = 6
CHAR_WIDTH = 7

# ---- scenarios
(SC_FOCUS, SC_RESERVE, SC_UNLOCKED, SC_ROUND_LIMIT, SC_PLANES_EMPTY_LOSES, SC_TRACK_GOAL, SC_PROLOGUE_START,
 SC_PROLOGUE_END, SC_N_EVENTS, SC_N_EXPLORATION, SC_N_CHARMS, SC_N_TALISMANS) = range(12)
SCENARIO_HEADER = 12
E_FATE, E_APEX, E_START, E_END, E_ID = range(5)
EVENT_WIDTH = 5

# ---- matchup
M_SCENARIO, M_DECK_N = 0, 1  # M_DECK_N + slot
M_STATUSES = 3  # the Journal's Statuses at the start (bit per status; a scenario played alone: none)
M_TOTALS = 4  # n_cards: copies of each card in the match; then n_cards: in the Archive at the start
MATCHUP_HEADER = 4


def pack_ruleset(rules: dict, cards: list[dict], steps: list[list[int]], characters: list[list[int]],
                 scenarios: list[dict], system: dict[str, int]) -> np.ndarray:
    """cards: rows of CARD_WIDTH ints; steps: rows of STEP_WIDTH; characters: rows of CHAR_WIDTH;
    scenarios: {header: [...], events: [[fate, apex, start, end, id]], exploration, charms, talismans}."""
    table: list[int] = [int(rules[name]) for name in vocab.RULE_NAMES]
    header = [0] * HEADER
    table += header
    header[H_CARDS] = len(table)
    header[H_N_CARDS] = len(cards)
    for row in cards:
        assert len(row) == CARD_WIDTH
        table += row
    header[H_STEPS] = len(table)
    for row in steps:
        assert len(row) == STEP_WIDTH
        table += row
    header[H_CHARACTERS] = len(table)
    for row in characters:
        table += row
    header[H_SCENARIOS] = len(table)
    header[H_N_SCENARIOS] = len(scenarios)
    index_at = len(table)
    table += [0] * len(scenarios)
    for i, scenario in enumerate(scenarios):
        table[index_at + i] = len(table)
        table += scenario["header"]
        for event in scenario["events"]:
            table += event
        table += scenario["exploration"] + scenario["charms"] + scenario["talismans"]
    header[H_SYS_RETURN] = system["return_token"]
    header[H_SYS_INTRUSIVE] = system["take_intrusive"]
    header[H_SYS_REPLACE] = system["replace_offered"]
    header[H_SYS_EVENT] = system["read_next_event"]
    header[H_SYS_SOURCE] = system["focus_source"]
    header[H_SYS_TRADE] = system["trade"]
    header[H_EXHAUSTION] = system["exhaustion"]
    table[N_RULES : N_RULES + HEADER] = header
    return np.array(table, np.int64)


def pack_matchup(scenario: int, decks: list[list[int]], totals: list[int], archive: list[int], statuses: int = 0) -> np.ndarray:
    return np.array([scenario, len(decks[0]), len(decks[1]), statuses] + totals + archive + decks[0] + decks[1], np.int64)


# ---- campaign (a matchup whose table starts with CAMPAIGN_MARK: the batch kernel plays whole campaigns)
CAMPAIGN_MARK = -1
(CA_MARK, CA_N_SCENARIOS, CA_ATTEMPTS, CA_N_CARDS, CA_N_CHARMS) = range(5)
CAMPAIGN_HEADER = 5
# then: scenario indices (n_scenarios), replay Charms (n_charms), the Charm answering each cause of loss
# (ANSWERS: a Threshold overflow, both unconscious, any other), box copies per card (-1: not given), each
# scenario's own card use (n_scenarios x n_cards), the starting decks as copies per card (2 x n_cards)
ANSWER_THRESHOLD, ANSWER_UNCONSCIOUS, ANSWER_OTHER = range(3)
ANSWERS = 3


def pack_campaign(scenarios: list[int], attempts: int, charms: list[int], answers: list[int], copies: np.ndarray,
                  use: list[np.ndarray], decks: np.ndarray) -> np.ndarray:
    n = len(copies)
    head = [CAMPAIGN_MARK, len(scenarios), attempts, n, len(charms)]
    parts = [np.array(head + list(scenarios) + list(charms) + list(answers), np.int64), copies.astype(np.int64)]
    parts += [u.astype(np.int64) for u in use] + [decks.reshape(-1).astype(np.int64)]
    return np.concatenate(parts)


@njit(cache=True, forceinline=True)
def campaign_scenario(C, k):
    return C[CAMPAIGN_HEADER + k]


@njit(cache=True, forceinline=True)
def campaign_charm(C, k):
    return C[CAMPAIGN_HEADER + C[CA_N_SCENARIOS] + k]


@njit(cache=True, forceinline=True)
def campaign_answer(C, cause):
    return C[CAMPAIGN_HEADER + C[CA_N_SCENARIOS] + C[CA_N_CHARMS] + cause]


@njit(cache=True, forceinline=True)
def _campaign_cards(C):
    return CAMPAIGN_HEADER + C[CA_N_SCENARIOS] + C[CA_N_CHARMS] + ANSWERS


@njit(cache=True, forceinline=True)
def campaign_copies(C, c):
    return C[_campaign_cards(C) + c]


@njit(cache=True, forceinline=True)
def campaign_use(C, k, c):
    return C[_campaign_cards(C) + (1 + k) * C[CA_N_CARDS] + c]


@njit(cache=True, forceinline=True)
def campaign_deck(C, slot, c):
    return C[_campaign_cards(C) + (1 + C[CA_N_SCENARIOS] + slot) * C[CA_N_CARDS] + c]


# ---- accessors (inlined: each is one or two loads)
@njit(cache=True, forceinline=True)
def card(T, c, field):
    return T[T[N_RULES + H_CARDS] + c * CARD_WIDTH + field]


@njit(cache=True, forceinline=True)
def n_cards(T):
    return T[N_RULES + H_N_CARDS]


@njit(cache=True, forceinline=True)
def effect_start(T, c, slot):
    return T[T[N_RULES + H_CARDS] + c * CARD_WIDTH + C_EFFECTS + 2 * slot]


@njit(cache=True, forceinline=True)
def effect_end(T, c, slot):
    return T[T[N_RULES + H_CARDS] + c * CARD_WIDTH + C_EFFECTS + 2 * slot + 1]


@njit(cache=True, forceinline=True)
def step(T, row, field):
    return T[T[N_RULES + H_STEPS] + row * STEP_WIDTH + field]


@njit(cache=True, forceinline=True)
def character(T, who, field):
    return T[T[N_RULES + H_CHARACTERS] + who * CHAR_WIDTH + field]


@njit(cache=True, forceinline=True)
def system_steps(T, which):
    return T[N_RULES + which]


@njit(cache=True, forceinline=True)
def scenario_base(T, s):
    return T[T[N_RULES + H_SCENARIOS] + s]


@njit(cache=True, forceinline=True)
def scenario(T, s, field):
    return T[scenario_base(T, s) + field]


@njit(cache=True, forceinline=True)
def event(T, s, e, field):
    return T[scenario_base(T, s) + SCENARIO_HEADER + e * EVENT_WIDTH + field]


@njit(cache=True, forceinline=True)
def scenario_cards_base(T, s):
    """Where the scenario's card lists start: Exploration Deck, then Charms, then Talismans."""
    return scenario_base(T, s) + SCENARIO_HEADER + T[scenario_base(T, s) + SC_N_EVENTS] * EVENT_WIDTH


@njit(cache=True, forceinline=True)
def is_threat(T, c):
    """A Manifestation (the Apex ones included): what crosses the Veil as a Threat and stays on the Threshold."""
    return c >= 0 and card(T, c, C_TYPE) == vocab.TYPE_MANIFESTATION


@njit(cache=True, forceinline=True)
def total_copies(M, c):
    return M[M_TOTALS + c]


@njit(cache=True, forceinline=True)
def archive_at_start(M, n, c):
    return M[M_TOTALS + n + c]


@njit(cache=True, forceinline=True)
def deck_card(M, n, slot, i):
    start = M_TOTALS + 2 * n
    if slot == 1:
        start += M[M_DECK_N]
    return M[start + i]
