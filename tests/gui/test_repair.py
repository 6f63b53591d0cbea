"""Repairing the movement from the window: the dialog shows what the repair does before it is
stored, stores it as one step that Undo takes back, and never moves a result."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from director.gui.context import Changed
from director.gui.dialogs.printing import TONIGHT, PrintDialog
from director.gui.dialogs.repair import CHANGED, Kind, RepairDialog
from director.gui.main_window import MainWindow
from director.printing.reprints import reprints
from director.store.values import ResultEntry
from tests.printing.pdf import pages

pytestmark = pytest.mark.gui


def _first_round_played(window: MainWindow) -> list[tuple[int, int, int, int | None]]:
    store = window.context.store
    movement = store.movement()
    for s in movement.seatings:
        if s.round == 1:
            for tray in s.trays:
                store.record_result(ResultEntry(1, 1, s.table, tray, 5 + s.table))
    window.context.notify(Changed.EVERYTHING)
    return _results(window)


def _every_round_played(window: MainWindow) -> None:
    store = window.context.store
    for s in store.movement().seatings:
        if s.round > 1:
            for tray in s.trays:
                store.record_result(ResultEntry(1, s.round, s.table, tray, 7))
    window.context.notify(Changed.EVERYTHING)


def _results(window: MainWindow) -> list[tuple[int, int, int, int | None]]:
    return sorted((r.round, r.table, r.tray, r.ns_tricks) for r in window.context.store.results())


def _choose(qtbot, dialog: RepairDialog, kind: Kind) -> None:
    dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == list(Kind).index(kind))
    dialog.preview()


def test_a_late_pair_is_previewed_stored_as_one_step_and_undone(qtbot, seated: MainWindow) -> None:
    window = seated
    played = _first_round_played(window)
    store = window.context.store
    before = store.movement()
    dialog = RepairDialog(window.context, window)
    qtbot.addWidget(dialog)
    _choose(qtbot, dialog, Kind.LATE)
    dialog.late_round.setValue(2)
    qtbot.keyClicks(dialog.late_names, "Mrs Late & Mr Later")
    dialog.preview()
    assert dialog.ok.isEnabled(), dialog.problem.text()
    assert dialog.repaired is not None
    assert dialog.repaired.changed
    # the changed places are marked in the grid, and nothing in round 1 is
    marked = [
        (r, c)
        for r in range(dialog.grid.rowCount())
        for c in range(dialog.grid.columnCount())
        if dialog.grid.index(r, c).data(Qt.ItemDataRole.BackgroundRole) is not None
    ]
    assert marked
    assert all(r >= 1 for r, _ in marked)
    assert dialog.grid.index(*marked[0]).data(Qt.ItemDataRole.BackgroundRole).color() == CHANGED
    assert "Balance" in dialog.effects.text()
    assert "Print again: table cards" in dialog.effects.text()
    assert store.movement() == before  # the preview stores nothing

    dialog.reason.setText("arrived at 7.40")
    dialog.repair()
    after = store.movement()
    assert len(after.field) == len(before.field) + 1
    assert _results(window) == played  # every result where it was
    assert "Mrs Late & Mr Later" in store.printed_names().values()
    assert "arrived at 7.40" in store.audit_log(limit=1)[0].summary

    window.undo()
    assert store.movement() == before
    assert _results(window) == played


def test_a_repair_that_would_move_a_result_is_refused_in_the_dialog(
    qtbot, seated: MainWindow
) -> None:
    window = seated
    played = _first_round_played(window)
    dialog = RepairDialog(window.context, window)
    qtbot.addWidget(dialog)
    _choose(qtbot, dialog, Kind.SWITCH)
    dialog.switch_round.setValue(1)
    dialog.preview()
    assert not dialog.ok.isEnabled()
    assert "round 1" in dialog.problem.text().lower()
    assert _results(window) == played


def test_the_event_menu_offers_the_repair(seated: MainWindow) -> None:
    texts = [a.text() for a in seated.menuBar().actions()]
    event = next(a.menu() for a in seated.menuBar().actions() if a.text() == "Eve&nt")
    assert "Eve&nt" in texts
    assert "Re&pair the movement…" in [a.text() for a in event.actions()]


def test_after_a_repair_only_the_changed_papers_are_offered_for_printing(
    qtbot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window repairs, then opens the printing dialog with the papers whose printed
    content the repair changed (tonight's ticked), and those papers are all it renders."""
    window = seated
    _first_round_played(window)
    before = window.context.movement()
    opened: list[PrintDialog] = []

    def repair_at_once(dialog: RepairDialog) -> int:
        dialog.kind.setCurrentIndex(dialog.kind.findData(Kind.LATE))
        dialog.late_round.setValue(2)
        dialog.preview()
        assert "Print again: table cards for tables " in dialog.effects.text()
        dialog.repair()
        return 1

    monkeypatch.setattr(RepairDialog, "exec", repair_at_once)
    monkeypatch.setattr(PrintDialog, "exec", lambda dialog: opened.append(dialog) or 0)
    window.repair_movement()
    (printing,) = opened
    assert "Movement repaired" in window.statusBar().currentMessage()
    again = reprints(before, window.context.movement()).papers
    assert printing.only == {document: frozenset(keys) for document, keys in again.items()}
    assert set(printing.chosen()) == set(again) & set(TONIGHT)
    assert {"table-cards", "indicators", "travellers"} <= set(printing.chosen())
    changed = printing.only["table-cards"]
    assert changed < set(window.context.movement().table_numbers)
    printing.choose(("table-cards",))
    printing.render_papers(lambda: None)
    qtbot.waitUntil(lambda: printing.rendered is not None, timeout=30000)
    text = "\n".join(pages(printing.rendered.pdf))
    assert {int(t) for t in re.findall(r"^ ?Table (\d+)", text, re.M)} == set(changed)


