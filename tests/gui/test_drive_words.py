"""A drive's screens in its own words, read whole: the moves beside the grid are not cut at
the pane's edge nor need the pane scrolled sideways; the heading names the tables still to
enter; History says where a hand is corrected."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from director.gui.context import Changed
from director.gui.dialogs.drive_settings import field_words
from director.gui.main_window import MainWindow
from director.gui.screens.drive.model import TableRow
from director.store.services import EventStore
from director.store.values import Gender, Player
from schedules.progressive import DriveSettings, Side

pytestmark = pytest.mark.gui


def begin_drive(window: MainWindow, couples: int, tables: int) -> EventStore:
    """The window's event made a drive of `couples` ladies and as many gentlemen on `tables`
    tables, begun and shown anew; its store."""
    store = window.context.store
    for n in range(couples):
        store.add_player(f"Mrs Hale {n}", gender=Gender.LADY)
        store.add_player(f"Mr Hale {n}", gender=Gender.GENTLEMAN)
    store.start_drive(DriveSettings(tables=tables, hands=4), seed=1)
    window.open_store(store, reopen=True)
    return store


def test_every_move_reads_whole_in_the_pane(qtbot: QtBot, window: MainWindow) -> None:
    store = window.context.store
    for n, surname in enumerate(("Hale", "Dunn", "Price", "Fitzgerald-Worthington")):
        store.add_player(f"Mrs {surname} {n}", gender=Gender.LADY)
        store.add_player(f"Mr {surname} {n}", gender=Gender.GENTLEMAN)
    store.start_drive(DriveSettings(tables=2, hands=4), seed=1)
    store.enter_drive_hand(1, 1, Side.NS, 8)
    store.enter_drive_hand(1, 2, Side.EW, 9)
    window.open_store(store, reopen=True)
    window.context.notify(Changed.EVERYTHING)
    window.tabs.setCurrentWidget(window.drive)
    view = window.drive.moves_view
    qtbot.waitUntil(lambda: view.model().rowCount() == 8)
    qtbot.wait(50)  # laid out
    assert view.horizontalScrollBar().maximum() == 0
    goes = view.model().columnCount() - 1
    for row in range(view.model().rowCount()):
        index = view.model().index(row, goes)
        cell = view.visualRect(index).adjusted(3, 0, -3, 0)  # the cell's text margins
        text = str(index.data())
        needed = view.fontMetrics().boundingRect(cell, Qt.TextFlag.TextWordWrap, text)
        assert needed.width() <= cell.width(), text
        assert needed.height() <= cell.height(), text


def test_the_heading_names_the_tables_still_to_enter(qtbot: QtBot, window: MainWindow) -> None:
    store = begin_drive(window, 4, tables=2)
    window.tabs.setCurrentWidget(window.drive)
    heading = window.drive.heading
    qtbot.waitUntil(lambda: heading.text().endswith("waiting for tables 1, 2"))
    store.enter_drive_hand(1, 1, Side.NS, 8)
    window.context.notify(Changed.EVERYTHING)
    qtbot.waitUntil(lambda: heading.text().endswith("waiting for table 2"))


def test_history_says_a_drives_hand_is_corrected_in_its_grid(
    qtbot: QtBot, window: MainWindow
) -> None:
    history = window.history
    window.tabs.setCurrentWidget(history)
    qtbot.waitUntil(lambda: "typing over it in Scores" in history.intro.text())
    begin_drive(window, 2, tables=1)
    window.tabs.setCurrentWidget(window.history)
    said = window.history.intro
    qtbot.waitUntil(lambda: "Correct a hand by typing over it in Drive." in said.text())
    assert "Scores" not in said.text()


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        (("Mrs Hale", None, "Mr Hale", None), ("Mrs Hale & Mr Hale", "seats empty")),
        (("Mrs Hale", "Mrs Dunn", None, "Mr Dunn"), ("Mrs Hale, no partner", "Mrs Dunn & Mr Dunn")),
    ],
)
def test_a_short_tables_sides_say_who_is_there(
    seats: tuple[str | None, ...], words: tuple[str, str]
) -> None:
    row = TableRow(4, seats, plays=False, entry=None, penalties=())
    assert (row.pair(Side.NS), row.pair(Side.EW)) == words


@pytest.mark.parametrize(
    ("genders", "words"),
    [
        (
            (Gender.LADY,) * 7 + (Gender.GENTLEMAN,) * 6 + (None,),
            "7 ladies, 6 gentlemen and 1 not said",
        ),
        ((Gender.LADY, Gender.GENTLEMAN), "1 lady and 1 gentleman"),
    ],
)
def test_the_drives_settings_count_the_field_by_part(
    genders: tuple[Gender | None, ...], words: str
) -> None:
    roster = [Player(id=n, name=f"P{n}", gender=g) for n, g in enumerate(genders, 1)]
    assert field_words(roster) == words
