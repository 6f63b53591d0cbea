"""Long grids cut into pages that stand alone: every piece repeats its title (the table, the
tray) and its heading row, and pieces are of equal length, so no page holds a row or two."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether

from director.printing.base import MARGIN, paper_size
from director.printing.grids import Grid

T = TypeVar("T")

FRAME_PADDING = 6
"""reportlab's frames keep 6 points free on every side."""
HEADER_ROOM = 6 * mm
"""Kept above the frame for the running header (see `base.build_document`)."""


def frame_height(paper: str, wide: bool = False) -> float:
    """The height a page gives the story (of the landscape page when `wide`)."""
    width, height = paper_size(paper)
    page = min(width, height) if wide else height
    return page - 2 * MARGIN - HEADER_ROOM - 2 * FRAME_PADDING


def height_of(flowables: Sequence[Flowable], width: float, room: float) -> float:
    """The height `flowables` take, one under the other, `width` points wide."""
    return sum(f.wrap(width, room)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)


def paged(
    rows: Sequence[T],
    make: Callable[[Sequence[T], int, int], list[Flowable]],
    width: float,
    room: float,
    first_room: float | None = None,
) -> list[Flowable]:
    """`rows` cut into the fewest runs of equal length whose flowables, made by
    make(rows, piece, pieces), each fit `room`; every piece is kept together on one page.
    With `first_room` (what is left on the page the grid starts on), the first run fills that
    space when it holds a fair share of rows, so a long grid does not leave a page half empty.
    The flowables hold one `Grid` with a heading row and a row per item of `rows`."""
    whole = make(rows, 0, 1)
    total = height_of(whole, width, room)
    if len(rows) < 2 or total <= (room if first_room is None else min(room, first_room)):
        return [KeepTogether(whole)]
    table = next(f for f in whole if isinstance(f, Grid))
    heights = list(table.row_heights)
    fixed = total - sum(heights)
    first = _fill(heights, first_room - fixed) if first_room is not None else 0
    if first < MIN_FIRST_ROWS or first == len(rows):
        first = 0
    elif len(rows) - first < MIN_FIRST_ROWS:
        # a row or two alone on the next page: carry a fair share over with them, or, too few
        # rows for a fair share on both pages, start the grid on the next page
        first = len(rows) - MIN_FIRST_ROWS
        if first < MIN_FIRST_ROWS:
            first = 0
    rest = heights[first:]
    count = max(1, math.ceil(sum(rest) / max(room - fixed, 1)))
    while True:
        runs = balanced_runs(len(rest), count)
        tallest = max(sum(rest[a:b]) for a, b in runs)
        if count >= len(rest) or fixed + tallest <= room:
            break
        count += 1
    chunks = ([rows[:first]] if first else []) + [rows[first + a : first + b] for a, b in runs]
    return [KeepTogether(make(c, k, len(chunks))) for k, c in enumerate(chunks)]


def balanced_runs(length: int, count: int) -> list[tuple[int, int]]:
    """`range(length)` cut into `count` runs (start, end) whose lengths differ by one at most,
    the longer first: 10 rows on 4 pages are 3, 3, 2, 2, never 3, 3, 3, 1."""
    count = max(1, min(count, length))
    size, longer = divmod(length, count)
    runs, start = [], 0
    for k in range(count):
        end = start + size + (k < longer)
        runs.append((start, end))
        start = end
    return runs


MIN_FIRST_ROWS = 8
"""A grid starts on a page already in use only if at least this many rows fit there."""


def _fill(heights: Sequence[float], space: float) -> int:
    """How many rows, from the first, fit `space`."""
    used = 0.0
    for n, h in enumerate(heights):
        used += h
        if used > space:
            return n
    return len(heights)


def room_left(pieces: Sequence[Flowable], width: float, room: float, left: float) -> float:
    """The height left on the page after `pieces` (each kept whole on one page), starting with
    `left` on the current page and `room` on every new one."""
    for piece in pieces:
        # a KeepTogether wraps only on a canvas: measure what it keeps together instead
        height = height_of(getattr(piece, "_content", [piece]), width, room)
        left = left - height if height <= left else room - height
    return max(left, 0.0)
