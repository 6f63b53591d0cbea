"""Start-up of the desktop program (`whist-director`): the file named on the command line, else
the event opened last, else a first-start choice of a new event, an event file or the example
evening, in the main window.

The window's frame is drawn first, from Qt and the few modules it needs; the store (SQLAlchemy)
and the screens are loaded once it is on screen, while it says which event it is opening.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from director.errors import DirectorError
from director.gui.main_window import MainWindow
from director.gui.settings import Settings, configure_application

if TYPE_CHECKING:
    from director.store.services import EventStore

DEFAULT_EVENT_NAME = "Whist evening"


def open_or_create(path: Path, parent: QWidget | None = None) -> EventStore:
    """Open the event at `path`, creating it first if there is none (a question or a refusal
    shown over `parent`).

    One that cannot be changed where it is opens read-only or as a copy, as the director
    chooses (see `open_event`). A file the store refuses (damaged, not an event, from a newer
    program), or one the director chose not to open, is left untouched; the director is told,
    and a new event file in the data folder is opened instead, so the program always starts.
    """
    from director.gui.dialogs.read_only import open_event
    from director.gui.errors import show_error
    from director.store.paths import data_folder
    from director.store.services import EventStore

    try:
        if not path.exists():
            return EventStore.create(path, name=DEFAULT_EVENT_NAME)
        store = open_event(path, parent)
        if store is not None:
            return store
        problem = "was not opened: neither read-only nor as a copy was chosen"
    except DirectorError as exc:
        problem = f"cannot be opened: {exc}"
    fresh = data_folder() / f"{path.stem}-{datetime.now():%Y%m%d-%H%M%S}{path.suffix}"
    show_error(
        parent,
        "Cannot open the event",
        f"{path} {problem}\n\nIt is left as it is. A new event file is opened instead: {fresh}",
    )
    return EventStore.create(fresh, name=DEFAULT_EVENT_NAME)


def make_window(path: Path, settings: Settings | None = None) -> MainWindow:
    """The main window on the event at `path` (created if missing), not yet shown."""
    return MainWindow(settings or Settings(), open_or_create(path))


def last_event(settings: Settings) -> Path | None:
    """The event file opened last (the default event file of earlier versions if none)."""
    from director.store.paths import default_event_file

    recent = settings.recent_files()
    if recent:
        return recent[0]
    default = default_event_file()
    return default if default.exists() else None


def start_window(settings: Settings | None = None) -> MainWindow | None:
    """The main window on the event opened last; at the first start, on the event the
    director chooses to make or open (None if the director chose to quit)."""
    # the first-start choice (and its example evening) is loaded only at the first start
    from director.gui.dialogs.start import first_event

    settings = settings or Settings()
    path = last_event(settings)
    if path is not None:
        return make_window(path, settings)
    store = first_event()
    return None if store is None else MainWindow(settings, store)


def application(args: list[str]) -> QCoreApplication:
    """The program's application object (made on the first call), named for its settings."""
    app = QApplication.instance()
    if app is None:
        # fractional scale factors (150 %) stay fractional: crisp text on high-DPI screens;
        # Qt takes the policy only before the application is made
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
        )
        app = QApplication(args)
    configure_application()
    return app


def main(argv: Sequence[str] | None = None) -> int:
    """Open the main window and run until it is closed."""
    args = list(sys.argv if argv is None else argv)
    app = application(args)
    settings = Settings()
    path = Path(args[1]) if len(args) > 1 else last_event(settings)
    if path is None:  # the first start: the director's choice comes before any window
        _handle_errors()
        window = start_window(settings)
        if window is None:
            return 0
    else:
        window = MainWindow(settings)
        event = path

        def opener() -> EventStore:
            _handle_errors()
            return open_or_create(event, window)

        window.open_after_paint(event, opener)
    window.show()
    return app.exec()


def _handle_errors() -> None:
    """Log and show every unexpected error from now on. Its module loads the store's, so
    where an event is named this waits until the window's frame is drawn."""
    from director.gui.errors import install_excepthook

    install_excepthook()


if __name__ == "__main__":
    raise SystemExit(main())
