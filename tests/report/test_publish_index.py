"""Issue 20 item 9: `make publish` writes reports/index.html over every published study. These
checks need no browser: the page's structure, every study listed with its question and stated
answer, links relative and resolving, charts embedded, quick tries left out, byte-identical
rebuilds; and the tracked index lists the tracked reports (tests/report/test_publish_index_browser.py
loads the pages in Chromium)."""

from __future__ import annotations

import base64
import io
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from sim.cli import main
from sim.core.errors import UserError
from sim.report import build_report
from sim.report.document import Answer, Code, Document, Heading, Image, Paragraph, read_summary, to_markdown
from sim.report.publish import THUMBNAIL_BOX, build_index, collect

REPO_REPORTS = Path(__file__).resolve().parents[2] / "reports"

LEGACY_REPORT = """# Does the old study still read?

## Answer

The old answer, stated before answers were quoted lines.

A description paragraph that is not the answer.

## Evidence

![An old chart](old_chart.png)
"""


class PageParts(HTMLParser):
    """The parts of a page the checks read: links, images, study sections and their texts."""

    def __init__(self):
        super().__init__()
        self.links, self.images, self.ids, self.sections, self.parts = [], [], [], {}, {}
        self._section, self._part, self._capture, self._text = None, None, None, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "section":
            self._section = attrs.get("id")
            self.sections[self._section] = {"question": "", "answers": [], "charts": [], "links": []}
        if tag == "a":
            self.links.append(attrs["href"])
            if self._section:
                self.sections[self._section]["links"].append(attrs["href"])
        if tag == "img":
            self.images.append(attrs["src"])
            if self._section:
                self.sections[self._section]["charts"].append(self.links[-1])
        if tag == "div" and attrs.get("class") == "part":
            self._part = attrs["id"]
            self.parts[self._part] = {"section": self._section, "answers": []}
        if tag == "h2" or (tag == "p" and attrs.get("class") in ("answer", "part-answer")):
            self._capture, self._text = tag, []

    def handle_data(self, data):
        if self._capture:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == self._capture and self._section:
            text = "".join(self._text)
            if tag == "h2":
                self.sections[self._section]["question"] = text
            elif self._part:
                self.parts[self._part]["answers"].append(text)
            else:
                self.sections[self._section]["answers"].append(text)
            self._capture = None
        if tag == "div" and self._part:
            self._part = None
        if tag == "section":
            self._section = None


def parse(page: Path) -> PageParts:
    parts = PageParts()
    parts.feed(page.read_text(encoding="utf-8"))
    return parts


@pytest.fixture(scope="module")
def published(toy_lake, coop_lake, tmp_path_factory) -> Path:
    """A reports folder as `make sweep` and friends leave it: two studies, a report from before
    answers were quoted, a quick try of a preset, and a measurements page."""
    reports = tmp_path_factory.mktemp("published") / "reports"
    build_report(toy_lake, reports / "toy-study", ["opening", "matrix", "summary"], {"n_boot": 20})
    build_report(coop_lake, reports / "coop-study", ["coop"], {})
    build_report(toy_lake, reports / "toy-study-0123abcd", ["summary"], {})
    (reports / "old-study").mkdir()
    (reports / "old-study" / "report.md").write_text(LEGACY_REPORT)
    (reports / "bench").mkdir()
    (reports / "bench" / "bench.md").write_text("# Throughput\n")
    build_index(reports)
    return reports


def test_every_study_is_listed_with_its_question_and_stated_answer(published):
    """Each study folder gets a section with its report's title as the question and the answer
    sentences the report states, word for word (the toy numbers are test_report_build's)."""
    sections = parse(published / "index.html").sections
    assert list(sections) == ["coop-study", "toy-study", "old-study", "measurements"]  # by game, no game last
    toy = (published / "toy-study" / "report.md").read_text()
    assert sections["toy-study"]["question"] == toy.splitlines()[0].removeprefix("# ")
    assert any(answer.startswith("Under r1 the first player wins 62.5% [") for answer in sections["toy-study"]["answers"])
    assert all(f"> {answer}" in toy for answer in sections["toy-study"]["answers"])
    assert [a for a in sections["coop-study"]["answers"] if a.startswith("Under c1 the team wins 40.0% [")]
    assert sections["old-study"]["answers"] == ["The old answer, stated before answers were quoted lines."]


def test_links_are_relative_and_resolve(published):
    """Every link works when reports/ is copied or served elsewhere: relative, inside reports/, and
    naming a file that exists (or a section of the page)."""
    parts = parse(published / "index.html")
    assert parts.links
    for href in parts.links:
        split = urlsplit(href)
        assert not split.scheme and not split.netloc and not href.startswith("/"), href
        if href.startswith("#"):
            assert href[1:] in parts.ids, href
            continue
        assert ".." not in Path(unquote(split.path)).parts, href
        assert (published / unquote(split.path)).is_file(), href


