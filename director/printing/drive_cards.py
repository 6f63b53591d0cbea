"""A whist drive's cards: each player's numbered score card, four to a landscape page with
cut lines, and a table card per table with its number, its phone link and where the players
go after each hand (docs/drive.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Spacer

from director.printing import fit
from director.printing.base import (
    Header,
    Progress,
    build_document,
    paper_size,
    report,
    stylesheet,
)
from director.printing.cards import CELL_GAP, Slot, column_headings, render_cards, slots
from director.printing.columns import column_shares
from director.printing.drive_contents import (
    DrivePapers,
    PersonalCard,
    directions,
    halves,
    short_table_words,
    short_tables,
    trump_words,
)
from director.printing.fonts import BOLD, REGULAR, register_fonts
from director.printing.grids import content_width
from director.printing.paging import balanced_runs
from director.printing.plain import PlainText
from director.printing.scorecards import NAME_LINE
from director.printing.table_cards import entry_link
from schedules.progressive import DriveSettings

SCORE_CARDS = "score-cards"
TABLE_CARDS = "table-cards"

PAD = 2.5 * mm
NAME_SIZE = 16
NUMBER_SIZE = 20
NUMBER_WIDTH = 30 * mm
TITLE_HEIGHT = 9 * mm
START_SIZE = 10
START_HEIGHT = 6 * mm
HEADING_HEIGHT = 5 * mm
HEADING_SIZE = 8
ROW_SIZE = 10
"""The hands' text size, where the card's height leaves rows tall enough."""
COLUMN_GAP = 3 * mm
ONE_COLUMN_UP_TO = 14
"""A card with at most this many lines (hands and subtotals) keeps them in one column; a
longer one (a 24-hand drive) sets them in two, the halves side by side."""
HEADINGS = ("Hand", "Tricks", "Total", "Table")
"""A column's hand and its trump, the side's tricks and the running total written in, and the
table the player moved to; when each dealer turns trumps, a column to write the trump in."""
TURNED_HEADINGS = ("Hand", "Trumps", "Tricks", "Total", "Table")


@dataclass(frozen=True, slots=True)
class Line:
    """A line of a score card: a hand (its number and trump) or a subtotal to write in."""

    hand: int | None
    words: str
    """ "5 ♥ hearts", "Half-time"."""


def card_lines(settings: DriveSettings) -> tuple[Line, ...]:
    """A line per hand with its trump, and after each half its subtotal ("Half-time", and
    "Final total" after the last)."""
    lines: list[Line] = []
    parts = halves(settings)
    for k, hands in enumerate(parts, 1):
        lines += [Line(h, f"{h} {trump_words(settings, h)}".strip()) for h in hands]
        if k == len(parts):
            lines.append(Line(None, "Final total"))
        else:
            lines.append(Line(None, "Half-time" if len(parts) == 2 else f"After part {k}"))
    return tuple(lines)


def render_score_cards(
    papers: DrivePapers, header: Header, paper: str, p: Progress | None
) -> bytes:
    """The players' numbered score cards, four to a landscape page."""
    register_fonts()  # the names are measured before the canvas is made
    settings = papers.settings
    lines = card_lines(settings)
    # measured on the page the cards go on: every name at one size, a long one wrapped
    slot = slots(landscape(paper_size(paper)), 2, 2)[0]
    inner = slot.width - 2 * PAD
    names = [card.player or NAME_LINE for card in papers.cards]
    count = 1 if len(lines) <= ONE_COLUMN_UP_TO else 2
    width = (inner - (count - 1) * COLUMN_GAP) / count
    headings = HEADINGS if settings.trump(1) else TURNED_HEADINGS
    cells = [(line.words, *[""] * (len(headings) - 1)) for line in lines]
    shares = column_shares(headings, cells, width, ROW_SIZE)
    hand = shares[0] * width - 2 * CELL_GAP
    layout = _Layout(
        fit.common_size(names, inner - NUMBER_WIDTH, NAME_SIZE, BOLD),
        tuple(zip(headings, shares, strict=True)),
        count,
        # every hand's line at one size: "diamonds" as large as "clubs"
        fit.common_size([line.words for line in lines if line.hand], hand, ROW_SIZE),
    )
    draw = partial(_draw_card, lines=lines, layout=layout)
    return render_cards(papers.cards, draw, header, paper, (2, 2), p, wide=True)


@dataclass(frozen=True, slots=True)
class _Layout:
    """What every card shares: the names' one size, the columns and how many side by side."""

    name_size: float
    columns: tuple[tuple[str, float], ...]
    """Each column's heading and share of the width."""
    count: int
    """Columns of hands side by side."""
    row_size: float
    """The hands' one text size."""


