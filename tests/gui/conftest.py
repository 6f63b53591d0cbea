"""GUI test set-up: a private data folder and settings file per test, an open event, and a
private CUPS server for the printing tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from benchmarks.private_cups import CupsStartError, PrivateCups, private_cups
from director.gui.context import Changed
from director.gui.demo import pair_up
from director.gui.main_window import MainWindow
from director.gui.settings import Settings, configure_application
from director.store.services import EventStore
from schedules.catalog import Request, build


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Event files, logs and backups go to the test's own folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("WHIST_DIRECTOR_DATA", str(folder))
    return folder


@pytest.fixture(scope="session")
def cups_pdf() -> Iterator[PrivateCups]:
    """A private CUPS server with a CUPS-PDF queue for the whole test session (what CI has:
    no printer and no CUPS running). If it cannot start, the test fails saying what is
    missing: a printing check that does not run is no check."""
    try:
        with private_cups() as server:
            yield server
    except CupsStartError as missing:
        pytest.fail(f"cannot start a private CUPS server: {missing}")


@pytest.fixture
def settings(tmp_path: Path, qapp: object) -> Settings:
    """Settings kept in an INI file of the test's own."""
    configure_application()
    return Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    """A new, empty event."""
    with EventStore.create(tmp_path / "event.whist", name="Test evening") as opened:
        yield opened


@pytest.fixture
def window(qtbot: QtBot, settings: Settings, store: EventStore) -> MainWindow:
    """The main window on the empty event, shown."""
    win = MainWindow(settings, store)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    # Under a real X server with no window manager a shown window is not active by itself,
    # and keyboard focus (what a director types into) follows the active window.
    win.activateWindow()
    qtbot.waitActive(win)
    return win


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


@pytest.fixture
def beeps(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The beeps the program gives (one entry each), instead of the speaker."""
    heard: list[int] = []
    monkeypatch.setattr(QApplication, "beep", staticmethod(lambda: heard.append(1)))
    return heard
