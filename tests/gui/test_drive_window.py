"""A whole whist drive in a real window, at the keyboard only: 48 players on 12 tables, two
halves of 12 hands, under each moving rule. The drive is started from the Event menu with its
settings dialog, each table's hand typed in the grid ("N 8", Enter goes down), a correction,
an undo (Ctrl+Z), revokes with their reason, a player leaving at half time and a late arrival
taking the seat. The seating the window shows at every hand is the rule's replay of the hands
typed; the standings and prizes equal an independent recount from the entered hands
(tests/drive_recount.py). Screenshots of each screen go to the test's folder (and to
WHIST_EVENING_SHOTS when that names a folder)."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.exceptions import TimeoutError
from pytestqt.qtbot import QtBot

from director.gui.context import Changed
from director.gui.main_window import MainWindow
from director.gui.screens.drive.model import COL_RESULT
from director.gui.screens.drive.standings import HALF_TIME
from director.store.values import Gender
from schedules.progressive import (
    DriveSettings,
    Field,
    MovingRule,
    Role,
    Seating,
    Side,
    arrive,
    leave,
    next_seating,
)
from schedules.progressive import TableResult as Result
from tests.drive_recount import Played, recount, recount_prizes, total
from tests.gui.test_keyboard_evening import Keys
from tests.gui.test_mnemonics import unreached, visible_mnemonics
from tests.gui.test_scores import CTRL, Keyboard
from tests.gui.test_whole_evening import Shots, menu

pytestmark = pytest.mark.gui

Key = Qt.Key
ALT = Qt.KeyboardModifier.AltModifier
LADIES = [f"Mrs L{n:02}" for n in range(24)]
GENTLEMEN = [f"Mr G{n:02}" for n in range(24)]
LEAVER, LATE = "Mr G07", "Mr Late"
HANDS, HALF, TABLES, PENALTY, DRAW = 24, 12, 12, 3, 2026
TYPED = {Side.NS: ("N", "ns", "S", "n-s"), Side.EW: ("E", "ew", "W", "e/w")}
"""Ways a director types each side, all taken."""


def in_grid(window: MainWindow) -> bool:
    """Whether the keyboard is in the drive's grid (or one of its cells)."""
    focus, table = QApplication.focusWidget(), window.drive.table
    return focus is not None and (focus is table or table.isAncestorOf(focus))


def after_dialog(qtbot: QtBot, window: MainWindow) -> None:
    """Back in the grid once a dialog has closed: with no window manager the X server takes
    the focus from every window a moment after the dialog's window goes; wait for that, so
    that keys typed next are not lost, then give the window the focus as a desktop would."""
    # the focus may stay (a window manager handed it back): nothing to wait for then
    with contextlib.suppress(TimeoutError):
        qtbot.waitUntil(lambda: QApplication.activeWindow() is None, timeout=1500)
    back_in_grid(qtbot, window)


def back_in_grid(qtbot: QtBot, window: MainWindow) -> None:
    """Wait for the keyboard to come back to the grid after a dialog closed. With no window
    manager (a bare X server) nobody gives the window back its focus: done here, as a
    desktop would."""
    if QApplication.activeWindow() is None:
        window.activateWindow()
        qtbot.waitActive(window)
    qtbot.waitUntil(lambda: in_grid(window), timeout=5000)


def shown_seating(window: MainWindow) -> Seating:
    """The seating the drive's grid shows."""
    return Seating(tuple(row.seats for row in window.drive.model.rows()))


def replay(settings: DriveSettings, seating: Seating, played: Played, hand: int) -> Seating:
    """The next hand's seating by the moving rule, with half time's leaver and late arrival."""
    results = tuple(Result(t, w, k) for t, (w, k) in played[1].items())
    after = next_seating(settings, seating, results)
    if hand == HALF:
        after = arrive(leave(after, LEAVER, Field.LADIES_GENTLEMEN), LATE, Role.GENTLEMAN)
    return after


def start(keys: Keys, qtbot: QtBot, window: MainWindow, rule: MovingRule, shots: Shots) -> None:
    """The drive started from the Event menu: the rule chosen, the rest as offered."""

    def settings(k: Keyboard) -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog.tables.value() == TABLES  # from the roster's 48 players
        assert (dialog.hands.value(), dialog.halves.value()) == (HANDS, 2)
        k.press(Key.Key_M, ALT)
        for _ in range(list(MovingRule).index(rule)):
            k.press(Key.Key_Down)
        k.press(Key.Key_D, ALT)
        k.press(Key.Key_A, CTRL)
        k.type(str(DRAW))
        assert dialog.rule.currentData() is rule
        shots.take("drive-settings", dialog)
        k.press(Key.Key_S, ALT)

    keys.in_dialog(settings)
    menu(keys, qtbot, Key.Key_N, Key.Key_V)
    qtbot.waitUntil(lambda: window.is_drive, timeout=10000)
    after_dialog(qtbot, window)


