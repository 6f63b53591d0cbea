"""What the table server writes to its log while it serves a room's network that anyone may
reach: one line per kind of trouble a minute (a flood of bad requests writes one line, and the
next line of that kind says how many were left out), and never a table's link whole.

A table's link is its secret: whoever reads it in a log can enter that table's results. Every
line the server, uvicorn or asyncio writes has each link shortened to its first characters
("/table/3/Xy_9…"), in its message and in any traceback, whatever the path that wrote it.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable

WINDOW_SECONDS = 60.0
"""Trouble of one kind is written once in this long."""
KEPT = 4
"""The characters of a token a log line keeps: enough to tell links apart, too few to use."""
LOGGERS = ("director.server", "uvicorn", "uvicorn.error", "uvicorn.access", "asyncio")
"""The loggers that write while the tables are served."""

_LINK = re.compile(rf"(/table/\d+/)([A-Za-z0-9_-]{{1,{KEPT}}})[A-Za-z0-9_-]*")


def shorten_links(text: str) -> str:
    """`text` with every table link's token cut to its first characters.

    >>> shorten_links("GET /table/3/AbCdEfGhIjKl/state 200")
    'GET /table/3/AbCd…/state 200'
    """
    return _LINK.sub(r"\1\2…", text)


def shorten_token(text: str, token: str) -> str:
    """`text` with `token` (a table's secret, wherever it appears) cut to its first characters."""
    return text.replace(token, token[:KEPT] + "…") if token else text


class ServerLog(logging.Filter):
    """Keeps tokens out of every line and lets each kind of trouble (a warning or worse with
    the same wording) through once a minute; information (a table's entry) always passes."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._now = now
        self._lock = threading.Lock()
        self._written: dict[tuple[str, str], tuple[float, int]] = {}
        """(logger, wording) -> (when last written, how many left out since)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether to write `record`, which is then rewritten without tokens."""
        left_out = 0
        if record.levelno >= logging.WARNING:
            kind = (record.name, str(record.msg))
            with self._lock:
                now = self._now()
                since, held = self._written.get(kind, (None, 0))
                if since is not None and now - since < WINDOW_SECONDS:
                    self._written[kind] = (since, held + 1)
                    return False
                self._written[kind] = (now, 0)
                left_out = held
        message = shorten_links(record.getMessage())
        if left_out:
            message += f" (and {left_out} more like it in the last minute, not written)"
        record.msg, record.args = message, None
        if record.exc_info:
            record.exc_text = shorten_links(logging.Formatter().formatException(record.exc_info))
        if record.stack_info:
            record.stack_info = shorten_links(record.stack_info)
        return True


_GUARD = ServerLog()
_serving = 0
"""Servers running in this process: the filter stays on the loggers while any serves."""
_serving_lock = threading.Lock()


def guard_logs() -> None:
    """Put the server's log filter on every logger that writes while the tables are served,
    for as long as a server runs (a second server in the process shares the same filter)."""
    global _serving
    with _serving_lock:
        _serving += 1
        for name in LOGGERS:
            logger = logging.getLogger(name)
            if _GUARD not in logger.filters:
                logger.addFilter(_GUARD)


def unguard_logs() -> None:
    """A server stopped: once none serves, the loggers write as they did before serving."""
    global _serving
    with _serving_lock:
        _serving = max(0, _serving - 1)
        if not _serving:
            for name in LOGGERS:
                logging.getLogger(name).removeFilter(_GUARD)
