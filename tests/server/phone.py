"""A table's phone for tests: Debian's headless chromium driven by selenium at a phone's size,
and the few things a player does on the table's page (press a button, read what it says)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from director.server.links import table_url
from director.store.services import EventStore

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844)
"""A small phone's screen in CSS pixels."""
BIG_SCREEN = (1920, 1080)
"""A projector's or a TV's full-HD screen."""
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


def _options() -> webdriver.ChromeOptions:
    """Debian's chromium, headless and quiet (no updates, no sync, nothing fetched)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    return options


@contextmanager
def phones() -> Iterator[Callable[[], Phone]]:
    """Opens headless browsers sized as phones (each a table's phone); all closed after."""
    opened: list[Phone] = []

    def _open() -> Phone:
        options = _options()
        metrics = {"width": PHONE[0], "height": PHONE[1], "pixelRatio": 2}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
        opened.append(webdriver.Chrome(options=options, service=Service(CHROMEDRIVER)))
        return opened[-1]

    try:
        yield _open
    finally:
        for browser in opened:
            browser.quit()


@contextmanager
def big_screen() -> Iterator[Phone]:
    """A headless browser filling a full-HD screen (a projector's), closed after."""
    browser = webdriver.Chrome(options=_options(), service=Service(CHROMEDRIVER))
    # The page itself is the screen's size (a window's size would include the browser's bars).
    width, height = BIG_SCREEN
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        yield browser
    finally:
        browser.quit()


def press(browser: Phone, css: str) -> None:
    """Tap the element `css` picks once it can be tapped (the page redraws itself as it polls,
    so an element found a moment before may be gone: it is found again)."""

    def tap(b: Phone) -> bool:
        found = b.find_element(By.CSS_SELECTOR, css)
        if not found.is_enabled():
            return False
        found.click()
        return True

    WebDriverWait(browser, 10, ignored_exceptions=(StaleElementReferenceException,)).until(tap)


def says(browser: Phone, text: str, seconds: float = 10) -> None:
    """Wait until the page shows `text`."""
    WebDriverWait(browser, seconds).until(
        lambda b: text in b.find_element(By.TAG_NAME, "body").text
    )


def link(store: EventStore, base: str, table: int) -> str:
    """Table `table`'s link (the address its QR code carries)."""
    token = next(t.token for t in store.table_links() if t.table == table)
    return table_url(base, table, token)
