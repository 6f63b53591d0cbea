"""The window's way to the table server and to the results site."""

from __future__ import annotations

import json
import socket
import urllib.request
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog

from director.gui.context import Changed
from director.gui.demo import enter_everything
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


def test_publishing_from_the_window_writes_the_site(
    qtbot, played: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = played
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *_a: str(folder))
    window.publish_action.trigger()
    qtbot.waitUntil(lambda: (folder / "index.html").is_file(), timeout=20000)
    qtbot.waitUntil(lambda: "Results published" in window.statusBar().currentMessage())
    assert "Player 0" in (folder / "index.html").read_text("utf-8")
