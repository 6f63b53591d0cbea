"""The score-entry grid: a row per table and tray, the tricks editable, each row's ruling shown.

Rows come from the movement (per round, or per tray across the rounds), so every expected
result has its row and missing ones show at a glance. The N/S tricks are typed from the
traveller; the E/W column shows E/W's figure and takes E/W's own record when the two records
disagree (the laws then say which counts, `director.scoring.deal.made_ns`). An entry the
store refuses stays in its cell, marked, with the store's reason (`REFUSAL_ROLE`). There is no
trump column (docs/laws.md#the-trump-slip).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QIcon, QPixmap

from director.errors import DirectorError
from director.gui.tablemodel import Column, Index, RowsModel
from director.gui.widgets.entry_table import REFUSAL_ROLE
from director.scoring.awards import Outcome, plays_of, ruling
from director.scoring.deal import made_ns
from director.scoring.model import TRICKS, IrregularityKind, Revoke, Settings, TableResult
from director.store.values import DealVersion, Irregularity, Result
from schedules.types import Direction, Label, Movement, RoundNo, TableNo, TrayNo

_SIDES = (Direction.NS, Direction.EW)
ENTERED = QColor("#d8f0d8")
REFUSED = QColor("#fff2a8")
LAWS = Settings()
"""The laws' settings; the store keeps no choice of record, so E/W's prevails (1894 code)."""


class Mark(enum.Enum):
    """A row's state as the eye should catch it: (word, colour)."""

    MISSING = ("missing", "#f2f2f2")
    ENTERED = ("entered", "#d8f0d8")
    NEW_DEAL = ("new deal", "#d9e4ff")
    DISAGREE = ("records disagree", "#ffe0b3")
    REVOKE = ("revoke", "#ffc9c9")
    AVERAGE = ("average", "#e6d5ff")
    NOT_PLAYED = ("not played", "#e6d5ff")

    @property
    def word(self) -> str:
        """The word shown in the grid."""
        return self.value[0]

    @property
    def colour(self) -> QColor:
        """The status cell's background."""
        return _colour(self)

    def icon(self) -> QIcon:
        """A dot of the mark's colour, darker, so the status reads without the word."""
        return _icon(self)


# Made once for each mark, not at each repaint of each row.
@functools.cache
def _colour(mark: Mark) -> QColor:
    return QColor(mark.value[1])


@functools.cache
def _icon(mark: Mark) -> QIcon:
    pixmap = QPixmap(12, 12)
    pixmap.fill(_colour(mark).darker(160))
    return QIcon(pixmap)


def records_disagree(result: Result) -> bool:
    """Whether E/W's own record is not the rest of N/S's tricks (the director rules)."""
    return (
        result.ns_tricks is not None
        and result.ew_record is not None
        and result.ns_tricks + result.ew_record != TRICKS
    )


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One table's play of one tray in one round, and its stored result (if any)."""

    round: RoundNo
    table: TableNo
    tray: TrayNo
    ns: Label
    ew: Label
    result: Result | None
    ns_names: str = ""
    ew_names: str = ""
    deal: int = 1
    """The tray's counting deal: 2, 3, ... after a new deal."""
    irregularity: IrregularityKind | None = None
    """An irregularity ruled on at this table on the counting deal."""
    outcome: Outcome | None = None
    """What the laws make of that irregularity here (an average, the result standing, ...)."""

    @property
    def counted_ns(self) -> int | None:
        """The N/S tricks that count: E/W's record where the records disagree (the laws)."""
        r = self.result
        if r is None:
            return None
        played = TableResult(r.round, r.table, r.tray, r.ns_tricks, r.ew_record)
        return made_ns(played, LAWS)

    @property
    def disagree(self) -> bool:
        """Whether E/W's record is not the rest of N/S's tricks."""
        return self.result is not None and records_disagree(self.result)

    @property
    def ew_figure(self) -> int | None:
        """E/W's tricks as the traveller shows them: their own record, or the rest."""
        r = self.result
        if r is None:
            return None
        return r.ew_record if r.ew_record is not None else r.ew_tricks

    @property
    def mark(self) -> Mark:
        """The ruling that matters most at this table (the status's colour and first word)."""
        r = self.result
        if r is not None and r.awards is not None:
            return Mark.NOT_PLAYED
        if self.outcome is Outcome.NOT_PLAYED:
            return Mark.NOT_PLAYED
        if self.outcome is Outcome.AVERAGE:
            return Mark.AVERAGE
        if r is not None and r.revokes:
            return Mark.REVOKE
        if self.disagree:
            return Mark.DISAGREE
        if self.deal > 1:
            return Mark.NEW_DEAL
        return Mark.MISSING if r is None else Mark.ENTERED

    @property
    def status(self) -> str:
        """The mark in words, with what it rests on: "revoke: E-W x1", "average (Law IV
        Sec.9)", "records disagree: E/W's 6 counts", "new deal 2: to replay", "entered (Law
        V Sec.2: it stands)"."""
        mark, r = self.mark, self.result
        if mark is Mark.NOT_PLAYED and r is not None and r.awards is not None:
            ns, ew = r.awards
            return f"not played ({ns.value}/{ew.value})"
        if mark in (Mark.AVERAGE, Mark.NOT_PLAYED) and self.irregularity is not None:
            return f"{mark.word} ({self.irregularity.value})"
        if mark is Mark.REVOKE and r is not None:
            return "revoke: " + ", ".join(_revoke_words(v) for v in r.revokes)
        if mark is Mark.DISAGREE and r is not None and self.counted_ns is not None:
            if self.counted_ns == r.ns_tricks:
                return f"records disagree: N/S's {r.ns_tricks} counts"
            return f"records disagree: E/W's {TRICKS - self.counted_ns} counts"
        if mark is Mark.NEW_DEAL:
            return f"new deal {self.deal}: " + ("entered" if r else "to replay")
        if mark is Mark.ENTERED and self.irregularity is not None:
            return f"entered ({self.irregularity.value}: it stands)"
        return mark.word