def _starting_rounds(dialog: RepairDialog) -> dict[Kind, int]:
    return {
        Kind.LATE: dialog.late_round.value(),
        Kind.WITHDRAW: dialog.leave_round.value(),
        Kind.WRONG: dialog.wrong_round.value(),
        Kind.SWITCH: dialog.switch_round.value(),
        Kind.CUT: dialog.last_round.value(),
    }


def test_the_repair_starts_at_the_first_round_not_yet_played(qtbot, seated: MainWindow) -> None:
    rounds = seated.context.store.movement().rounds

    def opened() -> dict[Kind, int]:
        dialog = RepairDialog(seated.context, seated)
        qtbot.addWidget(dialog)
        return _starting_rounds(dialog)

    # a late pair, a withdrawal, a wrong move and a switch start at the first round not yet
    # played; a cut at the last round, never before the rounds played
    assert opened() == {**dict.fromkeys(Kind, 1), Kind.CUT: rounds - 1}
    _first_round_played(seated)
    assert opened() == {**dict.fromkeys(Kind, 2), Kind.CUT: rounds - 1}
    _every_round_played(seated)
    assert opened()[Kind.CUT] == rounds  # nothing is cut unasked


def test_after_a_repair_and_its_reprint_offer_the_keyboard_is_back_in_the_grid(
    qtbot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The repair is taken from the menu bar by its keys (Alt+N, P), and the papers to print
    again are put off: the keyboard returns to the screen on view, not to the menu bar."""
    window = seated
    _first_round_played(window)
    window.tabs.setCurrentWidget(window.scores)
    window.menuBar().setFocus()  # where the menu's keys leave it while its dialogs are open

    def repair_at_once(dialog: RepairDialog) -> int:
        dialog.kind.setCurrentIndex(dialog.kind.findData(Kind.LATE))
        dialog.late_round.setValue(2)
        dialog.repair()
        return 1

    monkeypatch.setattr(RepairDialog, "exec", repair_at_once)
    monkeypatch.setattr(PrintDialog, "exec", lambda _dialog: 0)
    window.repair_movement()
    qtbot.waitUntil(lambda: window.scores.table.hasFocus(), timeout=2000)
