"""Ruled tables for sheets (table cards, travellers, score cards, recap, results).

Every cell goes through `fit.cell`, so a long name shrinks or wraps inside its column instead of
running into the next one.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Table, TableStyle

from director.printing import fit
from director.printing.base import MARGIN, paper_size
from director.printing.fonts import BOLD, REGULAR

PADDING = 3
"""Cell padding on every side (points)."""
HEADING_SCALE = 0.8
"""The heading row's text size relative to the body's."""


def content_width(paper: str, wide: bool = False) -> float:
    """The width between the margins (of the landscape page when `wide`)."""
    width, height = paper_size(paper)
    return (max(width, height) if wide else width) - 2 * MARGIN


def grid(
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    shares: Sequence[float],
    width: float,
    size: float = 10,
    row_height: float | None = None,
    bold_columns: Sequence[int] = (),
) -> Table:
    """A ruled table `width` points wide; column widths are `shares` of it (they sum to 1).
    Rows are at least `row_height` tall and grow for text that wraps. The heading row repeats
    on every page."""
    widths = [width * s for s in shares]
    heading_size = max(size * HEADING_SCALE, fit.FLOOR_SIZE)
    body = [[_content(h, w, heading_size, BOLD) for h, w in zip(headings, widths, strict=True)]]
    heights: list[float | None] = [None]
    for row in rows:
        cells = [
            _content(text, w, size, BOLD if i in bold_columns else REGULAR)
            for i, (text, w) in enumerate(zip(row, widths, strict=True))
        ]
        body.append(cells)
        tallest = max((c.fitted.height for c in cells if isinstance(c, fit.FittedText)), default=0)
        heights.append(max(row_height, tallest + 2 * PADDING) if row_height else None)
    table = Table(body, colWidths=widths, rowHeights=heights if row_height else None, repeatRows=1)
    commands: list[tuple] = [
        ("FONT", (0, 0), (-1, 0), BOLD, heading_size, heading_size * fit.LEADING),
        ("FONT", (0, 1), (-1, -1), REGULAR, size, size * fit.LEADING),
        ("GRID", (0, 0), (-1, -1), 0.5, "black"),
        ("BACKGROUND", (0, 0), (-1, 0), "#e0e0e0"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), PADDING),
        ("BOTTOMPADDING", (0, 0), (-1, -1), PADDING),
    ]
    commands += [("FONT", (c, 1), (c, -1), BOLD, size, size * fit.LEADING) for c in bold_columns]
    table.setStyle(TableStyle(commands))
    return table


def _content(text: str, column: float, size: float, font: str) -> str | fit.FittedText:
    """The cell's text as is when it fits at the table's size (drawn by the table itself,
    which is much faster), else shrunk or wrapped lines."""
    inner = column - 2 * PADDING
    fitted = fit.fit(text, inner, size, font)
    if fitted.size == size and len(fitted.lines) == 1:
        return text
    return fit.FittedText(fitted, inner, "left")
