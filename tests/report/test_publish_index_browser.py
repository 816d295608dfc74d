"""Issue 20 item 9, in a real browser: the published index renders in headless Chromium, every
image decodes, every link resolves, and nothing is logged as an error; so does every report page
it links. Without Chromium the tests skip, naming the install command; `.ci/run` installs it and
sets SIM_REQUIRE_BROWSER=1, so in CI a missing browser fails instead."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from sim.report import build_report
from sim.report.publish import build_index, collect
from tests.report.browser import INSTALL, Browser, find_browser

REPO_REPORTS = Path(__file__).resolve().parents[2] / "reports"

PAGE_PARTS = """({
  title: document.title,
  width: document.documentElement.scrollWidth,
  height: document.documentElement.scrollHeight,
  sections: Array.from(document.querySelectorAll('section.study')).map(s => s.id),
  images: Array.from(document.images).map(i => ({alt: i.alt, ok: i.complete && i.naturalWidth > 0})),
  links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
  ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id),
})"""


@pytest.fixture(scope="module")
def browser():
    executable = find_browser()
    if not executable:
        if os.environ.get("SIM_REQUIRE_BROWSER") == "1":
            pytest.fail(f"SIM_REQUIRE_BROWSER=1 but no chromium on PATH (install it with `{INSTALL}`)")
        pytest.skip(f"no chromium on PATH: install it with `{INSTALL}` (.ci/run does) to check the published "
                    "index in a browser")
    with Browser(executable) as opened:
        yield opened


def check_page(browser: Browser, page: Path) -> dict:
    """Open ``page``; every image decoded, every link names a file that exists (or an id on the
    page), no error logged. Returns what the page holds."""
    before = len(browser.problems)
    browser.open(page.resolve().as_uri())
    parts = browser.evaluate(PAGE_PARTS)
    assert browser.problems[before:] == [], f"{page}: errors in the browser"
    assert parts["height"] > 200, f"{page}: the page rendered nearly empty"
    broken = [image["alt"] for image in parts["images"] if not image["ok"]]
    assert broken == [], f"{page}: images that did not load"
    for href in parts["links"]:
        link = urlsplit(href)
        assert link.scheme == "file", href
        target = Path(unquote(link.path))
        if target == page.resolve() and link.fragment:
            assert link.fragment in parts["ids"], href
        else:
            assert target.is_file(), f"{page}: a link to a missing file: {href}"
    return parts


def check_index_and_reports(browser: Browser, reports: Path) -> None:
    parts = check_page(browser, reports / "index.html")
    studies = [study.name for study in collect(reports).studies]
    assert parts["title"] == "sim: published studies"
    assert [section for section in parts["sections"] if section != "measurements"] == studies
    assert parts["width"] <= 1300, "the index is wider than the window: something does not wrap"
    for name in studies:
        if (reports / name / "report.html").is_file():
            check_page(browser, reports / name / "report.html")


def test_the_index_of_toy_reports_renders_in_chromium(browser, toy_lake, coop_lake, tmp_path):
    reports = tmp_path / "reports"
    build_report(toy_lake, reports / "toy-study", ["opening", "matrix", "cards", "summary"], {"n_boot": 20, "min_count": 1})
    build_report(coop_lake, reports / "coop-study", ["coop"], {})
    build_index(reports)
    check_index_and_reports(browser, reports)


def test_the_published_index_renders_in_chromium(browser, tmp_path):
    """The tracked reports/ as published: a fresh index over links to them (so the test writes
    nothing into the checkout), and the tracked index.html itself."""
    reports = tmp_path / "reports"
    reports.mkdir()
    for folder in REPO_REPORTS.iterdir():
        if folder.is_dir():
            (reports / folder.name).symlink_to(folder, target_is_directory=True)
    build_index(reports)
    check_index_and_reports(browser, reports)
    if (REPO_REPORTS / "index.html").is_file():
        check_page(browser, REPO_REPORTS / "index.html")
