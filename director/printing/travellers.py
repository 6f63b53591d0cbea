"""Tray travellers: per tray, the tables in the order they play it, with columns for the
tricks each side took. No trump column: Law IV records the trump on the slip only."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.grids import content_width, grid
from director.printing.views import Traveller

identifier = "travellers"
verbose_name = "Tray travellers"

ROW_HEIGHT = 8 * mm


def render(
    items: Sequence[Traveller], header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The travellers, as many to a page as fit whole."""
    styles = stylesheet()
    width = content_width(paper)
    story: list[Flowable] = []
    for i, item in enumerate(items):
        story.append(KeepTogether(_traveller_story(item, width, styles)))
        story.append(Spacer(1, 6 * mm))
        report(progress, i + 1, len(items))
    return build_document(story, header, paper)


def _traveller_story(item: Traveller, width: float, styles: dict) -> list[Flowable]:
    slip = item.slip
    title = (
        f"Tray {slip.tray} — dealer {slip.dealer} — original play: table "
        f"{slip.original_table}, round {slip.original_round}"
    )
    places = len(item.headings)
    place_share = 0.46 / places
    shares = [0.09, 0.09] + [place_share] * places + [0.18, 0.18]
    headings = ["Round", "Table", *item.headings, *item.tricks]
    rows = [[str(r.round), str(r.table), *r.places, "", ""] for r in item.rows]
    return [
        Paragraph(title, styles["heading"]),
        Spacer(1, 2 * mm),
        grid(headings, rows, shares, width, 11, ROW_HEIGHT, bold_columns=(1,)),
    ]
