"""Where things live. Designer data is found next to the package; outputs go under the current
directory's ``experiments/`` and ``reports/`` and nowhere else."""

from __future__ import annotations

import os
import re
from pathlib import Path

from sim.core.errors import UserError

PROJECT_ROOT = Path(__file__).resolve().parents[2]
CONF_DIR = PROJECT_ROOT / "conf"
DECKS_DIR = PROJECT_ROOT / "decks"

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$")


def check_name(name: str, what: str = "name") -> str:
    """Experiment names become folder names: only plain names, never a path."""
    if not isinstance(name, str) or not _NAME.match(name) or ".." in name:
        raise UserError(
            f"'{name}' is not a valid {what}: use letters, digits, '.', '_' or '-' (no paths)",
            entry=what,
        )
    return name


def output_root() -> Path:
    return Path(os.environ.get("SIM_OUTPUT_ROOT", os.getcwd())).resolve()


def experiment_dir(name: str) -> Path:
    return output_root() / "experiments" / check_name(name, "experiment name")


def report_dir(name: str) -> Path:
    return output_root() / "reports" / check_name(name, "experiment name")


def scratch_report_dir(name: str) -> Path:
    """Where a scratch run's report goes: outputs/<today>/<name>/, untracked and dated (Hydra's
    habit), so tries never mix with the published studies in reports/."""
    import time

    return output_root() / "outputs" / time.strftime("%Y-%m-%d") / check_name(name, "experiment name")


def run_report_dir(name: str, published: bool) -> Path:
    return report_dir(name) if published else scratch_report_dir(name)


def ensure_writable(folder: Path) -> Path:
    """Create ``folder`` (and parents) or fail with one line; probe that files can be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".write-probe"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise UserError(f"output folder is not writable ({exc.strerror or exc})", file=str(folder)) from None
    return folder
