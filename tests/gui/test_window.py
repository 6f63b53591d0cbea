"""The main window: title, undo and redo, window state, recent files, printing, start-up."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, QSettings, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from director.gui import app, errors
from director.gui.context import Changed
from director.gui.demo import pair_up
from director.gui.dialogs.printing import PrintDialog
from director.gui.main_window import MainWindow
from director.gui.screens.scores.model import COL_NS_TRICKS
from director.gui.settings import Settings
from director.store.services import EventStore
from schedules.catalog import Request, build

pytestmark = pytest.mark.gui


@pytest.fixture
def seated(window: MainWindow) -> MainWindow:
    """The window's event with a three-table Mitchell, pairs seated, nothing entered."""
    store = window.context.store
    movement = build(Request("mitchell", tables=3, trays_per_round=2))
    for n in range(2 * len(movement.field)):
        store.add_player(f"Player {n}")
    pair_up(store, movement.field)
    store.choose_movement(movement)
    window.context.notify(Changed.EVERYTHING)
    return window


def test_title_names_the_event_and_its_file(window: MainWindow) -> None:
    assert window.windowTitle() == "Test evening — event.whist — Whist Director"


def test_undo_and_redo_reach_every_screen(qtbot, seated: MainWindow) -> None:
    scores = seated.scores
    seated.tabs.setCurrentWidget(scores)
    scores.show_round(1)
    assert scores.enter_tricks(0, 9)
    assert scores.model.counts()[0] == 1
    assert seated.undo_action.shortcut() == QKeySequence("Ctrl+Z")
    assert seated.redo_action.shortcut() == QKeySequence("Ctrl+Shift+Z")
    seated.undo_action.trigger()
    assert scores.model.counts()[0] == 0
    assert "Undo" in seated.statusBar().currentMessage()
    seated.redo_action.trigger()
    assert scores.model.data(scores.model.index(0, COL_NS_TRICKS)) == "9"
    seated.history.ensure_fresh()
    assert seated.history.model.row(0).action in {"redo", "record result"}


def test_correcting_a_result_keeps_its_history(seated: MainWindow) -> None:
    scores = seated.scores
    scores.show_round(1)
    assert scores.enter_tricks(0, 9)
    assert scores.enter_tricks(0, 6)
    assert scores.model.data(scores.model.index(0, COL_NS_TRICKS + 1)) == "7"
    actions = [e.action for e in seated.context.store.audit_log(limit=2)]
    assert actions == ["correct result", "record result"]
    seated.history.refresh()
    assert "correct result" in seated.history.model.data(seated.history.model.index(0, 2))


def test_window_state_is_remembered(qtbot, settings: Settings, store: EventStore) -> None:
    first = MainWindow(settings, store)
    qtbot.addWidget(first)
    first.resize(700, 500)
    first.show()
    first.close()
    again = MainWindow(settings, EventStore.open(store.path))
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (700, 500)
    assert store.path.resolve() in settings.recent_files()
    assert again.recent_menu.actions()[0].text().startswith("&1 event.whist")


def test_printing_renders_in_the_background_and_previews(qtbot, seated: MainWindow) -> None:
    dialog = PrintDialog(seated.context, seated)
    qtbot.addWidget(dialog)
    dialog.document.setCurrentIndex(dialog.document.findData("travellers"))
    op = dialog.preview()
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
    assert op is not None
    assert dialog.rendered.pdf.startswith(b"%PDF")
    assert dialog.save_button.isEnabled()
    assert dialog.pages.count() == len(dialog.rendered.pages) > 0
    dialog.document.setCurrentIndex(dialog.document.findData("results"))
    assert not dialog.save_button.isEnabled()  # a new choice must be rendered first
    dialog.preview()
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
    assert dialog.rendered.pdf.startswith(b"%PDF")


def test_start_up_opens_the_default_event_creating_it(
    qapp, data_folder: Path, settings: Settings
) -> None:
    window = app.make_window(settings=settings)
    window.close()
    assert (data_folder / "event.whist").exists()
    assert window.windowTitle().startswith(app.DEFAULT_EVENT_NAME)
    again = app.make_window(settings=settings)
    again.close()
    assert again.windowTitle() == window.windowTitle()


