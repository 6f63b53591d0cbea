"""The table's page in a real headless browser (Debian's chromium, driven by selenium), at a
phone's size: two tables entering at once, a confirmation, a dispute, a call to the director,
a wrong link refused, a withdrawal while served, and screenshots of the page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from director.server.links import table_url
from director.server.running import TableServer
from director.store.services import EventStore, ResultEntry
from director.store.table_values import CallKind
from schedules.repair import Withdraw

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844)
"""A small phone's screen in CSS pixels."""
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)

Phone = webdriver.Chrome


@pytest.fixture
def serving(store: EventStore) -> Iterator[str]:
    """The table server for `store` on a free loopback port; its base address."""
    server = TableServer(store, port=0)
    base = server.start()
    yield base
    server.stop()


@pytest.fixture
def phone() -> Iterator[Callable[[], Phone]]:
    """Opens headless browsers sized as phones (each a table's phone); all closed after."""
    opened: list[Phone] = []

    def _open() -> Phone:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        metrics = {"width": PHONE[0], "height": PHONE[1], "pixelRatio": 2}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
        opened.append(webdriver.Chrome(options=options, service=Service(CHROMEDRIVER)))
        return opened[-1]

    yield _open
    for browser in opened:
        browser.quit()


def _press(browser: Phone, css: str) -> None:
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.CSS_SELECTOR, css).is_enabled())
    browser.find_element(By.CSS_SELECTOR, css).click()


def _says(browser: Phone, text: str) -> None:
    WebDriverWait(browser, 10).until(lambda b: text in b.find_element(By.TAG_NAME, "body").text)


def _link(store: EventStore, base: str, table: int) -> str:
    token = next(link.token for link in store.table_links() if link.table == table)
    return table_url(base, table, token)


def _first_tray(store: EventStore, table: int) -> int:
    return next(s.trays[0] for s in store.movement().seatings if (s.round, s.table) == (1, table))


def test_two_tables_confirm_and_dispute_at_once(
    store: EventStore, serving: str, phone: Callable[[], Phone], tmp_path: Path
) -> None:
    one, two = phone(), phone()
    one.get(_link(store, serving, 1))
    two.get(_link(store, serving, 2))
    _says(one, "Mrs Ames & Mr Brown")
    _says(two, "Round 1")
    # Both tables are mid-entry at the same moment; table 1's E/W agree, table 2's dispute.
    _press(one, "button[data-ns='8']")
    _press(two, "button[data-ns='5']")
    _says(one, "East–West took 5")
    one.save_screenshot(str(tmp_path / "phone-confirm.png"))
    _press(two, "#disagree")
    _press(one, "#agree")
    _press(two, "button[data-ew='9']")
    _says(one, f"Tray {_first_tray(store, 1)} saved.")
    _says(two, "The records disagree")
    stored = {r.table: r for r in store.results()}
    assert (stored[1].tray, stored[1].ns_tricks, stored[1].ew_record) == (
        _first_tray(store, 1),
        8,
        5,
    )
    assert (stored[2].tray, stored[2].ns_tricks, stored[2].ew_record) == (
        _first_tray(store, 2),
        5,
        9,
    )
    assert {r.entered_by for r in stored.values()} == {"table 1", "table 2"}
    _says(one, "N–S 8, E–W 5 ✓")
    one.save_screenshot(str(tmp_path / "phone.png"))
    assert (tmp_path / "phone.png").stat().st_size > 10_000
    assert "trump" not in one.find_element(By.TAG_NAME, "body").text.lower()


def test_a_table_calls_the_director(
    store: EventStore, serving: str, phone: Callable[[], Phone]
) -> None:
    browser = phone()
    browser.get(_link(store, serving, 1))
    _press(browser, "#call")
    _press(browser, "button[data-call='revoke']")
    _says(browser, "The director has been called")
    (call,) = store.table_calls()
    assert (call.table, call.tray, call.kind) == (1, _first_tray(store, 1), CallKind.REVOKE)
    _says(browser, "director called")


def test_a_wrong_link_is_refused_in_the_browser(serving: str, phone: Callable[[], Phone]) -> None:
    browser = phone()
    browser.get(table_url(serving, 1, "wrong-token"))
    _says(browser, "This table link is not valid")
    assert browser.find_elements(By.CSS_SELECTOR, "button") == []


def test_a_withdrawal_while_served_changes_the_tables_page(
    store: EventStore, serving: str, phone: Callable[[], Phone], tmp_path: Path
) -> None:
    """Round 2: tables 1 and 2 have entered theirs; table 3 waits for EW2, who withdraws. The
    page at table 3 stops asking for its round-2 trays by itself, says why, and shows round 3."""
    movement = store.movement()
    for s in movement.seatings:
        if s.round == 1 or (s.round == 2 and s.table != 3):
            for tray in s.trays:
                store.record_result(ResultEntry(1, s.round, s.table, tray, 7))
    browser = phone()
    browser.get(_link(store, serving, 3))
    _says(browser, "Round 2 of 3")
    round_2 = next(s.trays for s in movement.seatings if (s.round, s.table) == (2, 3))
    round_3 = next(s.trays for s in movement.seatings if (s.round, s.table) == (3, 3))
    browser.save_screenshot(str(tmp_path / "before-withdrawal.png"))
    store.repair(Withdraw("EW2", 2))
    _says(browser, "The director has changed the movement: no play at this table in round 2")
    _says(browser, "Round 3 of 3")
    shown = [
        int(li.get_attribute("data-tray"))
        for li in browser.find_elements(By.CSS_SELECTOR, "#trays li")
    ]
    assert shown == list(round_3)
    assert not set(shown) & set(round_2)
    browser.save_screenshot(str(tmp_path / "after-withdrawal.png"))
    assert (tmp_path / "after-withdrawal.png").stat().st_size > 10_000
    refused = [e for e in browser.get_log("browser") if "Content Security Policy" in e["message"]]
    assert refused == []
