"""The rows a strength bench measures, kept as JSON lines: with ``--out FILE`` each row is
appended as soon as it is measured (a long run can stop and keep what it did), and
``--table FILE`` prints the table of such a file again."""

from __future__ import annotations

import json
from pathlib import Path


def read_rows(path: str) -> list:
    """The rows of a JSON-lines file."""
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line]


def keep_row(row: dict, path: str | None) -> None:
    """Append ``row`` to the JSON-lines file ``path`` (nothing when there is none)."""
    if path:
        with open(path, "a") as out:
            out.write(json.dumps(row) + "\n")
