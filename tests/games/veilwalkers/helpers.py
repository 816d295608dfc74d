"""Positions for Veilwalkers' scenario tests: a match past its setup (no bottom-and-redraw, the coin
flip's winner, seat 1, at Ring I S0, so seat 0 starts at Ring I S3), at seat 0's Shape."""

from __future__ import annotations

import shutil

import yaml

from sim.games.veilwalkers import GAME, data
from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.scenario import VeilwalkersScenario, site_of

DUEL = "lamplight vs roadfolk"  # order 0: seat 0 Garden (lamplight), seat 1 Wayfarer (roadfolk)
# the random and greedy bots: the search bots play a thousand times slower, and test_search.py checks them
PLAIN_BOTS = tuple(b for b in GAME.policy_names() if GAME.load_policy(b).policy_id not in V.SEARCH_POLICIES)


def shape(entry: str = DUEL, edition: str | None = None, start: int = 0, seed: int = 1, order: int = 0,
          resonance: int = 0, responses: bool = False) -> VeilwalkersScenario:
    """``responses``: keep the Quick Events dealt; else they go to the bottom of the decks, so a card play
    resolves at once (no Company can respond: rules/threadline.py) unless a test gives one."""
    sc = VeilwalkersScenario.new(entry, edition=edition, seed=seed, order=order)
    sc.skip_setup(start=start)
    sc.to_shape()
    if not responses:
        sc.stow_quick_events()
    if resonance:
        sc.set(0, "P_RESONANCE", resonance)
    return sc


def kinds(sc: VeilwalkersScenario) -> list[str]:
    return [L.ACTION_NAMES[a >> 16] for a in sc.legal()]


def end_turn(sc: VeilwalkersScenario) -> None:
    """End the deciding seat's Shape (discarding the first cards if over the hand limit) and decline
    the next seat's Weave."""
    sc.apply(sc.action("end_shape"))
    while sc.state()["pending"] == "discard":
        sc.apply(sc.action("discard", index=0))
    sc.to_shape()


def at(where) -> int:
    return site_of(where)


def edited_data(tmp_path, file: str, edit):
    """A copy of decks/veilwalkers whose YAML ``file`` is changed by ``edit(raw)`` (in place): for data
    the starter decks lack, or data a designer could get wrong."""
    folder = tmp_path / "veilwalkers"
    shutil.copytree(data.DATA_DIR, folder)
    raw = yaml.safe_load((folder / file).read_text())
    edit(raw)
    (folder / file).write_text(yaml.safe_dump(raw))
    return folder
