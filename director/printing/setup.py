"""The set-up sheet: where every set of trays starts (at a table, or on the stand beside the
table that plays it first), who deals each tray, which tables share trays, and where stands
are needed during play. For the director, before the players arrive."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.grids import content_width, grid
from director.printing.paging import frame_height, paged
from director.printing.tray_words import SetupRow, numbers_text, setup_rows, tables_word
from schedules.types import Movement
from schedules.views import tray_ways

identifier = "setup"
verbose_name = "Set-up sheet (trays and dealers)"

SHARES = (0.16, 0.2, 0.22, 0.42)


def render(
    movement: Movement, header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The set-up sheet as a PDF."""
    styles = stylesheet()
    width = content_width(paper)
    ways = tray_ways(movement)
    rows = setup_rows(movement, ways)
    stands = sorted(
        (
            {leg.stand for table_ways in ways.values() for w in table_ways for _, leg in w.goes}
            | {r.stand for r in rows}
        )
        - {None}
    )
    story: list[Flowable] = [
        Paragraph("Setting up the room", styles["title"]),
        Paragraph(escape(_summary(movement, len(rows))), styles["body"]),
        Spacer(1, 3 * mm),
    ]
    if stands:
        text = (
            f"Put a bye-stand (a side table or a chair) beside {tables_word(stands)}: trays "
            "wait there between plays; each table card says which trays to leave there and "
            "which to take."
        )
        story += [Paragraph(escape(text), styles["body"]), Spacer(1, 3 * mm)]

    def piece(part: tuple[SetupRow, ...], k: int, count: int) -> list[Flowable]:
        body = [[r.trays, r.start, r.first_play, r.dealers] for r in part]
        headings = ("Trays", "Put them at", "First played", "Dealer of each tray")
        return [grid(headings, body, SHARES, width, 10, 8 * mm)]

    story += paged(rows, piece, width, frame_height(paper))
    if movement.shared:
        story += [Spacer(1, 4 * mm), Paragraph("Trays shared in a round", styles["heading"])]
        story += [
            Paragraph(
                escape(
                    f"Round {s.round}: trays {numbers_text(s.trays)} at {tables_word(s.tables)}"
                ),
                styles["body"],
            )
            for s in movement.shared
        ]
    report(progress, 1, 1)
    return build_document(story, header, paper)


def _summary(movement: Movement, sets: int) -> str:
    trays = len(movement.trays)
    first = sum(1 for t in movement.trays if t.original_round == 1)
    later = trays - first
    text = (
        f"{movement.tables} tables, {movement.rounds} rounds, {trays} trays in {sets} sets. "
        f"{first} trays start at the tables for round 1"
    )
    text += f"; {later} wait on stands for a later round." if later else "."
    return text + " The dealer of each tray is also printed on its trump slip."
