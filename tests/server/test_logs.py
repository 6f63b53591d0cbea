"""The server's log on a hostile network: one line per kind of trouble a minute, and never a
table's link whole, in a message or a traceback."""

from __future__ import annotations

import logging
import sys

import pytest

from director.server.logs import ServerLog, guard_logs, shorten_links, unguard_logs

TOKEN = "Q2x9_aBcDeFgHiJkLmNoPq"


def _record(level: int, msg: str, *args: object, name: str = "uvicorn.error") -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, msg, args, None)


def test_a_flood_of_one_kind_writes_one_line_a_minute_then_says_how_many() -> None:
    now = [0.0]
    log = ServerLog(now=lambda: now[0])
    flood = [
        log.filter(_record(logging.WARNING, "Invalid HTTP request received.")) for _ in range(500)
    ]
    assert flood.count(True) == 1
    other = _record(logging.WARNING, "refused a link for table %s", 3, name="director.server")
    assert log.filter(other)
    now[0] = 61.0
    later = _record(logging.WARNING, "Invalid HTTP request received.")
    assert log.filter(later)
    assert "499 more like it" in later.getMessage()


def test_information_is_never_held_back() -> None:
    log = ServerLog(now=lambda: 0.0)
    lines = [_record(logging.INFO, "table %s entered round 1 tray %s", 1, t) for t in range(50)]
    assert all(map(log.filter, lines))


def test_links_are_shortened_in_the_message_and_the_traceback() -> None:
    log = ServerLog()
    try:
        raise ValueError(f"no such row: /table/2/{TOKEN}/state")
    except ValueError:
        record = logging.LogRecord(
            "uvicorn.error",
            logging.ERROR,
            __file__,
            1,
            "GET %s",
            (f"/table/2/{TOKEN}",),
            sys.exc_info(),
        )
    assert log.filter(record)
    text = logging.Formatter().format(record)
    assert TOKEN not in text
    assert text.count("/table/2/Q2x9…") == 2


def test_every_serving_logger_is_guarded(caplog: pytest.LogCaptureFixture) -> None:
    guard_logs()
    guard_logs()  # serving again adds no second filter
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        logging.getLogger("uvicorn.access").info('"GET /table/1/%s/state HTTP/1.1" 200', TOKEN)
    assert TOKEN not in caplog.text
    assert "/table/1/Q2x9…/state" in caplog.text
    assert len(logging.getLogger("uvicorn.access").filters) == 1
    unguard_logs()
    assert len(logging.getLogger("uvicorn.access").filters) == 1  # the second server serves on
    unguard_logs()
    assert not logging.getLogger("uvicorn.access").filters


def test_shorten_links_leaves_other_text_alone() -> None:
    assert shorten_links("round 3 of table 12 in /results") == "round 3 of table 12 in /results"
