"""The documents printable from a movement alone, by the name the CLI and the GUI use."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from director.printing import indicators, recap, scorecards, slips, table_cards, travellers, views
from director.printing.base import Header, Progress
from schedules.types import Label, Movement


@dataclass(frozen=True)
class MovementDocument:
    """A document printed from a movement: its name, its title, and how to make it."""

    identifier: str
    verbose_name: str
    make: Callable[[Movement, Header, str, Progress | None, Mapping[Label, str]], bytes]
    """(movement, header, paper, progress, printed names per competitor) -> the PDF."""


MOVEMENT_DOCUMENTS: dict[str, MovementDocument] = {
    d.identifier: d
    for d in (
        MovementDocument(
            indicators.identifier,
            indicators.verbose_name,
            lambda m, h, paper, p, _names: indicators.render(views.indicator_cards(m), h, paper, p),
        ),
        MovementDocument(
            table_cards.identifier,
            table_cards.verbose_name,
            lambda m, h, paper, p, _names: table_cards.render(views.table_cards(m), h, paper, p),
        ),
        MovementDocument(
            scorecards.identifier,
            scorecards.verbose_name,
            lambda m, h, paper, p, names: scorecards.render(
                views.score_cards(m, names), h, paper, p
            ),
        ),
        MovementDocument(
            slips.identifier,
            slips.verbose_name,
            lambda m, h, paper, p, _names: slips.render(views.slips(m), h, paper, p),
        ),
        MovementDocument(
            travellers.identifier,
            travellers.verbose_name,
            lambda m, h, paper, p, _names: travellers.render(views.travellers(m), h, paper, p),
        ),
        MovementDocument(
            recap.identifier,
            recap.verbose_name,
            lambda m, h, paper, p, _names: recap.render(views.recap(m), h, paper, p),
        ),
    )
}


def movement_header(movement: Movement, document: str) -> Header:
    """The running header for a document printed from a movement alone."""
    return Header(MOVEMENT_DOCUMENTS[document].verbose_name, views.recap(movement).title)


def print_movement_document(
    movement: Movement,
    document: str,
    paper: str = "a4",
    progress: Progress | None = None,
    names: Mapping[Label, str] | None = None,
) -> bytes:
    """The PDF of one document (see `MOVEMENT_DOCUMENTS`) for `movement`; `names` (from an
    event) are printed on the personal score cards."""
    return MOVEMENT_DOCUMENTS[document].make(
        movement, movement_header(movement, document), paper, progress, names or {}
    )
