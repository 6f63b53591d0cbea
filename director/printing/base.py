"""What every printed document shares: paper, running header and footer with "page N of M",
the document template, the stylesheet, progress reports."""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from copy import copy
from dataclasses import dataclass
from functools import partial
from typing import Any

from reportlab import rl_config
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as pdfcanvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from director.errors import DirectorError
from director.printing import fit
from director.printing.fonts import BOLD, REGULAR, register_fonts
from director.printing.pdf_operators import page_size, start_page

# Page streams compressed and written as binary, not also spelled out in ASCII85 (reportlab's
# default, for 7-bit mail): every PDF reader reads them, and a large event's results are a
# sixth smaller and quicker to write.
rl_config.useA85 = 0

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
"""Paper sizes by the name the CLI and the GUI use."""

MARGIN = 12 * mm
FOOTER_SIZE = 8
FOOTER_Y = 8 * mm
"""The footer's baseline: its words keep clear of the outer 6 mm most printers cannot print."""
PAGE_NUMBER_WIDTH = 30 * mm
"""Room kept for "page N of M" at the right of the footer."""

Progress = Callable[[int, int], None]
"""Called as progress(done, total) while a long document is drawn (the GUI's progress bar)."""


def paper_size(name: str) -> tuple[float, float]:
    """The page size for "a4" or "letter" (case-insensitive)."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise DirectorError(f"unknown paper {name!r}; use one of: {', '.join(PAPERS)}") from None


def escape(text: str) -> str:
    """Plain text as a Paragraph's markup: "&", "<" and ">" written as entities (what
    xml.sax.saxutils.escape does, without loading the web client modules it imports)."""
    return html.escape(text, quote=False)


@dataclass(frozen=True, slots=True)
class Header:
    """The running header of a document: what it is and for which event."""

    title: str
    subtitle: str = ""
    """Event, date and session, or the movement it was printed from."""


class NumberedCanvas(pdfcanvas.Canvas):
    """A canvas that writes "page N of M" on every page once it knows M (at save time)."""

    def __init__(self, *args: Any, footer: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._footer = footer
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        start_page(self)

    def save(self) -> None:
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._draw_footer(total)
            super().showPage()
        super().save()

    def _draw_footer(self, total: int) -> None:
        width = page_size(self)[0] - 2 * MARGIN
        room = width - PAGE_NUMBER_WIDTH
        # the first wording that fits one line: a second line below would fall where printers
        # cannot print, so one that must wrap grows upwards from the footer's baseline
        wordings = [fit.fit(text, room, FOOTER_SIZE) for text in self._footer]
        top = FOOTER_Y + FOOTER_SIZE
        if wordings:
            fitted = next((f for f in wordings if len(f.lines) == 1), wordings[-1])
            rise = (len(fitted.lines) - 1) * FOOTER_SIZE * fit.LEADING
            fit.draw_lines(self, fitted, MARGIN, top + rise, room, "left")
        number = f"page {self.getPageNumber()} of {total}"
        fit.draw(self, number, MARGIN, top, width, FOOTER_SIZE, align="right")


def new_canvas(
    buffer: io.BytesIO,
    paper: str,
    footer: tuple[str, ...],
    title: str,
    numbered: bool = True,
    wide: bool = False,
) -> pdfcanvas.Canvas:
    """A numbered canvas on `paper` (turned landscape when `wide`), with the document title
    in the PDF's metadata; a plain one, with no footer, when not `numbered` (a page whose
    every face the players see)."""
    register_fonts()
    size = landscape(paper_size(paper)) if wide else paper_size(paper)
    c = (
        NumberedCanvas(buffer, pagesize=size, footer=footer, pageCompression=1)
        if numbered
        else pdfcanvas.Canvas(buffer, pagesize=size, pageCompression=1)
    )
    c.setTitle(title)
    c.setAuthor("Whist Director")
    return c


def footer_text(header: Header) -> tuple[str, ...]:
    """The footer's wordings, the first that fits a line printed: the document title and its
    subtitle, else the subtitle alone (the header names the document)."""
    if not header.subtitle:
        return (header.title,)
    return f"{header.title} — {header.subtitle}", header.subtitle


def report(progress: Progress | None, done: int, total: int) -> None:
    """Tell the caller how far a long job is (no-op without a callback)."""
    if progress is not None:
        progress(done, total)


HEADER_SIZE = 9


def build_document(story: list[Flowable], header: Header, paper: str, wide: bool = False) -> bytes:
    """Lay out a platypus story on numbered pages (landscape when `wide`) with the running
    header; return the PDF."""
    register_fonts()
    buffer = io.BytesIO()
    size = landscape(paper_size(paper)) if wide else paper_size(paper)
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN + 6 * mm,
        bottomMargin=MARGIN,
        title=header.title,
        author="Whist Director",
    )

    def running_header(c: pdfcanvas.Canvas, _doc: BaseDocTemplate) -> None:
        c.saveState()
        top = size[1] - MARGIN + HEADER_SIZE
        half = (size[0] - 2 * MARGIN) / 2
        fit.draw(c, header.title, MARGIN, top, half * 0.8, HEADER_SIZE, BOLD)
        if header.subtitle:
            right = (MARGIN + half * 0.8, top, half * 1.2, HEADER_SIZE)
            fit.draw(c, header.subtitle, *right, align="right")
        c.restoreState()

    frame = _Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="normal")
    doc.addPageTemplates(PageTemplate(frames=frame, onPage=running_header, pagesize=size))
    doc.build(story, canvasmaker=partial(NumberedCanvas, footer=footer_text(header)))
    return buffer.getvalue()


class _Frame(Frame):
    """A page's frame, copied cheaply: a `KeepTogether` measures its contents on a copy of the
    frame, made by `deepcopy`, and a large document measures hundreds. The frame holds only
    numbers and flags (nothing is drawn into it while measuring), so a plain copy is as deep."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frame:
        return copy(self)


def stylesheet() -> dict[str, ParagraphStyle]:
    """The named paragraph styles every document uses (never the mutable sample sheet)."""
    register_fonts()
    body = ParagraphStyle("body", fontName=REGULAR, fontSize=10, leading=12.5)
    return {
        "body": body,
        "small": ParagraphStyle("small", parent=body, fontSize=8.5, leading=10.5),
        "title": ParagraphStyle(
            "title", parent=body, fontName=BOLD, fontSize=22, leading=26, spaceAfter=4 * mm
        ),
        "heading": ParagraphStyle(
            "heading", parent=body, fontName=BOLD, fontSize=13, leading=16, spaceBefore=3 * mm
        ),
    }
