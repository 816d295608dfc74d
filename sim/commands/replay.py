"""Replay one stored match from its seed key and print its event log.

The match is replayed with the experiment's own config (from its manifest), then checked
against the stored row: same winner, same number of turns. A mismatch means the engine changed
since the run (compare ``engine_version``) and is reported as an error.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.api import scan_parts
from sim.core.errors import UserError
from sim.core.experiment import load_manifest, stored_config
from sim.core.game import SeedBlock
from sim.core.rng import name_key
from sim.core.runner import make_plan

ORDER = ["edition", "matchup_id", "pair_index", "swap"]


def read_matches(folder) -> pl.DataFrame:
    return scan_parts(folder).collect().sort(ORDER)


def find_row(matches: pl.DataFrame, row: str, edition: str = "") -> dict:
    if row.isdigit():
        index = int(row)
        if index >= matches.height:
            raise UserError(f"row {index} is past the last row ({matches.height - 1})", entry="ROW")
        return matches.row(index, named=True)
    hits = matches.filter(pl.col("seed_key") == row)
    if edition:
        hits = hits.filter(pl.col("edition") == edition)
    if hits.height == 0:
        raise UserError(f"no row with seed_key '{row}'", entry="ROW")
    if hits.height > 1:
        options = ", ".join(hits["edition"].to_list())
        raise UserError(f"seed_key '{row}' is in several arms ({options}); add --edition", entry="ROW")
    return hits.row(0, named=True)


def replay_row(experiment: str, row: str, edition: str = "") -> list[str]:
    folder, manifest = load_manifest(experiment)
    # the manifest first: it says how the lake is read (its lake format) as well as what was played
    plan = make_plan(stored_config(manifest, folder / "manifest.json"))
    stored = find_row(read_matches(folder), row, edition)
    if stored["engine_version"] != plan.game.engine_version:
        raise UserError(
            f"row was played by engine {stored['engine_version']}, this is {plan.game.engine_version}: "
            "the replay would differ",
            entry="ROW",
        )
    arms = [r.ruleset_id for r in plan.rulesets]
    index = None
    if stored["edition"] in arms:
        ids = [m.matchup_id for m in plan.matchups[arms.index(stored["edition"])]]
        index = ids.index(stored["matchup_id"]) if stored["matchup_id"] in ids else None
    if index is None:
        raise UserError(
            f"the row's arm '{stored['edition']}' and matchup '{stored['matchup_id']}' are not in the experiment's "
            "config (its manifest was changed since the run)",
            file=str(folder / "manifest.json"),
        )
    arm = arms.index(stored["edition"])
    if stored.get("ruleset_hash") not in (None, plan.rulesets[arm].ruleset_hash):
        raise UserError(
            f"the row was played with ruleset {stored['ruleset_hash'][:8]} of '{stored['edition']}', and its data now "
            f"resolves to {plan.rulesets[arm].ruleset_hash[:8]} (the data folder was edited since): the replay would "
            "differ",
            file=str(plan.cfg.data_dir or f"decks/{plan.game.name}"), entry=stored["edition"],
        )
    matchup, policies = plan.matchups[arm][index], plan.policies[index]
    seeds = SeedBlock(
        int(stored["root_seed"]),
        name_key(matchup.matchup_id),
        np.array([stored["pair_index"]], np.int64),
        np.array([stored["swap"]], np.uint8),
    )
    ruleset = plan.rulesets[arm]
    log = plan.game.replay(ruleset, matchup, policies, seeds)
    again = plan.game.play_batch(ruleset, matchup, policies, seeds)
    if int(again.winner[0]) != stored["winner_seat"] or int(again.turns[0]) != stored["turns"]:
        raise UserError("replayed match differs from the stored row (engine or data changed)", entry="ROW")
    header = [
        f"match {stored['seed_key']} | {stored['edition']} | {stored['side_a']} ({stored['policy_a']}) vs "
        f"{stored['side_b']} ({stored['policy_b']}) | first: side {stored['first_side']}",
        f"stored result: winner {stored['winner_side']} by {stored['end_reason']} after {stored['turns']} turns",
    ]
    return header + log
