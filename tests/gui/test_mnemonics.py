"""Alt+letter goes where its underlined letter says, on every screen and in every dialog.

Two visible mnemonics on one letter make Qt move the focus between them instead of acting, so a
director's Alt+P lands on a tab instead of pressing "Propose movements". Every screen, with the
menu bar and the tab bar that stay visible beside it, must give each letter once; so must every
dialog, on each of its pages, and each of a dialog's push buttons has a letter of its own. Each
letter, pressed with Alt, reaches the button it names or the control its label names. Every
dialog class the window's modules define is looked at, so a new dialog cannot be missed.
"""

from __future__ import annotations

import importlib
import pkgutil
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from pprint import pformat

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenuBar,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QTabBar,
    QWidget,
)

import director.gui
from director.gui.dialogs.drive_calls import DriveChangeDialog, DriveRevokeDialog
from director.gui.dialogs.drive_printing import BlankCardsPrintDialog, DrivePrintDialog
from director.gui.dialogs.drive_settings import DriveSettingsDialog
from director.gui.dialogs.drive_start import CardNumbersDialog, DriveStartDialog
from director.gui.dialogs.event_settings import EventSettingsDialog
from director.gui.dialogs.export import ExportDialog
from director.gui.dialogs.form import FormDialog
from director.gui.dialogs.irregularity import IrregularityDialog
from director.gui.dialogs.new_deal import NewDealDialog
from director.gui.dialogs.new_event import NewEventDialog
from director.gui.dialogs.player import PlayerDialog
from director.gui.dialogs.printing import PrintDialog
from director.gui.dialogs.read_only import ask_how_to_open
from director.gui.dialogs.repair import RepairDialog
from director.gui.dialogs.revoke import RevokeDialog
from director.gui.dialogs.roster_import import RosterImportDialog
from director.gui.dialogs.serve import ServeDialog
from director.gui.dialogs.start import StartDialog
from director.gui.main_window import MainWindow
from director.gui.ops import Op, Progress
from director.gui.widgets.buttons import ask_text
from director.server.running import TableServer
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


def _serving(window: MainWindow) -> QDialog:
    server = TableServer(window.context.store, port=0)
    server.start()
    return ServeDialog(window.context, server, window)


def _asked(kind: type[QDialog], ask: Callable[[], object]) -> QDialog:
    """The dialog of `kind` that `ask` puts up, kept open (its exec answers at once, nothing
    pressed)."""
    shown: list[QDialog] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kind, "exec", lambda dialog: shown.append(dialog) or 0)
        ask()
    (dialog,) = shown
    return dialog


def _form(window: MainWindow) -> QDialog:
    """The shape most dialogs share, with a field of its own."""
    dialog = FormDialog("A form", window)
    dialog.add_rows([("&Name:", QLineEdit())])
    dialog.close_form()
    return dialog


def _progress(window: MainWindow) -> QDialog:
    """The progress dialog of a job that runs until it is cancelled (closing the dialog
    cancels it)."""

    def work(progress: Progress) -> None:
        while True:
            progress.report(0, 0, "Rendering the papers")
            time.sleep(0.02)

    op = Op[None](window, "Rendering the papers", work).run_in_background()
    assert op.dialog is not None
    return op.dialog


DIALOGS: dict[str, tuple[type[QDialog], Callable[[MainWindow, Path], QDialog]]] = {
    "start": (StartDialog, lambda w, _f: StartDialog(w)),
    "new event": (NewEventDialog, lambda w, f: NewEventDialog(f, w)),
    "event settings": (
        EventSettingsDialog,
        lambda w, _f: EventSettingsDialog(w.context.store.info(), w),
    ),
    "form": (FormDialog, lambda w, _f: _form(w)),
    "export": (ExportDialog, lambda w, _f: ExportDialog(w)),
    "irregularity": (
        IrregularityDialog,
        lambda w, _f: IrregularityDialog("tray 4, table 2, round 3", 5, False, w),
    ),
    "new deal": (NewDealDialog, lambda w, _f: NewDealDialog((1, 2, 3), 2, w)),
    "player": (PlayerDialog, lambda w, _f: PlayerDialog(parent=w)),
    "printing": (PrintDialog, lambda w, _f: PrintDialog(w.context, w)),
    "repair": (RepairDialog, lambda w, _f: RepairDialog(w.context, w)),
    "revoke": (RevokeDialog, lambda w, _f: RevokeDialog("tray 4, table 2, round 3", 8, w)),
    "roster import": (RosterImportDialog, lambda _w, f: _roster(f)),
    "serve": (ServeDialog, lambda w, _f: ServeDialog(w.context, None, w)),
    "serving": (ServeDialog, lambda w, _f: _serving(w)),
    "serve on new links": (
        QMessageBox,
        lambda w, _f: _asked(
            QMessageBox,
            lambda: ServeDialog(w.context, None, w).confirm_new_links("http://a", "http://b"),
        ),
    ),
    "open read-only": (
        QMessageBox,
        lambda w, _f: _asked(QMessageBox, lambda: ask_how_to_open("The file is read-only.", w)),
    ),
    "a line asked": (
        QInputDialog,
        lambda w, _f: _asked(QInputDialog, lambda: ask_text(w, "Form pair", "Label:", "1")),
    ),
    "progress": (QProgressDialog, lambda w, _f: _progress(w)),
    "drive settings": (
        DriveSettingsDialog,
        lambda w, _f: DriveSettingsDialog(w.context.store.players(), w),
    ),
    "drive revoke": (DriveRevokeDialog, lambda w, _f: DriveRevokeDialog(3, (1, 2), 2, 3, w)),
    "drive arrival": (
        DriveChangeDialog,
        lambda w, _f: DriveChangeDialog(True, ("Mrs Wren",), (2, 24), True, w),
    ),
    "drive leaver": (
        DriveChangeDialog,
        lambda w, _f: DriveChangeDialog(False, ("Mr Dunn",), (2, 24), False, w),
    ),
    "drive printing": (DrivePrintDialog, lambda w, _f: DrivePrintDialog(w.context, w)),
    "drive blank cards": (
        BlankCardsPrintDialog,
        lambda w, _f: BlankCardsPrintDialog(w.context, DriveSettings(3), w),
    ),
    "drive start": (DriveStartDialog, lambda w, _f: DriveStartDialog(w.context.store.players(), w)),
    "drive cards": (
        CardNumbersDialog,
        lambda w, _f: CardNumbersDialog(DriveSettings(3), w.context.store.players(), w),
    ),
}
"""Every dialog of the program, as the seated event opens it: its class, and how it is made."""


