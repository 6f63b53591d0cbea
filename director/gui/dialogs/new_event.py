"""Create an event: its name and the file it lives in (OK only when both are valid)."""

from __future__ import annotations

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

    def file(self) -> Path:
        """The event file chosen (with the .whist suffix)."""
        path = Path(self.path.text().strip()).expanduser()
        return path if path.suffix else path.with_suffix(EVENT_SUFFIX)

    def _validate(self) -> None:
        problem = ""
        if not self.name.text().strip():
            problem = "The event needs a name."
        elif not self.path.text().strip():
            problem = "Choose the file the event is kept in."
        elif self.file().exists():
            problem = f"{self.file().name} exists already: choose another name, or open it."
        elif not self.file().parent.is_dir():
            problem = f"The folder {self.file().parent} does not exist."
        self.reason.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)
