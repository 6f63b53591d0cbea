"""The window's way to the table server, to the results site and to the export files."""

from __future__ import annotations

import csv
import json
import socket
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from director.gui.context import Changed
from director.gui.demo import enter_everything
from director.gui.dialogs.export import CHOICES, ExportDialog
from director.gui.dialogs.serve import ServeDialog
from director.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def played(seated: MainWindow) -> MainWindow:
    """The seated three-table Mitchell with every slip and result entered."""
    enter_everything(seated.context.store)
    seated.context.notify(Changed.EVERYTHING)
    return seated


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serving_the_tables_from_the_window_opens_every_tables_page(
    qtbot, played: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = played

    def start(dialog: ServeDialog) -> int:
        dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
        dialog.port.setValue(free_port())
        dialog.switch.click()
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(ServeDialog, "exec", start)
    window.serve_action.trigger()
    try:
        assert window.table_server is not None
        assert window.table_server.running
        assert window.context.links_base == window.table_server.base
        for link in window.context.store.table_links():
            with urllib.request.urlopen(f"{link.url(window.context.links_base)}/state") as r:
                assert json.load(r)["table"] == link.table
    finally:
        window.close()
    assert window.table_server is None


def publish_into(window: MainWindow, monkeypatch: pytest.MonkeyPatch, folder: Path) -> str:
    """Publish from the Event menu, naming `folder`; the name the dialog suggested."""
    suggested: list[str] = []

    def save(_parent: object, _title: str, name: str, _filter: str) -> tuple[str, str]:
        suggested.append(name)
        return str(folder), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save)
    window.publish_action.trigger()
    return suggested[0]


def test_publishing_from_the_window_writes_the_site(
    qtbot, played: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = played
    folder = tmp_path / "site"
    folder.mkdir()
    publish_into(window, monkeypatch, folder)
    qtbot.waitUntil(lambda: (folder / "index.html").is_file(), timeout=20000)
    qtbot.waitUntil(lambda: "Results published" in window.statusBar().currentMessage())
    assert "Player 0" in (folder / "index.html").read_text("utf-8")


def test_publishing_makes_the_folder_it_is_given_starting_beside_the_event(
    qtbot, played: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = played
    event = window.context.store.path
    assert event is not None
    folder = tmp_path / "club" / "results" / "tonight"  # none of these folders is there yet
    suggested = Path(publish_into(window, monkeypatch, folder))
    assert suggested.parent == event.parent
    assert suggested.name == f"{event.stem} results"
    qtbot.waitUntil(lambda: (folder / "index.html").is_file(), timeout=20000)
    qtbot.waitUntil(lambda: "Results published" in window.statusBar().currentMessage())


def test_the_roster_import_starts_beside_the_event(
    played: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []

    def pick(_parent: object, _title: str, where: str, _filter: str) -> tuple[str, str]:
        started.append(where)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", pick)
    played.players.choose_roster()
    event = played.context.store.path
    assert event is not None
    assert Path(started[0]) == event.parent


def export_from_menu(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, fmt: str, path: Path
) -> list[str]:
    """File > Export results… with format `fmt` into `path`; the error dialogs' texts."""

    def choose(dialog: ExportDialog) -> int:
        dialog.format.setCurrentIndex(next(n for n, c in enumerate(CHOICES) if c.name == fmt))
        return QDialog.DialogCode.Accepted.value

    suggested: list[str] = []

    def save(_parent: object, _title: str, name: str, _filter: str) -> tuple[str, str]:
        suggested.append(name)
        return str(path), ""

    shown: list[str] = []
    monkeypatch.setattr(ExportDialog, "exec", choose)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", save)
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda _p, _t, text: shown.append(text))
    )
    window.export_action.trigger()
    assert Path(suggested[0]).suffix == path.suffix  # the format's own kind of file
    event = window.context.store.path
    assert event is not None
    assert Path(suggested[0]).parent == event.parent  # starting beside the event file
    return shown


@pytest.mark.parametrize("fmt", ["json", "csv", "usebio", "bridgewebs"])
def test_exporting_from_the_window_writes_the_format_chosen(
    qtbot, played: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    window = played
    suffix = next(c.suffix for c in CHOICES if c.name == fmt)
    out = tmp_path / f"results.{suffix}"
    assert export_from_menu(window, monkeypatch, fmt, out) == []
    text = out.read_text("utf-8")
    if fmt == "json":
        assert json.loads(text)  # reads as JSON
    elif fmt == "usebio":
        assert ET.fromstring(text).tag == "USEBIO"
    else:
        assert len(list(csv.reader(text.splitlines()))) > 1
    assert "Player 0" in text
    assert str(out) in window.statusBar().currentMessage()


def test_an_export_that_cannot_be_made_says_why_in_one_line(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "results.json"
    shown = export_from_menu(window, monkeypatch, "json", out)  # no movement yet
    assert len(shown) == 1
    assert "choose a movement" in shown[0]
    assert "\n" not in shown[0]
    assert not out.exists()


def test_opening_and_making_events_start_beside_the_event_open(
    played: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from director.gui.dialogs.new_event import NewEventDialog

    event = played.context.store.path
    assert event is not None
    started: list[str] = []

    def pick(_parent: object, _title: str, where: str, _filter: str) -> tuple[str, str]:
        started.append(where)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", pick)
    played.choose_event()
    assert Path(started[0]) == event.parent

    folders: list[Path] = []

    def offered(dialog: NewEventDialog) -> int:
        folders.append(dialog.folder)
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(NewEventDialog, "exec", offered)
    played.new_event()
    assert folders == [event.parent]
