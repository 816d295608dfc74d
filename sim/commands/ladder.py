"""The skill ladder of a game (issue 18, DESIGN.md §10): `make ladder GAME=<game>`.

The ladder is data, ``decks/<game>/ladder.yaml``:

    description: "..."                 # optional
    edition: "0.36"                    # optional: the game's default edition
    matchups: [all_factions]           # set names or entries, as in an experiment
    pairs: 40                          # seat-swapped pairs per matchup for each rung against the one below
    rungs: [random, greedy_explorer, search, ismcts_32]   # bots, weakest first
    checks: ["ismcts_32 vs greedy_explorer",               # optional extra head-to-heads; one may
             {bout: "search vs greedy_explorer", pairs: 100}]  # play more pairs than the rungs
    throughput_pairs: 1                # pairs per matchup of self-play timed for each rung's matches/s
    threshold: 0.52                    # a rung holds when the lower end of its 95% interval is above this

Each rung plays the one below on seat-swapped pairs. Every head-to-head is an ordinary experiment (``experiments/<game>-ladder-<upper>-vs-<lower>/``: resumable, its own manifest);
the throughput of each rung is its bot in every seat, timed in this process on warm kernels, in matches
per CPU-second (one core). The report, ``reports/<game>-ladder/`` (table and charts: the win rate of
each rung over the one below with its 95% interval over pairs, matches/s per rung), is built from the
experiments' lakes and the stored timings, and swapped in whole.

A cooperative game's ladder has no head-to-heads: every rung plays the same deals as the whole team
(one experiment per rung, ``experiments/<game>-ladder-<rung>/``, all with the same seed, so deal i of a
matchup is the same deal for every rung), and each rung's team win rate is compared with the rung
below's as a paired difference over the common deals (``sim.stats.pairs.paired_comparison``), per
player count. Its file has two more keys and `threshold` is the difference a rung must clear:

    variants:                                    # optional: other editions, each played by every rung on
      normal-nonempty-unleash: ["adelheim+brama vs prince_of_gluttons"]   # the matchups its rules change;
                                                 # the other matchups play as under `edition` (same deals)
    printed_difficulty: {rageborne: 2, ...}      # optional: a matchup's printed level, by a word of its id
    threshold: 0.0                               # a rung holds when its difference's 95% interval is above this
    checks: ["ismcts_64 vs ismcts_32"]           # optional: other bots' teams on the same deals, each compared
                                                 # with the named bot's as the rungs are (no `pairs` of their own)

A cooperative check is how a bot that does not separate from its neighbours (a greedy style that never wins
at some player count, a search budget past the point where more iterations stop helping) stays measured and
reported beside the ladder without standing on it.

With `printed_difficulty` the report orders the matchups of each player count by team win rate at
every rung and edition, against the printed order.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from sim.core.data_files import read_yaml
from sim.core.errors import UserError
from sim.core.paths import DECKS_DIR, ensure_writable, experiment_dir, report_dir
from sim.core.registry import get_game

KEYS = {"description", "edition", "matchups", "pairs", "rungs", "checks", "throughput_pairs", "threshold"}
COOPERATIVE_KEYS = KEYS | {"variants", "printed_difficulty"}  # checks compare teams on the common deals


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
    cooperative: bool = False
    variants: tuple[tuple[str, tuple[str, ...]], ...] = ()  # cooperative: (other edition, its matchups)
    printed_difficulty: tuple[tuple[str, float], ...] = ()  # cooperative: (word of a matchup id, level)
    check_pairs: tuple[tuple[tuple[str, str], int], ...] = ()  # a check's own pairs per matchup, when given

    def pairs_of(self, upper: str, lower: str) -> int:
        """Pairs per matchup of a head-to-head: a check's own count, else the ladder's."""
        return dict(self.check_pairs).get((upper, lower), self.pairs)

    def bouts(self) -> list[tuple[str, str]]:
        """(upper, lower) of every head-to-head: each rung over the one below, then the checks."""
        steps = [(self.rungs[i], self.rungs[i - 1]) for i in range(1, len(self.rungs))]
        return steps + [bout for bout in self.checks if bout not in steps]

    @property
    def bots(self) -> tuple[str, ...]:
        """Every bot the ladder plays: the rungs, then the checks' other bots."""
        named = [bot for check in self.checks for bot in check]
        return tuple(dict.fromkeys([*self.rungs, *named]))

    def experiment(self, upper: str, lower: str) -> str:
        return f"{self.game}-ladder-{upper}-vs-{lower}"

    @property
    def editions(self) -> tuple[str, ...]:
        return (self.edition,) + tuple(name for name, _ in self.variants)

    def rung_experiment(self, bot: str, variant: str = "") -> str:
        """A cooperative ladder's experiment of one rung (the team played by `bot` on the common deals),
        under the ladder's edition or one of its variants."""
        return "-".join(filter(None, [f"{self.game}-ladder-{bot}", variant]))


