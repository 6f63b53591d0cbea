"""A whole 5-table Howell evening with the keyboard alone, from the empty window to the
standings: every key goes where the focus is (`Keyboard`), and is counted. The only things not
typed are the file choosers' answers (the platform's own dialogs).

The run: a new event; a roster whose pair column forms the pairs; the proposed movement; the
papers saved as a PDF; every trump slip; every result of every round, with a refused figure, a
wrong entry undone and a revoke; the standings on screen checked against the scoring engine
and against `director event standings` run on the saved file.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from director.gui.demo import RANKS, SUITS
from director.gui.main_window import MainWindow
from director.gui.screens.scores.model import Mark
from director.scoring.model import Direction, Revoke
from director.scoring.session import score_section
from tests.gui.test_evening import check_standings
from tests.gui.test_scores import CTRL, Keyboard, in_grid

pytestmark = pytest.mark.gui

Key = Qt.Key
ALT = Qt.KeyboardModifier.AltModifier
TABLES = 5


class Keys(Keyboard):
    """Keys as Qt delivers a real keyboard's: to the focus widget, or, when nothing has the
    focus, to the active window (whose shortcuts still answer). The keys pressed with the
    focus nowhere are noted."""

    def __init__(self, qtbot: QtBot, window: MainWindow) -> None:
        super().__init__(qtbot)
        self.window = window
        self.unfocused: list[str] = []

    def press(self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier):
        if QApplication.activeWindow() is None:
            # A closed window (a dialog, a progress box) hands the keyboard back to the one
            # beneath: a window manager's doing, and a bare X server (or offscreen) has none.
            beneath = QApplication.activeModalWidget() or self.window
            beneath.activateWindow()
            self.qtbot.waitActive(beneath)
            QApplication.processEvents()
        if QApplication.focusWidget() is None:
            self.unfocused.append(QKeySequence(key | modifier).toString())
            active = QApplication.activeWindow()
            self.qtbot.keyClick(active, key, modifier)
            self.count += 1
            QApplication.processEvents()
            return
        super().press(key, modifier)


def roster(path: Path, pairs: int) -> Path:
    """A roster as a spreadsheet writes it: a header, a name and a pair number a line."""
    lines = ["name,pair"]
    lines += [
        f"Player {2 * n + seat} of pair {n + 1},{n + 1}" for n in range(pairs) for seat in (0, 1)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def cli_standings(path: Path) -> dict[str, dict[str, str]]:
    """Each ranking's exact plus/minus by label, as `director event standings` scores the
    saved file in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "director", "event", "standings", str(path), "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    scored = json.loads(done.stdout)
    return {
        name: {row["label"]: row["plus_minus"]["exact"] for row in rows}
        for name, rows in scored["standings"].items()
    }


