"""A report as a list of blocks, rendered to Markdown and to a self-contained HTML page.

Both renderings come from the same blocks, so report.md and report.html always say the same.
Tables are also written as CSV (full precision) under ``tables/``.
"""

from __future__ import annotations

import base64
import html
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import polars as pl

CSS = """
body { font-family: sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #222; }
h1, h2, h3 { color: #1f4e79; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.85em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: right; }
th { background: #eef3f8; }
td:first-child, th:first-child { text-align: left; }
img { max-width: 100%; border: 1px solid #ddd; margin: 0.5em 0 1.5em; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 0.8em; }
p.note { color: #555; font-size: 0.9em; }
p.answer { border-left: 4px solid #1f4e79; background: #eef3f8; padding: 0.5em 0.8em; }
"""


@dataclass
class Heading:
    text: str
    level: int = 2


@dataclass
class Paragraph:
    text: str
    note: bool = False


@dataclass
class Answer:
    """One sentence of the study's answer (a quoted line in report.md, set apart in report.html)."""

    text: str


@dataclass
class Table:
    frame: pl.DataFrame
    name: str  # CSV file stem under tables/
    caption: str = ""
    digits: int = 4
    hidden: bool = False  # only written as CSV (too long to show)


@dataclass
class Image:
    file_name: str  # PNG beside report.md
    caption: str


@dataclass
class Code:
    text: str


@dataclass
class Document:
    title: str
    blocks: list = field(default_factory=list)
    answers: list = field(default_factory=list)  # the study's answer, stated before the evidence

    def add(self, *blocks) -> None:
        self.blocks.extend(blocks)

    def answer(self, sentence: str) -> None:
        self.answers.append(sentence)

    def ordered_blocks(self) -> list:
        """The blocks as rendered: the answer first (when a section gave one), then the evidence."""
        if not self.answers:
            return list(self.blocks)
        return [Heading("Answer"), *[Answer(sentence) for sentence in self.answers], *self.blocks]


def format_value(value, digits: int = 4) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value):
            return "n/a"
        if math.isinf(value):
            return "∞" if value > 0 else "-∞"
        if abs(value) < 0.5 * 10.0**-digits:
            return "0"  # no "-0.0000" for values that round to zero
        # four significant digits, at most `digits` decimals, no trailing zeros: 225.1, 9, 0.25, -0.3484
        decimals = min(digits, max(0, 3 - math.floor(math.log10(abs(value)))))
        text = f"{value:,.{decimals}f}"
        return text.rstrip("0").rstrip(".") if "." in text else text
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(item, digits) for item in value)
    return str(value)


INLINE_ROWS = 30  # a longer table shows its first rows; the whole table is its CSV

P_VALUE = ("p_value", "p_holm", "tost_p", "p_adjusted")
DIFFERENCE = ("difference", "low", "high")  # a paired comparison's columns (sim.stats.pairs)
LADDER_DIFFERENCE = ("difference", "difference_low", "difference_high")  # a ladder rung over the one below
RATE_WORDS = ("rate", "share", "survival", "mean", "wilson")


def _column_kind(frame: pl.DataFrame, column: str) -> str:
    """How a column is shown: 'p' (p-values, "< 1e-4"), 'percent' (rates in [0, 1] and their
    interval ends), 'count' (whole numbers, also when stored as floats), 'half' (counts where a draw
    is half a win), or 'plain' (display_rows also makes a rate difference 'points')."""
    series = frame[column]
    if not series.dtype.is_numeric() or series.dtype == pl.Boolean:
        return "plain"
    values = series.drop_nulls().drop_nans() if series.dtype.is_float() else series.drop_nulls()
    if column in P_VALUE or column.endswith("_p") or column.startswith("p_"):
        return "p"
    if series.dtype.is_integer():
        return "count"
    if values.len() and ((values * 2).round(0) == values * 2).all() and not _rate_like(frame, column):
        return "count" if (values.round(0) == values).all() else "half"
    if _rate_like(frame, column) and values.len() and values.min() >= 0 and values.max() <= 1:
        return "percent"
    return "plain"


