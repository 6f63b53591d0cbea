"""Corrections: the audit trail with each change's old and new values in words, undo and redo.

Undo and redo act on the whole event (Ctrl+Z, Ctrl+Shift+Z from the Edit menu); a result is
corrected by typing over it in the score grid.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.gui.context import Changed, EventContext
from director.gui.screens.history.model import Names, audit_model, changes_in_words
from director.gui.widgets.screen import Screen

AUDIT_SHOWN = 500
"""Newest entries listed; older ones stay in the file (`director event log`)."""


class HistoryScreen(Screen):
    """The audit trail; the selected entry's changes below it."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.model = audit_model(self)
        self.names: Names = {}
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAccessibleName("Audit trail")
        self.detail = QPlainTextEdit()
        self.detail.setReadOnly(True)
        self.detail.setAccessibleName("What changed, from what to what")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 3)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Every change, newest first. Ctrl+Z undoes the latest, Ctrl+Shift+Z redoes it; "
            "correct a result by typing over it in Scores."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addWidget(split)
        self.table.selectionModel().currentRowChanged.connect(self._show)
        context.changed.connect(self._changed)

    def _changed(self, what: Changed, _source: object) -> None:
        if what:
            self.mark_stale()

    def refresh(self) -> None:
        """Read the audit trail again."""
        super().refresh()
        self.names = self.context.store.row_names()
        self.model.set_rows(self.context.store.audit_log(limit=AUDIT_SHOWN))
        self.table.resizeColumnsToContents()
        if self.model.rowCount():
            self.table.selectRow(0)

    def _show(self, current: object, _previous: object) -> None:
        index = self.table.currentIndex()
        self.detail.setPlainText(
            changes_in_words(self.model.row(index.row()), self.names) if index.isValid() else ""
        )
