"""The files shipped inside the packages: every resource is found through here.

Each package keeps its files in its own `data/` folder (`schedules/data/`: the designs found
by search, one JSON file per kind, and the Safford seatings; `director/data/`: the laws, the
fonts, the example sessions).
`importlib.resources` finds them wherever the package is installed (a source folder, a wheel's
site-packages, a zip), so the program works from any folder.
"""

from __future__ import annotations

import json
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any


def data_file(package: str, *parts: str) -> Traversable:
    """The shipped file or folder `parts` of `package`'s data folder:
    data_file("schedules", "whist", "pbd.json") is schedules/data/whist/pbd.json."""
    return files(package).joinpath("data", *parts)


def stored_entries(file: Traversable) -> dict[int, dict[str, Any]]:
    """The entries of a stored-designs `file`, by their number: every such file is
    `{"sizes": {"N": entry, ...}}`, one line per N (the player count, or the order of the group
    the design is built over), each entry naming the command that found it."""
    sizes = json.loads(file.read_text(encoding="utf-8"))["sizes"]
    return {int(key): entry for key, entry in sizes.items()}


def changed_options(*options: tuple[str, object, object]) -> str:
    """The command-line text, for a stored command, of the options (flag, value, default)
    whose value differs from the default."""
    return "".join(f" {flag} {value}" for flag, value, default in options if value != default)
