"""Ruled tables for sheets (table cards, travellers, score cards, recap, results).

Every cell goes through `fit.fit`, so a long name shrinks or wraps inside its column instead of
running into the next one. The grid is a flowable of its own rather than reportlab's `Table`:
its cells are laid out once, by `fit`, so drawing them needs none of the table's per-cell
styles and measuring, which took most of the time of printing a large event's papers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from reportlab.lib.colors import HexColor, black
from reportlab.platypus import Flowable

from director.printing import fit
from director.printing.base import MARGIN, paper_size
from director.printing.fonts import BOLD, REGULAR
from director.printing.pdf_operators import add_operators

PADDING = 3
"""Cell padding on every side (points)."""
HEADING_SCALE = 0.8
"""The heading row's text size relative to the body's."""
HEADING_BACKGROUND = HexColor("#e0e0e0")
"""Made once: a colour given by name is parsed again on every use."""
LINE_WIDTH = 0.5
"""The rules between cells (points)."""


def content_width(paper: str, wide: bool = False) -> float:
    """The width between the margins (of the landscape page when `wide`)."""
    width, height = paper_size(paper)
    return (max(width, height) if wide else width) - 2 * MARGIN


def grid(
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    shares: Sequence[float],
    width: float,
    size: float | Sequence[float] = 10,
    row_height: float | None = None,
    bold_columns: Sequence[int] = (),
    shrink: bool = True,
) -> Grid:
    """A ruled table `width` points wide; column widths are `shares` of it (they sum to 1),
    its text at `size` (or a size per column). Rows are at least `row_height` tall and grow
    for text that wraps. The heading row repeats on every page. A cell too long for its column
    shrinks on its own before it wraps; not with `shrink` False: then every cell is at its
    column's size (see `columns.sized_columns`), and wraps."""
    widths = tuple(width * s for s in shares)
    sizes = column_sizes(size, len(widths))
    heading_size = heading_size_for(sizes)
    fonts = tuple(BOLD if i in bold_columns else REGULAR for i in range(len(widths)))
    floor = fit.SHRINK_FLOOR if shrink else 1.0
    # Recorded measurements are of every cell as laid out now, not of a row kept from before.
    row = _measured_row if fit.recording_now() else _kept_row
    headed = _columns(widths, (heading_size,) * len(widths), (BOLD,) * len(widths), floor)
    heading = row(tuple(headings), headed, None)
    columns = _columns(widths, sizes, fonts, floor)
    body = tuple(row(tuple(texts), columns, row_height) for texts in rows)
    return Grid(widths, heading, body)


def column_sizes(size: float | Sequence[float], columns: int) -> tuple[float, ...]:
    """The text size of each of `columns` columns: `size` for all, or one for each."""
    if isinstance(size, int | float):
        return (float(size),) * columns
    return tuple(size)


def heading_size_for(sizes: Sequence[float]) -> float:
    """The heading row's one text size: smaller than the smallest column's text."""
    return max(min(sizes, default=fit.FLOOR_SIZE) * HEADING_SCALE, fit.FLOOR_SIZE)


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a grid: its cells laid out for their columns, and its height."""

    cells: tuple[fit.Fitted, ...]
    size: float
    """The row's text size (its largest): a cell fitted at it on one line is drawn as the
    row's text."""
    height: float
    plain: tuple[bool, ...]
    """For each cell, whether it is the row's own one line of text (not shrunk, not wrapped)."""


Laid = tuple[fit.Fitted, bool]
"""A cell's text laid out for its column, and whether it is the row's own one line of text."""


@dataclass(frozen=True, slots=True, eq=False)
class Column:
    """How a column's cells are laid out: inside its padding, at its size, shrunk down to
    `floor` times it then wrapped, in a row whose text is `row_size`."""

    width: float
    size: float
    font: str
    floor: float
    row_size: float
    known: dict[str, Laid]
    """The column's texts laid out so far: a large event's sheets put the same few numbers
    and names into the same columns tens of thousands of times."""

    def lay(self, text: str) -> Laid:
        """`text` laid out in the column (remembered)."""
        laid = self.known.get(text)
        if laid is None:
            laid = self.known[text] = self.measure(text)
        return laid

    def measure(self, text: str) -> Laid:
        """`text` laid out in the column afresh (as `fit.recording` records it)."""
        cell = fit.fit(text, self.width, self.size, self.font, self.floor)
        return cell, not _wraps(cell, self.row_size)


@lru_cache(maxsize=256)
def _columns(
    widths: tuple[float, ...], sizes: tuple[float, ...], fonts: tuple[str, ...], floor: float
) -> tuple[Column, ...]:
    """The columns of a grid, kept with what they have laid out for the grids like it."""
    row_size = max(sizes)
    return tuple(
        Column(w - 2 * PADDING, size, font, floor, row_size, {})
        for w, size, font in zip(widths, sizes, fonts, strict=True)
    )


def _row(texts: tuple[str, ...], columns: tuple[Column, ...], at_least: float | None) -> Row:
    """The row's cells laid out in their columns (see `_row_of`)."""
    return _row_of(
        [column.lay(text) for text, column in zip(texts, columns, strict=True)],
        columns[0].row_size,
        at_least,
    )


