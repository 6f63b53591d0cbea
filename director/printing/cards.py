"""Sheets of cut-out cards: a grid of equal slots per page, drawn straight on the canvas.

Indicators, slips and score cards are many small identical objects; drawing them directly is
an order of magnitude faster than platypus for a 30-table event, and keeps each card's geometry
in one place.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from director.printing import fit
from director.printing.base import (
    MARGIN,
    Header,
    Progress,
    footer_text,
    new_canvas,
    report,
)
from director.printing.fonts import BOLD, REGULAR
from director.printing.pdf_operators import page_size

T = TypeVar("T")
C = TypeVar("C")

GUTTER = 4 * mm


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one card goes: its lower-left corner and size, in points."""

    x: float
    y: float
    width: float
    height: float


def slots(page: tuple[float, float], columns: int, rows: int) -> tuple[Slot, ...]:
    """The grid of card slots on a page, filled row by row from the top left."""
    width = (page[0] - 2 * MARGIN - (columns - 1) * GUTTER) / columns
    height = (page[1] - 2 * MARGIN - (rows - 1) * GUTTER) / rows
    return tuple(
        Slot(
            MARGIN + col * (width + GUTTER),
            page[1] - MARGIN - (row + 1) * height - row * GUTTER,
            width,
            height,
        )
        for row in range(rows)
        for col in range(columns)
    )


def cut_up(
    cards: Iterable[C], split: Callable[[C], Iterable[T]], rows: Callable[[T], int], two_up_to: int
) -> tuple[list[T], int, tuple[int, int]]:
    """The pieces `split` cuts the cards into (a page's worth each), the most rows a piece
    holds, and the grid: two cards to a page while none holds more than `two_up_to` rows."""
    pieces = [piece for card in cards for piece in split(card)]
    most = max((rows(piece) for piece in pieces), default=0)
    return pieces, most, (1, 2) if most <= two_up_to else (1, 1)


def render_cards(
    items: Sequence[T],
    draw_one: Callable[[Canvas, T, Slot], None],
    header: Header,
    paper: str,
    grid: tuple[int, int],
    progress: Progress | None = None,
    wide: bool = False,
) -> bytes:
    """A PDF with `items` drawn `grid` = (columns, rows) to a page (a landscape page when
    `wide`), each inside a dashed outline to cut along; returns the PDF's bytes."""
    buffer = io.BytesIO()
    c = new_canvas(buffer, paper, footer_text(header), header.title, wide=wide)
    page = page_size(c)
    page_slots = slots(page, *grid)
    total = len(items)
    for index, item in enumerate(items):
        slot = page_slots[index % len(page_slots)]
        if index and index % len(page_slots) == 0:
            c.showPage()
        _cut_lines(c, slot)
        c.saveState()
        draw_one(c, item, slot)
        c.restoreState()
        report(progress, index + 1, total)
    if not items:
        c.setFont(REGULAR, 12)
        c.drawString(MARGIN, page[1] - MARGIN - 12, f"{header.title}: nothing to print")
    c.showPage()
    c.save()
    return buffer.getvalue()


def _cut_lines(c: Canvas, slot: Slot) -> None:
    """A dashed outline to cut along."""
    c.saveState()
    c.setDash(2, 2)
    c.setLineWidth(0.3)
    c.rect(slot.x, slot.y, slot.width, slot.height)
    c.restoreState()


class CutLine(Flowable):
    """A dashed line across the frame to cut along, between items of a flowing document."""

    def __init__(self, gap: float = 3 * mm) -> None:
        super().__init__()
        self.gap = gap
        self.width = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        return available_width, 2 * self.gap

    def draw(self) -> None:
        c = self.canv
        c.setDash(2, 2)
        c.setLineWidth(0.3)
        c.line(0, self.gap, self.width, self.gap)


CELL_GAP = 1.2 * mm
"""The space between a card's column rule and its text."""


def column_headings(
    c: Canvas,
    columns: Sequence[tuple[str, float]],
    x0: float,
    top: float,
    width: float,
    height: float,
    size: float,
) -> tuple[list[float], list[float]]:
    """Draw a card's column titles (title, share of `width`) in a band of `height` below
    `top`, from `x0`; return where each column starts and how wide it is."""
    widths = [width * share for _, share in columns]
    xs = [x0 + sum(widths[:i]) for i in range(len(widths))]
    for (title, _), x, w in zip(columns, xs, widths, strict=True):
        fit.draw_middle(
            c, title, x + CELL_GAP, top - height, w - 2 * CELL_GAP, height, size, BOLD, "left"
        )
    return xs, widths
