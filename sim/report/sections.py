"""The report kinds: each adds its headings, tables and charts to the document.

Every number shown comes from the lake through the SQL files in ``sql/`` and the functions of
``sim.stats``; matches whose ``error`` is not ``ok`` are counted and left out of the statistics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl
from scipy import stats as scipy_stats

from sim.core.errors import UserError
from sim.core.report_kinds import ReportParams, register
from sim.report import charts
from sim.report.document import Document, Heading, Image, Paragraph, Table, band_finding, format_value, p_text
from sim.report.lake import Lake
from sim.stats import (
    adjust_pvalues,
    bradley_terry_cluster_bootstrap,
    clustered_rate,
    incomplete_pair_count,
    kaplan_meier,
    mean_t_interval,
    metagame_equilibrium,
    pair_scores,
    paired_comparison,
    score_interval,
    sprt_three_way,
    tost_equivalence,
    variance_components,
    wilson_interval,
)

CARD_METRICS = ("drawn", "played", "opening", "gained")
CARD_CHART_ROWS = 25
SEPARATE_LENGTH_LINES = 4  # at most this many matchups get a game-length line each



@dataclass
class Context:
    lake: Lake
    params: ReportParams
    out_dir: Path
    document: Document
    charts_written: list[str] = field(default_factory=list)
    preferred_edition_order: tuple[str, ...] = ()  # the experiment's own order of editions, if known

    def order_editions(self, editions) -> list[str]:
        """Editions in the experiment's order (its first edition is the default baseline), others by name."""
        editions = set(editions)
        listed = [edition for edition in dict.fromkeys(self.preferred_edition_order) if edition in editions]
        return listed + sorted(editions - set(listed))

    def image(self, name: str, caption: str) -> tuple[Path, Image]:
        file_name = f"{name}.png"
        self.charts_written.append(file_name)
        return self.out_dir / file_name, Image(file_name, caption)

    @property
    def percent(self) -> str:
        return f"{100 * self.params.confidence:g}%"


def _safe(text: str) -> str:
    return "".join(character if character.isalnum() or character in "-_." else "_" for character in text)


def _with_wilson(frame: pl.DataFrame, wins: str, total: str, prefix: str, confidence: float) -> pl.DataFrame:
    successes = frame[wins].cast(pl.Float64).fill_null(0.0).to_numpy()
    counts = frame[total].cast(pl.Float64).to_numpy()
    low, high = wilson_interval(successes, counts, confidence)
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = np.where(counts > 0, successes / counts, np.nan)
    return frame.with_columns(
        pl.Series(f"{prefix}rate", rate),
        pl.Series(f"{prefix}low", low),
        pl.Series(f"{prefix}high", high),
    )


def status_note(context: Context) -> None:
    status = context.lake.query("match_status")
    total = int(status["matches"].sum())
    errors = status.filter(pl.col("error") != "ok")
    error_count = int(errors["matches"].sum()) if errors.height else 0
    text = (
        f"The lake holds {total:,} matches; {error_count:,} ended in an engine error (or a turn cap) and are left out "
        "of every statistic."
    )
    context.document.add(Paragraph(text))
    if error_count:
        context.document.add(
            Table(errors.sort(["edition", "error"]), "errors", "Matches left out, by error")
        )


def _lengths_and_end_reasons(context: Context, prefix: str) -> None:
    lake, document = context.lake, context.document
    document.add(Heading("Game length", 3))
    summary = lake.query("length_summary")
    document.add(Table(summary, f"{prefix}_lengths", "Game length per edition (turns and rounds)", digits=2))
    histogram = lake.query("length_histogram")
    # A few matchups (e.g. one per player count) get a line each; many are pooled per edition.
    apart = histogram["matchup_id"].n_unique() <= SEPARATE_LENGTH_LINES
    keys = ["edition", "matchup_id"] if apart else ["edition"]
    pooled = histogram.group_by([*keys, "turns"]).agg(pl.col("matches").sum()).sort([*keys, "turns"])
    series = {
        ": ".join(key): (group["turns"].to_numpy(), group["matches"].to_numpy())
        for key, group in pooled.group_by(keys, maintain_order=True)
    }
    per = "edition and matchup" if apart else "edition"
    path, image = context.image(f"{prefix}_lengths", f"Game length distribution per {per}")
    charts.length_distribution(series, path, title=f"Game length (turns) per {per}")
    document.add(image)

    document.add(Heading("End reasons", 3))
    reasons = lake.query("end_reasons")
    document.add(
        Table(reasons, f"{prefix}_end_reasons", "How games end, per edition (share of the edition's matches)")
    )
    editions = context.order_editions(reasons["edition"].unique().to_list())
    categories = sorted(reasons["end_reason"].fill_null("(none)").unique().to_list())
    shares = np.zeros((len(editions), len(categories)))
    for row in reasons.with_columns(pl.col("end_reason").fill_null("(none)")).iter_rows(named=True):
        shares[editions.index(row["edition"]), categories.index(row["end_reason"])] = row["share"]
    path, image = context.image(f"{prefix}_end_reasons", "End-reason shares per edition")
    charts.share_bars(editions, categories, shares, path, title="End reasons per edition")
    document.add(image)


# ---- opening --------------------------------------------------------------------------------


def section_opening(context: Context) -> None:
    """First-player advantage per edition, its equivalence to 50%, and the differences between editions."""
    lake, document, params = context.lake, context.document, context.params
    document.add(Heading("Opening: first-player advantage"))
    editions = lake.query("edition_outcomes")
    if editions.height == 0:
        document.add(Paragraph("No two-sided matches with a first player: nothing to measure."))
        return
    rows = lake.query("pair_rows").filter(pl.col("first_player_won").is_not_null())
    pairs = pair_scores(rows)
    dropped = incomplete_pair_count(rows)
    editions = _with_wilson(editions, "first_player_wins", "matches", "match_", params.confidence)
    order = context.order_editions(editions["edition"].to_list())
    editions = editions.with_columns(
        pl.col("edition").replace_strict(order, list(range(len(order)))).alias("position")
    ).sort("position")
    table_rows = []
    for edition in editions.iter_rows(named=True):
        edition_pairs = pairs.filter(pl.col("edition") == edition["edition"])
        scores = edition_pairs["first_player_score"].to_numpy()
        pair_summary = score_interval(scores, params.confidence)
        tost = tost_equivalence(scores, 0.5, params.equivalence_margin, params.alpha)
        table_rows.append(
            {
                "edition": edition["edition"],
                "matches": edition["matches"],
                "first_player_wins": float(edition["first_player_wins"]),
                "draws": edition["draws"],
                "match_rate": edition["match_rate"],
                "wilson_low": edition["match_low"],
                "wilson_high": edition["match_high"],
                "pairs": pair_summary["n"],
                "pair_mean": pair_summary["mean"],
                "pair_low": pair_summary["low"],
                "pair_high": pair_summary["high"],
                "tost_p": tost["p_value"],
                "tost_low": tost["low"],
                "tost_high": tost["high"],
                "verdict": tost["verdict"],
            }
        )
    table = pl.DataFrame(table_rows)
    margin = params.equivalence_margin
    tost_percent = f"{100 * (1 - 2 * params.alpha):g}%"
    document.add(
        Paragraph(
            f"{int(table['matches'].sum()):,} matches in {table.height} edition(s), {int(table['pairs'].sum()):,} complete "
            f"seat-swapped pairs; {dropped:,} incomplete pair(s) dropped. Match-level rates use {context.percent} Wilson "
            f"intervals (draws count half); pair-level means use {context.percent} t-intervals over pairs, the "
            f"independent unit. Equivalence: TOST of the pair-level mean against 0.5 ± {margin:g} "
            f"(alpha {params.alpha:g}, {tost_percent} interval); 'equivalent' means the advantage is shown to lie "
            "inside the band, 'not shown' means it is not."
        ),
        Table(table, "opening_first_player", "First-player win rate per edition"),
    )
    for row in table.iter_rows(named=True):
        document.add(
            Paragraph(
                f"Edition {row['edition']}: first player wins {100 * row['match_rate']:.1f}% of {row['matches']:,} matches "
                f"(Wilson {100 * row['wilson_low']:.1f}% to {100 * row['wilson_high']:.1f}%); pair-level "
                f"{100 * row['pair_mean']:.1f}% over {row['pairs']:,} pairs; TOST p {p_text(row['tost_p'])}: {row['verdict']}."
            )
        )
    bots = _bots_by_edition(context)
    for row in table.iter_rows(named=True):
        context.document.answer(_opening_answer(row, margin, context.percent, bots.get(row["edition"], "")))
    path, image = context.image(
        "opening_first_player", "First-player win rate per edition with the equivalence band"
    )
    charts.forest_plot(
        table["edition"].to_list(),
        table["pair_mean"].to_numpy(),
        table["tost_low"].to_numpy(),
        table["tost_high"].to_numpy(),
        path,
        title=f"First-player win rate per edition (band 0.5 ± {margin:g})",
        reference=0.5,
        band=(0.5 - margin, 0.5 + margin),
        unit="rate",
        xlabel="first-player win rate",
        # the interval the equivalence test reads: inside the band <=> "equivalent" at alpha
        primary_label=f"pair-level mean, {tost_percent} t-interval (the TOST's)",
        secondary=(
            table["match_rate"].to_numpy(),
            table["wilson_low"].to_numpy(),
            table["wilson_high"].to_numpy(),
            f"match-level, {context.percent} Wilson",
        ),
    )
    document.add(image)
    if params.sequential_stop:
        _stopping_decisions(context, pairs)
    _edition_differences(context, pairs, table["edition"].to_list())
    _lengths_and_end_reasons(context, "opening")


def _bots_by_edition(context: Context) -> dict[str, str]:
    rows = context.lake.query("edition_bots")
    bots: dict[str, list[str]] = {}
    for row in rows.iter_rows(named=True):
        for name in (row["policy_a"], row["policy_b"]):
            if name and name not in bots.setdefault(row["edition"], []):
                bots[row["edition"]].append(name)
    return {edition: " vs ".join(names) if len(names) > 1 else names[0] for edition, names in bots.items()}


def _opening_answer(row: dict, margin: float, percent: str, bots: str) -> str:
    """One plain sentence: the first player's pair-level win rate, its interval, and what it says."""
    mean, low, high = (100 * row[k] for k in ("pair_mean", "pair_low", "pair_high"))
    if not all(np.isfinite([mean, low, high])):
        return f"Under {row['edition']} too few complete pairs ({row['pairs']}) to say anything."
    band = f"50% ± {100 * margin:g}"
    if row["verdict"] == "equivalent":
        finding = f"no first-player advantage beyond {band} (equivalence shown)"
    elif low > 50:
        finding = "the first player is favoured" + (f", outside {band}" if low > 50 + 100 * margin else
                                                    f", though perhaps within {band}")
    elif high < 50:
        finding = "the second player is favoured" + (f", outside {band}" if high < 50 - 100 * margin else
                                                     f", though perhaps within {band}")
    else:
        finding = f"not decided: the interval holds 50% and reaches beyond {band}"
    with_bots = f" with {bots}" if bots else ""
    return (f"Under {row['edition']} the first player wins {mean:.1f}% [{low:.1f}, {high:.1f}] ({percent}, "
            f"{int(row['pairs']):,} seat-swapped pairs){with_bots}: {finding}.")