_kept_row = lru_cache(maxsize=fit.LAYOUTS_KEPT)(_row)
"""`_row`, remembered: a grid too long for its page is laid out whole, to be measured, then
again piece by piece (see `paging.paged`)."""


def _measured_row(
    texts: tuple[str, ...], columns: tuple[Column, ...], at_least: float | None
) -> Row:
    """`_row` with every cell laid out afresh (while `fit.recording`)."""
    return _row_of(
        [column.measure(text) for text, column in zip(texts, columns, strict=True)],
        columns[0].row_size,
        at_least,
    )


def _row_of(laid: list[Laid], size: float, at_least: float | None) -> Row:
    """A row of cells laid out, its text at `size`: as tall as its tallest cell, and
    `at_least` tall when given (only text that wraps makes it taller then)."""
    cells: tuple[fit.Fitted, ...]
    plain: tuple[bool, ...]
    cells, plain = zip(*laid, strict=True)
    wrapped = [] if all(plain) else [cell.height for cell, alone in laid if not alone]
    if at_least is not None:
        return Row(cells, size, max(at_least, max(wrapped, default=0) + 2 * PADDING), plain)
    return Row(cells, size, max([size * fit.LEADING, *wrapped]) + 2 * PADDING, plain)


def _wraps(cell: fit.Fitted, size: float) -> bool:
    """Shrunk or wrapped: not the row's own one line of text."""
    return cell.size != size or len(cell.lines) > 1


class Grid(Flowable):
    """A ruled grid with a grey heading row, every cell's text centred in its height; cut
    across pages, each part repeats the heading row."""

    def __init__(self, widths: tuple[float, ...], heading: Row, rows: tuple[Row, ...]) -> None:
        super().__init__()
        self.widths = widths
        self.heading = heading
        self.rows = rows
        self.width = sum(widths)
        self.height = heading.height + sum(r.height for r in rows)
        self.hAlign = "CENTER"

    @property
    def row_heights(self) -> tuple[float, ...]:
        """The heights of the rows under the heading."""
        return tuple(r.height for r in self.rows)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        room = available_height - self.heading.height
        fitting = 0
        for row in self.rows:
            room -= row.height
            if room < 0:
                break
            fitting += 1
        if fitting == 0 or fitting == len(self.rows):
            return []
        return [
            Grid(self.widths, self.heading, self.rows[:fitting]),
            Grid(self.widths, self.heading, self.rows[fitting:]),
        ]

    def draw(self) -> None:
        canv = self.canv
        canv.saveState()
        top = self.height
        canv.setFillColor(HEADING_BACKGROUND)
        canv.rect(0, top - self.heading.height, self.width, self.heading.height, stroke=0, fill=1)
        canv.setFillColor(black)
        # One text object for the whole grid, each line of it a line of its own (the PDF's
        # text reads cell by cell as before): far cheaper than a text object per cell.
        text = fit.TextBlock(canv)
        lefts = tuple(accumulate(self.widths[:-1], initial=float(PADDING)))
        places = fit.places(lefts)
        for row in (self.heading, *self.rows):
            bottom = top - row.height
            size = row.size
            # where a line of the row's own text sits, as reportlab's tables place it
            baseline = fit.place(bottom + (row.height + size * fit.LEADING) / 2 - size)
            if all(row.plain):  # most rows: every cell one line of the row's text
                text.lines_at(
                    (
                        (cell.lines[0], cell.font, at)
                        for cell, at in zip(row.cells, places, strict=True)
                        if cell.lines[0]
                    ),
                    size,
                    baseline,
                )
            else:
                _draw_cells(text, row, bottom, baseline, lefts, places)
            top = bottom
        text.draw()
        canv.setLineWidth(LINE_WIDTH)
        canv.setStrokeColor(black)
        canv.setLineCap(1)
        # The rules as canv.lines draws them, their coordinates written once each (a grid of
        # a hundred rows has a few hundred, drawn by the thousand in a large event's results).
        place = fit.place
        wide, tall = place(self.width), place(self.height)
        tops = accumulate((r.height for r in (self.heading, *self.rows)), initial=0.0)
        rules = [f"0 {y} m {wide} {y} l" for y in map(place, (self.height - t for t in tops))]
        edges = map(place, accumulate(self.widths, initial=0.0))
        rules += [f"{x} 0 m {x} {tall} l" for x in edges]
        add_operators(canv, "\n".join(["n", *rules, "S"]))
        canv.restoreState()


def _draw_cells(
    text: fit.TextBlock,
    row: Row,
    bottom: float,
    baseline: str,
    lefts: tuple[float, ...],
    places: tuple[str, ...],
) -> None:
    """A row with text that wraps or shrinks, cell by cell so that the page's text reads in
    column order: one line of the row's text on its `baseline`, the others centred."""
    for cell, alone, x, at in zip(row.cells, row.plain, lefts, places, strict=True):
        if alone:
            if cell.lines[0]:
                text.lines_at(((cell.lines[0], cell.font, at),), row.size, baseline)
            continue
        middle = bottom + (row.height + cell.height) / 2
        for line, y in zip(cell.lines, cell.baselines(middle), strict=True):
            if line:
                text.line(line, cell.font, cell.size, x, y)
