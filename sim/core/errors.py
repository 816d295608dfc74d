"""User-facing errors: one clear line, never a traceback.

Anything a designer can get wrong (a YAML file, a deck, a config key, an output folder) raises
`UserError`. The command-line entry point prints `error: <message>` and exits with status 2.
"""

from __future__ import annotations


class UserError(Exception):
    """A mistake in user input. The message names the file, the entry and the rule broken."""

    def __init__(self, message: str, *, file: str | None = None, entry: str | None = None):
        self.file = file
        self.entry = entry
        self.rule = message
        where = ""
        if file:
            where = f"{file}"
            if entry:
                where += f": {entry}"
            where += ": "
        elif entry:
            where = f"{entry}: "
        super().__init__(f"{where}{message}")
