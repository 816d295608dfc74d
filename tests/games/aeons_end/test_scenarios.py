"""Rule scenarios through the scenario API; each test cites the rulebook passage it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import Scenario

ENTRY = "adelheim+brama vs rageborne"


def kinds(sc):
    return {L.ACTION_KINDS[a // 256] for a in sc.legal()}


def test_setup_printed_order_and_life():
    """Rulebook, Player Setup: 'the leftmost card(s) being the top card(s) of their deck'; 'Each player
    starts the game with 10 life. Set the Gravehold life dial to 30.'"""
    sc = Scenario.new("brama+lash vs rageborne", advance=False)
    brama = sc.player(0)
    assert brama["hand"] == ["buried_light", "crystal", "crystal", "crystal", "crystal"]
    assert brama["deck_top_first"] == ["crystal", "crystal", "crystal", "spark", "spark"]
    assert brama["life"] == 10 and sc.get("G_GRAVEHOLD") == 30
    assert brama["breaches"] == [4, 1, 0, 2]
    assert sc.get("G_NEMESIS_LIFE") == 70


def test_nemesis_deck_tiers_stacked():
    """Rulebook, Nemesis Setup: 'Place the tier 3 cards on the bottom ... tier 1 cards facedown on top'
    with the table '2 Player: Tier 1 3, Tier 2 5, Tier 3 7'."""
    sc = Scenario.new(ENTRY, advance=False)
    n = sc.get("G_NEMESIS_DECK_LEN")
    tiers = [int(sc.ncard[c, L.NC_TIER]) for c in sc.s[L.NEMESIS_DECK_BASE:L.NEMESIS_DECK_BASE + n]]
    assert tiers == [1] * 6 + [2] * 8 + [3] * 10
    solo = Scenario.new("brama vs rageborne", advance=False)
    assert solo.get("G_NEMESIS_DECK_LEN") == 3 + 1 + 3 + 3 + 3 + 7


def test_turn_order_deck_composition():
    """Rulebook, Turn Order Deck: 'always composed of four player turn order cards and two nemesis turn
    order cards'; 'For two players, place two turn order cards for each player'; three players add the wild
    card; four players use 'the two 1/2 and two 3/4 turn order cards'."""
    expected = {"brama": [0, 0, 0, 0], "adelheim+brama": [0, 0, 1, 1],
                "adelheim+brama+kadir": [0, 1, 2, L.TO_WILD],
                "adelheim+brama+kadir+mist": [L.TO_12, L.TO_12, L.TO_34, L.TO_34]}
    for team, cards in expected.items():
        sc = Scenario.new(f"{team} vs rageborne", advance=False)
        to = sorted(int(c) for c in sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6])
        assert to == sorted(cards + [L.TO_NEMESIS, L.TO_NEMESIS])


def test_four_player_token_gives_both_players_a_turn():
    """Rulebook: 'When the same card is drawn later, the other player takes a turn and the token is returned'."""
    sc = Scenario.new("adelheim+brama+kadir+mist vs rageborne", advance=False)
    sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = [L.TO_12, L.TO_12, L.TO_34, L.TO_34, L.TO_NEMESIS, L.TO_NEMESIS]
    sc.set("G_TURN_ORDER_POS", 0)
    sc.set("G_ROUNDS", 1)
    sc.advance()
    first = sc.get("G_ACTIVE")
    sc.apply(sc.action("end"))
    second = sc.get("G_ACTIVE")
    assert {first, second} == {0, 1} and sc.get("G_TOKEN_12") == -1


def test_turn_order_reshuffled_when_empty():
    """Rulebook: 'If you need to draw or reveal a card from the turn order deck and that deck is empty,
    shuffle the discarded turn order cards'."""
    sc = Scenario.new(ENTRY)
    for _ in range(200):
        if sc.status()[0] != "running":
            break
        sc.apply(sc.legal()[-1])
    assert sc.get("G_ROUNDS") > 1


