"""What the command line says when a command fails: one line, never a traceback, never the
database's own text in full (it may quote SQL).

A refusal the program foresaw (`DirectorError`, `ScheduleError`) is its own message. A database
or file problem it did not foresee is named briefly; anything else is a bug, said so, with the
traceback written to the crash log (the same file the GUI writes).
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path

from director.errors import DirectorError
from director.store.paths import CRASH_LOG, data_folder
from schedules.findings import ScheduleError

"""Where, in the user's data folder, unexpected errors are written."""


def explain(exc: Exception) -> str:
    """The one line to show for `exc`."""
    if isinstance(exc, DirectorError | ScheduleError):
        return str(exc)
    database = _database_text(exc)
    if database is not None:
        return f"the database could not do it ({database}); {_logged(exc)}"
    if isinstance(exc, OSError) and exc.strerror:
        where = f" {exc.filename}" if exc.filename else ""
        return f"cannot use{where}: {exc.strerror}"
    return (
        f"unexpected error ({type(exc).__name__}): this is a bug in Whist Director. What was"
        f" saved before stays saved; {_logged(exc)}: please report it"
    )


def _database_text(exc: Exception) -> str | None:
    """The first line of a database error's own message, without any SQL it quotes."""
    if isinstance(exc, sqlite3.Error):
        text = str(exc)
    elif "sqlalchemy" in sys.modules:
        from sqlalchemy.exc import DBAPIError, SQLAlchemyError

        if not isinstance(exc, SQLAlchemyError):
            return None
        text = str(exc.orig) if isinstance(exc, DBAPIError) else str(exc)
    else:
        return None
    first = text.split("[SQL:")[0].strip().splitlines()
    return (first[0] if first else type(exc).__name__)[:160]


def _logged(exc: BaseException) -> str:
    """Write the details of `exc` to the crash log; say where."""
    log = write_crash_log(exc)
    return f"the details are in {log}" if log else "no log of the details could be written"


def write_crash_log(exc: BaseException) -> Path | None:
    """Append the traceback of `exc`, with the command that raised it, to the crash log in the
    user's data folder (or, failing that, the temporary folder); return the log's path."""
    text = "".join(traceback.format_exception(exc))
    command = " ".join(sys.argv[1:])
    entry = f"{datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC: director {command}\n{text}\n"
    for folder in _log_folders():
        log = folder / CRASH_LOG
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
            with log.open("a", encoding="utf-8") as fh:
                fh.write(entry)
        except OSError:
            continue
        return log
    return None


def _log_folders() -> list[Path]:

    fallback = Path(tempfile.gettempdir()) / "whist-director"
    try:
        return [data_folder(), fallback]
    except OSError:
        return [fallback]