STOPPING_WORDS = {"first_favoured": "first player favoured", "second_favoured": "second player favoured",
                  "no_difference": "no difference beyond the margin", "continue": "undecided (ran to its cap)"}


def _stopping_decisions(context: Context, pairs: pl.DataFrame) -> None:
    """What the sweep's sequential test decided per stream, read again from the lake in pair order."""
    document = context.document
    p0, p1, alpha, beta = context.params.sequential_stop
    rows = []
    for (edition, matchup), group in pairs.sort(["edition", "matchup_id", "pair_index"]).group_by(
        ["edition", "matchup_id"], maintain_order=True
    ):
        scores = group["first_player_score"].to_numpy()
        decision = sprt_three_way(scores, p0, p1 - p0, alpha, beta)
        rows.append({"edition": edition, "matchup_id": matchup, "pairs": len(scores), "decided_after": decision["n_used"],
                     "decision": STOPPING_WORDS[decision["decision"]], "mean": float(scores.mean())})
    table = pl.DataFrame(rows)
    stopped = int((table["decision"] != STOPPING_WORDS["continue"]).sum())
    document.add(
        Heading("Sequential stopping", 3),
        Paragraph(
            f"The sweep stopped each stream (edition x matchup) once a three-way sequential test decided: first player "
            f"favoured (rate {p1:g} or more), second player favoured ({2 * p0 - p1:g} or less) or no difference, "
            f"each wrong call at most {alpha:g} / {beta:g}. {stopped} of {table.height} streams stopped early. "
            "The fixed-sample intervals, TOST and p-values above treat every stream as if its size had been fixed "
            "in advance: for a stream that stopped early they overstate the certainty, and its mean leans toward "
            "the boundary it crossed. Read the decisions below as the tested result."
        ),
        Table(table, "opening_stopping", "Stopping decision per stream"),
    )


def _edition_differences(context: Context, pairs: pl.DataFrame, editions: list[str]) -> None:
    document, params = context.document, context.params
    if len(editions) < 2:
        return
    baseline = params.baseline or editions[0]
    if baseline not in editions:
        raise UserError(
            f"baseline edition '{baseline}' is not in the lake (editions: {', '.join(editions)})", entry="report.baseline"
        )
    document.add(Heading("Paired differences between editions", 3))
    frames = []
    for edition in editions:
        if edition == baseline:
            continue
        comparison = paired_comparison(
            pairs.filter(pl.col("edition") == baseline),
            pairs.filter(pl.col("edition") == edition),
            "first_player_score",
            params.confidence,
        )
        frames.append(comparison.with_columns(pl.lit(edition).alias("edition")))
    comparisons = pl.concat(frames).select(["edition"] + frames[0].columns[:-1])
    family = comparisons.filter(pl.col("matchup_id") != "ALL")
    _, holm = adjust_pvalues(family["p_value"].to_numpy(), "holm", params.alpha)
    _, benjamini = adjust_pvalues(family["p_value"].to_numpy(), "bh", params.alpha)
    family = family.with_columns(pl.Series("p_holm", holm), pl.Series("p_bh", benjamini))
    overall = comparisons.filter(pl.col("matchup_id") == "ALL")
    document.add(
        Paragraph(
            f"Each edition against the baseline {baseline} on common seeds: the same deals replayed under both "
            f"editions, joined on (matchup, pair), difference = edition minus baseline in the pair-level first-player "
            f"score; paired t-test and {context.percent} t-interval. Per-matchup p-values are adjusted across all "
            f"{family.height} comparisons with Holm (family-wise error) and Benjamini–Hochberg (false discovery rate)."
        ),
        Table(
            overall.drop("matchup_id"),
            "opening_arm_differences",
            "Overall difference per edition (all matchups pooled)",
        ),
        Table(
            family, "opening_matchup_differences", "Difference per edition and matchup, with adjusted p-values"
        ),
    )
    path, image = context.image("opening_differences", "Paired first-player difference per edition, all matchups")
    charts.forest_plot(
        overall["edition"].to_list(),
        overall["difference"].to_numpy(),
        overall["low"].to_numpy(),
        overall["high"].to_numpy(),
        path,
        title=f"First-player score: edition minus {baseline}, all matchups",
        xlabel="difference in first-player win rate",
        unit="points",
    )
    document.add(image)
    # Per matchup, a heatmap of side A x side B per edition: one row a matchup made a chart of hundreds of labels.
    sides = context.lake.query("matchup_outcomes").select(["matchup_id", "side_a", "side_b"]).unique("matchup_id")
    cells = family.join(sides, on="matchup_id", how="left")
    for edition in [a for a in editions if a != baseline]:
        group = cells.filter(pl.col("edition") == edition)
        rows_labels = sorted(group["side_a"].drop_nulls().unique().to_list())
        column_labels = sorted(group["side_b"].drop_nulls().unique().to_list())
        if not rows_labels or not column_labels:
            continue
        shape = (len(rows_labels), len(column_labels))
        differences, counts, lows, highs = (np.full(shape, np.nan) for _ in range(4))
        for row in group.iter_rows(named=True):
            if row["side_a"] is None or row["side_b"] is None:
                continue
            at = (rows_labels.index(row["side_a"]), column_labels.index(row["side_b"]))
            differences[at], counts[at], lows[at], highs[at] = row["difference"], row["pairs"], row["low"], row["high"]
        path, image = context.image(f"opening_differences_{_safe(edition)}", f"First-player difference per matchup, {edition}")
        charts.matchup_heatmap(rows_labels, column_labels, differences, counts, lows, highs, path,
                               title=f"First-player score per matchup: {edition} minus {baseline}",
                               colour_label="difference (n = pairs)", difference=True)
        document.add(image)


# ---- matrix ---------------------------------------------------------------------------------


def section_matrix(context: Context) -> None:
    """Side A vs side B matrix, Bradley–Terry ratings, equilibrium mix, first-player advantage."""
    lake, document = context.lake, context.document
    document.add(Heading("Matchup matrix"))
    outcomes = lake.query("matchup_outcomes").filter(
        pl.col("side_b").is_not_null() & (pl.col("side_b") != "")
    )
    if outcomes.height == 0:
        document.add(Paragraph("No two-sided matchups in the lake: no matrix."))
        return
    pair_rows = lake.query("pair_rows").filter(pl.col("first_player_won").is_not_null())
    for edition in context.order_editions(outcomes["edition"].unique().to_list()):
        _matrix_for_edition(
            context,
            edition,
            outcomes.filter(pl.col("edition") == edition),
            pair_rows.filter(pl.col("edition") == edition),
        )


def _matrix_for_edition(context: Context, edition: str, outcomes: pl.DataFrame, pair_rows: pl.DataFrame) -> None:
    document, params = context.document, context.params
    key = _safe(edition)
    document.add(Heading(f"Edition {edition}", 3))
    pairs = _pairs_by_cell(outcomes, pair_rows)
    cells = _clustered_cells(outcomes, pairs, params.confidence)
    rows_labels = sorted(cells["side_a"].unique().to_list())
    column_labels = sorted(cells["side_b"].unique().to_list())
    shape = (len(rows_labels), len(column_labels))
    rates, counts, lows, highs = (np.full(shape, np.nan) for _ in range(4))
    for row in cells.iter_rows(named=True):
        position = (rows_labels.index(row["side_a"]), column_labels.index(row["side_b"]))
        rates[position], counts[position] = row["a_rate"], row["matches"]
        lows[position], highs[position] = row["a_low"], row["a_high"]
    document.add(
        Paragraph(
            f"Cells: side A's win rate with a {context.percent} Wilson interval on the effective number of games "
            "(games / design effect): the two games of a seat-swapped pair share their deal, so the pair is "
            "the independent unit; `design_effect` is the cell's pair-clustered variance over the binomial one "
            "(at least 1 is used)."
        ),
        Table(
            cells, f"matrix_{key}_cells", f"Side A win rate per cell ({context.percent}, pair-clustered, draws half)"
        ),
    )
    path, image = context.image(f"matrix_{key}_heatmap", f"Matchup heatmap, edition {edition}")
    charts.matchup_heatmap(
        rows_labels, column_labels, rates, counts, lows, highs, path, title=f"Side A win rate, edition {edition}"
    )
    document.add(image)

    decks = sorted(set(rows_labels) | set(column_labels))
    index = {deck: position for position, deck in enumerate(decks)}
    wins = np.zeros((len(decks), len(decks)))
    played = np.zeros((len(decks), len(decks)))
    for row in cells.iter_rows(named=True):
        a, b = index[row["side_a"]], index[row["side_b"]]
        if a == b:
            continue  # a mirror match says nothing about relative strength
        wins[a, b] += row["a_wins"]
        wins[b, a] += row["matches"] - row["a_wins"]
        played[a, b] += row["matches"]
        played[b, a] += row["matches"]
    if len(decks) >= 2 and played.sum() > 0:
        _deck_matrix(context, key, edition, decks, pairs)
        _ratings(context, key, edition, decks, pairs)
        _equilibrium(context, key, decks, wins, played)
    _first_player_per_matchup(context, key, outcomes, pair_rows)


def _deck_matrix(context, key, edition, decks, pairs: pl.DataFrame) -> None:
    """Deck against deck over both seat orders and every matchup that pairs them: the matrix the
    ratings and the equilibrium are computed from (intervals clustered by pair, as the cells')."""
    document, params = context.document, context.params
    shape = (len(decks), len(decks))
    rates, lows, highs = (np.full(shape, np.nan) for _ in range(3))
    played = np.zeros(shape)
    rows = []
    for i, deck in enumerate(decks):
        for j, opponent in enumerate(decks):
            if i == j:
                continue
            wins, games = _deck_pairs(pairs.filter((pl.col("side_b") == opponent) | (pl.col("side_a") == opponent)), deck)
            if games.sum() == 0:
                continue
            rate = clustered_rate(wins, games, params.confidence)
            rates[i, j], played[i, j], lows[i, j], highs[i, j] = rate["rate"], games.sum(), rate["low"], rate["high"]
            rows.append({"deck": deck, "opponent": opponent, "matches": int(games.sum()), "wins": float(wins.sum()),
                         "rate": rate["rate"], "low": rate["low"], "high": rate["high"],
                         "design_effect": rate["design_effect"]})
    table = pl.DataFrame(rows)
    document.add(
        Table(table, f"matrix_{key}_decks", "Deck against deck, both sides pooled (row deck's win rate)")
    )
    path, image = context.image(f"matrix_{key}_decks", f"Deck against deck, edition {edition}")
    charts.matchup_heatmap(
        decks,
        decks,
        rates,
        played,
        lows,
        highs,
        path,
        title=f"Deck win rate (row vs column), edition {edition}",
        row_axis="deck",
        column_axis="opponent",
        colour_label="row deck win rate",
    )
    document.add(image)


def _deck_pairs(pairs: pl.DataFrame, deck: str) -> tuple[np.ndarray, np.ndarray]:
    """Per pair of `pairs` (rows of _pairs_by_cell, no mirrors) that `deck` played in: its wins
    (draws half) and the pair's games, whichever side it was."""
    as_a, as_b = pairs.filter(pl.col("side_a") == deck), pairs.filter(pl.col("side_b") == deck)
    wins = np.concatenate([as_a["wins"].to_numpy(), (as_b["games"] - as_b["wins"]).to_numpy()]).astype(float)
    games = np.concatenate([as_a["games"].to_numpy(), as_b["games"].to_numpy()]).astype(float)
    return wins, games


