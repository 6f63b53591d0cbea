"""A whole 13-pair evening in a real window, as a director runs it: the roster from a
spreadsheet saved in Windows-1252, the movement proposed for the field, tonight's papers saved
as a PDF, two tables served to phones (headless chromium) that enter their own results, a late
pair, a withdrawal while the tables are served (the phone's page changes), a revoke ruled, an
undo, the movement cut, the results published and read in a browser, and the event quit and
opened again with everything still there.

Keys go where a director's would (shortcuts, Alt letters, menus, Enter in the grid). The only
answers not typed are the platform's file choosers'. Each step leaves a screenshot of the
window in the test's folder, and in WHIST_EVENING_SHOTS when that names a folder.
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from pytestqt.qtbot import QtBot
from selenium.webdriver.common.by import By

from director.gui.demo import RANKS, SUITS
from director.gui.dialogs.printing import TONIGHT, PrintDialog, document_names
from director.gui.main_window import MainWindow
from director.gui.screens.scores.model import Mark
from director.gui.settings import Settings
from director.printing.reprints import reprints
from director.scoring.model import Direction, Revoke
from director.store.services import EventStore
from tests.gui.test_evening import check_standings
from tests.gui.test_keyboard_evening import Keys
from tests.gui.test_scores import CTRL, Keyboard, in_grid
from tests.publish.browser import DESKTOP, Document, dump_dom, screenshot
from tests.server.phone import Phone, link, phones, press, says

pytestmark = [pytest.mark.gui, pytest.mark.slow]

Key = Qt.Key
ALT = Qt.KeyboardModifier.AltModifier
SHOTS = "WHIST_EVENING_SHOTS"
PAIRS = 13
NAMES = (
    ("Zoë Ångström", "Renée Côté"),
    ("François Mérimée", "Chloé Œuvrard"),
    ("Jürgen Weiß", "Ingrid Søndergaard"),
)
"""The first three pairs: names a cp1252 spreadsheet holds and UTF-8 would misread."""
ACCENTED = "Zoë Ångström"


def roster(path: Path) -> Path:
    """The roster as a Windows spreadsheet saves it: Windows-1252, CRLF, a pair column."""
    lines = ["Name,Pair"]
    for n in range(1, PAIRS + 1):
        two = NAMES[n - 1] if n <= len(NAMES) else (f"Mrs Ames {n}", f"Mr Bell {n}")
        lines += [f"{name},{n}" for name in two]
    path.write_bytes("\r\n".join(lines).encode("cp1252") + b"\r\n")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Shots:
    """A screenshot of the window per step, numbered in order."""

    def __init__(self, window: MainWindow, folder: Path) -> None:
        self.window = window
        self.folders = [folder]
        if os.environ.get(SHOTS):
            self.folders.append(Path(os.environ[SHOTS]))
        for place in self.folders:
            place.mkdir(parents=True, exist_ok=True)
        self.taken: list[str] = []

    def save(self, name: str, saving: Callable[[Path], object]) -> None:
        """A picture made elsewhere (a phone's page, the site) saved as `name` in each folder."""
        for place in self.folders:
            saving(place / name)

    def take(self, step: str, widget: QWidget | None = None) -> None:
        """Save the window (or `widget`, a dialog) as drawn now."""
        QApplication.processEvents()
        picture = (widget or self.window).grab()
        name = f"{len(self.taken) + 1:02d}-{step}.png"
        for place in self.folders:
            assert picture.save(str(place / name)), name
        self.taken.append(name)


def menu(keys: Keys, qtbot: QtBot, title: Key, item: Key) -> None:
    """Open a menu by its Alt letter and take the item by its letter."""
    keys.press(title, ALT)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None, timeout=5000)
    qtbot.keyClick(QApplication.activePopupWidget(), item)
    keys.count += 1
    QApplication.processEvents()


def enter_on_phone(phone: Phone, trays: dict[int, int]) -> None:
    """The table's players enter each tray of their round (tray -> N/S's tricks): N/S's
    tricks, and E/W agree."""
    for tray, ns in trays.items():
        press(phone, f"button[data-ns='{ns}']")
        press(phone, "#agree")
        says(phone, f"Tray {tray} saved.")


