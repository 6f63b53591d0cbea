"""Trump slips (Law IV): one per tray, cut-out size, eighteen to an A4 page.

The slip carries the tray number, its dealer seat and original play, and the space for the
trump card on this face only: the slip lies face down in the tray, so the sheet is printed
single-sided and nothing is printed for the back.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from director.printing import fit
from director.printing.base import Header, Progress
from director.printing.cards import Slot, render_cards
from director.printing.fonts import BOLD, REGULAR
from director.printing.views import Slip

identifier = "slips"
verbose_name = "Trump slips (print on one side only)"

GRID = (3, 6)
PAD = 3 * mm
SUITS = "♠   ♥   ♦   ♣"


def render(
    items: Sequence[Slip], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The slips as a PDF, `GRID` to a page."""
    return render_cards(items, draw_slip, header, paper, GRID, progress)


def draw_slip(c: Canvas, slip: Slip, slot: Slot) -> None:
    """One slip in its slot."""
    x = slot.x + PAD
    inner = slot.width - 2 * PAD
    top = slot.y + slot.height - PAD
    fit.draw(c, "TRAY", x, top - 2 * mm, inner * 0.3, 9, BOLD)
    fit.draw(c, str(slip.tray), x + inner * 0.3, top, inner * 0.7, 26, BOLD)
    top -= 11 * mm
    fit.draw(c, f"Dealer: {slip.dealer}", x, top, inner, 10, BOLD)
    top -= 5 * mm
    where = f"Original play: table {slip.original_table}, round {slip.original_round}"
    fit.draw(c, where, x, top, inner, 8, REGULAR)
    top -= 5 * mm
    fit.draw(c, "Trump card:", x, top, inner * 0.4, 9, REGULAR)
    box_top = top + 1 * mm
    box_height = max(top - slot.y - PAD, 6 * mm)
    c.setLineWidth(0.8)
    c.rect(x + inner * 0.42, box_top - box_height, inner * 0.58, box_height)
    fit.draw(
        c,
        SUITS,
        x + inner * 0.42,
        box_top - box_height + 4.5 * mm,
        inner * 0.58,
        12,
        REGULAR,
        "center",
    )
