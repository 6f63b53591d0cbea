"""A table for fast entry from paper: Enter commits the cell and opens the next row's cell.

A value the model refuses cannot be missed: the cell stays open with the value selected, the
table beeps and says why (`refused`), and nothing moves on. A paged table (the score grid)
turns its pages with PageDown / PageUp or Ctrl+Right / Ctrl+Left, from a cell editor too, and
Enter on its last row goes on to the next page.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QApplication,
    QLabel,
    QLineEdit,
    QStyledItemDelegate,
    QTableView,
    QWidget,
)

from director.gui.tablemodel import Index

UNDO_KEYS = (QKeySequence("Ctrl+Z"),)
REDO_KEYS = (QKeySequence("Ctrl+Shift+Z"),)
"""The window's Undo and Redo shortcuts (main_window), as an editor would otherwise take them."""

NEXT_PAGE = (QKeySequence("PgDown"), QKeySequence("Ctrl+Right"))
PREVIOUS_PAGE = (QKeySequence("PgUp"), QKeySequence("Ctrl+Left"))

REFUSAL_ROLE = Qt.ItemDataRole.UserRole + 16
"""A model's reason for refusing the last value typed in a cell (None once one is accepted)."""


def page_step(event: QKeyEvent) -> int:
    """+1 for the next-page keys, -1 for the previous-page keys, 0 for any other key."""
    pressed = QKeySequence(event.keyCombination())
    if pressed in NEXT_PAGE:
        return 1
    if pressed in PREVIOUS_PAGE:
        return -1
    return 0


class EntryDelegate(QStyledItemDelegate):
    """Editors that leave Undo and Redo to the window while they hold nothing of their own
    to undo: after an entry, the next row's editor is open at once, and Ctrl+Z must still
    take back the entry just made. A refused value stays in its editor as typed."""

    paged_in = Signal(QWidget, int)
    """A page key pressed in `editor` (with `paged`): +1 next page, -1 previous."""

    def __init__(self, parent: QObject | None = None, paged: bool = False) -> None:
        super().__init__(parent)
        self.paged = paged
        self.refusal: str | None = None
        """Why the model refused the value last committed (None: accepted, or nothing typed)."""
        self._committing: QWidget | None = None
        self._refused: tuple[QWidget, str] | None = None

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if not isinstance(editor, QLineEdit):
            super().setModelData(editor, model, index)
            return
        text = editor.text()
        self._committing = editor
        try:
            accepted = model.setData(index, text, Qt.ItemDataRole.EditRole)
        finally:
            self._committing = None
        self.refusal = None
        self._refused = None
        if not accepted and text.strip():
            self.refusal = str(index.data(REFUSAL_ROLE) or f"{text.strip()!r} is not accepted")
            self._refused = (editor, text)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if editor is self._committing:
            return  # the model marking its refusal must not wipe what was typed
        if isinstance(editor, QLineEdit) and editor.isModified():
            return  # a change from elsewhere (a table's phone, an undo) keeps what is typed
        super().setEditorData(editor, index)

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.FocusOut and self._holds_refused(editor):
            # A dialog saying why (a full disk) takes the focus: the refused value is not
            # offered again, and the cell is still open, value selected, when it closes.
            return True
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and self.paged:
            step = page_step(event)
            if step and isinstance(editor, QWidget):
                self.paged_in.emit(editor, step)
                return True
        if kind == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
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

    def _holds_refused(self, editor: QObject) -> bool:
        return (
            self._refused is not None
            and self._refused[0] is editor
            and isinstance(editor, QLineEdit)
            and editor.text() == self._refused[1]
        )