def trays_at(window: MainWindow, round_no: int, table: int) -> tuple[int, ...]:
    """The trays `table` plays in `round_no`, as the movement stands."""
    movement = window.context.store.movement()
    return next(s.trays for s in movement.seatings if (s.round, s.table) == (round_no, table))


def settled(qtbot: QtBot, dialog: QWidget) -> None:
    """The repair dialog's preview of the form as typed (it waits for a pause in typing)."""
    qtbot.wait(300)
    qtbot.waitUntil(lambda: dialog.ok.isEnabled(), timeout=5000)


def back_to(qtbot: QtBot, window: MainWindow) -> None:
    """The keyboard back in the window after a dialog closed (a window manager's doing: a bare
    X server has none), and in the grid when the scores are on view."""
    if QApplication.activeWindow() is None:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    if window.tabs.currentWidget() is window.scores:
        qtbot.waitUntil(lambda: in_grid(window), timeout=5000)


def type_round(keys: Keys, window: MainWindow, rng: random.Random, round_no: int) -> None:
    """Type every result of `round_no` not in yet, a figure and Enter a row, from where the
    grid's cursor is (Down past the rows already in); the round must end complete."""
    grid, store = window.scores, window.context.store
    assert grid.view().round == round_no
    due = sum(len(s.trays) for s in store.movement().seatings if s.round == round_no)
    back_to(keys.qtbot, window)
    while sum(r.round == round_no for r in store.results()) < due:
        assert in_grid(window)
        while grid.model.row(grid.table.currentIndex().row()).result is not None:
            keys.press(Key.Key_Down)  # past a result the table entered from its phone
        assert grid.view().round == round_no
        keys.entry(str(rng.randint(3, 10)))


