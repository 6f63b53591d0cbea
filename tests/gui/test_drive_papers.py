"""A whist drive's papers and website from the window: Print opens the drive's own printing
dialog (its papers, the preview, Save PDF beside the event file) and the PDF carries the
players' names and each hand's trump; Publish writes the drive's site into a new folder, its
prizes those an independent recount of the entered hands gives."""

from __future__ import annotations

import html
import random
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from director.gui.context import Changed
from director.gui.dialogs.drive_printing import DrivePrintDialog
from director.gui.main_window import MainWindow
from director.printing.drive_cards import TABLE_CARDS
from director.store.values import Gender
from schedules.progressive import DriveSettings, Side
from tests.drive_recount import Played, recount, recount_prizes
from tests.gui.test_file_dialogs import asked
from tests.gui.test_serve_dialog import when_modal
from tests.printing.pdf import pages

pytestmark = pytest.mark.gui

LADIES = ("Mrs Hale", "Mrs Dunn", "Mrs Aske", "Mrs Bird")
GENTLEMEN = ("Mr Cole", "Mr Eden", "Mr Ford", "Mr Gray")
HANDS, HALF = 4, 2


@dataclass(frozen=True)
class Drive:
    """The window on a drive, and its hands as entered (each hand's seating and results)."""

    window: MainWindow
    played: list[Played]


@pytest.fixture
def drive(window: MainWindow) -> Drive:
    """The window on a two-table drive of four hands, every hand entered."""
    store = window.context.store
    for name in LADIES:
        store.add_player(name, gender=Gender.LADY)
    for name in GENTLEMEN:
        store.add_player(name, gender=Gender.GENTLEMAN)
    store.start_drive(DriveSettings(tables=2, hands=HANDS), seed=7)
    window.open_store(store, reopen=True)
    rnd = random.Random(48)
    played: list[Played] = []
    for hand in range(1, HANDS + 1):
        seating = store.drive_seating(hand)
        entries = {t: (rnd.choice(list(Side)), rnd.randint(7, 13)) for t in (1, 2)}
        for table, (winners, tricks) in entries.items():
            store.enter_drive_hand(hand, table, winners, tricks)
        played.append((seating, entries, {}))
    window.context.notify(Changed.EVERYTHING)
    window.refresh_path()
    return Drive(window, played)


def _text(pdf: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def test_print_saves_the_drives_papers_beside_the_event(
    qtbot: QtBot, drive: Drive, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = drive.window
    assert window.print_action.isEnabled()
    assert window.print_action.statusTip().startswith("Print score cards")
    assert window.print_action.toolTip().endswith("(Ctrl+P)")
    saved = tmp_path / "drive papers.pdf"
    starts = asked(monkeypatch, "getSaveFileName", saved)
    seen: dict[str, object] = {}

    def save_all(dialog: QWidget) -> None:
        assert isinstance(dialog, DrivePrintDialog)
        items = [dialog.documents.item(n) for n in range(dialog.documents.count())]
        seen["listed"] = [item.text() for item in items]
        seen["ticked"] = dialog.chosen()  # every hand is in: the standings and prizes
        dialog.choose(tuple(dialog.names))
        dialog.save_button.click()
        qtbot.waitUntil(lambda: dialog.status.text().startswith("Saved"), timeout=60000)
        assert dialog.rendered is not None
        seen["counts"] = dict(dialog.rendered.counts)
        seen["title"] = dialog.windowTitle()
        dialog.grab().save(str(tmp_path / "drive-printing.png"))
        dialog.reject()

    when_modal(qtbot, None, DrivePrintDialog, save_all)
    window.print_action.trigger()
    assert seen["title"] == "Print the drive's papers"
    assert seen["listed"] == [
        "Score cards",
        "Table cards",
        "The caller's sheet",
        "Standings",
        "Prizes",
    ]
    assert seen["ticked"] == ("standings", "prizes")
    event = window.context.store.path
    assert event is not None
    assert starts == [event.parent / "papers.pdf"]
    counts = seen["counts"]
    assert isinstance(counts, dict)
    assert counts["Score cards"] == 2  # eight cards, four to a page
    assert all(n >= 1 for n in counts.values())
    text = _text(saved)
    cards = text.split("\f")[: counts["Score cards"]]
    for name in LADIES + GENTLEMEN:
        assert sum(name in page for page in cards) == 1, name
    # the trumps called in rotation, hearts first, on every card
    assert all(
        re.search(r"1\s+♥\s+hearts", page) and re.search(r"2\s+♣\s+clubs", page) for page in cards
    )
    assert "Table 2" in text


def test_publish_writes_the_drives_site_naming_the_recounted_prize_winners(
    qtbot: QtBot, drive: Drive, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, played = drive.window, drive.played
    assert window.publish_action.isEnabled()
    folder = tmp_path / "club" / "drive results"  # made by publishing, with its parent
    starts = asked(monkeypatch, "getSaveFileName", folder)
    window.publish_action.trigger()
    said = window.statusBar()
    qtbot.waitUntil(lambda: said.currentMessage().startswith("Results published"), timeout=30000)
    assert starts[0].parent == tmp_path
    front = (folder / "index.html").read_text(encoding="utf-8")
    listed = re.search(r'<ul class="winners">(.*?)</ul>', front, re.S)
    assert listed is not None
    prizes = [html.unescape(p) for p in re.findall(r"<li><a [^>]*>([^<]*)</a></li>", listed[1])]
    cards = recount(played, HANDS)
    first_half = {p: c[:HALF] for p, c in cards.items()}
    expected = recount_prizes(cards, played, HALF)
    assert len(prizes) == len(expected)
    for title, player in expected.items():
        line = next(p for p in prizes if p.startswith(f"{title}: "))
        winner = line.removeprefix(f"{title}: ").split(", ")[0]
        card = first_half if title == "half-time" else cards
        assert winner == player or ("lots drawn" in line and card[winner] == card[player])
    for name in LADIES + GENTLEMEN:
        assert (folder / "drive" / f"player-{name.lower().replace(' ', '-')}.html").is_file()


def test_a_drive_not_started_says_to_start_it_before_printing_or_publishing(
    window: MainWindow,
) -> None:
    """A new event made as a drive: nothing to print or publish until the drive begins."""
    window.drive_wanted = True
    window.open_store(window.context.store, reopen=True)
    for action in (window.print_action, window.publish_action):
        assert not action.isEnabled()
        assert action.toolTip().startswith("Start the drive first (Event menu, Start a whist")


def test_table_cards_carry_the_links_the_tables_were_served_on(qtbot: QtBot, drive: Drive) -> None:
    """Served once on 192.168.1.20:8765, then stopped: each table card printed from the window
    carries its table's link on that address, as `director drive print` prints it."""
    window = drive.window
    store = window.context.store
    tokens = store.issue_drive_table_links()
    store.keep_serving_address("192.168.1.20", 8765)
    dialog = DrivePrintDialog(window.context, window, (TABLE_CARDS,))
    qtbot.addWidget(dialog)
    dialog.render_papers(lambda: None)
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
    assert dialog.rendered is not None
    text = "".join(pages(dialog.rendered.pdf)).replace("\n", "")
    assert len(tokens) == 2
    for token in tokens:
        assert token.url("http://192.168.1.20:8765") in text