def test_draw_phase_flips_discard_without_shuffling():
    """Rulebook, Draw Phase: 'draw/reveal as many as you can then flip over your discard pile to form a new
    deck' and 'At no point in the game do you shuffle your deck.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, [])
    sc.set_deck(0, ["crystal", "crystal"])
    sc.set_discard(0, ["jade", "spark", "ignite", "crystal", "crystal", "crystal", "crystal", "crystal"])
    sc.apply(sc.action("end"))
    me = sc.player(0)
    # two from the deck, then the discard pile turned over: its bottom card (jade) is drawn first
    assert me["hand"] == ["crystal", "crystal", "jade", "spark", "ignite"]
    assert me["deck_top_first"] == ["crystal"] * 5


def test_must_cast_from_closed_breach():
    """Rulebook, Casting Phase: 'Every spell prepped in a closed breach ... must be Cast now.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.prep(0, 2, "spark")          # breach III is closed
    sc.set_active(0, phase="casting")
    assert "end" not in kinds(sc)
    sc.apply(sc.action("cast", breach=2, target=0))
    assert sc.get("G_NEMESIS_LIFE") == 69


def test_may_hold_spell_in_opened_breach():
    """Rulebook, Casting Phase: 'Any spells that are prepped in an opened breach may be Cast during this phase.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    assert "end" in kinds(sc)


def test_open_breach_bonus_damage():
    """Rulebook: 'Any spell Cast from an open breach with this effect deals 1 additional damage'."""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_breach(0, 2, 4)          # breach III opened (+1 damage)
    sc.prep(0, 2, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=2, target=0))
    assert sc.get("G_NEMESIS_LIFE") == 68


def test_prep_to_closed_breach_only_when_focused_this_turn():
    """Rulebook, Breaches: 'The only time that spells can be prepped to a closed breach is during the
    player's turn in which that breach was focused.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.set_hand(0, ["spark", "crystal", "crystal"])
    prep_iii = sc.action("prep", hand=0, breach=2)
    assert prep_iii not in sc.legal()
    sc.apply(sc.action("play", hand=1))
    sc.apply(sc.action("play", hand=1))
    sc.s[L.G_AETHER] = 3
    sc.apply(sc.action("focus", breach=2))   # breach III focus cost 3
    assert prep_iii in sc.legal()
    assert sc.player(0)["breaches"][2] == 1


def test_open_cost_falls_with_focus():
    """Rulebook, Open a breach: 'The open cost decreases each time you focus the breach.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 4
    assert sc.action("open", breach=1) in sc.legal()   # Adelheim's II is at stage 2: cost 3
    sc.s[L.G_AETHER] = 2
    assert sc.action("open", breach=1) not in sc.legal()
    sc.apply(sc.action("focus", breach=1))             # costs 2, stage 3
    sc.s[L.G_AETHER] = 2
    sc.apply(sc.action("open", breach=1))
    assert sc.player(0)["breaches"][1] == 4 and sc.get("G_AETHER") == 0


def test_charges_cost_two_and_are_capped():
    """Rulebook, Gain a charge: 'You may pay 2 aether to gain a charge' and 'You may not have more charges
    than your ability requires.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 20
    for _ in range(5):
        sc.apply(sc.action("charge"))
    assert sc.player(0)["charges"] == 5 and sc.get("G_AETHER") == 10
    assert sc.action("charge") not in sc.legal()


def test_gain_top_of_pile_to_discard():
    """Rulebook, Gain a card: 'When you gain a card, it is immediately placed on top of your discard pile.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_active(0)
    sc.s[L.G_AETHER] = 2
    sc.apply(sc.action("gain", pile=0))   # jade
    assert sc.player(0)["discard_bottom_first"][-1] == "jade"
    assert sc.s[L.SUPPLY_COUNT_BASE] == 6


def test_shield_removes_one_token_per_source():
    """Rulebook: 'Remove only one shield token each time a source deals damage to the minion regardless of
    the amount of damage dealt.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    slot = sc.put_in_play("needlemaw")
    sc.s[L.IN_PLAY_BASE + slot * L.IN_PLAY_FIELDS + L.IP_SHIELDS] = 2
    E.damage_target(sc.s, sc.T, slot + 1, 3, 0)
    assert sc.in_play()[0]["shields"] == 1 and sc.in_play()[0]["life"] == 11
    E.damage_target(sc.s, sc.T, slot + 1, 1, 0)
    E.damage_target(sc.s, sc.T, slot + 1, 3, 0)
    assert sc.in_play()[0]["shields"] == 0 and sc.in_play()[0]["life"] == 8


