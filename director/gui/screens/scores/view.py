"""Score entry from the travellers: a grid per round or per tray, tricks for N/S.

Enter commits a cell and moves to the next table, and from the last table to the next round;
PageDown / PageUp (Ctrl+Right / Ctrl+Left) turn the rounds. A refused value stays in its cell,
selected, with the reason in the message line under the grid. The overview above the grid
shows which tables of which round are in. Revokes, irregularities and new deals have their own
dialogs (toolbar and Event menu), acting on the selected row; the keyboard comes back to the
grid after each. While the tables enter from their phones, what they call the director about
waits in a list above the grid (`calls`). A change from elsewhere (a table's entry, an undo)
repaints only the rows it changed, at once, and a cell being typed stays open as typed; only a
change of the rows themselves (a repair) waits until the cell is left, so nothing typed is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import wraps

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
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
from director.gui.screens.scores.calls import CallsPanel, disputes, waiting
from director.gui.screens.scores.model import (
    COL_NS_TRICKS,
    Rulings,
    ScoreModel,
    ScoreRow,
    View,
    first_missing,
    records_disagree,
    score_rows,
)
from director.gui.screens.scores.overview import Progress, RoundOverview
from director.gui.widgets.entry_table import EntryTable, MessageLine
from director.gui.widgets.screen import Screen
from director.gui.widgets.steady_label import SteadyLabel
from director.scoring.awards import Outcome, plays_of
from director.scoring.errors import ScoringError
from director.scoring.model import TRICKS, Revoke
from director.store.table_values import TableCall
from director.store.values import Result, ResultEntry, StoreError
from schedules.types import Movement

BY_ROUND, BY_TRAY = "By round", "By tray"


def _names(row: ScoreRow) -> tuple[str, str]:
    return row.ns_names, row.ew_names


def back_to_grid(action: Callable[[ScoresScreen], None]) -> Callable[[ScoresScreen], None]:
    """An action through a dialog leaves the keyboard in the grid, whatever the answer."""

    @wraps(action)
    def run(screen: ScoresScreen) -> None:
        try:
            action(screen)
        finally:
            if QApplication.activeWindow() is None:
                screen.window().activateWindow()  # where no window manager gives it back
            screen.table.setFocus()

    return run


class ScoresScreen(Screen):
    """The entry grid and the actions on its selected row."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.movement: Movement | None = None
        self.rulings = Rulings({})
        self.slipped: set[int] | None = set()
        """Trays whose counting deal has its trump slip (None: no slips are kept)."""
        self.model = ScoreModel(self._enter, self, enter_ew=self._enter_ew)
        self.table = EntryTable(paged=True)
        self.focus_on_show = self.table
        self.table.setModel(self.model)
        self.table.setAccessibleName("Score entry")
        self.table.setWordWrap(False)
        self.overview = RoundOverview()
        self.progress = Progress()
        self.calls = CallsPanel()
        self.calls.read_only = context.store.read_only
        self._calls: tuple[TableCall, ...] = ()
        self._disagreeing: dict[tuple[int, int, int], Result] = {}
        """The section's results whose records disagree, by (round, table, tray)."""
        self.message = MessageLine()
        self.mode = QComboBox()
        self.mode.addItems([BY_ROUND, BY_TRAY])
        self.mode.setToolTip("Enter round by round, or tray by tray from its traveller")
        self.number = QSpinBox(minimum=1, maximum=1)
        self.number.setToolTip(
            "Which round (or tray) the grid shows (PageDown / PageUp in the grid)"
        )
        self.count = SteadyLabel(wrap=False)  # changes at every result: no new layout
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
        layout.addWidget(self.calls)
        layout.addWidget(self.overview)
        layout.addWidget(self.table)
        layout.addWidget(self.message)
        self._shown: View | None = None
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.number.valueChanged.connect(self.show_rows)
        self.model.dataChanged.connect(self._count)
        self.table.turned.connect(self.turn)
        self.table.refused.connect(self.message.refuse)
        self.overview.chosen.connect(self._round_clicked)
        self.calls.chosen.connect(self.show_play)
        self.calls.settled.connect(self.settle_call)
        self.table.itemDelegate().closeEditor.connect(self._editor_closed)
        context.changed.connect(self._changed)

    def _changed(self, what: Changed, source: object) -> None:
        shown = Changed.MOVEMENT | Changed.RESULTS | Changed.SLIPS | Changed.PLAYERS | Changed.EVENT
        if source is not self and what & shown:
            self.mark_stale()  # a cell being typed stays open as typed (`show_rows`)

    def _editor_closed(self, *_args: object) -> None:
        # after the grid has moved on to its next cell (Enter opens it)
        QTimer.singleShot(0, self._catch_up)

    def _catch_up(self) -> None:
        if self.stale and self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Read the movement, names, slips, rulings and results again; show the same view."""
        super().refresh()
        store, where = self.context.store, self.context.where
        try:
            self.movement = self.context.movement()
        except StoreError as exc:
            self.movement = None
            self.note.setText(f"Nothing to enter yet: {exc}")
            self.model.set_rows([])
            self.overview.show_progress(Progress())
            self._count()
            return
        self.note.setText(
            "Type the tricks N/S took from each traveller; E/W are filled in (type E/W's own "
            "figure only when their record disagrees). Enter moves on, PageDown to the next round."
        )
        self.rulings = Rulings(
            store.printed_names(),
            store.deals(**where),
            store.irregularities(**where),
        )
        declared = store.info().settings.declared_trump is not None
        self.slipped = None if declared else {s.tray for s in store.slips(**where)}
        self.progress = Progress(self.movement)
        self.overview.show_progress(self.progress)
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
        """Fill the grid for the round or tray chosen: the same cell as before if the view is
        the same, else the first result still missing. The keyboard stays in the grid."""
        if self.movement is None:
            return
        in_grid = self._in_grid(QApplication.focusWidget())
        view, before = self.view(), self.table.currentIndex()
        store, where = self.context.store, self.context.where
        results = store.results(**where)
        rows = score_rows(self.movement, results, view, self.rulings)
        shown = self.model.rows()
        changed = self.model.update_rows(rows, ScoreModel.key) if view == self._shown else None
        if changed is not None:  # the same rows: repainted where they changed (an undo)
            if any(_names(rows[n]) != _names(shown[n]) for n in changed):
                self.table.resizeColumnsToContents()  # a renamed player shows whole
        elif view == self._shown and self.table.state() == QAbstractItemView.State.EditingState:
            self.stale = True  # other rows of this view (a repair): after the cell is left
            return
        else:
            self.model.set_rows(rows)
            self.table.resizeColumnsToContents()
            if view == self._shown and before.isValid():
                line, column = min(before.row(), len(rows) - 1), before.column()
            else:
                line, column = first_missing(rows), COL_NS_TRICKS
            self._shown = view
            self.table.setCurrentIndex(self.model.index(line, column))
            self.overview.mark_current(view.round or 0)
        self.progress.set_entered((r.round, r.table, r.tray) for r in results)
        self._calls = store.table_calls(**where)
        self._disagreeing = {(r.round, r.table, r.tray): r for r in results if records_disagree(r)}
        self._show_waiting()
        self._count()
        self.message.recheck()
        if in_grid and self.isVisible() and not self._in_grid(QApplication.focusWidget(), False):
            self.table.setFocus()  # an open cell keeps the keyboard

    def _in_grid(self, focus: QWidget | None, nowhere: bool = True) -> bool:
        """Whether the keyboard is in the grid or one of its cells (or, with `nowhere`, in no
        widget at all)."""
        if focus is None:
            return nowhere
        return focus is self.table or self.table.isAncestorOf(focus)

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

    def turn(self, step: int, edit: bool = False) -> None:
        """Show the next (`step` 1) or previous (-1) round or tray; with `edit`, open the
        first cell still to enter there (Enter on the last row goes on typing)."""
        target = self.number.value() + step
        if not self.number.minimum() <= target <= self.number.maximum():
            what = "round" if self.mode.currentText() == BY_ROUND else "tray"
            here = self.view()
            self.message.remind(
                f"This is the {'last' if step > 0 else 'first'} {what}.",
                lambda: self.view() == here,
            )
            self.table.setFocus()
            return
        self.number.setValue(target)
        self.table.setFocus()
        if edit:
            self.table.edit(self.table.currentIndex())

    def show_play(self, round_no: int, table: int, tray: int) -> None:
        """Show a round's grid on the row of one table's tray, the keyboard there."""
        self.show_round(round_no)
        line = next(
            (
                n
                for n, row in enumerate(self.model.rows())
                if (row.table, row.tray) == (table, tray)
            ),
            0,
        )
        self.table.setCurrentIndex(self.model.index(line, COL_NS_TRICKS))
        self.table.setFocus()

    def _show_waiting(self, rounds: set[int] | None = None) -> None:
        """Show what waits for the director in the list and, as disputed, in the overview;
        repaint the overview's rows of `rounds` (every round by default) and of the rounds
        whose disputes changed."""
        items = waiting(self._calls, self._disagreeing.values())
        self.calls.show_items(items)
        disputed = self.progress.set_disputes(disputes(items))
        self.overview.overview.changed(None if rounds is None else rounds | disputed)

    def settle_call(self, call_id: int) -> None:
        """Mark a table's call ruled on; the keyboard stays in the list while more wait."""
        store = self.context.store
        self.context.apply(Changed.RESULTS, lambda: store.settle_table_call(call_id), self)
        (self.calls.list if self.calls.isVisible() else self.table).setFocus()

    def _round_clicked(self, number: int) -> None:
        self.show_round(number)
        self.table.setFocus()

    def _count(self, *_changed: object) -> None:
        entered, expected = self.model.counts()
        self.count.setText(f"{entered} of {expected} entered")

    # -- entering ------------------------------------------------------------------------

    def _store_result(
        self,
        row: ScoreRow,
        ns_tricks: int | None,
        revokes: tuple[Revoke, ...] = (),
        ew_record: int | None = None,
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
                ew_record=ew_record,
                section=self.context.section,
            )
            return store.record_result(entry)
        return store.correct_result(
            row.result.id,
            row.result.version,
            ns_tricks=ns_tricks,
            revokes=revokes,
            ew_record=ew_record,
        )

    def _enter(self, row: ScoreRow, ns_tricks: int) -> ScoreRow:
        """N/S's tricks typed: a new result, or a correction keeping its revokes and E/W's
        own record."""
        kept = row.result
        revokes, ew_record = (kept.revokes, kept.ew_record) if kept else ((), None)
        return self._entered(row, lambda: self._store_result(row, ns_tricks, revokes, ew_record))

    def _enter_ew(self, row: ScoreRow, ew_tricks: int) -> ScoreRow:
        """E/W's figure typed: with no result yet, N/S took the rest; against N/S's figure, it
        is E/W's own record (cleared again when it agrees)."""
        kept = row.result
        if kept is None:
            if not 0 <= ew_tricks <= TRICKS:
                raise DirectorError(f"E/W tricks must be 0 to 13, not {ew_tricks}")
            return self._entered(row, lambda: self._store_result(row, TRICKS - ew_tricks))
        if kept.ns_tricks is None:
            raise DirectorError(
                "this deal was not played at this table (it has awards): type N/S's tricks "
                "first if it was played after all"
            )
        record = None if kept.ns_tricks + ew_tricks == TRICKS else ew_tricks
        return self._entered(
            row, lambda: self._store_result(row, kept.ns_tricks, kept.revokes, record)
        )

    def _entered(self, row: ScoreRow, work: Callable[[], Result]) -> ScoreRow:
        """Store an entry from the grid; keep the overview and the message line up to date."""
        result = self.context.enter(Changed.RESULTS, work, self)
        play = (row.round, row.table, row.tray)
        done = self.progress.tables_in(row.round)[0]
        self.progress.add(play)
        if records_disagree(result):
            self._disagreeing[play] = result
        else:
            self._disagreeing.pop(play, None)
        self._show_waiting(set())  # the rounds whose disputes changed
        self.overview.overview.changed_at(row.round, row.table, done)
        self._remind(row)
        return replace(row, result=result)

    def _remind(self, row: ScoreRow) -> None:
        """A gentle word when the tray's trump slip is still to be copied."""
        if self.slipped is None or row.tray in self.slipped:
            if self.message.text():  # a label cleared lays the whole window out again
                self.message.clear()
            return
        self.message.remind(
            f"Reminder: tray {row.tray} has no trump slip entered yet. Copy it on the Trump "
            "slips screen when you have it.",
            lambda: self.slipped is not None and row.tray not in self.slipped,
        )

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

    @back_to_grid
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
        # The ruling states the tricks as made: a record E/W gave before it (a phone's) no
        # longer stands against it, or the grid would call the director to a settled dispute.
        self.context.apply(
            Changed.RESULTS,
            lambda: self._store_result(row, ns_tricks, (revoke,)),
            self,
        )

    @back_to_grid
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

    @back_to_grid
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

    @back_to_grid
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
