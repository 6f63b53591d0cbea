"""What an event adds to the papers a movement alone gives: names, the tables' links, and
which tables' cards to print again."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from schedules.types import Label, TableNo


@dataclass(frozen=True)
class Printed:
    """What an event adds to the papers a movement alone gives."""

    names: Mapping[Label, str] = field(default_factory=dict)
    """The players' names per competitor, printed wherever a competitor is."""
    links: Mapping[TableNo, str] = field(default_factory=dict)
    """Each table's page for entering results at the table (a QR code on its card)."""
    tables: frozenset[TableNo] | None = None
    """Only these tables' table cards and indicators (None: every table's), to print again
    the cards a repair of the movement changed."""

    def keeps(self, table: TableNo | None) -> bool:
        """Whether the cards of `table` are printed (None: the rest card, printed with every
        table's)."""
        return self.tables is None or table in self.tables
