"""A drive started in the window from the numbered cards the players drew at the door: the
settings dialog's box for the cards, then each player's number typed (Enter goes on to the
next player), each card's table and seat shown as it is typed, a gentleman given a lady's card
and two players given one card refused in words; the first seating is the cards', and a player
without a card waits to join."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from director.gui.context import Changed
from director.gui.dialogs import drive_start
from director.gui.dialogs.drive_printing import BlankCardsPrintDialog
from director.gui.dialogs.drive_start import CardNumbersDialog, DriveStartDialog
from director.gui.main_window import MainWindow
from director.store.values import Gender
from schedules.progressive import card_place
from tests.gui.test_drive_window import ALT, Key, after_dialog, shown_seating
from tests.gui.test_keyboard_evening import Keys
from tests.gui.test_scores import Keyboard
from tests.gui.test_serve_dialog import when_modal
from tests.gui.test_whole_evening import menu
from tests.printing.pdf import pages

pytestmark = pytest.mark.gui

PLAYER, CARD, FIRST = drive_start.COL_PLAYER, drive_start.COL_CARD, drive_start.COL_FIRST

CARDS = {
    "Mrs Hale": 6,
    "Mrs Dunn": 1,
    "Mrs Aske": 2,
    "Mrs Bird": 5,
    "Mr Cole": 3,
    "Mr Eden": 8,
    "Mr Ford": 4,
    "Mr Gray": 7,
}
"""Each player's card: ladies hold cards 1, 2, 5, 6 (North and East), gentlemen the rest."""
LATE = "Mrs Late"


def _retype(keys: Keyboard, dialog: CardNumbersDialog, player: str, text: str) -> str:
    """`text` typed over `player`'s card number; what the dialog then says."""
    row = next(r for r in range(dialog.table.rowCount()) if dialog.cell(r, 0).text() == player)
    dialog.table.setCurrentCell(row, CARD)
    keys.type(text)
    keys.press(Key.Key_Return)
    return dialog.problem.text()


def test_a_drive_starts_from_the_players_numbered_cards(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    store = window.context.store
    for name in CARDS:
        store.add_player(name, gender=Gender.LADY if name.startswith("Mrs") else Gender.GENTLEMAN)
    store.add_player(LATE, gender=Gender.LADY)
    window.context.notify(Changed.PLAYERS)
    keys = Keys(qtbot, window)
    seen: dict[str, object] = {}

    def print_blank(printing: QWidget) -> None:
        assert isinstance(printing, BlankCardsPrintDialog)
        seen["papers"] = printing.chosen()
        printing.render_papers(lambda: None)
        qtbot.waitUntil(lambda: printing.rendered is not None, timeout=30000)
        assert printing.rendered is not None
        seen["blank"] = pages(printing.rendered.pdf)
        printing.reject()

    def typed(dialog: QWidget) -> None:
        assert isinstance(dialog, CardNumbersDialog)
        assert not dialog.ok_button().isEnabled()  # no card typed yet
        when_modal(qtbot, dialog, BlankCardsPrintDialog, print_blank)
        keys.press(Key.Key_P, ALT)  # the numbered cards to hand out, printed first
        qtbot.waitUntil(lambda: "blank" in seen, timeout=30000)
        dialog.activateWindow()  # no window manager to give it back the keyboard
        qtbot.waitUntil(lambda: dialog.isAncestorOf(QApplication.focusWidget()), timeout=5000)
        for row in range(dialog.table.rowCount()):
            assert dialog.table.currentRow() == row
            number = CARDS.get(dialog.cell(row, PLAYER).text())
            if number is None:
                keys.press(Key.Key_Down)
                continue
            keys.type(str(number))
            keys.press(Key.Key_Return)  # on to the next player
        first = {
            dialog.cell(r, PLAYER).text(): dialog.cell(r, FIRST).text()
            for r in range(dialog.table.rowCount())
        }
        seen["first"] = first
        seen["waiting"] = dialog.waiting.text()
        seen["clash of parts"] = _retype(keys, dialog, "Mr Gray", "6")
        seen["clash allowed"] = dialog.ok_button().isEnabled()
        seen["same card"] = _retype(keys, dialog, "Mr Gray", "8")
        seen["unreadable"] = _retype(keys, dialog, "Mr Gray", "x")
        assert _retype(keys, dialog, "Mr Gray", "7") == ""
        assert dialog.waiting.text() == seen["waiting"]
        assert dialog.ok_button().isEnabled()
        dialog.grab().save(str(tmp_path / "drive-cards.png"))
        keys.press(Key.Key_S, ALT)

    def settings(k: Keyboard) -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, DriveStartDialog)
        assert dialog.draw.isEnabled()
        k.press(Key.Key_N, ALT)  # the first seating from the players' numbered cards
        qtbot.waitUntil(dialog.from_cards.isChecked)  # a mnemonic clicks a moment later
        assert not dialog.draw.isEnabled()
        dialog.grab().save(str(tmp_path / "drive-start.png"))
        when_modal(qtbot, dialog, CardNumbersDialog, typed)
        k.press(Key.Key_S, ALT)

    keys.in_dialog(settings)
    menu(keys, qtbot, Key.Key_N, Key.Key_V)
    qtbot.waitUntil(lambda: window.is_drive, timeout=10000)
    after_dialog(qtbot, window)
    assert seen["papers"] == ("score-cards", "table-cards", "caller")
    blank = [page for page in seen["blank"] if "Score cards" in page]
    assert len(blank) == 3  # twelve seats at three tables, four cards a page
    numbered = "\n".join(blank)
    assert {int(n) for n in re.findall(r"No\. (\d+)", numbered)} == set(range(1, 13))
    assert "First hand: Table 3, West" in numbered
    assert not [name for name in CARDS if name in numbered]  # names are written in
    assert seen["first"] == {
        "Mrs Hale": "table 2, East",
        "Mrs Dunn": "table 1, North",
        "Mrs Aske": "table 1, East",
        "Mrs Bird": "table 2, North",
        "Mr Cole": "table 1, South",
        "Mr Eden": "table 2, West",
        "Mr Ford": "table 1, West",
        "Mr Gray": "table 2, South",
        LATE: "",
    }
    assert seen["waiting"] == "1 without a card, not seated yet"
    assert seen["clash of parts"] == (
        "Mr Gray is a gentleman and card 6 is a lady's; give Mr Gray a gentleman's card"
    )
    assert seen["clash allowed"] is False
    assert "Mr Eden and Mr Gray hold the same card (table 2, W)" in str(seen["same card"])
    assert str(seen["unreadable"]).startswith("Mr Gray: 'x' is not one of the drive's cards")
    record = store.drive()
    assert record.draw_seed is None
    assert {p: record.first.place_of(p) for p in CARDS} == {
        p: card_place(n) for p, n in CARDS.items()
    }
    assert LATE not in record.first.players()
    assert shown_seating(window) == record.first
    assert window.statusBar().currentMessage() == (
        "The drive has begun: the first seating is the players' numbered cards"
    )
