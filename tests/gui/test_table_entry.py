"""The director's window while the tables enter from their phones: each table's state in the
round overview as it changes, the calls to the director and their settling, the round timer."""

from __future__ import annotations

import json
import socket
import urllib.request
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from director.gui.dialogs.serve import ServeDialog
from director.gui.main_window import MainWindow
from director.gui.screens.scores.model import COL_EW_TRICKS, COL_NS_TRICKS
from director.gui.screens.scores.overview import FIXED_COLUMNS, TableState
from director.gui.serving import POLL_MS, WARNING_STYLE, ClockLabel, TableWatch, clock_text
from director.server.clock import ClockReading, RoundClock

pytestmark = pytest.mark.gui

MINUTES = 14
WAIT_MS = 10000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def serving(
    qtbot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[MainWindow, dict[int, str]]]:
    """The seated Mitchell served on loopback with a round timer, the scores screen on view;
    with each table's link."""
    window = seated

    def start(dialog: ServeDialog) -> int:
        dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
        dialog.port.setValue(free_port())
        dialog.minutes.setValue(MINUTES)
        dialog.switch.click()
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(ServeDialog, "exec", start)
    window.serve_action.trigger()
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)
    assert window.context.links_base is not None
    links = {t.table: t.url(window.context.links_base) for t in window.context.store.table_links()}
    try:
        yield window, links
    finally:
        window.close()