def test_minion_discarded_at_zero_life():
    """Rulebook: 'If the life of a minion reaches 0, it is immediately placed in the nemesis discard pile.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.put_in_play("haze_spewer")
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.s[L.IN_PLAY_BASE + L.IP_LIFE] = 1
    sc.apply(sc.action("cast", breach=0, target=1))
    assert sc.in_play() == [] and sc.get("G_NEMESIS_DISCARD") == 1
    assert sc.invariants() == 0


def test_exhausted_player():
    """Rulebook, Exhausted: 'Resolve the nemesis's Unleash effect twice', 'destroys one of their breaches',
    'discards all of their charge tokens', and 'deal twice that amount of damage to Gravehold. This includes
    excess damage when a player initially becomes exhausted.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    sc.set_player(0, "P_LIFE", 2)
    sc.set_player(0, "P_CHARGES", 3)
    fury = sc.get("G_FURY")
    E.player_suffers(sc.s, 0, 5)
    E.flush_pending(sc.s, sc.T, sc.keys, sc.counters)
    me = sc.player(0)
    assert me["exhausted"] and me["life"] == 0 and me["charges"] == 0
    assert sum(1 for b in me["breaches"] if b == -1) == 1
    assert sc.get("G_GRAVEHOLD") == 30 - 2 * 3
    assert sc.get("G_FURY") == fury + 2        # Rageborne's Unleash: gains 1 Fury, twice
    E.player_suffers(sc.s, 0, 2)
    assert sc.get("G_GRAVEHOLD") == 30 - 6 - 4
    E.gain_life(sc.s, 0, 3)
    assert sc.player(0)["life"] == 0           # 'Exhausted players cannot gain life.'


def test_lowest_life_skips_exhausted():
    """Rulebook: 'it always deals that damage to the non-exhausted player with the lowest current life.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    sc.set_player(0, "P_LIFE", 0)
    sc.set_player(0, "P_EXHAUSTED", 1)
    sc.set_player(1, "P_LIFE", 7)
    assert E.pick_lowest(sc.s) == 1


def test_all_exhausted_loses():
    """Rulebook, Game End: 'All the players are exhausted (have 0 life).'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    E.player_suffers(sc.s, 0, 10)
    assert sc.status()[0] == "running"
    E.player_suffers(sc.s, 1, 10)
    assert sc.status() == ("lost", "all_exhausted")


def test_solo_exhaustion_does_not_lose():
    """Rulebook, Solo Play: 'You don't lose the game when you are exhausted. Instead, you lose the game when
    Gravehold has 0 life.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new("brama vs rageborne", advance=False)
    E.player_suffers(sc.s, 0, 10)
    assert sc.status()[0] == "running" and sc.player(0)["exhausted"]


def test_nemesis_zero_life_wins():
    """Rulebook: 'If the nemesis has 0 life remaining, the players immediately win.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set("G_NEMESIS_LIFE", 1)
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=0))
    assert sc.status() == ("won", "nemesis_defeated")


def test_gravehold_zero_loses():
    """Rulebook, Game End: 'Gravehold has 0 life.'"""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new(ENTRY, advance=False)
    E.gravehold_suffers(sc.s, 30)
    assert sc.status() == ("lost", "gravehold_destroyed")


def test_empty_nemesis_deck_unleashes_three_times_then_players_win_when_nothing_in_play():
    """Rulebook: 'If the nemesis deck is empty and the nemesis would draw a card, instead Unleash three times.'
    and 'The nemesis has no cards in its deck and no minions or powers in play at the end of any turn.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_nemesis_deck([])
    sc.set("G_FURY", 0)
    sc.nemesis_turn()
    assert sc.get("G_UNLEASHES") == 3 and sc.get("G_FURY") == 3
    assert sc.status() == ("won", "nemesis_deck_exhausted")


def test_power_card_tokens_and_resolution():
    """Rulebook: 'During the nemesis main phase, remove 1 power token from every power card in play. When a
    power card has no power tokens left, resolve the effect'."""
    sc = Scenario.new(ENTRY, advance=False)
    sc.put_in_play("eye_of_nothing")          # POWER 2: Unleash twice
    sc.set_nemesis_deck(["needlemaw"])
    fury = sc.get("G_FURY")
    sc.nemesis_turn()
    assert [c["power"] for c in sc.in_play() if c["card"] == "eye_of_nothing"] == [1]
    assert sc.get("G_FURY") == fury
    sc.set_nemesis_deck(["haze_spewer"])
    sc.nemesis_turn()
    assert not any(c["card"] == "eye_of_nothing" for c in sc.in_play())
    assert sc.get("G_UNLEASHES") == 2


