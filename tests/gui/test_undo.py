"""Undo from the keyboard takes back exactly the last step, whatever it was, and says which."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from director.evening.drive_progress import held_drive
from director.gui.context import Changed
from director.gui.main_window import MainWindow
from director.gui.screens.drive.model import COL_RESULT
from director.gui.screens.scores.model import COL_EW_TRICKS, COL_NS_TRICKS
from director.gui.screens.slips.model import COL_TRUMP
from director.store.values import Gender, ResultEntry
from schedules.progressive import DriveSettings
from tests.gui.evening import type_down

pytestmark = pytest.mark.gui


def test_ctrl_z_straight_after_an_entry_takes_it_back_with_the_next_editor_open(
    qtbot, seated: MainWindow
) -> None:
    window = seated
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)
    table = window.scores.table
    type_down(qtbot, table, window.scores.model.index(0, COL_NS_TRICKS), ["7"])
    store = window.context.store
    assert [r.ns_tricks for r in store.results()] == [7]
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)  # the next row's cell is open for the next entry
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: store.results() == (), timeout=3000)
    assert "record result" in window.statusBar().currentMessage()


def test_ctrl_z_in_an_editor_with_typing_undoes_the_typing_first(qtbot, seated: MainWindow) -> None:
    window = seated
    store = window.context.store
    store.record_result(ResultEntry(1, 1, 1, 1, 7))
    window.context.notify(Changed.RESULTS)
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)
    table = window.scores.table
    table.setFocus()
    table.setCurrentIndex(window.scores.model.index(1, COL_NS_TRICKS))
    qtbot.keyClick(table, Qt.Key.Key_Return)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    qtbot.keyClicks(editor, "9")
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.text() == ""
    assert len(store.results()) == 1


def test_undo_after_dissolving_a_pair_restores_the_pair_not_an_earlier_result(
    qtbot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = seated
    store = window.context.store
    store.record_result(ResultEntry(1, 1, 1, 1, 7))
    window.context.notify(Changed.EVERYTHING)
    window.tabs.setCurrentWidget(window.players)
    screen = window.players
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *_a: QMessageBox.StandardButton.Yes)
    )
    screen.pairs_view.selectRow(0)
    pairs_before = store.partnerships()
    screen.dissolve_selected()
    assert len(store.partnerships()) == len(pairs_before) - 1
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: store.partnerships() == pairs_before, timeout=3000)
    assert [r.ns_tricks for r in store.results()] == [7]
    assert "dissolve partnership" in window.statusBar().currentMessage()


def test_seating_the_field_by_draw_is_one_undo_step(qtbot, seated: MainWindow) -> None:
    window = seated
    store = window.context.store
    before = store.partnerships()
    assert window.players.draw()
    window.undo()
    assert store.partnerships() == before


def test_the_undo_action_names_the_step_it_would_take(qtbot, seated: MainWindow) -> None:
    window = seated
    window.context.store.dissolve_partnership("NS1")
    window.context.notify(Changed.PLAYERS)
    qtbot.waitUntil(lambda: "dissolve partnership" in window.undo_action.text(), timeout=3000)
    window.undo()
    qtbot.waitUntil(lambda: "dissolve partnership" in window.redo_action.text(), timeout=3000)
    assert "choose movement" in window.undo_action.text()


def test_ctrl_z_takes_back_the_directors_step_not_a_tables_entry_made_since(
    qtbot, seated: MainWindow
) -> None:
    window = seated
    store = window.context.store
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)
    type_down(qtbot, window.scores.table, window.scores.model.index(0, COL_NS_TRICKS), ["7"])
    (mine,) = store.results()
    # a table's phone enters its result meanwhile (the table server shares the open event)
    at_table_2 = next(s for s in store.movement().seatings if (s.round, s.table) == (1, 2))
    store.record_result(ResultEntry(1, 1, 2, at_table_2.trays[0], 8, entered_by="table 2"))
    window.context.notify(Changed.RESULTS)
    window.name_undo_steps()
    assert "record result by director" in window.undo_action.statusTip()
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: [r.entered_by for r in store.results()] == ["table 2"], timeout=3000)
    assert "record result by director" in window.statusBar().currentMessage()
    assert mine.id not in {r.id for r in store.results()}
    # The table's entry is taken back from the History, by choosing it.
    window.tabs.setCurrentWidget(window.history)
    history = window.history
    rows = [history.model.row(i) for i in range(history.model.rowCount())]
    step = next(i for i, e in enumerate(rows) if (e.who, e.action) == ("table 2", "record result"))
    history.table.setFocus()
    history.table.selectRow(step)
    assert history.take_back.isEnabled()
    qtbot.keyClick(history.table, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: store.results() == (), timeout=3000)
    newest = store.audit_log(1)[0]
    assert (newest.who, newest.action) == ("director", "undo")
    assert "record result by table 2" in newest.summary


def test_an_editor_closed_without_a_change_is_no_step_and_nothing_to_undo(
    qtbot, seated: MainWindow
) -> None:
    window = seated
    store = window.context.store
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)
    table, model = window.scores.table, window.scores.model
    type_down(qtbot, table, model.index(0, COL_NS_TRICKS), ["7"])
    steps = len(store.audit_log())
    # The figure shown, opened and left as it was (N/S's, then E/W's), then a trump slip.
    type_down(qtbot, table, model.index(0, COL_NS_TRICKS), ["7"])
    type_down(qtbot, table, model.index(0, COL_EW_TRICKS), ["6"])
    assert len(store.audit_log()) == steps
    (result,) = store.results()
    assert result.version == 1
    window.name_undo_steps()
    assert window.undo_action.text() == "&Undo record result"
    window.tabs.setCurrentWidget(window.slips)
    slips = window.slips
    type_down(qtbot, slips.table, slips.model.index(0, COL_TRUMP), ["QH"])
    steps = len(store.audit_log())
    type_down(qtbot, slips.table, slips.model.index(0, COL_TRUMP), ["qh"])
    assert len(store.audit_log()) == steps
    window.undo()
    assert store.slips() == ()  # the slip's own entry, not an unchanged one, was taken back


def test_ctrl_z_with_a_cell_open_shows_the_undone_value_at_once(qtbot, seated: MainWindow) -> None:
    window = seated
    store = window.context.store
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)
    table, model = window.scores.table, window.scores.model
    type_down(qtbot, table, model.index(0, COL_NS_TRICKS), ["7", "5"])
    assert model.data(model.index(1, COL_NS_TRICKS)) == "5"
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)  # the third row's cell, open for the next entry
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: [r.ns_tricks for r in store.results()] == [7], timeout=3000)
    # Shown at once, the cell still open where the director was (no Esc needed).
    assert model.data(model.index(1, COL_NS_TRICKS)) == ""
    assert model.data(model.index(1, COL_EW_TRICKS)) == ""
    assert model.row(1).result is None
    assert table.state() == table.State.EditingState
    assert table.indexWidget(model.index(2, COL_NS_TRICKS)) is editor
    assert window.scores.count.text().startswith("1 of ")
    qtbot.keyClicks(editor, "8")
    window.undo_action.trigger()  # from the menu, the figure being typed kept as typed
    assert store.results() == ()
    assert model.data(model.index(0, COL_NS_TRICKS)) == ""
    assert editor.text() == "8"
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # committed as the event loop comes back
    qtbot.waitUntil(lambda: len(store.results()) == 1, timeout=3000)
    assert [(r.table, r.ns_tricks) for r in store.results()] == [(model.row(2).table, 8)]


def test_a_drive_hand_typed_again_as_it_stands_is_no_step(qtbot, window: MainWindow) -> None:
    """ "n 8" over a table's "N-S 8" is the hand as it stands, typed another way: nothing is
    entered, and Ctrl+Z takes back the hand's own entry."""
    store = window.context.store
    for n in range(4):
        store.add_player(f"Mrs L{n}", gender=Gender.LADY)
        store.add_player(f"Mr G{n}", gender=Gender.GENTLEMAN)
    store.start_drive(DriveSettings(tables=2, hands=4), seed=2026)
    window.open_store(store, reopen=True)
    window.tabs.setCurrentWidget(window.drive)
    table, model = window.drive.table, window.drive.model
    type_down(qtbot, table, model.index(0, COL_RESULT), ["N 8"])
    steps = len(store.audit_log())
    for again in ("N-S 8", "n 8", "ns 8"):
        type_down(qtbot, table, model.index(0, COL_RESULT), [again])
        assert window.drive.message.text() == "", again  # taken, not refused
    assert len(store.audit_log()) == steps
    window.undo()
    assert held_drive(store).entries_of(1) == ()