def _positive_int(raw: dict, key: str, default: int | None, file: str) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UserError(f"must be a whole number of at least 1, got {value!r}", file=file, entry=key)
    return value


def load_ladder(game_name: str, data_dir: Path | None = None) -> Ladder:
    game = get_game(game_name)
    path = Path(data_dir or DECKS_DIR / game_name) / "ladder.yaml"
    file = str(path)
    if not path.is_file():
        raise UserError(f"{game_name} has no ladder yet (no ladder.yaml)", file=file)
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise UserError("a ladder is a mapping (rungs, matchups, pairs, ...)", file=file)
    allowed = COOPERATIVE_KEYS if game.cooperative else KEYS
    for key in raw:
        if key not in allowed:
            raise UserError(f"unknown key '{key}' (allowed: {', '.join(sorted(allowed))})", file=file, entry=str(key))
    known = game.policy_names()
    rungs = raw.get("rungs")
    if not isinstance(rungs, list) or len(rungs) < 2:
        raise UserError("rungs: a list of at least two bots, weakest first", file=file, entry="rungs")
    for index, name in enumerate(rungs):
        if name not in known:
            raise UserError(f"unknown bot '{name}' (known: {', '.join(known)})", file=file, entry=f"rungs[{index}]")
    if len(set(rungs)) != len(rungs):
        raise UserError("a bot is on two rungs", file=file, entry="rungs")
    checks, check_pairs = [], []
    for index, check in enumerate(raw.get("checks") or []):
        text = check.get("bout") if isinstance(check, dict) else check
        parts = text.split(" vs ") if isinstance(text, str) else []
        if (len(parts) != 2 or any(part.strip() not in known for part in parts) or parts[0].strip() == parts[1].strip()
                or (isinstance(check, dict) and set(check) - {"bout", "pairs"})):
            raise UserError(f"a check is '<bot> vs <other bot>' with known bots, or {{bout: '<bot> vs <other bot>', "
                            f"pairs: <n>}}, got {check!r}", file=file, entry=f"checks[{index}]")
        checks.append((parts[0].strip(), parts[1].strip()))
        if isinstance(check, dict) and "pairs" in check:
            if game.cooperative:
                raise UserError("a cooperative check plays the ladder's common deals: it has no pairs of its own",
                                file=file, entry=f"checks[{index}]")
            check_pairs.append((checks[-1], _positive_int(check, "pairs", None, f"{file}, checks[{index}]")))
    matchups = raw.get("matchups")
    if not isinstance(matchups, list) or not matchups or not all(isinstance(m, str) for m in matchups):
        raise UserError("matchups: a list of set names or entries", file=file, entry="matchups")
    edition = raw.get("edition", game.default_edition())
    if edition not in game.editions():
        raise UserError(f"unknown edition '{edition}' (known: {', '.join(game.editions())})", file=file, entry="edition")
    threshold = raw.get("threshold", 0.0 if game.cooperative else 0.52)
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0.0 <= threshold < 1.0:
        raise UserError(f"must be a number from 0 to below 1, got {threshold!r}", file=file, entry="threshold")
    variants = raw.get("variants") or {}
    if not isinstance(variants, dict) or not all(
            isinstance(v, list) and v and all(isinstance(m, str) for m in v) for v in variants.values()):
        raise UserError("variants: a mapping of an edition to the matchups it is played on", file=file,
                        entry="variants")
    for name in variants:
        if name not in game.editions() or name == edition:
            raise UserError(f"a variant is another known edition (known: {', '.join(game.editions())}), got "
                            f"'{name}'", file=file, entry=f"variants.{name}")
    difficulty = raw.get("printed_difficulty") or {}
    if not isinstance(difficulty, dict) or not all(
            isinstance(level, (int, float)) and not isinstance(level, bool) for level in difficulty.values()):
        raise UserError("printed_difficulty: a mapping of a word of a matchup id to its printed level", file=file,
                        entry="printed_difficulty")
    return Ladder(game_name, file, str(raw.get("description", "")), str(edition), tuple(matchups),
                  _positive_int(raw, "pairs", None, file), tuple(rungs), tuple(checks),
                  _positive_int(raw, "throughput_pairs", 1, file), float(threshold), bool(game.cooperative),
                  tuple((str(name), tuple(entries)) for name, entries in variants.items()),
                  tuple((str(word), float(level)) for word, level in difficulty.items()), tuple(check_pairs))


