"""User-facing errors: one clear line, never a traceback.

Anything a designer can get wrong (a YAML file, a deck, a config key, an output folder) raises
`UserError`. The command-line entry point prints `error: <message>` and exits with status 2.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class UserError(Exception):
    """A mistake in user input. The message names the file, the entry and the rule broken."""

    def __init__(self, message: str, *, file: str | None = None, entry: str | None = None):
        self.file = file
        self.entry = entry
        self.rule = message
        # names quoted from data may hold line breaks; the message stays one line whatever they hold
        file, entry, message = (_one_line(text) for text in (file, entry, message))
        where = ""
        if file:
            where = f"{file}"
            if entry:
                where += f": {entry}"
            where += ": "
        elif entry:
            where = f"{entry}: "
        super().__init__(f"{where}{message}")

    def __reduce__(self):
        # A worker's error travels to the parent pickled; keep the file and entry apart from the rule.
        return _rebuild, (self.rule, self.file, self.entry)


def _one_line(text: str | None) -> str | None:
    # every character str.splitlines breaks at (\r, \n, \v, \f, \x1c-\x1e, \x85, \u2028, \u2029)
    if text is None:
        return None
    return "".join(char.encode("unicode_escape").decode("ascii") if len(f"a{char}b".splitlines()) > 1 else char
                   for char in str(text))


def _rebuild(rule: str, file: str | None, entry: str | None) -> UserError:
    return UserError(rule, file=file, entry=entry)


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the closest known name to a misspelt one, or ''."""
    if not isinstance(name, str):
        return ""
    close = difflib.get_close_matches(name, [str(option) for option in known], n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""