def _revoke_words(revoke: Revoke) -> str:
    failed = " (failed calls)" if revoke.failed_calls else ""
    return f"{revoke.side.label} x{revoke.count}{failed}"


@dataclass(frozen=True, slots=True)
class View:
    """Which rows the grid shows: one round, or one tray through every round."""

    round: RoundNo | None = None
    tray: TrayNo | None = None

    def shows(self, round: RoundNo, tray: TrayNo) -> bool:
        """Whether a play belongs in this view."""
        if self.round is not None:
            return round == self.round
        return self.tray is None or tray == self.tray


@dataclass(frozen=True)
class Rulings:
    """What besides the results the grid shows: names, new deals and irregularities."""

    names: Mapping[Label, str]
    deals: Sequence[DealVersion] = ()
    irregularities: Sequence[Irregularity] = ()


def score_rows(
    movement: Movement, results: Sequence[Result], view: View, rulings: Rulings | None = None
) -> list[ScoreRow]:
    """The rows of one view: every play the movement schedules, with its result and ruling."""
    rulings = rulings or Rulings({})
    by_key = {(r.round, r.table, r.tray): r for r in results}
    counting = {d.tray: d.version for d in rulings.deals if d.counting}
    irregular = {
        (i.round, i.table, i.tray): i.kind
        for i in rulings.irregularities
        if i.deal_version == counting.get(i.tray, 1)
    }
    rows: list[ScoreRow] = []
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        for tray in s.trays:
            if not view.shows(s.round, tray):
                continue
            key = (s.round, s.table, tray)
            ns, ew = (s.side(d) for d in _SIDES)
            kind = irregular.get(key)
            outcome = None
            if kind is not None:
                outcome = ruling(kind, plays_of(movement, tray), movement.mnemonic)
            rows.append(
                ScoreRow(
                    *key,
                    " ".join(ns),
                    " ".join(ew),
                    by_key.pop(key, None),
                    _names(ns, rulings.names),
                    _names(ew, rulings.names),
                    counting.get(tray, 1),
                    kind,
                    outcome,
                )
            )
    if view.tray is not None:
        rows.sort(key=lambda r: (r.round, r.table))
    return rows


def _names(labels: Sequence[Label], names: Mapping[Label, str]) -> str:
    return " / ".join(names[label] for label in labels if names.get(label))


def first_missing(rows: Sequence[ScoreRow]) -> int:
    """The first row still without a result (the first row when all are in)."""
    return next((n for n, r in enumerate(rows) if r.result is None), 0)


def parse_tricks(text: str, side: str = "N/S") -> int:
    """The tricks typed in a cell; anything but a whole number is refused with the reason."""
    try:
        return int(text.strip())
    except ValueError:
        raise DirectorError(
            f"{text.strip()!r} is not a number of tricks: type the tricks {side} took (0 to 13)"
        ) from None


