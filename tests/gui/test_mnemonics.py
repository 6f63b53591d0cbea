"""Alt+letter goes where its underlined letter says, on every screen.

Two visible mnemonics on one letter make Qt move the focus between them instead of acting, so a
director's Alt+P lands on a tab instead of pressing "Propose movements". Every screen, with the
menu bar and the tab bar that stay visible beside it, must give each letter once.
"""

from __future__ import annotations

from collections import defaultdict
from pprint import pformat

import pytest
from PySide6.QtWidgets import QAbstractButton, QLabel, QMenuBar, QTabBar, QWidget

from director.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


def mnemonic(text: str) -> str | None:
    """The letter after a single `&` ("&&" is a literal ampersand), lower-cased."""
    at = 0
    while (at := text.find("&", at)) != -1 and at + 1 < len(text):
        if text[at + 1] != "&":
            return text[at + 1].lower()
        at += 2
    return None


def visible_mnemonics(window: MainWindow) -> dict[str, list[str]]:
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
