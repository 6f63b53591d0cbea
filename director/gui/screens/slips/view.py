"""The trump-slip screen: after a round, copy each tray's trump from its returned slip."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from director.gui.context import Changed, EventContext
from director.gui.screens.slips.model import (
    COL_TRUMP,
    SlipModel,
    SlipRow,
    first_without_slip,
    slip_rows,
)
from director.gui.widgets.entry_table import EntryTable, MessageLine
from director.gui.widgets.screen import Screen
from director.store.values import SUITS, StoreError


class SlipsScreen(Screen):
    """A grid by tray; or, when the event declared one trump suit, a note saying so."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.model = SlipModel(self._record, self)
        self.table = EntryTable()
        self.focus_on_show = self.table
        self.table.setModel(self.model)
        self.table.setAccessibleName("Trump slips by tray")
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.count = QLabel()
        self.message = MessageLine()
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.table)
        layout.addWidget(self.message)
        layout.addWidget(self.count)
        self.model.dataChanged.connect(self._count)
        self.table.refused.connect(self.message.refuse)
        context.changed.connect(self._changed)

    def _changed(self, what: Changed, source: object) -> None:
        if source is not self and what & (Changed.MOVEMENT | Changed.SLIPS | Changed.EVENT):
            self.mark_stale()

    def refresh(self) -> None:
        """Read the movement's trays, their current deals and slips again."""
        super().refresh()
        store, where = self.context.store, self.context.where
        declared = store.info().settings.declared_trump
        try:
            movement = self.context.movement()
        except StoreError as exc:
            self.model.set_rows([])
            self.note.setText(f"No trays yet: {exc}")
            self._count()
            return
        rows = slip_rows(movement, store.deals(**where), store.slips(**where))
        self.model.set_rows(rows)
        self.table.setCurrentIndex(self.model.index(first_without_slip(rows), COL_TRUMP))
        self.table.setEnabled(declared is None)
        if declared:
            self.note.setText(
                f"Trump declared for every tray: {SUITS[declared]} (Law IV Sec.11, by unanimous "
                "consent). No slips are kept."
            )
        else:
            self.note.setText(
                "Type each tray's trump card as written on its returned slip (QH, 10S, 2C); "
                "Enter moves to the next tray. The trump is recorded nowhere else."
            )
        self.table.resizeColumnsToContents()
        self._count()

    def _record(self, row: SlipRow, text: str) -> SlipRow:
        store = self.context.store
        slip = self.context.enter(
            Changed.SLIPS,
            lambda: store.record_slip(row.tray.number, text, **self.context.where),
            self,
        )
        self.message.clear()
        return SlipRow(row.tray, slip.version, slip)

    def _count(self, *_changed: object) -> None:
        rows = self.model.rows()
        entered = sum(r.slip is not None for r in rows)
        self.count.setText(f"{entered} of {len(rows)} slips entered")
