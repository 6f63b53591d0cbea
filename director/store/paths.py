"""Where the default event file lives: the user's data folder (platformdirs)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

APP_NAME = "whist-director"
DATA_ENV = "WHIST_DIRECTOR_DATA"
"""Set to a folder to keep event files elsewhere (tests, a memory stick, development)."""


def data_folder() -> Path:
    """The folder for event files, created if missing."""
    override = os.environ.get(DATA_ENV)
    folder = Path(override) if override else user_data_path(APP_NAME, appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def beside_event(event: Path | None, name: str = "") -> Path:
    """Where a file or folder called `name` that the director is asked for starts: beside the
    event file `event`, in the data folder when no event file is open (none yet, or an event
    on a database server). Every file dialog of the program starts here."""
    return (event.parent if event is not None else data_folder()) / name


def default_event_file() -> Path:
    """The event file `make run` opens when none is named."""
    return data_folder() / "event.whist"


CRASH_LOG = Path("logs") / "crash.log"
"""Where the program and the command line write the details of an unexpected error, inside
the data folder."""


def crash_log() -> Path:
    """The crash log in the user's data folder."""
    return data_folder() / CRASH_LOG
