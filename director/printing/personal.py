"""Personal cards: one per competitor, carrying the player's name and the evening round by
round (table, place, partner, opponents, trays): the card a player keeps in a pocket."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from director.printing import fit
from director.printing.base import Header, Progress
from director.printing.cards import CELL_GAP, Slot, column_headings, render_cards
from director.printing.contents import ScoreCard, trays_text
from director.printing.fonts import BOLD, REGULAR
from director.printing.scorecards import NAME_LINE, split

identifier = "personal-cards"
verbose_name = "Personal cards (name and itinerary)"

PAD = 4 * mm
TITLE_HEIGHT = 16 * mm
HEADING_HEIGHT = 6 * mm
TWO_PER_PAGE_UP_TO = 12
"""Cards with at most this many rounds go two to a page."""


def render(
    cards: Sequence[ScoreCard], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The personal cards as a PDF."""
    pieces = [piece for card in cards for piece in split(card)]
    rounds = max((len(piece.rows) for piece in pieces), default=0)
    grid = (1, 2) if rounds <= TWO_PER_PAGE_UP_TO else (1, 1)
    return render_cards(pieces, draw_card, header, paper, grid, progress)


def _columns(card: ScoreCard) -> list[tuple[str, float]]:
    cols = [("Round", 0.08), ("Table", 0.08), ("Place", 0.14)]
    if card.with_partner:
        cols.append(("Partner", 0.2))
    cols.append(("Opponents", 0.3 if card.with_partner else 0.5))
    cols.append(("Trays", 1 - sum(share for _, share in cols)))
    return cols


def draw_card(c: Canvas, card: ScoreCard, slot: Slot) -> None:
    """One personal card in its slot: the name large, then a line per round."""
    x0 = slot.x + PAD
    inner = slot.width - 2 * PAD
    top = slot.y + slot.height - PAD
    fit.draw(c, card.player or NAME_LINE, x0, top, inner * 0.65, 20, BOLD)
    fit.draw(c, card.name, x0 + inner * 0.65, top, inner * 0.35, 16, BOLD, "right")
    top -= TITLE_HEIGHT
    cols = _columns(card)
    xs, widths = column_headings(c, cols, x0, top, inner, HEADING_HEIGHT, 9)
    c.setLineWidth(0.6)
    c.line(x0, top - HEADING_HEIGHT, x0 + inner, top - HEADING_HEIGHT)
    top -= HEADING_HEIGHT
    height = min(10 * mm, (top - slot.y - PAD) / max(len(card.rows), 1))
    size = min(12, height * 0.5)
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
