"""Reading the designer-editable YAML data files, the same way for every game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from sim.core.errors import UserError

# libyaml's parser when PyYAML was built with it (the wheels are): ~8x faster than the pure-Python
# one, which was 0.4 s of every process start (the parent and each worker load the rule editions).
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path | str) -> Any:
    """The file's content; a missing file or invalid YAML is a one-line UserError naming the file."""
    path = Path(path)
    try:
        with path.open("r", encoding="utf-8") as handle:
            return yaml.load(handle, Loader=SAFE_LOADER)
    except FileNotFoundError:
        raise UserError("file not found", file=str(path)) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise UserError(f"not valid YAML{where}: {problem}", file=str(path)) from None
