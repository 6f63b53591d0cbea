"""The main window: title, undo and redo, window state, recent files, printing, start-up."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, QSettings, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from director.evening.progress import Step
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
    first.resize(760, 600)
    first.show()
    first.close()
    again = MainWindow(settings, EventStore.open(store.path))
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (760, 600)
    assert store.path.resolve() in settings.recent_files()
    assert again.recent_menu.actions()[0].text().startswith("&1 event.whist")


def test_tonights_papers_preview_every_page_and_print_in_one_go(
    qtbot, tmp_path: Path, seated: MainWindow, monkeypatch
) -> None:
    from pypdf import PdfReader
    from PySide6.QtGui import QImage
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewWidget

    from director.gui.dialogs.printing import TONIGHT
    from director.gui.pdf_pages import PdfPages
    from director.printing.event import print_event_document, read_papers

    dialog = PrintDialog(seated.context, seated)
    qtbot.addWidget(dialog)
    assert dialog.chosen() == TONIGHT
    op = dialog.render_papers(lambda: None)
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
    assert op is not None
    papers = read_papers(seated.context.store, TONIGHT)
    expected = sum(len(PdfReader(BytesIO(print_event_document(papers, d))).pages) for d in TONIGHT)
    assert dialog.rendered.pages == expected == len(PdfReader(BytesIO(dialog.rendered.pdf)).pages)
    assert dialog.preview_widget.findChild(QPrintPreviewWidget) is None  # it is the preview
    assert dialog.preview_widget.pageCount() == expected  # every page, not the first few
    assert not seated.path_bar.buttons[Step.PAPERS].text().startswith("✓")

    printed = tmp_path / "printed.pdf"

    def choose_printer(print_dialog: QPrintDialog) -> int:
        print_dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        print_dialog.printer().setOutputFileName(str(printed))
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(QPrintDialog, "exec", choose_printer)
    dialog.print_button.click()
    qtbot.waitUntil(lambda: "Sent" in dialog.status.text(), timeout=30000)
    assert len(PdfReader(printed).pages) == expected
    first = (
        PdfPages(printed.read_bytes()).image(0, 20).convertToFormat(QImage.Format.Format_Grayscale8)
    )
    assert min(first.constBits().tobytes()) < 100  # the sheets carry the papers, not white
    seated.refresh_path()
    assert seated.path_bar.buttons[Step.PAPERS].text().startswith("✓ Papers")


def test_a_changed_choice_is_rendered_again(qtbot, seated: MainWindow) -> None:
    dialog = PrintDialog(seated.context, seated)
    qtbot.addWidget(dialog)
    dialog.render_papers(lambda: None)
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
    dialog.choose(("results",))
    assert dialog.rendered is None  # a new choice must be rendered first
    dialog.render_papers(lambda: None)
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
    assert [name for name, _n in dialog.rendered.counts] == [
        "Results (standings, deals, personal sheets)"
    ]


def test_the_first_start_offers_the_example_evening(
    qapp, data_folder: Path, settings: Settings, monkeypatch
) -> None:
    from director.gui.dialogs.start import EXAMPLE, EXAMPLE_FILE, StartDialog

    def take_example(dialog: StartDialog) -> int:
        dialog.choice = EXAMPLE
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(StartDialog, "exec", take_example)
    window = app.start_window(settings)
    assert window is not None
    window.close()
    assert (data_folder / EXAMPLE_FILE).exists()
    assert window.windowTitle().startswith("Club night (5 tables)")
    assert all(s.done for s in window.path_bar.states)

    def refuse(_dialog: StartDialog) -> int:
        raise AssertionError("the start dialog is not shown once an event was opened")

    monkeypatch.setattr(StartDialog, "exec", refuse)
    again = app.start_window(settings)  # the event opened last, without asking
    assert again is not None
    again.close()
    assert again.windowTitle() == window.windowTitle()


def test_the_first_start_can_quit_or_make_a_new_event(
    qapp, data_folder: Path, settings: Settings, monkeypatch
) -> None:
    from director.gui.dialogs.new_event import NewEventDialog
    from director.gui.dialogs.start import NEW, StartDialog
    from tests.gui.evening import answer_dialog

    monkeypatch.setattr(StartDialog, "exec", lambda _d: QDialog.DialogCode.Rejected.value)
    assert app.start_window(settings) is None

    def take_new(dialog: StartDialog) -> int:
        dialog.choice = NEW
        return QDialog.DialogCode.Accepted.value

    data_folder.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(StartDialog, "exec", take_new)
    answer_dialog(monkeypatch, NewEventDialog, lambda d: d.name.setText("Club night"))
    window = app.start_window(settings)
    assert window is not None
    window.close()
    assert window.context.store.path == data_folder / "club-night.whist"
    assert window.context.store.info().held_on is not None


def test_main_runs_until_the_window_closes(
    qapp, tmp_path: Path, data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # main() installs its own

    def close_once_open() -> None:
        # the event opens a moment after the window is drawn
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        if any(w.context is not None for w in windows):
            QApplication.closeAllWindows()
        else:
            QTimer.singleShot(50, close_once_open)

    QTimer.singleShot(50, close_once_open)
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
    window = app.start_window(settings)  # the default event file of earlier versions
    assert window is not None
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


RESTORE_AT_SCALE = """
import json, sys, time
from pathlib import Path
from PySide6.QtCore import QPoint, QRect, QSettings
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot
from director.gui.main_window import MainWindow
from director.gui.settings import Settings
from director.store.services import EventStore

