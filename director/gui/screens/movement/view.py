"""The movement chooser: state the field and the time; the usable proposals come best first
with a line in plain words, the best one selected; its grid, and in a details pane how it is
made and its balance figures explained. Those that do not fit are listed on request, greyed,
with the reason.

The search for proposals runs in a worker thread (`ops.Op`) with a progress dialog and a
Cancel button: some families search for their seating and can take a while.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import (
    QItemSelection,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
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
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from director.evening.movement_words import details
from director.evening.proposals import Ask, FieldKind, Proposal, candidates, propose
from director.gui.ops import Op, Progress
from director.gui.screens.movement.model import GridModel, ProposalModel
from director.gui.tablemodel import RowRole, SortRole
from schedules.balance import balance
from schedules.mnemonic import SEED_WARNING
from schedules.types import Movement


class UsableFirst(QSortFilterProxyModel):
    """The proposals as the model orders them, those that do not fit only on request."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.show_all = False

    def set_show_all(self, show: bool) -> None:
        """Show the proposals that do not fit too (greyed, with the reason)."""
        self.beginFilterChange()
        self.show_all = show
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:
        proposal = self.sourceModel().index(row, 0, parent).data(RowRole)
        return self.show_all or proposal.usable


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
        self.field_size = QSpinBox(minimum=2, maximum=500, value=10)
        self.field_size.setMinimumWidth(80)
        self.field_size.setToolTip("How many pairs, players, couples or teams take part")
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
        self.propose_button = QPushButton("&Propose movements")
        self.propose_button.setToolTip("Ask every family in the catalog for a movement that fits")
        self.propose_button.setDefault(True)
        self.use = QPushButton("&Use this movement")
        self.use.setEnabled(False)
        self.use.setToolTip("Make the selected proposal the event's movement")

        self.proposals = ProposalModel(minutes_per_tray, self)
        sorter = UsableFirst(self)
        sorter.setSourceModel(self.proposals)
        sorter.setSortRole(SortRole)
        self._sorter = sorter
        self.table = QTableView()
        self.table.setModel(sorter)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # best first
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
        self.show_all = QCheckBox("Show the movements that do not fit, and &why")
        self.show_all.setToolTip("List, greyed, the movements that cannot seat this field in time")
        self.summary = QLabel("Choose a proposal to see its grid.")
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("font-weight: bold;")
        self.balance = QLabel()
        self.balance.setWordWrap(True)
        self.balance.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.balance.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.balance.setAccessibleName("How the movement is made, and its balance")
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.balance)
        details_tabs = QTabWidget()
        details_tabs.addTab(self.grid_view, "&Grid")
        details_tabs.addTab(scroll, "Details and &balance")
        self.details_tabs = details_tabs

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        for text, first, second in (
            ("F&ield:", self.field_size, self.kind),
            ("&Time:", self.minutes, self.per_tray),
        ):
            row = QHBoxLayout()
            row.addWidget(first)
            row.addWidget(second)
            row.addStretch()
            label = QLabel(text)
            label.setBuddy(first)  # a label given with a layout has no buddy of its own
            form.addRow(label, row)
        form.addRow("", self.mnemonic)
        buttons = QHBoxLayout()
        buttons.addWidget(self.propose_button)
        buttons.addWidget(self.use)
        buttons.addStretch()
        buttons.addWidget(self.show_all)
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
        bottom_layout.addWidget(self.summary)
        bottom_layout.addWidget(details_tabs)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        layout = QVBoxLayout(self)
        layout.addWidget(split)

        self.propose_button.clicked.connect(self.search)
        self.use.clicked.connect(self._use)
        self.mnemonic.toggled.connect(self._warn)
        self.show_all.toggled.connect(sorter.set_show_all)
        self.per_tray.valueChanged.connect(self._per_tray_changed)
        self.field_size.valueChanged.connect(self._warn)
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
        self.field_size.setValue(size)

    def ask(self) -> Ask:
        """What the director asks for, as the form stands."""
        minutes = self.minutes.value()
        return Ask(
            kind=self.kind.currentData(),
            size=self.field_size.value(),
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
        self.propose_button.setEnabled(False)

        def work(progress: Progress) -> list[Proposal]:
            todo = list(candidates(ask.kind, ask.genders))
            found = []
            for done, (fam, variant) in enumerate(todo):
                progress.report(done, len(todo), f"Trying {fam.title} {variant or ''}")
                found.append(propose(ask, fam, variant))
            progress.report(len(todo), len(todo), "Done")
            return found

        self.op = (
            Op(self, "Searching for movements", work)
            .success(self._show_proposals)
            .on_cancel(lambda: self.propose_button.setEnabled(True))
            .failure(self._failed)
            .run_in_background()
        )
        return self.op

    def _failed(self, exc: BaseException) -> None:
        from director.gui.errors import report_exception

        self.propose_button.setEnabled(True)
        report_exception(exc, parent=self)

    def _show_proposals(self, rows: list[Proposal]) -> None:
        self.propose_button.setEnabled(True)
        self.proposals.set_rows(rows, self.minutes_per_tray)
        usable = sum(p.usable for p in rows)
        self.show_all.setChecked(not usable)  # with nothing usable, say why at once
        self.table.resizeColumnsToContents()
        if not rows:
            self.show_movement(None, "The catalog has no movement for this kind of field yet.")
        elif usable:
            self.table.selectRow(0)  # the best
        else:
            self.show_movement(
                None, "No movement seats this field in the time; the list says why for each."
            )
        self.proposalsReady.emit()

    def selected(self) -> Proposal | None:
        """The proposal selected in the table."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.proposals.proposal(self._sorter.mapToSource(rows[0]).row())

    def _selected(self, _new: QItemSelection, _old: QItemSelection) -> None:
        p = self.selected()
        self.use.setEnabled(p is not None and p.usable)
        if p is None:
            self.show_movement(None)
        elif p.usable:
            self.show_movement(p.movement, p.summary())
        else:
            self.show_movement(p.movement, f"Does not fit: {p.why_not}")

    def show_movement(self, movement: Movement | None, line: str = "") -> None:
        """Show a movement's grid, its line in plain words and its details (or why there is
        none)."""
        self.grid.set_movement(movement)
        self.summary.setText(line)
        self.balance.setText(details(movement, balance(movement)) if movement else "")

    def _use(self) -> None:
        p = self.selected()
        if p is not None and p.usable:
            self.chosen.emit(p)
