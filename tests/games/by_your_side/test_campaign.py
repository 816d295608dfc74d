"""By Your Side, the campaign (rulebook: Scenarios and campaign, Scenario flow, The Journal)."""

import numpy as np

from sim.core.game import Matchup
from sim.core.worker import seed_block
from sim.games.by_your_side import GAME, batch, campaign, render, vocab
from sim.games.by_your_side import layout as L
from sim.games.by_your_side import tables as T
from sim.games.by_your_side.rules.ending import END_THRESHOLD, END_UNCONSCIOUS
from sim.games.by_your_side.scenario import ByYourSideScenario
from tests.games.by_your_side.conftest import blank, mark_read

RULESET = GAME.load_ruleset("standard")
LIBRARY = RULESET.tables.library
IDS = LIBRARY.card_ids
CAMPAIGN = GAME.load_matchups(RULESET, ["campaign"])[0]
GREEDY = np.array([1, 1], np.int64)  # policy ids of two greedy bots


def _work():
    return batch.scratch()[6:]


def _deck(matchup_table, slot):
    n = len(IDS)
    start = T.M_TOTALS + 2 * n + (matchup_table[T.M_DECK_N] if slot else 0)
    return [LIBRARY.card_names[c] for c in matchup_table[start: start + matchup_table[T.M_DECK_N + slot]]]


def _lose(journal, cause):
    """An attempt lost by ``cause`` (after_attempt's view of it: a state that says so)."""
    state = np.zeros(L.STATE_SIZE, np.int64)
    state[L.G_WINNER], state[L.G_END_REASON], state[L.G_ROUND], state[L.G_TURNS] = 1, cause, 7, 50
    return campaign.after_attempt(state, RULESET.tables.table, CAMPAIGN.payload, journal)


def test_the_campaign_plays_the_three_scenarios_in_order_from_the_starting_decks():
    """"This prototype of By Your Side: Beyond the Veil contains the first three scenarios of the Jolene and
    Rosi campaign. Player decks carry between scenarios throughout the campaign.\""""
    attempt_matchup, journal, seeds = _work()
    campaign.begin(CAMPAIGN.payload, journal)
    campaign.attempt_seeds(np.array([1, 2], np.uint64), 0, 0, 0, seeds)
    assert campaign.pack_attempt(CAMPAIGN.payload, journal, GREEDY, seeds, 0, attempt_matchup)
    first = GAME.load_matchups(RULESET, ["scenario_1"])[0].payload
    assert attempt_matchup[T.M_SCENARIO] == first[T.M_SCENARIO]
    for slot in range(2):  # the same cards (the Journal lists them by card, not in the data's order)
        assert sorted(_deck(attempt_matchup, slot)) == sorted(_deck(first, slot))
    assert [CAMPAIGN.payload[T.CAMPAIGN_HEADER + k] for k in range(3)] == [RULESET.tables.scenario_index[s] for s in
                                                                            ("scenario_1", "scenario_2", "scenario_3")]


def test_a_lost_scenario_is_replayed_from_the_journal_deck_with_one_replay_charm_each():
    """"If the loss condition is met, the scenario is lost. Return each player's deck to the state it had at
    the start of the scenario, as recorded in the Journal, and replay the scenario from the beginning." /
    "When you replay a lost scenario, each player chooses one of these Charms: Garnet, Citrine Shard or
    Quartz Shard, and shuffles it into their deck before drawing the starting hand." / "Each replay gives
    the bonus once." (The greedy bot answers the cause of the loss: Quartz Shard's Weaken after a Threshold
    overflow, Garnet's Stability after both fell unconscious.)"""
    attempt_matchup, journal, seeds = _work()
    key = np.array([1, 2], np.uint64)
    campaign.begin(CAMPAIGN.payload, journal)
    start = list(journal[campaign.J_DECKS: campaign.J_DECKS + 2 * L.MAX_CARDS])
    for attempt, cause, charm in ((1, END_THRESHOLD, "quartz_shard"), (2, END_UNCONSCIOUS, "garnet")):
        assert _lose(journal, cause)
        assert journal[campaign.J_SCENARIO] == 0 and journal[campaign.J_ATTEMPT] == attempt
        assert list(journal[campaign.J_DECKS: campaign.J_DECKS + 2 * L.MAX_CARDS]) == start
        campaign.attempt_seeds(key, 0, 0, attempt, seeds)
        assert campaign.pack_attempt(CAMPAIGN.payload, journal, GREEDY, seeds, 0, attempt_matchup)
        for slot in range(2):
            deck = _deck(attempt_matchup, slot)
            assert sum(deck.count(c) for c in ("garnet", "citrine_shard", "quartz_shard")) == 1  # no pile-up
            assert deck.count(charm) == 1
            assert LIBRARY.card_names[journal[campaign.J_CHARM + slot]] == charm
        copies = LIBRARY.cards[charm]["copies"]
        n = len(IDS)
        assert attempt_matchup[T.M_TOTALS + n + IDS[charm]] == copies - 2  # "The Charm comes from the Archive"


