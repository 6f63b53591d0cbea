"""Starting a whist drive: its settings, with the first seating drawn by the program or taken
from the numbered cards the players drew at the door; for the cards, each player's number typed
in a list that shows where it seats them (docs/drive.md#the-moving-rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QCheckBox,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from director.evening.drive_seating import DrawnCards, read_card_numbers
from director.gui.dialogs.drive_settings import DriveSettingsDialog
from director.gui.dialogs.form import FormDialog
from director.gui.errors import EXPECTED
from director.gui.screens.drive.model import place_words
from director.store.values import Player
from schedules.progressive import DriveSettings, card_place

COL_PLAYER, COL_CARD, COL_FIRST = range(3)


class DriveStartDialog(DriveSettingsDialog):
    """The drive's settings, and whether its first seating comes from the players' cards."""

    def __init__(self, roster: Sequence[Player], parent: QWidget | None = None) -> None:
        super().__init__(roster, parent)
        self.from_cards = QCheckBox("First seating from the players' &numbered cards")
        self.from_cards.setToolTip(
            "The players drew numbered cards at the door: type each one's number next"
        )
        # PySide6's stubs call the (row, role) pair an object
        row, _role = cast(tuple[int, object], self.form.getWidgetPosition(self.draw))
        self.form.insertRow(row, self.from_cards)
        # the number still draws any lots for tied prizes
        self.from_cards.toggled.connect(lambda on: self.draw.setEnabled(not on))


class CardNumbersDialog(FormDialog):
    """Each player's card number, typed, and where it seats them for the first hand."""

    printAsked = Signal()
    """The host asked to print the numbered cards (blank, to be drawn at the door)."""

    def __init__(
        self, settings: DriveSettings, roster: Sequence[Player], parent: QWidget | None = None
    ) -> None:
        super().__init__("The players' numbered cards", parent, "&Start the drive", "Cance&l")
        self.settings = settings
        self.roster = tuple(roster)
        intro = QLabel(
            f"Type the number on each player's card (1 to {4 * settings.tables}): it says where"
            " they sit for the first hand. A player with no card yet is not seated, and can"
            " join the drive later."
        )
        intro.setWordWrap(True)
        self.table = QTableWidget(len(self.roster), 3)
        self.table.setHorizontalHeaderLabels(["Player", "Card", "First hand"])
        self.table.setAccessibleName("Players' card numbers")
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()  # row numbers would read as card numbers
        for row, player in enumerate(self.roster):
            for column, text in ((COL_PLAYER, player.name), (COL_CARD, ""), (COL_FIRST, "")):
                item = QTableWidgetItem(text)
                if column != COL_CARD:
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setCurrentCell(0, COL_CARD)
        self.waiting = QLabel()
        """Who has no card yet (not seated)."""
        printing = self.buttons.addButton(
            "&Print the numbered cards…", QDialogButtonBox.ButtonRole.ActionRole
        )
        printing.setToolTip("Blank cards with their numbers, to hand out at the door")
        printing.clicked.connect(self.printAsked)
        self.add_rows([(None, intro), ("&Cards:", self.table), (None, self.waiting)])
        self.close_form()
        self.table.itemChanged.connect(self._follow)
        self.table.itemDelegate().closeEditor.connect(self._next_player)
        self.resize(480, 520)
        self._follow()

    def cell(self, row: int, column: int) -> QTableWidgetItem:
        """The item at `row`, `column` (every cell has one)."""
        item = self.table.item(row, column)
        assert item is not None
        return item

    def typed(self) -> dict[str, str]:
        """The number typed for each player, by name ("" for none)."""
        return {p.name: self.cell(row, COL_CARD).text() for row, p in enumerate(self.roster)}

    def drawn(self) -> DrawnCards:
        """The cards as typed (refused in words when they cannot start the drive)."""
        return read_card_numbers(self.settings, self.roster, self.typed())

    def _follow(self) -> None:
        """Show where each card seats its player, and why Start is off."""
        self.table.blockSignals(True)  # the column written here is no change of the cards
        for row in range(len(self.roster)):
            text = self.cell(row, COL_CARD).text().strip()
            place = card_place(int(text)) if text.isdigit() and int(text) > 0 else None
            within = place is not None and place.table <= self.settings.tables
            self.cell(row, COL_FIRST).setText(place_words(place) if within else "")
        self.table.blockSignals(False)
        try:
            waiting = len(self.drawn().waiting)
        except EXPECTED as exc:
            self.waiting.clear()
            self.allow(str(exc))
            return
        self.allow("")
        self.waiting.setText(f"{waiting} without a card, not seated yet" if waiting else "")

    def _next_player(self, _editor: QWidget, hint: QAbstractItemDelegate.EndEditHint) -> None:
        """Enter after a number goes on to the next player's card, as typing down a list."""
        if hint is QAbstractItemDelegate.EndEditHint.SubmitModelCache:
            row = self.table.currentRow()
            self.table.setCurrentCell(min(row + 1, len(self.roster) - 1), COL_CARD)
