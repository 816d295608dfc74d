"""Side-by-side comparison of experiments that differ in one thing, e.g. the bot tier.

Each experiment keeps its own report (same kinds, same parameters); this reads their tables and
asks whether each conclusion holds in every experiment:

* opening headline per edition: pair-level first-player win rate with its interval, and whether the
  interval lies above 0.5, below it, or covers it, plus the TOST verdict;
* deck ratings per edition: Bradley–Terry ratings, the rank of each deck, the top deck, and Kendall's
  tau between each experiment's ranking and the first one's;
* cooperative games: the team's win rate per edition, and each edition's paired difference from the
  baseline edition, whose sign (raises, lowers, no difference shown) must hold in every experiment;
* every other paired difference from the baseline edition that the reports give (each end reason's
  share, each deck's win rate, each per-match measure): whether its sign holds in every experiment.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl
from scipy import stats as scipy_stats

from sim.core.config import REPORT_QUESTIONS
from sim.core.errors import UserError
from sim.core.report_kinds import ReportParams
from sim.report import charts
from sim.report.build import building, read_manifest, write_documents
from sim.report.document import Document, Heading, Image, Paragraph, Table, band_finding
from sim.report.sections import CARD_ANSWER_METRICS
from sim.stats import wilson_interval


def _conclusion(low: float, high: float, reference: float, above: str, below: str,
                neither: str = "no difference shown") -> str:
    """What an interval says about a reference value: above it, below it, or neither (it covers it)."""
    if low > reference:
        return above
    if high < reference:
        return below
    return neither


def _side_of_half(low: float, high: float, margin: float) -> str:
    return band_finding(low, high, 0.5, margin, "first player favoured", "second player favoured",
                        "no meaningful advantage")


def _margin(manifests: dict[str, dict]) -> float:
    """The experiments' equivalence band (report.equivalence_margin; the default where a manifest has none)."""
    margins = {float(((m.get("config") or {}).get("report") or {}).get("equivalence_margin") or MARGIN)
               for m in manifests.values()}
    return max(margins)


def _read_table(report_dir: Path, name: str) -> pl.DataFrame | None:
    path = report_dir / "tables" / f"{name}.csv"
    return pl.read_csv(path) if path.exists() else None


def build_comparison(target: Path, reports: dict[str, tuple[Path, Path]], title: str) -> Path:
    """``reports``: label -> (experiment folder, its report folder). Writes target/report.md."""
    if len(reports) < 2:
        raise UserError("a comparison needs at least two experiments", entry="compare")
    document = Document(title)
    labels = list(reports)
    document.add(
        Paragraph(
            f"Compares {len(labels)} experiments ({', '.join(labels)}): each conclusion is shown side by side "
            "and marked as holding in every experiment or not."
        )
    )
    manifests = {label: read_manifest(experiment) for label, (experiment, _) in reports.items()}
    bots = {label: _bots(manifest) for label, manifest in manifests.items()}
    first = QUESTIONS[_question(manifests)]  # the study's own question leads its answer
    with building(target) as stage:
        for kind in first:
            _edition_differences(document, reports, bots, kind)
        _opening(document, stage, reports, bots, _margin(manifests))
        _cards(document, reports, bots)  # before the ratings: a card study's question comes first
        _ratings(document, reports, bots)
        _coop(document, stage, reports, bots)
        for kind in DIFFERENCE_KINDS:
            if kind not in first:
                _edition_differences(document, reports, bots, kind)
        _provenance(document, manifests)
        write_documents(document, stage)
    return target / "report.md"


def _question(manifests: dict[str, dict]) -> str:
    """The experiments' report.question (the first one stating it; "seat" when none does)."""
    for manifest in manifests.values():
        question = ((manifest.get("config") or {}).get("report") or {}).get("question")
        if question:
            return str(question)
    return "seat"


def _bots(manifest: dict) -> str:
    names = list(dict.fromkeys(str(name) for name in manifest.get("config", {}).get("policies") or []))
    return ", ".join(names) or "the default bots"


