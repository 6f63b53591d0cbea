"""Personal score cards: per competitor, a row per round (table, place, partner, opponents,
trays), a box per tray for the tricks, room for a revoke or an irregularity, and the running
total; a grand total at the foot, and for Safford a subtotal line after each four hands. A card
too long for a page goes on over pages: each part but the last ends with the total carried to
the next, each but the first begins with the total brought from the one before.
No trump column: Law IV records the trump on the slip only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from director.printing import fit
from director.printing.base import Header, Progress
from director.printing.cards import CELL_GAP, Slot, column_headings, cut_up, render_cards
from director.printing.contents import ScoreCard, ScoreRow
from director.printing.fonts import BOLD, REGULAR

identifier = "scorecards"
verbose_name = "Personal score cards"

PAD = 4 * mm
TITLE_HEIGHT = 14 * mm
HEADING_HEIGHT = 8 * mm
"""Two lines of the smallest text: "Revoke, note" wraps in its narrow column."""
MAX_ROWS = 30
"""More rounds than this and the card continues on the next page."""
TWO_PER_PAGE_UP_TO = 10
"""Cards with at most this many lines go two to a page."""
NAME_LINE = "Name: ______________________"
"""Where the players write their names when the event has none."""
GRAND_TOTAL = "Grand total"
CARRIED = "Total carried to the next page"
BROUGHT = "Total brought from the page before"
REVOKE = "Revoke, note"
RUNNING = "Total so far"
TRICK_BOX = 14 * mm
"""The width of a tray's box for the tricks: the tray number in its corner and a figure
written by hand."""
LEAST_FOR_TRICKS = 0.14
"""The smallest share of the card the trick boxes take: room for the column's heading."""
MOST_FOR_TRICKS = 0.4
"""The largest share of the card the trick boxes take, however many trays a round has."""


