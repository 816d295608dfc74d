"""Build a report from an experiment folder: report.md, report.html, PNG charts, tables/*.csv.

Everything written is a function of the lake and the manifest only (no clock, no random state
other than the seeded bootstrap), so the same experiment gives byte-identical files.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import polars as pl

from sim.core.errors import UserError
from sim.core.experiment import check_manifest
from sim.core.lake import write_error
from sim.core.report_kinds import ReportParams
from sim.report.document import Code, Document, Heading, Paragraph, Table, to_html, to_markdown, write_tables
from sim.report.lake import Lake
from sim.report.sections import SECTIONS, Context, assumptions, status_note

MANIFEST_KEYS = (
    "name",
    "run_id",
    "config",
    "config_hash",
    "git_sha",
    "packages",
    "engine_versions",
    "rulesets",
    "timings",
    "matches",
    "created",
)


def read_manifest(experiment_dir: Path) -> dict:
    path = Path(experiment_dir) / "manifest.json"
    if not path.is_file():
        raise UserError(
            "no manifest.json: not an experiment folder, or the run never started", file=str(path)
        )
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise UserError(
            f"manifest is not valid JSON ({error.msg} at line {error.lineno})", file=str(path)
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"manifest is unreadable ({getattr(error, 'strerror', None) or error})", file=str(path)) from None
    return check_manifest(manifest, path)


def _key_value_table(mapping, key_name: str, value_name: str) -> pl.DataFrame:
    items = sorted(
        (str(key), json.dumps(value) if isinstance(value, (dict, list)) else str(value))
        for key, value in (mapping or {}).items()
    )
    return pl.DataFrame(
        {key_name: [key for key, _ in items], value_name: [value for _, value in items]},
        schema={key_name: pl.String, value_name: pl.String},
    )


def provenance(document: Document, manifest: dict) -> None:
    """The closing section: where every number came from."""
    document.add(Heading("Provenance"))
    missing = [key for key in MANIFEST_KEYS if key not in manifest]
    if missing:
        document.add(Paragraph(f"Not recorded in the manifest: {', '.join(missing)}.", note=True))
    basics = {
        key: manifest.get(key, "not recorded")
        for key in ("name", "run_id", "config_hash", "git_sha", "matches", "created")
    }
    document.add(
        Table(
            pl.DataFrame({"field": list(basics), "value": [str(value) for value in basics.values()]}),
            "provenance_run",
            "Run",
        ),
        Table(
            _key_value_table(manifest.get("engine_versions"), "game", "engine version"),
            "provenance_engines",
            "Engine versions",
        ),
        Table(
            _key_value_table(manifest.get("rulesets"), "edition", "ruleset hash"),
            "provenance_rulesets",
            "Ruleset hash per edition (resolved rules and card data)",
        ),
        Table(
            _key_value_table(manifest.get("timings"), "stage", "seconds"),
            "provenance_timings",
            "Timings (seconds)",
        ),
        Table(
            _key_value_table(manifest.get("packages"), "package", "version"),
            "provenance_packages",
            "Package versions",
        ),
        Heading("Resolved configuration", 3),
        Code(json.dumps(manifest.get("config", {}), indent=2, sort_keys=True, default=str)),
    )


def _edition_order(manifest: dict) -> tuple[str, ...]:
    """The experiment's editions in the order its config lists them, then the manifest's rulesets."""
    config = manifest.get("config") if isinstance(manifest.get("config"), dict) else {}
    editions = config.get("editions") if isinstance(config.get("editions"), list) else []
    rulesets = list(manifest.get("rulesets", {})) if isinstance(manifest.get("rulesets"), dict) else []
    return tuple(str(edition) for edition in list(editions) + rulesets)


REPORT_FILES = ("report.md", "report.html")


def _check_replaceable(report_dir: Path) -> None:
    """A report folder is replaced whole; refuse one that holds anything a report build does not write."""
    if not report_dir.exists():
        return
    if not report_dir.is_dir():
        raise UserError("report output path exists and is not a folder", file=str(report_dir))
    for path in report_dir.rglob("*"):
        relative = path.relative_to(report_dir)
        if path.is_dir() and relative == Path("tables"):
            continue
        ours = (
            relative.name in REPORT_FILES
            or (relative.suffix == ".png" and len(relative.parts) == 1)
            or (relative.suffix == ".csv" and relative.parts[0] == "tables" and len(relative.parts) == 2)
        )
        if not ours or not (path.is_file() or path.is_dir()):
            raise UserError(
                f"refusing to replace a folder that holds files no report writes ({relative})", file=str(report_dir)
            )


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextmanager
def building(report_dir: Path) -> Iterator[Path]:
    """Build a report in a fresh folder beside ``report_dir``, then swap it in whole: a build that
    fails or is killed leaves the previous report as it was, and never blocks a later build.
    Folders of builds killed earlier (their process is gone) are removed first."""
    report_dir = Path(report_dir)
    _check_replaceable(report_dir)
    parent = report_dir.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        for leftover in parent.glob(f".{report_dir.name}.*-*"):
            kind, _, rest = leftover.name[len(report_dir.name) + 2 :].partition("-")
            pid = rest.split("-")[0]
            if kind in ("building", "old") and pid.isdigit() and not _alive(int(pid)):
                shutil.rmtree(leftover, ignore_errors=True)
        stage = parent / f".{report_dir.name}.building-{os.getpid()}-{time.monotonic_ns()}"
        stage.mkdir()
    except OSError as error:
        raise write_error(error, parent) from None
    old = parent / f".{report_dir.name}.old-{os.getpid()}-{time.monotonic_ns()}"
    try:
        yield stage
        if not report_dir.exists():
            os.rename(stage, report_dir)
        elif not _exchange(stage, report_dir):  # no atomic exchange here: a moment with no folder
            os.rename(report_dir, old)
            os.rename(stage, report_dir)
    except OSError as error:
        raise write_error(error, report_dir) from None
    finally:
        shutil.rmtree(stage, ignore_errors=True)  # the new build if it failed, else the previous report
        shutil.rmtree(old, ignore_errors=True)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two folders in one step (Linux renameat2 with RENAME_EXCHANGE): a reader, or a kill,
    sees the one or the other whole. False where the system has no such call."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    at_current_folder, exchange = -100, 2  # AT_FDCWD, RENAME_EXCHANGE
    if renameat2(at_current_folder, os.fsencode(first), at_current_folder, os.fsencode(second), exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(second))


def write_documents(document: Document, folder: Path) -> Path:
    """report.md, report.html and tables/*.csv of ``document`` into ``folder`` (the charts are there)."""
    write_tables(document, folder / "tables")
    markdown_path = folder / "report.md"
    markdown_path.write_text(to_markdown(document), encoding="utf-8")
    (folder / "report.html").write_text(to_html(document, folder), encoding="utf-8")
    return markdown_path


def build_report(
    experiment_dir: Path, report_dir: Path, kinds: list[str] | str, params: dict | None = None
) -> Path:
    """Write the report for ``kinds`` (see ``SECTIONS``) and return the path of report.md."""
    experiment_dir, report_dir = Path(experiment_dir), Path(report_dir)
    if isinstance(kinds, str):
        kinds = [kinds]
    if not kinds:
        raise UserError(f"no report kind given (choose from {', '.join(SECTIONS)})", entry="report.kind")
    for kind in kinds:
        if kind not in SECTIONS:
            raise UserError(
                f"unknown report kind '{kind}' (choose from {', '.join(SECTIONS)})", entry="report.kind"
            )
    kinds = list(dict.fromkeys(kinds))
    report_params = ReportParams.from_dict(params)
    manifest = read_manifest(experiment_dir)
    title = report_params.title or f"Report: {manifest.get('name', experiment_dir.name)}"
    document = Document(title)
    game = f"{report_params.game_title}; " if report_params.game_title else ""
    run_id = manifest.get("run_id", "not recorded")
    # the engine version the matches were played by, from the manifest: a title never states it by hand
    engines = ", ".join(f"engine {version}" for version in (manifest.get("engine_versions") or {}).values())
    played = f"{engines}; " if engines else ""
    document.add(Paragraph(f"{game}{played}run {run_id}; report kinds: {', '.join(kinds)}."))
    with building(report_dir) as stage, Lake(experiment_dir) as lake:
        context = Context(lake, report_params, stage, document, preferred_edition_order=_edition_order(manifest))
        status_note(context)
        for kind in kinds:
            SECTIONS[kind](context)
        assumptions(context)
        provenance(document, manifest)
        write_documents(document, stage)
    return report_dir / "report.md"