def _sweep(ladder: Ladder, upper: str, lower: str | None, overrides: list[str], variant: str = "") -> Path:
    """The head-to-head of `upper` against `lower`; cooperative (lower None): `upper`'s team on the common
    deals, under the ladder's edition or on a variant's own matchups."""
    from sim.core import config, runner

    matchups = ",".join(json.dumps(m) for m in (dict(ladder.variants)[variant] if variant else ladder.matchups))
    if lower is None:
        name, bots = ladder.rung_experiment(upper, variant), upper
        description = f"{ladder.game} ladder: the {upper} team" + (f" ({variant})" if variant else "")
        editions = json.dumps(variant or ladder.edition)
    else:
        name, description = ladder.experiment(upper, lower), f"{ladder.game} ladder: {upper} against {lower}"
        bots, editions = f"{upper},{lower}", json.dumps(ladder.edition)
    cfg = config.compose([
        f"game={ladder.game}",
        f"name={name}",
        f"description=\"{description}\"",
        f"editions=[{editions}]",
        f"matchups=[{matchups}]",
        f"policies=[{bots}]",
        f"pairs={ladder.pairs if lower is None else ladder.pairs_of(upper, lower)}",
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
    if ladder.cooperative:
        for bot in ladder.bots:
            for variant in ["", *dict(ladder.variants)]:
                print(f"ladder {game_name}: the {bot} team {variant}", file=sys.stderr, flush=True)
                _sweep(ladder, bot, None, list(overrides or []), variant)
    else:
        for upper, lower in ladder.bouts():
            print(f"ladder {game_name}: {upper} vs {lower}", file=sys.stderr, flush=True)
            _sweep(ladder, upper, lower, list(overrides or []))
    timings = {}
    for bot in ladder.bots:
        timings[bot] = throughput(ladder, bot)
        print(f"ladder {game_name}: {bot} {timings[bot]['matches_per_cpu_second']:,} matches/s (one core)",
              file=sys.stderr, flush=True)
    (folder / "throughput.json").write_text(json.dumps(timings, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return build_ladder_report(ladder)


def _timings(ladder: Ladder) -> dict:
    timing_file = experiment_dir(f"{ladder.game}-ladder") / "throughput.json"
    if not timing_file.is_file():
        raise UserError("no throughput measured yet: run `make ladder` first", file=str(timing_file))
    return json.loads(timing_file.read_text(encoding="utf-8"))


def _provenance(names: list[str], caption: str, timings: dict) -> list:
    """The report's provenance tables: each experiment's run, commit, matches and engine, and the timings."""
    from sim.report.build import read_manifest
    from sim.report.document import Table

    experiments = []
    for name in names:
        manifest = read_manifest(experiment_dir(name))
        experiments.append({"experiment": name, "run_id": manifest.get("run_id", ""),
                            "git_sha": manifest.get("git_sha", ""), "matches": manifest.get("matches", 0),
                            "engine": json.dumps(manifest.get("engine_versions", {}))})
    return [Table(pl.DataFrame(experiments), "ladder_experiments", caption),
            Table(pl.DataFrame(list(timings.values())), "ladder_throughput", "Throughput measurements")]


def rung_pairs(ladder: Ladder) -> dict[str, pl.DataFrame]:
    """A cooperative ladder's deals per rung under each of its editions: edition,
    matchup_id, pair_index, a_score (the team won). A variant's matchups are its own experiment's; its other
    matchups are the ladder edition's deals (the variant does not change them)."""
    from sim.report.lake import Lake
    from sim.stats.pairs import pair_scores

    def scores(folder: Path) -> pl.DataFrame:
        with Lake(folder) as lake:
            return pair_scores(lake.query("pair_rows")).select("edition", "matchup_id", "pair_index", "a_score")

    pairs = {}
    for bot in ladder.bots:
        main = scores(experiment_dir(ladder.rung_experiment(bot)))
        frames = [main]
        for variant, _ in ladder.variants:
            own = scores(experiment_dir(ladder.rung_experiment(bot, variant)))
            rest = main.filter(~pl.col("matchup_id").is_in(own["matchup_id"].unique().to_list()))
            frames += [own, rest.with_columns(pl.lit(variant).alias("edition"))]
        pairs[bot] = pl.concat(frames)
    return pairs


def _player_groups(ladder: Ladder) -> dict[int, dict[str, str]]:
    """{player count: {matchup id: label}} of the ladder's matchups."""
    game = get_game(ladder.game)
    groups: dict[int, dict[str, str]] = {}
    for matchup in game.load_matchups(game.load_ruleset(ladder.edition), list(ladder.matchups)):
        groups.setdefault(matchup.players, {})[matchup.matchup_id] = matchup.sides[0]
    return dict(sorted(groups.items()))


def coop_rows(ladder: Ladder, pairs: dict[str, pl.DataFrame] | None = None, checks: bool = False) -> pl.DataFrame:
    """One row per (edition, player count, rung): deals, the team win rate with its 95% interval over
    deals, and the paired difference from the rung below on the common deals with its 95% interval
    (`holds`: the interval lies above the ladder's threshold). The first rung has no difference. With
    `checks`, one row per check instead: its first bot compared in the same way with its second."""
    from sim.stats.intervals import score_interval
    from sim.stats.pairs import paired_comparison

    pairs = pairs if pairs is not None else rung_pairs(ladder)
    steps = list(ladder.checks) if checks else [(bot, ladder.rungs[i - 1] if i else "")
                                                for i, bot in enumerate(ladder.rungs)]
    rows = []
    for edition in ladder.editions:
        for players, matchups in _player_groups(ladder).items():
            chosen = {bot: frame.filter((pl.col("edition") == edition) & pl.col("matchup_id").is_in(list(matchups)))
                      for bot, frame in pairs.items()}
            for index, (bot, over) in enumerate(steps):
                rate = score_interval(chosen[bot]["a_score"].to_numpy())
                row = {"edition": edition, "players": players, "rung": index + 1, "bot": bot, "deals": int(rate["n"]),
                       "win_rate": rate["mean"], "win_low": rate["low"], "win_high": rate["high"],
                       "over": over, "difference": None, "difference_low": None,
                       "difference_high": None, "p_value": None, "holds": None}
                if over:
                    step = paired_comparison(chosen[over], chosen[bot], score="a_score").row(-1, named=True)
                    row.update(difference=step["difference"], difference_low=step["low"],
                               difference_high=step["high"], p_value=step["p_value"],
                               holds=bool(step["low"] > ladder.threshold))
                rows.append(row)
    frame = pl.DataFrame(rows, infer_schema_length=None)
    return frame.drop("rung") if checks else frame


def difficulty_rows(ladder: Ladder, pairs: dict[str, pl.DataFrame] | None = None) -> pl.DataFrame:
    """One row per (edition, player count, rung, matchup): the team win rate with its 95% interval, the
    matchup's printed level (`printed_difficulty`) and its rank by win rate (1 = the easiest)."""
    from sim.stats.intervals import score_interval

    pairs = pairs if pairs is not None else rung_pairs(ladder)
    rows = []
    for edition in ladder.editions:
        for players, matchups in _player_groups(ladder).items():
            for bot in ladder.bots:
                frame = pairs[bot].filter(pl.col("edition") == edition)
                group = []
                for matchup_id, label in matchups.items():
                    rate = score_interval(frame.filter(pl.col("matchup_id") == matchup_id)["a_score"].to_numpy())
                    level = next((lv for word, lv in ladder.printed_difficulty if word in matchup_id), float("nan"))
                    group.append({"edition": edition, "players": players, "bot": bot, "matchup": label,
                                  "printed_level": level, "deals": int(rate["n"]), "win_rate": rate["mean"],
                                  "win_low": rate["low"], "win_high": rate["high"]})
                group.sort(key=lambda row: -row["win_rate"])
                for rank, row in enumerate(group, start=1):
                    rows.append({**row, "rank_easiest_first": rank})
    return pl.DataFrame(rows)


def difficulty_statements(difficulty: pl.DataFrame, rungs: tuple[str, ...]) -> list[str]:
    """Per edition and player count, the easiest and the hardest matchup at the rungs that win any deal
    there, said as holding at every such rung or naming the rung where another takes its place
    (`difficulty`: difficulty_rows' frame)."""
    statements = []
    for (edition, players), group in difficulty.group_by(["edition", "players"], maintain_order=True):
        ends: dict[str, dict[str, list[str]]] = {"easiest": {}, "hardest": {}}
        for bot in rungs:
            rows = group.filter(pl.col("bot") == bot).sort("rank_easiest_first")
            if rows.height == 0 or rows["win_rate"].max() == 0:
                continue  # a rung that never wins orders nothing
            for end, row in (("easiest", rows.row(0, named=True)), ("hardest", rows.row(-1, named=True))):
                ends[end].setdefault(row["matchup"].split(" vs ")[-1], []).append(bot)
        if not ends["easiest"]:
            continue
        parts = []
        for end, holders in ends.items():
            if len(holders) == 1:
                parts.append(f"the {end} is {next(iter(holders))} at every rung that wins")
            else:
                parts.append(f"the {end} is " + ", ".join(f"{name} at {', '.join(bots)}"
                                                            for name, bots in holders.items()))
        statements.append(f"{edition}, {players} players: {'; '.join(parts)}.")
    return statements


def discordant_pairs(group: pl.DataFrame) -> tuple[int, int, int]:
    """(pairs of matchups whose printed levels differ; of them, those against the printed order, the printed
    harder one won more often; and those tied, won as often)."""
    rows = group.select("printed_level", "win_rate").rows()
    compared = against = tied = 0
    for i, (level_i, rate_i) in enumerate(rows):
        for level_j, rate_j in rows[i + 1:]:
            if level_i != level_j and not math.isnan(level_i) and not math.isnan(level_j):
                compared += 1
                easier, harder = ((rate_i, rate_j) if level_i < level_j else (rate_j, rate_i))
                against += int(harder > easier)
                tied += int(harder == easier)
    return compared, against, tied


def build_coop_report(ladder: Ladder) -> Path:
    """reports/<game>-ladder/ of a cooperative ladder: per player count, each rung's team win rate and its
    paired difference from the rung below on the common deals; matches/s per rung; the matchups' order of
    difficulty per rung and edition against the printed order."""
    from sim.report import charts
    from sim.report.build import building, write_documents
    from sim.report.document import Document, Heading, Image, Paragraph, Table

    game = get_game(ladder.game)
    timings = _timings(ladder)
    pairs = rung_pairs(ladder)
    speeds = {bot: timings.get(bot, {}).get("matches_per_cpu_second", float("nan")) for bot in ladder.bots}

    def with_speed(frame: pl.DataFrame) -> pl.DataFrame:
        return frame.with_columns(pl.col("bot").replace_strict(speeds, return_dtype=pl.Float64)
                                  .alias("matches_per_second"))

    rows = with_speed(coop_rows(ladder, pairs))
    main = rows.filter(pl.col("edition") == ladder.edition)
    steps = main.filter(pl.col("rung") > 1)
    document = Document(f"{game.title}: the skill ladder")
    failing = [f"{row['bot']} ({row['players']}p)" for row in steps.iter_rows(named=True) if not row["holds"]]
    widths = (steps["difference_high"] - steps["difference_low"]) / 2
    if failing:
        document.answer(f"The ladder does not hold at every rung: {', '.join(failing)} do(es) not raise the team "
                        f"win rate over the rung below with the 95% interval of the paired difference above "
                        f"{ladder.threshold:.2f}.")
    else:
        document.answer(f"Every rung raises the team win rate over the rung below at every player count: each "
                        f"paired difference's 95% interval lies above {ladder.threshold:.2f} ({', '.join(ladder.rungs)}).")
    check_rows = with_speed(coop_rows(ladder, pairs, checks=True)) if ladder.checks else None
    if check_rows is not None:
        checked = check_rows.filter(pl.col("edition") == ladder.edition)
        short = [f"{row['bot']} over {row['over']} ({row['players']}p)" for row in checked.iter_rows(named=True)
                 if not row["holds"]]
        document.answer("Checks beside the ladder (bots that are not rungs, compared in the same way): "
                        + (f"{', '.join(short)} do(es) not hold." if short else "every one holds."))
    document.add(
        Paragraph(f"{ladder.description} Edition {ladder.edition}; matchups {', '.join(ladder.matchups)}; "
                  f"{ladder.pairs} deals per matchup, the same deals for every rung (one experiment per rung, one "
                  "seed). difference: the rung's team win rate minus the rung below's, paired over the common "
                  "deals, with a t interval over deals (the independent unit); win_low/win_high: the rung's own "
                  f"95% interval. The half-widths of the difference intervals reached: {widths.min():.3f} to "
                  f"{widths.max():.3f}. matches_per_second: the rung's bot as the whole team, matches per "
                  f"CPU-second on one core ({ladder.throughput_pairs} deal(s) per matchup, after the sweeps; rates "
                  "on a shared machine vary)."),
        Heading("Rungs"),
        Table(main.drop("edition"), "ladder_rungs", "Each rung's team win rate and its paired difference from the "
              "rung below, per player count", digits=3),
    )
    with building(report_dir(f"{ladder.game}-ladder")) as stage:
        labels = [f"{row['bot']} over {row['over']} ({row['players']}p)" for row in steps.iter_rows(named=True)]
        charts.forest_plot(labels, steps["difference"].to_numpy(), steps["difference_low"].to_numpy(),
                           steps["difference_high"].to_numpy(), stage / "ladder_win_rates.png",
                           title="Team win rate of each rung minus the rung below's (common deals)",
                           reference=0.0, xlabel="paired difference of team win rates (95% interval)", unit="points")
        document.add(Image("ladder_win_rates.png", "Each rung's team win rate over the rung below's"))
        charts.rate_bars(list(ladder.bots), [speeds[bot] for bot in ladder.bots],
                         stage / "ladder_throughput.png", title="Matches per second per bot (one core, whole team)")
        document.add(Image("ladder_throughput.png", "Matches per second per bot"))
        if check_rows is not None:
            document.add(Heading("Checks"),
                         Paragraph("Bots beside the ladder, each compared with the named bot on the same common "
                                   "deals as the rungs are (over: the bot it is measured against)."),
                         Table(check_rows, "ladder_checks", "Each check's paired difference", digits=3))
        others = rows.filter(pl.col("edition") != ladder.edition)
        if others.height:
            document.add(Heading("Variants"),
                         Paragraph("The same rungs under the ladder's variant editions: the variant's own matchups "
                                   "played again on the same deals, the other matchups as under "
                                   f"{ladder.edition}."),
                         Table(others, "ladder_rungs_variants", "Each rung under the variant editions", digits=3))
        if ladder.printed_difficulty:
            difficulty = difficulty_rows(ladder, pairs)
            orders = []
            for (edition, players, bot), group in difficulty.group_by(["edition", "players", "bot"],
                                                                       maintain_order=True):
                compared, against, tied = discordant_pairs(group)
                orders.append({"edition": edition, "players": players, "bot": bot,
                               "easiest_first": " > ".join(f"{r['matchup'].split(' vs ')[-1]} {r['win_rate']:.1%}"
                                                           for r in group.iter_rows(named=True)),
                               "pairs_compared": compared, "against_printed_order": against, "tied": tied})
            printed = ", ".join(f"{word} {level:g}" for word, level in ladder.printed_difficulty)
            statements = difficulty_statements(difficulty, ladder.rungs)
            document.answer(f"Order of difficulty (printed: {printed}): " + " ".join(statements))
            document.add(Heading("Order of difficulty"),
                         Paragraph(f"Printed difficulty levels: {printed} (a higher level is harder). For each "
                                   "rung, edition and player count the matchups from the easiest (highest team "
                                   "win rate) to the hardest; against_printed_order counts the pairs of "
                                   "matchups with different printed levels in which the printed harder one "
                                   "was won more often, tied those won as often (a rung that never wins ties "
                                   "every pair)."),
                         Table(pl.DataFrame(orders), "ladder_difficulty_order", "Order of difficulty per rung"),
                         Table(difficulty, "ladder_difficulty", "Team win rate per matchup and rung", digits=3,
                               hidden=True))
        document.add(Heading("Provenance"))
        names = [ladder.rung_experiment(bot, variant) for bot in ladder.bots for variant in ["", *dict(ladder.variants)]]
        document.add(*_provenance(names, "The rungs' experiments", timings))
        write_documents(document, stage)
    return report_dir(f"{ladder.game}-ladder") / "report.md"


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
    from sim.report.build import building, write_documents
    from sim.report.document import Document, Heading, Image, Paragraph, Table

    if ladder.cooperative:
        return build_coop_report(ladder)
    game = get_game(ladder.game)
    timings = _timings(ladder)
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
    if checks.height:
        short = [f"{row['bot']} vs {row['against']}" for row in checks.iter_rows(named=True) if not row["holds"]]
        document.answer("Checks beside the ladder (other head-to-heads): "
                        + (f"{', '.join(short)} do(es) not clear {ladder.threshold:.2f}." if short else "every one holds."))
    document.add(
        Paragraph(f"{ladder.description} Edition {ladder.edition}; matchups {', '.join(ladder.matchups)}; "
                  f"{ladder.pairs} seat-swapped pairs per matchup for every head-to-head (unless a check names its "
                  "own: the pairs column counts them all); win rates count a draw "
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
                           reference=0.5, band=(0.5, ladder.threshold), xlabel="win rate (pairs, 95% interval)",
                           unit="rate")
        document.add(Image("ladder_win_rates.png", "Win rate of each rung over the rung below"))
        charts.rate_bars(list(ladder.rungs), [row["matches_per_second"] for row in rung_rows],
                         stage / "ladder_throughput.png", title="Matches per second per rung (one core, every seat)")
        document.add(Image("ladder_throughput.png", "Matches per second per rung"))
        if checks.height:
            document.add(Heading("Other head-to-heads"), Table(checks.drop("rung_step"), "ladder_checks",
                                                                "Head-to-heads named in the ladder's checks"))
        document.add(Heading("Provenance"))
        names = [ladder.experiment(upper, lower) for upper, lower in ladder.bouts()]
        document.add(*_provenance(names, "The head-to-heads' experiments", timings))
        write_documents(document, stage)
    return report_dir(f"{ladder.game}-ladder") / "report.md"
