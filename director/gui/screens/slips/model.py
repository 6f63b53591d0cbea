"""The trump-slip grid: one row per tray (its current deal), the trump card editable.

The trump is entered once per tray from the returned slip (docs/laws.md#the-trump-slip);
the store checks the card, and a refused entry stays in its cell with the reason
(`REFUSAL_ROLE`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt

from director.errors import DirectorError
from director.gui.tablemodel import Column, Index, RowsModel
from director.gui.widgets.entry_table import REFUSAL_ROLE
from director.store.values import Card, DealVersion, TrumpSlip
from schedules.types import Movement, Tray


@dataclass(frozen=True, slots=True)
class SlipRow:
    """A tray, its current deal version and the slip entered for it (if any)."""

    tray: Tray
    version: int
    slip: TrumpSlip | None


def slip_rows(
    movement: Movement, deals: Sequence[DealVersion], slips: Sequence[TrumpSlip]
) -> list[SlipRow]:
    """One row per tray: its counting deal and that deal's slip."""
    current = {d.tray: d.version for d in deals if d.counting}
    by_tray = {(s.tray, s.version): s for s in slips}
    rows = []
    for tray in movement.trays:
        version = current.get(tray.number, 1)
        rows.append(SlipRow(tray, version, by_tray.get((tray.number, version))))
    return rows


COL_TRUMP = 3
COLUMNS: tuple[Column[SlipRow], ...] = (
    Column("Tray", lambda r: r.tray.number, align_right=True),
    Column("Deal", lambda r: "original" if r.version == 1 else f"new deal {r.version}"),
    Column(
        "Dealer / original play",
        lambda r: (
            f"{r.tray.dealer.word}, round {r.tray.original_round} table {r.tray.original_table}"
        ),
    ),
    Column(
        "Trump card (from the slip)",
        lambda r: str(r.slip.card) if r.slip else None,
        lambda r: "Type the card on the slip: QH, 10S, 2C" if r.slip is None else None,
    ),
    Column(
        "Entered", lambda r: f"{r.slip.entered_by}, {r.slip.entered_at:%H:%M}" if r.slip else ""
    ),
)


class SlipModel(RowsModel[SlipRow]):
    """Slips by tray; the trump column is edited through `record(tray, text)`."""

    def __init__(
        self, record: Callable[[SlipRow, str], SlipRow], parent: QObject | None = None
    ) -> None:
        super().__init__(COLUMNS, parent)
        self._record = record
        self.refusals: dict[int, str] = {}
        """Tray -> why the last entry was refused (shown in its cell until corrected)."""

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.column() == COL_TRUMP:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if index.isValid() and index.column() == COL_TRUMP:
            tray = self.row(index.row()).tray.number
            if tray in self.refusals:
                if role in (Qt.ItemDataRole.ToolTipRole, REFUSAL_ROLE):
                    return self.refusals[tray]
                if role == Qt.ItemDataRole.BackgroundRole:
                    return Qt.GlobalColor.yellow
        if role == Qt.ItemDataRole.EditRole:
            role = Qt.ItemDataRole.DisplayRole
        return super().data(index, role)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != COL_TRUMP:
            return False
        text = str(value).strip()
        if not text:
            return False
        row = self.row(index.row())
        try:
            # The card already entered, left as it was: no step to store, none to undo.
            same = row.slip is not None and Card.parse(text) == row.slip.card
            updated = None if same else self._record(row, text)
        except DirectorError as exc:
            self.refusals[row.tray.number] = str(exc)
            self.dataChanged.emit(index, index)
            return False
        if self.refusals.pop(row.tray.number, None) is not None:
            self.dataChanged.emit(index, index)
        if updated is not None:
            self.replace_row(index.row(), updated)
        return True


def first_without_slip(rows: list[SlipRow]) -> int:
    """The first tray still without its slip (the first tray when all have one)."""
    return next((n for n, r in enumerate(rows) if r.slip is None), 0)
