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
from director.store.paths import data_folder
from schedules.findings import ScheduleError

LOGGER = logging.getLogger("director.gui")
EXPECTED = (DirectorError, ScheduleError)
"""Errors whose message is meant for the director: shown as they are, never logged as crashes."""


def log_path() -> Path:
    """Where unexpected errors are written: `logs/crash.log` in the user's data folder."""
    return data_folder() / "logs" / "crash.log"


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
    """Show `value` to the director; log it first unless it is an expected error."""
    if isinstance(value, EXPECTED):
        show_error(parent, "Cannot do that", str(value))
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
        f"Something went wrong that the program did not expect:\n\n{value}\n\n"
        "Everything entered before this was saved; the event file is safe."
        + (f"\n\nThe details are in {where}." if where else ""),
    )


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    """A modal message box on the GUI thread; elsewhere (a worker) only the log sees it."""
    app = QApplication.instance()
    if app is None or QThread.currentThread() is not app.thread():
        LOGGER.error("%s: %s", title, message)
        return
    QMessageBox.critical(parent or QApplication.activeWindow(), title, message)
