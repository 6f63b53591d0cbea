"""The program on a real X display: `whist-director` started under Xvfb with Qt's xcb
platform plugin (not offscreen) shows its main window, drawn.

This is what the offscreen suite cannot see: a system library missing for the xcb plugin stops
the program before any window opens. tools/system-deps installs Xvfb and xwininfo.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from benchmarks.display import TIMEOUT, tool, virtual_display
from director.gui.main_window import APP_TITLE
from director.store.services import EventStore

pytestmark = pytest.mark.gui

GRAB = """
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
sys.exit(0 if app.primaryScreen().grabWindow(0).save(sys.argv[1]) else 1)
"""
"""A second X client that saves the whole display as a PNG: what a person would see."""


def window_geometry(title: str, env: dict[str, str]) -> tuple[int, int, int, int] | None:
    """Where the top-level window called `title` is on the display (x, y, width, height)."""
    tree = subprocess.run(
        [tool("xwininfo"), "-root", "-tree"], env=env, capture_output=True, text=True, check=True
    ).stdout
    # `     0x200007 "TITLE": ("class" "Class")  1180x760+0+0  +0+0` (size, then absolute place)
    line = re.compile(rf'"{re.escape(title)}":.*\s(\d+)x(\d+)[+-]\d+[+-]\d+\s+\+(-?\d+)\+(-?\d+)')
    for match in map(line.search, tree.splitlines()):
        if match:
            width, height, x, y = map(int, match.groups())
            return x, y, width, height
    return None


def colours(image: QImage) -> int:
    """How many different colours `image` holds (1 for a blank one)."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB32)
    return len(set(memoryview(rgb.constBits()).cast("I")))


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    """An event file for the program to open."""
    path = tmp_path / "club.whist"
    with EventStore.create(path, name="Install evening"):
        pass
    return path


def test_the_program_opens_its_window_on_a_real_x_display(tmp_path: Path, event_file: Path) -> None:
    program = Path(sys.executable).with_name("whist-director")
    assert program.is_file(), f"{program} is missing: install the program (make venv)"
    title = f"Install evening — {event_file.name} — {APP_TITLE}"
    shot = tmp_path / "screen.png"
    log = tmp_path / "program.log"
    with virtual_display() as display:
        env = os.environ | {
            "DISPLAY": display,
            "QT_QPA_PLATFORM": "xcb",
            "WHIST_DIRECTOR_DATA": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
        }
        with log.open("w") as out:
            running = subprocess.Popen([program, event_file], env=env, stdout=out, stderr=out)
        try:
            deadline = time.monotonic() + TIMEOUT
            found = drawn = None
            while time.monotonic() < deadline and running.poll() is None and not drawn:
                time.sleep(0.5)
                found = window_geometry(title, env)
                if found:
                    subprocess.run([sys.executable, "-c", GRAB, shot], env=env, check=True)
                    drawn = colours(QImage(str(shot)).copy(*found)) > 20
            problem = log.read_text(encoding="utf-8", errors="replace")
            assert running.poll() is None, f"the program stopped:\n{problem}"
            assert found, f"no window {title!r} within {TIMEOUT} s:\n{problem}"
            assert drawn, f"the window is blank in {shot}:\n{problem}"
        finally:
            running.terminate()
            running.wait(timeout=10)
    _, _, width, height = found
    assert min(width / 640, height / 480) >= 1, f"the window is too small to use: {width}x{height}"
