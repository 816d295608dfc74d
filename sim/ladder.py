"""The skill ladder of a game (issue 18, DESIGN.md §10): `make ladder GAME=<game>`.

The ladder is data, ``decks/<game>/ladder.yaml``:

    description: "..."                 # optional
    edition: "0.36"                    # optional: the game's default edition
    matchups: [all_factions]           # set names or entries, as in an experiment
    pairs: 40                          # seat-swapped pairs per matchup for each rung against the one below
    rungs: [random, greedy_explorer, search, ismcts_32]   # bots, weakest first
    checks: ["ismcts_32 vs greedy_explorer"]               # optional extra head-to-heads
    throughput_pairs: 1                # pairs per matchup of self-play timed for each rung's matches/s
    threshold: 0.52                    # a rung holds when the lower end of its 95% interval is above this

Each rung plays the one below on seat-swapped pairs (cooperative games, whose ladder compares each
rung's team win rate with the rung below's on common deals, are not built yet). Every head-to-head is an
ordinary experiment (``experiments/<game>-ladder-<upper>-vs-<lower>/``: resumable, its own manifest);
the throughput of each rung is its bot in every seat, timed in this process on warm kernels, in matches
per CPU-second (one core). The report, ``reports/<game>-ladder/`` (table and charts: the win rate of
each rung over the one below with its 95% interval over pairs, matches/s per rung), is built from the
experiments' lakes and the stored timings, and swapped in whole.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from sim.core.data_files import read_yaml
from sim.core.errors import UserError
from sim.core.paths import DECKS_DIR, ensure_writable, experiment_dir, report_dir
from sim.core.registry import get_game

KEYS = {"description", "edition", "matchups", "pairs", "rungs", "checks", "throughput_pairs", "threshold"}


@dataclass(frozen=True)
class Ladder:
    game: str
    file: str
    description: str
    edition: str
    matchups: tuple[str, ...]
    pairs: int
    rungs: tuple[str, ...]
    checks: tuple[tuple[str, str], ...]
    throughput_pairs: int
    threshold: float

    def bouts(self) -> list[tuple[str, str]]:
        """(upper, lower) of every head-to-head: each rung over the one below, then the checks."""
        steps = [(self.rungs[i], self.rungs[i - 1]) for i in range(1, len(self.rungs))]
        return steps + [bout for bout in self.checks if bout not in steps]

    def experiment(self, upper: str, lower: str) -> str:
        return f"{self.game}-ladder-{upper}-vs-{lower}"


def _positive_int(raw: dict, key: str, default: int | None, file: str) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UserError(f"must be a whole number of at least 1, got {value!r}", file=file, entry=key)
    return value


def load_ladder(game_name: str, data_dir: Path | None = None) -> Ladder:
    game = get_game(game_name)
    path = Path(data_dir or DECKS_DIR / game_name) / "ladder.yaml"
    file = str(path)
    if game.cooperative:  # issue 18: team win rate per rung on common deals; not built yet
        raise UserError("ladders of cooperative games are not built yet", file=file)
    if not path.is_file():
        raise UserError(f"{game_name} has no ladder yet (no ladder.yaml)", file=file)
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise UserError("a ladder is a mapping (rungs, matchups, pairs, ...)", file=file)
    for key in raw:
        if key not in KEYS:
            raise UserError(f"unknown key '{key}' (allowed: {', '.join(sorted(KEYS))})", file=file, entry=str(key))
    known = game.policy_names()
    rungs = raw.get("rungs")
    if not isinstance(rungs, list) or len(rungs) < 2:
        raise UserError("rungs: a list of at least two bots, weakest first", file=file, entry="rungs")
    for index, name in enumerate(rungs):
        if name not in known:
            raise UserError(f"unknown bot '{name}' (known: {', '.join(known)})", file=file, entry=f"rungs[{index}]")
    if len(set(rungs)) != len(rungs):
        raise UserError("a bot is on two rungs", file=file, entry="rungs")
    checks = []
    for index, text in enumerate(raw.get("checks") or []):
        parts = text.split(" vs ") if isinstance(text, str) else []
        if len(parts) != 2 or any(part.strip() not in known for part in parts) or parts[0].strip() == parts[1].strip():
            raise UserError(f"a check is '<bot> vs <other bot>' with known bots, got {text!r}", file=file,
                            entry=f"checks[{index}]")
        checks.append((parts[0].strip(), parts[1].strip()))
    matchups = raw.get("matchups")
    if not isinstance(matchups, list) or not matchups or not all(isinstance(m, str) for m in matchups):
        raise UserError("matchups: a list of set names or entries", file=file, entry="matchups")
    edition = raw.get("edition", game.default_edition())
    if edition not in game.editions():
        raise UserError(f"unknown edition '{edition}' (known: {', '.join(game.editions())})", file=file, entry="edition")
    threshold = raw.get("threshold", 0.52)
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0.0 <= threshold < 1.0:
        raise UserError(f"must be a number from 0 to below 1, got {threshold!r}", file=file, entry="threshold")
    return Ladder(game_name, file, str(raw.get("description", "")), str(edition), tuple(matchups),
                  _positive_int(raw, "pairs", None, file), tuple(rungs), tuple(checks),
                  _positive_int(raw, "throughput_pairs", 1, file), float(threshold))


def _sweep(ladder: Ladder, upper: str, lower: str, overrides: list[str]) -> Path:
    from sim.core import config, runner

    matchups = ",".join(json.dumps(m) for m in ladder.matchups)
    cfg = config.compose([
        f"game={ladder.game}",
        f"name={ladder.experiment(upper, lower)}",
        f"description=\"{ladder.game} ladder: {upper} against {lower}\"",
        f"editions=[{json.dumps(ladder.edition)}]",
        f"matchups=[{matchups}]",
        f"policies=[{upper},{lower}]",
        f"pairs={ladder.pairs}",
        *overrides,
    ])
    return runner.run(cfg).directory


def throughput(ladder: Ladder, bot: str) -> dict:
    """Matches per CPU-second of `bot` in every seat over `throughput_pairs` pairs of each matchup
    (warm kernels: one match is played first)."""
    from sim.core.seating import seats_for
    from sim.core.worker import seed_block

    game = get_game(ladder.game)
    ruleset = game.load_ruleset(ladder.edition)
    policy = game.load_policy(bot)
    matchups = game.load_matchups(ruleset, list(ladder.matchups))
    first = matchups[0]
    game.play_batch(ruleset, first, seats_for((policy,), first), seed_block(1, first, 0, 1))
    seconds, matches = 0.0, 0
    for matchup in matchups:
        seeds = seed_block(20261201, matchup, 0, ladder.throughput_pairs)
        start = time.process_time()
        game.play_batch(ruleset, matchup, seats_for((policy,), matchup), seeds)
        seconds += time.process_time() - start
        matches += len(seeds)
    return {"bot": bot, "matches": matches, "cpu_seconds": round(seconds, 3),
            "matches_per_cpu_second": round(matches / seconds, 2) if seconds > 0 else float("nan"),
            "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def run_ladder(ladder: Ladder, overrides: list[str] | None = None) -> Path:
    """Play every head-to-head of the ladder (resuming finished ones), time every rung, publish."""
    import sys

    game_name = ladder.game
    folder = ensure_writable(experiment_dir(f"{game_name}-ladder"))
    for upper, lower in ladder.bouts():
        print(f"ladder {game_name}: {upper} vs {lower}", file=sys.stderr, flush=True)
        _sweep(ladder, upper, lower, list(overrides or []))
    timings = {}
    for bot in ladder.rungs:
        timings[bot] = throughput(ladder, bot)
        print(f"ladder {game_name}: {bot} {timings[bot]['matches_per_cpu_second']:,} matches/s (one core)",
              file=sys.stderr, flush=True)
    (folder / "throughput.json").write_text(json.dumps(timings, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return build_ladder_report(ladder)


def bout_rows(ladder: Ladder) -> pl.DataFrame:
    """One row per head-to-head: pairs, the upper bot's win rate (draws half) and its 95% interval over
    pairs."""
    from sim.report.lake import Lake
    from sim.stats.pairs import pair_mean, pair_scores

    rows = []
    steps = set(zip(ladder.rungs[1:], ladder.rungs[:-1], strict=True))
    for upper, lower in ladder.bouts():
        folder = experiment_dir(ladder.experiment(upper, lower))
        with Lake(folder) as lake:
            pairs = pair_scores(lake.query("pair_rows"))
        summary = pair_mean(pairs, "a_score")
        rows.append({
            "bot": upper, "against": lower, "rung_step": (upper, lower) in steps, "pairs": int(summary["n"]),
            "win_rate": summary["mean"], "win_low": summary["low"], "win_high": summary["high"],
            "holds": bool(summary["low"] > ladder.threshold),
        })
    return pl.DataFrame(rows)


def build_ladder_report(ladder: Ladder) -> Path:
    from sim.report import charts
    from sim.report.build import building, read_manifest, write_documents
    from sim.report.document import Document, Heading, Image, Paragraph, Table

    game = get_game(ladder.game)
    timing_file = experiment_dir(f"{ladder.game}-ladder") / "throughput.json"
    if not timing_file.is_file():
        raise UserError("no throughput measured yet: run `make ladder` first", file=str(timing_file))
    timings = json.loads(timing_file.read_text(encoding="utf-8"))
    bouts = bout_rows(ladder)
    steps = bouts.filter(pl.col("rung_step"))
    checks = bouts.filter(~pl.col("rung_step"))
    rung_rows = [{"rung": i + 1, "bot": bot, "over": ladder.rungs[i - 1] if i else "",
                  "matches_per_second": timings.get(bot, {}).get("matches_per_cpu_second", float("nan"))}
                 for i, bot in enumerate(ladder.rungs)]
    rungs = pl.DataFrame(rung_rows).join(
        steps.select(pl.col("bot"), "pairs", "win_rate", "win_low", "win_high", "holds"), on="bot", how="left"
    ).sort("rung")
    document = Document(f"{game.title}: the skill ladder")
    failing = steps.filter(~pl.col("holds"))["bot"].to_list()
    if failing:
        document.answer(f"The ladder does not hold at every rung: {', '.join(failing)} do(es) not beat the rung "
                        f"below with the lower end of the 95% interval above {ladder.threshold:.2f}.")
    else:
        document.answer(f"Every rung beats the one below: the lower end of each 95% interval is above "
                        f"{ladder.threshold:.2f} ({len(steps)} steps, {', '.join(ladder.rungs)}).")
    document.add(
        Paragraph(f"{ladder.description} Edition {ladder.edition}; matchups {', '.join(ladder.matchups)}; "
                  f"{ladder.pairs} seat-swapped pairs per matchup for every head-to-head; win rates count a draw "
                  "as half, with a t interval over pairs (the independent unit). matches_per_second: the rung's "
                  "bot in every seat, matches per CPU-second on one core (timed after the sweeps, "
                  f"{ladder.throughput_pairs} pair(s) per matchup; wall-clock rates on a shared machine vary)."),
        Heading("Rungs"),
        Table(rungs, "ladder_rungs", "Each rung against the rung below, and its throughput", digits=1),
    )
    with building(report_dir(f"{ladder.game}-ladder")) as stage:
        labels = [f"{row['bot']} over {row['against']}" for row in steps.iter_rows(named=True)]
        charts.forest_plot(labels, steps["win_rate"].to_numpy(), steps["win_low"].to_numpy(), steps["win_high"].to_numpy(),
                           stage / "ladder_win_rates.png", title="Win rate of each rung over the rung below",
                           reference=0.5, band=(0.5, ladder.threshold), xlabel="win rate (pairs, 95% interval)")
        document.add(Image("ladder_win_rates.png", "Win rate of each rung over the rung below"))
        charts.rate_bars(list(ladder.rungs), [row["matches_per_second"] for row in rung_rows],
                         stage / "ladder_throughput.png", title="Matches per second per rung (one core, every seat)")
        document.add(Image("ladder_throughput.png", "Matches per second per rung"))
        if checks.height:
            document.add(Heading("Other head-to-heads"), Table(checks.drop("rung_step"), "ladder_checks",
                                                                "Head-to-heads named in the ladder's checks"))
        document.add(Heading("Provenance"))
        experiments = []
        for upper, lower in ladder.bouts():
            manifest = read_manifest(experiment_dir(ladder.experiment(upper, lower)))
            experiments.append({"experiment": ladder.experiment(upper, lower), "run_id": manifest.get("run_id", ""),
                                "git_sha": manifest.get("git_sha", ""), "matches": manifest.get("matches", 0),
                                "engine": json.dumps(manifest.get("engine_versions", {}))})
        document.add(Table(pl.DataFrame(experiments), "ladder_experiments", "The head-to-heads' experiments"),
                     Table(pl.DataFrame(list(timings.values())), "ladder_throughput", "Throughput measurements"))
        write_documents(document, stage)
    return report_dir(f"{ladder.game}-ladder") / "report.md"
