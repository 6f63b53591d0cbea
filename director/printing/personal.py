"""Personal cards: one per competitor, carrying the player's name and the evening round by
round (table, place, partner, opponents, trays): the card a player keeps in a pocket."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from director.printing import fit
from director.printing.base import Header, Progress, paper_size
from director.printing.cards import CELL_GAP, Slot, column_headings, cut_up, render_cards, slots
from director.printing.contents import ScoreCard, trays_text
from director.printing.fonts import BOLD, REGULAR, register_fonts
from director.printing.scorecards import NAME_LINE, split

identifier = "personal-cards"
verbose_name = "Personal cards (name and itinerary)"

PAD = 4 * mm
TITLE_HEIGHT = 16 * mm
HEADING_HEIGHT = 6 * mm
NAME_SIZE = 20
LABEL_SIZE = 16
TITLE_GAP = 4 * mm
"""Between the name and the label."""
ROW_HEIGHT = 10 * mm
ROW_SIZE = 12
TWO_PER_PAGE_UP_TO = 12
"""Cards with at most this many rounds go two to a page."""


def render(
    cards: Sequence[ScoreCard], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The personal cards as a PDF."""
    register_fonts()  # the names are measured before the canvas is made
    pieces, rounds, grid = cut_up(cards, split, lambda piece: len(piece.rows), TWO_PER_PAGE_UP_TO)
    layout = _layout(pieces, slots(paper_size(paper), *grid)[0], rounds)
    return render_cards(pieces, partial(draw_card, layout=layout), header, paper, grid, progress)


@dataclass(frozen=True, slots=True)
class Layout:
    """What every card of a document shares, so that a long name is printed as large as the
    short one on the next card: the room for the competitor's label ("Pair 12") at the right
    of the title, the one size of the names beside it, and the rows' text size."""

    label_width: float
    name_size: float
    row_size: float


def _layout(cards: Sequence[ScoreCard], slot: Slot, rounds: int) -> Layout:
    """The layout of cards in slots like `slot`, the longest of them `rounds` rounds long: the
    labels get what the widest takes, the names the rest, at the size the longest fits on one
    line (every name then as large as it)."""
    inner = slot.width - 2 * PAD
    label = max((stringWidth(c.name, BOLD, LABEL_SIZE) for c in cards), default=0.0)
    label = min(label + TITLE_GAP, inner * 0.35)
    names = [card.player or NAME_LINE for card in cards]
    room = slot.height - 2 * PAD - TITLE_HEIGHT - HEADING_HEIGHT
    row_size = min(ROW_SIZE, _row_height(room, rounds) * 0.5)
    return Layout(label, fit.common_size(names, inner - label, NAME_SIZE, BOLD), row_size)


def _row_height(room: float, rounds: int) -> float:
    """The height of a round's row on a card whose rows have `room` for `rounds` rounds."""
    return min(ROW_HEIGHT, room / max(rounds, 1))


def _columns(card: ScoreCard) -> list[tuple[str, float]]:
    cols = [("Round", 0.08), ("Table", 0.08), ("Place", 0.14)]
    if card.with_partner:
        cols.append(("Partner", 0.2))
    cols.append(("Opponents", 0.3 if card.with_partner else 0.5))
    cols.append(("Trays", 1 - sum(share for _, share in cols)))
    return cols


def draw_card(c: Canvas, card: ScoreCard, slot: Slot, layout: Layout) -> None:
    """One personal card in its slot: the name large, then a line per round."""
    x0 = slot.x + PAD
    inner = slot.width - 2 * PAD
    top = slot.y + slot.height - PAD
    room = inner - layout.label_width
    # at the one size of every card's name: wrapped (never shrunk alone) if it is still too long
    name = fit.fit(card.player or NAME_LINE, room, layout.name_size, BOLD, floor=1.0)
    fit.draw_lines(c, name, x0, top, room, "left")
    fit.draw(c, card.name, x0 + room, top, layout.label_width, LABEL_SIZE, BOLD, "right")
    top -= TITLE_HEIGHT
    cols = _columns(card)
    xs, widths = column_headings(c, cols, x0, top, inner, HEADING_HEIGHT, 9)
    c.setLineWidth(0.6)
    c.line(x0, top - HEADING_HEIGHT, x0 + inner, top - HEADING_HEIGHT)
    top -= HEADING_HEIGHT
    height = _row_height(top - slot.y - PAD, len(card.rows))
    size = layout.row_size
    for row in card.rows:
        bottom = top - height
        texts = [str(row.round), row.table, row.seat]
        if card.with_partner:
            texts.append(row.partner)
        texts += [row.opponents, trays_text(row.trays) if row.trays else ""]
        for i, (text, x, w) in enumerate(zip(texts, xs, widths, strict=True)):
            font = BOLD if i < 2 else REGULAR
            fit.draw_middle(
                c, text, x + CELL_GAP, bottom, w - 2 * CELL_GAP, height, size, font, "left"
            )
        c.setLineWidth(0.3)
        c.line(x0, bottom, x0 + inner, bottom)
        top = bottom
