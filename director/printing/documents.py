"""The documents printable from a movement alone, by the name the CLI and the GUI use.

Each document's module is imported when that document is printed (or its title asked for), so
printing one document never loads the code, and the reportlab parts, of all the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from director.printing.base import Header, Progress
from director.printing.printed import Printed
from schedules.types import Movement


@dataclass(frozen=True)
class MovementDocument:
    """A document printed from a movement: its name, its module, and how to make it."""

    identifier: str
    module: str
    """The module of `director.printing` that draws it and names it (`verbose_name`)."""
    make: Callable[[Movement, Header, str, Progress | None, Printed], bytes]
    """(movement, header, paper, progress, what the event adds) -> the PDF."""

    @property
    def verbose_name(self) -> str:
        """Its title, as its module gives it."""
        return str(importlib.import_module(f"director.printing.{self.module}").verbose_name)


def _indicators(m: Movement, h: Header, paper: str, p: Progress | None, printed: Printed) -> bytes:
    from director.printing import contents, indicators

    cards = printed.kept(contents.indicator_cards(m, printed.names))
    return indicators.render(cards, h, paper, p)


def _table_cards(m: Movement, h: Header, paper: str, p: Progress | None, printed: Printed) -> bytes:
    from director.printing import contents, table_cards

    cards = printed.kept(contents.table_cards(m, printed.names, printed.links))
    return table_cards.render(cards, h, paper, p)


def _scorecards(m: Movement, h: Header, paper: str, p: Progress | None, printed: Printed) -> bytes:
    from director.printing import contents, scorecards

    return scorecards.render(printed.kept(contents.score_cards(m, printed.names)), h, paper, p)


def _slips(m: Movement, h: Header, paper: str, p: Progress | None, printed: Printed) -> bytes:
    from director.printing import contents, slips

    return slips.render(printed.kept(contents.slips(m)), h, paper, p)


def _travellers(m: Movement, h: Header, paper: str, p: Progress | None, printed: Printed) -> bytes:
    from director.printing import contents, travellers

    return travellers.render(printed.kept(contents.travellers(m, printed.names)), h, paper, p)


def _recap(m: Movement, h: Header, paper: str, p: Progress | None, _printed: Printed) -> bytes:
    from director.printing import contents, recap

    return recap.render(contents.recap(m), h, paper, p)


def _setup(m: Movement, h: Header, paper: str, p: Progress | None, _printed: Printed) -> bytes:
    from director.printing import setup

    return setup.render(m, h, paper, p)


def _tents(m: Movement, h: Header, paper: str, p: Progress | None, _printed: Printed) -> bytes:
    from director.printing import tents

    return tents.render(m, h, paper, p)


def _signin(m: Movement, h: Header, paper: str, p: Progress | None, printed: Printed) -> bytes:
    from director.printing import signin

    return signin.render(m, printed.names, h, paper, p)


def _personal(m: Movement, h: Header, paper: str, p: Progress | None, printed: Printed) -> bytes:
    from director.printing import contents, personal

    return personal.render(printed.kept(contents.score_cards(m, printed.names)), h, paper, p)


def _notes(m: Movement, h: Header, paper: str, p: Progress | None, _printed: Printed) -> bytes:
    from director.printing import notes

    return notes.render(m, h, paper, p)


TABLE_CARDS = "table-cards"
"""The table cards' identifier: those of an event may carry the tables' links."""


MOVEMENT_DOCUMENTS: dict[str, MovementDocument] = {
    d.identifier: d
    for d in (
        # the identifiers are those the modules declare (`identifier`), in the menus' order
        MovementDocument("indicators", "indicators", _indicators),
        MovementDocument(TABLE_CARDS, "table_cards", _table_cards),
        MovementDocument("scorecards", "scorecards", _scorecards),
        MovementDocument("slips", "slips", _slips),
        MovementDocument("travellers", "travellers", _travellers),
        MovementDocument("movement", "recap", _recap),
        MovementDocument("setup", "setup", _setup),
        MovementDocument("table-numbers", "tents", _tents),
        MovementDocument("sign-in", "signin", _signin),
        MovementDocument("personal-cards", "personal", _personal),
        MovementDocument("movement-notes", "notes", _notes),
    )
}


def movement_header(movement: Movement, document: str) -> Header:
    """The running header for a document printed from a movement alone."""
    from director.printing import contents

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
