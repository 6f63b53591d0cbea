"""The rendered papers on the printer the director chose in Qt's print dialog.

The pages go as the PDF reportlab drew them wherever that can be done: into the file when the
director prints to a PDF file, straight into the CUPS queue on Linux and macOS
(`director.printing.print_queue`), in one job either way, so Cancel before the job is handed
over leaves nothing in the queue, and Cancel after takes the job out again. Elsewhere (Windows)
the pages are painted on the printer in black and white at the printer's own resolution, and
Cancel aborts the job, so none of it is printed.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPageRanges
from PySide6.QtPrintSupport import QPrinter

from director.gui.pdf_pages import PdfPages, paint, selected
from director.printing import print_queue
from director.store.outputs import write_whole

Report = Callable[[int, int], None]
"""`report(done, total)` after each step; it raises to stop the job."""

BLACK_AND_WHITE = [QColor(Qt.GlobalColor.black).rgba(), QColor(Qt.GlobalColor.white).rgba()]
"""A painted page's two colours, black first: the order Qt's PDF and print engines keep as one
bit a dot (the other order they send as colour)."""
SIDES = {
    QPrinter.DuplexMode.DuplexNone: "one-sided",
    QPrinter.DuplexMode.DuplexLongSide: "two-sided-long-edge",
    QPrinter.DuplexMode.DuplexShortSide: "two-sided-short-edge",
}
"""Qt's duplex choices as CUPS names them (DuplexAuto: the printer's own default)."""


def chosen_pages(printer: QPrinter, count: int) -> list[int]:
    """The pages (from 0) the director chose in the print dialog: all, or the ranges given."""
    ranges: QPageRanges = printer.pageRanges()
    if ranges.isEmpty():
        return list(range(count))
    return [page - 1 for page in range(1, count + 1) if ranges.contains(page)]


def job_options(printer: QPrinter) -> dict[str, str]:
    """The print dialog's choices as CUPS job options."""
    options = {"copies": str(printer.copyCount())}
    if printer.copyCount() > 1:
        options["collate"] = "true" if printer.collateCopies() else "false"
    if printer.duplex() in SIDES:
        options["sides"] = SIDES[printer.duplex()]
    if not printer.pageRanges().isEmpty():
        options["page-ranges"] = printer.pageRanges().toString()
    return options


def send(printer: QPrinter, pdf: bytes, pages: PdfPages, title: str, report: Report) -> None:
    """Print `pdf` (whose pages `pages` holds) on `printer` as one job named `title`."""
    to_file = printer.outputFormat() is QPrinter.OutputFormat.PdfFormat
    if to_file and printer.outputFileName():
        report(0, 1)
        wanted = chosen_pages(printer, len(pages))
        part = pdf if len(wanted) == len(pages) else selected(pdf, wanted)
        # whole or not at all, and never over an event file; Qt's own dialog asked to replace
        write_whole(printer.outputFileName(), part, replace=True)
        report(1, 1)
    elif print_queue.available():
        _queue(printer.printerName(), pdf, title, job_options(printer), report)
    else:
        paint_black_and_white(printer, pages, report)


def _queue(name: str, pdf: bytes, title: str, options: dict[str, str], report: Report) -> None:
    report(0, 1)  # Cancel pressed already: nothing goes to the queue
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "papers.pdf"
        path.write_bytes(pdf)
        job = print_queue.submit(name, path, title, options)
    try:
        report(1, 1)
    except BaseException:  # Cancel pressed while the job was handed over: take it back
        print_queue.cancel(name, job)
        raise


def paint_black_and_white(printer: QPrinter, pages: PdfPages, report: Report) -> None:
    """Paint the chosen pages on `printer` as black-and-white images at its resolution (the
    ink a page of text and lines needs, and no more); if `report` raises, the job is aborted
    before it ends."""
    dpi = printer.resolution()
    wanted = chosen_pages(printer, len(pages))
    # the pages chosen are all that is painted: the printer must not pick again among them
    printer.setPageRanges(QPageRanges())

    def ink(index: int) -> QImage:
        return black_and_white(pages.image(index, dpi, grey=True))

    paint(printer, pages, ink, wanted, report)


def black_and_white(grey: QImage) -> QImage:
    """A page in shades of grey as one bit a dot, the shading (a table's grey column) kept as
    an ordered dither, whose regular dots pack small, unlike a diffused one's."""
    flags = Qt.ImageConversionFlag.OrderedDither | Qt.ImageConversionFlag.MonoOnly
    ink = grey.convertToFormat(QImage.Format.Format_Mono, flags)
    if ink.colorTable() != BLACK_AND_WHITE:
        ink.invertPixels()  # for a two-colour image: swaps the colours' places in its table
        ink.setColorTable(BLACK_AND_WHITE)
    return ink