def opening_answer(edition: str, rows: list[dict], bots: dict[str, str]) -> str:
    """One plain sentence per edition: the first-player conclusion holds with every experiment's bots,
    or which bots give which conclusion (issue 18: a conclusion says at which skill levels it holds)."""
    def shown(row: dict) -> str:
        return f"{bots.get(row['experiment'], row['experiment'])} {row['pair_mean']:.1%} [{row['pair_low']:.1%}, {row['pair_high']:.1%}]"

    return holds_answer(f"Under {edition}", rows, shown)


def holds_answer(subject: str, rows: list[dict], shown) -> str:
    """'<subject>: <conclusion> with every bot compared (...)', or which bots give which conclusion:
    ``rows`` carry a ``conclusion`` each, ``shown(row)`` names the row's bots and its numbers."""
    conclusions = list(dict.fromkeys(row["conclusion"] for row in rows))
    if len(conclusions) == 1:
        return f"{subject}: {conclusions[0]} with every bot compared ({'; '.join(shown(row) for row in rows)})."
    parts = []
    for conclusion in conclusions:
        with_it = [row for row in rows if row["conclusion"] == conclusion]
        parts.append(f"{conclusion} with {'; '.join(shown(row) for row in with_it)}")
    if len(parts) == 2:
        return f"{subject} the conclusion depends on the bots: {', but '.join(parts)}."
    # three conclusions or more read as a sentence each ("..., but ..., but ..." does not)
    return f"{subject} the conclusion depends on the bots. " + " ".join(f"{part[0].upper()}{part[1:]}." for part in parts)


@dataclass(frozen=True)
class DifferenceKind:
    """A report table of paired differences from the baseline edition, one row per measured thing."""

    measure: str  # what is measured, for the answer ("End-reason share")
    tables: str  # the tables' file stem (a glob) under a report's tables/
    key: str  # the column naming what each row measures; "" when the table's file name does
    estimate: tuple[str, str, str]  # the difference and its interval's ends
    unit: str  # after a number in the answer
    number: str  # how the answer shows a difference (a format spec)


POINTS = ("difference_points", "points_low", "points_high")
MARGIN = ReportParams.equivalence_margin  # the band when a manifest does not state it
DIFFERENCE_KINDS = (
    DifferenceKind("End-reason share", "endings_differences", "end_reason", POINTS, " points", "+.1f"),
    DifferenceKind("Deck win rate", "deck_effects_differences", "deck", POINTS, " points", "+.1f"),
    DifferenceKind("Per-match measure", "columns_*_differences", "", ("difference", "low", "high"), "", "+.3g"),
)
# report.question (REPORT_QUESTIONS) -> the difference kinds a comparison answers before the first-player advantage
QUESTIONS = dict(zip(REPORT_QUESTIONS, ((), (DIFFERENCE_KINDS[0],), (DIFFERENCE_KINDS[2],)), strict=True))


