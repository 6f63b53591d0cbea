"""Merge a search tool's results into its JSON file under resources/whist: one line per size,
sizes in order, so a diff shows which sizes changed."""

from __future__ import annotations

import json
from pathlib import Path


def store(path: Path, found: dict[int, dict[str, object]]) -> None:
    """Add (or replace) the entries in `found`, keyed by player count, in the file at `path`."""
    stored = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"sizes": {}}
    for players, entry in found.items():
        stored["sizes"][str(players)] = entry
    sizes = sorted(stored["sizes"].items(), key=lambda item: int(item[0]))
    lines = [f" {json.dumps(key)}: {json.dumps(entry)}" for key, entry in sizes]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"sizes": {\n' + ",\n".join(lines) + "\n}}\n", encoding="utf-8")


def changed_options(*options: tuple[str, object, object]) -> str:
    """The command-line text, for a stored command, of the options (flag, value, default)
    whose value differs from the default."""
    return "".join(f" {flag} {value}" for flag, value, default in options if value != default)