def _rate_like(frame: pl.DataFrame, column: str) -> bool:
    if any(word in column for word in RATE_WORDS):
        return True
    for end in ("low", "high"):  # an interval end is shown as the estimate it bounds
        if column.endswith(end):
            prefix = column[: -len(end)]
            return any(f"{prefix}{word}" in frame.columns for word in ("rate", "mean")) or prefix in ("wilson_", "tost_")
    return False


def band_finding(low: float, high: float, reference: float, margin: float, above: str, below: str, inside: str) -> str:
    """What an interval says against a reference and its ±margin band (all as fractions): beyond the
    band on one side (`above`, `below`), wholly inside it (`inside`: no meaningful difference, even if it
    excludes the reference), or across an edge of the band: the side if it excludes the reference
    ("perhaps within" the band), else undecided."""
    band = f"{100 * reference:g}% ± {100 * margin:g}" if reference else f"±{100 * margin:g} pts"
    if low > reference + margin:
        return f"{above}, beyond {band}"
    if high < reference - margin:
        return f"{below}, beyond {band}"
    if reference - margin < low and high < reference + margin:
        return f"{inside} (inside {band})"
    if low > reference:
        return f"{above}, perhaps within {band}"
    if high < reference:
        return f"{below}, perhaps within {band}"
    return f"undecided (the interval holds {100 * reference:g}{'%' if reference else ''} and reaches beyond {band})"


def p_shown(value: float) -> str:
    """A p-value as a report shows it: '< 1e-4' below that, else two significant digits ('1.00',
    '0.031', '0.0013'): the digits after those tell a reader nothing."""
    if math.isnan(value):
        return "n/a"
    if value < 1e-4:
        return "< 1e-4"
    return f"{value:.{max(2, 1 - math.floor(math.log10(value)))}f}"


def p_text(value: float) -> str:
    """A p-value in a sentence: 'p < 1e-4', 'p = 0.31'."""
    shown = p_shown(value)
    return shown if shown.startswith("<") else f"= {shown}"


def _shown(value, kind: str, digits: int) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "" if value is None else "n/a"
    if kind == "p":
        return p_shown(value)
    if kind == "percent":
        return f"{100 * value:.{max(digits - 3, 1)}f}%"
    if kind == "points":
        return f"{100 * value:+.{max(digits - 3, 1)}f} pts"
    if kind == "count":
        return f"{int(round(value)):,}"
    if kind == "half":
        return f"{value:,.1f}"
    return format_value(value, digits)


def display_rows(table: Table) -> tuple[list[list[str]], int]:
    """The cells a report shows for a table (at most INLINE_ROWS rows), and how many rows it leaves
    to the CSV."""
    frame = table.frame
    kinds = {column: _column_kind(frame, column) for column in frame.columns}
    # a difference of two rates (and its interval) reads in percentage points
    if "percent" in (kinds.get("baseline_mean"), kinds.get("treatment_mean")):
        kinds.update({column: "points" for column in DIFFERENCE if kinds.get(column) == "plain"})
    if kinds.get("win_rate") == "percent":
        kinds.update({column: "points" for column in LADDER_DIFFERENCE if kinds.get(column) == "plain"})
    rows = [
        [_shown(value, kinds[column], table.digits) for column, value in zip(frame.columns, row, strict=True)]
        for row in frame.head(INLINE_ROWS).iter_rows()
    ]
    return rows, max(frame.height - INLINE_ROWS, 0)


