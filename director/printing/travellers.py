"""Tray travellers: per tray, the tables in the order they play it, with columns for the
tricks each side took, a revoke and any other irregularity. No trump column: Law IV records
the trump on the slip only. Each traveller fits its page (rows shrink down to the legible
size); a traveller longer than a page continues on the next with its tray number."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from director.printing import fit
from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.cards import CutLine
from director.printing.grids import PADDING, content_width, grid
from director.printing.paging import frame_height, height_of, paged
from director.printing.views import Traveller, TravellerRow

identifier = "travellers"
verbose_name = "Tray travellers"

ROW_HEIGHT = 8 * mm
SIZE = 11
BLANK = ("",) * 4
"""The cells the table fills in: tricks of each side, a revoke, a note."""
REVOKE_NOTE = (
    "Revoke: the side that revoked, how many times, and the tricks it won from the first "
    "revoke on (e.g. E-W 1, 4). Note: any other irregularity, in a few words."
)
HEADING_ROW = 2 * PADDING + fit.FLOOR_SIZE * 1.1 * fit.LEADING * 2
"""Room for the heading row (its longest headings take two lines)."""


def render(
    items: Sequence[Traveller], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The travellers, as many to a page as fit whole, with a line to cut along under each."""
    styles = stylesheet()
    width = content_width(paper)
    room = frame_height(paper)
    story: list[Flowable] = []
    for i, item in enumerate(items):
        story.extend(_traveller_story(item, width, room, styles))
        report(progress, i + 1, len(items))
    return build_document(story, header, paper)


def _traveller_story(
    item: Traveller, width: float, room: float, styles: dict[str, ParagraphStyle]
) -> list[Flowable]:
    slip = item.slip
    title = (
        f"Tray {slip.tray} — dealer {slip.dealer} — original play: table "
        f"{slip.original_table}, round {slip.original_round}"
    )
    places = len(item.headings)
    place_share = 0.40 / places
    shares = [0.07, 0.07] + [place_share] * places + [0.09, 0.09, 0.14, 0.14]
    headings = ["Round", "Table", *item.headings, *item.tricks, "Revoke", "Note"]
    cut = [CutLine()]
    top = [Paragraph(title, styles["heading"]), Spacer(1, 1 * mm)]
    note = [Paragraph(REVOKE_NOTE, styles["small"])]
    fixed = height_of([*top, *note, *cut], width, room) + HEADING_ROW
    # Shrink the rows (not the text) so that the whole traveller fits one page.
    row_height = min(ROW_HEIGHT, (room - fixed) / max(len(item.rows), 1))

    def piece(rows: Sequence[TravellerRow], k: int, count: int) -> list[Flowable]:
        heading = top if k == 0 else [Paragraph(f"{title} (continued)", styles["heading"])]
        body = [[str(r.round), str(r.table), *r.places, *BLANK] for r in rows]
        table = grid(headings, body, shares, width, SIZE, row_height, bold_columns=(1,))
        return [*heading, table, *(note if k == count - 1 else []), *cut]

    return paged(item.rows, piece, width, room)
