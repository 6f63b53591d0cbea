"""Alt+letter goes where its underlined letter says, on every screen and in every dialog.

Two visible mnemonics on one letter make Qt move the focus between them instead of acting, so a
director's Alt+P lands on a tab instead of pressing "Propose movements". Every screen, with the
menu bar and the tab bar that stay visible beside it, must give each letter once; so must every
dialog, on each of its pages, and each of a dialog's push buttons has a letter of its own.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from pprint import pformat

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialog,
    QLabel,
    QMenuBar,
    QPushButton,
    QTabBar,
    QWidget,
)

from director.gui.dialogs.drive_calls import DriveChangeDialog, DriveRevokeDialog
from director.gui.dialogs.drive_printing import DrivePrintDialog
from director.gui.dialogs.drive_settings import DriveSettingsDialog
from director.gui.dialogs.drive_start import CardNumbersDialog, DriveStartDialog
from director.gui.dialogs.event_settings import EventSettingsDialog
from director.gui.dialogs.export import ExportDialog
from director.gui.dialogs.irregularity import IrregularityDialog
from director.gui.dialogs.new_deal import NewDealDialog
from director.gui.dialogs.new_event import NewEventDialog
from director.gui.dialogs.player import PlayerDialog
from director.gui.dialogs.printing import PrintDialog
from director.gui.dialogs.repair import RepairDialog
from director.gui.dialogs.revoke import RevokeDialog
from director.gui.dialogs.roster_import import RosterImportDialog
from director.gui.dialogs.serve import ServeDialog
from director.gui.dialogs.start import StartDialog
from director.gui.main_window import MainWindow
from director.store.roster import open_roster
from schedules.progressive import DriveSettings

pytestmark = pytest.mark.gui


def mnemonic(text: str) -> str | None:
    """The letter after a single `&` ("&&" is a literal ampersand), lower-cased."""
    at = 0
    while (at := text.find("&", at)) != -1 and at + 1 < len(text):
        if text[at + 1] != "&":
            return text[at + 1].lower()
        at += 2
    return None


def visible_mnemonics(window: QWidget) -> dict[str, list[str]]:
    """Each letter reached with Alt in the window as it stands, and the texts that carry it."""
    found: dict[str, list[str]] = defaultdict(list)

    def note(text: str) -> None:
        if (letter := mnemonic(text)) is not None:
            found[letter].append(text)

    for widget in window.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QAbstractButton) or (
            isinstance(widget, QLabel) and widget.buddy() is not None
        ):
            note(widget.text())
        elif isinstance(widget, QTabBar):
            for index in range(widget.count()):
                if widget.isTabVisible(index):
                    note(widget.tabText(index))
        elif isinstance(widget, QMenuBar):
            for action in widget.actions():
                if action.isVisible():
                    note(action.text())
    return found


def test_mnemonic_reads_the_letter_after_a_single_ampersand() -> None:
    assert mnemonic("&Propose movements") == "p"
    assert mnemonic("R&esults") == "e"
    assert mnemonic("Ladies && gentlemen") is None
    assert mnemonic("A && B &Cut") == "c"
    assert mnemonic("Plain") is None


@pytest.mark.parametrize("with_movement", [False, True], ids=["empty event", "seated event"])
def test_every_screen_gives_each_alt_letter_once(
    qtbot, window: MainWindow, with_movement: bool, request: pytest.FixtureRequest
) -> None:
    if with_movement:
        window = request.getfixturevalue("seated")
    clashes = {}
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(1)
        twice = {k: v for k, v in visible_mnemonics(window).items() if len(v) > 1}
        if twice:
            clashes[window.tabs.tabText(index).replace("&", "")] = twice
    assert not clashes, pformat(clashes)


def _roster(folder: Path) -> QDialog:
    path = folder / "roster.csv"
    path.write_text("Name,Club,Pair\nAnn Ames,Riverside,1\nBob Brown,Riverside,1\n")
    return RosterImportDialog(open_roster(path))


DIALOGS: dict[str, Callable[[MainWindow, Path], QDialog]] = {
    "start": lambda w, _f: StartDialog(w),
    "new event": lambda w, f: NewEventDialog(f, w),
    "event settings": lambda w, _f: EventSettingsDialog(w.context.store.info(), w),
    "export": lambda w, _f: ExportDialog(w),
    "irregularity": lambda w, _f: IrregularityDialog("tray 4, table 2, round 3", 5, False, w),
    "new deal": lambda w, _f: NewDealDialog((1, 2, 3), 2, w),
    "player": lambda w, _f: PlayerDialog(parent=w),
    "printing": lambda w, _f: PrintDialog(w.context, w),
    "repair": lambda w, _f: RepairDialog(w.context, w),
    "revoke": lambda w, _f: RevokeDialog("tray 4, table 2, round 3", 8, w),
    "roster import": lambda _w, f: _roster(f),
    "serve": lambda w, _f: ServeDialog(w.context, None, w),
    "drive settings": lambda w, _f: DriveSettingsDialog(w.context.store.players(), w),
    "drive revoke": lambda w, _f: DriveRevokeDialog(3, (1, 2), 2, 3, w),
    "drive arrival": lambda w, _f: DriveChangeDialog(True, ("Mrs Wren",), (2, 24), True, w),
    "drive leaver": lambda w, _f: DriveChangeDialog(False, ("Mr Dunn",), (2, 24), False, w),
    "drive printing": lambda w, _f: DrivePrintDialog(w.context, w),
    "drive start": lambda w, _f: DriveStartDialog(w.context.store.players(), w),
    "drive cards": lambda w, _f: CardNumbersDialog(DriveSettings(3), w.context.store.players(), w),
}
"""Every dialog of the program, as the seated event opens it."""


def _clashes_and_unreached(dialog: QDialog) -> tuple[dict[str, list[str]], list[str]]:
    twice = {k: v for k, v in visible_mnemonics(dialog).items() if len(v) > 1}
    unreached = [
        b.text()
        for b in dialog.findChildren(QPushButton)
        if b.isVisible() and b.text() and mnemonic(b.text()) is None
    ]
    return twice, unreached


@pytest.mark.parametrize("name", list(DIALOGS))
def test_every_dialog_gives_each_alt_letter_once_and_one_to_each_button(
    qtbot, seated: MainWindow, tmp_path: Path, name: str
) -> None:
    dialog = DIALOGS[name](seated, tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    problems = {}
    # a dialog whose first choice turns its pages (the repair's "What happened") is looked at
    # on each page
    pages = next((c for c in dialog.findChildren(QComboBox) if c.isVisible()), None)
    for index in range(pages.count() if pages is not None else 1):
        if pages is not None:
            pages.setCurrentIndex(index)
            qtbot.wait(1)
        twice, unreached = _clashes_and_unreached(dialog)
        if twice or unreached:
            page = pages.itemText(index) if pages is not None else ""
            problems[page] = {"twice": twice, "no letter": unreached}
    dialog.close()
    assert not problems, pformat(problems)
