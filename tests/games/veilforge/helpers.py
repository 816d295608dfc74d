"""Positions for Veilforge's scenario tests: a match at its first decision with every hand and
mana zone emptied into the decks, so a test puts exactly the cards a rulebook passage talks about."""

from __future__ import annotations

from sim.games.veilforge import layout as L
from sim.games.veilforge.scenario import VeilforgeScenario

DUEL = "ashen_aggro vs ashen_control"  # seat 0: ashen_aggro, seat 1: ashen_control (order 0)
CHROME = "chrome_aggro vs chrome_control"
TEAMS = "ashen_aggro+chrome_control vs chrome_aggro+ashen_control"  # seats 0, 2: side A; 1, 3: side B


def fresh(entry: str = DUEL, seed: int = 1, order: int = 0, edition: str | None = None,
          rules: dict | None = None) -> VeilforgeScenario:
    sc = VeilforgeScenario.new(entry, edition=edition, seed=seed, order=order)
    for rule, value in (rules or {}).items():
        sc.set_rule(rule, value)
    for seat in range(sc.matchup.players):
        sc.clear_hand(seat)
        sc.clear_mana(seat)
    return sc


def give_mana(sc: VeilforgeScenario, seat: int, n: int) -> None:
    """n mana: the seat's deck's top n cards go face-down into its mana zone."""
    for _ in range(n):
        sc.put(seat, sc.player(seat)["deck"][-1], "mana")


def field(sc: VeilforgeScenario, seat: int, slot: int) -> dict | None:
    return sc.player(seat)["field"].get(slot)


def pass_turn(sc: VeilforgeScenario) -> None:
    """The deciding seat ends its action phase; every response window on the way is passed."""
    sc.apply(sc.action("pass"))
    while sc.state()["pending"] == "respond":
        sc.apply(sc.action("pass"))


def pay(sc: VeilforgeScenario) -> None:
    """Pay a pending cost with the first choice each time (response windows stay open)."""
    while sc.state()["pending"] == "pay":
        sc.apply(sc.legal()[0])


def answer_all(sc: VeilforgeScenario) -> None:
    """Pass every open response window and pay every pending cost with the first choice."""
    while sc.state()["pending"] in ("respond", "pay"):
        sc.apply(sc.legal()[0])


def battle(slot: int) -> int:
    return L.BATTLE_FIRST + slot


def support(slot: int) -> int:
    return L.SUPPORT_FIRST + slot