def test_each_study_links_its_report_and_every_csv(published):
    sections = parse(published / "index.html").sections
    for name in ("toy-study", "coop-study"):
        folder = published / name
        expected = {"report.html", "report.md", *(p.relative_to(folder).as_posix() for p in folder.glob("tables/*.csv"))}
        assert len(expected) > 4
        assert {link.removeprefix(f"{name}/") for link in sections[name]["links"]} >= expected


def test_key_charts_are_embedded_thumbnails_linked_to_the_full_chart(published):
    """The page is self-contained: each chart is a PNG data URI that fits the thumbnail box, and
    it links to the report's first charts in the report's order."""
    from PIL import Image as PillowImage

    parts = parse(published / "index.html")
    for source in parts.images:
        assert source.startswith("data:image/png;base64,")
        with PillowImage.open(io.BytesIO(base64.b64decode(source.split(",", 1)[1]))) as picture:
            assert picture.format == "PNG"
            assert picture.width <= THUMBNAIL_BOX[0] and picture.height <= THUMBNAIL_BOX[1]
    report_charts = read_summary((published / "toy-study" / "report.md").read_text()).images
    assert parts.sections["toy-study"]["charts"] == [f"toy-study/{image.file_name}" for image in report_charts[:2]]
    assert parts.sections["old-study"]["charts"] == []  # its chart file is missing: not shown, not linked


def test_quick_tries_are_left_out_and_measurements_linked(published):
    page = (published / "index.html").read_text()
    assert "toy-study-0123abcd" not in parse(published / "index.html").sections
    assert "1 quick try of a preset (toy-study-0123abcd)" in page
    assert 'href="bench/bench.md"' in page


def test_the_same_reports_give_the_same_page(published):
    first = (published / "index.html").read_bytes()
    build_index(published)
    assert (published / "index.html").read_bytes() == first


def test_a_comparison_lists_the_experiments_it_compares_inside_it(toy_lake, tmp_path, capsys, output_root):
    """A `tiers:` preset publishes one comparison and a report per tier: the index lists the
    comparison once, with each tier's question, answers and report inside its section (82 top-level
    studies, most of them tiers, made the page a list to scroll)."""
    reports = output_root / "reports"
    for name in ("pair-a", "pair-b"):
        build_report(toy_lake, reports / name, ["opening"], {})
    (reports / "pair" / "tables").mkdir(parents=True)
    (reports / "pair" / "report.md").write_text("# Does it hold at every tier?\n\n## Answer\n\n> It holds.\n")
    (reports / "pair" / "tables" / "provenance_experiments.csv").write_text(
        "experiment,policies\npair-a,random\npair-b,greedy\nnot-published,search\n")
    assert main(["publish"]) == 0
    assert capsys.readouterr().out.strip().endswith("(3 studies, 3 with a stated answer)")
    parts = parse(reports / "index.html")
    assert list(parts.sections) == ["pair"]
    assert {name: part["section"] for name, part in parts.parts.items()} == {"pair-a": "pair", "pair-b": "pair"}
    opening = read_summary((reports / "pair-a" / "report.md").read_text()).answers
    assert parts.parts["pair-a"]["answers"] == opening and opening
    assert {"pair-a/report.html", "pair-b/report.md"} <= set(parts.sections["pair"]["links"])
    assert "(2 experiments)" in (reports / "index.html").read_text()


def test_a_report_without_a_title_or_no_reports_folder_is_one_line(tmp_path):
    with pytest.raises(UserError, match="no reports folder"):
        collect(tmp_path / "reports")
    (tmp_path / "reports" / "broken").mkdir(parents=True)
    (tmp_path / "reports" / "broken" / "report.md").write_text("no title here\n")
    with pytest.raises(UserError, match="no title line"):
        build_index(tmp_path / "reports")
    assert not (tmp_path / "reports" / "index.html").exists()


def test_summary_reads_back_what_to_markdown_wrote():
    """read_summary is to_markdown's inverse for the title, lead, answers and charts, also with a
    code block holding lines that look like headings or quotes."""
    document = Document("Does it hold?")
    document.answer("Yes: 52.0% [51.0, 53.0].")
    document.answer("And a second sentence.")
    document.add(Paragraph("Game; run r-1; report kinds: opening."), Paragraph("a note", note=True),
                 Heading("Evidence"), Image("first.png", "The first chart"), Code("# not a heading\n> not an answer"),
                 Image("second.png", "The second chart"))
    summary = read_summary(to_markdown(document))
    assert summary.title == "Does it hold?"
    assert summary.lead == "Game; run r-1; report kinds: opening."
    assert summary.answers == ["Yes: 52.0% [51.0, 53.0].", "And a second sentence."]
    assert [(image.file_name, image.caption) for image in summary.images] == [
        ("first.png", "The first chart"), ("second.png", "The second chart")]
    assert "> Yes: 52.0% [51.0, 53.0]." in to_markdown(document)
    assert isinstance(document.ordered_blocks()[1], Answer)


