"""Table-number tent cards: one sheet per table, folded across the middle to stand on the
table; the number is printed large on both faces, so it reads from either side of the room."""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from director.printing import fit
from director.printing.base import (
    MARGIN,
    Header,
    Progress,
    new_canvas,
    paper_size,
    report,
)
from director.printing.fonts import BOLD
from schedules.types import Movement, TableNo

identifier = "table-numbers"
verbose_name = "Table numbers (tent cards, fold in half)"

NUMBER_SIZE = 300
WORD_SIZE = 40


def render(
    movement: Movement, header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """One page per table: the number on both halves, the top half upside down."""
    buffer = io.BytesIO()
    # no footer: both halves of the sheet face the room
    c = new_canvas(buffer, paper, (), header.title, numbered=False)
    width, height = paper_size(paper)
    tables = movement.table_numbers
    for i, table in enumerate(tables):
        _face(c, table, width, height / 2)
        c.saveState()
        c.translate(width, height)
        c.rotate(180)
        _face(c, table, width, height / 2)
        c.restoreState()
        c.saveState()
        c.setDash(4, 4)
        c.setLineWidth(0.4)
        c.line(0, height / 2, width, height / 2)
        c.restoreState()
        c.showPage()
        report(progress, i + 1, len(tables))
    c.save()
    return buffer.getvalue()


def _face(c: Canvas, table: TableNo, width: float, half: float) -> None:
    """One face, in the lower half of the page as drawn: "TABLE" and the number, large."""
    inner = width - 2 * MARGIN
    fit.draw(c, "TABLE", MARGIN, half - 8 * mm, inner, WORD_SIZE, BOLD, align="center")
    bottom = MARGIN + 4 * mm
    box = half - 8 * mm - WORD_SIZE * fit.LEADING - bottom
    size = min(NUMBER_SIZE, box / fit.LEADING)
    fit.draw_middle(c, str(table), MARGIN, bottom, inner, box, size, BOLD)
