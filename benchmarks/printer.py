"""Printing to a real printer queue: how many bytes a club evening's papers (a 7-table Mitchell:
tonight's indicators, table cards, trump slips and travellers, the movement recap and the
set-up sheet, 22 pages) put into a CUPS queue and what the printer makes of them, sent the
three ways the printing dialog knows:

- as the papers' own PDF, in one job (`director.printing.print_queue`: Linux and macOS);
- painted in black and white at the printer's resolution (`print_job.paint_black_and_white`:
  a printer reached only through painting, as on Windows);
- painted as 300 dpi colour images, as the dialog did before (for comparison).

    python -m benchmarks printer

The jobs go to a private CUPS server started for the run (`benchmarks.private_cups`: the
packages cups and printer-driver-cups-pdf, which tools/system-deps installs), to a queue with
the cups-pdf driver whose printer is a file; or, where `WHIST_PRINTER` names one, to that queue
of the machine's own CUPS. Each line gives the size of the job as the queue received it (CUPS'
own count) against its target, the 22-page job within `TARGET_BYTES` as the papers' PDF and
within `PAINTED_TARGET_BYTES` painted, and on the private server the size of what its printer
received (the PostScript CUPS made for the cups-pdf driver).

Measured on the development machine on the private server (CUPS 2.4, cups-pdf driver 3.0): the
papers' PDF queued 0.29 MB and 0.83 MB of PostScript reached the printer; painted black and
white at 600 dpi 2.79 MB queued (17.7 MB reached the printer); as 300 dpi colour images, before,
16.65 MB queued (18.6 MB reached the printer).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.private_cups import CupsStartError, private_cups
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


def _measure(
    queue: str, printed: Path | None, label: str, send: Callable[[], None], target: int | None
) -> None:
    """Send one job with `send` and print its figures; `printed`: the file the queue's printer
    writes into, where it is known."""
    before = set(_jobs(queue))
    if printed is not None:
        printed.write_bytes(b"")  # CUPS writes over the file without shortening it
    clock = time.perf_counter()
    send()
    jobs = _jobs(queue)
    (job,) = set(jobs) - before
    _finished(queue, job)
    seconds = time.perf_counter() - clock
    spooled = _jobs(queue)[job]
    made = ""
    if printed is not None:
        made = f" {printed.stat().st_size / 1e6:6.2f} MB reached the printer,"
    aim = "no target"
    if target is not None:
        aim = f"target {target / 1e6:.0f} MB: {'PASS' if spooled <= target else 'OVER'}"
    print(
        f"{label:<46} {spooled / 1e6:7.2f} MB queued,{made} {seconds:5.1f} s;  {aim}",
        flush=True,
    )


def run() -> None:
    """Print the figures, each against the target."""
    queue = os.environ.get("WHIST_PRINTER")
    if queue is not None:
        if not print_queue.available() or queue not in _queues():
            print(f"no CUPS queue {queue} (WHIST_PRINTER) on this machine")
            return
        _run(queue, None)
        return
    try:
        with private_cups() as server:
            _run(server.queue, server.output)
    except CupsStartError as missing:
        print(f"cannot start a private CUPS server: {missing}")


def _run(queue: str, printed: Path | None) -> None:
    """Measure the three ways into `queue` (its printer writing into `printed`, if known)."""
    # Qt is needed only for the painted jobs; no window is shown
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtPrintSupport import QPrinter
    from PySide6.QtWidgets import QApplication

    from director.gui.pdf_pages import PdfPages, paint
    from director.gui.print_job import paint_black_and_white
    from director.printing.pdf_join import merged

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

    _measure(queue, printed, "the papers' own PDF, one job", vector, TARGET_BYTES)
    _measure(
        queue,
        printed,
        f"painted black and white at {PAINT_DPI} dpi",
        lambda: paint_black_and_white(printer(PAINT_DPI), pages, lambda _d, _t: None),
        PAINTED_TARGET_BYTES,
    )
    _measure(
        queue,
        printed,
        "painted as 300 dpi colour images (before)",
        lambda: paint(printer(300), pages, lambda index: pages.image(index, 300)),
        None,
    )
    del app


def _queues() -> set[str]:
    listed = subprocess.run(["lpstat", "-e"], capture_output=True, text=True, check=False)
    return set(listed.stdout.split())