def test_sim_publish_writes_the_index(output_root, toy_lake, capsys):
    build_report(toy_lake, output_root / "reports" / "toy", ["summary"], {})
    assert main(["publish"]) == 0
    line = capsys.readouterr().out.strip()
    assert line == f"index: {output_root / 'reports' / 'index.html'} (1 study, 1 with a stated answer)"


def test_the_tracked_index_lists_every_tracked_study():
    """reports/index.html is published with the reports: it lists each study folder with the
    answer its report states now (after rebuilding a report, run `make publish`)."""
    index = collect(REPO_REPORTS)
    parts = parse(REPO_REPORTS / "index.html")
    listed = {name: section["answers"] for name, section in parts.sections.items() if name != "measurements"}
    listed |= {name: part["answers"] for name, part in parts.parts.items()}
    assert listed == {study.name: study.answers for study in index.every_study()}, "reports/index.html is stale: run make publish"


def test_studies_are_grouped_by_game_stale_ones_marked_and_dirty_ones_refused(toy_lake, tmp_path, monkeypatch):
    """Issue 44 items 7 and 9: the index is grouped by game with a contents list; a study played by an
    older engine than the game's is marked stale; one played from a +dirty tree is not published."""
    import csv

    from sim.report import publish

    reports = tmp_path / "reports"
    for name in ("current", "older", "dirty"):
        build_report(toy_lake, reports / name, ["summary"], {})
    with (reports / "older" / "tables" / "provenance_engines.csv").open("w", newline="") as out:
        csv.writer(out).writerows([["game", "engine version"], ["toy", "1.1.0"]])
    run = reports / "dirty" / "tables" / "provenance_run.csv"
    run.write_text(run.read_text().replace("0123456789abcdef", "0123456789abcdef+dirty"))
    monkeypatch.setattr(publish, "_current_engines", lambda: {"toy": "1.2.0"})
    target, index = build_index(reports)
    assert [study.name for study in index.studies] == ["current", "older"] and index.refused == ["dirty"]
    assert index.stale() == ["older"]
    page = target.read_text()
    assert "<h2>Contents</h2>" in page and 'id="game-toy"' in page
    assert "Stale: played by engine 1.1.0; toy is at engine 1.2.0 now." in page
    assert "Not published: 1 study played from a tree with uncommitted changes (+dirty)" in page


def test_a_ladder_from_a_dirty_tree_is_refused_and_an_older_engines_ladder_is_stale(tmp_path, monkeypatch):
    """Issue 44 item 9 ("Some ladders were recorded from a +dirty tree"): a ladder's rungs are experiments of
    their own, so its `ladder_experiments.csv` states their commits and engine versions."""
    from sim.report import publish

    reports = tmp_path / "reports"
    for name, sha, engine in (("toy-ladder", "0123456789abcdef", "1.1.0"), ("coin-ladder", "0123456789abcdef+dirty", "1.2.0")):
        folder = reports / name
        (folder / "tables").mkdir(parents=True)
        (folder / "report.md").write_text(f"# {name}\n\n## Answer\n\n> Every rung holds.\n")
        (folder / "tables" / "ladder_experiments.csv").write_text(
            f'experiment,run_id,git_sha,matches,engine\nx,x-1,{sha},10,"{{""{name[:-7]}"": ""{engine}""}}"\n')
    monkeypatch.setattr(publish, "_current_engines", lambda: {"toy": "1.2.0", "coin": "1.2.0"})
    index = publish.collect(reports)
    assert index.refused == ["coin-ladder"]
    assert [study.name for study in index.studies] == ["toy-ladder"] and index.stale() == ["toy-ladder"]


def test_every_published_report_prints_its_numbers_once_formatted_and_shows_its_charts():
    """Issue 44 item 8 ("values like `9.0000`, `0.0000` beside `9.0`"): every tracked report the index
    publishes prints no number padded with four zeros, and every chart its report.md shows is a PNG in its
    folder. (A report refused for a +dirty tree is left out: it is rerun and rebuilt before it is published.)"""
    import re

    padded = re.compile(r"(?<![\w.])\d+\.\d*0000(?![\d])")
    index = collect(REPO_REPORTS)
    for study in index.every_study():
        folder = REPO_REPORTS / study.name
        text = (folder / "report.md").read_text(encoding="utf-8")
        assert not padded.search(text), f"{study.name}/report.md: {padded.search(text).group(0)}"
        for chart in re.findall(r"^!\[[^\]]*\]\(([^()\s]+\.png)\)$", text, flags=re.M):
            assert (folder / chart).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{study.name}: {chart}"