app = QApplication([])
settings = Settings(QSettings(sys.argv[1], QSettings.Format.IniFormat))
window = MainWindow(settings, EventStore.open(Path(sys.argv[2])))
window.show()
if "maximized" in sys.argv[3:]:
    window.showMaximized()
app.processEvents()
# a window manager frames the window a moment after it shows, and the window fits again
end = time.monotonic() + (5 if "framed" in sys.argv[3:] else 0)
while time.monotonic() < end and window.frameGeometry() == window.geometry():
    app.processEvents()
for _ in range(20):
    app.processEvents()
    time.sleep(0.01)
frame, room = window.frameGeometry(), window.screen().availableGeometry()
bar = window.statusBar()
status = QRect(bar.mapToGlobal(QPoint(0, 0)), bar.size())
print(json.dumps([frame.getCoords(), room.getCoords(), status.getCoords()]))
window.close()
"""


def reopen(
    settings: Path, event: Path, scale: float, *more: str, display: str | None = None
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Open the window in a program of its own at `scale`, then close it (saving where it
    was); the window's frame, the screen's room and the status bar, as x1, y1, x2, y2. On
    `display`, where a window manager runs, once the manager has framed the window."""
    shown = {"DISPLAY": display} if display else {}
    framed = ("framed",) if display else ()
    run = subprocess.run(
        [sys.executable, "-c", RESTORE_AT_SCALE, str(settings), str(event), *more, *framed],
        env={**os.environ, "QT_SCALE_FACTOR": str(scale), **shown},
        capture_output=True,
        text=True,
        check=True,
    )
    frame, room, status = json.loads(run.stdout.splitlines()[-1])
    return tuple(frame), tuple(room), tuple(status)


def within(inner: tuple[int, ...], outer: tuple[int, ...]) -> bool:
    """Rectangle `inner` (x1, y1, x2, y2) lies wholly inside `outer`."""
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and (inner[3] <= outer[3])
    )


def test_a_window_saved_at_100_percent_fits_the_screen_at_300_percent(
    qtbot, tmp_path: Path, settings: Settings, store: EventStore
) -> None:
    first = MainWindow(settings, store)
    qtbot.addWidget(first)
    first.show()
    first.close()  # saves its geometry (the default size) at the scale of this run
    settings.sync()
    assert store.path is not None
    frame, room, status = reopen(tmp_path / "settings.ini", store.path, 3)
    assert within(frame, room)
    assert within(status, room)