def enter(keys: Keys, qtbot: QtBot, window: MainWindow, side: Side, tricks: int, way: int) -> None:
    """One table's hand typed in the cell the keyboard is on, and Enter."""
    back_in_grid(qtbot, window)
    keys.type(f"{TYPED[side][way % 4]} {tricks}")
    keys.press(Key.Key_Return)


def revoke(keys: Keys, qtbot: QtBot, window: MainWindow, offenders: Side) -> None:
    """A revoke at table 2 of the hand on view, with its reason, from the Revoke button."""

    def ruling(k: Keyboard) -> None:
        k.press(Key.Key_T, ALT)
        k.press(Key.Key_Home)  # the tables entered so far, table 1 first
        k.press(Key.Key_Down)
        k.press(Key.Key_S, ALT)
        if offenders is Side.EW:
            k.press(Key.Key_Down)
        k.press(Key.Key_R, ALT)
        k.press(Key.Key_A, CTRL)
        k.type("revoke in spades")
        dialog = QApplication.activeModalWidget()
        assert (dialog.table.currentData(), dialog.offenders.currentData()) == (2, offenders)
        k.press(Key.Key_Return)

    keys.in_dialog(ruling)
    keys.press(Key.Key_R, ALT)
    after_dialog(qtbot, window)


def change(keys: Keys, qtbot: QtBot, window: MainWindow, arriving: bool, player: str) -> None:
    """A player leaving or arriving from the next hand, chosen by typing the name."""

    def who(k: Keyboard) -> None:
        dialog = QApplication.activeModalWidget()
        k.press(Key.Key_P, ALT)
        box = dialog.player
        assert isinstance(box, QComboBox)
        k.press(Key.Key_Home)
        for _ in range(box.count()):
            if box.currentText() == player:
                break
            k.press(Key.Key_Down)
        assert box.currentText() == player, [box.itemText(n) for n in range(box.count())]
        assert dialog.from_hand.value() == HALF + 1
        k.press(Key.Key_Return)

    keys.in_dialog(who)
    keys.press(Key.Key_A if arriving else Key.Key_L, ALT)
    after_dialog(qtbot, window)