def _pairs_by_cell(outcomes: pl.DataFrame, pair_rows: pl.DataFrame) -> pl.DataFrame:
    """One row per pair: its cell (side A, side B), side A's wins (draws half) and its games."""
    sides = outcomes.select(["matchup_id", "side_a", "side_b"]).unique()
    return (
        pair_rows.filter(pl.col("edition").is_in(outcomes["edition"].unique().to_list()))
        .group_by(["matchup_id", "pair_index"])
        .agg(pl.col("a_won").sum().alias("wins"), pl.len().alias("games"))
        .join(sides, on="matchup_id")
        .sort(["side_a", "side_b", "matchup_id", "pair_index"])
    )


def _clustered_cells(outcomes: pl.DataFrame, pairs: pl.DataFrame, confidence: float) -> pl.DataFrame:
    counts = (
        outcomes.group_by(["side_a", "side_b"])
        .agg(pl.col("matches").sum(), pl.col("a_wins").sum(), pl.col("draws").sum())
        .sort(["side_a", "side_b"])
    )
    rows = []
    for cell in counts.iter_rows(named=True):
        group = pairs.filter((pl.col("side_a") == cell["side_a"]) & (pl.col("side_b") == cell["side_b"]))
        rate = clustered_rate(group["wins"].to_numpy(), group["games"].to_numpy(), confidence)
        rows.append({**cell, "pairs": group.height, "a_rate": rate["rate"], "a_low": rate["low"],
                     "a_high": rate["high"], "design_effect": rate["design_effect"]})
    return pl.DataFrame(rows)


def _ratings(context, key, edition, decks, pairs: pl.DataFrame) -> None:
    document, params = context.document, context.params
    index = {deck: position for position, deck in enumerate(decks)}
    cells = {}
    for (side_a, side_b), group in pairs.group_by(["side_a", "side_b"], maintain_order=True):
        if side_a != side_b:  # a mirror match says nothing about relative strength
            cells[(index[side_a], index[side_b])] = (group["wins"].to_numpy().astype(float),
                                                     group["games"].to_numpy().astype(float))
    try:
        fit = bradley_terry_cluster_bootstrap(
            len(decks), cells, params.n_boot, params.confidence, params.seed, params.prior_ties
        )
    except ValueError as error:
        document.add(Paragraph(f"Bradley–Terry ratings not computed: {error}."))
        return
    table = pl.DataFrame(
        {
            "deck": decks,
            "rating": fit["rating"],
            "low": fit["low"],
            "high": fit["high"],
            "strength": fit["strength"],
        }
    ).sort(["rating", "deck"], descending=[True, False])
    context.document.answer(_ratings_answer(edition, table, _bots_by_edition(context).get(edition, ""), context.percent))
    document.add(
        Paragraph(
            f"Bradley–Terry ratings (log strength, 0 = average deck; MM algorithm, draws half), with "
            f"{context.percent} percentile bootstrap intervals from {params.n_boot} resamples of whole seat-swapped "
            f"pairs within each cell (seed {params.seed}, "
            f"{fit['failed']} resample(s) without a finite fit left out). Each played pairing gets "
            f"{params.prior_ties:g} virtual drawn game(s) so a deck that never lost keeps a finite rating."
        ),
        Table(table, f"matrix_{key}_ratings", "Bradley–Terry ratings"),
    )
    path, image = context.image(f"matrix_{key}_ratings", f"Bradley–Terry ratings, edition {edition}")
    charts.forest_plot(
        table["deck"].to_list(),
        table["rating"].to_numpy(),
        table["low"].to_numpy(),
        table["high"].to_numpy(),
        path,
        title=f"Bradley–Terry ratings, edition {edition}",
        xlabel="log strength (0 = average deck)",
    )
    document.add(image)


def _ratings_answer(edition: str, table: pl.DataFrame, bots: str, percent: str) -> str:
    """Which deck is strongest and which weakest under an edition, and whether the data settle it."""
    best, worst = table.row(0, named=True), table.row(table.height - 1, named=True)
    with_bots = f" with {bots}" if bots else ""
    def rated(row: dict) -> str:
        return f"{row['deck']} ({row['rating']:+.2f} [{row['low']:+.2f}, {row['high']:+.2f}])"
    settled = best["low"] > worst["high"]
    return (f"Under {edition}{with_bots} the strongest deck is {rated(best)} and the weakest {rated(worst)} "
            f"(Bradley–Terry log strength, 0 = average, {percent}): "
            + ("their intervals do not overlap." if settled else "their intervals overlap, so this order is not settled."))


def _equilibrium(context, key, decks, wins, played) -> None:
    document = context.document
    off_diagonal = ~np.eye(len(decks), dtype=bool)
    if (played[off_diagonal] == 0).any():
        document.add(
            Paragraph("Equilibrium mix not computed: some decks never met, so the matrix is incomplete.")
        )
        return
    with np.errstate(divide="ignore", invalid="ignore"):
        win_rates = np.where(off_diagonal, wins / played, 0.5)
    result = metagame_equilibrium(win_rates)
    table = pl.DataFrame({"deck": decks, "weight": result["mix"]}).sort(
        ["weight", "deck"], descending=[True, False]
    )
    document.add(
        Paragraph(
            "Metagame equilibrium: the mix of decks that no single deck beats on average (mixed Nash "
            "equilibrium of the symmetric zero-sum game of the estimated win rates; point estimates, not "
            f"re-sampled). Game value {format_value(result['value'])}."
        ),
        Table(table, f"matrix_{key}_equilibrium", "Equilibrium weights"),
    )


def _first_player_per_matchup(context, key, outcomes, pair_rows) -> None:
    document, params = context.document, context.params
    pairs = pair_scores(pair_rows)
    rows = []
    for row in outcomes.sort("matchup_id").iter_rows(named=True):
        scores = pairs.filter(pl.col("matchup_id") == row["matchup_id"])["first_player_score"].to_numpy()
        summary = score_interval(scores, params.confidence)
        if summary["n"] >= 2 and summary["sd"] > 0:
            p_value = float(scipy_stats.ttest_1samp(scores, 0.5).pvalue)
        else:
            p_value = float("nan")
        rows.append(
            {
                "matchup_id": row["matchup_id"],
                "side_a": row["side_a"],
                "side_b": row["side_b"],
                "matches": row["matches"],
                "first_player_wins": float(row["first_player_wins"] or 0.0),
                "pairs": summary["n"],
                "pair_mean": summary["mean"],
                "pair_low": summary["low"],
                "pair_high": summary["high"],
                "p_value": p_value,
            }
        )
    table = pl.DataFrame(rows)
    table = _with_wilson(table, "first_player_wins", "matches", "match_", params.confidence)
    _, holm = adjust_pvalues(table["p_value"].to_numpy(), "holm", params.alpha)
    _, benjamini = adjust_pvalues(table["p_value"].to_numpy(), "bh", params.alpha)
    table = table.with_columns(pl.Series("p_holm", holm), pl.Series("p_bh", benjamini))
    document.add(
        Paragraph(
            "First-player advantage per matchup: match-level rate with Wilson interval, pair-level mean with "
            "t-interval, t-test of the pair mean against 0.5, p-values adjusted across the matchups (Holm, BH); "
            "n/a where the pairs show no spread (no test possible)."
        ),
        Table(table, f"matrix_{key}_first_player", "First-player win rate per matchup"),
    )


# ---- cards ----------------------------------------------------------------------------------


def section_cards(context: Context) -> None:
    """Per card and faction: win rate when drawn / played / in the opening hand / gained vs not."""
    lake, document, params = context.lake, context.document, context.params
    if not lake.has_cards:
        raise UserError(
            "the cards report needs per-card rows (run with card counts on)",
            file=str(lake.path),
            entry="cards",
        )
    document.add(Heading("Card impact"))
    impact = lake.query("card_impact")
    impact = _with_wilson(impact, "wins_with", "games_with", "with_", params.confidence)
    impact = _with_wilson(impact, "wins_without", "games_without", "without_", params.confidence)
    assumed = params.assumed_card_names
    impact = impact.with_columns(
        (pl.col("with_rate") - pl.col("without_rate")).alias("delta"),
        pl.col("card").is_in(sorted(assumed)).alias("assumed"),
        ((pl.col("games_with") >= params.min_count) & (pl.col("games_without") >= params.min_count)).alias(
            "meets_min_count"
        ),
    )
    kept = impact.filter(pl.col("meets_min_count"))
    flagged = sorted(set(impact.filter(pl.col("assumed"))["card"].to_list()))
    sentences = [
        f"{impact.height} (edition, faction, card, measure) rows; {kept.height} have at least {params.min_count} games "
        f"both with and without the card; the {CARD_CHART_ROWS} largest differences per edition and measure are shown "
        "and every row is in tables/cards_impact.csv.",
        f"Rates are a side's win rate with {context.percent} Wilson intervals (draws half).",
        "These are associations, not effects: a card drawn more often in long games inherits the win rate of "
        "long games.",
    ]
    if flagged:
        sentences.append(f"Cards marked * rest on assumed data: {', '.join(flagged)}.")
    document.add(Paragraph(" ".join(sentences)))
    bots = _bots_by_edition(context)
    for edition in context.order_editions(kept["edition"].unique().to_list()):
        sentence = _cards_answer(edition, kept.filter(pl.col("edition") == edition), bots.get(edition, ""))
        if sentence:
            document.answer(sentence)
    for (edition, metric), group in kept.sort(["edition", "metric"]).group_by(
        ["edition", "metric"], maintain_order=True
    ):
        top = (
            group.with_columns(pl.col("delta").abs().alias("size"))
            .sort(["size", "faction", "card"], descending=[True, False, False])
            .head(CARD_CHART_ROWS)
        )
        display = top.select(
            [
                "faction",
                "card",
                "assumed",
                "games_with",
                "with_rate",
                "with_low",
                "with_high",
                "games_without",
                "without_rate",
                "without_low",
                "without_high",
                "delta",
            ]
        )
        key = f"cards_{_safe(edition)}_{metric}"
        document.add(
            Heading(f"Edition {edition}: {metric}", 3),
            Table(display, key, f"Largest differences when {metric} vs not (top {CARD_CHART_ROWS})"),
        )
        labels = [
            f"{row['faction']}: {row['card']}{' *' if row['assumed'] else ''}"
            for row in top.iter_rows(named=True)
        ]
        path, image = context.image(key, f"Win rate when {metric} vs not, edition {edition}")
        charts.forest_plot(
            labels,
            top["with_rate"].to_numpy(),
            top["with_low"].to_numpy(),
            top["with_high"].to_numpy(),
            path,
            title=f"Win rate when {metric} (circle) vs not (square), edition {edition}",
            reference=0.5,
            xlabel="side win rate",
            unit="rate",
            primary_label=f"{metric}",
            secondary=(
                top["without_rate"].to_numpy(),
                top["without_low"].to_numpy(),
                top["without_high"].to_numpy(),
                f"not {metric}",
            ),
        )
        document.add(image)
    document.add(Table(impact, "cards_impact", "All card rows", hidden=True))


CARD_ANSWER_METRICS = ("played", "drawn", "gained")  # the measure a card answer reads: the first the lake has


