"""The movement recap: the round-by-table grid, for the director's desk.

Landscape pages; when there are more tables than fit across, the grid continues on further
pages with the next block of tables (every page repeats the round column).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.grids import content_width, grid
from director.printing.views import Recap

identifier = "movement"
verbose_name = "Movement recap (round by table grid)"

PROOF_NOTE = (
    "How the movement was built and the check that it keeps the laws are printed as their own "
    "document: Movement notes and proof."
)
TABLES_PER_PAGE = 8
ROUND_SHARE = 0.06


def render(item: Recap, header: Header, paper: str, progress: Progress | None = None) -> bytes:
    """The recap as a PDF (landscape)."""
    styles = stylesheet()
    width = content_width(paper, wide=True)
    blocks = [
        item.tables[i : i + TABLES_PER_PAGE] for i in range(0, len(item.tables), TABLES_PER_PAGE)
    ] or [()]
    story: list[Flowable] = []
    for n, tables in enumerate(blocks):
        if n:
            story.append(PageBreak())
        story.append(Paragraph(escape(item.title), styles["heading"]))
        story.append(Spacer(1, 2 * mm))
        cell_share = (1 - ROUND_SHARE) / max(len(blocks[0]), 1)
        shares = [ROUND_SHARE] + [cell_share] * len(tables)
        headings = ["Round"] + [f"Table {t}" for t in tables]
        rows = []
        for r in item.rounds:
            row = [str(r)]
            for t in tables:
                cell = item.cells.get((r, t))
                row.append(f"{cell.places} [{cell.trays}]" if cell else "—")
            rows.append(row)
        story.append(grid(headings, rows, shares, width * sum(shares), 11, bold_columns=(0,)))
        report(progress, n + 1, len(blocks))
    if item.sitouts:
        story.append(Spacer(1, 4 * mm))
        story.append(Paragraph("Sitting out", styles["heading"]))
        story.extend(
            Paragraph(escape(f"Round {r}: {who}"), styles["body"])
            for r, who in item.sitouts.items()
        )
    if item.notes:
        story.append(Spacer(1, 4 * mm))
        story.extend(Paragraph(escape(n), styles["body"]) for n in item.notes)
    story.append(Spacer(1, 4 * mm))
    story.append(Paragraph(escape(PROOF_NOTE), styles["small"]))
    return build_document(story, header, paper, wide=True)
