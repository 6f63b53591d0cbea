"""Repair the movement in play: a late pair, a withdrawal, a wrong move, rounds cut for time,
an arrow switch (docs/guide.md#repairing-the-movement).

The director says what happened; the dialog shows at once what the repair would do (the grid
with the changed places marked, the balance before and after, who sits out, what now repeats,
which cards to print again) by asking the store for a dry run, and stores it as one undoable
step when the director presses the button. Results already entered are never moved.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.gui.context import Changed, EventContext
from director.gui.errors import EXPECTED
from director.gui.screens.movement.model import GridModel
from director.gui.widgets.buttons import ok_cancel
from director.printing.reprints import reprints
from director.printing.tray_words import numbers_text
from director.store.values import Result
from schedules.repair import (
    ArrowSwitch,
    CutRounds,
    LatePair,
    Repaired,
    RepairRequest,
    Withdraw,
    WrongMove,
)
from schedules.types import Competitors, Label, Movement, Seating

Index = QModelIndex | QPersistentModelIndex
CHANGED = QColor("#ffe08a")
"""The background of a place the repair changes."""
EVERY_TABLE = "every table"


class Kind(enum.Enum):
    """What happened, as the director would say it."""

    LATE = "A late pair (or player) joins"
    WITHDRAW = "A pair (or player) leaves"
    WRONG = "Players sat at the wrong table"
    CUT = "Stop early: cut the last rounds"
    SWITCH = "Switch the arrow in a round"


class ChangedGrid(GridModel):
    """The round-by-table grid of the repaired movement, the changed places marked and their
    plan before the repair in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.changed: dict[tuple[int, int], str] = {}

    def show_repair(self, repaired: Repaired | None) -> None:
        """Show the repaired movement (None: nothing to show)."""
        self.changed = {}
        if repaired is not None:
            for change in repaired.changed:
                before = "; ".join(_seated(s) for s in change.before) or "(not played)"
                self.changed[(change.round, change.table)] = f"Before the repair: {before}"
        self.set_movement(repaired.movement if repaired else None)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        key = (index.row() + 1, self._tables[index.column()]) if index.isValid() else None
        if key in self.changed:
            if role == Qt.ItemDataRole.BackgroundRole:
                return QBrush(CHANGED)
            if role == Qt.ItemDataRole.FontRole:
                bold = QFont()
                bold.setBold(True)
                return bold
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"{super().data(index, role)}\n{self.changed[key]}"
        return super().data(index, role)


def _seated(s: Seating) -> str:
    who = " ".join(s.places) if s.is_individual else f"{s.ns} v {s.ew}"
    return f"{who}, trays {numbers_text(s.trays)}"


def rounds_played(results: Iterable[Result]) -> int:
    """The last round with a result entered (0 before play): a repair starts after it."""
    return max((r.round for r in results), default=0)


