"""Run the report SQL files (``sim/report/sql/``) against an experiment's result lake.

The files are plain DuckDB SQL over two views, ``matches`` and ``cards``, that ``views.sql``
creates from the variable ``lake``. The very same files run in the DuckDB command-line shell::

    duckdb -c "SET VARIABLE lake = 'experiments/<name>'" \\
           -c ".read sim/report/sql/views.sql" \\
           -c ".read sim/report/sql/edition_outcomes.sql"

or interactively: ``SET VARIABLE lake = 'experiments/<name>';`` then ``.read`` the files.
``series_rows.sql`` also needs ``SET VARIABLE series_column = '<list column>';``.
If the experiment wrote no per-card rows, ``cards`` is an empty view of the same columns (in the
shell too), and the ``cards`` report refuses to run.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import polars as pl

from sim.core.errors import UserError
from sim.core.lake import check_parts_readable

SQL_DIR = Path(__file__).resolve().parent / "sql"


def sql_text(name: str) -> str:
    """The text of ``sql/<name>.sql``."""
    path = SQL_DIR / f"{name}.sql"
    if not path.is_file():
        raise ValueError(f"no report query named '{name}' in {SQL_DIR}")
    return path.read_text(encoding="utf-8")


def _statements(text: str) -> list[str]:
    without_comments = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("--"))
    return [statement.strip() for statement in without_comments.split(";") if statement.strip()]


def _has_parquet(folder: Path) -> bool:
    return folder.is_dir() and any(folder.rglob("*.parquet"))


class Lake:
    """A DuckDB in-process connection with the ``matches`` (and ``cards``) views of one lake."""

    def __init__(self, experiment_dir: Path):
        self.path = Path(experiment_dir).resolve()
        if not _has_parquet(self.path / "matches"):
            raise UserError(
                "no match results found (expected matches/**/*.parquet)", file=str(self.path), entry="matches"
            )
        check_parts_readable(self.path)
        self.has_cards = _has_parquet(self.path / "cards")
        self.connection = duckdb.connect(database=":memory:")
        self.connection.execute("SET VARIABLE lake = ?", [self.path.as_posix()])
        for statement in _statements(sql_text("views")):
            self.connection.execute(statement)
        self.columns = set(self.connection.sql("SELECT * FROM matches LIMIT 0").columns)

    def query(self, name: str, variables: dict[str, str] | None = None) -> pl.DataFrame:
        """Run ``sql/<name>.sql`` (its last statement returns the rows) and return a polars frame."""
        for key, value in (variables or {}).items():
            self.connection.execute(f"SET VARIABLE {key} = ?", [value])
        statements = _statements(sql_text(name))
        for statement in statements[:-1]:
            self.connection.execute(statement)
        return self.connection.sql(statements[-1]).pl()

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Lake:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
