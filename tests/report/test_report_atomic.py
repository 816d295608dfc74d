"""A report is built in a folder of its own and swapped in whole (issue 19, item 2): a build that
fails or is killed leaves the previous report as it was and never blocks a later build."""

from __future__ import annotations

import subprocess

import pytest

from sim.core.errors import UserError
from sim.report import build_report
from sim.report import sections as report_sections


def _files(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_a_build_that_fails_midway_leaves_the_previous_report_whole(toy_lake, tmp_path, monkeypatch):
    target = tmp_path / "reports" / "toy"
    build_report(toy_lake, target, ["summary", "opening"], {})
    before = _files(target)

    def broken(context):
        report_sections.section_summary(context)  # writes charts into the build folder first
        raise UserError("broken on purpose", entry="report")

    monkeypatch.setitem(report_sections.SECTIONS, "opening", broken)
    with pytest.raises(UserError, match="broken on purpose"):
        build_report(toy_lake, target, ["summary", "opening"], {})
    assert _files(target) == before
    assert [p.name for p in target.parent.iterdir()] == ["toy"], "the failed build's folder is removed"


def test_leftovers_of_a_killed_build_never_block_the_next(toy_lake, tmp_path):
    """A folder half-written by an earlier (non-atomic) build and the build folder of a killed process
    are replaced and removed; the result equals a build into an empty place."""
    clean = tmp_path / "clean"
    build_report(toy_lake, clean, ["summary"], {})
    target = tmp_path / "reports" / "toy"
    (target / "tables").mkdir(parents=True)
    (target / "summary_r1.png").write_bytes(b"half a chart")
    (target / "tables" / "summary.csv").write_text("a,b\n")
    killed = tmp_path / "reports" / f".toy.building-{_dead_pid()}-1"
    killed.mkdir()
    (killed / "report.md").write_text("half")
    build_report(toy_lake, target, ["summary"], {})
    assert _files(target) == _files(clean)
    assert [p.name for p in target.parent.iterdir()] == ["toy"]


def test_a_folder_holding_other_files_is_never_replaced(toy_lake, tmp_path):
    target = tmp_path / "mine"
    (target / "tables").mkdir(parents=True)
    (target / "tables" / "notes.txt").write_text("mine")
    with pytest.raises(UserError, match=r"refusing to replace a folder that holds files no report writes \(tables/notes.txt\)"):
        build_report(toy_lake, target, ["summary"], {})
    assert (target / "tables" / "notes.txt").read_text() == "mine"
