"""Scoring at keyboard speed: the score grid as a director drives it, keys only.

Every key goes to the widget that has the keyboard focus (`Keyboard`), as a real keyboard's
would, so a test that passes also shows that the focus was where the director's next key
needed it. `test_keyboard_evening` drives a whole evening this way and counts its keys.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from director.gui.context import Changed
from director.gui.demo import pair_up
from director.gui.main_window import MainWindow
from director.gui.screens.scores.model import COL_EW_TRICKS, COL_NS_TRICKS, Mark
from director.gui.screens.scores.overview import FIXED_COLUMNS
from director.gui.screens.slips.model import COL_TRUMP
from director.scoring.model import TRICKS, Direction, IrregularityKind, Revoke
from director.scoring.session import score_section
from director.store.values import EventSettings, ResultEntry
from schedules.catalog import Request, build

pytestmark = pytest.mark.gui

Key = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


class Keyboard:
    """Keys pressed where the focus is, counted."""

    def __init__(self, qtbot: QtBot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def press(self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier):
        """One key (with its modifier), to the focus widget; then let queued work run."""
        self.qtbot.keyClick(self.focus(), key, modifier)
        self.count += 1
        QApplication.processEvents()

    def focus(self) -> QWidget:
        """The widget with the keyboard focus; on a loaded machine the window manager may give
        it a moment after the window shows, so wait for it (a few seconds, not for ever)."""
        self.qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=5000)
        target = QApplication.focusWidget()
        assert target is not None, "nothing has the keyboard focus"
        return target

    def type(self, text: str) -> None:
        """Each character of `text`, one key each."""
        for char in text:
            self.qtbot.keyClicks(self.focus(), char)
            self.count += 1
        QApplication.processEvents()

    def entry(self, text: str) -> None:
        """A figure and Enter."""
        self.type(text)
        self.press(Key.Key_Return)

    def in_dialog(self, keys: Callable[[Keyboard], None]) -> None:
        """Press `keys` in the modal dialog the next key opens."""

        def run() -> None:
            dialog = QApplication.activeModalWidget()
            if dialog is None:
                QTimer.singleShot(10, run)
                return
            try:
                # Under a bare X server no window manager activates a new window; a real
                # desktop does, and the keys go where its focus is.
                dialog.activateWindow()
                self.qtbot.waitUntil(
                    lambda: dialog.isAncestorOf(QApplication.focusWidget()), timeout=10000
                )
                keys(self)
            except BaseException:
                # A step that failed inside the dialog must not leave it open: the test would
                # wait on it for ever instead of failing.
                dialog.reject()
                raise

        QTimer.singleShot(0, run)


def in_grid(window: MainWindow) -> bool:
    """Whether the keyboard is in the score grid (or one of its cells)."""
    focus, table = QApplication.focusWidget(), window.scores.table
    return focus is not None and (focus is table or table.isAncestorOf(focus))


def back_in_grid(qtbot: QtBot, window: MainWindow) -> None:
    """Wait for the keyboard to come back to the grid after a dialog closed: the X server
    gives the window back its focus a moment later (sooner than a director's next key), and
    later still on a loaded machine."""
    qtbot.waitUntil(lambda: in_grid(window), timeout=5000)


def open_editor(window: MainWindow) -> QLineEdit | None:
    editor = window.scores.table.indexWidget(window.scores.table.currentIndex())
    return editor if isinstance(editor, QLineEdit) else None


def seat(window: MainWindow, family: str = "howell", tables: int = 5) -> None:
    """A movement with its pairs formed in order, two trays a round."""
    store = window.context.store
    movement = build(Request(family, tables=tables, trays_per_round=2))
    for n in range(2 * len(movement.field)):
        store.add_player(f"Player {n}")
    pair_up(store, movement.field)
    store.choose_movement(movement)
    window.context.notify(Changed.EVERYTHING)


def all_slips(window: MainWindow) -> None:
    store = window.context.store
    for tray in store.movement().tray_numbers:
        store.record_slip(tray, "QH")
    window.context.notify(Changed.SLIPS)


@pytest.fixture
def scores(window: MainWindow) -> MainWindow:
    """The window on a 5-table Howell with every slip in, the score grid on round 1."""
    seat(window)
    all_slips(window)
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)
    window.scores.table.setFocus()
    return window


def test_a_refused_value_keeps_its_cell_open_selected_and_says_why(
    qtbot, scores: MainWindow, beeps: list[int]
) -> None:
    keys, grid = Keyboard(qtbot), scores.scores
    keys.entry("14")
    editor = open_editor(scores)
    assert editor is not None
    assert editor.text() == "14"
    assert editor.selectedText() == "14"  # the next figure typed replaces it
    assert grid.table.currentIndex().row() == 0  # nothing moved on
    assert "0 to 13" in grid.message.text()
    assert beeps == [1]
    assert scores.context.store.results() == ()
    keys.entry("9")
    assert [r.ns_tricks for r in scores.context.store.results()] == [9]
    assert grid.table.currentIndex().row() == 1
    assert grid.message.text() == ""


def test_a_refused_trump_card_keeps_its_cell_open(
    qtbot, window: MainWindow, beeps: list[int]
) -> None:
    seat(window)
    window.tabs.setCurrentWidget(window.slips)
    keys, slips = Keyboard(qtbot), window.slips
    assert slips.table.currentIndex() == slips.model.index(0, COL_TRUMP)
    keys.entry("ZZ")
    editor = slips.table.indexWidget(slips.table.currentIndex())
    assert isinstance(editor, QLineEdit)
    assert editor.selectedText() == "ZZ"
    assert slips.message.text().startswith("Not entered:")
    assert beeps == [1]
    keys.entry("QH")
    assert [str(s.card) for s in window.context.store.slips()] == ["QH"]
    assert slips.table.currentIndex().row() == 1


def test_page_keys_turn_the_rounds_from_the_grid_and_from_a_cell(qtbot, scores: MainWindow) -> None:
    keys, grid = Keyboard(qtbot), scores.scores
    keys.press(Key.Key_PageDown)
    assert grid.view().round == 2
    keys.press(Key.Key_Right, CTRL)
    assert grid.view().round == 3
    keys.type("8")  # a cell open with a figure typed: PageUp enters it, then turns
    keys.press(Key.Key_PageUp)
    assert grid.view().round == 2
    assert [(r.round, r.ns_tricks) for r in scores.context.store.results()] == [(3, 8)]
    keys.press(Key.Key_Left, CTRL)
    assert grid.view().round == 1
    assert in_grid(scores)
    keys.press(Key.Key_PageUp)  # no round before the first: stays, says so
    assert grid.view().round == 1
    assert "first round" in grid.message.text()


def test_enter_on_a_rounds_last_table_goes_on_to_the_next_round(qtbot, scores: MainWindow) -> None:
    keys, grid = Keyboard(qtbot), scores.scores
    rows = grid.model.rowCount()
    for _ in range(rows):
        keys.entry("7")
    assert grid.view().round == 2
    assert grid.table.currentIndex() == grid.model.index(0, COL_NS_TRICKS)
    assert open_editor(scores) is not None  # typing goes straight on
    keys.entry("6")
    assert {(r.round, r.ns_tricks) for r in scores.context.store.results()} == {(1, 7), (2, 6)}


def test_ctrl_z_in_a_cell_undoes_the_entry_and_the_keys_stay_in_the_grid(
    qtbot, scores: MainWindow
) -> None:
    keys, grid = Keyboard(qtbot), scores.scores
    keys.entry("7")
    keys.entry("5")
    assert open_editor(scores) is not None
    keys.press(Key.Key_Z, CTRL)
    assert [r.ns_tricks for r in scores.context.store.results()] == [7]
    assert in_grid(scores)
    assert grid.table.currentIndex().row() == 2  # where the director was
    keys.press(Key.Key_Up)
    keys.entry("4")
    assert [r.ns_tricks for r in scores.context.store.results()] == [7, 4]


def test_the_keys_come_back_to_the_grid_after_a_dialog(qtbot, scores: MainWindow) -> None:
    keys, grid = Keyboard(qtbot), scores.scores
    keys.press(Key.Key_Down)
    keys.in_dialog(lambda k: k.press(Key.Key_Escape))
    keys.press(Key.Key_R, CTRL)  # the revoke dialog, cancelled
    back_in_grid(qtbot, scores)
    assert grid.table.currentIndex().row() == 1
    keys.in_dialog(lambda k: k.press(Key.Key_Escape))
    keys.press(Key.Key_I, CTRL | Qt.KeyboardModifier.ShiftModifier)
    back_in_grid(qtbot, scores)
    keys.entry("6")
    assert [(r.table, r.tray) for r in scores.context.store.results()] == [
        (grid.model.row(1).table, grid.model.row(1).tray)
    ]


def test_the_grid_shows_names_and_each_rows_ruling(qtbot, scores: MainWindow) -> None:
    store, grid = scores.context.store, scores.scores
    grid.show_round(2)
    rows = grid.model.rows()
    movement = grid.movement
    overplays = [r for r in rows if movement.tray(r.tray).original_round != 2]
    average, stands = overplays[:2]  # a wrong trump, a short hand: on the overplay
    others = [r for r in rows if r not in (average, stands)]
    revoked, unplayed, replayed, untouched = others[:4]
    store.record_result(
        ResultEntry(1, revoked.round, revoked.table, revoked.tray, 7, (Revoke(Direction.EW, 1, 2),))
    )
    store.record_result(
        ResultEntry(1, average.round, average.table, average.tray, 8),
        irregularity=IrregularityKind.WRONG_TRUMP_OVERPLAY,
        table_trump="S",  # the slip says hearts
    )
    store.record_result(
        ResultEntry(1, stands.round, stands.table, stands.tray, 8),
        irregularity=IrregularityKind.SHORT_HAND,
    )
    store.record_irregularity(
        round=unplayed.round,
        table=unplayed.table,
        tray=unplayed.tray,
        kind=IrregularityKind.NOT_PLAYED,
    )
    store.order_new_deal(replayed.tray, "a card faced in dealing")
    scores.context.notify(Changed.RESULTS)
    first = grid.model.row(0)
    pair = next(p for p in store.partnerships() if p.label == first.ns)
    names = [p.name for p in store.players() if p.id in pair.players]
    shown = grid.model.data(grid.model.index(0, 3))
    assert all(name in shown for name in names)
    marks = {grid.model.key(r): (r.mark, r.status) for r in grid.model.rows()}
    assert marks[grid.model.key(revoked)] == (Mark.REVOKE, "revoke: E-W x1")
    assert marks[grid.model.key(average)] == (Mark.AVERAGE, "average (Law IV Sec.9)")
    assert marks[grid.model.key(stands)] == (Mark.ENTERED, "entered (Law V Sec.2: it stands)")
    assert marks[grid.model.key(unplayed)] == (Mark.NOT_PLAYED, "not played (not played)")
    assert marks[grid.model.key(replayed)] == (Mark.NEW_DEAL, "new deal 2: to replay")
    assert marks[grid.model.key(untouched)] == (Mark.MISSING, "missing")
    status = grid.model.index(rows.index(revoked), 7)
    assert grid.model.data(status, Qt.ItemDataRole.BackgroundRole) == Mark.REVOKE.colour
    assert not grid.model.data(status, Qt.ItemDataRole.DecorationRole).isNull()


def test_an_ew_figure_that_disagrees_is_kept_and_the_laws_take_ews(
    qtbot, scores: MainWindow
) -> None:
    keys, grid, store = Keyboard(qtbot), scores.scores, scores.context.store
    grid.table.setCurrentIndex(grid.model.index(0, COL_EW_TRICKS))
    keys.entry("4")  # no N/S figure yet: N/S took the rest
    (first,) = store.results()
    assert (first.ns_tricks, first.ew_record) == (TRICKS - 4, None)
    grid.table.setCurrentIndex(grid.model.index(0, COL_EW_TRICKS))
    keys.entry("6")  # E/W say 6 where N/S said 9
    (first,) = store.results()
    assert (first.ns_tricks, first.ew_record) == (9, 6)
    row = grid.model.row(0)
    assert row.mark is Mark.DISAGREE
    assert row.status == "records disagree: E/W's 6 counts"
    engine = score_section(store.scoring_input())
    (deal,) = [d for d in engine.deals if d.tray == row.tray]
    (table,) = [t for t in deal.tables if t.table == row.table]
    assert table.made_ns == row.counted_ns == TRICKS - 6


def test_the_overview_shows_which_tables_are_in_per_round(qtbot, scores: MainWindow) -> None:
    keys, grid = Keyboard(qtbot), scores.scores
    keys.entry("7")  # table 1's first tray of round 1
    model = grid.overview.overview
    progress = grid.progress
    assert progress.tables_in(1) == (0, 5)
    cell = model.index(0, 2)  # round 1, table 1
    assert model.data(cell) == "1/2"
    keys.entry("6")
    assert model.data(cell) == "✓"
    assert progress.tables_in(1) == (1, 5)
    assert model.data(model.index(0, 1)) == "1 of 5"
    assert progress.missing(1) == [2, 3, 4, 5]
    missing = model.data(model.index(0, 3), Qt.ItemDataRole.BackgroundRole)
    untouched = model.data(model.index(1, 3), Qt.ItemDataRole.BackgroundRole)
    assert missing is not None
    assert untouched is None
    grid.overview.chosen.emit(4)
    assert grid.view().round == 4
    assert in_grid(scores)


def test_a_result_for_a_tray_without_its_slip_brings_a_reminder(qtbot, window: MainWindow) -> None:
    seat(window)
    store = window.context.store
    window.tabs.setCurrentWidget(window.scores)
    grid = window.scores
    grid.show_round(1)
    slipped = grid.model.row(1).tray
    store.record_slip(slipped, "2C")
    window.context.notify(Changed.SLIPS)
    keys = Keyboard(qtbot)
    keys.entry("7")
    assert f"tray {grid.model.row(0).tray} has no trump slip" in grid.message.text()
    keys.entry("7")
    assert grid.message.text() == ""
    info = store.info()
    store.update_event(name=info.name, settings=EventSettings(declared_trump="S"))
    window.context.notify(Changed.EVENT)
    keys.entry("7")  # a declared trump keeps no slips: nothing to remind
    assert grid.message.text() == ""


def test_the_overview_waits_for_both_halves_of_a_round_split_at_a_table() -> None:
    from director.gui.screens.scores.overview import Progress

    movement = build(Request("howell", tables=5, trays_per_round=2, variant="half-rounds"))
    first, second = (s for s in movement.seatings if (s.round, s.table) == (1, 5))
    progress = Progress(movement)
    assert progress.expected[(1, 5)] == frozenset(first.trays + second.trays)


def test_a_ten_reads_10_in_the_slips_grid_history_and_undo(qtbot, window: MainWindow) -> None:
    seat(window)
    window.tabs.setCurrentWidget(window.slips)
    keys, slips = Keyboard(qtbot), window.slips
    keys.entry("td")
    assert slips.model.data(slips.model.index(0, COL_TRUMP)) == "10D"
    keys.entry("10s")
    assert slips.model.data(slips.model.index(1, COL_TRUMP)) == "10S"
    history = window.history
    history.refresh()
    details = [history.model.row(n).summary for n in range(2)]
    assert details == ["tray 2: trump 10S", "tray 1: trump 10D"]
    history.table.selectRow(0)
    assert "rank 10" in history.detail.toPlainText()
    assert "T" not in history.detail.toPlainText().replace("Tray", "")
    window.undo()
    assert "trump 10S" in window.statusBar().currentMessage()


def test_a_reminder_goes_once_it_is_no_longer_true(qtbot, window: MainWindow) -> None:
    seat(window)
    keys, grid = Keyboard(qtbot), window.scores
    window.tabs.setCurrentWidget(grid)
    grid.show_round(1)
    grid.table.setFocus()
    keys.press(Key.Key_PageUp)
    assert grid.message.text() == "This is the first round."
    keys.press(Key.Key_PageDown)
    assert grid.message.text() == ""  # round 2 is not the first round
    keys.press(Key.Key_PageUp)
    tray = grid.model.row(0).tray
    keys.entry("7")
    assert f"tray {tray} has no trump slip" in grid.message.text()
    window.tabs.setCurrentWidget(window.slips)
    slips = window.slips
    line = next(n for n, r in enumerate(slips.model.rows()) if r.tray.number == tray)
    slips.table.setCurrentIndex(slips.model.index(line, COL_TRUMP))
    slips.table.setFocus()
    keys.entry("KS")
    window.tabs.setCurrentWidget(grid)
    assert grid.message.text() == ""  # the slip is in now


def test_one_result_repaints_its_round_in_the_overview_and_its_row_in_the_grid(
    qtbot, scores: MainWindow
) -> None:
    grid = scores.scores
    overview, model = grid.overview.overview, grid.model
    painted: dict[str, list[tuple[int, int]]] = {"overview": [], "grid": []}
    for name, source in (("overview", overview), ("grid", model)):
        source.dataChanged.connect(
            lambda first, last, *_, name=name: painted[name].append((first.row(), last.row()))
        )
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    widths = [grid.overview.columnWidth(c) for c in range(overview.columnCount())]
    Keyboard(qtbot).entry("7")
    assert painted["grid"] == [(0, 0)]
    assert set(painted["overview"]) == {(0, 0)}  # round 1's row, not every round's
    assert resets == []
    assert model.data(model.index(0, COL_NS_TRICKS)) == "7"
    assert overview.data(overview.index(0, 2)) == "1/2"
    # the overview's widths are set for the widest figure once, not fitted at each result
    assert [grid.overview.columnWidth(c) for c in range(overview.columnCount())] == widths
    metrics = grid.overview.fontMetrics()
    assert all(w > metrics.horizontalAdvance("⚠ 2/2") for w in widths[2:])


def test_a_result_repaints_its_tables_cell_in_the_overview_and_the_rounds_count(
    qtbot, scores: MainWindow
) -> None:
    overview = scores.scores.overview.overview
    painted: list[tuple[int, int, int, int]] = []
    overview.dataChanged.connect(
        lambda first, last, *_: painted.append(
            (first.row(), first.column(), last.row(), last.column())
        )
    )
    keys = Keyboard(qtbot)
    count, first_table = len(FIXED_COLUMNS) - 1, len(FIXED_COLUMNS)
    keys.entry("7")  # table 1's first tray of two
    assert sorted(painted) == [(0, count, 0, count), (0, first_table, 0, first_table)]
    painted.clear()
    keys.entry("6")  # table 1 complete, the first of the round: the others now read missing
    assert painted == [(0, 0, 0, overview.columnCount() - 1)]
    painted.clear()
    keys.entry("5")  # table 2's first tray
    table_2 = first_table + 1
    assert sorted(painted) == [(0, count, 0, count), (0, table_2, 0, table_2)]
    assert overview.data(overview.index(0, table_2)) == "1/2"


def test_a_result_from_a_table_repaints_its_row_and_a_correction_its_figures_only(
    qtbot, scores: MainWindow
) -> None:
    grid, store = scores.scores, scores.context.store
    model = grid.model
    grid.table.viewport().repaint()  # the rows as the director sees them
    painted: list[tuple[int, int, int, int]] = []
    resets: list[int] = []
    model.dataChanged.connect(
        lambda first, last, *_: painted.append(
            (first.row(), first.column(), last.row(), last.column())
        )
    )
    model.modelReset.connect(lambda: resets.append(1))
    row = model.row(1)
    entered = store.record_result(ResultEntry(1, row.round, row.table, row.tray, 7))
    scores.context.notify(Changed.RESULTS)  # as the window hears of a phone's entry
    assert painted == [(1, 0, 1, model.columnCount() - 1)]  # every cell now reads "entered"
    painted.clear()
    store.correct_result(entered.id, entered.version, ns_tricks=8)
    scores.context.notify(Changed.RESULTS)
    assert sorted(painted) == [(1, c, 1, c) for c in (COL_NS_TRICKS, COL_EW_TRICKS)]
    assert model.data(model.index(1, COL_NS_TRICKS)) == "8"
    assert resets == []


def test_a_renamed_player_shows_whole_in_the_grid_at_once(qtbot, scores: MainWindow) -> None:
    from dataclasses import replace

    store, grid = scores.context.store, scores.scores
    player = store.players()[0]
    store.edit_player(replace(player, name="Mrs Wilhelmina Featherstonehaugh-Smythe"))
    scores.context.notify(Changed.PLAYERS)
    texts = [grid.model.data(grid.model.index(n, c)) for n in range(10) for c in (3, 4)]
    text = next(t for t in texts if "Featherstonehaugh" in t)
    column = 3 + texts.index(text) % 2
    assert grid.table.columnWidth(column) >= grid.table.fontMetrics().horizontalAdvance(text)


def test_a_typed_result_leaves_the_backup_copy_for_after_the_entry(
    qtbot: QtBot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from director.store.backup import Backups

    looked: list[int] = []
    check = Backups.entry_committed
    monkeypatch.setattr(
        Backups, "entry_committed", lambda self, *due: looked.append(1) or check(self, *due)
    )
    window = seated
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)
    model = window.scores.model
    assert model.setData(model.index(0, COL_NS_TRICKS), "8")
    assert model.row(0).result is not None, "the entry is stored when its call returns"
    assert looked == [], "whether a backup copy is due was looked at inside the entry"
    qtbot.waitUntil(lambda: looked == [1], timeout=3000)


def test_the_evening_path_follows_an_entry_without_reading_every_result(
    qtbot: QtBot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from director.evening.progress import Step
    from director.store.services import EventStore

    window = seated
    store = window.context.store
    movement = window.context.movement()
    first_round = [s for s in movement.seatings if s.round == 1]
    for seating in first_round:
        for tray in seating.trays:
            store.record_result(ResultEntry(1, 1, seating.table, tray, 7))
    window.context.notify(Changed.RESULTS)
    window.scores.show_round(2)  # the grid reads its round's results once, as it opens
    read: list[object] = []
    every = EventStore.results
    monkeypatch.setattr(
        EventStore, "results", lambda self, **kw: read.append(kw) or every(self, **kw)
    )
    model = window.scores.model
    assert model.setData(model.index(0, COL_NS_TRICKS), "8")
    scores = Step.SCORES
    qtbot.waitUntil(lambda: "round 2 of" in window.path_bar.buttons[scores].text(), timeout=3000)
    assert read == [], "the path read every result again to follow one entry"