def _cards_answer(edition: str, rows: pl.DataFrame, bots: str) -> str:
    """The cards whose play (or, without play counts, whose draw) goes with the largest rise and the largest
    fall in the side's win rate, with both rates; an association, said so."""
    metric = next((m for m in CARD_ANSWER_METRICS if m in rows["metric"].to_list()), None)
    if metric is None:
        return ""
    rows = rows.filter(pl.col("metric") == metric).sort(["delta", "faction", "card"], descending=[True, False, False])

    def shown(row: dict) -> str:
        return (f"{row['faction']}: {row['card']} ({100 * row['delta']:+.1f} points: {row['with_rate']:.1%} when "
                f"{metric}, {row['without_rate']:.1%} when not)")

    best, worst = rows.row(0, named=True), rows.row(rows.height - 1, named=True)
    with_bots = f" with {bots}" if bots else ""
    parts = []
    if best["delta"] > 0:
        parts.append(f"the card {metric} with the largest rise in its side's win rate is {shown(best)}")
    if worst["delta"] < 0:
        parts.append(f"{'and ' if parts else 'the card ' + metric + ' '}with the largest fall {shown(worst)}")
    if not parts:
        return f"Under {edition}{with_bots}, no card {metric} goes with a change in its side's win rate."
    return f"Under {edition}{with_bots}, {', '.join(parts)}; associations, not effects."


# ---- coop -----------------------------------------------------------------------------------


def section_coop(context: Context) -> None:
    """Cooperative games: team win rate per matchup, rounds to win / lose, end reasons, survival."""
    lake, document, params = context.lake, context.document, context.params
    document.add(Heading("Cooperative results"))
    outcomes = lake.query("coop_outcomes")
    outcomes = _with_wilson(outcomes, "team_wins", "matches", "win_", params.confidence)
    document.add(
        Paragraph(
            f"Team win rate per edition and matchup with {context.percent} Wilson intervals; rounds to win and to lose "
            "(mean and median of the rounds started)."
        ),
        Table(outcomes, "coop_outcomes", "Team results per matchup"),
    )
    bots = _bots_by_edition(context)
    editions = context.order_editions(outcomes["edition"].unique().to_list())
    differences = _coop_edition_differences(context, editions)
    for edition in editions:
        sentence = _coop_answer(edition, outcomes.filter(pl.col("edition") == edition), bots.get(edition, ""),
                                context.percent, params.confidence)
        moved = differences.filter((pl.col("edition") == edition) & (pl.col("matchup_id") == "ALL"))
        if moved.height:
            change = moved.row(0, named=True)
            sentence = sentence[:-1] + (f"; {100 * change['difference']:+.1f} points [{100 * change['low']:+.1f}, "
                                        f"{100 * change['high']:+.1f}] against {change['baseline']} on common deals.")
        context.document.answer(sentence)
    rounds = lake.query("coop_rounds")
    curves, survival_rows = {}, []
    for (edition,), group in rounds.group_by(["edition"], maintain_order=True):
        durations = np.repeat(group["rounds"].to_numpy(), group["matches"].to_numpy())
        lost = np.repeat(group["lost"].to_numpy(), group["matches"].to_numpy())
        curve = kaplan_meier(durations, lost)
        curves[edition] = (np.concatenate([[0.0], curve["times"]]), np.concatenate([[1.0], curve["survival"]]))
        for time, survival, at_risk, events in zip(
            curve["times"], curve["survival"], curve["at_risk"], curve["events"], strict=True
        ):
            survival_rows.append(
                {
                    "edition": edition,
                    "round": int(time),
                    "at_risk": int(at_risk),
                    "losses": int(events),
                    "survival": float(survival),
                }
            )
    document.add(
        Paragraph(
            "Survival: Kaplan–Meier estimate of the chance that the team has not lost by the end of each round; "
            "won games count as still standing at their last round (censored)."
        ),
        Table(
            pl.DataFrame(
                survival_rows,
                schema={
                    "edition": pl.String,
                    "round": pl.Int64,
                    "at_risk": pl.Int64,
                    "losses": pl.Int64,
                    "survival": pl.Float64,
                },
            ),
            "coop_survival",
            "Team survival per round",
        ),
    )
    path, image = context.image("coop_survival", "Team survival per round (Kaplan–Meier)")
    charts.step_curves(curves, path, "Team survival (not yet lost) per round", "round", "share not yet lost")
    document.add(image)
    if params.survival_column:
        _series_survival(context, params.survival_column)
    _lengths_and_end_reasons(context, "coop")


def _coop_edition_differences(context: Context, editions: list[str]) -> pl.DataFrame:
    """Each edition's team win rate minus the baseline's on common deals (the same deals replayed under
    both editions), per matchup and pooled ('ALL'), with Holm-adjusted p-values over the matchups;
    shown as a table and a chart when there are two editions or more."""
    columns = ["edition", "baseline", "matchup_id", "pairs", "baseline_mean", "treatment_mean", "difference", "low",
               "high", "p_value", "p_holm"]
    if len(editions) < 2:
        return pl.DataFrame(schema=dict.fromkeys(columns, pl.Float64) | {"edition": pl.String, "matchup_id": pl.String})
    baseline = _baseline_of(context.params.baseline, editions)
    deals = context.lake.query("pair_rows").group_by(["edition", "matchup_id", "pair_index"]).agg(pl.col("a_won").mean())
    frames = []
    for edition in editions:
        if edition != baseline:
            comparison = paired_comparison(deals.filter(pl.col("edition") == baseline),
                                           deals.filter(pl.col("edition") == edition), "a_won",
                                           context.params.confidence)
            per_matchup = comparison["matchup_id"] != "ALL"
            _, holm = adjust_pvalues(comparison.filter(per_matchup)["p_value"].to_numpy(), "holm", context.params.alpha)
            adjusted = pl.concat([pl.Series(holm, dtype=pl.Float64), comparison.filter(~per_matchup)["p_value"]])
            frames.append(comparison.with_columns(pl.lit(edition).alias("edition"), pl.lit(baseline).alias("baseline"),
                                                  adjusted.alias("p_holm")))
    table = pl.concat(frames).select(columns)
    overall = table.filter(pl.col("matchup_id") == "ALL")
    context.document.add(
        Paragraph(
            f"Each edition against {baseline} on common deals: the same deals replayed under both editions, joined on "
            f"(matchup, deal); difference = edition minus {baseline} in the team's win rate, paired t-test and "
            f"{context.percent} t-interval; per-matchup p-values Holm-adjusted within each edition."
        ),
        Table(table, "coop_edition_differences", f"Team win rate: each edition minus {baseline}"),
    )
    path, image = context.image("coop_edition_differences", f"Team win rate: each edition minus {baseline}")
    charts.forest_plot(overall["edition"].to_list(), overall["difference"].to_numpy(), overall["low"].to_numpy(),
                       overall["high"].to_numpy(), path, title=f"Team win rate: edition minus {baseline}, all matchups",
                       xlabel="difference in team win rate", unit="points")
    context.document.add(image)
    return table


def _coop_answer(edition: str, outcomes: pl.DataFrame, bots: str, percent: str, confidence: float) -> str:
    """How often the team wins under an edition, over its matchups weighted equally (a sequential stop
    may leave them with different counts; equal weights keep two editions comparable), and the hardest
    matchup."""
    rates, counts = outcomes["win_rate"].to_numpy(), outcomes["matches"].to_numpy().astype(float)
    if counts.sum() == 0:
        return f"Under {edition} no finished game: nothing to say."
    mean = float(np.nanmean(rates))
    if np.all(counts == counts[0]):
        low, high = wilson_interval(float(outcomes["team_wins"].sum()), float(counts.sum()), confidence)
        how = f"{int(counts.sum()):,} games"
    else:  # stratified: the mean of the matchups' rates and its normal interval
        spread = np.sqrt(np.nansum(rates * (1 - rates) / counts)) / len(rates)
        half = float(scipy_stats.norm.ppf(0.5 + confidence / 2)) * spread
        low, high = max(0.0, mean - half), min(1.0, mean + half)
        how = f"{int(counts.sum()):,} games, matchups weighted equally"
    sentence = f"Under {edition} the team wins {100 * mean:.1f}% [{100 * low:.1f}, {100 * high:.1f}] ({percent}, {how})"
    sentence += f" with {bots}" if bots else ""
    if outcomes.height > 1:
        hardest = outcomes.sort(["win_rate", "matchup_id"]).row(0, named=True)
        easiest = outcomes.sort(["win_rate", "matchup_id"], descending=[True, False]).row(0, named=True)

        def named(row: dict) -> str:  # the matchup's sides as the data names them (a scenario's title), else its id
            return row.get("side_a") or row["matchup_id"]

        sentence += (f"; hardest matchup {named(hardest)} {100 * hardest['win_rate']:.1f}% "
                     f"[{100 * hardest['win_low']:.1f}, {100 * hardest['win_high']:.1f}], easiest "
                     f"{named(easiest)} {100 * easiest['win_rate']:.1f}%")
    return sentence + "."


def _series_survival(context: Context, column: str) -> None:
    lake, document = context.lake, context.document
    document.add(Heading(f"Survival of {column}", 3))
    if column not in lake.columns:
        document.add(Paragraph(f"Column {column} is not in the lake: no curve."))
        return
    rows = lake.query("series_rows", {"series_column": column})
    if not isinstance(rows.schema["series"], pl.List):
        document.add(Paragraph(f"Column {column} is not a list column: no curve."))
        return
    longest = int(rows["series"].list.len().max() or 0)
    curves, table_rows = {}, []
    for (edition,), group in rows.group_by(["edition"], maintain_order=True):
        matrix = (
            np.column_stack(
                [
                    group["series"].list.get(index, null_on_oob=True).cast(pl.Float64).to_numpy()
                    for index in range(longest)
                ]
            )
            if longest
            else np.zeros((group.height, 0))
        )
        # Among the matches still in play at each round: a match that ended is not carried forward
        # (a won game would hold its last value to the longest match's end and flatten the curve).
        in_play = (~np.isnan(matrix)).sum(axis=0) if matrix.size else np.zeros(0, int)
        with np.errstate(invalid="ignore"):
            alive = np.where(in_play > 0, np.where(np.isnan(matrix), 0, matrix > 0).sum(axis=0) / np.maximum(in_play, 1), np.nan)
            mean_value = np.nanmean(np.where(np.isnan(matrix), np.nan, matrix), axis=0) if matrix.size else np.zeros(0)
        # drawn while enough matches are left to read a share from (the table keeps every round)
        enough = in_play >= min(context.params.min_count, int(in_play[0]) if in_play.size else 0)
        curves[edition] = (np.arange(1, longest + 1, dtype=float)[enough], alive[enough])
        for index in range(longest):
            table_rows.append(
                {
                    "edition": edition,
                    "round": index + 1,
                    "in_play": int(in_play[index]),
                    "share_above_zero": float(alive[index]),
                    "mean_value": float(mean_value[index]),
                }
            )
    document.add(
        Paragraph(
            f"Share of the matches still in play at each round whose {column} is above zero at its end (list "
            "position = round), and its mean over them; the chart stops where fewer than "
            f"{context.params.min_count} matches are left. How many teams have not lost by each round is the survival "
            "curve above."
        ),
        Table(pl.DataFrame(table_rows), f"coop_{_safe(column)}", f"{column} per round"),
    )
    path, image = context.image(f"coop_{_safe(column)}", f"Share of matches with {column} above zero")
    charts.step_curves(curves, path, f"{column} above zero, per round", "round", "share of matches")
    document.add(image)