def test_to_discard_pays_and_discards():
    """Rulebook: 'During any player's main phase, that player may fully resolve the effect listed to discard
    that power card. If a power card is discarded this way, its effect is not resolved.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.put_in_play("eye_of_nothing")          # TO DISCARD: spend 6 aether
    sc.set_active(0)
    sc.s[L.G_AETHER] = 5
    assert "to_discard" not in kinds(sc)
    sc.s[L.G_AETHER] = 6
    sc.apply(sc.action("to_discard", slot=0))
    assert sc.in_play() == [] and sc.get("G_AETHER") == 0 and sc.get("G_UNLEASHES") == 0


def test_minion_persistent_and_new_minion_waits():
    """Rulebook: 'Persistent and power effects only occur during the nemesis's main phase. These effects are
    ignored for newly placed minion and power cards until the nemesis's next turn.'"""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set_nemesis_deck(["needlemaw", "slaughter"])
    sc.nemesis_turn()                          # Needlemaw enters play; its PERSISTENT waits
    assert sc.get("G_GRAVEHOLD") == 30
    sc.nemesis_turn()                          # PERSISTENT: Gravehold suffers 2; Slaughter: Unleash, Gravehold 3
    assert sc.get("G_GRAVEHOLD") == 30 - 2 - 3


def test_or_effect_must_be_resolvable():
    """Rulebook, 'OR' effects: 'you may choose either option, unless you cannot fully resolve one of them.'
    Venomite: lowest-life player suffers 2 OR discard a prepped spell costing 3 or more."""
    sc = Scenario.new(ENTRY, advance=False)
    sc.put_in_play("venomite")
    sc.set_nemesis_deck(["needlemaw"])
    sc.nemesis_turn()                          # nobody has a prepped spell costing >= 3: suffer 2
    assert sorted(sc.player(p)["life"] for p in range(2)) == [8, 10]


def test_rageborne_strikes_at_four_fury():
    """Rulebook, Nemesis Mat: 'Additional Rules: Any additional rules that pertain only to this nemesis.'
    Rageborne (data S4): at the end of the nemesis turn with 4+ Fury it Strikes and loses 3 Fury."""
    sc = Scenario.new(ENTRY, advance=False)
    sc.set("G_FURY", 4)
    sc.set_nemesis_deck(["needlemaw"])
    sc.nemesis_turn()
    assert sc.get("G_FURY") == 1


def test_carapace_queen_swarm_table():
    """Rulebook, Nemesis Mat: 'Unleash Effect: The effect that occurs when the Unleash keyword resolves.'
    Carapace Queen (data S4): Unleash places 2 husks; Swarm with 0-3 husks places 4."""
    sc = Scenario.new("adelheim+brama vs carapace_queen", advance=False)
    assert sc.get("G_HUSKS") == 2
    sc.set_nemesis_deck(["endless_throng"])
    sc.nemesis_turn()
    assert sc.get("G_HUSKS") == 6


def test_prince_devours_from_cheapest_pile():
    """Rulebook, Supply: 'If a supply pile runs out, it is empty. Do not replace it.' Prince of Gluttons (data
    S4): setup devours a gem from each gem pile; Unleash devours 3 (1-2 players) from the cheapest pile."""
    sc = Scenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    assert sc.get("G_DEVOURED") == 3
    jade_before = int(sc.s[L.SUPPLY_COUNT_BASE])
    sc.set_nemesis_deck(["slaughter"])
    sc.nemesis_turn()
    assert sc.get("G_DEVOURED") == 6 and int(sc.s[L.SUPPLY_COUNT_BASE]) == jade_before - 3
    assert sc.invariants() == 0


def test_crooked_mask_corruption_resolves_at_turn_start():
    """Rulebook, Nemesis Mat: 'Additional Rules: Any additional rules that pertain only to this nemesis.'
    Crooked Mask (data S4): Unleash gives a corruption on top of a deck; corruptions in hand resolve at the start
    of that player's turn, then go to the bottom of the corruption deck."""
    sc = Scenario.new("adelheim+brama vs crooked_mask", advance=False)
    assert sc.get("G_CORRUPTIONS") == 11
    sc.set_nemesis_deck(["slaughter", "needlemaw"])    # Unleash: any player gains a corruption on their deck
    sc.nemesis_turn()
    assert sc.get("G_CORRUPTIONS") == 10
    holder = [p for p in range(2) if any(c in sc.lib.nemeses["crooked_mask"]["corruptions"]
                                         for c in [sc.card(x) for x in sc.player(p)["deck_top_first"]])]
    assert len(holder) == 1
    p = holder[0]
    top = sc.player(p)["deck_top_first"][0]
    from sim.games.aeons_end import engine as E

    E.draw_cards(sc.s, p, 1)                           # the corruption is now in hand
    assert top in sc.player(p)["hand"]
    sc.s[L.TURN_ORDER_BASE:L.TURN_ORDER_BASE + 6] = [p, 0, 1, 1, L.TO_NEMESIS, L.TO_NEMESIS]
    sc.set("G_TURN_ORDER_POS", 0)
    sc.set("G_ROUNDS", 1)
    sc.advance()
    assert top not in sc.player(p)["hand"]
    assert sc.get("G_CORRUPTIONS") == 11
    assert sc.invariants() == 0


