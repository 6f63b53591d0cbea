"""The documents printable from a movement alone, by the name the CLI and the GUI use."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from director.printing import (
    contents,
    indicators,
    notes,
    personal,
    recap,
    scorecards,
    setup,
    signin,
    slips,
    table_cards,
    tents,
    travellers,
)
from director.printing.base import Header, Progress
from director.printing.contents import Printed
from schedules.types import Movement


@dataclass(frozen=True)
class MovementDocument:
    """A document printed from a movement: its name, its title, and how to make it."""

    identifier: str
    verbose_name: str
    make: Callable[[Movement, Header, str, Progress | None, Printed], bytes]
    """(movement, header, paper, progress, what the event adds) -> the PDF."""


MOVEMENT_DOCUMENTS: dict[str, MovementDocument] = {
    d.identifier: d
    for d in (
        MovementDocument(
            indicators.identifier,
            indicators.verbose_name,
            lambda m, h, paper, p, printed: indicators.render(
                [c for c in contents.indicator_cards(m, printed.names) if printed.keeps(c.table)],
                h,
                paper,
                p,
            ),
        ),
        MovementDocument(
            table_cards.identifier,
            table_cards.verbose_name,
            lambda m, h, paper, p, printed: table_cards.render(
                [
                    c
                    for c in contents.table_cards(m, printed.names, printed.links)
                    if printed.keeps(c.table)
                ],
                h,
                paper,
                p,
            ),
        ),
        MovementDocument(
            scorecards.identifier,
            scorecards.verbose_name,
            lambda m, h, paper, p, printed: scorecards.render(
                contents.score_cards(m, printed.names), h, paper, p
            ),
        ),
        MovementDocument(
            slips.identifier,
            slips.verbose_name,
            lambda m, h, paper, p, _printed: slips.render(contents.slips(m), h, paper, p),
        ),
        MovementDocument(
            travellers.identifier,
            travellers.verbose_name,
            lambda m, h, paper, p, printed: travellers.render(
                contents.travellers(m, printed.names), h, paper, p
            ),
        ),
        MovementDocument(
            recap.identifier,
            recap.verbose_name,
            lambda m, h, paper, p, _printed: recap.render(contents.recap(m), h, paper, p),
        ),
        MovementDocument(
            setup.identifier,
            setup.verbose_name,
            lambda m, h, paper, p, _printed: setup.render(m, h, paper, p),
        ),
        MovementDocument(
            tents.identifier,
            tents.verbose_name,
            lambda m, h, paper, p, _printed: tents.render(m, h, paper, p),
        ),
        MovementDocument(
            signin.identifier,
            signin.verbose_name,
            lambda m, h, paper, p, printed: signin.render(m, printed.names, h, paper, p),
        ),
        MovementDocument(
            personal.identifier,
            personal.verbose_name,
            lambda m, h, paper, p, printed: personal.render(
                contents.score_cards(m, printed.names), h, paper, p
            ),
        ),
        MovementDocument(
            notes.identifier,
            notes.verbose_name,
            lambda m, h, paper, p, _printed: notes.render(m, h, paper, p),
        ),
    )
}


def movement_header(movement: Movement, document: str) -> Header:
    """The running header for a document printed from a movement alone."""
    return Header(MOVEMENT_DOCUMENTS[document].verbose_name, contents.recap(movement).title)


def print_movement_document(
    movement: Movement,
    document: str,
    paper: str = "a4",
    progress: Progress | None = None,
    printed: Printed | None = None,
) -> bytes:
    """The PDF of one document (see `MOVEMENT_DOCUMENTS`) for `movement`; what an event adds
    (names, the tables' links) is `printed`."""
    return MOVEMENT_DOCUMENTS[document].make(
        movement, movement_header(movement, document), paper, progress, printed or Printed()
    )