def _draw_card(
    c: Canvas, card: PersonalCard, slot: Slot, lines: Sequence[Line], layout: _Layout
) -> None:
    """One card: the name (or a line to write it on) and the number, where the holder
    starts, then the hands in one or two columns."""
    x0, inner = slot.x + PAD, slot.width - 2 * PAD
    top = slot.y + slot.height - PAD
    room = inner - NUMBER_WIDTH
    name = fit.fit(card.player or NAME_LINE, room, layout.name_size, BOLD, floor=1.0)
    fit.draw_lines(c, name, x0, top, room, "left")
    fit.draw(c, f"No. {card.number}", x0 + room, top, NUMBER_WIDTH, NUMBER_SIZE, BOLD, "right")
    top -= max(TITLE_HEIGHT, name.height)
    start = f"First hand: {card.start}" + (f" ({card.part})" if card.part else "")
    fit.draw(c, start, x0, top, inner, START_SIZE)
    top -= START_HEIGHT
    width = (inner - (layout.count - 1) * COLUMN_GAP) / layout.count
    runs = balanced_runs(len(lines), layout.count)
    tallest = max(b - a for a, b in runs)
    height = (top - HEADING_HEIGHT - slot.y - PAD) / tallest
    for k, (a, b) in enumerate(runs):
        x = x0 + k * (width + COLUMN_GAP)
        _draw_column(c, lines[a:b], layout, x, top, width, height)


def _draw_column(
    c: Canvas,
    lines: Sequence[Line],
    layout: _Layout,
    x0: float,
    top: float,
    width: float,
    height: float,
) -> None:
    """One column of a card: its headings, then a ruled line per hand with boxes to write
    the tricks, the total and the table in."""
    xs, widths = column_headings(c, layout.columns, x0, top, width, HEADING_HEIGHT, HEADING_SIZE)
    top -= HEADING_HEIGHT
    c.setLineWidth(0.6)
    c.line(x0, top, x0 + width, top)
    size = min(layout.row_size, height / mm * 2.2)
    # a subtotal's words span the columns before the tricks (the hand's, and the trump's
    # when it is written in)
    tricks = [heading for heading, _ in layout.columns].index("Tricks")
    label = xs[tricks] - xs[0] - 2 * CELL_GAP
    c.setLineWidth(0.3)
    for x in (*xs[1:], x0 + width):
        c.line(x, top, x, top + HEADING_HEIGHT)
    for line in lines:
        bottom = top - height
        if line.hand is None:  # a subtotal: a heavier rule above it
            c.setLineWidth(1.2)
            c.line(x0, top, x0 + width, top)
        c.setLineWidth(0.3)
        box = widths[0] - 2 * CELL_GAP if line.hand else label
        font, floor = (REGULAR, 1.0) if line.hand else (BOLD, fit.SHRINK_FLOOR)
        fit.draw_middle(
            c, line.words, x0 + CELL_GAP, bottom, box, height, size, font, "left", floor
        )
        c.line(x0, bottom, x0 + width, bottom)
        # the boxes to write in: a rule before each written column, not through a subtotal's
        # words
        for x in (*xs[1:], x0 + width):
            if line.hand or x >= xs[tricks]:
                c.line(x, bottom, x, top)
        top = bottom


def render_table_cards(
    papers: DrivePapers, header: Header, paper: str, progress: Progress | None
) -> bytes:
    """A page per table: its number large, its phone link as a QR code with the address typed
    beside it, and what its players do after each hand."""
    styles = stylesheet()
    number = ParagraphStyle("number", parent=styles["title"], fontSize=96, leading=104)
    said = ParagraphStyle("said", parent=styles["body"], fontSize=16, leading=21, spaceAfter=6)
    width = content_width(paper)
    short = short_tables(papers)
    story: list[Flowable] = []
    for table in range(1, papers.settings.tables + 1):
        if table > 1:
            story.append(PageBreak())
        story += [PlainText(f"Table {table}", number), Spacer(1, 4 * mm)]
        link = papers.links.get(table)
        if link:
            story += [entry_link(link, width, styles), Spacer(1, 6 * mm)]
        story.append(PlainText("After each hand", styles["heading"]))
        story += [PlainText(words, said) for words in directions(papers.settings, table)]
        if table in short:
            story += [Spacer(1, 4 * mm), PlainText(short_table_words(papers, table), said)]
        report(progress, table, papers.settings.tables)
    return build_document(story, header, paper)
