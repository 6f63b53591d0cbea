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
from director.printing.contents import Slip
from director.printing.fonts import BOLD, REGULAR

identifier = "slips"
verbose_name = "Trump slips (print on one side only)"

GRID = (3, 6)
PAD = 3 * mm
SUITS = "♠   ♥   ♦   ♣"
BOX_HEIGHT = 15.5 * mm
"""The trump box is this high on every paper: a Letter slip is shorter than an A4 one, so
its lines above the box close up instead."""
STEPS = (11 * mm, 5 * mm, 5 * mm)
"""From the tray number to the dealer, to the original play, to the trump card's line."""


def render(
    items: Sequence[Slip], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The slips as a PDF, `GRID` to a page."""
    return render_cards(items, draw_slip, header, paper, GRID, progress)


def trump_box(slot: Slot) -> tuple[float, float, float, float]:
    """The trump box of a slip in `slot`: x, y (its lower left), width, height."""
    inner = slot.width - 2 * PAD
    box_top = _lines(slot)[-1] + 1 * mm
    height = max(box_top - 1 * mm - slot.y - PAD, 6 * mm)
    return slot.x + PAD + inner * 0.42, box_top - height, inner * 0.58, height


def _lines(slot: Slot) -> tuple[float, ...]:
    """The heights of the slip's lines: tray number, dealer, original play, trump card."""
    squeeze = min(1.0, (slot.height - 2 * PAD - BOX_HEIGHT) / sum(STEPS))
    top = slot.y + slot.height - PAD
    heights = [top]
    for step in STEPS:
        top -= step * squeeze
        heights.append(top)
    return tuple(heights)


def draw_slip(c: Canvas, slip: Slip, slot: Slot) -> None:
    """One slip in its slot."""
    x = slot.x + PAD
    inner = slot.width - 2 * PAD
    number, dealer, original, trump = _lines(slot)
    fit.draw(c, "TRAY", x, number - 2 * mm, inner * 0.3, 9, BOLD)
    fit.draw(c, str(slip.tray), x + inner * 0.3, number, inner * 0.7, 26, BOLD)
    fit.draw(c, f"Dealer: {slip.dealer}", x, dealer, inner, 10, BOLD)
    where = f"Original play: table {slip.original_table}, round {slip.original_round}"
    fit.draw(c, where, x, original, inner, 8, REGULAR)
    fit.draw(c, "Trump card:", x, trump, inner * 0.4, 9, REGULAR)
    box_x, box_y, box_width, box_height = trump_box(slot)
    c.setLineWidth(0.8)
    c.rect(box_x, box_y, box_width, box_height)
    fit.draw(c, SUITS, box_x, box_y + 4.5 * mm, box_width, 12, REGULAR, "center")