# ---- summary --------------------------------------------------------------------------------


def section_sweep(context: Context) -> None:
    """A parameter sweep: the first-player (or team) win rate and each deck's win rate across the
    swept values, one edition a value, all on common deals."""
    lake, document, params = context.lake, context.document, context.params
    field = params.sweep_field
    document.add(Heading(f"Parameter sweep: {field}" if field else "Parameter sweep"))
    editions = list(dict.fromkeys(context.preferred_edition_order))  # the editions in the order of the values
    if not field or len(params.sweep_values) != len(editions):
        document.add(Paragraph("This experiment sweeps no parameter (config `sweep.field`): nothing to show."))
        return
    values = {edition: value for edition, value in zip(editions, params.sweep_values, strict=True)}
    rows = lake.query("pair_rows")
    competitive = rows.filter(pl.col("first_player_won").is_not_null())
    bots = _bots_by_edition(context)
    if competitive.height:
        scores = pair_scores(competitive)
        headline, label = [], "first player"
        for edition in editions:
            summary = score_interval(scores.filter(pl.col("edition") == edition)["first_player_score"].to_numpy(),
                                     params.confidence)
            headline.append({"value": str(values[edition]), "edition": edition, "pairs": summary["n"], "rate": summary["mean"],
                             "low": summary["low"], "high": summary["high"]})
        decks = _deck_rates_by_edition(context, editions)
    else:
        outcomes = _with_wilson(lake.query("coop_outcomes"), "team_wins", "matches", "win_", params.confidence)
        headline, label, decks = [], "team", pl.DataFrame()
        for edition in editions:
            group = outcomes.filter(pl.col("edition") == edition)
            wins, games = float(group["team_wins"].sum()), float(group["matches"].sum())
            low, high = wilson_interval(wins, games, params.confidence)
            headline.append({"value": str(values[edition]), "edition": edition, "pairs": int(games),
                             "rate": wins / games if games else float("nan"), "low": float(low), "high": float(high)})
    table = pl.DataFrame(headline)
    document.add(
        Paragraph(
            f"One edition per value of `{field}`, each the same base edition with that value; every edition plays "
            f"the same deals. The {label}'s win rate per value ({context.percent}; "
            + ("pair-level t-intervals over seat-swapped pairs)." if competitive.height else "Wilson intervals over games).")
        ),
        Table(table, "sweep_effect", f"The {label}'s win rate per value of {field}"),
    )
    series = {f"{label} win rate": (table["rate"].to_numpy(), table["low"].to_numpy(), table["high"].to_numpy())}
    if decks.height:
        document.add(Table(decks, "sweep_decks", f"Each deck's win rate per value of {field} (pair-clustered)"))
        for deck in decks["deck"].unique(maintain_order=True).to_list():
            line = decks.filter(pl.col("deck") == deck)
            series[deck] = (line["rate"].to_numpy(), line["low"].to_numpy(), line["high"].to_numpy())
    path, image = context.image("sweep_effect", f"Win rates across the values of {field}")
    charts.effect_lines(list(params.sweep_values), series, path, title=f"Win rate across {field}", xlabel=field,
                        ylabel="win rate", reference=0.5 if competitive.height else None)
    document.add(image)
    document.answer(_sweep_answer(field, table, label, bots.get(editions[0], ""), context.percent))


def _deck_rates_by_edition(context: Context, editions: list[str]) -> pl.DataFrame:
    """Each deck's win rate per edition over its games against other decks, clustered by pair."""
    outcomes = context.lake.query("matchup_outcomes").filter(pl.col("side_b").is_not_null() & (pl.col("side_b") != ""))
    pair_rows = context.lake.query("pair_rows").filter(pl.col("first_player_won").is_not_null())
    rows = []
    for edition in editions:
        pairs = _pairs_by_cell(outcomes.filter(pl.col("edition") == edition), pair_rows.filter(pl.col("edition") == edition))
        pairs = pairs.filter(pl.col("side_a") != pl.col("side_b"))  # a mirror says nothing about a deck
        for deck in sorted(set(pairs["side_a"].to_list()) | set(pairs["side_b"].to_list())):
            wins, games = _deck_pairs(pairs, deck)
            rate = clustered_rate(wins, games, context.params.confidence)
            rows.append({"deck": deck, "edition": edition, "matches": int(games.sum()), "rate": rate["rate"],
                         "low": rate["low"], "high": rate["high"]})
    return pl.DataFrame(rows, schema={"deck": pl.String, "edition": pl.String, "matches": pl.Int64, "rate": pl.Float64,
                                      "low": pl.Float64, "high": pl.Float64})


def _sweep_answer(field: str, table: pl.DataFrame, label: str, bots: str, percent: str) -> str:
    """The effect across the values in one sentence: the rate at each end and the value nearest 50%
    (competitive) or the best value (cooperative)."""
    def at(row: dict) -> str:
        return f"{100 * row['rate']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}] at {row['value']}"
    first, last = table.row(0, named=True), table.row(table.height - 1, named=True)
    with_bots = f" with {bots}" if bots else ""
    sentence = f"Across {field} from {first['value']} to {last['value']}{with_bots}, the {label} wins {at(first)} and {at(last)} ({percent})"
    rates = table["rate"].to_numpy()
    if label == "first player":
        nearest = table.row(int(np.nanargmin(np.abs(rates - 0.5))), named=True)
        # values whose intervals overlap the nearest one's are not told apart by these matches
        tied = [row for row in table.iter_rows(named=True)
                if row["value"] != nearest["value"] and row["low"] <= nearest["high"] and row["high"] >= nearest["low"]]
        sentence += f"; nearest to 50%: {nearest['value']} ({100 * nearest['rate']:.1f}%)"
        if tied:
            sentence += (", tied with " + ", ".join(f"{row['value']} ({100 * row['rate']:.1f}%)" for row in tied)
                         + " (overlapping intervals)")
    return sentence + "."


def section_summary(context: Context) -> None:
    """Generic fallback: win rates per side (the team's, in a cooperative game) per matchup per edition,
    lengths and end reasons; it answers the game's default question when no other section did: the
    seat advantage of a competitive game, the team's win rate of a cooperative one."""
    lake, document, params = context.lake, context.document, context.params
    document.add(Heading("Summary"))
    outcomes = _with_wilson(lake.query("matchup_outcomes"), "a_wins", "matches", "a_", params.confidence)
    outcomes = outcomes.with_columns(
        ((pl.col("matches") - pl.col("a_wins")) / pl.col("matches")).alias("b_rate"),
        (pl.col("draws") / pl.col("matches")).alias("draw_share"),
        (pl.col("first_player_wins") / pl.col("matches")).alias("first_player_rate"),
    )
    columns = ["edition", "matchup_id", "side_a", "side_b", "bot_a", "bot_b", "matches", "a_wins", "a_rate", "a_low",
               "a_high", "b_rate", "draw_share", "first_player_rate", "mean_turns"]
    if params.cooperative:
        outcomes = outcomes.rename({"side_a": "team", "side_b": "against", "a_wins": "team_wins", "a_rate": "team_rate",
                                    "a_low": "team_low", "a_high": "team_high"})
        columns = ["edition", "matchup_id", "team", "against", "bot_a", "matches", "team_wins", "team_rate", "team_low",
                   "team_high", "mean_turns"]
        lead = f"The team's win rate per edition and matchup with {context.percent} Wilson intervals."
    else:
        lead = (f"Side A's win rate per edition and matchup with {context.percent} Wilson intervals (draws count half; "
                "side B's rate is the rest).")
    document.add(Paragraph(lead), Table(outcomes.select(columns), "summary_outcomes", "Results per matchup"))
    if not document.answers:
        bots = _bots_by_edition(context)
        for edition in context.order_editions(outcomes["edition"].unique().to_list()):
            rows = outcomes.filter(pl.col("edition") == edition)
            document.answer(_summary_answer(edition, rows, params, context.percent, bots.get(edition, "")))
    _lengths_and_end_reasons(context, "summary")


def _summary_answer(edition: str, rows: pl.DataFrame, params: ReportParams, percent: str, bots: str) -> str:
    """The default question's answer from the match counts: a competitive game's first-player win rate
    against the ±margin band, or a cooperative team's win rate with its lowest and highest matchup."""
    with_bots = f" with {bots}" if bots else ""
    matches = int(rows["matches"].sum())
    if params.cooperative:
        wins = float(rows["team_wins"].sum())
        low, high = wilson_interval(wins, matches, params.confidence)
        sentence = (f"Under {edition} the team wins {100 * wins / matches:.1f}% [{100 * low:.1f}, {100 * high:.1f}] of "
                    f"{matches:,} matches ({percent} Wilson){with_bots}")
        if rows.height > 1:
            ordered = rows.sort("team_rate")
            lowest, highest = ordered.row(0, named=True), ordered.row(ordered.height - 1, named=True)

            def where(row: dict) -> str:  # the opponent (a nemesis); a game without one names the scenario
                return f"against {row['against']}" if row["against"] else f"in {row['team'] or row['matchup_id']}"

            sentence += (f"; lowest {where(lowest)} ({100 * lowest['team_rate']:.1f}%), highest {where(highest)} "
                         f"({100 * highest['team_rate']:.1f}%)")
        return sentence + "."
    wins = float(rows["first_player_wins"].sum())
    low, high = wilson_interval(wins, matches, params.confidence)
    finding = band_finding(low, high, 0.5, params.equivalence_margin, "the first player is favoured",
                           "the second player is favoured", "no meaningful first-player advantage")
    return (f"Under {edition} the first player wins {100 * wins / matches:.1f}% [{100 * low:.1f}, {100 * high:.1f}] of "
            f"{matches:,} matches ({percent} Wilson){with_bots}: {finding}.")


def assumptions(context: Context) -> None:
    """What the numbers rest on that the rulebooks do not state (from the rulesets' data)."""
    facts = sorted(set(context.params.assumed))
    if not facts:
        return
    context.document.add(
        Heading("Assumptions"),
        Paragraph(
            f"{len(facts)} fact(s) of the card data and rules are assumed (not stated by the rulebook); every "
            "number above rests on them as much as on the stated rules."
        ),
        Table(pl.DataFrame({"assumed": facts}), "assumptions", "Assumed facts"),
    )


# ---- sides ----------------------------------------------------------------------------------


def section_sides(context: Context) -> None:
    """Per-side states and choices (e.g. a Companion's path, the round it was taken, ascension):
    how often each value occurs per deck and the deck's win rate with it."""
    lake, document, params = context.lake, context.document, context.params
    document.add(Heading("Choices and states per side"))
    if not params.side_columns:
        raise UserError("the `sides` report needs report.side_columns (per-side lake columns)", entry="report.side_columns")
    for column in params.side_columns:
        if f"{column}_a" not in lake.columns:
            raise UserError(f"the lake has no per-side column '{column}' ({column}_a / {column}_b)", entry="report.side_columns")
        rows = lake.query("sides", {"side_column": f"^{column}$"})
        rows = rows.with_columns(
            (pl.col("matches") / pl.col("matches").sum().over(["edition", "deck"])).alias("share")
        )
        rows = _with_wilson(rows, "wins", "matches", "win_", params.confidence)
        key = f"sides_{_safe(column)}"
        document.add(
            Heading(column, 3),
            Paragraph(
                f"Per edition and deck: how often the side ended the match with each value of `{column}` (share of the "
                f"deck's matches) and the deck's win rate with that value ({context.percent} Wilson; draws half). "
                f"Values seen in fewer than {params.min_count} matches are left out of the chart."
            ),
            Table(rows, key, f"Win rate by {column}"),
        )
        shown = rows.filter(pl.col("matches") >= params.min_count)
        for (edition,), group in shown.group_by(["edition"], maintain_order=True):
            labels = [f"{row['deck']}: {row['value']}" for row in group.iter_rows(named=True)]
            path, image = context.image(f"{key}_{_safe(edition)}", f"Win rate by {column}, edition {edition}")
            charts.forest_plot(
                labels,
                group["win_rate"].to_numpy(),
                group["win_low"].to_numpy(),
                group["win_high"].to_numpy(),
                path,
                title=f"Win rate by {column}, edition {edition}",
                reference=0.5,
                xlabel="side win rate",
                unit="rate",
            )
            document.add(image)


