"""The table's page in a real headless browser (Debian's chromium, driven by selenium), at a
phone's size: two tables entering at once, a confirmation, a dispute, a call to the director,
a wrong link refused, a withdrawal while served, and screenshots of the page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from director.server.links import table_url
from director.server.running import TableServer
from director.store.services import EventStore, ResultEntry
from director.store.table_values import CallKind
from schedules.repair import Withdraw
from tests.server.phone import Phone, link, phones, press, says

pytestmark = pytest.mark.slow


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
    with phones() as opening:
        yield opening


def _first_tray(store: EventStore, table: int) -> int:
    return next(s.trays[0] for s in store.movement().seatings if (s.round, s.table) == (1, table))


def test_two_tables_confirm_and_dispute_at_once(
    store: EventStore, serving: str, phone: Callable[[], Phone], tmp_path: Path
) -> None:
    one, two = phone(), phone()
    one.get(link(store, serving, 1))
    two.get(link(store, serving, 2))
    says(one, "Mrs Ames & Mr Brown")
    says(two, "Round 1")
    # Both tables are mid-entry at the same moment; table 1's E/W agree, table 2's dispute.
    press(one, "button[data-ns='8']")
    press(two, "button[data-ns='5']")
    says(one, "East–West took 5")
    one.save_screenshot(str(tmp_path / "phone-confirm.png"))
    press(two, "#disagree")
    press(one, "#agree")
    press(two, "button[data-ew='9']")
    says(one, f"Tray {_first_tray(store, 1)} saved.")
    says(two, "The records disagree")
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
    says(one, "N–S 8, E–W 5 ✓")
    one.save_screenshot(str(tmp_path / "phone.png"))
    assert (tmp_path / "phone.png").stat().st_size > 10_000
    assert "trump" not in one.find_element(By.TAG_NAME, "body").text.lower()


def test_a_table_calls_the_director(
    store: EventStore, serving: str, phone: Callable[[], Phone]
) -> None:
    browser = phone()
    browser.get(link(store, serving, 1))
    press(browser, "#call")
    press(browser, "button[data-call='revoke']")
    says(browser, "The director has been called")
    (call,) = store.table_calls()
    assert (call.table, call.tray, call.kind) == (1, _first_tray(store, 1), CallKind.REVOKE)
    says(browser, "director called")


def test_a_wrong_link_is_refused_in_the_browser(serving: str, phone: Callable[[], Phone]) -> None:
    browser = phone()
    browser.get(table_url(serving, 1, "wrong-token"))
    says(browser, "This table link is not valid")
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
    browser.get(link(store, serving, 3))
    says(browser, "Round 2 of 3")
    round_2 = next(s.trays for s in movement.seatings if (s.round, s.table) == (2, 3))
    round_3 = next(s.trays for s in movement.seatings if (s.round, s.table) == (3, 3))
    browser.save_screenshot(str(tmp_path / "before-withdrawal.png"))
    store.repair(Withdraw("EW2", 2))
    says(browser, "The director has changed the movement: no play at this table in round 2")
    says(browser, "Round 3 of 3")
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


def test_the_saved_line_goes_when_the_tables_round_changes(
    store: EventStore, serving: str, phone: Callable[[], Phone]
) -> None:
    """The last tray of round 1 is confirmed; once the page is on round 2 the line goes."""
    browser = phone()
    browser.get(link(store, serving, 1))
    trays = next(s.trays for s in store.movement().seatings if (s.round, s.table) == (1, 1))
    for tray in trays:
        press(browser, "button[data-ns='7']")
        press(browser, "#agree")
        says(browser, f"Tray {tray} saved.")
    says(browser, "Round 2 of")
    WebDriverWait(browser, 15).until(
        lambda b: "saved." not in b.find_element(By.ID, "message").text
    )