def _edition_differences(document: Document, reports: dict[str, tuple[Path, Path]], bots: dict[str, str],
                         kind: DifferenceKind) -> None:
    """Each measured thing's paired difference from the baseline in every experiment, and one answer
    per edition: what rises or falls with every bot compared, and what depends on the bots."""
    difference, low, high = kind.estimate
    frames = []
    for label, (_, report_dir) in reports.items():
        for path in sorted((report_dir / "tables").glob(f"{kind.tables}.csv")):
            table = pl.read_csv(path)
            if "matchup_id" in table.columns:  # the edition pooled over its matchups
                table = table.filter(pl.col("matchup_id") == "ALL")
            measured = pl.col(kind.key).cast(pl.String) if kind.key else pl.lit(path.stem[len("columns_"):-len("_differences")])
            # reports built before their differences named the baseline say "the baseline"
            baseline = pl.col("baseline").cast(pl.String) if "baseline" in table.columns else pl.lit("the baseline")
            frames.append(table.select(pl.col("edition").cast(pl.String), baseline.alias("baseline"),
                                       measured.alias("measured"), pl.lit(label).alias("experiment"),
                                       pl.col(difference).alias("difference"), pl.col(low).alias("low"),
                                       pl.col(high).alias("high")))
    if len(frames) < 2:
        return
    table = pl.concat(frames).with_columns(
        pl.struct("low", "high").map_elements(lambda r: _conclusion(r["low"], r["high"], 0, "rises", "falls"), return_dtype=pl.String)
        .alias("conclusion"))
    experiments = len(reports)
    for (edition, baseline), rows in table.group_by("edition", "baseline", maintain_order=True):
        held, depends = [], []
        for (measured,), cases in rows.group_by("measured", maintain_order=True):
            conclusions = list(dict.fromkeys(cases["conclusion"]))
            if len(conclusions) > 1 or cases.height < experiments:
                by_bots = [f"{conclusion} with {', '.join(bots.get(e, e) for e in cases.filter(pl.col('conclusion') == conclusion)['experiment'])}"
                           for conclusion in conclusions]
                depends.append(f"{measured} ({'; '.join(by_bots)})")
            elif conclusions[0] != "no difference shown":
                held.append(f"{measured} {conclusions[0]} ({cases['difference'].min():{kind.number}} to "
                            f"{cases['difference'].max():{kind.number}}{kind.unit})")
        parts = ([f"with every bot compared {', '.join(held)}"] if held else []) + (
            [f"depending on the bots {', '.join(depends)}"] if depends else [])
        document.answer(f"{kind.measure} under {edition} against {baseline}: "
                        + ("; ".join(parts) if parts else "no difference shown with any bot compared") + ".")
    name = kind.tables.replace("*_", "").replace("_differences", "")
    document.add(Heading(f"{kind.measure}: edition minus baseline in every experiment"),
                 Table(table, f"compare_{name}_differences",
                       f"{kind.measure}: each edition minus the baseline, per experiment ({kind.unit.strip() or 'its unit'})"))


def _provenance(document: Document, manifests: dict[str, dict]) -> None:
    document.add(Heading("Provenance"))
    rows = []
    for label, manifest in manifests.items():
        rows.append(
            {
                "experiment": label,
                "run_id": manifest.get("run_id", ""),
                "config_hash": manifest.get("config_hash", ""),
                "git_sha": manifest.get("git_sha", ""),
                "policies": ", ".join(str(name) for name in manifest.get("config", {}).get("policies") or []),
                "matches": manifest.get("matches", 0),
            }
        )
    document.add(Table(pl.DataFrame(rows), "provenance_experiments", "Experiments compared"))


def _opening(document: Document, target: Path, reports: dict[str, tuple[Path, Path]], bots: dict[str, str],
             margin: float) -> None:
    frames = []
    for label, (_, report_dir) in reports.items():
        table = _read_table(report_dir, "opening_first_player")
        if table is not None:
            frames.append(table.with_columns(pl.lit(label).alias("experiment")))
    if not frames:
        return
    document.add(Heading("Opening: first-player advantage in every experiment"))
    table = pl.concat(frames, how="diagonal_relaxed").select(
        "edition", "experiment", "pairs", "pair_mean", "pair_low", "pair_high", "verdict"
    )
    table = table.with_columns(
        pl.struct("pair_low", "pair_high")
        .map_elements(lambda r: _side_of_half(r["pair_low"], r["pair_high"], margin), return_dtype=pl.String)
        .alias("conclusion")
    )
    holds = (
        table.group_by("edition", maintain_order=True)
        .agg(
            (pl.col("conclusion").n_unique() == 1).alias("same_conclusion_everywhere"),
            (pl.col("verdict").n_unique() == 1).alias("same_tost_verdict_everywhere"),
            pl.col("conclusion").first().alias("conclusion_in_first"),
        )
    )
    for (edition,), rows in table.group_by("edition", maintain_order=True):
        document.answer(opening_answer(edition, rows.to_dicts(), bots))
    document.add(
        Table(table, "compare_opening", "Pair-level first-player win rate per edition and experiment"),
        Table(holds, "compare_opening_holds", "Does the conclusion hold in every experiment?"),
    )
    labels = [f"{row['edition']} | {row['experiment']}" for row in table.iter_rows(named=True)]
    path = target / "compare_opening.png"
    charts.forest_plot(
        labels,
        table["pair_mean"].to_numpy(),
        table["pair_low"].to_numpy(),
        table["pair_high"].to_numpy(),
        path,
        title="First-player win rate per edition and experiment",
        reference=0.5,
        xlabel="first-player win rate (pair level)",
        unit="rate",
    )
    document.add(Image(path.name, "First-player win rate per edition and experiment"))