def section_variance(context: Context) -> None:
    """Variance components: how much of the result (and the length) the streams that vary within a
    group decide, when the study holds the other streams fixed per group (``group_column``)."""
    lake, document, params = context.lake, context.document, context.params
    column = params.group_column
    document.add(Heading(f"Variance within groups of `{column}`"))
    if column not in lake.columns:
        raise UserError(f"the lake has no column '{column}' to group matches by", entry="report.group_column")
    rows = lake.query("variance_rows", {"group_column": f"^{column}$"})
    table_rows, ungrouped = [], set()
    for (edition, matchup), group in rows.group_by(["edition", "matchup_id"], maintain_order=True):
        groups = group["group_id"].to_numpy()
        if np.unique(groups).size == groups.size:
            ungrouped.add(edition)  # one match per group: nothing varies within a group to measure
            continue
        for outcome in ("won", "rounds"):
            parts = variance_components(group[outcome].cast(pl.Float64).to_numpy(), groups,
                                        n_boot=params.n_boot, seed=params.seed, confidence=params.confidence)
            table_rows.append({"edition": edition, "matchup_id": matchup, "outcome": outcome,
                               "mean": float(group[outcome].cast(pl.Float64).mean()), **parts})
    if ungrouped:
        document.add(Paragraph(f"Editions with one match per `{column}` value (nothing to split): {', '.join(sorted(ungrouped))}."))
    if not table_rows:
        return
    table = pl.DataFrame(table_rows)
    document.add(
        Paragraph(
            f"Matches with the same `{column}` share every random stream the study holds fixed; only the streams "
            "the edition lets vary differ between them. A one-way random-effects analysis of variance splits each "
            "outcome's variance into the part between groups (decided by the held streams) and the part within "
            f"groups (decided by the varying streams): `within_share` with a {context.percent} bootstrap interval "
            "over whole groups. `mixed_groups`: share of groups whose outcome was not the same in every match "
            "(for `won`: the varying streams alone changed the result)."
        ),
        Table(table, "variance_components", "Variance components per edition and matchup"),
    )
    won = table.filter(pl.col("outcome") == "won").filter(pl.col("within_share").is_not_nan())
    if won.height:
        labels = [f"{row['edition']}: {row['matchup_id']}" for row in won.iter_rows(named=True)]
        path, image = context.image("variance_within_share", "Share of result variance within groups")
        charts.forest_plot(labels, won["within_share"].to_numpy(), won["within_low"].to_numpy(),
                           won["within_high"].to_numpy(), path, title="Share of result variance within groups",
                           reference=0.0, xlabel="within-group share of variance (won/lost)", unit="rate")
        document.add(image)


# ---- endings --------------------------------------------------------------------------------


def _weighted_quantile(values: np.ndarray, counts: np.ndarray, q: float) -> float:
    """The smallest value whose cumulative share of the counts reaches ``q`` (values sorted)."""
    cumulative = np.cumsum(counts) / counts.sum()
    return float(values[min(int(np.searchsorted(cumulative, q - 1e-12)), len(values) - 1)])


def _endings_rounds(context: Context) -> dict[tuple[str, str], tuple[float, float, float]]:
    """When matches end (the `endings` report): each end reason's share per edition (Wilson) and the Rounds
    at which it comes (mean, 10th percentile, median, 90th percentile), with the distribution per reason;
    returns (edition, reason) -> (median, 10th, 90th percentile Round) for the answer. The answer opens with
    the rules the numbers were played under (the game's title)."""
    lake, document, params = context.lake, context.document, context.params
    document.add(Heading("When matches end", 3))
    if params.game_title:
        played_by = sorted(set(_bots_by_edition(context).values()) - {""})
        document.answer(f"Rules played: {params.game_title}" + (f"; bots: {'; '.join(played_by)}." if played_by else "."))
    rows = lake.query("end_reason_rounds").with_columns(pl.col("end_reason").fill_null("(none)"))
    summary = []
    for edition in context.order_editions(rows["edition"].unique().to_list()):
        group = rows.filter(pl.col("edition") == edition)
        total = int(group["matches"].sum())
        series = {}
        for (reason,), by_round in group.sort("rounds").group_by(["end_reason"], maintain_order=True):
            rounds, counts = by_round["rounds"].to_numpy().astype(float), by_round["matches"].to_numpy().astype(float)
            series[reason] = (rounds, counts)
            summary.append({
                "edition": edition, "end_reason": reason, "matches": int(counts.sum()), "of": total,
                "mean_rounds": float((rounds * counts).sum() / counts.sum()),
                "p10_rounds": _weighted_quantile(rounds, counts, 0.1),
                "median_rounds": _weighted_quantile(rounds, counts, 0.5),
                "p90_rounds": _weighted_quantile(rounds, counts, 0.9),
                "max_rounds": float(rounds.max()),
            })
        path, image = context.image(f"endings_{_safe(edition)}", f"Rounds at the end, per end reason, edition {edition}")
        charts.length_distribution(series, path, title=f"When matches end, per end reason ({edition})", xlabel="rounds")
        document.add(image)
    table = _with_wilson(pl.DataFrame(summary), "matches", "of", "share_", params.confidence)
    table = table.select(["edition", "end_reason", "matches", "share_rate", "share_low", "share_high", "mean_rounds",
                          "p10_rounds", "median_rounds", "p90_rounds", "max_rounds"])
    document.add(
        Paragraph(
            f"Per edition, each end reason's share of the edition's finished matches ({context.percent} Wilson "
            "interval) and the Round the match ended in when it ended that way: mean, 10th percentile, median, "
            "90th percentile and the longest. The charts above show the whole distribution per reason (share of "
            "that reason's matches per Round)."
        ),
        Table(table, "endings", "End reasons and their Rounds, per edition", digits=3),
    )
    return {(row["edition"], row["end_reason"]): (row["median_rounds"], row["p10_rounds"], row["p90_rounds"])
            for row in table.filter(pl.col("matches") > 0).iter_rows(named=True)}


# ---- side A ---------------------------------------------------------------------------------


def section_side_a(context: Context) -> None:
    """Side A against side B (the first-listed side of each matchup entry, e.g. an asymmetric game's
    first role): its pair-level win rate per edition and matchup and pooled, with t-intervals over
    seat-swapped pairs (draws count half, and the share of draws beside it), and each later edition's
    paired difference from the first on common deals."""
    lake, document, params = context.lake, context.document, context.params
    document.add(Heading("Side A against side B"))
    pairs = pair_scores(lake.query("pair_rows"))
    outcomes = lake.query("matchup_outcomes")
    labels = outcomes.select(["edition", "matchup_id", "side_a", "side_b", "matches", "draws"])
    bots = _bots_by_edition(context)
    editions = context.order_editions(pairs["edition"].unique().to_list())
    rows = []
    for edition in editions:
        at_edition = pairs.filter(pl.col("edition") == edition)
        groups = [(m, at_edition.filter(pl.col("matchup_id") == m)) for m in sorted(at_edition["matchup_id"].unique())]
        for matchup_id, frame in [*groups, ("ALL", at_edition)]:
            interval = score_interval(frame["a_score"].to_numpy(), params.confidence)
            cell = labels.filter((pl.col("edition") == edition) & ((pl.col("matchup_id") == matchup_id)
                                                                      | pl.lit(matchup_id == "ALL")))
            rows.append({
                "edition": edition, "matchup_id": matchup_id,
                "side_a": cell["side_a"][0] if matchup_id != "ALL" else "(all)",
                "side_b": cell["side_b"][0] if matchup_id != "ALL" else "(all)",
                "pairs": frame.height, "a_rate": interval["mean"], "a_low": interval["low"], "a_high": interval["high"],
                "draw_share": float(cell["draws"].sum() / cell["matches"].sum()),
            })
    table = pl.DataFrame(rows)
    document.add(
        Paragraph(
            f"Side A's pair-level win rate (the mean over seat-swapped pairs of side A's score, draws half) with "
            f"{context.percent} t-intervals over pairs, the independent unit; each pair plays both turn orders, so "
            "the first player's edge cancels out. 'ALL' pools every matchup of the edition (each pair weighs the same)."
        ),
        Table(table, "side_a", "Side A's win rate per edition and matchup", digits=3),
    )
    for edition in editions:
        group = table.filter(pl.col("edition") == edition)
        path, image = context.image(f"side_a_{_safe(edition)}", f"Side A's win rate per matchup, edition {edition}")
        charts.forest_plot([f"{r['side_a']} vs {r['side_b']}" if r["matchup_id"] != "ALL" else "all matchups"
                            for r in group.iter_rows(named=True)], group["a_rate"].to_numpy(),
                           group["a_low"].to_numpy(), group["a_high"].to_numpy(), path,
                           title=f"Side A's win rate ({edition})", reference=0.5, xlabel="side A pair-level win rate",
                           unit="rate")
        document.add(image)
        pooled = group.filter(pl.col("matchup_id") == "ALL").row(0, named=True)
        cells = group.filter(pl.col("matchup_id") != "ALL").sort(["a_rate", "matchup_id"])
        with_bots = f" with {bots[edition]}" if bots.get(edition) else ""
        sentence = (f"Under {edition}{with_bots} side A wins {100 * pooled['a_rate']:.1f}% [{100 * pooled['a_low']:.1f}, "
                    f"{100 * pooled['a_high']:.1f}] ({context.percent}, {pooled['pairs']:,} seat-swapped pairs, draws "
                    f"half; {100 * pooled['draw_share']:.1f}% draws)")
        if cells.height > 1:
            low, high = cells.row(0, named=True), cells.row(cells.height - 1, named=True)
            sentence += (f"; per matchup from {100 * low['a_rate']:.1f}% [{100 * low['a_low']:.1f}, {100 * low['a_high']:.1f}]"
                         f" ({low['side_a']} vs {low['side_b']}) to {100 * high['a_rate']:.1f}% "
                         f"[{100 * high['a_low']:.1f}, {100 * high['a_high']:.1f}] ({high['side_a']} vs {high['side_b']})")
        document.answer(sentence + ".")
    if len(editions) < 2:
        return
    baseline = params.baseline or editions[0]
    frames = [
        paired_comparison(pairs.filter(pl.col("edition") == baseline), pairs.filter(pl.col("edition") == edition),
                          "a_score", params.confidence).with_columns(pl.lit(edition).alias("edition"))
        for edition in editions if edition != baseline
    ]
    differences = pl.concat(frames).select(["edition", *frames[0].columns[:-1]])
    document.add(
        Heading(f"Side A's win rate: each edition minus {baseline}, on common deals", 3),
        Paragraph(
            f"The same deals replayed under both editions, joined on (matchup, pair); difference = edition minus "
            f"{baseline} in side A's pair score; paired t-test and {context.percent} t-interval."
        ),
        Table(differences, "side_a_differences", f"Side A's win rate, edition minus {baseline}", digits=4),
    )
    for row in differences.filter(pl.col("matchup_id") == "ALL").iter_rows(named=True):
        low, high = 100 * row["low"], 100 * row["high"]
        verdict = ("no difference shown" if low <= 0 <= high else
                   "side A does better" if low > 0 else "side A does worse")
        document.answer(f"{row['edition']} against {baseline}: side A's win rate changes by {100 * row['difference']:+.1f} "
                        f"points [{low:+.1f}, {high:+.1f}] ({context.percent}, {row['pairs']:,} common deals): {verdict}.")