@pytest.mark.slow
def test_a_whole_thirteen_pair_evening_in_a_real_window(
    qtbot: QtBot,
    window: MainWindow,
    settings: Settings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    beeps: list[int],
) -> None:
    keys, rng = Keys(qtbot, window), random.Random(43)
    shots = Shots(window, tmp_path / "shots")

    # a new event: its name and Enter
    keys.in_dialog(lambda k: k.entry("Thursday pairs"))
    keys.press(Key.Key_N, CTRL)
    store = window.context.store
    assert store.path is not None
    event_file = store.path
    assert event_file.is_file()
    assert window.windowTitle().startswith("Thursday pairs — thursday-pairs.whist")

    # the roster: a Windows-1252 file, its preview says so, Enter imports it
    path = roster(tmp_path / "roster.csv")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))

    def preview(k: Keyboard) -> None:
        dialog = QApplication.activeModalWidget()
        assert "Windows-1252" in dialog.source.text()
        shots.take("roster-preview", dialog)
        k.press(Key.Key_Return)

    keys.in_dialog(preview)
    keys.press(Key.Key_I, CTRL)
    players = {p.name for p in store.players()}
    assert len(players) == 2 * PAIRS
    assert {name for two in NAMES for name in two} <= players
    assert len(store.partnerships()) == PAIRS
    shots.take("roster")

    # the movement: the proposals for thirteen pairs, the best one used
    chooser = window.movement
    keys.press(Key.Key_2, CTRL)
    with qtbot.waitSignal(chooser.proposalsReady, timeout=30000):
        keys.press(Key.Key_P, ALT)
    best = chooser.selected()
    assert best is not None
    assert best.usable
    shots.take("proposals")
    keys.press(Key.Key_U, ALT)
    qtbot.waitUntil(lambda: window.path_bar.states[1].done, timeout=5000)
    movement = store.movement()
    assert (movement.tables, len(movement.field)) == (6, PAIRS)  # a pair rests each round
    # the pairs given the movement's places in order: Seat in order (Alt+S, players' screen)
    keys.press(Key.Key_1, CTRL)
    keys.press(Key.Key_S, ALT)
    names = store.printed_names()
    assert set(names) == set(movement.field)
    assert ACCENTED in names[movement.field[0]]
    shots.take("seated")

    # tonight's papers (the next step), saved as a PDF: every pair's names on them
    pdf = tmp_path / "papers.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(pdf), ""))

    def save_papers(k: Keyboard) -> None:
        dialog = QApplication.activeModalWidget()
        k.press(Key.Key_S, ALT)
        qtbot.waitUntil(lambda: dialog.status.text().startswith("Saved"), timeout=90000)
        shots.take("papers-dialog", dialog)
        k.press(Key.Key_Escape)

    assert window.path_bar.go_on.text().endswith("Print tonight's papers")
    keys.in_dialog(save_papers)
    keys.press(Key.Key_G, CTRL)
    text = " ".join(
        subprocess.run(
            ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    for name in names.values():
        assert name in text, name  # the accents as the spreadsheet had them
    for document in TONIGHT:  # each paper's footer names it
        assert f"{document_names()[document]} — Thursday pairs" in text, document
    back_to(qtbot, window)
    shots.take("papers")

    # the trump slips: the next step, a card and Enter a tray
    keys.press(Key.Key_G, CTRL)
    assert window.tabs.currentWidget() is window.slips
    for _ in movement.tray_numbers:
        keys.entry(rng.choice(RANKS) + rng.choice(SUITS))
    assert len(store.slips()) == len(movement.tray_numbers)

    # the scores grid (the next step); the tables served, on this computer's own address
    grid = window.scores
    keys.press(Key.Key_G, CTRL)
    assert window.tabs.currentWidget() is grid
    port = free_port()

    def serve(k: Keyboard) -> None:
        dialog = QApplication.activeModalWidget()
        k.press(Key.Key_A, ALT)
        k.type("127")
        assert dialog.address.currentData() == "127.0.0.1"
        k.press(Key.Key_P, ALT)
        k.press(Key.Key_A, CTRL)
        k.type(str(port))
        k.press(Key.Key_S, ALT)
        qtbot.waitUntil(lambda: dialog.state.text().startswith("Serving at"), timeout=10000)
        assert dialog.links.toPlainText().count("Table ") == movement.tables
        shots.take("serving-dialog", dialog)
        k.press(Key.Key_C, ALT)

    keys.in_dialog(serve)
    menu(keys, qtbot, Key.Key_N, Key.Key_T)
    assert window.table_server is not None
    base = window.context.links_base
    assert base == f"http://127.0.0.1:{port}"

    with phones() as phone:
        one, two = phone(), phone()
        one.get(link(store, base, 1))
        two.get(link(store, base, 2))
        says(one, f"Round 1 of {movement.rounds}")
        says(two, f"Round 1 of {movement.rounds}")
        # both tables enter round 1 from their phones; the grid shows it by itself
        phoned = {}
        for browser, table in ((one, 1), (two, 2)):
            trays = {tray: rng.randint(4, 9) for tray in trays_at(window, 1, table)}
            enter_on_phone(browser, trays)
            phoned.update({(1, table, tray): ns for tray, ns in trays.items()})
        shots.save("phone-table-1.png", lambda to: one.save_screenshot(str(to)))

        def shown() -> dict[tuple[int, int, int], int | None]:
            rows = [grid.model.row(n) for n in range(grid.model.rowCount())]
            return {(r.round, r.table, r.tray): r.counted_ns for r in rows}

        qtbot.waitUntil(lambda: phoned.items() <= shown().items(), timeout=10000)
        rows = [grid.model.row(n) for n in range(grid.model.rowCount())]
        assert {place for r in rows for place in (r.ns, r.ew)} <= set(movement.field)
        entered_by = {r.entered_by for r in store.results()}
        assert entered_by == {"table 1", "table 2"}
        shots.take("served-round-1")

        # the rest of round 1 typed from the travellers: a figure and Enter a row
        type_round(keys, window, rng, 1)
        assert grid.view().round == 2
        kept = {(r.round, r.table, r.tray): r.ns_tricks for r in store.results()}
        assert {k: kept[k] for k in phoned} == phoned  # none typed over
        assert window.scores.calls.items == []  # nothing waits for the director
        shots.take("round-1-in")

        # a late pair joins before round 2 (Event ▸ Repair the movement…); the papers to
        # print again are offered, and put off (Esc)
        before_late = len(store.movement().field)
        offered: list[str] = []

        def reprint(k: Keyboard) -> None:
            dialog = QApplication.activeModalWidget()
            assert isinstance(dialog, PrintDialog)
            offered.append(dialog.windowTitle())
            shots.take("reprint-offer", dialog)
            k.press(Key.Key_Escape)

        def repair(step: str, fill: Callable[[Keyboard, Any], None], said: str) -> None:
            """Event ▸ Repair the movement…, the form filled by `fill`, the preview saying
            `said`, Enter; the papers to print again, when offered, put off."""

            def run(k: Keyboard) -> None:
                dialog = QApplication.activeModalWidget()
                fill(k, dialog)
                settled(qtbot, dialog)
                assert said in dialog.summary.text(), dialog.summary.text()
                shots.take(f"{step}-dialog", dialog)
                k.press(Key.Key_P, ALT)  # Re&pair the movement
                qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
                done = dialog.repaired
                if reprints(done.previous, done.movement):
                    k.in_dialog(reprint)

            keys.in_dialog(run)
            menu(keys, qtbot, Key.Key_N, Key.Key_P)
            back_to(qtbot, window)

        def late(k: Keyboard, _dialog: Any) -> None:
            k.press(Key.Key_N, ALT)
            k.type("Mrs Doyle & Mr Doyle")
            k.press(Key.Key_A, ALT)
            k.type("arrived at 7.40")

        repair(
            "late-pair",
            late,
            "Pair 14 joins from round 2: round 2 table 7 against 7, who would sit out",
        )
        assert offered == ["Print the changed papers"]
        assert "Mrs Doyle & Mr Doyle" in store.printed_names().values()
        assert len(store.movement().field) == before_late + 1
        shots.take("late-pair")

        type_round(keys, window, rng, 2)
        says(two, f"Round 3 of {movement.rounds}")
        shots.take("round-2-in")

        # before round 3, the N/S pair of table 2 withdraws: table 2's phone says so by itself
        leaving = next(s.ns for s in store.movement().seatings if (s.round, s.table) == (3, 2))
        round_3 = trays_at(window, 3, 2)
        shots.save("phone-before-withdrawal.png", lambda to: two.save_screenshot(str(to)))

        def withdraw(k: Keyboard, dialog: Any) -> None:
            k.press(Key.Key_W, ALT)
            k.press(Key.Key_Down)
            k.press(Key.Key_Tab)
            while dialog.leaving.currentData() != leaving:
                k.press(Key.Key_Down)
            k.press(Key.Key_Tab)
            k.press(Key.Key_A, CTRL)
            k.type("3")
            k.press(Key.Key_A, ALT)
            k.type("taken ill")

        repair("withdrawal", withdraw, f"Pair {leaving} withdraws from round 3")
        says(two, "The director has changed the movement")
        asked = [
            int(li.get_attribute("data-tray") or 0)
            for li in two.find_elements(By.CSS_SELECTOR, "#trays li")
        ]
        assert not set(asked) & set(round_3)  # no longer asks for round 3's trays
        shots.save("phone-after-withdrawal.png", lambda to: two.save_screenshot(str(to)))
        shots.take("withdrawal")

        # round 3 as repaired: the tables that still play it, typed in
        type_round(keys, window, rng, 3)
        # the round timer follows the rounds entered and the movement as repaired (the window
        # reads the tables each second)
        assert window.watch is not None
        timer = window.watch.label
        qtbot.waitUntil(lambda: timer.text().startswith("Round 4:"), timeout=5000)

        # a revoke ruled on a result a phone entered (round 1, table 1): the ruling settles the
        # figure, so no call to the director about E/W's own record follows
        while grid.view().round > 1:
            keys.press(Key.Key_PageUp)
        while not grid.model.row(grid.table.currentIndex().row()).result.entered_by.startswith(
            "table"
        ):
            keys.press(Key.Key_Down)
        line = grid.table.currentIndex().row()
        ruled = grid.model.key(grid.model.row(line))

        def revoke(k: Keyboard) -> None:
            k.type("7")  # N/S tricks as made
            k.press(Key.Key_Tab)
            k.type("E")  # revoking side: E-W
            k.press(Key.Key_Tab)
            k.type("1")  # one revoke
            k.press(Key.Key_Tab)
            k.type("2")  # two tricks won from the first revoke on
            shots.take("revoke-dialog", QApplication.activeModalWidget())
            k.press(Key.Key_Return)

        keys.in_dialog(revoke)
        keys.press(Key.Key_R, CTRL)
        back_to(qtbot, window)
        (revoked,) = [r for r in store.results() if (r.round, r.table, r.tray) == ruled]
        assert (revoked.ns_tricks, revoked.revokes) == (7, (Revoke(Direction.EW, 1, 2),))
        assert grid.model.row(line).mark is Mark.REVOKE
        assert grid.calls.items == []
        shots.take("revoke")

        # round 4, with a wrong figure taken back (Ctrl+Z) and typed again
        while grid.view().round < 4:
            keys.press(Key.Key_PageDown)
        back_to(qtbot, window)
        line = grid.table.currentIndex().row()
        wrong = grid.model.key(grid.model.row(line))
        keys.entry("12")
        assert any((r.round, r.table, r.tray) == wrong for r in store.results())
        keys.press(Key.Key_Z, CTRL)
        assert not any((r.round, r.table, r.tray) == wrong for r in store.results())
        assert grid.model.row(line).result is None
        keys.press(Key.Key_Up)
        assert grid.table.currentIndex().row() == line
        shots.take("undo")
        type_round(keys, window, rng, 4)
        type_round(keys, window, rng, 5)

        # time is up: the movement cut after round 5
        def cut(k: Keyboard, _dialog: Any) -> None:
            k.press(Key.Key_W, ALT)
            for _ in range(3):
                k.press(Key.Key_Down)
            k.press(Key.Key_Tab)
            k.press(Key.Key_A, CTRL)
            k.type("5")
            k.press(Key.Key_A, ALT)
            k.type("out of time")

        repair("cut", cut, f"Play ends after round 5 of {movement.rounds}")
        assert store.movement().rounds == 5
        says(one, "no more play")
        qtbot.waitUntil(lambda: not timer.isVisible(), timeout=5000)  # it stops after the last
        shots.take("cut")

    # the standings (the next step): the scoring engine's own
    keys.press(Key.Key_G, CTRL)
    assert window.tabs.currentWidget() is window.results
    check_standings(qtbot, window)
    standings = window.results.standings_shown()
    # every pair that played ranked, the late pair too, and no empty place among them
    assert len(standings) == PAIRS + 1
    assert {competitor for _place, competitor, _score in standings} <= set(
        store.printed_names().values()
    ) | set(store.movement().field)
    shots.take("results")

    # the results published into a folder, and read in a browser
    # (the window asks for the folder by a save dialog: publishing makes the folder named)
    site = tmp_path / "site"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(site), ""))
    menu(keys, qtbot, Key.Key_F, Key.Key_U)
    qtbot.waitUntil(
        lambda: "Results published" in window.statusBar().currentMessage(), timeout=30000
    )
    page = Document(dump_dom(site / "index.html", tmp_path / "profile")).shown
    for name in (ACCENTED, "Mrs Doyle"):
        assert name in page
    # a page for each pair that played, the late pair's 14 too, and none for an empty place
    published = {p.stem.removeprefix("competitor-") for p in site.glob("*/competitor-*.html")}
    assert published == set(store.movement().field) == {str(n) for n in range(1, PAIRS + 2)}
    profile = tmp_path / "profile"
    shots.save("site.png", lambda to: screenshot(site / "index.html", to, DESKTOP, profile))
    shots.take("published")

    # quit, and open the event again: everything still there
    results = sorted((r.round, r.table, r.tray, r.ns_tricks, r.revokes) for r in store.results())
    repaired = store.movement()
    pairs_named = store.printed_names()
    assert pairs_named[movement.field[0]] == " & ".join(NAMES[0])
    keys.press(Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10000)
    again = MainWindow(settings, EventStore.open(event_file))
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    shots.window = again
    reopened = again.context.store
    assert reopened.movement() == repaired
    assert (
        sorted((r.round, r.table, r.tray, r.ns_tricks, r.revokes) for r in reopened.results())
        == results
    )
    assert reopened.printed_names() == pairs_named
    check_standings(qtbot, again)
    assert again.results.standings_shown() == standings
    shots.take("reopened")
