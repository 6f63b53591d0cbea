"""Indicator cards: one per table and place, read at arm's length.

Each card shows, round by round, who sits at this place, where the table's trays go after the
round and, largest of all, the table and the place the player goes to next (Foster: "telling the
player which table and which seat to go to next"). In the round a Mitchell mover skips a table,
the card says so beside the next table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from director.printing import fit
from director.printing.base import Header, Progress, paper_size
from director.printing.cards import Slot, cut_up, render_cards, slots
from director.printing.contents import IndicatorCard, IndicatorRow
from director.printing.fonts import BOLD, REGULAR, register_fonts

identifier = "indicators"
verbose_name = "Indicator cards (one per table and place)"

PAD = 4 * mm
GAP = 1.5 * mm
HEADER_HEIGHT = 24 * mm
HEADING_HEIGHT = 6 * mm
TABLE_SIZE = 54
"""The table number in the card's header (points)."""
MAX_ROW_SIZE = 15
MAX_NEXT_SIZE = 26

# Column widths as fractions of the card's inner width.
COLUMNS = (
    ("Round", 0.08),
    ("Sitting here", 0.24),
    ("Trays", 0.13),
    ("Trays then go to", 0.17),
    ("", 0.05),
    ("Next table", 0.14),
    ("Next place", 0.19),
)
NEXT = 4
"""The first of the "next" columns (the arrow)."""
SKIP_SHARE = 0.4
"""The share of a row's height given to the skip warning under the next table."""

MAX_ROWS = 30
"""More rounds than this and the card continues on a second page (rows stay 7 mm or taller)."""
TWO_PER_PAGE_UP_TO = 9
"""Cards with at most this many rounds go two to a page; longer ones take a page each."""


