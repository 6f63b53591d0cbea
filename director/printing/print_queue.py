"""A finished PDF straight into a printer's queue through CUPS, the printing system of Linux and
macOS. The printer receives the pages as reportlab drew them (text and lines, a few hundred
kilobytes for an evening's papers, not page images of megabytes each), in one job: a job is in
the queue whole or not at all.

libcups is loaded with ctypes: it is the library Qt's own CUPS support loads, so it is there
wherever Qt lists CUPS printers. Where it is missing (Windows) `available()` is False and the
caller paints the pages on the printer instead.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from collections.abc import Mapping
from pathlib import Path

from director.errors import DirectorError

_LAST_SUCCESSFUL_STATUS = 0x00FF
"""IPP status codes up to this one say the request succeeded (the printing protocol's
"successful" range; libcups' `IPP_STATUS_OK` is 0)."""


class _Option(ctypes.Structure):
    """libcups' `cups_option_t`: one job option, name and value."""

    _fields_ = [("name", ctypes.c_char_p), ("value", ctypes.c_char_p)]


@functools.cache
def _cups() -> ctypes.CDLL | None:
    """libcups with the few functions used here declared, or None where there is none."""
    name = ctypes.util.find_library("cups")
    if name is None:
        return None
    try:
        cups = ctypes.CDLL(name)
    except OSError:
        return None
    cups.cupsPrintFile.argtypes = [
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.POINTER(_Option),
    ]
    cups.cupsPrintFile.restype = ctypes.c_int
    cups.cupsCancelJob2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
    cups.cupsCancelJob2.restype = ctypes.c_int
    cups.cupsLastErrorString.argtypes = []
    cups.cupsLastErrorString.restype = ctypes.c_char_p
    return cups


def available() -> bool:
    """Whether printers are reached through CUPS here."""
    return _cups() is not None


def _last_error(cups: ctypes.CDLL) -> str:
    said: bytes | None = cups.cupsLastErrorString()
    return said.decode(errors="replace") if said else "the printing system gave no reason"


def submit(printer: str, pdf: Path, title: str, options: Mapping[str, str]) -> int:
    """Put the PDF `pdf` in `printer`'s queue as one job named `title`, with CUPS job
    `options` ("copies", "sides", "page-ranges" ...); the job's number."""
    cups = _cups()
    if cups is None:
        raise DirectorError("this computer has no CUPS printing system to send the pages to")
    chosen = (_Option * max(len(options), 1))(
        *(_Option(k.encode(), v.encode()) for k, v in options.items())
    )
    job: int = cups.cupsPrintFile(
        printer.encode(), str(pdf).encode(), title.encode(), len(options), chosen
    )
    if job == 0:
        raise DirectorError(f"the printer {printer} did not take the pages: {_last_error(cups)}")
    return job


def cancel(printer: str, job: int) -> None:
    """Take job `job` out of `printer`'s queue (the pages not yet printed are not)."""
    cups = _cups()
    if cups is None:
        return
    # 0: cancel, keeping the job in the history (1 would purge it); None: the default server.
    # It answers with an IPP status, where 0 (successful-ok) to 0xFF are the successes.
    status: int = cups.cupsCancelJob2(None, printer.encode(), job, 0)
    if status > _LAST_SUCCESSFUL_STATUS:
        raise DirectorError(f"job {job} on {printer} could not be cancelled: {_last_error(cups)}")