def _lost_to_threshold_with_box_copies(copies):
    """A Scenario 1 lost to a Threshold overflow (both greedy players ask for Quartz Shard), replayed from a
    campaign table whose box holds ``copies`` of each named card: the replay's matchup and Journal."""
    table = CAMPAIGN.payload.copy()
    cards_at = T.CAMPAIGN_HEADER + table[T.CA_N_SCENARIOS] + table[T.CA_N_CHARMS] + T.ANSWERS
    for name, count in copies.items():
        table[cards_at + IDS[name]] = count
    attempt_matchup, journal, seeds = _work()
    campaign.begin(table, journal)
    state = np.zeros(L.STATE_SIZE, np.int64)
    state[L.G_WINNER], state[L.G_END_REASON] = 1, END_THRESHOLD
    campaign.after_attempt(state, RULESET.tables.table, table, journal)
    campaign.attempt_seeds(np.array([1, 2], np.uint64), 0, 0, 1, seeds)
    assert campaign.pack_attempt(table, journal, GREEDY, seeds, 0, attempt_matchup)
    return attempt_matchup, journal


def test_the_replay_charm_is_not_given_when_the_archive_has_none():
    """"If a rule or card effect tells you to take a card from the Archive and no copy of that card is left
    there, you do not get that card and nothing takes its place." (One Quartz Shard in the box and no Garnet
    or Citrine Shard: Jolene takes the Quartz Shard, Rosi gets none.)"""
    attempt_matchup, journal = _lost_to_threshold_with_box_copies({"quartz_shard": 1, "garnet": 0, "citrine_shard": 0})
    assert _deck(attempt_matchup, 0).count("quartz_shard") == 1 and "quartz_shard" not in _deck(attempt_matchup, 1)
    assert list(journal[campaign.J_CHARM: campaign.J_CHARM + 2]) == [IDS["quartz_shard"], -1]
    assert attempt_matchup[T.M_TOTALS + len(IDS) + IDS["quartz_shard"]] == 0


def test_a_player_chooses_among_the_replay_charms_the_archive_still_holds():
    """"When you replay a lost scenario, each player chooses one of these Charms: Garnet, Citrine Shard or
    Quartz Shard" / "The Charm comes from the Archive." (Issue 46: both players asked for the one Quartz
    Shard and Rosi got nothing while Garnet and Citrine Shard were in the box; a player chooses among the
    Charms the Archive still holds, here the first listed, Garnet.)"""
    attempt_matchup, journal = _lost_to_threshold_with_box_copies({"quartz_shard": 1})
    assert list(journal[campaign.J_CHARM: campaign.J_CHARM + 2]) == [IDS["quartz_shard"], IDS["garnet"]]
    assert _deck(attempt_matchup, 1).count("garnet") == 1 and "quartz_shard" not in _deck(attempt_matchup, 1)
    random_player = campaign.replay_charm(CAMPAIGN.payload, vocab.POLICY_RANDOM, END_THRESHOLD,
                                          np.array([1, 2], np.uint64), 0, 1, attempt_matchup, T.M_TOTALS + len(IDS))
    assert random_player in (IDS["garnet"], IDS["citrine_shard"])  # the Quartz Shard is gone from the Archive