def _side(label: Label, names: str) -> str:
    return f"{label}  {names}" if names else label


_DISPLAY, _EDIT = int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.EditRole)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_TOOLTIP, _REFUSAL = int(Qt.ItemDataRole.ToolTipRole), int(REFUSAL_ROLE)
_MARKED = frozenset((_BACKGROUND, _DECORATION, _TOOLTIP, _REFUSAL))
"""The roles a row's marks and refusals answer (told apart as numbers: a repaint asks for
every role of every cell)."""

COL_NS_TRICKS = 5
COL_EW_TRICKS = 6
COL_STATUS = 7
COLUMNS: tuple[Column[ScoreRow], ...] = (
    Column("Round", lambda r: r.round, align_right=True),
    Column("Table", lambda r: r.table, align_right=True),
    Column("Tray", lambda r: r.tray, align_right=True),
    Column("N/S", lambda r: _side(r.ns, r.ns_names)),
    Column("E/W", lambda r: _side(r.ew, r.ew_names)),
    Column(
        "N/S tricks",
        lambda r: r.result.ns_tricks if r.result else None,
        lambda r: "Type the tricks N/S took; Enter moves to the next table",
        align_right=True,
    ),
    Column(
        "E/W tricks",
        lambda r: r.ew_figure,
        lambda r: "Filled in from N/S; type E/W's own figure when their record disagrees",
        align_right=True,
    ),
    Column("Status", lambda r: r.status, lambda r: r.status),  # in full where it is cut
)


class ScoreModel(RowsModel[ScoreRow]):
    """Scores of one view; the N/S tricks are entered through `enter(row, tricks)`, E/W's
    record (when given) through `enter_ew(row, tricks)`."""

    def __init__(
        self,
        enter: Callable[[ScoreRow, int], ScoreRow],
        parent: QObject | None = None,
        enter_ew: Callable[[ScoreRow, int], ScoreRow] | None = None,
    ) -> None:
        super().__init__(COLUMNS, parent)
        self._enter = {COL_NS_TRICKS: (enter, "N/S")}
        if enter_ew is not None:
            self._enter[COL_EW_TRICKS] = (enter_ew, "E/W")
        self.refusals: dict[tuple[int, int, int, int], str] = {}
        """(round, table, tray, column) -> why the last entry was refused, shown in its cell."""

    @staticmethod
    def key(row: ScoreRow) -> tuple[int, int, int]:
        """(round, table, tray)."""
        return (row.round, row.table, row.tray)

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.column() in self._enter:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def repainted(self, before: ScoreRow, after: ScoreRow, columns: list[int]) -> Iterable[int]:
        if (before.result is None) != (after.result is None):
            return range(len(self.columns))  # each cell's colour says whether it is entered
        if before.mark is not after.mark:
            return {*columns, COL_STATUS}  # the status cell's colour and dot
        return columns

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == _EDIT:
            return super().data(index, _DISPLAY)
        if role not in _MARKED or not index.isValid():
            return super().data(index, role)
        row, column = self.row(index.row()), index.column()
        refusal = self.refusals.get((*self.key(row), column)) if self.refusals else None
        if role == _REFUSAL:
            return refusal
        if role == _TOOLTIP:
            return refusal or super().data(index, role)
        if column == COL_STATUS:
            return row.mark.colour if role == _BACKGROUND else row.mark.icon()
        if role == _BACKGROUND:
            if refusal:
                return REFUSED
            return ENTERED if row.result is not None else None
        return None

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() not in self._enter:
            return False
        row = self.row(index.row())
        if not str(value).strip():
            return False
        enter, side = self._enter[index.column()]
        where = (*self.key(row), index.column())
        try:
            tricks = parse_tricks(str(value), side)
            # The figure already shown, left as it was: no step to store, none to undo.
            updated = (
                None if tricks == self.columns[index.column()].value(row) else enter(row, tricks)
            )
        except DirectorError as exc:
            self.refusals[where] = str(exc)
            self.dataChanged.emit(index, index)
            return False
        if self.refusals.pop(where, None) is not None:
            self.dataChanged.emit(index, index)
        if updated is not None:
            self.replace_row(index.row(), updated)
        return True

    def counts(self) -> tuple[int, int]:
        """(entered, expected) among the rows shown."""
        rows = self.rows()
        return sum(r.result is not None for r in rows), len(rows)
