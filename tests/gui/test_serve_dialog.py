"""*Serve the tables* with the keyboard: Alt+C or Esc closes it, Stop then Start serves on the
same links, the address and port are kept with the event, and serving on another port warns
that the table cards must be printed again, and offers that printing."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from director.gui.dialogs.printing import PrintDialog
from director.gui.dialogs.serve import ServeDialog
from director.gui.main_window import MainWindow
from director.printing.documents import TABLE_CARDS
from tests.gui.test_keyboard_evening import Keys
from tests.gui.test_serve_publish import free_port

pytestmark = pytest.mark.gui

Key = Qt.Key
ALT = Qt.KeyboardModifier.AltModifier


def when_modal(
    qtbot: QtBot, over: QWidget | None, kind: type[QWidget], keys: Callable[[QWidget], None]
) -> None:
    """Run `keys` in the next modal window of `kind` that opens over `over` (not `over`
    itself), once it has the keyboard focus; a failure closes it rather than leave it open."""

    def run() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or dialog is over or not isinstance(dialog, kind):
            QTimer.singleShot(10, run)
            return
        try:
            dialog.activateWindow()  # no window manager under Xvfb to do it
            qtbot.waitUntil(lambda: dialog.isAncestorOf(QApplication.focusWidget()), timeout=10000)
            keys(dialog)
        except BaseException:
            dialog.close()
            raise

    QTimer.singleShot(0, run)


def serve_dialog(qtbot: QtBot, window: MainWindow, keys: Callable[[ServeDialog], None]) -> None:
    """Open *Serve the tables* from the Event menu, do `keys` in it; back when it closes."""

    def typed(dialog: QWidget) -> None:
        assert isinstance(dialog, ServeDialog)
        keys(dialog)

    when_modal(qtbot, None, ServeDialog, typed)
    window.serve_action.trigger()
    assert QApplication.activeModalWidget() is None


def alt_s(qtbot: QtBot, keys: Keys, dialog: ServeDialog, serving: bool) -> None:
    """Alt+S (Start or Stop serving), and wait for its click (a mnemonic clicks a moment
    after the key, as the button shows itself pressed)."""
    keys.press(Key.Key_S, ALT)
    qtbot.waitUntil(lambda: (dialog.server is not None) == serving, timeout=10000)


def _table_one(base: str, window: MainWindow) -> int:
    link = window.context.store.table_links()[0]
    with urllib.request.urlopen(f"{link.url(base)}/state", timeout=10) as answer:
        return int(json.load(answer)["table"])


@pytest.mark.parametrize("key", ["Alt+C", "Esc"])
def test_alt_c_or_esc_closes_serve_the_tables(qtbot: QtBot, seated: MainWindow, key: str) -> None:
    keys = Keys(qtbot, seated)
    closed: list[bool] = []

    def close(dialog: ServeDialog) -> None:
        # from the list of links too, where the keyboard may be when the director reads them
        dialog.links.setFocus()
        qtbot.waitUntil(dialog.links.hasFocus)
        if key == "Esc":
            keys.press(Key.Key_Escape)
        else:
            keys.press(Key.Key_C, ALT)
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
        closed.append(True)

    serve_dialog(qtbot, seated, close)
    assert closed == [True]


def test_stop_then_start_serves_on_the_same_links_and_a_new_port_offers_new_cards(
    qtbot: QtBot, seated: MainWindow, tmp_path: Path
) -> None:
    window, keys = seated, Keys(qtbot, seated)
    port, other = free_port(), free_port()
    seen: dict[str, object] = {}

    def first_evening(dialog: ServeDialog) -> None:
        dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
        dialog.port.setValue(port)
        alt_s(qtbot, keys, dialog, serving=True)
        assert dialog.server is not None
        seen["base"] = base = dialog.server.base
        assert _table_one(base, window) == 1
        alt_s(qtbot, keys, dialog, serving=False)
        alt_s(qtbot, keys, dialog, serving=True)  # again: the same links
        assert dialog.server is not None
        assert dialog.server.base == base
        assert _table_one(base, window) == 1
        dialog.grab().save(str(tmp_path / "serving.png"))
        alt_s(qtbot, keys, dialog, serving=False)
        keys.press(Key.Key_C, ALT)

    serve_dialog(qtbot, window, first_evening)
    kept = window.context.store.serving_address()
    assert kept is not None
    assert (kept.host, kept.port) == ("127.0.0.1", port)

    def next_time(dialog: ServeDialog) -> None:
        # opened afresh, the dialog offers the address and port kept with the event
        assert (dialog.address.currentData(), dialog.port.value()) == ("127.0.0.1", port)
        assert f"carry links to http://127.0.0.1:{port}" in dialog.state.text()
        dialog.port.setValue(other)

        def warned(box: QWidget) -> None:
            assert isinstance(box, QMessageBox)
            seen["warning"] = box.text()
            box.grab().save(str(tmp_path / "warning.png"))
            when_modal(qtbot, box, PrintDialog, printing)
            keys.press(Key.Key_P, ALT)  # Serve and print the cards
            qtbot.waitUntil(lambda: not box.isVisible(), timeout=10000)

        def printing(papers: QWidget) -> None:
            assert isinstance(papers, PrintDialog)
            seen["papers"] = papers.chosen()
            seen["links"] = window.context.links_base
            keys.press(Key.Key_Escape)

        when_modal(qtbot, dialog, QMessageBox, warned)
        alt_s(qtbot, keys, dialog, serving=True)
        qtbot.waitUntil(lambda: "papers" in seen, timeout=10000)
        assert dialog.server is not None
        seen["new base"] = dialog.server.base
        keys.press(Key.Key_C, ALT)

    serve_dialog(qtbot, window, next_time)
    try:
        assert seen["warning"] == (
            f"The table cards carry links to http://127.0.0.1:{port}. Serving on"
            f" http://127.0.0.1:{other} gives every table a new link: the cards printed before"
            " stop working, and must be printed again."
        )
        assert seen["papers"] == (TABLE_CARDS,)
        assert seen["links"] == seen["new base"] == f"http://127.0.0.1:{other}"
        assert window.table_server is not None
        assert window.table_server.running  # serving goes on after the dialog closes
        kept = window.context.store.serving_address()
        assert kept is not None
        assert kept.port == other
    finally:
        window.close()
