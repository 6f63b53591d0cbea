"""Results: winners and standings, the per-deal sheet, a personal sheet per competitor and,
for Safford, husband against wife. Headers carry event, date and session; pages are
numbered "page N of M"."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from director.errors import DirectorError
from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.columns import fitting_sizes
from director.printing.grids import content_width, grid
from director.printing.paging import frame_height, height_of, paged, room_left
from director.printing.plain import PlainText
from director.printing.result_contents import ResultsDocument, Table

identifier = "results"
verbose_name = "Results"

RANKING = {
    "": 0.04,
    "Place": 0.07,
    "No.": 0.07,
    "Deals": 0.07,
    "Tricks": 0.08,
    "+/-": 0.09,
    "Equated": 0.09,
    "Matchpoints": 0.12,
    "%": 0.08,
    "Tricks lost": 0.09,
}
"""Standings column shares by heading; the name takes the rest."""
DEAL = (0.07, 0.065, 0.085, 0.085, 0.08, 0.085, 0.15, 0.08, 0.08, 0.22)
"""Deal sheet column shares: every heading's words whole at the legible floor (pairs by number:
the standings give their names)."""
PERSONAL = (0.09, 0.09, 0.09, 0.1, 0.33, 0.14, 0.16)
COUPLES = (0.1, 0.24, 0.24, 0.1, 0.16, 0.16)


PARTS = ("standings", "deals", "personal")
SIZE = 9
"""The grids' text size, where every cell of a column fits it."""
"""The parts of the results, in print order; each can also be printed alone."""


def render(
    document: ResultsDocument,
    header: Header,
    paper: str,
    progress: Progress | None = None,
    parts: Sequence[str] = PARTS,
) -> bytes:
    """The results as one PDF: standings (with winners and couples), then the per-deal sheet,
    then the personal sheets -- or only the `parts` asked for."""
    unknown = set(parts) - set(PARTS)
    if unknown:
        raise DirectorError(f"unknown results part {sorted(unknown)}; use {', '.join(PARTS)}")
    styles = stylesheet()
    width = content_width(paper)
    room = frame_height(paper)
    story: list[Flowable] = [PlainText(header.title, styles["title"])]
    if header.subtitle:
        story.append(PlainText(header.subtitle, styles["heading"]))
    if document.provisional:
        story.append(PlainText(document.provisional.upper(), styles["heading"]))
    opening = len(story)
    if "standings" in parts:
        story += _standings(document, width, room, styles, story)
    sections = [
        (title, tables, shares)
        for part, title, tables, shares in (
            ("deals", "Deals", document.deals, DEAL),
            ("personal", "Personal sheets", document.personal, PERSONAL),
        )
        if part in parts and tables
    ]
    steps = sum(len(tables) for _, tables, _ in sections)
    done = 0
    for title, tables, shares in sections:
        if len(story) > opening:
            story.append(PageBreak())
        heading = PlainText(title, styles["title"])
        story.append(heading)
        left = room - height_of([heading], width, room)
        # one size per column through the section: a name is as large on every sheet
        sizes = _sizes([row for table in tables for row in table.rows], shares, width)
        for table in tables:
            # each grid starts where the one before ended, not on a page of its own
            pieces = _table(table, shares, width, room, styles, left, sizes)
            story += pieces
            left = room_left(pieces, width, room, left)
            done += 1
            report(progress, done, steps)
    return build_document(story, header, paper)


def _standings(
    document: ResultsDocument,
    width: float,
    room: float,
    styles: dict[str, ParagraphStyle],
    opening: Sequence[Flowable],
) -> list[Flowable]:
    """Winners, the rankings and (Safford) the couples; the first ranking starts under the
    winners on the first page, after the `opening` title lines (paragraphs)."""
    story: list[Flowable] = []
    if document.replay:  # first: what the director still has to do before the results stand
        story.append(PlainText("To do before the results stand", styles["heading"]))
        story.extend(PlainText(line, styles["body"]) for line in document.replay)
    if document.winners:
        story.append(PlainText(document.winners_title, styles["heading"]))
        story.extend(PlainText(w, styles["body"]) for w in document.winners)
    # The first ranking may start under the winners; later ones start where they fit whole.
    left: float | None = room - height_of([*opening, *story], width, room)
    for table in document.rankings:
        shares = tuple(RANKING.get(h, 0.0) for h in table.headings)
        shares = tuple(share or 1 - sum(shares) for share in shares)
        story += _table(table, shares, width, room, styles, left)
        left = None
    if document.couples is not None:
        story += _table(document.couples, COUPLES, width, room, styles)
    return story


def _sizes(
    rows: Sequence[Sequence[str]], shares: tuple[float, ...], width: float
) -> tuple[float, ...]:
    """Each column's one text size for `rows`: the grid's size, or smaller until every cell
    fits on one line, never below the legible floor (then the longest wrap)."""
    return fitting_sizes(rows, [s * width for s in shares], (SIZE,) * len(shares))


def _table(
    table: Table,
    shares: tuple[float, ...],
    width: float,
    room: float,
    styles: dict[str, ParagraphStyle],
    first_room: float | None = None,
    sizes: tuple[float, ...] | None = None,
) -> list[Flowable]:
    """A titled grid with its notes, each column at one size (`sizes`, else its own
    `_sizes`); one too long for a page continues on the next under its title, marked
    "continued" (see `paging.paged` for `first_room`)."""
    at = sizes if sizes is not None else _sizes(table.rows, shares, width)

    def piece(rows: Sequence[tuple[str, ...]], k: int, count: int) -> list[Flowable]:
        title = table.title + (" (continued)" if k else "")
        made: list[Flowable] = [
            PlainText(title, styles["heading"]),
            Spacer(1, 1.5 * mm),
            grid(table.headings, rows, shares, width, at, shrink=False),
        ]
        if k == count - 1:
            made.extend(PlainText(n, styles["small"]) for n in table.notes)
        return made

    return paged(table.rows, piece, width, room, first_room)
