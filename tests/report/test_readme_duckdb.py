"""The README's DuckDB shell example runs exactly as printed (issue 19, item 11): with the `duckdb`
shell that `make install` puts in .venv/bin, from the repository's folder, on a lake without
per-card rows (like the default experiment's)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sim.core.paths import PROJECT_ROOT
from tests.core.helpers import sweep


def readme_duckdb_example() -> str:
    """The shell block of the README that reads the report SQL, as printed."""
    readme = (PROJECT_ROOT / "README.md").read_text()
    blocks = re.findall(r"```bash\n(.*?)```", readme, re.S)
    example = [block for block in blocks if block.startswith("duckdb ") and "views.sql" in block]
    assert len(example) == 1, "the README shows one DuckDB shell example"
    return example[0]


def test_the_duckdb_shell_comes_from_the_virtual_environment():
    """pyproject's dev extra installs duckdb-cli, whose `duckdb` lands beside this Python."""
    assert "duckdb-cli" in (PROJECT_ROOT / "pyproject.toml").read_text()
    assert (Path(sys.executable).parent / "duckdb").is_file()


def _run_example(checkout: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run(["bash", "-e", "-c", readme_duckdb_example()], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=120)


def test_readme_duckdb_example_runs_as_printed(tmp_path, output_root):
    """The experiment folder is the README's (experiments/opening-demo) under a stand-in checkout
    whose sim/ is this one, so the relative paths of the example hold exactly."""
    plan = sweep("pairs=5", "name=opening-demo", "runner.n_jobs=1")
    assert not (plan.directory / "cards").exists()
    (tmp_path / "sim").symlink_to(PROJECT_ROOT / "sim")
    result = _run_example(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Error" not in result.stderr and "edition" in result.stdout and "standard" in result.stdout


@pytest.mark.heavy
def test_readme_duckdb_example_on_the_default_experiment(tmp_path, output_root):
    """The default experiment itself (a small Waybound opening-demo, no per-card rows)."""
    from sim.core import config, runner

    cfg = config.compose(["experiment=opening-demo", "pairs=2", "publish=true", "runner.progress=false"])
    runner.run(cfg, progress=False)
    (tmp_path / "sim").symlink_to(PROJECT_ROOT / "sim")
    result = _run_example(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "0.36-no-opening" in result.stdout
