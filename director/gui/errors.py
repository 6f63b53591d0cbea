"""Errors reach the director as readable dialogs; unexpected ones are logged to a file.

`install_excepthook()` replaces `sys.excepthook`: the traceback goes to `crash.log` in the
user's data folder, and a dialog tells the director what happened and where the log is. The
dialog opens only on the GUI thread (frescobaldi's rule); workers report failure through their
`failure` callback instead (see `ops`). Every change is committed as it is made, so an
unexpected error never leaves the event file half-written.
"""

from __future__ import annotations

import logging
import sys
import traceback
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from director.errors import DirectorError
from director.store.paths import crash_log
from director.store.values import DiskFullError, ReadOnlyEventError
from schedules.findings import ScheduleError

LOGGER = logging.getLogger("director.gui")
EXPECTED = (DirectorError, ScheduleError)
"""Errors whose message is meant for the director: shown as they are, never logged as crashes."""
TITLES: dict[type[BaseException], str] = {
    DiskFullError: "The disk is full",
    ReadOnlyEventError: "The event is read-only",
}
"""Titles for the expected errors that are not about the action itself."""
SUMMARY_LIMIT = 200
"""Characters of an unexpected error's text shown in the details pane."""


def log_path() -> Path:
    """Where unexpected errors are written: the crash log in the user's data folder."""
    return crash_log()


def install_excepthook(path: Path | None = None) -> Path:
    """Log unexpected exceptions to `path` (default `log_path()`) and show them; return it."""
    target = path or log_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(target, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.INFO)

    def hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        report_exception(value, kind, tb)

    sys.excepthook = hook
    return target


def report_exception(
    value: BaseException,
    kind: type[BaseException] | None = None,
    tb: TracebackType | None = None,
    parent: QWidget | None = None,
) -> None:
    """Show `value` to the director; log it first unless it is an expected error.

    An expected error's message is meant for the director and shown as it is. An unexpected
    one is told in plain words only: its text may quote SQL or code, so it goes to the details
    pane as one line, and its traceback to the log, whose path the message gives.
    """
    if isinstance(value, EXPECTED):
        show_error(parent, title_for(value), str(value))
        return
    text = "".join(
        traceback.format_exception(kind or type(value), value, tb or value.__traceback__)
    )
    LOGGER.error("unexpected error\n%s", text)
    where = ", ".join(
        str(h.baseFilename) for h in LOGGER.handlers if isinstance(h, logging.FileHandler)
    )
    show_error(
        parent,
        "Unexpected error",
        "Something went wrong that the program did not expect, and what you were doing was "
        "not finished. Everything saved before it is safe in the event file."
        + (f"\n\nThe details are in {where}." if where else ""),
        details=technical_summary(value),
    )


def title_for(error: BaseException) -> str:
    """The title of the dialog that shows an expected error."""
    return next((t for kind, t in TITLES.items() if isinstance(error, kind)), "Cannot do that")


def technical_summary(error: BaseException) -> str:
    """One line naming `error` for the details pane: its type and the first line of its text.

    A database error carries its SQL and parameters after the first line; the driver's own
    error (`orig`) says what went wrong without them.
    """
    cause = getattr(error, "orig", None)
    inner = cause if isinstance(cause, BaseException) else error
    first = next(iter(str(inner).splitlines()), "").strip()
    return f"{type(inner).__name__}: {first[:SUMMARY_LIMIT]}" if first else type(inner).__name__


def as_sentence(text: str) -> str:
    """`text` starting with a capital, as a sentence in a box: a refusal is worded to follow
    "error: " on the command line. A first word that is a file's name ("club.whist") or
    already has a capital is left as it is."""
    first = text.split(" ", 1)[0]
    return text[:1].upper() + text[1:] if first.isalpha() and first.islower() else text


def show_error(parent: QWidget | None, title: str, message: str, details: str = "") -> None:
    """A modal message box on the GUI thread (`details` behind its Show Details button);
    elsewhere (a worker) only the log sees it."""
    app = QApplication.instance()
    if app is None or QThread.currentThread() is not app.thread():
        LOGGER.error("%s: %s", title, message)
        return
    owner = parent or QApplication.activeWindow()
    message = as_sentence(message)
    if not details:
        QMessageBox.critical(owner, title, message)
        return
    box = QMessageBox(
        QMessageBox.Icon.Critical, title, message, QMessageBox.StandardButton.Ok, owner
    )
    box.setDetailedText(details)
    box.exec()
