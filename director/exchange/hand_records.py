"""Hand records: every tray's four hands as a compass diagram, six to a page, with the dealer
and (when known) the trump card turned. Printed with the program's own page layout."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from director.exchange.pbn import SUITS, Deal, suit_ranks
from director.printing.base import Header, build_document, stylesheet
from schedules.types import Seat

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = "#c00000"
PER_ROW = 2
CELL = 28 * mm


def hand_records_pdf(deals: Sequence[Deal], title: str, paper: str = "a4") -> bytes:
    """The deals as a PDF of compass diagrams (two a row)."""
    styles = stylesheet()
    diagrams = [_diagram(d, styles["small"]) for d in deals]
    rows: list[list[Table | str]] = [
        list(diagrams[i : i + PER_ROW]) for i in range(0, len(diagrams), PER_ROW)
    ]
    if rows and len(rows[-1]) < PER_ROW:
        rows[-1] += [""] * (PER_ROW - len(rows[-1]))
    grid = Table(rows, colWidths=[3 * CELL + 6 * mm] * PER_ROW, repeatRows=0)
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), 5 * mm)]))  # fmt: skip
    return build_document([grid], Header("Hand records", title), paper)


def _diagram(d: Deal, style: ParagraphStyle) -> Table:
    def hand(seat: Seat) -> Paragraph:
        lines = [f"<b>{seat.word}</b>"]
        for suit in SUITS:
            symbol = SYMBOLS[suit]
            if suit in "HD":
                symbol = f'<font color="{RED}">{symbol}</font>'
            lines.append(f"{symbol} {escape(_ranks(d, seat, suit))}")
        return Paragraph("<br/>".join(lines), style)

    middle = [f"<b>Tray {d.tray}</b>", f"Dealer {d.dealer.word}"]
    if d.trump_card is not None:
        suit, rank = d.trump_card[0], d.trump_card[1:]
        middle.append(f"Trump {SYMBOLS[suit]}{'10' if rank == 'T' else rank}")
    centre = Paragraph("<br/>".join(middle), style)
    table = Table(
        [["", hand(Seat.N), ""], [hand(Seat.W), centre, hand(Seat.E)], ["", hand(Seat.S), ""]],
        colWidths=[CELL] * 3,
    )
    table.setStyle(TableStyle([("BOX", (1, 1), (1, 1), 0.5, colors.grey),
                               ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))  # fmt: skip
    return table


def _ranks(d: Deal, seat: Seat, suit: str) -> str:
    """The ranks in one suit as a player reads them: 10 for T, a dash for a void."""
    ranks = suit_ranks(d.hand(seat), suit)
    return "\u2009".join("10" if r == "T" else r for r in ranks) or "—"  # thin spaces
