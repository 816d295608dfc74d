"""Reading the designer-editable YAML data files, the same way for every game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from sim.core.errors import UserError

# libyaml's parser when PyYAML was built with it (the wheels are): ~8x faster than the pure-Python
# one, which was 0.4 s of every process start (the parent and each worker load the rule editions).
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MERGE_TAG = "tag:yaml.org,2002:merge"


class DuplicateKeyError(yaml.MarkedYAMLError):
    """A mapping names the same key twice (YAML itself would keep the last one silently)."""


class StrictLoader(SAFE_LOADER):
    """The safe loader, refusing a mapping that names a key twice: `hearthshell: 1` then
    `hearthshell: 3` in a deck is a mistake to report, not a count to pick."""

    def construct_mapping(self, node, deep=False):
        seen: set = set()
        for key_node, _ in node.value:
            if key_node.tag == MERGE_TAG:  # `<<: *anchor` may be overridden by the keys beside it
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:  # an unhashable key; the constructor below reports it
                continue
            if duplicate:
                raise DuplicateKeyError(None, None, f"duplicate key '{key}'", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def read_yaml(path: Path | str) -> Any:
    """The file's content; a missing, unreadable or non-UTF-8 file, a folder, invalid YAML or a key
    given twice is a one-line UserError naming the file (and the line, when YAML can say it)."""
    path = Path(path)
    try:
        with path.open("r", encoding="utf-8") as handle:
            return yaml.load(handle, Loader=StrictLoader)
    except FileNotFoundError:
        raise UserError("file not found", file=str(path)) from None
    except IsADirectoryError:
        raise UserError("is a folder, not a YAML file", file=str(path)) from None
    except UnicodeDecodeError as error:
        raise UserError(
            f"not UTF-8 text (byte {error.object[error.start]:#04x} at offset {error.start})", file=str(path)
        ) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise UserError(f"not valid YAML{where}: {problem}", file=str(path)) from None
    except OSError as error:
        raise UserError(f"cannot read the file ({error.strerror or error})", file=str(path)) from None


def check_name(value: Any, file: str, entry: str, what: str = "name") -> str:
    """A name shown to designers (a card's, a deck's): a non-empty string."""
    if not isinstance(value, str) or not value.strip():
        raise UserError(f"{what} must be a non-empty text, got {value!r}", file=file, entry=entry)
    return value
