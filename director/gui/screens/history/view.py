"""Corrections: the audit trail with each change's old and new values in words, undo and redo.

Undo and redo (Ctrl+Z, Ctrl+Shift+Z from the Edit menu) walk the director's own steps; any
step, a table's entry from its phone included, is taken back (or put back) here, by choosing
it; a result is corrected by typing over it in the score grid (a drive's hand in its grid).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
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
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.take_back = QPushButton("Take &back this step")
        self.take_back.setToolTip("Undo the chosen step, whoever made it")
        self.take_back.clicked.connect(self._take_back)
        buttons = QHBoxLayout()
        buttons.addWidget(self.take_back)
        buttons.addStretch()
        layout.addWidget(self.intro)
        layout.addLayout(buttons)
        layout.addWidget(split)
        self.table.selectionModel().currentRowChanged.connect(self._show)
        context.changed.connect(self._changed)

    def _changed(self, what: Changed, _source: object) -> None:
        if what:
            self.mark_stale()

    def refresh(self) -> None:
        """Read the audit trail again."""
        super().refresh()
        # a drive's hands are typed over in its own grid; a pairs evening has Scores
        where = (
            "a hand by typing over it in Drive"
            if self.context.store.holds_drive()
            else "a result by typing over it in Scores"
        )
        self.intro.setText(
            "Every change, newest first. Ctrl+Z undoes your latest change, Ctrl+Shift+Z redoes"
            " it; a table's entry (or any step) is taken back by choosing it here. Correct"
            f" {where}."
        )
        self.names = self.context.store.row_names()
        self.model.set_rows(self.context.store.audit_log(limit=AUDIT_SHOWN))
        self.table.resizeColumnsToContents()
        if self.model.rowCount():
            self.table.selectRow(0)

    def _show(self, current: object, _previous: object) -> None:
        index = self.table.currentIndex()
        entry = self.model.row(index.row()) if index.isValid() else None
        self.detail.setPlainText(changes_in_words(entry, self.names) if entry else "")
        self.take_back.setEnabled(entry is not None and not entry.final)
        undone = entry is not None and entry.undone
        self.take_back.setText("Put &back this step" if undone else "Take &back this step")
        if entry is not None:
            self.take_back.setToolTip(
                f"{'Redo' if entry.undone else 'Undo'} #{entry.id} {entry.in_words()}"
            )

    def _take_back(self) -> None:
        """Undo the chosen step (or redo it, if it is undone), whoever made it."""
        index = self.table.currentIndex()
        if not index.isValid():
            return
        entry = self.model.row(index.row())
        store = self.context.store
        work = store.redo_step if entry.undone else store.undo_step
        self.context.apply(Changed.EVERYTHING, lambda: work(entry.id), self)