# ---- columns -------------------------------------------------------------------------------
# ---- endings, deck effects ------------------------------------------------------

def _baseline_of(baseline: str | None, editions: list[str]) -> str:
    if baseline and baseline not in editions:
        raise UserError(f"baseline edition '{baseline}' is not in the lake (editions: {', '.join(editions)})",
                        entry="report.baseline")
    return baseline or editions[0]


def _in_points(comparison: dict) -> dict:
    """A paired difference of two rates and its interval, in percentage points."""
    return {name: 100 * comparison[key] for name, key in
            (("difference_points", "difference"), ("points_low", "low"), ("points_high", "high"))}


def _deal_shares(rows: pl.DataFrame, reasons: list[str]) -> pl.DataFrame:
    """Per deal (edition, matchup, pair): its matches and, per end reason, the share of them it ended."""
    return rows.group_by(["edition", "matchup_id", "pair_index"]).agg(
        pl.len().alias("games"), *[(pl.col("end_reason") == reason).mean().alias(reason) for reason in reasons]
    ).sort(["edition", "matchup_id", "pair_index"])


def section_endings(context: Context) -> None:
    """How matches end: each end reason's share per edition, with an interval clustered by deal, and
    each later edition's paired difference from the first on common deals."""
    document, params = context.document, context.params
    document.add(Heading("How and when matches end"))
    rounds = _endings_rounds(context)
    rows = context.lake.query("column_values", {"value_columns": "^end_reason$"})
    if rows.height == 0:
        document.add(Paragraph("No valid matches: nothing to count."))
        return
    rows = rows.with_columns(pl.col("end_reason").fill_null("(none)"))
    reasons = sorted(rows["end_reason"].unique().to_list())
    editions = context.order_editions(rows["edition"].unique().to_list())
    deals = _deal_shares(rows, reasons)
    shares = []
    for edition in editions:
        group = deals.filter(pl.col("edition") == edition)
        games = group["games"].to_numpy()
        for reason in reasons:
            rate = clustered_rate(group[reason].to_numpy() * games, games, params.confidence)
            shares.append({"edition": edition, "end_reason": reason, "matches": int(games.sum()),
                           "ended": int(round(float((group[reason] * group["games"]).sum()))),
                           "rate": rate["rate"], "low": rate["low"], "high": rate["high"]})
    table = pl.DataFrame(shares)
    baseline = _baseline_of(params.baseline, editions)
    differences = []
    for edition in editions:
        if edition == baseline:
            continue
        for reason in reasons:
            overall = paired_comparison(deals.filter(pl.col("edition") == baseline),
                                        deals.filter(pl.col("edition") == edition), reason,
                                        params.confidence).filter(pl.col("matchup_id") == "ALL").row(0, named=True)
            differences.append({"edition": edition, "baseline": baseline, "end_reason": reason, "deals": overall["pairs"],
                                "baseline_share": overall["baseline_mean"], "share": overall["treatment_mean"],
                                **_in_points(overall), "p_value": overall["p_value"]})
    document.add(
        Paragraph(
            f"Each end reason's share of an edition's valid matches, with a {context.percent} Wilson interval on the "
            "effective number of matches (clustered by deal: the two seat orders of a deal are not independent). "
            "A match ends with the reason of the last player (or team) to lose; a draw at the turn cap has its own "
            "reason."
        ),
        Table(table, "endings_shares", "End-reason shares per edition"),
    )
    if differences:
        document.add(
            Paragraph(
                f"Each edition against {baseline} on common deals: per deal, the edition's share of the reason minus "
                f"the baseline's, averaged over deals, with a {context.percent} paired t-interval."
            ),
            Table(pl.DataFrame(differences), "endings_differences", f"End-reason share: edition minus {baseline}", digits=2),
        )
    grid = np.array([[row["rate"] for row in table.filter(pl.col("edition") == edition).iter_rows(named=True)]
                     for edition in editions])
    path, image = context.image("endings_shares", "End-reason shares per edition")
    charts.share_bars(editions, reasons, grid, path, title="How matches end, per edition")
    document.add(image)
    bots = _bots_by_edition(context)
    by_edition = {edition: [] for edition in editions}
    for row in differences:
        by_edition[row["edition"]].append(row)
    for edition in editions:
        document.answer(_endings_answer(edition, table.filter(pl.col("edition") == edition), by_edition[edition],
                                        baseline, bots.get(edition, ""), context.percent, rounds))
    if context.lake.query("matchup_outcomes")["matchup_id"].n_unique() > 1:
        _endings_by_matchup(context)


def _endings_answer(edition: str, shares: pl.DataFrame, differences: list[dict], baseline: str, bots: str,
                    percent: str, rounds: dict | None = None) -> str:
    """Every end reason's share, most frequent first, with the median and 10-90% Rounds it comes at, and the
    differences from the baseline its interval shows."""
    ordered = shares.sort(["rate", "end_reason"], descending=[True, False]).iter_rows(named=True)

    def when(reason: str) -> str:
        if not rounds or (edition, reason) not in rounds:
            return ""
        median, low, high = rounds[(edition, reason)]
        return f" at Round {median:g} (10-90%: {low:g}-{high:g})"

    parts = [f"{row['end_reason']} {100 * row['rate']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}]"
             + when(row["end_reason"]) for row in ordered]
    with_bots = f" with {bots}" if bots else ""
    matches = int(shares["matches"].max())
    sentence = f"Under {edition}{with_bots}, {matches:,} matches end by " + ", ".join(parts) + f" ({percent})"
    shown = [row for row in differences if np.isfinite(row["points_low"]) and (row["points_low"] > 0 or row["points_high"] < 0)]
    if differences:
        if shown:
            sentence += f"; against {baseline}: " + ", ".join(
                f"{row['end_reason']} {row['difference_points']:+.1f} points [{row['points_low']:+.1f}, {row['points_high']:+.1f}]"
                for row in shown)
        else:
            sentence += f"; no share differs from {baseline} beyond its interval"
    return sentence + "."


def _deck_pair_scores(pairs: pl.DataFrame, deck: str) -> pl.DataFrame:
    """A deck's score per deal (its win share over the deal's matches) in every non-mirror matchup it plays."""
    as_a = pairs.filter((pl.col("side_a") == deck) & (pl.col("side_b") != deck)).with_columns(
        pl.col("a_score").alias("deck_score"))
    as_b = pairs.filter((pl.col("side_b") == deck) & (pl.col("side_a") != deck)).with_columns(
        (1 - pl.col("a_score")).alias("deck_score"))
    return pl.concat([as_a, as_b]).select(["edition", "matchup_id", "pair_index", "deck_score"])


def section_deck_effects(context: Context) -> None:
    """Each deck's win rate per edition, and each later edition's paired difference from the first
    on common deals: what a deck variant (an edition that changes decks) does to each deck."""
    document, params = context.document, context.params
    document.add(Heading("Each deck's win rate per edition"))
    sides = context.lake.query("matchup_outcomes").select(["matchup_id", "side_a", "side_b"]).unique("matchup_id")
    rows = context.lake.query("pair_rows").filter(pl.col("first_player_won").is_not_null())
    pairs = pair_scores(rows).join(sides, on="matchup_id", how="inner")
    if pairs.height == 0:
        document.add(Paragraph("No two-sided matches: no deck to rate."))
        return
    editions = context.order_editions(pairs["edition"].unique().to_list())
    baseline = _baseline_of(params.baseline, editions)
    decks = sorted(set(pairs["side_a"].to_list()) | set(pairs["side_b"].to_list()))
    rates, differences = [], []
    for deck in decks:
        scores = _deck_pair_scores(pairs, deck)
        for edition in editions:
            mine = scores.filter(pl.col("edition") == edition)
            summary = score_interval(mine["deck_score"].to_numpy(), params.confidence)
            rates.append({"deck": deck, "edition": edition, "deals": summary["n"], "rate": summary["mean"],
                          "low": summary["low"], "high": summary["high"]})
            if edition == baseline:
                continue
            overall = paired_comparison(scores.filter(pl.col("edition") == baseline), mine, "deck_score",
                                        params.confidence).filter(pl.col("matchup_id") == "ALL").row(0, named=True)
            differences.append({"edition": edition, "baseline": baseline, "deck": deck, "deals": overall["pairs"],
                                "baseline_rate": overall["baseline_mean"], "rate": overall["treatment_mean"],
                                **_in_points(overall), "p_value": overall["p_value"]})
    table = pl.DataFrame(rates)
    document.add(
        Paragraph(
            f"A deck's win rate over its deals against other decks (mirrors left out; draws half), a deal's two seat "
            f"orders scored together, with {context.percent} t-intervals over deals. Each edition after {baseline} is "
            f"compared with it on common deals: per deal, the deck's score under the edition minus under {baseline}. "
            "An edition that varies some decks also moves the rates of the decks they play, the other way."
        ),
        Table(table, "deck_effects_rates", "Each deck's win rate per edition"),
    )
    if not differences:
        return
    frame = pl.DataFrame(differences)
    _, holm = adjust_pvalues(frame["p_value"].fill_nan(1.0).to_numpy(), "holm", params.alpha)
    frame = frame.with_columns(pl.Series("p_holm", holm))
    document.add(
        Paragraph(f"The p-values are adjusted with Holm across all {frame.height} (edition, deck) comparisons."),
        Table(frame, "deck_effects_differences", f"Each deck's win rate: edition minus {baseline}", digits=2),
    )
    labels = [f"{row['edition']}: {row['deck']}" for row in frame.iter_rows(named=True)]
    path, image = context.image("deck_effects", f"Each deck's win-rate change from {baseline}")
    charts.forest_plot(labels, frame["difference_points"].to_numpy(), frame["points_low"].to_numpy(),
                       frame["points_high"].to_numpy(), path, title=f"Deck win rate: edition minus {baseline}",
                       xlabel="difference in win rate (percentage points)", reference=0.0)
    document.add(image)
    bots = _bots_by_edition(context)
    for edition in editions:
        if edition != baseline:
            document.answer(_deck_effects_answer(edition, frame.filter(pl.col("edition") == edition), baseline,
                                                 bots.get(edition, ""), context.percent))