def test_a_win_writes_the_decks_and_statuses_to_the_journal():
    """"Deck changes are written to the Journal only when a scenario is won" / "Cards you Retrieve, including
    Charms and Talismans, join your deck and stay in it when you win the scenario. Cards that were Banished
    do not come back after a win." / "Only Threats, temporary effects and Stability are reset between
    scenarios." (A Retrieved Stun and an equipped Talisman carry over; a Doubt in the discard pile is a
    Threat and does not; a Banished Severing Word is gone.)"""
    sc = blank()
    sc.set_hand(0, ["glimpse", "glimpse"])
    sc.set_pile(0, "deck", ["severing_word"])
    sc.set_pile(0, "discard", ["stun", "doubt"])
    sc.equip(0, "lucky_feather")
    sc.set_pile(1, "deck", ["respite"])
    sc.s[L.G_STATUSES] = 1 << LIBRARY.status_ids["held_the_memory"]
    sc.s[L.G_WINNER] = 0
    attempt_matchup, journal, _ = _work()
    campaign.begin(CAMPAIGN.payload, journal)
    assert campaign.after_attempt(sc.s, RULESET.tables.table, CAMPAIGN.payload, journal)
    lines = render.journal_lines(LIBRARY, journal)
    assert lines[0] == "  Journal, Jolene's deck: severing_word x1, glimpse x2, stun x1, lucky_feather x1"
    assert lines[1] == "  Journal, Rosi's deck: respite x1"
    assert lines[2] == "  Journal, Statuses: held_the_memory"
    assert journal[campaign.J_SCENARIO] == 1 and journal[campaign.J_ATTEMPT] == 0 and journal[campaign.J_WON] == 1


def test_a_lost_attempt_leaves_nothing_in_the_journal():
    """"Only what you do in the current attempt is recorded. Clear anything you marked in the Journal during
    a lost attempt (events read, Statuses and progress boxes)." / "If you lose a scenario and load your deck
    from the Journal, the deck is back to its state at the start of the scenario, so Retrieved and Banished
    cards from the lost attempt are undone.\""""
    sc = blank()
    sc.set_pile(0, "discard", ["stun"])  # Retrieved in the lost attempt
    sc.s[L.G_STATUSES] = 1 << LIBRARY.status_ids["held_the_memory"]
    mark_read(sc, 3)
    sc.s[L.G_WINNER], sc.s[L.G_END_REASON] = 1, END_THRESHOLD
    _, journal, _ = _work()
    campaign.begin(CAMPAIGN.payload, journal)
    before = journal.copy()
    assert campaign.after_attempt(sc.s, RULESET.tables.table, CAMPAIGN.payload, journal)
    changed = [i for i in range(len(journal)) if journal[i] != before[i]]
    assert set(changed) <= {campaign.J_ATTEMPT, campaign.J_ATTEMPTS, campaign.J_TURNS, campaign.J_ROUNDS,
                            campaign.J_CAUSE}


def test_the_campaign_gives_up_after_its_attempts():
    """The rulebook replays a lost scenario without a limit; a campaign stops after `attempts` losses at one
    scenario (campaign.yaml, assumed: a sweep must end)."""
    _, journal, _ = _work()
    campaign.begin(CAMPAIGN.payload, journal)
    limit = int(CAMPAIGN.payload[T.CA_ATTEMPTS])
    results = [_lose(journal, END_THRESHOLD) for _ in range(limit)]
    assert results == [True] * (limit - 1) + [False] and journal[campaign.J_ATTEMPTS] == limit


def _with_statuses(entry, *names):
    matchup = GAME.load_matchups(RULESET, [entry])[0]
    table = matchup.payload.copy()
    for name in names:
        table[T.M_STATUSES] |= 1 << LIBRARY.status_ids[name]
    return Matchup(GAME.name, matchup.matchup_id, matchup.sides, 2, table, cooperative=True,
                   slot_labels=matchup.slot_labels)


