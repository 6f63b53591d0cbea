"""The printing package's PDFs as page images, for the print preview (and for a printer reached
only through painting, see `print_job`).

The PDFs come from reportlab; a preview driven through Qt takes painted pages, so each page is
rasterised by PDFium (the `pypdfium2` wheels, the same engine as Qt's own QtPdf, which is not
in PySide6-Essentials): one library on Windows, macOS and Linux, no system tool. PDFium must not
be called from two threads at once, so every call goes through one lock (`pdf_join.PDFIUM`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pypdfium2 as pdfium  # type: ignore[import-untyped]  # ships no types and no stubs
from PySide6.QtCore import QRectF, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter

from director.printing.pdf_join import PDFIUM

POINTS_PER_INCH = 72
BITMAP_FORMATS = {
    "RGB": QImage.Format.Format_RGB888,
    "RGBX": QImage.Format.Format_RGBX8888,
    "RGBA": QImage.Format.Format_RGBA8888,
    "L": QImage.Format.Format_Grayscale8,
}
"""PDFium's pixel layouts (asked for in R, G, B byte order) as Qt names them."""


def selected(pdf: bytes, indices: Sequence[int]) -> bytes:
    """The pages `indices` (from 0) of a PDF, in that order, as a PDF of their own."""
    with PDFIUM:
        whole = pdfium.PdfDocument(pdf)
        part = pdfium.PdfDocument.new()
        part.import_pages(whole, list(indices))
        out = io.BytesIO()
        part.save(out)
        part.close()
        whole.close()
    return out.getvalue()


def page_count(pdf: bytes) -> int:
    """How many pages a PDF has."""
    with PDFIUM:
        document = pdfium.PdfDocument(pdf)
        count = len(document)
        document.close()
    return count


class PdfPages:
    """The pages of one PDF, as sizes in points and as images at a chosen resolution."""

    def __init__(self, pdf: bytes) -> None:
        self._pdf = pdf  # PDFium reads from this buffer: it must outlive the document
        with PDFIUM:
            self._doc = pdfium.PdfDocument(pdf)
            self.sizes: tuple[tuple[float, float], ...] = tuple(
                self._doc.get_page_size(i) for i in range(len(self._doc))
            )

    def __len__(self) -> int:
        return len(self.sizes)

    def image(self, index: int, dpi: float, grey: bool = False) -> QImage:
        """Page `index` (from 0) drawn at `dpi` dots per inch, on white (in shades of grey
        with `grey`)."""
        with PDFIUM:
            page = self._doc[index]
            bitmap = page.render(scale=dpi / POINTS_PER_INCH, rev_byteorder=True, grayscale=grey)
            image = QImage(
                bytes(bitmap.buffer),
                bitmap.width,
                bitmap.height,
                bitmap.stride,
                BITMAP_FORMATS[bitmap.mode],
            ).copy()  # the bitmap's memory goes with it
            bitmap.close()
            page.close()
        return image


def _landscape(width: float, height: float) -> bool:
    return width > height


def match_paper(printer: QPrinter, size: tuple[float, float]) -> None:
    """Set the printer's paper and orientation for a page of `size` (points), with no margins:
    the papers are laid out for the paper chosen when rendering, margins included."""
    width, height = size
    paper = QPageSize(QSizeF(min(width, height), max(width, height)), QPageSize.Unit.Point)
    printer.setPageSize(paper)
    printer.setPageOrientation(
        QPageLayout.Orientation.Landscape
        if _landscape(width, height)
        else QPageLayout.Orientation.Portrait
    )
    printer.setFullPage(True)


def turned(painter: QPainter, sheet: QRectF, size: tuple[float, float], image: QImage) -> None:
    """Draw a page's image (`size` in points) over the whole `sheet`, turned a quarter when
    the page lies the other way (the indicator cards lie across the paper)."""
    if _landscape(*size) != _landscape(sheet.width(), sheet.height()):
        painter.save()
        painter.translate(sheet.width(), 0)
        painter.rotate(90)
        painter.drawImage(QRectF(0, 0, sheet.height(), sheet.width()), image)
        painter.restore()
    else:
        painter.drawImage(sheet, image)


def paint(
    printer: QPrinter,
    pages: PdfPages,
    image: Callable[[int], QImage],
    indices: Sequence[int] | None = None,
    report: Callable[[int, int], None] = lambda _done, _total: None,
) -> None:
    """Draw the pages `indices` (from 0; None: all) onto `printer`, one sheet each, as
    `image(index)` gives them, scaled to the sheet; `report(done, total)` after each page. If
    anything raises (`report` does to stop), the job is aborted before it ends, so that a
    printer that can abort prints none of it.

    The sheets take the first page's paper and orientation (a printer cannot change them in
    the middle of a job); a page lying the other way (the indicator cards lie across the
    paper) is turned a quarter on its sheet.
    """
    chosen = list(range(len(pages)) if indices is None else indices)
    if not chosen:
        return
    match_paper(printer, pages.sizes[chosen[0]])
    painter = QPainter()
    if not painter.begin(printer):
        raise OSError("the printer could not be started; check that it is connected and on")
    ended = False
    try:
        for done, index in enumerate(chosen):
            if done:
                printer.newPage()
            sheet = QRectF(printer.pageLayout().fullRectPixels(printer.resolution()))
            turned(painter, sheet, pages.sizes[index], image(index))
            report(done + 1, len(chosen))
        ended = True
    finally:
        if not ended:
            printer.abort()
        painter.end()