@pytest.mark.slow
def test_a_whole_howell_evening_with_the_keyboard_alone(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, beeps: list[int]
) -> None:
    keys, rng = Keys(qtbot, window), random.Random(27)
    counts: dict[str, int] = {}

    def lap(step: str) -> None:
        counts[step] = keys.count - sum(counts.values())

    # a new event: its name, Enter (the file follows the name)
    keys.in_dialog(lambda k: k.entry("Riverside duplicate"))
    keys.press(Key.Key_N, CTRL)
    assert window.windowTitle().startswith("Riverside duplicate — riverside-duplicate.whist")
    store = window.context.store
    lap("new event")

    # the roster, its pairs formed by the pair column; the preview taken with Enter
    pairs = 2 * TABLES
    path = roster(tmp_path / "roster.csv", pairs)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))
    keys.in_dialog(lambda k: k.press(Key.Key_Return))
    keys.press(Key.Key_I, CTRL)
    assert len(store.players()) == 2 * pairs
    assert sorted(p.label for p in store.partnerships()) == sorted(str(n) for n in range(1, 11))
    lap("roster")

    # the movement: proposals for the field, the best selected, used (a button's Alt letter
    # clicks it a moment later, as a real one shows itself pressed)
    chooser = window.movement
    keys.press(Key.Key_2, CTRL)
    with qtbot.waitSignal(chooser.proposalsReady, timeout=20000):
        keys.press(Key.Key_P, ALT)
    best = chooser.selected()
    assert best is not None
    assert best.usable
    keys.press(Key.Key_U, ALT)
    qtbot.waitUntil(lambda: window.path_bar.states[1].done, timeout=3000)
    movement = store.movement()
    assert (best.family, movement.tables) == ("howell", TABLES)
    lap("movement")

    # the papers: the next step of the evening is the printing, tonight's set ticked; saved
    pdf = tmp_path / "papers.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(pdf), ""))

    def save_papers(k: Keyboard) -> None:
        dialog = QApplication.activeModalWidget()
        k.press(Key.Key_S, ALT)
        qtbot.waitUntil(lambda: dialog.status.text().startswith("Saved"), timeout=60000)
        k.press(Key.Key_Escape)

    keys.in_dialog(save_papers)
    keys.press(Key.Key_G, CTRL)
    assert pdf.read_bytes().startswith(b"%PDF")
    lap("papers")

    # the trump slips: the next step again, one card and Enter a tray
    keys.press(Key.Key_G, CTRL)
    assert window.tabs.currentWidget() is window.slips
    for _ in movement.tray_numbers:
        keys.entry(rng.choice(RANKS) + rng.choice(SUITS))
    assert len(store.slips()) == len(movement.tray_numbers)
    lap("slips")

    # the scores, round by round from the first table, a figure and Enter a result
    grid = window.scores
    keys.press(Key.Key_G, CTRL)
    assert window.tabs.currentWidget() is grid
    start, typed = keys.count, 0
    for number in range(1, movement.rounds + 1):
        assert grid.view().round == number
        for line in range(grid.model.rowCount()):
            assert in_grid(window)
            assert grid.table.currentIndex().row() == line
            if (number, line) == (3, 2):
                keys.entry("15")  # refused: the cell keeps it, selected
                assert beeps
                assert grid.table.currentIndex().row() == line
            if (number, line) == (5, 1):
                keys.entry("12")  # a wrong figure, taken back with Ctrl+Z
                keys.press(Key.Key_Z, CTRL)
                keys.press(Key.Key_Up)
            tricks = str(rng.randint(2, 11))
            keys.entry(tricks)
            typed += len(tricks) + 1
    results = len(store.results())
    assert results == sum(len(s.trays) for s in movement.seatings)
    extra = keys.count - start - typed
    assert extra == len("15") + 1 + len("12") + 1 + 2  # the refusal, the wrong entry, undo, up
    wrong = [r for r in store.results() if r.round == 5 and r.ns_tricks == 12]
    assert wrong == []  # the undone figure is gone; its row holds the figure typed after

    # a revoke ruled on a result already in: round 2, its second table
    for _ in range(movement.rounds - 2):
        keys.press(Key.Key_PageUp)
    assert grid.view().round == 2
    keys.press(Key.Key_Down)
    row = grid.model.row(1)

    def revoke(k: Keyboard) -> None:
        k.type("7")  # N/S tricks as made (the figure shown is selected)
        k.press(Key.Key_Tab)
        k.type("E")  # revoking side: E-W
        k.press(Key.Key_Tab)
        k.type("1")  # one revoke
        k.press(Key.Key_Tab)
        k.type("2")  # two tricks won from the first revoke on
        k.press(Key.Key_Return)

    keys.in_dialog(revoke)
    keys.press(Key.Key_R, CTRL)
    assert in_grid(window)
    (revoked,) = [r for r in store.results() if grid.model.key(row) == (r.round, r.table, r.tray)]
    assert revoked.ns_tricks == 7
    assert revoked.revokes == (Revoke(Direction.EW, 1, 2),)
    assert grid.model.row(1).mark is Mark.REVOKE
    lap("scores")

    # the results: the next step shows the standings, which are the engine's and the CLI's
    keys.press(Key.Key_G, CTRL)
    assert window.tabs.currentWidget() is window.results
    lap("results")
    check_standings(qtbot, window)
    engine = score_section(store.scoring_input(**window.context.where))
    expected = {
        name: {s.label: str(s.plus_minus) for s in rows} for name, rows in engine.standings.items()
    }
    assert store.path is not None
    assert cli_standings(store.path) == expected

    total = keys.count
    print(
        f"\nkeys: {counts}; {typed / results:.2f} a result ({results} results); "
        f"{total} in all; with the focus nowhere: {keys.unfocused}"
    )
    assert keys.unfocused == []
