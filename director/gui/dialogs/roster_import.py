"""Import a roster: a preview of the file with the field each column holds, chosen per column,
and every line that would be refused, with its number and reason, before anything is stored."""

from __future__ import annotations

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.errors import DirectorError
from director.gui.widgets.buttons import ok_cancel
from director.store.roster import FIELDS, Layout, Roster, RosterFile

PREVIEW_ROWS = 200
"""Lines shown in the preview; every refused line is listed below it whatever its number."""
REFUSED = QColor("#f6d0d0")


class RosterImportDialog(QDialog):
    """Shows a roster file's cells under a field chooser per column; OK imports it as read."""

    def __init__(self, cells: RosterFile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import roster")
        self.cells = cells
        guess = cells.guess()
        self.source = QLabel(f"{cells.source} (read as {cells.encoding} text)")
        self.header = QCheckBox("The first line names the columns")
        self.header.setChecked(bool(guess.header))
        self.columns: list[QComboBox] = []
        choosers = QGridLayout()
        for number, chosen in enumerate(guess.fields):
            combo = QComboBox()
            combo.addItem("(leave out)", None)
            for key, words in FIELDS.items():
                combo.addItem(words, key)
            combo.setCurrentIndex(combo.findData(chosen))
            combo.setAccessibleName(f"Column {number + 1} holds")
            combo.currentIndexChanged.connect(self._update)
            choosers.addWidget(QLabel(f"Column {number + 1}:"), number // 4, 2 * (number % 4))
            choosers.addWidget(combo, number // 4, 2 * (number % 4) + 1)
            self.columns.append(combo)
        self.preview = QTableWidget(min(len(cells.records), PREVIEW_ROWS), cells.width)
        self.preview.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.preview.setAccessibleName("Roster preview")
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.refusals = QPlainTextEdit()
        self.refusals.setReadOnly(True)
        self.refusals.setAccessibleName("Refused lines")
        self.refusals.setMaximumHeight(120)
        self.buttons = ok_cancel()
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.source)
        layout.addWidget(self.header)
        layout.addLayout(choosers)
        layout.addWidget(self.preview)
        layout.addWidget(self.reason)
        layout.addWidget(self.refusals)
        layout.addWidget(self.buttons)
        self.header.toggled.connect(self._update)
        self._fill_preview()
        self._update()
        self.resize(760, 560)

    def _fill_preview(self) -> None:
        for row, (line, record) in enumerate(self.cells.records[:PREVIEW_ROWS]):
            self.preview.setVerticalHeaderItem(row, QTableWidgetItem(str(line)))
            for column, text in enumerate(record):
                self.preview.setItem(row, column, QTableWidgetItem(text))

    def choice(self) -> Layout:
        """The layout chosen: the header box and each column's field."""
        return Layout(self.header.isChecked(), tuple(c.currentData() for c in self.columns))

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            read = self.cells.read(self.choice())
        except DirectorError as exc:
            self._show(None, str(exc))
            ok.setEnabled(False)
            return
        refused = {r.line: r.reason for r in read.refused}
        self._show(refused, self._counts(read))
        self.refusals.setPlainText("\n".join(str(r) for r in read.refused))
        self.refusals.setVisible(bool(read.refused))
        ok.setEnabled(bool(read.rows) and not read.refused)
        ok.setText(f"&Import {len(read.rows)} players" if read.rows else "&Import")

    @staticmethod
    def _counts(read: Roster) -> str:
        formed = f" and {len(read.formed)} {_kind(read)}" if read.formed else ""
        if not read.refused:
            return f"{len(read.rows)} players{formed} will be added."
        lines = "1 line is" if len(read.refused) == 1 else f"{len(read.refused)} lines are"
        return (
            f"{lines} refused (below), so nothing can be imported yet: correct them in the"
            " spreadsheet, or choose what the columns hold."
        )

    def _show(self, refused: dict[int, str] | None, summary: str) -> None:
        """Tint the refused lines and name the header row; say what would be imported."""
        header_line = self.cells.records[0][0] if self.header.isChecked() else None
        for row, (line, _) in enumerate(self.cells.records[:PREVIEW_ROWS]):
            reason = (refused or {}).get(line)
            for column in range(self.cells.width):
                item = self.preview.item(row, column)
                if item is None:
                    item = QTableWidgetItem("")
                    self.preview.setItem(row, column, item)
                item.setBackground(QBrush(REFUSED) if reason else QBrush())
                item.setToolTip(reason or "")
                font = item.font()
                font.setItalic(line == header_line)
                item.setFont(font)
        titles = [c.currentText() if c.currentData() else "—" for c in self.columns]
        self.preview.setHorizontalHeaderLabels(titles)
        self.reason.setText(summary)
        fine = refused is not None and not refused
        self.reason.setStyleSheet("" if fine else "color: #a00;")


def _kind(read: Roster) -> str:
    kind = read.formed[0].kind
    return f"{kind}s" if len(read.formed) > 1 else kind
