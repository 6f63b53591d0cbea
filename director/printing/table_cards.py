"""Table cards: per table, who sits there each round, the trays, and where they come from and go.

Mitchell's own schedules had "Received from" and "Passed to" columns
(docs/movement-rules.md#table-cards-and-indicators); here every tray's way is named: a table, a
table within the round (tray by tray), the stand beside the table that takes the trays next, or back
to the director. A card too long for a page continues on the next with its table number and heading
row; the notes for the players at this table (the skip of a mover leaving it) follow the grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.graphics.shapes import Drawing
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from director.printing.base import Header, Progress, build_document, escape, report, stylesheet
from director.printing.columns import sized_columns
from director.printing.contents import TableCard, TableRow
from director.printing.grids import PADDING, content_width, grid
from director.printing.paging import frame_height, paged

identifier = "table-cards"
verbose_name = "Table cards (round sheet per table)"

ROW_HEIGHT = 11 * mm
MIN_ROW_HEIGHT = 7.5 * mm
QR_SIZE = 28 * mm
WAYS = ("Trays", "Received from", "Passed to")


def render(
    cards: Sequence[TableCard], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """Each table on a page of its own (or more, each carrying the table number); every card
    of the movement has the same columns, as wide as what they hold needs, each column's text
    at one size (every name at one size, where the trays come from and go at one size): a long
    name is printed as large as the short one beside it, wrapped if need be."""
    styles = stylesheet()
    width = content_width(paper)
    room = frame_height(paper)
    rounds = max((len(card.rows) for card in cards), default=1)
    # Fill the page with up to 18 rounds; longer cards continue on the next page.
    row_height = max(MIN_ROW_HEIGHT, min(ROW_HEIGHT, 200 * mm / rounds))
    headings = ("Round", *(cards[0].headings if cards else ()), *WAYS)
    body = [_cells(row) for card in cards for row in card.rows]
    places = range(1, len(headings) - len(WAYS))
    ways = range(len(headings) - len(WAYS) + 1, len(headings))
    shares, sizes = sized_columns(
        headings,
        body,
        width,
        min(13, row_height / mm * 1.25),
        row_height - 2 * PADDING,
        bold_columns=(0,),
        alike=(places, ways),
        whole=places,
    )
    layout = _Layout(headings, shares, width, room, sizes, row_height)
    story: list[Flowable] = []
    for i, card in enumerate(cards):
        if i:
            story.append(PageBreak())
        story.extend(_card_story(card, layout, styles))
        report(progress, i + 1, len(cards))
    return build_document(story, header, paper)


@dataclass(frozen=True, slots=True)
class _Layout:
    """What every card of a movement shares: its columns, their widths and text sizes."""

    headings: tuple[str, ...]
    shares: tuple[float, ...]
    width: float
    room: float
    sizes: tuple[float, ...]
    """Each column's text size."""
    row_height: float


def _cells(row: TableRow) -> list[str]:
    return [str(row.round), *row.places, row.trays, row.received_from, row.passed_to]


def _card_story(
    card: TableCard, layout: _Layout, styles: dict[str, ParagraphStyle]
) -> list[Flowable]:
    width = layout.width
    notes = [Paragraph(escape(n), styles["body"]) for n in card.notes]

    def piece(rows: Sequence[TableRow], k: int, count: int) -> list[Flowable]:
        title = f"Table {card.table}"
        if count > 1:
            title += f" — rounds {rows[0].round}-{rows[-1].round} (page {k + 1} of {count})"
        body = [_cells(r) for r in rows]
        made: list[Flowable] = [Paragraph(escape(title), styles["title"])]
        if k == 0 and card.link:
            made += [entry_link(card.link, width, styles), Spacer(1, 3 * mm)]
        made.append(
            grid(
                layout.headings,
                body,
                layout.shares,
                width,
                layout.sizes,
                layout.row_height,
                bold_columns=(0,),
                shrink=False,
            )
        )
        if k == count - 1 and notes:
            made += [Spacer(1, 4 * mm), *notes]
        return made

    return paged(card.rows, piece, width, layout.room)


def entry_link(link: str, width: float, styles: dict[str, ParagraphStyle]) -> Flowable:
    """The table's page as a QR code a phone's camera opens, with the address beside it."""
    # Loaded only here: most table cards carry no link, and the barcodes take a while to load.
    from reportlab.graphics.barcode.qr import QrCodeWidget

    code = QrCodeWidget(link)
    left, bottom, right, top = code.getBounds()
    scale = (QR_SIZE / (right - left), QR_SIZE / (top - bottom))
    drawing = Drawing(QR_SIZE, QR_SIZE, transform=[scale[0], 0, 0, scale[1], 0, 0])
    drawing.add(code)
    words = Paragraph(
        "<b>Enter this table's results from a phone:</b> scan the code with the phone's "
        f"camera, or open {escape(link)}",
        styles["body"],
    )
    box = Table([[drawing, words]], colWidths=[QR_SIZE + 4 * mm, width - QR_SIZE - 4 * mm])
    box.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return box
