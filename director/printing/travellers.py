"""Tray travellers: per tray, the tables in the order they play it, with columns for the
tricks each side took, a revoke and any other irregularity. No trump column: Law IV records
the trump on the slip only. Each traveller fits its page (rows shrink down to the legible
size); a traveller longer than a page continues on the next with its tray number."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer

from director.printing import fit
from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.cards import CutLine
from director.printing.columns import column_shares, one_size
from director.printing.contents import Traveller, TravellerRow
from director.printing.fonts import REGULAR
from director.printing.grids import PADDING, content_width, grid
from director.printing.paging import frame_height, height_of, paged

identifier = "travellers"
verbose_name = "Tray travellers"

ROW_HEIGHT = 8 * mm
SIZE = 11
BLANK = ("",) * 4
"""The cells the table fills in: tricks of each side, a revoke, a note."""
NUMBERS = (0.07, 0.07)
"""The shares of the width for the round and the table."""
WRITE_IN = (0.09, 0.09, 0.14, 0.14)
"""The shares of the width to write the tricks of each side, a revoke and a note in..."""
LEAST_WRITE_IN = (0.07, 0.07, 0.09, 0.09)
"""...and the least they keep when long names need the room."""
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
    shares = _shares(items, width)
    size = _size(items, shares, width)
    story: list[Flowable] = []
    for i, item in enumerate(items):
        story.extend(_traveller_story(item, shares, size, width, room, styles))
        report(progress, i + 1, len(items))
    return build_document(story, header, paper)


def _shares(items: Sequence[Traveller], width: float) -> tuple[float, ...]:
    """The columns' shares of the width, the same on every traveller: the places get what
    their names take on one line at the legible floor, from the room to write in as far as
    `LEAST_WRITE_IN` leaves (a name in two lines would double every row and push a long
    traveller onto a second page)."""
    places = len(items[0].headings) if items else 2
    rows = [r.places for item in items for r in item.rows] or [("",) * places]
    headings = items[0].headings if items else ("",) * places
    wanted = column_shares(headings, rows, width, fit.FLOOR_SIZE)
    one_line = sum(
        max(stringWidth(row[k], REGULAR, fit.FLOOR_SIZE) for row in rows) + 2 * PADDING
        for k in range(places)
    )
    most = 1 - sum(NUMBERS) - sum(LEAST_WRITE_IN)
    room = min(max(1 - sum(NUMBERS) - sum(WRITE_IN), one_line / width), most)
    left = 1 - sum(NUMBERS) - room
    return (
        *NUMBERS,
        *(room * w for w in wanted),
        *(left * w / sum(WRITE_IN) for w in WRITE_IN),
    )


def _size(items: Sequence[Traveller], shares: Sequence[float], width: float) -> float:
    """The text size of every traveller: `SIZE`, or smaller (to the legible floor) so that
    the longest name takes one line, every name then printed alike rather than each shrunk on
    its own."""
    places = len(items[0].headings) if items else 0
    widths = [s * width for s in shares[len(NUMBERS) : len(NUMBERS) + places]]
    return one_size([r.places for item in items for r in item.rows], widths, SIZE)


def _traveller_story(
    item: Traveller,
    shares: Sequence[float],
    size: float,
    width: float,
    room: float,
    styles: dict[str, ParagraphStyle],
) -> list[Flowable]:
    slip = item.slip
    title = (
        f"Tray {slip.tray} — dealer {slip.dealer} — original play: table "
        f"{slip.original_table}, round {slip.original_round}"
    )
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
        table = grid(headings, body, shares, width, size, row_height, bold_columns=(1,))
        return [*heading, table, *(note if k == count - 1 else []), *cut]

    return paged(item.rows, piece, width, room)
