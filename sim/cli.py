"""Command line: ``python -m sim <command> [hydra overrides]`` (the Makefile wraps these).

  sweep    [overrides]        run (or resume) an experiment, then write its report
  report   <experiment>       (re)build reports/<experiment>/ from the lake
  compare  <name> <exp>...    side-by-side report of experiments (e.g. bot tiers)
  publish                     reports/index.html: every published study on one page (reruns nothing)
  ladder   GAME [ovr]         the game's skill ladder (decks/<game>/ladder.yaml) -> reports/<game>-ladder/
  replay   <experiment> <row> replay one stored match with its event log
  bench    [--quick]          throughput table + JSON (reports/bench/)
  profile  GAME [--seconds S] kernel time by function and source line (reports/profile/)
  compile-profile GAME        the cold compile's time by function (reports/profile/<game>-compile.md)
  ab       BASE EDIT [ovr]    A/B of an edit: both editions on common deals until decided; a verdict
  validate [overrides]        compose the config and load every data file; run nothing
  list                        games, editions, matchup sets and bots

A user mistake prints one line ``error: ...`` and exits with status 2; nothing is written.
"""

from __future__ import annotations

import argparse
import logging
import sys
import warnings
from pathlib import Path

from sim.core.errors import UserError


class Parser(argparse.ArgumentParser):
    """Command-line mistakes are one line too (argparse's own adds the usage above it)."""

    def error(self, message: str):
        if "--multirun" in message or message.endswith(" -m"):
            message += "; sim has no Hydra multirun: sweep a rule or card field with sweep.field=... sweep.values=[...]"
        print(f"error: {self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="sim", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sweep = commands.add_parser("sweep", help="run or resume an experiment, then report")
    sweep.add_argument("overrides", nargs="*")
    sweep.add_argument("--no-report", action="store_true")
    ab = commands.add_parser("ab", help="A/B of an edit on common deals, with a verdict")
    ab.add_argument("base", help="the edition the edit is compared with")
    ab.add_argument("edit", help="the edited edition (a file in decks/<game>/editions/)")
    ab.add_argument("overrides", nargs="*")
    validate = commands.add_parser("validate", help="compose config and load data; run nothing")
    validate.add_argument("overrides", nargs="*")
    report = commands.add_parser("report", help="build reports/<experiment>/ from its lake")
    report.add_argument("experiment")
    compare = commands.add_parser("compare", help="compare experiments side by side (e.g. bot tiers)")
    compare.add_argument("name", help="report folder name under reports/")
    compare.add_argument("experiments", nargs="+")
    compare.add_argument("--title", default="", help="the report's title (default: the experiments' names)")
    commands.add_parser("publish", help="build reports/index.html over every published study (reruns nothing)")
    ladder = commands.add_parser("ladder", help="play the game's skill ladder and publish reports/<game>-ladder/")
    ladder.add_argument("game")
    ladder.add_argument("overrides", nargs="*", help="runner overrides for the head-to-heads (runner.n_jobs=1)")
    ladder.add_argument("--report-only", action="store_true", help="rebuild the report from the stored results")
    replay = commands.add_parser("replay", help="replay one stored match")
    replay.add_argument("experiment")
    replay.add_argument("row", help="row number (lake sorted by edition, matchup, pair, swap) or a seed_key")
    # --ruleset: the option's name before the lake said `edition` too, still taken
    replay.add_argument("--edition", "--ruleset", default="", help="the edition, when the seed_key alone is ambiguous")
    bench = commands.add_parser("bench", help="measure throughput")
    bench.add_argument("--quick", action="store_true", help="small samples (smoke run)")
    bench.add_argument("--games", nargs="*", default=None)
    profile = commands.add_parser("profile", help="kernel time by function and source line (needs Linux perf)")
    profile.add_argument("game")
    profile.add_argument("--seconds", type=float, default=20.0, help="seconds of play to sample")
    compile_profile = commands.add_parser("compile-profile", help="the cold compile's time by function")
    compile_profile.add_argument("game")
    commands.add_parser("list", help="games, editions, matchup sets, bots")
    args = parser.parse_args(argv)
    # Libraries' warnings (matplotlib's above all) are held back: a failed command prints its one
    # error line alone, a finished one prints them after its output, one line each.
    logging.getLogger("matplotlib").setLevel(logging.ERROR)
    with warnings.catch_warnings(record=True) as caught:
        try:
            status = _dispatch(args)
        except UserError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print("interrupted: finished parts are kept; rerun the same command to resume", file=sys.stderr)
            return 130
    for line in dict.fromkeys(f"warning: {w.category.__name__}: {str(w.message).strip()}".splitlines()[0] for w in caught):
        print(line, file=sys.stderr)
    return status


def _dispatch(args: argparse.Namespace) -> int:
    from sim.core import config

    if args.command == "sweep":
        from sim.core import runner

        cfg = config.compose(args.overrides)
        if cfg.tiers:
            return _sweep_tiers(cfg, report=not args.no_report)
        plan = runner.run(cfg)
        print(f"lake: {plan.directory}")
        if not args.no_report:
            from sim.commands.report_runner import report_experiment

            print(f"{plan.name}: writing the report ({', '.join(cfg.report.kinds)})", file=sys.stderr, flush=True)
            _print_report_and_answer(report_experiment(plan.name))
        return 0
    if args.command == "ab":
        from sim.commands.ab import run_ab

        for line in run_ab(args.base, args.edit, args.overrides):
            print(line)
        return 0
    if args.command == "validate":
        from sim.core import runner

        cfg = config.compose(args.overrides)
        tiers = config.tier_configs(cfg)[1] if cfg.tiers else [("", cfg)]
        for tier, tier_cfg in tiers:
            plan = runner.check_plan(tier_cfg)
            note = config.cap_workers(plan.cfg)
            if note:
                print(note, file=sys.stderr)
            print(
                f"ok: {plan.game.name}{f', tier {tier}' if tier else ''}, {len(plan.rulesets)} edition(s), "
                f"{len(plan.matchups[0])} matchup(s), {plan.pairs} pair(s) each, {plan.total_matches} matches in "
                f"{len(plan.tasks)} tasks -> {plan.directory}"
            )
        return 0
    if args.command == "report":
        from sim.commands.report_runner import report_experiment

        _print_report_and_answer(report_experiment(args.experiment))
        return 0
    if args.command == "compare":
        from sim.commands.report_runner import compare_experiments

        _print_report_and_answer(compare_experiments(args.name, args.experiments, title=args.title))
        return 0
    if args.command == "publish":
        from sim.core.paths import output_root
        from sim.report.publish import build_index, counted

        target, index = build_index(output_root() / "reports")
        every = index.every_study()
        answered = sum(1 for study in every if study.answers)
        print(f"index: {target} ({counted(len(every), 'study', 'studies')}, {answered} with a stated answer)")
        if index.stale():
            print(f"stale (an older engine than the game's): {', '.join(index.stale())}")
        if index.refused:
            print(f"not published (played from a +dirty tree): {', '.join(index.refused)}")
        return 0
    if args.command == "ladder":
        from sim.commands.ladder import build_ladder_report, load_ladder, run_ladder

        if args.report_only:
            print(f"report: {build_ladder_report(load_ladder(args.game))}")
        else:
            print(f"report: {run_ladder(load_ladder(args.game), args.overrides)}")
        return 0
    if args.command == "replay":
        from sim.commands.replay import replay_row

        for line in replay_row(args.experiment, args.row, edition=args.edition):
            print(line)
        return 0
    if args.command == "bench":
        from sim.commands.bench import run_bench

        run_bench(quick=args.quick, games=args.games)
        return 0
    if args.command == "profile":
        from sim.commands.profile import profile

        print(f"written: {profile(args.game, args.seconds)}")
        return 0
    if args.command == "compile-profile":
        from sim.commands.compile_profile import compile_profile

        print(f"written: {compile_profile(args.game)}")
        return 0
    if args.command == "list":
        _list()
        return 0
    raise AssertionError(args.command)


def _sweep_tiers(cfg, report: bool) -> int:
    """A tier study: every tier's plan is checked before any match is played, then each tier runs as its
    own experiment, and reports/<name>/ compares them (each tier's own report is written with it)."""
    from sim.core import config, runner

    name, tiers = config.tier_configs(cfg)
    for _, tier_cfg in tiers:
        runner.check_plan(tier_cfg)
    names = []
    for _, tier_cfg in tiers:
        plan = runner.run(tier_cfg)
        print(f"lake: {plan.directory}")
        names.append(plan.name)
    if report:
        from sim.commands.report_runner import compare_experiments

        print(f"{name}: writing each tier's report and the comparison", file=sys.stderr, flush=True)
        title = f"{cfg.description or name}, at every bot tier ({', '.join(tier for tier, _ in tiers)})"
        _print_report_and_answer(compare_experiments(name, names, title=title))
    return 0


def _print_report_and_answer(report: Path) -> None:
    """The report's path, then what it answers: a run ends with its answer, not a path."""
    from sim.report.document import read_summary

    print(f"report: {report}")
    for sentence in read_summary(report.read_text(encoding="utf-8")).answers:
        print(f"answer: {sentence}")


def _list() -> None:
    from sim.core.registry import game_names, get_game

    for name in game_names():
        game = get_game(name)
        print(f"{name}: {game.title} (engine {game.engine_version}, players {game.player_counts})")
        print(f"  editions: {', '.join(game.editions())} (default {game.default_edition()})")
        print(f"  matchup sets: {', '.join(game.matchup_sets())}")
        print(f"  bots: {', '.join(game.policy_names())}")


if __name__ == "__main__":
    sys.exit(main())
