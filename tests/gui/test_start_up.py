"""Start-up: the window's frame is drawn first, saying which event it opens, with nothing to
press but Quit; the event opens once the frame is on screen and replaces the notice."""

from __future__ import annotations

from pathlib import Path

import pytest
import shiboken6
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from director.gui import app
from director.gui.main_window import APP_TITLE, MainWindow, OpeningNotice
from director.gui.settings import Settings
from director.store.services import EventStore

pytestmark = pytest.mark.gui


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """An event file called club.whist, its event "Club night"."""
    path = tmp_path / "club.whist"
    EventStore.create(path, name="Club night").close()
    return path


def opening(qtbot: QtBot, settings: Settings, path: Path) -> tuple[MainWindow, list[str]]:
    """The window opening `path` as the program opens it, not yet shown; what happened, in
    order ("painted" when the notice was drawn, "opened" when the store was asked for)."""
    window = MainWindow(settings)
    qtbot.addWidget(window)
    happened: list[str] = []

    def opener() -> EventStore:
        happened.append("opened")
        return app.open_or_create(path, window)

    window.open_after_paint(path, opener)
    notice = window.centralWidget()
    assert isinstance(notice, OpeningNotice)
    notice.painted.connect(lambda: happened.append("painted"))
    return window, happened


def test_the_frame_names_the_event_and_nothing_but_quit_can_be_pressed(
    qtbot: QtBot, settings: Settings, club: Path
) -> None:
    window, happened = opening(qtbot, settings, club)
    assert window.windowTitle() == f"club — club.whist — {APP_TITLE}"
    notice = window.centralWidget()
    assert isinstance(notice, OpeningNotice)
    assert notice.text() == "Opening club…"
    assert window.statusBar().currentMessage() == f"Opening {club}…"
    pressable = [a for a in window.findChildren(QAction) if a.isEnabled()]
    assert pressable == [window.quit_action]
    assert not window.path_bar.isEnabled()
    steps = [b.text().split("\n")[0] for b in window.path_bar.shown_buttons()]
    assert steps == ["1. Field", "2. Movement", "3. Papers", "4. Slips", "5. Scores", "6. Results"]
    assert not window.where.isEnabled()
    window.new_action.trigger()  # a shortcut or a click reaches a disabled action as this
    assert happened == []
    assert window.context is None


def test_the_event_opens_once_the_frame_is_drawn_and_replaces_the_notice(
    qtbot: QtBot, settings: Settings, club: Path
) -> None:
    window, happened = opening(qtbot, settings, club)
    notice = window.centralWidget()
    window.show()
    qtbot.waitUntil(lambda: window.context is not None)
    assert happened == ["painted", "opened"]
    assert window.windowTitle() == f"Club night — club.whist — {APP_TITLE}"
    assert window.centralWidget() is window.tabs
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Players",
        "Movement",
        "Trump slips",
        "Scores",
        "Results",
        "History",
        "Laws",
    ]
    qtbot.waitUntil(lambda: not shiboken6.isValid(notice))  # the notice is gone, not hidden
    assert window.new_action.isEnabled()
    assert window.settings_action.isEnabled()
    assert window.path_bar.isEnabled()
    assert window.path_bar.states  # the evening's steps, read from the event
    assert window.statusBar().currentMessage().startswith(f"Opened {club}")
    assert settings.recent_files() == [club]


def test_a_missing_file_is_created_after_the_frame_is_drawn(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    path = tmp_path / "new night.whist"
    window, _happened = opening(qtbot, settings, path)
    assert not path.exists()  # nothing is written before the window is on screen
    window.show()
    qtbot.waitUntil(lambda: window.context is not None)
    assert path.exists()
    assert window.windowTitle() == f"{app.DEFAULT_EVENT_NAME} — {path.name} — {APP_TITLE}"


def test_a_file_that_is_not_an_event_gives_one_plain_line_and_a_new_event(
    qtbot: QtBot, settings: Settings, tmp_path: Path, data_folder: Path, monkeypatch
) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda _p, title, text: shown.append((title, text)))
    )
    broken = tmp_path / "club.whist"
    broken.write_bytes(b"this is a shopping list, not an event")
    window, _happened = opening(qtbot, settings, broken)
    window.show()
    qtbot.waitUntil(lambda: window.context is not None)
    ((title, text),) = shown
    assert title == "Cannot open the event"
    said, _blank, rest = text.split("\n", 2)
    assert said.startswith(f"{broken} cannot be opened: ")
    assert "is not an event file" in said
    assert "Traceback" not in text
    assert "Error" not in text
    assert rest.startswith("It is left as it is.")
    assert broken.read_bytes() == b"this is a shopping list, not an event"
    assert window.context.store.path is not None
    assert window.context.store.path.parent == data_folder


def test_closing_the_window_before_the_event_opens_opens_nothing(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    path = tmp_path / "never.whist"
    window, happened = opening(qtbot, settings, path)
    window.show()
    window.close()
    qtbot.wait(300)  # the notice may be drawn; its call to open must find the window closed
    assert "opened" not in happened
    assert window.context is None
    assert not path.exists()


def test_closing_the_window_while_the_event_opens_closes_its_store_again(
    qtbot: QtBot, settings: Settings, club: Path, monkeypatch
) -> None:
    """A question about the file (open it read-only?) lets the director close the window
    while the event opens: the store it then returns is closed, not shown."""
    closed: list[EventStore] = []
    monkeypatch.setattr(EventStore, "close", lambda store: closed.append(store))
    window = MainWindow(settings)
    qtbot.addWidget(window)
    opened: list[EventStore] = []

    def opener() -> EventStore:
        window.close()  # what the director does while the question is asked
        opened.append(EventStore.open(club))
        return opened[0]

    window.open_after_paint(club, opener)
    window.show()
    qtbot.waitUntil(lambda: bool(opened))
    assert closed == opened
    assert window.context is None
    assert window.windowTitle() == f"club — club.whist — {APP_TITLE}"
