"""Score entry from the travellers: a grid per round or per tray, tricks for N/S.

Enter commits a cell and moves to the next table; a refused value stays in its cell with the
store's reason. Revokes, irregularities and new deals have their own dialogs (toolbar and
Event menu), acting on the selected row.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from director.errors import DirectorError
from director.gui.context import Changed, EventContext
from director.gui.dialogs.irregularity import IrregularityDialog, Ruling
from director.gui.dialogs.new_deal import NewDealDialog
from director.gui.dialogs.revoke import RevokeDialog
from director.gui.screens.scores.model import COL_NS_TRICKS, ScoreModel, ScoreRow, View, score_rows
from director.gui.widgets.entry_table import EntryTable
from director.gui.widgets.screen import Screen
from director.scoring.awards import Outcome, plays_of
from director.scoring.errors import ScoringError
from director.scoring.model import Revoke
from director.store.values import Result, ResultEntry, StoreError
from schedules.types import Movement

BY_ROUND, BY_TRAY = "By round", "By tray"


class ScoresScreen(Screen):
    """The entry grid and the actions on its selected row."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.movement: Movement | None = None
        self.model = ScoreModel(self._enter, self)
        self.table = EntryTable()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Score entry")
        self.mode = QComboBox()
        self.mode.addItems([BY_ROUND, BY_TRAY])
        self.mode.setToolTip("Enter round by round, or tray by tray from its traveller")
        self.number = QSpinBox(minimum=1, maximum=1)
        self.number.setToolTip("Which round (or tray) the grid shows (PgUp/PgDn in the grid)")
        self.count = QLabel()
        self.note = QLabel()
        self.note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.mode)
        row.addWidget(self.number)
        for text, tip, slot in (
            ("&Revoke…", "Enter the selected table's result with a revoke", self.revoke),
            ("&Irregularity…", "Rule on an irregularity at the selected table", self.irregularity),
            ("New &deal…", "Order a new deal of the selected tray", self.new_deal),
            ("C&lear result", "Delete the selected result (undo restores it)", self.clear),
        ):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            row.addWidget(button)
        row.addStretch()
        row.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.note)
        layout.addWidget(self.table)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.number.valueChanged.connect(self.show_rows)
        self.model.dataChanged.connect(self._count)
        context.changed.connect(self._changed)

    def _changed(self, what: Changed, source: object) -> None:
        if source is not self and what & (Changed.MOVEMENT | Changed.RESULTS):
            self.mark_stale()

    def refresh(self) -> None:
        """Read the movement and results again and show the current view."""
        super().refresh()
        try:
            self.movement = self.context.movement()
        except StoreError as exc:
            self.movement = None
            self.note.setText(f"Nothing to enter yet: {exc}")
            self.model.set_rows([])
            self._count()
            return
        self.note.setText(
            "Type the tricks N/S took from each traveller; E/W are filled in. Enter moves on."
        )
        self._mode_changed()

    def _mode_changed(self) -> None:
        if self.movement is None:
            return
        by_round = self.mode.currentText() == BY_ROUND
        top = self.movement.rounds if by_round else max(self.movement.tray_numbers)
        self.number.blockSignals(True)
        self.number.setRange(1 if by_round else min(self.movement.tray_numbers), top)
        self.number.blockSignals(False)
        self.show_rows()

    def view(self) -> View:
        """The round or tray on view."""
        if self.mode.currentText() == BY_ROUND:
            return View(round=self.number.value())
        return View(tray=self.number.value())

    def show_rows(self) -> None:
        """Fill the grid for the round or tray chosen."""
        if self.movement is None:
            return
        results = self.context.store.results(**self.context.where)
        self.model.set_rows(score_rows(self.movement, results, self.view()))
        self.table.resizeColumnsToContents()
        self.table.setCurrentIndex(self.model.index(0, COL_NS_TRICKS))
        self._count()

    def show_round(self, number: int) -> None:
        """Show one round's grid."""
        self.ensure_fresh()
        self.mode.setCurrentText(BY_ROUND)
        self.number.setValue(number)
        self.show_rows()

    def show_tray(self, number: int) -> None:
        """Show one tray's grid through the rounds."""
        self.ensure_fresh()
        self.mode.setCurrentText(BY_TRAY)
        self.number.setValue(number)
        self.show_rows()

    def _count(self, *_changed: object) -> None:
        entered, expected = self.model.counts()
        self.count.setText(f"{entered} of {expected} entered")

    # -- entering ------------------------------------------------------------------------

    def _store_result(
        self,
        row: ScoreRow,
        ns_tricks: int | None,
        revokes: tuple[Revoke, ...] = (),
    ) -> Result:
        """Record a new result, or correct the stored one (quoting the version last seen)."""
        store = self.context.store
        if row.result is None:
            entry = ResultEntry(
                self.context.session,
                row.round,
                row.table,
                row.tray,
                ns_tricks,
                revokes,
                section=self.context.section,
            )
            return store.record_result(entry)
        return store.correct_result(
            row.result.id,
            row.result.version,
            ns_tricks=ns_tricks,
            revokes=revokes,
        )

    def _enter(self, row: ScoreRow, ns_tricks: int) -> ScoreRow:
        revokes = row.result.revokes if row.result else ()
        result = self.context.enter(
            Changed.RESULTS, lambda: self._store_result(row, ns_tricks, revokes), self
        )
        return ScoreRow(row.round, row.table, row.tray, row.ns, row.ew, result)

    def enter_tricks(self, line: int, ns_tricks: int) -> bool:
        """Enter `ns_tricks` in the grid's row `line`, as typing it would."""
        return self.model.setData(self.model.index(line, COL_NS_TRICKS), str(ns_tricks))

    def selected_row(self) -> ScoreRow | None:
        """The row of the grid's current cell."""
        index = self.table.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    @staticmethod
    def where(row: ScoreRow) -> str:
        """ "tray 3, table 2, round 1" for dialog titles."""
        return f"tray {row.tray}, table {row.table}, round {row.round}"

    def revoke(self) -> None:
        """Enter the selected table's result with a revoke."""
        row = self.selected_row()
        if row is None:
            return
        made = row.result.ns_tricks if row.result else None
        dialog = RevokeDialog(self.where(row), made, self)
        if not dialog.exec():
            return
        ns_tricks, revoke = dialog.result_entered()
        self.context.apply(
            Changed.RESULTS, lambda: self._store_result(row, ns_tricks, (revoke,)), self
        )

    def irregularity(self) -> None:
        """Rule on an irregularity at the selected table, then apply the award."""
        row = self.selected_row()
        if row is None or self.movement is None:
            return
        dialog = IrregularityDialog(
            self.where(row), plays_of(self.movement, row.tray), self.movement.mnemonic, self
        )
        if dialog.exec():
            ruling = dialog.ruling()
            self.context.apply(
                Changed.RESULTS | Changed.SLIPS, lambda: self.apply_ruling(row, ruling), self
            )

    def apply_ruling(self, row: ScoreRow, ruling: Ruling) -> None:
        """Record the irregularity (scoring applies its average) with the new deal the laws
        call for, as one step; one the laws do not give (a law of the overplay at the original
        play, a wrong trump equal to the slip's, ...) is refused whole, with its reason."""
        new_deal = None
        if ruling.outcome is Outcome.NEW_DEAL:
            new_deal = ruling.detail or f"{ruling.kind.value}: {ruling.outcome.value}"
        try:
            self.context.store.record_irregularity(
                round=row.round,
                table=row.table,
                tray=row.tray,
                kind=ruling.kind,
                table_trump=ruling.table_trump,
                detail=ruling.detail,
                new_deal=new_deal,
                **self.context.where,
            )
        except ScoringError as exc:
            raise DirectorError(f"Not recorded: {exc}") from None

    def new_deal(self) -> None:
        """Order a new deal of the selected tray (asks which, and why)."""
        if self.movement is None:
            return
        row = self.selected_row()
        dialog = NewDealDialog(self.movement.tray_numbers, row.tray if row else None, self)
        if dialog.exec():
            tray, why = dialog.tray.value(), dialog.why.text().strip()
            store = self.context.store
            self.context.apply(
                Changed.RESULTS | Changed.SLIPS,
                lambda: store.order_new_deal(tray, why, **self.context.where),
                self,
            )

    def clear(self) -> None:
        """Delete the selected result after confirmation."""
        row = self.selected_row()
        if row is None or row.result is None:
            return
        answer = QMessageBox.question(
            self, "Clear result", f"Delete the result of {self.where(row)}? Undo restores it."
        )
        if answer == QMessageBox.StandardButton.Yes:
            result = row.result
            store = self.context.store
            self.context.apply(
                Changed.RESULTS, lambda: store.delete_result(result.id, result.version), self
            )
