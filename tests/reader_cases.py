"""Feed file contents to a reader and check it answered rather than crashed."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

EXAMPLES = Path(__file__).parents[1] / "director" / "data" / "examples"

SECONDS = 5.0
"""Longer than any damaged file of the fuzz tests may take: beyond it, the reader hangs."""


def assert_read_or_refused(
    read: Callable[[Path], object], data: bytes, refusals: tuple[type[Exception], ...]
) -> None:
    """Write `data` to a file and `read` it: it is read, or refused with one of `refusals`
    whose message is one line; any other exception is a crash and propagates."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "case.json"
        path.write_bytes(data)
        start = time.perf_counter()
        message = "read"
        try:
            read(path)
        except refusals as exc:
            message = str(exc)
        elapsed = time.perf_counter() - start
    assert message, "refused without a message"
    assert "\n" not in message, message
    assert elapsed < SECONDS, f"took {elapsed:.1f} s"
