"""Table cards: per table, who sits there each round and where its trays come from and go.

Mitchell's own schedules had "Received from" and "Passed to" columns (movements-research.md
section 5); the movement's notes (after which round the movers skip, who is left over) are
printed under the grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.grids import content_width, grid
from director.printing.views import TableCard

identifier = "table-cards"
verbose_name = "Table cards (round sheet per table)"

ROW_HEIGHT = 11 * mm
MIN_ROW_HEIGHT = 8 * mm


def render(
    cards: Sequence[TableCard], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """One page per table."""
    styles = stylesheet()
    width = content_width(paper)
    story: list[Flowable] = []
    for i, card in enumerate(cards):
        if i:
            story.append(PageBreak())
        story.extend(_card_story(card, width, styles))
        report(progress, i + 1, len(cards))
    return build_document(story, header, paper)


def _card_story(card: TableCard, width: float, styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    places = len(card.headings)
    place_share = 0.44 / places if places > 2 else 0.24
    shares = [0.08] + [place_share] * places
    rest = 1 - sum(shares)
    shares += [rest * 0.4, rest * 0.3, rest * 0.3]
    headings = ["Round", *card.headings, "Trays", "Received from", "Passed to"]
    rows = [[str(r.round), *r.places, r.trays, r.received_from, r.passed_to] for r in card.rows]
    rounds = max(len(card.rows), 1)
    # Fill the page with up to 18 rounds; longer cards continue on the next page (the grid
    # repeats its heading) rather than shrinking below 8 mm a row.
    row_height = max(MIN_ROW_HEIGHT, min(ROW_HEIGHT, 200 * mm / rounds))
    size = min(13, row_height / mm * 1.6)
    story: list[Flowable] = [
        Paragraph(f"Table {card.table}", styles["title"]),
        grid(headings, rows, shares, width, size, row_height, bold_columns=(0,)),
    ]
    if card.notes:
        story.append(Spacer(1, 4 * mm))
        story.extend(Paragraph(escape(n), styles["body"]) for n in card.notes)
    return story
