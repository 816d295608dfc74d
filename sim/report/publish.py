"""The index of published studies: ``reports/index.html``, one self-contained page over every study
in ``reports/`` (the ``make publish`` target).

It reads the reports as they stand and reruns nothing: each study's question (its report's
title), the answer its report states (read back from report.md by ``read_summary``, so the index
quotes the report word for word), its key charts as embedded thumbnails linked to the full
charts, and links to the report and its CSV tables. A comparison (`sim compare`, or a preset's
`tiers:`) lists the studies it compares inside its own section (each with its answers and its
report), so the page holds a study once: under the question it answers. Folders named like a quick try of a preset
(``<preset>-<8 hex digits>``, see ``sim.core.config``) are not published studies and are only
counted; folders of other Markdown pages (``bench/``, ``profile/``) are linked as measurements.
The same reports give a byte-identical page.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from sim.core.errors import UserError
from sim.core.lake import write_error
from sim.report.document import CSS, Image, read_summary

INDEX_FILE = "index.html"
KEY_CHARTS = 2  # a report's first charts are its headline ones (each section opens with its own)
THUMBNAIL_BOX = (520, 400)  # pixels: a thumbnail fits inside, keeping the chart's proportions
THUMBNAIL_COLOURS = 128
QUICK_TRY_NAME = re.compile(r"-[0-9a-f]{8}$")
COMPARED_TABLE = "provenance_experiments"  # sim.report.compare's table of the experiments it compares
LADDER_EXPERIMENTS_TABLE = "ladder_experiments.csv"  # sim/commands/ladder.py's table of its rungs' experiments

INDEX_CSS = """
section.study { border-top: 2px solid #1f4e79; margin-top: 2.5em; padding-top: 0.5em; }
p.lead { color: #555; font-size: 0.9em; }
p.missing { color: #8a4b00; font-style: italic; }
div.charts { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; max-width: 520px; }
figure img { margin: 0; }
figcaption { font-size: 0.85em; color: #555; }
ul.links { padding-left: 1.2em; }
details { margin: 0.3em 0 0.8em; }
div.part { margin-left: 1.2em; }
p.part-answer { margin: 0.3em 0 0.3em 1em; }
td, th { text-align: left; vertical-align: top; }
"""


@dataclass
class Study:
    """One published report folder, as its report.md states it."""

    name: str  # folder under reports/
    question: str
    lead: str
    answers: list[str]
    charts: list[Image]  # the key charts, file names relative to the study folder
    pages: list[str]  # report.html, report.md (those present)
    tables: list[str]  # tables/*.csv relative to the study folder
    compares: list[str] = field(default_factory=list)  # a comparison's experiments (its provenance table)
    parts: list[Study] = field(default_factory=list)  # those of them published here, listed inside it
    game: str = ""  # the game its matches were played in ("" when the report does not say)
    engine: str = ""  # the engine version that played them, from its provenance
    dirty: bool = False  # played from a tree with uncommitted changes (git_sha "+dirty"): not publishable

    def stale(self, current: dict[str, str]) -> bool:
        """Played by an older engine than the game's current one (or, a comparison, any part was)."""
        return bool(self.engine and current.get(self.game, self.engine) != self.engine) or any(
            part.stale(current) for part in self.parts)


@dataclass
class Index:
    studies: list[Study]
    measurements: list[str]  # Markdown pages relative to reports/ in folders without a report
    quick_tries: list[str]  # folder names left out
    refused: list[str] = field(default_factory=list)  # studies played from a +dirty tree, left out
    current: dict[str, str] = field(default_factory=dict)  # game -> its engine version now

    def stale(self) -> list[str]:
        return [study.name for study in self.every_study() if study.stale(self.current)]

    def every_study(self) -> list[Study]:
        """The studies listed, those inside a comparison included."""
        return [*self.studies, *(part for study in self.studies for part in study.parts)]


def read_study(folder: Path) -> Study:
    markdown_path = folder / "report.md"
    try:
        summary = read_summary(markdown_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"report is unreadable ({getattr(error, 'strerror', None) or error})",
                        file=str(markdown_path)) from None
    if not summary.title:
        raise UserError("report has no title line ('# ...'): not written by sim's reports", file=str(markdown_path))
    charts = [image for image in summary.images if (folder / image.file_name).is_file()][:KEY_CHARTS]
    return Study(
        name=folder.name,
        question=summary.title,
        lead=summary.lead,
        answers=summary.answers,
        charts=charts,
        pages=[page for page in ("report.html", "report.md") if (folder / page).is_file()],
        tables=sorted(path.relative_to(folder).as_posix() for path in (folder / "tables").glob("*.csv")),
        compares=_compared(folder / "tables" / f"{COMPARED_TABLE}.csv"),
        **_played(folder),
    )


def _played(folder: Path) -> dict:
    """The game, engine version and tree state a report's provenance tables state (a ladder's
    folder, <game>-ladder, names its game; a comparison's experiments carry their git_sha)."""
    facts: dict = {"game": "", "engine": "", "dirty": False}
    engines = _rows(folder / "tables" / "provenance_engines.csv")
    if engines:
        facts["game"], facts["engine"] = engines[0].get("game", ""), engines[0].get("engine version", "")
    elif folder.name.endswith("-ladder"):
        facts["game"] = folder.name.removesuffix("-ladder")
    run = {row.get("field"): row.get("value") for row in _rows(folder / "tables" / "provenance_run.csv")}
    # a ladder's rungs are experiments of their own (sim/commands/ladder.py): their commits and engine versions
    ladder = _rows(folder / "tables" / LADDER_EXPERIMENTS_TABLE)
    if ladder and not facts["engine"]:
        facts["engine"] = json.loads(ladder[0].get("engine") or "{}").get(facts["game"], "")
    shas = ([run.get("git_sha") or ""] + [row.get("git_sha") or "" for row in _rows(folder / "tables" / f"{COMPARED_TABLE}.csv")]
            + [row.get("git_sha") or "" for row in ladder])
    facts["dirty"] = any(sha.endswith("+dirty") for sha in shas)
    return facts


def _rows(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    with path.open(encoding="utf-8", newline="") as rows:
        return list(csv.DictReader(rows))


def _compared(path: Path) -> list[str]:
    """The experiments a comparison report compares, from its provenance table (none for a study)."""
    return [row["experiment"] for row in _rows(path) if row.get("experiment")]


def collect(reports_dir: Path) -> Index:
    """Every study folder under ``reports_dir`` in name order; hidden folders (builds in progress) skipped."""
    reports_dir = Path(reports_dir)
    if not reports_dir.is_dir():
        raise UserError("no reports folder: build a report first (make sweep, make report EXP=...)",
                        file=str(reports_dir))
    studies, measurements, quick_tries, refused = [], [], [], []
    for folder in sorted(path for path in reports_dir.iterdir() if path.is_dir() and not path.name.startswith(".")):
        if not (folder / "report.md").is_file():
            measurements += sorted(path.relative_to(reports_dir).as_posix() for path in folder.glob("*.md"))
        elif QUICK_TRY_NAME.search(folder.name):
            quick_tries.append(folder.name)
        else:
            study = read_study(folder)
            if study.dirty:
                refused.append(study.name)
            else:
                studies.append(study)
    grouped = _grouped(studies)
    for study in grouped:  # a comparison is of the game its experiments played
        if not study.game and study.parts:
            study.game = study.parts[0].game
    return Index(_by_game(grouped), measurements, quick_tries, refused, _current_engines())


def _current_engines() -> dict[str, str]:
    from sim.core.registry import game_names, get_game

    return {name: get_game(name).engine_version for name in game_names()}


def _by_game(studies: list[Study]) -> list[Study]:
    """The studies grouped by game (games by name, a study of no stated game last), by name within one."""
    return sorted(studies, key=lambda study: (not study.game, study.game, study.name))


def _game_title(game: str) -> str:
    from sim.core.registry import game_names, get_game

    return get_game(game).title if game in game_names() else (game or "Other studies")


def _grouped(studies: list[Study]) -> list[Study]:
    """The studies with each comparison's published experiments moved inside it (the first
    comparison in name order that compares one takes it)."""
    by_name = {study.name: study for study in studies}
    placed: set[str] = set()
    for study in studies:
        for name in study.compares:
            part = by_name.get(name)
            if part is not None and part is not study and not part.compares and name not in placed:
                study.parts.append(part)
                placed.add(name)
    return [study for study in studies if study.name not in placed]


def thumbnail(path: Path) -> tuple[str, bool]:
    """The chart shrunk to fit THUMBNAIL_BOX, as a PNG data URI (Pillow ships with matplotlib), and
    whether it shows only the chart's top: a chart over twice as tall as wide (one row per matchup)
    would shrink to a sliver, so its top square is shown instead."""
    from PIL import Image as PillowImage

    try:
        with PillowImage.open(path) as picture:
            picture = picture.convert("RGB")
    except OSError as error:  # Pillow's "cannot identify image file" is one too
        raise UserError(f"chart is unreadable ({error})", file=str(path)) from None
    cropped = picture.height > 2 * picture.width
    if cropped:
        picture = picture.crop((0, 0, picture.width, picture.width))
    picture.thumbnail(THUMBNAIL_BOX, PillowImage.Resampling.LANCZOS)
    buffer = io.BytesIO()
    # A chart's few flat colours and their edges fit a palette: a third of the bytes, no visible loss.
    picture.quantize(colors=THUMBNAIL_COLOURS).save(buffer, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii"), cropped


def counted(number: int, singular: str, plural: str) -> str:
    return f"{number} {singular if number == 1 else plural}"


def _link(href: str, text: str) -> str:
    return f'<a href="{html.escape(quote(href))}">{html.escape(text)}</a>'


def _study_html(study: Study, reports_dir: Path, current: dict[str, str]) -> list[str]:
    escape, base = html.escape, f"{study.name}/"
    parts = [f'<section class="study" id="{escape(study.name)}">', f"<h2>{escape(study.question)}</h2>"]
    lead = f" · {escape(study.lead)}" if study.lead else ""
    parts.append(f'<p class="lead"><code>reports/{escape(study.name)}/</code>{lead}</p>')
    if study.stale(current):
        played = f"engine {study.engine}" if study.engine else "an older engine"
        parts.append(f'<p class="missing">Stale: played by {escape(played)}; {escape(study.game)} is at engine '
                     f"{escape(current.get(study.game, '?'))} now. Rerun the study before relying on it.</p>")
    if study.answers:
        parts += [f'<p class="answer">{escape(sentence)}</p>' for sentence in study.answers]
    else:
        parts.append('<p class="missing">This report states no answer: it was built before reports '
                     "stated one. Rebuilding it (no sweep needed) adds it.</p>")
    if study.charts:
        parts.append('<div class="charts">')
        for chart in study.charts:
            source, cropped = thumbnail(reports_dir / study.name / chart.file_name)
            shown = "its top; full size: click" if cropped else "full size: click"
            parts.append(
                f'<figure><a href="{escape(quote(base + chart.file_name))}"><img alt="{escape(chart.caption)}" '
                f'src="{source}"></a><figcaption>{escape(chart.caption)} ({shown})</figcaption></figure>'
            )
        parts.append("</div>")
    parts += _links_html(study)
    if study.parts:
        parts.append(f"<h3>The {counted(len(study.parts), 'experiment', 'experiments')} it compares</h3>")
        for part in study.parts:
            parts += _part_html(part)
    parts.append("</section>")
    return parts


def _links_html(study: Study) -> list[str]:
    base = f"{study.name}/"
    links = [_link(base + page, page) for page in study.pages]
    parts = ['<ul class="links"><li>The report: ' + " · ".join(links) + "</li>"]
    if study.tables:
        parts.append(f"<li><details><summary>{len(study.tables)} CSV tables</summary>")
        parts.append(" · ".join(_link(base + table, table.removeprefix("tables/")) for table in study.tables))
        parts.append("</details></li>")
    return parts + ["</ul>"]


def _part_html(study: Study) -> list[str]:
    """One experiment of a comparison: its question and answers (folded), and links to its report."""
    escape = html.escape
    parts = [f'<div class="part" id="{escape(study.name)}"><details>',
             f"<summary><code>{escape(study.name)}</code>: {escape(study.question)}</summary>"]
    parts += [f'<p class="part-answer">{escape(sentence)}</p>' for sentence in study.answers]
    return parts + _links_html(study) + ["</details></div>"]


def render(index: Index, reports_dir: Path) -> str:
    escape = html.escape
    studies = index.studies
    every = index.every_study()
    answered = sum(1 for study in every if study.answers)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>sim: published studies</title>",
        f"<style>{CSS}{INDEX_CSS}</style>",
        "</head><body>",
        "<h1>Published studies</h1>",
        f"<p>{counted(len(every), 'study', 'studies')} in <code>reports/</code>, {answered} with a stated answer. "
        "Each gives "
        "its question, the answer its report states, its key charts (click for full size) and links to the "
        "report and its CSV tables; a comparison lists the experiments it compares inside its section. "
        "Built by <code>make publish</code> from the reports as they stand.</p>",
    ]
    games = list(dict.fromkeys(study.game for study in studies))
    parts.append("<h2>Contents</h2><ul class=\"links\">")
    for game in games:
        names = [study for study in studies if study.game == game]
        links = " · ".join(f'<a href="#{escape(study.name)}">{escape(study.name)}</a>'
                           + (" (stale)" if study.stale(index.current) else "")
                           for study in names)
        parts.append(f"<li><strong>{escape(_game_title(game))}</strong> ({len(names)}): {links}</li>")
    parts.append("</ul>")
    for game in games:
        parts.append(f'<h1 class="game" id="game-{escape(game or "other")}">{escape(_game_title(game))}</h1>')
        parts.append("<table><thead><tr><th>study</th><th>question</th><th>answer</th></tr></thead><tbody>")
        for study in (study for study in studies if study.game == game):
            answer = escape(study.answers[0]) if study.answers else '<span class="missing">no answer stated</span>'
            compared = f" ({counted(len(study.parts), 'experiment', 'experiments')})" if study.parts else ""
            stale = " <em>(stale)</em>" if study.stale(index.current) else ""
            parts.append(f'<tr><td><a href="#{escape(study.name)}">{escape(study.name)}</a>{compared}{stale}</td>'
                         f"<td>{escape(study.question)}</td><td>{answer}</td></tr>")
        parts.append("</tbody></table>")
        for study in (study for study in studies if study.game == game):
            parts += _study_html(study, reports_dir, index.current)
    if index.measurements:
        parts += ['<section class="study" id="measurements">', "<h2>Measurements</h2>", '<ul class="links">']
        parts += [f"<li>{_link(page, page)}</li>" for page in index.measurements]
        parts += ["</ul>", "</section>"]
    if index.quick_tries:
        parts.append(f'<p class="note">Not listed: {counted(len(index.quick_tries), "quick try", "quick tries")} '
                     f"of a preset ({escape(', '.join(index.quick_tries))}); <code>publish=true</code> writes a study "
                     "under its preset's name.</p>")
    if index.refused:
        parts.append(f'<p class="note">Not published: {counted(len(index.refused), "study", "studies")} played from a '
                     f"tree with uncommitted changes (+dirty), so not reproducible from a commit "
                     f"({escape(', '.join(index.refused))}); rerun them from a clean commit.</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def build_index(reports_dir: Path) -> tuple[Path, Index]:
    """Write ``reports_dir/index.html`` (replaced in one step); its path and what it lists."""
    reports_dir = Path(reports_dir)
    index = collect(reports_dir)
    page = render(index, reports_dir)
    target = reports_dir / INDEX_FILE
    staged = reports_dir / f".{INDEX_FILE}.{os.getpid()}"
    try:
        staged.write_text(page, encoding="utf-8")
        os.replace(staged, target)
    except OSError as error:
        staged.unlink(missing_ok=True)
        raise write_error(error, target) from None
    return target, index
