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
from director.gui.dialogs.read_only import open_event
from director.gui.errors import install_excepthook, show_error
from director.gui.main_window import MainWindow
from director.gui.settings import Settings, configure_application
from director.store.paths import data_folder, default_event_file
from director.store.services import EventStore

DEFAULT_EVENT_NAME = "Whist evening"


def open_or_create(path: Path) -> EventStore:
    """Open the event at `path`, creating it first if there is none.

    One that cannot be changed where it is opens read-only or as a copy, as the director
    chooses (see `open_event`). A file the store refuses (damaged, not an event, from a newer
    program), or one the director chose not to open, is left untouched; the director is told,
    and a new event file in the data folder is opened instead, so the program always starts.
    """
    try:
        if not path.exists():
            return EventStore.create(path, name=DEFAULT_EVENT_NAME)
        store = open_event(path)
        if store is not None:
            return store
        problem = "was not opened: neither read-only nor as a copy was chosen"
    except DirectorError as exc:
        problem = f"cannot be opened: {exc}"
    fresh = data_folder() / f"{path.stem}-{datetime.now():%Y%m%d-%H%M%S}{path.suffix}"
    show_error(
        None,
        "Cannot open the event",
        f"{path} {problem}\n\nIt is left as it is. A new event file is opened instead: {fresh}",
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
