"""Results: winners and standings, the per-deal sheet, a personal sheet per competitor and,
for Safford, husband against wife. Headers carry event, date and session; pages are
numbered "page N of M"."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer

from director.errors import DirectorError
from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.grids import content_width, grid
from director.printing.result_views import ResultsDocument, Table

identifier = "results"
verbose_name = "Results"

# Column shares per kind of table, by number of columns.
RANKING = {
    7: (0.04, 0.07, 0.08, 0.45, 0.08, 0.14, 0.14),
    8: (0.04, 0.07, 0.08, 0.37, 0.08, 0.12, 0.12, 0.12),
    9: (0.04, 0.07, 0.07, 0.34, 0.07, 0.1, 0.1, 0.12, 0.09),
    10: (0.04, 0.07, 0.07, 0.27, 0.07, 0.1, 0.1, 0.11, 0.08, 0.09),
}
"""Standings column shares by column count: plus/minus, + tricks lost, + matchpoints, + both."""
DEAL = (0.06, 0.06, 0.1, 0.1, 0.08, 0.08, 0.08, 0.09, 0.09, 0.26)
PERSONAL = (0.09, 0.09, 0.09, 0.1, 0.33, 0.14, 0.16)
COUPLES = (0.1, 0.24, 0.24, 0.1, 0.16, 0.16)


PARTS = ("standings", "deals", "personal")
"""The parts of the results, in print order; each can also be printed alone."""


def render(
    document: ResultsDocument,
    header: Header,
    paper: str,
    progress: Progress | None = None,
    parts: Sequence[str] = PARTS,
) -> bytes:
    """The results as one PDF: standings (with winners and couples), then the per-deal sheet,
    then the personal sheets -- or only the `parts` asked for."""
    unknown = set(parts) - set(PARTS)
    if unknown:
        raise DirectorError(f"unknown results part {sorted(unknown)}; use {', '.join(PARTS)}")
    styles = stylesheet()
    width = content_width(paper)
    story: list[Flowable] = [Paragraph(escape(header.title), styles["title"])]
    if header.subtitle:
        story.append(Paragraph(escape(header.subtitle), styles["heading"]))
    if "standings" in parts:
        story += _standings(document, width, styles)
    sections = [
        (title, tables, shares)
        for part, title, tables, shares in (
            ("deals", "Deals", document.deals, DEAL),
            ("personal", "Personal sheets", document.personal, PERSONAL),
        )
        if part in parts and tables
    ]
    steps = sum(len(tables) for _, tables, _ in sections)
    done = 0
    for title, tables, shares in sections:
        if len(story) > 2:
            story.append(PageBreak())
        story.append(Paragraph(title, styles["title"]))
        for table in tables:
            story += _table(table, shares, width, styles, keep=True)
            done += 1
            report(progress, done, steps)
    return build_document(story, header, paper)


def _standings(
    document: ResultsDocument, width: float, styles: dict[str, ParagraphStyle]
) -> list[Flowable]:
    story: list[Flowable] = []
    if document.winners:
        story.append(Paragraph("Winners", styles["heading"]))
        story.extend(Paragraph(escape(w), styles["body"]) for w in document.winners)
    for table in document.rankings:
        shares = RANKING[len(table.headings)]
        story += _table(table, shares, width, styles, keep=False)
    if document.couples is not None:
        story += _table(document.couples, COUPLES, width, styles, keep=True)
    return story


def _table(
    table: Table,
    shares: tuple[float, ...],
    width: float,
    styles: dict[str, ParagraphStyle],
    keep: bool,
) -> list[Flowable]:
    parts: list[Flowable] = [
        Paragraph(escape(table.title), styles["heading"]),
        Spacer(1, 1.5 * mm),
        grid(table.headings, table.rows, shares, width, 9),
    ]
    parts.extend(Paragraph(escape(n), styles["small"]) for n in table.notes)
    # Short tables stay whole on a page; long standings may break (the heading row repeats).
    return [KeepTogether(parts)] if keep and len(table.rows) < 40 else parts
