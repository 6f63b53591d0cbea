"""The entry list and sign-in sheet: every competitor of the field with the names the event
stores (a line to write them on otherwise), where they start, and a box to tick on arrival."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph

from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.columns import fitting_sizes
from director.printing.contents import competitor_name, rest_text, seat_name
from director.printing.grids import content_width, grid
from director.printing.paging import frame_height, paged
from schedules.routes import itineraries
from schedules.types import Label, Movement

identifier = "sign-in"
verbose_name = "Entry list and sign-in sheet"

SHARES = (0.15, 0.4, 0.25, 0.2)
HEADINGS = ("Entry", "Name", "Starts at", "Present")
SIZE = 11


def render(
    movement: Movement,
    names: Mapping[Label, str],
    header: Header,
    paper: str,
    progress: Progress | None = None,
) -> bytes:
    """The sign-in sheet as a PDF, the field in its order."""
    styles = stylesheet()
    width = content_width(paper)
    rows = entry_rows(movement, names)
    # one size down each column, however long the longest name: never 11 pt beside 8 pt
    sizes = fitting_sizes(rows, [s * width for s in SHARES], (SIZE,) * len(SHARES), None, (0,))

    def piece(part: Sequence[tuple[str, ...]], k: int, count: int) -> list[Flowable]:
        title = "Entry list" + (f" (page {k + 1} of {count})" if count > 1 else "")
        return [
            Paragraph(title, styles["title"]),
            grid(HEADINGS, part, SHARES, width, sizes, 10 * mm, bold_columns=(0,), shrink=False),
        ]

    story = paged(rows, piece, width, frame_height(paper))
    report(progress, 1, 1)
    return build_document(story, header, paper)


def entry_rows(movement: Movement, names: Mapping[Label, str]) -> tuple[tuple[str, ...], ...]:
    """Per competitor: who, their names (or a line to write them on), their first table."""
    rows = []
    for who, stops in itineraries(movement).items():
        first = stops[0] if stops else None
        start = "—"
        if first is not None and first.table is not None and first.seat is not None:
            start = f"table {first.table}, {seat_name(movement, first.seat)}"
        elif stops:  # resting in round 1: where they play after it, in the rest card's words
            start = rest_text(movement, stops, 1)
        rows.append((competitor_name(movement, who), names.get(who, "") or "", start, ""))
    return tuple(rows)
