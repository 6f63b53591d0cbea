"""What the table server allows one request, one connection and one table: the figures in one
place, and the counters that keep to them.

The room's Wi-Fi is open to anyone in the room. A phone's page sends a few hundred bytes of
flat JSON now and then and keeps a connection or two open; anything far beyond that is refused
early and cheaply, so that nobody's laptop can stop the tables.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """The table server's limits (the defaults are what `director serve` uses)."""

    max_connections: int = 400
    """Connections open at once (30 tables x 4 phones hold about 240 between them); past this
    the longest-waiting connection with no request being answered is closed to make room."""
    request_seconds: float = 10.0
    """A connection must deliver a whole request this soon after it opens or after its last
    answer, or it is closed (idle sockets, headers sent a byte at a time, a body that stalls)."""
    idle_seconds: int = 5
    """A connection kept open after an answer is closed after this long without a request."""
    max_body: int = 4096
    """Bytes in a request's body (an entry is under 100); 413 above it."""
    max_depth: int = 4
    """How deeply a request's JSON may nest (an entry is one flat object); 422 deeper."""
    calls_per_tray_seconds: float = 60.0
    """A table calls the director about one tray at most once in this long (429)."""
    calls_per_table: int = 3
    """A table calls the director at most this often a minute, whatever the trays (429)."""


DEFAULT_LIMITS = Limits()


class RateLimit:
    """At most `allowed` events per key in any `seconds`; safe to use from several threads.

    >>> limit = RateLimit(2, 60.0, now=lambda: 0.0)
    >>> [limit.allow("table 1") for _ in range(3)]
    [True, True, False]
    """

    def __init__(
        self, allowed: int, seconds: float, now: Callable[[], float] = time.monotonic
    ) -> None:
        self.allowed = allowed
        self.seconds = seconds
        self._now = now
        self._lock = threading.Lock()
        self._seen: dict[Hashable, deque[float]] = {}

    def allow(self, key: Hashable) -> bool:
        """Count an event for `key` if it is within the limit; whether it was."""
        with self._lock:
            now = self._now()
            times = self._seen.setdefault(key, deque())
            while times and now - times[0] >= self.seconds:
                times.popleft()
            if len(times) >= self.allowed:
                return False
            times.append(now)
            return True


def nesting_depth(text: bytes) -> int:
    """How deeply the arrays and objects of a JSON text nest (0 for a bare value), read without
    parsing, so that a text nested past Python's recursion limit is measured, not crashed on.

    >>> nesting_depth(b'{"round": 1, "note": "[[["}'), nesting_depth(b"[[[]]]")
    (1, 3)
    """
    depth = deepest = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # closing quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif byte in b"]}":
            depth -= 1
    return deepest
