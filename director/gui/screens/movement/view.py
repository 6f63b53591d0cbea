"""The movement chooser: state the field and the time, pick a proposal, see its grid and balance.

The search for proposals runs in a worker thread (`ops.Op`) with a progress dialog and a
Cancel button: some families search for their seating and can take a while.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QItemSelection, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.gui.ops import Op, Progress
from director.gui.screens.movement.model import (
    Ask,
    FieldKind,
    GridModel,
    Proposal,
    ProposalModel,
    SortRole,
    balance_text,
    candidates,
    propose,
)
from schedules.mnemonic import SEED_WARNING
from schedules.types import Movement


class MovementScreen(QWidget):
    """Proposals for the field and time; the chosen one's grid and balance report."""

    chosen = Signal(object)
    """Emitted with the `Proposal` the director chose ("Use this movement")."""
    proposalsReady = Signal()
    minutesPerTrayChanged = Signal(object)
    """The director changed the minutes a deal takes (a `Fraction`)."""

    def __init__(self, minutes_per_tray: Fraction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.minutes_per_tray = minutes_per_tray
        self.ladies: tuple[str, ...] = ()
        self.gentlemen: tuple[str, ...] = ()
        self.kind = QComboBox()
        for kind in FieldKind:
            self.kind.addItem(kind.value, kind)
        self.kind.setToolTip("What the field is counted in")
        self.size = QSpinBox(minimum=2, maximum=500, value=10)
        self.size.setMinimumWidth(80)
        self.size.setToolTip("How many pairs, players, couples or teams take part")
        self.minutes = QSpinBox(minimum=0, maximum=600, value=150, singleStep=15)
        self.minutes.setSpecialValueText("no limit")
        self.minutes.setSuffix(" min")
        self.minutes.setToolTip("Time available for play; trays per round are derived from it")
        self.per_tray = QDoubleSpinBox(minimum=1, maximum=30, singleStep=0.5, decimals=1)
        self.per_tray.setValue(float(minutes_per_tray))
        self.per_tray.setSuffix(" min a deal")
        self.per_tray.setToolTip("Minutes a deal takes to play (a setting, kept between sessions)")
        self.mnemonic = QCheckBox("Mnemonic (up and back) play")
        self.mnemonic.setToolTip(SEED_WARNING)
        self.warning = QLabel()
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #a00;")
        self.find = QPushButton("&Propose movements")
        self.find.setToolTip("Ask every family in the catalog for a movement that fits")
        self.find.setDefault(True)
        self.use = QPushButton("&Use this movement")
        self.use.setEnabled(False)
        self.use.setToolTip("Make the selected proposal the event's movement")

        self.proposals = ProposalModel(minutes_per_tray, self)
        sorter = QSortFilterProxyModel(self)
        sorter.setSourceModel(self.proposals)
        sorter.setSortRole(SortRole)
        self._sorter = sorter
        self.table = QTableView()
        self.table.setModel(sorter)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # fitting ones first
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAccessibleName("Proposed movements")
        self.grid = GridModel(self)
        self.grid_view = QTableView()
        self.grid_view.setModel(self.grid)
        self.grid_view.setWordWrap(True)
        self.grid_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.grid_view.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.grid_view.setAccessibleName("Round-by-table grid")
        self.balance = QLabel("Choose a proposal to see its grid and balance report.")
        self.balance.setWordWrap(True)
        self.balance.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        row = QHBoxLayout()
        row.addWidget(self.size)
        row.addWidget(self.kind)
        row.addStretch()
        field_label = QLabel("&Field:")
        field_label.setBuddy(self.size)
        form.addRow(field_label, row)
        time_row = QHBoxLayout()
        time_row.addWidget(self.minutes)
        time_row.addWidget(self.per_tray)
        time_row.addStretch()
        time_label = QLabel("&Time:")
        time_label.setBuddy(self.minutes)
        form.addRow(time_label, time_row)
        form.addRow("", self.mnemonic)
        buttons = QHBoxLayout()
        buttons.addWidget(self.find)
        buttons.addWidget(self.use)
        buttons.addStretch()
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(form)
        top_layout.addWidget(self.warning)
        top_layout.addLayout(buttons)
        top_layout.addWidget(self.table)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.balance)
        bottom_layout.addWidget(self.grid_view)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        layout = QVBoxLayout(self)
        layout.addWidget(split)

        self.find.clicked.connect(self.search)
        self.use.clicked.connect(self._use)
        self.mnemonic.toggled.connect(self._warn)
        self.per_tray.valueChanged.connect(self._per_tray_changed)
        self.size.valueChanged.connect(self._warn)
        self.kind.currentIndexChanged.connect(self._warn)
        self.table.selectionModel().selectionChanged.connect(self._selected)
        self.op: Op[list[Proposal]] | None = None

    def _per_tray_changed(self, value: float) -> None:
        self.minutes_per_tray = Fraction(value).limit_denominator(10)
        self.minutesPerTrayChanged.emit(self.minutes_per_tray)

    def set_field(
        self,
        kind: FieldKind,
        size: int,
        ladies: tuple[str, ...] = (),
        gentlemen: tuple[str, ...] = (),
    ) -> None:
        """Fill in the field from the event's roster (with its ladies and gentlemen, if any)."""
        self.ladies, self.gentlemen = ladies, gentlemen
        self.kind.setCurrentIndex(self.kind.findData(kind))
        self.size.setValue(size)

    def ask(self) -> Ask:
        """What the director asks for, as the form stands."""
        minutes = self.minutes.value()
        return Ask(
            kind=self.kind.currentData(),
            size=self.size.value(),
            minutes=Fraction(minutes) if minutes else None,
            minutes_per_tray=self.minutes_per_tray,
            mnemonic=self.mnemonic.isChecked(),
            ladies=self.ladies,
            gentlemen=self.gentlemen,
        )

    def _warn(self) -> None:
        self.warning.setText(SEED_WARNING if self.ask().mnemonic_undesirable else "")

    def search(self) -> Op[list[Proposal]]:
        """Ask every fitting family, in a worker thread; the table fills when it is done."""
        ask = self.ask()
        self.find.setEnabled(False)

        def work(progress: Progress) -> list[Proposal]:
            todo = list(candidates(ask.kind))
            found = []
            for done, (fam, variant) in enumerate(todo):
                progress.report(done, len(todo), f"Trying {fam.title} {variant or ''}")
                found.append(propose(ask, fam, variant))
            progress.report(len(todo), len(todo), "Done")
            return found

        self.op = (
            Op(self, "Searching for movements", work)
            .success(self._show_proposals)
            .on_cancel(lambda: self.find.setEnabled(True))
            .failure(self._failed)
            .run_in_background()
        )
        return self.op

    def _failed(self, exc: BaseException) -> None:
        from director.gui.errors import report_exception

        self.find.setEnabled(True)
        report_exception(exc, parent=self)

    def _show_proposals(self, rows: list[Proposal]) -> None:
        self.find.setEnabled(True)
        self.proposals.set_rows(rows, self.minutes_per_tray)
        self.table.resizeColumnsToContents()
        fitting = sum(p.fits for p in rows)
        if not rows:
            self.balance.setText("The catalog has no movement family for this kind of field yet.")
        elif fitting:
            self.table.selectRow(0)
        else:
            self.balance.setText("No family can seat this field; the table says why for each.")
        self.proposalsReady.emit()

    def selected(self) -> Proposal | None:
        """The proposal selected in the table."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.proposals.proposal(self._sorter.mapToSource(rows[0]).row())

    def _selected(self, _new: QItemSelection, _old: QItemSelection) -> None:
        p = self.selected()
        self.use.setEnabled(p is not None and p.fits)
        self.show_movement(p.movement if p else None, p.refusal if p else None)

    def show_movement(self, movement: Movement | None, refusal: str | None = None) -> None:
        """Show a movement's grid and balance report (or why there is none)."""
        self.grid.set_movement(movement)
        if movement is not None:
            self.balance.setText(balance_text(movement))
        else:
            self.balance.setText(refusal or "")

    def _use(self) -> None:
        p = self.selected()
        if p is not None and p.fits:
            self.chosen.emit(p)