def test_a_collective_choice_marks_a_status_for_later_scenarios():
    """"Decisions matter. Some events offer individual or collective choices that affect future scenarios.
    Mark your choices and progress in the Journal when prompted." (Scenario 1's Event 3: the players together
    hold on to the memory, marking held_the_memory, instead of gaining 2 Stability each now.)"""
    for answer, marked, gained in (("yes", True, 0), ("no", False, 2)):
        sc = blank()
        sc.set_exploration(["glimpse"] * 5)
        mark_read(sc, 2)
        sc.s[L.G_NEXT_EVENT] = 2
        sc.set_planes(["stun", "event"])
        sc.set_stability(0, 5)
        sc.set_hand(0, ["glimpse"])
        sc.apply(sc.action("play", card="glimpse"))
        sc.apply(sc.action("reveal", position=2))
        assert sc.state()["choice"] == "yes_no" and sc.state()["decider"] == 0  # team_decider: Jolene
        sc.apply(sc.action(answer))
        assert bool(sc.s[L.G_STATUSES] >> LIBRARY.status_ids["held_the_memory"] & 1) == marked
        assert sc.player(0)["stability"] == 5 + gained


def test_an_individual_choice_is_the_characters_own():
    """"Some events offer individual or collective choices" (Scenario 2's Event 3 is Rosi's: she keeps the
    letter, marking rosi_kept_the_letter, or reads it now for 2 Stability each).\""""
    sc = blank("scenario_2")
    sc.set_exploration(["glimpse"] * 5)
    mark_read(sc, 2)
    sc.s[L.G_NEXT_EVENT] = 2
    sc.set_planes(["stun", "event"])
    sc.set_hand(0, ["glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))
    assert sc.state()["choice"] == "yes_no" and sc.state()["decider"] == 1
    sc.apply(sc.action("yes"))
    assert sc.s[L.G_STATUSES] >> LIBRARY.status_ids["rosi_kept_the_letter"] & 1


def test_statuses_change_the_set_up_of_later_scenarios():
    """"Progress carries over. Player decks and rewards carry forward." (held_the_memory gives Scenario 2 a
    Focus token more; without rosi_kept_the_letter a Fear waits on Scenario 3's Threshold.)"""
    plain = ByYourSideScenario(RULESET, _with_statuses("scenario_2"), 1)
    held = ByYourSideScenario(RULESET, _with_statuses("scenario_2", "held_the_memory"), 1)
    assert held.s[L.G_FOCUS_TOKENS] == plain.s[L.G_FOCUS_TOKENS] + 1
    letter_read = ByYourSideScenario(RULESET, _with_statuses("scenario_3"), 1).state()["threshold"]
    letter_kept = ByYourSideScenario(RULESET, _with_statuses("scenario_3", "rosi_kept_the_letter"), 1).state()["threshold"]
    assert [c for c, _ in letter_read].count("fear") == [c for c, _ in letter_kept].count("fear") + 1


def test_a_campaign_row_is_the_attempts_the_scenario_api_plays():
    """A campaign is one row of the lake, a function of its seed key: the batch kernel's row equals the
    attempts played one by one through the scenario API with the same campaign steps (decisions, rounds,
    attempts at each scenario, the Journal's decks at the end)."""
    bots = (GAME.load_policy("guardian"), GAME.load_policy("seeker"))
    for seed in (5, 8):
        result = GAME.play_batch(RULESET, CAMPAIGN, bots, seed_block(seed, CAMPAIGN, 0, 1))
        again = GAME.play_batch(RULESET, CAMPAIGN, bots, seed_block(seed, CAMPAIGN, 0, 1))
        assert result.turns[0] == again.turns[0]
        played = list(render.campaign_attempts(GAME, RULESET, CAMPAIGN, bots, seed))
        attempts = [0, 0, 0]
        for k, attempt, _, _, _, _ in played:
            attempts[k] = attempt + 1
        assert [int(result.extra[f"attempts_{k + 1}"][0]) for k in range(3)] == attempts
        assert result.turns[0] == sum(int(sc.s[L.G_TURNS]) for _, _, _, sc, _, _ in played)
        assert result.rounds[0] == sum(int(sc.s[L.G_ROUND]) for _, _, _, sc, _, _ in played)
        journal = played[-1][4]
        assert [campaign.deck_size(journal, s) for s in range(2)] == list(result.extra["deck_size"][0])
        assert result.winner[0] == (0 if int(journal[campaign.J_WON]) == 3 else 1)
    assert max(attempts) >= 1