def send(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """GET `url`, or POST `body` to it as JSON, as a table's phone does."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def trays(link: str) -> list[int]:
    return [t["tray"] for t in send(f"{link}/state")["trays"]]


def cell(window: MainWindow, round_no: int, table: int, role: Qt.ItemDataRole) -> object:
    model = window.scores.overview.overview
    return model.data(model.index(round_no - 1, len(FIXED_COLUMNS) + table - 1), role)


def state(window: MainWindow, round_no: int, table: int) -> TableState:
    return window.scores.progress.state(round_no, table)


def test_the_grid_follows_each_table_from_nothing_to_partly_to_complete(
    qtbot, serving: tuple[MainWindow, dict[int, str]]
) -> None:
    window, links = serving
    first, second = trays(links[1])
    assert state(window, 1, 1) is TableState.NOTHING
    send(f"{links[1]}/results", {"round": 1, "tray": first, "ns": 7})
    qtbot.waitUntil(lambda: state(window, 1, 1) is TableState.PARTLY, timeout=WAIT_MS)
    assert cell(window, 1, 1, Qt.ItemDataRole.DisplayRole) == "1/2"
    assert window.statusBar().currentMessage().startswith("From table 1: round 1 table 1")
    send(f"{links[1]}/results", {"round": 1, "tray": second, "ns": 6})
    qtbot.waitUntil(lambda: state(window, 1, 1) is TableState.COMPLETE, timeout=WAIT_MS)
    assert cell(window, 1, 1, Qt.ItemDataRole.DisplayRole) == "✓"
    # the grid's rows show the tables' figures, not only the overview
    tricks = {(r.table, r.tray): r.result.ns_tricks for r in window.scores.model.rows() if r.result}
    assert tricks == {(1, first): 7, (1, second): 6}
    assert state(window, 1, 2) is TableState.NOTHING


def test_a_dispute_and_a_call_mark_the_table_disputed_until_the_director_rules(
    qtbot, serving: tuple[MainWindow, dict[int, str]]
) -> None:
    window, links = serving
    panel = window.scores.calls
    assert not panel.isVisible()
    tray = trays(links[2])[0]
    send(f"{links[2]}/results", {"round": 1, "tray": tray, "ns": 7, "ew": 8})  # E/W dispute
    qtbot.waitUntil(lambda: state(window, 1, 2) is TableState.DISPUTED, timeout=WAIT_MS)
    assert panel.isVisible()
    assert "records disagree" in panel.list.item(0).text()
    assert "records disagree" in str(cell(window, 1, 2, Qt.ItemDataRole.ToolTipRole))
    assert not panel.settle.isEnabled()  # ruled in the grid, by typing E/W's figure

    revoke = trays(links[3])[1]
    send(f"{links[3]}/calls", {"round": 1, "tray": revoke, "kind": "revoke", "note": "spades"})
    qtbot.waitUntil(lambda: state(window, 1, 3) is TableState.DISPUTED, timeout=WAIT_MS)
    texts = [panel.list.item(n).text() for n in range(panel.list.count())]
    assert texts[1] == f"Table 3, round 1, tray {revoke}: a revoke (spades)"

    # the keyboard: Alt+W reaches the list, Down the call, Enter shows it in the grid
    qtbot.keyClick(window.scores.table, Qt.Key.Key_W, Qt.KeyboardModifier.AltModifier)
    assert panel.list.hasFocus()
    qtbot.keyClick(panel.list, Qt.Key.Key_Down)
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)
    chosen = window.scores.selected_row()
    assert chosen is not None
    assert (chosen.table, chosen.tray) == (3, revoke)
    assert window.scores.table.hasFocus()

    # Alt+W, Down, Alt+S settles the call; the disagreement still waits
    qtbot.keyClick(window.scores.table, Qt.Key.Key_W, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(panel.list, Qt.Key.Key_Down)
    qtbot.keyClick(panel.list, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    # a button's Alt letter presses it visibly: clicked a moment later
    qtbot.waitUntil(lambda: [c.settled for c in window.context.store.table_calls()] == [True])
    assert state(window, 1, 3) is TableState.NOTHING
    assert panel.list.count() == 1

    # the director rules E/W's figure in the grid: the dispute is gone, the table complete
    line = next(n for n, r in enumerate(window.scores.model.rows()) if r.table == 2 and r.result)
    window.scores.model.setData(window.scores.model.index(line, COL_EW_TRICKS), "6")  # 13 - 7
    assert state(window, 1, 2) is TableState.PARTLY
    assert not panel.isVisible()

    window.undo_action.trigger()  # the ruling undone: disputed again
    assert state(window, 1, 2) is TableState.DISPUTED


def test_an_entry_from_a_phone_shows_at_once_while_the_director_types_a_cell(
    qtbot, serving: tuple[MainWindow, dict[int, str]]
) -> None:
    window, links = serving
    grid = window.scores.table
    grid.setFocus()
    grid.setCurrentIndex(window.scores.model.index(0, COL_NS_TRICKS))
    qtbot.keyClick(grid, Qt.Key.Key_8)  # typing opens the cell
    editor = grid.focusWidget()
    assert grid.state() == grid.State.EditingState
    tray = trays(links[3])[0]
    send(f"{links[3]}/results", {"round": 1, "tray": tray, "ns": 5})
    qtbot.waitUntil(lambda: state(window, 1, 3) is TableState.PARTLY, timeout=WAIT_MS)
    assert grid.state() == grid.State.EditingState  # the cell stays open, as typed
    assert editor.text() == "8"
    assert grid.focusWidget() is editor
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # committed as the event loop comes back
    qtbot.waitUntil(lambda: window.scores.model.row(0).result is not None, timeout=WAIT_MS)
    first = window.scores.model.row(0)
    assert first.result is not None
    assert first.result.ns_tricks == 8


def test_the_round_timer_shows_in_the_status_bar_and_the_director_moves_it_on(
    qtbot, serving: tuple[MainWindow, dict[int, str]]
) -> None:
    window, links = serving
    assert window.watch is not None
    label = window.watch.label
    qtbot.waitUntil(lambda: label.isVisible(), timeout=WAIT_MS)
    assert label.text().startswith("Round 1: 13:") or label.text() == "Round 1: 14:00 left"
    assert window.move_on_action.isEnabled()
    window.move_on_action.trigger()
    assert label.text().startswith("Round 2:")
    assert send(f"{links[1]}/state")["clock"]["round"] == 2  # the phones see it too
    for _ in range(window.context.movement().rounds):
        window.move_on_action.trigger()
    assert not label.isVisible()  # after the last round the timer stops
    assert send(f"{links[1]}/state")["clock"] is None
    assert not window.move_on_action.isEnabled()


def test_the_timer_reads_as_the_phones_say_and_warns_when_they_do(qtbot) -> None:
    assert clock_text(ClockReading(3, 245, False)) == "Round 3: 4:05 left"
    assert clock_text(ClockReading(3, -30, True)) == "Round 3: time is up (0:30 over)"
    label = ClockLabel()
    qtbot.addWidget(label)
    label.show_reading(ClockReading(3, 245, False))
    assert label.styleSheet() == ""
    label.show_reading(ClockReading(3, 100, True))
    assert label.styleSheet() == WARNING_STYLE


def test_the_window_reads_the_round_timer_as_its_second_passes(qtbot, seated: MainWindow) -> None:
    """The window's timer changes when the phones' does: its next tick is set for the clock's
    next whole second, not a second after the last tick (which lagged up to a second)."""
    moment = [5000.0]
    clock = RoundClock(now=lambda: moment[0])
    watch = TableWatch(seated.context, SimpleNamespace(clock=clock), seated)
    watch.poll()
    assert watch.timer.isSingleShot()
    assert watch.timer.interval() == POLL_MS  # no round timer runs
    clock.start(round=1, minutes=MINUTES)
    moment[0] += 0.3
    watch.poll()
    assert watch.label.text() == f"Round 1: {MINUTES}:00 left"
    assert watch.timer.interval() == 700  # when 14:00 becomes 13:59
    moment[0] += 0.7
    watch.timer.timeout.emit()
    assert watch.label.text() == f"Round 1: {MINUTES - 1}:59 left"
    assert watch.timer.interval() == 1000
    watch.stop()


def test_serving_stops_and_the_timer_leaves_the_status_bar(
    qtbot, serving: tuple[MainWindow, dict[int, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    window, _links = serving

    def stop(dialog: ServeDialog) -> int:
        dialog.switch.click()
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(ServeDialog, "exec", stop)
    window.serve_action.trigger()
    assert window.table_server is None
    assert window.watch is None
    assert not window.move_on_action.isEnabled()


def test_the_timer_moves_on_once_every_table_has_finished_the_round(
    qtbot, serving: tuple[MainWindow, dict[int, str]]
) -> None:
    window, _links = serving
    assert window.watch is not None
    label = window.watch.label
    qtbot.waitUntil(lambda: label.text().startswith("Round 1:"), timeout=WAIT_MS)
    store = window.context.store
    # the director enters the whole round at the grid, with no phone asking the server
    for line in range(window.scores.model.rowCount()):
        window.scores.enter_tricks(line, 7)
    assert len(store.results()) == window.scores.model.rowCount()
    qtbot.waitUntil(lambda: label.text().startswith("Round 2:"), timeout=WAIT_MS)
