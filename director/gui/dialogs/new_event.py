"""Create an event: its name and the file it lives in (OK only when both are valid)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

EVENT_SUFFIX = ".whist"


class NewEventDialog(QDialog):
    """Name and file of a new event."""

    def __init__(self, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New event")
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Club night, 23 November")
        self.path = QLineEdit(str(folder / f"event{EVENT_SUFFIX}"))
        browse = QPushButton("&Browse…")
        browse.clicked.connect(self._browse)
        self.venue = QLineEdit()
        self.reason = QLabel()
        self.reason.setStyleSheet("color: #a00;")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        row = QHBoxLayout()
        row.addWidget(self.path)
        row.addWidget(browse)
        form = QFormLayout(self)
        form.addRow("&Name:", self.name)
        form.addRow("&Venue:", self.venue)
        form.addRow("&File:", row)
        form.addRow(self.reason)
        form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._validate)
        self.path.textChanged.connect(self._validate)
        self._validate()

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "New event file", self.path.text(), f"Event (*{EVENT_SUFFIX})"
        )
        if path:
            self.path.setText(path)

    def file(self) -> Path | None:
        """The event file chosen (with the .whist suffix); None while the File field names
        no file, e.g. a bare folder such as `/` (OK is disabled then)."""
        typed = self._typed()
        if typed is None or typed.name in {"", ".", ".."}:
            return None
        return typed if typed.suffix else typed.with_suffix(EVENT_SUFFIX)

    def _typed(self) -> Path | None:
        text = self.path.text().strip()
        # a trailing slash names a folder, which Path() would silently drop
        return None if not text or text.endswith(("/", os.sep)) else Path(text).expanduser()

    def _validate(self) -> None:
        problem = self._problem()
        self.reason.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

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
