"""What an event adds to the papers a movement alone gives: names, the tables' links, and
which papers to print again."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from schedules.types import Label, TableNo

PaperKey = TableNo | Label | tuple[TableNo | None, str]
"""Which paper of a document one is: a table card's table, an indicator's table and place (no
table: the rest card), a slip's or a traveller's tray, a score card's competitor."""


class Paper(Protocol):
    """One paper of a document: a card, a slip, a traveller (`director.printing.contents`)."""

    @property
    def key(self) -> PaperKey:
        """Which paper of its document it is."""
        ...


P = TypeVar("P", bound=Paper)


@dataclass(frozen=True)
class Printed:
    """What an event adds to the papers a movement alone gives."""

    names: Mapping[Label, str] = field(default_factory=dict)
    """The players' names per competitor, printed wherever a competitor is."""
    links: Mapping[TableNo, str] = field(default_factory=dict)
    """Each table's page for entering results at the table (a QR code on its card)."""
    only: frozenset[PaperKey] | None = None
    """Only the papers with these keys (None: all), to print again the papers a repair of the
    movement changed; a table's number keeps the indicators of every place at it."""

    def keeps(self, key: PaperKey) -> bool:
        """Whether the paper with `key` is printed."""
        if self.only is None or key in self.only:
            return True
        return isinstance(key, tuple) and key[0] in self.only

    def kept(self, papers: Iterable[P]) -> list[P]:
        """The papers printed, in their order."""
        return [paper for paper in papers if self.keeps(paper.key)]
