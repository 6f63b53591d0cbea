"""A whole 5-table Howell evening with the keyboard alone, from the empty window to the
standings: every key goes where the focus is (`Keyboard`), and is counted. The only things not
typed are the two file choosers' answers (the platform's own dialogs)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog

from director.gui.demo import RANKS, SUITS
from director.gui.main_window import MainWindow
from director.gui.screens.scores.model import Mark
from director.scoring.model import Direction, Revoke
from tests.gui.test_evening import check_standings
from tests.gui.test_scores import CTRL, Keyboard, in_grid

pytestmark = pytest.mark.gui

Key = Qt.Key
ALT = Qt.KeyboardModifier.AltModifier
TABLES = 5


class Keys(Keyboard):
    """Keys as Qt delivers a real keyboard's: to the focus widget, or, when nothing has the
    focus, to the active window (whose shortcuts still answer). The steps that leave the
    focus nowhere are noted."""

    def __init__(self, qtbot: object) -> None:
        super().__init__(qtbot)
        self.unfocused: list[str] = []

    def press(self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier):
        if QApplication.focusWidget() is None:
            self.unfocused.append(QKeySequence(key | modifier).toString())
            self.qtbot.keyClick(QApplication.activeWindow(), key, modifier)  # type: ignore[attr-defined]
            self.count += 1
            QApplication.processEvents()
            return
        super().press(key, modifier)


def roster(path: Path, pairs: int) -> Path:
    """A roster as a spreadsheet writes it: a header, a name and a pair number a line."""
    lines = ["name,pair"]
    lines += [f"Player {2 * n + seat} of pair {n + 1},{n + 1}" for n in range(pairs) for seat in (0, 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_whole_howell_evening_with_the_keyboard_alone(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys, rng = Keys(qtbot), random.Random(27)
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

    # the movement: proposals for the field, the best selected, used
    chooser = window.movement
    keys.press(Key.Key_2, CTRL)
    with qtbot.waitSignal(chooser.proposalsReady, timeout=20000):
        keys.press(Key.Key_P, ALT)
    best = chooser.selected()
    assert best is not None
    keys.press(Key.Key_U, ALT)
    movement = store.movement()
    assert (best.family, movement.tables) == ("howell", TABLES)
    lap("movement")