def render(
    cards: Sequence[IndicatorCard], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The indicator cards as a PDF."""
    register_fonts()  # the names are measured before the canvas is made
    pieces, rounds, grid = cut_up(cards, split, lambda piece: len(piece.rows), TWO_PER_PAGE_UP_TO)
    sizes = _sizes(pieces, slots(paper_size(paper), *grid)[0], rounds)
    if grid == (1, 2) and _cut(pieces, slots(paper_size(paper), *grid)[0], rounds, sizes):
        # a card whose words would be cut short takes a page of its own: nothing is lost
        grid = (1, 1)
        sizes = _sizes(pieces, slots(paper_size(paper), *grid)[0], rounds)
    return render_cards(pieces, partial(draw_card, sizes=sizes), header, paper, grid, progress)


def _cut(cards: Sequence[IndicatorCard], slot: Slot, rounds: int, sizes: Sizes) -> bool:
    """Whether some name or some "trays then go to" would not fit its row in slots like
    `slot` at `sizes` (it would be cut short with an ellipsis)."""
    inner = slot.width - 2 * PAD
    height = (slot.height - 2 * PAD - HEADER_HEIGHT - HEADING_HEIGHT) / max(rounds, 1)
    for k, size, attribute in ((1, sizes.who, "who"), (3, sizes.trays_then, "trays_then")):
        box = inner * COLUMNS[k][1] - 2 * GAP
        for row in (row for card in cards for row in card.rows):
            text = getattr(row, attribute)
            if text and fit.fit(text, box, size, REGULAR, 1.0, height).lines[-1].endswith(
                fit.ELLIPSIS
            ):
                return True
    return False


@dataclass(frozen=True, slots=True)
class Sizes:
    """The text sizes every card of a document shares, so that a long name is printed as
    large as the short one on the next card: each column's, the rows' own and the next
    table's."""

    row: float
    who: float
    """"Sitting here"."""
    trays: float
    trays_then: float
    next: float
    """The next table and its arrow."""


def _sizes(cards: Sequence[IndicatorCard], slot: Slot, rounds: int) -> Sizes:
    """The sizes for cards in slots like `slot`, the longest of them `rounds` rounds long: the
    names (and where the trays go) at the size the longest fits its row at, wrapped if need
    be, never below the legible floor."""
    inner = slot.width - 2 * PAD
    height = (slot.height - 2 * PAD - HEADER_HEIGHT - HEADING_HEIGHT) / max(rounds, 1)
    size = min(MAX_ROW_SIZE, height * 0.55)
    rows = [row for card in cards for row in card.rows]

    def column(k: int, texts: Iterable[str], at: float) -> float:
        box = inner * COLUMNS[k][1] - 2 * GAP
        return fit.common_size([t for t in texts if t], box, at, REGULAR, height)

    return Sizes(
        size,
        column(1, (row.who for row in rows), size),
        column(2, (row.trays for row in rows), size),
        column(3, (row.trays_then for row in rows), min(size, 11)),
        min(MAX_NEXT_SIZE, height * 0.8),
    )


def split(card: IndicatorCard) -> list[IndicatorCard]:
    """A card with more rounds than a page holds legibly, as equal pieces of consecutive rounds
    (each repeats the table and place)."""
    if len(card.rows) <= MAX_ROWS:
        return [card]
    count = -(-len(card.rows) // MAX_ROWS)
    size = -(-len(card.rows) // count)
    return [replace(card, rows=card.rows[i : i + size]) for i in range(0, len(card.rows), size)]


def draw_card(c: Canvas, card: IndicatorCard, slot: Slot, sizes: Sizes) -> None:
    """One indicator card in its slot, its text at the document's `sizes`."""
    inner = slot.width - 2 * PAD
    top = slot.y + slot.height - PAD
    _draw_header(c, card, slot.x + PAD, top, inner)
    top -= HEADER_HEIGHT
    widths = [inner * share for _, share in COLUMNS]
    xs = [slot.x + PAD + sum(widths[:i]) for i in range(len(widths))]
    c.setLineWidth(0.6)
    c.line(slot.x + PAD, top, slot.x + PAD + inner, top)
    for (title, _), x, w in zip(COLUMNS, xs, widths, strict=True):
        if title:
            fit.draw_middle(
                c,
                title,
                x + GAP,
                top - HEADING_HEIGHT,
                w - 2 * GAP,
                HEADING_HEIGHT,
                8,
                align="left",
            )
    top -= HEADING_HEIGHT
    row_height = (top - slot.y - PAD) / max(len(card.rows), 1)
    # Shade the "next" columns: it is what the players look for when the round ends.
    c.setFillGray(0.9)
    shade = sum(widths[NEXT + 1 :])
    c.rect(xs[NEXT + 1], slot.y + PAD, shade, top - slot.y - PAD, stroke=0, fill=1)
    c.setFillGray(0)
    text = fit.TextBlock(c)  # every row's text as one text object, drawn over the shading
    for i, row in enumerate(card.rows):
        bottom = top - (i + 1) * row_height
        _draw_row(c, row, xs, widths, bottom, row_height, sizes, text)
        c.setLineWidth(0.3)
        c.line(slot.x + PAD, bottom, slot.x + PAD + inner, bottom)
    text.draw()


def _draw_header(c: Canvas, card: IndicatorCard, x: float, top: float, width: float) -> None:
    half = width / 2
    if card.table is None:  # the rest card: no table, whoever rests reads where to go next
        fit.draw(c, "REST", x, top + 2 * mm, half, TABLE_SIZE, BOLD)
        fit.draw(c, "WHILE YOU REST", x + half, top, half, 11, BOLD, align="right")
        fit.draw(c, "read where you go next", x + half, top - 6 * mm, half, 14, align="right")
        return
    fit.draw(c, "TABLE", x, top - 8 * mm, half * 0.3, 12, BOLD)
    fit.draw(c, str(card.table), x + half * 0.3, top + 2 * mm, half * 0.7, TABLE_SIZE, BOLD)
    fit.draw(c, "PLACE", x + half, top, half, 11, BOLD, align="right")
    fit.draw(c, card.seat, x + half, top - 6 * mm, half, 26, BOLD, align="right")


def _draw_row(
    c: Canvas,
    row: IndicatorRow,
    xs: list[float],
    widths: list[float],
    bottom: float,
    h: float,
    sizes: Sizes,
    text: fit.TextBlock,
) -> None:
    size = sizes.row
    gap = GAP
    cells = (
        (str(row.round), size, BOLD, fit.SHRINK_FLOOR),
        (row.who or "—", sizes.who, REGULAR, 1.0),
        (row.trays, sizes.trays, REGULAR, 1.0),
        (row.trays_then, sizes.trays_then, REGULAR, 1.0),
    )
    for (words, s, font, floor), x, w in zip(cells, xs, widths, strict=False):
        if words:
            fit.draw_middle(c, words, x + gap, bottom, w - 2 * gap, h, s, font, "left", floor, text)
    span = sum(widths[NEXT:])
    if row.next_table is None:
        fit.draw_middle(
            c, row.next_note, xs[NEXT] + gap, bottom, span - 2 * gap, h, size, into=text
        )
        return
    if row.skip:
        # The warning under the move, across the "next" columns, so the mover cannot miss it.
        low = h * SKIP_SHARE
        fit.draw_middle(
            c, row.skip, xs[NEXT] + gap, bottom, span - 2 * gap, low, 11, BOLD, into=text
        )
        bottom, h = bottom + low, h - low
    big = min(sizes.next, h * 0.8)  # smaller only above a skip warning
    fit.draw_middle(c, "→", xs[NEXT], bottom, widths[NEXT], h, big, BOLD, into=text)
    x, w = xs[NEXT + 1], widths[NEXT + 1]
    fit.draw_middle(c, str(row.next_table), x + gap, bottom, w - 2 * gap, h, big, BOLD, into=text)
    x, w = xs[NEXT + 2], widths[NEXT + 2]
    fit.draw_middle(c, row.next_seat, x + gap, bottom, w - 2 * gap, h, size, BOLD, into=text)