class MessageLine(QLabel):
    """The line under a grid: why an entry was refused, or a gentle reminder (which goes as
    soon as it is no longer true: `recheck`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAccessibleName("Message")
        self._holds: Callable[[], bool] | None = None

    def refuse(self, text: str) -> None:
        """Say why an entry was refused, so it cannot be missed."""
        self._holds = None
        self.setStyleSheet("color: #a00000; font-weight: bold;")
        self.setText(f"Not entered: {text}")

    def remind(self, text: str, holds: Callable[[], bool] | None = None) -> None:
        """A reminder that stops nothing; with `holds`, one that lasts only while `holds()`
        says it is still true."""
        self._holds = holds
        self.setStyleSheet("color: #805000;")
        self.setText(text)

    def recheck(self) -> None:
        """Take away a reminder that is no longer true (the grid calls it after each change)."""
        if self._holds is not None and not self._holds():
            self.clear()

    def clear(self) -> None:
        """No message."""
        self._holds = None
        super().clear()


class EntryTable(QTableView):
    """Typing starts editing; Enter moves down to the next editable cell of the same column.

    With `paged`, the page keys emit `turned(step, False)` and Enter on the last row emits
    `turned(1, True)`: the owner shows the next or previous page (and opens a cell if asked).
    """

    refused = Signal(str)
    """The reason a value was refused; the cell stays open with the value selected."""
    turned = Signal(int, bool)
    """(+1 next page or -1 previous page, open a cell on it)."""

    def __init__(self, parent: QWidget | None = None, paged: bool = False) -> None:
        super().__init__(parent)
        self.paged = paged
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)
        delegate = EntryDelegate(self, paged)
        delegate.paged_in.connect(self._page_from_editor)
        self.setItemDelegate(delegate)

    def _take_refusal(self) -> str | None:
        delegate = self.itemDelegate()
        if not isinstance(delegate, EntryDelegate):
            return None
        refusal, delegate.refusal = delegate.refusal, None
        return refusal

    def closeEditor(self, editor: QWidget, hint: QAbstractItemDelegate.EndEditHint) -> None:
        refusal = self._take_refusal()
        edited = self.indexAt(editor.geometry().center())
        here = edited == self.currentIndex()
        if refusal is not None and here and hint != QAbstractItemDelegate.EndEditHint.NoHint:
            self._refuse(editor, refusal)  # Enter or Tab after a refused value: stay
            return
        if refusal is not None:
            self.refused.emit(refusal)  # the cell closes marked (another cell was chosen)
        if hint != QAbstractItemDelegate.EndEditHint.SubmitModelCache:
            super().closeEditor(editor, hint)
            return
        super().closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
        if here:  # not when a click on another cell closed it
            self.edit_next(edited)

    def _refuse(self, editor: QWidget, refusal: str) -> None:
        if isinstance(editor, QLineEdit):
            editor.selectAll()
        editor.setFocus()
        QApplication.beep()
        self.refused.emit(refusal)

    def _page_from_editor(self, editor: QWidget, step: int) -> None:
        """A page key in a cell: enter what was typed, then turn (a refusal stops there)."""
        self.commitData(editor)
        refusal = self._take_refusal()
        if refusal is not None:
            self._refuse(editor, refusal)
            return
        self.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
        self.turned.emit(step, False)

    def edit_next(self, current: QModelIndex) -> None:
        """Move to the next editable cell below `current` and open it (on a paged table,
        past the last row: the next page's)."""
        model = self.model()
        for row in range(current.row() + 1, model.rowCount()):
            candidate = model.index(row, current.column())
            if model.flags(candidate) & Qt.ItemFlag.ItemIsEditable:
                self.setCurrentIndex(candidate)
                self.edit(candidate)
                return
        if self.paged:
            self.turned.emit(1, True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        current = self.currentIndex()
        editing = self.state() == QAbstractItemView.State.EditingState
        if self.paged and not editing and (step := page_step(event)):
            self.turned.emit(step, False)
            return
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and current.isValid()
            and self.model().flags(current) & Qt.ItemFlag.ItemIsEditable
            and not editing
        ):
            self.edit(current)
            return
        super().keyPressEvent(event)
