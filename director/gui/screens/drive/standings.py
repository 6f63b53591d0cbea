"""The drive's standings and prizes, live after every hand: the standings after every hand in
(or at half time), and each prize in words with how a tie for it was broken
(docs/drive.md#prizes-and-ties)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QTableView,
    QWidget,
)

from director.evening.drive_progress import drive_progress, held_drive
from director.gui.context import Changed, EventContext
from director.gui.screens.drive.model import standing_rows, standings_model
from director.gui.widgets.panes import bar_over_panes
from director.gui.widgets.screen import Screen

FOLLOWS = Changed.RESULTS | Changed.PLAYERS | Changed.EVENT | Changed.MOVEMENT
ALL_IN, HALF_TIME = "all", "half"


class DriveStandingsScreen(Screen):
    """Standings and prizes of the drive so far."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.after = QComboBox()
        self.after.addItem("every hand in", ALL_IN)
        self.after.addItem("half time", HALF_TIME)
        label = QLabel("Standings &after:")
        label.setBuddy(self.after)
        self.after.currentIndexChanged.connect(self.refresh)
        self.heading = QLabel()
        self.model = standings_model(self)
        self.standings_view = QTableView()
        self.standings_view.setModel(self.model)
        self.standings_view.verticalHeader().hide()
        self.standings_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.standings_view.horizontalHeader().setStretchLastSection(True)
        self.prizes = QListWidget()
        self.prizes.setWordWrap(True)
        self.prizes_title = QLabel("Prizes")
        top = QHBoxLayout()
        top.addWidget(label)
        top.addWidget(self.after)
        top.addWidget(self.heading, 1)
        bar_over_panes(self, top, self.standings_view, self.prizes_title, self.prizes)
        context.changed.connect(self._changed)

    def _changed(self, what: Changed, _source: QObject | None) -> None:
        if what & FOLLOWS:
            self.mark_stale()

    def refresh(self) -> None:
        super().refresh()
        store = self.context.store
        record = held_drive(store)
        self.prizes.clear()
        if record is None:
            self.model.set_rows([])
            self.heading.setText("No drive yet.")
            return
        complete = drive_progress(record).complete
        half = record.settings.hands_per_half
        at_half = self.after.currentData() == HALF_TIME
        if at_half and complete < half:
            self.model.set_rows([])
            self.heading.setText(f"Half time comes after hand {half}; {complete} hands are in.")
        else:
            table = store.drive_standings(half if at_half else None)
            self.model.set_rows(standing_rows(table, dict(record.roles)))
            self.standings_view.resizeColumnsToContents()
            after = half if at_half else complete
            self.heading.setText(
                f"After hand {after} of {record.settings.hands}" if after else "No hand is in yet."
            )
        if complete:
            self.prizes.addItems([prize.words for prize in store.drive_prizes()])
        over = complete == record.settings.hands
        self.prizes_title.setText(
            "Prizes" if over else f"Prizes if the drive ended after hand {complete}"
        )