def test_crooked_mask_corrupter_corrupts_damager():
    """Rulebook: 'When you deal damage: To a minion, remove life tokens'. Corrupter (data S4): whoever damages
    it gains a corruption on top of their deck."""
    sc = Scenario.new("adelheim+brama vs crooked_mask", advance=False)
    sc.put_in_play("corrupter")
    sc.prep(0, 0, "spark")
    sc.set_active(0, phase="casting")
    sc.apply(sc.action("cast", breach=0, target=1))
    assert sc.in_play()[0]["life"] == 5
    assert sc.get("G_CORRUPTIONS") == 10


def test_prince_expert_setup_devours_nine_more_one_at_a_time():
    """Data S4 prince_of_gluttons.cljc setup (expert/extinction): nine prompts 'Place an additional nine ...
    one cards from any of the supply piles on top of the devoured pile', each resolving ::devour with its
    default number-of-cards 1, i.e. 9 more cards. Team rule (assumed): from the fullest pile, ties cheapest."""
    normal = Scenario.new("adelheim+brama vs prince_of_gluttons", advance=False)
    sc = Scenario.new("adelheim+brama vs prince_of_gluttons", edition="expert", advance=False)
    assert normal.get("G_DEVOURED") == 3
    assert sc.get("G_DEVOURED") == 3 + 9
    piles = [int(x) for x in sc.s[L.SUPPLY_COUNT_BASE:L.SUPPLY_COUNT_BASE + L.SUPPLY_PILES]]
    assert sum(piles) == sc.get("G_INITIAL_SUPPLY") - 12
    assert min(piles) > 0 and max(piles) - min(piles) <= 1   # spread: no pile emptied
    sc.set_nemesis_deck(["slaughter", "needlemaw"])          # the first Unleash no longer empties the supply
    sc.nemesis_turn()
    assert sc.status() == ("running", "") and sc.invariants() == 0
    assert sum(int(x) for x in sc.s[L.SUPPLY_COUNT_BASE:L.SUPPLY_COUNT_BASE + L.SUPPLY_PILES]) == sum(piles) - 3


def test_husks_not_targeted_by_damage_below_their_life():
    """Data (Carapace Queen): 'Foul Multitudes ... while in play husks have 2 life'; Rulebook: 'When you deal
    damage: To a minion, remove life tokens'. A 1-damage spell cannot kill a 2-life husk, so the team aims it
    elsewhere; the plan's husk_threshold decides when a swarm is worth thinning."""
    from sim.games.aeons_end import engine as E

    sc = Scenario.new("adelheim+brama vs carapace_queen", advance=False)
    sc.set("G_HUSKS", 8)
    assert E.best_target_h(sc.s, sc.T, 1, 4) == L.TARGET_HUSKS
    assert E.best_target_h(sc.s, sc.T, 1, 9) == 0              # below the plan's threshold: the nemesis
    sc.put_in_play("foul_multitudes")
    assert E.best_target_h(sc.s, sc.T, 1, 4) == 0
    assert E.best_target_h(sc.s, sc.T, 2, 4) == L.TARGET_HUSKS


def _corruption_in_hand(sc, p, corruption):
    """Move `corruption` to the top of the corruption deck, then into p's hand."""
    from sim.games.aeons_end import engine as E

    n = sc.get("G_CORRUPTIONS")
    deck = [int(x) for x in sc.s[L.CORRUPTION_BASE:L.CORRUPTION_BASE + n]]
    i = deck.index(sc.card(corruption))
    deck[i], deck[-1] = deck[-1], deck[i]
    sc.s[L.CORRUPTION_BASE:L.CORRUPTION_BASE + n] = deck
    E.gain_corruption(sc.s, sc.T, p, True)