@pytest.mark.slow
@pytest.mark.parametrize(
    "scales",
    [(1, 2), (3, 1.5)],
    ids=lambda s: " then ".join(f"{int(100 * x)} %" for x in s),
)
def test_under_a_window_manager_the_window_reopens_wholly_on_screen(
    tmp_path: Path, store: EventStore, scales: tuple[float, float]
) -> None:
    """A window manager frames the window (title bar, borders) a moment after it shows, as
    on a director's desktop: the frame must not push the status bar below the screen."""
    from benchmarks.display import tool, virtual_display

    assert store.path is not None
    event = store.path
    store.close()
    with virtual_display() as display:
        manager = subprocess.Popen(
            [tool("openbox"), "--sm-disable"],
            env={**os.environ, "DISPLAY": display},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for scale in scales:
                frame, room, status = reopen(
                    tmp_path / "settings.ini", event, scale, display=display
                )
                assert within(status, room), (scale, status, room)
                assert within(frame, room), (scale, frame, room)
            # saved maximized, then reopened
            reopen(tmp_path / "settings.ini", event, scales[0], "maximized", display=display)
            frame, room, status = reopen(
                tmp_path / "settings.ini", event, scales[0], display=display
            )
            assert within(status, room), ("after maximized", status, room)
        finally:
            manager.terminate()
            manager.wait(timeout=10)


def test_history_says_each_change_in_words(seated: MainWindow) -> None:
    scores = seated.scores
    scores.show_round(1)
    assert scores.enter_tricks(0, 9)
    assert scores.enter_tricks(0, 6)
    (result,) = seated.context.store.results()
    seated.history.refresh()
    seated.history.table.selectRow(0)
    shown = seated.history.detail.toPlainText()
    assert shown == (
        f"result round 1 table {result.table} tray {result.tray}: N/S 9 → 6, E/W 4 → 7"
    )
    seated.history.table.selectRow(1)
    assert seated.history.detail.toPlainText() == (
        f"result round 1 table {result.table} tray {result.tray} added: N/S 9, E/W 4"
    )
    seated.history.table.selectRow(seated.history.model.rowCount() - 1)
    assert "player Player 0 added" in seated.history.detail.toPlainText()


def path_text(window: MainWindow) -> list[str]:
    return [window.path_bar.buttons[step].text() for step in Step]


def test_the_evening_path_shows_what_is_done_and_goes_on(qtbot, window: MainWindow) -> None:
    from PySide6.QtCore import Qt

    from director.gui.demo import enter_everything

    assert path_text(window)[:2] == ["1. Field\nno players yet", "2. Movement\nnot chosen"]
    assert window.path_bar.go_on.text() == "Next: Enter the players"
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentWidget() is window.players
    store = window.context.store
    movement = build(Request("mitchell", tables=3, trays_per_round=2))
    for n in range(2 * len(movement.field)):
        store.add_player(f"Player {n}")
    window.context.notify(Changed.PLAYERS)
    qtbot.waitUntil(lambda: "Form the pairs" in window.path_bar.go_on.text())
    pair_up(store, movement.field)
    store.choose_movement(movement)
    window.context.notify(Changed.EVERYTHING)
    qtbot.waitUntil(lambda: path_text(window)[1].startswith("✓ Movement"))
    assert path_text(window)[0] == "✓ Field\n6 pairs"
    assert window.path_bar.go_on.text() == "Next: Print tonight's papers"
    window.context.papers_printed.add((1, "A"))
    window.context.notify(Changed.PAPERS)
    qtbot.waitUntil(lambda: window.path_bar.go_on.text() == "Next: Enter the trump slips")
    assert path_text(window)[3] == "4. Slips\n0 of 6 trays"
    enter_everything(store)
    first = store.results()[0]
    store.delete_result(first.id, first.version)  # one result of round 1 still to come
    window.context.notify(Changed.SLIPS | Changed.RESULTS)
    qtbot.waitUntil(lambda: window.path_bar.go_on.text() == "Next: Enter round 1's scores")
    assert path_text(window)[3:] == [
        "✓ Slips\n6 of 6 trays",
        "5. Scores\nround 1 of 3",
        "6. Results\nprovisional",
    ]
    window.tabs.setCurrentWidget(window.history)
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentWidget() is window.scores
    assert window.scores.table.hasFocus()
    assert all(
        b.focusPolicy() == Qt.FocusPolicy.StrongFocus for b in window.path_bar.buttons.values()
    )


def test_papers_count_as_done_once_scores_come_in(seated: MainWindow) -> None:
    store = seated.context.store
    seated.scores.show_round(1)
    assert seated.scores.enter_tricks(0, 9)
    seated.refresh_path()
    assert path_text(seated)[2] == "✓ Papers\nin use"
    assert seated.path_bar.go_on.text() == "Next: Enter the trump slips"
    assert len(store.results()) == 1


def test_every_papers_name_shows_whole_in_the_print_dialog(qtbot, seated: MainWindow) -> None:
    dialog = PrintDialog(seated.context, seated)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    papers = dialog.documents
    for row in range(papers.count()):
        shown = papers.visualItemRect(papers.item(row))
        assert shown.width() <= papers.viewport().width(), papers.item(row).text()
    assert papers.horizontalScrollBar().maximum() == 0


def test_an_open_event_is_kept_out_of_full_collections_until_another_opens(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    # what the event loaded is not scanned by each full garbage collection (a pause of several
    # frames in a large event) ...
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0)
    other = tmp_path / "other.whist"
    EventStore.create(other, name="Other evening").close()
    assert window.open_path(other)
    # ... and once another event replaces it, can be freed; the new one is then kept out too
    assert gc.get_freeze_count() == 0
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0)
