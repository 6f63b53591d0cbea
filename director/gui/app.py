"""Start-up of the desktop program (`whist-director`): open the default event (created if
missing) or the file named on the command line, in the main window."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from director.errors import DirectorError
from director.gui.errors import install_excepthook, show_error
from director.gui.main_window import MainWindow
from director.gui.settings import Settings, configure_application
from director.store.paths import default_event_file
from director.store.services import EventStore

DEFAULT_EVENT_NAME = "Whist evening"


def open_or_create(path: Path) -> EventStore:
    """Open the event at `path`, creating it first if there is none.

    A file the store refuses (damaged, not an event, from a newer program) is left untouched;
    the director is told why and a new event file beside it is opened instead, so the
    program always starts.
    """
    try:
        if path.exists():
            return EventStore.open(path)
        return EventStore.create(path, name=DEFAULT_EVENT_NAME)
    except DirectorError as exc:
        fresh = path.with_name(f"{path.stem}-{datetime.now():%Y%m%d-%H%M%S}{path.suffix}")
        show_error(
            None,
            "Cannot open the event",
            f"{path} cannot be opened: {exc}\n\nIt is left as it is. A new event file is "
            f"opened instead: {fresh}",
        )
        return EventStore.create(fresh, name=DEFAULT_EVENT_NAME)


def make_window(path: Path | None = None, settings: Settings | None = None) -> MainWindow:
    """The main window on `path` (default: the user's default event file), not yet shown."""
    return MainWindow(settings or Settings(), open_or_create(path or default_event_file()))


def main(argv: Sequence[str] | None = None) -> int:
    """Open the main window and run until it is closed."""
    args = list(sys.argv if argv is None else argv)
    # fractional scale factors (150 %) stay fractional: crisp text on high-DPI screens
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
    )
    app = QApplication.instance() or QApplication(args)
    configure_application()
    install_excepthook()
    window = make_window(Path(args[1]) if len(args) > 1 else None)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
