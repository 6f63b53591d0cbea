"""The drive's hands: the tables of the hand under way with who sits where, each table's
result typed in its row ("N 8", Enter goes down), revokes, late arrivals and leavers, and,
once a hand is in, where everyone moves for the next (docs/drive.md).

Each result is one store call, saved as it is typed; the seating shown is the store's replay
of the moving rule, never kept apart from it. When the last table of the hand under way is in,
the grid goes on to the next hand, its first row ready for typing, with the moves beside it.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

from director.evening.drive_progress import DriveProgress, drive_progress, held_drive
from director.gui.context import Changed, EventContext
from director.gui.dialogs.drive_calls import DriveChangeDialog, DriveRevokeDialog
from director.gui.screens.drive.model import COL_RESULT, HandModel, moves_model, table_rows
from director.gui.widgets.entry_table import EntryTable, MessageLine
from director.gui.widgets.panes import bar_over_panes, column
from director.gui.widgets.screen import Screen
from director.store import drive_play
from director.store.drive_play import DriveRecord
from schedules.progressive import Field, Side

FOLLOWS = Changed.RESULTS | Changed.PLAYERS | Changed.EVENT | Changed.MOVEMENT


def hand_heading(record: DriveRecord, hand: int) -> str:
    """ "Hand 3 of 24, trumps diamonds, first half"."""
    settings = record.settings
    trump = settings.trump(hand)
    half = (hand - 1) // settings.hands_per_half + 1
    halves = ("first", "second", "third", "fourth")
    said = f"Hand {hand} of {settings.hands}, "
    said += f"trumps {trump}" if trump else "trumps turned by each dealer"
    if settings.halves > 1:
        said += f", {halves[half - 1] if half <= len(halves) else str(half)} half"
    return said


class DriveScreen(Screen):
    """Enter each table's hand and see the moves."""

    startAsked = Signal()
    """The director asked to start the drive (the event holds none yet)."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.record: DriveRecord | None = None
        self.progress: DriveProgress | None = None
        self.hand = 1
        """The hand on view."""
        self.following = True
        """The hand on view follows the hand under way (off while the director looks back)."""
        self.heading = QLabel()
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.heading.setFont(font)
        self.start_button = QPushButton("&Start the drive…")
        self.start_button.clicked.connect(self.startAsked)
        self.hand_box = QSpinBox()
        self.hand_box.setRange(1, 1)
        hand_label = QLabel("Loo&k at hand:")
        hand_label.setBuddy(self.hand_box)
        self.hand_box.valueChanged.connect(self._look_at)
        self.model = HandModel(self._enter, self)
        self.table = EntryTable()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.message = MessageLine()
        self.table.refused.connect(self.message.refuse)
        self.revoke_button = QPushButton("&Revoke…")
        self.revoke_button.setToolTip("A revoke at the selected table: the house penalty")
        self.revoke_button.clicked.connect(self.revoke)
        self.arrive_button = QPushButton("Late &arrival…")
        self.arrive_button.clicked.connect(self.arrival)
        self.leave_button = QPushButton("Player &leaving…")
        self.leave_button.clicked.connect(self.leaver)
        self.moves_title = QLabel()
        self.moves_view = QTableView()
        self.moves_view.verticalHeader().hide()
        self.moves_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.moves_view.horizontalHeader().setStretchLastSection(True)
        # where a player goes takes the pane's width left, on two lines where it must, so
        # no line is cut or needs the pane scrolled sideways to be read out
        rows = self.moves_view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        rows.setMinimumSectionSize(rows.defaultSectionSize())  # as tall as the grid's rows

        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.start_button)
        top.addWidget(hand_label)
        top.addWidget(self.hand_box)
        calls = QHBoxLayout()
        for button in (self.revoke_button, self.arrive_button, self.leave_button):
            calls.addWidget(button)
        calls.addStretch(1)
        left = column(self.table, self.message, calls, stretch=self.table)
        bar_over_panes(self, top, left, self.moves_title, self.moves_view)
        context.changed.connect(self._changed)

    def _changed(self, what: Changed, source: QObject | None) -> None:
        if what & FOLLOWS and source is not self.model:
            self.mark_stale()

    # -- reading ----------------------------------------------------------------------

    def refresh(self) -> None:
        super().refresh()
        self.record = held_drive(self.context.store)
        started = self.record is not None
        self.start_button.setVisible(not started)
        for control in (self.hand_box, self.table, self.revoke_button):
            control.setEnabled(started)
        for button in (self.arrive_button, self.leave_button):
            button.setEnabled(started)
        if self.record is None:
            self.heading.setText("No drive yet: enter the players, then start the drive")
            self.model.set_rows([])
            self.moves_view.setModel(moves_model((), self))
            self.moves_title.clear()
            return
        self.progress = drive_progress(self.record)
        if self.following or self.hand > self.progress.hand:
            self.hand = self.progress.hand
            self.following = True
        self.hand_box.blockSignals(True)
        self.hand_box.setRange(1, self.progress.hand)
        self.hand_box.setValue(self.hand)
        self.hand_box.blockSignals(False)
        self._show_hand()

    def _show_hand(self) -> None:
        assert self.record is not None
        assert self.progress is not None
        seating = drive_play.seatings(self.record)[self.hand - 1]
        rows = table_rows(self.record, seating, self.hand)
        if self.model.update_rows(rows, key=lambda r: r.table) is None:
            self.model.set_rows(rows)
        said = hand_heading(self.record, self.hand)
        if self.hand == self.progress.hand and self.progress.waiting:
            waiting = self.progress.waiting
            said += f": waiting for table{'s' if len(waiting) > 1 else ''} "
            said += ", ".join(map(str, waiting))
        elif self.progress.finished and self.hand == self.progress.hand:
            said += ": the drive is over"
        self.heading.setText(said)
        self._show_moves()

    def _show_moves(self) -> None:
        """The moves after the last hand wholly in up to the one on view."""
        assert self.record is not None
        assert self.progress is not None
        done = self.hand if self.hand <= self.progress.complete else self.hand - 1
        if done < 1 or done >= self.record.settings.hands:
            self.moves_view.setModel(moves_model((), self))
            self.moves_title.setText("" if done < 1 else "The drive is over: no more moves")
            return
        moves = self.context.store.drive_moves(done)
        self.moves_view.setModel(moves_model(moves, self))
        for number in range(self.moves_view.model().columnCount() - 1):
            self.moves_view.resizeColumnToContents(number)
        self.moves_title.setText(f"Moves after hand {done}, for hand {done + 1}:")

    def _look_at(self, hand: int) -> None:
        assert self.progress is not None
        self.hand = hand
        self.following = hand == self.progress.hand
        self._show_hand()

    def start_typing(self) -> None:
        """The keyboard to the first table still to enter the hand on view."""
        waiting = (
            set(self.progress.waiting)
            if self.progress and self.hand == self.progress.hand
            else set()
        )
        rows = self.model.rows()
        row = next((n for n, r in enumerate(rows) if r.table in waiting), 0)
        if rows:
            self.table.setCurrentIndex(self.model.index(row, COL_RESULT))
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- entering ---------------------------------------------------------------------

    def _enter(self, table: int, winners: Side, tricks: int) -> None:
        store, hand = self.context.store, self.hand
        self.context.enter(
            Changed.RESULTS,
            lambda: store.enter_drive_hand(hand, table, winners, tricks),
            self.model,
        )
        self.message.clear()
        before = self.progress
        self.record = held_drive(store)
        assert self.record is not None
        self.progress = drive_progress(self.record)
        if before is not None and self.progress.hand > before.hand and self.following:
            # the hand is in: go on to the next once the editor has closed
            QTimer.singleShot(0, self._next_hand)
            return
        self._show_hand()

    def _next_hand(self) -> None:
        done = self.hand
        self.refresh()
        self.start_typing()
        self.show_message(f"Hand {done} is in: the moves are beside the grid.", 8000)

    def _current_table(self) -> int:
        index: QModelIndex = self.table.currentIndex()
        return self.model.row(index.row()).table if index.isValid() else 1

    def revoke(self) -> None:
        """A revoke at a table of the hand on view: the house penalty, with its reason."""
        if self.record is None:
            return
        entered = [r.table for r in self.model.rows() if r.entry is not None]
        if not entered:
            self.message.refuse(f"no table has entered hand {self.hand} yet")
            return
        dialog = DriveRevokeDialog(
            self.hand, entered, self._current_table(), self.record.settings.revoke_penalty, self
        )
        if not dialog.exec():
            return
        store, hand = self.context.store, self.hand
        table, side = dialog.table.currentData(), dialog.offenders.currentData()
        reason = dialog.reason.text()
        self.context.apply(
            Changed.RESULTS,
            lambda: store.record_drive_penalty(hand, table, side, reason),
            self,
        )

    def _change_hands(self) -> tuple[int, int]:
        """The first hand a change can start from (none entered yet) and the last."""
        assert self.record is not None
        assert self.progress is not None
        under_way = self.progress.hand
        first = under_way + 1 if self.record.entries_of(under_way) else under_way
        return max(2, first), self.record.settings.hands

    def arrival(self) -> None:
        """Seat a player from the roster who was not here at the start."""
        if self.record is None:
            return
        seated = set(self.record.roles) | self.record.first.players()
        waiting = [p.name for p in self.context.store.players() if p.name not in seated]
        by_seat = self.record.settings.field is Field.BY_SEAT
        dialog = DriveChangeDialog(True, waiting, self._change_hands(), by_seat, self)
        if not dialog.exec():
            return
        store, player, hand, role = (
            self.context.store,
            dialog.player.currentText(),
            dialog.from_hand.value(),
            dialog.role(),
        )
        if self.context.apply(
            Changed.RESULTS, lambda: store.drive_arrival(player, hand, role), self
        ):
            self.show_message(f"{player} plays from hand {hand}.", 8000)

    def leaver(self) -> None:
        """Empty a player's seat from a hand on."""
        if self.record is None or self.progress is None:
            return
        seating = drive_play.seatings(self.record)[-1]
        players = sorted(seating.players())
        dialog = DriveChangeDialog(False, players, self._change_hands(), False, self)
        if not dialog.exec():
            return
        store, player, hand = (
            self.context.store,
            dialog.player.currentText(),
            dialog.from_hand.value(),
        )
        if self.context.apply(Changed.RESULTS, lambda: store.drive_leaver(player, hand), self):
            self.show_message(f"{player} leaves before hand {hand}.", 8000)