def test_crooked_mask_expert_destroyed_corruption():
    """Data (Crooked Mask): 'destroyed corruption goes to bottom of corruption deck (expert: into any player's
    discard, or lose 1 charge to bottom it)'; S4: every corruption ends 'Destroy this.'. Team rule (assumed):
    pay the charge when the player has one, else the healthiest player takes it into their discard pile."""
    from sim.games.aeons_end import engine as E

    for edition, charges, expect_deck, expect_charges in (("normal", 1, 11, 1), ("expert", 1, 11, 0),
                                                          ("expert", 0, 10, 0)):
        sc = Scenario.new("adelheim+brama vs crooked_mask", edition=edition, advance=False)
        sc.set_player(0, "P_LIFE", 6)
        sc.set_player(0, "P_CHARGES", charges)
        _corruption_in_hand(sc, 0, "endless_hunger")
        E.resolve_corruptions(sc.s, sc.T, sc.keys, sc.counters, 0)
        assert sc.get("G_CORRUPTIONS") == expect_deck, edition
        assert sc.player(0)["charges"] == expect_charges
        assert ("endless_hunger" in sc.player(1)["discard_bottom_first"]) == (expect_deck == 10)
        assert sc.invariants() == 0


def test_oblivion_swell_discards_a_costly_gem_for_damage():
    """Data S1: 'Oblivion Swell ... on cast may discard a gem for +dmg equal to its cost'. Team rule (assumed):
    the caster discards the costliest gem in hand costing 4 or more; a cheaper gem is kept."""
    for gem, dealt in (("burning_opal", 2 + 5), ("jade", 2)):
        sc = Scenario.new(ENTRY, advance=False)
        sc.prep(0, 0, "oblivion_swell")
        sc.set_hand(0, [gem, "crystal"])
        sc.set_deck(0, ["crystal"] * 8)                          # keep the mage's ten cards (conservation check)
        sc.set_active(0, phase="casting")
        before = sc.get("G_NEMESIS_LIFE")
        sc.apply(sc.action("cast", breach=0, target=0))
        assert before - sc.get("G_NEMESIS_LIFE") == dealt, gem
        assert (gem in sc.player(0)["hand"]) == (dealt == 2)
        assert sc.invariants() == 0


def test_kadir_gate_on_an_allys_turn():
    """Data S5/S4, Kadir: 'Otherworldly Gate, charges: 5, timing: any player's main phase, effect: that player
    may return up to 3 spells from discard to hand and may prep up to 2 spells per opened breach this turn'."""
    sc = Scenario.new("adelheim+brama+kadir vs rageborne")
    sc.set_active(0, phase="main")
    sc.set_player(2, "P_CHARGES", 5)
    sc.set_discard(0, ["spark", "crystal", "spark"])
    sc.set_hand(0, ["crystal"])
    sc.set_deck(0, ["crystal"] * 7)                              # keep the mage's ten cards (conservation check)
    assert "ally_ability" in kinds(sc)
    sc.apply(sc.action("ally_ability", ally=2, player=0))
    assert sorted(sc.player(0)["hand"]) == ["crystal", "spark", "spark"]
    assert sc.player(0)["discard_bottom_first"] == ["crystal"]
    assert sc.player(2)["charges"] == 0 and sc.get("G_DOUBLE_PREP") == 1
    assert sc.invariants() == 0


def test_lash_quicken_thought_on_an_allys_turn_and_not_before_charged():
    """Data S5/S4, Lash: 'Quicken Thought, charges: 5, timing: any player's main phase, effect: shuffle any
    player's (non-wild) turn-order card from the discard back into the turn-order deck; that player suffers 1'."""
    sc = Scenario.new("adelheim+lash vs rageborne")
    sc.set_active(0, phase="main")
    sc.set_player(1, "P_CHARGES", 4)
    assert "ally_ability" not in kinds(sc)
    sc.set_player(1, "P_CHARGES", 5)
    pos = sc.get("G_TURN_ORDER_POS")
    assert any(c != L.TO_NEMESIS for c in sc.turn_order()["discard"])
    sc.apply(sc.action("ally_ability", ally=1, player=0))
    assert sc.get("G_TURN_ORDER_POS") == pos - 1
    assert sc.player(0)["life"] == 9 and sc.player(1)["charges"] == 0
    assert sc.invariants() == 0
