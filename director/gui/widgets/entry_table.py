"""A table for fast entry from paper: Enter commits the cell and opens the next row's cell."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QLineEdit,
    QStyledItemDelegate,
    QTableView,
    QWidget,
)

UNDO_KEYS = (QKeySequence("Ctrl+Z"),)
REDO_KEYS = (QKeySequence("Ctrl+Shift+Z"),)
"""The window's Undo and Redo shortcuts (main_window), as an editor would otherwise take them."""


class EntryDelegate(QStyledItemDelegate):
    """Editors that leave Undo and Redo to the window while they hold nothing of their own
    to undo: after an entry, the next row's editor is open at once, and Ctrl+Z must still
    take back the entry just made."""

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            pressed = QKeySequence(event.keyCombination())
            line = editor if isinstance(editor, QLineEdit) else editor.findChild(QLineEdit)
            if pressed in UNDO_KEYS:
                own = line is not None and line.isUndoAvailable()
            elif pressed in REDO_KEYS:
                own = line is not None and line.isRedoAvailable()
            else:
                return super().eventFilter(editor, event)
            if not own:
                event.ignore()  # left to the window, whose shortcut then runs
                return True
        return super().eventFilter(editor, event)


class EntryTable(QTableView):
    """Typing starts editing; Enter moves down to the next editable cell of the same column."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)
        self.setItemDelegate(EntryDelegate(self))

    def closeEditor(self, editor: QWidget, hint: QAbstractItemDelegate.EndEditHint) -> None:
        if hint != QAbstractItemDelegate.EndEditHint.SubmitModelCache:
            super().closeEditor(editor, hint)
            return
        super().closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
        self.edit_next(self.currentIndex())

    def edit_next(self, current: QModelIndex) -> None:
        """Move to the next editable cell below `current` and open it."""
        model = self.model()
        for row in range(current.row() + 1, model.rowCount()):
            candidate = model.index(row, current.column())
            if model.flags(candidate) & Qt.ItemFlag.ItemIsEditable:
                self.setCurrentIndex(candidate)
                self.edit(candidate)
                return

    def keyPressEvent(self, event: QKeyEvent) -> None:
        current = self.currentIndex()
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and current.isValid()
            and self.model().flags(current) & Qt.ItemFlag.ItemIsEditable
            and self.state() != QAbstractItemView.State.EditingState
        ):
            self.edit(current)
            return
        super().keyPressEvent(event)
