"""A dialog's OK and Cancel with Alt letters: Qt's own texts for them carry none on most
platforms, so Alt could not reach them."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QWidget


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