def _markdown_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(document: Document) -> str:
    lines = [f"# {document.title}", ""]
    for block in document.ordered_blocks():
        if isinstance(block, Heading):
            lines += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Paragraph):
            lines += [("_" + block.text + "_") if block.note else block.text, ""]
        elif isinstance(block, Answer):
            lines += [f"> {block.text}", ""]
        elif isinstance(block, Table) and not block.hidden:
            if block.caption:
                lines += [f"**{block.caption}** (`tables/{block.name}.csv`)", ""]
            header = [_markdown_cell(column) for column in block.frame.columns]
            lines.append("| " + " | ".join(header) + " |")
            lines.append("|" + "|".join("---" for _ in header) + "|")
            rows, left = display_rows(block)
            for row in rows:
                lines.append("| " + " | ".join(_markdown_cell(cell) for cell in row) + " |")
            if block.frame.height == 0:
                lines.append("| " + " | ".join("" for _ in header) + " |")
            if left:
                lines += ["", f"_{left:,} more rows in `tables/{block.name}.csv`._"]
            lines.append("")
        elif isinstance(block, Image):
            lines += [f"![{block.caption}]({block.file_name})", ""]
        elif isinstance(block, Code):
            lines += ["```", block.text, "```", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


@dataclass
class Summary:
    """What the top of a report says, read back from its report.md (see ``read_summary``)."""

    title: str
    lead: str  # the first plain paragraph before the evidence (game, run, kinds), or ""
    answers: list[str]
    images: list[Image]  # in report order


IMAGE_LINE = re.compile(r"^!\[(?P<caption>.*)\]\((?P<file>[^()\s]+\.png)\)$")


def read_summary(markdown: str) -> Summary:
    """The inverse of ``to_markdown`` for a report's title, lead paragraph, stated answer and
    charts, so the index of published reports quotes them as written, whatever build wrote them.
    Reports built before answers were quoted lines state theirs as the first paragraph under
    "## Answer"."""
    lines = markdown.splitlines()
    title = next((line[2:] for line in lines if line.startswith("# ")), "")
    answers, unquoted_answer, opening, images = [], [], [], []
    section, in_code = "top", False
    for line in lines[1:]:
        if line.startswith("```"):
            in_code = not in_code
        elif in_code:
            continue
        elif line.startswith("#"):
            section = "answer" if line == "## Answer" else "body"
        elif image := IMAGE_LINE.match(line):
            images.append(Image(image["file"], image["caption"]))
        elif section == "answer" and line.startswith("> "):
            answers.append(line[2:])
        elif section != "body" and line.strip() and not line.startswith(("|", "**", "_", ">")):
            if section == "answer" and not answers and not unquoted_answer:
                unquoted_answer.append(line)
            else:
                opening.append(line)
    return Summary(title, opening[0] if opening else "", answers or unquoted_answer, images)


def _csv_link(name: str) -> str:
    """A table's CSV beside report.html, as a link that works wherever the report folder is copied."""
    path = f"tables/{name}.csv"
    return f'<a href="{html.escape(quote(path))}">{html.escape(path)}</a>'


def to_html(document: Document, image_dir: Path) -> str:
    """Self-contained page: styles inline, every image embedded as a base64 data URI."""
    escape = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(document.title)}</title>",
        f"<style>{CSS}</style>",
        "</head><body>",
        f"<h1>{escape(document.title)}</h1>",
    ]
    for block in document.ordered_blocks():
        if isinstance(block, Heading):
            parts.append(f"<h{block.level}>{escape(block.text)}</h{block.level}>")
        elif isinstance(block, Paragraph):
            css_class = ' class="note"' if block.note else ""
            parts.append(f"<p{css_class}>{escape(block.text)}</p>")
        elif isinstance(block, Answer):
            parts.append(f'<p class="answer">{escape(block.text)}</p>')
        elif isinstance(block, Table) and not block.hidden:
            if block.caption:
                parts.append(
                    f"<p><strong>{escape(block.caption)}</strong> ({_csv_link(block.name)})</p>"
                )
            parts.append("<table><thead><tr>")
            parts.append("".join(f"<th>{escape(column)}</th>" for column in block.frame.columns))
            parts.append("</tr></thead><tbody>")
            rows, left = display_rows(block)
            for row in rows:
                parts.append("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>")
            parts.append("</tbody></table>")
            if left:
                parts.append(f'<p class="note">{left:,} more rows in {_csv_link(block.name)}.</p>')
        elif isinstance(block, Image):
            encoded = base64.b64encode((image_dir / block.file_name).read_bytes()).decode("ascii")
            parts.append(f'<img alt="{escape(block.caption)}" src="data:image/png;base64,{encoded}">')
        elif isinstance(block, Code):
            parts.append(f"<pre>{escape(block.text)}</pre>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def write_tables(document: Document, table_dir: Path) -> list[Path]:
    table_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for block in document.blocks:
        if isinstance(block, Table):
            path = table_dir / f"{block.name}.csv"
            block.frame.write_csv(path)
            written.append(path)
    return written