@pytest.mark.slow
@pytest.mark.parametrize("rule", list(MovingRule), ids=[r.value for r in MovingRule])
def test_a_drive_at_the_keyboard_shows_the_rules_seating_and_recounted_prizes(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, rule: MovingRule
) -> None:
    store = window.context.store
    for name in LADIES:
        store.add_player(name, gender=Gender.LADY)
    for name in GENTLEMEN:
        store.add_player(name, gender=Gender.GENTLEMAN)
    window.context.notify(Changed.PLAYERS)
    keys = Keys(qtbot, window)
    shots = Shots(window, tmp_path / "shots")
    start(keys, qtbot, window, rule, shots)
    settings = store.drive().settings
    assert settings.rule is rule
    assert store.drive().draw_seed == DRAW
    shots.take("drive-start")
    # the late gentleman joins the roster once the drive is under way
    store.add_player(LATE, gender=Gender.GENTLEMAN)
    window.context.notify(Changed.PLAYERS)

    rnd = random.Random(rule.value)
    played: list[Played] = []
    expected = store.drive_seating(1)
    for hand in range(1, HANDS + 1):
        qtbot.waitUntil(lambda h=hand: window.drive.hand == h and in_grid(window), timeout=10000)
        seating = shown_seating(window)
        assert seating == expected, f"hand {hand}"
        assert window.drive.table.currentIndex().column() == COL_RESULT
        assert window.drive.table.currentIndex().row() == 0
        entries = {t: (rnd.choice(list(Side)), rnd.randint(7, 13)) for t in range(1, TABLES + 1)}
        revokes: dict[int, Side] = {}
        for row, (side, tricks) in enumerate(entries.values()):
            if hand == 2 and row == 1:  # a correction: table 1 took one trick more
                keys.press(Key.Key_Escape)
                keys.press(Key.Key_Up)
                first = entries[1]
                entries[1] = (first[0], min(13, first[1] + 1))
                enter(keys, qtbot, window, *entries[1], way=0)
            if hand == 3 and row == 0:  # a slip of the hand, undone with Ctrl+Z
                wrong = Side.EW if side is Side.NS else Side.NS
                enter(keys, qtbot, window, wrong, 13, way=1)
                keys.press(Key.Key_Z, CTRL)
                qtbot.waitUntil(lambda: not store.drive().entries_of(3), timeout=5000)
                keys.press(Key.Key_Escape)
                keys.press(Key.Key_Up)
            if hand % 7 == 0 and row == TABLES - 1:  # table 2 revoked, said before the last
                revokes[2] = rnd.choice(list(Side))
                revoke(keys, qtbot, window, revokes[2])
            assert window.drive.table.currentIndex().row() == row, (hand, row)
            enter(keys, qtbot, window, side, tricks, way=hand + row)
            if hand == 1 and row == 3:
                shots.take("drive-entry")
        assert {e.table: (e.winners, e.tricks) for e in store.drive().entries_of(hand)} == entries
        played.append((seating, entries, revokes))
        if hand < HANDS:
            qtbot.waitUntil(lambda h=hand: window.drive.hand == h + 1, timeout=10000)
            assert window.drive.moves_title.text().startswith(f"Moves after hand {hand},")
            assert window.drive.moves_view.model().rowCount() == len(seating.players())
        if hand == 1:
            shots.take("drive-moves")
        if hand == HALF:
            change(keys, qtbot, window, False, LEAVER)
            change(keys, qtbot, window, True, LATE)
            moves = {m.player: m.words for m in window.drive.moves_view.model().rows()}
            assert moves[LEAVER] == "Leave the drive."
            assert moves[LATE].startswith("Join at table ")
            shots.take("drive-half-time-changes")
        expected = replay(settings, seating, played[-1], hand) if hand < HANDS else expected
    assert "the drive is over" in window.drive.heading.text()

    cards = recount(played, HANDS, PENALTY)
    keys.press(Key.Key_3, CTRL)  # the standings
    screen = window.standings
    qtbot.waitUntil(lambda: screen.model.rowCount() == len(cards), timeout=5000)
    shown = {r.standing.player: r.standing.total for r in screen.model.rows()}
    assert shown == {p: total(c) for p, c in cards.items()}
    prizes = [screen.prizes.item(n).text() for n in range(screen.prizes.count())]
    first_half = {p: c[:HALF] for p, c in cards.items() if any(s is not None for s in c[:HALF])}
    for title, player in recount_prizes(cards, played, HALF).items():
        said = next(p for p in prizes if p.startswith(f"{title}: "))
        winner = said.removeprefix(f"{title}: ").split(", ")[0]
        # partners of a partner drive share every score: a tie the rule leaves goes by lots
        card = first_half if title == "half-time" else cards
        assert winner == player or ("lots drawn" in said and card[winner] == card[player]), (
            title,
            player,
            said,
        )
    shots.take("drive-standings-prizes")
    screen.after.setCurrentIndex(screen.after.findData(HALF_TIME))
    half = {r.standing.player: r.standing.total for r in screen.model.rows()}
    assert half == {p: total(c) for p, c in first_half.items()}
    assert keys.unfocused == []


def test_a_drive_event_shows_the_drives_screens_steps_and_letters(
    qtbot: QtBot, window: MainWindow
) -> None:
    store = window.context.store
    for name in LADIES[:4]:
        store.add_player(name, gender=Gender.LADY)
    for name in GENTLEMEN[:4]:
        store.add_player(name, gender=Gender.GENTLEMAN)
    store.start_drive(DriveSettings(tables=2, hands=4), seed=DRAW)
    window.open_store(store, reopen=True)
    titles = [window.tabs.tabText(n) for n in range(window.tabs.count())]
    # The duplicate laws (two tricks for a revoke, +R and -R) would contradict the drive's
    # own revoke penalty, so a drive's host is not offered them.
    assert titles == ["Players", "Drive", "Standings", "History"]
    assert not window.laws_action.isVisible()
    assert [s.step.value for s in window.path_bar.states] == ["Field", "Drive", "Hands", "Prizes"]
    assert window.path_bar.go_on.text() == "Next: Enter hand 1"
    assert window.print_action.isEnabled()  # the drive's papers
    assert window.publish_action.isEnabled()  # the drive's website
    assert not window.start_drive_action.isEnabled()
    clashes = {}
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(1)
        twice = {k: v for k, v in visible_mnemonics(window).items() if len(v) > 1}
        missed = unreached(qtbot, window)
        if twice or missed:
            clashes[window.tabs.tabText(index)] = {"twice": twice, "not reached": missed}
    assert not clashes
