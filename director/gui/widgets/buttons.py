"""A dialog's OK and Cancel with Alt letters: Qt's own texts for them carry none on most
platforms, so Alt could not reach them. `ask_text` is Qt's one-line question with them."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QInputDialog, QWidget


def ok_cancel(
    ok: str = "&OK", cancel: str = "&Cancel", parent: QWidget | None = None
) -> QDialogButtonBox:
    """OK and Cancel named with their Alt letters (a dialog whose own letters take C or O
    names another)."""
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, parent
    )
    box.button(QDialogButtonBox.StandardButton.Ok).setText(ok)
    box.button(QDialogButtonBox.StandardButton.Cancel).setText(cancel)
    return box


def ask_text(parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
    """A line of text asked in a small dialog, `text` offered (None: cancelled)."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setTextValue(text)
    dialog.setOkButtonText("&OK")
    dialog.setCancelButtonText("&Cancel")
    return dialog.textValue() if dialog.exec() else None