class RepairDialog(QDialog):
    """Say what happened, look at what the repair does, then repair (one step, undoable)."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Repair the movement")
        self.context = context
        self.movement: Movement = context.movement()
        self.repaired: Repaired | None = None
        individuals = self.movement.competitors is Competitors.INDIVIDUALS
        self.noun = "player" if individuals else "pair"
        names = context.store.printed_names()
        self.labels = tuple(self.movement.field)
        shown = [f"{label} {names[label]}" if names.get(label) else label for label in self.labels]

        self.kind = QComboBox()
        for kind in Kind:
            self.kind.addItem(kind.value, kind)
        self.pages = QStackedWidget()
        rounds = self.movement.rounds
        played = rounds_played(context.store.results(**context.where))
        coming = min(played + 1, rounds)
        # late pair
        self.late_round = self._round_box(coming)
        self.late_names = QLineEdit()
        self.late_names.setPlaceholderText("e.g. Mrs Ames & Mr Brown (optional)")
        self._page(("Joins before &round:", self.late_round), ("&Names:", self.late_names))
        # withdrawal
        self.leaving = QComboBox()
        for label, text in zip(self.labels, shown, strict=True):
            self.leaving.addItem(text, label)
        self.leave_round = self._round_box(coming)
        self._page(
            (f"Which {self.noun}:", self.leaving), ("Leaves before &round:", self.leave_round)
        )
        # wrong move
        self.wrong_round = self._round_box(coming)
        self.wrong_table = QComboBox()
        for table in self.movement.table_numbers:
            self.wrong_table.addItem(f"Table {table}", table)
        seats = ("North", "East", "South", "West") if individuals else ("N-S", "E-W")
        self.sat: list[QComboBox] = []
        for _ in seats:
            box = QComboBox()
            for label, text in zip(self.labels, shown, strict=True):
                box.addItem(text, label)
            self.sat.append(box)
        self._page(
            ("In &round:", self.wrong_round),
            ("At &table:", self.wrong_table),
            *((f"{seat} really sat:", box) for seat, box in zip(seats, self.sat, strict=True)),
        )
        # rounds cut
        # cutting the last round is the usual cut, never one before the rounds played
        self.last_round = self._round_box(min(max(rounds - 1, played, 1), rounds))
        self._page(("Last round p&layed:", self.last_round))
        # arrow switch
        self.switch_round = self._round_box(coming)
        self.switch_table = QComboBox()
        self.switch_table.addItem(EVERY_TABLE.capitalize(), None)
        for table in self.movement.table_numbers:
            self.switch_table.addItem(f"Table {table}", table)
        self._page(("In &round:", self.switch_round), ("At &table:", self.switch_table))

        self.reason = QLineEdit()
        self.reason.setPlaceholderText("kept in the audit trail, e.g. pair 7 arrived at 7.40")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #a00;")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("font-weight: bold;")
        self.effects = QLabel()
        self.effects.setWordWrap(True)
        self.effects.setAccessibleName("What the repair changes")
        self.grid = ChangedGrid(self)
        self.grid_view = QTableView()
        self.grid_view.setModel(self.grid)
        self.grid_view.setWordWrap(True)
        self.grid_view.setAccessibleName("The movement after the repair, changed places marked")
        for header in (self.grid_view.horizontalHeader(), self.grid_view.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.buttons = ok_cancel("Re&pair the movement")
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)

        form = QFormLayout()
        what = QLabel("&What happened:")
        what.setBuddy(self.kind)
        form.addRow(what, self.kind)
        form.addRow(self.pages)
        reason = QLabel("Re&ason:")
        reason.setBuddy(self.reason)
        form.addRow(reason, self.reason)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.summary)
        layout.addWidget(self.effects)
        layout.addWidget(self.grid_view, stretch=1)
        layout.addWidget(self.buttons)

        # a short pause before the dry run, so that typing a number asks once
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.preview)
        self.kind.currentIndexChanged.connect(self.pages.setCurrentIndex)
        self.kind.currentIndexChanged.connect(self._timer.start)
        for spin in self.findChildren(QSpinBox):
            spin.valueChanged.connect(self._timer.start)
        for combo in self.findChildren(QComboBox):
            if combo is not self.kind:
                combo.currentIndexChanged.connect(self._timer.start)
        self.late_names.textChanged.connect(self._timer.start)
        self.buttons.accepted.connect(self.repair)
        self.buttons.rejected.connect(self.reject)
        self.resize(900, 640)
        self.preview()

    def _round_box(self, value: int) -> QSpinBox:
        box = QSpinBox(minimum=1, maximum=max(self.movement.rounds, 1))
        box.setValue(value)
        return box

    def _page(self, *rows: tuple[str, QWidget]) -> None:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        for text, field in rows:
            label = QLabel(text)
            label.setBuddy(field)
            form.addRow(label, field)
        self.pages.addWidget(page)

    def request(self) -> RepairRequest:
        """The repair as the form stands."""
        kind: Kind = self.kind.currentData()
        if kind is Kind.LATE:
            names = tuple(n.strip() for n in self.late_names.text().split("&") if n.strip())
            return LatePair(self.late_round.value(), names=names)
        if kind is Kind.WITHDRAW:
            return Withdraw(self.leaving.currentData(), self.leave_round.value())
        if kind is Kind.WRONG:
            places: tuple[Label, ...] = tuple(box.currentData() for box in self.sat)
            return WrongMove(self.wrong_round.value(), self.wrong_table.currentData(), places)
        if kind is Kind.CUT:
            return CutRounds(self.last_round.value())
        return ArrowSwitch(self.switch_round.value(), self.switch_table.currentData())

    def preview(self) -> None:
        """Work the repair out without storing it, and show what it would do."""
        try:
            repaired = self.context.store.repair(self.request(), dry_run=True, **self.context.where)
        except EXPECTED as exc:
            self._show(None, str(exc))
            return
        self._show(repaired, "")

    def _show(self, repaired: Repaired | None, problem: str) -> None:
        self.repaired = repaired
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        nothing = repaired is not None and not repaired.changed
        self.ok.setEnabled(repaired is not None and not nothing)
        self.grid.show_repair(repaired)
        if repaired is None:
            self.summary.clear()
            self.effects.clear()
            return
        self.summary.setText(
            "Nothing would change." if nothing else f"This repair: {repaired.summary}"
        )
        self.effects.setText(effects_text(repaired))

    def repair(self) -> None:
        """Store the repair (one step: Undo takes it back) and close."""
        store, request = self.context.store, self.request()
        reason = self.reason.text().strip()
        done: list[Repaired] = []

        def work() -> None:
            done.append(store.repair(request, reason=reason, **self.context.where))

        if self.context.apply(Changed.MOVEMENT | Changed.RESULTS, work, self):
            self.repaired = done[0]
            self.accept()


def effects_text(repaired: Repaired) -> str:
    """What the repair changes, in plain lines: balance, sit-outs, repeats, papers."""
    lines = []
    if repaired.before is not None and repaired.after is not None:
        lines.append(
            f"Balance (how evenly everyone is compared, 100 is perfect): "
            f"{repaired.before:.0f} before, {repaired.after:.0f} after."
        )
    for round_no, who in sorted(repaired.sit_outs.items()):
        if who:
            lines.append(
                f"Round {round_no}: {', '.join(who)} sit{'s' if len(who) == 1 else ''} out."
            )
    lines.extend(repaired.repeats)
    again = reprints(repaired.previous, repaired.movement).lines()
    if again:
        lines.append("Print again: " + "; ".join(again) + ".")
    return "\n".join(lines)
