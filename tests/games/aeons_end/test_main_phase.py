"""Player turn, main phase: charges and the other main-phase actions. Each test cites the rulebook passage (or
the public data line) it checks."""

from sim.games.aeons_end import layout as L
from sim.games.aeons_end.scenario import Scenario
from tests.games.aeons_end.helpers import ENTRY


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