def dialog_classes() -> set[type[QDialog]]:
    """Every dialog class the program's window defines, found in its modules: a new dialog is
    covered here without being listed."""
    found: set[type[QDialog]] = set()
    for module in pkgutil.walk_packages(director.gui.__path__, "director.gui."):
        names = vars(importlib.import_module(module.name))
        found |= {
            value
            for value in names.values()
            if isinstance(value, type)
            and issubclass(value, QDialog)
            and value.__module__ == module.name
        }
    return found


def test_every_dialog_class_of_the_program_is_looked_at() -> None:
    looked_at = {kind for kind, _make in DIALOGS.values()}
    missing = {f"{kind.__module__}.{kind.__name__}" for kind in dialog_classes() - looked_at}
    assert not missing, f"add these dialogs to DIALOGS: {sorted(missing)}"


def carriers(dialog: QWidget) -> list[tuple[QWidget, str]]:
    """Each visible button and label in `dialog` that shows an Alt letter, with its letter."""
    return [
        (widget, letter)
        for widget in dialog.findChildren(QWidget)
        if isinstance(widget, QAbstractButton | QLabel)
        and widget.isVisible()
        and (letter := mnemonic(widget.text())) is not None
    ]


class Shortcuts(QObject):
    """Notes which widget each Alt letter reaches, and holds it there: the button pressed by it
    is not clicked, the label's buddy is not focused."""

    def __init__(self) -> None:
        super().__init__()
        self.reached: list[QObject] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Shortcut:
            self.reached.append(watched)
            return True
        return False


def unreached(qtbot, dialog: QWidget) -> list[str]:
    """The texts whose Alt letter, pressed in `dialog`, does not reach them: a label's must
    name a visible control (a control shown disabled, as a button greyed out, takes no key)."""
    dialog.activateWindow()  # no window manager on the test's X display to do it
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    shortcuts = Shortcuts()
    missed = []
    for widget, letter in carriers(dialog):
        target = widget.buddy() if isinstance(widget, QLabel) else widget
        if target is not None and not target.isEnabled():
            continue
        shortcuts.reached.clear()
        widget.installEventFilter(shortcuts)
        focus = QApplication.focusWidget() or dialog
        qtbot.keyClick(focus, Qt.Key(ord(letter.upper())), Qt.KeyboardModifier.AltModifier)
        widget.removeEventFilter(shortcuts)
        if shortcuts.reached != [widget] or target is None or not target.isVisible():
            missed.append(widget.text())
    return missed


def _problems(qtbot, dialog: QWidget) -> dict[str, object]:
    twice = {k: v for k, v in visible_mnemonics(dialog).items() if len(v) > 1}
    no_letter = [
        b.text()
        for b in dialog.findChildren(QPushButton)
        if b.isVisible() and b.text() and mnemonic(b.text()) is None
    ]
    missed = unreached(qtbot, dialog)
    named = {"twice": twice, "no letter": no_letter, "not reached": missed}
    return {what: found for what, found in named.items() if found}


@pytest.mark.parametrize("name", list(DIALOGS))
def test_every_dialog_gives_each_alt_letter_once_and_one_to_each_button(
    qtbot, seated: MainWindow, tmp_path: Path, name: str
) -> None:
    kind, make = DIALOGS[name]
    dialog = make(seated, tmp_path)
    assert type(dialog) is kind
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
        if found := _problems(qtbot, dialog):
            problems[pages.itemText(index) if pages is not None else ""] = found
    if isinstance(dialog, ServeDialog) and dialog.server is not None:
        dialog.server.stop()
    dialog.close()
    assert not problems, pformat(problems)