def _deck_effects_answer(edition: str, frame: pl.DataFrame, baseline: str, bots: str, percent: str) -> str:
    """The decks whose win rate the edition moves (Holm-adjusted), largest first, or that none moves."""
    with_bots = f" with {bots}" if bots else ""
    moved = frame.filter(pl.col("p_holm") < 0.05).with_columns(pl.col("difference_points").abs().alias("size")).sort(
        ["size", "deck"], descending=[True, False])
    deals = int(frame["deals"].max()) if frame.height else 0
    if moved.height == 0:
        largest = frame.with_columns(pl.col("difference_points").abs().alias("size")).sort("size", descending=True).row(0, named=True)
        return (f"Under {edition} against {baseline}{with_bots}: no deck's win rate moves beyond chance (Holm 5%); "
                f"the largest change is {largest['deck']} {largest['difference_points']:+.1f} points "
                f"[{largest['points_low']:+.1f}, {largest['points_high']:+.1f}] ({percent}, up to {deals:,} common deals).")
    parts = [f"{row['deck']} {row['difference_points']:+.1f} points [{row['points_low']:+.1f}, {row['points_high']:+.1f}] "
             f"to {100 * row['rate']:.1f}%" for row in moved.iter_rows(named=True)]
    return (f"Under {edition} against {baseline}{with_bots}: " + "; ".join(parts)
            + f" ({percent}, Holm 5%, up to {deals:,} common deals).")



def section_columns(context: Context) -> None:
    """How often and how much: per edition and matchup, the mean of each numeric lake column named in
    report.columns (a per-match extra, a per-side pair `<name>_a`/`<name>_b` summed over both sides, or a
    cooperative per-seat list summed over the seats), with intervals over deals and each edition's
    paired difference from the baseline on common deals."""
    lake, document, params = context.lake, context.document, context.params
    if not params.columns:
        raise UserError("the `columns` report needs report.columns (numeric lake columns)", entry="report.columns")
    document.add(Heading("Per-match measures"))
    document.add(
        Paragraph(
            "Each measure is a number per match. Its mean is shown per edition and per matchup with a "
            f"{context.percent} t-interval over deals (both seat orders of a deal are averaged first, so the two "
            "matches of a deal count once); `nonzero_share` is the share of matches where it is not 0. Each "
            "edition after the baseline is compared with it on common deals: the same deals replayed under both."
        )
    )
    bots = _bots_by_edition(context)
    for column in params.columns:
        values = _column_values(lake, column)
        editions = context.order_editions(values["edition"].unique().to_list())
        key = f"columns_{_safe(column)}"
        deals = values.group_by(["edition", "matchup_id", "pair_index"]).agg(
            pl.col("value").mean(), (pl.col("value") != 0).mean().alias("nonzero"), pl.len().alias("matches")
        )
        rows = []
        for (edition, matchup), group in _with_pooled(deals).group_by(["edition", "matchup_id"], maintain_order=True):
            interval = mean_t_interval(group["value"].to_numpy(), params.confidence)
            rows.append({"edition": edition, "matchup_id": matchup, "deals": group.height,
                         "matches": int(group["matches"].sum()), "mean": interval["mean"], "low": interval["low"],
                         "high": interval["high"], "nonzero_share": float(group["nonzero"].mean())})
        table = pl.DataFrame(rows).sort(
            pl.col("edition").replace_strict({e: i for i, e in enumerate(editions)}, return_dtype=pl.Int64),
            pl.col("matchup_id") != "ALL", "matchup_id",
        )
        overall = table.filter(pl.col("matchup_id") == "ALL")
        differences = _column_differences(context, deals, editions)
        document.add(Heading(column, 3), Table(table, key, f"Mean {column} per match, per edition and matchup"))
        if differences is not None:
            document.add(Table(differences, f"{key}_differences",
                               f"{column}: each edition minus {differences['baseline'][0]} on common deals"))
        path, image = context.image(key, f"Mean {column} per match, per edition")
        charts.forest_plot(overall["edition"].to_list(), overall["mean"].to_numpy(), overall["low"].to_numpy(),
                           overall["high"].to_numpy(), path, title=f"Mean {column} per match", xlabel=column)
        document.add(image)
        document.answer(_columns_answer(column, overall, differences, bots, context.percent))


def _column_values(lake: Lake, column: str) -> pl.DataFrame:
    """(edition, matchup_id, pair_index, swap, value): the column, or its two sides summed, per match."""
    if column in lake.columns:
        names = [column]
    elif f"{column}_a" in lake.columns and f"{column}_b" in lake.columns:
        names = [f"{column}_a", f"{column}_b"]
    else:
        raise UserError(f"the lake has no column '{column}' (nor {column}_a / {column}_b)", entry="report.columns")
    rows = lake.query("column_values", {"value_columns": "^(" + "|".join(re.escape(n) for n in names) + ")$"})
    parts = []
    for name in names:
        dtype = rows.schema[name]
        if isinstance(dtype, pl.List):
            dtype = dtype.inner
            part = pl.col(name).list.sum()
        else:
            part = pl.col(name)
        if not (dtype.is_numeric() or dtype == pl.Boolean):
            raise UserError(f"column '{name}' holds {dtype}, not numbers", entry="report.columns")
        parts.append(part.cast(pl.Float64))
    return rows.select("edition", "matchup_id", "pair_index", "swap", pl.sum_horizontal(parts).alias("value"))


def _with_pooled(deals: pl.DataFrame) -> pl.DataFrame:
    """The deals once per matchup and once more under matchup 'ALL' (the edition pooled)."""
    return pl.concat([deals, deals.with_columns(pl.lit("ALL").alias("matchup_id"))])


def _column_differences(context: Context, deals: pl.DataFrame, editions: list[str]) -> pl.DataFrame | None:
    if len(editions) < 2:
        return None
    baseline = _baseline_of(context.params.baseline, editions)
    frames = []
    for edition in editions:
        if edition != baseline:
            comparison = paired_comparison(deals.filter(pl.col("edition") == baseline),
                                           deals.filter(pl.col("edition") == edition), "value",
                                           context.params.confidence)
            frames.append(comparison.with_columns(pl.lit(edition).alias("edition"), pl.lit(baseline).alias("baseline")))
    return pl.concat(frames).select("edition", "baseline", "matchup_id", "pairs", "baseline_mean", "treatment_mean",
                                    "difference", "low", "high", "p_value")


def _columns_answer(column: str, overall: pl.DataFrame, differences: pl.DataFrame | None, bots: dict[str, str],
                    percent: str) -> str:
    """One sentence per measure: its mean per match under each edition, and how far each edition moves it."""
    def number(value: float) -> str:
        return format_value(float(value), 2)

    parts = []
    pooled = differences.filter(pl.col("matchup_id") == "ALL") if differences is not None else None
    for row in overall.iter_rows(named=True):
        text = (f"{number(row['mean'])} [{number(row['low'])}, {number(row['high'])}] under {row['edition']}"
                f" (non-zero in {row['nonzero_share']:.1%} of {row['matches']:,} matches)")
        moved = pooled.filter(pl.col("edition") == row["edition"]) if pooled is not None else None
        if moved is not None and moved.height:
            change = moved.row(0, named=True)
            text += (f", {'+' if change['difference'] >= 0 else ''}{number(change['difference'])} "
                     f"[{number(change['low'])}, {number(change['high'])}] against {change['baseline']}")
        parts.append(text)
    played_by = sorted(set(bots.values()) - {""})
    bot_text = f" with {'; '.join(played_by)}" if played_by else ""
    return f"Mean {column} per match ({percent} intervals over deals){bot_text}: {'; '.join(parts)}."


# ---- end reasons per matchup ----------------------------------------------------------------


def _endings_by_matchup(context: Context) -> None:
    """The `endings` report per matchup (e.g. a cooperative game's cause of loss per scenario): each end
    reason's share of the matchup's games with its Wilson interval, and the baseline edition's answer."""
    lake, document, params = context.lake, context.document, context.params
    document.add(Heading("End reasons per matchup", 3))
    rows = lake.query("column_values", {"value_columns": "^(end_reason|side_a|side_b)$"})
    labels = rows.select("matchup_id", pl.concat_str(["side_a", "side_b"], separator=" vs ").str.strip_suffix(" vs ")
                         .alias("matchup")).unique("matchup_id").sort("matchup_id")
    counts = (rows.with_columns(pl.col("end_reason").fill_null("(none)"))
              .group_by(["edition", "matchup_id", "end_reason"]).agg(pl.len().alias("matches"))
              .with_columns(pl.col("matches").sum().over(["edition", "matchup_id"]).alias("games")))
    editions = context.order_editions(counts["edition"].unique().to_list())
    reasons = sorted(counts["end_reason"].unique().to_list())
    # every reason on every row, so a reason a matchup never ended with shows as 0 with its interval
    grid = (pl.DataFrame({"edition": editions}).join(labels, how="cross")
            .join(pl.DataFrame({"end_reason": reasons}), how="cross")
            .join(counts.select("edition", "matchup_id", "games").unique(), on=["edition", "matchup_id"])
            .join(counts.drop("games"), on=["edition", "matchup_id", "end_reason"], how="left")
            .with_columns(pl.col("matches").fill_null(0)))
    table = _with_wilson(grid, "matches", "games", "share_", params.confidence).sort(
        pl.col("edition").replace_strict({e: i for i, e in enumerate(editions)}, return_dtype=pl.Int64),
        "matchup_id", "end_reason").rename({"share_rate": "share"})
    document.add(
        Paragraph(f"Per edition and matchup: how many games ended with each end reason and its share of the matchup's "
                  f"games ({context.percent} Wilson interval)."),
        Table(table.drop("matchup_id"), "end_reasons_by_matchup", "End reasons per edition and matchup"),
    )
    keys = [(e, m) for e in editions for m in labels["matchup"].to_list()]
    shares = np.zeros((len(keys), len(reasons)))
    for row in table.iter_rows(named=True):
        shares[keys.index((row["edition"], row["matchup"])), reasons.index(row["end_reason"])] = row["share"]
    path, image = context.image("end_reasons_by_matchup", "End-reason shares per edition and matchup")
    charts.share_bars([f"{e}: {m}" for e, m in keys], reasons, shares, path, title="End reasons per edition and matchup")
    document.add(image)
    baseline = params.baseline if params.baseline in editions else editions[0]
    document.answer(_end_reasons_answer(table.filter(pl.col("edition") == baseline), baseline,
                                        _bots_by_edition(context).get(baseline, ""), context.percent))


def _end_reasons_answer(table: pl.DataFrame, edition: str, bots: str, percent: str) -> str:
    """Per matchup, the share of each end reason that occurred, most frequent first."""
    parts = []
    for (matchup,), group in table.group_by(["matchup"], maintain_order=True):
        seen = group.filter(pl.col("matches") > 0).sort(["share", "end_reason"], descending=[True, False])
        reasons = ", ".join(f"{row['end_reason'].replace('_', ' ')} {100 * row['share']:.1f}% "
                            f"[{100 * row['share_low']:.1f}, {100 * row['share_high']:.1f}]" for row in seen.iter_rows(named=True))
        parts.append(f"{matchup} ({int(group['games'][0]):,} games): {reasons}")
    played = f" with {bots}" if bots else ""
    return f"How games end under {edition}{played} ({percent} Wilson): " + "; ".join(parts) + "."


SECTIONS = {
    "opening": section_opening,
    "sweep": section_sweep,
    "matrix": section_matrix,
    "cards": section_cards,
    "coop": section_coop,
    "summary": section_summary,
    "sides": section_sides,
    "variance": section_variance,
    "endings": section_endings,
    "deck_effects": section_deck_effects,
    "columns": section_columns,
    "side_a": section_side_a,
}
for _name, _section in SECTIONS.items():
    register(_name, _section)
