"""*Serve the tables* on a whist drive's event: every table of the drive gets its link (one for
the whole drive), the big screen's link is shown, the hand timer starts on the hand being
played, and a hand the phones finish moves the window's timer on to the next hand."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from director.gui.dialogs.serve import ServeDialog
from director.gui.main_window import MainWindow
from director.store.services import Gender
from schedules.progressive import DriveSettings
from tests.gui.test_keyboard_evening import Keys
from tests.gui.test_serve_dialog import alt_s, serve_dialog
from tests.gui.test_serve_publish import free_port

pytestmark = pytest.mark.gui


def _ask(url: str, body: dict[str, object] | None = None) -> dict[str, object]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        found: dict[str, object] = json.load(answer)
    return found


def test_serving_a_drive_gives_each_table_its_link_and_times_each_hand(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    store = window.context.store
    for n in range(6):
        store.add_player(f"Mrs {n}", gender=Gender.LADY)
        store.add_player(f"Mr {n}", gender=Gender.GENTLEMAN)
    store.start_drive(DriveSettings(tables=3, hands=4), seed=5)
    keys, port = Keys(qtbot, window), free_port()
    seen: dict[str, object] = {}

    def serve(dialog: ServeDialog) -> None:
        dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
        dialog.port.setValue(port)
        dialog.minutes.setValue(8)
        alt_s(qtbot, keys, dialog, serving=True)
        assert dialog.server is not None
        seen["links"] = dialog.links.toPlainText().splitlines()
        seen["said"] = dialog.state.text()
        seen["screen"] = dialog.server.screen_url
        dialog.grab().save(str(tmp_path / "serving-drive.png"))
        dialog.reject()

    serve_dialog(qtbot, window, serve)
    links = {t.table: t.url(f"http://127.0.0.1:{port}") for t in store.table_links()}
    assert seen["links"] == [f"Table {t}: {url}" for t, url in sorted(links.items())]
    assert len(links) == 3
    assert f"The drive's big screen (open it on the projector): {seen['screen']}" in str(
        seen["said"]
    )
    assert "The hand timer is on hand 1" in str(seen["said"])
    state = _ask(f"{links[2]}/state")
    assert (state["drive"], state["table"], state["hand"]) == (True, 2, 1)
    for table, url in links.items():
        _ask(f"{url}/hand", {"hand": 1, "winners": "NS", "tricks": 7 + table})
    assert window.watch is not None
    window.watch.poll()
    reading = window.table_server.clock.reading() if window.table_server else None
    assert reading is not None
    assert reading.round == 2
    qtbot.waitUntil(lambda: "Hand 2: " in window.watch.label.text() if window.watch else False)
    window.close()
