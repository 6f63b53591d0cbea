"""The players screen: roster with search as you type, add/edit/remove, CSV import with a
preview, the field grid (names typed against the movement's labels) and the partnerships.
Keyboard first: Ins adds, Enter edits, Del removes; in the field grid typing enters a name."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QStringListModel,
    Qt,
)
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCompleter,
    QFileDialog,
    QGridLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.evening.seating import field_labels, field_rows, seat_partnerships
from director.gui.context import Changed, EventContext
from director.gui.dialogs.player import PlayerDialog
from director.gui.errors import report_exception
from director.gui.screens.players.field import FieldModel
from director.gui.screens.players.model import (
    PLAYS_AS,
    PartnershipRow,
    RosterRow,
    partnership_model,
    partnership_rows,
    roster_model,
    roster_rows,
    same_name,
    search_proxy,
)
from director.gui.widgets.buttons import ask_text
from director.gui.widgets.entry_table import EntryDelegate, EntryTable, MessageLine
from director.gui.widgets.panes import column, split
from director.gui.widgets.screen import Screen
from director.store.values import Gender, Partnership, Player, StoreError
from schedules.progressive import Field
from schedules.types import Competitors, Movement


def _table(model: QAbstractItemModel, name: str) -> QTableView:
    view = QTableView()
    view.setModel(model)
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
        self.players_view.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        self.pairs_view = _table(self.pairs, "Partnerships")
        self.count = QLabel()
        self.field = FieldModel(self._name_pair, self._unpair, self)
        self.field_view = FieldTable()
        self.field_view.setModel(self.field)
        self.field_view.setAccessibleName("Field")
        self.completion = NameDelegate(self.field_view)
        self.field_view.setItemDelegate(self.completion)
        self.field_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.field_view.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        self.field_message = MessageLine()
        self.field_view.refused.connect(self.field_message.refuse)
        self.button: dict[str, QPushButton] = {}

        roster_buttons = self._buttons(
            ("&Add…", "Add a player (Ins)", self.add_player),
            ("Edi&t…", "Edit the selected player (Enter)", self.edit_selected),
            ("&Remove", "Remove the selected players (Del)", self.remove_selected),
            ("&Import roster…", "Add every player of a CSV roster", self.choose_roster),
        )
        field_buttons = self._buttons(
            (
                "Pair the &unpaired in order",
                "Pair every player not yet paired, two by two in roster order",
                self.pair_in_order,
            ),
            ("&Seat in order", "Give the partnerships the movement's places", self.seat_in_order),
            ("Dra&w places", "Give the partnerships the movement's places by lot", self.draw),
        )
        pair_buttons = self._buttons(
            ("Form &pair", "Make the two selected players a pair", self.pair_selected),
            ("Form &couple", "Make the selected lady and gentleman a couple", self.couple_selected),
            ("&Dissolve", "Dissolve the selected partnership", self.dissolve_selected),
        )

        left = column(roster_buttons, self.search, self.players_view, self.count)
        field = column(
            field_buttons,
            QLabel("Type the players' names against their places:"),
            self.field_view,
            self.field_message,
        )
        pairs = column(
            pair_buttons,
            QLabel("Partnerships (the labels the movement seats):"),
            self.pairs_view,
        )
        self.right = split(field, pairs, Qt.Orientation.Vertical)
        layout = QVBoxLayout(self)
        layout.addWidget(split(left, self.right))

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
        """Buttons three to a row, so the screen stays narrow enough for a small display;
        each is kept in `self.button` by its slot's name."""
        grid = QGridLayout()
        for number, (text, tip, slot) in enumerate(specs):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            self.button[slot.__name__] = button
            grid.addWidget(button, number // 3, number % 3)
        grid.setColumnStretch(3, 1)
        return grid

    def _changed(self, what: Changed, source: object) -> None:
        if source is self.field_view:
            # The grid shows its own entry already; rebuilding it would close the cell open
            # for the next name.
            self._read_lists()
        elif what & (Changed.PLAYERS | Changed.MOVEMENT):
            self.mark_stale()

    def refresh(self) -> None:
        """Read the roster, the field and the partnerships again."""
        super().refresh()
        players, partnerships = self._read_lists()
        movement = self._movement()
        # the place resting while the field is one short keeps its row: its pair may come
        places = self.context.store.places(**self.context.where) if movement else None
        labels = field_labels(places, partnerships, len(players))
        individual = movement is not None and movement.competitors is Competitors.INDIVIDUALS
        per_row = 1 if individual else 2
        self.field.set_rows(field_rows(labels, per_row, players, partnerships), per_row)
        self._offer_seating(individual)

    def _offer_seating(self, individual: bool) -> None:
        """An individual movement seats players, not pairs: no pairing is offered, and the
        seating buttons say whom they seat."""
        for pairing in ("pair_in_order", "pair_selected", "couple_selected"):
            self.button[pairing].setVisible(not individual)
        whom = "players" if individual else "partnerships"
        self.button["seat_in_order"].setToolTip(
            f"Give the {whom} the movement's places, in roster order"
        )
        self.button["draw"].setToolTip(f"Give the {whom} the movement's places by lot")

    def offer_partnerships(self, offered: bool) -> None:
        """Show or hide the pairs evening's places and partnerships (and the roster's
        "Plays as"): a whist drive seats its players itself and changes their partners as it
        goes, so its Players screen is the roster alone."""
        self.right.setVisible(offered)
        self.players_view.setColumnHidden(PLAYS_AS, not offered)

    def _read_lists(self) -> tuple[tuple[Player, ...], tuple[Partnership, ...]]:
        store = self.context.store
        players, partnerships = store.players(), store.partnerships()
        self.roster.set_rows(roster_rows(players, partnerships))
        self.pairs.set_rows(partnership_rows(players, partnerships))
        self._filter(self.search.text())
        names = sorted({p.name for p in players}, key=self.proxy.collator.sortKey)
        self.completion.names.setStringList(names)
        return players, partnerships

    def _movement(self) -> Movement | None:
        try:
            return self.context.movement()
        except StoreError:
            return None  # no movement chosen yet: the grid offers pair numbers

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self.count.setText(f"{self.proxy.rowCount()} of {self.roster.rowCount()} players shown")

    def selected_players(self) -> list[Player]:
        """The players selected in the roster, in view order."""
        rows = sorted(self.players_view.selectionModel().selectedRows(), key=lambda i: i.row())
        return [self._row_at(i).player for i in rows]

    def _run(self, what: Changed, work: Callable[[], object]) -> bool:
        return self.context.apply(what, work, self)

    def add_player(self) -> None:
        """Ask for a new player and add them; a name on the roster already asks first."""
        dialog = PlayerDialog(parent=self, gender_needed=self._drive_by_gender())
        if not dialog.exec():
            return
        p = dialog.player()
        if (same := same_name(self.context.store.players(), p.name)) and not self._add_anyway(same):
            return
        self._run(
            Changed.PLAYERS,
            lambda: self.context.store.add_player(p.name, p.club, p.member_number, p.gender),
        )

    def _drive_by_gender(self) -> bool:
        """Whether the event's drive, begun, seats its players as ladies and gentlemen."""
        store = self.context.store
        return store.holds_drive() and store.drive().settings.field is Field.LADIES_GENTLEMEN

    def _add_anyway(self, same: list[Player]) -> bool:
        """Ask whether to add a second player of a name already on the roster."""
        known = "; ".join(_described(p) for p in same)
        answer = QMessageBox.question(
            self,
            "Add player",
            f"{known} is on the roster already. Add another player of that name?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def edit_selected(self) -> None:
        """Edit the (first) selected player."""
        chosen = self.selected_players()
        if not chosen or self.context.store.read_only:
            return
        dialog = PlayerDialog(chosen[0], parent=self, gender_needed=self._drive_by_gender())
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
            self,
            "Import roster",
            str(self.context.beside_event("")),
            "Roster (*.csv);;All files (*)",
        )
        if path:
            self.import_roster(Path(path))

    def import_roster(self, path: Path) -> bool:
        """Preview the roster CSV at `path`, let the director say what its columns hold, and
        add (or update) its players with their pairs and teams, as one step."""
        # loaded when a roster is imported: the CSV reading brings the file parsers, which
        # the window's start-up has no use for
        from director.gui.dialogs.roster_import import RosterImportDialog
        from director.store.roster import open_roster

        try:
            cells = open_roster(path)
        except StoreError as exc:
            report_exception(exc, parent=self)
            return False
        dialog = RosterImportDialog(cells, self)
        if not dialog.exec():
            return False
        layout, store = dialog.choice(), self.context.store
        done = self._run(Changed.PLAYERS, lambda: store.import_roster(path, layout))
        if done:
            self.show_message(f"Imported the roster {path.name}", 5000)
        return done

    def _ask_label(self, title: str) -> str | None:
        label = ask_text(self, title, "Label the movement uses for them:", self._next_label())
        return label.strip() if label and label.strip() else None

    def _next_label(self) -> str:
        taken = {r.partnership.label for r in self.pairs.rows()}
        number = 1
        while str(number) in taken:
            number += 1
        return str(number)

    def pair_selected(self) -> None:
        """Two selected players become a pair under a label."""
        self._form_selected("Form pair", "Select exactly two players to pair.", "pair")

    def couple_selected(self) -> None:
        """A selected lady and gentleman become a married couple (Safford)."""
        self._form_selected("Form couple", "Select a lady and a gentleman.", "couple")

    def _form_selected(self, title: str, select: str, kind: str) -> None:
        """The two selected players become a partnership of `kind` under a label asked for
        (`select` says what to select when two are not)."""
        chosen = self.selected_players()
        if len(chosen) != 2:
            QMessageBox.information(self, title, select)
            return
        label = self._ask_label(title)
        if label:
            self.form(label, chosen, kind)

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

    def pair_in_order(self) -> bool:
        """Pair every player not yet paired, two by two in roster order, as one step."""
        store, where = self.context.store, self.context.where
        formed: list[Partnership] = []
        if not self._run(Changed.PLAYERS, lambda: formed.extend(store.pair_in_order(**where))):
            return False
        left = len([r for r in self.roster.rows() if r.partnership is None])
        said = f"{len(formed)} pairs formed" if formed else "No pairs formed"
        said += f"; {left} players not paired" if left else ""
        self.show_message(said, 8000)
        return bool(formed)

    def _name_pair(self, label: str, names: tuple[str, ...]) -> tuple[str, ...]:
        """The field grid's names form the partnership under `label` (see `FieldModel`)."""
        store = self.context.store
        kind = "pair" if len(names) > 1 else "individual"
        formed, _ = self.context.enter(
            Changed.PLAYERS, lambda: store.name_partnership(label, names, kind), self.field_view
        )
        self.field_message.clear()
        name_of = {p.id: p.name for p in self.roster_players()}
        return tuple(name_of[i] for i in formed.players)

    def _unpair(self, label: str) -> None:
        store = self.context.store
        self.context.enter(
            Changed.PLAYERS, lambda: store.dissolve_partnership(label), self.field_view
        )

    def roster_players(self) -> list[Player]:
        """Every player on the roster, as last read."""
        return [r.player for r in self.roster.rows()]

    def seat_in_order(self) -> bool:
        """Give the partnerships the movement's starting places, in label order."""
        return self.seat(None)

    def draw(self) -> bool:
        """Give the partnerships the movement's starting places by lot."""
        return self.seat(random.Random())

    def seat(self, draw: random.Random | None) -> bool:
        """Give every partnership its starting place in the section's movement; for an
        individual movement, every player."""
        movement = self._movement()
        if movement is not None and movement.competitors is Competitors.INDIVIDUALS:
            return self._seat_players(draw)
        store = self.context.store

        done = self._run(
            Changed.PLAYERS,
            lambda: seat_partnerships(store, self.context.movement().field, draw),
        )
        if done:
            self.show_message("Partnerships seated for the movement", 5000)
        return done

    def _seat_players(self, draw: random.Random | None) -> bool:
        """Every player takes a place of the individual movement, in roster order or by lot."""
        store, where = self.context.store, self.context.where
        order = None
        if draw is not None:
            order = [p.id for p in sorted(store.players(), key=lambda p: p.id)]
            draw.shuffle(order)
        left: list[Player] = []
        done = self._run(
            Changed.PLAYERS, lambda: left.extend(store.seat_players(order, **where)[1])
        )
        if done:
            said = "Players seated for the movement"
            said += f"; no place for {', '.join(p.name for p in left)}" if left else ""
            self.show_message(said, 8000)
        return done

    def roster_row(self, row: int) -> RosterRow:
        """The roster row shown at `row` of the (filtered) view."""
        return self._row_at(self.proxy.index(row, 0))

    def _row_at(self, index: QModelIndex) -> RosterRow:
        """The roster row behind a cell of the (filtered) view."""
        return self.roster.row(self.proxy.mapToSource(index).row())


def _described(player: Player) -> str:
    """A player as a director tells two of one name apart: name, club, member number."""
    number = f"no. {player.member_number}" if player.member_number else None
    return ", ".join(x for x in (player.name, player.club, number) if x)


GRID_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Delete)
"""Keys the field grid (and its cell editors) keep from the roster's shortcuts."""


def _grid_key(event: QEvent) -> bool:
    return (
        event.type() == QEvent.Type.ShortcutOverride
        and isinstance(event, QKeyEvent)
        and event.key() in GRID_KEYS
    )


class FieldTable(EntryTable):
    """The field grid: Enter and Del act in it, not on the roster's selection."""

    def event(self, event: QEvent) -> bool:
        if _grid_key(event):
            event.accept()  # delivered as a key press to the grid, not as a shortcut
            return True
        return super().event(event)


class NameDelegate(EntryDelegate):
    """A name cell completes from the roster (any part of a name)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.names = QStringListModel(self)

    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        editor = super().createEditor(parent, option, index)
        if isinstance(editor, QLineEdit):
            completer = QCompleter(self.names, editor)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            editor.setCompleter(completer)
        return editor

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if _grid_key(event):
            event.accept()  # Enter enters the name, as in any cell
            return True
        return super().eventFilter(editor, event)
