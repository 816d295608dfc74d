"""Fire tokens: added by nemesis cards, the loss at ten, choices that avoid them. Each test cites the rulebook
passage (or the public data line) it checks."""

from tests.games.aeons_end.helpers import fresh, life, own_ten


def test_fire_token_added_and_ten_lose():
    """Rulebook, Fire Tokens: 'The players immediately lose the game if there are 10 or more fire tokens on
    your location on the map.' Data: 'Coal Welp ... persistent: "Unleash; add a fire token"'."""
    sc = fresh()
    sc.put_in_play("coal_welp")
    sc.set_nemesis_deck(["chaos_orb", "chaos_orb"])
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 1 and sc.get("G_UNLEASHES") == 1 and sc.status()[0] == "running"
    assert sc.invariant_error() == 0
    sc.set("G_FIRE", 9)
    sc.set("G_FURY", 0)
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 10
    assert sc.status() == ("lost", "fire_tokens")


def test_fire_is_not_damage_prevented_by_auspex_rune():
    """Rulebook, Game Terms: fire tokens 'track how much damage has been done to the location' — they are
    tokens, not damage suffered by players or Gravehold, so Phaedraxa's prevention leaves them (assumed)."""
    sc = fresh()
    sc.set("G_PREVENT_DAMAGE", 1)
    sc.put_in_play("impending_immolation", power=1)   # POWER: Unleash; Gravehold suffers 3; add a fire token
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 1 and sc.get("G_GRAVEHOLD") == 30


def test_spreading_inferno_fire_if_three_or_fewer_else_unleash():
    """Data: 'Spreading Inferno ... effect: "Unleash twice; add a fire token if <=3 on your location, else
    Unleash again"'."""
    for fire, expect_fire, unleashes in ((3, 4, 2), (4, 4, 3)):
        sc = fresh()
        sc.set("G_FIRE", fire)
        sc.put_in_play("spreading_inferno", power=1)
        sc.set_nemesis_deck(["chaos_orb"])
        sc.nemesis_turn()
        assert (sc.get("G_FIRE"), sc.get("G_UNLEASHES")) == (expect_fire, unleashes)


def test_consume_fire_token_when_the_discard_costs_two_or_less():
    """Data: 'Consume, type: attack, effect: "Unleash; any player suffers 2 and discards a card; fire token if
    that card costs <=2"'. Team rule: discard a card costing 3+ when held (no fire token)."""
    sc = fresh()
    sc.set_hand(0, ["crystal", "jade"])
    sc.set_hand(1, ["crystal"])
    sc.set_nemesis_deck(["consume"])
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 1 and life(sc) == [8, 10]
    assert sc.player(0)["hand"] == ["jade"]           # the cheapest card (Crystal, cost 0) went: fire
    sc = fresh()
    sc.set_hand(0, ["crystal", "vriswood_amber", "ignite"])
    own_ten(sc, 0)
    sc.set_nemesis_deck(["consume"])
    sc.nemesis_turn()
    assert sc.get("G_FIRE") == 0 and sc.player(0)["hand"] == ["crystal", "ignite"]
    assert sc.get("G_NEMESIS_DISCARD") == 1 and sc.invariant_error() == 0


def test_incinerate_fire_token_per_remaining_card_costing_two_or_more():
    """Data: 'Incinerate ... "Unleash twice; holder of the most expensive card in hand suffers 2 and discards
    3; fire token per remaining card costing >=2"'."""
    sc = fresh()
    sc.set_hand(0, ["crystal", "jade"])
    sc.set_hand(1, ["consuming_void", "ignite", "jade", "jade", "sifters_pearl", "crystal"])
    sc.set_nemesis_deck(["incinerate"])
    sc.nemesis_turn()
    # Brama holds the most expensive card (7): suffers 2, discards her 3 costliest; jade, jade remain (2 each)
    assert life(sc) == [10, 8] and sorted(sc.player(1)["hand"]) == ["crystal", "jade", "jade"]
    assert sc.get("G_FIRE") == 2 and sc.get("G_UNLEASHES") == 2


def test_void_strays_and_ruin_or_weigh_fire_as_three_gravehold_damage():
    """Rulebook, "OR" effects: 'you may choose either option, unless you cannot fully resolve one of them.'
    Data: 'Ruin ... "Unleash twice + Gravehold suffers 3 OR Unleash twice + add a fire token"', 'Void Strays ...
    "any player suffers 3 OR Unleash and add 2 fire tokens"'. Team: one fire token weighs 3 Gravehold damage
    (a tenth of a loss vs a thirtieth), ties to the first option."""
    sc = fresh()
    sc.set_nemesis_deck(["ruin"])
    sc.nemesis_turn()
    assert (sc.get("G_GRAVEHOLD"), sc.get("G_FIRE")) == (27, 0)
    sc = fresh()
    sc.put_in_play("void_strays")
    sc.set_nemesis_deck(["chaos_orb"])
    sc.nemesis_turn()
    assert life(sc) == [7, 10] and sc.get("G_FIRE") == 0
