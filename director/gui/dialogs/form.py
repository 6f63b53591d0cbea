"""The shape most dialogs share: labelled fields, a red line saying why OK is off, then OK and
Cancel named with their Alt letters."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from director.gui.widgets.buttons import ok_cancel


class FormDialog(QDialog):
    """A dialog of fields in a form: rows are added with `add_rows` (or on `form`), then
    `close_form` puts the problem and the buttons below them; `allow` says why OK is off."""

    def __init__(
        self, title: str, parent: QWidget | None, ok: str = "&OK", cancel: str = "&Cancel"
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #a00;")
        self.problem.setWordWrap(True)
        self.buttons = ok_cancel(ok, cancel)
        self.form = QFormLayout(self)

    def add_rows(self, rows: Sequence[tuple[str | None, QWidget]]) -> None:
        """A row a field, its label's Alt letter going to the field (None: the field alone)."""
        for text, field in rows:
            if text is None:
                self.form.addRow(field)
            else:
                label = QLabel(text)
                label.setBuddy(field)
                self.form.addRow(label, field)

    def close_form(self) -> None:
        """The problem line and the buttons below the fields, OK accepting and Cancel rejecting."""
        self.form.addRow(self.problem)
        self.form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def allow(self, problem: str) -> None:
        """Say `problem` and turn OK off; an empty one turns OK on."""
        self.problem.setText(problem)
        self.ok_button().setEnabled(not problem)

    def ok_button(self) -> QPushButton:
        """The OK button (named as the dialog asked)."""
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)
