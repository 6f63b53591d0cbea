"""Printing to a real printer queue: how many bytes a club evening's papers (a 7-table Mitchell:
tonight's indicators, table cards, trump slips and travellers, the movement recap and the
set-up sheet, 22 pages) put into a CUPS queue and what the printer makes of them, sent the
three ways the printing dialog knows:

- as the papers' own PDF, in one job (`director.printing.print_queue`: Linux and macOS);
- painted in black and white at the printer's resolution (`print_job.paint_black_and_white`:
  a printer reached only through painting, as on Windows);
- painted as 300 dpi colour images, as the dialog did before (for comparison).

    python -m benchmarks printer

It needs a running CUPS with a cups-pdf queue (Debian: `apt-get install cups
printer-driver-cups-pdf`, start `cupsd`, then `lpadmin -p CUPS-PDF -v cups-pdf:/ -E -m
lsb/usr/cups-pdf/CUPS-PDF_opt.ppd`); the queue's name is taken from `WHIST_PRINTER` (default
CUPS-PDF). Each line gives the size of the job as the queue received it (CUPS' own count) and
of the PDF cups-pdf wrote, against its target: the 22-page job within `TARGET_BYTES` as the
papers' PDF, within `PAINTED_TARGET_BYTES` painted.

Measured on the development machine (CUPS 2.4, cups-pdf 3.0): 0.29 MB queued as the papers' PDF
(cups-pdf writes 0.26 MB); 2.79 MB painted black and white at 600 dpi (cups-pdf's Ghostscript
writes 13.8 MB of it); 16.65 MB queued as 300 dpi colour images before.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from director.printing import print_queue
from director.printing.documents import print_movement_document
from schedules.catalog import Request, build

DOCUMENTS = ("indicators", "table-cards", "slips", "travellers", "movement", "setup")
"""A club evening's papers: 22 pages for a 7-table Mitchell."""
TARGET_BYTES = 1_000_000
"""The most the 22-page job may put in the queue as the papers' PDF: a megabyte (about 17 MB
before, as colour images)."""
PAINTED_TARGET_BYTES = 3_000_000
"""The most it may put in the queue painted in black and white at `PAINT_DPI`."""
PAINT_DPI = 600
"""The printer resolution the black-and-white painting is measured at (a laser's)."""
WAIT_SECONDS = 120


def _jobs(queue: str) -> dict[int, int]:
    """Every job of `queue` CUPS knows, with its size in bytes (as `lpstat` counts it)."""
    listed = subprocess.run(
        ["lpstat", "-W", "all", "-o", queue], capture_output=True, text=True, check=False
    )
    jobs = {}
    for line in listed.stdout.splitlines():
        name, _user, size, *_ = line.split()
        jobs[int(name.rpartition("-")[2])] = int(size)
    return jobs


def _finished(queue: str, job: int) -> None:
    """Wait until CUPS has finished job `job`."""
    end = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < end:
        active = subprocess.run(["lpstat", "-o", queue], capture_output=True, text=True).stdout
        if not any(line.split()[0] == f"{queue}-{job}" for line in active.splitlines()):
            return
        time.sleep(0.5)
    raise TimeoutError(f"job {job} on {queue} did not finish in {WAIT_SECONDS} s")


def _written(since: float) -> int | None:
    """The size of the PDF cups-pdf wrote last (its folder: ~/PDF), if one is newer than
    `since`."""
    folder = Path.home() / "PDF"
    made = (
        [p for p in folder.glob("*.pdf") if p.stat().st_mtime >= since] if folder.exists() else []
    )
    return max(made, key=lambda p: p.stat().st_mtime).stat().st_size if made else None


def _measure(queue: str, label: str, send: Callable[[], None], target: int | None) -> None:
    before, started = set(_jobs(queue)), time.time()
    clock = time.perf_counter()
    send()
    jobs = _jobs(queue)
    (job,) = set(jobs) - before
    _finished(queue, job)
    seconds = time.perf_counter() - clock
    spooled = _jobs(queue)[job]
    written = _written(started - 1)
    made = f"{written / 1e6:6.2f} MB written by cups-pdf" if written else "cups-pdf wrote nothing"
    aim = "no target"
    if target is not None:
        aim = f"target {target / 1e6:.0f} MB: {'PASS' if spooled <= target else 'OVER'}"
    print(
        f"{label:<46} {spooled / 1e6:7.2f} MB queued, {made}, {seconds:5.1f} s;  {aim}",
        flush=True,
    )


def run() -> None:
    """Print the figures, each against the target."""
    queue = os.environ.get("WHIST_PRINTER", "CUPS-PDF")
    if not print_queue.available() or queue not in _queues():
        print(f"no CUPS queue {queue}: see `python -m pydoc benchmarks.printer` to set one up")
        return
    # Qt is needed only for the painted jobs; no window is shown
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtPrintSupport import QPrinter
    from PySide6.QtWidgets import QApplication

    from director.gui.pdf_pages import PdfPages, merged, paint
    from director.gui.print_job import paint_black_and_white

    app = QApplication.instance() or QApplication([])
    movement = build(Request("mitchell", tables=7))
    pdf = merged([print_movement_document(movement, d) for d in DOCUMENTS])
    pages = PdfPages(pdf)
    print(f"A club evening's papers: {len(pages)} pages, {len(pdf) / 1e3:.0f} kB of PDF")

    def printer(dpi: int) -> QPrinter:
        chosen = QPrinter(QPrinter.PrinterMode.HighResolution)
        chosen.setPrinterName(queue)
        chosen.setResolution(dpi)
        return chosen

    def vector() -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "papers.pdf"
            path.write_bytes(pdf)
            print_queue.submit(queue, path, "Benchmark: vector", {})

    _measure(queue, "the papers' own PDF, one job", vector, TARGET_BYTES)
    _measure(
        queue,
        f"painted black and white at {PAINT_DPI} dpi",
        lambda: paint_black_and_white(printer(PAINT_DPI), pages, lambda _d, _t: None),
        PAINTED_TARGET_BYTES,
    )
    _measure(
        queue,
        "painted as 300 dpi colour images (before)",
        lambda: paint(printer(300), pages, lambda index: pages.image(index, 300)),
        None,
    )
    del app


def _queues() -> set[str]:
    listed = subprocess.run(["lpstat", "-e"], capture_output=True, text=True, check=False)
    return set(listed.stdout.split())
