"""A 12-table drive's big screen in a real headless browser at 1920x1080, served by the table
server: what a room reads from the projector after a hand, and a screenshot of it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from director.server.running import TableServer
from director.store.services import EventStore, Gender
from schedules.progressive import DriveSettings, Side
from tests.server.phone import BIG_SCREEN, Phone, big_screen, says

pytestmark = pytest.mark.slow

SURNAMES = [
    "Ames",
    "Bell",
    "Cole",
    "Dunn",
    "Eyre",
    "Fox",
    "Gray",
    "Hale",
    "Ince",
    "Judd",
    "Kerr",
    "Lamb",
    "Moss",
    "Nash",
    "Owen",
    "Pike",
    "Quin",
    "Reed",
    "Shaw",
    "Tate",
    "Usher",
    "Vane",
    "Webb",
    "Yates",
]


@pytest.fixture
def drive(tmp_path: Path) -> Iterator[EventStore]:
    """A 12-table drive of 48 (24 ladies, 24 gentlemen), 24 hands in two halves."""
    with EventStore.create(tmp_path / "hall.whist", name="Harvest drive") as store:
        for name in SURNAMES:
            store.add_player(f"Mrs {name}", gender=Gender.LADY)
            store.add_player(f"Mr {name}", gender=Gender.GENTLEMAN)
        store.start_drive(DriveSettings(tables=12, hands=24), seed=48)
        yield store


@contextmanager
def screen_of(drive: EventStore) -> Iterator[Phone]:
    """A full-HD browser showing `drive`'s big screen, served by a table server of its own
    (stopped after)."""
    server = TableServer(drive, port=0)
    server.start()
    try:
        with big_screen() as browser:
            browser.get(server.screen_url)
            yield browser
    finally:
        server.stop()


def _play(drive: EventStore, hands: range) -> None:
    for hand in hands:
        for table in range(1, 13):
            won = Side.NS if (table + hand) % 3 else Side.EW
            drive.enter_drive_hand(hand, table, won, 7 + (table * hand) % 7)


def test_the_big_screen_after_a_hand_and_at_the_end_at_full_hd(
    drive: EventStore, tmp_path: Path
) -> None:
    _play(drive, range(1, 14))  # into the second half, so the half-time prize is up
    server = TableServer(drive, port=0)
    server.start()
    server.clock.start(14, 8)
    try:
        with big_screen() as browser:
            browser.get(server.screen_url)
            says(browser, "Move now")
            browser.save_screenshot(str(tmp_path / "big-screen.png"))
            shown = browser.find_element(By.TAG_NAME, "body").text
            assert "Hand 14 of 24" in shown
            assert "Clubs are trumps" in shown
            assert "Where everyone goes after hand 13" in shown
            assert "Standings after hand 13" in shown
            assert "Half-time: " in shown
            # Every player's line is on the screen (text cut off by the box would not be read).
            for move in drive.drive_moves(13):
                assert f"{move.player}: {move.words}" in shown
            width, height = browser.execute_script(
                "const page = document.documentElement;"
                " return [page.scrollWidth, page.scrollHeight]"
            )
            assert (width, height) == BIG_SCREEN  # everything fits on the screen, no scrolling
            _play(drive, range(14, 25))
            says(browser, "The drive is over")
            browser.save_screenshot(str(tmp_path / "big-screen-final.png"))
            shown = browser.find_element(By.TAG_NAME, "body").text
            for prize in drive.drive_prizes():
                said = prize.words[0].upper() + prize.words[1:]
                assert said in shown
            assert "trumps" not in shown
            assert "Standings after hand 24" in shown
    finally:
        server.stop()


def test_a_field_too_large_for_one_screen_is_shown_a_screenful_at_a_time(
    tmp_path: Path,
) -> None:
    with EventStore.create(tmp_path / "big.whist", name="County drive") as drive:
        for n in range(60):
            drive.add_player(f"Mrs Player {n}", gender=Gender.LADY)
            drive.add_player(f"Mr Player {n}", gender=Gender.GENTLEMAN)
        drive.start_drive(DriveSettings(tables=30, hands=24), seed=30)
        for table in range(1, 31):
            drive.enter_drive_hand(1, table, Side.NS if table % 2 else Side.EW, 8)
        with screen_of(drive) as browser:
            says(browser, "Where everyone goes after hand 1 (1 of ")
            pages = int(browser.find_element(By.ID, "moves-page").text.split(" of ")[1][:-1])
            seen = browser.find_element(By.ID, "moves").text
            browser.save_screenshot(str(tmp_path / "big-screen-paged.png"))
            for page in range(2, pages + 1):
                says(browser, f"(%d of {pages})" % page, seconds=15)
                seen += "\n" + browser.find_element(By.ID, "moves").text
            # Every player's line comes round, each on a page of type read across a hall.
            for move in drive.drive_moves(1):
                assert f"{move.player}: {move.words}" in seen
            size = browser.execute_script(
                "return getComputedStyle(document.getElementById('moves')).fontSize"
            )
            assert float(size.removesuffix("px")) >= 0.015 * BIG_SCREEN[1] - 0.5


def test_the_standings_show_every_total_and_name_whole(tmp_path: Path) -> None:
    """A half-trick total (a player who sat out scores the hand's average) and a long name
    are read whole from the back of the hall, never cut short to "14.5 tri…"."""
    with EventStore.create(tmp_path / "short.whist", name="Village drive") as drive:
        for name in ("Hale", "Dunn", "Price", "Fitzgerald-Worthington"):
            drive.add_player(f"Mrs {name}", gender=Gender.LADY)
            drive.add_player(f"Mr {name}", gender=Gender.GENTLEMAN)
        drive.add_player("Mrs Lowe", gender=Gender.LADY)
        drive.add_player("Mr Lowe", gender=Gender.GENTLEMAN)
        drive.start_drive(DriveSettings(tables=3, hands=8), seed=3)  # table 3 sits out
        drive.enter_drive_hand(1, 1, Side.NS, 8)
        drive.enter_drive_hand(1, 2, Side.EW, 7)
        with screen_of(drive) as browser:
            says(browser, "Standings after hand 1")
            browser.save_screenshot(str(tmp_path / "big-screen-standings.png"))
            cells = browser.find_elements(By.CSS_SELECTOR, "#standings td")
            assert any(c.text.endswith(".5 tricks") for c in cells)
            assert any("Fitzgerald-Worthington" in c.text for c in cells)
            cut = browser.execute_script(
                "return [...document.querySelectorAll('#standings td')]"
                ".filter(c => c.scrollWidth > c.clientWidth).map(c => c.textContent)"
            )
            assert cut == []
