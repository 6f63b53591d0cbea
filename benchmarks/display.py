"""A real X display for the tests and the start-up benchmark: Xvfb on a display number it
picks itself.

tools/system-deps installs Xvfb and the X utilities the tests use.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

SCREEN = "1280x800x24"
TIMEOUT = 30.0
"""Seconds for the display to start and for a window to appear and be drawn."""


def tool(name: str) -> str:
    """The path of a system program a test or benchmark needs."""
    path = shutil.which(name)
    assert path, f"{name} is missing: run tools/system-deps"
    return path


@contextmanager
def virtual_display() -> Iterator[str]:
    """A display of our own: Xvfb on a free number it picks itself (-displayfd)."""
    ready, told = os.pipe()
    server = subprocess.Popen(
        [tool("Xvfb"), "-displayfd", str(told), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=(told,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(told)
    try:
        number = b""
        while not number.endswith(b"\n"):
            readable, _, _ = select.select([ready], [], [], TIMEOUT)
            assert readable, f"Xvfb did not start within {TIMEOUT} s"
            chunk = os.read(ready, 16)
            assert chunk, f"Xvfb stopped at start (exit status {server.wait()})"
            number += chunk
        yield f":{number.decode().strip()}"
    finally:
        os.close(ready)
        server.terminate()
        server.wait(timeout=10)