def _cards(document: Document, reports: dict[str, tuple[Path, Path]], bots: dict[str, str]) -> None:
    """A card study's own question at every tier: which card goes with the largest rise in its side's
    win rate, and whether the same card leads with every bot (an association, as each report says)."""
    leaders = []
    for label, (_, report_dir) in reports.items():
        impact = _read_table(report_dir, "cards_impact")
        if impact is None or impact.height == 0:
            continue
        impact = impact.filter(pl.col("meets_min_count") & pl.col("delta").is_not_nan())
        metric = next((m for m in CARD_ANSWER_METRICS if m in impact["metric"].to_list()), None)
        if metric is None:
            continue
        for (edition,), rows in impact.filter(pl.col("metric") == metric).group_by("edition", maintain_order=True):
            best = rows.sort(["delta", "faction", "card"], descending=[True, False, False]).row(0, named=True)
            # a bot that never wins (or always does) gives every card +0: no card leads then
            leader = f"{best['faction']}: {best['card']} leads" if best["delta"] > 0 else f"no card {metric} goes with a rise"
            leaders.append({"edition": edition, "experiment": label, "metric": metric,
                            "conclusion": leader, "delta": best["delta"],
                            "with_rate": best["with_rate"], "without_rate": best["without_rate"]})
    if len({row["experiment"] for row in leaders}) < 2:
        return
    table = pl.DataFrame(leaders)
    document.add(Heading("Card impact in every experiment"))
    for (edition,), rows in table.group_by("edition", maintain_order=True):
        metric = rows["metric"][0]

        def shown(row: dict) -> str:
            return f"{bots.get(row['experiment'], row['experiment'])} {100 * row['delta']:+.1f} points"

        document.answer(holds_answer(f"For the card {metric} with the largest rise in its side's win rate under {edition} "
                                     "(an association, not an effect)", rows.to_dicts(), shown))
    document.add(Table(table, "compare_cards", "The card with the largest rise per edition and experiment"))


def _ratings(document: Document, reports: dict[str, tuple[Path, Path]], bots: dict[str, str]) -> None:
    rankings: dict[str, dict[str, pl.DataFrame]] = {}
    for label, (_, report_dir) in reports.items():
        for path in sorted((report_dir / "tables").glob("matrix_*_ratings.csv")):
            edition = path.stem[len("matrix_") : -len("_ratings")]
            rankings.setdefault(edition, {})[label] = pl.read_csv(path)
    if not rankings:
        return
    document.add(Heading("Deck ratings in every experiment"))
    for edition, by_label in rankings.items():
        if len(by_label) < 2:
            continue
        rows, reference = [], None
        for label, ratings in by_label.items():
            ordered = ratings.sort("rating", descending=True)
            decks = ordered["deck"].to_list()
            if reference is None:
                reference = decks
            common = [d for d in reference if d in decks]
            tau = scipy_stats.kendalltau(
                [reference.index(d) for d in common], [decks.index(d) for d in common]
            ).statistic
            rows.append(
                {
                    "experiment": label,
                    "top_deck": decks[0],
                    "ranking": " > ".join(decks),
                    "kendall_tau_vs_first": float(tau) if np.isfinite(tau) else float("nan"),
                }
            )
        table = pl.DataFrame(rows)
        same_top = table["top_deck"].n_unique() == 1
        document.answer(holds_answer(
            f"Deck ratings under {edition}",
            [dict(row, conclusion=f"the strongest deck is {row['top_deck']}") for row in rows],
            lambda row, first=rows[0]["experiment"]: bots.get(row["experiment"], row["experiment"]) + (
                "" if row["experiment"] == first else f" (ranking's Kendall tau with the first: {row['kendall_tau_vs_first']:.2f})"),
        ))
        document.add(
            Heading(f"Edition {edition}", 3),
            Table(table, f"compare_ratings_{edition}", "Bradley–Terry ranking per experiment"),
            Paragraph(
                f"Top deck {'is the same' if same_top else 'differs'} across experiments"
                + ("." if same_top else f": {', '.join(table['top_deck'].to_list())}.")
            ),
        )


