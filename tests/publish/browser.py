"""Headless Debian chromium, as a player's phone or a club's desktop opens the site: the
page as the browser built it (--dump-dom), and screenshots at a given width."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
PHONE = (390, 844)
DESKTOP = (1280, 900)


def chromium() -> str:
    """The browser (tools/system-deps installs it)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "chromium is not installed: run tools/system-deps"
    return found


def _run(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [chromium(), *FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)


def dump_dom(page: Path, profile: Path) -> str:
    """The document chromium built from `page`."""
    return _run(profile, "--dump-dom", page.as_uri()).stdout


def screenshot(page: Path, out: Path, size: tuple[int, int], profile: Path) -> Path:
    """A PNG of `page` in a window `size` wide and high."""
    _run(profile, f"--screenshot={out}", f"--window-size={size[0]},{size[1]}", page.as_uri())
    return out


class Document(HTMLParser):
    """What a dumped page holds: its links, its element ids, its script elements, the text
    of each table row, and all the text shown."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.scripts = 0
        self.rows: list[list[str]] = []
        self.text: list[str] = []
        self._cell: list[str] | None = None
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("a", "link") and found.get("href"):
            self.hrefs.append(str(found["href"]))
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "script":
            self.scripts += 1
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.rows:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)

    @property
    def shown(self) -> str:
        """All the text, whitespace runs made single spaces."""
        return " ".join("".join(self.text).split())
