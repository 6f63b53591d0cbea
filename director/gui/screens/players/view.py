"""The players screen: roster with search as you type, add/edit/remove, CSV import, and the
partnerships the movement's labels stand for. Keyboard first: Ins adds, Enter edits, Del removes."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QGridLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.gui.context import Changed, EventContext
from director.gui.dialogs.player import PlayerDialog
from director.gui.screens.players.model import (
    PartnershipRow,
    RosterRow,
    partnership_model,
    partnership_rows,
    roster_model,
    roster_rows,
    search_proxy,
    seat_plan,
)
from director.gui.tablemodel import RowRole
from director.gui.widgets.screen import Screen
from director.store.values import Gender, Player


def _table(model: object, name: str) -> QTableView:
    view = QTableView()
    view.setModel(model)  # type: ignore[arg-type]
    view.setSortingEnabled(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.horizontalHeader().setStretchLastSection(True)
    view.setAccessibleName(name)
    return view


class PlayersScreen(Screen):
    """Roster and partnerships of the open event."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.roster = roster_model(self)
        self.proxy = search_proxy(self.roster, self)
        self.pairs = partnership_model(self)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search players as you type (name, club, number, pair)")
        self.search.setClearButtonEnabled(True)
        self.players_view = _table(self.proxy, "Players")
        self.players_view.doubleClicked.connect(lambda _index: self.edit_selected())
        self.players_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.pairs_view = _table(self.pairs, "Partnerships")
        self.count = QLabel()

        roster_buttons = self._buttons(
            ("&Add…", "Add a player (Ins)", self.add_player),
            ("&Edit…", "Edit the selected player (Enter)", self.edit_selected),
            ("&Remove", "Remove the selected players (Del)", self.remove_selected),
            ("&Import roster…", "Add every player of a CSV roster", self.choose_roster),
        )
        pair_buttons = self._buttons(
            ("Form &pair", "Make the two selected players a pair", self.pair_selected),
            ("Form &couple", "Make the selected lady and gentleman a couple", self.couple_selected),
            ("&Dissolve", "Dissolve the selected partnership", self.dissolve_selected),
            ("&Seat in order", "Give the partnerships the movement's places", self.seat_in_order),
            ("Dra&w places", "Give the partnerships the movement's places by lot", self.draw),
        )

        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(roster_buttons)
        column.addWidget(self.search)
        column.addWidget(self.players_view)
        column.addWidget(self.count)
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(pair_buttons)
        column.addWidget(QLabel("Partnerships (the labels the movement seats):"))
        column.addWidget(self.pairs_view)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(split)

        for keys, slot in (
            (QKeySequence(Qt.Key.Key_Insert), self.add_player),
            (QKeySequence(Qt.Key.Key_Return), self.edit_selected),
            (QKeySequence(QKeySequence.StandardKey.Delete), self.remove_selected),
            (QKeySequence("Ctrl+F"), self.search.setFocus),
        ):
            action = QAction(self)
            action.setShortcut(keys)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
        self.search.textChanged.connect(self._filter)
        context.changed.connect(self._changed)

    def _buttons(self, *specs: tuple[str, str, Callable[[], object]]) -> QGridLayout:
        """Buttons three to a row, so the screen stays narrow enough for a small display."""
        grid = QGridLayout()
        for number, (text, tip, slot) in enumerate(specs):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            grid.addWidget(button, number // 3, number % 3)
        grid.setColumnStretch(3, 1)
        return grid

    def _changed(self, what: Changed, _source: object) -> None:
        if what & Changed.PLAYERS:
            self.mark_stale()

    def refresh(self) -> None:
        """Read the roster and partnerships again."""
        super().refresh()
        store = self.context.store
        players, partnerships = store.players(), store.partnerships()
        self.roster.set_rows(roster_rows(players, partnerships))
        self.pairs.set_rows(partnership_rows(players, partnerships))
        self._filter(self.search.text())

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self.count.setText(f"{self.proxy.rowCount()} of {self.roster.rowCount()} players shown")

    def selected_players(self) -> list[Player]:
        """The players selected in the roster, in view order."""
        rows = sorted(self.players_view.selectionModel().selectedRows(), key=lambda i: i.row())
        return [self.proxy.data(i, RowRole).player for i in rows]

    def _run(self, what: Changed, work: Callable[[], object]) -> bool:
        return self.context.apply(what, work, self)

    def add_player(self) -> None:
        """Ask for a new player and add them."""
        dialog = PlayerDialog(parent=self)
        if dialog.exec():
            p = dialog.player()
            self._run(
                Changed.PLAYERS,
                lambda: self.context.store.add_player(p.name, p.club, p.member_number, p.gender),
            )

    def edit_selected(self) -> None:
        """Edit the (first) selected player."""
        chosen = self.selected_players()
        if not chosen or self.context.store.read_only:
            return
        dialog = PlayerDialog(chosen[0], parent=self)
        if dialog.exec():
            edited = dialog.player()
            self._run(Changed.PLAYERS, lambda: self.context.store.edit_player(edited))

    def remove_selected(self) -> None:
        """Remove the selected players after confirmation."""
        chosen = self.selected_players()
        if not chosen:
            return
        names = ", ".join(p.name for p in chosen)
        answer = QMessageBox.question(self, "Remove players", f"Remove {names} from the roster?")
        if answer == QMessageBox.StandardButton.Yes:
            ids = [p.id for p in chosen]
            self._run(Changed.PLAYERS, lambda: self.context.store.remove_players(ids))

    def choose_roster(self) -> None:
        """Pick a CSV roster and import it."""
        path, _ = QFileDialog.getOpenFileName(
            self, "Import roster", "", "Roster (*.csv);;All files (*)"
        )
        if path:
            self.import_roster(Path(path))

    def import_roster(self, path: Path) -> None:
        """Add (or update) every player of the roster CSV at `path`."""
        store = self.context.store
        if self._run(Changed.PLAYERS, lambda: store.import_roster(path)):
            self.window().statusBar().showMessage(f"Imported the roster {path.name}", 5000)

    def _ask_label(self, title: str) -> str | None:
        label, ok = QInputDialog.getText(
            self, title, "Label the movement uses for them:", text=self._next_label()
        )
        return label.strip() if ok and label.strip() else None

    def _next_label(self) -> str:
        taken = {r.partnership.label for r in self.pairs.rows()}
        number = 1
        while str(number) in taken:
            number += 1
        return str(number)

    def pair_selected(self) -> None:
        """Two selected players become a pair under a label."""
        chosen = self.selected_players()
        if len(chosen) != 2:
            QMessageBox.information(self, "Form pair", "Select exactly two players to pair.")
            return
        label = self._ask_label("Form pair")
        if label:
            self.form(label, chosen, "pair")

    def couple_selected(self) -> None:
        """A selected lady and gentleman become a married couple (Safford)."""
        chosen = self.selected_players()
        if len(chosen) != 2:
            QMessageBox.information(self, "Form couple", "Select a lady and a gentleman.")
            return
        label = self._ask_label("Form couple")
        if label:
            self.form(label, chosen, "couple")

    def form(self, label: str, players: list[Player], kind: str) -> bool:
        """Make `players` a partnership under `label`."""
        store = self.context.store
        if kind == "couple":
            lady = next((p for p in players if p.gender is Gender.LADY), players[0])
            gent = next(p for p in players if p is not lady)
            return self._run(Changed.PLAYERS, lambda: store.form_couple(label, lady.id, gent.id))
        ids = [p.id for p in players]
        return self._run(Changed.PLAYERS, lambda: store.form_partnership(label, ids, kind))

    def dissolve_selected(self) -> None:
        """Dissolve the selected partnership after confirmation."""
        rows = self.pairs_view.selectionModel().selectedRows()
        if not rows:
            return
        chosen: PartnershipRow = self.pairs.row(rows[0].row())
        answer = QMessageBox.question(
            self, "Dissolve", f"Dissolve partnership {chosen.partnership.label}?"
        )
        if answer == QMessageBox.StandardButton.Yes:
            label = chosen.partnership.label
            self._run(Changed.PLAYERS, lambda: self.context.store.dissolve_partnership(label))

    def seat_in_order(self) -> bool:
        """Give the partnerships the movement's starting places, in label order."""
        return self.seat(None)

    def draw(self) -> bool:
        """Give the partnerships the movement's starting places by lot."""
        return self.seat(random.Random())

    def seat(self, draw: random.Random | None) -> bool:
        """Relabel every partnership with its starting place in the section's movement."""
        store = self.context.store

        def work() -> None:
            field = self.context.movement().field
            plan = seat_plan(store.partnerships(), field, draw)
            store.relabel_partnerships({p.label: label for p, label in plan})

        done = self._run(Changed.PLAYERS, work)
        if done:
            self.window().statusBar().showMessage("Partnerships seated for the movement", 5000)
        return done

    def roster_row(self, row: int) -> RosterRow:
        """The roster row shown at `row` of the (filtered) view."""
        return self.proxy.data(self.proxy.index(row, 0), RowRole)
