"""The first start, with no event opened before: make a new event, open an event file, or look
around the example evening (a five-table Mitchell, every score entered)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director.gui.demo import demo_event
from director.gui.dialogs.new_event import EVENT_SUFFIX, NewEventDialog
from director.gui.dialogs.read_only import open_event
from director.gui.errors import report_exception
from director.store.paths import beside_event, data_folder
from director.store.services import EventStore

NEW, OPEN, EXAMPLE = "new", "open", "example"
EXAMPLE_FILE = "example-evening.whist"
"""The example evening's file in the data folder (made the first time it is asked for)."""


class StartDialog(QDialog):
    """Three ways in; `choice` is the one taken (Quit: none)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Whist Director")
        self.choice: str | None = None
        intro = QLabel(
            "<b>Welcome.</b> Make a new event for tonight, open an event file, or look "
            "around the example evening first."
        )
        intro.setWordWrap(True)
        intro.setMinimumWidth(intro.fontMetrics().averageCharWidth() * 48)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        for choice, text in (
            (NEW, "&New event…"),
            (OPEN, "&Open an event file…"),
            (EXAMPLE, "Open the &example evening"),
        ):
            button = QPushButton(text)
            button.setAutoDefault(choice == NEW)
            button.clicked.connect(lambda _c=False, chosen=choice: self._choose(chosen))
            layout.addWidget(button)
        quit_button = QPushButton("&Quit")
        quit_button.clicked.connect(self.reject)
        layout.addWidget(quit_button)

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()


def example_event() -> EventStore | None:
    """The example evening in the data folder, made if it is not there yet."""
    path = data_folder() / EXAMPLE_FILE
    if path.exists():
        return open_event(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return demo_event(path)


def _open_chosen() -> EventStore | None:
    chosen, _ = QFileDialog.getOpenFileName(
        None, "Open event", str(beside_event(None)), f"Events (*{EVENT_SUFFIX});;All files (*)"
    )
    return open_event(Path(chosen)) if chosen else None


def _new() -> EventStore | None:
    dialog = NewEventDialog(beside_event(None))
    return dialog.create_event() if dialog.exec() else None


def first_event() -> EventStore | None:
    """Ask until an event is made or opened; None if the director quits."""
    ways = {NEW: _new, OPEN: _open_chosen, EXAMPLE: example_event}
    while True:
        dialog = StartDialog()
        if not dialog.exec() or dialog.choice is None:
            return None
        try:
            store = ways[dialog.choice]()
        except Exception as exc:  # a refused file: say why, and ask again
            report_exception(exc)
            continue
        if store is not None:
            return store
