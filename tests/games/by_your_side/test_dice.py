"""By Your Side, dice (rulebook: Dice). Veil Tremor rolls when revealed: 1-2 each character loses 1
Stability; 3-4 one character loses 1; 5-6 nothing."""

from tests.games.by_your_side.conftest import blank


def _tremor(seed, **items):
    sc = blank("scenario_3", seed=seed)
    sc.set_planes(["stun", "veil_tremor"])
    for name in items.get("charms", []):
        sc.add_charm(1, name)
    for name in items.get("talismans", []):
        sc.equip(1, name)
    sc.set_hand(0, ["glimpse"])
    sc.apply(sc.action("play", card="glimpse"))
    sc.apply(sc.action("reveal", position=2))
    return sc


def _losses(sc):
    return [line for line in sc.events_text() if "Stability -" in line]


def test_a_die_roll_picks_the_cards_result():
    """"The game uses one six-sided die. When a card tells you to roll a die, roll it and use the result the card
    gives for that number.\""""
    seen = set()
    for seed in range(1, 40):
        sc = _tremor(seed)
        sc.answer_all("take the loss")
        die = sc.state()["die"]
        seen.add(die)
        losses = len(_losses(sc))
        assert losses == (2 if die <= 2 else 1 if die <= 4 else 0), die
    assert seen == {1, 2, 3, 4, 5, 6}


def test_a_reroll_replaces_the_result_once():
    """"When an effect lets you re-roll a die, roll it again. The new result replaces the old one and cannot be
    re-rolled again unless a card says so." (Lucky Feather: Banish it to re-roll.)"""
    sc = _tremor(3, charms=["lucky_feather", "lucky_feather"])
    assert sc.state()["choice"] == "die"
    first = sc.state()["die"]
    sc.apply(sc.action("reroll", seat=1, charm=0))
    state = sc.state()
    assert sc.player(1)["charms"] == ["lucky_feather"]
    assert not any(sc.describe(a).startswith("re-roll") for a in sc.legal()) or state["choice"] != "die"
    rolls = [line for line in sc.events_text() if line.startswith("die:")]
    assert len(rolls) == 2 and rolls[0] == f"die: {first}"


def test_raising_a_result_happens_before_the_card_reads_it():
    """"When an effect lets you raise or lower a result by 1, do it before the card reads the result." (Moon Dial:
    raise or lower a die by 1, then cooldown.)"""
    for seed in range(1, 60):
        sc = _tremor(seed, talismans=["moon_dial"])
        if sc.state()["choice"] == "die" and sc.state()["die"] == 4:
            break
    sc.apply(sc.action("raise", seat=1, talisman=0))
    sc.answer_all("take the loss")
    assert sc.state()["die"] == 5 and _losses(sc) == [] and sc.player(1)["cooldowns"][0] == 1
