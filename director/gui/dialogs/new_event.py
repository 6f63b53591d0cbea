"""Create an event: its name, date, venue, kind (duplicate whist or a whist drive) and the file
it lives in (OK only when the name and the file are valid). The file is named after the event as
the name is typed, until the director changes the file field."""

from __future__ import annotations

import os
import re
from datetime import date
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from director.gui.dialogs.form import FormDialog
from director.gui.widgets.event_date import EventDateEdit
from director.store.services import EventStore

EVENT_SUFFIX = ".whist"
DEFAULT_STEM = "event"
"""The file's name before the event has one."""


def file_stem(name: str) -> str:
    """A file name for an event called `name`: "Club night, 23 November" -> "club-night-23-
    november" (letters of any alphabet kept; anything else a single hyphen)."""
    return re.sub(r"[\W_]+", "-", name.casefold()).strip("-") or DEFAULT_STEM


class NewEventDialog(FormDialog):
    """Name, date, venue and file of a new event."""

    def __init__(self, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__("New event", parent)
        self.folder = folder
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Club night")
        self.held_on = EventDateEdit(date.today())
        self.path = QLineEdit(str(folder / f"{DEFAULT_STEM}{EVENT_SUFFIX}"))
        self.path.setMinimumWidth(self.path.fontMetrics().averageCharWidth() * 44)
        self.path_edited = False
        """True once the director typed in the file field or browsed: the name stops
        renaming the file then."""
        browse = QPushButton("&Browse…")
        browse.clicked.connect(self._browse)
        self.venue = QLineEdit()
        self.kind = QComboBox()
        self.kind.addItem("Duplicate whist: pairs or individuals, a movement", False)
        self.kind.addItem("Whist drive: progressive, players move by who won", True)
        row = QHBoxLayout()
        row.addWidget(self.path)
        row.addWidget(browse)
        # The file's label needs its field as buddy: a label given with a layout has none,
        # and shows its "&" instead of underlining the key.
        file_label = QLabel("&File:")
        file_label.setBuddy(self.path)
        self.add_rows(
            [
                ("&Name:", self.name),
                ("&Date:", self.held_on),
                ("&Venue:", self.venue),
                ("&Kind:", self.kind),
            ]
        )
        self.form.addRow(file_label, row)
        self.close_form()
        self.name.textChanged.connect(self._follow_name)
        self.path.textEdited.connect(self._path_typed)
        self.path.textChanged.connect(self._validate)
        self._validate()

    def is_drive(self) -> bool:
        """The event is to be a whist drive."""
        return bool(self.kind.currentData())

    def _follow_name(self, name: str) -> None:
        if not self.path_edited:
            self.path.setText(str(self.folder / f"{file_stem(name)}{EVENT_SUFFIX}"))
        self._validate()

    def _path_typed(self) -> None:
        self.path_edited = True

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "New event file", self.path.text(), f"Event (*{EVENT_SUFFIX})"
        )
        if path:
            self.path_edited = True
            self.path.setText(path)

    def file(self) -> Path | None:
        """The event file chosen (with the .whist suffix); None while the File field names
        no file, e.g. a bare folder such as `/` (OK is disabled then)."""
        typed = self._typed()
        if typed is None or typed.name in {"", ".", ".."}:
            return None
        return typed if typed.suffix else typed.with_suffix(EVENT_SUFFIX)

    def create_event(self) -> EventStore:
        """Create the event as the fields say (the store's refusals are raised)."""
        path = self.file()
        if path is None:
            raise ValueError(self._problem())
        return EventStore.create(
            path,
            name=self.name.text().strip(),
            held_on=self.held_on.day(),
            venue=self.venue.text().strip() or None,
        )

    def _typed(self) -> Path | None:
        text = self.path.text().strip()
        # a trailing slash names a folder, which Path() would silently drop
        return None if not text or text.endswith(("/", os.sep)) else Path(text).expanduser()

    def _validate(self) -> None:
        self.allow(self._problem())

    def _problem(self) -> str:
        """Why the event cannot be created as the fields stand ("" when it can)."""
        if not self.name.text().strip():
            return "The event needs a name."
        if not self.path.text().strip():
            return "Choose the file the event is kept in."
        typed, path = self._typed(), self.file()
        try:
            if path is None or (typed is not None and typed.is_dir()):
                return f"Type the file's name after the folder, e.g. …/club-night{EVENT_SUFFIX}."
            if path.exists():
                return f"{path.name} exists already: choose another name, or open it."
            if not path.parent.is_dir():
                return f"The folder {path.parent} does not exist."
        except OSError as exc:  # a name too long for the disk, a folder we may not look into
            return f"That file cannot be used: {exc.strerror or exc}."
        if not os.access(path.parent, os.W_OK):
            return f"The folder {path.parent} is read-only: choose another folder."
        return ""
