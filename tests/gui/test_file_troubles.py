"""Files that cannot hurt, in the window: an event that cannot be changed where it is opens
read-only (editing disabled, standings and printing at hand) or as a copy elsewhere, as the
director chooses; a full disk is told in one clear message and the window goes on working."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMessageBox

from director.gui import app
from director.gui.context import Changed
from director.gui.demo import enter_everything, pair_up
from director.gui.dialogs.player import PlayerDialog
from director.gui.dialogs.printing import PrintDialog
from director.gui.dialogs.read_only import OPEN_READ_ONLY, SAVE_A_COPY
from director.gui.main_window import APP_TITLE, MainWindow
from director.gui.screens.scores.model import COL_NS_TRICKS
from director.gui.settings import Settings
from director.store.services import EventStore
from director.store.values import DiskFullError, ResultEntry
from schedules.catalog import Request, build
from tests.gui.evening import type_down
from tests.store.readonly import read_only

pytestmark = pytest.mark.gui

MOVEMENT = Request("mitchell", tables=3, trays_per_round=2)


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """An event file, in a folder of its own, with a three-table Mitchell fully entered."""
    path = tmp_path / "club" / "club.whist"
    path.parent.mkdir()
    with EventStore.create(path, name="Club night") as store:
        movement = build(MOVEMENT)
        for n in range(2 * len(movement.field)):
            store.add_player(f"Player {n}")
        pair_up(store, movement.field)
        store.choose_movement(movement)
        enter_everything(store)
    return path


def answer(monkeypatch: pytest.MonkeyPatch, button: str) -> list[str]:
    """Answer every question the window asks by pressing `button` (its text, or "Cancel");
    the questions asked, in order."""
    asked: list[str] = []

    def press(box: QMessageBox) -> int:
        asked.append(box.text())
        (chosen,) = (
            b for b in box.buttons() if b.text().replace("&", "") == button.replace("&", "")
        )
        chosen.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", press)
    return asked


@pytest.fixture
def errors_shown(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The error dialogs shown: (title, text)."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda _p, title, text: shown.append((title, text)))
    )
    return shown


def editing_controls(window: MainWindow) -> Iterator[object]:
    """Every action and control of the window that changes the event."""
    yield from (
        window.undo_action,
        window.redo_action,
        window.settings_action,
        window.add_session_action,
        window.import_action,
        window.revoke_action,
        window.irregularity_action,
        window.new_deal_action,
        window.movement.use,
    )
    for screen in (window.players, window.slips, window.scores):
        yield from screen.findChildren(QAbstractButton)
        yield from screen.actions()


def test_a_read_only_event_opens_read_only_with_every_edit_disabled(
    qtbot, window: MainWindow, played: Path, monkeypatch, errors_shown
) -> None:
    before = played.read_bytes()
    with read_only(played.parent):
        asked = answer(monkeypatch, OPEN_READ_ONLY)
        assert window.open_path(played)
        assert len(asked) == 1
        assert str(played) in asked[0]
        assert window.windowTitle() == f"Club night — club.whist (read only) — {APP_TITLE}"
        assert window.context.store.read_only
        controls = list(editing_controls(window))
        assert len(controls) > 20
        assert not [c for c in controls if c.isEnabled()]
        for kept in (window.print_action, window.open_action, window.laws_action):
            assert kept.isEnabled()

        players = window.players
        window.tabs.setCurrentWidget(players)
        monkeypatch.setattr(PlayerDialog, "exec", lambda _self: pytest.fail("editor opened"))
        players.players_view.selectRow(0)
        players.players_view.doubleClicked.emit(players.proxy.index(0, 0))

        scores = window.scores
        window.tabs.setCurrentWidget(scores)
        scores.show_round(1)
        scores.table.setFocus()
        scores.table.setCurrentIndex(scores.model.index(0, COL_NS_TRICKS))
        qtbot.keyClick(scores.table, Qt.Key.Key_Return)
        qtbot.keyClicks(scores.table, "9")
        assert scores.table.indexWidget(scores.table.currentIndex()) is None  # no editor opened

        window.tabs.setCurrentWidget(window.results)
        qtbot.waitUntil(lambda: window.results.result is not None, timeout=20000)
        dialog = PrintDialog(window.context, window)
        qtbot.addWidget(dialog)
        dialog.choose(("results",))
        dialog.render_papers(lambda: None)
        qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
        assert dialog.rendered.pdf.startswith(b"%PDF")
        dialog.close()
        window.close()  # lets the read-only medium go
    assert errors_shown == []
    assert played.read_bytes() == before
    assert not list(played.parent.glob("*-wal")) + list(played.parent.glob("*-shm"))


def test_the_next_event_opened_can_be_changed_again(
    qtbot, window: MainWindow, played: Path, store: EventStore, monkeypatch
) -> None:
    with read_only(played):
        answer(monkeypatch, OPEN_READ_ONLY)
        assert window.open_path(played)
        assert window.open_path(store.path)
    assert window.windowTitle() == f"Test evening — event.whist — {APP_TITLE}"
    assert all(c.isEnabled() for c in editing_controls(window) if c is not window.movement.use)


def test_a_copy_saved_elsewhere_opens_for_changes(
    qtbot, window: MainWindow, played: Path, tmp_path: Path, monkeypatch, errors_shown
) -> None:
    asked_where: list[str] = []

    def save_as(_parent, _title, suggested, *_args, **_kwargs) -> tuple[str, str]:
        asked_where.append(suggested)
        return str(tmp_path / "my copy"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    with read_only(played):
        answer(monkeypatch, SAVE_A_COPY)
        assert window.open_path(played)
    copy = tmp_path / "my copy.whist"
    store = window.context.store
    assert store.path == copy
    assert not store.read_only
    assert window.windowTitle() == f"Club night — my copy.whist — {APP_TITLE}"
    assert asked_where[0].endswith("club-copy.whist")
    with EventStore.open(played, read_only=True) as original:
        assert len(store.results()) == len(original.results()) > 0
    assert window.undo_action.isEnabled()
    store.add_player("Mrs Late")
    window.context.notify(Changed.PLAYERS)
    assert window.players.roster.rowCount() == 2 * len(build(MOVEMENT).field) + 1
    assert errors_shown == []


def test_a_copy_is_never_written_over_an_existing_file(
    window: MainWindow, played: Path, tmp_path: Path, monkeypatch, errors_shown
) -> None:
    taken = tmp_path / "taken.whist"
    taken.write_bytes(b"another event")
    names = iter([str(taken), ""])  # the taken name, then Cancel in the file dialog
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (next(names), ""))
    pressed: list[str] = []

    def press(box: QMessageBox) -> int:
        # Save a copy; asked again after the file dialog was cancelled: Cancel
        pressed.append(SAVE_A_COPY if not pressed else "&Cancel")
        (chosen,) = (b for b in box.buttons() if b.text() == pressed[-1])
        chosen.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", press)
    with read_only(played):
        assert not window.open_path(played)
    assert taken.read_bytes() == b"another event"
    assert errors_shown == [("Cannot save the copy", f"{taken} exists already: choose a new name.")]
    assert window.windowTitle() == f"Test evening — event.whist — {APP_TITLE}"


def test_start_up_on_a_read_only_event_offers_the_same_choice(
    qapp, played: Path, settings: Settings, monkeypatch
) -> None:
    with read_only(played.parent):
        asked = answer(monkeypatch, OPEN_READ_ONLY)
        window = app.make_window(played, settings)
        try:
            assert len(asked) == 1
            assert window.windowTitle().endswith(f"(read only) — {APP_TITLE}")
            assert not window.settings_action.isEnabled()
        finally:
            window.close()


def test_start_up_declined_opens_a_new_event_in_the_data_folder(
    qapp, played: Path, settings: Settings, data_folder: Path, monkeypatch, errors_shown
) -> None:
    with read_only(played.parent):
        answer(monkeypatch, "Cancel")
        window = app.make_window(played, settings)
        window.close()
    assert window.context.store.path.parent == data_folder
    assert not window.context.store.read_only
    ((title, text),) = errors_shown
    assert title == "Cannot open the event"
    assert text.startswith(f"{played} was not opened")
    assert str(window.context.store.path) in text


def test_a_full_disk_is_told_and_the_window_goes_on(
    qtbot, window: MainWindow, monkeypatch, errors_shown
) -> None:
    store = window.context.store
    movement = build(MOVEMENT)
    for n in range(2 * len(movement.field)):
        store.add_player(f"Player {n}")
    pair_up(store, movement.field)
    store.choose_movement(movement)
    window.context.notify(Changed.EVERYTHING)
    message = (
        f"the disk holding {store.path} is full; the last entry was not saved (everything"
        " before it is kept); free some space and enter it again"
    )

    def full(_entry: ResultEntry) -> None:
        raise DiskFullError(message)

    scores = window.scores
    window.tabs.setCurrentWidget(scores)
    scores.show_round(1)
    first = scores.model.index(0, COL_NS_TRICKS)
    with monkeypatch.context() as disk:
        disk.setattr(store, "record_result", full)
        type_down(qtbot, scores.table, first, ["9"])
        qtbot.waitUntil(lambda: len(errors_shown) == 1)
    shown = "The" + message[3:]  # as a sentence
    assert errors_shown == [("The disk is full", shown)]
    assert scores.model.counts()[0] == 0  # nothing is shown as saved that was not
    assert scores.model.data(first, Qt.ItemDataRole.ToolTipRole) == message
    assert store.results() == ()

    type_down(qtbot, scores.table, first, ["9"])  # space freed: entered again
    assert scores.model.counts()[0] == 1
    assert scores.model.data(first, Qt.ItemDataRole.ToolTipRole) != message
    window.undo_action.trigger()
    assert store.results() == ()
    assert errors_shown == [("The disk is full", shown)]
