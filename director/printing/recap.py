"""The movement recap: the round-by-table grid, for the director's desk.

Landscape pages; when there are more tables than fit across, the grid continues on further
pages with the next block of tables (every page repeats the round column).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from director.printing.base import Header, Progress, build_document, escape, report, stylesheet
from director.printing.columns import fitting_sizes
from director.printing.contents import Recap
from director.printing.grids import content_width, grid
from director.printing.paging import balanced_runs, frame_height, height_of, paged
from director.printing.tray_words import tables_word
from schedules.types import RoundNo, TableNo

identifier = "movement"
verbose_name = "Movement recap (round by table grid)"

PROOF_NOTE = (
    "How the movement was built and the check that it keeps the laws are printed as their own "
    "document: Movement notes and proof."
)
TABLES_PER_PAGE = 8
SIZE = 11
ROUND_SHARE = 0.06


def render(item: Recap, header: Header, paper: str, progress: Progress | None = None) -> bytes:
    """The recap as a PDF (landscape): blocks of tables of even width across, each cut into
    pages of even length that repeat the block's title and headings."""
    styles = stylesheet()
    width = content_width(paper, wide=True)
    room = frame_height(paper, wide=True)
    count = -(-len(item.tables) // TABLES_PER_PAGE)
    blocks = [item.tables[a:b] for a, b in balanced_runs(len(item.tables), count)] or [()]
    cell_share = (1 - ROUND_SHARE) / max(len(blocks[0]), 1)
    # one size for every cell of the grid, whatever block it is in: no checkerboard of sizes
    cells = [[_cell(item, r, t)] for r in item.rounds for t in item.tables]
    size = fitting_sizes(cells, [cell_share * width], (SIZE,))[0]
    story: list[Flowable] = [Paragraph(escape(PROOF_NOTE), styles["small"]), Spacer(1, 2 * mm)]
    for n, tables in enumerate(blocks):
        if n:
            story.append(PageBreak())
        shares = [ROUND_SHARE] + [cell_share] * len(tables)
        headings = ["Round"] + [f"Table {t}" for t in tables]
        rows = [[str(r)] + [_cell(item, r, t) for t in tables] for r in item.rounds]
        title = item.title + (f": {tables_word(tables)}" if len(blocks) > 1 else "")
        piece = _block(title, headings, shares, width, styles["heading"], size)
        left = room - height_of(story, width, room) if n == 0 else None
        story += paged(rows, piece, width, room, left)
        report(progress, n + 1, len(blocks))
    if item.sitouts:
        sitting_out = "; ".join(f"round {r}: {who}" for r, who in item.sitouts.items())
        story.append(Spacer(1, 4 * mm))
        story.append(Paragraph("Sitting out", styles["heading"]))
        story.append(Paragraph(escape(sitting_out[0].upper() + sitting_out[1:]), styles["body"]))
    if item.notes:
        story.append(Spacer(1, 4 * mm))
        story.extend(Paragraph(escape(n), styles["body"]) for n in item.notes)
    return build_document(story, header, paper, wide=True)


def _block(
    title: str,
    headings: list[str],
    shares: list[float],
    width: float,
    style: ParagraphStyle,
    size: float,
) -> Callable[[Sequence[list[str]], int, int], list[Flowable]]:
    """How one page's piece of a block of tables is made: its title, then its grid, every
    cell at `size` (the round numbers at the grid's own)."""

    def piece(part: Sequence[list[str]], k: int, _count: int) -> list[Flowable]:
        sizes = [SIZE] + [size] * (len(shares) - 1)
        return [
            Paragraph(escape(title + (" (continued)" if k else "")), style),
            Spacer(1, 2 * mm),
            grid(
                headings, part, shares, width * sum(shares), sizes, bold_columns=(0,), shrink=False
            ),
        ]

    return piece


def _cell(item: Recap, r: RoundNo, t: TableNo) -> str:
    cell = item.cells.get((r, t))
    return f"{cell.places} [{cell.trays}]" if cell else "—"
