"""Helpers that drive the real widgets as a director does (typing, Enter, dialogs)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QDialog, QLineEdit, QTableView


def type_down(qtbot: Any, table: QTableView, start: QModelIndex, values: Sequence[str]) -> None:
    """Type each value into the grid from `start` down, pressing Enter after each, as from a
    pile of travellers; every Enter must move the editor to the next row."""
    table.setFocus()
    table.setCurrentIndex(start)
    qtbot.keyClick(table, Qt.Key.Key_Return)  # Enter opens the cell
    for step, value in enumerate(values):
        row = start.row() + step
        qtbot.waitUntil(lambda row=row: table.currentIndex().row() == row, timeout=5000)
        editor = table.indexWidget(table.currentIndex())
        assert isinstance(editor, QLineEdit), f"no editor open at row {row}"
        editor.selectAll()
        qtbot.keyClicks(editor, value)
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.wait(50)


def answer_dialog(
    monkeypatch: pytest.MonkeyPatch, dialog: type[QDialog], fill: Callable[[Any], None]
) -> None:
    """Make `dialog`'s next `exec()` fill its real widgets with `fill` and press OK."""

    def run(self: QDialog) -> int:
        fill(self)
        ok = self.buttons.button(self.buttons.StandardButton.Ok)  # type: ignore[attr-defined]  # each dialog has one
        reason = getattr(self, "reason", None)
        assert ok.isEnabled(), f"{type(self).__name__} refuses: {reason and reason.text()}"
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(dialog, "exec", run)
