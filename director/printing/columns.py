"""Column widths from what the columns hold, so a grid of long names and short numbers gives
the names the room instead of wrapping them in a narrow column beside an empty wide one.

Each column is as wide as its longest text in proportion to the others', so every column wraps
into about as many lines, but never narrower than its longest word at the smallest size `fit`
shrinks text to (narrower, the word would be broken): such a column gets that word's width
and the others share what is left.

A document whose every row is alike (a card per table, a traveller per tray) prints its text at
one size throughout (`one_size`, `sized_columns`), so that a long name is not printed smaller
than the short one above it: the size at which the longest fits, never below the legible floor.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

from director.printing import fit
from director.printing.fonts import BOLD, REGULAR
from director.printing.grids import PADDING, column_sizes, heading_size_for

SPARE = 1.0
"""Points a column gets beyond its longest word: `fit` compares widths exactly, and a word
that fills its box to the last rounding error would be broken."""


def column_shares(
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    width: float,
    size: float | Sequence[float],
    bold_columns: Sequence[int] = (),
    shrink: bool = True,
    whole: Sequence[int] = (),
) -> tuple[float, ...]:
    """The share of `width` each column of a `grids.grid` gets (they sum to 1), for `rows`
    printed at `size` (or a size per column) under `headings`; with `shrink` False, for a grid
    whose cells never shrink on their own. The columns in `whole` (the names) are as wide as
    their longest text on one line wherever the others' longest words still fit beside them."""
    sizes = column_sizes(size, len(headings))
    heading_size = heading_size_for(sizes)
    needs: list[float] = []
    likes: list[float] = []
    for k, (heading, at) in enumerate(zip(headings, sizes, strict=True)):
        font = BOLD if k in bold_columns else REGULAR
        texts = {row[k] for row in rows}
        words = {w for text in texts for w in fit.pieces(text)}
        # a word too long for its column shrinks (to the fit's smallest size) before it breaks
        smallest = max(at * (fit.SHRINK_FLOOR if shrink else 1.0), fit.FLOOR_SIZE)
        need = max(
            max((stringWidth(w, font, smallest) for w in words), default=0.0),
            max((stringWidth(w, BOLD, heading_size) for w in fit.pieces(heading)), default=0.0),
        )
        like = max(
            max((stringWidth(t, font, at) for t in texts), default=0.0),
            stringWidth(heading, BOLD, heading_size),
        )
        needs.append(need + 2 * PADDING + SPARE)
        likes.append(like + 2 * PADDING)
    if sum(needs) >= width:  # even the longest words do not fit: narrow every column alike
        return tuple(n / sum(needs) for n in needs)
    unbroken = [max(n, likes[k] + SPARE) if k in whole else n for k, n in enumerate(needs)]
    if sum(unbroken) < width:  # "Player 16" on one line while there is room for it
        needs = unbroken
    # Widths in proportion to the longest texts wrap every column into about as many lines;
    # a column whose share is narrower than its longest word gets that word's width instead.
    given = dict.fromkeys(range(len(needs)), 0.0)
    fixed: set[int] = set()
    while True:
        free = [k for k in given if k not in fixed]
        left = width - sum(needs[k] for k in fixed)
        liked = sum(likes[k] for k in free)
        for k in free:
            given[k] = left * likes[k] / liked
        short = {k for k in free if given[k] < needs[k]}
        if not short:
            break
        fixed |= short
        for k in short:
            given[k] = needs[k]
    return tuple(given[k] / width for k in range(len(needs)))


def fitting_sizes(
    rows: Iterable[Sequence[str]],
    widths: Sequence[float],
    sizes: Sequence[float],
    height: float | None = None,
    bold_columns: Sequence[int] = (),
) -> tuple[float, ...]:
    """Each column's one text size for the cells of `rows` (cell k in a column `widths[k]`
    points wide, padding included): `sizes[k]`, or smaller so that every cell of the column
    fits it on one line or, with a `height`, in the lines that height holds; never below the
    legible floor (see `fit.common_size`)."""
    columns = list(zip(*rows, strict=True)) or [()] * len(sizes)
    return tuple(
        fit.common_size(texts, w - 2 * PADDING, at, BOLD if k in bold_columns else REGULAR, height)
        for k, (texts, w, at) in enumerate(zip(columns, widths, sizes, strict=True))
    )


def one_size(
    rows: Iterable[Sequence[str]],
    widths: Sequence[float],
    size: float,
    height: float | None = None,
    bold_columns: Sequence[int] = (),
) -> float:
    """The one text size of every cell of `rows`: the smallest of their columns'
    `fitting_sizes`, so that the names of one column are no larger than the next's."""
    sizes = fitting_sizes(rows, widths, (size,) * len(widths), height, bold_columns)
    return min(sizes, default=max(size, fit.FLOOR_SIZE))


def sized_columns(
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    width: float,
    size: float,
    height: float,
    bold_columns: Sequence[int] = (),
    alike: Sequence[Sequence[int]] = (),
    whole: Sequence[int] = (),
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The column shares and the text size of each column of a grid printed alike
    throughout: `size`, or smaller until every cell of the column fits it in the lines
    `height` holds (or the floor is reached); the columns of each group in `alike` (the
    names of every place) at the smallest size of the group, and the width shared out for the
    sizes found; the columns in `whole` on one line where there is room (`column_shares`).
    Draw it with `grids.grid(..., shrink=False)`."""
    sizes = (float(size),) * len(headings)
    while True:
        shares = column_shares(headings, rows, width, sizes, bold_columns, False, whole)
        widths = [s * width for s in shares]
        fitted = list(fitting_sizes(rows, widths, sizes, height, bold_columns))
        for group in alike:
            smallest = min(fitted[k] for k in group)
            for k in group:
                fitted[k] = smallest
        if tuple(fitted) == sizes:
            return shares, sizes
        sizes = tuple(fitted)