def test_main_runs_until_the_window_closes(
    qapp, tmp_path: Path, data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # main() installs its own
    QTimer.singleShot(200, QApplication.closeAllWindows)
    try:
        assert app.main(["whist-director", str(tmp_path / "evening.whist")]) == 0
    finally:
        for handler in list(errors.LOGGER.handlers):
            errors.LOGGER.removeHandler(handler)
            handler.close()
    assert (tmp_path / "evening.whist").exists()
    assert (data_folder / "logs").is_dir()


def test_a_declared_trump_needs_no_slips(seated: MainWindow, monkeypatch) -> None:
    from director.gui.dialogs.event_settings import EventSettingsDialog
    from tests.gui.evening import answer_dialog

    def declare(dialog: EventSettingsDialog) -> None:
        dialog.name.setText("Spades night")
        dialog.trump.setCurrentIndex(dialog.trump.findData("S"))

    answer_dialog(monkeypatch, EventSettingsDialog, declare)
    seated.settings_action.trigger()
    assert seated.windowTitle().startswith("Spades night — ")
    seated.tabs.setCurrentWidget(seated.slips)
    assert "spades" in seated.slips.note.text()
    assert not seated.slips.table.isEnabled()
    assert seated.context.store.info().settings.declared_trump == "S"


def test_minutes_a_deal_is_a_remembered_setting(window: MainWindow, settings: Settings) -> None:
    window.movement.per_tray.setValue(8.5)
    assert float(settings.minutes_per_tray()) == 8.5
    assert float(window.movement.ask().minutes_per_tray) == 8.5


def test_players_are_added_edited_and_removed_after_confirmation(
    window: MainWindow, monkeypatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from director.gui.dialogs.player import PlayerDialog
    from tests.gui.evening import answer_dialog

    screen = window.players
    answer_dialog(monkeypatch, PlayerDialog, lambda d: d.name.setText("Mrs Ames"))
    screen.add_player()
    answer_dialog(monkeypatch, PlayerDialog, lambda d: d.name.setText("Mr Brown"))
    screen.add_player()
    assert sorted(p.name for p in window.context.store.players()) == ["Mr Brown", "Mrs Ames"]

    def select_first() -> None:
        # through the selection model: selectRow() would obey modifier keys left pressed
        screen.players_view.selectionModel().select(
            screen.proxy.index(0, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )

    select_first()
    answer_dialog(monkeypatch, PlayerDialog, lambda d: d.club.setText("Hill"))
    screen.edit_selected()
    assert [p.club for p in window.context.store.players()].count("Hill") == 1
    assert [screen.roster_row(r).player.club for r in range(2)].count("Hill") == 1
    select_first()
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.No)
    screen.remove_selected()
    assert len(window.context.store.players()) == 2
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Yes)
    screen.remove_selected()
    assert len(window.context.store.players()) == 1
    assert screen.count.text() == "1 of 1 players shown"


def test_the_chart_draws_with_and_without_figures(qtbot) -> None:
    from fractions import Fraction

    from director.gui.widgets.chart import RunningChart

    chart = RunningChart()
    qtbot.addWidget(chart)
    chart.resize(500, 300)
    assert not chart.grab().isNull()
    chart.set_series({"NS1": [Fraction(1), Fraction(5, 2)], "EW1": [Fraction(-1), Fraction(-5, 2)]})
    assert not chart.grab().isNull()
    assert chart.toolTip() == "NS1: +2.5\nEW1: -2.5"


def test_a_file_that_is_not_an_event_is_left_alone_and_a_new_one_opened(
    qapp, data_folder: Path, settings: Settings, monkeypatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda _p, _t, text: shown.append(text))
    )
    data_folder.mkdir(parents=True, exist_ok=True)
    broken = data_folder / "event.whist"
    broken.write_bytes(b"this is a shopping list, not an event")
    window = app.make_window(settings=settings)
    window.close()
    assert broken.read_bytes() == b"this is a shopping list, not an event"
    assert "cannot be opened" in shown[0]
    assert window.context.store.path != broken
    assert window.context.store.path.parent == data_folder


def test_a_second_session_gets_its_own_movement(seated: MainWindow) -> None:
    seated.add_session_action.trigger()
    assert seated.where.count() == 2
    assert (seated.context.session, seated.context.section) == (2, "A")
    seated.tabs.setCurrentWidget(seated.scores)
    assert "Nothing to enter yet" in seated.scores.note.text()
    seated.where.setCurrentIndex(0)
    assert seated.context.session == 1
    assert seated.scores.model.rowCount() > 0