def _coop(document: Document, target: Path, reports: dict[str, tuple[Path, Path]], bots: dict[str, str]) -> None:
    rates, changes = [], []
    for label, (_, report_dir) in reports.items():
        outcomes = _read_table(report_dir, "coop_outcomes")
        if outcomes is None:
            continue
        pooled = outcomes.group_by("edition", maintain_order=True).agg(pl.col("matches").sum(), pl.col("team_wins").sum())
        low, high = wilson_interval(pooled["team_wins"].to_numpy(), pooled["matches"].to_numpy())
        rates.append(pooled.select("edition", pl.lit(label).alias("experiment"), "matches",
                                   "team_wins", (pl.col("team_wins") / pl.col("matches")).alias("win_rate"),
                                   pl.Series("win_low", low), pl.Series("win_high", high)))
        differences = _read_table(report_dir, "coop_edition_differences")
        if differences is not None and differences.height:
            changes.append(differences.filter(pl.col("matchup_id") == "ALL").with_columns(pl.lit(label).alias("experiment")))
    if not rates:
        return
    document.add(Heading("Cooperative results in every experiment"))
    rates_table = pl.concat(rates)
    document.add(Table(rates_table, "compare_coop_win_rates", "Team win rate per edition and experiment (matchups pooled, Wilson)"))
    if not changes:  # one edition: the answer is how the team's win rate moves with the bots
        for (edition,), rows in rates_table.group_by("edition", maintain_order=True):
            shown = [f"{bots.get(row['experiment'], row['experiment'])} {row['win_rate']:.1%} "
                     f"[{row['win_low']:.1%}, {row['win_high']:.1%}]" for row in rows.iter_rows(named=True)]
            best = rows.sort("win_rate", descending=True).row(0, named=True)
            document.answer(f"Under {edition} the team wins {'; '.join(shown)} (matchups pooled, 95% Wilson); "
                            f"most often with {bots.get(best['experiment'], best['experiment'])}.")
        return
    table = pl.concat(changes, how="diagonal_relaxed").select(
        "edition", "baseline", "experiment", "pairs", "baseline_mean", "treatment_mean", "difference", "low", "high", "p_value"
    )
    table = table.with_columns(
        pl.struct("low", "high").map_elements(lambda r: _conclusion(r["low"], r["high"], 0, "raises the team's win rate", "lowers the team's win rate"), return_dtype=pl.String).alias("conclusion")
    )

    def shown(row: dict) -> str:
        return (f"{bots.get(row['experiment'], row['experiment'])} {100 * row['difference']:+.1f} points "
                f"[{100 * row['low']:+.1f}, {100 * row['high']:+.1f}]")

    for (edition, baseline), rows in table.group_by("edition", "baseline", maintain_order=True):
        document.answer(holds_answer(f"For {edition} against {baseline}", rows.to_dicts(), shown))
    holds = table.group_by("edition", maintain_order=True).agg(
        (pl.col("conclusion").n_unique() == 1).alias("same_conclusion_everywhere"),
        pl.col("conclusion").first().alias("conclusion_in_first"),
    )
    document.add(
        Paragraph("Each edition against the baseline on common deals, in every experiment: whether it raises the "
                  "team's win rate (interval above 0), lowers it (below 0) or shows no difference (covers 0)."),
        Table(table, "compare_coop_differences", "Team win rate: edition minus baseline per experiment"),
        Table(holds, "compare_coop_holds", "Does the conclusion hold in every experiment?"),
    )
    path = target / "compare_coop_differences.png"
    charts.forest_plot(
        [f"{row['edition']} | {row['experiment']}" for row in table.iter_rows(named=True)],
        table["difference"].to_numpy(), table["low"].to_numpy(), table["high"].to_numpy(), path,
        title="Team win rate: edition minus baseline, per experiment", xlabel="difference in team win rate",
        unit="points",
    )
    document.add(Image(path.name, "Team win rate: edition minus baseline, per experiment"))