def render(
    cards: Sequence[ScoreCard], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The score cards as a PDF."""
    parts, _, grid = cut_up(cards, pages_of, lambda part: len(_lines(part)), TWO_PER_PAGE_UP_TO)
    return render_cards(parts, draw_card, header, paper, grid, progress)


@dataclass(frozen=True, slots=True)
class Part:
    """The part of a score card that one page holds."""

    card: ScoreCard
    """The card with this part's rounds only."""
    hands_before: int = 0
    """Hands played in the rounds of the parts before."""
    goes_on: bool = False
    """Whether the card goes on over the page."""


def pages_of(card: ScoreCard) -> list[Part]:
    """The card in the parts its pages hold (one part when it fits a page)."""
    pieces = split(card)
    parts, hands = [], 0
    for number, piece in enumerate(pieces, start=1):
        parts.append(Part(piece, hands, number < len(pieces)))
        hands += sum(len(row.trays) for row in piece.rows)
    return parts


def split(card: ScoreCard) -> list[ScoreCard]:
    """A card with more rounds than a page holds legibly, as equal pieces of consecutive rounds."""
    if len(card.rows) <= MAX_ROWS:
        return [card]
    count = -(-len(card.rows) // MAX_ROWS)
    size = -(-len(card.rows) // count)
    return [replace(card, rows=card.rows[i : i + size]) for i in range(0, len(card.rows), size)]


Line = ScoreRow | tuple[int, int] | str
"""A round, a (first hand, last hand) subtotal, or the grand total."""


def _lines(part: Part) -> list[Line]:
    """The part's rows, with a subtotal marker after each block and the grand total last (or
    the totals carried over and brought from the page before)."""
    card = part.card
    out: list[Line] = [BROUGHT] if part.hands_before else []
    hands = since = part.hands_before
    for row in card.rows:
        out.append(row)
        hands += len(row.trays)
        if card.subtotal_every and hands - since >= card.subtotal_every:
            out.append((since + 1, hands))
            since = hands
    if card.subtotal_every and hands > since:
        out.append((since + 1, hands))
    out.append(CARRIED if part.goes_on else GRAND_TOTAL)
    return out


def _columns(card: ScoreCard, inner: float, trays_per_row: int) -> list[tuple[str, float]]:
    """Round, table, place, (partner,) opponents, the trick boxes, revoke and running total,
    as shares of the card's `inner` width. The trick boxes take what `trays_per_row` boxes
    need to write in (`TRICK_BOX` each) and the names the rest: long names in an individual's
    partner and opponents columns then keep their words whole on a line."""
    cols = [("Round", 0.075), ("Table", 0.07), ("Place", 0.09)]
    tail = [(REVOKE, 0.09), (RUNNING, 0.1)]
    tricks = min(max(trays_per_row * TRICK_BOX / inner, LEAST_FOR_TRICKS), MOST_FOR_TRICKS)
    names = 1 - tricks - sum(share for _, share in cols + tail)
    if card.with_partner:
        # as wide as each other: the two opponents take a line each, the partner one
        cols += [("Partner", names / 2), ("Opponents", names / 2)]
    else:
        cols.append(("Opponents", names))
    return [*cols, (card.tricks, tricks), *tail]


def draw_card(c: Canvas, part: Part, slot: Slot) -> None:
    """One score card (or the part of it a page holds) in its slot."""
    card = part.card
    x0 = slot.x + PAD
    inner = slot.width - 2 * PAD
    top = slot.y + slot.height - PAD
    fit.draw(c, card.name, x0, top, inner * 0.35, 22, BOLD)
    player = card.player or NAME_LINE
    fit.draw(c, player, x0 + inner * 0.35, top - 3 * mm, inner * 0.65, 12, REGULAR, "right")
    top -= TITLE_HEIGHT
    trays_per_row = max((len(r.trays) for r in card.rows), default=1) or 1
    cols = _columns(card, inner, trays_per_row)
    xs, widths = column_headings(c, cols, x0, top, inner, HEADING_HEIGHT, 8)
    c.setLineWidth(0.6)
    c.line(x0, top, x0 + inner, top)
    top -= HEADING_HEIGHT
    c.line(x0, top, x0 + inner, top)
    lines = _lines(part)
    height = min(14 * mm, (top - slot.y - PAD) / max(len(lines), 1))
    text = fit.TextBlock(c)  # every line's words as one text object, drawn over the shading
    for line in lines:
        bottom = top - height
        if isinstance(line, ScoreRow):
            _draw_row(c, line, xs, widths, bottom, height, trays_per_row, text)
        elif isinstance(line, tuple):
            label = f"Subtotal, hands {line[0]}-{line[1]}"
            _draw_total(c, label, x0, inner, xs[TRICKS], widths[TRICKS], bottom, height, text)
        else:
            _draw_total(c, line, x0, inner, xs[-1], widths[-1], bottom, height, text)
        c.setLineWidth(0.3)
        c.line(x0, bottom, x0 + inner, bottom)
        top = bottom
    text.draw()


TRICKS = -3
"""The column of trick boxes (before the revoke and the running total)."""


def _draw_row(
    c: Canvas,
    row: ScoreRow,
    xs: list[float],
    widths: list[float],
    bottom: float,
    h: float,
    trays_per_row: int,
    into: fit.TextBlock,
) -> None:
    size = min(12, h * 0.45)
    texts = [str(row.round), row.table, row.seat]
    if len(xs) == 8:
        texts.append(row.partner)
    texts.append(row.opponents)
    for i, (text, x, w) in enumerate(zip(texts, xs, widths, strict=False)):
        fit.draw_middle(
            c,
            text,
            x + CELL_GAP,
            bottom,
            w - 2 * CELL_GAP,
            h,
            size,
            BOLD if i < 2 else REGULAR,
            "left",
            into=into,
        )
    _draw_trick_boxes(c, row.trays, xs[TRICKS], widths[TRICKS], bottom, h, trays_per_row, into)
    if row.trays:
        c.setLineWidth(0.4)
        for x, w in zip(xs[TRICKS + 1 :], widths[TRICKS + 1 :], strict=True):
            c.rect(x + CELL_GAP / 2, bottom + CELL_GAP / 2, w - CELL_GAP, h - CELL_GAP)


def _draw_trick_boxes(
    c: Canvas,
    trays: tuple[int, ...],
    x: float,
    width: float,
    bottom: float,
    h: float,
    slots: int,
    into: fit.TextBlock,
) -> None:
    """A box per tray: the tray number small in its corner, room for the tricks below it."""
    box = width / slots
    c.setLineWidth(0.4)
    for i, tray in enumerate(trays):
        left = x + i * box
        c.rect(left + CELL_GAP / 2, bottom + CELL_GAP / 2, box - CELL_GAP, h - CELL_GAP)
        fit.draw(
            c,
            str(tray),
            left + CELL_GAP,
            bottom + h - CELL_GAP,
            box - 2 * CELL_GAP,
            fit.FLOOR_SIZE,
            BOLD,
            into=into,
        )


def _draw_total(
    c: Canvas,
    label: str,
    x0: float,
    inner: float,
    box_x: float,
    box_w: float,
    bottom: float,
    h: float,
    into: fit.TextBlock,
) -> None:
    """A shaded line: the label, right-aligned, and a box to write the total in."""
    c.setFillGray(0.9)
    c.rect(x0, bottom, inner, h, stroke=0, fill=1)
    c.setFillGray(0)
    fit.draw_middle(
        c,
        label,
        x0 + CELL_GAP,
        bottom,
        box_x - x0 - 2 * CELL_GAP,
        h,
        min(11, h * 0.45),
        BOLD,
        "right",
        into=into,
    )
    c.setLineWidth(0.6)
    c.setFillGray(1)
    c.rect(box_x + CELL_GAP / 2, bottom + CELL_GAP / 2, box_w - CELL_GAP, h - CELL_GAP, fill=1)
    c.setFillGray(0)
