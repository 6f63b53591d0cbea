"""Long grids cut into pages: every page holds a fair share of the rows, never a row or two."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether

from director.printing import fit, results
from director.printing.base import Header
from director.printing.fonts import register_fonts
from director.printing.grids import Grid, grid
from director.printing.paging import MIN_FIRST_ROWS, balanced_runs, frame_height, paged
from director.printing.result_contents import results_document
from director.scoring import score_section
from schedules.catalog import Request, build
from tests.printing.pdf import font_sizes, pages
from tests.scoring.builders import random_results, session

WIDTH = 170 * mm
HEADER = Header("Results", "Club night")


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
    tables = [f for piece in pieces for f in piece._content if isinstance(f, Grid)]  # type: ignore[attr-defined]  # KeepTogether keeps its flowables there
    assert all(isinstance(p, KeepTogether) for p in pieces)
    return [len(t.rows) for t in tables]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 200), st.one_of(st.none(), st.floats(0, frame_height("a4"))))
def test_no_page_of_a_long_grid_holds_only_a_row_or_two(
    rows: int, first_room: float | None
) -> None:
    counts = _rows_per_piece(rows, first_room)
    assert sum(counts) == rows
    if len(counts) > 1:
        assert min(counts) >= min(MIN_FIRST_ROWS, rows // len(counts))


@pytest.mark.slow
def test_letter_results_take_about_as_many_pages_as_a4() -> None:
    """Letter is 6 % shorter than A4: a 20-player individual's results may take a few more
    pages on it, never a page or two more per player (personal sheets follow each other)."""
    movement = build(Request("individual", players=20))
    played = session(movement, random_results(movement, 3))
    document = results_document(played, score_section(played))
    a4, letter = (len(pages(results.render(document, HEADER, p))) for p in ("a4", "letter"))
    assert letter <= a4 * 1.3, (a4, letter)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_results_with_long_names_print_nothing_below_the_floor(paper: str) -> None:
    """A 30-table Howell's standings, deal sheet and personal sheets with long names wrap
    them, never shrink them below the legible floor nor let them overflow their boxes."""
    movement = build(Request("howell", tables=30))
    names = {
        label: f"Mrs Featherstonehaugh-Cholmondeley {label} & Mr Bartholomew-Smythe {label}"
        for label in movement.field
    }
    played = session(movement, random_results(movement, 5), names=names)
    with fit.recording() as measured:
        pdf = results.render(results_document(played, score_section(played)), HEADER, paper)
    assert min(font_sizes(pdf)) >= fit.FLOOR_SIZE
    assert [m for m in measured if m.overflows] == []
    assert "Featherstonehaugh-Cholmondeley 17" in " ".join(pages(pdf))
