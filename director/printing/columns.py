"""Column widths from what the columns hold, so a grid of long names and short numbers gives
the names the room instead of wrapping them in a narrow column beside an empty wide one.

Each column is as wide as its longest text in proportion to the others', so every column wraps
into about as many lines, but never narrower than its longest word at the smallest size `fit`
shrinks text to (narrower, the word would be broken): such a column gets that word's width
and the others share what is left.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

from director.printing import fit
from director.printing.fonts import BOLD, REGULAR
from director.printing.grids import HEADING_SCALE, PADDING

SPARE = 1.0
"""Points a column gets beyond its longest word: `fit` compares widths exactly, and a word
that fills its box to the last rounding error would be broken."""


def column_shares(
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    width: float,
    size: float,
    bold_columns: Sequence[int] = (),
) -> tuple[float, ...]:
    """The share of `width` each column of a `grids.grid` gets (they sum to 1), for `rows`
    printed at `size` under `headings`."""
    needs: list[float] = []
    likes: list[float] = []
    for k, heading in enumerate(headings):
        font = BOLD if k in bold_columns else REGULAR
        texts = {row[k] for row in rows}
        words = {w for text in texts for w in text.split()}
        heading_size = max(size * HEADING_SCALE, fit.FLOOR_SIZE)
        # a word too long for its column shrinks (to the fit's smallest size) before it breaks
        smallest = max(size * fit.SHRINK_FLOOR, fit.FLOOR_SIZE)
        need = max(
            max((stringWidth(w, font, smallest) for w in words), default=0.0),
            max((stringWidth(w, BOLD, heading_size) for w in heading.split()), default=0.0),
        )
        like = max(
            max((stringWidth(t, font, size) for t in texts), default=0.0),
            stringWidth(heading, BOLD, heading_size),
        )
        needs.append(need + 2 * PADDING + SPARE)
        likes.append(like + 2 * PADDING)
    if sum(needs) >= width:  # even the longest words do not fit: narrow every column alike
        return tuple(n / sum(needs) for n in needs)
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
