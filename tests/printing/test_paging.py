"""Long grids cut into pages: every page holds a fair share of the rows, never a row or two."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Table

from director.printing.fonts import register_fonts
from director.printing.grids import grid
from director.printing.paging import MIN_FIRST_ROWS, balanced_runs, frame_height, paged

WIDTH = 170 * mm


@given(st.integers(1, 400), st.integers(1, 60))
def test_balanced_runs_cover_every_row_once_in_runs_differing_by_one_at_most(
    length: int, count: int
) -> None:
    runs = balanced_runs(length, count)
    assert [i for a, b in runs for i in range(a, b)] == list(range(length))
    sizes = [b - a for a, b in runs]
    assert max(sizes) - min(sizes) <= 1
    assert len(runs) == min(count, length)


def _rows_per_piece(rows: int, first_room: float | None) -> list[int]:
    register_fonts()

    def make(part: Sequence[int], _k: int, _n: int) -> list[Flowable]:
        return [
            grid(
                ("Tray", "Where"),
                [[str(r), "stand by table 3"] for r in part],
                (0.3, 0.7),
                WIDTH,
                10,
                8 * mm,
            )
        ]

    pieces = paged(list(range(rows)), make, WIDTH, frame_height("a4"), first_room)
    tables = [f for piece in pieces for f in piece._content if isinstance(f, Table)]  # type: ignore[attr-defined]  # KeepTogether keeps its flowables there
    assert all(isinstance(p, KeepTogether) for p in pieces)
    return [len(t._cellvalues) - 1 for t in tables]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 200), st.one_of(st.none(), st.floats(0, frame_height("a4"))))
def test_no_page_of_a_long_grid_holds_only_a_row_or_two(
    rows: int, first_room: float | None
) -> None:
    counts = _rows_per_piece(rows, first_room)
    assert sum(counts) == rows
    if len(counts) > 1:
        assert min(counts) >= min(MIN_FIRST_ROWS, rows // len(counts))
